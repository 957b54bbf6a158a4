//===- BranchModel.cpp - Mispredicted branches per block execution -------===//
#include "crop/Simulator/BranchModel.h"

using namespace crop;

/// Blocks whose branch the model charges mispredictions for, per execution.
/// The rule (docs/prediction.md): q = the fraction of executions that leave
/// by a successor other than the most frequent one. A loop branch (one
/// successor at or before this block in layout order, i.e. a back edge)
/// with a constant trip count is learned by history-based predictors up to
/// LearnedLoopTrip (32) iterations, so it costs nothing when 1/q <= 32 and one
/// mispredict per exit (q per execution) beyond. A forward branch taken
/// both ways is charged q: each minority outcome is assumed mispredicted.
double crop::mispredictsPerExec(const FunctionProfile &F, size_t Idx,
                                const std::map<std::string, size_t> &Index) {
  const BlockProfile &B = F.Blocks[Idx];
  if (B.Successors.size() < 2)
    return 0.0;
  uint64_t Total = 0, Max = 0;
  bool Loop = false;
  for (const SuccessorEdge &S : B.Successors) {
    Total += S.Count;
    Max = std::max(Max, S.Count);
    auto It = Index.find(S.Block);
    if (It != Index.end() && It->second <= Idx)
      Loop = true;
  }
  if (Total == 0 || Max == Total)
    return 0.0;
  double Q = 1.0 - double(Max) / double(Total);
  if (Loop)
    return 1.0 / Q > LearnedLoopTrip ? Q : 0.0;
  return Q;
}
