//===- ModuleLoader.h - Reading .ll and .bc files with useful errors ------===//
#ifndef CROP_PASSES_MODULELOADER_H
#define CROP_PASSES_MODULELOADER_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <memory>

namespace crop {

/// Parses textual IR or bitcode (chosen by content, not extension) and
/// verifies it. Errors carry the file name, the line and column for textual
/// IR, and LLVM's own message.
llvm::Expected<std::unique_ptr<llvm::Module>>
loadModule(llvm::StringRef Path, llvm::LLVMContext &Ctx);

/// The same for IR already in memory (\p Buf must end with a NUL, as a
/// MemoryBuffer read from a file does); \p Path names it in messages.
llvm::Expected<std::unique_ptr<llvm::Module>>
loadModule(llvm::MemoryBufferRef Buf, llvm::StringRef Path,
           llvm::LLVMContext &Ctx);

} // namespace crop

#endif // CROP_PASSES_MODULELOADER_H
