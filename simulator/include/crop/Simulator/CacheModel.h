//===- CacheModel.h - Hit rates per cache level from reuse profiles -------===//
//
// Paper Eq. 4-6: the probability that an access with reuse distance D hits a
// set-associative LRU cache of B lines and A ways is the probability that
// fewer than A of the D distinct lines touched in between map to its set,
// P(h|D) = P(Binomial(D, A/B) < A). Eq. 5 weights it by the reuse histogram;
// Eq. 6 composes the levels, a miss at one level going on to the next.
// Beyond the paper: hit rates are per block (each block's own histogram),
// parallel functions see the stream one thread runs and a shared level's
// share of capacity, and the misses give the bytes every level must move
// (for the bandwidth bound) and how many misses are sequential streams that
// a hardware prefetcher covers.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_CACHEMODEL_H
#define CROP_SIMULATOR_CACHEMODEL_H

#include "crop/Hwdb/Target.h"
#include "crop/Profile/ProgramProfile.h"
#include "crop/Profile/ReuseHistogram.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace crop {

/// Eq. 4 evaluated directly for one distance: P(Binomial(D, A/B) < A) with
/// B = Lines, A = Ways. Exact for every D (a log-space sum of A terms); with
/// Ways >= Lines (fully associative) it is the LRU rule D < Lines.
double hitProbability(double D, double Lines, uint32_t Ways);

/// Eq. 4 averaged over the distances of one histogram bin (the bins are up to
/// 12.5 % wide; near the capacity cliff the average differs from the value at
/// the midpoint).
double binHitProbability(uint32_t Bin, double Lines, uint32_t Ways);

/// One cache level as a thread sees it.
struct LevelView {
  std::string Name;
  uint32_t LineBytes = 64;
  uint32_t Ways = 1;
  /// Lines available to one thread: capacity / line size, divided by the
  /// number of threads sharing the instance.
  double Lines = 0;
  double Latency = 0;   ///< Cycles.
  double Bandwidth = 0; ///< Bytes/s one thread can move through it.
  uint32_t Sharers = 1; ///< Threads sharing one instance.
  /// Bytes/s of dirty lines one thread can write back into it beside those
  /// reads (hw::CacheLevel::WriteBackBandwidthPerCore, shared among threads
  /// as Bandwidth is); 0 where the descriptor does not say (at Bandwidth).
  double WriteBackBandwidth = 0;
};

/// How a block's accesses split over the hierarchy.
struct BlockMemory {
  /// Fraction of accesses served by each cache level (innermost first) and,
  /// as the last entry, by RAM. Sums to 1 when the block has accesses.
  std::vector<double> Served;
  /// Accesses (loads and stores) the histogram described, per execution.
  double AccessesPerExec = 0;
  /// Per cache level: the fraction of its misses that belong to sequential
  /// streams (adjacent lines used together), which a hardware prefetcher
  /// fetches ahead. 0 where the block has no histogram for twice the line.
  std::vector<double> Prefetchable;
  /// True when the block had a reuse histogram for the level's line size.
  bool HasReuse = false;
  /// Per cache level: the fraction of the block's stores whose line left it
  /// dirty (Eq. 4 on the stores' own histogram, serial view; on their
  /// distances since the previous store where the target prices write-backs,
  /// CacheModel::writeBackRates), and the stores (line accesses) per
  /// execution; HasStoreReuse is false for profiles without store
  /// histograms.
  std::vector<double> StoreMiss;
  /// The same for all of the block's accesses (Eq. 4, serial view): the
  /// stores' misses are taken relative to it, so that set conflicts the
  /// class model finds for the block apply to its stores too.
  std::vector<double> AllMiss;
  double StoresPerExec = 0;
  bool HasStoreReuse = false;
};

/// Evaluates a target's hierarchy for one thread count; memoizes P(h|bin)
/// per (bin, level).
class CacheModel {
public:
  /// ThreadsRunning: threads executing at once (1 for serial code). The
  /// model copies what it needs from Cpu.
  CacheModel(const hw::CpuParams &Cpu, unsigned ThreadsRunning);
  ~CacheModel();
  CacheModel(CacheModel &&);
  CacheModel &operator=(CacheModel &&);

  const std::vector<LevelView> &levels() const;
  /// RAM as the thread sees it (Lines unused).
  const LevelView &ram() const;
  /// Whether the descriptor gives any level a write-back rate of its own
  /// (hw::CacheLevel::WriteBackBandwidthPerCore). Only then are write-backs
  /// counted from the stores' distances since their previous store
  /// (BlockReuse::StoreWriteBack) and priced apart from fills; otherwise
  /// from the stores' own distances, at the fill rate, as before that
  /// record existed: a write-back term that also stands in for the costs of
  /// strided stores the model does not have (docs/prediction.md).
  bool writeBackRates() const;

  /// P(h|bin) of level L (memoized).
  double levelHit(size_t L, uint32_t Bin);

  /// Eq. 5-6 for one block: every level reads the block's histogram for its
  /// own line size (the nearest recorded one if that is missing).
  /// SerialWeight in [0, 1] blends the miss rates of the Serial and Task
  /// histograms (1 = Serial only; see serialWeightForTasks).
  /// Warm (optional): line bytes -> distinct lines one call touches
  /// (callFootprint). Given, an access the profile saw as a first touch
  /// (cold) is the reuse of the same line from the previous call, at that
  /// distance: the steady state of a call repeated on the same buffers.
  /// Without it, cold accesses miss every level (a single cold call).
  /// SampleRate: the profile's sample_rate. Class distances are read only
  /// where the sample resolves the level's class capacity (see
  /// classModelResolved); elsewhere Eq. 4 on the plain distances.
  BlockMemory evaluate(const BlockProfile &B, double SerialWeight,
                       const std::map<uint32_t, double> *Warm = nullptr,
                       double SampleRate = 1.0);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Distinct lines one call of the entry touches, per recorded line size:
/// every line's first touch is a cold access of exactly one block, so the
/// Serial cold counts summed over all blocks.
std::map<uint32_t, double> callFootprint(const ProgramProfile &P);

/// Whether a profile sampled at SampleRate measures class distances finely
/// enough for a level whose lines of one class number ClassLines: exact
/// profiles always; sampled ones where their class distances are exact
/// (below BlockReuse::ClassExactBelow: an L1 with one set per class) or
/// about 10 sampled lines fit (a longer class distance is counted in sampled
/// lines, from a sample of rate at least 0.1, the tracker's dense one).
bool classModelResolved(double ClassLines, double SampleRate);

/// Threads sharing one instance of a level with SharedByCores cores when
/// Threads threads run spread evenly over the machine's Cores cores.
uint32_t levelSharers(uint32_t SharedByCores, uint32_t Cores, unsigned Threads);

/// Weight of the Serial histogram for a private cache when each thread runs
/// TasksPerThread consecutive tasks: reuse from the previous task survives
/// except at the first task of each thread, so (k - 1) / k.
double serialWeightForTasks(double TasksPerThread);

} // namespace crop

#endif // CROP_SIMULATOR_CACHEMODEL_H
