//===- ParallelLaunch.cpp - What the OpenMP runtime's work sharing costs --===//
//
// Times empty parallel loops through the OpenMP runtime the suite's and
// clang's programs link (LLVM's libomp), called the way clang lowers
// `#pragma omp parallel for`: a fork of the team, a static schedule and the
// join (the loop's own closing barrier is the join's: clang emits none).
// Then what work handed out one piece at a time costs the team: the chunks
// of a `schedule(dynamic, 1)` loop and explicit tasks (`#pragma omp task`
// under `single`), each with an empty body, the region's time less one
// launch, over the pieces. The library is opened privately (RTLD_LOCAL) so
// that its symbols never replace the analyzer's serial stand-ins for the
// same entry points in this process.
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
constexpr int32_t ScheduleStatic = 34;  // kmp_sch_static
constexpr int32_t ScheduleDynamic = 35; // kmp_sch_dynamic_chunked
constexpr int32_t TaskTied = 1;         // kmp_tasking_flags_t.tiedness

using Microtask = void (*)(int32_t *, int32_t *, ...);
using ForkCallFn = void (*)(Ident *, int32_t, Microtask, ...);
using GlobalThreadNumFn = int32_t (*)(Ident *);
using PushNumThreadsFn = void (*)(Ident *, int32_t, int32_t);
using StaticInitFn = void (*)(Ident *, int32_t, int32_t, int32_t *, int32_t *,
                              int32_t *, int32_t *, int32_t, int32_t);
using GtidFn = void (*)(Ident *, int32_t);
using DispatchInitFn = void (*)(Ident *, int32_t, int32_t, int32_t, int32_t,
                                int32_t, int32_t);
using DispatchNextFn = int32_t (*)(Ident *, int32_t, int32_t *, int32_t *,
                                   int32_t *, int32_t *);
using GtidResultFn = int32_t (*)(Ident *, int32_t);
using TaskEntry = int32_t (*)(int32_t, void *);
using TaskAllocFn = void *(*)(Ident *, int32_t, int32_t, size_t, size_t,
                              TaskEntry);
using TaskFn = int32_t (*)(Ident *, int32_t, void *);

struct Runtime {
  ForkCallFn ForkCall = nullptr;
  GlobalThreadNumFn GlobalThreadNum = nullptr;
  PushNumThreadsFn PushNumThreads = nullptr;
  StaticInitFn StaticInit = nullptr;
  GtidFn StaticFini = nullptr;
  DispatchInitFn DispatchInit = nullptr;
  DispatchNextFn DispatchNext = nullptr;
  GtidFn DispatchDeinit = nullptr; ///< Newer runtimes only (clang 19 calls it).
  GtidResultFn Single = nullptr;
  GtidFn EndSingle = nullptr;
  TaskAllocFn TaskAlloc = nullptr;
  TaskFn Task = nullptr;
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

std::atomic<int32_t> Pieces{0};

// Chunks of one iteration, handed out one by one: what a thread does
// between them is a few adds to its own variable.
void dispatchBody(int32_t *Gtid, int32_t *) {
  RT.DispatchInit(&LocLoop, *Gtid, ScheduleDynamic, 0, Pieces.load() - 1, 1, 1);
  int32_t Last = 0, Lb = 0, Ub = 0, Stride = 1;
  int64_t Local = 0;
  while (RT.DispatchNext(&LocLoop, *Gtid, &Last, &Lb, &Ub, &Stride))
    for (int32_t I = Lb; I <= Ub; ++I)
      Local += I;
  if (RT.DispatchDeinit)
    RT.DispatchDeinit(&LocLoop, *Gtid);
  Sink.fetch_add(Local, std::memory_order_relaxed);
}

// libomp's kmp_task_t as clang allocates it for a task without private
// data: shareds, routine, part_id, and the two data fields.
constexpr size_t TaskBytes = 40;
int32_t emptyTask(int32_t, void *) { return 0; }

// One thread creates the tasks; the team runs them, and the region's end
// waits for the last.
void taskBody(int32_t *Gtid, int32_t *) {
  if (!RT.Single(&LocParallel, *Gtid))
    return;
  for (int32_t I = 0, N = Pieces.load(); I < N; ++I)
    RT.Task(
        &LocParallel, *Gtid,
        RT.TaskAlloc(&LocParallel, *Gtid, TaskTied, TaskBytes, 0, &emptyTask));
  RT.EndSingle(&LocParallel, *Gtid);
}

double regionsNs(int32_t Gtid, unsigned Team, unsigned N, Microtask Body) {
  auto T0 = std::chrono::steady_clock::now();
  for (unsigned I = 0; I < N; ++I) {
    RT.PushNumThreads(&LocParallel, Gtid, int32_t(Team));
    RT.ForkCall(&LocParallel, 0, Body);
  }
  return std::chrono::duration<double, std::nano>(
             std::chrono::steady_clock::now() - T0)
             .count() /
         double(N);
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
  bool Pieced = bind(Handle, "__kmpc_dispatch_init_4", RT.DispatchInit) &&
                bind(Handle, "__kmpc_dispatch_next_4", RT.DispatchNext) &&
                bind(Handle, "__kmpc_single", RT.Single) &&
                bind(Handle, "__kmpc_end_single", RT.EndSingle) &&
                bind(Handle, "__kmpc_omp_task_alloc", RT.TaskAlloc) &&
                bind(Handle, "__kmpc_omp_task", RT.Task);
  bind(Handle, "__kmpc_dispatch_deinit", RT.DispatchDeinit);
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
  if (!Pieced)
    return M;
  // Enough pieces that a launch is a small part of a region (a piece costs
  // a few nanoseconds on one thread, hundreds where a line travels between
  // cores), few enough regions to stay within a second or so in all.
  const unsigned K = Quick ? 500 : 2000, Regions = Quick ? 8 : 24;
  Pieces = int32_t(K);
  auto best = [&](std::map<unsigned, double> &Out, Microtask Body) {
    for (unsigned Team : Teams)
      regionsNs(Gtid, Team, 2, Body);
    for (unsigned R = 0; R < Repeats / 2 + 1; ++R)
      for (unsigned Team : Teams) {
        double Ns =
            (regionsNs(Gtid, Team, Regions, Body) - M.Ns[Team]) / double(K);
        auto [It, New] = Out.try_emplace(Team, Ns);
        if (!New)
          It->second = std::min(It->second, Ns);
      }
    for (auto &[Team, Ns] : Out)
      Ns = std::max(Ns, 0.0);
  };
  best(M.DispatchNs, reinterpret_cast<Microtask>(&dispatchBody));
  best(M.TaskNs, reinterpret_cast<Microtask>(&taskBody));
  return M;
}

} // namespace crop::mb
