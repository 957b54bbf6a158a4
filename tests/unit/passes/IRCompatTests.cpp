//===- IRCompatTests.cpp - Reading IR that LLVM 20 and later wrote --------===//
#include "crop/Passes/IRCompat.h"
#include "crop/Passes/ModuleLoader.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

using namespace llvm;
using namespace crop;

namespace {

// A kernel as TVM 0.27's wheel (LLVM 21) prints it: LLVM 19 rejects
// captures(...), samesign, nocreateundeforpoison and target_mem locations.
const char *NewerIR = R"(
define i32 @k(ptr noalias captures(none) %a, ptr readonly captures(address_is_null) %b, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr inbounds nuw float, ptr %a, i32 %i
  store float 1.0, ptr %p, align 4
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp samesign ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg)
@s = constant [15 x i8] c"captures(none)\00" ; samesign in a comment
attributes #0 = { nocreateundeforpoison memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) }
)";

std::string rewrite(StringRef Text, unsigned &N) {
  return rewriteNewerIR(Text, N);
}

} // namespace

TEST_CASE("newer IR syntax is rewritten, strings and lines kept",
          "[passes][loader]") {
  unsigned N = 0;
  std::string Out = rewrite(NewerIR, N);
  CHECK(N == 7);
  CHECK(StringRef(Out).count('\n') == StringRef(NewerIR).count('\n'));
  CHECK(Out.find("ptr noalias nocapture %a") != std::string::npos);
  CHECK(Out.find("ptr readonly %b") != std::string::npos);
  CHECK(Out.find("icmp ult i32") != std::string::npos);
  CHECK(Out.find("writeonly nocapture, i8") != std::string::npos);
  CHECK(Out.find("memory(readwrite, inaccessiblemem: none) }") !=
        std::string::npos);
  // Data and comments are not code.
  CHECK(Out.find("c\"captures(none)\\00\" ; samesign in a comment") !=
        std::string::npos);
  // Already LLVM 19 text is left alone.
  CHECK(rewrite(Out, N) == Out);
  CHECK(N == 0);
  // Names that look like the new keywords are values, not keywords.
  const char *Names = "  %samesign = add i32 %initializes, 1\n";
  CHECK(rewrite(Names, N) == Names);
  CHECK(N == 0);
}

TEST_CASE("masked intrinsics get their alignment operand back",
          "[passes][loader]") {
  // LLVM 21 form: the alignment is an attribute of the pointer operand.
  const char *IR = R"(
define <8 x float> @k(ptr %p, <8 x i1> %m, <8 x float> %v) {
  %a = call <8 x float> @llvm.masked.load.v8f32.p0(ptr nonnull align 4 %p, <8 x i1> %m, <8 x float> poison)
  call void @llvm.masked.store.v8f32.p0(<8 x float> %a, ptr align 16 %p, <8 x i1> %m)
  ret <8 x float> %a
}
declare <8 x float> @llvm.masked.load.v8f32.p0(ptr captures(none), <8 x i1>, <8 x float>)
declare void @llvm.masked.store.v8f32.p0(<8 x float>, ptr captures(none), <8 x i1>)
)";
  unsigned N = 0;
  std::string Out = rewrite(IR, N);
  CHECK(Out.find("@llvm.masked.load.v8f32.p0(ptr nonnull %p, i32 4, <8 x i1> "
                 "%m, <8 x float> poison)") != std::string::npos);
  CHECK(Out.find("@llvm.masked.store.v8f32.p0(<8 x float> %a, ptr %p, i32 16, "
                 "<8 x i1> %m)") != std::string::npos);
  CHECK(Out.find("@llvm.masked.load.v8f32.p0(ptr nocapture, i32 immarg, <8 x "
                 "i1>, <8 x float>)") != std::string::npos);
  CHECK(Out.find("@llvm.masked.store.v8f32.p0(<8 x float>, ptr nocapture, i32 "
                 "immarg, <8 x i1>)") != std::string::npos);
  // LLVM 19's own form is left as it is.
  CHECK(rewrite(Out, N) == Out);
  CHECK(N == 0);
}

TEST_CASE("a module that breaks an intrinsic's rules is an error, not an abort",
          "[passes][loader]") {
  // With current debug metadata, LLVM's parser verifies the module and calls
  // report_fatal_error; Crop's loader must report it instead.
  const char *IR = R"(
define <8 x float> @k(ptr %p, <8 x i1> %m, i32 %align) {
  %a = call <8 x float> @llvm.masked.load.v8f32.p0(ptr %p, i32 %align, <8 x i1> %m, <8 x float> poison)
  ret <8 x float> %a
}
declare <8 x float> @llvm.masked.load.v8f32.p0(ptr, i32 immarg, <8 x i1>, <8 x float>)
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
)";
  SmallString<128> Path;
  int FD;
  REQUIRE(!sys::fs::createTemporaryFile("crop-immarg", "ll", FD, Path));
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << IR;
  }
  LLVMContext Ctx;
  auto M = loadModule(Path, Ctx);
  REQUIRE(!M);
  std::string Msg = toString(M.takeError());
  CHECK(
      Msg.find("invalid module: immarg operand has non-immediate parameter") !=
      std::string::npos);
  sys::fs::remove(Path);
}

TEST_CASE("the loader reads LLVM 20+ IR and keeps line numbers in errors",
          "[passes][loader]") {
  SmallString<128> Path;
  int FD;
  REQUIRE(!sys::fs::createTemporaryFile("crop-newer", "ll", FD, Path));
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << NewerIR;
  }
  LLVMContext Ctx;
  auto M = loadModule(Path, Ctx);
  REQUIRE(bool(M));
  CHECK((*M)->getFunction("k"));

  // A real error after newer syntax still names its own line (line 11).
  std::string Bad = NewerIR;
  Bad.replace(Bad.find("br i1 %c"), 8, "br i1 %nope");
  {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    OS << Bad;
  }
  LLVMContext Ctx2;
  auto M2 = loadModule(Path, Ctx2);
  REQUIRE(!M2);
  std::string Msg = toString(M2.takeError());
  CHECK(Msg.find(":11:") != std::string::npos);
  CHECK(Msg.find("after rewriting") != std::string::npos);
  sys::fs::remove(Path);
}
