//===- AnalyzeCommand.cpp - `crop analyze`: profile (cached), then predict
//-===//
#include "Command.h"
#include "PredictionFlags.h"

#include "crop/Crop.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
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
                  "(f32:128x768) or a scalar TYPE=VALUE (i32=4)"),
         cl::value_desc("spec"), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<double> SampleRate("sample-rate",
                           cl::desc("SHARDS sampling rate for reuse "
                                    "distances, in (0, 1] (default 1: exact)"),
                           cl::init(1.0), cl::sub(Sub),
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

std::string cacheFolder() {
  if (!CacheDir.empty())
    return CacheDir;
  if (std::optional<std::string> D = sys::Process::GetEnv("CROP_CACHE_DIR"))
    if (!D->empty())
      return *D;
  SmallString<256> Path;
  if (std::optional<std::string> X = sys::Process::GetEnv("XDG_CACHE_HOME");
      X && !X->empty()) {
    Path = *X;
  } else {
    if (!sys::path::home_directory(Path))
      return "";
    sys::path::append(Path, ".cache");
  }
  sys::path::append(Path, "crop");
  return std::string(Path);
}

/// The cache key: everything the profile depends on. The module is hashed
/// by contents, so an edited file never reads a stale profile.
Expected<std::string> cacheKey(const ProfileOptions &Opts) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Input);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: cannot read: %s",
                             Input.c_str(), Buf.getError().message().c_str());
  SHA256 H;
  auto field = [&](StringRef S) {
    H.update(utostr(S.size()));
    H.update(":");
    H.update(S);
  };
  field((*Buf)->getBuffer());
  field(Opts.Entry);
  for (const std::string &A : Opts.Args)
    field("arg " + A);
  for (const std::string &A : Opts.ProgramArgs)
    field("argv " + A);
  field(formatv("{0:e}", Opts.SampleRate).str());
  for (uint32_t L : Opts.LineSizes)
    field(utostr(L));
  // Profiles cached before class distances existed lack them.
  field(Opts.ClassReuse ? "class-reuse" : "");
  // Nor live-ins (graphlets' register pressure) or machine code per block.
  field("live-ins");
  field("no-nans max/min");
  field("codegen-cpu " + Opts.CodegenCPU);
  field(utostr(ProgramProfile::FormatVersion));
  field(CROP_VERSION);
  std::array<uint8_t, 32> D = H.final();
  return toHex(D, /*LowerCase=*/true);
}

Expected<ProgramProfile> profile() {
  ProfileOptions Opts;
  Opts.Entry = Entry;
  Opts.Args.assign(Args.begin(), Args.end());
  Opts.ProgramArgs.assign(ProgramArgs.begin(), ProgramArgs.end());
  Opts.SampleRate = SampleRate;
  Opts.CodegenCPU = CodegenCPU;
  Opts.TimeoutSeconds = Timeout;
  if (!Quiet)
    Opts.Progress = [](StringRef Line) {
      errs() << "crop analyze: " << Line << "\n";
    };
  std::string Folder = NoCache ? "" : cacheFolder();
  std::string Path;
  if (!Folder.empty()) {
    Expected<std::string> Key = cacheKey(Opts);
    if (!Key)
      return Key.takeError();
    SmallString<256> P(Folder);
    // Binary: the cache is read on every repeated analyze, JSON is slow.
    sys::path::append(P, *Key + ".profile.cprof");
    Path = std::string(P);
    if (sys::fs::exists(Path)) {
      Expected<ProgramProfile> Cached = readProfile(Path);
      if (Cached) {
        if (!Quiet)
          errs() << "crop analyze: profile from the cache (" << Path << ")\n";
        return Cached;
      }
      // Unreadable (another Crop's format, a damaged file): profile again
      // and overwrite it.
      consumeError(Cached.takeError());
    }
  }
  Expected<ProgramProfile> P = profileModule(Input, Opts);
  if (!P)
    return P.takeError();
  if (!Path.empty()) {
    // A cache that cannot be written costs the next run time, nothing else.
    if (std::error_code EC = sys::fs::create_directories(Folder)) {
      if (!Quiet)
        errs() << "crop analyze: not caching the profile: " << Folder << ": "
               << EC.message() << "\n";
    } else if (Error E = writeProfile(*P, Path)) {
      if (!Quiet)
        errs() << "crop analyze: not caching the profile: "
               << toString(std::move(E)) << "\n";
    }
  }
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
