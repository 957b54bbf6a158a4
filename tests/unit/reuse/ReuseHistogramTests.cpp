//===- ReuseHistogramTests.cpp - Binning, P(D < x), equality, file form ---===//
#include "crop/Analyzer/ReuseTracker.h"
#include "crop/Profile/ProfileIO.h"
#include "crop/Profile/ReuseHistogram.h"

#include <catch2/catch.hpp>

#include <vector>

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

TEST_CASE("weightedSum averages a model over each bin", "[reuse]") {
  ReuseHistogram H;
  H.add(7, 2);     // exact bin: F is taken at 7 only
  H.add(1024, 10); // bin [1024, 1151]
  H.addCold(5);    // left out
  std::vector<double> Seen;
  double Sum = H.weightedSum([&](double D) {
    Seen.push_back(D);
    return D;
  });
  // Bin [1024, 1151] at 4 points 1024 .. 1151 averages its midpoint.
  CHECK(Sum == Approx(2 * 7 + 10 * 1087.5));
  CHECK(Seen.size() == 5);
  CHECK(Seen[1] == 1024.0);
  CHECK(Seen.back() == 1151.0);
  // A step inside the bin counts the part of it below the step.
  double Below = H.weightedSum([](double D) { return D < 1100 ? 1.0 : 0.0; });
  CHECK(Below == Approx(2 + 10 * 0.5));
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

namespace {
ProgramProfile profileWith(const ReuseHistogram &H) {
  ProgramProfile P;
  P.Module = {"h", "k.ll", "kernel", "x86_64-pc-linux-gnu"};
  FunctionProfile F;
  F.Name = "kernel";
  F.Calls = 1;
  BlockProfile B;
  B.Name = "body";
  B.Count = 1;
  B.Reuse[64].Serial = H;
  B.Reuse[128].Task = H;
  F.Blocks.push_back(B);
  P.Functions.push_back(F);
  return P;
}
} // namespace

TEST_CASE("tracked histograms round-trip through the profile file", "[reuse]") {
  ReuseTracker T(64);
  ReuseHistogram H;
  // Distances from 0 to about 2^17 and cold misses.
  for (uint64_t N : {1u, 10u, 1000u, 130000u})
    for (int Pass = 0; Pass < 2; ++Pass)
      for (uint64_t I = 0; I < N; ++I)
        T.access((N * 1000000 + I) * 64, 4, H);
  H.add(uint64_t(1) << 40, 3); // a bin far above the rest
  ProgramProfile P = profileWith(H);
  auto Q = profileFromJSON(profileToJSON(P), "mem");
  REQUIRE(static_cast<bool>(Q));
  const BlockProfile &B = Q->Functions[0].Blocks[0];
  CHECK(B.Reuse.at(64).Serial == H);
  CHECK(B.Reuse.at(128).Task == H);
  CHECK(B.Reuse.at(64).Serial.fractionBelow(131072) == H.fractionBelow(131072));
}

TEST_CASE("a bin index no distance maps to is refused", "[reuse]") {
  ReuseHistogram H;
  H.add(5);
  std::string Text = profileToJSON(profileWith(H));
  // The first bin's index is the first 5 after "bins".
  auto Pos = Text.find('5', Text.find("\"bins\""));
  REQUIRE(Pos != std::string::npos);
  std::string Bad = Text;
  Bad.replace(Pos, 1, "100000");
  auto Q = profileFromJSON(Bad, "bins.json");
  REQUIRE_FALSE(static_cast<bool>(Q));
  std::string Msg = llvm::toString(Q.takeError());
  CHECK(Msg.find("bins.json") != std::string::npos);
  CHECK(Msg.find("bin index out of range") != std::string::npos);
}
