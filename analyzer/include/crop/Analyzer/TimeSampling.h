//===- TimeSampling.h - Which stretches of a run the profiler records -----===//
//
// Tracing every access is most of what profiling costs (the reuse stacks,
// the 4K-alias and set-crowding records, the class logs), and a tensor
// program's long loops repeat the same pattern of accesses millions of
// times. So past a first stretch that is always recorded, the run is cut into
// chunks of accesses, in strata of K chunks, and one chunk of each stratum,
// at a place a fixed hash of the stratum picks, is recorded with a weight of
// K: every access is in a recorded chunk with the same probability, so the
// records stay unbiased wherever the loops' periods fall, and the chunks are
// spread evenly over the run (independent draws left whole stretches
// unrecorded, and short runs far off). A profile does not change from run to
// run.
//
// What a chunk that is not recorded still does: block and access counts stay
// exact, and the reuse stacks see every access (ReuseTracker::feed, without
// the distance), so the distances recorded later are those of the whole run,
// however long. First touches (cold accesses) are counted there too, whole:
// they come in bursts (a sweep over new data) that chunks catch or miss
// entirely. The records with a short memory (the 4K-alias tracker, each
// block's recent lines, the class logs) skip those chunks and are cleared
// before a recorded chunk, which a warm-up of WarmUp accesses (traced, not
// recorded) fills again. At the end each block's reuse records are scaled by
// its exact access count over their recorded weight (a ratio estimate), so
// their totals are exact and only their shape is sampled. The error this
// leaves against recording every access is measured in docs/profiling.md
// ("Time sampling").
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_TIMESAMPLING_H
#define CROP_ANALYZER_TIMESAMPLING_H

#include <cstdint>

namespace crop {

class TimeSampler {
public:
  /// Accesses always recorded from the start (no sampling below them).
  /// 2^18 rather than 2^20 since 2026-12-02: half of the suite's programs of
  /// a few milliseconds run fewer than 2^20 accesses, all traced; with 2^18
  /// every CPU's validation scores stay within a point of exact profiles,
  /// and the median profile takes 8 % less wall time (docs/profiling.md).
  static constexpr uint64_t Exact = uint64_t(1) << 18;
  /// Accesses in a chunk, and the warm-up at the end of an unrecorded chunk
  /// that precedes a recorded one: more than the store queue's 64 stores
  /// (StoreAliasTracker::Window), the 32 lines of a block's ring and a class
  /// log's 64 switches take to refill. Loads that wait on a store further back
  /// (StoreAliasTracker::CrossWindow) are missed at the start of a chunk.
  /// Chunks of 16384 drawn independently moved predictions by up to 30 %
  /// where chunks of 4096 in strata moved them by at most 2 % (30 programs
  /// of the suite, docs/profiling.md).
  static constexpr uint64_t Chunk = 4096;
  static constexpr uint64_t WarmUp = 1024;

  enum class Phase : uint8_t {
    Record, ///< Everything traced, recorded with weight() (1 or K).
    Skip,   ///< Counts and the reuse stacks only.
    WarmUp, ///< Everything traced, nothing recorded (weight 0).
  };

  /// K: one chunk in K is recorded (K <= 1: every access, as without).
  explicit TimeSampler(uint64_t K = 0) : K(K) {}

  bool enabled() const { return K > 1; }
  /// Past the exact prefix.
  bool sampling() const { return Sampling; }
  Phase phase() const { return Now; }
  /// What a recorded access counts for; 0 outside recorded stretches.
  uint64_t weight() const {
    return Now != Phase::Record ? 0 : (Sampling ? K : 1);
  }
  /// One access; true when the phase changed at it (call before tracing
  /// it: the access belongs to phase()).
  bool tick() {
    if (--Left)
      return false;
    advance();
    return true;
  }

private:
  void advance();
  void startChunk();
  /// Whether chunk I (counted from the end of the prefix) is recorded.
  bool recorded(uint64_t I) const;

  uint64_t K;
  Phase Now = Phase::Record;
  bool Sampling = false;     ///< Past the exact prefix.
  bool NextRecorded = false; ///< The chunk after the current one.
  uint64_t Index = 0;        ///< The current chunk.
  /// Accesses until the next phase change (the first access starts none).
  uint64_t Left = Exact + 1;
};

} // namespace crop

#endif // CROP_ANALYZER_TIMESAMPLING_H
