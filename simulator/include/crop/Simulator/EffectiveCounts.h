//===- EffectiveCounts.h - Eq. 3: how often each block runs on the target -===//
//
// The profile counts every execution of one serial run. On T threads a
// parallel function's slowest thread runs ceil(tasks / T) of each launch's
// tasks, and OpenMP's and TVM's runtimes run the outlined function's code
// outside its loops once per thread, not once per task. These helpers turn
// the profile's counts into the counts one thread sees, and say which
// threads share the caches while the function runs.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_EFFECTIVECOUNTS_H
#define CROP_SIMULATOR_EFFECTIVECOUNTS_H

#include "crop/Profile/ProgramProfile.h"

#include <map>
#include <string>
#include <vector>

namespace crop {

/// Eq. 3 for one function as a factor on a block's count over the run:
/// ECount(BB) = Count(BB over the run) x factor / EntryCalls. 1 for serial
/// functions (Count(F) x Count(BB) per call is the count over the run); for
/// parallel ones, per launch group the slowest thread runs ceil(tasks /
/// threads) tasks, so factor = sum(launches x ceil(tasks / threads)) / tasks.
double effectiveTaskFactor(const FunctionProfile &F, unsigned Threads);

/// How one function runs on Threads threads.
struct FunctionPlan {
  double Factor = 1;       ///< effectiveTaskFactor
  unsigned Running = 1;    ///< Threads running its code at once.
  double SerialWeight = 1; ///< Serial vs Task histogram blend.
  /// OpenMP and TVM hand each thread one contiguous chunk of the tasks the
  /// profile counts one by one: code outside the outlined function's loops
  /// runs once per thread, over a chunk of ChunkTasks tasks.
  bool PerThreadPrologue = false;
  double LaunchesPerTask = 0; ///< sum(launches) / Count(F)
  double ChunkTasks = 1;      ///< ceil(tasks / threads), launch-averaged
  /// Parallel launches over the profiled run (one without a launch record);
  /// each costs the launching thread the runtime's fork and join.
  double Launches = 0;
  /// Whether the runtime enters its launch path with a team of Threads:
  /// OpenMP always (a one-thread region still runs the fork, the static
  /// schedule and the barrier); TVM's and Halide's pools run a one-thread
  /// launch as a plain call.
  bool PaysLaunch = false;
  /// The team a launch is priced at: 0, the prediction's threads; 1 for a
  /// region nested in another's tasks (a serialized region, a team of one).
  unsigned LaunchTeam = 0;
  /// Of the Launches, those on the slowest thread: all, but for nested
  /// regions, which the enclosing region's threads share.
  double LaunchShare = 1;
};

FunctionPlan planFunction(const FunctionProfile &F, unsigned Threads);

/// F's plan within its profile: a function that runs only inside another's
/// tasks (FunctionProfile::ParallelIn) shares that function's threads, with
/// every block paid per call and no launch of its own; a parallel region
/// nested there pays a team of one per launch, on those threads.
FunctionPlan planFunction(const ProgramProfile &Prof, const FunctionProfile &F,
                          unsigned Threads);

/// Blocks on a CFG cycle (a loop) of F, by Tarjan's SCCs over the profile's
/// successor lists; Index maps block names to their position in F.Blocks.
std::vector<bool> blocksInLoops(const FunctionProfile &F,
                                const std::map<std::string, size_t> &Index);

} // namespace crop

#endif
