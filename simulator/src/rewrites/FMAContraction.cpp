//===- FMAContraction.cpp - a contract fadd and its fmul are one FMA ------===//
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

/// FMA contraction (any target whose descriptor has fma for the type): an
/// fadd/fsub marked Contract by the analyzer and its single-use fmul
/// operand are one fused multiply-add after instruction selection. The
/// fmul becomes free (its operands pass through to the fma) and the add
/// costs the target's fma; a target without fma keeps both.
void Lowering::contractFMul(const GraphletGraph &Gr) {
  Contracted.assign(OrderV.size(), 0);
  for (uint32_t P = 0; P < OrderV.size(); ++P) {
    uint32_t V = OrderV[P];
    const GraphletVertex &X = Gr[V];
    if (!X.Contract || Cost[P].Free ||
        (X.Opcode != "fadd" && X.Opcode != "fsub"))
      continue;
    for (auto [E, End] = boost::in_edges(V, Gr); E != End; ++E) {
      uint32_t M = boost::source(*E, Gr);
      const GraphletVertex &Mul = Gr[M];
      if (Gr[*E].Kind != DepKind::Data || Mul.Opcode != "fmul" ||
          Mul.Type != X.Type || Mul.Lanes != X.Lanes || Cost[Pos[M]].Free ||
          !T.instructionCost("fma", X.Type, X.Lanes))
        continue;
      uint32_t Users = 0;
      for (auto [O, OEnd] = boost::out_edges(M, Gr); O != OEnd; ++O)
        Users +=
            Gr[*O].Kind == DepKind::Data || Gr[*O].Kind == DepKind::Carried;
      if (Users != 1)
        continue;
      GraphletVertex Fma = X;
      Fma.Opcode = "fma";
      Cost[P] = classOf(Fma).Cost;
      Cost[Pos[M]] = VertexCost{};
      Contracted[P] = 1;
      break;
    }
  }
}
