//===- Target.h - A target machine's hardware description -----------------===//
//
// The parametric hardware features of paper Table 1 plus per-instruction
// costs (section 3.3), loaded from a YAML descriptor in hwdb/targets/ (format:
// docs/hwdb-format.md). All values are in base units once loaded: bytes,
// bytes per second, hertz, seconds; latencies and throughputs in core cycles.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_HWDB_TARGET_H
#define CROP_HWDB_TARGET_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace crop::hw {

enum class TargetKind : uint8_t { CPU, GPU, Accelerator };
const char *targetKindName(TargetKind K);

/// One level of a CPU's memory hierarchy (a cache; RAM is described apart).
struct CacheLevel {
  std::string Name;          ///< "L1d", "L2", "L3".
  uint64_t SizeBytes = 0;    ///< Capacity of one instance.
  uint32_t LineBytes = 64;
  uint32_t Ways = 1;         ///< Associativity.
  double LatencyCycles = 0;  ///< Load-to-use latency.
  uint32_t SharedByCores = 1;///< 1 = private per core.
  double BandwidthPerCore = 0; ///< Sustained bytes/s one core can stream.
  double BandwidthAll = 0;     ///< Sustained bytes/s with all cores.
  /// Bytes/s of dirty lines one core can write back into this level from
  /// the level above, beside the fills at BandwidthPerCore: a stream that
  /// reads and writes every line takes line / BandwidthPerCore + line /
  /// WriteBackBandwidthPerCore a line. 0: not known (a write-back is
  /// priced as a fill).
  double WriteBackBandwidthPerCore = 0;
};

/// Cost of one IR opcode class x type x lane count on a CPU.
struct InstrCost {
  double Latency = 1;         ///< Cycles until a dependent can start.
  /// Cycles between independent issues on the whole core (uops.info
  /// convention: all units of the class together); Units only caps how many
  /// may start in one cycle.
  double RecipThroughput = 1;
  std::string Unit = "alu";   ///< Functional-unit class that runs it.
  uint32_t Uops = 1;          ///< Issue slots it takes.
};

/// The reorder buffer assumed for a descriptor without `reorder_buffer`: 224
/// entries, Skylake/Cascade Lake's (Intel 64 and IA-32 Architectures
/// Optimization Reference Manual, Skylake server microarchitecture), the
/// smallest of the current x86 server cores.
constexpr uint32_t DefaultReorderBuffer = 224;

struct CpuParams;
/// The clock of a CPU with Threads threads busy: FrequencyByActiveCores at
/// min(Threads, Cores) busy cores, linear between the counts it lists and
/// its first or last value beyond them; FrequencyHz without it.
double clockForThreads(const CpuParams &C, unsigned Threads);
/// One parallel launch's cost with a team of Threads: ParallelLaunchSeconds
/// at Threads, linear between the counts it lists, its first or last value
/// beyond them; 0 without it.
double parallelLaunchSeconds(const CpuParams &C, unsigned Threads);
/// The same for ParallelDispatchSeconds (one chunk of a dynamic schedule)
/// and ParallelTaskSeconds (one explicit task).
double parallelDispatchSeconds(const CpuParams &C, unsigned Threads);
double parallelTaskSeconds(const CpuParams &C, unsigned Threads);

struct CpuParams {
  uint32_t Threads = 1;     ///< Hardware threads the runtime uses.
  uint32_t Cores = 1;
  double FrequencyHz = 0;
  /// The core clock with N cores busy (N -> Hz), where it depends on N
  /// (single-core and all-core boost); empty: FrequencyHz at every count.
  /// Cycle counts (instruction costs, cache latencies) stay cycles at any
  /// clock; RAM latency, given in cycles at FrequencyHz, is a time.
  std::map<uint32_t, double> FrequencyByActiveCores;
  uint32_t IssueWidth = 4;  ///< Instructions dispatched per cycle.
  uint32_t SimdBits = 128;  ///< Widest vector register.
  double MispredictPenalty = 15; ///< Cycles.
  uint32_t MaxOutstandingMisses = 10; ///< L1 miss buffers (memory-level par.)
  /// Reorder-buffer entries: how many instructions may be in flight between
  /// dispatch and in-order retirement, which bounds how far independent
  /// work (the next entry of a short loop, the next execution of a block)
  /// overlaps a long dependence chain. 0: not given; the simulator then
  /// uses DefaultReorderBuffer.
  uint32_t ReorderBuffer = 0;
  /// FP/vector operations that can be dispatched and wait for their operands
  /// at once (the FP schedulers with any non-scheduling queue in front of
  /// them). A chain of FP operations fills them, and dispatch stops there
  /// before the reorder buffer is full. 0: not given (not modelled).
  uint32_t SchedulerFp = 0;
  /// Of those, how many the FP schedulers can pick from out of order: the
  /// rest wait in an in-order queue in front of them (AMD's non-scheduling
  /// queue), so an FP operation that many places behind one still waiting
  /// cannot start before it, however ready it is. 0: not given (every
  /// waiting FP operation can be picked).
  uint32_t SchedulerFpPickable = 0;
  /// Load-queue entries: a load holds one from dispatch until it retires,
  /// so behind a long miss dispatch stops when this many loads are in
  /// flight, before the reorder buffer is full. 0: not given (not modelled).
  uint32_t LoadQueue = 0;
  /// Store-queue entries: a store holds one from dispatch until it commits,
  /// in order after it retires, one a cycle per store unit, so a run of
  /// stores stops dispatch when this many wait to commit. 0: not given
  /// (not modelled).
  uint32_t StoreQueue = 0;
  /// A load at the 4 KiB page offsets of an older store, on another page,
  /// waits for that store's data (the core compares only the address bits
  /// within a page before it lets a load go ahead: "4K aliasing"), so a loop
  /// entry whose loads meet the previous entry's pending store cannot
  /// overlap it. Measured by `crop microbench`; false where not measured.
  bool Alias4KWaitsForData = false;
  /// Cycles of the load ports a load whose bytes cross a 64-byte line adds
  /// beyond the same load within one line (it reads two lines). Measured by
  /// `crop microbench` (SIMD loads, every one crossing, against aligned);
  /// 0: not given (not modelled).
  double SplitLoadExtraCycles = 0;
  /// Cycles of a port that FMAs share with the stores of FP and vector
  /// registers, per such store; each FMA takes its reciprocal throughput of
  /// it. Zen 3 issues an FMA every 0.5 cycles and such a store every cycle
  /// alone, but an FMA+store pair takes ~1.4 cycles (docs/prediction.md,
  /// "FMAs beside vector stores"). Measured by `crop microbench`; 0: the
  /// two do not compete (not written).
  double StoreFmaPortCycles = 0;
  /// Cycles an FMA or FP multiply takes beyond its latency when one of its
  /// operands comes from an FP add or subtract, by the register width in
  /// bits of that add (128: scalars and 128-bit vectors; 256; 512). Golden
  /// Cove adds in 2 cycles on separate adders, whose results reach the
  /// multipliers a cycle late: an FMA chain fed by subtracts runs 5 cycles a
  /// step, not 4 (docs/prediction.md, "Adds that feed multiplies").
  /// Measured by `crop microbench`; empty or a width absent: 0.
  std::map<uint32_t, double> FaddToFmaExtraCycles;
  /// What one launch of a parallel loop costs the thread that launches it,
  /// by threads in the team (N -> seconds): waking the workers, handing out
  /// the iterations, the barrier at the loop's end and the join, with an
  /// empty body. Measured by `crop microbench` through the OpenMP runtime;
  /// empty: not modelled (a launch costs nothing).
  std::map<uint32_t, double> ParallelLaunchSeconds;
  /// What handing out one chunk of a dynamic schedule costs the team, by
  /// threads in the team (N -> seconds): the chunks of a loop of empty
  /// iterations go out at this rate, through a counter every thread takes
  /// from (its cache line travels between cores). Measured by `crop
  /// microbench` through the OpenMP runtime; empty: not modelled.
  std::map<uint32_t, double> ParallelDispatchSeconds;
  /// What one explicit task costs the team, by threads in the team: one
  /// thread creates empty tasks that the team runs, and they complete at
  /// this rate (allocation, the queue, stealing, completion). Measured by
  /// `crop microbench`; empty: not modelled.
  std::map<uint32_t, double> ParallelTaskSeconds;
  /// What a 4 KiB page the allocator takes from the kernel anew costs the
  /// thread that first touches it: the fault, zeroing, mapping and, when
  /// the allocator gives it back, unmapping (simulator/PageFaults.h).
  /// Measured by `crop microbench`; 0: not modelled.
  double PageFaultSeconds = 0;
  /// Functional-unit class -> number of such units ("alu": 4, "load": 2 ...).
  std::map<std::string, uint32_t> Units;
  std::vector<CacheLevel> Caches; ///< Innermost first.
  double RamLatencyCycles = 0;
  double RamBandwidthPerCore = 0; ///< bytes/s
  double RamBandwidthAll = 0;     ///< bytes/s
  /// Key "<opcode>.<type>" for scalars, "<opcode>.<type>x<lanes>" for vectors
  /// (e.g. "fadd.f32", "fma.f32x8", "call:expf.f32").
  std::map<std::string, InstrCost> Instructions;
};

/// Peak throughput for one data type, by the unit that reaches it.
struct PeakOps {
  double Vector = 0; ///< ops/s on the general (vector/SIMT) units
  double Matrix = 0; ///< ops/s on tensor/matrix units; 0 if none
};

struct MemoryLevel {
  std::string Name;       ///< "L2", "HBM", "shared".
  uint64_t SizeBytes = 0;
  double Bandwidth = 0;   ///< bytes/s
};

struct AcceleratorParams {
  uint32_t ComputeUnits = 0; ///< SMs, AI cores ...
  double FrequencyHz = 0;
  /// Data type ("f64", "f32", "tf32", "f16", "bf16", "fp8", "i8") -> peak.
  std::map<std::string, PeakOps> Peak;
  std::vector<MemoryLevel> Memory; ///< Innermost first; last is device memory.
  double LaunchOverheadSeconds = 0;
};

struct Target {
  std::string Name;
  TargetKind Kind = TargetKind::CPU;
  std::string Isa;
  unsigned SchemaVersion = 1;
  std::string Source; ///< Where the numbers came from.
  std::string Summary; ///< One line for `crop targets`.
  std::string Path;    ///< The file it was loaded from.
  std::optional<CpuParams> Cpu;
  std::optional<AcceleratorParams> Accel;

  /// The cost of an instruction class on this CPU target, or nullopt if the
  /// descriptor has none. Vectors wider than the SIMD width, or lane counts
  /// without their own entry, are derived from the nearest entry (split into
  /// ceil(bits / SimdBits) register-wide operations).
  ///
  /// In order: (1) the exact key; (2) for a vector, the entry of the same
  /// opcode and element type with the fewest lanes >= Lanes that fits in a
  /// register, else the widest that fits; if the vector is wider than
  /// SimdBits it runs as ceil(bits / SimdBits) pieces: latency unchanged,
  /// reciprocal throughput and uops times the pieces; (3) with no vector
  /// entry, the scalar entry, scalarised: latency unchanged, reciprocal
  /// throughput and uops times Lanes; (4) a scalar type without an entry uses
  /// the same opcode's entry for the nearest type of the same family
  /// (integer / floating point), the narrowest wider one first. An opcode
  /// with no usable entry gives nullopt (the simulator uses a class default).
  std::optional<InstrCost> instructionCost(const std::string &Opcode,
                                           const std::string &Type,
                                           uint32_t Lanes) const;
};

/// The parts of an instruction key "<opcode>.<type>[x<lanes>]"; the opcode
/// may itself contain '.' and ':' ("intr:vector.reduce.fadd.f32x8").
struct InstrKey {
  std::string Opcode;
  std::string Type;
  uint32_t Lanes = 1;
};

/// Splits and checks a key; nullopt if it is malformed or the type unknown.
std::optional<InstrKey> parseInstructionKey(const std::string &Key);
/// "fadd.f32" for Lanes <= 1, "fadd.f32x8" otherwise.
std::string instructionKey(const std::string &Opcode, const std::string &Type,
                           uint32_t Lanes);
/// Bits of an element type ("i32" 32, "bf16" 16, "ptr" 64, "void" 0); 0 for
/// an unknown type name.
uint32_t typeBits(const std::string &Type);

/// Registers of SimdBits that a vector of VectorBits takes (at least 1).
uint32_t registerPieces(uint64_t VectorBits, uint32_t SimdBits);
/// How many of those pieces an operation Opcode on such a vector works on:
/// all of them, except an insertelement or extractelement, which reaches
/// only the piece holding its lane (type legalization splits the vector
/// and the insert or extract goes to one half: SelectionDAG's split of
/// INSERT/EXTRACT_VECTOR_ELT), and costs one piece's operation.
uint32_t piecesWorked(const std::string &Opcode, uint64_t VectorBits,
                      uint32_t SimdBits);

} // namespace crop::hw

#endif // CROP_HWDB_TARGET_H
