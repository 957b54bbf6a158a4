//===- ProfileCommand.cpp - `crop profile`: run once, write the profile ---===//
#include "Command.h"

#include "crop/Crop.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <thread>

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
    "  profile (docs/profile-format.md) holds per-function call and\n"
    "  task counts, per-block counts, branch counts, graphlets and reuse-\n"
    "  distance histograms for 64- and 128-byte lines. The program's own\n"
    "  output goes to stderr.\n\n"
    "  Default output: FILE's name with its extension replaced by\n"
    "  .profile.json, in the current directory; -o - writes to stdout. The\n"
    "  file is JSON, for people and scripts, or with --format binary (the\n"
    "  default for a path ending in .cprof) the same profile in a compact\n"
    "  form that loads about 30x faster: a tuner's choice. Every command\n"
    "  that reads profiles reads both; given a profile as FILE, crop profile\n"
    "  converts it: crop profile p.profile.json -o p.cprof\n\n"
    "  Examples:\n"
    "    crop profile prog.ll -- 100 200          (runs main with argv)\n"
    "    crop profile prog.ll --entry kernel      (main runs; only kernel's\n"
    "                                              calls are counted)\n"
    "    crop profile matmul.ll --entry matmul_tiled --arg f32:256x256 \\\n"
    "        --arg f32:256x256 --arg f32:256x256 --arg i32=256\n"
    "    crop profile tvm.ll --entry fused_nn_dense_add --arg f32:1x1 \\\n"
    "        --arg f32:8x1 --arg f32:8 --arg f32:1x8\n\n"
    "  Batch mode: FILE is a directory (every .ll and .bc in it, with the\n"
    "  --entry and --arg given), or --list LIST (a file of lines 'FILE\n"
    "  [ENTRY [ARG...]]'; # starts a comment); -o names the output directory, "
    "one\n"
    "  <stem>.profile.json (.profile.cprof with --format binary) per program.\n"
    "  Programs whose profile there is\n"
    "  current (same module hash and entry) are skipped, so an interrupted\n"
    "  batch resumes; --jobs runs several at once, --shard K/N takes every\n"
    "  N-th program from the K-th (0-based) to split a batch over machines:\n"
    "    crop profile kernels/ --entry kernel --arg f32:1024 -o profiles/ "
    "--jobs 8\n"
    "    parallel crop profile --list all.txt -o profiles/ --shard {}/4 ::: 0 "
    "1 2 3\n");

cl::opt<std::string> Input(cl::Positional,
                           cl::desc("<FILE.ll|FILE.bc|DIRECTORY>"),
                           cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string>
    List("list",
         cl::desc("Batch mode: a file of programs, one 'FILE [ENTRY [ARG...]]' "
                  "a line (# comments; paths relative to the list)"),
         cl::value_desc("path"), cl::sub(Sub), cl::cat(cropCategory()));
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
                  "TYPE:D0xD1x.. (f32:128x768), a scalar TYPE=VALUE "
                  "(i32=4), @N (the buffer of the Nth --arg again: in-place "
                  "calls) or memref:TYPE:SHAPE (the address of an MLIR ranked "
                  "memref descriptor, for _mlir_ciface_ functions); TYPE is "
                  "f16, bf16, f32, f64, i8..i64 or u8..u64"),
         cl::value_desc("spec"), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<std::string> Output("o",
                            cl::desc("Profile file to write (default: "
                                     "<FILE stem>.profile.json; - = stdout)"),
                            cl::value_desc("path"), cl::sub(Sub),
                            cl::cat(cropCategory()));
cl::opt<ProfileFormat>
    Format("format",
           cl::desc("Profile file form (default: binary for a path ending in "
                    ".cprof, json otherwise)"),
           cl::values(clEnumValN(ProfileFormat::JSON, "json",
                                 "JSON, for people and scripts"),
                      clEnumValN(ProfileFormat::Binary, "binary",
                                 "compact, fast to load (a tuner's choice)")),
           cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<double>
    SampleRate("sample-rate",
               cl::desc("SHARDS sampling rate for reuse distances, in (0, 1] "
                        "(default 1: exact)"),
               cl::init(1.0), cl::sub(Sub), cl::cat(cropCategory()));
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
cl::opt<unsigned> Jobs("jobs",
                       cl::desc("Batch mode: programs profiled at once "
                                "(default: the number of CPUs)"),
                       cl::init(0), cl::value_desc("N"), cl::sub(Sub),
                       cl::cat(cropCategory()));
cl::opt<std::string>
    Shard("shard",
          cl::desc("Batch mode: only every N-th program, from the K-th "
                   "(0-based): K/N"),
          cl::value_desc("K/N"), cl::sub(Sub), cl::cat(cropCategory()));
cl::opt<bool> Force("force",
                    cl::desc("Batch mode: profile again where a current "
                             "profile exists"),
                    cl::sub(Sub), cl::cat(cropCategory()));

/// Whether Path holds a profile (either form) rather than a module.
bool isProfileFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileSlice(Path, 4096, 0);
  if (!Buf)
    return false;
  StringRef Head = (*Buf)->getBuffer();
  return isBinaryProfile(Head) ||
         (Head.ltrim().starts_with("{") && Head.contains("\"crop-profile\""));
}

/// --format when given, else the form Path's extension asks for.
ProfileFormat formatFor(StringRef Path) {
  return Format.getNumOccurrences() ? Format.getValue()
                                    : profileFormatForPath(Path);
}

std::string defaultOutput(StringRef In) {
  const bool Binary =
      Format.getNumOccurrences() && Format == ProfileFormat::Binary;
  return (sys::path::stem(In) + (Binary ? ".profile.cprof" : ".profile.json"))
      .str();
}

Error runProfile() {
  ProfileOptions Opts;
  Opts.Entry = Entry;
  Opts.Args.assign(Args.begin(), Args.end());
  Opts.ProgramArgs.assign(ProgramArgs.begin(), ProgramArgs.end());
  Opts.SampleRate = SampleRate;
  Opts.SampleTasks = SampleTasks;
  Opts.SampleTime = SampleTime;
  Opts.CodegenCPU = CodegenCPU;
  Opts.TimeoutSeconds = Timeout;
  Opts.MemoryLimitBytes = uint64_t(MemoryLimit) << 20;
  Opts.TrackMemory = !CountsOnly;
  if (!Quiet)
    Opts.Progress = [](StringRef Line) {
      errs() << "crop profile: " << Line << "\n";
    };

  // A profile given as FILE is converted (JSON to binary or back), not run.
  const bool Convert = isProfileFile(Input);
  if (Convert && Output.empty())
    return createStringError(inconvertibleErrorCode(),
                             "%s is a profile: name the converted file with "
                             "-o (a .cprof path for the binary form)",
                             Input.c_str());
  Expected<ProgramProfile> P =
      Convert ? readProfile(Input) : profileModule(Input, Opts);
  if (!P)
    return P.takeError();
  std::string Out = Output.empty() ? defaultOutput(Input) : Output.getValue();
  if (Out == "-") {
    if (formatFor(Out) == ProfileFormat::Binary)
      outs() << profileToBinary(*P);
    else
      outs() << profileToJSON(*P) << "\n";
    return Error::success();
  }
  // writeProfile writes devices and pipes (/dev/null) in place.
  if (Error E = writeProfile(*P, Out, formatFor(Out)))
    return E;
  if (!Quiet)
    errs() << "crop profile: wrote " << Out << "\n";
  return Error::success();
}

/// One program of a batch.
struct BatchItem {
  std::string File, Entry;
  std::vector<std::string> Args;
};

/// The programs of a batch: the lines of --list, or a directory's .ll/.bc
/// files (with the options' entry and arguments).
Expected<std::vector<BatchItem>> batchItems(StringRef In) {
  std::vector<BatchItem> Items;
  std::vector<std::string> Common(Args.begin(), Args.end());
  if (!List.empty()) {
    StringRef ListPath = List;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFile(ListPath);
    if (!Buf)
      return createStringError(Buf.getError(), "%s: %s",
                               ListPath.str().c_str(),
                               Buf.getError().message().c_str());
    SmallVector<StringRef> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    for (size_t I = 0; I < Lines.size(); ++I) {
      StringRef L = Lines[I].split('#').first.trim();
      if (L.empty())
        continue;
      SmallVector<StringRef> W;
      L.split(W, ' ', -1, /*KeepEmpty=*/false);
      BatchItem B;
      B.File = W[0].str();
      // Relative paths are relative to the list.
      if (sys::path::is_relative(B.File)) {
        SmallString<256> P(sys::path::parent_path(ListPath));
        sys::path::append(P, B.File);
        B.File = std::string(P);
      }
      B.Entry = W.size() > 1 ? W[1].str() : Entry.getValue();
      if (W.size() > 2)
        for (size_t K = 2; K < W.size(); ++K)
          B.Args.push_back(W[K].str());
      else
        B.Args = Common;
      if (!sys::fs::exists(B.File))
        return createStringError(inconvertibleErrorCode(),
                                 "%s:%zu: no such file '%s'",
                                 ListPath.str().c_str(), I + 1,
                                 B.File.c_str());
      Items.push_back(std::move(B));
    }
    return Items;
  }
  std::error_code EC;
  for (sys::fs::directory_iterator It(In, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef P = It->path();
    if (P.ends_with(".ll") || P.ends_with(".bc"))
      Items.push_back({P.str(), Entry.getValue(), Common});
  }
  if (EC)
    return createStringError(EC, "%s: %s", In.str().c_str(),
                             EC.message().c_str());
  llvm::sort(Items, [](const BatchItem &A, const BatchItem &B) {
    return A.File < B.File;
  });
  return Items;
}

/// Whether Out holds a profile of File's current content for Entry, made
/// with the sampling asked for now.
bool isCurrent(const std::string &Out, const BatchItem &B) {
  if (!sys::fs::exists(Out))
    return false;
  Expected<std::string> Hash = moduleFileHash(B.File);
  Expected<ProgramProfile> P = readProfile(Out);
  bool Ok = Hash && P && P->Module.Hash == *Hash &&
            P->Module.Entry == (B.Entry.empty() ? "main" : B.Entry) &&
            P->SampleRate == double(SampleRate) &&
            P->SampleTasks == SampleTasks &&
            P->SampleTime == (SampleTime > 1 ? uint64_t(SampleTime) : 0);
  if (!Hash)
    consumeError(Hash.takeError());
  if (!P)
    consumeError(P.takeError());
  return Ok;
}

Error runBatch() {
  if (!ProgramArgs.empty())
    return createStringError(inconvertibleErrorCode(),
                             "batch mode takes no program arguments after --");
  if (Output.empty() || Output == "-")
    return createStringError(inconvertibleErrorCode(),
                             "batch mode needs -o DIRECTORY for the profiles");
  unsigned K = 0, N = 1;
  if (!Shard.empty()) {
    auto [A, B] = StringRef(Shard).split('/');
    if (A.getAsInteger(10, K) || B.getAsInteger(10, N) || N == 0 || K >= N)
      return createStringError(inconvertibleErrorCode(),
                               "--shard wants K/N with 0 <= K < N, not '%s'",
                               Shard.c_str());
  }
  Expected<std::vector<BatchItem>> All = batchItems(Input);
  if (!All)
    return All.takeError();
  if (std::error_code EC = sys::fs::create_directories(Output))
    return createStringError(EC, "%s: %s", Output.c_str(),
                             EC.message().c_str());
  std::string Self = sys::fs::getMainExecutable(nullptr, (void *)&runBatch);
  struct Job {
    std::string Name, Out;
    std::vector<std::string> Argv;
  };
  std::vector<Job> Todo;
  size_t Skipped = 0, Index = 0;
  for (const BatchItem &B : *All) {
    if (Index++ % N != K)
      continue;
    SmallString<256> Out(Output.getValue());
    sys::path::append(Out, defaultOutput(B.File));
    if (!Force && isCurrent(std::string(Out), B)) {
      ++Skipped;
      continue;
    }
    Job J{B.File, std::string(Out), {Self, "profile", B.File, "-o",
                                     std::string(Out), "--quiet"}};
    if (!B.Entry.empty())
      J.Argv.insert(J.Argv.end(), {"--entry", B.Entry});
    for (const std::string &A : B.Args)
      J.Argv.insert(J.Argv.end(), {"--arg", A});
    J.Argv.push_back("--sample-rate=" + std::to_string(SampleRate));
    J.Argv.push_back("--sample-tasks=" + std::to_string(SampleTasks));
    J.Argv.push_back("--sample-time=" + std::to_string(SampleTime));
    if (!CodegenCPU.empty())
      J.Argv.push_back("--codegen-cpu=" + CodegenCPU);
    J.Argv.push_back("--timeout=" + std::to_string(Timeout));
    J.Argv.push_back("--memory-limit=" + std::to_string(MemoryLimit));
    if (CountsOnly)
      J.Argv.push_back("--counts-only");
    Todo.push_back(std::move(J));
  }
  unsigned Width = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  if (!Quiet)
    errs() << formatv("crop profile: {0} programs, {1} current, {2} to "
                      "profile, {3} at once\n",
                      Todo.size() + Skipped, Skipped, Todo.size(), Width);
  // Each program in a `crop profile` of its own: N at a time.
  std::vector<std::pair<sys::ProcessInfo, size_t>> Running;
  size_t Next = 0, Done = 0, Failed = 0;
  auto start = [&](size_t I) {
    std::vector<StringRef> Argv(Todo[I].Argv.begin(), Todo[I].Argv.end());
    std::string Err;
    sys::ProcessInfo PI = sys::ExecuteNoWait(Self, Argv, std::nullopt, {},
                                             0, &Err);
    if (PI.Pid == sys::ProcessInfo::InvalidPid) {
      errs() << "crop profile: " << Todo[I].Name << ": " << Err << "\n";
      ++Failed;
      ++Done;
      return;
    }
    Running.push_back({PI, I});
  };
  while (Done < Todo.size()) {
    while (Next < Todo.size() && Running.size() < Width)
      start(Next++);
    if (Running.empty())
      continue;
    // Wait for any child: poll each briefly.
    for (size_t R = 0; R < Running.size();) {
      sys::ProcessInfo PI =
          sys::Wait(Running[R].first, 0u, nullptr, nullptr, /*Polling=*/true);
      if (PI.Pid == 0) {
        ++R;
        continue;
      }
      size_t I = Running[R].second;
      ++Done;
      if (PI.ReturnCode != 0) {
        ++Failed;
        errs() << formatv("crop profile: [{0}/{1}] {2} failed (see its "
                          "error above)\n",
                          Done, Todo.size(), Todo[I].Name);
      } else if (!Quiet) {
        errs() << formatv("crop profile: [{0}/{1}] wrote {2}\n", Done,
                          Todo.size(), Todo[I].Out);
      }
      Running.erase(Running.begin() + R);
    }
    if (!Running.empty())
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (Failed)
    return createStringError(inconvertibleErrorCode(),
                             "%zu of %zu programs failed (the others' "
                             "profiles are written; run again to retry)",
                             Failed, Todo.size());
  return Error::success();
}

int run() {
  if (Input.empty() == List.empty())
    return reportError(createStringError(
        inconvertibleErrorCode(),
        "give one module, one directory or --list (see crop profile --help)"));
  bool Batch = !List.empty() || sys::fs::is_directory(Input.getValue());
  if (Error E = Batch ? runBatch() : runProfile())
    return reportError(std::move(E));
  return 0;
}

CommandRegistration Reg(Sub, run);

} // namespace
