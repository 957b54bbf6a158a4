//===- MicrobenchCommand.cpp - `crop microbench`: describe this machine ---===//
#include "Command.h"

#include "crop/Hwdb/Hwdb.h"
#include "crop/Microbench/Microbench.h"
#include "crop/Profile/AtomicFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
cl::SubCommand Sub(
    "microbench",
    "Measure the machine at hand and write a target descriptor: per-IR-"
    "instruction\nlatency and throughput from generated LLVM-IR kernels, the "
    "core clock, cache\nlatency and bandwidth per level, the core's windows "
    "(reorder buffer, FP\nschedulers, store queue) and what a parallel "
    "launch costs through OpenMP\n(docs/microbench.md). Progress goes to "
    "stderr; the descriptor to -o (default:\nstdout). A full run takes up to "
    "a minute.");
cl::opt<std::string> Output("o", cl::desc("Write the descriptor to FILE"),
                            cl::value_desc("FILE"), cl::sub(Sub),
                            cl::cat(crop::tool::cropCategory()));
cl::opt<std::string> Name("name",
                          cl::desc("Descriptor name (default host-<uarch>)"),
                          cl::value_desc("NAME"), cl::sub(Sub),
                          cl::cat(crop::tool::cropCategory()));
cl::opt<bool> Quick("quick", cl::desc("Fewer repeats and sizes (about 10 s)"),
                    cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::opt<bool> WriteBacks(
    "write-backs",
    cl::desc("Also write each level's write-back rate "
             "(writeback_bandwidth_per_core), which makes crop predict count "
             "write-backs from the stores' distances since their previous "
             "store and price them apart from fills (off by default: "
             "docs/prediction.md)"),
    cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::opt<std::string> Report(
    "report", cl::desc("Also write every measurement with its spread as TSV"),
    cl::value_desc("FILE"), cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::list<std::string>
    Only("only",
         cl::desc("Only the instruction kernels starting with PREFIX (plus "
                  "the ones the descriptor needs); repeatable"),
         cl::value_desc("PREFIX"), cl::sub(Sub),
         cl::cat(crop::tool::cropCategory()));

int run() {
  crop::mb::Options O;
  O.Quick = Quick;
  O.WriteBacks = WriteBacks;
  O.Name = Name;
  O.Only.assign(Only.begin(), Only.end());
  O.Progress = &errs();
  Expected<crop::mb::MicrobenchResult> R = crop::mb::runMicrobench(O);
  if (!R)
    return crop::tool::reportError(R.takeError());
  std::string Yaml = crop::hw::targetToYAML(R->Target);
  if (!Report.empty()) {
    std::string Tsv = "what\tvalue\tunit\tspread\n";
    for (const crop::mb::Measurement &M : R->Report)
      Tsv += formatv("{0}\t{1:g6}\t{2}\t{3:f4}\n", M.What, M.Value, M.Unit,
                     M.Spread)
                 .str();
    if (Error E = crop::writeFileAtomically(Report, Tsv))
      return crop::tool::reportError(std::move(E));
  }
  if (Output.empty()) {
    outs() << Yaml;
    return 0;
  }
  // The descriptor must load back before it replaces anything.
  auto Check = [](StringRef Tmp) -> Error {
    Expected<crop::hw::Target> T = crop::hw::loadTarget(Tmp);
    if (!T)
      return createStringError(inconvertibleErrorCode(),
                               "the measured descriptor does not validate "
                               "(a bug in crop microbench): " +
                                   toString(T.takeError()));
    return Error::success();
  };
  if (Error E = crop::writeFileAtomically(Output, Yaml, Check))
    return crop::tool::reportError(std::move(E));
  errs() << formatv("crop microbench: wrote {0} ({1}, {2} instruction "
                    "entries)\n",
                    Output, R->Target.Name, R->Target.Cpu->Instructions.size());
  return 0;
}

crop::tool::CommandRegistration Reg(Sub, run);
} // namespace
