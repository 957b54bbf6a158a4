//===- FastAddForwarding.cpp - adds whose results reach multipliers late --===//
//
// One of the rewrites that turn a flattened graphlet into what the backend
// emits (Lowering.h); tested in tests/unit/simulator/PipelineTests.cpp.
//
//===----------------------------------------------------------------------===//
#include "../Lowering.h"

#include <algorithm>

using namespace crop;
using namespace crop::lowering;

namespace {

/// The register an FP value of Bits bits sits in: scalars and 128-bit
/// vectors in a 128-bit one, wider ones in the widest the program uses.
uint32_t registerBits(uint64_t Bits, uint32_t SimdBits) {
  uint32_t R = 128;
  while (R < Bits && R < 512)
    R *= 2;
  return SimdBits ? std::min(R, std::max(128u, SimdBits)) : R;
}

bool isMultiply(const std::string &Op) { return Op == "fma" || Op == "fmul"; }

} // namespace

/// Where the descriptor gives fadd_to_fma_extra (measured by crop
/// microbench), an FMA or FP multiply that reads the result of an FP add or
/// subtract of the block (this execution's or, through a carried edge, the
/// previous one's) has that much more latency. The extra is the
/// consumer's, not the edge's: on Golden Cove an FMA chain whose multiplicand
/// comes from a subtract that finished long before still takes 5 cycles a
/// step, where one fed by a multiply or a load takes 4 (docs/prediction.md,
/// "Adds that feed multiplies"). A contracted add is an FMA here, not an
/// add; adds of registers the descriptor gives no extra for (Golden Cove's
/// 512-bit adds run on the FMA units) change nothing.
void Lowering::addFastAddForwarding(const GraphletGraph &Gr) {
  const std::map<uint32_t, double> &Extra = Cpu.FaddToFmaExtraCycles;
  if (Extra.empty())
    return;
  const uint32_t N = PredBegin.size() - 1;
  for (uint32_t P = 0; P < N; ++P) {
    uint32_t V = OrderV[P];
    if (V == UINT32_MAX || Cost[P].Free)
      continue;
    const GraphletVertex &X = Gr[V];
    if (!isMultiply(X.Opcode) && !Contracted[P])
      continue;
    double Most = 0;
    for (uint32_t E = PredBegin[P]; E < PredBegin[P + 1]; ++E) {
      uint32_t S = PredPos[E];
      uint32_t W = OrderV[S];
      if (W == UINT32_MAX || Cost[S].Free || Contracted[S])
        continue;
      const GraphletVertex &Y = Gr[W];
      if (Y.Opcode != "fadd" && Y.Opcode != "fsub")
        continue;
      uint64_t Bits =
          uint64_t(std::max(1u, hw::typeBits(Y.Type))) * std::max(1u, Y.Lanes);
      auto It = Extra.find(registerBits(Bits, Cpu.SimdBits));
      if (It != Extra.end())
        Most = std::max(Most, It->second);
    }
    Cost[P].Latency += Most;
  }
}
