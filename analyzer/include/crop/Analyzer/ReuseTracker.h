//===- ReuseTracker.h - Reuse distances of a memory access stream ---------===//
//
// Exact reuse distance in cache lines with an O(log n) structure over
// last-access times, and a SHARDS-style sampled mode that keeps only lines
// whose hash falls under a threshold and scales distances and counts back up.
// Memory grows with the distinct lines touched, not with the trace length.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_REUSETRACKER_H
#define CROP_ANALYZER_REUSETRACKER_H

#include "crop/Profile/ReuseHistogram.h"

#include <cstdint>
#include <memory>

namespace crop {

class ReuseTracker {
public:
  /// LineBytes must be a power of two; SampleRate in (0, 1], 1 = exact.
  explicit ReuseTracker(uint32_t LineBytes = 64, double SampleRate = 1.0);
  ~ReuseTracker();
  ReuseTracker(ReuseTracker &&);
  ReuseTracker &operator=(ReuseTracker &&);

  /// Records an access of Size bytes at Addr (it may span several lines) and
  /// adds each line's distance to Hist (cold accesses via Hist.addCold).
  /// In sampled mode, accesses to unsampled lines are not recorded at all;
  /// call finish() to scale histograms back.
  void access(uint64_t Addr, uint32_t Size, ReuseHistogram &Hist);
  /// Forgets all history (the next access to every line is cold).
  void reset();

  uint32_t lineBytes() const;
  double sampleRate() const;
  /// Distinct lines currently tracked.
  uint64_t trackedLines() const;
  /// Bytes the tracker's structures occupy now.
  uint64_t memoryBytes() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace crop

#endif // CROP_ANALYZER_REUSETRACKER_H
