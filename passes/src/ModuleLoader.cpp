//===- ModuleLoader.cpp - Reading .ll and .bc files with useful errors ----===//
#include "crop/Passes/ModuleLoader.h"
#include "crop/Passes/IRCompat.h"

#include "llvm/AsmParser/LLParser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// "FILE:LINE:COL: message" for textual IR, "FILE: message" for bitcode
/// (which has no lines).
std::string formatDiagnostic(StringRef Path, const SMDiagnostic &Diag) {
  std::string S;
  raw_string_ostream OS(S);
  OS << Path;
  if (Diag.getLineNo() > 0) {
    OS << ":" << Diag.getLineNo();
    if (Diag.getColumnNo() >= 0)
      OS << ":" << (Diag.getColumnNo() + 1);
  }
  OS << ": " << Diag.getMessage();
  return S;
}

/// Textual IR without LLVM's debug-info upgrade: for a module with current
/// debug metadata that upgrade verifies the module and calls
/// report_fatal_error (an abort) when anything is broken, e.g. an intrinsic
/// called with LLVM 20's operands. Crop verifies the module itself below and
/// reports it as an error value; debug info it cannot use is stripped there.
std::unique_ptr<Module> parseText(MemoryBufferRef Buf, SMDiagnostic &Diag,
                                  LLVMContext &Ctx) {
  SourceMgr SM;
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(Buf, false), SMLoc());
  auto M = std::make_unique<Module>(Buf.getBufferIdentifier(), Ctx);
  if (LLParser(Buf.getBuffer(), SM, Diag, M.get(), nullptr, Ctx)
          .Run(/*UpgradeDebugInfo=*/false))
    return nullptr;
  return M;
}

/// The bitcode reader runs the same upgrade, with no parameter to turn it
/// off: only LLVM's own option does (process-wide, set once).
void disableDebugInfoUpgrade() {
  static bool Done = [] {
    auto &Opts = cl::getRegisteredOptions();
    auto It = Opts.find("disable-auto-upgrade-debug-info");
    if (It != Opts.end())
      It->second->addOccurrence(0, "disable-auto-upgrade-debug-info", "true");
    return true;
  }();
  (void)Done;
}

bool hasBitcodeMagic(MemoryBufferRef Buf) {
  return isBitcode(
      reinterpret_cast<const unsigned char *>(Buf.getBufferStart()),
      reinterpret_cast<const unsigned char *>(Buf.getBufferEnd()));
}

} // namespace

Expected<std::unique_ptr<Module>> crop::loadModule(StringRef Path,
                                                   LLVMContext &Ctx) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> BufOrErr =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/true);
  if (!BufOrErr)
    return makeError(Path + ": cannot read: " + BufOrErr.getError().message());
  return loadModule((*BufOrErr)->getMemBufferRef(), Path, Ctx);
}

Expected<std::unique_ptr<Module>>
crop::loadModule(MemoryBufferRef Buf, StringRef Path, LLVMContext &Ctx) {
  // The textual parser accepts an empty file as an empty module, which would
  // only surface later as "no functions"; say what is wrong here.
  if (Buf.getBufferSize() == 0)
    return makeError(Path +
                     ": empty file; expected LLVM IR (.ll) or bitcode (.bc)");

  bool IsBitcode = hasBitcodeMagic(Buf);
  bool NamedBitcode = sys::path::extension(Path).equals_insensitive(".bc");

  // The content decides how to parse, but a .bc without the magic is almost
  // always a wrong or damaged file; reading it as text would give a baffling
  // message (or, for text that happens to parse, an empty module).
  if (NamedBitcode && !IsBitcode)
    return makeError(Path + ": not LLVM bitcode: the file does not start with "
                            "the bitcode magic 'BC' 0xC0DE (textual IR belongs "
                            "in a .ll file)");

  SMDiagnostic Diag;
  if (IsBitcode)
    disableDebugInfoUpgrade();
  std::unique_ptr<Module> M =
      IsBitcode ? parseIR(Buf, Diag, Ctx) : parseText(Buf, Diag, Ctx);
  if (!M && IsBitcode)
    return makeError(Path + ": invalid bitcode: " + Diag.getMessage());
  if (!M) {
    // Textual IR from a newer LLVM (TVM's wheels embed LLVM 20+): retry
    // with its new syntax rewritten. Lines are kept, so a remaining error
    // still names the file's line.
    unsigned Rewrites = 0;
    std::string Compat = rewriteNewerIR(Buf.getBuffer(), Rewrites);
    if (Rewrites == 0)
      return makeError(formatDiagnostic(Path, Diag));
    SMDiagnostic CompatDiag;
    M = parseText(MemoryBufferRef(Compat, Path), CompatDiag, Ctx);
    if (!M)
      return makeError(formatDiagnostic(Path, CompatDiag) +
                       " (after rewriting " + Twine(Rewrites) +
                       " LLVM 20+ attributes for LLVM 19)");
  }

  std::string VerifierMsg;
  raw_string_ostream VOS(VerifierMsg);
  bool BrokenDebugInfo = false;
  if (verifyModule(*M, &VOS, &BrokenDebugInfo)) {
    // The verifier names every bad instruction; the first few say what is
    // wrong, a thousand would bury it.
    SmallVector<StringRef, 16> Lines;
    StringRef(VerifierMsg).trim().split(Lines, '\n');
    constexpr size_t MaxLines = 12;
    std::string Msg;
    for (size_t I = 0; I < std::min(Lines.size(), MaxLines); ++I)
      Msg += (I ? "\n" : "") + Lines[I].str();
    if (Lines.size() > MaxLines)
      Msg += "\n(" + std::to_string(Lines.size() - MaxLines) +
             " more lines of verifier output)";
    return makeError(Path + ": invalid module: " + Msg);
  }
  // Like opt, drop debug info the verifier rejects rather than the module:
  // Crop never needs it, and old producers emit metadata LLVM 19 dislikes.
  if (BrokenDebugInfo)
    StripDebugInfo(*M);
  if (M->getSourceFileName().empty())
    M->setSourceFileName(Path);
  return M;
}
