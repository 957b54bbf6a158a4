//===- Instrumentation.h - Counters and memory hooks for the profiler ----===//
//
// The dynamic analyzer's passes (paper section 3.2): every block gets one
// inline counter increment at its terminator, indexed by the edge it leaves
// through, so block counts (the sum over a block's edges), branch
// frequencies and function call counts (the entry block's count) all come
// from one increment per block execution. Memory hooks report every load and
// store with its address, size and static memory operation. The runtime
// symbols are named in RuntimeABI.h.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PASSES_INSTRUMENTATION_H
#define CROP_PASSES_INSTRUMENTATION_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace crop {

struct InstrumentationOptions {
  /// Inline edge counters in every defined function.
  bool Counters = true;
  /// Hooks on loads, stores, atomics and memory intrinsics.
  bool Memory = true;
  /// Function whose outermost call delimits what is counted (enter/leave
  /// hooks); empty: none (everything counts).
  std::string Entry;
};

/// Which counter means what, and which block each memory operation is in.
struct InstrumentationMap {
  struct Edge {
    uint32_t Successor; ///< Index of the successor block in its function.
    uint32_t Counter;
  };
  struct Block {
    uint32_t Function; ///< Index into Functions.
    std::string Name;  ///< crop::blockName of the original block.
    /// Counters of the edges out of the block, one per distinct successor.
    std::vector<Edge> Edges;
    /// Counter of the block's executions when it has no successor (ret,
    /// unreachable) or an unusual terminator; -1 if its edges count it.
    int64_t ExitCounter = -1;
  };
  struct MemOp {
    uint32_t Block; ///< Index into Blocks.
    bool Store;
  };
  std::vector<std::string> Functions; ///< Defined functions, module order.
  /// First block of each function in Blocks (Functions.size() + 1 entries).
  std::vector<uint32_t> FunctionFirstBlock;
  std::vector<Block> Blocks; ///< Original blocks, function by function.
  std::vector<MemOp> MemOps;
  uint32_t NumCounters = 0;

  /// Executions of block B from a counter array.
  uint64_t blockCount(uint32_t B, const uint64_t *Counters) const;
};

/// Instruments M in place. Block and memory-operation ids refer to M as it
/// was before the call. An Entry that M does not define is an error.
llvm::Expected<InstrumentationMap>
instrumentModule(llvm::Module &M, const InstrumentationOptions &Opts);

/// The same as a new-pass-manager module pass (e.g. for opt's plugin).
class CropInstrumentPass : public llvm::PassInfoMixin<CropInstrumentPass> {
public:
  explicit CropInstrumentPass(InstrumentationOptions Opts = {})
      : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  InstrumentationOptions Opts;
};

} // namespace crop

#endif // CROP_PASSES_INSTRUMENTATION_H
