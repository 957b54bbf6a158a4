//===- ProfileCommand.cpp - `crop profile`: run once, write the profile ---===//
#include "Command.h"

#include "crop/Analyzer/Profiler.h"
#include "crop/Profile/ProfileIO.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace crop;
using namespace crop::tool;

namespace {

cl::SubCommand Sub(
    "profile",
    "Run an LLVM IR module once and write its program profile.\n\n"
    "  The module is instrumented (block/edge counters, memory hooks) and run\n"
    "  in a child process with serial stand-ins for OpenMP, Halide and TVM,\n"
    "  so every count is exact and independent of this machine's cores. The\n"
    "  profile (JSON, docs/profile-format.md) holds per-function call and\n"
    "  task counts, per-block counts, branch counts, graphlets and reuse-\n"
    "  distance histograms for 64- and 128-byte lines. The program's own\n"
    "  output goes to stderr.\n\n"
    "  Default output: FILE's name with its extension replaced by\n"
    "  .profile.json, in the current directory; -o - writes to stdout.\n\n"
    "  Examples:\n"
    "    crop profile prog.ll -- 100 200          (runs main with argv)\n"
    "    crop profile prog.ll --entry kernel      (main runs; only kernel's\n"
    "                                              calls are counted)\n"
    "    crop profile matmul.ll --entry matmul_tiled --arg f32:256x256 \\\n"
    "        --arg f32:256x256 --arg f32:256x256 --arg i32=256\n"
    "    crop profile tvm.ll --entry fused_nn_dense_add --arg f32:1x1 \\\n"
    "        --arg f32:8x1 --arg f32:8 --arg f32:1x8\n");

cl::opt<std::string> Input(cl::Positional, cl::desc("<FILE.ll|FILE.bc>"),
                           cl::Required, cl::sub(Sub), cl::cat(cropCategory()));
// After `--` everything is positional: main's arguments follow FILE.
cl::list<std::string> ProgramArgs(cl::Positional, cl::ZeroOrMore,
                                  cl::desc("[-- <program arguments>...]"),
                                  cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string> Entry(
    "entry",
    cl::desc("The prediction unit: count only inside calls of this function "
             "(default: main)"),
    cl::value_desc("function"), cl::sub(Sub), cl::cat(cropCategory()));
cl::list<std::string>
    Args("arg",
         cl::desc("An argument for --entry, called directly: a buffer "
                  "TYPE:D0xD1x.. (f32:128x768) or a scalar TYPE=VALUE "
                  "(i32=4); TYPE is f32, f64, i8..i64 or u8..u64"),
         cl::value_desc("spec"), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string> Output("o",
                            cl::desc("Profile file to write (default: "
                                     "<FILE stem>.profile.json; - = stdout)"),
                            cl::value_desc("path"), cl::sub(Sub),
                            cl::cat(cropCategory()));
cl::opt<double>
    SampleRate("sample-rate",
               cl::desc("SHARDS sampling rate for reuse distances, in (0, 1] "
                        "(default 1: exact)"),
               cl::init(1.0), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string> CodegenCPU("codegen-cpu", cl::desc(CodegenCPUHelp),
                                cl::value_desc("cpu"), cl::sub(Sub),
                                cl::cat(cropCategory()));
cl::opt<unsigned> Timeout("timeout",
                          cl::desc("Kill the program after this many seconds "
                                   "(default 60; 0: never)"),
                          cl::init(60), cl::value_desc("seconds"), cl::sub(Sub),
                          cl::cat(cropCategory()));
cl::opt<unsigned>
    MemoryLimit("memory-limit",
                cl::desc("Memory cap for the program, in MiB (default 8192)"),
                cl::init(8192), cl::value_desc("MiB"), cl::sub(Sub),
                cl::cat(cropCategory()));
cl::opt<bool> CountsOnly(
    "counts-only",
    cl::desc("Only block and function counts: no memory hooks or reuse "
             "histograms (fast)"),
    cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<bool> Quiet("quiet", cl::desc("No progress lines on stderr"),
                    cl::sub(Sub), cl::cat(cropCategory()));

std::string defaultOutput(StringRef In) {
  return (sys::path::stem(In) + ".profile.json").str();
}

Error runProfile() {
  ProfileOptions Opts;
  Opts.Entry = Entry;
  Opts.Args.assign(Args.begin(), Args.end());
  Opts.ProgramArgs.assign(ProgramArgs.begin(), ProgramArgs.end());
  Opts.SampleRate = SampleRate;
  Opts.CodegenCPU = CodegenCPU;
  Opts.TimeoutSeconds = Timeout;
  Opts.MemoryLimitBytes = uint64_t(MemoryLimit) << 20;
  Opts.TrackMemory = !CountsOnly;
  if (!Quiet)
    Opts.Progress = [](StringRef Line) {
      errs() << "crop profile: " << Line << "\n";
    };

  Expected<ProgramProfile> P = profileModule(Input, Opts);
  if (!P)
    return P.takeError();
  std::string Out = Output.empty() ? defaultOutput(Input) : Output.getValue();
  if (Out == "-") {
    outs() << profileToJSON(*P) << "\n";
    return Error::success();
  }
  // writeProfile writes devices and pipes (/dev/null) in place.
  if (Error E = writeProfile(*P, Out))
    return E;
  if (!Quiet)
    errs() << "crop profile: wrote " << Out << "\n";
  return Error::success();
}

int run() {
  if (Error E = runProfile())
    return reportError(std::move(E));
  return 0;
}

CommandRegistration Reg(Sub, run);

} // namespace
