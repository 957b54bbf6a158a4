//===- HostTargetTests.cpp - IR for another CPU made runnable on this one -===//
#include "crop/Analyzer/HostTarget.h"

#include "llvm/IR/Function.h"

#include <catch2/catch.hpp>

#include "TestIR.h"

using namespace llvm;
using namespace crop;

namespace {

HostMachine avx2Host() {
  HostMachine H;
  H.Triple = "x86_64-pc-linux-gnu";
  H.CPU = "znver3";
  H.Features["avx2"] = true;
  H.Features["fma"] = true;
  H.Features["avx512f"] = false;
  return H;
}

const char *X86IR = R"(
target triple = "x86_64-pc-linux-gnu"
define void @kernel(ptr %p) #0 {
  %v = load <16 x float>, ptr %p
  %w = fadd <16 x float> %v, %v
  store <16 x float> %w, ptr %p
  ret void
}
declare <4 x float> @llvm.x86.sse.rcp.ps(<4 x float>)
attributes #0 = { "target-cpu"="sapphirerapids" "tune-cpu"="generic" "target-features"="+avx2,+avx512f,+fma,-amx-tile,+somethingnew" }
)";

const char *ArmIR = R"(
target triple = "aarch64-unknown-linux-gnu"
define float @kernel(<4 x float> %v) #0 {
  %s = call float @llvm.vector.reduce.fadd.v4f32(float 0.0, <4 x float> %v)
  ret float %s
}
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
attributes #0 = { "target-cpu"="neoverse-n1" "target-features"="+neon,+v8.2a" }
)";

} // namespace

TEST_CASE("IR whose CPU features this machine has is left as it is",
          "[analyzer][host]") {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, X86IR);
  HostMachine H = avx2Host();
  H.Features["avx512f"] = true;
  Expected<std::string> Note = retargetForHost(*M, H);
  REQUIRE(static_cast<bool>(Note));
  CHECK(Note->empty());
  CHECK(M->getFunction("kernel")->hasFnAttribute("target-features"));
  CHECK(M->getFunction("kernel")->hasFnAttribute("target-cpu"));
}

TEST_CASE("IR asking for CPU features this machine lacks runs as its code",
          "[analyzer][host]") {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, X86IR);
  Expected<std::string> Note = retargetForHost(*M, avx2Host());
  REQUIRE(static_cast<bool>(Note));
  // Only features the host reports as absent are named; a disabled one or
  // one LLVM does not list for this CPU is not.
  CHECK(*Note == "the IR is compiled for sapphirerapids, with CPU features "
                 "this machine lacks (avx512f); the run compiles it for this "
                 "machine (znver3) instead, which changes no count or "
                 "address");
  Function *F = M->getFunction("kernel");
  CHECK_FALSE(F->hasFnAttribute("target-features"));
  CHECK_FALSE(F->hasFnAttribute("target-cpu"));
  CHECK_FALSE(F->hasFnAttribute("tune-cpu"));
  CHECK(M->getTargetTriple() == "x86_64-pc-linux-gnu");
}

TEST_CASE("a target intrinsic in such IR is named for the backend's error",
          "[analyzer][host]") {
  LLVMContext Ctx;
  std::string IR = X86IR;
  IR.replace(IR.find("  ret void"), 0,
             "  %r = call <4 x float> @llvm.x86.sse.rcp.ps(<4 x float> "
             "zeroinitializer)\n");
  auto M = parseIR(Ctx, IR);
  Expected<std::string> Note = retargetForHost(*M, avx2Host());
  REQUIRE(static_cast<bool>(Note));
  CHECK_THAT(*Note, Catch::EndsWith(
                        "; it calls llvm.x86.sse.rcp.ps, which may need them"));
}

TEST_CASE("IR of another architecture runs as this machine's code",
          "[analyzer][host]") {
  LLVMContext Ctx;
  auto M = parseIR(Ctx, ArmIR);
  Expected<std::string> Note = retargetForHost(*M, avx2Host());
  REQUIRE(static_cast<bool>(Note));
  CHECK(*Note == "the IR is compiled for aarch64-unknown-linux-gnu "
                 "(neoverse-n1); the run compiles it for this machine "
                 "(znver3) instead, which changes no count or address");
  CHECK(M->getTargetTriple() == "x86_64-pc-linux-gnu");
  CHECK_FALSE(M->getFunction("kernel")->hasFnAttribute("target-features"));
}

TEST_CASE("another architecture's intrinsics and assembly are refused",
          "[analyzer][host]") {
  LLVMContext Ctx;
  std::string IR = ArmIR;
  SECTION("an intrinsic") {
    IR += "define float @sum(<4 x float> %v) {\n"
          "  %s = call float @llvm.aarch64.neon.faddv.f32.v4f32(<4 x float> "
          "%v)\n  ret float %s\n}\n"
          "declare float @llvm.aarch64.neon.faddv.f32.v4f32(<4 x float>)\n";
    auto M = parseIR(Ctx, IR);
    Expected<std::string> Note = retargetForHost(*M, avx2Host());
    REQUIRE_FALSE(static_cast<bool>(Note));
    std::string Msg = toString(Note.takeError());
    CHECK_THAT(Msg, Catch::Contains("calls llvm.aarch64.neon.faddv.f32.v4f32, "
                                    "an intrinsic of aarch64 code, which this "
                                    "x86_64 machine cannot run"));
    CHECK_THAT(Msg, Catch::Contains("profile it on a machine of its "
                                    "architecture"));
    // Refused before anything changed.
    CHECK(M->getTargetTriple() == "aarch64-unknown-linux-gnu");
  }
  SECTION("inline assembly") {
    IR += "define void @fence() {\n  call void asm sideeffect \"dmb ish\", "
          "\"\"()\n  ret void\n}\n";
    auto M = parseIR(Ctx, IR);
    Expected<std::string> Note = retargetForHost(*M, avx2Host());
    REQUIRE_FALSE(static_cast<bool>(Note));
    CHECK_THAT(toString(Note.takeError()),
               Catch::Contains("has inline assembly (in fence)"));
  }
}
