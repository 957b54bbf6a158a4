//===- Predictor.h - Predicted run time of a profiled program on a target -===//
//
// Eq. 1: total cost = sum over blocks of Cost(BB) x ECount(BB), with Cost(BB)
// from the pipeline simulator and the memory model (Eq. 2, 4-6) and ECount
// from Eq. 3. GPU and accelerator targets get a roofline estimate instead.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_PREDICTOR_H
#define CROP_SIMULATOR_PREDICTOR_H

#include "crop/Hwdb/Target.h"
#include "crop/Profile/ProgramProfile.h"
#include "crop/Simulator/EffectiveCounts.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace crop {

struct PredictOptions {
  unsigned Threads = 0;    ///< 0: the descriptor's thread count.
  bool MemoryModel = true; ///< Off: every access costs an L1 hit.
  /// The steady state of a call repeated on the same buffers: a line the
  /// profiled call touched first is the previous call's line, reused at the
  /// distance of one call's footprint. Off (the default): one cold call,
  /// every first touch a miss at every level. Tuners and the bench time
  /// repeated calls, and on the suite this scores better (docs/prediction.md);
  /// the default stays the paper's unit, one call.
  bool WarmCalls = false;
  /// The widest vector registers the program's code uses once compiled
  /// (SimulatorOptions::VectorBits); 0: the profile's ModuleIdentity::
  /// VectorBits (the IR's target features), and without those the target's.
  unsigned VectorBits = 0;
};

struct BlockPrediction {
  std::string Function;
  std::string Block;
  double ECount = 0;        ///< Eq. 3, per call of the entry.
  double CyclesPerExec = 0; ///< Eq. 2 plus memory stalls.
  double Share = 0;         ///< Fraction of the predicted total.
  /// The parts CyclesPerExec is made of (docs/prediction.md): the pipeline's
  /// steady state with the block's load latency, the memory bound
  /// (bandwidth or miss parallelism) and mispredicted branches.
  /// CyclesPerExec = max(PipelineCycles, MemoryCycles) + BranchCycles.
  double PipelineCycles = 0;
  double MemoryCycles = 0;
  double BranchCycles = 0;
  /// Average cycles a load waits, as the pipeline simulator was given it.
  double LoadLatency = 0;
  /// What sets the block's cost: "compute", "memory:<level>", "branch".
  std::string Bound;
};

/// One memory level over the whole program (CPU: Eq. 5 per level).
struct LevelPrediction {
  std::string Name;
  /// Fraction of the accesses that reach this level and hit it.
  double HitRate = 0;
  /// Fraction of all accesses served here.
  double Served = 0;
  /// Bytes moved through this level per call.
  double Bytes = 0;
};

/// The roofline terms of a GPU/accelerator estimate, per call.
struct RooflineTerms {
  /// Data type ("f32", "f16", ...) -> operations (an fma counts 2).
  std::map<std::string, double> Ops;
  double ComputeSeconds = 0;
  double MemorySeconds = 0; ///< The slowest level's bytes / bandwidth.
  double LaunchSeconds = 0;
  uint64_t Launches = 0;
};

/// Names what limits a time of Compute and Memory overlapped plus Extra that
/// overlaps neither (a block's mispredictions, a kernel's launches): ExtraName
/// when Extra is the largest, else "memory:<MemLevel>" when Memory exceeds
/// Compute, else "compute". Blocks and roofline estimates share the rule.
std::string boundName(double Compute, double Memory,
                      const std::string &MemLevel, double Extra,
                      const char *ExtraName);

struct Prediction {
  std::string Target;
  std::string Entry;
  unsigned Threads = 1;
  double SecondsPerCall = 0;
  double CyclesPerCall = 0;
  /// "compute", "memory:L2", "memory:RAM", "branch", "launch" ...
  std::string Bound;
  bool Roofline = false; ///< True for GPU/accelerator estimates.
  double FrequencyHz = 0;
  bool MemoryModel = true;
  std::vector<BlockPrediction> Blocks; ///< Largest share first.
  /// Innermost first, device memory / RAM last.
  std::vector<LevelPrediction> Levels;
  /// Cycles per call by what bound them ("compute", "memory:L2", ...).
  std::map<std::string, double> BoundCycles;
  /// 4 KiB pages the call faults in (simulator/PageFaults.h): the steady
  /// state of repeated calls with WarmCalls, else a first call's.
  double PageFaults = 0;
  RooflineTerms RooflineDetail; ///< Only when Roofline.
};

/// What predictions remember between calls: block costs by (target,
/// graphlet content, load latency, restart period) and cache models by
/// (target, threads running). Content keys, not addresses. A caller holds
/// one (a tuner's worker thread, a search) or shares one between threads:
/// predictions run in parallel either way. Bounded: past MaxCosts
/// entries it starts afresh (a search moves on from old candidates).
class PredictionMemo {
public:
  explicit PredictionMemo(size_t MaxCosts = 1 << 20);
  ~PredictionMemo();
  PredictionMemo(const PredictionMemo &) = delete;
  PredictionMemo &operator=(const PredictionMemo &) = delete;
  /// Block costs held now.
  size_t size() const;
  void clear();

  struct Impl;
  std::unique_ptr<Impl> P;
};

/// CPU targets: Eq. 1-6 with the memory model; GPU/accelerator targets: the
/// roofline estimate. Results of the pipeline simulator and the cache model
/// are memoized across calls (by graphlet content and target), so a repeated
/// prediction costs hash look-ups: in Memo, or in one process-wide memo.
llvm::Expected<Prediction> predict(const ProgramProfile &P, const hw::Target &T,
                                   const PredictOptions &Opts = {});
llvm::Expected<Prediction> predict(const ProgramProfile &P, const hw::Target &T,
                                   const PredictOptions &Opts,
                                   PredictionMemo &Memo);

/// The roofline estimate alone (predict() uses it for non-CPU targets).
llvm::Expected<Prediction> predictRoofline(const ProgramProfile &P,
                                           const hw::Target &T,
                                           const PredictOptions &Opts = {});

/// The JSON object for one prediction (docs/prediction.md), at most TopK
/// blocks (0: all).
llvm::json::Value predictionToJSON(const Prediction &P, unsigned TopK = 0);

/// The human-readable report: time per call, cycles, the bound, hit rates
/// and the TopK blocks by share (0: all).
void printPrediction(llvm::raw_ostream &OS, const Prediction &P,
                     unsigned TopK = 10);

/// Several predictions as `crop predict` and `crop analyze` print them: the
/// reports one after another, or with Json one object (an array if several).
void printPredictions(llvm::raw_ostream &OS,
                      const std::vector<Prediction> &Results, bool Json,
                      unsigned TopK);

} // namespace crop

#endif // CROP_SIMULATOR_PREDICTOR_H
