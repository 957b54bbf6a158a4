//===- MinMaxIdioms.cpp - select of an fcmp as one min/max ----------------===//
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

/// x86 min/max idiom: select(fcmp(a, b), a, b) (x > m ? x : m, a ReLU's
/// x > 0 ? x : 0) is one minss/maxss/minps/maxps: the compare is free and
/// the select pays that instruction's cost, the descriptor's fmax where
/// crop microbench measured it (Golden Cove: 4 cycles, where its adds take
/// 2), else the target's fadd of its type. Recognised when
/// the compare's only user is the select and the select reads nothing
/// the compare does not (constants have no vertex).
void Lowering::minMaxIdioms(const GraphletGraph &Gr) {
  auto sources = [&](uint32_t V) {
    std::set<uint32_t> R;
    for (auto [E, End] = boost::in_edges(V, Gr); E != End; ++E) {
      DepKind K = Gr[*E].Kind;
      if (K == DepKind::Data || K == DepKind::Carried)
        R.insert(boost::source(*E, Gr));
    }
    return R;
  };
  for (uint32_t P = 0; P < OrderV.size(); ++P) {
    uint32_t V = OrderV[P];
    const GraphletVertex &X = Gr[V];
    if (Cost[P].Free || X.Opcode != "fcmp")
      continue;
    uint32_t Users = 0, User = 0;
    bool Other = false;
    for (auto [E, End] = boost::out_edges(V, Gr); E != End; ++E) {
      DepKind K = Gr[*E].Kind;
      if (K == DepKind::Data) {
        ++Users;
        User = boost::target(*E, Gr);
      } else if (K == DepKind::Carried) {
        Other = true;
      }
    }
    if (Users != 1 || Other || Gr[User].Opcode != "select" ||
        !isFloatType(Gr[User].Type) || Cost[Pos[User]].Free)
      continue;
    std::set<uint32_t> Cmp = sources(V), Sel = sources(User);
    Sel.erase(V);
    if (!std::includes(Cmp.begin(), Cmp.end(), Sel.begin(), Sel.end()))
      continue;
    GraphletVertex Max = Gr[User];
    Max.Opcode = SingleMinMax;
    VertexCost C = classOf(Max).Cost;
    Cost[Pos[User]] = C;
    Cost[P] = VertexCost{};
  }
}
