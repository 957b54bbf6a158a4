//===- Plugin.cpp - Crop's analyses as an opt-19 pass plugin --------------===//
//
//   opt-19 -load-pass-plugin=build/lib/CropPasses.so -disable-output
//       -passes='function(crop-print-graphlets<superblocks>)' FILE.ll
//
// crop-print-cfg and crop-print-graphlets print one YAML document per
// function (the layout of `crop graph`) to stderr, or to the file named by
// -crop-print-file. This library links no LLVM: opt provides it.
//
//===----------------------------------------------------------------------===//
#include "crop/Passes/CFG.h"
#include "crop/Passes/GraphPrinter.h"
#include "crop/Passes/GraphletBuilder.h"
#include "crop/Passes/StaticAnalysis.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace llvm;
using namespace crop;

namespace {

cl::opt<std::string> PrintFile(
    "crop-print-file",
    cl::desc("File the crop-print-* passes write their YAML to (default: "
             "stderr)"),
    cl::value_desc("path"), cl::init(""));

/// The stream all crop-print-* passes of this process append to; opened on
/// first use so that one opt run gives one file with every function.
raw_ostream *output(LLVMContext &Ctx) {
  static std::unique_ptr<raw_fd_ostream> File;
  if (PrintFile.empty())
    return &errs();
  if (!File) {
    std::error_code EC;
    File = std::make_unique<raw_fd_ostream>(PrintFile, EC, sys::fs::OF_Text);
    if (EC) {
      File.reset();
      Ctx.emitError("crop-print: cannot open '" + PrintFile +
                    "': " + EC.message());
      return nullptr;
    }
  }
  return File.get();
}

void print(Function &F, FunctionStatic &FS, const GraphPrintOptions &Opts) {
  raw_ostream *OS = output(F.getContext());
  if (!OS)
    return;
  *OS << "---\n";
  printGraphYAML(*OS, F.getParent()->getModuleIdentifier(), FS, Opts);
  OS->flush();
}

struct PrintCFGPass : PassInfoMixin<PrintCFGPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    FunctionStatic FS;
    FS.F = &F;
    FS.Name = F.getName().str();
    FS.CFG = FAM.getResult<CFGAnalysis>(F);
    GraphPrintOptions Opts;
    Opts.Graphlets = false;
    print(F, FS, Opts);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

struct PrintGraphletsPass : PassInfoMixin<PrintGraphletsPass> {
  bool Superblocks = false;
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    FunctionStatic FS;
    FS.F = &F;
    FS.Name = F.getName().str();
    FS.CFG = FAM.getResult<CFGAnalysis>(F);
    FS.Graphlets = FAM.getResult<GraphletAnalysis>(F);
    GraphPrintOptions Opts;
    Opts.CFG = false;
    Opts.Superblocks = Superblocks;
    print(F, FS, Opts);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

void registerCallbacks(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return CFGAnalysis(); });
    FAM.registerPass([] { return GraphletAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "crop-print-cfg") {
          FPM.addPass(PrintCFGPass());
          return true;
        }
        if (Name == "crop-print-graphlets" ||
            Name == "crop-print-graphlets<superblocks>") {
          PrintGraphletsPass P;
          P.Superblocks = Name.ends_with("<superblocks>");
          FPM.addPass(std::move(P));
          return true;
        }
        return false;
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CropPasses", CROP_VERSION,
          registerCallbacks};
}
