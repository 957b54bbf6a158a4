//===- TestIR.h - Parsing IR text in the analyzer's unit tests ------------===//
#ifndef CROP_TESTS_ANALYZER_TESTIR_H
#define CROP_TESTS_ANALYZER_TESTIR_H

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>

/// The module in IR, or a failed test that quotes the parser's message.
inline std::unique_ptr<llvm::Module> parseIR(llvm::LLVMContext &Ctx,
                                             llvm::StringRef IR) {
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(IR, Err, Ctx);
  if (!M) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    Err.print("test", OS);
    FAIL(S);
  }
  return M;
}

#endif // CROP_TESTS_ANALYZER_TESTIR_H
