//===- AnalyzeCommand.cpp - `crop analyze`: profile (cached), then predict
//-===//
#include "Command.h"
#include "PredictionFlags.h"

#include "crop/Crop.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace crop;
using namespace crop::tool;

namespace {
cl::SubCommand Sub(
    "analyze",
    "Profile an LLVM IR module once on this machine (as `crop profile` "
    "does) and\npredict one call of it on each --target (as `crop predict` "
    "does).\n\n"
    "  Profiles are cached by the module's contents, the entry, its "
    "arguments and\n  the profiling options, in $CROP_CACHE_DIR, else "
    "$XDG_CACHE_HOME/crop, else\n  ~/.cache/crop; asking again about the same "
    "program costs only the prediction.\n\n"
    "  Example:\n"
    "    crop analyze matmul.ll --entry matmul_tiled --arg f32:256x256 \\\n"
    "        --arg f32:256x256 --arg f32:256x256 --arg i32=256 \\\n"
    "        --target gold5220r --target h100-sxm --json\n");
PredictionFlags Prediction(Sub);
cl::opt<std::string> Input(cl::Positional, cl::desc("<FILE.ll|FILE.bc>"),
                           cl::Required, cl::sub(Sub), cl::cat(cropCategory()));
cl::list<std::string> ProgramArgs(cl::Positional, cl::ZeroOrMore,
                                  cl::desc("[-- <program arguments>...]"),
                                  cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string>
    Entry("entry",
          cl::desc("The prediction unit: one call of this function (default: "
                   "main)"),
          cl::value_desc("function"), cl::sub(Sub), cl::cat(cropCategory()));
cl::list<std::string>
    Args("arg",
         cl::desc("An argument for --entry: a buffer TYPE:D0xD1x.. "
                  "(f32:128x768), a scalar TYPE=VALUE (i32=4), @N (the "
                  "buffer of the Nth --arg again) or memref:TYPE:SHAPE (an "
                  "MLIR memref descriptor's address)"),
         cl::value_desc("spec"), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<double> SampleRate("sample-rate",
                           cl::desc("SHARDS sampling rate for reuse "
                                    "distances, in (0, 1] (default 1: exact)"),
                           cl::init(1.0), cl::sub(Sub),
                           cl::cat(cropCategory()));
cl::opt<uint64_t> SampleTasks("sample-tasks", cl::desc(SampleTasksHelp),
                              cl::init(0), cl::value_desc("N"), cl::sub(Sub),
                              cl::cat(cropCategory()));
cl::opt<uint64_t> SampleTime("sample-time", cl::desc(SampleTimeHelp),
                             cl::init(0), cl::value_desc("K"), cl::sub(Sub),
                             cl::cat(cropCategory()));
cl::opt<std::string> CodegenCPU("codegen-cpu", cl::desc(CodegenCPUHelp),
                                cl::value_desc("cpu"), cl::sub(Sub),
                                cl::cat(cropCategory()));
cl::opt<unsigned> Timeout("timeout",
                          cl::desc("Kill the program after this many seconds "
                                   "(default 60; 0: never)"),
                          cl::init(60), cl::value_desc("seconds"), cl::sub(Sub),
                          cl::cat(cropCategory()));
cl::opt<std::string> CacheDir("cache-dir",
                              cl::desc("Profile cache folder (default: see "
                                       "above)"),
                              cl::value_desc("path"), cl::sub(Sub),
                              cl::cat(cropCategory()));
cl::opt<bool> NoCache("no-cache",
                      cl::desc("Profile again and do not read or write the "
                               "cache"),
                      cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<bool> Quiet("quiet", cl::desc("No progress lines on stderr"),
                    cl::sub(Sub), cl::cat(cropCategory()));

Expected<ProgramProfile> profile() {
  ProfileOptions Opts;
  Opts.Entry = Entry;
  Opts.Args.assign(Args.begin(), Args.end());
  Opts.ProgramArgs.assign(ProgramArgs.begin(), ProgramArgs.end());
  Opts.SampleRate = SampleRate;
  Opts.SampleTasks = SampleTasks;
  Opts.SampleTime = SampleTime;
  Opts.CodegenCPU = CodegenCPU;
  Opts.TimeoutSeconds = Timeout;
  if (!Quiet)
    Opts.Progress = [](StringRef Line) {
      errs() << "crop analyze: " << Line << "\n";
    };
  std::string Folder = NoCache            ? std::string()
                       : CacheDir.empty() ? defaultProfileCacheFolder()
                                          : CacheDir.getValue();
  CacheOutcome Out;
  Expected<ProgramProfile> P = profileCached(Input, Opts, Folder, &Out);
  if (!Quiet && !Out.Warning.empty())
    errs() << "crop analyze: " << Out.Warning << "\n";
  if (P && Out.FromCache && !Quiet)
    errs() << "crop analyze: profile from the cache (" << Out.Path << ")\n";
  return P;
}

int run() {
  // Targets first: a typo should not cost a profiling run.
  Expected<std::vector<hw::Target>> Ts = Prediction.targets();
  if (!Ts)
    return reportError(Ts.takeError());
  Expected<ProgramProfile> P = profile();
  if (!P)
    return reportError(P.takeError());
  return Prediction.predictAndPrint(*P, *Ts);
}

CommandRegistration Reg(Sub, run);
} // namespace
