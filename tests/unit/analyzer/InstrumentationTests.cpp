//===- InstrumentationTests.cpp - Counter and hook placement -------------===//
#include "crop/Passes/Instrumentation.h"
#include "crop/Passes/RuntimeABI.h"

#include "TestIR.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include <catch2/catch.hpp>

using namespace llvm;
using namespace crop;

static std::unique_ptr<Module> parse(LLVMContext &Ctx, const char *IR) {
  return parseIR(Ctx, IR);
}

static const char *LoopIR = R"(
define i32 @f(ptr %a, i32 %n, i32 %k) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %p
  switch i32 %k, label %latch [ i32 1, label %one
                                i32 2, label %latch ]
one:
  store i32 %v, ptr %p
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 16, i1 false)
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %v
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
)";

TEST_CASE("one counter per distinct edge, one per exit block", "[instr]") {
  LLVMContext Ctx;
  auto M = parse(Ctx, LoopIR);
  InstrumentationOptions O;
  O.Entry = "f";
  Expected<InstrumentationMap> Map = instrumentModule(*M, O);
  REQUIRE(bool(Map));
  REQUIRE_FALSE(verifyModule(*M, &errs()));
  REQUIRE(Map->Functions == std::vector<std::string>{"f"});
  REQUIRE(Map->Blocks.size() == 5);
  // entry -> loop; loop -> latch, one (the switch's duplicate edge to latch
  // is one CFG edge); one -> latch; latch -> loop, exit; exit: exit counter.
  CHECK(Map->Blocks[0].Edges.size() == 1);
  CHECK(Map->Blocks[1].Edges.size() == 2);
  CHECK(Map->Blocks[2].Edges.size() == 1);
  CHECK(Map->Blocks[3].Edges.size() == 2);
  CHECK(Map->Blocks[4].Edges.empty());
  CHECK(Map->Blocks[4].ExitCounter >= 0);
  CHECK(Map->NumCounters == 7);
  CHECK(Map->Blocks[1].Name == "loop");
  // load; store + memset in `one`.
  REQUIRE(Map->MemOps.size() == 3);
  CHECK_FALSE(Map->MemOps[0].Store);
  CHECK(Map->MemOps[0].Block == 1);
  CHECK(Map->MemOps[1].Store);
  CHECK(Map->MemOps[2].Block == 2);
  CHECK(M->getNamedGlobal(abi::CountersSymbol));
  CHECK(M->getNamedGlobal(abi::FunctionTableSymbol));
  CHECK(M->getFunction(abi::EnterHookSymbol));
  CHECK(M->getFunction(abi::LeaveHookSymbol));
}

TEST_CASE("counts only: no memory hooks", "[instr]") {
  LLVMContext Ctx;
  auto M = parse(Ctx, LoopIR);
  InstrumentationOptions O;
  O.Memory = false;
  Expected<InstrumentationMap> Map = instrumentModule(*M, O);
  REQUIRE(bool(Map));
  REQUIRE_FALSE(verifyModule(*M, &errs()));
  CHECK(Map->MemOps.empty());
  CHECK_FALSE(M->getFunction(abi::LoadHookSymbol));
  CHECK_FALSE(M->getFunction(abi::EnterHookSymbol));
}

TEST_CASE("an entry the module does not define is an error", "[instr]") {
  LLVMContext Ctx;
  auto M = parse(Ctx, LoopIR);
  InstrumentationOptions O;
  O.Entry = "g";
  Expected<InstrumentationMap> Map = instrumentModule(*M, O);
  REQUIRE_FALSE(bool(Map));
  std::string Msg = toString(Map.takeError());
  CHECK_THAT(Msg, Catch::Contains("no function 'g'") &&
                      Catch::Contains("defined: f"));
}

TEST_CASE("blockCount sums a block's edge counters", "[instr]") {
  InstrumentationMap Map;
  Map.Blocks.resize(2);
  Map.Blocks[0].Edges = {{0, 0}, {1, 1}};
  Map.Blocks[1].ExitCounter = 2;
  uint64_t C[] = {5, 7, 3};
  CHECK(Map.blockCount(0, C) == 12);
  CHECK(Map.blockCount(1, C) == 3);
}
