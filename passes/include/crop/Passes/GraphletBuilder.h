//===- GraphletBuilder.h - Task graphlets from LLVM IR --------------------===//
#ifndef CROP_PASSES_GRAPHLETBUILDER_H
#define CROP_PASSES_GRAPHLETBUILDER_H

#include "crop/Profile/Graphlet.h"

#include "llvm/IR/PassManager.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {
class AAResults;
class BasicBlock;
class Function;
class Instruction;
class LoopInfo;
} // namespace llvm

namespace crop {

/// The graphlet of one block: SSA def-use edges inside the block, memory
/// order edges between accesses that may alias (by AA; orders other edges
/// already imply are left out), the terminator after everything, and, when
/// the block is in a loop, Carried edges to its next iteration through the
/// loop header's phis and through stores to loop-invariant addresses. Phis,
/// debug intrinsics and lifetime markers get no vertex. The full rules are in
/// docs/architecture.md ("Graphlet rules").
Graphlet buildGraphlet(const llvm::BasicBlock &BB, llvm::AAResults &AA);

/// The superblock graphlet of BB merged with its successor Succ; Succ's
/// vertices are named "S1_Vn" and carry Part = 1. Cross-block edges: data
/// (also through Succ's phis, resolved for the edge BB -> Succ) and memory
/// order by AA in cross-iteration mode; BB's terminator orders nothing in
/// Succ.
Graphlet buildSuperblock(const llvm::BasicBlock &BB,
                         const llvm::BasicBlock &Succ, llvm::AAResults &AA);

/// Opcode class, element type and lanes of one instruction, as stored in a
/// graphlet vertex; false for instructions that are not work (phi, debug
/// intrinsics, lifetime markers...).
bool classifyInstruction(const llvm::Instruction &I, GraphletVertex &Out);

/// The instructions of BB that get a vertex, in program order: element i is
/// vertex V(i+1) of buildGraphlet(BB) (and S1_V(i+1) of a superblock whose
/// successor is BB). Printers use it to show the IR behind each vertex.
std::vector<const llvm::Instruction *>
graphletInstructions(const llvm::BasicBlock &BB);

/// Graphlets of every block of a function and of each (block, successor)
/// pair, computed by the new pass manager.
struct FunctionGraphlets {
  std::vector<Graphlet> Blocks;                   ///< In function order.
  std::map<std::pair<std::string, std::string>, Graphlet> Superblocks;
};

/// What GraphletAnalysis computes, callable without a pass manager; the
/// superblocks are skipped when Superblocks is false. Loops (for Carried
/// edges) are computed when not given.
FunctionGraphlets buildFunctionGraphlets(const llvm::Function &F,
                                         llvm::AAResults &AA,
                                         bool Superblocks = true,
                                         const llvm::LoopInfo *Loops = nullptr);

class GraphletAnalysis : public llvm::AnalysisInfoMixin<GraphletAnalysis> {
public:
  using Result = FunctionGraphlets;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  friend llvm::AnalysisInfoMixin<GraphletAnalysis>;
  static llvm::AnalysisKey Key;
};

} // namespace crop

#endif // CROP_PASSES_GRAPHLETBUILDER_H
