//===- AnalyzerTests.cpp - Profiled runs: exact counts, runtimes, errors -===//
#include "crop/Analyzer/MachineBlocks.h"
#include "crop/Analyzer/Profiler.h"
#include "crop/Analyzer/TaskSampling.h"
#include "crop/Analyzer/TimeSampling.h"
#include "crop/Profile/ProfileIO.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include "TestIR.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CROP_TEST_ASAN 1
#endif
#endif

using namespace llvm;
using namespace crop;

namespace {

/// Writes IR to a temporary .ll file that is removed at scope exit.
struct TempIR {
  SmallString<128> Path;
  explicit TempIR(StringRef IR) {
    int FD;
    REQUIRE_FALSE(
        sys::fs::createTemporaryFile("crop-analyzer", "ll", FD, Path));
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << IR;
  }
  ~TempIR() { sys::fs::remove(Path); }
};

const FunctionProfile &fn(const ProgramProfile &P, const std::string &Name) {
  const FunctionProfile *F = P.findFunction(Name);
  REQUIRE(F);
  return *F;
}

const BlockProfile &block(const FunctionProfile &F, const std::string &Name) {
  for (const BlockProfile &B : F.Blocks)
    if (B.Name == Name)
      return B;
  FAIL("no block " << Name << " in " << F.Name);
  return F.Blocks.front();
}

uint64_t edge(const BlockProfile &B, const std::string &To) {
  for (const SuccessorEdge &E : B.Successors)
    if (E.Block == To)
      return E.Count;
  FAIL("no edge " << B.Name << " -> " << To);
  return 0;
}

std::string profileError(StringRef IR, ProfileOptions O) {
  TempIR T(IR);
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE_FALSE(bool(P));
  return toString(P.takeError());
}

/// Profiles IR with Entry called on Args; fails the test on an error.
ProgramProfile profileOf(const std::string &IR, const std::string &Entry,
                         std::vector<std::string> Args,
                         const std::string &CodegenCPU = "") {
  TempIR T(IR);
  ProfileOptions O;
  O.Entry = Entry;
  O.Args = std::move(Args);
  O.CodegenCPU = CodegenCPU;
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  if (!P)
    FAIL(toString(P.takeError()));
  return std::move(*P);
}

// for (i = 0; i < 3; ++i) for (j = 0; j < 4; ++j) a[j] += 1.0f;
const char *NestedIR = R"(
define void @kernel(ptr %a) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr float, ptr %a, i32 %j
  %v = load float, ptr %p
  %w = fadd float %v, 1.0
  store float %w, ptr %p
  %j.next = add i32 %j, 1
  %jc = icmp slt i32 %j.next, 4
  br i1 %jc, label %inner, label %latch
latch:
  %i.next = add i32 %i, 1
  %ic = icmp slt i32 %i.next, 3
  br i1 %ic, label %outer, label %exit
exit:
  ret void
}

@buf = global [4 x float] zeroinitializer
define i32 @main() {
entry:
  br label %init
init:
  %k = phi i32 [ 0, %entry ], [ %k.next, %init ]
  %q = getelementptr float, ptr @buf, i32 %k
  store float 0.0, ptr %q
  %k.next = add i32 %k, 1
  %kc = icmp slt i32 %k.next, 4
  br i1 %kc, label %init, label %run
run:
  call void @kernel(ptr @buf)
  call void @kernel(ptr @buf)
  ret i32 0
}
)";

} // namespace

TEST_CASE("nested loops: exact block, edge and memory counts", "[analyzer]") {
  TempIR T(NestedIR);
  ProfileOptions O;
  O.Entry = "kernel";
  O.Args = {"f32:4"};
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  CHECK(P->Module.Entry == "kernel");
  CHECK(P->Module.Hash.size() == 64);
  CHECK(P->EntryCalls == 1);
  const FunctionProfile &K = fn(*P, "kernel");
  CHECK(K.Calls == 1);
  CHECK_FALSE(K.Parallel);
  CHECK(block(K, "entry").Count == 1);
  CHECK(block(K, "outer").Count == 3);
  CHECK(block(K, "inner").Count == 12);
  CHECK(block(K, "latch").Count == 3);
  CHECK(block(K, "exit").Count == 1);
  CHECK(edge(block(K, "inner"), "inner") == 9);
  CHECK(edge(block(K, "inner"), "latch") == 3);
  CHECK(edge(block(K, "latch"), "outer") == 2);
  CHECK(edge(block(K, "latch"), "exit") == 1);
  const BlockProfile &In = block(K, "inner");
  CHECK(In.Loads == 12);
  CHECK(In.Stores == 12);
  CHECK(In.LoadBytes == 48);
  CHECK(In.StoreBytes == 48);
  CHECK(In.Body.numInstructions() > 0);
  CHECK(block(K, "latch").Successors.front().Superblock.isSuperblock());
  // 16 bytes in one (aligned) line: one cold access, 23 at distance 0.
  REQUIRE(In.Reuse.count(64));
  REQUIRE(In.Reuse.count(128));
  const ReuseHistogram &H = In.Reuse.at(64).Serial;
  CHECK(H.total() == 24);
  CHECK(H.cold() == 1);
  CHECK(H.count(ReuseHistogram::binOf(0)) == 23);
  // The stores' own distances: all 12 right after their load of the line.
  const ReuseHistogram &St = In.Reuse.at(64).StoreSerial;
  CHECK(St.total() == 12);
  CHECK(St.cold() == 0);
  CHECK(St.count(ReuseHistogram::binOf(0)) == 12);
  CHECK(In.Reuse.at(64).Task.empty());
  // main was not called: it has no counts.
  CHECK(fn(*P, "main").Calls == 0);
}

TEST_CASE("an entry under main counts only inside the entry's calls",
          "[analyzer]") {
  TempIR T(NestedIR);
  ProfileOptions O;
  O.Entry = "kernel";
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  CHECK(P->EntryCalls == 2);
  const FunctionProfile &K = fn(*P, "kernel");
  CHECK(K.Calls == 2);
  CHECK(block(K, "inner").Count == 24);
  CHECK(K.perCallCount(block(K, "inner")) == 12.0);
  // main's initialisation loop ran outside: excluded.
  const FunctionProfile &M = fn(*P, "main");
  CHECK(block(M, "init").Count == 0);
  CHECK(block(M, "init").Stores == 0);
}

TEST_CASE("main without --entry counts the whole run", "[analyzer]") {
  TempIR T(NestedIR);
  Expected<ProgramProfile> P = profileModule(T.Path, ProfileOptions());
  REQUIRE(bool(P));
  CHECK(P->Module.Entry == "main");
  CHECK(block(fn(*P, "main"), "init").Count == 4);
  CHECK(fn(*P, "kernel").Calls == 2);
}

// What clang -fopenmp emits for `#pragma omp parallel for` over 10
// iterations, reduced to its runtime calls.
static const char *OpenMPIR = R"(
@loc = private constant [24 x i8] zeroinitializer
define void @par(ptr %a) {
entry:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 1, ptr @par.omp_outlined, ptr %a)
  ret void
}
define internal void @par.omp_outlined(ptr %gtid, ptr %btid, ptr %a) {
entry:
  %last = alloca i32
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  store i32 0, ptr %last
  store i32 0, ptr %lb
  store i32 9, ptr %ub
  store i32 1, ptr %st
  %g = load i32, ptr %gtid
  call void @__kmpc_for_static_init_4(ptr @loc, i32 %g, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %l = load i32, ptr %lb
  %u0 = load i32, ptr %ub
  %u = call i32 @llvm.smin.i32(i32 %u0, i32 9)
  %empty = icmp sgt i32 %l, %u
  br i1 %empty, label %done, label %body
body:
  %i = phi i32 [ %l, %entry ], [ %i.next, %body ]
  %p = getelementptr float, ptr %a, i32 %i
  store float 1.0, ptr %p
  %i.next = add i32 %i, 1
  %c = icmp sle i32 %i.next, %u
  br i1 %c, label %body, label %done
done:
  call void @__kmpc_for_static_fini(ptr @loc, i32 %g)
  ret void
}
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare i32 @llvm.smin.i32(i32, i32)
)";

/// OpenMPIR's entry over its 10 floats.
static ProfileOptions parOptions() {
  ProfileOptions O;
  O.Entry = "par";
  O.Args = {"f32:10"};
  return O;
}

TEST_CASE("OpenMP: a parallel loop of 10 iterations runs 10 tasks",
          "[analyzer][openmp]") {
  TempIR T(OpenMPIR);
  ProfileOptions O = parOptions();
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  const FunctionProfile &F = fn(*P, "par.omp_outlined");
  CHECK(F.Parallel);
  CHECK(F.Runtime == ParallelRuntime::OpenMP);
  CHECK(F.Calls == 10);
  REQUIRE(F.Launches.size() == 1);
  CHECK(F.Launches[0].Tasks == 10);
  CHECK(F.Launches[0].Launches == 1);
  CHECK(block(F, "body").Count == 10);
  CHECK(block(F, "body").Stores == 10);
  CHECK(edge(block(F, "entry"), "done") == 0);
  CHECK_FALSE(fn(*P, "par").Parallel);
  // Each task starts cold in its own tracker; serially, the ten floats
  // share one 64-byte line.
  const BlockReuse &R = block(F, "body").Reuse.at(64);
  CHECK(R.Task.cold() == 10);
  CHECK(R.Serial.cold() == 1);
}

TEST_CASE("task sampling: which tasks are traced, and their weights",
          "[analyzer][sampling]") {
  // Every task as itself: no budget, a count not known yet, few tasks.
  for (auto [Count, Budget] :
       {std::pair<uint64_t, uint64_t>{100, 0}, {0, 5}, {5, 5}, {3, 9}})
    for (uint64_t I = 0; I < std::max<uint64_t>(Count, 1); ++I) {
      TaskPlan P = planTask(I, Count, Budget);
      CHECK(P.Traced);
      CHECK(P.Weight == 1);
    }
  for (uint64_t Budget : {3, 4, 5, 9, 17})
    for (uint64_t Count : {Budget + 1, Budget + 2, uint64_t(10), uint64_t(97),
                           uint64_t(1000), uint64_t(200000)}) {
      if (Count <= Budget)
        continue;
      INFO("count " << Count << ", budget " << Budget);
      uint64_t Traced = 0, Recorded = 0, Sum = 0;
      bool LastWasWarmUp = false;
      for (uint64_t I = 0; I < Count; ++I) {
        TaskPlan P = planTask(I, Count, Budget);
        if (I == 0)
          CHECK(P.Weight == 1);
        // A recorded task after the first follows its warm-up.
        if (I > 0 && P.Weight > 0)
          CHECK(LastWasWarmUp);
        LastWasWarmUp = P.Traced && P.Weight == 0;
        Traced += P.Traced;
        Recorded += P.Weight > 0;
        Sum += P.Weight;
        if (!P.Traced)
          CHECK(P.Weight == 0);
      }
      CHECK(Traced <= Budget);
      CHECK(Recorded == 1 + (Budget - 1) / 2);
      CHECK(Sum == Count);
    }
}

TEST_CASE("task sampling: counts stay exact, reuse is weighted",
          "[analyzer][sampling][openmp]") {
  TempIR T(OpenMPIR);
  ProfileOptions O = parOptions();
  O.SampleTasks = 5; // Task 0, then a warm-up + recorded pair in 1-4, 5-9.
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  CHECK(P->SampleTasks == 5);
  const FunctionProfile &F = fn(*P, "par.omp_outlined");
  CHECK(F.Calls == 10);
  REQUIRE(F.Launches.size() == 1);
  CHECK(F.Launches[0].Tasks == 10);
  const BlockProfile &B = block(F, "body");
  CHECK(B.Count == 10);
  CHECK(B.Stores == 10);
  const BlockReuse &R = B.Reuse.at(64);
  // Each task's one store is cold in its own tracker: weighted, all ten.
  CHECK(R.Task.cold() == 10);
  CHECK(R.Task.total() == 10);
  // Serially the first store is cold; the recorded tasks find the line
  // their warm-up left behind.
  CHECK(R.Serial.cold() == 1);
  CHECK(R.Serial.total() == 10);
  // Both profile forms keep the sample size.
  Expected<ProgramProfile> J = profileFromJSON(profileToJSON(*P), "json");
  REQUIRE(bool(J));
  CHECK(J->SampleTasks == 5);
  Expected<ProgramProfile> Bin = profileFromBinary(profileToBinary(*P), "bin");
  REQUIRE(bool(Bin));
  CHECK(Bin->SampleTasks == 5);

  O.SampleTasks = 2;
  Expected<ProgramProfile> Bad = profileModule(T.Path, O);
  REQUIRE_FALSE(bool(Bad));
  CHECK_THAT(toString(Bad.takeError()), Catch::Contains("a task sample of 2") &&
                                            Catch::Contains("at least 3"));
}

TEST_CASE("time sampling: chunks recorded one in K, each after a warm-up",
          "[analyzer][sampling]") {
  CHECK_FALSE(TimeSampler(0).enabled());
  CHECK_FALSE(TimeSampler(1).enabled());
  using Phase = TimeSampler::Phase;
  for (uint64_t K : {2, 8, 16}) {
    INFO("K " << K);
    TimeSampler S(K), Again(K);
    REQUIRE(S.enabled());
    // Whole chunks, so a weighted count of every access is exact up to the
    // sampling error of the chunks drawn.
    const uint64_t N = TimeSampler::Exact + 4000 * TimeSampler::Chunk;
    uint64_t Weighted = 0, Recorded = 0, Prefix = 0, Bad = 0, Differ = 0;
    Phase Last = S.phase();
    for (uint64_t I = 0; I < N; ++I) {
      bool Changed = S.tick();
      Differ += Again.tick() != Changed || Again.phase() != S.phase();
      Phase Now = S.phase();
      // Recorded after a warm-up or another recorded chunk; a warm-up
      // follows a left-out stretch.
      if (Changed && Now == Phase::Record && Last == Phase::Skip)
        ++Bad;
      if (Changed && Now == Phase::WarmUp && Last != Phase::Skip)
        ++Bad;
      Last = Now;
      if (I < TimeSampler::Exact) {
        Prefix += Now == Phase::Record && S.weight() == 1;
        continue;
      }
      Weighted += S.weight();
      Recorded += Now == Phase::Record;
      Bad += S.weight() != (Now == Phase::Record ? K : 0);
    }
    CHECK(Bad == 0);
    CHECK(Differ == 0); // A fixed seed: the same chunks every run.
    CHECK(Prefix == TimeSampler::Exact);
    CHECK(S.sampling());
    double Sampled = double(N - TimeSampler::Exact);
    CHECK(double(Weighted) / Sampled == Approx(1.0).epsilon(0.01));
    // One chunk of each stratum of K: as many recorded as K says.
    CHECK(double(Recorded) / Sampled == Approx(1.0 / double(K)).epsilon(0.01));
  }
}

// Rows of N floats, each read and written R times: 2 N R accesses, far
// past the exact prefix for N R = 3 million.
constexpr const char *RowsIR = R"IR(
define void @rows(ptr %A, i64 %n, i64 %r) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %p = getelementptr inbounds float, ptr %A, i64 %i
  %v = load float, ptr %p
  %w = fadd float %v, 1.0
  store float %w, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %inner, label %latch
latch:
  %j.next = add i64 %j, 1
  %d = icmp ult i64 %j.next, %r
  br i1 %d, label %outer, label %exit
exit:
  ret void
}
)IR";

TEST_CASE("time sampling: counts stay exact, reuse is weighted",
          "[analyzer][sampling]") {
  TempIR T(RowsIR);
  ProfileOptions O;
  O.Entry = "rows";
  O.Args = {"f32:4096", "i64=4096", "i64=400"};
  Expected<ProgramProfile> Exact = profileModule(T.Path, O);
  REQUIRE(bool(Exact));
  CHECK(Exact->SampleTime == 0);
  O.SampleTime = 8;
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  CHECK(P->SampleTime == 8);
  const BlockProfile &E = block(fn(*Exact, "rows"), "inner");
  const BlockProfile &B = block(fn(*P, "rows"), "inner");
  CHECK(B.Count == E.Count);
  CHECK(B.Loads == E.Loads);
  CHECK(B.Stores == E.Stores);
  REQUIRE(E.Loads == 4096 * 400);
  // Each load's line was last touched by the store before it (distance 0)
  // or, first in its line in a row, a row earlier: 255 other lines. The
  // reuse history is whole in sampled stretches: nothing turns cold.
  for (const auto *X : {&E, &B}) {
    const ReuseHistogram &H = X->Reuse.at(64).Serial;
    INFO((X == &E ? "exact" : "sampled"));
    CHECK(H.cold() == 256); // The first row's lines, in the exact prefix.
    CHECK(double(H.total()) ==
          Approx(double(E.Loads + E.Stores)).epsilon(0.05));
    CHECK(H.fractionBelow(100) == Approx(31.0 / 32).epsilon(0.002));
    CHECK(H.fractionBelow(512) == Approx(1.0).epsilon(0.001));
  }
  // Loads and stores apart, and the stores' write-back distances (a line
  // is stored again after 255 others once in every 16 stores).
  const BlockReuse &RE = E.Reuse.at(64), &RB = B.Reuse.at(64);
  CHECK(RB.StoreSerial.total() == RE.StoreSerial.total());
  CHECK(RB.StoreWriteBack.fractionBelow(100) ==
        Approx(RE.StoreWriteBack.fractionBelow(100)).epsilon(0.01));
  CHECK(double(RB.ClassSerial.total()) ==
        Approx(double(RE.ClassSerial.total())).epsilon(1e-5));
  CHECK(B.Sets.NewLines ==
        Approx(double(E.Sets.NewLines)).epsilon(0.05)); // One a line.
  Expected<ProgramProfile> J = profileFromJSON(profileToJSON(*P), "json");
  REQUIRE(bool(J));
  CHECK(J->SampleTime == 8);
  Expected<ProgramProfile> Bin = profileFromBinary(profileToBinary(*P), "bin");
  REQUIRE(bool(Bin));
  CHECK(Bin->SampleTime == 8);
}

TEST_CASE("the profile reads back as it was written", "[analyzer]") {
  TempIR T(OpenMPIR);
  ProfileOptions O = parOptions();
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  std::string Text = profileToJSON(*P);
  Expected<ProgramProfile> Back = profileFromJSON(Text, "test");
  REQUIRE(bool(Back));
  CHECK(profileToJSON(*Back) == Text);
  CHECK(Back->findFunction("par.omp_outlined")->Calls == 10);
}

TEST_CASE("the same run gives the same profile", "[analyzer]") {
  TempIR T(OpenMPIR);
  ProfileOptions O = parOptions();
  Expected<ProgramProfile> A = profileModule(T.Path, O);
  Expected<ProgramProfile> B = profileModule(T.Path, O);
  REQUIRE(bool(A));
  REQUIRE(bool(B));
  CHECK(profileToJSON(*A) == profileToJSON(*B));
}

// for (c = 0; c < 16; ++c) for (p = 0; p < 512; ++p) out[p * %ld + c] = 0;
// a transpose's strided store, %ld floats per row.
/// A walk down the columns of a row-major matrix: c outer (Cols), p inner
/// (Rows), rows of Row floats; Body uses %i, the element index p * Row + c.
static std::string columnLoopIR(const std::string &Name,
                                const std::string &Params,
                                const std::string &Body, int64_t Row, int Rows,
                                int Cols) {
  return "define void @" + Name + "(" + Params + R"() {
entry:
  br label %outer
outer:
  %c = phi i64 [ 0, %entry ], [ %c.next, %latch ]
  br label %inner
inner:
  %p = phi i64 [ 0, %outer ], [ %p.next, %inner ]
  %row = mul i64 %p, )" +
         std::to_string(Row) + R"(
  %i = add i64 %row, %c
)" + Body +
         R"(
  %p.next = add i64 %p, 1
  %pc = icmp slt i64 %p.next, )" +
         std::to_string(Rows) + R"(
  br i1 %pc, label %inner, label %latch
latch:
  %c.next = add i64 %c, 1
  %cc = icmp slt i64 %c.next, )" +
         std::to_string(Cols) + R"(
  br i1 %cc, label %outer, label %exit
exit:
  ret void
}
)";
}

static std::string columnWalkIR(int64_t Row) {
  return columnLoopIR("walk", "ptr %out", R"(
  %q = getelementptr float, ptr %out, i64 %i
  store float 0.0, ptr %q)",
                      Row, 512, 16);
}

TEST_CASE("class reuse distances see power-of-two strides", "[analyzer]") {
  // 1024-byte rows (256 floats): a row's line comes back after 511 lines,
  // 127 of its class (4 classes); 1056-byte rows spread over all 64
  // classes: at most 8 of its class. The buffer starts on a page, so the
  // classes are the same on every run.
  for (int64_t Row : {256, 264}) {
    TempIR T(columnWalkIR(Row));
    ProfileOptions O;
    O.Entry = "walk";
    O.Args = {"f32:" + std::to_string(512 * Row)};
    Expected<ProgramProfile> P = profileModule(T.Path, O);
    REQUIRE(bool(P));
    const BlockReuse &R = block(fn(*P, "walk"), "inner").Reuse.at(64);
    INFO("row " << Row);
    CHECK(R.ClassSerial.total() == R.Serial.total());
    CHECK(R.ClassSerial.cold() == R.Serial.cold());
    if (Row == 256) {
      CHECK(R.Serial.count(ReuseHistogram::binOf(511)) == 15 * 512);
      CHECK(R.ClassSerial.count(ReuseHistogram::binOf(127)) == 15 * 512);
    } else {
      // Odd rows start mid-line: their 16 floats span two lines.
      CHECK(R.Serial.cold() == 768);
      CHECK(R.ClassSerial.countBelow(9) == double(R.ClassSerial.warm()));
    }
    CHECK(R.ClassTask.empty());
    // Class distances are recorded for 64-byte lines only.
    CHECK(block(fn(*P, "walk"), "inner").Reuse.at(128).ClassSerial.empty());
  }
  TempIR T(columnWalkIR(256));
  ProfileOptions O;
  O.Entry = "walk";
  O.Args = {"f32:131072"};
  O.ClassReuse = false;
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  const BlockReuse &R = block(fn(*P, "walk"), "inner").Reuse.at(64);
  CHECK(R.ClassSerial.empty());
  CHECK(R.Serial.total() == 16 * 512);
}

// Out[p][c] = In[p][c] + Res[p][c], walking down the columns.
static std::string aliasWalkIR(int64_t Row) {
  return columnLoopIR("add", "ptr %in, ptr %res, ptr %out", R"(
  %a = getelementptr float, ptr %in, i64 %i
  %b = getelementptr float, ptr %res, i64 %i
  %o = getelementptr float, ptr %out, i64 %i
  %x = load float, ptr %a
  %y = load float, ptr %b
  %s = fadd float %x, %y
  store float %s, ptr %o)",
                      Row, 64, 4);
}

TEST_CASE("4K aliasing: loads at an older store's page offsets", "[analyzer]") {
  // The buffers start on pages. With 1024-byte rows, In[p] and Res[p] sit
  // at the page offsets of Out[p - 4] (stored four stores earlier) on
  // another page: every load from row 4 on aliases at distance 4. With
  // 1056-byte rows the offsets come back only after 128 rows, beyond the
  // 64 stores compared.
  for (int64_t Row : {256, 264}) {
    std::string N = "f32:" + std::to_string(64 * Row);
    ProgramProfile Prof = profileOf(aliasWalkIR(Row), "add", {N, N, N});
    const ProgramProfile *P = &Prof;
    const BlockProfile &B = block(fn(*P, "add"), "inner");
    INFO("row " << Row);
    if (Row == 256) {
      const StoreAliasProfile &A = B.StoreAlias;
      REQUIRE(A.Distances.size() == 1);
      CHECK(A.Distances.begin()->first == 4);
      CHECK(A.Distances.begin()->second == 2 * 4 * 60);
      // Out is written without being read; each load instruction aliases
      // in every execution from row 4 on.
      CHECK(A.ReadModifyWrite == 0);
      CHECK(A.Executions == 4 * 60);
    } else {
      CHECK(B.StoreAlias.empty());
    }
    // The record survives the file.
    Expected<ProgramProfile> Q = profileFromJSON(profileToJSON(*P), "mem.json");
    REQUIRE(bool(Q));
    CHECK(block(fn(*Q, "add"), "inner").StoreAlias == B.StoreAlias);
  }
}

// <8 x float> loads walking a row from element Shift: with Shift = 1 the
// window is a stencil's neighbour, and every other load (at bytes 36 + 64 k)
// crosses a 64-byte line.
static std::string shiftedRowIR(int Shift) {
  return R"(define void @row(ptr %in, ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <8 x float> [ zeroinitializer, %entry ], [ %s, %loop ]
  %e = mul i64 %i, 8
  %f = add i64 %e, )" +
         std::to_string(Shift) + R"(
  %p = getelementptr float, ptr %in, i64 %f
  %x = load <8 x float>, ptr %p, align 4
  %s = fadd <8 x float> %acc, %x
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  store <8 x float> %s, ptr %out, align 4
  ret void
}
)";
}

TEST_CASE("loads that cross a 64-byte line are counted", "[analyzer]") {
  for (int Shift : {0, 1, 8}) {
    ProgramProfile P =
        profileOf(shiftedRowIR(Shift), "row", {"f32:1024", "f32:8"});
    const BlockProfile &B = block(fn(P, "row"), "loop");
    INFO("shift " << Shift);
    CHECK(B.Loads == 64);
    CHECK(B.LineSplitLoads == (Shift == 1 ? 32u : 0u));
    Expected<ProgramProfile> Q = profileFromJSON(profileToJSON(P), "row.json");
    REQUIRE(bool(Q));
    CHECK(block(fn(*Q, "row"), "loop").LineSplitLoads == B.LineSplitLoads);
  }
}

// 64 loads of one float each, Stride floats apart.
static std::string strideIR(int Stride) {
  return R"(define void @walk(ptr %in, ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s, %loop ]
  %e = mul i64 %i, )" +
         std::to_string(Stride) + R"(
  %p = getelementptr float, ptr %in, i64 %e
  %x = load float, ptr %p, align 4
  %s = fadd float %acc, %x
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  store float %s, ptr %out, align 4
  ret void
}
)";
}

TEST_CASE("lines that crowd into one in-page class are recorded",
          "[analyzer]") {
  // A column walk (4 KiB apart: every line in class 0), one line after the
  // next (64 classes in turn) and two lines apart (32 classes).
  for (int Stride : {1024, 16, 32}) {
    ProgramProfile P =
        profileOf(strideIR(Stride), "walk", {"f32:65536", "f32:1"});
    const BlockProfile &B = block(fn(P, "walk"), "loop");
    INFO("stride " << Stride);
    CHECK(B.Sets.NewLines == 64);
    // The column walk's k-th new line finds min(k, 32) lines of its class
    // among the last 32: from k = 9 (more than 8) 9 + ... + 32 + 32 x 32,
    // from k = 13 13 + ... + 32 + 32 x 32.
    CHECK(B.Sets.Over8 == (Stride == 1024 ? 1516u : 0u));
    CHECK(B.Sets.Over12 == (Stride == 1024 ? 1474u : 0u));
    Expected<ProgramProfile> Q = profileFromJSON(profileToJSON(P), "w.json");
    REQUIRE(bool(Q));
    CHECK(block(fn(*Q, "walk"), "loop").Sets == B.Sets);
  }
  // A line touched again within the last 32 is not new.
  ProgramProfile P = profileOf(strideIR(0), "walk", {"f32:16", "f32:1"});
  CHECK(block(fn(P, "walk"), "loop").Sets.NewLines == 1);
}

// N carried <8 x float> accumulators, each fed by its own load; 20 are more
// values than AVX2's 16 YMM registers hold across an iteration.
static std::string pressureIR(int Accumulators) {
  std::string Phis, Body, Stores;
  for (int I = 0; I < Accumulators; ++I) {
    std::string N = std::to_string(I);
    Phis += "  %a" + N +
            " = phi <8 x float> [ zeroinitializer, %entry ], [ %s" + N +
            ", %loop ]\n";
    Body += "  %o" + N + " = add i64 %i, " + std::to_string(I * 64) + "\n" +
            "  %p" + N + " = getelementptr <8 x float>, ptr %in, i64 %o" + N +
            "\n  %x" + N + " = load <8 x float>, ptr %p" + N + "\n  %s" + N +
            " = fadd <8 x float> %a" + N + ", %x" + N + "\n";
    Stores += "  %q" + N + " = getelementptr <8 x float>, ptr %out, i64 " + N +
              "\n  store <8 x float> %s" + N + ", ptr %q" + N + "\n";
  }
  return R"(target triple = "x86_64-pc-linux-gnu"
define void @acc(ptr %in, ptr %out) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
)" + Phis +
         Body +
         R"(  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, 100
  br i1 %c, label %loop, label %exit
exit:
)" + Stores +
         R"(  ret void
}
attributes #0 = { "target-cpu"="x86-64-v3" }
)";
}

TEST_CASE("the backend's machine code per block: instructions and spills",
          "[analyzer]") {
  auto Profile = [](int Accumulators, const std::string &CPU) {
    return profileOf(pressureIR(Accumulators), "acc", {"f32:20000", "f32:200"},
                     CPU);
  };
  // 8 accumulators fit: the loop spills nothing.
  ProgramProfile Few = Profile(8, "");
  CHECK(Few.Module.CodegenCPU == "x86-64-v3"); // the module's own attribute
  const Graphlet &FL = block(fn(Few, "acc"), "loop").Body;
  REQUIRE(FL.Machine.size() == 1);
  CHECK(FL.Machine[0].Part == 0);
  CHECK(FL.Machine[0].Instructions >= 8); // 8 vaddps with a memory operand
  CHECK(FL.Machine[0].Reloads.empty());
  CHECK(FL.Machine[0].Spills.empty());
  // 20 do not: 32-byte stack traffic every iteration.
  ProgramProfile Many = Profile(20, "x86-64-v3");
  const BlockProfile &ML = block(fn(Many, "acc"), "loop");
  REQUIRE(ML.Body.Machine.size() == 1);
  CHECK(ML.Body.Machine[0].Reloads.count(32));
  CHECK(ML.Body.Machine[0].Spills.count(32));
  // The self-superblock carries both parts.
  for (const SuccessorEdge &S : ML.Successors)
    if (S.Block == "loop") {
      REQUIRE(S.Superblock.Machine.size() == 2);
      CHECK(S.Superblock.Machine[1].Part == 1);
      CHECK(S.Superblock.Machine[1].Reloads == ML.Body.Machine[0].Reloads);
    }
  // The record survives the file.
  Expected<ProgramProfile> Q = profileFromJSON(profileToJSON(Many), "m.json");
  REQUIRE(bool(Q));
  CHECK(block(fn(*Q, "acc"), "loop").Body.Machine == ML.Body.Machine);
  CHECK(Q->Module.CodegenCPU == "x86-64-v3");
}

TEST_CASE("machine code: round trips of a value kept in a stack slot",
          "[analyzer]") {
  // x86-64 keeps no vector register across a call: the sum of expf calls
  // lives in a stack slot, stored before each call and reloaded after
  // (clang's code stores and reloads it twice per iteration).
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, R"(
target triple = "x86_64-pc-linux-gnu"
declare float @expf(float) memory(write)
define float @k(ptr %x, float %m) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds float, ptr %x, i64 %i
  %v = load float, ptr %p
  %d = fsub float %v, %m
  %e = call float @expf(float %d)
  %s.next = fadd float %s, %e
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 128
  br i1 %c, label %exit, label %loop
exit:
  ret float %s.next
}

define float @nocall(ptr %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds float, ptr %x, i64 %i
  %v = load float, ptr %p
  %s.next = fadd float %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 128
  br i1 %c, label %exit, label %loop
exit:
  ret float %s.next
}
)");
  Expected<ModuleMachineBlocks> MB = machineBlocks(*M, "x86-64-v3");
  REQUIRE(bool(MB));
  const GraphletMachine &Loop = MB->at("k").at("loop");
  CHECK(Loop.Spills.size() >= 1);
  CHECK(Loop.SlotTrips >= 1);
  CHECK(Loop.SlotTrips <= 3);
  CHECK(MB->at("nocall").at("loop").SlotTrips == 0);
}

TEST_CASE("machine code: a preheader codegen adds is not the loop's",
          "[analyzer]") {
  // The guard makes entry->loop a critical edge: codegen's loop passes add
  // "%loop.preheader" for the accumulator's zeroing and the index. Its
  // label names the loop's block with a suffix, which once counted its two
  // instructions as the loop's (a quantized dot product's loop read 24
  // instructions for its 19, and the predictor took the 5 for hidden work).
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, R"(
target triple = "x86_64-pc-linux-gnu"
define <8 x i32> @guarded(ptr %a, i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi <8 x i32> [ zeroinitializer, %entry ], [ %s.next, %loop ]
  %t = phi <8 x i32> [ zeroinitializer, %entry ], [ %t.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load <8 x i32>, ptr %p
  %s.next = add <8 x i32> %s, %v
  %t.next = xor <8 x i32> %t, %v
  %i.next = add nuw i64 %i, 8
  %c = icmp uge i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  %r = phi <8 x i32> [ zeroinitializer, %entry ], [ %s.next, %loop ]
  %q = phi <8 x i32> [ zeroinitializer, %entry ], [ %t.next, %loop ]
  %o = mul <8 x i32> %r, %q
  ret <8 x i32> %o
}
)");
  Expected<ModuleMachineBlocks> MB = machineBlocks(*M, "x86-64-v3");
  REQUIRE(bool(MB));
  // vmovdqa, vpaddd, vpxor, addq, cmpq, jb.
  CHECK(MB->at("guarded").at("loop").Instructions == 6);
}

TEST_CASE("machine code of another ISA: AArch64's assembly reads the same",
          "[analyzer]") {
  // Compiling needs no run, so an AArch64 module is read on any host; its
  // assembly comments start with "//", not "#".
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, R"(
target triple = "aarch64-unknown-linux-gnu"
define void @k(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr float, ptr %a, i64 %i
  %x = load float, ptr %p
  %y = fadd float %x, 1.0
  store float %y, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
)");
  Expected<ModuleMachineBlocks> MB = machineBlocks(*M, "neoverse-n1");
  REQUIRE(bool(MB));
  REQUIRE(MB->count("k"));
  const std::map<std::string, GraphletMachine> &K = MB->at("k");
  REQUIRE(K.count("loop"));
  // ldr, fadd, str, add, cmp, b.lt: a handful, no stack traffic.
  CHECK(K.at("loop").Instructions >= 4);
  CHECK(K.at("loop").Instructions <= 8);
  CHECK(K.at("loop").Reloads.empty());
}

TEST_CASE("a backend that stops is an error value, not a stopped process",
          "[analyzer][bad]") {
  // x86 cannot select a PTX intrinsic: LLVM reports a fatal error, which
  // ends the child that compiles, not the caller.
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseIR(Ctx, R"(
target triple = "x86_64-pc-linux-gnu"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define i32 @gpu_only() {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %t
}
)");
  Expected<ModuleMachineBlocks> MB = machineBlocks(*M, "x86-64-v3");
  REQUIRE_FALSE(bool(MB));
  CHECK(toString(MB.takeError()).find("backend") != std::string::npos);
  // A module without a triple is refused before anything runs.
  M->setTargetTriple("");
  Expected<ModuleMachineBlocks> NoTriple = machineBlocks(*M, "x86-64-v3");
  REQUIRE_FALSE(bool(NoTriple));
  CHECK(toString(NoTriple.takeError()).find("triple") != std::string::npos);
}

TEST_CASE("a --codegen-cpu the backend does not know is an error",
          "[analyzer][bad]") {
  ProfileOptions O;
  O.Entry = "acc";
  O.Args = {"f32:20000", "f32:200"};
  O.CodegenCPU = "x86-64-v9";
  std::string Msg = profileError(pressureIR(8), O);
  CHECK(Msg.find("--codegen-cpu") != std::string::npos);
  CHECK(Msg.find("'x86-64-v9'") != std::string::npos);
  CHECK(Msg.find("-mcpu=help") != std::string::npos);
  // Known names pass the check; without a backend there is nothing to check.
  CHECK_FALSE(bool(checkCodegenCPU("x86_64-pc-linux-gnu", "x86-64-v3")));
  CHECK_FALSE(bool(checkCodegenCPU("", "anything")));
}

TEST_CASE("no machine code without a CPU or a backend", "[analyzer]") {
  // NestedIR names neither a triple nor a target-cpu: nothing is recorded,
  // and the profile is made all the same; so with a CPU but no triple.
  for (const char *CPU : {"", "x86-64-v3"}) {
    ProgramProfile P = profileOf(NestedIR, "kernel", {"f32:4"}, CPU);
    CHECK(P.Module.CodegenCPU.empty());
    CHECK(block(fn(P, "kernel"), "inner").Body.Machine.empty());
  }
}

TEST_CASE("counts only: no memory or reuse figures", "[analyzer]") {
  TempIR T(NestedIR);
  ProfileOptions O;
  O.Entry = "kernel";
  O.Args = {"f32:4"};
  O.TrackMemory = false;
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  const BlockProfile &In = block(fn(*P, "kernel"), "inner");
  CHECK(In.Count == 12);
  CHECK(In.Loads == 0);
  CHECK(In.Reuse.empty());
}

//===-- Bad input
//----------------------------------------------------------===//

static std::string mainIR(StringRef Body, StringRef Decls = "") {
  return ("define i32 @main() {\nentry:\n" + Body + "\n}\n" + Decls).str();
}

TEST_CASE("a crash is reported with its signal", "[analyzer][bad]") {
  std::string E =
      profileError(mainIR("store volatile i32 1, ptr null\n  ret i32 0"), {});
  CHECK_THAT(E, Catch::Contains("crashed") && Catch::Contains("SIGSEGV"));
}

TEST_CASE("exit() is reported with its status", "[analyzer][bad]") {
  std::string E = profileError(mainIR("call void @exit(i32 7)\n  unreachable",
                                      "declare void @exit(i32)"),
                               {});
  CHECK_THAT(E, Catch::Contains("called exit(7)"));
}

TEST_CASE("abort() is reported", "[analyzer][bad]") {
  std::string E = profileError(
      mainIR("call void @abort()\n  unreachable", "declare void @abort()"), {});
  CHECK_THAT(E, Catch::Contains("abort()"));
}

TEST_CASE("a failing main is reported", "[analyzer][bad]") {
  std::string E = profileError(mainIR("ret i32 5"), {});
  CHECK_THAT(E, Catch::Contains("main returned 5"));
}

TEST_CASE("a run past the time-out is killed", "[analyzer][bad]") {
  ProfileOptions O;
  O.TimeoutSeconds = 1;
  std::string E =
      profileError("define i32 @main() {\nentry:\n  br label %l\nl:\n"
                   "  %x = load volatile i32, ptr @g\n  br label %l\n}\n"
                   "@g = global i32 0\n",
                   O);
  CHECK_THAT(E, Catch::Contains("timed out after 1 s"));
  // Where it was: the loop's block, from the child's progress messages.
  CHECK_THAT(E, Catch::Contains("last seen in function main, block l"));
}

TEST_CASE("allocation past the memory cap is reported", "[analyzer][bad]") {
  ProfileOptions O;
  O.MemoryLimitBytes = 64 << 20;
  std::string E =
      profileError("@sink = global ptr null\n"
                   "define i32 @main() {\nentry:\n  br label %l\nl:\n"
                   "  %p = call ptr @malloc(i64 16777216)\n"
                   "  store volatile ptr %p, ptr @sink\n  br label %l\n}\n"
                   "declare ptr @malloc(i64)\n",
                   O);
  CHECK_THAT(E, Catch::Contains("memory cap of 64 MiB"));
}

TEST_CASE("freed memory is reused under the memory cap", "[analyzer]") {
  // 4 000 x 1 MiB allocated, written, grown by realloc and freed under a
  // 64 MiB cap: the program heap must give freed ranges back (merged with
  // their neighbours) and realloc must keep the contents.
#if defined(__SANITIZE_ADDRESS__) || defined(CROP_TEST_ASAN)
  // AddressSanitizer's shadow memory takes the program heap's fixed
  // addresses, so the program allocates from ASan's allocator, whose
  // quarantine keeps freed memory out of use: there is no program heap to
  // test (scripts/sanitize.sh).
  WARN("not run under AddressSanitizer");
  return;
#endif
  TempIR T("@sink = global i32 0\n"
           "define i32 @main() {\nentry:\n  br label %l\nl:\n"
           "  %i = phi i32 [ 0, %entry ], [ %i1, %l ]\n"
           "  %p = call ptr @malloc(i64 1048576)\n"
           "  %q = call ptr @malloc(i64 100)\n"
           "  store i32 %i, ptr %p\n"
           "  %r = call ptr @realloc(ptr %p, i64 2097152)\n"
           "  %v = load i32, ptr %r\n  store volatile i32 %v, ptr @sink\n"
           "  call void @free(ptr %r)\n  call void @free(ptr %q)\n"
           "  %i1 = add i32 %i, 1\n  %c = icmp eq i32 %i1, 4000\n"
           "  br i1 %c, label %x, label %l\n"
           "x:\n  %s = load volatile i32, ptr @sink\n"
           "  %bad = icmp ne i32 %s, 3999\n  %rc = zext i1 %bad to i32\n"
           "  ret i32 %rc\n}\n"
           "declare ptr @malloc(i64)\ndeclare ptr @realloc(ptr, i64)\n"
           "declare void @free(ptr)\n");
  ProfileOptions O;
  O.MemoryLimitBytes = 64 << 20;
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  INFO((P ? std::string() : toString(P.takeError())));
  REQUIRE(bool(P));
  CHECK(block(fn(*P, "main"), "l").Count == 4000);
}

TEST_CASE("unknown external data is listed before running; unknown "
          "functions stop the run only when called",
          "[analyzer][bad]") {
  std::string E = profileError(
      mainIR("call void @no_such_thing()\n  %v = load i32, ptr @nor_this\n"
             "  %w = load i32, ptr @nor_that\n"
             "  call void @exit(i32 0)\n  ret i32 %v",
             "declare void @no_such_thing()\n@nor_this = external global i32\n"
             "@nor_that = external global i32\ndeclare void @exit(i32)"),
      {});
  CHECK_THAT(E, Catch::Contains("external data"));
  CHECK_THAT(E, Catch::Contains("nor_this, nor_that"));
  // Listed before anything ran: the exit() call would have been reported.
  CHECK_THAT(E, !Catch::Contains("exit("));
  // A function is given a body that names it when the program calls it.
  E = profileError(mainIR("call void @no_such_thing()\n  ret i32 0",
                          "declare void @no_such_thing()"),
                   {});
  CHECK_THAT(E, Catch::Contains("the program called no_such_thing, which the "
                                "module only declares"));
}

TEST_CASE("malformed IR is reported with its line", "[analyzer][bad]") {
  TempIR T("define i32 @f( {\n");
  Expected<ProgramProfile> P = profileModule(T.Path, ProfileOptions());
  REQUIRE_FALSE(bool(P));
  CHECK_THAT(toString(P.takeError()), Catch::Contains(".ll:"));
}

TEST_CASE("bad --arg specs and mismatches are errors", "[analyzer][bad]") {
  ProfileOptions O;
  O.Entry = "kernel";
  O.Args = {"f32:0"};
  CHECK_THAT(profileError(NestedIR, O), Catch::Contains("positive extent"));
  O.Args = {"q32:4"};
  CHECK_THAT(profileError(NestedIR, O), Catch::Contains("element type"));
  O.Args = {"f32:4", "i32=1"};
  CHECK_THAT(profileError(NestedIR, O),
             Catch::Contains("takes 1 parameters but 2"));
  O.Args = {"i32=3"};
  CHECK_THAT(profileError(NestedIR, O), Catch::Contains("is a pointer"));
  O.Args = {"f32:4"};
  O.SampleRate = 0;
  CHECK_THAT(profileError(NestedIR, O), Catch::Contains("sample rate"));
}

TEST_CASE("an entry main never calls is an error", "[analyzer][bad]") {
  ProfileOptions O;
  O.Entry = "helper";
  std::string IR = std::string(NestedIR) +
                   "define void @helper() {\nentry:\n  ret void\n}\n";
  CHECK_THAT(profileError(IR, O), Catch::Contains("never called helper"));
}

// A TVM packed function in the 6-argument form: checks its argument's type
// code and shape like TVM's generated code, then launches a lambda that
// splits a loop of 16 iterations by num_task.
static const char *TVM6IR = R"(
@__TVMBackendParallelLaunch = linkonce global ptr null
@__TVMAPISetLastError = linkonce global ptr null
@msg = private constant [13 x i8] c"bad argument\00"
define i32 @packed(ptr %args, ptr %codes, i32 %n, ptr %ret, ptr %rcode, ptr %res) {
entry:
  %code = load i32, ptr %codes
  %isT = icmp eq i32 %code, 7
  %two = icmp eq i32 %n, 1
  %ok0 = and i1 %isT, %two
  br i1 %ok0, label %check, label %fail
check:
  %t = load ptr, ptr %args
  %shp.p = getelementptr i8, ptr %t, i64 24
  %shp = load ptr, ptr %shp.p
  %d0 = load i64, ptr %shp
  %ok1 = icmp eq i64 %d0, 16
  br i1 %ok1, label %run, label %fail
run:
  %data = load ptr, ptr %t
  %launch = load ptr, ptr @__TVMBackendParallelLaunch
  %r = call i32 %launch(ptr @lambda, ptr %data, i32 0)
  ret i32 %r
fail:
  %seterr = load ptr, ptr @__TVMAPISetLastError
  call void %seterr(ptr @msg)
  ret i32 -1
}
define private i32 @lambda(i32 %task, ptr %penv, ptr %data) {
entry:
  %nt.p = getelementptr i8, ptr %penv, i64 8
  %nt = load i32, ptr %nt.p
  %a = add nsw i32 %nt, 15
  %chunk = sdiv i32 %a, %nt
  %lo = mul i32 %task, %chunk
  %hi0 = add i32 %lo, %chunk
  %c = icmp slt i32 %hi0, 16
  %hi = select i1 %c, i32 %hi0, i32 16
  %any = icmp slt i32 %lo, %hi
  br i1 %any, label %body, label %done
body:
  %i = phi i32 [ %lo, %entry ], [ %i.next, %body ]
  %p = getelementptr float, ptr %data, i32 %i
  store float 1.0, ptr %p
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %hi
  br i1 %more, label %body, label %done
done:
  ret i32 0
}
)";

TEST_CASE("TVM: 6-argument packed call, one task per loop iteration",
          "[analyzer][tvm]") {
  TempIR T(TVM6IR);
  ProfileOptions O;
  O.Entry = "packed";
  O.Args = {"f32:16"};
  Expected<ProgramProfile> P = profileModule(T.Path, O);
  REQUIRE(bool(P));
  const FunctionProfile &L = fn(*P, "lambda");
  CHECK(L.Parallel);
  CHECK(L.Runtime == ParallelRuntime::TVM);
  CHECK(L.Calls == 16);
  REQUIRE(L.Launches.size() == 1);
  CHECK(L.Launches[0].Tasks == 16);
  CHECK(block(L, "body").Count == 16);
  CHECK(edge(block(fn(*P, "packed"), "check"), "run") == 1);
}

TEST_CASE("TVM: a failing packed call quotes TVMAPISetLastError",
          "[analyzer][tvm][bad]") {
  ProfileOptions O;
  O.Entry = "packed";
  O.Args = {"f32:8"};
  CHECK_THAT(profileError(TVM6IR, O),
             Catch::Contains("packed returned -1: bad argument"));
}

TEST_CASE("a program's own threads are refused", "[analyzer][bad]") {
  std::string E = profileError(
      mainIR("%r = call i32 @pthread_create(ptr null, ptr null, ptr null, "
             "ptr null)\n  ret i32 %r",
             "declare i32 @pthread_create(ptr, ptr, ptr, ptr)"),
      {});
  CHECK_THAT(E, Catch::Contains("threads of its own (pthread_create)"));
}

static const char *ScratchIR = R"IR(
declare ptr @malloc(i64)
declare ptr @aligned_alloc(i64, i64)
declare void @free(ptr)

define void @scratch(ptr %out) {
entry:
  %a = call ptr @malloc(i64 1000000)
  %b = call ptr @aligned_alloc(i64 64, i64 4096)
  store float 1.0, ptr %a
  store float 2.0, ptr %b
  call void @free(ptr %a)
  %c = call ptr @malloc(i64 24)
  call void @free(ptr %c)
  call void @free(ptr %b)
  call void @free(ptr %out)
  ret void
}

define i32 @main() {
entry:
  %o = call ptr @malloc(i64 64)
  call void @scratch(ptr %o)
  %p = call ptr @malloc(i64 64)
  call void @scratch(ptr %p)
  ret i32 0
}
)IR";

TEST_CASE("the first call's allocations and frees are recorded in order",
          "[analyzer]") {
  TempIR T(ScratchIR);
  Expected<ProgramProfile> P = profileModule(T.Path, [] {
    ProfileOptions O;
    O.Entry = "scratch";
    return O;
  }());
  REQUIRE(bool(P));
  // Main calls it twice; aligned_alloc asks glibc for the alignment on top;
  // freeing memory made before the call (its argument) is not the call's.
  CHECK(P->AllocEvents ==
        std::vector<int64_t>{1000000, 4096 + 64, -1, 24, -3, -2});
  Expected<ProgramProfile> J = profileFromJSON(profileToJSON(*P), "json");
  REQUIRE(bool(J));
  CHECK(J->AllocEvents == P->AllocEvents);
  Expected<ProgramProfile> Bin = profileFromBinary(profileToBinary(*P), "bin");
  REQUIRE(bool(Bin));
  CHECK(Bin->AllocEvents == P->AllocEvents);
  // A free of an allocation never made is refused, naming the event.
  ProgramProfile Bad = *P;
  Bad.AllocEvents = {100, -1, -1};
  Expected<ProgramProfile> BJ = profileFromJSON(profileToJSON(Bad), "bad.json");
  REQUIRE_FALSE(bool(BJ));
  CHECK_THAT(toString(BJ.takeError()),
             Catch::Contains("event 3 frees allocation 1, which was freed"));
  Expected<ProgramProfile> BB =
      profileFromBinary(profileToBinary(Bad), "bad.cprof");
  REQUIRE_FALSE(bool(BB));
  CHECK_THAT(toString(BB.takeError()), Catch::Contains("allocations"));
}
