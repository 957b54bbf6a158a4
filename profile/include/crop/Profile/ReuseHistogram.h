//===- ReuseHistogram.h - Log-binned reuse-distance histograms ------------===//
//
// Reuse distance (distinct cache lines touched between two accesses to the
// same line) is the hardware-independent memory feature of a program (paper
// section 3.2.2). Histograms are log-binned so that one profile serves caches
// from 32 KiB to 256 MiB: distances below 16 have a bin each, above that every
// power of two is split into 8 sub-bins (at most 12.5 % relative width), so
// P(D < x) is exact wherever x is a power of two (every cache size in lines).
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PROFILE_REUSEHISTOGRAM_H
#define CROP_PROFILE_REUSEHISTOGRAM_H

#include <cstdint>
#include <map>
#include <vector>

namespace crop {

class ReuseHistogram {
public:
  static constexpr unsigned SubBinsLog2 = 3; // 8 sub-bins per octave.
  static constexpr uint64_t ExactBelow = 16;
  /// Bins needed for every 64-bit distance.
  static constexpr uint32_t MaxBins =
      ExactBelow + (64 - 4) * (1u << SubBinsLog2);

  /// Bin index of a finite reuse distance. Inline: the reuse tracker calls it
  /// for every access it records.
  static uint32_t binOf(uint64_t D) {
    if (D < ExactBelow)
      return static_cast<uint32_t>(D);
    unsigned K = 63u - static_cast<unsigned>(__builtin_clzll(D));
    uint64_t Sub = (D >> (K - SubBinsLog2)) & ((1u << SubBinsLog2) - 1);
    return static_cast<uint32_t>(ExactBelow + (K - 4) * (1u << SubBinsLog2) +
                                 Sub);
  }
  /// Smallest and largest distance that falls into bin B.
  static uint64_t binLow(uint32_t B);
  static uint64_t binHigh(uint32_t B);
  /// A representative distance for bin B (its midpoint; the distance itself
  /// for the exact bins below 16).
  static double binMid(uint32_t B);

  void add(uint64_t Distance, uint64_t Count = 1) {
    uint32_t B = binOf(Distance);
    if (B >= Bins.size())
      grow(B);
    Bins[B] += Count;
    Total += Count;
  }
  void addCold(uint64_t Count = 1) {
    Cold += Count;
    Total += Count;
  }
  void merge(const ReuseHistogram &O);
  /// Multiplies every count (used to scale a sampled histogram back up).
  void scale(double Factor);
  /// Multiplies the reuses' counts, not the cold accesses'.
  void scaleWarm(double Factor);
  /// Forgets every count.
  void clear();

  /// Sparse bins: bin index -> number of accesses with a distance in it
  /// (only non-zero bins, ascending). Built on demand; for hot loops use
  /// forEachBin or count().
  std::map<uint32_t, uint64_t> bins() const;
  /// Calls F(Bin, Count) for every non-zero bin in ascending order.
  template <typename Fn> void forEachBin(Fn F) const {
    for (uint32_t B = 0, E = static_cast<uint32_t>(Bins.size()); B < E; ++B)
      if (Bins[B])
        F(B, Bins[B]);
  }
  /// Count of bin B (0 for bins never filled).
  uint64_t count(uint32_t B) const { return B < Bins.size() ? Bins[B] : 0; }
  /// One past the highest bin that may be non-zero.
  uint32_t binEnd() const { return static_cast<uint32_t>(Bins.size()); }

  uint64_t cold() const { return Cold; }
  uint64_t total() const { return Total; }
  uint64_t warm() const { return Total - Cold; }
  bool empty() const { return Total == 0; }

  /// Accesses with a finite distance D < X. Exact when X is an integer below
  /// 16 or on a bin boundary (every power of two); inside a bin, distances
  /// are taken as spread evenly over it.
  double countBelow(double X) const;
  /// P(D < X) over all accesses, cold ones counting as D = infinity: the hit
  /// rate of a fully-associative LRU cache of X lines. 0 when empty.
  double fractionBelow(double X) const {
    return Total ? countBelow(X) / double(Total) : 0.0;
  }

  /// Sum over all warm accesses of F(distance), for a model such as Eq. 4's
  /// P(hit | D): each bin's count times the mean of F at Points evenly spaced
  /// distances across the bin (the distances inside a bin are not known, and
  /// its midpoint alone is off where F changes within a bin). Cold accesses
  /// are left out: they miss everywhere.
  template <typename Fn> double weightedSum(Fn F, unsigned Points = 4) const {
    double Sum = 0;
    for (uint32_t B = 0, E = binEnd(); B < E; ++B) {
      if (!Bins[B])
        continue;
      double Lo = double(binLow(B)), Width = double(binHigh(B)) - Lo + 1;
      unsigned N = Width <= 1 ? 1 : Points;
      double Acc = 0;
      for (unsigned I = 0; I < N; ++I)
        Acc += F(Lo + (Width - 1) * (N == 1 ? 0.0 : double(I) / (N - 1)));
      Sum += double(Bins[B]) * Acc / N;
    }
    return Sum;
  }

  /// For deserialisation: sets a bin's count directly.
  void setBin(uint32_t B, uint64_t Count);
  void setCold(uint64_t Count);

  bool operator==(const ReuseHistogram &O) const;
  bool operator!=(const ReuseHistogram &O) const { return !(*this == O); }

private:
  void grow(uint32_t B);

  /// Dense: index = bin. Dense because the tracker adds one access at a time
  /// and a map lookup would cost more than the whole distance computation.
  std::vector<uint64_t> Bins;
  uint64_t Cold = 0;  ///< First touches (infinite distance).
  uint64_t Total = 0; ///< Cold plus all binned accesses.
};

} // namespace crop

#endif // CROP_PROFILE_REUSEHISTOGRAM_H
