//===- ProgramProfile.h - The hardware-independent program profile --------===//
//
// Everything Crop knows about one program, measured once on any machine and
// then used to predict its time on every target without running it again:
// functions with their call counts and parallelism (Eq. 3), blocks with
// per-call counts, graphlets and successor frequencies (Eq. 1-2), and
// reuse-distance histograms (Eq. 4-6). docs/profile-format.md describes the
// file that carries it.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PROFILE_PROGRAMPROFILE_H
#define CROP_PROFILE_PROGRAMPROFILE_H

#include "crop/Profile/Graphlet.h"
#include "crop/Profile/ReuseHistogram.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace crop {

/// Which parallel runtime launched a function's tasks.
/// OpenMPDynamic: an OpenMP region whose tasks are the chunks a dynamic
/// schedule hands out one at a time.
enum class ParallelRuntime : uint8_t {
  None,
  OpenMP,
  Halide,
  TVM,
  OpenMPTask,
  OpenMPDynamic
};
const char *parallelRuntimeName(ParallelRuntime R);

/// One CFG edge out of a block and how often it was taken in total.
struct SuccessorEdge {
  std::string Block;
  uint64_t Count = 0;
  /// The superblock graphlet of this block merged with Block.
  Graphlet Superblock;
};

/// Reuse profile of the accesses made by one block, per cache-line size.
struct BlockReuse {
  /// Distances over the whole serial access stream (what one core sees when
  /// the program runs on one thread; also the shared-cache view).
  ReuseHistogram Serial;
  /// Only for blocks of parallel functions: distances with the tracker
  /// restarted at every task, so reuse between tasks counts as cold. A private
  /// cache per thread sees something between Task and Serial.
  ReuseHistogram Task;
  /// Class reuse distances of the same accesses: distinct lines of the same
  /// in-page class (line index modulo ClassPageBytes / line size) touched in
  /// between. Physically indexed caches can only put a line in a set with
  /// lines of its class, so these see the set conflicts of power-of-two
  /// strides. Empty in profiles written before Crop measured them (the cache
  /// model then falls back to random placement).
  ReuseHistogram ClassSerial, ClassTask;
  /// The block's stores alone (their part of Serial): a store that misses a
  /// level brings a line that goes back dirty, so write-back traffic follows
  /// the stores' misses, not the block's. Empty in profiles written before
  /// it was recorded (and for blocks that store nothing).
  ReuseHistogram StoreSerial;
  /// The same stores by the distinct lines touched since their line's
  /// previous store (cold: none before). A level of C lines writes a dirty
  /// line back between two stores to it when more than C lines come in
  /// between, however often it is read meanwhile, so write-backs follow
  /// these distances: a read-modify-write's store hits the line its load
  /// just brought (distance 0), but the line went back dirty since the last
  /// store if the load missed. Empty in profiles written before it was
  /// recorded (the model then uses StoreSerial).
  ReuseHistogram StoreWriteBack;
  /// The page size classes are taken over: 4 KiB, the base page of every
  /// CPU target Crop describes.
  static constexpr uint32_t ClassPageBytes = 4096;
  /// In a sampled profile, class distances below this are exact (the
  /// analyzer keeps each class's most recent lines), so a level with one set
  /// per class and fewer ways sees its conflicts whatever the sample rate.
  static constexpr uint32_t ClassExactBelow = 16;
};

/// The loads of a by-distance record: the sum of its counts.
inline uint64_t countSum(const std::map<uint32_t, uint64_t> &ByDistance) {
  uint64_t N = 0;
  for (const auto &[D, C] : ByDistance)
    N += C;
  return N;
}

/// Loads of one block whose bytes sit at the same 4 KiB page offsets as one
/// of the block's last 64 stores, on another page ("4K aliasing", which x86
/// cores treat as a dependence until the store is done). Empty in profiles
/// written before it was recorded.
struct StoreAliasProfile {
  /// Aliasing loads by the distance in stores to the nearest such store
  /// (1: the latest).
  std::map<uint32_t, uint64_t> Distances;
  /// Of those, the loads whose store wrote a line the block had just read
  /// (a read-modify-write: its line is in L1 when it commits).
  uint64_t ReadModifyWrite = 0;
  /// Executions of the block with at least one aliasing load, estimated as
  /// the most aliasing executions of any one load instruction of the block.
  uint64_t Executions = 0;

  bool empty() const { return Distances.empty(); }
  uint64_t loads() const { return countSum(Distances); }
  bool operator==(const StoreAliasProfile &O) const {
    return Distances == O.Distances && ReadModifyWrite == O.ReadModifyWrite &&
           Executions == O.Executions;
  }
};

/// Loads of a block that read what a recent store of another block wrote,
/// or the same offsets of another 4 KiB page (StoreWaitProfile).
struct StoreWaitLoads {
  /// Loads by the distance in memory accesses (loads and stores, the load
  /// included) to the nearest such store, in power-of-two bins keyed by
  /// their lower bound: key d counts distances in [d, 2d).
  std::map<uint32_t, uint64_t> Distances;
  /// Executions of the block with at least one such load, estimated as the
  /// most of any one load instruction of the block.
  uint64_t Executions = 0;

  bool empty() const { return Distances.empty(); }
  uint64_t loads() const { return countSum(Distances); }
  bool operator==(const StoreWaitLoads &O) const {
    return Distances == O.Distances && Executions == O.Executions;
  }
};

/// Loads that cannot complete before a recent store of another block has
/// its data: the same bytes (a true dependence, on every core), or their 4K
/// alias on another page (on cores that compare only the in-page address
/// bits first: hw::CpuParams::Alias4KWaitsForData). Recorded for stores
/// within 4096 memory accesses before the load.
struct StoreWaitProfile {
  StoreWaitLoads Same, Aliased;
  bool empty() const { return Same.empty() && Aliased.empty(); }
  bool operator==(const StoreWaitProfile &O) const {
    return Same == O.Same && Aliased == O.Aliased;
  }
};

/// How a block's lines crowd into few cache sets. Each time the block
/// touches a 64-byte line that is not among the last Window distinct lines
/// it touched (a new line), the busiest in-page class among those Window
/// lines, the new one included, holds Busiest of them. A line's in-page
/// class is its L1 set on a physically indexed L1 with one set per class,
/// and more lines of one class than the set has ways miss it in turn
/// (docs/prediction.md, "Crowded sets"): Over8 sums Busiest over the
/// events where it exceeds 8 (the ways of an 8-way L1), Over12 where it
/// exceeds 12. Over / (Window x NewLines) is the share of the block's new
/// lines that enter its busiest set, one after another.
struct SetCrowding {
  static constexpr unsigned Window = 32;
  uint64_t NewLines = 0, Over8 = 0, Over12 = 0;

  bool empty() const { return NewLines == 0; }
  /// The share for an L1 of Ways ways, in [0, 1]: 0 when empty or when the
  /// L1 has more than 12 ways (not recorded).
  double share(unsigned Ways) const {
    uint64_t Over = Ways <= 8 ? Over8 : Ways <= 12 ? Over12 : 0;
    return NewLines ? double(Over) / (double(Window) * double(NewLines)) : 0.0;
  }
  bool operator==(const SetCrowding &O) const {
    return NewLines == O.NewLines && Over8 == O.Over8 && Over12 == O.Over12;
  }
};

struct BlockProfile {
  std::string Name;
  /// Executions over the whole profiled run (all calls of the function).
  uint64_t Count = 0;
  /// Memory operations executed by this block over the run.
  uint64_t Loads = 0, Stores = 0;
  uint64_t LoadBytes = 0, StoreBytes = 0;
  /// Loads whose bytes cross a 64-byte line boundary (a misaligned vector
  /// load of a stencil's shifted window): the core reads two lines for
  /// each. 0 in profiles written before it was recorded.
  uint64_t LineSplitLoads = 0;
  std::vector<SuccessorEdge> Successors;
  Graphlet Body;
  /// Line size in bytes (64, 128) -> reuse profile of this block's accesses.
  std::map<uint32_t, BlockReuse> Reuse;
  /// Loads that 4K-alias an older store of this block (StoreAliasProfile).
  StoreAliasProfile StoreAlias;
  /// Loads that read the offsets of another block's recent store.
  StoreWaitProfile StoreWait;
  /// Whether its new lines crowd into few in-page classes (sets).
  SetCrowding Sets;
};

/// How many parallel launches ran how many tasks: Eq. 3 applies per launch.
struct LaunchGroup {
  uint64_t Tasks = 0;    ///< Tasks in one launch.
  uint64_t Launches = 0; ///< Launches of that size.
};

struct FunctionProfile {
  std::string Name;
  /// Count(F): calls over the run; for a parallel function, tasks run.
  uint64_t Calls = 0;
  bool Parallel = false;
  ParallelRuntime Runtime = ParallelRuntime::None;
  /// Only for parallel functions; sums to Calls.
  std::vector<LaunchGroup> Launches;
  /// For a function that is not parallel itself but runs only inside the
  /// tasks of one parallel function (called from it directly or through
  /// other such functions): that function's name. Its work is shared out
  /// over the threads with those tasks. Empty otherwise.
  std::string ParallelIn;
  /// Blocks in function order; the first is the entry block.
  std::vector<BlockProfile> Blocks;

  /// Count(BB) per call of the function, the paper's per-execution count.
  double perCallCount(const BlockProfile &B) const {
    return Calls ? double(B.Count) / double(Calls) : 0.0;
  }
};

struct ModuleIdentity {
  std::string Hash;       ///< SHA-256 of the module's IR text, hex.
  std::string SourceName; ///< The file it was read from.
  std::string Entry;      ///< The prediction unit: one call of this.
  std::string Triple;     ///< The module's target triple.
  /// The widest vector register its functions' target features allow code
  /// generation to use (256 for +avx2 without +avx512f); 0 when they say
  /// nothing. A <16 x float> in an AVX2 module runs as two 256-bit halves
  /// even on a core with 512-bit units.
  uint32_t VectorBits = 0;
  /// The CPU the program's backend compiled for when `crop profile` read
  /// the machine code of each block (GraphletMachine); empty when it did not.
  std::string CodegenCPU = {};
};

/// A module's VectorBits as a profile may hold it: 0 (unknown) or a power of
/// two from 64 to 65536 (readers refuse anything else).
inline bool validVectorBits(int64_t Bits) {
  return Bits == 0 || (Bits >= 64 && Bits <= 65536 && (Bits & (Bits - 1)) == 0);
}

struct ProgramProfile {
  /// 2: binary profiles carry GraphletMachine::SlotTrips; 3: and
  /// BlockProfile::Sets; 4: and SampleTasks; 5: and
  /// BlockReuse::StoreWriteBack; 6: and SampleTime; 7: and AllocEvents;
  /// 8: FunctionProfile::ParallelIn and ParallelRuntime::OpenMPTask;
  /// 9: ParallelRuntime::OpenMPDynamic.
  static constexpr unsigned FormatVersion = 9;

  ModuleIdentity Module;
  /// Calls of the entry over which all counts were taken (normally 1); the
  /// predictor divides by it to get per-call figures.
  uint64_t EntryCalls = 1;
  /// SHARDS sampling rate used for the reuse histograms (1 = exact).
  double SampleRate = 1.0;
  /// Tasks of each parallel launch traced for the per-access records, the
  /// rest weighted from them (crop/Analyzer/TaskSampling.h); 0 = all.
  uint64_t SampleTasks = 0;
  /// One chunk of accesses in this many was recorded, the rest weighted
  /// from them (crop/Analyzer/TimeSampling.h); 0 = every access.
  uint64_t SampleTime = 0;
  std::vector<FunctionProfile> Functions;
  /// The heap allocations and frees of the first call of the entry, in
  /// order: N > 0 asks the allocator for N bytes (alignment slack included),
  /// allocation k being the k-th such event from 1; -k frees allocation k.
  /// Which pages the target's allocator takes from the kernel anew on every
  /// call, and so faults in again, follows from it (simulator/PageFaults.h).
  std::vector<int64_t> AllocEvents;

  const FunctionProfile *findFunction(const std::string &Name) const;
};

/// Why Events is not a valid ProgramProfile::AllocEvents (a free of an
/// allocation not made or freed twice, a size of 0); empty when valid.
std::string checkAllocEvents(const std::vector<int64_t> &Events);

} // namespace crop

#endif // CROP_PROFILE_PROGRAMPROFILE_H
