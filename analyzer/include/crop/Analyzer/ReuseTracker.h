//===- ReuseTracker.h - Reuse distances of a memory access stream ---------===//
//
// Exact reuse distance in cache lines with an O(log n) structure over
// last-access times, and a SHARDS-style sampled mode that keeps only lines
// whose hash falls under a threshold and scales distances and counts back up
// (below a rate of 0.1, short distances come from a denser sample of recent
// lines so that small caches stay accurate; see ReuseTracker.cpp).
// Memory grows with the distinct lines touched, not with the trace length.
//
// Optionally it also measures class reuse distances: the distinct lines of
// the same in-page class (line index modulo the lines per 4 KiB page)
// touched between two accesses to a line. Physically indexed caches take the
// set-index bits above the page offset from the (effectively random) frame
// number, so a line can only ever conflict with lines of its own class; the
// cache model turns this distance into set conflicts that random placement
// cannot see (power-of-two strides).
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_REUSETRACKER_H
#define CROP_ANALYZER_REUSETRACKER_H

#include "crop/Profile/ProgramProfile.h"
#include "crop/Profile/ReuseHistogram.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>

namespace crop {

/// Where ReuseTracker::feed counts the cold accesses it sees (null: not
/// counted): the access's histogram, its class distances', and for a store
/// its write-back distances'.
struct FeedCold {
  ReuseHistogram *Hist = nullptr, *Class = nullptr, *WriteBack = nullptr;
};

class ReuseTracker {
public:
  /// SHARDS hashes each line to [0, 2^SampleBits) and keeps it when the hash
  /// is below round(SampleRate * 2^SampleBits).
  static constexpr unsigned SampleBits = 24;
  /// Classes are the line's position within a page of 2^PageShift bytes.
  static constexpr unsigned PageShift = 12;

  /// LineBytes must be a power of two; SampleRate in (0, 1], 1 = exact.
  /// checkOptions says whether they are; the constructor asserts it.
  /// TrackClasses: also measure class distances (accessWithClass); ignored
  /// for lines of a page or more (one class: the plain distance).
  explicit ReuseTracker(uint32_t LineBytes = 64, double SampleRate = 1.0,
                        bool TrackClasses = false);
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
    accessImpl(Addr, Size, Hist, nullptr, nullptr);
  }
  /// access() for a store: also adds to WriteBack each line's distinct lines
  /// since the line's previous store (cold when none). A dirty line is
  /// written back when it leaves a cache, and it leaves one of C lines
  /// between two stores only if more than C lines come in between; its own
  /// distance cannot tell (a read-modify-write's store follows its load).
  void accessStore(uint64_t Addr, uint32_t Size, ReuseHistogram &Hist,
                   ReuseHistogram &WriteBack) {
    accessImpl(Addr, Size, Hist, nullptr, &WriteBack);
  }
  /// access() that also adds each line's class distance to ClassHist (the
  /// tracker must have been built with TrackClasses; see tracksClasses()).
  /// Both histograms record the same accesses, so their totals agree.
  void accessWithClass(uint64_t Addr, uint32_t Size, ReuseHistogram &Hist,
                       ReuseHistogram &ClassHist) {
    accessImpl(Addr, Size, Hist, &ClassHist, nullptr);
  }
  /// accessStore() with class distances, as accessWithClass().
  void accessStoreWithClass(uint64_t Addr, uint32_t Size, ReuseHistogram &Hist,
                            ReuseHistogram &ClassHist,
                            ReuseHistogram &WriteBack) {
    accessImpl(Addr, Size, Hist, &ClassHist, &WriteBack);
  }
  /// Updates the history with an access (a load, or a store when Store)
  /// without measuring or recording anything: what a stretch of the run
  /// that time sampling leaves out costs (crop/Analyzer/TimeSampling.h).
  /// Class logs do not see it: call forgetRecent() before recording again.
  /// First touches are rare and come in bursts (a sweep over new data),
  /// which sampled stretches would catch or miss whole: so feeding still
  /// counts them, exactly, into Cold's histograms (any may be null) with
  /// the cold weight (setWeights). Returns whether the tracker keeps any of
  /// the lines (false: feeding those lines again changes nothing).
  bool feed(uint64_t Addr, uint32_t Size, bool Store,
            const FeedCold &Cold = FeedCold()) {
    uint64_t First = Addr >> LineShift;
    uint64_t Last = (Addr + (Size ? Size - 1 : 0)) >> LineShift;
    bool Kept = false;
    for (uint64_t L = First;; ++L) {
      if (L == LastLine) {
        // Already the most recent line; a store after a load still moves
        // the line's last store.
        Kept = true;
        if (!Store)
          LastWasStore = false;
        else if (!LastWasStore)
          feedLine(L, true, Cold);
      } else if (keepsLine(L)) {
        Kept = true;
        feedLine(L, Store, Cold);
      }
      if (L == Last)
        break;
    }
    return Kept;
  }
  /// Forgets the class logs' recent lines (not the reuse history): after
  /// accesses fed without them, what they hold is no longer recent.
  void forgetRecent() { ++LogEpoch; }
  /// Scales a histogram filled in sampled mode back to the whole stream;
  /// nothing in exact mode. Call once per histogram, and use it rather than
  /// scaling by 1/sampleRate(): below a rate of 0.1 short distances come from
  /// a denser sample and carry a different weight (see ReuseTracker.cpp).
  void finish(ReuseHistogram &Hist) const;
  /// Forgets all history (the next access to every line is cold).
  void reset();
  /// How many accesses each recorded one stands for: 1, or the tasks a
  /// sampled parallel task stands for (ProfileOptions::SampleTasks); 0
  /// updates the history without recording anything (a warm-up task).
  void setWeight(uint64_t W) { Weight = ColdWeight = W; }
  /// A weight for reuses and one for cold accesses (first touches), which
  /// time sampling counts exactly (weight 1) while it samples the reuses.
  void setWeights(uint64_t W, uint64_t ColdW) {
    Weight = W;
    ColdWeight = ColdW;
  }
  uint64_t weight() const { return Weight; }

  uint32_t lineBytes() const { return 1u << LineShift; }
  /// Whether class distances are measured.
  bool tracksClasses() const { return ClassMask != 0; }
  /// The in-page class of a line (its index modulo the lines per page).
  uint64_t classOf(uint64_t Line) const { return Line & ClassMask; }
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
  struct ClassLog;
  void accessImpl(uint64_t Addr, uint32_t Size, ReuseHistogram &Hist,
                  ReuseHistogram *ClassHist, ReuseHistogram *WriteBack) {
    uint64_t First = Addr >> LineShift;
    uint64_t Last = (Addr + (Size ? Size - 1 : 0)) >> LineShift;
    if (First != Last) {
      accessLines(First, Last, Hist, ClassHist, WriteBack);
      return;
    }
    if (ClassHist && Logs) {
      // Most accesses are to unsampled lines: only the log sees them.
      ClassLog &G = Logs[First & ClassMask];
      if (G.Epoch == LogEpoch && First != LastLine &&
          sampleHash(First) >= Threshold) {
        G.append(First);
        return;
      }
      accessLogged(First, Hist, *ClassHist, WriteBack);
      return;
    }
    if (First == LastLine && (!WriteBack || LastWasStore)) {
      // Nothing touched in between: distance 0 (in its class too, and since
      // the last store when this is a store after a store), and the line
      // stays the most recent one, so nothing else changes.
      Hist.add(0, Weight);
      if (ClassHist)
        ClassHist->add(0, Weight);
      if (WriteBack)
        WriteBack->add(0, Weight);
      else
        LastWasStore = false;
      return;
    }
    if (Sampled && sampleHash(First) >= Threshold)
      return;
    accessLine(First, Hist, ClassHist, WriteBack);
  }
  /// Sampled mode with classes: every access goes to its class's log of
  /// recent lines (exact short class distances); sampled ones are recorded.
  void accessLogged(uint64_t Line, ReuseHistogram &Hist,
                    ReuseHistogram &ClassHist, ReuseHistogram *WriteBack);
  /// Exact: the exact class distance when below BlockReuse::ClassExactBelow,
  /// that value when it is at least that, anything above when not known.
  /// Log: the class's log when the line was not in it (it may still show
  /// that at least ClassExactBelow lines came in between).
  /// WriteBack: a store's histogram of distances since its line's last
  /// store (null for a load).
  void accessLine(uint64_t Line, ReuseHistogram &Hist,
                  ReuseHistogram *ClassHist, ReuseHistogram *WriteBack,
                  uint32_t Exact = ~uint32_t(0), const ClassLog *Log = nullptr);
  void accessLines(uint64_t First, uint64_t Last, ReuseHistogram &Hist,
                   ReuseHistogram *ClassHist, ReuseHistogram *WriteBack);
  /// feed() for one kept line.
  void feedLine(uint64_t Line, bool Store, const FeedCold &Cold);

  static constexpr uint64_t NoLine = ~uint64_t(0);
  uint64_t LastLine = NoLine; ///< The line recorded last (sampled lines only).
  bool LastWasStore = false;  ///< Whether that access was a store.
  /// Lines hashing below it are recorded (the denser rate in two-level mode).
  uint64_t Threshold = uint64_t(1) << SampleBits;
  unsigned LineShift = 6;
  bool Sampled = false;
  uint64_t Weight = 1; ///< See setWeight().
  uint64_t ColdWeight = 1;
  /// Classes per page minus one; 0 when classes are not tracked.
  uint64_t ClassMask = 0;
  /// SHARDS counts a class distance in sampled lines of the class, which at
  /// R = 0.1 cannot tell 5 from 15 (a 12-way L1 with one set per class). So
  /// in sampled mode every access, sampled or not, appends its line to its
  /// class's log when the class's line changes (cheap: most accesses repeat
  /// a line or switch to another), and a sampled access scans the log back
  /// for its exact class distance up to ClassExactBelow. Where the log is
  /// too short (many switches among few lines) the sampled estimate stands.
  struct ClassLog {
    static constexpr uint32_t K = BlockReuse::ClassExactBelow;
    static constexpr uint32_t Length = 64; ///< A power of two.
    static constexpr uint64_t NoLine = ~uint64_t(0);
    /// distance(): at least K lines in between; the line is not in the log.
    static constexpr uint32_t AtLeastK = K, Absent = K + 1;
    uint64_t Lines[Length];
    uint64_t Pos = 0; ///< Switches logged since the last clear.
    uint64_t Front = NoLine;
    uint64_t Epoch = 0; ///< LogEpoch when last cleared.

    /// Distinct lines logged since Line's last switch-in, up to K; Absent
    /// when the log does not reach back to it.
    uint32_t distance(uint64_t Line) const;
    /// Whether the log holds at least K distinct lines.
    bool holdsK() const;
    /// Distinct lines in log positions [Begin, End), up to K.
    uint32_t distinctIn(uint64_t Begin, uint64_t End) const;
    void append(uint64_t Line) {
      if (Line == Front)
        return;
      Lines[Pos++ & (Length - 1)] = Line;
      Front = Line;
    }
  };
  ClassLog *Logs = nullptr; ///< Sampled mode with classes: one per class.
  uint64_t LogEpoch = 0;    ///< reset() bumps it; logs clear lazily.

  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace crop

#endif // CROP_ANALYZER_REUSETRACKER_H
