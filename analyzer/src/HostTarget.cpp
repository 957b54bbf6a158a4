//===- HostTarget.cpp - Running IR compiled for another CPU on this one ---===//
#include "crop/Analyzer/HostTarget.h"
#include "crop/Analyzer/MachineBlocks.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <set>

using namespace llvm;

namespace {

constexpr const char *TargetAttrs[] = {"target-cpu", "target-features",
                                       "tune-cpu"};

/// Features the functions of M ask for that Host lacks, sorted.
std::set<std::string> missingFeatures(const Module &M,
                                      const crop::HostMachine &Host) {
  std::set<std::string> Missing;
  for (const Function &F : M) {
    if (F.isDeclaration() || !F.hasFnAttribute("target-features"))
      continue;
    SmallVector<StringRef, 64> Features;
    F.getFnAttribute("target-features").getValueAsString().split(Features, ',');
    for (StringRef Feat : Features) {
      if (!Feat.consume_front("+"))
        continue;
      auto It = Host.Features.find(Feat);
      if (It != Host.Features.end() && !It->second)
        Missing.insert(Feat.str());
    }
  }
  return Missing;
}

/// What of M cannot run on an architecture other than its own: intrinsics
/// of its architecture and inline assembly. Empty when there is none.
std::string foreignCode(const Module &M, const Triple &HostT) {
  StringRef HostPrefix = Triple::getArchTypePrefix(HostT.getArch());
  for (const Function &F : M) {
    if (!F.isTargetIntrinsic())
      continue;
    // llvm.<arch>.name: an intrinsic of this machine's architecture runs.
    StringRef Arch = F.getName().drop_front(5).split('.').first;
    if (Arch != HostPrefix && F.getNumUses())
      return "calls " + F.getName().str() + ", an intrinsic of " + Arch.str() +
             " code";
  }
  if (!M.getModuleInlineAsm().empty())
    return "has module-level inline assembly";
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (const auto *CB = dyn_cast<CallBase>(&I); CB && CB->isInlineAsm())
          return "has inline assembly (in " + F.getName().str() + ")";
  return "";
}

} // namespace

crop::HostMachine crop::HostMachine::detect() {
  HostMachine H;
  H.Triple = sys::getProcessTriple();
  H.CPU = sys::getHostCPUName().str();
  for (const auto &KV : sys::getHostCPUFeatures())
    H.Features[KV.getKey()] = KV.getValue();
  return H;
}

Expected<std::string> crop::retargetForHost(Module &M,
                                            const HostMachine &Host) {
  Triple HostT(Host.Triple), ModT(M.getTargetTriple());
  bool Foreign =
      !M.getTargetTriple().empty() && ModT.getArch() != HostT.getArch();
  std::set<std::string> Missing;
  if (!Foreign)
    Missing = missingFeatures(M, Host);
  if (!Foreign && Missing.empty())
    return "";

  std::string CPU = moduleTargetCPU(M);
  std::string Asked =
      Foreign ? M.getTargetTriple() + (CPU.empty() ? "" : " (" + CPU + ")")
              : "CPU features this machine lacks";
  if (Foreign) {
    std::string What = foreignCode(M, HostT);
    if (!What.empty())
      return createStringError(
          inconvertibleErrorCode(),
          "the module is compiled for %s and %s, which this %s machine cannot "
          "run; Crop profiles a module by running it, so profile it on a "
          "machine of its architecture (the profile then predicts any target)",
          Asked.c_str(), What.c_str(), HostT.getArchName().str().c_str());
  } else {
    SmallVector<std::string, 4> Named;
    for (const std::string &F : Missing)
      if (Named.size() < 4)
        Named.push_back(F);
    Asked = (CPU.empty() ? "" : CPU + ", with ") + Asked + " (" +
            join(Named, ", ") + (Missing.size() > 4 ? ", ..." : "") + ")";
  }
  // This architecture's intrinsics stay; those the CPU lacks fail in the
  // backend, and the line names them for that error.
  std::string Intrinsics;
  for (const Function &F : M)
    if (F.isTargetIntrinsic() && F.getNumUses() && Intrinsics.size() < 160)
      Intrinsics += (Intrinsics.empty() ? "" : ", ") + F.getName().str();

  for (Function &F : M)
    for (const char *A : TargetAttrs)
      F.removeFnAttr(A);
  if (Foreign)
    M.setTargetTriple(Host.Triple);
  return "the IR is compiled for " + Asked +
         "; the run compiles it for this machine (" + Host.CPU +
         ") instead, which changes no count or address" +
         (Intrinsics.empty() || Foreign
              ? ""
              : "; it calls " + Intrinsics + ", which may need them");
}
