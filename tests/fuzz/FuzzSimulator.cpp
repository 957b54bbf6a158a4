//===- FuzzSimulator.cpp - libFuzzer: the pipeline simulator on random graphlets
//
// The bytes build a graphlet (opcodes, types, lanes, data and carried edges,
// cycles included) and the simulation's knobs (load latency, restart
// period); the simulator answers a finite, non-negative cost.
//
//===----------------------------------------------------------------------===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Simulator/PipelineSimulator.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace {
struct Bytes {
  const uint8_t *D;
  size_t N, I = 0;
  uint8_t next() { return I < N ? D[I++] : 0; }
  bool done() const { return I >= N; }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static crop::hw::Target T = [] {
    llvm::Expected<crop::hw::Target> X = crop::hw::findTarget("gold5220r");
    if (!X)
      std::abort();
    return std::move(*X);
  }();
  static const char *Ops[] = {"fadd", "fmul", "fma",  "load", "store",
                              "add",  "icmp", "br",   "gep",  "fdiv",
                              "call:expf",    "shufflevector", "select",
                              "sitofp", "intr:vector.reduce.fadd", "xyz"};
  static const char *Types[] = {"f32", "f64", "i32", "i64", "ptr", "void",
                                "f16", "i1"};
  Bytes B{Data, Size};
  crop::Graphlet G;
  G.Block = "fuzz";
  boost::add_vertex(crop::GraphletVertex{"V0", "entry", "void", 1, 0, 0}, G.G);
  unsigned N = 1 + B.next() % 48;
  for (unsigned V = 1; V <= N; ++V) {
    uint8_t X = B.next();
    crop::GraphletVertex GV{"V" + std::to_string(V), Ops[X % 16],
                            Types[(X >> 4) % 8], 1u << (B.next() % 6), 0, 0};
    GV.Contract = X & 1;
    GV.Duplicate = (X & 6) == 6;
    boost::add_vertex(GV, G.G);
  }
  while (!B.done()) {
    unsigned From = B.next() % (N + 1), To = B.next() % (N + 1);
    uint8_t K = B.next() % 8;
    crop::DepKind Kind = static_cast<crop::DepKind>(K % 7);
    boost::add_edge(From, To, crop::GraphletEdge{Kind}, G.G);
  }
  crop::SimulatorOptions O;
  O.RobSize = 16 + Data[0 % (Size ? Size : 1)] % 256;
  crop::PipelineSimulator Sim(T, O);
  double Latency = Size > 1 ? double(Data[1]) : -1;
  uint32_t Restart = Size > 2 ? Data[2] % 9 : 0;
  crop::BlockCost C = Sim.simulate(G, Latency, Restart);
  if (!std::isfinite(C.Cycles) || C.Cycles < 0 || !std::isfinite(C.Latency))
    std::abort();
  return 0;
}
