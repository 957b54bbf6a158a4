//===- TaskSampling.h - Which parallel tasks the profiler traces ----------===//
//
// The serial stand-ins for OpenMP, Halide and TVM run every task of a
// parallel loop, and tracing each access of each task is most of what
// profiling costs. The tasks of one loop mostly do the same work on other
// data, so a few traced tasks, weighted, stand for the rest; the others run
// with block and access counters (those stay exact) and feed only the
// serial reuse history, recording nothing, so that a later task's reuse of
// their lines keeps its distance rather than turning cold.
//
// Which tasks: the first one, recorded as itself (it brings the data every
// task shares in from memory, once, as the whole run does), and one pair in
// each of (Budget - 1) / 2 equal strata of the rest, at a place in its
// stratum that a fixed hash picks (pairs at a fixed stride would meet the
// same phase of a pattern that repeats every few tasks). The first task of a
// pair is a warm-up, traced but not recorded, so that the second one finds what
// its neighbour left behind (the rows a stencil shares with the task before,
// the shared operand brought in again) as it would in the whole run; the second
// is recorded with the weight of the tasks it stands for. The error this leaves
// against tracing every task is measured in docs/profiling.md ("Task
// sampling").
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_TASKSAMPLING_H
#define CROP_ANALYZER_TASKSAMPLING_H

#include <cstdint>

namespace crop {

struct TaskPlan {
  bool Traced = true;  ///< Reuse and the other per-access records see it.
  uint64_t Weight = 1; ///< Tasks it stands for; 0: warm-up, not recorded.
};

/// How task Index of a launch of Count tasks is profiled when at most Budget
/// tasks of a launch are traced (0: all of them). Count 0 means not known
/// yet (an OpenMP region learns its task count in its first task): every
/// task is then traced as itself. Budget must be 0 or at least 3. The
/// weights of the recorded tasks add up to Count.
TaskPlan planTask(uint64_t Index, uint64_t Count, uint64_t Budget);

} // namespace crop

#endif // CROP_ANALYZER_TASKSAMPLING_H
