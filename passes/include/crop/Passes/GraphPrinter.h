//===- GraphPrinter.h - CFGs and graphlets as YAML or Graphviz DOT --------===//
//
// Shared by `crop graph` and the opt plugin's crop-print-* passes. The YAML
// layout is described in docs/architecture.md ("crop graph output").
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PASSES_GRAPHPRINTER_H
#define CROP_PASSES_GRAPHPRINTER_H

#include "crop/Passes/StaticAnalysis.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace crop {

struct GraphPrintOptions {
  bool CFG = true;          ///< Print each function's CFG.
  bool Graphlets = true;    ///< Print block graphlets.
  bool Superblocks = false; ///< Print superblock graphlets too.
  /// Only this block's graphlet (and its superblocks); empty: all blocks.
  /// The caller checks it exists (findBlockGraphlet).
  std::string Block;
  /// Show the IR instruction behind each vertex.
  bool ShowIR = true;
};

/// One YAML document: `source`, then `functions` with each one's cfg,
/// graphlets and superblocks.
void printGraphYAML(llvm::raw_ostream &OS, llvm::StringRef Source,
                    llvm::ArrayRef<FunctionStatic> Functions,
                    const GraphPrintOptions &Opts);

/// One Graphviz digraph with a cluster per CFG and per graphlet.
void printGraphDOT(llvm::raw_ostream &OS, llvm::StringRef Source,
                   llvm::ArrayRef<FunctionStatic> Functions,
                   const GraphPrintOptions &Opts);

/// S as a YAML scalar: plain when that reads back as the same string,
/// double-quoted and escaped otherwise.
std::string yamlScalar(llvm::StringRef S);

} // namespace crop

#endif // CROP_PASSES_GRAPHPRINTER_H
