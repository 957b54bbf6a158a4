//===- FuzzIR.cpp - libFuzzer: the IR loader and Crop's static analysis ---===//
//
// Any text goes through Crop's loader (LLVM 20+ syntax rewriting, parsing
// without LLVM's aborting debug-info upgrade, verification) and is either a
// module or an error; a module gets its CFGs, graphlets and superblocks
// without a crash.
//
//===----------------------------------------------------------------------===//
#include "crop/Passes/ModuleLoader.h"
#include "crop/Passes/StaticAnalysis.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::LLVMContext Ctx;
  // The parser wants a NUL-terminated buffer (as a file read gives it).
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  auto M =
      crop::loadModule(llvm::MemoryBufferRef(Text, "fuzz.ll"), "fuzz.ll", Ctx);
  if (!M) {
    llvm::consumeError(M.takeError());
    return 0;
  }
  llvm::Expected<std::vector<crop::FunctionStatic>> S =
      crop::analyzeModule(**M);
  if (!S)
    llvm::consumeError(S.takeError());
  return 0;
}
