//===- Predictor.cpp - Eq. 1-6: predicted time of one call on a CPU -------===//
//
// Per block: the pipeline simulator's steady state with the block's own load
// latency (Eq. 2; PipelineSimulator.cpp), weighted over its superblocks by
// successor frequencies, bounded below by the memory system (Eq. 4-6 and the
// bounds beyond them; CacheModel.cpp, MemoryModel.cpp), plus mispredicted
// branches (BranchModel.cpp); times ECount (Eq. 3; EffectiveCounts.cpp);
// summed (Eq. 1). Also the memo of block costs and cache models, keyed by
// content. docs/prediction.md gives every rule and why.
//
//===----------------------------------------------------------------------===//
#include "crop/Simulator/Predictor.h"
#include "crop/Simulator/BranchModel.h"
#include "crop/Simulator/CacheModel.h"
#include "crop/Simulator/EffectiveCounts.h"
#include "crop/Simulator/MemoryModel.h"
#include "crop/Simulator/PageFaults.h"
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
#include <shared_mutex>
#include <unordered_map>

using namespace crop;
using namespace llvm;

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
    H.u64(C->ReorderBuffer).u64(C->SchedulerFp).u64(C->SchedulerFpPickable);
    H.u64(C->LoadQueue).u64(C->StoreQueue).u64(C->Alias4KWaitsForData);
    H.f64(C->SplitLoadExtraCycles).f64(C->StoreFmaPortCycles);
    for (const auto &[N, S] : C->ParallelLaunchSeconds)
      H.u64(N).f64(S);
    // Tagged, so that an empty map leaves older descriptors' hashes alone.
    for (const auto &[Bits, Cycles] : C->FaddToFmaExtraCycles)
      H.u64(0xfadd0000u + Bits).f64(Cycles);
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
          .f64(L.BandwidthAll)
          .f64(L.WriteBackBandwidthPerCore);
    H.f64(C->RamLatencyCycles)
        .f64(C->RamBandwidthPerCore)
        .f64(C->RamBandwidthAll);
    for (const auto &[K, I] : C->Instructions)
      H.str(K).f64(I.Latency).f64(I.RecipThroughput).str(I.Unit).u64(I.Uops);
  }
  return H.finish();
}

/// What the predictor keeps of a simulated block (BlockCost's Limit points
/// into the simulator, which does not outlive one prediction).
struct SimulatedCost {
  double Cycles = 0;      ///< BlockCost::Cycles.
  double LoadToStore = 0; ///< BlockCost::LoadToStore.
  double LoadPort = 0;    ///< BlockCost::LoadPortCycles.
};

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
/// Several predictions may use one memo at once: look-ups share CostsLock,
/// a block is simulated outside any lock (two threads may both simulate one
/// new block; they get the same cost), and cache models are shared, their
/// own memo being safe to fill from several threads.
struct PredictionMemo::Impl {
  size_t MaxCosts;
  mutable std::shared_mutex CostsLock;
  /// Simulated block costs (cycles, load-to-store path, load-port time).
  std::unordered_map<CostKey, SimulatedCost, CostKeyHash> Costs;
  mutable std::mutex CachesLock;
  /// Shared, so that clear() during a prediction leaves its models alive.
  std::map<std::tuple<uint64_t, uint64_t, unsigned>,
           std::shared_ptr<CacheModel>>
      Caches;
};

PredictionMemo::PredictionMemo(size_t MaxCosts) : P(std::make_unique<Impl>()) {
  P->MaxCosts = std::max<size_t>(1, MaxCosts);
}
PredictionMemo::~PredictionMemo() = default;
size_t PredictionMemo::size() const {
  std::shared_lock<std::shared_mutex> Lock(P->CostsLock);
  return P->Costs.size();
}
void PredictionMemo::clear() {
  {
    std::unique_lock<std::shared_mutex> Lock(P->CostsLock);
    P->Costs.clear();
  }
  std::lock_guard<std::mutex> Lock(P->CachesLock);
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

class CpuPredictor {
  const ProgramProfile &Prof;
  const hw::Target &T;
  const hw::CpuParams &Cpu;
  PredictOptions Opts;
  Hash128 TH;
  GlobalMemo &G;
  std::optional<PipelineSimulator> Sim;
  /// The cache models this prediction uses, by threads running.
  std::map<unsigned, std::shared_ptr<CacheModel>> HeldCaches;
  std::unordered_map<const Graphlet *, GraphletKey> Keys;

public:
  CpuPredictor(const ProgramProfile &P, const hw::Target &T,
               const PredictOptions &O, GlobalMemo &G)
      : Prof(P), T(T), Cpu(*T.Cpu), Opts(O), TH(targetHash(T)), G(G) {
    // The program's vector width changes what its wide vectors cost: part of
    // the target's identity for the memo.
    TH.Hi ^= uint64_t(vectorBits()) * 0x9E3779B97F4A7C15ull;
  }

  /// A graphlet's structural key, hashed once per prediction (a block's
  /// body is asked for again with each successor).
  GraphletKey keyOf(const Graphlet &Gr) {
    auto [It, New] = Keys.try_emplace(&Gr);
    if (New)
      It->second = graphletKey(Gr);
    return It->second;
  }

  /// The block's simulated cost (SimulatedCost), memoized.
  SimulatedCost simulate(const Graphlet &Gr, double Latency,
                         uint32_t Restart = 0) {
    return simulate(
        keyOf(Gr), [&]() -> const Graphlet & { return Gr; }, Latency, Restart);
  }
  /// The same for a graphlet known by its key, built by Build only when its
  /// cost is not in the memo.
  SimulatedCost simulate(GraphletKey GK, function_ref<const Graphlet &()> Build,
                         double Latency, uint32_t Restart = 0) {
    CostKey K{TH, {GK.Lo, GK.Hi}, latencyKey(Latency), Restart};
    {
      std::shared_lock<std::shared_mutex> Lock(G.CostsLock);
      auto It = G.Costs.find(K);
      if (It != G.Costs.end())
        return It->second;
    }
    if (!Sim)
      Sim.emplace(T, simulatorOptions());
    double L = K.Latency8 < 0 ? -1.0 : double(K.Latency8) / 8.0;
    BlockCost C = Sim->simulate(Build(), L, Restart);
    SimulatedCost V{C.Cycles, C.LoadToStore, C.LoadPortCycles};
    std::unique_lock<std::shared_mutex> Lock(G.CostsLock);
    // Bounded: a memo past its size starts afresh (entries are cheap to
    // recompute; a search moves on from old candidates).
    if (G.Costs.size() >= G.MaxCosts)
      G.Costs.clear();
    G.Costs.emplace(K, V);
    return V;
  }
  double cost(const Graphlet &Gr, double Latency, uint32_t Restart = 0) {
    return simulate(Gr, Latency, Restart).Cycles;
  }

  CacheModel &cacheModel(unsigned Running) {
    auto Key = std::make_tuple(TH.Lo, TH.Hi, Running);
    std::shared_ptr<CacheModel> &Held = HeldCaches[Running];
    if (!Held) {
      std::lock_guard<std::mutex> Lock(G.CachesLock);
      auto &Slot = G.Caches[Key];
      if (!Slot)
        Slot = std::make_shared<CacheModel>(Cpu, Running);
      Held = Slot;
    }
    return *Held;
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
  /// The fraction of a restarting loop's entries that cannot overlap the
  /// previous one: those with a load that reads what another block stored
  /// within the reorder window's reach (the previous entry's result), or
  /// its 4K alias on cores where such a load waits for the store's data.
  /// Such a load completes only when the store's data is ready, at the end
  /// of the previous entry's chain, so that entry's chain and this one's
  /// run one after the other. The reach in memory accesses is the reorder
  /// buffer times the block's accesses per instruction (docs/prediction.md).
  double entriesWaiting(const BlockProfile &B, double Trip) const {
    size_t Instructions = B.Body.numInstructions();
    if (Trip <= 0 || B.StoreWait.empty() || Instructions == 0 || B.Count == 0)
      return 0;
    double Rob =
        Cpu.ReorderBuffer ? Cpu.ReorderBuffer : hw::DefaultReorderBuffer;
    double Accesses = double(B.Loads + B.Stores) / double(B.Count);
    double Reach = Rob * Accesses / double(Instructions);
    auto near = [&](const StoreWaitLoads &W) {
      uint64_t All = W.loads();
      if (All == 0)
        return 0.0;
      // Bins [D, 2D): whole below the reach, in proportion across it.
      double Near = 0;
      for (const auto &[D, C] : W.Distances)
        Near += double(C) * std::clamp((Reach - D) / D, 0.0, 1.0);
      return double(W.Executions) * Near / double(All);
    };
    double Executions = near(B.StoreWait.Same);
    if (Cpu.Alias4KWaitsForData)
      Executions += near(B.StoreWait.Aliased);
    double Entries = double(B.Count) / Trip;
    return std::min(1.0, Executions / Entries);
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
  // Scratch memory the allocator takes from the kernel on each call faults
  // in page by page: time no block's cost contains (docs/prediction.md,
  // "Pages faulted in on every call"). Charged whole to the call: the
  // kernel's fault path is the same for a page touched by any thread.
  if (Opts.MemoryModel && !Prof.AllocEvents.empty()) {
    CallPageFaults PF = glibcPageFaults(Prof.AllocEvents);
    R.PageFaults = Opts.WarmCalls ? PF.Warm : PF.First;
    if (R.PageFaults > 0 && Cpu.PageFaultSeconds > 0) {
      double Cycles = R.PageFaults * Cpu.PageFaultSeconds * Cpu.FrequencyHz;
      R.CyclesPerCall += Cycles;
      R.BoundCycles["page_faults"] += Cycles;
    }
  }
  const double LaunchSeconds = hw::parallelLaunchSeconds(Cpu, R.Threads);
  for (const FunctionProfile &F : Prof.Functions) {
    FunctionPlan Plan = planFunction(Prof, F, R.Threads);
    // Each launch of a parallel loop holds the launching thread while the
    // runtime wakes the team, schedules the iterations and joins it at the
    // end: time no block's cost contains (docs/prediction.md, "Parallel
    // launches").
    double Launch = Plan.LaunchTeam
                        ? hw::parallelLaunchSeconds(Cpu, Plan.LaunchTeam)
                        : LaunchSeconds;
    if (Plan.PaysLaunch && Plan.Launches > 0 && Launch > 0) {
      double Cycles = Plan.Launches * Plan.LaunchShare / EntryCalls * Launch *
                      Cpu.FrequencyHz;
      R.CyclesPerCall += Cycles;
      R.BoundCycles["launch"] += Cycles;
    }
    // Work the runtime hands out a piece at a time (a dynamic schedule's
    // chunks, explicit tasks) goes out at the team's measured rate for
    // such pieces, whichever threads take them.
    double Piece = 0;
    if (F.Runtime == ParallelRuntime::OpenMPDynamic)
      Piece = hw::parallelDispatchSeconds(Cpu, R.Threads);
    else if (F.Runtime == ParallelRuntime::OpenMPTask)
      Piece = hw::parallelTaskSeconds(Cpu, R.Threads);
    if (F.Parallel && Piece > 0) {
      double Pieces = 0;
      for (const LaunchGroup &G : F.Launches)
        Pieces += double(G.Tasks) * double(G.Launches);
      double Cycles = Pieces / EntryCalls * Piece * Cpu.FrequencyHz;
      R.CyclesPerCall += Cycles;
      R.BoundCycles["launch"] += Cycles;
    }
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
      auto [Own, LoadToStore, LoadPort] =
          simulate(B.Body, Lat, restartEvery(Trip));
      // Entries that wait for the previous one's stores do not overlap it:
      // their chains run on as if they had not restarted.
      const double Waiting = entriesWaiting(B, Trip);
      if (Waiting > 0)
        Own = Waiting * cost(B.Body, Lat) + (1 - Waiting) * Own;
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
          double L1 = l1LatencyCycles(Cpu);
          double LA = Lat >= 0 ? Lat : L1, LB = SuccLat >= 0 ? SuccLat : L1;
          double NA = double(B.Loads) / double(B.Count);
          double NB = Succ.Count ? double(Succ.Loads) / double(Succ.Count) : 0;
          SbLat = NA + NB > 0 ? (LA * NA + LB * NB) / (NA + NB) : LA;
        }
        // The pair run back to back must carry both blocks' recurrences
        // (superblockWithCarried). That graphlet is a function of the three
        // it is made of, so its key is theirs combined, and it is built only
        // when the memo lacks its cost.
        const bool Carries = superblockCarries(S.Superblock, B.Body, Succ.Body);
        // A self loop B+B runs two iterations per execution.
        const bool Self = S.Block == B.Name;
        GraphletKey PairKey = keyOf(S.Superblock);
        if (Carries) {
          GraphletKey H = keyOf(B.Body), Tl = keyOf(Succ.Body);
          PairKey.Lo = PairKey.Lo * 0x9E3779B97F4A7C15ull ^ H.Lo ^
                       Tl.Lo * 0xC2B2AE3D27D4EB4Full ^
                       (B.Body.Block == Succ.Body.Block ? 0x5BD1E995ull : 1);
          PairKey.Hi = PairKey.Hi * 0x165667B19E3779F9ull ^ H.Hi ^
                       Tl.Hi * 0x27D4EB2F165667C5ull;
        }
        std::optional<Graphlet> WithCarried;
        auto pair = [&]() -> const Graphlet & {
          if (!Carries)
            return S.Superblock;
          if (!WithCarried)
            WithCarried =
                superblockWithCarried(S.Superblock, B.Body, Succ.Body);
          return *WithCarried;
        };
        double Sb =
            simulate(PairKey, pair, SbLat, Self ? restartEvery(Trip / 2) : 0)
                .Cycles;
        if (Self && Waiting > 0 && Trip > 0)
          Sb = Waiting * simulate(PairKey, pair, SbLat).Cycles +
               (1 - Waiting) * Sb;
        double Alone = Self ? Own : cost(Succ.Body, SuccLat);
        double Part = Own + Alone > 0 ? Sb * Own / (Own + Alone) : Own;
        Pipe += Freq * Part;
        Rest -= Freq;
      }
      Pipe += std::max(0.0, Rest) * Own;
      // Loads that cross a line read two: the load ports are busy that much
      // longer than the simulator, which prices every load within a line,
      // counts.
      if (Cpu.SplitLoadExtraCycles > 0 && B.LineSplitLoads)
        Pipe = std::max(Pipe, LoadPort + double(B.LineSplitLoads) /
                                             double(B.Count) *
                                             Cpu.SplitLoadExtraCycles);

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
        double L1 = l1LatencyCycles(Cpu);
        double Alias = storeAliasCycles(B, LoadToStore, Lat >= 0 ? Lat : L1);
        if (Alias > BP.MemoryCycles)
          BP.MemoryCycles = Alias, MemLevel = "4k-alias";
      }
      BP.BranchCycles = mispredictsPerExec(F, I, Index) * Cpu.MispredictPenalty;
      BP.LoadLatency = Lat >= 0 ? Lat : l1LatencyCycles(Cpu);
      BP.CyclesPerExec =
          std::max(BP.PipelineCycles, BP.MemoryCycles) + BP.BranchCycles;
      BP.Bound = boundName(BP.PipelineCycles, BP.MemoryCycles, MemLevel,
                           BP.BranchCycles, "branch");
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
  // The accesses that reach a level, summed from the levels beyond it: a
  // total with the levels above subtracted can round below what the level
  // serves (an Emerald Rapids run printed "RAM 124.9 % hit").
  std::vector<double> Reaching(NLevels + 1, 0.0);
  for (size_t J = NLevels; J-- > 0;)
    Reaching[J] = Reaching[J + 1] + Served[J];
  for (size_t J = 0; J < NLevels; ++J) {
    LevelPrediction LP;
    LP.Name = J + 1 < NLevels ? Cpu.Caches[J].Name : "RAM";
    LP.Served = AllAccesses > 0 ? Served[J] / AllAccesses : 0;
    LP.HitRate = Reaching[J] > 0 ? Served[J] / Reaching[J] : 0;
    LP.Bytes = Bytes[J];
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

std::string crop::boundName(double Compute, double Memory,
                            const std::string &MemLevel, double Extra,
                            const char *ExtraName) {
  if (Extra > std::max(Compute, Memory))
    return ExtraName;
  return Memory > Compute ? "memory:" + MemLevel : "compute";
}

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
