//===- Fusion.cpp - x86 macro- and micro-fusion ---------------------------===//
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

/// x86 fusion (Intel optimization manual, "macro-fusion" and
/// "micro-fusion"; AMD's software optimization guide likewise): a scalar
/// integer compare whose only user is the branch fuses with it into one
/// uop (the compare is free; the branch carries the pair); a load whose
/// only user is an arithmetic instruction becomes that instruction's
/// memory operand, one per instruction: it still takes a load port and its
/// latency, but no issue slot of its own. A vector extension that folds
/// its load takes the descriptor's extension-from-memory entry.
void Lowering::fuse(const GraphletGraph &Gr) {
  const uint32_t N = OrderV.size();
  minMaxIdioms(Gr);
  Done.assign(N, 0); // Done[P]: P already has a memory operand.
  for (uint32_t P = 0; P < N; ++P) {
    uint32_t V = OrderV[P];
    if (Cost[P].Free)
      continue;
    const GraphletVertex &X = Gr[V];
    bool IsCmp = X.Opcode == "icmp" && X.Lanes == 1;
    bool IsLoad = X.Opcode == "load";
    if (!IsCmp && !IsLoad)
      continue;
    uint32_t Users = 0, User = 0;
    bool Carried = false;
    for (auto [E, End] = boost::out_edges(V, Gr); E != End; ++E) {
      DepKind K = Gr[*E].Kind;
      Carried |= K == DepKind::Carried;
      if (K == DepKind::Data) {
        ++Users;
        User = boost::target(*E, Gr);
      }
    }
    if (Users != 1 || Carried)
      continue;
    const std::string &UOp = Gr[User].Opcode;
    uint32_t UP = Pos[User];
    if (IsCmp && UOp == "br") {
      Cost[P] = VertexCost{};
      ++FusedCompares[std::min(1u, X.Part)];
    } else if (IsLoad && !Cost[UP].Free && !Done[UP] && foldsLoad(UOp)) {
      Cost[P].Uops = 0;
      Done[UP] = 1;
      // A vector extension of its own load is one instruction
      // (vpmovzxbd ymm, m64; vcvtph2ps ymm, m128), measured as such where
      // the descriptor has it: the register form the plain entry stands
      // for can cost several (a cross-lane widening).
      const GraphletVertex &U = Gr[User];
      if (U.Lanes > 1 && (UOp == "zext" || UOp == "sext" || UOp == "fpext")) {
        std::string Op = "load_" + UOp;
        if (T.instructionCost(Op, U.Type, U.Lanes))
          Cost[UP] =
              classOf(GraphletVertex{U.Name, Op, U.Type, U.Lanes, 0, U.Part})
                  .Cost;
      }
    }
  }
}

/// x86 instructions that take a memory source operand.
bool Lowering::foldsLoad(const std::string &Op) {
  static const char *const Ops[] = {
      "fadd",      "fsub",      "fmul",        "fdiv",        "fma",
      "add",       "sub",       "mul",         "and",         "or",
      "xor",       "icmp",      "fcmp",        "sitofp",      "fpext",
      "zext",      "sext",      "intr:maxnum", "intr:minnum", "intr:sqrt",
      "intr:smax", "intr:smin", "intr:umax",   "intr:umin"};
  for (const char *O : Ops)
    if (Op == O)
      return true;
  return false;
}
