//===- RegisterSpills.cpp - vector register pressure ----------------------===//
//
// One of the rewrites that turn a flattened graphlet into what the backend
// emits (Lowering.h); tested in tests/unit/simulator/PipelineTests.cpp.
//
//===----------------------------------------------------------------------===//
#include "../Lowering.h"

#include <algorithm>
#include <cmath>

using namespace crop;
using namespace crop::lowering;

/// Register pressure on the vector/FP register file. Through a block's
/// execution, registers hold the values it carries to its next iteration
/// and the FP/vector values it uses but does not make (its live-ins: a
/// loop's invariants, e.g. a depthwise kernel's 36 weight vectors).
/// Beyond the register file, less two for the operands in flight, the
/// compiler spills: first live-ins, which cost one reload per execution
/// and no store (all an allocator needs for a value the loop never
/// redefines; clang's code for halide.depthwise/s00 reloads exactly the
/// 36 - 14 = 22 weights), then carried values, stored and reloaded once
/// per execution (Halide's 8x8 accumulator tiles on AVX2). The traffic is
/// added as independent loads and stores of the value's type, which take
/// ports and issue slots; the longer carried chain through memory is not
/// modelled. Integer live-ins are recorded but not charged: the IR's count
/// is no guide to the general-purpose registers the code needs, because
/// codegen folds constant offsets into addressing modes and rewrites
/// address arithmetic (loop strength reduction): c.conv2d_3x3/s03's inner
/// loop uses 17 pointers from outside and reloads none.
void Lowering::addSpills(const Graphlet &G) {
  const GraphletGraph &Gr = G.G;
  if (!Cpu.SimdBits)
    return;
  auto isVector = [](const std::string &Ty, uint32_t Lanes) {
    return Lanes > 1 || isFloatType(Ty);
  };
  // Per part of a superblock (each block holds its own live values):
  // registers wanted by carried values and by live-ins, and the type of
  // each that spills (the last carried value; the live-in type that takes
  // the most registers).
  struct Want {
    uint32_t Carried = 0, LiveIn = 0, LiveInMost = 0;
    GraphletVertex CarriedTy, LiveInTy;
  } W[2];
  for (uint32_t P = 0; P < OrderV.size(); ++P) {
    uint32_t V = OrderV[P];
    if (V == UINT32_MAX || V == 0)
      continue;
    const GraphletVertex &X = Gr[V];
    // A value is live whether or not the op that makes it is free (a
    // subvector of a wide accumulator is just its register).
    if (!isVector(X.Type, X.Lanes) || isStoreOpcode(X.Opcode))
      continue;
    for (auto [E, End] = boost::out_edges(V, Gr); E != End; ++E)
      if (Gr[*E].Kind == DepKind::Carried) {
        Want &C = W[std::min(1u, X.Part)];
        C.Carried += pieces(X);
        C.CarriedTy = X;
        break;
      }
  }
  for (const GraphletLiveIns &L : G.LiveIns) {
    if (!isVector(L.Type, L.Lanes))
      continue;
    GraphletVertex X{"", "", L.Type, L.Lanes, 0, 0};
    Want &C = W[std::min(1u, L.Part)];
    uint32_t R = pieces(X) * L.Count;
    C.LiveIn += R;
    if (R > C.LiveInMost)
      C.LiveInMost = R, C.LiveInTy = X;
  }
  // A block merged with itself carries only from its second copy; both
  // copies hold what that one holds, and both spill.
  bool SelfMerged = G.isSuperblock() && G.Block == G.Successor;
  const uint32_t Avail = vectorRegisters() - 2;
  uint32_t Reloads = 0, Pairs = 0;
  const GraphletVertex *ReloadTy = nullptr, *PairTy = nullptr;
  for (unsigned Part = SelfMerged ? 1 : 0; Part < 2; ++Part) {
    const Want &C = W[Part];
    uint32_t Total = C.Carried + C.LiveIn;
    if (Total <= Avail)
      continue;
    uint32_t Excess = Total - Avail;
    uint32_t R = std::min(Excess, C.LiveIn);
    Reloads += R;
    Pairs += Excess - R;
    if (R)
      ReloadTy = &C.LiveInTy;
    if (Excess > R)
      PairTy = &C.CarriedTy;
  }
  if (SelfMerged)
    Reloads *= 2, Pairs *= 2;
  if (Reloads) {
    VertexCost LC = spillCost(*ReloadTy, "load");
    for (uint32_t I = 0; I < Reloads; ++I)
      if (!appendIndependent(LC))
        return;
  }
  if (Pairs) {
    VertexCost LC = spillCost(*PairTy, "load"),
               SC = spillCost(*PairTy, "store");
    for (uint32_t I = 0; I < Pairs; ++I) {
      if (!appendIndependent(SC) || !appendIndependent(LC))
        return;
    }
  }
}
