//===- ParallelLaunch.cpp - What one launch of a parallel loop costs ------===//
//
// Times empty parallel loops through the OpenMP runtime the suite's and
// clang's programs link (LLVM's libomp), called the way clang lowers
// `#pragma omp parallel for`: a fork of the team, a static schedule and the
// join (the loop's own closing barrier is the join's: clang emits none). The
// library is opened privately (RTLD_LOCAL) so that its symbols never replace
// the analyzer's serial stand-ins for the same entry points in this process.
//
//===----------------------------------------------------------------------===//
#include "crop/Microbench/Microbench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <dlfcn.h>

namespace crop::mb {
namespace {

// libomp's source-location record (kmp.h's ident_t), as clang fills it:
// KMP_IDENT_KMPC, with KMP_IDENT_WORK_LOOP for the schedule; the last
// reserved field holds the source string's length.
struct Ident {
  int32_t Reserved1 = 0;
  int32_t Flags = 0;
  int32_t Reserved2 = 0;
  int32_t Reserved3 = 22;
  const char *Source = ";unknown;unknown;0;0;;";
};
constexpr int32_t IdentKmpc = 0x2, IdentWorkLoop = 0x200;
constexpr int32_t ScheduleStatic = 34; // kmp_sch_static

using Microtask = void (*)(int32_t *, int32_t *, ...);
using ForkCallFn = void (*)(Ident *, int32_t, Microtask, ...);
using GlobalThreadNumFn = int32_t (*)(Ident *);
using PushNumThreadsFn = void (*)(Ident *, int32_t, int32_t);
using StaticInitFn = void (*)(Ident *, int32_t, int32_t, int32_t *, int32_t *,
                              int32_t *, int32_t *, int32_t, int32_t);
using GtidFn = void (*)(Ident *, int32_t);

struct Runtime {
  ForkCallFn ForkCall = nullptr;
  GlobalThreadNumFn GlobalThreadNum = nullptr;
  PushNumThreadsFn PushNumThreads = nullptr;
  StaticInitFn StaticInit = nullptr;
  GtidFn StaticFini = nullptr;
};

Runtime RT;
Ident LocParallel{0, IdentKmpc}, LocLoop{0, IdentKmpc | IdentWorkLoop};
std::atomic<int32_t> TeamSize{1};
std::atomic<int64_t> Sink{0};

// One iteration per thread, as the smallest programs' loops are.
void loopBody(int32_t *Gtid, int32_t *) {
  int32_t Last = 0, Lb = 0, Ub = TeamSize.load() - 1, Stride = 1;
  RT.StaticInit(&LocLoop, *Gtid, ScheduleStatic, &Last, &Lb, &Ub, &Stride, 1,
                1);
  for (int32_t I = Lb; I <= Ub; ++I)
    Sink.fetch_add(I, std::memory_order_relaxed);
  RT.StaticFini(&LocLoop, *Gtid);
}

double launchesNs(int32_t Gtid, unsigned Team, unsigned N) {
  TeamSize = int32_t(Team);
  auto T0 = std::chrono::steady_clock::now();
  for (unsigned I = 0; I < N; ++I) {
    RT.PushNumThreads(&LocParallel, Gtid, int32_t(Team));
    RT.ForkCall(&LocParallel, 0, reinterpret_cast<Microtask>(&loopBody));
  }
  return std::chrono::duration<double, std::nano>(
             std::chrono::steady_clock::now() - T0)
             .count() /
         double(N);
}

template <typename Fn> bool bind(void *H, const char *Name, Fn &Out) {
  Out = reinterpret_cast<Fn>(dlsym(H, Name));
  return Out != nullptr;
}
} // namespace

ParallelLaunchMeasurement measureParallelLaunch(unsigned MaxThreads,
                                                bool Quick) {
  ParallelLaunchMeasurement M;
  static void *Handle = [] {
    for (const char *Name :
         {"libomp.so.5", "libomp.so", "/usr/lib/llvm-19/lib/libomp.so.5"})
      if (void *H = dlopen(Name, RTLD_NOW | RTLD_LOCAL))
        return H;
    return static_cast<void *>(nullptr);
  }();
  if (!Handle) {
    M.Why = "LLVM's OpenMP runtime (libomp.so.5, Debian's libomp5-19) is "
            "not installed";
    return M;
  }
  if (!bind(Handle, "__kmpc_fork_call", RT.ForkCall) ||
      !bind(Handle, "__kmpc_global_thread_num", RT.GlobalThreadNum) ||
      !bind(Handle, "__kmpc_push_num_threads", RT.PushNumThreads) ||
      !bind(Handle, "__kmpc_for_static_init_4", RT.StaticInit) ||
      !bind(Handle, "__kmpc_for_static_fini", RT.StaticFini)) {
    M.Why = "the OpenMP runtime found lacks a __kmpc entry point";
    return M;
  }
  M.Runtime = "libomp";
  int32_t Gtid = RT.GlobalThreadNum(&LocParallel);
  // Teams of 1, 2, 4 ... and the host's threads: the cost grows with the
  // team (more workers to wake and to wait for), smoothly enough that the
  // model interpolates between these.
  std::vector<unsigned> Teams;
  for (unsigned T = 1; T < MaxThreads; T *= 2)
    Teams.push_back(T);
  Teams.push_back(std::max(1u, MaxThreads));
  // Repeats go round the teams, so that a quiet moment of a shared host
  // serves every team size, and the best of each is kept.
  const unsigned N = Quick ? 2000 : 5000, Repeats = Quick ? 4 : 16;
  for (unsigned Team : Teams) {
    // The first launches create the workers; later ones find them spinning
    // (libomp's KMP_BLOCKTIME), as in a program that calls kernels back to
    // back.
    launchesNs(Gtid, Team, N / 4);
  }
  for (unsigned R = 0; R < Repeats; ++R)
    for (unsigned Team : Teams) {
      double Ns = launchesNs(Gtid, Team, N);
      auto [It, New] = M.Ns.try_emplace(Team, Ns);
      if (!New)
        It->second = std::min(It->second, Ns);
    }
  return M;
}

} // namespace crop::mb
