//===- CropC.cpp - The C interface: handles over crop/Crop.h --------------===//
#include "crop/crop_c.h"
#include "crop/Crop.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

using namespace llvm;

struct crop_context {
  std::string Error;
  /// Its own memo: predictions through different contexts run in parallel.
  crop::PredictionMemo Memo;
  /// Limits of the programs it profiles (crop_context_set_limits).
  unsigned TimeoutSeconds = crop::ProfileOptions().TimeoutSeconds;
  uint64_t MemoryLimitBytes = crop::ProfileOptions().MemoryLimitBytes;
  uint64_t SampleTasks = 0; ///< crop_context_set_sample_tasks.
  uint64_t SampleTime = 0;  ///< crop_context_set_sample_time.
};
struct crop_target {
  crop::hw::Target T;
};
struct crop_profile {
  crop::ProgramProfile P;
};

namespace {

char *copyString(const std::string &S) {
  char *Out = static_cast<char *>(std::malloc(S.size() + 1));
  if (Out)
    std::memcpy(Out, S.c_str(), S.size() + 1);
  return Out;
}

/// Runs F, turning an llvm::Error or a C++ exception into C's message and
/// Fail (nothing may unwind through the C ABI).
template <typename R, typename Fn> R guarded(crop_context *C, R Fail, Fn F) {
  if (!C)
    return Fail;
  C->Error.clear();
  try {
    return F();
  } catch (const std::exception &E) {
    C->Error = std::string("internal error: ") + E.what();
  } catch (...) {
    C->Error = "internal error";
  }
  return Fail;
}

template <typename T> bool take(crop_context *C, Expected<T> &V) {
  if (V)
    return true;
  C->Error = toString(V.takeError());
  return false;
}

crop::PredictOptions predictOptions(unsigned Threads, int WarmCalls,
                                    unsigned VectorBits) {
  crop::PredictOptions O;
  O.Threads = Threads;
  O.WarmCalls = WarmCalls != 0;
  O.VectorBits = VectorBits;
  return O;
}

} // namespace

extern "C" {

const char *crop_version(void) { return crop::version(); }
int crop_abi_version(void) { return CROP_C_ABI_VERSION; }

crop_context *crop_context_new(void) { return new (std::nothrow) crop_context; }
void crop_context_free(crop_context *C) { delete C; }
const char *crop_context_error(const crop_context *C) {
  return C ? C->Error.c_str() : "no context";
}

int crop_context_set_limits(crop_context *C, double TimeoutSeconds,
                            double MemoryLimitMiB) {
  return guarded<int>(C, -1, [&]() -> int {
    // Beyond a year or an exbibyte is a mistake, not a limit.
    if (!(TimeoutSeconds >= 0 && TimeoutSeconds <= 365 * 86400.0) ||
        !(MemoryLimitMiB >= 0 && MemoryLimitMiB <= double(1ULL << 40))) {
      C->Error = "limits must be a time-out of 0 to 31536000 s and a memory "
                 "cap of 0 to 2^40 MiB (0: none)";
      return -1;
    }
    C->TimeoutSeconds = unsigned(std::ceil(TimeoutSeconds));
    C->MemoryLimitBytes = uint64_t(std::ceil(MemoryLimitMiB * 1048576.0));
    return 0;
  });
}

int crop_context_set_sample_tasks(crop_context *C, uint64_t N) {
  return guarded<int>(C, -1, [&]() -> int {
    if (N == 1 || N == 2) {
      C->Error = "a task sample must be 0 (every task) or at least 3 tasks";
      return -1;
    }
    C->SampleTasks = N;
    return 0;
  });
}

int crop_context_set_sample_time(crop_context *C, uint64_t K) {
  return guarded<int>(C, -1, [&]() -> int {
    C->SampleTime = K;
    return 0;
  });
}

crop_target *crop_target_load(crop_context *C, const char *NameOrPath) {
  return guarded<crop_target *>(C, nullptr, [&]() -> crop_target * {
    Expected<crop::hw::Target> T = crop::target(NameOrPath ? NameOrPath : "");
    if (!take(C, T))
      return nullptr;
    return new crop_target{std::move(*T)};
  });
}

crop_target *crop_target_from_yaml(crop_context *C, const char *Yaml,
                                   const char *Name) {
  return guarded<crop_target *>(C, nullptr, [&]() -> crop_target * {
    Expected<crop::hw::Target> T =
        crop::targetFromYAML(Yaml ? Yaml : "", Name ? Name : "<memory>");
    if (!take(C, T))
      return nullptr;
    return new crop_target{std::move(*T)};
  });
}

void crop_target_free(crop_target *T) { delete T; }
const char *crop_target_name(const crop_target *T) {
  return T ? T->T.Name.c_str() : "";
}

char *crop_targets_list(crop_context *C) {
  return guarded<char *>(C, nullptr, [&]() -> char * {
    std::string Out;
    for (Expected<crop::hw::Target> &T : crop::hw::listTargets()) {
      if (!T) {
        consumeError(T.takeError());
        continue;
      }
      Out += T->Name + "\t" + crop::hw::targetKindName(T->Kind) + "\t" +
             T->Summary + "\n";
    }
    return copyString(Out);
  });
}

crop_profile *crop_profile_module(crop_context *C, const char *Module,
                                  int IsText, const char *Name,
                                  const char *Entry, const char *const *Args,
                                  size_t NArgs, double SampleRate,
                                  const char *CodegenCPU) {
  return crop_profile_module_cached(C, Module, IsText, Name, Entry, Args, NArgs,
                                    SampleRate, CodegenCPU, "", nullptr);
}

crop_profile *crop_profile_module_cached(
    crop_context *C, const char *Module, int IsText, const char *Name,
    const char *Entry, const char *const *Args, size_t NArgs, double SampleRate,
    const char *CodegenCPU, const char *CacheDir, int *FromCache) {
  return guarded<crop_profile *>(C, nullptr, [&]() -> crop_profile * {
    if (!Module) {
      C->Error = "no module given";
      return nullptr;
    }
    crop::ProfileOptions O;
    O.Entry = Entry ? Entry : "";
    for (size_t I = 0; I < NArgs; ++I)
      O.Args.push_back(Args[I] ? Args[I] : "");
    O.SampleRate = SampleRate > 0 ? SampleRate : 1.0;
    O.CodegenCPU = CodegenCPU ? CodegenCPU : "";
    O.TimeoutSeconds = C->TimeoutSeconds;
    O.MemoryLimitBytes = C->MemoryLimitBytes;
    O.SampleTasks = C->SampleTasks;
    O.SampleTime = C->SampleTime;
    std::string Folder =
        CacheDir ? std::string(CacheDir) : crop::defaultProfileCacheFolder();
    crop::CacheOutcome Out;
    Expected<crop::ProgramProfile> P =
        IsText ? crop::profileBuffer(Module, O, Name ? Name : "<memory>",
                                     Folder, &Out)
               : crop::profileCached(Module, O, Folder, &Out);
    if (FromCache)
      *FromCache = Out.FromCache;
    if (!take(C, P))
      return nullptr;
    return new crop_profile{std::move(*P)};
  });
}

crop_profile *crop_profile_load(crop_context *C, const char *Path) {
  return guarded<crop_profile *>(C, nullptr, [&]() -> crop_profile * {
    Expected<crop::ProgramProfile> P = crop::readProfile(Path ? Path : "");
    if (!take(C, P))
      return nullptr;
    return new crop_profile{std::move(*P)};
  });
}

int crop_profile_save(crop_context *C, const crop_profile *P,
                      const char *Path) {
  return guarded<int>(C, -1, [&]() -> int {
    if (!P) {
      C->Error = "no profile given";
      return -1;
    }
    if (Error E = crop::writeProfile(P->P, Path ? Path : "")) {
      C->Error = toString(std::move(E));
      return -1;
    }
    return 0;
  });
}

char *crop_profile_to_json(crop_context *C, const crop_profile *P) {
  return guarded<char *>(C, nullptr, [&]() -> char * {
    if (!P) {
      C->Error = "no profile given";
      return nullptr;
    }
    return copyString(crop::profileToJSON(P->P));
  });
}

crop_profile *crop_profile_from_json(crop_context *C, const char *Json,
                                     const char *Name) {
  return guarded<crop_profile *>(C, nullptr, [&]() -> crop_profile * {
    Expected<crop::ProgramProfile> P =
        crop::profileFromJSON(Json ? Json : "", Name ? Name : "<memory>");
    if (!take(C, P))
      return nullptr;
    return new crop_profile{std::move(*P)};
  });
}

char *crop_profile_to_binary(crop_context *C, const crop_profile *P,
                             size_t *Size) {
  return guarded<char *>(C, nullptr, [&]() -> char * {
    if (!P || !Size) {
      C->Error = "no profile or size given";
      return nullptr;
    }
    std::string Bytes = crop::profileToBinary(P->P);
    *Size = Bytes.size();
    return copyString(Bytes);
  });
}

crop_profile *crop_profile_from_binary(crop_context *C, const void *Bytes,
                                       size_t Size, const char *Name) {
  return guarded<crop_profile *>(C, nullptr, [&]() -> crop_profile * {
    Expected<crop::ProgramProfile> P = crop::profileFromBinary(
        StringRef(static_cast<const char *>(Bytes), Bytes ? Size : 0),
        Name ? Name : "<memory>");
    if (!take(C, P))
      return nullptr;
    return new crop_profile{std::move(*P)};
  });
}

void crop_profile_free(crop_profile *P) { delete P; }

int crop_predict(crop_context *C, const crop_profile *P, const crop_target *T,
                 unsigned Threads, int WarmCalls, unsigned VectorBits,
                 double *Seconds, char **Json) {
  return guarded<int>(C, -1, [&]() -> int {
    if (!P || !T) {
      C->Error = "no profile or target given";
      return -1;
    }
    Expected<crop::Prediction> R =
        crop::predict(P->P, T->T, predictOptions(Threads, WarmCalls, VectorBits),
                      C->Memo);
    if (!take(C, R))
      return -1;
    if (Seconds)
      *Seconds = R->SecondsPerCall;
    if (Json) {
      std::string S;
      raw_string_ostream OS(S);
      OS << crop::predictionToJSON(*R);
      OS.flush();
      *Json = copyString(S);
    }
    return 0;
  });
}

int crop_predict_many(crop_context *C, const crop_profile *const *Profiles,
                      size_t N, const crop_target *T, unsigned Threads,
                      int WarmCalls, unsigned VectorBits, double *Seconds) {
  return guarded<int>(C, -1, [&]() -> int {
    if (!T || (N && (!Profiles || !Seconds))) {
      C->Error = "no profiles, target or output given";
      return -1;
    }
    std::vector<const crop::ProgramProfile *> Ps;
    for (size_t I = 0; I < N; ++I) {
      if (!Profiles[I]) {
        C->Error = "profile " + std::to_string(I) + " is missing";
        return -1;
      }
      Ps.push_back(&Profiles[I]->P);
    }
    Expected<std::vector<double>> S = crop::predictSeconds(
        Ps, T->T, predictOptions(Threads, WarmCalls, VectorBits), &C->Memo);
    if (!take(C, S))
      return -1;
    std::copy(S->begin(), S->end(), Seconds);
    return 0;
  });
}

void crop_string_free(char *S) { std::free(S); }

} // extern "C"
