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
  /// The longest dependence path within one execution from a load (its
  /// latency included) to a store done, without resource limits; 0 when no
  /// store depends on a load. A load that waits for an older store to be
  /// done (4K aliasing) chains executions through this path.
  double LoadToStore = 0;
  /// Whole-core cycles per execution the load ports are busy (the "load"
  /// unit class's occupancy): the throughput bound of the block's loads.
  double LoadPortCycles = 0;
  /// Instructions that cost issue slots (after free ones are dropped).
  uint64_t Instructions = 0;
  /// What limits the steady state: "latency" (a dependency chain, e.g. a
  /// carried accumulator, or the reorder window), "issue" (dispatch width)
  /// or "port:<unit>". Static storage: valid after the simulator is gone.
  const char *Limit = "latency";
};

/// Knobs of the simulated core that descriptors do not (yet) carry.
struct SimulatorOptions {
  /// Reorder-buffer entries (instructions in flight between dispatch and
  /// in-order retirement). Bounds how far back-to-back executions overlap, so
  /// a long chain that no edge carries does not overlap without end. 0: the
  /// target's `reorder_buffer`, else hw::DefaultReorderBuffer.
  uint32_t RobSize = 0;
  /// FP scheduler entries: FP/vector arithmetic dispatched and not yet
  /// started at once (dispatch stops when they are full). 0: the target's
  /// `scheduler_fp`; where that is 0 too, not modelled (only the reorder
  /// buffer bounds dispatch).
  uint32_t FpSchedulerSize = 0;
  /// Of those, the ones the schedulers pick from out of order: an FP
  /// operation starts no earlier than the one FpPickableSize FP operations
  /// before it in program order (the rest queue in order in front of the
  /// schedulers). 0: the target's `scheduler_fp_pickable`; where that is 0
  /// too, not modelled.
  uint32_t FpPickableSize = 0;
  /// Load-queue entries: a load holds one from dispatch until it retires,
  /// and dispatch waits for a free one. 0: the target's `load_queue`;
  /// where that is 0 too, not modelled.
  uint32_t LoadQueueSize = 0;
  /// Store-queue entries: a store holds one from dispatch until it commits
  /// (in order, after it retires, one a cycle per store unit), and dispatch
  /// waits for a free one. 0: the target's `store_queue`; where that is 0
  /// too, not modelled.
  uint32_t StoreQueueSize = 0;
  /// Back-to-back executions simulated: about RobEntries * CopiesPerRob / n
  /// for an n-instruction graphlet, clamped to [MinCopies, MaxCopies]; the
  /// steady state is measured over the second half.
  uint32_t CopiesPerRob = 8;
  uint32_t MinCopies = 8;
  uint32_t MaxCopies = 128;
  /// On targets whose isa starts with "x86": a compare feeding only a
  /// branch fuses with it (macro-fusion), a load feeding only an arithmetic
  /// instruction becomes its memory operand (micro-fusion: no issue slot of
  /// its own). Off: every instruction issues alone.
  bool X86Fusion = true;
  /// Memory disambiguation: a load does not wait for an earlier store that
  /// only may alias it, nor a store for earlier accesses (MemRAW, MemWAR,
  /// MemWAW edges), as on every out-of-order core with a memory-dependence
  /// predictor. The graphlet's memory edges are may-alias (AA's answer);
  /// in tensor code they are mostly false (restrict lost in an outlined
  /// OpenMP body; the compiler already forwards loads it can prove equal to
  /// a stored value), and waiting on them chains every load of a block
  /// behind every store. Off: they order execution like data edges.
  bool SpeculateMemory = true;
  /// The widest vector register the program's code may use (its module's
  /// target features; ProgramProfile's ModuleIdentity::VectorBits); 0: the
  /// target's SimdBits. Vectors wider than min(SimdBits, VectorBits) run as
  /// that many register-wide pieces: the descriptor's cost for the piece,
  /// its throughput and uops times the count; Halide's concat/subvector
  /// shuffles between pieces are free.
  uint32_t VectorBits = 0;
};

/// A graphlet's structural identity: opcodes, types, lanes and edges (names
/// and byte counts left out), 128 bits. Identical blocks of different
/// programs have the same key.
struct GraphletKey {
  uint64_t Lo = 0, Hi = 0;
  bool operator==(const GraphletKey &O) const {
    return Lo == O.Lo && Hi == O.Hi;
  }
};
GraphletKey graphletKey(const Graphlet &G);

/// Simulates graphlets on one CPU target. Results are memoized by (graphlet
/// structure, load latency), so asking again costs a hash of the graphlet
/// and a lookup (or just the lookup, with a precomputed GraphletKey). Not
/// thread-safe: use one simulator per thread.
///
/// Cost model (details in PipelineSimulator.cpp): reciprocal throughputs are
/// the whole core's (the descriptors' uops.info convention), so a unit class
/// issues at most 1/RecipThroughput such instructions per cycle (and at most
/// its unit count); dispatch takes IssueWidth uops per cycle in program
/// order into a RobSize window; an instruction starts once its operands are
/// ready and its class has capacity, oldest first. Loads take LoadLatency
/// plus whatever the descriptor charges beyond its L1 latency (e.g. vector
/// loads). Free: the entry vertex, geps used only as load/store addresses,
/// bitcast/ptrtoint/inttoptr/addrspacecast/freeze, alloca; on x86, compares
/// fused with their branch (see SimulatorOptions::X86Fusion).
class PipelineSimulator {
public:
  /// T must be a CPU target and outlive the simulator.
  explicit PipelineSimulator(const hw::Target &T, SimulatorOptions O = {});
  ~PipelineSimulator();
  PipelineSimulator(PipelineSimulator &&);
  PipelineSimulator &operator=(PipelineSimulator &&);

  /// Steady-state cost of G per execution when loads take LoadLatency cycles
  /// (a negative value: the target's L1 latency).
  BlockCost blockCost(const Graphlet &G, double LoadLatency = -1);
  /// The same with G's key computed beforehand (graphletKey(G)).
  BlockCost blockCost(const Graphlet &G, const GraphletKey &Key,
                      double LoadLatency = -1, uint32_t RestartEvery = 0);

  /// Simulates G without consulting or filling the cache (for benches).
  /// RestartEvery > 0: G is a loop that is entered afresh every RestartEvery
  /// executions and whose carried chains start again at each entry (an
  /// accumulator reset to zero for the next output): the Carried edges
  /// between the last execution of one entry and the first of the next are
  /// dropped, so the reorder window overlaps the chains of successive
  /// entries as a core does. 0: one endless entry.
  BlockCost simulate(const Graphlet &G, double LoadLatency = -1,
                     uint32_t RestartEvery = 0);

  /// Memoized results held.
  size_t cacheSize() const;
  void clearCache();

  /// Instructions simulated so far (for the speed bench).
  uint64_t simulatedInstructions() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace crop

#endif // CROP_SIMULATOR_PIPELINESIMULATOR_H
