//===- CFG.cpp - A function's control-flow graph as a Boost graph ---------===//
#include "crop/Passes/CFG.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"

#include <set>

using namespace llvm;
using namespace crop;

AnalysisKey CFGAnalysis::Key;

std::vector<std::string> crop::blockNames(const Function &F) {
  std::vector<std::string> Names;
  Names.reserve(F.size());
  // Slot numbers need a pass over the whole function; do it once, and only
  // when some block is unnamed.
  bool AllNamed = true;
  for (const BasicBlock &BB : F)
    AllNamed &= BB.hasName();
  std::unique_ptr<ModuleSlotTracker> MST;
  if (!AllNamed) {
    MST = std::make_unique<ModuleSlotTracker>(
        F.getParent(),
        /*ShouldInitializeAllMetadata=*/false);
    MST->incorporateFunction(F);
  }
  for (const BasicBlock &BB : F) {
    if (BB.hasName()) {
      Names.push_back(BB.getName().str());
      continue;
    }
    int Slot = MST->getLocalSlot(&BB);
    Names.push_back(Slot >= 0 ? "%" + std::to_string(Slot) : "%?");
  }
  return Names;
}

std::string crop::blockName(const BasicBlock &BB) {
  if (BB.hasName())
    return BB.getName().str();
  const Function *F = BB.getParent();
  if (!F)
    return "%?";
  std::vector<std::string> Names = blockNames(*F);
  unsigned Index = 0;
  for (const BasicBlock &Other : *F) {
    if (&Other == &BB)
      return Names[Index];
    ++Index;
  }
  return "%?";
}

FunctionCFG crop::buildCFG(const Function &F) {
  FunctionCFG CFG;
  CFG.Function = F.getName().str();
  if (F.isDeclaration())
    return CFG;
  std::vector<std::string> Names = blockNames(F);
  DenseMap<const BasicBlock *, CFGGraph::vertex_descriptor> Vertex;
  unsigned Index = 0;
  for (const BasicBlock &BB : F) {
    CFGVertex V;
    V.Name = Names[Index++];
    V.Block = &BB;
    const Instruction *T = BB.getTerminator();
    V.IsExit = T && T->getNumSuccessors() == 0;
    Vertex[&BB] = boost::add_vertex(V, CFG.G);
  }
  for (const BasicBlock &BB : F) {
    std::set<const BasicBlock *> Seen;
    for (const BasicBlock *Succ : successors(&BB))
      if (Seen.insert(Succ).second)
        boost::add_edge(Vertex[&BB], Vertex[Succ], CFG.G);
  }
  CFG.Entry = 0;
  return CFG;
}

CFGAnalysis::Result CFGAnalysis::run(Function &F, FunctionAnalysisManager &) {
  return buildCFG(F);
}
