//===- ApiTests.cpp - crop/Crop.h: targets, profiles, predictions, ranking ===//
#include "crop/Crop.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

using namespace crop;

namespace {

/// A kernel that sums N floats of a buffer into its first element, N times
/// over (a candidate's work grows with N * N).
std::string sumKernel(int N) {
  return R"(
define void @kernel(ptr noalias %a) {
entry:
  br label %outer
outer:
  %r = phi i32 [ 0, %entry ], [ %r1, %done ]
  br label %loop
loop:
  %i = phi i32 [ 0, %outer ], [ %i1, %loop ]
  %s = phi float [ 0.0, %outer ], [ %s1, %loop ]
  %p = getelementptr float, ptr %a, i32 %i
  %x = load float, ptr %p
  %s1 = fadd float %s, %x
  %i1 = add i32 %i, 1
  %c = icmp eq i32 %i1, )" +
         std::to_string(N) + R"(
  br i1 %c, label %done, label %loop
done:
  store float %s1, ptr %a
  %r1 = add i32 %r, 1
  %d = icmp eq i32 %r1, )" +
         std::to_string(N) + R"(
  br i1 %d, label %exit, label %outer
exit:
  ret void
}
)";
}

ProfileOptions options() {
  ProfileOptions O;
  O.Entry = "kernel";
  O.Args = {"f32:4096"};
  O.TimeoutSeconds = 30;
  return O;
}

} // namespace

TEST_CASE("targets by name, by file and from text", "[api]") {
  llvm::Expected<hw::Target> T = target("gold5220r");
  REQUIRE(static_cast<bool>(T));
  CHECK(T->Name == "gold5220r");
  llvm::Expected<hw::Target> Bad = target("no-such-machine");
  REQUIRE_FALSE(static_cast<bool>(Bad));
  CHECK(llvm::toString(Bad.takeError()).find("known targets") !=
        std::string::npos);
  // In memory, on top of a shipped descriptor.
  llvm::Expected<hw::Target> Y = targetFromYAML(
      "base: gold5220r\nname: faster\ncpu:\n  frequency: 3 GHz\n", "mine");
  REQUIRE(static_cast<bool>(Y));
  CHECK(Y->Name == "faster");
  CHECK(Y->Cpu->FrequencyHz == 3e9);
  llvm::Expected<hw::Target> Typo =
      targetFromYAML("base: gold5220r\ncpu:\n  frequencyy: 3 GHz\n", "mine");
  REQUIRE_FALSE(static_cast<bool>(Typo));
  CHECK(llvm::toString(Typo.takeError()).find("mine:3: cpu.frequencyy") !=
        std::string::npos);
  CHECK(std::string(version()).find('.') != std::string::npos);
}

TEST_CASE("profile from memory, predict on several targets, rank", "[api]") {
  llvm::Expected<ProgramProfile> Small =
      profileBuffer(sumKernel(64), options(), "small.ll");
  REQUIRE(static_cast<bool>(Small));
  CHECK(Small->Module.SourceName == "small.ll");
  llvm::Expected<ProgramProfile> Big =
      profileBuffer(sumKernel(512), options(), "big.ll");
  REQUIRE(static_cast<bool>(Big));

  llvm::Expected<hw::Target> A = target("gold5220r"), B = target("epyc7763");
  REQUIRE(static_cast<bool>(A));
  REQUIRE(static_cast<bool>(B));
  llvm::Expected<std::vector<Prediction>> All =
      predictAll(*Small, {&*A, &*B}, {1, 2});
  REQUIRE(static_cast<bool>(All));
  REQUIRE(All->size() == 4);
  CHECK((*All)[0].Target == "gold5220r");
  CHECK((*All)[3].Target == "epyc7763");
  CHECK((*All)[1].Threads == 2);
  for (const Prediction &P : *All)
    CHECK(P.SecondsPerCall > 0);

  // 64 x 64 against 512 x 512 additions: the small one ranks first.
  std::vector<const ProgramProfile *> C = {&*Big, &*Small};
  llvm::Expected<std::vector<size_t>> R = rank(C, *A);
  REQUIRE(static_cast<bool>(R));
  CHECK(*R == std::vector<size_t>{1, 0});
  llvm::Expected<std::vector<double>> S = predictSeconds(C, *A);
  REQUIRE(static_cast<bool>(S));
  CHECK((*S)[0] > 10 * (*S)[1]);

  // Several threads predicting at once get what one gets.
  std::vector<double> Seen(4, 0);
  std::vector<std::thread> Ts;
  for (int I = 0; I < 4; ++I)
    Ts.emplace_back([&, I] {
      llvm::Expected<std::vector<double>> X = predictSeconds(C, *A);
      Seen[I] = X ? (*X)[0] : -1;
      if (!X)
        llvm::consumeError(X.takeError());
    });
  for (std::thread &T : Ts)
    T.join();
  for (double V : Seen)
    CHECK(V == (*S)[0]);
}

TEST_CASE("bad modules and arguments are errors that name them", "[api]") {
  llvm::Expected<ProgramProfile> Bad =
      profileBuffer("define void @kernel( {\n", options(), "broken.ll");
  REQUIRE_FALSE(static_cast<bool>(Bad));
  std::string Msg = llvm::toString(Bad.takeError());
  INFO(Msg);
  // The parser names the caller's name, line and column, not a temporary file.
  CHECK(Msg.find("broken.ll:2:1: expected") != std::string::npos);
  CHECK(Msg.find("crop-module") == std::string::npos);
  ProfileOptions NoArgs = options();
  NoArgs.Args = {"f32:4096", "i32=3"};
  llvm::Expected<ProgramProfile> Wrong =
      profileBuffer(sumKernel(8), NoArgs, "wrong.ll");
  REQUIRE_FALSE(static_cast<bool>(Wrong));
  CHECK(llvm::toString(Wrong.takeError()).find("wrong.ll") !=
        std::string::npos);
  // Nothing is left behind, and the library still works.
  llvm::Expected<ProgramProfile> Good =
      profileBuffer(sumKernel(8), options(), "good.ll");
  CHECK(static_cast<bool>(Good));
}

/// Two profiled candidates (sums over 64 and 256 floats) and a target.
struct TwoCandidates {
  llvm::Expected<ProgramProfile> A =
      profileBuffer(sumKernel(64), options(), "a.ll");
  llvm::Expected<ProgramProfile> B =
      profileBuffer(sumKernel(256), options(), "b.ll");
  llvm::Expected<hw::Target> T = target("epyc7763");
  std::vector<const ProgramProfile *> C;
  bool ok() {
    bool Ok = true;
    auto check = [&](llvm::Error E) {
      if (E) {
        FAIL_CHECK(llvm::toString(std::move(E)));
        Ok = false;
      }
    };
    check(A.takeError());
    check(B.takeError());
    check(T.takeError());
    if (Ok)
      C = {&*A, &*B};
    return Ok;
  }
};

TEST_CASE("caller-held memos: parallel, bounded, the same answers", "[api]") {
  TwoCandidates Fx;
  REQUIRE(Fx.ok());
  const hw::Target *T = &*Fx.T;
  const std::vector<const ProgramProfile *> &C = Fx.C;
  llvm::Expected<std::vector<double>> Shared = predictSeconds(C, *T);
  REQUIRE(static_cast<bool>(Shared));

  // Two threads, a memo each: nothing shared, nothing serialized, the same.
  PredictionMemo M1, M2;
  std::vector<double> R1, R2;
  auto into = [&](PredictionMemo &M, std::vector<double> &R) {
    llvm::Expected<std::vector<double>> X = predictSeconds(C, *T, {}, &M);
    if (X)
      R = *X;
    else
      llvm::consumeError(X.takeError());
  };
  std::thread T1(into, std::ref(M1), std::ref(R1));
  std::thread T2(into, std::ref(M2), std::ref(R2));
  T1.join();
  T2.join();
  CHECK(R1 == *Shared);
  CHECK(R2 == *Shared);
  CHECK(M1.size() > 0);

  // A memo of two entries starts afresh when full and answers the same.
  PredictionMemo Tiny(2);
  for (int Round = 0; Round < 3; ++Round) {
    llvm::Expected<std::vector<double>> X = predictSeconds(C, *T, {}, &Tiny);
    REQUIRE(static_cast<bool>(X));
    CHECK(*X == *Shared);
    CHECK(Tiny.size() <= 2);
  }
  M1.clear();
  CHECK(M1.size() == 0);
}

TEST_CASE("one memo shared by several threads: the same answers", "[api]") {
  TwoCandidates Fx;
  REQUIRE(Fx.ok());
  const hw::Target *T = &*Fx.T;
  const std::vector<const ProgramProfile *> &C = Fx.C;
  PredictionMemo Serial;
  llvm::Expected<std::vector<double>> Want = predictSeconds(C, *T, {}, &Serial);
  REQUIRE(static_cast<bool>(Want));

  // Four threads on one memo (and one on a memo of two entries that keeps
  // starting afresh), while another clears the first: every answer is the
  // serial one, whichever thread filled the entries it read.
  for (size_t Max : {size_t(1) << 20, size_t(2)}) {
    PredictionMemo Shared(Max);
    std::vector<int> Wrong(4, 0);
    std::atomic<bool> Done{false};
    std::vector<std::thread> Ts;
    for (int I = 0; I < 4; ++I)
      Ts.emplace_back([&, I] {
        for (int Round = 0; Round < 20; ++Round) {
          llvm::Expected<std::vector<double>> X =
              predictSeconds(C, *T, {}, &Shared);
          if (!X) {
            llvm::consumeError(X.takeError());
            ++Wrong[I];
          } else if (*X != *Want) {
            ++Wrong[I];
          }
        }
      });
    std::thread Clearer([&] {
      while (!Done.load())
        Shared.clear();
    });
    for (std::thread &Th : Ts)
      Th.join();
    Done = true;
    Clearer.join();
    CHECK(Wrong == std::vector<int>(4, 0));
    CHECK(Shared.size() <= Max);
  }
}

TEST_CASE("a batch predicted on several worker threads: the same answers",
          "[api]") {
  TwoCandidates Fx;
  REQUIRE(Fx.ok());
  // Enough candidates for four workers (MinCandidatesPerWorker each).
  std::vector<const ProgramProfile *> Batch;
  for (size_t I = 0; I < 4 * MinCandidatesPerWorker + 3; ++I)
    Batch.push_back(Fx.C[I % Fx.C.size()]);
  PredictionMemo One, Four;
  llvm::Expected<std::vector<double>> Serial =
      predictSeconds(Batch, *Fx.T, {}, &One, 1);
  llvm::Expected<std::vector<double>> Parallel =
      predictSeconds(Batch, *Fx.T, {}, &Four, 4);
  REQUIRE(static_cast<bool>(Serial));
  REQUIRE(static_cast<bool>(Parallel));
  CHECK(*Parallel == *Serial);
  llvm::Expected<std::vector<size_t>> Order = rank(Batch, *Fx.T, {}, &Four, 4);
  REQUIRE(static_cast<bool>(Order));
  CHECK(Order->size() == Batch.size());
  CHECK((*Serial)[Order->front()] <= (*Serial)[Order->back()]);
}

TEST_CASE("profiles through a cache folder: made once, read back, redone "
          "when damaged",
          "[api]") {
  llvm::SmallString<128> Dir;
  REQUIRE_FALSE(llvm::sys::fs::createUniqueDirectory("crop-cache", Dir));
  llvm::SmallString<128> Module(Dir);
  llvm::sys::path::append(Module, "k.ll");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Module, EC);
    REQUIRE_FALSE(EC);
    OS << sumKernel(64);
  }
  llvm::SmallString<128> Cache(Dir);
  llvm::sys::path::append(Cache, "cache");
  CacheOutcome First, Second, Third, Other;
  llvm::Expected<ProgramProfile> A =
      profileCached(Module, options(), Cache, &First);
  REQUIRE(static_cast<bool>(A));
  CHECK_FALSE(First.FromCache);
  CHECK(First.Warning.empty());
  llvm::Expected<ProgramProfile> B =
      profileCached(Module, options(), Cache, &Second);
  REQUIRE(static_cast<bool>(B));
  CHECK(Second.FromCache);
  CHECK(Second.Path == First.Path);
  CHECK(profileToJSON(*A) == profileToJSON(*B));
  // Other arguments: another key, profiled again.
  ProfileOptions O = options();
  O.Args = {"f32:8192"};
  llvm::Expected<ProgramProfile> C = profileCached(Module, O, Cache, &Other);
  REQUIRE(static_cast<bool>(C));
  CHECK_FALSE(Other.FromCache);
  CHECK(Other.Path != First.Path);
  // A damaged cache file is profiled again and replaced, with a warning.
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(First.Path, EC);
    REQUIRE_FALSE(EC);
    OS << "CROPPROF and then nothing a profile holds";
  }
  llvm::Expected<ProgramProfile> D =
      profileCached(Module, options(), Cache, &Third);
  REQUIRE(static_cast<bool>(D));
  CHECK_FALSE(Third.FromCache);
  CHECK_THAT(Third.Warning, Catch::Contains("not using the cached profile"));
  CHECK(profileToJSON(*D) == profileToJSON(*A));
  CHECK(static_cast<bool>(readProfile(First.Path)));
  llvm::sys::fs::remove_directories(Dir);
}

namespace {

/// Sums 16 columns of a 64-row array whose rows are Stride floats apart,
/// down each column: 64 lines reused 16 times.
std::string columnKernel(int Stride) {
  return R"(
define void @kernel(ptr noalias %a, ptr noalias %out) {
entry:
  br label %col
col:
  %j = phi i64 [ 0, %entry ], [ %j1, %next ]
  br label %loop
loop:
  %i = phi i64 [ 0, %col ], [ %i1, %loop ]
  %s = phi float [ 0.0, %col ], [ %s1, %loop ]
  %row = mul i64 %i, )" +
         std::to_string(Stride) + R"(
  %k = add i64 %row, %j
  %p = getelementptr float, ptr %a, i64 %k
  %x = load float, ptr %p
  %s1 = fadd float %s, %x
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, 64
  br i1 %c, label %next, label %loop
next:
  %q = getelementptr float, ptr %out, i64 %j
  store float %s1, ptr %q
  %j1 = add i64 %j, 1
  %d = icmp eq i64 %j1, 16
  br i1 %d, label %exit, label %col
exit:
  ret void
}
)";
}

} // namespace

TEST_CASE("rows a page apart crowd into one L1 set", "[api]") {
  // 64 rows 4 KiB apart put all 64 lines in one in-page class, one set of
  // an 8-way L1 with 64 sets: every load misses it, and the misses wait for
  // each other. Rows padded by a line spread over all the sets and stay in
  // L1. A fully associative view sees 64 lines either way.
  llvm::Expected<hw::Target> T = target("zen3-vm");
  REQUIRE(static_cast<bool>(T));
  double Seconds[2];
  for (int Padded : {0, 1}) {
    int Stride = 1024 + 16 * Padded;
    ProfileOptions O;
    O.Entry = "kernel";
    O.Args = {"f32:" + std::to_string(64 * Stride), "f32:16"};
    O.TimeoutSeconds = 30;
    llvm::Expected<ProgramProfile> P =
        profileBuffer(columnKernel(Stride), O, "column.ll");
    REQUIRE(static_cast<bool>(P));
    llvm::Expected<std::vector<Prediction>> R = predictAll(*P, {&*T}, {1});
    REQUIRE(static_cast<bool>(R));
    const Prediction &Pr = R->front();
    Seconds[Padded] = Pr.SecondsPerCall;
    for (const BlockPrediction &B : Pr.Blocks)
      if (B.Block == "loop")
        CHECK((B.Bound == "memory:L1d-sets") == !Padded);
  }
  CHECK(Seconds[0] > 2 * Seconds[1]);
}
