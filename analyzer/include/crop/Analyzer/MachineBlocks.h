//===- MachineBlocks.h - What the backend makes of each IR block ----------===//
//
// Register allocation, loop strength reduction and instruction selection
// decide how many instructions a block really runs and how much of its state
// goes through the stack, and none of it shows in the IR. The program's own
// backend (its triple, for the CPU its binary is built for: the same code on
// every target of that ISA) compiles a copy of the module, and the assembly
// says, per IR block, the instructions and the stack reloads and spills it
// got. The profile stores them in the graphlets; the simulator charges the
// spill traffic from them instead of estimating register pressure.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_MACHINEBLOCKS_H
#define CROP_ANALYZER_MACHINEBLOCKS_H

#include "crop/Profile/Graphlet.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace crop {

/// Per defined function, per block (named as blockName() names it): what
/// the backend emitted for it (GraphletMachine with Part 0).
using ModuleMachineBlocks =
    std::map<std::string, std::map<std::string, GraphletMachine>>;

/// Compiles a copy of M with its triple's backend for CPU (functions that
/// name their own target-cpu keep it) at the default optimization level, as
/// `clang -O2 -Xclang -disable-llvm-optzns` compiles the IR Crop predicts.
/// An error when the triple has no backend in this LLVM.
llvm::Expected<ModuleMachineBlocks> machineBlocks(const llvm::Module &M,
                                                  llvm::StringRef CPU);

/// An error naming CPU and some CPUs the triple's backend does know when
/// the backend does not know CPU; success when it does, or when this LLVM
/// has no backend for the triple (nothing will be compiled then).
llvm::Error checkCodegenCPU(llvm::StringRef Triple, llvm::StringRef CPU);

/// The target-cpu the module's defined functions name (the first one that
/// names one); empty when none does.
std::string moduleTargetCPU(const llvm::Module &M);

} // namespace crop

#endif // CROP_ANALYZER_MACHINEBLOCKS_H
