//===- CFG.h - A function's control-flow graph as a Boost graph -----------===//
#ifndef CROP_PASSES_CFG_H
#define CROP_PASSES_CFG_H

#include "llvm/IR/PassManager.h"

#include <boost/graph/adjacency_list.hpp>

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace crop {

struct CFGVertex {
  std::string Name;                      ///< Block name ("%3" if unnamed).
  const llvm::BasicBlock *Block = nullptr;
  bool IsExit = false;                   ///< Ends in ret/unreachable/resume.
};

using CFGGraph = boost::adjacency_list<boost::vecS, boost::vecS,
                                       boost::bidirectionalS, CFGVertex>;

struct FunctionCFG {
  std::string Function;
  CFGGraph G;
  /// Vertex of the entry block (always 0).
  CFGGraph::vertex_descriptor Entry = 0;
};

/// The CFG of F: one vertex per block in function order, one edge per
/// distinct successor.
FunctionCFG buildCFG(const llvm::Function &F);

/// The name a block is shown and stored under: its IR name, or "%N" with the
/// slot number IR printing would give it.
std::string blockName(const llvm::BasicBlock &BB);

/// blockName of every block of F, in function order. Numbering unnamed
/// blocks walks the whole function, so prefer this over calling blockName
/// per block.
std::vector<std::string> blockNames(const llvm::Function &F);

/// New-pass-manager analysis that caches buildCFG.
class CFGAnalysis : public llvm::AnalysisInfoMixin<CFGAnalysis> {
public:
  using Result = FunctionCFG;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &);

private:
  friend llvm::AnalysisInfoMixin<CFGAnalysis>;
  static llvm::AnalysisKey Key;
};

} // namespace crop

#endif // CROP_PASSES_CFG_H
