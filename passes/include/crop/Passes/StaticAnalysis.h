//===- StaticAnalysis.h - CFGs and graphlets of a whole module ------------===//
//
// The static program analyzer in one call (paper section 3.1): runs the new
// pass manager with LLVM's default alias-analysis pipeline over a module and
// returns, per defined function, its CFG and the graphlets of its blocks and
// superblocks. The analyzer fills program profiles from this; `crop graph`
// prints it.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PASSES_STATICANALYSIS_H
#define CROP_PASSES_STATICANALYSIS_H

#include "crop/Passes/CFG.h"
#include "crop/Passes/GraphletBuilder.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace crop {

struct StaticOptions {
  /// Only this function (empty: every defined function). A name that is not
  /// defined in the module is an error that lists the defined functions.
  std::string Function;
  /// Also build the superblock of every (block, successor) pair.
  bool Superblocks = true;
  /// Build graphlets at all (false: names and CFGs only).
  bool Graphlets = true;
};

/// What the static analyzer knows about one defined function.
struct FunctionStatic {
  /// The IR function: valid only while the module lives and is unchanged
  /// (so are the Block pointers in CFG). Run this before instrumenting.
  const llvm::Function *F = nullptr;
  std::string Name;
  FunctionCFG CFG;
  FunctionGraphlets Graphlets;
};

/// CFGs and graphlets of the module's defined functions, in module order.
llvm::Expected<std::vector<FunctionStatic>>
analyzeModule(llvm::Module &M, const StaticOptions &Opts = {});

/// The widest vector register the module's functions may use, from their
/// "target-features" (x86: +avx512f 512, +avx/+avx2 256, +sse* 128; AArch64:
/// +neon 128); the largest over its functions, 0 if none says.
unsigned moduleVectorBits(const llvm::Module &M);

/// The graphlet of block Block in FS; an error naming the function's blocks
/// if there is no such block.
llvm::Expected<const Graphlet *> findBlockGraphlet(const FunctionStatic &FS,
                                                   llvm::StringRef Block);

} // namespace crop

#endif // CROP_PASSES_STATICANALYSIS_H
