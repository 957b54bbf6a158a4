//===- FuzzIR.cpp - libFuzzer: the IR loader and Crop's static analysis ---===//
//
// Any text either parses and verifies as an LLVM module or is refused; a
// module that verifies gets its CFGs, graphlets and superblocks without a
// crash.
//
//===----------------------------------------------------------------------===//
#include "crop/Passes/StaticAnalysis.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Diag;
  // The parser wants a NUL-terminated buffer (as a file read gives it).
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(Text, Diag, Ctx);
  if (!M || llvm::verifyModule(*M))
    return 0;
  llvm::Expected<std::vector<crop::FunctionStatic>> S =
      crop::analyzeModule(*M);
  if (!S)
    llvm::consumeError(S.takeError());
  return 0;
}
