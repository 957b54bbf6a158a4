//===- CacheModel.cpp - Hit rates per cache level from reuse profiles -----===//
#include "crop/Simulator/CacheModel.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

using namespace crop;

/// ln Γ(X) without std::lgamma's write to the global signgam, which
/// predictions running on several threads would race on (X > 0 here).
static double logGamma(double X) {
  int Sign;
  return ::lgamma_r(X, &Sign);
}

double crop::hitProbability(double D, double Lines, uint32_t Ways) {
  if (Lines <= 0 || Ways == 0)
    return 0.0;
  // Fully associative (or a thread's share smaller than one set): LRU hits
  // exactly when fewer than Lines distinct lines came in between.
  if (double(Ways) >= Lines)
    return D < Lines ? 1.0 : 0.0;
  // Fewer intervening lines than ways can never evict the line.
  if (D < double(Ways))
    return 1.0;
  double P = double(Ways) / Lines;
  double LogP = std::log(P), LogQ = std::log1p(-P);
  if (Ways > 2048) {
    // Many ways: the binomial is normal to well below the memo's resolution.
    double Mean = D * P, Sd = std::sqrt(D * P * (1 - P));
    return 0.5 *
           std::erfc(-((double(Ways) - 0.5 - Mean) / Sd) / std::sqrt(2.0));
  }
  // Sum of A binomial terms in log space: (1-p)^D underflows long before D
  // reaches the distances that matter for a 35 MiB cache.
  double LgD = logGamma(D + 1);
  std::vector<double> Logs(Ways);
  double Max = -std::numeric_limits<double>::infinity();
  for (uint32_t A = 0; A < Ways; ++A) {
    Logs[A] = LgD - logGamma(double(A) + 1) - logGamma(D - A + 1) + A * LogP +
              (D - A) * LogQ;
    Max = std::max(Max, Logs[A]);
  }
  if (Max < -745) // Every term underflows a double.
    return 0.0;
  double Sum = 0;
  for (double L : Logs)
    Sum += std::exp(L - Max);
  return std::min(1.0, std::exp(Max + std::log(Sum)));
}

double crop::binHitProbability(uint32_t Bin, double Lines, uint32_t Ways) {
  uint64_t Lo = ReuseHistogram::binLow(Bin), Hi = ReuseHistogram::binHigh(Bin);
  if (Hi - Lo < 9) {
    double Sum = 0;
    for (uint64_t D = Lo; D <= Hi; ++D)
      Sum += hitProbability(double(D), Lines, Ways);
    return Sum / double(Hi - Lo + 1);
  }
  // Nine evenly spaced distances (ends included): the bin's distances are
  // taken as uniformly spread over it.
  double Sum = 0;
  for (int I = 0; I <= 8; ++I)
    Sum += hitProbability(std::round(double(Lo) + (Hi - Lo) * I / 8.0), Lines,
                          Ways);
  return Sum / 9.0;
}

bool crop::classModelResolved(double ClassLines, double SampleRate) {
  if (SampleRate >= 1.0 || ClassLines <= BlockReuse::ClassExactBelow)
    return true;
  // Below 0.1 the tracker measures short distances on a sample of about 0.1.
  double Finest = std::max(SampleRate, 0.1);
  return ClassLines * Finest >= 10.0;
}

uint32_t crop::levelSharers(uint32_t SharedByCores, uint32_t Cores,
                            unsigned Threads) {
  uint32_t Instances =
      std::max<uint32_t>(1, Cores / std::max(1u, SharedByCores));
  uint32_t S = (std::max(1u, Threads) + Instances - 1) / Instances;
  return std::max<uint32_t>(1, S);
}

double crop::serialWeightForTasks(double TasksPerThread) {
  if (TasksPerThread <= 1)
    return 0.0;
  return (TasksPerThread - 1) / TasksPerThread;
}

namespace {
/// Per-thread sustained bandwidth: one core's figure, or the machine's total
/// split among the threads streaming at once, whichever is smaller.
double threadBandwidth(double PerCore, double All, unsigned Threads) {
  double Shared = All > 0 ? All / std::max(1u, Threads) : 0;
  if (PerCore > 0 && Shared > 0)
    return std::min(PerCore, Shared);
  return PerCore > 0 ? PerCore : Shared;
}

/// Lines one in-page class can hold in a level: the sets its lines can map
/// to (sets / classes per page) times the ways, which is the thread's share
/// of the capacity in bytes over the page size, whatever the line size. A
/// shared level's share scales it as it scales the lines.
double classLines(const LevelView &V) {
  return V.Lines * double(V.LineBytes) / double(BlockReuse::ClassPageBytes);
}

/// Misses of every level for one histogram, per access of that histogram.
/// Levels that read the same histogram are composed bin by bin with
/// inclusion (a line within a level's reach is within every outer level's).
struct HistMisses {
  std::vector<double> Miss; ///< Miss[L]: fraction of accesses missing level L.
};
} // namespace

struct CacheModel::Impl {
  std::vector<LevelView> Levels;
  LevelView Ram;
  bool WriteBackRates = false; ///< See CacheModel::writeBackRates.
  /// Memo[L][bin] for the level's lines, Memo2 for half as many lines (the
  /// same bytes in lines twice as wide); NaN = not computed yet. ClassMemo:
  /// the class model's P(h|bin) (the same for either line width). Filled
  /// lazily by concurrent predictions sharing this model: a slot is written
  /// whole, and two threads computing one slot write the same value.
  using Table = std::unique_ptr<std::atomic<double>[]>;
  std::vector<Table> Memo, Memo2, ClassMemo;

  Impl(const hw::CpuParams &Cpu, unsigned Threads) {
    for (const hw::CacheLevel &CL : Cpu.Caches) {
      LevelView V;
      V.Name = CL.Name;
      V.LineBytes = CL.LineBytes ? CL.LineBytes : 64;
      V.Ways = std::max(1u, CL.Ways);
      V.Sharers = levelSharers(CL.SharedByCores, Cpu.Cores, Threads);
      V.Lines = double(CL.SizeBytes) / V.LineBytes / V.Sharers;
      V.Latency = CL.LatencyCycles;
      V.Bandwidth =
          threadBandwidth(CL.BandwidthPerCore, CL.BandwidthAll, Threads);
      V.WriteBackBandwidth =
          CL.WriteBackBandwidthPerCore > 0 && CL.BandwidthPerCore > 0
              ? V.Bandwidth * CL.WriteBackBandwidthPerCore / CL.BandwidthPerCore
              : 0;
      WriteBackRates |= V.WriteBackBandwidth > 0;
      Levels.push_back(V);
    }
    Ram.Name = "RAM";
    Ram.LineBytes = Levels.empty() ? 64 : Levels.back().LineBytes;
    Ram.Latency = Cpu.RamLatencyCycles;
    Ram.Bandwidth =
        threadBandwidth(Cpu.RamBandwidthPerCore, Cpu.RamBandwidthAll, Threads);
    Ram.Sharers = std::max(1u, Threads);
    for (auto *M : {&Memo, &Memo2, &ClassMemo})
      for (size_t L = 0; L < Levels.size(); ++L) {
        M->push_back(
            std::make_unique<std::atomic<double>[]>(ReuseHistogram::MaxBins));
        for (uint32_t B = 0; B < ReuseHistogram::MaxBins; ++B)
          (*M)[L][B].store(std::numeric_limits<double>::quiet_NaN(),
                           std::memory_order_relaxed);
      }
  }

  /// Whether level L reads class distances: at least one set per class
  /// (see classLines), resolved by the profile's sample.
  bool usesClasses(size_t L, double SampleRate) const {
    double C = classLines(Levels[L]);
    return C >= double(Levels[L].Ways) && classModelResolved(C, SampleRate);
  }

  /// P(h|bin) of level L. Class: Bin is a class distance (usesClasses(L)).
  double hit(size_t L, uint32_t Bin, bool Wide = false, bool Class = false) {
    auto compute = [&] {
      return binHitProbability(Bin,
                               Class ? classLines(Levels[L])
                                     : Levels[L].Lines * (Wide ? 0.5 : 1.0),
                               Levels[L].Ways);
    };
    if (Bin >= ReuseHistogram::MaxBins)
      return compute();
    std::atomic<double> &Slot = (Class  ? ClassMemo[L]
                                 : Wide ? Memo2[L]
                                        : Memo[L])[Bin];
    double P = Slot.load(std::memory_order_relaxed);
    if (std::isnan(P)) {
      P = compute();
      Slot.store(P, std::memory_order_relaxed);
    }
    return P;
  }

  /// Miss fraction of each level in Ls (which all read H), composed with
  /// inclusion per bin. Wide: the same bytes of capacity in lines twice as
  /// wide (half as many).
  /// WarmLines > 0: cold accesses are reuses at that distance (the previous
  /// call's touch of the line); otherwise they miss every level.
  /// Class: H holds class distances and every level in Ls usesClasses.
  std::vector<double> missFractions(const ReuseHistogram &H,
                                    const std::vector<size_t> &Ls, bool Wide,
                                    double WarmLines, bool Class) {
    std::vector<double> Miss(Ls.size(), 0.0);
    if (H.total() == 0)
      return Miss;
    double Total = double(H.total());
    auto add = [&](uint32_t Bin, double Count) {
      double Cum = 0;
      for (size_t I = 0; I < Ls.size(); ++I) {
        double P = hit(Ls[I], Bin, Wide, Class);
        Cum = std::max(Cum, P);
        Miss[I] += Count * (1 - Cum);
      }
    };
    for (const auto &[Bin, Count] : H.bins())
      add(Bin, double(Count));
    if (WarmLines > 0)
      add(ReuseHistogram::binOf(uint64_t(std::llround(WarmLines))),
          double(H.cold()));
    else
      for (double &M : Miss)
        M += double(H.cold());
    for (double &M : Miss)
      M /= Total;
    return Miss;
  }
};

CacheModel::CacheModel(const hw::CpuParams &Cpu, unsigned ThreadsRunning)
    : P(std::make_unique<Impl>(Cpu, ThreadsRunning)) {}
CacheModel::~CacheModel() = default;
CacheModel::CacheModel(CacheModel &&) = default;
CacheModel &CacheModel::operator=(CacheModel &&) = default;

const std::vector<LevelView> &CacheModel::levels() const { return P->Levels; }
bool CacheModel::writeBackRates() const { return P->WriteBackRates; }
const LevelView &CacheModel::ram() const { return P->Ram; }
double CacheModel::levelHit(size_t L, uint32_t Bin) { return P->hit(L, Bin); }

std::map<uint32_t, double> crop::callFootprint(const ProgramProfile &P) {
  std::map<uint32_t, double> R;
  for (const FunctionProfile &F : P.Functions)
    for (const BlockProfile &B : F.Blocks)
      for (const auto &[Line, BR] : B.Reuse)
        R[Line] += double(BR.Serial.cold());
  return R;
}

BlockMemory CacheModel::evaluate(const BlockProfile &B, double SerialWeight,
                                 const std::map<uint32_t, double> *Warm,
                                 double SampleRate) {
  BlockMemory R;
  size_t N = P->Levels.size();
  R.Served.assign(N + 1, 0.0);
  R.Prefetchable.assign(N, 0.0);
  R.StoreMiss.assign(N, 0.0);
  R.AllMiss.assign(N, 0.0);
  if (N == 0) {
    R.Served[0] = 1.0;
    return R;
  }
  SerialWeight = std::clamp(SerialWeight, 0.0, 1.0);

  // Each level reads the histogram of its own line size; levels with the same
  // line size are composed together.
  std::map<uint32_t, std::vector<size_t>> ByLine;
  for (size_t L = 0; L < N; ++L)
    ByLine[P->Levels[L].LineBytes].push_back(L);

  auto pick = [&](uint32_t Line) -> const BlockReuse * {
    auto It = B.Reuse.find(Line);
    if (It != B.Reuse.end())
      return &It->second;
    // No histogram for this line size: the nearest one recorded.
    const BlockReuse *Best = nullptr;
    uint32_t BestGap = ~0u;
    for (const auto &[L, BR] : B.Reuse) {
      uint32_t Gap = L > Line ? L - Line : Line - L;
      if (Gap < BestGap)
        BestGap = Gap, Best = &BR;
    }
    return Best;
  };
  // The call's footprint at a line size: the distance of a cold access in
  // the steady state of repeated calls (0: a cold call).
  auto warmLines = [&](uint32_t Line) {
    if (!Warm)
      return 0.0;
    auto It = Warm->find(Line);
    return It == Warm->end() ? 0.0 : It->second;
  };
  // Class distances are used where the block has them for both views it
  // blends (profiles from before they were measured have none).
  auto hasClass = [](const BlockReuse &BR) {
    return !BR.ClassSerial.empty() &&
           (BR.Task.empty() || !BR.ClassTask.empty());
  };
  // Miss fractions blended over the Serial and Task views; HistLine: the
  // line size the histogram was recorded at. Class: read the class
  // distances (every level in Ls usesClasses).
  auto blended = [&](const BlockReuse &BR, const std::vector<size_t> &Ls,
                     bool Wide, uint32_t HistLine, bool Class) {
    double WL = warmLines(HistLine);
    // A previous call's touch of the line, among its class's lines: the
    // footprint spread over the classes (a call's buffers cover their pages).
    if (Class)
      WL /= double(BlockReuse::ClassPageBytes / HistLine);
    const ReuseHistogram &SH = Class ? BR.ClassSerial : BR.Serial;
    const ReuseHistogram &TH = Class ? BR.ClassTask : BR.Task;
    std::vector<double> S = P->missFractions(SH, Ls, Wide, WL, Class);
    if (BR.Task.empty() || SerialWeight >= 1.0)
      return S;
    std::vector<double> T = P->missFractions(TH, Ls, Wide, WL, Class);
    for (size_t I = 0; I < S.size(); ++I)
      S[I] = SerialWeight * S[I] + (1 - SerialWeight) * T[I];
    return S;
  };

  std::vector<double> Miss(N, 0.0);
  for (const auto &[Line, Ls] : ByLine) {
    const BlockReuse *BR = pick(Line);
    if (!BR || BR->Serial.empty())
      continue;
    R.HasReuse = true;
    if (Ls.front() == 0 && B.Count)
      R.AccessesPerExec = double(BR->Serial.total()) / double(B.Count);
    uint32_t HistLine = Line;
    for (const auto &[L, X] : B.Reuse)
      if (&X == BR)
        HistLine = L;
    // Levels with at least one set per class read class distances (recorded
    // at their own line size); the rest keep Eq. 4 on plain distances.
    bool HaveClass = HistLine == Line && hasClass(*BR);
    std::vector<size_t> ClassLs, PlainLs;
    for (size_t L : Ls)
      (HaveClass && P->usesClasses(L, SampleRate) ? ClassLs : PlainLs)
          .push_back(L);
    auto WideIt = B.Reuse.find(Line * 2);
    const BlockReuse *WR =
        WideIt != B.Reuse.end() && !WideIt->second.Serial.empty()
            ? &WideIt->second
            : nullptr;
    auto evaluateGroup = [&](const std::vector<size_t> &Group, bool Class) {
      if (Group.empty())
        return;
      std::vector<double> M = blended(*BR, Group, false, HistLine, Class);
      for (size_t I = 0; I < Group.size(); ++I)
        Miss[Group[I]] = M[I];
      // Sequential streams: when lines twice as wide (same bytes of
      // capacity) halve the misses, the adjacent line was used too, which is
      // what a next-line/stream prefetcher fetches ahead. Random or widely
      // strided accesses miss as often with wider lines. Both widths are
      // read with the same model, so the ratio compares like with like.
      if (!WR)
        return;
      bool WideClass = Class && hasClass(*WR);
      std::vector<double> MN =
          WideClass == Class ? M : blended(*BR, Group, false, HistLine, false);
      std::vector<double> M2 = blended(*WR, Group, true, Line * 2, WideClass);
      double Scale2 = double(WR->Serial.total()) / double(BR->Serial.total());
      for (size_t I = 0; I < Group.size(); ++I) {
        if (MN[I] <= 0)
          continue;
        double Ratio = M2[I] * Scale2 / MN[I];
        R.Prefetchable[Group[I]] = std::clamp(2 * (1 - Ratio), 0.0, 1.0);
      }
    };
    evaluateGroup(ClassLs, true);
    evaluateGroup(PlainLs, false);
    // The stores alone, for their write-backs: Eq. 4 on their distances
    // since their line's previous store (a dirty line that left the level
    // in between went back) where the target prices write-backs apart;
    // otherwise, or for profiles without them, on the stores' own distances
    // (a store's line that misses comes back dirty).
    if (!BR->StoreSerial.empty() && HistLine == Line) {
      R.HasStoreReuse = true;
      if (Ls.front() == 0 && B.Count)
        R.StoresPerExec = double(BR->StoreSerial.total()) / double(B.Count);
      const ReuseHistogram &WB = BR->StoreWriteBack.empty() || !writeBackRates()
                                     ? BR->StoreSerial
                                     : BR->StoreWriteBack;
      std::vector<double> M =
          P->missFractions(WB, Ls, false, warmLines(Line), false);
      std::vector<double> A =
          P->missFractions(BR->Serial, Ls, false, warmLines(Line), false);
      for (size_t I = 0; I < Ls.size(); ++I) {
        R.StoreMiss[Ls[I]] = M[I];
        R.AllMiss[Ls[I]] = A[I];
      }
    }
  }
  for (size_t L = 1; L < N; ++L) {
    R.StoreMiss[L] = std::min(R.StoreMiss[L], R.StoreMiss[L - 1]);
    R.AllMiss[L] = std::min(R.AllMiss[L], R.AllMiss[L - 1]);
  }
  if (!R.HasReuse) {
    R.Served[0] = 1.0;
    return R;
  }
  // Inclusion across line sizes too: an outer level misses no more often.
  for (size_t L = 1; L < N; ++L)
    Miss[L] = std::min(Miss[L], Miss[L - 1]);
  R.Served[0] = 1 - Miss[0];
  for (size_t L = 1; L < N; ++L)
    R.Served[L] = Miss[L - 1] - Miss[L];
  R.Served[N] = Miss[N - 1];
  return R;
}
