//===- EffectiveCounts.cpp - Eq. 3: block counts as one thread runs them --===//
//
// From the profile's serial counts and launch records to the counts of the
// slowest thread, the threads that run at once, and the blend of the Serial
// and Task reuse views a thread's caches see.
//
//===----------------------------------------------------------------------===//
#include "crop/Simulator/EffectiveCounts.h"
#include "crop/Simulator/CacheModel.h"

#include <algorithm>
#include <cmath>

using namespace crop;

double crop::effectiveTaskFactor(const FunctionProfile &F, unsigned Threads) {
  if (!F.Parallel || F.Calls == 0)
    return 1.0;
  Threads = std::max(1u, Threads);
  std::vector<LaunchGroup> Groups = F.Launches;
  if (Groups.empty()) // No launch record: all tasks in one launch.
    Groups.push_back({F.Calls, 1});
  double Epochs = 0;
  for (const LaunchGroup &G : Groups)
    Epochs += double(G.Launches) * double((G.Tasks + Threads - 1) / Threads);
  return Epochs / double(F.Calls);
}

FunctionPlan crop::planFunction(const ProgramProfile &Prof,
                                const FunctionProfile &F, unsigned Threads) {
  if (F.ParallelIn.empty())
    return planFunction(F, Threads);
  const FunctionProfile *Owner = Prof.findFunction(F.ParallelIn);
  if (!Owner || !Owner->Parallel || Owner == &F)
    return planFunction(F, Threads);
  FunctionPlan Plan = planFunction(*Owner, Threads);
  Plan.PerThreadPrologue = false;
  Plan.Launches = 0;
  Plan.PaysLaunch = false;
  if (F.Parallel && (F.Runtime == ParallelRuntime::OpenMP ||
                     F.Runtime == ParallelRuntime::OpenMPDynamic)) {
    for (const LaunchGroup &G : F.Launches)
      Plan.Launches += double(G.Launches);
    Plan.PaysLaunch = true;
    Plan.LaunchTeam = 1;
    Plan.LaunchShare = Plan.Factor;
  }
  return Plan;
}

// Tarjan's SCCs, iteratively (deep CFGs would overflow the stack).
std::vector<bool>
crop::blocksInLoops(const FunctionProfile &F,
                    const std::map<std::string, size_t> &Index) {
  size_t N = F.Blocks.size();
  std::vector<std::vector<size_t>> Succ(N);
  std::vector<bool> InLoop(N, false);
  for (size_t I = 0; I < N; ++I)
    for (const SuccessorEdge &S : F.Blocks[I].Successors) {
      auto It = Index.find(S.Block);
      if (It == Index.end())
        continue;
      Succ[I].push_back(It->second);
      if (It->second == I)
        InLoop[I] = true;
    }
  std::vector<int> Num(N, -1), Low(N, 0);
  std::vector<bool> OnStack(N, false);
  std::vector<size_t> Stack;
  int Counter = 0;
  // Iterative Tarjan: (block, next successor to visit).
  for (size_t Root = 0; Root < N; ++Root) {
    if (Num[Root] >= 0)
      continue;
    std::vector<std::pair<size_t, size_t>> Work{{Root, 0}};
    Num[Root] = Low[Root] = Counter++;
    Stack.push_back(Root);
    OnStack[Root] = true;
    while (!Work.empty()) {
      auto &[V, Next] = Work.back();
      if (Next < Succ[V].size()) {
        size_t W = Succ[V][Next++];
        if (Num[W] < 0) {
          Num[W] = Low[W] = Counter++;
          Stack.push_back(W);
          OnStack[W] = true;
          Work.push_back({W, 0});
        } else if (OnStack[W]) {
          Low[V] = std::min(Low[V], Num[W]);
        }
        continue;
      }
      size_t Done = V;
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().first] = std::min(Low[Work.back().first], Low[Done]);
      if (Low[Done] == Num[Done]) {
        std::vector<size_t> Comp;
        size_t W;
        do {
          W = Stack.back();
          Stack.pop_back();
          OnStack[W] = false;
          Comp.push_back(W);
        } while (W != Done);
        if (Comp.size() > 1)
          for (size_t C : Comp)
            InLoop[C] = true;
      }
    }
  }
  return InLoop;
}

FunctionPlan crop::planFunction(const FunctionProfile &F, unsigned Threads) {
  FunctionPlan Plan;
  Plan.Factor = effectiveTaskFactor(F, Threads);
  if (!F.Parallel || F.Calls == 0)
    return Plan;
  std::vector<LaunchGroup> Groups = F.Launches;
  if (Groups.empty())
    Groups.push_back({F.Calls, 1});
  double Weighted = 0, Tasks = 0, Running = 0;
  for (const LaunchGroup &G : Groups) {
    double K = double((G.Tasks + Threads - 1) / Threads);
    double W = double(G.Tasks) * double(G.Launches);
    Weighted += W * serialWeightForTasks(K);
    Running += W * double(std::min<uint64_t>(Threads, G.Tasks));
    Tasks += W;
  }
  for (const LaunchGroup &G : Groups)
    Plan.Launches += double(G.Launches);
  // An explicit task's team is its region's, which paid for its launch; a
  // task is one call of its routine, prologue included, as Halide's are.
  bool OpenMP = F.Runtime == ParallelRuntime::OpenMP ||
                F.Runtime == ParallelRuntime::OpenMPDynamic;
  Plan.PaysLaunch =
      F.Runtime != ParallelRuntime::OpenMPTask && (Threads > 1 || OpenMP);
  if (Tasks > 0) {
    Plan.SerialWeight = Weighted / Tasks;
    Plan.Running = std::max(1u, unsigned(std::lround(Running / Tasks)));
  }
  // The profile runs one task per iteration (docs/profiling.md). Halide's
  // runtime also calls the closure once per index, but OpenMP's static
  // schedule and TVM's thread pool call the outlined function once per
  // thread with a chunk of iterations.
  if (OpenMP || F.Runtime == ParallelRuntime::TVM) {
    double Launches = 0, Chunks = 0;
    for (const LaunchGroup &G : Groups) {
      Launches += double(G.Launches);
      Chunks += double(G.Launches) * double((G.Tasks + Threads - 1) / Threads);
    }
    if (Launches > 0) {
      Plan.PerThreadPrologue = true;
      Plan.LaunchesPerTask = Launches / double(F.Calls);
      Plan.ChunkTasks = Chunks / Launches;
    }
  }
  return Plan;
}
