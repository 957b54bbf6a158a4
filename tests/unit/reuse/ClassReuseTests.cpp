//===- ClassReuseTests.cpp - Class reuse distances against brute force ----===//
#include "crop/Analyzer/ReuseTracker.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

using namespace crop;

namespace {

constexpr uint64_t LineBytes = 64, Classes = 64; // 4 KiB pages

/// Brute force: for each access, the distinct lines of its class touched
/// since the previous access to its line (scanning back over the trace).
ReuseHistogram bruteForceClass(const std::vector<uint64_t> &Lines,
                               uint64_t NumClasses) {
  ReuseHistogram H;
  std::map<uint64_t, size_t> Last;
  for (size_t I = 0; I < Lines.size(); ++I) {
    auto It = Last.find(Lines[I]);
    if (It == Last.end()) {
      H.addCold();
    } else {
      std::vector<uint64_t> Seen;
      for (size_t J = It->second + 1; J < I; ++J)
        if (Lines[J] % NumClasses == Lines[I] % NumClasses &&
            Lines[J] != Lines[I])
          Seen.push_back(Lines[J]);
      std::sort(Seen.begin(), Seen.end());
      H.add(uint64_t(std::unique(Seen.begin(), Seen.end()) - Seen.begin()));
    }
    Last[Lines[I]] = I;
  }
  return H;
}

struct Tracked {
  ReuseHistogram Plain, Class;
};

Tracked track(ReuseTracker &T, const std::vector<uint64_t> &Lines,
              uint64_t Line = LineBytes) {
  Tracked R;
  for (uint64_t L : Lines)
    T.accessWithClass(L * Line, 4, R.Plain, R.Class);
  return R;
}

/// Lines a column walk touches: Passes sweeps over Rows rows of Stride bytes
/// each, one 4-byte element per row, the column moving one element per pass
/// (a transpose's strided side: Out[p * Stride/4 + c], p inner).
std::vector<uint64_t> columnWalk(uint64_t Stride, uint64_t Rows,
                                 uint64_t Passes) {
  std::vector<uint64_t> Lines;
  for (uint64_t C = 0; C < Passes; ++C)
    for (uint64_t P = 0; P < Rows; ++P)
      Lines.push_back((P * Stride + 4 * C) / LineBytes);
  return Lines;
}

} // namespace

TEST_CASE("class distances match brute force on column walks", "[reuse]") {
  // 1024-byte rows: every row's line is in one of 4 classes (0, 16, 32, 48),
  // so a line comes back after Rows/4 lines of its class. 1056-byte rows
  // spread the lines over all 64 classes: about Rows/64.
  for (uint64_t Stride : {1024u, 1056u}) {
    INFO("stride " << Stride);
    std::vector<uint64_t> Lines = columnWalk(Stride, 800, 20);
    ReuseTracker T(LineBytes, 1.0, /*TrackClasses=*/true);
    REQUIRE(T.tracksClasses());
    Tracked Got = track(T, Lines);
    CHECK(Got.Class == bruteForceClass(Lines, Classes));
    CHECK(Got.Class.total() == Got.Plain.total());
    CHECK(Got.Class.cold() == Got.Plain.cold());
    // Reuses of a row's line (the next column): 799 lines in between, and
    // 199 of its class at stride 1024, 11 or 12 at stride 1056.
    if (Stride == 1024)
      CHECK(Got.Class.count(ReuseHistogram::binOf(199)) == Got.Class.warm());
    else
      CHECK(double(Got.Class.count(11) + Got.Class.count(12)) >
            0.95 * double(Got.Class.warm()));
    CHECK(Got.Class.countBelow(16) ==
          double(Stride == 1024 ? 0 : Got.Class.warm()));
    CHECK(Got.Plain.count(ReuseHistogram::binOf(799)) == Got.Plain.warm());
  }
}

TEST_CASE("class distances match brute force on random traces", "[reuse]") {
  // A skewed random trace over lines of all classes: compaction of the
  // classes' times runs many times.
  std::mt19937_64 Rng(99);
  std::vector<uint64_t> Lines;
  for (int I = 0; I < 40000; ++I) {
    uint64_t R = Rng() % 100;
    uint64_t Set = R < 50 ? 300 : R < 85 ? 3000 : 20000;
    Lines.push_back(Rng() % Set + (Set == 300 ? 0 : Set == 3000 ? 1000 : 9000));
  }
  ReuseTracker T(LineBytes, 1.0, true);
  Tracked Got = track(T, Lines);
  CHECK(Got.Class == bruteForceClass(Lines, Classes));

  // 128-byte lines: 32 classes per page.
  ReuseTracker Wide(128, 1.0, true);
  Tracked GotWide = track(Wide, Lines, 128);
  CHECK(GotWide.Class == bruteForceClass(Lines, 32));

  // The plain distances are what the tracker without classes gives.
  ReuseTracker Plain(LineBytes, 1.0);
  ReuseHistogram P;
  for (uint64_t L : Lines)
    Plain.access(L * LineBytes, 4, P);
  CHECK(P == Got.Plain);
}

TEST_CASE("class distances survive reset and spanning accesses", "[reuse]") {
  ReuseTracker T(LineBytes, 1.0, true);
  ReuseHistogram H, C;
  // Lines 0, 64 and 128 share class 0; 1 is class 1.
  for (uint64_t L : {0u, 1u, 64u, 128u, 0u})
    T.accessWithClass(L * LineBytes, 4, H, C);
  CHECK(C.cold() == 4);
  CHECK(C.count(2) == 1); // 64 and 128 in between, 1 is another class
  CHECK(H.count(3) == 1);
  T.reset();
  ReuseHistogram H2, C2;
  T.accessWithClass(0, 4, H2, C2);
  // An access over two lines (63..64: lines 0 and 1) counts each.
  T.accessWithClass(63, 2, H2, C2);
  CHECK(C2.cold() == 2);
  CHECK(C2.count(0) == 1);
  CHECK(C2.total() == H2.total());
}

TEST_CASE("sampled class distances agree with exact ones", "[reuse]") {
  // A column walk over 6000 rows of 1024 bytes (1500 lines per class
  // between reuses) mixed with a random working set: hit rates of a class
  // capacity of 256 and 4096 lines (an L2 and an L3 class share).
  std::mt19937_64 Rng(5);
  std::vector<uint64_t> Lines;
  for (uint64_t C = 0; C < 64; ++C)
    for (uint64_t P = 0; P < 6000; ++P) {
      Lines.push_back((P * 1024 + 4 * C) / LineBytes);
      if (P % 2 == 0)
        Lines.push_back(100000000 + Rng() % 200000);
    }
  ReuseTracker Exact(LineBytes, 1.0, true);
  Tracked E = track(Exact, Lines);
  for (double Rate : {0.1, 0.01}) {
    INFO("rate " << Rate);
    ReuseTracker S(LineBytes, Rate, true);
    Tracked G = track(S, Lines);
    S.finish(G.Class);
    S.finish(G.Plain);
    CHECK(double(G.Class.total()) ==
          Approx(double(E.Class.total())).epsilon(0.05));
    for (double Cap : {256.0, 4096.0}) {
      INFO("capacity " << Cap);
      CHECK(std::abs(G.Class.fractionBelow(Cap) - E.Class.fractionBelow(Cap)) <
            0.02);
    }
  }
}

TEST_CASE("sampled class distances below 16 are exact", "[reuse]") {
  // Column walks whose lines come back after about 5, 12 and 199 lines of
  // their class: the fraction under 12 (a 12-way L1 with one set per class)
  // is what matters, and SHARDS alone at R = 0.1 would count 0-2 sampled
  // lines for all of the first two.
  for (uint64_t Rows : {320u, 800u, 1600u})
    for (uint64_t Stride : {1024u, 1056u}) {
      std::vector<uint64_t> Lines = columnWalk(Stride, Rows, 64);
      ReuseTracker Exact(LineBytes, 1.0, true);
      Tracked E = track(Exact, Lines);
      for (double Rate : {0.1, 0.01}) {
        INFO(Rows << " rows of " << Stride << " bytes, rate " << Rate);
        ReuseTracker S(LineBytes, Rate, true);
        Tracked G = track(S, Lines);
        S.finish(G.Class);
        // Among reuses: the cold count of a few hundred lines sampled at
        // 0.01 has a sampling error of its own.
        auto Below = [](const ReuseHistogram &H, double X) {
          return H.countBelow(X) / double(H.warm());
        };
        CHECK(std::abs(Below(G.Class, 12) - Below(E.Class, 12)) < 0.02);
        CHECK(std::abs(Below(G.Class, 16) - Below(E.Class, 16)) < 0.02);
      }
    }
  // Reset clears the logs too.
  ReuseTracker S(LineBytes, 0.1, true);
  Tracked G = track(S, columnWalk(1056, 320, 4));
  S.reset();
  ReuseHistogram H, C;
  for (uint64_t L : columnWalk(1056, 320, 1))
    S.accessWithClass(L * LineBytes, 4, H, C);
  CHECK(C.cold() == C.total());
}
