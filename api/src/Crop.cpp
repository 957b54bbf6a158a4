//===- Crop.cpp - The library interface over the component libraries -----===//
#include "crop/Crop.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <thread>

using namespace llvm;

namespace crop {

#ifndef CROP_VERSION
#define CROP_VERSION "unknown"
#endif

const char *version() { return CROP_VERSION; }

Expected<hw::Target> target(StringRef NameOrPath) {
  return hw::findTarget(NameOrPath);
}

Expected<hw::Target> targetFromYAML(StringRef Text, StringRef Name) {
  return hw::parseTarget(Text, Name);
}

std::string defaultProfileCacheFolder() {
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

Expected<std::string> profileCacheKey(StringRef Path,
                                      const ProfileOptions &Opts) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: cannot read: %s",
                             Path.str().c_str(),
                             Buf.getError().message().c_str());
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
  if (Opts.SampleTasks) // Absent from keys made before task sampling.
    field("sample-tasks " + utostr(Opts.SampleTasks));
  if (Opts.SampleTime > 1) // Absent from keys made before time sampling.
    field("sample-time " + utostr(Opts.SampleTime));
  for (uint32_t L : Opts.LineSizes)
    field(utostr(L));
  field(Opts.ClassReuse ? "class-reuse" : "");
  field(Opts.TrackMemory ? "memory" : "counts-only");
  // What the analyzer records changes with Crop's version; these name the
  // records added since profiles were first cached.
  field("live-ins");
  field("no-nans max/min");
  field("openmp virtual team");
  field("openmp loops in blocks");
  field("openmp nested regions serialized");
  field("machine blocks by exact name");
  field("codegen-cpu " + Opts.CodegenCPU);
  field(utostr(ProgramProfile::FormatVersion));
  field(CROP_VERSION);
  std::array<uint8_t, 32> D = H.final();
  return toHex(D, /*LowerCase=*/true);
}

Expected<ProgramProfile> profileCached(StringRef Path,
                                       const ProfileOptions &Opts,
                                       StringRef Folder,
                                       CacheOutcome *Outcome) {
  CacheOutcome Local;
  CacheOutcome &O = Outcome ? *Outcome : Local;
  O = CacheOutcome();
  if (Folder.empty())
    return profileModule(Path, Opts);
  Expected<std::string> Key = profileCacheKey(Path, Opts);
  if (!Key)
    return Key.takeError();
  SmallString<256> File(Folder);
  sys::path::append(File, *Key + ".profile.cprof");
  O.Path = std::string(File);
  if (sys::fs::exists(File)) {
    Expected<ProgramProfile> Cached = readProfile(File);
    if (Cached) {
      O.FromCache = true;
      return Cached;
    }
    // Another Crop's format or a damaged file: profile again, overwrite.
    O.Warning = "not using the cached profile: " + toString(Cached.takeError());
  }
  Expected<ProgramProfile> P = profileModule(Path, Opts);
  if (!P)
    return P.takeError();
  if (std::error_code EC = sys::fs::create_directories(Folder))
    O.Warning =
        "not caching the profile: " + Folder.str() + ": " + EC.message();
  else if (Error E = writeProfile(*P, File, ProfileFormat::Binary))
    O.Warning = "not caching the profile: " + toString(std::move(E));
  return P;
}

Expected<ProgramProfile> profileBuffer(StringRef Module,
                                       const ProfileOptions &Opts,
                                       StringRef Name, StringRef CacheFolder,
                                       CacheOutcome *Outcome) {
  // The analyzer reads modules from files (and hashes them): a private
  // temporary copy, removed whatever happens.
  bool Bitcode = Module.starts_with("BC\xC0\xDE");
  SmallString<128> Path;
  int FD;
  if (std::error_code EC = sys::fs::createTemporaryFile(
          "crop-module", Bitcode ? "bc" : "ll", FD, Path))
    return createStringError(EC, "%s: cannot create a temporary file: %s",
                             Name.str().c_str(), EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Module;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Path);
      return createStringError(inconvertibleErrorCode(),
                               "%s: cannot write a temporary file",
                               Name.str().c_str());
    }
  }
  Expected<ProgramProfile> P = profileCached(Path, Opts, CacheFolder, Outcome);
  sys::fs::remove(Path);
  if (!P) {
    // Messages name the temporary file: name the caller's module instead.
    std::string Msg = toString(P.takeError());
    for (size_t At; (At = Msg.find(Path.str().str())) != std::string::npos;)
      Msg.replace(At, Path.size(), Name.str());
    return createStringError(inconvertibleErrorCode(), Msg);
  }
  P->Module.SourceName = Name.str();
  return P;
}

namespace {
Expected<Prediction> predictIn(const ProgramProfile &P, const hw::Target &T,
                               const PredictOptions &Opts,
                               PredictionMemo *Memo) {
  return Memo ? predict(P, T, Opts, *Memo) : predict(P, T, Opts);
}
} // namespace

Expected<std::vector<Prediction>>
predictAll(const ProgramProfile &P, ArrayRef<const hw::Target *> Targets,
           ArrayRef<unsigned> Threads, PredictOptions Opts,
           PredictionMemo *Memo) {
  std::vector<Prediction> Out;
  std::vector<unsigned> Counts(Threads.begin(), Threads.end());
  if (Counts.empty())
    Counts.push_back(Opts.Threads);
  for (const hw::Target *T : Targets)
    for (unsigned N : Counts) {
      Opts.Threads = N;
      Expected<Prediction> R = predictIn(P, *T, Opts, Memo);
      if (!R)
        return R.takeError();
      Out.push_back(std::move(*R));
    }
  return Out;
}

Expected<std::vector<double>>
predictSeconds(ArrayRef<const ProgramProfile *> Candidates, const hw::Target &T,
               const PredictOptions &Opts, PredictionMemo *Memo,
               unsigned Jobs) {
  const size_t N = Candidates.size();
  std::vector<double> Out(N, 0.0);
  std::vector<std::string> Errors(N);
  // Candidates are independent and the memo serves several threads at once
  // (PredictionMemo): the workers take them in turn. A batch too small to
  // pay for starting threads runs on the caller's.
  unsigned Workers =
      Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  Workers = unsigned(std::min<size_t>(Workers, N / MinCandidatesPerWorker));
  std::atomic<size_t> Next{0};
  auto work = [&] {
    for (size_t I; (I = Next.fetch_add(1)) < N;) {
      Expected<Prediction> R = predictIn(*Candidates[I], T, Opts, Memo);
      if (R)
        Out[I] = R->SecondsPerCall;
      else
        Errors[I] = toString(R.takeError());
    }
  };
  std::vector<std::thread> Pool;
  for (unsigned W = 1; W < Workers; ++W)
    Pool.emplace_back(work);
  work();
  for (std::thread &Th : Pool)
    Th.join();
  for (size_t I = 0; I < N; ++I)
    if (!Errors[I].empty())
      return createStringError(inconvertibleErrorCode(), "candidate %zu: %s", I,
                               Errors[I].c_str());
  return Out;
}

Expected<std::vector<size_t>> rank(ArrayRef<const ProgramProfile *> Candidates,
                                   const hw::Target &T,
                                   const PredictOptions &Opts,
                                   PredictionMemo *Memo, unsigned Jobs) {
  Expected<std::vector<double>> S =
      predictSeconds(Candidates, T, Opts, Memo, Jobs);
  if (!S)
    return S.takeError();
  std::vector<size_t> Order(S->size());
  std::iota(Order.begin(), Order.end(), size_t(0));
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return (*S)[A] < (*S)[B]; });
  return Order;
}

} // namespace crop
