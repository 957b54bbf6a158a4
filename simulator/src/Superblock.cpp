//===- Superblock.cpp - Loop-carried edges of a superblock run back to back
//===//
#include "crop/Simulator/Superblock.h"

#include <utility>
#include <vector>

using namespace crop;

namespace {

std::vector<std::pair<size_t, size_t>> carriedEdges(const Graphlet &G) {
  std::vector<std::pair<size_t, size_t>> R;
  for (auto [E, End] = boost::edges(G.G); E != End; ++E)
    if (G.G[*E].Kind == DepKind::Carried)
      R.emplace_back(boost::source(*E, G.G), boost::target(*E, G.G));
  return R;
}

bool hasDataEdge(const Graphlet &G, size_t From, size_t To) {
  for (auto [E, End] = boost::out_edges(From, G.G); E != End; ++E)
    if (boost::target(*E, G.G) == To && G.G[*E].Kind == DepKind::Data)
      return true;
  return false;
}

bool hasCarriedEdge(const Graphlet &G) {
  for (auto [E, End] = boost::edges(G.G); E != End; ++E)
    if (G.G[*E].Kind == DepKind::Carried)
      return true;
  return false;
}

} // namespace

bool crop::superblockCarries(const Graphlet &Sb, const Graphlet &Head,
                             const Graphlet &Tail) {
  if (hasCarriedEdge(Sb) || (!hasCarriedEdge(Head) && !hasCarriedEdge(Tail)))
    return false;
  const size_t NH = boost::num_vertices(Head.G),
               NT = boost::num_vertices(Tail.G), NS = boost::num_vertices(Sb.G);
  if (NH == 0 || NT == 0 || NS != NH + NT - 1)
    return false;
  // Head's vertex i is Sb's i; Tail's vertex k >= 1 is Sb's NH + k - 1.
  for (size_t I = 0; I < NH; ++I) {
    const GraphletVertex &A = Head.G[I], &B = Sb.G[I];
    if (A.Opcode != B.Opcode || A.Lanes != B.Lanes || B.Part != 0)
      return false;
  }
  for (size_t K = 1; K < NT; ++K) {
    const GraphletVertex &A = Tail.G[K], &B = Sb.G[NH + K - 1];
    if (A.Opcode != B.Opcode || A.Lanes != B.Lanes || B.Part != 1)
      return false;
  }
  return true;
}

std::optional<Graphlet> crop::superblockWithCarried(const Graphlet &Sb,
                                                    const Graphlet &Head,
                                                    const Graphlet &Tail) {
  if (!superblockCarries(Sb, Head, Tail))
    return std::nullopt;
  auto HeadC = carriedEdges(Head), TailC = carriedEdges(Tail);
  const size_t NH = boost::num_vertices(Head.G);
  auto inTail = [&](size_t K) { return NH + K - 1; };
  Graphlet R = Sb;
  const bool SelfLoop = Head.Block == Tail.Block;
  for (auto [U, V] : HeadC) {
    if (U == 0 || V == 0)
      continue;
    boost::add_edge(SelfLoop ? inTail(U) : U, V, GraphletEdge{DepKind::Carried},
                    R.G);
    // Within B+B the second copy waits for the first. Through a phi the
    // builder already resolved that to a data edge; through memory it made
    // a raw edge, which the simulator drops as speculated, though a store
    // forwarded to a load of the same address is a true dependence.
    if (SelfLoop && !hasDataEdge(R, U, inTail(V)))
      boost::add_edge(U, inTail(V), GraphletEdge{DepKind::Data}, R.G);
  }
  if (!SelfLoop)
    for (auto [U, V] : TailC) {
      if (U == 0 || V == 0)
        continue;
      boost::add_edge(inTail(U), inTail(V), GraphletEdge{DepKind::Carried},
                      R.G);
    }
  return R;
}
