//===- BranchModel.h - Mispredicted branches per block execution ---------===//
//
// The profile's successor counts say how often each branch goes each way;
// the rule here says how many of those outcomes a history-based predictor
// gets wrong (docs/prediction.md, "Eq. 2").
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_BRANCHMODEL_H
#define CROP_SIMULATOR_BRANCHMODEL_H

#include "crop/Profile/ProgramProfile.h"

#include <map>
#include <string>

namespace crop {

/// Loop branches with a constant trip count up to this many iterations are
/// learned by the history-based predictors of current cores (a loop exit
/// after more iterations than the history covers is mispredicted once).
/// Not a measurement: the Zen 3 VM learns exits up to 256 iterations at
/// least (bench/probes, "loop exits"), but a higher value did not improve
/// the suite's validation half on every CPU (docs/prediction.md, "branch").
constexpr double LearnedLoopTrip = 32;

/// Mispredictions per execution of block Idx of F (Index: block name to
/// position in F.Blocks).
double mispredictsPerExec(const FunctionProfile &F, size_t Idx,
                          const std::map<std::string, size_t> &Index);

} // namespace crop

#endif
