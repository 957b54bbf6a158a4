//===- Microbench.h - Measuring the machine at hand into a descriptor -----===//
//
// `crop microbench` (docs/microbench.md): per-IR-instruction latency and
// reciprocal throughput from generated kernels, the core clock from a chain
// of 1-cycle adds, memory latency per level by pointer chasing, bandwidth per
// level for one and all threads, cache geometry from sysfs/cpuid checked
// against the measured steps; the result is a hw::Target that
// hw::targetToYAML writes and hw::loadTarget reads back.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_MICROBENCH_MICROBENCH_H
#define CROP_MICROBENCH_MICROBENCH_H

#include "crop/Hwdb/Target.h"
#include "crop/Microbench/HostInfo.h"
#include "crop/Microbench/Jit.h"
#include "crop/Microbench/KernelGen.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace crop::mb {

struct Options {
  bool Quick = false; ///< Fewer repeats, shorter kernels, coarser sizes.
  std::string Name;   ///< Descriptor name; "" = "host-<microarch>".
  /// Only kernels whose name starts with one of these (tests); empty = all.
  /// The kernels that others subtract and the unit-count kernels are always
  /// kept so that the descriptor stays complete.
  std::vector<std::string> Only;
  /// Largest pointer-chasing working set; 0 = chosen from the caches.
  uint64_t MaxWorkingSet = 0;
  unsigned Threads = 0; ///< Threads for "all threads" bandwidth; 0 = all.
  /// Write the levels' write-back rates (writeback_bandwidth_per_core),
  /// which turns on the model's separate pricing of write-backs for this
  /// descriptor (docs/prediction.md, "Write-back rates"); otherwise they are
  /// measured and noted in `source` only.
  bool WriteBacks = false;
  llvm::raw_ostream *Progress = nullptr; ///< Progress lines (stderr).
};

/// One measured quantity for the report (`--report`, bench/microbench).
struct Measurement {
  std::string What; ///< "fadd.f32x8 latency", "L2 latency", "frequency".
  double Value = 0;
  std::string Unit;  ///< "cycles", "GB/s", "GHz", "ns".
  double Spread = 0; ///< (median - min) / min over the repeats.
};

/// How one kernel measured, in core cycles per step.
struct KernelResult {
  double Latency = 0, RecipThroughput = 0;
  double LatencySpread = 0, ThroughputSpread = 0;
};

/// A kernel and the descriptor entries derived from it.
struct Output {
  std::string Key;  ///< Descriptor key, "fadd.f32x8".
  std::string Unit; ///< Functional-unit class.
  double Scale = 1; ///< 0.5 for one half of a round trip.
  /// (kernel name, factor) whose latency / throughput is subtracted first.
  std::vector<std::pair<std::string, double>> SubLatency, SubThroughput;
};
struct CatalogEntry {
  KernelSpec Kernel;
  bool InQuick = false;
  std::vector<Output> Outputs;
};

/// Every kernel for a host with SimdBits-wide vectors. Entries with
/// InQuick are the --quick subset.
std::vector<CatalogEntry> kernelCatalog(unsigned SimdBits);

/// Compiles and times kernels. Costs are in core cycles: every repeat of a
/// kernel is paired with a run of a chain of dependent 64-bit adds (one
/// cycle each on every x86-64 and AArch64 core), so a clock that moves
/// during the run (turbo, a busy host) cancels out. The loop's own cost,
/// timed once on an empty loop, is subtracted.
class KernelTimer {
public:
  static llvm::Expected<std::unique_ptr<KernelTimer>> create(KernelJit &J,
                                                             bool Quick);
  ~KernelTimer();

  /// Builds and compiles one kernel in its own context; safe to call from
  /// another thread while measure() runs.
  llvm::Expected<KernelFn> compile(const KernelSpec &K, KernelKind Kind);
  /// Cycles per step and spread ((median - min) / min over the repeats).
  std::pair<double, double> measure(KernelFn F, const KernelSpec &K,
                                    KernelKind Kind);
  /// Steps in one loop trip of a kernel.
  unsigned stepsFor(const KernelSpec &K, KernelKind Kind) const;
  /// Core clock from the add chains timed so far: (median Hz, spread).
  std::pair<double, double> frequency() const;
  unsigned steps() const { return Steps; }

  double CompileSeconds = 0, RunSeconds = 0; ///< Where the time went.

private:
  KernelTimer(KernelJit &J, bool Quick);
  double timeNs(KernelFn F, int64_t Iters);
  KernelJit &J;
  bool Quick;
  unsigned Steps, CalibSteps = 1;
  std::mutex Mu;
  void *In = nullptr, *Mem = nullptr;
  std::atomic<unsigned> Counter{0};
  KernelFn Calib = nullptr, Empty = nullptr;
  double EmptyNsPerIter = 0;
  int64_t CalibIters = 1;
  std::vector<double> Hz;
};

/// Core clock in Hz from a chain of dependent 64-bit adds (1 cycle each on
/// every x86-64 and AArch64 core), and its spread over the repeats.
llvm::Expected<std::pair<double, double>> calibrateFrequency(KernelTimer &T);

struct MicrobenchResult {
  hw::Target Target;
  std::vector<Measurement> Report;
  HostInfo Host;
};

llvm::Expected<MicrobenchResult> runMicrobench(const Options &O);

//===- Memory ----------------------------------------------------------===//

struct LatencyPoint {
  uint64_t Bytes = 0;
  double Ns = 0; ///< Load-to-use latency per access.
  double Spread = 0;
};

/// Pointer chasing over a random cyclic permutation of the lines of each
/// working set (so prefetchers cannot help), on 2 MiB-page-backed memory.
std::vector<LatencyPoint>
measureLatencyCurve(const std::vector<uint64_t> &Sizes, unsigned LineBytes,
                    bool Quick, llvm::raw_ostream *Progress);

/// Sustained read bandwidth in bytes/s over a working set of BytesPerThread
/// per thread, with Threads threads reading their own buffers at once.
/// Update: each vector read is stored back (bytes/s of read-modify-write:
/// every line read also goes back dirty). Returns (rate, spread).
llvm::Expected<std::pair<double, double>>
measureReadBandwidth(KernelJit &J, uint64_t BytesPerThread, unsigned Threads,
                     bool Quick, bool Update = false);

/// At most this many times the read bandwidth: write-backs that the
/// read-modify-write stream does not slow measurably are written as
/// WriteBackCap x the read rate (nearly free), not as infinite.
constexpr double WriteBackCap = 16;

/// The write-back bandwidth (hw::CacheLevel::WriteBackBandwidthPerCore) of a
/// level that streams ReadRate bytes/s for reads and UpdateRate bytes/s for
/// a read-modify-write of the same lines: what the extra time per byte,
/// 1 / UpdateRate - 1 / ReadRate, allows, at most WriteBackCap x ReadRate.
double writeBackBandwidth(double ReadRate, double UpdateRate);

/// Whether the threads that cpuid says share a cache level each keep their
/// own data in it: each streaming over 0.6 of the level at once, a thread
/// reads PerThreadRate bytes/s, against AloneRate for one thread over the
/// same bytes and RamRate from memory. A level they split overflows (1.2x
/// its size for two) and each falls towards memory's rate; a level whose
/// share is set by something else (neighbours on a cloud host, a partitioned
/// cache) keeps each one's lines. True when each keeps over half the way
/// from memory's rate to its own alone.
bool sharersKeepTheirData(double AloneRate, double PerThreadRate,
                          double RamRate);

/// Branch mispredict penalty in cycles: a branch on a random bit of a
/// register-held generator (half of them mispredicted) against the same
/// branch never taken, at clock Hz. Returns (penalty, spread).
llvm::Expected<std::pair<double, double>>
measureMispredictPenalty(KernelJit &J, double Hz, bool Quick);

/// Memory-level parallelism: how many independent RAM misses overlap
/// (speed-up of K parallel pointer chases over one, at its largest).
double measureMissParallelism(uint64_t Bytes, unsigned LineBytes, bool Quick);

/// Reorder-buffer entries, by the classic test (H. Wong, "Measuring reorder
/// buffer capacity", 2013): two independent pointer chases through RAM,
/// each load followed by N nops. While a load, N nops and the other load
/// fit in the window, both misses are in flight at once (one RAM latency
/// per step); beyond, the second waits for the first to retire (two). The
/// window is where the time per step crosses 1.5 latencies. Returns the
/// estimate and the times per step by N, or 0 entries where no clear step
/// is seen (or the ISA has no `nop` this code knows).
struct RobMeasurement {
  uint32_t Entries = 0;
  std::vector<std::pair<uint32_t, double>> NsByFiller;
};
RobMeasurement measureReorderBuffer(uint64_t Bytes, unsigned LineBytes,
                                    bool Quick);
/// FP scheduler entries by the same test with FP adds that read the loaded
/// value (through an XMM move) as fillers: they wait for the miss in the FP
/// schedulers, and dispatch stops when those are full, before the reorder
/// buffer is. x86-64 only (0 entries elsewhere).
RobMeasurement measureFpScheduler(uint64_t Bytes, unsigned LineBytes,
                                  bool Quick);
/// Load- and store-queue entries by the reorder-buffer test with loads
/// (stores) of one L1-resident word as fillers: each holds a queue entry
/// until it retires behind the miss, so the two misses stop overlapping
/// when the queue is full, before the reorder buffer is (x86 only).
RobMeasurement measureMemoryQueue(uint64_t Bytes, unsigned LineBytes,
                                  bool Quick, bool Stores);
/// Of those entries, the ones the FP schedulers pick from out of order. One
/// RAM pointer chase; after each load N FP adds that wait for it, then an
/// independent chain of 128 dependent FP adds whose result (ANDed with 0)
/// moves the next load's address. While the waiting adds leave the chain
/// room to be picked, it runs during the miss; from N at the pickable size
/// on, it is queued behind them and runs after the miss: the step takes the
/// chain's time longer. Entries: N + 1 at that step (the XMM move waits
/// too); 0 where no step showed up (or not x86).
RobMeasurement measureFpPickable(uint64_t Bytes, unsigned LineBytes,
                                 bool Quick);

/// Whether a load waits for the data of an older store at the same 4 KiB
/// page offsets on another page: each step runs a chain of dependent FP
/// operations, stores its result and loads a value the next step's chain
/// starts from, from 4096 bytes past the store (Aliased) or 4160 (Apart).
/// Where the load waits, the steps' chains run one after the other; where
/// it does not, they overlap in the reorder window. Nanoseconds per step,
/// best of repeats.
struct AliasMeasurement {
  double AliasedNs = 0, ApartNs = 0;
  /// Aliased at least twice as slow: the load waited.
  bool waits() const { return ApartNs > 0 && AliasedNs > 2 * ApartNs; }
};
AliasMeasurement measureAlias4K(bool Quick);

/// Time per load of the widest SIMD load this host runs (32 bytes with
/// AVX2, else 16): independent loads walking an L1-resident row in vectors,
/// aligned, and shifted by one float so that CrossingShare of them cross a
/// 64-byte line (a stencil's shifted window).
struct SplitLoadMeasurement {
  unsigned Bytes = 0;
  double CrossingShare = 0;
  double AlignedNs = 0, ShiftedNs = 0;
  /// Nanoseconds a crossing load adds (0 when not measured).
  double extraNs() const {
    return CrossingShare > 0 ? (ShiftedNs - AlignedNs) / CrossingShare : 0;
  }
};
SplitLoadMeasurement measureSplitLoad(bool Quick);

/// Nanoseconds per group of 256-bit FMAs (F, into ten accumulators so that
/// throughput binds) and stores of a vector register to L1 (S): F alone, S
/// alone, F+S and F+F+S (these two averaged over eight placements of the
/// loop within a 64-byte line: the conflict comes and goes with them), best
/// of repeats; all 0 where not measured (not x86-64 with AVX2 and FMA). Whether
/// the stores' data competes with FMAs for a port (docs/prediction.md, "FMAs
/// beside vector stores").
struct FmaStoreMeasurement {
  double FNs = 0, SNs = 0, FSNs = 0, FFSNs = 0;
  bool measured() const { return FNs > 0 && SNs > 0 && FSNs > 0; }
  /// Port time per store beyond the FMAs' own, from F+S and F+F+S (ns).
  double portNs() const { return ((FSNs - FNs) + (FFSNs - 2 * FNs)) / 2; }
  /// Pairs slower than separate units allow (the slower of the two alone),
  /// by more than the noise of a shared VM.
  bool conflicts() const {
    return measured() && FSNs > 1.2 * std::max(FNs, SNs);
  }
};
FmaStoreMeasurement measureFmaStore(bool Quick);

/// Nanoseconds per step of an FMA chain whose addend a subtract computes in
/// the same step (FedNs) and of the same loop with the addend from a register
/// no add wrote (AloneNs), by register width (128: scalar; 256; 512 where
/// AVX-512 runs), best of repeats; empty where not measured (not x86-64 with
/// AVX2 and FMA). Whether adds reach the multipliers late
/// (docs/prediction.md, "Adds that feed multiplies").
struct FaddToFmaMeasurement {
  struct Width {
    unsigned Bits;
    double FedNs, AloneNs;
  };
  std::vector<Width> Widths;
};
FaddToFmaMeasurement measureFaddToFma(bool Quick);

/// Nanoseconds per launch of an empty parallel loop (one iteration per
/// thread) through the OpenMP runtime, by team size (1, 2, 4 ... and
/// MaxThreads), best of repeats with the workers spinning between launches;
/// empty with Why set where the runtime is not there.
struct ParallelLaunchMeasurement {
  std::string Runtime;
  std::map<unsigned, double> Ns;
  /// Nanoseconds per chunk of a dynamic schedule and per explicit task, by
  /// team size: an empty region's pieces (a `schedule(dynamic, 1)` loop; a
  /// `single` creating tasks), its time less one launch, over the pieces,
  /// best of repeats. Empty where the runtime lacks those entry points.
  std::map<unsigned, double> DispatchNs, TaskNs;
  std::string Why;
};
ParallelLaunchMeasurement measureParallelLaunch(unsigned MaxThreads,
                                                bool Quick);

/// Nanoseconds per 4 KiB page of fresh anonymous memory: mmap 16 MiB, write
/// one byte in each page, munmap, best of repeats. What a page that an
/// allocator takes from the kernel and gives back on every call costs
/// (hw::CpuParams::PageFaultSeconds); 0 where mmap fails.
double measurePageFault(bool Quick);

} // namespace crop::mb

#endif // CROP_MICROBENCH_MICROBENCH_H
