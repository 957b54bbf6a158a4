//===- PageFaultsTests.cpp - glibc's heap and the pages a call faults in --===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Simulator/PageFaults.h"
#include "crop/Simulator/Predictor.h"

#include <catch2/catch.hpp>

using namespace crop;

namespace {
constexpr int64_t MiB = 1 << 20;
/// Pages of an allocation of N bytes, rounded up.
double pages(int64_t N) { return double((N + 4095) / 4096); }
} // namespace

TEST_CASE("two scratch buffers freed at the end of each call are faulted in "
          "on every call",
          "[pagefaults]") {
  // halide.unsharp with both blur stages at the root: two 8.3 MB buffers
  // (glibc measured 4027 faults a call more than without trimming).
  CallPageFaults F = glibcPageFaults({8325260, 8294540, -1, -2});
  CHECK(F.First == Approx(pages(8325260) + pages(8294540)).margin(2));
  // Freed together they reach twice the raised mmap threshold: trimmed.
  CHECK(F.Warm == Approx(pages(8325260) + pages(8294540)).margin(40));
  // Freed in the other order, the same.
  CHECK(glibcPageFaults({8325260, 8294540, -2, -1}).Warm ==
        Approx(F.Warm).margin(2));
}

TEST_CASE("one scratch buffer stays in the heap after the first calls",
          "[pagefaults]") {
  CallPageFaults F = glibcPageFaults({8 * MiB, -1});
  CHECK(F.First == Approx(pages(8 * MiB)).margin(2));
  CHECK(F.Warm == 0);
  CHECK(glibcPageFaults({}).First == 0);
}

TEST_CASE("many small buffers freed at the end of each call are trimmed "
          "away and faulted in again",
          "[pagefaults]") {
  // 1 to 100 KiB, all below the mmap threshold, so the threshold never
  // rises: once freed, the heap's 5 MB top is above the 128 KiB trim
  // threshold. glibc 2.36 on Debian 12, the same sequence with each buffer
  // written whole (`perf stat -e page-faults`, 10 and 20 calls): 1230
  // faults a call.
  std::vector<int64_t> Small;
  for (int64_t I = 1; I <= 100; ++I)
    Small.push_back(1024 * I);
  for (int64_t I = 1; I <= 100; ++I)
    Small.push_back(-I);
  CHECK(glibcPageFaults(Small).Warm == Approx(1230).margin(3));
  // The same buffers freed one by one as they are made stay in the heap.
  std::vector<int64_t> OneAtATime;
  for (int64_t I = 1; I <= 100; ++I) {
    OneAtATime.push_back(1024 * I);
    OneAtATime.push_back(-I);
  }
  CHECK(glibcPageFaults(OneAtATime).Warm < 30);
}

TEST_CASE("buffers beyond the largest mmap threshold are mapped anew on "
          "every call",
          "[pagefaults]") {
  // 40 MiB is above DEFAULT_MMAP_THRESHOLD_MAX (32 MiB): always mmapped.
  CallPageFaults F = glibcPageFaults({40 * MiB, -1});
  CHECK(F.Warm == Approx(pages(40 * MiB + 16)).margin(1));
  // One the call does not free is a workspace it keeps (made on the first
  // call and cached): its pages fault in once.
  CallPageFaults Kept = glibcPageFaults({40 * MiB});
  CHECK(Kept.First == Approx(pages(40 * MiB + 16)).margin(1));
  CHECK(Kept.Warm == 0);
  CHECK(glibcPageFaults({40 * MiB, 8 * MiB, 8 * MiB, -2, -3}).Warm ==
        glibcPageFaults({8 * MiB, 8 * MiB, -1, -2}).Warm);
}

TEST_CASE("the predictor charges the target's page-fault time per page",
          "[pagefaults][predict]") {
  llvm::Expected<hw::Target> T = hw::findTarget("gold5220r");
  REQUIRE(static_cast<bool>(T));
  ProgramProfile P;
  P.Module.Entry = "f";
  FunctionProfile &F = P.Functions.emplace_back();
  F.Name = "f";
  F.Calls = 1;
  BlockProfile &B = F.Blocks.emplace_back();
  B.Name = "entry";
  B.Count = 1;
  P.AllocEvents = {8 * MiB, 8 * MiB, -1, -2};
  PredictOptions O;
  O.Threads = 1;
  O.WarmCalls = true;
  hw::Target Priced = *T;
  Priced.Cpu->PageFaultSeconds = 2e-6;
  T->Cpu->PageFaultSeconds = 0;
  llvm::Expected<Prediction> Free = predict(P, *T, O);
  llvm::Expected<Prediction> Paid = predict(P, Priced, O);
  REQUIRE(static_cast<bool>(Free));
  REQUIRE(static_cast<bool>(Paid));
  double Pages = glibcPageFaults(P.AllocEvents).Warm;
  CHECK(Pages > 4000);
  CHECK(Free->PageFaults == Pages);
  CHECK(Paid->SecondsPerCall - Free->SecondsPerCall ==
        Approx(Pages * 2e-6).epsilon(1e-6));
  CHECK(Paid->Bound == "page_faults");
  // Without the memory model (every access an L1 hit) nothing is charged.
  O.MemoryModel = false;
  llvm::Expected<Prediction> Off = predict(P, Priced, O);
  REQUIRE(static_cast<bool>(Off));
  CHECK(Off->PageFaults == 0);
}
