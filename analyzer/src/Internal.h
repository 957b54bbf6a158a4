//===- Internal.h - Pieces of the profiler shared by its source files ----===//
//
// Not installed: the runtime state the instrumented program reports into,
// the entry-argument builder and the child-process runner.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_INTERNAL_H
#define CROP_ANALYZER_INTERNAL_H

#include "crop/Analyzer/ReuseTracker.h"
#include "crop/Analyzer/StoreAliasTracker.h"
#include "crop/Analyzer/TimeSampling.h"
#include "crop/Passes/Instrumentation.h"
#include "crop/Profile/ProgramProfile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace llvm {
class Function;
class Module;
class LLVMContext;
} // namespace llvm

namespace crop::detail {

/// The line whose boundary a load crosses for BlockProfile::LineSplitLoads:
/// 64 bytes, the L1 line of every core Crop describes.
constexpr uint64_t LineSplitBytes = 64;

/// Everything the serial runtimes and hooks record during the run. Lives
/// only in the child process.
struct RunState {
  const InstrumentationMap *Map = nullptr;
  uint64_t *Counters = nullptr; ///< The module's counter array.
  /// Counts outside the entry's extent are subtracted: Snapshot holds the
  /// counters at the outermost entry, Accum what was added inside.
  std::vector<uint64_t> Snapshot, Accum;
  unsigned Depth = 0;
  bool HasExtent = false; ///< Enter/leave hooks exist.
  bool InExtent = false;
  uint64_t EntryCalls = 0;
  /// ProgramProfile::AllocEvents, from the first call (or the whole run
  /// without an extent), and that call's live allocations by address.
  std::vector<int64_t> AllocEvents;
  std::unordered_map<uint64_t, int64_t> LiveAllocs;
  int64_t AllocsMade = 0;
  /// An allocation the program asked its allocator for: Bytes as the
  /// allocator sees the request (alignment slack included).
  void noteAlloc(const void *P, uint64_t Bytes);
  void noteFree(const void *P);

  /// What a block's traced accesses record, weighted (time sampling keeps
  /// the exact prefix's apart and scales the rest: see finishRecords).
  struct BlockRecords {
    /// Accesses that reached the trackers, and the sum of the weights they
    /// were recorded with.
    uint64_t Tracked = 0, Weighted = 0;
    std::vector<ReuseHistogram> Serial, Task; ///< One per line size.
    /// The stores' serial distances, one per line size; Serial holds the
    /// loads' until the profile merges both.
    std::vector<ReuseHistogram> StoreSerial;
    /// The stores' distances since their line's previous store, one per
    /// line size (BlockReuse::StoreWriteBack).
    std::vector<ReuseHistogram> StoreWriteBack;
    /// Class distances, one per line size (empty where not tracked).
    std::vector<ReuseHistogram> ClassSerial, ClassTask;
    /// Loads by their distance in stores to an older store of the block at
    /// the same page offsets (index 1..Window; empty until the first), and
    /// how many of those stores were read-modify-writes.
    std::vector<uint64_t> StoreAlias;
    uint64_t StoreAliasRmw = 0;
    /// Loads by the distance in accesses to a recent store of another
    /// block at their page offsets, in power-of-two bins (bin b: distances
    /// in [2^b, 2^(b+1)); empty until the first).
    std::vector<uint64_t> StoreWait, StoreWaitAliased;
    /// SetCrowding's sums.
    uint64_t NewLines = 0, Over8 = 0, Over12 = 0;

    /// Empties every record (keeping one histogram per line size).
    void clearRecords();
    /// Multiplies every record (not Tracked) by F.
    void scaleRecords(double F);
    /// Adds O's records to these.
    void addRecords(const BlockRecords &O);
  };

  struct BlockMem : BlockRecords {
    uint64_t Loads = 0, Stores = 0, LoadBytes = 0, StoreBytes = 0;
    uint64_t LineSplitLoads = 0;
    /// SetCrowding: the block's last Window distinct 64-byte lines (a
    /// ring), how many of them fall in each in-page class.
    std::array<uint64_t, SetCrowding::Window> Recent;
    std::array<uint8_t, 64> InClass{};
    uint32_t RecentNext = 0, RecentFilled = 0;
    /// The ring's lines again, as a set (open addressing, twice the ring's
    /// slots, line + 1 so that 0 is empty): whether a touched line is recent
    /// takes a probe or two instead of a scan of the ring, which was a
    /// quarter of the instrumented run's time where a block's accesses
    /// alternate among several lines (c.dense/s00).
    static constexpr uint32_t SetSlots = 2 * SetCrowding::Window;
    std::array<uint64_t, SetSlots> RecentSet{};
    /// ClassesWith[k]: the classes holding k of the ring's lines (k >= 1),
    /// so that the busiest count follows each change without a scan.
    std::array<uint8_t, SetCrowding::Window + 1> ClassesWith{};
    uint32_t Busiest = 0;
    /// RunState::RingEpoch when the ring was last valid: time sampling
    /// empties every ring before it records again (clearRing).
    uint64_t RingEpoch = 0;
    void clearRing();
    /// Counts a touch of Line towards SetCrowding, W times (0: only the
    /// record of recent lines changes).
    void touchLine(uint64_t Line, uint64_t W);
    static uint32_t setHome(uint64_t Line) {
      return uint32_t((Line * 0x9E3779B97F4A7C15ULL) >> 58);
    }
    bool recentHas(uint64_t Line) const;
    void recentInsert(uint64_t Line);
    void recentErase(uint64_t Line);
    void classAdd(uint64_t Class, int Delta);
  };
  std::vector<BlockMem> Mem;
  std::vector<uint32_t> LineSizes;
  std::vector<ReuseTracker> SerialTrackers, TaskTrackers;
  StoreAliasTracker Alias;
  /// Aliasing executions per memory operation (its block's executions with
  /// an aliasing load there); empty until the first.
  std::vector<uint64_t> AliasByMemOp;
  /// The same for loads that read another block's recent store's offsets.
  std::vector<uint64_t> WaitByMemOp, AliasedWaitByMemOp;
  bool TrackReuse = true;
  /// The line size whose trackers also measure class distances (index into
  /// LineSizes); SIZE_MAX for none.
  size_t ClassLine = SIZE_MAX;
  unsigned TaskDepth = 0;
  /// Task sampling (ProfileOptions::SampleTasks; 0: every task is traced).
  uint64_t SampleTasks = 0;
  /// What each recorded access counts for: 1, the tasks a sampled task
  /// stands for, or 0 in a warm-up task (trackers see it, nothing recorded).
  uint64_t Weight = 1;
  /// In a task that sampling leaves out: counts and the serial reuse
  /// history only.
  bool SkipTask = false;
  /// Time sampling (ProfileOptions::SampleTime): which stretch of the run
  /// this is, what a recorded access counts for there (times Weight), and
  /// whether it is one left out (counts and the reuse stacks only).
  TimeSampler Time;
  uint64_t TimeWeight = 1;
  bool SkipTime = false;
  /// Bumped when the blocks' rings of recent lines went stale (a stretch
  /// they did not see); each ring empties when its block is next traced.
  uint64_t RingEpoch = 0;
  /// Lines (of the trackers' smallest size) fed lately that no tracker
  /// keeps, as 1 + the line, direct-mapped by the line's low bits (SHARDS
  /// keeps a line or not whatever the time, so an entry never goes stale).
  std::array<uint64_t, 4096> UnkeptLines{};
  /// Time sampling: the records of the exact prefix, per block and per
  /// memory operation, kept apart when sampling starts.
  std::vector<BlockRecords> Prefix;
  std::vector<uint64_t> PrefixAliasByMemOp, PrefixWaitByMemOp,
      PrefixAliasedWaitByMemOp;
  /// Under time sampling, each block's records after the prefix scaled by
  /// its accesses over their recorded weight (a ratio estimate: the chunks
  /// drawn need not hold the block's share of the run) plus the prefix's.
  void finishRecords();
  unsigned MinLineShift = 6;
  uint64_t Accesses = 0;
  /// The block of the last memory access: where a fault is reported to have
  /// happened (read by the fault handler).
  std::atomic<uint32_t> LastBlock{UINT32_MAX};

  std::unordered_map<uint64_t, uint32_t> FunctionByAddr;
  std::vector<ParallelRuntime> RuntimeOf;             ///< Per function id.
  std::vector<std::map<uint64_t, uint64_t>> Launches; ///< Tasks -> launches.
  std::vector<int64_t> TVMExtent; ///< Parallel-loop extent per TVM lambda.

  std::string LastError; ///< TVM's or Halide's last reported error.
  int ResultFd = -1;     ///< Where progress and fatal messages go.
  uint64_t MemoryLimit = 0;

  /// Start of task Index of a launch of Count tasks (0: not known yet):
  /// Task trackers restart, and in an outermost launch task sampling
  /// decides whether and with what weight the task is traced.
  void beginTask(uint64_t Index, uint64_t Count);
  void endTask();
  /// The trackers' weight: Weight x TimeWeight.
  void applyWeights();
  /// The time sampler moved to another phase at this access.
  void timePhaseChanged();
  void recordLaunch(const void *Fn, ParallelRuntime R, uint64_t Tasks);
  /// OpenMP explicit tasks run since the program last waited for them, by
  /// routine: one launch each when it waits (or the region or run ends).
  std::map<const void *, uint64_t> PendingTasks;
  void flushTasks();
  uint32_t functionId(const void *Fn) const;
  /// One load or store of the program: counts, then traced or fed.
  void access(uint64_t Addr, uint64_t Bytes, uint32_t MemOp, bool Store);
  /// An access that is traced: the trackers and the per-access records.
  [[gnu::noinline]] void traceAccess(uint64_t Addr, uint32_t Size,
                                     uint32_t MemOp, bool Store, BlockMem &B);
  /// An access of a stretch time sampling leaves out.
  void feedAccess(uint64_t Addr, uint32_t Size, uint32_t MemOp, bool Store);
};

RunState &state();

/// Symbols the runtime provides to the JIT'd program: hooks, serial
/// OpenMP/Halide/TVM stand-ins, allocation wrappers enforcing the memory cap,
/// exit/abort interceptors.
std::vector<std::pair<std::string, void *>> runtimeSymbols();
/// Function-pointer globals (TVM's __TVMBackend*) the host fills in.
std::vector<std::pair<std::string, void *>> runtimeFunctionPointers();

/// Sends a framed message to the parent: 'P' progress, 'E' fatal error, 'C'
/// where the program faulted, 'T' the run's time, 'R' result.
void sendMessage(int Fd, char Tag, llvm::StringRef Payload);
/// Takes the first whole framed message (sendMessage's) off the front of
/// Buf, which holds what the parent has read so far; false while none is
/// whole.
bool takeMessage(std::string &Buf, char &Tag, std::string &Payload);
/// In a forked child: ends it when Parent (the process that forked it)
/// ends, so that a program that spins does not outlive crop killed by
/// Ctrl-C or a tuner's time-out.
void endWithParent(int Parent);
/// Reports a fatal error of the program to the parent and ends the child.
[[noreturn]] void childFail(const std::string &Message);

/// Extent of the parallel loop a TVM lambda splits by num_task, recognised
/// from TVM's `(extent + num_task - 1) / num_task`; -1 if not found.
int64_t tvmLambdaExtent(const llvm::Function &F);

/// How the entry is called.
enum class EntryABI { Main, Plain, Halide, TVM3, TVM6 };

/// Adds the entry thunk (RuntimeABI.h) to M and describes the call. Args are
/// the --arg specs; an error names a bad spec or a count mismatch.
struct EntryPlan {
  EntryABI ABI = EntryABI::Main;
  struct Arg {
    bool Buffer = false;
    std::string Spec;
    std::string Type; ///< f32, f64, i8..i64, u8..u64
    std::vector<int64_t> Shape;
    double Value = 0; ///< Scalars.
    /// `@N`: the buffer of argument N (0-based here), passed again (an
    /// in-place kernel's input and output; MLIR's allocated and aligned
    /// pointers of one memref). -1: a buffer of its own.
    int SameAs = -1;
    /// `memref:TYPE:SHAPE`: a pointer to an MLIR ranked memref descriptor
    /// of a row-major buffer (what `_mlir_ciface_` functions take).
    bool Memref = false;
  };
  std::vector<Arg> Args;
  std::vector<std::string> ProgramArgs; ///< argv for main.
};
llvm::Expected<EntryPlan> planEntry(llvm::Module &M, llvm::StringRef Entry,
                                    const std::vector<std::string> &Args,
                                    const std::vector<std::string> &ProgArgs,
                                    bool CallEntryDirectly);
/// Builds the argument slots for the thunk (in the child; buffers filled
/// deterministically; they live until the process ends).
std::vector<uint64_t> buildEntrySlots(const EntryPlan &P);

} // namespace crop::detail

#endif // CROP_ANALYZER_INTERNAL_H
