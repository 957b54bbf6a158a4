//===- GraphCommand.cpp - `crop graph`: CFGs and task graphlets -----------===//
#include "Command.h"

#include "crop/Passes/GraphPrinter.h"
#include "crop/Passes/ModuleLoader.h"
#include "crop/Passes/StaticAnalysis.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace crop;
using namespace crop::tool;

namespace {

cl::SubCommand Sub(
    "graph",
    "Print the CFGs and task graphlets of an LLVM IR module.\n\n"
    "  Every defined function gets its CFG (blocks and successors) and each\n"
    "  block its task graphlet: V0 is the entry vertex, V1.. the block's\n"
    "  instructions in order (phis, debug intrinsics and lifetime markers are\n"
    "  not work and get none); edges are SSA data, memory order between\n"
    "  accesses that may alias (raw/war/waw, by LLVM's alias analysis),\n"
    "  control (the terminator waits for everything) and carried (loop-\n"
    "  carried through a phi, in blocks that branch to themselves).\n"
    "  --superblocks adds each block merged with each successor, the\n"
    "  successor's vertices named S1_Vn.\n\n"
    "  Examples:\n"
    "    crop graph examples/fig3.ll --function fig3 --block for.body9\n"
    "    crop graph k.ll --superblocks --format dot > k.dot && dot -Tsvg "
    "k.dot\n");

cl::opt<std::string> Input(cl::Positional, cl::desc("<FILE.ll|FILE.bc>"),
                           cl::Required, cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string>
    FunctionName("function",
                 cl::desc("Only this function (default: all defined)"),
                 cl::value_desc("name"), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string> BlockName(
    "block",
    cl::desc("Only this block's graphlet (needs --function unless the module "
             "defines one function); unnamed blocks are %N"),
    cl::value_desc("name"), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<bool>
    Superblocks("superblocks",
                cl::desc("Also print each block merged with each successor"),
                cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<bool> NoCFG("no-cfg", cl::desc("Leave the CFGs out"), cl::sub(Sub),
                    cl::cat(cropCategory()));
cl::opt<bool> NoIR("no-ir",
                   cl::desc("Leave out the IR text shown for each vertex"),
                   cl::sub(Sub), cl::cat(cropCategory()));
enum class Format { YAML, DOT };
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"), cl::init(Format::YAML),
    cl::values(clEnumValN(Format::YAML, "yaml", "YAML (default)"),
               clEnumValN(Format::DOT, "dot", "Graphviz DOT, one digraph")),
    cl::sub(Sub), cl::cat(cropCategory()));

Error runGraph() {
  LLVMContext Ctx;
  Expected<std::unique_ptr<Module>> M = loadModule(Input, Ctx);
  if (!M)
    return M.takeError();

  StaticOptions SOpts;
  SOpts.Function = FunctionName;
  SOpts.Superblocks = Superblocks;
  Expected<std::vector<FunctionStatic>> Functions = analyzeModule(**M, SOpts);
  if (!Functions)
    return Functions.takeError();

  GraphPrintOptions POpts;
  POpts.CFG = !NoCFG;
  POpts.Superblocks = Superblocks;
  POpts.ShowIR = !NoIR;
  if (!BlockName.empty()) {
    if (FunctionName.empty() && Functions->size() != 1)
      return createStringError(
          inconvertibleErrorCode(),
          "--block needs --function: " + Input + " defines " +
              std::to_string(Functions->size()) + " functions");
    if (Functions->size() == 1)
      if (Expected<const Graphlet *> G =
              findBlockGraphlet(Functions->front(), BlockName);
          !G)
        return G.takeError();
    POpts.Block = BlockName;
  }

  if (OutputFormat == Format::DOT)
    printGraphDOT(outs(), Input, *Functions, POpts);
  else
    printGraphYAML(outs(), Input, *Functions, POpts);
  return Error::success();
}

int run() {
  if (Error E = runGraph())
    return reportError(std::move(E));
  return 0;
}

CommandRegistration Reg(Sub, run);

} // namespace
