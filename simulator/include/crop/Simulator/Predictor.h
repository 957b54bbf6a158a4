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

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace crop {

struct PredictOptions {
  unsigned Threads = 0;     ///< 0: the descriptor's thread count.
  bool MemoryModel = true;  ///< Off: every access costs an L1 hit.
};

struct BlockPrediction {
  std::string Function;
  std::string Block;
  double ECount = 0;        ///< Eq. 3, per call of the entry.
  double CyclesPerExec = 0; ///< Eq. 2 plus memory stalls.
  double Share = 0;         ///< Fraction of the predicted total.
};

struct Prediction {
  std::string Target;
  std::string Entry;
  unsigned Threads = 1;
  double SecondsPerCall = 0;
  double CyclesPerCall = 0;
  /// "compute", "memory:L2", "memory:RAM", "branch", "launch" ...
  std::string Bound;
  bool Roofline = false; ///< True for GPU/accelerator estimates.
  std::vector<BlockPrediction> Blocks; ///< Largest share first.
};

llvm::Expected<Prediction> predict(const ProgramProfile &P,
                                   const hw::Target &T,
                                   const PredictOptions &Opts = {});

} // namespace crop

#endif // CROP_SIMULATOR_PREDICTOR_H
