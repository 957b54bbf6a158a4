//===- StaticAnalysis.cpp - CFGs and graphlets of a whole module ----------===//
#include "crop/Passes/StaticAnalysis.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;
using namespace crop;

namespace {

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// "a, b, c" (at most Max names, then how many more).
std::string listNames(const std::vector<std::string> &Names, size_t Max = 40) {
  std::string S;
  raw_string_ostream OS(S);
  for (size_t I = 0; I < Names.size() && I < Max; ++I)
    OS << (I ? ", " : "") << Names[I];
  if (Names.size() > Max)
    OS << ", ... (" << Names.size() - Max << " more)";
  return S;
}

} // namespace

Expected<std::vector<FunctionStatic>>
crop::analyzeModule(Module &M, const StaticOptions &Opts) {
  std::vector<std::string> Defined;
  for (const Function &F : M)
    if (!F.isDeclaration())
      Defined.push_back(F.getName().str());
  if (!Opts.Function.empty()) {
    const Function *F = M.getFunction(Opts.Function);
    if (!F || F->isDeclaration())
      return makeError("no function '" + Opts.Function + "' defined in " +
                       M.getModuleIdentifier() + "; defined functions: " +
                       (Defined.empty() ? "none" : listNames(Defined)));
  }

  // Only the function analyses (AA and what it needs) are used, but
  // cross-registration wants all four managers.
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  FAM.registerPass([&] { return PB.buildDefaultAAPipeline(); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  std::vector<FunctionStatic> Out;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (!Opts.Function.empty() && F.getName() != Opts.Function)
      continue;
    FunctionStatic FS;
    FS.F = &F;
    FS.Name = F.getName().str();
    FS.CFG = buildCFG(F);
    if (Opts.Graphlets)
      FS.Graphlets = buildFunctionGraphlets(F, FAM.getResult<AAManager>(F),
                                            Opts.Superblocks);
    Out.push_back(std::move(FS));
  }
  return Out;
}

Expected<const Graphlet *> crop::findBlockGraphlet(const FunctionStatic &FS,
                                                   StringRef Block) {
  std::vector<std::string> Names;
  for (const Graphlet &G : FS.Graphlets.Blocks) {
    if (G.Block == Block)
      return &G;
    Names.push_back(G.Block);
  }
  return makeError("no block '" + Block + "' in function '" + FS.Name +
                   "'; blocks: " + listNames(Names));
}

unsigned crop::moduleVectorBits(const Module &M) {
  unsigned Bits = 0;
  for (const Function &F : M) {
    if (F.isDeclaration() || !F.hasFnAttribute("target-features"))
      continue;
    SmallVector<StringRef, 32> Features;
    F.getFnAttribute("target-features").getValueAsString().split(Features, ',');
    unsigned FBits = 0;
    for (StringRef Feat : Features) {
      if (Feat == "+avx512f")
        FBits = std::max(FBits, 512u);
      else if (Feat == "+avx" || Feat == "+avx2")
        FBits = std::max(FBits, 256u);
      else if (Feat.starts_with("+sse") || Feat == "+neon")
        FBits = std::max(FBits, 128u);
    }
    Bits = std::max(Bits, FBits);
  }
  return Bits;
}
