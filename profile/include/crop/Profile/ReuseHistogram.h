//===- ReuseHistogram.h - Log-binned reuse-distance histograms ------------===//
//
// Reuse distance (distinct cache lines touched between two accesses to the
// same line) is the hardware-independent memory feature of a program (paper
// section 3.2.2). Histograms are log-binned so that one profile serves caches
// from 32 KiB to 256 MiB: distances below 16 have a bin each, above that every
// power of two is split into 8 sub-bins (at most 12.5 % relative width).
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PROFILE_REUSEHISTOGRAM_H
#define CROP_PROFILE_REUSEHISTOGRAM_H

#include <cstdint>
#include <map>

namespace crop {

class ReuseHistogram {
public:
  static constexpr unsigned SubBinsLog2 = 3; // 8 sub-bins per octave.
  static constexpr uint64_t ExactBelow = 16;

  /// Bin index of a finite reuse distance.
  static uint32_t binOf(uint64_t Distance);
  /// Smallest and largest distance that falls into bin B.
  static uint64_t binLow(uint32_t B);
  static uint64_t binHigh(uint32_t B);
  /// A representative distance for bin B (its midpoint).
  static double binMid(uint32_t B);

  void add(uint64_t Distance, uint64_t Count = 1) {
    Bins[binOf(Distance)] += Count;
    Total += Count;
  }
  void addCold(uint64_t Count = 1) {
    Cold += Count;
    Total += Count;
  }
  void merge(const ReuseHistogram &O);
  /// Multiplies every count (used to scale a sampled histogram back up).
  void scale(double Factor);

  /// Sparse bins: bin index -> number of accesses with a distance in it.
  const std::map<uint32_t, uint64_t> &bins() const { return Bins; }
  uint64_t cold() const { return Cold; }
  uint64_t total() const { return Total; }
  bool empty() const { return Total == 0; }

  /// For deserialisation: sets a bin's count directly.
  void setBin(uint32_t B, uint64_t Count);
  void setCold(uint64_t Count);

  bool operator==(const ReuseHistogram &O) const {
    return Bins == O.Bins && Cold == O.Cold && Total == O.Total;
  }

private:
  std::map<uint32_t, uint64_t> Bins;
  uint64_t Cold = 0;  ///< First touches (infinite distance).
  uint64_t Total = 0; ///< Cold plus all binned accesses.
};

} // namespace crop

#endif // CROP_PROFILE_REUSEHISTOGRAM_H
