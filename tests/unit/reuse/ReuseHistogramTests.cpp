//===- ReuseHistogramTests.cpp - Binning, P(D < x), equality, scaling -----===//
#include "crop/Profile/ReuseHistogram.h"

#include <catch2/catch.hpp>

using namespace crop;

TEST_CASE("every 64-bit distance has a bin", "[reuse]") {
  CHECK(ReuseHistogram::binOf(UINT64_MAX) == ReuseHistogram::MaxBins - 1);
  CHECK(ReuseHistogram::binHigh(ReuseHistogram::MaxBins - 1) == UINT64_MAX);
  for (unsigned K = 4; K < 64; ++K) {
    uint64_t D = uint64_t(1) << K;
    uint32_t B = ReuseHistogram::binOf(D);
    REQUIRE(ReuseHistogram::binLow(B) == D);
    REQUIRE(ReuseHistogram::binHigh(B - 1) == D - 1);
  }
  CHECK(ReuseHistogram::binMid(7) == 7.0);
}

TEST_CASE("P(D < x) is exact at powers of two and interpolates inside a bin",
          "[reuse]") {
  ReuseHistogram H;
  H.add(3, 10);   // exact bin
  H.add(511, 20); // last bin below 512
  H.add(512, 30); // first bin of the 512 octave: [512, 575]
  H.addCold(40);
  CHECK(H.total() == 100);
  CHECK(H.warm() == 60);
  CHECK(H.countBelow(3) == 0.0);
  CHECK(H.countBelow(4) == 10.0);
  CHECK(H.countBelow(512) == 30.0);
  CHECK(H.fractionBelow(512) == Approx(0.30));
  // Half of [512, 575] lies below 544.
  CHECK(H.countBelow(544) == Approx(30 + 15));
  CHECK(H.countBelow(1e30) == 60.0);
  CHECK(ReuseHistogram().fractionBelow(100) == 0.0);
}

TEST_CASE("histograms compare by content, merge and scale", "[reuse]") {
  ReuseHistogram A, B;
  A.add(1000, 3);
  A.setBin(ReuseHistogram::binOf(1000), 0);
  CHECK(A == B); // a zeroed trailing bin does not make them differ
  A.add(5, 2);
  A.addCold(1);
  B.add(5, 1);
  CHECK(A != B);
  B.merge(A);
  CHECK(B.count(5) == 3);
  CHECK(B.total() == 4);
  B.scale(10);
  CHECK(B.count(5) == 30);
  CHECK(B.cold() == 10);
  CHECK(B.total() == 40);
  auto M = B.bins();
  REQUIRE(M.size() == 1);
  CHECK(M.begin()->first == 5);
  B.clear();
  CHECK(B.empty());
  CHECK(B.binEnd() == 0);
}
