//===- MachineExcess.cpp - machine work the IR hides ----------------------===//
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

/// Where the backend emitted more instructions than the IR's costed
/// micro-ops and stack accesses account for, the IR hides work:
/// legalizing vector types the target has no register for (a <12 x float>
/// becomes a ymm and an xmm, glued by inserts and shuffles: TVM's dense
/// with a 12-wide vectorized loop runs 288 vinsertps and 32 FMAs per
/// iteration of its hottest block), or expanding an operation into a
/// sequence. Those instructions take issue slots and, in a block with
/// vector work, the shuffle units (where legalization puts them); in a
/// scalar block, the integer ALUs. They depend on nothing here: a
/// throughput cost, never a longer chain.
void Lowering::addMachineExcess(const Graphlet &G) {
  const GraphletGraph &Gr = G.G;
  for (const GraphletMachine &X : G.Machine) {
    // A compare fused into its branch is one of the record's instructions.
    uint64_t Uops = FusedCompares[std::min(1u, X.Part)];
    bool Vector = false;
    for (uint32_t P = 0; P < OrderV.size(); ++P) {
      uint32_t V = OrderV[P];
      if (V == UINT32_MAX || V == 0 || Cost[P].Free ||
          std::min(1u, Gr[V].Part) != X.Part)
        continue;
      Uops += Cost[P].Uops;
      Vector |= Gr[V].Lanes > 1;
    }
    for (const auto &[Bytes, N] : X.Reloads)
      Uops += N;
    for (const auto &[Bytes, N] : X.Spills)
      Uops += N;
    if (X.Instructions <= Uops)
      continue;
    uint32_t Lanes = std::max(4u, Cpu.SimdBits / 32);
    GraphletVertex Op =
        Vector ? GraphletVertex{"machine", "shufflevector", "f32", Lanes, 0, 0}
               : GraphletVertex{"machine", "add", "i64", 1, 0, 0};
    VertexCost C(classOf(Op).Cost); // a copy: classOf may grow its table
    for (uint64_t I = Uops; I < X.Instructions; ++I)
      if (!appendIndependent(C))
        return;
  }
}
