//===- Predictor.cpp - Eq. 1-6: predicted time of one call on a CPU -------===//
//
// Per block: the pipeline simulator's steady state with the block's own load
// latency (Eq. 2, 4-6), weighted over its superblocks by successor
// frequencies, bounded below by the memory system (bandwidth per level and
// miss-level parallelism), plus mispredicted branches; times ECount (Eq. 3);
// summed (Eq. 1). docs/prediction.md gives every rule and why.
//
//===----------------------------------------------------------------------===//
#include "crop/Simulator/Predictor.h"
#include "crop/Simulator/CacheModel.h"
#include "crop/Simulator/PipelineSimulator.h"
#include "crop/Simulator/Superblock.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>
#include <unordered_map>

using namespace crop;
using namespace llvm;

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

namespace {

/// 128-bit content hash of what the memo keys on.
struct Hash128 {
  uint64_t Lo = 0, Hi = 0;
  bool operator==(const Hash128 &O) const { return Lo == O.Lo && Hi == O.Hi; }
};

class Hasher {
  std::string Buf;

public:
  Hasher &str(StringRef S) {
    u64(S.size());
    Buf.append(S.data(), S.size());
    return *this;
  }
  Hasher &u64(uint64_t V) {
    Buf.append(reinterpret_cast<const char *>(&V), sizeof V);
    return *this;
  }
  Hasher &f64(double V) {
    Buf.append(reinterpret_cast<const char *>(&V), sizeof V);
    return *this;
  }
  Hash128 finish() const {
    XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef(Buf));
    return {H.low64, H.high64};
  }
};

Hash128 graphletHash(const Graphlet &G) {
  Hasher H;
  size_t NV = boost::num_vertices(G.G);
  H.u64(NV);
  for (size_t V = 0; V < NV; ++V) {
    const GraphletVertex &X = G.G[V];
    H.str(X.Opcode)
        .str(X.Type)
        .u64(X.Lanes)
        .u64(X.MemBytes)
        .u64(X.Part)
        .u64(uint64_t(X.Contract) | uint64_t(X.Duplicate) << 1 |
             uint64_t(X.AddressOffset) << 2);
  }
  for (auto E : boost::make_iterator_range(boost::edges(G.G)))
    H.u64(boost::source(E, G.G))
        .u64(boost::target(E, G.G))
        .u64(uint64_t(G.G[E].Kind));
  for (const GraphletLiveIns &L : G.LiveIns)
    H.str(L.Type).u64(L.Lanes).u64(L.Part).u64(L.Count);
  for (const GraphletMachine &X : G.Machine) {
    H.u64(X.Part).u64(X.Instructions).u64(X.Reloads.size());
    for (const auto &[B, N] : X.Reloads)
      H.u64(B).u64(N);
    H.u64(X.Spills.size());
    for (const auto &[B, N] : X.Spills)
      H.u64(B).u64(N);
  }
  return H.finish();
}

/// Everything of a CPU descriptor that a prediction reads, so that two
/// descriptors under one name (a fresh `crop microbench`) never share memo.
Hash128 targetHash(const hw::Target &T) {
  Hasher H;
  H.str(T.Name).str(T.Path).u64(uint64_t(T.Kind));
  if (const auto &C = T.Cpu) {
    H.u64(C->Threads).u64(C->Cores).f64(C->FrequencyHz).u64(C->IssueWidth);
    for (const auto &[N, Hz] : C->FrequencyByActiveCores)
      H.u64(N).f64(Hz);
    H.u64(C->SimdBits).f64(C->MispredictPenalty).u64(C->MaxOutstandingMisses);
    H.u64(C->ReorderBuffer).u64(C->SchedulerFp);
    for (const auto &[U, N] : C->Units)
      H.str(U).u64(N);
    for (const hw::CacheLevel &L : C->Caches)
      H.str(L.Name)
          .u64(L.SizeBytes)
          .u64(L.LineBytes)
          .u64(L.Ways)
          .f64(L.LatencyCycles)
          .u64(L.SharedByCores)
          .f64(L.BandwidthPerCore)
          .f64(L.BandwidthAll);
    H.f64(C->RamLatencyCycles)
        .f64(C->RamBandwidthPerCore)
        .f64(C->RamBandwidthAll);
    for (const auto &[K, I] : C->Instructions)
      H.str(K).f64(I.Latency).f64(I.RecipThroughput).str(I.Unit).u64(I.Uops);
  }
  return H.finish();
}

struct CostKey {
  Hash128 Target, Graph;
  int64_t Latency8; ///< Load latency in 1/8 cycles; -1 for the L1 default.
  uint32_t Restart; ///< PipelineSimulator::simulate's RestartEvery.
  bool operator==(const CostKey &O) const {
    return Target == O.Target && Graph == O.Graph && Latency8 == O.Latency8 &&
           Restart == O.Restart;
  }
};
struct CostKeyHash {
  size_t operator()(const CostKey &K) const {
    return size_t(K.Target.Lo * 0x9E3779B97F4A7C15ull ^ K.Graph.Lo ^
                  (K.Graph.Hi >> 7) ^
                  uint64_t(K.Latency8) * 0xC2B2AE3D27D4EB4Full ^
                  uint64_t(K.Restart) * 0x165667B19E3779F9ull);
  }
};

} // namespace

/// Block costs by (target, graphlet content, latency, restart) and cache
/// models by (target, threads running). Content keys, not addresses: a
/// profile freed and another loaded at the same address must not hit.
struct PredictionMemo::Impl {
  std::mutex M;
  size_t MaxCosts;
  /// Steady-state cycles per execution and the load-to-store path of one.
  std::unordered_map<CostKey, std::pair<double, double>, CostKeyHash> Costs;
  std::map<std::tuple<uint64_t, uint64_t, unsigned>,
           std::unique_ptr<CacheModel>>
      Caches;
};

PredictionMemo::PredictionMemo(size_t MaxCosts)
    : P(std::make_unique<Impl>()) {
  P->MaxCosts = std::max<size_t>(1, MaxCosts);
}
PredictionMemo::~PredictionMemo() = default;
size_t PredictionMemo::size() const {
  std::lock_guard<std::mutex> Lock(P->M);
  return P->Costs.size();
}
void PredictionMemo::clear() {
  std::lock_guard<std::mutex> Lock(P->M);
  P->Costs.clear();
  P->Caches.clear();
}

namespace {

using GlobalMemo = PredictionMemo::Impl;
/// The memo of predict() calls that name none.
PredictionMemo &processMemo() {
  static PredictionMemo G;
  return G;
}

/// Quantises a load latency so that blocks with nearly equal hit rates share
/// memo entries; 1/8 cycle is far below what the model can resolve.
int64_t latencyKey(double L) {
  return L < 0 ? -1 : int64_t(std::llround(L * 8));
}

/// Blocks whose branch the model charges mispredictions for, per execution.
/// The rule (docs/prediction.md): q = the fraction of executions that leave
/// by a successor other than the most frequent one. A loop branch (one
/// successor at or before this block in layout order, i.e. a back edge)
/// with a constant trip count is learned by history-based predictors up to
/// about 32 iterations, so it costs nothing when 1/q <= 32 and one
/// mispredict per exit (q per execution) beyond. A forward branch taken
/// both ways is charged q: each minority outcome is assumed mispredicted.
double mispredictsPerExec(const FunctionProfile &F, size_t Idx,
                          const std::map<std::string, size_t> &Index) {
  const BlockProfile &B = F.Blocks[Idx];
  if (B.Successors.size() < 2)
    return 0.0;
  uint64_t Total = 0, Max = 0;
  bool Loop = false;
  for (const SuccessorEdge &S : B.Successors) {
    Total += S.Count;
    Max = std::max(Max, S.Count);
    auto It = Index.find(S.Block);
    if (It != Index.end() && It->second <= Idx)
      Loop = true;
  }
  if (Total == 0 || Max == Total)
    return 0.0;
  double Q = 1.0 - double(Max) / double(Total);
  if (Loop)
    return 1.0 / Q > 32.0 ? Q : 0.0;
  return Q;
}

/// The memory side of one block.
struct MemoryCost {
  double LoadLatency = -1; ///< For the simulator; -1: the L1 default.
  double Cycles = 0;       ///< max(miss-parallelism bound, bandwidth bound)
  std::string Level;       ///< The level that sets Cycles.
  BlockMemory Mem;
  std::vector<double> BytesPerExec; ///< Per level, RAM last.
};

MemoryCost memoryCost(const BlockProfile &B, CacheModel &CM,
                      const hw::CpuParams &Cpu, double SerialWeight,
                      const std::map<uint32_t, double> *Warm,
                      double SampleRate) {
  MemoryCost R;
  R.Mem = CM.evaluate(B, SerialWeight, Warm, SampleRate);
  const std::vector<LevelView> &Ls = CM.levels();
  size_t N = Ls.size();
  R.BytesPerExec.assign(N + 1, 0.0);
  if (N == 0 || B.Count == 0)
    return R;
  double Count = double(B.Count);
  double L1 = Ls[0].Latency;
  auto latency = [&](size_t J) {
    return J < N ? Ls[J].Latency : CM.ram().Latency;
  };
  // Eq. 6 per block, with misses a prefetcher fetches ahead costing an L1 hit.
  double Extra = 0, Stalled = 0, StalledLatency = 0, WorstShare = 0;
  std::string LatencyLevel;
  for (size_t J = 1; J <= N; ++J) {
    double NotPf = R.Mem.Served[J] * (1 - R.Mem.Prefetchable[J - 1]);
    Extra += NotPf * std::max(0.0, latency(J) - L1);
    Stalled += NotPf;
    StalledLatency += NotPf * latency(J);
    if (NotPf * latency(J) > WorstShare) {
      WorstShare = NotPf * latency(J);
      LatencyLevel = J < N ? Ls[J].Name : "RAM";
    }
  }
  if (R.Mem.HasReuse && Extra >= 1.0 / 16)
    R.LoadLatency = L1 + Extra;
  // Memory-level parallelism (Little's law): at most MaxOutstandingMisses
  // misses in flight, each occupying a buffer for its latency.
  double Mlp = 0;
  if (Stalled > 0 && Cpu.MaxOutstandingMisses)
    Mlp = R.Mem.AccessesPerExec * StalledLatency /
          double(Cpu.MaxOutstandingMisses);
  // Bandwidth: every level moves the lines the level above missed (stores
  // add their write-backs), at the thread's share of its bandwidth.
  double Accesses = double(B.Loads + B.Stores);
  double StoreFrac = Accesses > 0 ? double(B.Stores) / Accesses : 0;
  double Bw = 0;
  std::string BwLevel;
  auto bandwidthCycles = [&](double Bytes, double Bandwidth) {
    return Bandwidth > 0 && Cpu.FrequencyHz > 0
               ? Bytes / Bandwidth * Cpu.FrequencyHz
               : 0.0;
  };
  // L1's bandwidth is the descriptor's read bandwidth (streaming loads):
  // stores take the store data path beside it, on the ports the pipeline
  // simulator already charges them to.
  R.BytesPerExec[0] = double(B.LoadBytes + B.StoreBytes) / Count;
  if (double C = bandwidthCycles(double(B.LoadBytes) / Count, Ls[0].Bandwidth);
      C > Bw)
    Bw = C, BwLevel = Ls[0].Name;
  for (size_t J = 1; J <= N && R.Mem.HasReuse; ++J) {
    double Beyond = 0;
    for (size_t K = J; K <= N; ++K)
      Beyond += R.Mem.Served[K];
    const LevelView &V = J < N ? Ls[J] : CM.ram();
    // Each line the level above missed comes through, and each stored line
    // that missed it goes back dirty. The stores miss as often as the
    // block's accesses times their own miss rate relative to the block's
    // under Eq. 4 (a block whose loads stream while its stores stay in L1
    // writes nothing back); without store histograms, as often as any.
    double StoreBeyond = Beyond;
    if (R.Mem.HasStoreReuse) {
      double All = R.Mem.AllMiss[J - 1], St = R.Mem.StoreMiss[J - 1];
      double Relative = All > 1e-9 ? St / All : (St > 0 ? 1.0 : 0.0);
      StoreBeyond = std::min(1.0, Beyond * Relative);
    }
    double Stores = R.Mem.HasStoreReuse ? R.Mem.StoresPerExec
                                        : R.Mem.AccessesPerExec * StoreFrac;
    double WriteBacks = Stores * StoreBeyond;
    R.BytesPerExec[J] =
        (R.Mem.AccessesPerExec * Beyond + WriteBacks) * V.LineBytes;
    if (double C = bandwidthCycles(R.BytesPerExec[J], V.Bandwidth); C > Bw)
      Bw = C, BwLevel = V.Name;
  }
  if (Bw >= Mlp) {
    R.Cycles = Bw;
    R.Level = BwLevel;
  } else {
    R.Cycles = Mlp;
    R.Level = LatencyLevel;
  }
  return R;
}

/// 4K aliasing (x86 targets): a load at the same page offsets as an older
/// store of its block still in the store queue, on another page, waits for
/// that store to be done. When the store is from an earlier execution and
/// writes a line the block did not just read (a write-allocate miss), the
/// executions form a chain: a load, the work on its value up to a store
/// (the longest such dependence path), the store's commit once its line
/// arrives (the block's memory latency), then the loads of the execution K
/// later. Per execution that costs Rate x (LoadToStore + Commit) / K, where
/// Rate is the fraction of executions with such a load and K the median
/// aliasing distance in stores over the block's stores per execution (at
/// least 1). Stores that read-modify-write a line in L1 are left out: they
/// are done at once, and clang's matmul_tiled runs in 1.72 ms whether its
/// C rows line up with B's rows or sit 64-2048 bytes apart. 0 when there is
/// no chain.
double storeAliasCycles(const BlockProfile &B, double LoadToStore,
                        double MemoryLatency) {
  const StoreAliasProfile &A = B.StoreAlias;
  uint64_t Aliased = A.loads();
  if (Aliased == 0 || B.Count == 0 || B.Stores == 0 ||
      A.ReadModifyWrite >= Aliased)
    return 0;
  uint64_t Half = (Aliased + 1) / 2, Seen = 0;
  uint32_t Median = 1;
  for (const auto &[D, C] : A.Distances)
    if ((Seen += C) >= Half) {
      Median = D;
      break;
    }
  double StoresPerExec = double(B.Stores) / double(B.Count);
  double K = std::max(1.0, std::ceil(double(Median) / StoresPerExec - 1e-9));
  double Missing = 1 - double(A.ReadModifyWrite) / double(Aliased);
  double Rate = std::min(1.0, double(A.Executions) / double(B.Count)) * Missing;
  return Rate * (LoadToStore + MemoryLatency) / K;
}

struct FunctionPlan {
  double Factor = 1;       ///< effectiveTaskFactor
  unsigned Running = 1;    ///< Threads running its code at once.
  double SerialWeight = 1; ///< Serial vs Task histogram blend.
  /// OpenMP and TVM hand each thread one contiguous chunk of the tasks the
  /// profile counts one by one: code outside the outlined function's loops
  /// runs once per thread, over a chunk of ChunkTasks tasks.
  bool PerThreadPrologue = false;
  double LaunchesPerTask = 0; ///< sum(launches) / Count(F)
  double ChunkTasks = 1;      ///< ceil(tasks / threads), launch-averaged
};

/// Blocks on a CFG cycle (a loop) of F, by Tarjan's SCCs over the profile's
/// successor lists.
std::vector<bool> blocksInLoops(const FunctionProfile &F,
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

FunctionPlan planFunction(const FunctionProfile &F, unsigned Threads) {
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
  if (Tasks > 0) {
    Plan.SerialWeight = Weighted / Tasks;
    Plan.Running = std::max(1u, unsigned(std::lround(Running / Tasks)));
  }
  // The profile runs one task per iteration (docs/profiling.md). Halide's
  // runtime also calls the closure once per index, but OpenMP's static
  // schedule and TVM's thread pool call the outlined function once per
  // thread with a chunk of iterations.
  if (F.Runtime == ParallelRuntime::OpenMP ||
      F.Runtime == ParallelRuntime::TVM) {
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

class CpuPredictor {
  const ProgramProfile &Prof;
  const hw::Target &T;
  const hw::CpuParams &Cpu;
  PredictOptions Opts;
  Hash128 TH;
  GlobalMemo &G;
  std::optional<PipelineSimulator> Sim;

public:
  CpuPredictor(const ProgramProfile &P, const hw::Target &T,
               const PredictOptions &O, GlobalMemo &G)
      : Prof(P), T(T), Cpu(*T.Cpu), Opts(O), TH(targetHash(T)), G(G) {
    // The program's vector width changes what its wide vectors cost: part of
    // the target's identity for the memo.
    TH.Hi ^= uint64_t(vectorBits()) * 0x9E3779B97F4A7C15ull;
  }

  /// Steady-state cycles per execution and its longest load-to-store
  /// dependence path (BlockCost::LoadToStore; the simulator's BlockCost::Limit
  /// points into the simulator, which does not outlive this prediction, so only
  /// the numbers are kept).
  std::pair<double, double> simulate(const Graphlet &Gr, double Latency,
                                     uint32_t Restart = 0) {
    CostKey K{TH, graphletHash(Gr), latencyKey(Latency), Restart};
    auto It = G.Costs.find(K);
    if (It != G.Costs.end())
      return It->second;
    if (!Sim)
      Sim.emplace(T, simulatorOptions());
    double L = K.Latency8 < 0 ? -1.0 : double(K.Latency8) / 8.0;
    BlockCost C = Sim->simulate(Gr, L, Restart);
    // Bounded: a memo past its size starts afresh (entries are cheap to
    // recompute; a search moves on from old candidates).
    if (G.Costs.size() >= G.MaxCosts)
      G.Costs.clear();
    return G.Costs.emplace(K, std::make_pair(C.Cycles, C.LoadToStore))
        .first->second;
  }
  double cost(const Graphlet &Gr, double Latency, uint32_t Restart = 0) {
    return simulate(Gr, Latency, Restart).first;
  }

  CacheModel &cacheModel(unsigned Running) {
    auto Key = std::make_tuple(TH.Lo, TH.Hi, Running);
    auto &Slot = G.Caches[Key];
    if (!Slot)
      Slot = std::make_unique<CacheModel>(Cpu, Running);
    return *Slot;
  }

  Prediction run();

private:
  /// A one-block loop's iterations per entry (its executions over those
  /// that did not come from itself) when its carried chains restart at each
  /// entry (Graphlet::ChainsRestart); 0 otherwise.
  static double tripPerEntry(const BlockProfile &B) {
    if (!B.Body.ChainsRestart || !B.Count)
      return 0;
    uint64_t Self = 0;
    for (const SuccessorEdge &S : B.Successors)
      if (S.Block == B.Name)
        Self += S.Count;
    if (Self == 0 || Self >= B.Count)
      return 0;
    return double(B.Count) / double(B.Count - Self);
  }
  /// The simulator's restart period for a trip of Trip executions.
  static uint32_t restartEvery(double Trip) {
    if (Trip <= 0)
      return 0;
    return uint32_t(std::clamp(std::lround(Trip), 1l, long(UINT32_MAX)));
  }

  SimulatorOptions simulatorOptions() const {
    SimulatorOptions SO;
    SO.VectorBits = vectorBits();
    return SO;
  }
  unsigned vectorBits() const {
    return Opts.VectorBits ? Opts.VectorBits : Prof.Module.VectorBits;
  }
};

Prediction CpuPredictor::run() {
  Prediction R;
  R.Target = T.Name;
  R.Entry = Prof.Module.Entry;
  R.Threads = Opts.Threads ? Opts.Threads : std::max(1u, Cpu.Threads);
  R.FrequencyHz = Cpu.FrequencyHz;
  R.MemoryModel = Opts.MemoryModel;
  double EntryCalls = double(std::max<uint64_t>(1, Prof.EntryCalls));

  size_t NLevels = Cpu.Caches.size() + 1;
  std::vector<double> Served(NLevels, 0.0), Bytes(NLevels, 0.0);

  std::map<uint32_t, double> Footprint;
  if (Opts.MemoryModel && Opts.WarmCalls)
    Footprint = callFootprint(Prof);
  const std::map<uint32_t, double> *Warm =
      Opts.WarmCalls ? &Footprint : nullptr;

  const bool IsX86 = T.Isa.compare(0, 3, "x86") == 0;
  for (const FunctionProfile &F : Prof.Functions) {
    FunctionPlan Plan = planFunction(F, R.Threads);
    CacheModel *CM = Opts.MemoryModel ? &cacheModel(Plan.Running) : nullptr;
    std::map<std::string, size_t> Index;
    for (size_t I = 0; I < F.Blocks.size(); ++I)
      Index.emplace(F.Blocks[I].Name, I);
    std::vector<bool> InLoop;
    if (Plan.PerThreadPrologue)
      InLoop = blocksInLoops(F, Index);

    // The memory side first: superblocks need their successor's latency.
    std::vector<MemoryCost> Mem(F.Blocks.size());
    for (size_t I = 0; I < F.Blocks.size(); ++I)
      if (CM && F.Blocks[I].Count)
        Mem[I] = memoryCost(F.Blocks[I], *CM, Cpu, Plan.SerialWeight, Warm,
                            Prof.SampleRate);

    for (size_t I = 0; I < F.Blocks.size(); ++I) {
      const BlockProfile &B = F.Blocks[I];
      if (!B.Count)
        continue;
      double Lat = Mem[I].LoadLatency;
      const double Trip = tripPerEntry(B);
      auto [Own, LoadToStore] = simulate(B.Body, Lat, restartEvery(Trip));
      // Superblocks: the block followed by each successor, run back to back,
      // weighted by how often that successor follows. The pair's cost is
      // split between the two in proportion to their costs alone, so that a
      // two-block loop sums to exactly its superblock's cost.
      double Pipe = 0, Rest = 1;
      for (const SuccessorEdge &S : B.Successors) {
        double Freq = double(S.Count) / double(B.Count);
        auto It = Index.find(S.Block);
        if (Freq <= 0 || S.Superblock.numInstructions() == 0 ||
            It == Index.end())
          continue;
        const BlockProfile &Succ = F.Blocks[It->second];
        double SuccLat = Mem[It->second].LoadLatency;
        double SbLat = Lat;
        if (Lat >= 0 || SuccLat >= 0) {
          // One latency for the pair: the two blocks' loads averaged.
          double L1 = Cpu.Caches.empty() ? 4 : Cpu.Caches[0].LatencyCycles;
          double LA = Lat >= 0 ? Lat : L1, LB = SuccLat >= 0 ? SuccLat : L1;
          double NA = double(B.Loads) / double(B.Count);
          double NB = Succ.Count ? double(Succ.Loads) / double(Succ.Count) : 0;
          SbLat = NA + NB > 0 ? (LA * NA + LB * NB) / (NA + NB) : LA;
        }
        // The pair run back to back must carry both blocks' recurrences.
        std::optional<Graphlet> WithCarried =
            superblockWithCarried(S.Superblock, B.Body, Succ.Body);
        // A self loop B+B runs two iterations per execution.
        const bool Self = S.Block == B.Name;
        double Sb = cost(WithCarried ? *WithCarried : S.Superblock, SbLat,
                         Self ? restartEvery(Trip / 2) : 0);
        double Alone = Self ? Own : cost(Succ.Body, SuccLat);
        double Part = Own + Alone > 0 ? Sb * Own / (Own + Alone) : Own;
        Pipe += Freq * Part;
        Rest -= Freq;
      }
      Pipe += std::max(0.0, Rest) * Own;

      BlockPrediction BP;
      BP.Function = F.Name;
      BP.Block = B.Name;
      BP.ECount = double(B.Count) * Plan.Factor / EntryCalls;
      // Outside the loops of an OpenMP/TVM outlined function: once per
      // thread per launch (the slowest thread runs it once), its memory
      // traffic (a memset the compiler made of a zeroing loop) over the
      // whole chunk.
      double MemoryScale = 1;
      if (Plan.PerThreadPrologue && !InLoop[I]) {
        BP.ECount = double(B.Count) * Plan.LaunchesPerTask / EntryCalls;
        MemoryScale = Plan.ChunkTasks;
      }
      BP.PipelineCycles = Pipe;
      BP.MemoryCycles = Mem[I].Cycles * MemoryScale;
      std::string MemLevel = Mem[I].Level;
      if (CM && IsX86) {
        double L1 = Cpu.Caches.empty() ? 4 : Cpu.Caches[0].LatencyCycles;
        double Alias = storeAliasCycles(B, LoadToStore, Lat >= 0 ? Lat : L1);
        if (Alias > BP.MemoryCycles)
          BP.MemoryCycles = Alias, MemLevel = "4k-alias";
      }
      BP.BranchCycles = mispredictsPerExec(F, I, Index) * Cpu.MispredictPenalty;
      BP.LoadLatency =
          Lat >= 0 ? Lat
                   : (Cpu.Caches.empty() ? 0 : Cpu.Caches[0].LatencyCycles);
      double Core = std::max(BP.PipelineCycles, BP.MemoryCycles);
      BP.CyclesPerExec = Core + BP.BranchCycles;
      if (BP.BranchCycles > Core)
        BP.Bound = "branch";
      else if (BP.MemoryCycles > BP.PipelineCycles)
        BP.Bound = "memory:" + MemLevel;
      else
        BP.Bound = "compute";
      double Total = BP.ECount * BP.CyclesPerExec;
      R.CyclesPerCall += Total;
      R.BoundCycles[BP.Bound] += Total;

      if (CM && Mem[I].Mem.HasReuse) {
        double Acc = BP.ECount * MemoryScale * Mem[I].Mem.AccessesPerExec;
        for (size_t J = 0; J < NLevels; ++J) {
          Served[J] += Acc * Mem[I].Mem.Served[J];
          Bytes[J] += BP.ECount * MemoryScale * Mem[I].BytesPerExec[J];
        }
      }
      R.Blocks.push_back(std::move(BP));
    }
  }

  double AllAccesses = 0;
  for (double S : Served)
    AllAccesses += S;
  double Reaching = AllAccesses;
  for (size_t J = 0; J < NLevels; ++J) {
    LevelPrediction LP;
    LP.Name = J + 1 < NLevels ? Cpu.Caches[J].Name : "RAM";
    LP.Served = AllAccesses > 0 ? Served[J] / AllAccesses : 0;
    LP.HitRate = Reaching > 0 ? Served[J] / Reaching : 0;
    LP.Bytes = Bytes[J];
    Reaching -= Served[J];
    R.Levels.push_back(std::move(LP));
  }

  for (BlockPrediction &BP : R.Blocks)
    BP.Share = R.CyclesPerCall > 0
                   ? BP.ECount * BP.CyclesPerExec / R.CyclesPerCall
                   : 0;
  std::stable_sort(R.Blocks.begin(), R.Blocks.end(),
                   [](const BlockPrediction &A, const BlockPrediction &B) {
                     return A.Share > B.Share;
                   });
  R.Bound = "compute";
  double Best = -1;
  for (const auto &[Name, C] : R.BoundCycles)
    if (C > Best)
      Best = C, R.Bound = Name;
  R.SecondsPerCall =
      Cpu.FrequencyHz > 0 ? R.CyclesPerCall / Cpu.FrequencyHz : 0;
  return R;
}

} // namespace

Expected<Prediction> crop::predict(const ProgramProfile &P, const hw::Target &T,
                                   const PredictOptions &Opts) {
  return predict(P, T, Opts, processMemo());
}

Expected<Prediction> crop::predict(const ProgramProfile &P, const hw::Target &T,
                                   const PredictOptions &Opts,
                                   PredictionMemo &Memo) {
  if (T.Kind != hw::TargetKind::CPU)
    return predictRoofline(P, T, Opts);
  if (!T.Cpu)
    return createStringError(inconvertibleErrorCode(),
                             "target '%s' has no CPU parameters",
                             T.Name.c_str());
  if (T.Cpu->FrequencyHz <= 0)
    return createStringError(inconvertibleErrorCode(),
                             "target '%s' has no frequency", T.Name.c_str());
  if (P.Functions.empty())
    return createStringError(inconvertibleErrorCode(),
                             "profile of '%s' has no functions",
                             P.Module.SourceName.c_str());
  // One prediction at a time per memo (the caller's, or the process's).
  std::lock_guard<std::mutex> Lock(Memo.P->M);
  const hw::CpuParams &C = *T.Cpu;
  if (C.FrequencyByActiveCores.empty())
    return CpuPredictor(P, T, Opts, *Memo.P).run();
  // The clock with this many cores busy; RAM latency, given in cycles at
  // the descriptor's frequency, is a time and scales with the clock.
  hw::Target Clocked = T;
  hw::CpuParams &CC = *Clocked.Cpu;
  double Hz = hw::clockForThreads(C, Opts.Threads ? Opts.Threads : C.Threads);
  CC.RamLatencyCycles *= Hz / C.FrequencyHz;
  CC.FrequencyHz = Hz;
  CC.FrequencyByActiveCores.clear();
  return CpuPredictor(P, Clocked, Opts, *Memo.P).run();
}
