//===- TimeSampling.h - Which stretches of a run the profiler records -----===//
//
// Tracing every access is most of what profiling costs (the reuse stacks,
// the 4K-alias and set-crowding records, the class logs: about 10 ns an
// access), and a tensor program's long loops repeat the same pattern of
// accesses millions of times. So past a first stretch that is always
// recorded, the run is cut into chunks of accesses, and each chunk is
// recorded with probability 1/K and a weight of K: every access is in a
// recorded chunk with the same probability, so every record stays unbiased,
// wherever the loops' periods fall. Chunks are drawn by a fixed-seed
// generator, so a profile does not change from run to run. At the end each
// block's records are scaled by its exact access count over their recorded
// weight (a ratio estimate), so their totals are exact and only their shape
// is sampled.
//
// What a chunk that is not recorded still does: block and access counts stay
// exact, and the reuse stacks see every access (ReuseTracker::feed, without
// the distance), so the distances recorded later are those of the whole run,
// however long. The records with a short memory (the 4K-alias tracker, each
// block's recent lines, the class logs) skip those chunks and are cleared
// before a recorded chunk, which a warm-up of WarmUp accesses (traced, not
// recorded) fills again. The error this leaves against recording every
// access is measured in docs/profiling.md ("Time sampling").
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_TIMESAMPLING_H
#define CROP_ANALYZER_TIMESAMPLING_H

#include <cstdint>

namespace crop {

class TimeSampler {
public:
  /// Accesses always recorded from the start (no sampling below them).
  static constexpr uint64_t Exact = uint64_t(1) << 20;
  /// Accesses in a chunk, and the warm-up at the end of an unrecorded chunk
  /// that precedes a recorded one: at least StoreAliasTracker::CrossWindow,
  /// so the alias records a recorded chunk starts with are whole.
  static constexpr uint64_t Chunk = 16384;
  static constexpr uint64_t WarmUp = 4096;

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
  bool draw(); ///< Whether a chunk is recorded.

  uint64_t K;
  Phase Now = Phase::Record;
  bool Sampling = false;     ///< Past the exact prefix.
  bool NextRecorded = false; ///< The chunk after the current one.
  /// Accesses until the next phase change (the first access starts none).
  uint64_t Left = Exact + 1;
  uint64_t State = 0x9E3779B97F4A7C15ULL; ///< xorshift64* state.
};

} // namespace crop

#endif // CROP_ANALYZER_TIMESAMPLING_H
