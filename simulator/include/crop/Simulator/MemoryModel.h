//===- MemoryModel.h - What a block's memory accesses cost per execution --===//
//
// Beside the cache model's hit rates (CacheModel.h): the load latency the
// pipeline simulator sees (Eq. 6 with prefetched misses at L1 cost), and the
// memory system's lower bound on a block's cycles per execution: bytes per
// level against the thread's share of its bandwidth, misses in flight
// against the core's fill buffers (Little's law), and x86 4K aliasing.
// docs/prediction.md gives each rule and the measurement behind it.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_MEMORYMODEL_H
#define CROP_SIMULATOR_MEMORYMODEL_H

#include "crop/Hwdb/Target.h"
#include "crop/Profile/ProgramProfile.h"
#include "crop/Simulator/CacheModel.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace crop {

/// The L1 latency assumed for a descriptor without caches (a load must cost
/// something; 4 cycles is the L1 hit of every core the hwdb describes).
constexpr double DefaultL1LatencyCycles = 4;

/// The descriptor's L1 load-to-use latency, or DefaultL1LatencyCycles.
inline double l1LatencyCycles(const hw::CpuParams &Cpu) {
  return Cpu.Caches.empty() ? DefaultL1LatencyCycles
                            : Cpu.Caches.front().LatencyCycles;
}

/// The memory side of one block.
struct MemoryCost {
  double LoadLatency = -1; ///< For the simulator; -1: the L1 default.
  double Cycles = 0;       ///< max(miss-parallelism bound, bandwidth bound)
  std::string Level;       ///< The level that sets Cycles.
  BlockMemory Mem;
  std::vector<double> BytesPerExec; ///< Per level, RAM last.
};

/// Hit rates, load latency and the bandwidth and miss-parallelism bound of
/// block B, per execution. SerialWeight blends the Serial and Task views of
/// a parallel function; Warm is the call's footprint for --warm-calls (null:
/// one call from cold).
MemoryCost memoryCost(const BlockProfile &B, CacheModel &CM,
                      const hw::CpuParams &Cpu, double SerialWeight,
                      const std::map<uint32_t, double> *Warm,
                      double SampleRate);

/// Crowded sets: cycles per execution of block B's L1 misses when its lines
/// crowd into few sets and the misses of one set wait for each other
/// (BlockProfile::Sets); 0 for profiles without the record or a hierarchy
/// without an L2. M is the block's split over Ls (innermost first).
double crowdedSetCycles(const BlockProfile &B, const BlockMemory &M,
                        const std::vector<LevelView> &Ls);

/// 4K aliasing (x86 targets): cycles per execution of the chain that loads
/// waiting on older stores at the same page offsets form; 0 when there is
/// none. LoadToStore is the block's longest load-to-store dependence path,
/// MemoryLatency the latency its stores' lines arrive with.
double storeAliasCycles(const BlockProfile &B, double LoadToStore,
                        double MemoryLatency);

} // namespace crop

#endif
