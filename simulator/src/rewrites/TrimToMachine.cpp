//===- TrimToMachine.cpp - integer work the backend folded away -----------===//
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

/// Where the IR has more instructions than the backend emitted for the
/// block, the difference is integer arithmetic that instruction selection
/// and loop strength reduction folded into addressing modes, induction
/// pointers and common subexpressions: that many scalar integer
/// operations (not carried, in program order) cost nothing.
void Lowering::trimToMachine(const Graphlet &G) {
  const GraphletGraph &Gr = G.G;
  static const char *const Foldable[] = {"add",  "sub",   "mul", "shl", "lshr",
                                         "ashr", "or",    "and", "xor", "sext",
                                         "zext", "trunc", "gep"};
  for (const GraphletMachine &X : G.Machine) {
    uint32_t Issued = FusedCompares[std::min(1u, X.Part)];
    for (uint32_t P = 0; P < OrderV.size(); ++P)
      if (OrderV[P] != UINT32_MAX && OrderV[P] != 0 && !Cost[P].Free &&
          Cost[P].Uops && std::min(1u, Gr[OrderV[P]].Part) == X.Part)
        ++Issued;
    if (Issued <= X.Instructions)
      continue;
    uint32_t Excess = Issued - X.Instructions;
    for (uint32_t P = 0; P < OrderV.size() && Excess; ++P) {
      uint32_t V = OrderV[P];
      if (V == UINT32_MAX || V == 0 || Cost[P].Free ||
          std::min(1u, Gr[V].Part) != X.Part)
        continue;
      const GraphletVertex &Y = Gr[V];
      if (Y.Lanes != 1 || isFloatType(Y.Type) ||
          std::find_if(std::begin(Foldable), std::end(Foldable),
                       [&](const char *O) { return Y.Opcode == O; }) ==
              std::end(Foldable))
        continue;
      bool Carried = false;
      for (auto [E, End] = boost::out_edges(V, Gr); E != End; ++E)
        Carried |= Gr[*E].Kind == DepKind::Carried;
      if (Carried)
        continue;
      Cost[P] = VertexCost{};
      --Excess;
    }
  }
}
