//===- ConvertCommand.cpp - `crop convert`: a module as LLVM 19 textual IR ===//
#include "Command.h"

#include "crop/Passes/ModuleLoader.h"
#include "crop/Profile/AtomicFile.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace crop;
using namespace crop::tool;

namespace {

cl::SubCommand Sub(
    "convert",
    "Write a module as LLVM 19 textual IR, the way Crop reads it.\n\n"
    "  Crop reads IR that newer LLVM releases wrote (TVM's wheels embed\n"
    "  LLVM 20+): their new attributes are optimisation hints, rewritten or\n"
    "  dropped on reading (docs/profiling.md). LLVM 19's own tools reject "
    "such\n"
    "  files; this writes the module Crop analyses, so that a binary built\n"
    "  from it with clang-19 runs the instructions Crop predicts.\n\n"
    "  Example:\n"
    "    crop convert tvm_dense.ll -o dense19.ll && clang-19 -c dense19.ll\n");

cl::opt<std::string> Input(cl::Positional, cl::desc("<FILE.ll|FILE.bc>"),
                           cl::Required, cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string> Output("o", cl::desc("Output file ('-' for stdout)"),
                            cl::value_desc("FILE.ll"), cl::init("-"),
                            cl::sub(Sub), cl::cat(cropCategory()));

Error runConvert() {
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> M = loadModule(Input, Ctx);
  if (!M)
    return M.takeError();
  std::string Text;
  raw_string_ostream OS(Text);
  (*M)->print(OS, nullptr);
  return crop::writeFileAtomically(Output, Text);
}

int run() {
  if (Error E = runConvert())
    return reportError(std::move(E));
  return 0;
}

CommandRegistration Reg(Sub, run);

} // namespace
