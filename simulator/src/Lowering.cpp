//===- Lowering.cpp - Graphlet to micro-op program: costs and rewrites ---===//
//
// Free (no issue slot, no unit, zero latency; dependencies pass through):
// the entry vertex; geps whose in-block users are all loads/stores (folded
// into the addressing mode after instruction selection; a gep that feeds
// arithmetic, a phi or another block is an add); bitcast, ptrtoint,
// inttoptr, addrspacecast and freeze (no instruction); alloca (a frame slot).
// Phis, debug intrinsics and lifetime markers have no vertex already. On
// x86 targets (SimulatorOptions::X86Fusion): a scalar compare whose only
// user is the branch is free (macro-fused), a load whose only user is an
// arithmetic instruction takes no issue slot (micro-fused memory operand;
// one per instruction) but keeps its load port and latency, and a select of
// an fcmp's own operands is one min/max instruction (minMaxIdioms).
//
// Loads: LoadLatency (the memory model's figure) replaces the descriptor's L1
// latency; what the descriptor charges beyond L1 for a type (e.g. 8 cycles
// for a 512-bit load against 4 for L1) is kept on top.
//
// Opcodes the descriptor has no entry for get a class default (classDefault
// below): loads/stores/branches on their unit at its full rate, dividers on
// "div", vector shuffles on "shuffle", floating-point ops as the target's
// fadd of that type, unknown calls 20 cycles latency, 10 uops, one per 10
// cycles (class "call"), the rest one-cycle ALU ops; vectors wider than the
// SIMD width split. An integer vector urem/sdiv by a constant is costed as a
// division here (the graphlet does not say the divisor is constant).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <set>

using namespace crop;
using namespace crop::lowering;

namespace {

//===-- Hashing
//------------------------------------------------------------===//

/// Two independent 64-bit streams: a 128-bit structural key.
struct Hasher {
  uint64_t A = 0x9e3779b97f4a7c15ULL, B = 0xc2b2ae3d27d4eb4fULL;
  void word(uint64_t W) {
    A = mix64(A ^ W) + 0x2545f4914f6cdd1dULL;
    B = mix64(B + W * 0x9fb21c651e98df25ULL) ^ (B >> 17);
  }
  void bytes(const std::string &S) {
    size_t N = S.size(), I = 0;
    for (; I + 8 <= N; I += 8) {
      uint64_t W;
      std::memcpy(&W, S.data() + I, 8);
      word(W);
    }
    uint64_t Tail = 0;
    std::memcpy(&Tail, S.data() + I, N - I);
    word(Tail ^ (uint64_t(N) << 56));
  }
};

uint64_t classHash(const std::string &Op, const std::string &Ty,
                   uint32_t Lanes) {
  Hasher H;
  H.bytes(Op);
  H.bytes(Ty);
  H.word(Lanes);
  return H.A;
}

//===-- Class defaults
//-----------------------------------------------------===//

uint32_t unitCount(const hw::CpuParams &C, const std::string &Unit) {
  auto It = C.Units.find(Unit);
  return It == C.Units.end() || It->second == 0 ? 1 : It->second;
}

// Defaults for opcodes a descriptor has no entry for, in cycles.
/// A locked read-modify-write: above every figure at hand, so that a
/// descriptor without one is not optimistic: 8.0 cycles latency and 7.5
/// throughput on the Zen 4 VM (`crop microbench`'s atomicrmw.* kernels,
/// which write the descriptor entries that replace this default), about 16
/// for AMD Jaguar's locked XCHG and 17 for its CMPXCHG (LLVM's BtVer2
/// scheduling model, 2019).
constexpr double LockedRmwCycles = 20;
constexpr uint32_t LockedRmwUops = 8;
/// A divide or square root of a type the descriptor lacks: the middle of the
/// hwdb's measured and published dividers (latency 9 to 50, reciprocal
/// throughput 3.5 to 40 cycles; integer and FP, every width).
constexpr double DividerLatency = 20, DividerRecipThroughput = 10;
/// A call to a function no descriptor entry names: call and return plus a
/// short body. A placeholder, not a measurement.
constexpr double UnknownCallLatency = 20, UnknownCallRecipThroughput = 10;
constexpr uint32_t UnknownCallUops = 10;

/// The cost of an opcode the descriptor does not describe (documented in the
/// file header); never fails.
hw::InstrCost classDefault(const hw::Target &T, const std::string &Op,
                           const std::string &Ty, uint32_t Lanes,
                           uint32_t SimdBits) {
  const hw::CpuParams &C = *T.Cpu;
  hw::InstrCost R;
  auto OnUnit = [&](const char *Unit, double Latency) {
    R.Unit = Unit;
    R.Latency = Latency;
    R.RecipThroughput = 1.0 / unitCount(C, Unit);
    R.Uops = 1;
  };
  if (isLoadOpcode(Op)) {
    OnUnit("load", C.Caches.empty() ? 4 : C.Caches.front().LatencyCycles);
  } else if (isStoreOpcode(Op)) {
    OnUnit("store", 1);
  } else if (Op == "br" || Op == "switch" || Op == "ret" ||
             Op == "indirectbr" || Op == "unreachable") {
    OnUnit("branch", 1);
  } else if (startsWith(Op, "call:") || startsWith(Op, "intr:mem")) {
    // An unknown function: call/return plus a short body. Its own class
    // ("call", one unit unless a descriptor says otherwise) serialises calls
    // without taking the ALUs a real body would share with its neighbours.
    // No measurement stands behind it (a call costs what its callee does);
    // descriptors measure the calls tensor programs make (libm's).
    R.Unit = "call";
    R.Latency = UnknownCallLatency;
    R.RecipThroughput = UnknownCallRecipThroughput;
    R.Uops = UnknownCallUops;
    return R;
  } else if (Op == "atomicrmw" || Op == "cmpxchg" || Op == "fence") {
    // Locked read-modify-write: drains the store buffer. Every kind is one
    // locked instruction when no other core holds the line, so the
    // descriptor's measured integer one of the width stands for the rest:
    // x86 makes an FP atomicrmw a load and a `lock cmpxchg` loop, and a
    // sequentially consistent fence a `lock or` to the stack.
    if (std::optional<hw::InstrCost> D = T.instructionCost(
            "atomicrmw", hw::typeBits(Ty) > 32 ? "i64" : "i32", 1))
      return *D;
    R.Unit = "store";
    R.Latency = LockedRmwCycles;
    R.RecipThroughput = LockedRmwCycles;
    R.Uops = LockedRmwUops;
    return R;
  } else if (Op == "fdiv" || Op == "frem" || Op == "sdiv" || Op == "udiv" ||
             Op == "srem" || Op == "urem" || startsWith(Op, "intr:sqrt")) {
    R.Unit = "div";
    R.Latency = DividerLatency;
    R.RecipThroughput = DividerRecipThroughput;
    R.Uops = 1;
  } else if (Op == "shufflevector" || Op == "extractelement" ||
             Op == "insertelement") {
    OnUnit("shuffle", 1);
  } else if (isFloatType(Ty)) {
    if (std::optional<hw::InstrCost> F = T.instructionCost("fadd", Ty, Lanes))
      return *F;
    OnUnit("fp", 4);
  } else {
    OnUnit("alu", 1);
  }
  uint64_t Bits = uint64_t(std::max(1u, hw::typeBits(Ty))) * Lanes;
  uint32_t Pieces = hw::piecesWorked(Op, Bits, SimdBits);
  if (Lanes > 1 && Pieces > 1) {
    R.RecipThroughput *= Pieces;
    R.Uops *= Pieces;
  }
  return R;
}

/// "port:<unit>" with static storage, so a BlockCost outlives its simulator
/// (unit names are few: the set stays small).
const char *internLimit(const std::string &Name) {
  static std::mutex Lock;
  static std::set<std::string> Names;
  std::lock_guard<std::mutex> Guard(Lock);
  return Names.insert(Name).first->c_str();
}

} // namespace

GraphletKey crop::graphletKey(const Graphlet &G) {
  const GraphletGraph &Gr = G.G;
  Hasher H;
  size_t N = boost::num_vertices(Gr);
  H.word(N);
  for (size_t V = 0; V < N; ++V) {
    const GraphletVertex &X = Gr[V];
    H.bytes(X.Opcode);
    H.bytes(X.Type);
    // Part decides which machine record (GraphletMachine) a vertex's block
    // is trimmed against, so two superblocks that differ only in where the
    // first block ends are different keys.
    H.word(uint64_t(X.Lanes) | (uint64_t(X.Contract) << 32) |
           (uint64_t(X.Duplicate) << 33) | (uint64_t(X.AddressOffset) << 34) |
           (uint64_t(X.NoNaNs) << 35) | (uint64_t(X.Part) << 40));
    H.word(X.MemBytes);
  }
  for (const GraphletLiveIns &L : G.LiveIns) {
    H.bytes(L.Type);
    H.word(uint64_t(L.Lanes) | (uint64_t(L.Part) << 32));
    H.word(L.Count);
  }
  for (const GraphletMachine &X : G.Machine) {
    H.word(uint64_t(X.Part) | (uint64_t(X.Instructions) << 8));
    for (const auto &[B, N] : X.Reloads)
      H.word(uint64_t(B) | (uint64_t(N) << 32));
    H.word(~uint64_t(1));
    for (const auto &[B, N] : X.Spills)
      H.word(uint64_t(B) | (uint64_t(N) << 32));
    H.word(~uint64_t(2));
    H.word(X.SlotTrips);
  }
  for (size_t V = 0; V < N; ++V) {
    for (auto [E, End] = boost::out_edges(V, Gr); E != End; ++E)
      H.word((uint64_t(boost::target(*E, Gr)) << 8) | uint64_t(Gr[*E].Kind) |
             (uint64_t(V) << 36));
    H.word(~uint64_t(0));
  }
  return {H.A, H.B};
}

Lowering::Lowering(const hw::Target &T, SimulatorOptions O) : T(T), Opts(O) {
  IsX86 = T.Isa.compare(0, 3, "x86") == 0;
  Fusion = Opts.X86Fusion && IsX86;
  if (T.Cpu)
    Cpu = *T.Cpu;
  // The program's own vector width, where it is narrower than the core's.
  NarrowedSimd =
      Opts.VectorBits && Cpu.SimdBits && Opts.VectorBits < Cpu.SimdBits;
  if (NarrowedSimd)
    Cpu.SimdBits = Opts.VectorBits;
  if (Cpu.IssueWidth == 0)
    Cpu.IssueWidth = 1;
  if (Opts.RobSize == 0)
    Opts.RobSize =
        Cpu.ReorderBuffer ? Cpu.ReorderBuffer : hw::DefaultReorderBuffer;
  if (Opts.FpSchedulerSize == 0)
    Opts.FpSchedulerSize = Cpu.SchedulerFp;
  if (Opts.FpPickableSize == 0)
    Opts.FpPickableSize = Cpu.SchedulerFpPickable;
  if (Opts.LoadQueueSize == 0)
    Opts.LoadQueueSize = Cpu.LoadQueue;
  if (Opts.StoreQueueSize == 0)
    Opts.StoreQueueSize = Cpu.StoreQueue;
  Opts.MinCopies = std::max(2u, Opts.MinCopies);
  Opts.MaxCopies = std::max(Opts.MinCopies, Opts.MaxCopies);
  if (!Cpu.Caches.empty())
    L1Latency = Cpu.Caches.front().LatencyCycles;
  StoreCommitInterval = 1.0 / unitCount(Cpu, "store");
  for (const auto &[Key, Cost] : Cpu.Instructions)
    if (startsWith(Key, "fmax.")) {
      SingleMinMax = "fmax";
      break;
    }
  for (const auto &[Name, Count] : Cpu.Units)
    unitId(Name);
}

/// The descriptor's cost of (Op, Ty, Lanes) as this program runs it:
/// vectors wider than the usable width in register-wide pieces.
hw::InstrCost Lowering::lookupCost(const std::string &Op, const std::string &Ty,
                                   uint32_t Lanes) {
  uint64_t Bits = uint64_t(std::max(1u, hw::typeBits(Ty))) * Lanes;
  if (NarrowedSimd && Lanes > 1 && Bits > Cpu.SimdBits) {
    uint32_t Pieces = hw::registerPieces(Bits, Cpu.SimdBits);
    const uint32_t Times = hw::piecesWorked(Op, Bits, Cpu.SimdBits);
    if (Lanes % Pieces == 0)
      if (std::optional<hw::InstrCost> D =
              T.instructionCost(Op, Ty, Lanes / Pieces)) {
        hw::InstrCost C = *D;
        C.RecipThroughput *= Times;
        C.Uops = std::max(1u, C.Uops) * Times;
        return C;
      }
    return classDefault(T, Op, Ty, Lanes, Cpu.SimdBits);
  }
  if (std::optional<hw::InstrCost> D = T.instructionCost(Op, Ty, Lanes))
    return *D;
  return classDefault(T, Op, Ty, Lanes, Cpu.SimdBits);
}

uint32_t Lowering::unitId(const std::string &Name) {
  for (uint32_t I = 0; I < UnitNames.size(); ++I)
    if (UnitNames[I] == Name)
      return I;
  UnitNames.push_back(Name);
  PortLimitNames.push_back(internLimit("port:" + Name));
  UnitMinOcc.push_back(1.0 / unitCount(Cpu, Name));
  return UnitNames.size() - 1;
}

const ClassEntry &Lowering::classOf(const GraphletVertex &V) {
  uint64_t H = classHash(V.Opcode, V.Type, V.Lanes);
  auto It = ClassIndex.find(H);
  if (It != ClassIndex.end()) {
    const ClassEntry &E = Classes[It->second];
    if (E.Lanes == V.Lanes && E.Opcode == V.Opcode && E.Type == V.Type)
      return E;
    // A 64-bit collision: look the slow way (never seen in practice).
    for (const ClassEntry &C : Classes)
      if (C.Lanes == V.Lanes && C.Opcode == V.Opcode && C.Type == V.Type)
        return C;
  }
  ClassEntry E{V.Opcode, V.Type, V.Lanes, {}, false, 0};
  // Halide's concatenation of register-wide halves and extraction of one
  // of them are no instruction when the whole spans several registers;
  // otherwise a shuffle.
  uint64_t Bits = uint64_t(std::max(1u, hw::typeBits(V.Type))) * V.Lanes;
  bool Regroup = V.Opcode == "concat" || V.Opcode == "subvector";
  bool FreeRegroup =
      Regroup && Cpu.SimdBits &&
      (V.Opcode == "concat" ? Bits > Cpu.SimdBits : 2 * Bits > Cpu.SimdBits);
  if (!isFreeOpcode(V.Opcode) && !FreeRegroup) {
    hw::InstrCost C;
    if (T.Cpu)
      C = lookupCost(Regroup ? "shufflevector" : V.Opcode, V.Type, V.Lanes);
    E.Cost.Free = false;
    E.Cost.Latency = std::max(0.0, C.Latency);
    E.Cost.Unit = unitId(C.Unit);
    // At most a quarter of the reservation horizon (no real unit is busy
    // thousands of cycles per instruction, nor does an instruction take
    // thousands of issue slots: a profile with an absurd vector width once
    // made 2^32 - 8 uops, dispatched one slot at a time for ever).
    E.Cost.Occupancy =
        std::min(std::max(C.RecipThroughput, UnitMinOcc[E.Cost.Unit]), 4096.0);
    E.Cost.Uops = std::clamp(C.Uops, 1u, 4096u);
    E.IsLoad = isLoadOpcode(V.Opcode);
    E.Cost.Fp = !E.IsLoad && !isStoreOpcode(V.Opcode) &&
                (V.Lanes > 1 || isFloatType(V.Type));
    E.Cost.Load = E.IsLoad;
    E.Cost.Store = isStoreOpcode(V.Opcode);
    E.LoadExtra = std::max(0.0, C.Latency - L1Latency);
    // FMAs and stores of FP/vector registers share a port where the
    // descriptor says so (store_fma_port, measured by crop microbench).
    if (Cpu.StoreFmaPortCycles > 0) {
      bool FpData = V.Lanes > 1 || isFloatType(V.Type);
      if (V.Opcode == "fma") { // llvm.fma, llvm.fmuladd and contractions
        E.Cost.Unit2 = unitId(StoreFmaPort);
        E.Cost.Occupancy2 = E.Cost.Occupancy;
      } else if (isStoreOpcode(V.Opcode) && FpData) {
        E.Cost.Unit2 = unitId(StoreFmaPort);
        E.Cost.Occupancy2 = std::min(Cpu.StoreFmaPortCycles, 4096.0);
      }
    }
  }
  uint32_t Idx = Classes.size();
  E.Cost.Hint = Idx;
  Classes.push_back(std::move(E));
  if (It == ClassIndex.end())
    ClassIndex.emplace(H, Idx);
  return Classes.back();
}

/// Flattens G into the position arrays; false if G has a cycle of
/// non-carried edges (not a graphlet the builder makes).
bool Lowering::flatten(const Graphlet &G, double LoadLatency) {
  const GraphletGraph &Gr = G.G;
  const uint32_t N = boost::num_vertices(Gr);
  // Kahn's algorithm, smallest vertex first among the ready ones, over the
  // non-carried edges: program order whenever edges already follow it.
  InDeg.assign(N, 0);
  for (uint32_t V = 0; V < N; ++V)
    for (auto [E, End] = boost::in_edges(V, Gr); E != End; ++E)
      if (Gr[*E].Kind != DepKind::Carried)
        ++InDeg[V];
  OrderV.clear();
  Appended = 0;
  Pos.assign(N, UINT32_MAX);
  // Edges almost always go forward, so a scan that restarts at the
  // smallest newly ready vertex is linear in practice.
  uint32_t Next = 0;
  Done.assign(N, 0);
  while (OrderV.size() < N) {
    while (Next < N && (Done[Next] || InDeg[Next] != 0))
      ++Next;
    if (Next == N)
      return false;
    uint32_t V = Next;
    Done[V] = 1;
    Pos[V] = OrderV.size();
    OrderV.push_back(V);
    for (auto [E, End] = boost::out_edges(V, Gr); E != End; ++E)
      if (Gr[*E].Kind != DepKind::Carried) {
        uint32_t W = boost::target(*E, Gr);
        if (--InDeg[W] == 0 && W < Next)
          Next = W;
      }
  }

  Cost.resize(N);
  PredBegin.resize(N + 1);
  PredPos.clear();
  PredDist.clear();
  PredLat.clear();
  for (uint32_t P = 0; P < N; ++P) {
    uint32_t V = OrderV[P];
    const GraphletVertex &X = Gr[V];
    PredBegin[P] = PredPos.size();
    for (auto [E, End] = boost::in_edges(V, Gr); E != End; ++E) {
      uint32_t S = boost::source(*E, Gr);
      DepKind K = Gr[*E].Kind;
      if (S == 0 && K == DepKind::Entry)
        continue; // The entry vertex is done before anything dispatches.
      if (Opts.SpeculateMemory &&
          (K == DepKind::MemRAW || K == DepKind::MemWAR ||
           K == DepKind::MemWAW))
        continue; // Disambiguated: SimulatorOptions::SpeculateMemory.
      PredPos.push_back(Pos[S]);
      PredDist.push_back(Gr[*E].Kind == DepKind::Carried ? 1 : 0);
    }
    if (V == 0) {
      Cost[P] = VertexCost{};
      continue;
    }
    // A max/min that need not honour NaNs is one maxps/minps on x86, costed
    // as the descriptor's fmax where measured, else the type's fadd, as in
    // minMaxIdioms (the descriptor's maxnum is the NaN-honouring sequence).
    const bool OneMinMax =
        IsX86 && X.NoNaNs &&
        (X.Opcode == "intr:maxnum" || X.Opcode == "intr:minnum");
    GraphletVertex AsOneMinMax;
    if (OneMinMax) {
      AsOneMinMax = X;
      AsOneMinMax.Opcode = SingleMinMax;
    }
    const ClassEntry &C = classOf(OneMinMax ? AsOneMinMax : X);
    Cost[P] = C.Cost;
    if (C.IsLoad && LoadLatency >= 0)
      Cost[P].Latency = LoadLatency + C.LoadExtra;
    if (X.Opcode == "gep" && foldedGep(Gr, V))
      Cost[P] = VertexCost{};
    // One node for identical operations (SelectionDAG CSE, any target);
    // a constant offset of an index goes into an x86 address's
    // displacement.
    if (X.Duplicate || (X.AddressOffset && IsX86))
      Cost[P] = VertexCost{};
  }
  PredBegin[N] = PredPos.size();
  contractFMul(Gr);
  addFastAddForwarding(Gr);
  FusedCompares[0] = FusedCompares[1] = 0;
  if (Fusion)
    fuse(Gr);
  // What the backend spilled, where the profile knows it; else an
  // estimate from register pressure.
  if (G.Machine.empty()) {
    addSpills(G);
  } else {
    trimToMachine(G);
    addMachineExcess(G);
    addMachineSpills(G);
  }
  addCallSpills(G, /*Ports=*/G.Machine.empty());
  return true;
}

/// Adds an instruction after the flattened graphlet that depends on
/// nothing: it takes its issue slots and ports only (spill traffic).
bool Lowering::appendIndependent(const VertexCost &C) {
  if (Appended >= MaxAppended)
    return false;
  ++Appended;
  OrderV.push_back(UINT32_MAX);
  Cost.push_back(C);
  PredBegin.push_back(PredPos.size());
  return true;
}

/// Storing (Op "store") or reloading ("load") one register of V's type
/// through a stack slot. A copy: classOf may grow the table it points into.
VertexCost Lowering::spillCost(const GraphletVertex &V, const char *Op) {
  uint32_t Lanes = std::max(1u, V.Lanes / pieces(V));
  return classOf(GraphletVertex{"spill", Op, V.Type, Lanes, 0, 0}).Cost;
}

/// Vector registers the program's code has: x86 16 (32 with AVX-512's
/// 512-bit registers), AArch64 and others 32 (ISA facts, not measured).
uint32_t Lowering::vectorRegisters() const {
  if (IsX86)
    return Cpu.SimdBits >= 512 ? 32 : 16;
  return 32;
}

/// Registers one value of V's type takes.
uint32_t Lowering::pieces(const GraphletVertex &V) const {
  uint64_t Bits = uint64_t(std::max(1u, hw::typeBits(V.Type))) * V.Lanes;
  return hw::registerPieces(Bits, Cpu.SimdBits);
}

/// A gep whose in-block users are all memory accesses (as addresses).
bool Lowering::foldedGep(const GraphletGraph &Gr, uint32_t V) {
  bool AnyUse = false;
  for (auto [E, End] = boost::out_edges(V, Gr); E != End; ++E) {
    DepKind K = Gr[*E].Kind;
    if (K != DepKind::Data && K != DepKind::Carried)
      continue;
    if (K == DepKind::Carried)
      return false; // A pointer increment feeding the next iteration.
    const std::string &Op = Gr[boost::target(*E, Gr)].Opcode;
    if (!isLoadOpcode(Op) && !isStoreOpcode(Op) && Op != "gep")
      return false;
    AnyUse = true;
  }
  return AnyUse;
}

/// Longest latency path from a load to a store over the flattened
/// graphlet's edges within one execution (positions are in topological
/// order); spill traffic appended after the graphlet is left out.
double Lowering::loadToStore(const GraphletGraph &Gr) {
  const uint32_t N = OrderV.size();
  const double None = -1;
  std::vector<double> From(N, None);
  double Best = 0;
  for (uint32_t P = 0; P < N; ++P) {
    uint32_t V = OrderV[P];
    if (V == UINT32_MAX || V == 0)
      continue;
    double Start = isLoadOpcode(Gr[V].Opcode) ? 0 : None;
    for (uint32_t E = PredBegin[P]; E < PredBegin[P + 1]; ++E)
      if (PredDist[E] == 0 && From[PredPos[E]] >= 0)
        Start = std::max(Start, From[PredPos[E]] +
                                    (PredLat.empty() ? 0.0 : PredLat[E]));
    if (Start < 0)
      continue;
    From[P] = Start + (Cost[P].Free ? 0.0 : Cost[P].Latency);
    if (isStoreOpcode(Gr[V].Opcode))
      Best = std::max(Best, From[P]);
  }
  return Best;
}
