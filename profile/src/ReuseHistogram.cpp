//===- ReuseHistogram.cpp - Log-binned reuse-distance histograms ----------===//
#include "crop/Profile/ReuseHistogram.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace crop;

// Bins 0..15 hold distances 0..15 exactly. Above, octave k (distances in
// [2^k, 2^(k+1)), k >= 4) has 8 sub-bins of width 2^(k-3).
uint32_t ReuseHistogram::binOf(uint64_t D) {
  if (D < ExactBelow)
    return static_cast<uint32_t>(D);
  unsigned K = llvm::Log2_64(D);
  uint64_t Sub = (D >> (K - SubBinsLog2)) & ((1u << SubBinsLog2) - 1);
  return static_cast<uint32_t>(ExactBelow + (K - 4) * (1u << SubBinsLog2) +
                               Sub);
}

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
  return binLow(B + 1) - 1;
}

double ReuseHistogram::binMid(uint32_t B) {
  return 0.5 * (double(binLow(B)) + double(binHigh(B)));
}

void ReuseHistogram::merge(const ReuseHistogram &O) {
  for (const auto &[B, C] : O.Bins)
    Bins[B] += C;
  Cold += O.Cold;
  Total += O.Total;
}

void ReuseHistogram::scale(double Factor) {
  Total = 0;
  for (auto &[B, C] : Bins) {
    C = static_cast<uint64_t>(std::llround(double(C) * Factor));
    Total += C;
  }
  Cold = static_cast<uint64_t>(std::llround(double(Cold) * Factor));
  Total += Cold;
}

void ReuseHistogram::setBin(uint32_t B, uint64_t Count) {
  auto It = Bins.find(B);
  if (It != Bins.end())
    Total -= It->second;
  if (Count)
    Bins[B] = Count;
  else if (It != Bins.end())
    Bins.erase(It);
  Total += Count;
}

void ReuseHistogram::setCold(uint64_t Count) {
  Total = Total - Cold + Count;
  Cold = Count;
}
