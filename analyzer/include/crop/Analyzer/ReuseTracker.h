//===- ReuseTracker.h - Reuse distances of a memory access stream ---------===//
//
// Exact reuse distance in cache lines with an O(log n) structure over
// last-access times, and a SHARDS-style sampled mode that keeps only lines
// whose hash falls under a threshold and scales distances and counts back up
// (below a rate of 0.1, short distances come from a denser sample of recent
// lines so that small caches stay accurate; see ReuseTracker.cpp).
// Memory grows with the distinct lines touched, not with the trace length.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_REUSETRACKER_H
#define CROP_ANALYZER_REUSETRACKER_H

#include "crop/Profile/ReuseHistogram.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>

namespace crop {

class ReuseTracker {
public:
  /// SHARDS hashes each line to [0, 2^SampleBits) and keeps it when the hash
  /// is below round(SampleRate * 2^SampleBits).
  static constexpr unsigned SampleBits = 24;

  /// LineBytes must be a power of two; SampleRate in (0, 1], 1 = exact.
  /// checkOptions says whether they are; the constructor asserts it.
  explicit ReuseTracker(uint32_t LineBytes = 64, double SampleRate = 1.0);
  ~ReuseTracker();
  ReuseTracker(ReuseTracker &&);
  ReuseTracker &operator=(ReuseTracker &&);

  /// An error naming the bad value when the constructor would refuse them.
  static llvm::Error checkOptions(uint32_t LineBytes, double SampleRate);

  /// Records an access of Size bytes at Addr (it may span several lines) and
  /// adds each line's distance to Hist (cold accesses via Hist.addCold).
  /// In sampled mode, accesses to unsampled lines are not recorded at all;
  /// call finish() on every histogram to scale it back.
  /// Inline so that the common cases (an unsampled line; the same line as
  /// the access before) cost a few instructions in the memory hook.
  void access(uint64_t Addr, uint32_t Size, ReuseHistogram &Hist) {
    uint64_t First = Addr >> LineShift;
    uint64_t Last = (Addr + (Size ? Size - 1 : 0)) >> LineShift;
    if (First != Last) {
      accessLines(First, Last, Hist);
      return;
    }
    if (First == LastLine) {
      // Nothing touched in between: distance 0, and the line stays the most
      // recent one, so no state changes.
      Hist.add(0);
      return;
    }
    if (Sampled && sampleHash(First) >= Threshold)
      return;
    accessLine(First, Hist);
  }
  /// Scales a histogram filled in sampled mode back to the whole stream;
  /// nothing in exact mode. Call once per histogram, and use it rather than
  /// scaling by 1/sampleRate(): below a rate of 0.1 short distances come from
  /// a denser sample and carry a different weight (see ReuseTracker.cpp).
  void finish(ReuseHistogram &Hist) const;
  /// Forgets all history (the next access to every line is cold).
  void reset();

  uint32_t lineBytes() const { return 1u << LineShift; }
  /// The rate actually used for long distances (the threshold over
  /// 2^SampleBits); memory goes with it.
  double sampleRate() const;
  bool sampled() const { return Sampled; }
  /// Whether the line is recorded at all (always true in exact mode).
  bool keepsLine(uint64_t Line) const {
    return !Sampled || sampleHash(Line) < Threshold;
  }
  /// Distinct lines currently tracked.
  uint64_t trackedLines() const;
  /// Bytes the tracker's structures occupy now.
  uint64_t memoryBytes() const;

  /// The spatial hash, in [0, 2^SampleBits): murmur3's 64-bit finaliser,
  /// independent of the hash the line table uses.
  static uint64_t sampleHash(uint64_t Line) {
    Line ^= Line >> 33;
    Line *= 0xff51afd7ed558ccdULL;
    Line ^= Line >> 33;
    Line *= 0xc4ceb9fe1a85ec53ULL;
    Line ^= Line >> 33;
    return Line >> (64 - SampleBits);
  }

private:
  void accessLine(uint64_t Line, ReuseHistogram &Hist);
  void accessLines(uint64_t First, uint64_t Last, ReuseHistogram &Hist);

  static constexpr uint64_t NoLine = ~uint64_t(0);
  uint64_t LastLine = NoLine; ///< The line recorded last (sampled lines only).
  /// Lines hashing below it are recorded (the denser rate in two-level mode).
  uint64_t Threshold = uint64_t(1) << SampleBits;
  unsigned LineShift = 6;
  bool Sampled = false;

  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace crop

#endif // CROP_ANALYZER_REUSETRACKER_H
