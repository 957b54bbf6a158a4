//===- KernelTests.cpp - The generated kernels verify and do one thing ----===//
#include "crop/Microbench/Microbench.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace llvm;
using namespace crop::mb;

namespace {
KernelJit &jit() {
  static std::unique_ptr<KernelJit> J = [] {
    Expected<std::unique_ptr<KernelJit>> E = KernelJit::create();
    if (!E) {
      errs() << toString(E.takeError()) << "\n";
      return std::unique_ptr<KernelJit>();
    }
    return std::move(*E);
  }();
  REQUIRE(J);
  return *J;
}

/// Instructions in the loop, by opcode name, leaving out the loop's own
/// counter, compare and branch, the inline-asm barriers and the constant
/// address offsets (they fold into the memory operands).
std::map<std::string, unsigned> loopOpcodes(const Function &F) {
  std::map<std::string, unsigned> N;
  for (const BasicBlock &BB : F) {
    if (BB.getName() != "loop")
      continue;
    for (const Instruction &I : BB) {
      if (isa<PHINode>(I) || I.isTerminator())
        continue;
      if (auto *C = dyn_cast<CallInst>(&I); C && C->isInlineAsm())
        continue;
      if (I.getName().starts_with("i.next"))
        continue;
      if (auto *G = dyn_cast<GetElementPtrInst>(&I);
          G && G->hasAllConstantIndices())
        continue;
      if (auto *Cmp = dyn_cast<ICmpInst>(&I);
          Cmp && Cmp->getOperand(0)->getName().starts_with("i.next"))
        continue;
      std::string Name = I.getOpcodeName();
      if (auto *II = dyn_cast<IntrinsicInst>(&I))
        Name = II->getCalledFunction()->getName().str();
      ++N[Name];
    }
  }
  return N;
}
} // namespace

TEST_CASE("every catalog kernel verifies in both forms", "[microbench]") {
  KernelJit &J = jit();
  std::vector<CatalogEntry> Cat = kernelCatalog(J.simdBits());
  REQUIRE(Cat.size() > 100);
  std::set<std::string> Names;
  for (const CatalogEntry &E : Cat) {
    INFO(E.Kernel.Name);
    CHECK(Names.insert(E.Kernel.Name).second); // names are unique
    for (KernelKind K : {KernelKind::Latency, KernelKind::Throughput}) {
      LLVMContext Ctx;
      Expected<std::unique_ptr<Module>> M =
          buildKernel(Ctx, E.Kernel, K, 64, 8, "k", J.triple(), J.dataLayout(),
                      J.simdBits());
      if (!M)
        FAIL(toString(M.takeError()));
      std::string Msg;
      raw_string_ostream OS(Msg);
      CHECK_FALSE(verifyModule(**M, &OS));
      CHECK(Msg.empty());
    }
  }
}

TEST_CASE("a kernel holds only its own instruction kind", "[microbench]") {
  KernelJit &J = jit();
  auto build = [&](const std::string &Name, KernelKind K) {
    for (const CatalogEntry &E : kernelCatalog(J.simdBits()))
      if (E.Kernel.Name == Name) {
        static LLVMContext Ctx;
        Expected<std::unique_ptr<Module>> M =
            buildKernel(Ctx, E.Kernel, K, 100, 10, "k_" + Name, J.triple(),
                        J.dataLayout(), J.simdBits());
        if (!M)
          FAIL(toString(M.takeError()));
        return loopOpcodes(*(*M)->getFunction("k_" + Name));
      }
    FAIL("no kernel " << Name);
    return std::map<std::string, unsigned>();
  };
  CHECK(build("fadd.f32x8", KernelKind::Latency) ==
        std::map<std::string, unsigned>{{"fadd", 100}});
  CHECK(build("fma.f64", KernelKind::Throughput) ==
        std::map<std::string, unsigned>{{"llvm.fma.f64", 100}});
  CHECK(build("sitofp+fptosi.i32x8.f32x8", KernelKind::Latency) ==
        std::map<std::string, unsigned>{{"sitofp", 100}, {"fptosi", 100}});
  CHECK(build("store.f32x8", KernelKind::Throughput) ==
        std::map<std::string, unsigned>{{"store", 100}});
  CHECK(build("shufflevector.f32x8", KernelKind::Latency) ==
        std::map<std::string, unsigned>{{"shufflevector", 100}});
  CHECK(build("atomicrmw.i64", KernelKind::Latency) ==
        std::map<std::string, unsigned>{{"atomicrmw", 100}});
  CHECK(build("atomicrmw.i32", KernelKind::Throughput) ==
        std::map<std::string, unsigned>{{"atomicrmw", 100}});
  // Each extension's operand is its own load (the backend's memory operand).
  CHECK(build("load_sext.i8x8.i32x8", KernelKind::Throughput) ==
        std::map<std::string, unsigned>{{"load", 100}, {"sext", 100}});
  CHECK(build("load_fpext.f16x8.f32x8", KernelKind::Throughput) ==
        std::map<std::string, unsigned>{{"load", 100}, {"fpext", 100}});
}

TEST_CASE("the latency form is one chain, the throughput form independent "
          "streams",
          "[microbench]") {
  KernelJit &J = jit();
  KernelSpec K;
  K.Name = "fmul.f64";
  K.Op = "fmul";
  K.Ty = "f64";
  LLVMContext Ctx;
  for (auto [Kind, Streams] : {std::pair{KernelKind::Latency, 1u},
                               std::pair{KernelKind::Throughput, 6u}}) {
    Expected<std::unique_ptr<Module>> M = buildKernel(
        Ctx, K, Kind, 60, 6, "k", J.triple(), J.dataLayout(), J.simdBits());
    if (!M)
      FAIL(toString(M.takeError()));
    const BasicBlock *Loop = nullptr;
    for (const BasicBlock &BB : *(*M)->getFunction("k"))
      if (BB.getName() == "loop")
        Loop = &BB;
    REQUIRE(Loop);
    unsigned Phis = 0;
    for (const PHINode &P : Loop->phis())
      Phis += P.getType()->isDoubleTy();
    CHECK(Phis == Streams);
  }
}

TEST_CASE("kernels compile and run on this host", "[microbench]") {
  KernelJit &J = jit();
  Expected<std::unique_ptr<KernelTimer>> T = KernelTimer::create(J, true);
  if (!T)
    FAIL(toString(T.takeError()));
  KernelSpec K;
  K.Name = "fadd.f32";
  K.Op = "fadd";
  K.Ty = "f32";
  Expected<KernelFn> F = (*T)->compile(K, KernelKind::Latency);
  if (!F)
    FAIL(toString(F.takeError()));
  auto [Cycles, Spread] = (*T)->measure(*F, K, KernelKind::Latency);
  // Every FP add of the last 20 years takes 2 to 6 cycles.
  CHECK(Cycles > 1.5);
  CHECK(Cycles < 10);
  CHECK(Spread >= 0);
}
