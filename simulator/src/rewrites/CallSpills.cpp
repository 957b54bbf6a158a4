//===- CallSpills.cpp - FP values across a call go through the stack ------===//
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

/// Calls clobber vector registers: the x86-64 System V ABI has no
/// callee-saved XMM/YMM/ZMM register, so an FP or vector value that is live
/// across a real call (an accumulator `sum += expf(x)` carried to the next
/// execution, or a value made before the call and used after it) lives in
/// a stack slot there: the compiler stores it before the call and reloads
/// it after. The edge gets the store-to-load round trip as extra latency,
/// and the store and the load take their ports. Intrinsics lowered inline
/// are no calls; a call's own argument and result travel in registers.
/// Where the backend's code is known, a value carried to the next execution
/// makes as many round trips as its stack slot does (SlotTrips): clang
/// keeps `sum += expf(x)`'s sum in a slot it stores and reloads twice per
/// iteration, 19-20.5 cycles a step on Zen 4 against 11.5-12.6 without the
/// sum (bench/probes, "expf in a loop").
void Lowering::addCallSpills(const Graphlet &G, bool Ports) {
  if (!IsX86)
    return;
  const GraphletGraph &Gr = G.G;
  auto tripsOf = [&](uint32_t Part) {
    uint32_t T = 1;
    for (const GraphletMachine &X : G.Machine)
      if (X.Part == Part)
        T = std::max(T, X.SlotTrips);
    return T;
  };
  const uint32_t N = OrderV.size();
  std::vector<uint32_t> Calls; // positions of real calls
  for (uint32_t P = 0; P < N; ++P)
    if (OrderV[P] != UINT32_MAX && !Cost[P].Free &&
        startsWith(Gr[OrderV[P]].Opcode, "call:"))
      Calls.push_back(P);
  if (Calls.empty())
    return;
  std::vector<uint32_t> SpilledFrom(N, 0); // spill stores per source
  for (uint32_t P = 0; P < N; ++P)
    for (uint32_t E = PredBegin[P]; E < PredBegin[P + 1]; ++E) {
      uint32_t U = PredPos[E];
      if (OrderV[U] == UINT32_MAX)
        continue;
      const GraphletVertex &X = Gr[OrderV[U]];
      if ((X.Lanes == 1 && !isFloatType(X.Type)) || isStoreOpcode(X.Opcode))
        continue;
      // A call between U and P on the way from one to the other: within
      // one execution, after U and before P; carried to the next, after U
      // or before P.
      bool Crossed = std::any_of(Calls.begin(), Calls.end(), [&](uint32_t C) {
        if (C == U || C == P)
          return false;
        return PredDist[E] == 0 ? (C > U && C < P) : (C > U || C < P);
      });
      if (!Crossed)
        continue;
      VertexCost St = spillCost(X, "store"), Ld = spillCost(X, "load");
      if (PredLat.empty())
        PredLat.assign(PredPos.size(), 0.0f);
      // Carried to the next execution (or, in a superblock, from one block
      // to the next, which for a block that loops to itself is the same
      // chain): it goes round its slot as often as the slot does.
      uint32_t SrcPart = X.Part, DstPart = Gr[OrderV[P]].Part;
      uint32_t Trips = PredDist[E] != 0 || SrcPart != DstPart
                           ? std::min(tripsOf(SrcPart), tripsOf(DstPart))
                           : 1;
      PredLat[E] = float(Trips * (St.Latency + Ld.Latency));
      if (!Ports)
        continue; // The backend's own spill counts have them already.
      if (SpilledFrom[U]++ == 0)
        appendIndependent(St); // One store per value, a reload per use.
      if (!appendIndependent(Ld))
        return;
    }
}
