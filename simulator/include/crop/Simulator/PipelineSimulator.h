//===- PipelineSimulator.h - Steady-state cost of a graphlet on a CPU -----===//
//
// The discrete-event pipeline simulator (paper section 3.4, Eq. 2): schedules
// a task graphlet on a target's functional units within its issue width, an
// instruction starting when its dependencies have completed and a unit of its
// class is free. A block runs back to back (with its loop-carried edges) so
// that independent work overlaps across executions as on an out-of-order core;
// the answer is the steady-state cycles per execution. The memory model
// supplies the latency loads see; everything else comes from the descriptor.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_PIPELINESIMULATOR_H
#define CROP_SIMULATOR_PIPELINESIMULATOR_H

#include "crop/Hwdb/Target.h"
#include "crop/Profile/Graphlet.h"

#include <cstdint>
#include <memory>

namespace crop {

struct BlockCost {
  /// Steady-state cycles per execution when run back to back.
  double Cycles = 0;
  /// Cycles of one execution alone, from a cold pipeline (critical path).
  double Latency = 0;
  /// Instructions that cost issue slots (after free ones are dropped).
  uint64_t Instructions = 0;
  /// What limits the steady state: "latency" (a dependency chain, e.g. a
  /// carried accumulator), "issue" (dispatch width) or "port:<unit>".
  const char *Limit = "latency";
};

/// Simulates graphlets on one CPU target. Results are memoized by (graphlet
/// identity, load latency), so asking again costs a hash lookup.
class PipelineSimulator {
public:
  /// T must be a CPU target and outlive the simulator.
  explicit PipelineSimulator(const hw::Target &T);
  ~PipelineSimulator();
  PipelineSimulator(PipelineSimulator &&);
  PipelineSimulator &operator=(PipelineSimulator &&);

  /// Steady-state cost of G per execution when loads take LoadLatency cycles
  /// (a negative value: the target's L1 latency).
  BlockCost blockCost(const Graphlet &G, double LoadLatency = -1);

  /// Instructions simulated so far (for the speed bench).
  uint64_t simulatedInstructions() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace crop

#endif // CROP_SIMULATOR_PIPELINESIMULATOR_H
