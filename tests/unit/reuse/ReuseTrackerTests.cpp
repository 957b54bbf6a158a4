//===- ReuseTrackerTests.cpp - Exact and sampled reuse distances ----------===//
#include "crop/Analyzer/ReuseTracker.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using namespace crop;

namespace {

constexpr uint64_t Line = 64;

/// Brute-force reference: distinct other lines since the previous access
/// or, given Stores, for each store since its line's previous store (cold
/// when there is none), by scanning back over the trace (lines must be
/// small numbers).
ReuseHistogram bruteForce(const std::vector<uint64_t> &Lines,
                          const std::vector<bool> *Stores = nullptr) {
  ReuseHistogram H;
  uint64_t Max = 0;
  for (uint64_t L : Lines)
    Max = std::max(Max, L);
  std::vector<size_t> Last(Max + 1, SIZE_MAX), SeenAt(Max + 1, SIZE_MAX);
  for (size_t I = 0; I < Lines.size(); ++I) {
    uint64_t L = Lines[I];
    if (Stores && !(*Stores)[I])
      continue;
    if (Last[L] == SIZE_MAX) {
      H.addCold();
    } else {
      uint64_t D = 0;
      for (size_t J = Last[L] + 1; J < I; ++J)
        if (Lines[J] != L && SeenAt[Lines[J]] != I) {
          SeenAt[Lines[J]] = I;
          ++D;
        }
      H.add(D);
    }
    Last[L] = I;
  }
  return H;
}

ReuseHistogram track(ReuseTracker &T, const std::vector<uint64_t> &Lines) {
  ReuseHistogram H;
  for (uint64_t L : Lines)
    T.access(L * Line, 4, H);
  return H;
}

/// Hit rate of a fully-associative LRU cache of CacheLines lines.
double hitRate(const ReuseHistogram &H, uint64_t CacheLines) {
  return H.fractionBelow(double(CacheLines));
}

} // namespace

TEST_CASE("a two-pass sweep over N lines gives N cold and N at N-1",
          "[reuse]") {
  for (uint64_t N : {1u, 2u, 17u, 1000u, 100000u}) {
    ReuseTracker T;
    ReuseHistogram H;
    for (int Pass = 0; Pass < 2; ++Pass)
      for (uint64_t I = 0; I < N; ++I)
        T.access(I * Line, 8, H);
    CHECK(H.cold() == N);
    CHECK(H.total() == 2 * N);
    CHECK(H.count(ReuseHistogram::binOf(N - 1)) == N);
    CHECK(T.trackedLines() == N);
  }
}

TEST_CASE("hand-checked interleaved patterns", "[reuse]") {
  ReuseTracker T;
  ReuseHistogram H;
  // A B C A C B: cold x3, then A at 2 (B, C), C at 1 (A), B at 2 (C, A).
  for (uint64_t L : {0, 1, 2, 0, 2, 1})
    T.access(L * Line, 4, H);
  CHECK(H.cold() == 3);
  CHECK(H.count(1) == 1);
  CHECK(H.count(2) == 2);
  CHECK(H.total() == 6);

  // Repeated accesses to one line, also within it, are at distance 0.
  ReuseHistogram Z;
  for (uint64_t Off = 0; Off < 64; Off += 4)
    T.access(5 * Line + Off, 4, Z);
  CHECK(Z.cold() == 1);
  CHECK(Z.count(0) == 15);

  // A B A B ...: distance 1 after the first two.
  ReuseTracker U;
  ReuseHistogram AB;
  for (int I = 0; I < 100; ++I)
    U.access(uint64_t(I % 2) * 4096, 4, AB);
  CHECK(AB.cold() == 2);
  CHECK(AB.count(1) == 98);
}

TEST_CASE("an access spanning lines counts each line", "[reuse]") {
  ReuseTracker T(64);
  ReuseHistogram H;
  T.access(60, 8, H); // lines 0 and 1
  CHECK(H.cold() == 2);
  T.access(0, 128, H); // line 0 (line 1 since) and line 1 (line 0 since)
  CHECK(H.count(1) == 2);
  T.access(64 * 10 - 4, 64 + 8, H); // lines 9, 10, 11
  CHECK(H.cold() == 5);
  CHECK(H.total() == 7);

  // With 128-byte lines the first access is one line.
  ReuseTracker Wide(128);
  ReuseHistogram W;
  Wide.access(60, 8, W);
  Wide.access(0, 128, W);
  CHECK(W.cold() == 1);
  CHECK(W.count(0) == 1);
  CHECK(Wide.lineBytes() == 128);
}

TEST_CASE("reset forgets all history", "[reuse]") {
  ReuseTracker T;
  ReuseHistogram H;
  for (uint64_t I = 0; I < 50000; ++I)
    T.access(I * Line, 4, H);
  T.access(0, 4, H);
  CHECK(H.cold() == 50000);
  T.reset();
  CHECK(T.trackedLines() == 0);
  ReuseHistogram After;
  T.access(0, 4, After);
  T.access(Line, 4, After);
  T.access(0, 4, After);
  CHECK(After.cold() == 2);
  CHECK(After.count(1) == 1);
}

TEST_CASE("exact distances match a brute-force reference", "[reuse]") {
  // A skewed random trace: compaction runs many times and both the direct
  // (recent) and the tree path are taken.
  std::mt19937_64 Rng(42);
  std::vector<uint64_t> Lines;
  for (int I = 0; I < 60000; ++I) {
    uint64_t R = Rng() % 100;
    uint64_t Set = R < 50 ? 40 : R < 85 ? 700 : 5000;
    Lines.push_back(Rng() % Set + (Set == 40 ? 0 : Set == 700 ? 1000 : 9000));
  }
  ReuseTracker T;
  ReuseHistogram Got = track(T, Lines);
  ReuseHistogram Want = bruteForce(Lines);
  CHECK(Got == Want);
  CHECK(Got.total() == Lines.size());
}

TEST_CASE("memory grows with distinct lines, not with the trace", "[reuse]") {
  ReuseTracker T;
  ReuseHistogram H;
  std::mt19937_64 Rng(7);
  auto Run = [&](uint64_t N) {
    for (uint64_t I = 0; I < N; ++I)
      T.access((Rng() % 1000) * Line, 4, H);
  };
  Run(200000);
  uint64_t Early = T.memoryBytes();
  Run(5000000);
  CHECK(T.trackedLines() == 1000);
  CHECK(T.memoryBytes() == Early);
  // A table of twice the lines' slots (32 bytes each) and the marks.
  CHECK(T.memoryBytes() < 96 * 1024);
  CHECK(H.total() == 5200000);
}

TEST_CASE("options are checked", "[reuse]") {
  CHECK(!ReuseTracker::checkOptions(64, 1.0));
  CHECK(!ReuseTracker::checkOptions(128, 0.01));
  llvm::Error E = ReuseTracker::checkOptions(96, 1.0);
  CHECK(llvm::toString(std::move(E)).find("96") != std::string::npos);
  CHECK(
      static_cast<bool>(llvm::errorToBool(ReuseTracker::checkOptions(64, 0))));
  CHECK(static_cast<bool>(
      llvm::errorToBool(ReuseTracker::checkOptions(64, 1.5))));
  ReuseTracker S(64, 0.01);
  CHECK(S.sampled());
  CHECK(S.sampleRate() == Approx(0.01).epsilon(1e-4));
  CHECK(!ReuseTracker(64, 1.0).sampled());
}

TEST_CASE("sampled hit rates agree with exact ones", "[reuse]") {
  // Three working sets of 3000, 40000 and 400000 lines, mixed at random: the
  // hit rate climbs at each of the three cache sizes below. (Spatial
  // sampling weighs a set by how many of its lines it keeps, so a set of a
  // few hundred hot lines would carry a sampling error of its own.)
  std::mt19937_64 Rng(1234);
  std::vector<uint64_t> Lines;
  for (int I = 0; I < 3000000; ++I) {
    uint64_t R = Rng() % 100;
    if (R < 45)
      Lines.push_back(Rng() % 3000);
    else if (R < 80)
      Lines.push_back(1000000 + Rng() % 40000);
    else
      Lines.push_back(5000000 + Rng() % 400000);
  }
  ReuseTracker Exact;
  ReuseHistogram E = track(Exact, Lines);
  // The cache sizes sit where the rates differ, so a sampler that forgot to
  // scale distances would fail below.
  CHECK(hitRate(E, 65536) - hitRate(E, 4096) > 0.2);
  CHECK(hitRate(E, 524288) - hitRate(E, 65536) > 0.1);
  // 0.1 is one SHARDS sample; 0.01 adds the dense sample for short
  // distances.
  for (double Rate : {0.1, 0.01}) {
    ReuseTracker Sampled(64, Rate);
    ReuseHistogram S = track(Sampled, Lines);
    Sampled.finish(S);
    INFO("rate " << Rate);
    // Counts scale back to the whole trace (within the noise of sampling
    // the 400000-line set at 0.01: about 4000 lines).
    CHECK(double(S.total()) ==
          Approx(double(Lines.size())).epsilon(Rate < 0.1 ? 0.05 : 0.03));
    CHECK(Sampled.trackedLines() < Exact.trackedLines() / 5);
    for (uint64_t Cache : {4096u, 65536u, 524288u}) {
      double HE = hitRate(E, Cache), HS = hitRate(S, Cache);
      INFO("cache " << Cache << " lines: exact " << HE << " sampled " << HS);
      CHECK(std::abs(HE - HS) < 0.01);
    }
  }
}

TEST_CASE("short distances stay accurate at a low sample rate", "[reuse]") {
  // A window of 300 lines sliding by one line: every reuse is at distance
  // 299, a hit in a 512-line cache. SHARDS alone at 0.01 sees about 3
  // sampled lines in between and calls 8 % of them misses.
  std::vector<uint64_t> Lines;
  for (uint64_t Start = 0; Start < 20000; ++Start)
    for (uint64_t L = Start; L < Start + 300; ++L)
      Lines.push_back(L);
  ReuseTracker Exact;
  ReuseHistogram E = track(Exact, Lines);
  REQUIRE(hitRate(E, 512) == Approx(1.0 - 20299.0 / double(Lines.size())));
  ReuseTracker Sampled(64, 0.01);
  ReuseHistogram S = track(Sampled, Lines);
  Sampled.finish(S);
  CHECK(std::abs(hitRate(S, 512) - hitRate(E, 512)) < 0.01);
  CHECK(double(S.total()) == Approx(double(Lines.size())).epsilon(0.05));
  // The dense sample keeps only recent lines: memory stays bounded.
  CHECK(Sampled.memoryBytes() < 512 * 1024);
}

TEST_CASE("a read-modify-write's store goes back as far as its load",
          "[reuse]") {
  // Load and store line 0, touch N other lines, load and store it again:
  // the second store's own distance is 0 (its load came just before), but
  // N lines came in between since the first store.
  for (uint64_t N : {0u, 5u, 700u}) {
    ReuseTracker T;
    ReuseHistogram Loads, Stores, WB;
    T.access(0, 4, Loads);
    T.accessStore(0, 4, Stores, WB);
    for (uint64_t I = 1; I <= N; ++I)
      T.access(I * Line, 4, Loads);
    T.access(0, 4, Loads);
    T.accessStore(0, 4, Stores, WB);
    // A second store right after: nothing in between since the last one.
    T.accessStore(8, 4, Stores, WB);
    INFO("N = " << N);
    CHECK(Stores.cold() == 0);
    CHECK(Stores.count(0) == 3);
    CHECK(WB.total() == 3);
    CHECK(WB.cold() == 1);
    CHECK(WB.count(ReuseHistogram::binOf(N)) == (N == 0 ? 2u : 1u));
    CHECK(WB.count(0) == (N == 0 ? 2u : 1u));
  }
}

TEST_CASE("store write-back distances match a brute-force reference",
          "[reuse]") {
  // Loads and stores at random over three working sets, with compactions;
  // a line is often read several times between its stores.
  std::mt19937_64 Rng(7);
  std::vector<uint64_t> Lines;
  std::vector<bool> IsStore;
  for (int I = 0; I < 60000; ++I) {
    uint64_t R = Rng() % 100;
    uint64_t Set = R < 50 ? 40 : R < 85 ? 700 : 5000;
    Lines.push_back(Rng() % Set + (Set == 40 ? 0 : Set == 700 ? 1000 : 9000));
    IsStore.push_back(Rng() % 4 == 0);
  }
  ReuseTracker T;
  ReuseHistogram Loads, Stores, WB;
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (IsStore[I])
      T.accessStore(Lines[I] * Line, 4, Stores, WB);
    else
      T.access(Lines[I] * Line, 4, Loads);
  }
  CHECK(WB == bruteForce(Lines, &IsStore));
  // The stores' own distances are unchanged by it.
  ReuseHistogram All = Loads;
  All.merge(Stores);
  CHECK(All == bruteForce(Lines));
}

TEST_CASE("sampled write-back distances agree with exact ones", "[reuse]") {
  // Read-modify-write sweeps over 20000 lines (each line loaded, stored,
  // stored again) with reads of a hot set of 1000 lines between them: every
  // store's line went back since its previous store in a cache of 4096
  // lines, none in one of 65536.
  std::mt19937_64 Rng(99);
  std::vector<std::pair<uint64_t, bool>> Trace;
  for (int Pass = 0; Pass < 8; ++Pass)
    for (uint64_t L = 0; L < 20000; ++L) {
      Trace.push_back({100000 + L, false});
      Trace.push_back({100000 + L, true});
      Trace.push_back({100000 + L, true});
      Trace.push_back({Rng() % 1000, false});
    }
  auto run = [&](ReuseTracker &T) {
    ReuseHistogram Loads, Stores, WB;
    for (auto [L, Store] : Trace)
      if (Store)
        T.accessStore(L * Line, 4, Stores, WB);
      else
        T.access(L * Line, 4, Loads);
    T.finish(WB);
    return WB;
  };
  ReuseTracker Exact;
  ReuseHistogram E = run(Exact);
  REQUIRE(hitRate(E, 4096) == Approx(0.5).epsilon(0.01));
  REQUIRE(hitRate(E, 65536) == Approx(1.0 - 1.0 / 16).epsilon(0.01));
  for (double Rate : {0.1, 0.01}) {
    ReuseTracker Sampled(64, Rate);
    ReuseHistogram S = run(Sampled);
    INFO("rate " << Rate);
    // 20000 swept lines at 0.01 are about 200 sampled ones.
    CHECK(double(S.total()) == Approx(double(E.total())).epsilon(0.1));
    for (uint64_t Cache : {4096u, 65536u})
      CHECK(std::abs(hitRate(S, Cache) - hitRate(E, Cache)) < 0.02);
  }
}

TEST_CASE("feeding a stretch leaves later distances as tracing it would",
          "[reuse][sampling]") {
  // Time sampling feeds the stretches it does not record; what is recorded
  // after one must not depend on whether the stretch was traced (weight 0
  // for reuses, 1 for first touches) or fed (counting first touches). Exact
  // mode with classes (class distances from the stacks) and sampled mode,
  // two-level included.
  std::mt19937_64 Rng(7);
  std::vector<uint64_t> Lines(20000);
  std::vector<bool> Stores(Lines.size());
  for (size_t I = 0; I < Lines.size(); ++I) {
    // A stream with reuse at many distances: a hot set and a wide one.
    Lines[I] = Rng() % 4 ? Rng() % 48 : Rng() % 3000;
    Stores[I] = Rng() % 3 == 0;
  }
  for (double Rate : {1.0, 0.5, 0.01}) {
    INFO("rate " << Rate);
    bool Classes = Rate == 1.0; // Sampled class logs are not fed.
    ReuseTracker Traced(64, Rate, Classes), Fed(64, Rate, Classes);
    ReuseHistogram H[2], C[2], WB[2], Junk;
    for (size_t I = 0; I < Lines.size(); ++I) {
      bool Middle = I >= 5000 && I < 15000;
      uint64_t Addr = Lines[I] * Line + 8;
      for (int K = 0; K < 2; ++K) {
        ReuseTracker &T = K ? Fed : Traced;
        if (Middle && K == 1) {
          FeedCold Cold;
          Cold.Hist = &H[1];
          Cold.Class = Classes ? &C[1] : nullptr;
          Cold.WriteBack = Stores[I] ? &WB[1] : nullptr;
          T.feed(Addr, 4, Stores[I], Cold);
          continue;
        }
        T.setWeights(Middle ? 0 : 1, 1);
        if (Stores[I] && Classes)
          T.accessStoreWithClass(Addr, 4, H[K], C[K], WB[K]);
        else if (Stores[I])
          T.accessStore(Addr, 4, H[K], WB[K]);
        else if (Classes)
          T.accessWithClass(Addr, 4, H[K], C[K]);
        else
          T.access(Addr, 4, H[K]);
      }
    }
    CHECK(H[0].cold() > 0);
    CHECK(H[0].warm() > 0);
    CHECK(H[0] == H[1]);
    CHECK(WB[0] == WB[1]);
    CHECK(C[0] == C[1]);
  }
  // An access spanning two lines feeds both.
  ReuseTracker A(64, 1.0), B(64, 1.0);
  ReuseHistogram HA, HB;
  A.access(60, 8, HA); // Lines 0 and 1.
  B.feed(60, 8, false);
  A.access(64, 4, HA);
  B.access(64, 4, HB);
  CHECK(HB.cold() == 0);
  CHECK(HB.count(0) == 1);
}
