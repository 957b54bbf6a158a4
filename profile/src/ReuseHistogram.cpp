//===- ReuseHistogram.cpp - Log-binned reuse-distance histograms ----------===//
#include "crop/Profile/ReuseHistogram.h"

#include <algorithm>
#include <cassert>
#include <cmath>

using namespace crop;

// Bins 0..15 hold distances 0..15 exactly. Above, octave k (distances in
// [2^k, 2^(k+1)), k >= 4) has 8 sub-bins of width 2^(k-3).
uint64_t ReuseHistogram::binLow(uint32_t B) {
  if (B < ExactBelow)
    return B;
  uint32_t Rel = B - ExactBelow;
  unsigned K = 4 + Rel / (1u << SubBinsLog2);
  uint64_t Sub = Rel % (1u << SubBinsLog2);
  return (uint64_t(1) << K) + Sub * (uint64_t(1) << (K - SubBinsLog2));
}

uint64_t ReuseHistogram::binHigh(uint32_t B) {
  if (B < ExactBelow)
    return B;
  if (B + 1 >= MaxBins)
    return UINT64_MAX;
  return binLow(B + 1) - 1;
}

double ReuseHistogram::binMid(uint32_t B) {
  return 0.5 * (double(binLow(B)) + double(binHigh(B)));
}

void ReuseHistogram::grow(uint32_t B) {
  assert(B < MaxBins && "bin index out of range");
  Bins.resize(B + 1, 0);
}

void ReuseHistogram::merge(const ReuseHistogram &O) {
  if (O.Bins.size() > Bins.size())
    Bins.resize(O.Bins.size(), 0);
  for (size_t B = 0; B < O.Bins.size(); ++B)
    Bins[B] += O.Bins[B];
  Cold += O.Cold;
  Total += O.Total;
}

void ReuseHistogram::scale(double Factor) {
  Total = 0;
  for (uint64_t &C : Bins) {
    C = static_cast<uint64_t>(std::llround(double(C) * Factor));
    Total += C;
  }
  Cold = static_cast<uint64_t>(std::llround(double(Cold) * Factor));
  Total += Cold;
}

void ReuseHistogram::scaleWarm(double Factor) {
  Total = Cold;
  for (uint64_t &C : Bins) {
    C = static_cast<uint64_t>(std::llround(double(C) * Factor));
    Total += C;
  }
}

void ReuseHistogram::clear() {
  Bins.clear();
  Cold = Total = 0;
}

std::map<uint32_t, uint64_t> ReuseHistogram::bins() const {
  std::map<uint32_t, uint64_t> M;
  forEachBin([&](uint32_t B, uint64_t C) { M.emplace_hint(M.end(), B, C); });
  return M;
}

double ReuseHistogram::countBelow(double X) const {
  if (!(X > 0))
    return 0.0;
  double Sum = 0;
  for (uint32_t B = 0, E = binEnd(); B < E; ++B) {
    if (!Bins[B])
      continue;
    double Lo = double(binLow(B));
    if (Lo >= X)
      break;
    // Integer distances Lo..Hi; those below X are Lo..ceil(X)-1.
    double Width = double(binHigh(B)) - Lo + 1;
    double Below = std::min(Width, std::ceil(X) - Lo);
    Sum += double(Bins[B]) * (Below / Width);
  }
  return Sum;
}

void ReuseHistogram::setBin(uint32_t B, uint64_t Count) {
  if (B >= MaxBins)
    return; // No distance maps there; readers reject such bins first.
  if (B >= Bins.size()) {
    if (!Count)
      return;
    grow(B);
  }
  Total -= Bins[B];
  Bins[B] = Count;
  Total += Count;
}

void ReuseHistogram::setCold(uint64_t Count) {
  Total = Total - Cold + Count;
  Cold = Count;
}

bool ReuseHistogram::operator==(const ReuseHistogram &O) const {
  if (Cold != O.Cold || Total != O.Total)
    return false;
  size_t N = std::max(Bins.size(), O.Bins.size());
  for (size_t B = 0; B < N; ++B)
    if (count(uint32_t(B)) != O.count(uint32_t(B)))
      return false;
  return true;
}
