//===- MemoryModel.cpp - Load latency and memory bounds of one block ------===//
//
// Turns the cache model's per-level service fractions into what the core
// sees: the load latency for the pipeline simulator and a lower bound on
// cycles per execution from bandwidth, miss parallelism and 4K aliasing.
//
//===----------------------------------------------------------------------===//
#include "crop/Simulator/MemoryModel.h"

#include <algorithm>
#include <cmath>

using namespace crop;

MemoryCost crop::memoryCost(const BlockProfile &B, CacheModel &CM,
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
    // Each line the level above missed comes through, and each dirty line
    // that left it goes back. The stores' lines leave as often as their
    // histogram says under Eq. 4 (St), moved by what the block's model adds
    // to or takes from Eq. 4 for all its accesses (set conflicts, the task
    // view: Beyond - All), in proportion to St / All (a block whose loads
    // stream while its stores stay in L1 writes nothing back): Beyond x
    // St / All. Where the target prices write-backs apart, that proportion
    // is at most 1: a read-modify-write's store that misses 2 % by its
    // distance since the previous store, in a block whose accesses miss 2 %
    // by theirs and 36 % in crowded sets, does not miss 74 %
    // (tvm.conv2d_3x3/s11). Without store histograms, as often as any
    // access.
    double StoreBeyond = Beyond;
    if (R.Mem.HasStoreReuse) {
      double All = R.Mem.AllMiss[J - 1], St = R.Mem.StoreMiss[J - 1];
      double Relative = All > 1e-9 ? St / All : (St > 0 ? 1.0 : 0.0);
      StoreBeyond =
          CM.writeBackRates()
              ? std::clamp(St + (Beyond - All) * std::min(1.0, Relative), 0.0,
                           1.0)
              : std::min(1.0, Beyond * Relative);
    }
    double Stores = R.Mem.HasStoreReuse ? R.Mem.StoresPerExec
                                        : R.Mem.AccessesPerExec * StoreFrac;
    double WriteBacks = Stores * StoreBeyond;
    double Fills = R.Mem.AccessesPerExec * Beyond;
    R.BytesPerExec[J] = (Fills + WriteBacks) * V.LineBytes;
    // The write-backs at the level's own rate for them (a descriptor
    // without one: the fill rate, as a sum).
    double C = bandwidthCycles(Fills * V.LineBytes, V.Bandwidth) +
               bandwidthCycles(WriteBacks * V.LineBytes,
                               V.WriteBackBandwidth > 0 ? V.WriteBackBandwidth
                                                        : V.Bandwidth);
    if (C > Bw)
      Bw = C, BwLevel = V.Name;
  }
  if (Bw >= Mlp) {
    R.Cycles = Bw;
    R.Level = BwLevel;
  } else {
    R.Cycles = Mlp;
    R.Level = LatencyLevel;
  }
  if (double Sets = crowdedSetCycles(B, R.Mem, Ls); Sets > R.Cycles) {
    R.Cycles = Sets;
    R.Level = Ls[0].Name + "-sets";
  }
  return R;
}

/// Crowded sets (docs/prediction.md): an L1 fills the lines of one set one
/// after another, about one L2 latency apart whichever level the line comes
/// from (bench/probes, "L1 misses by set"). When more of a block's recent
/// lines fall into one in-page class (one set each in an L1 of 64 sets)
/// than the set has ways, they miss it in turn: per execution, the lines
/// that enter the busiest set (the block's new lines times the share that
/// set takes, SetCrowding::share; fewer where a class spans several sets)
/// times the L2 latency.
double crop::crowdedSetCycles(const BlockProfile &B, const BlockMemory &M,
                              const std::vector<LevelView> &Ls) {
  if (!M.HasReuse || B.Sets.empty() || Ls.size() < 2 || Ls[0].LineBytes != 64 ||
      M.Served.empty())
    return 0;
  double Miss = 1 - M.Served[0];
  if (Miss <= 1e-12)
    return 0;
  double Sets = Ls[0].Ways ? Ls[0].Lines / double(Ls[0].Ways) : 64;
  double SetsPerClass = std::max(1.0, Sets / 64);
  // Lines enter the busiest set as often as the block brings new lines
  // times the share of them that set takes, and no more often than the
  // block misses L1.
  double Fills =
      std::min(double(B.Sets.NewLines) / double(std::max<uint64_t>(B.Count, 1)),
               M.AccessesPerExec * Miss) *
      B.Sets.share(Ls[0].Ways);
  return Fills / SetsPerClass * Ls[1].Latency;
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
double crop::storeAliasCycles(const BlockProfile &B, double LoadToStore,
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
