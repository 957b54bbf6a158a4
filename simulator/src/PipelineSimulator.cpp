//===- PipelineSimulator.cpp - Discrete-event pipeline simulator ----------===//
//
// How a graphlet is run (the contract is in PipelineSimulator.h):
//
// 1. The Boost graph is flattened once per query into arrays in topological
//    (program) order: per vertex its cost (latency, unit class, occupancy,
//    uops) and a CSR list of predecessors with a distance (0 within one
//    execution, 1 for a Carried edge: execution k waits for k-1).
// 2. K executions run back to back. Each instruction, in program order:
//    - dispatches in order, IssueWidth uops per cycle, once the instruction
//      RobSize places earlier has retired (in-order retirement);
//    - starts at the earliest time >= its dispatch cycle and its operands'
//      completion at which its unit class has capacity in that cycle. Class
//      capacity is one "whole-core cycle" per cycle: an instruction takes
//      RecipThroughput of it (the descriptors give whole-core reciprocal
//      throughputs, uops.info convention), at least 1/units, so a class issues
//      min(units, 1/RecipThroughput) per cycle on average. Capacity is
//      fluid: an instruction starts in a cycle with any capacity left and
//      spills what it lacks into the next cycles (RecipThroughput > 1
//      occupies the class for that many cycles: dividers), so 0.54 costs
//      0.54 and not a whole cycle. Classes keep a per-cycle
//      reservation table, so a younger instruction whose operands are ready
//      uses a cycle an older one left free: oldest-first out-of-order select.
//    - completes at start + latency (times are real numbers, so fractional
//      latencies such as a memory model's 37.3 cycles chain exactly).
// 3. The first execution is never delayed by later ones (they only take what
//    it left), so its last completion is the cold Latency. The steady state
//    is the retirement time per execution over the second half of the run.
//
// Lowering.cpp makes the arrays (costs, fusion, spills, rewrites); this file
// runs them.
//
//===----------------------------------------------------------------------===//

#include "crop/Simulator/PipelineSimulator.h"
#include "Lowering.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <queue>
#include <unordered_map>
#include <vector>

using namespace crop;
using namespace crop::lowering;

namespace {

struct MemoKey {
  uint64_t Lo, Hi, Load;
  uint32_t Restart;
  bool operator==(const MemoKey &O) const {
    return Lo == O.Lo && Hi == O.Hi && Load == O.Load && Restart == O.Restart;
  }
};
struct MemoKeyHash {
  size_t operator()(const MemoKey &K) const {
    return size_t(K.Lo ^ mix64(K.Hi + K.Load + K.Restart));
  }
};

/// Every negative value (and NaN) means "the descriptor's L1 latency"; a
/// latency beyond a million cycles is no memory model's answer.
double normalLoadLatency(double L) {
  if (!(L >= 0))
    return -1;
  return std::min(L, 1e6);
}

} // namespace

struct PipelineSimulator::Impl {
  Lowering L;

  // Memo.
  std::unordered_map<MemoKey, BlockCost, MemoKeyHash> Memo;
  uint64_t Simulated = 0;

  // Simulation state (reused).
  std::vector<double> Complete;
  std::vector<double> RobRing;
  std::vector<double> CopyRetire;
  std::vector<double> Usage; ///< [unit * Horizon + (cycle & RingMask)]
  std::vector<int64_t> FullBefore;
  std::vector<int64_t> Hints;
  std::vector<int64_t> Hints2; ///< Hints of the classes' second units.
  int64_t RingBase = 0;
  int64_t MaxTouched = -1; ///< Latest cycle with a reservation.
  std::vector<double> BoundOcc;
  /// Start cycles of dispatched FP operations that had not started when
  /// dispatched (their scheduler entries), earliest first.
  std::priority_queue<double, std::vector<double>, std::greater<double>>
      FpWaiting;
  /// Start cycles of the last FP operations, in program order (a ring of
  /// FpPickableSize): the window the schedulers pick from.
  std::vector<double> FpStarts;
  /// Retire cycles of the last loads, in program order (a ring of the load
  /// queue's size): when their entries free up.
  std::vector<double> LoadRetires;
  /// Per store-queue entry: when its last store committed.
  std::vector<double> StoreCommits;

  Impl(const hw::Target &T, SimulatorOptions O) : L(T, O) {}

  //===-- Reservation table ----------------------------------------------===//

  /// Cycles the reservation table covers beyond the dispatch frontier. A
  /// start later than that (a dependency chain of tens of thousands of cycles
  /// inside the reorder window) is not reserved: at such distances the chain,
  /// not a port, decides. Fixed, so memory stays small (units x 128 KiB).
  static constexpr int64_t Horizon = int64_t(1) << 14;
  static constexpr uint64_t RingMask = Horizon - 1;

  /// Zeroes what the last run touched; sized for the current unit classes.
  void resetRing() {
    if (Usage.size() < Horizon * L.UnitNames.size())
      Usage.resize(Horizon * L.UnitNames.size(), 0.0);
    int64_t To = std::min(MaxTouched, RingBase + Horizon - 1);
    for (size_t U = 0; U < L.UnitNames.size(); ++U)
      for (int64_t C = RingBase; C <= To; ++C)
        Usage[U * Horizon + (uint64_t(C) & RingMask)] = 0.0;
    Hints.assign(L.Classes.size(), 0);
    Hints2.assign(L.Classes.size(), 0);
    FullBefore.assign(L.UnitNames.size(), 0);
    RingBase = 0;
    MaxTouched = -1;
  }

  /// Cycles before Base are dead: no instruction can start before the
  /// current dispatch cycle.
  void advanceBase(int64_t Base) {
    if (Base <= RingBase)
      return;
    int64_t To = std::min({Base, MaxTouched + 1, RingBase + Horizon});
    for (size_t U = 0; U < L.UnitNames.size(); ++U) {
      double *Row = &Usage[U * Horizon];
      for (int64_t C = RingBase; C < To; ++C)
        Row[uint64_t(C) & RingMask] = 0.0;
      FullBefore[U] = std::max(FullBefore[U], Base);
    }
    RingBase = Base;
  }

  bool inHorizon(int64_t C) const { return C - RingBase < Horizon; }

  double &use(uint32_t U, int64_t C) {
    return Usage[U * Horizon + (uint64_t(C) & RingMask)];
  }

  /// No instruction of unit class U can take any of cycle C (a reservation
  /// starts in any cycle with capacity left: reserve()).
  bool isFull(uint32_t U, int64_t C) { return use(U, C) >= 1.0 - Eps; }

  /// Earliest cycle >= C where unit class U has capacity left; reserves Occ
  /// cycles of capacity from there.
  /// H: the instruction class's hint for U (Hints, or Hints2 for its second
  /// unit), the cycle before which no cycle can take it (usage only grows, so that stays true); it makes a
  /// backlog of same-class instructions cost O(1) each, not a scan.
  int64_t reserve(uint32_t U, int64_t C, double Occ, int64_t &H) {
    H = std::max(H, RingBase);
    const bool FromHint = C <= H;
    C = std::max({C, H, FullBefore[U]});
    // Fluid occupancy: the instruction starts in the first cycle with any
    // capacity left and takes what each cycle has left until it has its
    // Occ. Reciprocal throughputs are averages (0.54 for a load on three
    // ports, 1.07 for a one-port store): asking an instruction to fit whole
    // in one cycle would round them up (two 0.54 loads do not fit in one
    // cycle, so one a cycle; a 1.07 store leaves 0.07 in the next cycle, so
    // one every two cycles), up to twice the measured cost.
    for (;; ++C) {
      if (!inHorizon(C))
        return C;
      if (use(U, C) < 1.0 - Eps)
        break;
    }
    double Left = Occ;
    int64_t X = C;
    for (; Left > Eps && inHorizon(X); ++X) {
      double &Used = use(U, X);
      double Take = std::min(Left, std::max(0.0, 1.0 - Used));
      Used += Take;
      Left -= Take;
    }
    MaxTouched = std::max(MaxTouched, X - 1);
    if (FromHint)
      H = C;
    // Keep the hint past the full prefix (usage only grows).
    int64_t &F = FullBefore[U];
    while (inHorizon(F) && isFull(U, F))
      ++F;
    return C;
  }

  //===-- The run --------------------------------------------------------===//

  /// Entries of a restarting loop whose chains span more than this many
  /// reorder windows overlap too little to matter (under 1/16 of an entry):
  /// they are simulated as one endless entry, which keeps the run short.
  static constexpr uint64_t RestartWindows = 16;
  /// Entries simulated for a restarting loop; the steady state is measured
  /// over the later half of them.
  static constexpr uint32_t RestartEntries = 4;

  /// Dispatch waits for an entry (reorder buffer, scheduler, queue) that
  /// frees at cycle Freed: it goes on from the first whole cycle after.
  static void dispatchFrom(double Freed, int64_t &DispCycle,
                           uint32_t &DispSlots) {
    int64_t FC = int64_t(std::ceil(Freed - Eps));
    if (FC > DispCycle) {
      DispCycle = FC;
      DispSlots = 0;
    }
  }

  /// The ring entry of the next instruction of a queue of Size entries
  /// (Idx: its count so far); dispatch waits until the entry's previous
  /// holder, Size instructions of the kind earlier, has freed it.
  static double *queueSlot(std::vector<double> &Ring, uint32_t Size,
                           uint64_t &Idx, int64_t &DispCycle,
                           uint32_t &DispSlots) {
    double *Slot = &Ring[Idx % Size];
    if (Idx++ >= Size)
      dispatchFrom(*Slot, DispCycle, DispSlots);
    return Slot;
  }

  BlockCost run(const Graphlet &G, double LoadLatency, uint32_t Restart) {
    BlockCost R;
    // The lowered program (filled by flatten) under the names it has there.
    const std::vector<uint32_t> &OrderV = L.OrderV, &PredBegin = L.PredBegin,
                                &PredPos = L.PredPos;
    const std::vector<VertexCost> &Cost = L.Cost;
    const std::vector<float> &PredLat = L.PredLat;
    const std::vector<uint8_t> &PredDist = L.PredDist;
    const std::vector<const char *> &PortLimitNames = L.PortLimitNames;
    const hw::CpuParams &Cpu = L.Cpu;
    const SimulatorOptions &Opts = L.Opts;
    if (!L.flatten(G, LoadLatency)) {
      // A dependency cycle outside Carried edges: no schedule exists; cost
      // every instruction serially rather than fail.
      double Sum = 0;
      for (uint32_t V = 1; V < boost::num_vertices(G.G); ++V) {
        const ClassEntry &C = L.classOf(G.G[V]);
        Sum += C.Cost.Free ? 0 : std::max(C.Cost.Latency, C.Cost.Occupancy);
        R.Instructions += !C.Cost.Free;
      }
      R.Cycles = R.Latency = Sum;
      return R;
    }
    const uint32_t N = OrderV.size();
    uint32_t M = 0;
    uint64_t UopsPerExec = 0;
    BoundOcc.assign(L.UnitNames.size(), 0.0);
    for (uint32_t P = 0; P < N; ++P)
      if (!Cost[P].Free) {
        ++M;
        UopsPerExec += Cost[P].Uops;
        BoundOcc[Cost[P].Unit] += Cost[P].Occupancy;
        if (Cost[P].Unit2 != UINT32_MAX)
          BoundOcc[Cost[P].Unit2] += Cost[P].Occupancy2;
      }
    R.Instructions = M;
    if (M == 0)
      return R;

    const uint32_t W = Cpu.IssueWidth;
    const uint32_t Rob = Opts.RobSize;
    const uint32_t FpSched = Opts.FpSchedulerSize;
    const uint32_t FpPick = Opts.FpPickableSize;
    FpWaiting = {};
    FpStarts.assign(FpPick, 0.0);
    uint64_t FpIdx = 0;
    const uint32_t Lq = Opts.LoadQueueSize;
    LoadRetires.assign(Lq, 0.0);
    uint64_t LoadIdx = 0;
    const uint32_t Sq = Opts.StoreQueueSize;
    StoreCommits.assign(Sq, 0.0);
    uint64_t StoreIdx = 0;
    double LastCommit = 0;
    uint64_t Want =
        (uint64_t(Rob) * Opts.CopiesPerRob + M - 1) / std::max<uint32_t>(M, 1);
    uint32_t K =
        uint32_t(std::clamp<uint64_t>(Want, Opts.MinCopies, Opts.MaxCopies));
    // A restarting loop runs whole entries, enough of them that the later
    // half is a steady state, and at least as many executions as otherwise.
    if (Restart && uint64_t(Restart) * M > RestartWindows * Rob)
      Restart = 0;
    uint32_t Measured = K - K / 2;
    if (Restart) {
      uint32_t Entries =
          std::max<uint32_t>(RestartEntries, (K + Restart - 1) / Restart);
      K = Entries * Restart;
      Measured = (Entries / 2) * Restart;
    }

    Complete.resize(size_t(K) * N);
    uint64_t RobRingSize = 1;
    while (RobRingSize < Rob)
      RobRingSize *= 2;
    RobRing.assign(RobRingSize, 0.0);
    CopyRetire.assign(K, 0.0);
    resetRing();

    int64_t DispCycle = 0;
    uint32_t DispSlots = 0;
    uint64_t RealIdx = 0;
    double LastRetire = 0;
    double ColdLatency = 0;

    const bool HasPredLat = !PredLat.empty();
    for (uint32_t K0 = 0; K0 < K; ++K0) {
      double *Cur = &Complete[size_t(K0) * N];
      for (uint32_t P = 0; P < N; ++P) {
        double Ready = 0;
        for (uint32_t E = PredBegin[P], EE = PredBegin[P + 1]; E < EE; ++E) {
          uint32_t D = PredDist[E];
          if (D > K0)
            continue; // The cold first execution: nothing carried in.
          if (D && Restart && K0 / Restart != (K0 - D) / Restart)
            continue; // A new entry of the loop: its chains start afresh.
          double T = Complete[size_t(K0 - D) * N + PredPos[E]];
          if (HasPredLat)
            T += PredLat[E];
          Ready = T > Ready ? T : Ready;
        }
        const VertexCost &C = Cost[P];
        if (C.Free) {
          Cur[P] = Ready;
          continue;
        }
        // Dispatch: in order, W uops a cycle, a free reorder-buffer entry.
        if (RealIdx >= Rob)
          dispatchFrom(RobRing[(RealIdx - Rob) & (RobRingSize - 1)], DispCycle,
                       DispSlots);
        // A load needs a free load-queue entry: that of the load Lq loads
        // before it, freed when that one retired.
        double *QueueSlot = nullptr;
        if (Lq && C.Load)
          QueueSlot = queueSlot(LoadRetires, Lq, LoadIdx, DispCycle, DispSlots);
        // A store needs a free store-queue entry: that of the store Sq
        // stores before it, freed when that one committed.
        double *StoreSlot = nullptr;
        if (Sq && C.Store)
          StoreSlot =
              queueSlot(StoreCommits, Sq, StoreIdx, DispCycle, DispSlots);
        // An FP operation needs a free FP scheduler entry: entries are held
        // from dispatch until the operation starts, so a chain of waiting
        // FP operations stops dispatch before the reorder buffer fills.
        if (FpSched && C.Fp) {
          while (!FpWaiting.empty() && FpWaiting.top() <= double(DispCycle))
            FpWaiting.pop();
          if (FpWaiting.size() >= FpSched) {
            dispatchFrom(FpWaiting.top(), DispCycle, DispSlots);
            while (!FpWaiting.empty() && FpWaiting.top() <= double(DispCycle))
              FpWaiting.pop();
          }
        }
        // An instruction's uops may straddle two cycles (they are
        // allocated one by one), so the width is used in full.
        if (DispSlots >= W) {
          ++DispCycle;
          DispSlots -= W;
        }
        const int64_t Disp = DispCycle;
        advanceBase(Disp);
        DispSlots += C.Uops;
        while (DispSlots > W) { // Wider than the dispatch width: more cycles.
          ++DispCycle;
          DispSlots -= W;
        }
        // Issue: operands ready and class capacity, oldest first. An FP
        // operation enters the pickable schedulers in order: not before
        // the one FpPick FP operations older has left them by starting.
        double Start = std::max(Ready, double(Disp));
        double *FpSlot = nullptr;
        if (FpPick && C.Fp) {
          FpSlot = &FpStarts[FpIdx++ % FpPick];
          if (FpIdx > FpPick)
            Start = std::max(Start, *FpSlot);
        }
        int64_t Cyc = int64_t(std::floor(Start + Eps));
        int64_t Got = reserve(C.Unit, Cyc, C.Occupancy, Hints[C.Hint]);
        if (C.Unit2 != UINT32_MAX)
          Got = reserve(C.Unit2, Got, C.Occupancy2, Hints2[C.Hint]);
        if (Got != Cyc)
          Start = double(Got);
        if (FpSched && C.Fp && Start > double(Disp))
          FpWaiting.push(Start);
        if (FpSlot)
          *FpSlot = Start;
        double Done = Start + C.Latency;
        Cur[P] = Done;
        LastRetire = std::max(LastRetire, Done);
        RobRing[RealIdx & (RobRingSize - 1)] = LastRetire;
        if (QueueSlot)
          *QueueSlot = LastRetire;
        // Stores commit in order once retired, one per interval: a store
        // that retires in a burst of them waits behind the older ones.
        if (StoreSlot) {
          LastCommit =
              std::max(LastRetire, LastCommit + L.StoreCommitInterval);
          *StoreSlot = LastCommit;
        }
        ++RealIdx;
      }
      if (K0 == 0)
        for (uint32_t P = 0; P < N; ++P)
          ColdLatency = std::max(ColdLatency, Cur[P]);
      CopyRetire[K0] = LastRetire;
    }
    Simulated += uint64_t(K) * M;

    const uint32_t From = K - Measured;
    R.Cycles = (CopyRetire[K - 1] - CopyRetire[From - 1]) / double(Measured);
    R.Latency = ColdLatency;
    R.LoadToStore = L.loadToStore(G.G);
    for (size_t U = 0; U < BoundOcc.size(); ++U)
      if (L.UnitNames[U] == "load")
        R.LoadPortCycles = BoundOcc[U];

    // Name the bound: the largest throughput bound if the run reached it.
    double Best = double(UopsPerExec) / W;
    R.Limit = "issue";
    for (size_t U = 0; U < BoundOcc.size(); ++U)
      if (BoundOcc[U] > Best + Eps) {
        Best = BoundOcc[U];
        R.Limit = PortLimitNames[U];
      }
    if (R.Cycles > Best * 1.05 + 0.01)
      R.Limit = "latency";
    return R;
  }
};

PipelineSimulator::PipelineSimulator(const hw::Target &T, SimulatorOptions O)
    : P(std::make_unique<Impl>(T, O)) {
  assert(T.Cpu && "the pipeline simulator needs a CPU target");
}
PipelineSimulator::~PipelineSimulator() = default;
PipelineSimulator::PipelineSimulator(PipelineSimulator &&) = default;
PipelineSimulator &PipelineSimulator::operator=(PipelineSimulator &&) = default;

BlockCost PipelineSimulator::blockCost(const Graphlet &G, double LoadLatency) {
  return blockCost(G, graphletKey(G), LoadLatency);
}

BlockCost PipelineSimulator::blockCost(const Graphlet &G,
                                       const GraphletKey &Key,
                                       double LoadLatency,
                                       uint32_t RestartEvery) {
  LoadLatency = normalLoadLatency(LoadLatency);
  uint64_t LoadBits;
  std::memcpy(&LoadBits, &LoadLatency, sizeof LoadBits);
  MemoKey MK{Key.Lo, Key.Hi, LoadBits, RestartEvery};
  auto It = P->Memo.find(MK);
  if (It != P->Memo.end())
    return It->second;
  BlockCost C = P->run(G, LoadLatency, RestartEvery);
  P->Memo.emplace(MK, C);
  return C;
}

BlockCost PipelineSimulator::simulate(const Graphlet &G, double LoadLatency,
                                      uint32_t RestartEvery) {
  return P->run(G, normalLoadLatency(LoadLatency), RestartEvery);
}

uint64_t PipelineSimulator::simulatedInstructions() const {
  return P->Simulated;
}

size_t PipelineSimulator::cacheSize() const { return P->Memo.size(); }

void PipelineSimulator::clearCache() { P->Memo.clear(); }
