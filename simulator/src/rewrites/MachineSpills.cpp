//===- MachineSpills.cpp - the backend's own stack traffic ----------------===//
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

/// The stack traffic the program's backend emitted for each part's block
/// (GraphletMachine: reloads and spills by access size), added as
/// independent loads and stores of a type of that size: they take ports
/// and issue slots. Folded reloads are loads too (their issue slot is the
/// arithmetic instruction's).
void Lowering::addMachineSpills(const Graphlet &G) {
  auto access = [&](uint32_t Bytes, const char *Op) {
    GraphletVertex X{"spill", Op, "i64", 1, 0, 0};
    if (Bytes >= 16)
      X.Type = "f32", X.Lanes = Bytes / 4;
    else if (Bytes == 4 || Bytes == 2 || Bytes == 1)
      X.Type = "i" + std::to_string(Bytes * 8);
    // A copy: classOf may grow the table its references point into.
    return VertexCost(classOf(X).Cost);
  };
  for (const GraphletMachine &X : G.Machine) {
    for (const auto &[Bytes, N] : X.Reloads) {
      VertexCost C = access(Bytes, "load");
      for (uint32_t I = 0; I < N; ++I)
        if (!appendIndependent(C))
          return;
    }
    for (const auto &[Bytes, N] : X.Spills) {
      VertexCost C = access(Bytes, "store");
      for (uint32_t I = 0; I < N; ++I)
        if (!appendIndependent(C))
          return;
    }
  }
}
