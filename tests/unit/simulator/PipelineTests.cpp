//===- PipelineTests.cpp - The pipeline simulator on graphlets with known costs
//===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Passes/ModuleLoader.h"
#include "crop/Passes/StaticAnalysis.h"
#include "crop/Simulator/PipelineSimulator.h"
#include "crop/Simulator/Superblock.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

using namespace crop;

namespace {

/// A small core: 4-wide, fp x2 (fadd 4 cycles, 2 per cycle), alu x4,
/// load x2 (L1 4 cycles; a 512-bit load 8), store x1, branch x1, one
/// unpipelined divider.
hw::Target synthetic(uint32_t IssueWidth = 4) {
  hw::Target T;
  T.Name = "synthetic";
  hw::CpuParams C;
  C.IssueWidth = IssueWidth;
  C.SimdBits = 512;
  C.Units = {{"fp", 2},    {"alu", 4},    {"load", 2},
             {"store", 1}, {"branch", 1}, {"div", 1}};
  hw::CacheLevel L1;
  L1.Name = "L1d";
  L1.LatencyCycles = 4;
  C.Caches.push_back(L1);
  auto Add = [&](const char *Key, double Lat, double RT, const char *Unit,
                 uint32_t Uops = 1) {
    hw::InstrCost Cost;
    Cost.Latency = Lat;
    Cost.RecipThroughput = RT;
    Cost.Unit = Unit;
    Cost.Uops = Uops;
    C.Instructions[Key] = Cost;
  };
  Add("fadd.f32", 4, 0.5, "fp");
  Add("fdiv.f32", 11, 3, "div");
  Add("add.i64", 1, 0.25, "alu");
  Add("load.f32", 4, 0.5, "load");
  Add("load.f32x16", 8, 0.5, "load");
  Add("load.ptr", 4, 0.5, "load");
  Add("store.f32", 1, 1, "store", 2);
  Add("br.void", 1, 1, "branch");
  T.Cpu = C;
  return T;
}

hw::InstrCost instrCost(double Latency, double RecipThroughput,
                        const char *Unit, uint32_t Uops = 1) {
  hw::InstrCost C;
  C.Latency = Latency;
  C.RecipThroughput = RecipThroughput;
  C.Unit = Unit;
  C.Uops = Uops;
  return C;
}

/// synthetic() as an AVX2 core: 256-bit vectors, 16 YMM registers, an f32x8
/// fadd like the scalar one and f32x8 loads and stores of one per cycle.
hw::Target avx2() {
  hw::Target T = synthetic();
  T.Isa = "x86-64-avx2";
  T.Cpu->SimdBits = 256;
  T.Cpu->Instructions["fadd.f32x8"] = instrCost(4, 0.5, "fp");
  T.Cpu->Instructions["load.f32x8"] = instrCost(4, 1, "load");
  T.Cpu->Instructions["store.f32x8"] = instrCost(1, 1, "store");
  return T;
}

/// Builds graphlets by hand: vertex 0 is the entry.
struct Builder {
  Graphlet G;
  Builder() {
    G.Block = "bb";
    vertex("entry", "void");
  }
  uint32_t vertex(const char *Op, const char *Ty, uint32_t Lanes = 1) {
    GraphletVertex V;
    V.Name = "V" + std::to_string(boost::num_vertices(G.G));
    V.Opcode = Op;
    V.Type = Ty;
    V.Lanes = Lanes;
    return boost::add_vertex(V, G.G);
  }
  void edge(uint32_t From, uint32_t To, DepKind K = DepKind::Data) {
    boost::add_edge(From, To, GraphletEdge{K}, G.G);
  }
  /// Entry edges to the vertices nothing else feeds, as the builder does.
  Graphlet &done() {
    for (uint32_t V = 1; V < boost::num_vertices(G.G); ++V) {
      bool Fed = false;
      for (auto [E, End] = boost::in_edges(V, G.G); E != End; ++E)
        Fed |= G.G[*E].Kind != DepKind::Carried;
      if (!Fed)
        edge(0, V, DepKind::Entry);
    }
    return G;
  }
};

Graphlet faddChain(unsigned N, bool CarriedBack) {
  Builder B;
  uint32_t First = 0, Prev = 0;
  for (unsigned I = 0; I < N; ++I) {
    uint32_t V = B.vertex("fadd", "f32");
    if (I == 0)
      First = V;
    else
      B.edge(Prev, V);
    Prev = V;
  }
  if (CarriedBack)
    B.edge(Prev, First, DepKind::Carried);
  return B.done();
}

/// acc += a[i]: load -> fadd (carried to itself), the branch after both.
Graphlet accumulatorLoop() {
  Builder B;
  uint32_t Ld = B.vertex("load", "f32");
  uint32_t Add = B.vertex("fadd", "f32");
  uint32_t Br = B.vertex("br", "void");
  B.edge(Ld, Add);
  B.edge(Add, Br, DepKind::Control);
  B.edge(Add, Add, DepKind::Carried);
  return B.done();
}

Graphlet independent(const char *Op, const char *Ty, unsigned N) {
  Builder B;
  for (unsigned I = 0; I < N; ++I)
    B.vertex(Op, Ty);
  return B.done();
}

Graphlet loadChain(unsigned N, const char *Ty, uint32_t Lanes, bool Carried) {
  Builder B;
  uint32_t First = 0, Prev = 0;
  for (unsigned I = 0; I < N; ++I) {
    uint32_t V = B.vertex("load", Ty, Lanes);
    if (I == 0)
      First = V;
    else
      B.edge(Prev, V);
    Prev = V;
  }
  if (Carried)
    B.edge(Prev, First, DepKind::Carried);
  return B.done();
}

} // namespace

TEST_CASE("A dependent fadd chain costs n x latency cold", "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  for (unsigned N : {1u, 5u, 12u}) {
    BlockCost C = Sim.blockCost(faddChain(N, /*CarriedBack=*/false));
    CHECK(C.Instructions == N);
    CHECK(C.Latency == Approx(4.0 * N));
    // Back to back, independent executions overlap: the two fp units bound.
    CHECK(C.Cycles == Approx(0.5 * N).epsilon(0.02));
    CHECK(std::string(C.Limit) == "port:fp");
  }
}

TEST_CASE("A chain closed by a carried edge costs n x latency per execution",
          "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  for (unsigned N : {1u, 3u, 8u}) {
    BlockCost C = Sim.blockCost(faddChain(N, /*CarriedBack=*/true));
    CHECK(C.Cycles == Approx(4.0 * N).epsilon(0.01));
    CHECK(C.Latency == Approx(4.0 * N));
    CHECK(std::string(C.Limit) == "latency");
  }
}

TEST_CASE("Independent fadds cost n x reciprocal throughput (port bound)",
          "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  BlockCost C = Sim.blockCost(independent("fadd", "f32", 16));
  CHECK(C.Cycles == Approx(16 * 0.5).epsilon(0.01));
  CHECK(std::string(C.Limit) == "port:fp");
  // Two per cycle from cycle 0: the last starts at cycle 7.
  CHECK(C.Latency == Approx(7 + 4));

  // An unpipelined divider: 3 cycles each, one unit.
  BlockCost D = Sim.blockCost(independent("fdiv", "f32", 4));
  CHECK(D.Cycles == Approx(12).epsilon(0.01));
  CHECK(D.Latency == Approx(9 + 11));
  CHECK(std::string(D.Limit) == "port:div");
}

TEST_CASE("A reciprocal throughput just above 1 costs that, not 2 cycles",
          "[simulator]") {
  // Measured one-port stores come out at 1.07 cycles each. Occupying whole
  // empty cycles would round each to 2: the 0.07 left in the next cycle
  // keeps it from being empty, so the following store waits one more.
  hw::Target T = synthetic();
  hw::InstrCost Store = T.Cpu->Instructions["store.f32"];
  Store.RecipThroughput = 1.07;
  Store.Uops = 1;
  T.Cpu->Instructions["store.f32"] = Store;
  PipelineSimulator Sim(T);
  BlockCost C = Sim.blockCost(independent("store", "f32", 8));
  CHECK(C.Cycles == Approx(8 * 1.07).epsilon(0.02));
  CHECK(std::string(C.Limit) == "port:store");

  // Two loads of 0.54 on three ports do not fit in one cycle: rounding up
  // would make them one a cycle.
  hw::InstrCost Load = T.Cpu->Instructions["load.f32"];
  Load.RecipThroughput = 0.54;
  T.Cpu->Instructions["load.f32"] = Load;
  T.Cpu->Units["load"] = 3;
  PipelineSimulator LoadSim(T);
  BlockCost L = LoadSim.blockCost(independent("load", "f32", 16));
  CHECK(L.Cycles == Approx(16 * 0.54).epsilon(0.02));

  // A divider at 2.5: two in five cycles, not one every three.
  hw::InstrCost Div = T.Cpu->Instructions["fdiv.f32"];
  Div.RecipThroughput = 2.5;
  T.Cpu->Instructions["fdiv.f32"] = Div;
  PipelineSimulator DivSim(T);
  BlockCost D = DivSim.blockCost(independent("fdiv", "f32", 4));
  CHECK(D.Cycles == Approx(10).epsilon(0.02));
}

TEST_CASE("The issue width bounds independent ALU work", "[simulator]") {
  hw::Target T = synthetic(/*IssueWidth=*/2);
  PipelineSimulator Sim(T);
  BlockCost C = Sim.blockCost(independent("add", "i64", 12));
  CHECK(C.Cycles == Approx(6).epsilon(0.01)); // 12 uops, 2 a cycle
  CHECK(std::string(C.Limit) == "issue");

  hw::Target Wide = synthetic(/*IssueWidth=*/8);
  PipelineSimulator WideSim(Wide);
  BlockCost W = WideSim.blockCost(independent("add", "i64", 12));
  CHECK(W.Cycles == Approx(3).epsilon(0.01)); // now 4 ALUs bound
  CHECK(std::string(W.Limit) == "port:alu");
}

TEST_CASE("A carried accumulator costs its latency per execution",
          "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  Graphlet G = accumulatorLoop();
  BlockCost C = Sim.blockCost(G);
  CHECK(C.Instructions == 3);
  CHECK(C.Cycles == Approx(4).epsilon(0.01));
  CHECK(std::string(C.Limit) == "latency");
  CHECK(C.Latency == Approx(4 + 4 + 1));
  // The load's latency is off the carried chain: a slow load changes the
  // cold latency, not the steady state.
  BlockCost Slow = Sim.blockCost(G, 200);
  CHECK(Slow.Cycles == Approx(4).epsilon(0.02));
  CHECK(Slow.Latency == Approx(200 + 4 + 1));
}

TEST_CASE("Chains that restart at each entry overlap in the reorder window",
          "[simulator]") {
  hw::Target T = synthetic();
  // A short reduction innermost: acc += a[k] over 8 k, then the next output
  // (acc = 0 again).
  Graphlet G = accumulatorLoop();
  PipelineSimulator Sim(T);
  // One endless entry: the latency bound, 4 cycles per execution.
  CHECK(Sim.simulate(G).Cycles == Approx(4).epsilon(0.01));
  // Entries of 8 whose chains are independent: a 224-entry window holds
  // about 9 entries, so the core runs them side by side until a port binds:
  // the branch unit (1 per cycle) here.
  BlockCost R = Sim.simulate(G, -1, 8);
  CHECK(R.Cycles == Approx(1).epsilon(0.02));
  CHECK(std::string(R.Limit) == "port:branch");
  // Memoized apart from the endless entry.
  CHECK(Sim.blockCost(G, graphletKey(G), -1, 8).Cycles == Approx(R.Cycles));
  CHECK(Sim.blockCost(G, graphletKey(G), -1, 0).Cycles ==
        Approx(4).epsilon(0.01));
  // Restart every execution: no chain at all, the same port bound.
  CHECK(Sim.simulate(G, -1, 1).Cycles == Approx(1).epsilon(0.02));
  // A window smaller than one entry (8 executions x 3 instructions): only
  // an entry's tail overlaps the next one's head, well above the port bound.
  SimulatorOptions Small;
  Small.RobSize = 16;
  PipelineSimulator Narrow(T, Small);
  double N = Narrow.simulate(G, -1, 8).Cycles;
  CHECK(N > 2 * R.Cycles);
  CHECK(N <= 4.0 + 1e-9);
  // Long entries: the restart matters less and less (never more than the
  // latency bound, never less than the port bound).
  double Prev = 1 - 1e-9;
  for (uint32_t Trip : {8u, 64u, 512u, 4096u}) {
    double C = Sim.simulate(G, -1, Trip).Cycles;
    INFO("trip " << Trip);
    CHECK(C >= Prev);
    CHECK(C <= 4.0 + 1e-9);
    Prev = C;
  }
  CHECK(Prev == Approx(4).epsilon(0.01));
}

TEST_CASE("Load chains take the memory model's latency", "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  Graphlet Chain = loadChain(4, "f32", 1, /*Carried=*/true);
  CHECK(Sim.blockCost(Chain).Cycles == Approx(4 * 4).epsilon(0.01));
  CHECK(Sim.blockCost(Chain, 50).Cycles == Approx(4 * 50).epsilon(0.01));
  CHECK(Sim.blockCost(Chain, 37.5).Latency == Approx(4 * 37.5));
  CHECK(Sim.blockCost(Chain, 37.5).Cycles == Approx(4 * 37.5).epsilon(0.01));
  // A 512-bit load keeps what the descriptor charges beyond L1 (8 - 4).
  Graphlet Wide = loadChain(2, "f32", 16, /*Carried=*/true);
  CHECK(Sim.blockCost(Wide).Cycles == Approx(2 * 8).epsilon(0.01));
  CHECK(Sim.blockCost(Wide, 50).Cycles == Approx(2 * 54).epsilon(0.01));
}

TEST_CASE("The reorder window bounds overlap of uncarried chains",
          "[simulator]") {
  hw::Target T = synthetic();
  // 16 dependent loads of 100 cycles, nothing carried, in a 16-entry window.
  // Execution 0 retires its loads at 100, 200 .. 1600. Load j of execution 1
  // enters when load j of execution 0 retires, finishes at 100 (j + 1), but
  // retires in order after 1600: loads 1-15 at 1600, load 16 at 1700. So
  // execution 2 starts at 1600 and the pattern repeats: 2 executions per
  // 1600 cycles.
  Graphlet Chain = loadChain(16, "f32", 1, /*Carried=*/false);
  SimulatorOptions Small;
  Small.RobSize = 16;
  PipelineSimulator Sim(T, Small);
  BlockCost C = Sim.blockCost(Chain, 100);
  CHECK(C.Latency == Approx(1600));
  CHECK(C.Cycles == Approx(800).epsilon(0.01));
  CHECK(std::string(C.Limit) == "latency");
  // A larger window overlaps more, never less.
  double Prev = C.Cycles;
  for (uint32_t Rob : {32u, 64u, 224u, 1024u}) {
    SimulatorOptions O;
    O.RobSize = Rob;
    PipelineSimulator S(T, O);
    double Cycles = S.blockCost(Chain, 100).Cycles;
    INFO("ROB " << Rob);
    CHECK(Cycles <= Prev + 1e-9);
    CHECK(Cycles >= 16 * 100.0 / Rob - 1e-9); // Little's law
    Prev = Cycles;
  }
  // A window large enough: the load ports bound (16 loads, 2 a cycle).
  SimulatorOptions Big;
  Big.RobSize = 1 << 14;
  Big.MaxCopies = 4096;
  PipelineSimulator BigSim(T, Big);
  BlockCost B = BigSim.blockCost(Chain, 100);
  CHECK(B.Cycles == Approx(8).epsilon(0.02));
  CHECK(std::string(B.Limit) == "port:load");
}

TEST_CASE("The FP scheduler bounds how many FP operations wait at once",
          "[simulator]") {
  hw::Target T = synthetic();
  // 16 dependent fadds, nothing carried: back-to-back executions overlap
  // as far as the window lets FP operations wait for their operands.
  Graphlet Chain = faddChain(16, /*CarriedBack=*/false);
  auto cycles = [&](uint32_t Sched) {
    SimulatorOptions O;
    O.RobSize = 1 << 12;
    O.MaxCopies = 1024;
    O.FpSchedulerSize = Sched;
    return PipelineSimulator(T, O).simulate(Chain).Cycles;
  };
  double Unbounded = cycles(0), Wide = cycles(64), Narrow = cycles(8);
  // Unbounded: the fp ports (2 a cycle) bind.
  CHECK(Unbounded == Approx(8).epsilon(0.02));
  CHECK(Narrow > Wide);
  CHECK(Wide >= Unbounded - 1e-9);
  // 8 waiting adds of 4 cycles each: about 2 adds complete a cycle at most
  // (Little's law), so no better than 16 x 4 / 8 cycles an execution.
  CHECK(Narrow >= 16 * 4.0 / 8 - 1e-9);
  // Integer work does not take FP scheduler entries.
  Builder B;
  uint32_t Prev = 0;
  for (int I = 0; I < 16; ++I) {
    uint32_t V = B.vertex("add", "i64");
    if (Prev)
      B.edge(Prev, V);
    Prev = V;
  }
  Graphlet Int = B.done();
  SimulatorOptions O;
  O.FpSchedulerSize = 4;
  SimulatorOptions Off;
  CHECK(PipelineSimulator(T, O).simulate(Int).Cycles ==
        Approx(PipelineSimulator(T, Off).simulate(Int).Cycles));
}

TEST_CASE("FP operations enter the pickable schedulers in order",
          "[simulator]") {
  hw::Target T = synthetic();
  // An accumulator whose chain restarts every 64 executions: with a wide
  // window the entries' chains run side by side. When only 16 waiting FP
  // operations can be picked, an entry's first add cannot start before
  // the add 16 places earlier, 48 adds into the previous entry's chain.
  Graphlet Acc = faddChain(1, /*CarriedBack=*/true);
  auto cycles = [&](uint32_t Pick) {
    SimulatorOptions O;
    O.RobSize = 1 << 12;
    O.MaxCopies = 1024;
    O.FpPickableSize = Pick;
    return PipelineSimulator(T, O).simulate(Acc, -1, 64).Cycles;
  };
  double Latency = PipelineSimulator(T).simulate(Acc).Cycles;
  double Open = cycles(0), Wide = cycles(256), Narrow = cycles(16);
  INFO("latency " << Latency << ", open " << Open << ", narrow " << Narrow);
  CHECK(Open < 0.5 * Latency);
  CHECK(Wide == Approx(Open).epsilon(0.05));
  CHECK(Narrow >= 0.7 * Latency);
  CHECK(Narrow <= Latency + 1e-9);
}

TEST_CASE("Stores of vector registers hold the port FMAs share where the "
          "descriptor says so",
          "[simulator]") {
  // Per execution: two independent 256-bit FMAs and a store of a vector
  // register (a different value: no chain). Alone, the FMAs take one cycle
  // of the two FP pipes and the store one of the store unit, side by side.
  // With store_fma_port 0.9 the store also holds the FMAs' port 0.9 cycles,
  // so the block takes 2 x 0.5 + 0.9 = 1.9 cycles (Zen 3 VM's probe: 1.85).
  hw::Target T = avx2();
  T.Cpu->Instructions["fma.f32x8"] = instrCost(4, 0.5, "fp");
  T.Cpu->Instructions["fmul.f32x8"] = instrCost(3, 0.5, "fp");
  auto block = [](const char *Arith) {
    Builder B;
    B.vertex(Arith, "f32", 8);
    B.vertex(Arith, "f32", 8);
    B.vertex("store", "f32", 8);
    return B.done();
  };
  Graphlet Fma = block("fma"), Mul = block("fmul");
  SimulatorOptions O;
  O.MaxCopies = 256;
  double Apart = PipelineSimulator(T, O).simulate(Fma).Cycles;
  T.Cpu->StoreFmaPortCycles = 0.9;
  double Shared = PipelineSimulator(T, O).simulate(Fma).Cycles;
  double MulShared = PipelineSimulator(T, O).simulate(Mul).Cycles;
  CHECK(Apart == Approx(1.0).epsilon(0.05));
  CHECK(Shared == Approx(1.9).epsilon(0.05));
  // Multiplies do not take the port: the probe's M+M+S groups cost 1.0.
  CHECK(MulShared == Approx(1.0).epsilon(0.05));
}

TEST_CASE("FMAs fed by FP adds take the descriptor's forwarding delay",
          "[simulator]") {
  // A variance loop's step, as TVM's layernorm runs it: d = x - mean, then
  // acc = fma(d, d, acc) carried to the next execution. The chain is the
  // FMA's 4 cycles; where fadd_to_fma_extra says a 128-bit add's result
  // reaches the multipliers a cycle late (Golden Cove: 5 cycles a step,
  // measured), every step of the chain pays it, though the subtract itself
  // is off the chain.
  hw::Target T = avx2();
  T.Cpu->Instructions["fsub.f32"] = instrCost(2, 0.5, "fadd");
  T.Cpu->Instructions["fsub.f32x16"] = instrCost(4, 0.5, "fp");
  T.Cpu->Instructions["fma.f32"] = instrCost(4, 0.5, "fp");
  T.Cpu->Instructions["fma.f32x16"] = instrCost(4, 0.5, "fp");
  T.Cpu->Instructions["fmul.f32"] = instrCost(4, 0.5, "fp");
  T.Cpu->SimdBits = 512;
  auto step = [](const char *Feed, const char *Ty, uint32_t Lanes) {
    Builder B;
    uint32_t Sub = B.vertex(Feed, Ty, Lanes);
    uint32_t Fma = B.vertex("fma", Ty, Lanes);
    B.edge(Sub, Fma);
    B.edge(Fma, Fma, DepKind::Carried);
    return B.done();
  };
  Graphlet Fed = step("fsub", "f32", 1), Mul = step("fmul", "f32", 1),
           Wide = step("fsub", "f32", 16);
  auto cycles = [&](const Graphlet &G) {
    return PipelineSimulator(T).simulate(G).Cycles;
  };
  CHECK(cycles(Fed) == Approx(4.0).epsilon(0.02));
  T.Cpu->FaddToFmaExtraCycles = {{128, 1.0}, {256, 1.0}};
  CHECK(cycles(Fed) == Approx(5.0).epsilon(0.02));
  // A multiply feeding the FMA, and a 512-bit subtract (no extra given for
  // 512 bits: Golden Cove runs those on the FMA units), change nothing.
  CHECK(cycles(Mul) == Approx(4.0).epsilon(0.02));
  CHECK(cycles(Wide) == Approx(4.0).epsilon(0.02));
  // A program compiled for 256-bit vectors splits the 512-bit subtract into
  // two 256-bit ones, which do pay.
  SimulatorOptions Narrow;
  Narrow.VectorBits = 256;
  T.Cpu->Instructions["fsub.f32x8"] = instrCost(2, 0.5, "fadd");
  T.Cpu->Instructions["fma.f32x8"] = instrCost(4, 0.5, "fp");
  CHECK(PipelineSimulator(T, Narrow).simulate(Wide).Cycles ==
        Approx(5.0).epsilon(0.02));
}

/// Steady-state cycles of G (loads of LoadLatency cycles) in a window wide
/// enough that only the queue set by Queue (a SimulatorOptions member, to
/// Size entries; 0: not modelled) can bound it.
static double withQueue(const hw::Target &T, const Graphlet &G,
                        uint32_t SimulatorOptions::*Queue, uint32_t Size,
                        double LoadLatency) {
  SimulatorOptions O;
  O.RobSize = 1 << 12;
  O.MaxCopies = 1024;
  O.*Queue = Size;
  return PipelineSimulator(T, O).simulate(G, LoadLatency).Cycles;
}

TEST_CASE("The load queue bounds how many loads are in flight", "[simulator]") {
  hw::Target T = synthetic();
  // 16 independent loads of 100 cycles: with a wide window their misses
  // overlap up to the load ports; with 8 load-queue entries, held until
  // each load retires, at most 8 are in flight (Little's law).
  Graphlet Loads = independent("load", "f32", 16);
  auto cycles = [&](uint32_t Lq) {
    return withQueue(T, Loads, &SimulatorOptions::LoadQueueSize, Lq, 100);
  };
  double Open = cycles(0), Wide = cycles(4096), Narrow = cycles(8);
  INFO("open " << Open << ", narrow " << Narrow);
  CHECK(Wide == Approx(Open).epsilon(0.02));
  CHECK(Narrow >= 16 * 100.0 / 8 - 1e-9);
  CHECK(Narrow > 2 * Open);
  // Other instructions take no load-queue entries.
  Graphlet Adds = independent("fadd", "f32", 16);
  SimulatorOptions O;
  O.LoadQueueSize = 4;
  CHECK(PipelineSimulator(T, O).simulate(Adds).Cycles ==
        Approx(PipelineSimulator(T).simulate(Adds).Cycles));
}

TEST_CASE("The store queue holds stores until they commit", "[simulator]") {
  hw::Target T = synthetic();
  // Each execution: a 100-cycle load, then 16 stores that do not need it.
  // With a wide window the loads of successive executions overlap and the
  // stores go at the store unit's rate; a store commits only after it
  // retires, behind its execution's load, so with 8 store-queue entries
  // an execution's ninth store waits for that load: one load latency per
  // execution, no overlap.
  Builder B;
  B.vertex("load", "f32");
  for (int I = 0; I < 16; ++I)
    B.vertex("store", "f32");
  Graphlet G = B.done();
  auto cycles = [&](uint32_t Sq) {
    return withQueue(T, G, &SimulatorOptions::StoreQueueSize, Sq, 100);
  };
  double Open = cycles(0), Wide = cycles(4096), Narrow = cycles(8);
  INFO("open " << Open << ", narrow " << Narrow);
  CHECK(Wide == Approx(Open).epsilon(0.02));
  CHECK(Open < 40);
  CHECK(Narrow >= 100 - 1e-9);
  CHECK(Narrow < 100 + 16);
  // Loads take no store-queue entries.
  Graphlet Loads = independent("load", "f32", 16);
  SimulatorOptions O;
  O.StoreQueueSize = 4;
  CHECK(PipelineSimulator(T, O).simulate(Loads, 100).Cycles ==
        Approx(PipelineSimulator(T).simulate(Loads, 100).Cycles));
}

TEST_CASE("Free instructions cost nothing; unknown opcodes get defaults",
          "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  {
    // gep -> load: the gep folds into the load's address.
    Builder B;
    uint32_t Gep = B.vertex("gep", "ptr");
    uint32_t Ld = B.vertex("load", "f32");
    uint32_t Cast = B.vertex("bitcast", "i32");
    uint32_t Add = B.vertex("fadd", "f32");
    B.edge(Gep, Ld);
    B.edge(Ld, Cast);
    B.edge(Cast, Add);
    BlockCost C = Sim.blockCost(B.done());
    CHECK(C.Instructions == 2);
    CHECK(C.Latency == Approx(4 + 4));
  }
  {
    // A gep that is a pointer increment (carried) is an add.
    Builder B;
    uint32_t Gep = B.vertex("gep", "ptr");
    uint32_t Ld = B.vertex("load", "f32");
    B.edge(Gep, Ld);
    B.edge(Gep, Gep, DepKind::Carried);
    BlockCost C = Sim.blockCost(B.done());
    CHECK(C.Instructions == 2);
    CHECK(C.Latency == Approx(1 + 4));
  }
  {
    // No descriptor entry: a call is expensive, an integer op is an ALU op.
    Builder B;
    uint32_t Call = B.vertex("call:mystery", "f32");
    uint32_t Xor = B.vertex("xor", "i32");
    B.edge(Call, Xor);
    BlockCost C = Sim.blockCost(B.done());
    CHECK(C.Instructions == 2);
    CHECK(C.Latency == Approx(20 + 1));
  }
}

TEST_CASE("Locked read-modify-writes the descriptor lacks cost its integer one",
          "[simulator]") {
  // Each an FP atomic add, a compare-and-swap or a fence, alone in a block.
  auto latency = [](const hw::Target &T, const char *Op, const char *Ty) {
    Builder B;
    B.vertex(Op, Ty);
    return PipelineSimulator(T).blockCost(B.done()).Latency;
  };
  hw::Target Bare = synthetic();
  CHECK(latency(Bare, "atomicrmw", "f32") == Approx(20));
  CHECK(latency(Bare, "cmpxchg", "i64") == Approx(20));
  hw::Target T = synthetic();
  T.Cpu->Instructions["atomicrmw.i32"] = instrCost(8, 7.5, "store", 8);
  T.Cpu->Instructions["atomicrmw.i64"] = instrCost(9, 7.5, "store", 8);
  CHECK(latency(T, "atomicrmw", "f32") == Approx(8));
  CHECK(latency(T, "atomicrmw", "f64") == Approx(9));
  CHECK(latency(T, "cmpxchg", "i32") == Approx(8));
  CHECK(latency(T, "fence", "void") == Approx(8));
}

TEST_CASE("Results are memoized by structure and load latency", "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  Graphlet A = faddChain(6, true);
  Graphlet B = faddChain(6, true);
  B.Block = "another_block"; // Names are not part of the identity.
  BlockCost First = Sim.blockCost(A, 10);
  uint64_t Simulated = Sim.simulatedInstructions();
  CHECK(Simulated > 0);
  BlockCost Again = Sim.blockCost(B, 10);
  CHECK(Sim.simulatedInstructions() == Simulated);
  CHECK(Sim.cacheSize() == 1);
  CHECK(Again.Cycles == First.Cycles);
  CHECK(Again.Latency == First.Latency);
  CHECK(Again.Instructions == First.Instructions);
  CHECK(std::string(Again.Limit) == First.Limit);
  CHECK(Sim.blockCost(A, graphletKey(A), 10).Cycles == First.Cycles);
  CHECK(Sim.simulatedInstructions() == Simulated);

  // Another load latency, or another structure, is simulated anew.
  Sim.blockCost(A, 20);
  CHECK(Sim.simulatedInstructions() > Simulated);
  CHECK(Sim.cacheSize() == 2);
  Graphlet C = faddChain(6, false);
  CHECK(!(graphletKey(C) == graphletKey(A)));
  Sim.blockCost(C, 10);
  CHECK(Sim.cacheSize() == 3);

  // simulate() never uses the cache and gives the same answer.
  uint64_t Before = Sim.simulatedInstructions();
  CHECK(Sim.simulate(A, 10).Cycles == First.Cycles);
  CHECK(Sim.simulatedInstructions() > Before);
  CHECK(Sim.cacheSize() == 3);
}

TEST_CASE("Fig. 3's graphlets on gold5220r", "[simulator]") {
  llvm::LLVMContext Ctx;
  auto M = loadModule(CROP_SOURCE_DIR "/examples/fig3.ll", Ctx);
  REQUIRE(bool(M));
  auto Static = analyzeModule(**M);
  REQUIRE(bool(Static));
  auto Target = hw::findTarget("gold5220r");
  REQUIRE(bool(Target));
  PipelineSimulator Sim(*Target);
  SimulatorOptions NoFusion;
  NoFusion.X86Fusion = false;
  PipelineSimulator Plain(*Target, NoFusion);
  const FunctionStatic &F = Static->front();
  unsigned Seen = 0;
  for (const Graphlet &G : F.Graphlets.Blocks) {
    BlockCost C = Sim.blockCost(G);
    BlockCost U = Plain.blockCost(G);
    INFO(G.Block);
    CHECK(C.Cycles > 0);
    CHECK(C.Cycles <= C.Latency + 1e-9);
    CHECK(C.Cycles <= U.Cycles + 1e-9);
    // Without fusion every instruction takes its own issue slot.
    CHECK(U.Cycles >= double(U.Instructions) / Target->Cpu->IssueWidth - 1e-9);
    CHECK(C.Instructions <= G.numInstructions());
    if (G.Block == "for.body9") {
      // load a, load b -> imul (3) -> add c -> store x -> br: 4+3+1+1+1
      // cold; back to back, 8 uops on a 4-wide core (the store is 2).
      ++Seen;
      CHECK(U.Instructions == 7);
      CHECK(U.Latency == Approx(10));
      CHECK(U.Cycles == Approx(2).epsilon(0.02));
      CHECK(std::string(U.Limit) == "issue");
      // x86: load a folds into the imul, load c into the add: 6 uops, and
      // 3 loads on 2 ports: 1.5 cycles. Latency unchanged.
      CHECK(C.Latency == Approx(10));
      CHECK(C.Cycles == Approx(1.5).epsilon(0.02));
    }
    if (G.Block == "for.cond7") {
      // load j, load n -> icmp -> br: the compare fuses with the branch.
      CHECK(U.Instructions == 4);
      CHECK(C.Instructions == 3);
      CHECK(C.Latency == Approx(U.Latency - 1));
    }
  }
  CHECK(Seen == 1);
  for (const auto &[Pair, G] : F.Graphlets.Superblocks) {
    BlockCost C = Sim.blockCost(G);
    INFO(Pair.first << " -> " << Pair.second);
    CHECK(C.Cycles > 0);
    CHECK(C.Instructions <= G.numInstructions());
  }
}

TEST_CASE("Fractional throughputs and long latencies", "[simulator]") {
  hw::Target T = synthetic(/*IssueWidth=*/8);
  hw::InstrCost Neg;
  Neg.Latency = 1;
  Neg.RecipThroughput = 0.33; // three a cycle on four ALUs
  Neg.Unit = "alu";
  T.Cpu->Instructions["fneg.f32"] = Neg;
  PipelineSimulator Sim(T);
  BlockCost C = Sim.blockCost(independent("fneg", "f32", 12));
  // Fluid capacity: n x RecipThroughput exactly (3.96, about 3 a cycle).
  CHECK(C.Cycles == Approx(12 * 0.33).epsilon(0.01));
  CHECK(std::string(C.Limit) == "port:alu");

  // Latencies far beyond the reservation table's first size.
  Graphlet Chain = loadChain(8, "f32", 1, /*Carried=*/true);
  CHECK(Sim.blockCost(Chain, 5000).Cycles == Approx(8 * 5000).epsilon(0.001));
  Graphlet Open = loadChain(8, "f32", 1, /*Carried=*/false);
  BlockCost O = Sim.blockCost(Open, 5000);
  CHECK(O.Latency == Approx(8 * 5000));
  // 224 entries in flight, each at least 5000 cycles: Little's law.
  CHECK(O.Cycles >= 8 * 5000.0 / 224 - 1e-9);
  CHECK(O.Cycles <= 8 * 5000.0 + 1e-9);
}

TEST_CASE("Degenerate graphlets", "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  Builder Empty;
  BlockCost E = Sim.blockCost(Empty.done());
  CHECK(E.Cycles == 0);
  CHECK(E.Latency == 0);
  CHECK(E.Instructions == 0);
  // A cycle of non-carried edges is no graphlet the builder makes; the
  // simulator still answers (serially) rather than loop or crash.
  Builder Cyc;
  uint32_t A = Cyc.vertex("fadd", "f32");
  uint32_t B = Cyc.vertex("fadd", "f32");
  Cyc.edge(A, B);
  Cyc.edge(B, A);
  BlockCost C = Sim.blockCost(Cyc.G);
  CHECK(C.Instructions == 2);
  CHECK(C.Cycles == Approx(8));
}

TEST_CASE("A superblock is simulated as one unit", "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  // Head: a 3-fadd chain and its branch; successor: a 3-fadd chain that
  // uses the head's result, and its branch.
  Builder B;
  B.G.Successor = "succ";
  uint32_t H1 = B.vertex("fadd", "f32"), H2 = B.vertex("fadd", "f32"),
           H3 = B.vertex("fadd", "f32"), HBr = B.vertex("br", "void");
  uint32_t S1 = B.vertex("fadd", "f32"), S2 = B.vertex("fadd", "f32"),
           S3 = B.vertex("fadd", "f32"), SBr = B.vertex("br", "void");
  for (uint32_t V : {S1, S2, S3, SBr})
    B.G.G[V].Part = 1;
  B.edge(H1, H2);
  B.edge(H2, H3);
  B.edge(H3, HBr, DepKind::Control);
  B.edge(H3, S1);
  B.edge(S1, S2);
  B.edge(S2, S3);
  B.edge(S3, SBr, DepKind::Control);
  BlockCost C = Sim.blockCost(B.done());
  CHECK(C.Instructions == 8);
  CHECK(C.Latency == Approx(6 * 4 + 1)); // one chain through both parts
  // Back to back: 6 fadds on two fp units, 2 branches on one unit.
  CHECK(C.Cycles == Approx(3).epsilon(0.02));
}

TEST_CASE("epyc7763 runs fadds on their own pipes", "[simulator]") {
  auto T = hw::findTarget("epyc7763");
  REQUIRE(bool(T));
  PipelineSimulator Sim(*T);
  // fadd (3 cycles) on the two FADD pipes and fmul on the two FMA pipes
  // run side by side: 8 of each take 4 cycles, not 8.
  Builder B;
  for (int I = 0; I < 8; ++I) {
    B.vertex("fadd", "f32", 8);
    B.vertex("fmul", "f32", 8);
  }
  BlockCost C = Sim.blockCost(B.done());
  CHECK(C.Cycles == Approx(4).epsilon(0.02));
  CHECK(Sim.blockCost(faddChain(5, true)).Cycles ==
        Approx(5 * 3).epsilon(0.01));
}

TEST_CASE("Extreme load latencies", "[simulator]") {
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  Graphlet Chain = loadChain(4, "f32", 1, /*Carried=*/true);
  // Far beyond the reservation horizon: the chain still decides.
  CHECK(Sim.blockCost(Chain, 1e5).Cycles == Approx(4e5).epsilon(1e-6));
  BlockCost Open = Sim.blockCost(loadChain(64, "f32", 1, false), 1e5);
  CHECK(Open.Latency == Approx(64e5));
  CHECK(std::isfinite(Open.Cycles));
  // NaN and negative values mean the descriptor's latency.
  double NaN = std::numeric_limits<double>::quiet_NaN();
  CHECK(Sim.blockCost(Chain, NaN).Cycles == Approx(16).epsilon(0.01));
  CHECK(Sim.blockCost(Chain, -3).Cycles == Approx(16).epsilon(0.01));
}

TEST_CASE("An instruction of absurdly many uops is bounded", "[simulator]") {
  // Found by fuzz_profile: a cost of 2^32 - 8 uops was dispatched one slot
  // at a time, for ever. No instruction takes thousands of issue slots.
  hw::Target T = synthetic();
  T.Cpu->Instructions["fadd.f32"].Uops = 4000000000u;
  PipelineSimulator Sim(T);
  BlockCost C = Sim.blockCost(faddChain(3, /*CarriedBack=*/true));
  CHECK(std::isfinite(C.Cycles));
  CHECK(C.Cycles == Approx(3 * 4096 / 4.0).epsilon(0.05));
}

TEST_CASE("Spill traffic of absurd counts is bounded", "[simulator]") {
  // Found by fuzz_profile: a live-in of 536 870 908 pointer lanes wanted
  // 2^27 reloads, each an instruction appended to the program (12 GB). At
  // most MaxAppended independent instructions are added to a graphlet.
  hw::Target T = avx2();
  Builder B;
  B.vertex("fadd", "f32", 8);
  Graphlet G = B.done();
  G.LiveIns.push_back({"f32", 536870908, 0, 1});
  PipelineSimulator Sim(T);
  BlockCost C = Sim.simulate(G);
  CHECK(std::isfinite(C.Cycles));
  // 16 384 reloads on the load ports, one per cycle at most.
  CHECK(C.Cycles == Approx(16384.0).epsilon(0.05));
}

TEST_CASE("One simulator answers as fresh ones do", "[simulator]") {
  // State kept between runs (reservation table, hints) must not leak.
  llvm::LLVMContext Ctx;
  auto M = loadModule(CROP_BINARY_DIR "/examples/matmul_tiled.ll", Ctx);
  REQUIRE(bool(M));
  auto Static = analyzeModule(**M);
  REQUIRE(bool(Static));
  auto Target = hw::findTarget("gold5220r");
  REQUIRE(bool(Target));
  PipelineSimulator Shared(*Target);
  unsigned N = 0;
  for (const FunctionStatic &F : *Static)
    for (const Graphlet &G : F.Graphlets.Blocks)
      for (double Load : {-1.0, 300.0, 5e4, 14.0}) {
        PipelineSimulator Fresh(*Target);
        BlockCost A = Shared.simulate(G, Load), B = Fresh.simulate(G, Load);
        INFO(F.Name << ":" << G.Block << " load " << Load);
        CHECK(A.Cycles == B.Cycles);
        CHECK(A.Latency == B.Latency);
        CHECK(std::string(A.Limit) == B.Limit);
        CHECK(A.Cycles > 0);
        ++N;
      }
  CHECK(N > 40);
}

TEST_CASE("Limit outlives the simulator", "[simulator]") {
  hw::Target T = synthetic();
  BlockCost C;
  {
    PipelineSimulator Sim(T);
    C = Sim.blockCost(independent("fadd", "f32", 8));
  }
  // Allocate and free a few simulators over the old one's memory.
  for (int I = 0; I < 4; ++I) {
    PipelineSimulator Other(T);
    Other.blockCost(independent("add", "i64", 8));
  }
  CHECK(std::string(C.Limit) == "port:fp");
}

TEST_CASE("x86 fusion takes issue slots, not ports or latency", "[simulator]") {
  hw::Target T = synthetic(/*IssueWidth=*/1);
  T.Isa = "x86-64";
  // Two loads feeding one fadd: only one becomes its memory operand.
  Builder B;
  uint32_t L1 = B.vertex("load", "f32"), L2 = B.vertex("load", "f32");
  uint32_t Add = B.vertex("fadd", "f32");
  uint32_t Cmp = B.vertex("icmp", "i1"), Br = B.vertex("br", "void");
  B.edge(L1, Add);
  B.edge(L2, Add);
  B.edge(Add, Br, DepKind::Control);
  B.edge(Cmp, Br);
  Graphlet &G = B.done();
  PipelineSimulator Fused(T);
  BlockCost F = Fused.blockCost(G);
  CHECK(F.Cycles == Approx(3).epsilon(0.01)); // load, fadd(+load), br(+cmp)
  CHECK(F.Latency == Approx(4 + 4 + 1));
  CHECK(F.Instructions == 4);
  SimulatorOptions Off;
  Off.X86Fusion = false;
  PipelineSimulator Plain(T, Off);
  BlockCost P = Plain.blockCost(G);
  CHECK(P.Cycles == Approx(5).epsilon(0.01));
  CHECK(P.Instructions == 5);
  // Not x86: no fusion.
  T.Isa = "aarch64";
  PipelineSimulator Arm(T);
  CHECK(Arm.blockCost(G).Cycles == Approx(5).epsilon(0.01));
}

TEST_CASE("x86: a vector extension of its load is one instruction",
          "[simulator]") {
  // Eight int8 loads widened to int32 (a quantized kernel's operands): x86
  // extends from memory in one vpmovzxbd where the register entry, half a
  // round trip through a cross-lane truncation, costs three uops.
  hw::Target T = synthetic(/*IssueWidth=*/8);
  T.Isa = "x86-64";
  T.Cpu->Instructions["zext.i32x8"] = instrCost(6, 1.5, "fp", 3);
  auto Widen = [](const char *Ext, bool FromLoad) {
    Builder B;
    for (int I = 0; I < 8; ++I) {
      uint32_t Src =
          FromLoad ? B.vertex("load", "i8", 8) : B.vertex("xor", "i8", 8);
      B.edge(Src, B.vertex(Ext, "i32", 8));
    }
    return B.done();
  };
  Graphlet Loaded = Widen("zext", true);
  BlockCost Before = PipelineSimulator(T).blockCost(Loaded);
  CHECK(Before.Cycles == Approx(12).epsilon(0.05)); // 8 x 1.5 on fp
  T.Cpu->Instructions["load_zext.i32x8"] = instrCost(4, 0.5, "fp");
  PipelineSimulator Sim(T);
  CHECK(Sim.blockCost(Loaded).Cycles == Approx(4).epsilon(0.05));
  // The latency the entry adds follows the load's: 4 where it was 6.
  CHECK(Sim.blockCost(Loaded).Latency < Before.Latency - 1.9);
  // Of a register, and a sign extension without its own entry: as before.
  CHECK(Sim.blockCost(Widen("zext", false)).Cycles == Approx(12).epsilon(0.05));
  CHECK(
      Sim.blockCost(Widen("sext", true)).Cycles ==
      Approx(
          PipelineSimulator(synthetic(8)).blockCost(Widen("sext", true)).Cycles)
          .epsilon(0.01));
  // Not x86 (AArch64 loads, then widens: ushll): the register entry.
  T.Isa = "aarch64";
  CHECK(PipelineSimulator(T).blockCost(Loaded).Cycles ==
        Approx(12).epsilon(0.05));
}

TEST_CASE("A self-loop superblock carries the block's recurrence",
          "[simulator][superblock]") {
  // The block: acc = fadd(acc, x), carried. Its superblock with itself, as
  // the analyzer builds it: the head's fadd feeds the tail's (a data edge),
  // and nothing carries the tail's result into the next pair.
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  Builder H;
  uint32_t A = H.vertex("fadd", "f32");
  H.edge(A, A, DepKind::Carried);
  Graphlet Head = H.done();
  Head.Block = "loop";
  Builder S;
  uint32_t SA = S.vertex("fadd", "f32");
  uint32_t SB = S.vertex("fadd", "f32");
  S.G.G[SB].Part = 1;
  S.G.G[SB].Name = "S1_V1";
  S.edge(SA, SB);
  Graphlet Sb = S.done();
  Sb.Block = "loop";
  Sb.Successor = "loop";

  // As the profile has it: two independent fadds a pair, port bound.
  CHECK(Sim.simulate(Sb).Cycles == Approx(1.0).epsilon(0.05));
  std::optional<Graphlet> W = superblockWithCarried(Sb, Head, Head);
  REQUIRE(W);
  // Carried: the tail's fadd feeds the next pair's head, a chain of two
  // 4-cycle fadds per pair, the block's own cost twice.
  CHECK(Sim.simulate(*W).Cycles == Approx(8.0).epsilon(0.01));
  CHECK(Sim.simulate(*W).Cycles ==
        Approx(2 * Sim.simulate(Head).Cycles).epsilon(0.01));
  // Already carried: left alone.
  CHECK_FALSE(superblockWithCarried(*W, Head, Head));

  // Into another block: the head's recurrence stays within its part.
  Builder X;
  X.vertex("add", "i64");
  Graphlet Exit = X.done();
  Exit.Block = "exit";
  Builder S2;
  uint32_t HA = S2.vertex("fadd", "f32");
  uint32_t XA = S2.vertex("add", "i64");
  S2.G.G[XA].Part = 1;
  (void)HA;
  Graphlet Sb2 = S2.done();
  Sb2.Block = "loop";
  Sb2.Successor = "exit";
  std::optional<Graphlet> W2 = superblockWithCarried(Sb2, Head, Exit);
  REQUIRE(W2);
  CHECK(Sim.simulate(*W2).Cycles == Approx(4.0).epsilon(0.01));
  // Vertices that do not line up with the blocks: nothing is guessed.
  CHECK_FALSE(superblockWithCarried(Sb2, Head, Head));
}

TEST_CASE("A self-loop superblock keeps a recurrence through memory",
          "[simulator][superblock]") {
  // out[0] += x, the accumulator in memory: load -> fadd -> store, the store
  // forwarded to the next iteration's load (a Carried edge in the block).
  // In B+B the analyzer orders the head's store before the tail's load with
  // a raw edge, which the simulator drops as speculated: the restored
  // superblock must chain through it, two chains per pair.
  hw::Target T = synthetic();
  PipelineSimulator Sim(T);
  Builder H;
  uint32_t L = H.vertex("load", "f32");
  uint32_t A = H.vertex("fadd", "f32");
  uint32_t St = H.vertex("store", "f32");
  H.edge(L, A);
  H.edge(A, St);
  H.edge(St, L, DepKind::Carried);
  Graphlet Head = H.done();
  Head.Block = "loop";
  const double Chain = 4 + 4 + 1; // load, fadd, store latencies
  CHECK(Sim.simulate(Head).Cycles == Approx(Chain).epsilon(0.01));

  Builder S;
  uint32_t HL = S.vertex("load", "f32");
  uint32_t HA = S.vertex("fadd", "f32");
  uint32_t HS = S.vertex("store", "f32");
  uint32_t TL = S.vertex("load", "f32");
  uint32_t TA = S.vertex("fadd", "f32");
  uint32_t TS = S.vertex("store", "f32");
  for (uint32_t V : {TL, TA, TS})
    S.G.G[V].Part = 1;
  S.edge(HL, HA);
  S.edge(HA, HS);
  S.edge(TL, TA);
  S.edge(TA, TS);
  S.edge(HS, TL, DepKind::MemRAW);
  S.edge(HL, TS, DepKind::MemWAR);
  Graphlet Sb = S.done();
  Sb.Block = "loop";
  Sb.Successor = "loop";
  std::optional<Graphlet> W = superblockWithCarried(Sb, Head, Head);
  REQUIRE(W);
  CHECK(Sim.simulate(*W).Cycles == Approx(2 * Chain).epsilon(0.01));
}

TEST_CASE("Loads do not wait for stores that only may alias them",
          "[simulator]") {
  // store a; load b (may alias a); fadd; store ...: four such steps. With
  // memory disambiguation the loads run ahead (port bound); waiting on the
  // may-alias edges would chain load, fadd and store of every step.
  Builder B;
  uint32_t PrevStore = 0;
  for (int I = 0; I < 4; ++I) {
    uint32_t L = B.vertex("load", "f32");
    uint32_t A = B.vertex("fadd", "f32");
    uint32_t S = B.vertex("store", "f32");
    B.edge(L, A);
    B.edge(A, S);
    if (PrevStore) {
      B.edge(PrevStore, L, DepKind::MemRAW);
      B.edge(PrevStore, S, DepKind::MemWAW);
    }
    PrevStore = S;
  }
  Graphlet G = B.done();
  hw::Target T = synthetic();
  PipelineSimulator Spec(T);
  BlockCost C = Spec.blockCost(G);
  // Four stores on one port: 4 cycles a run; one step's chain (load 4,
  // fadd 4, store 1) plus the store port's queue, not four chains.
  CHECK(C.Cycles == Approx(4).epsilon(0.05));
  CHECK(C.Latency <= 4 + 4 + 1 + 3 + 1e-9);
  SimulatorOptions O;
  O.SpeculateMemory = false;
  PipelineSimulator InOrder(T, O);
  BlockCost D = InOrder.blockCost(G);
  CHECK(D.Latency == Approx(4 * (4 + 4 + 1)));
}

TEST_CASE("A select of an fcmp's own operands is one min/max instruction",
          "[simulator]") {
  // m = x > m ? x : m over four loaded x: a chain through the selects.
  // As one maxss per step it costs the fadd's 4 cycles; compare (an ALU
  // cycle here) then select would cost 5.
  auto maxChain = [](bool OwnOperands) {
    Builder B;
    uint32_t First = 0, Prev = 0;
    for (int I = 0; I < 4; ++I) {
      uint32_t X = B.vertex("load", "f32");
      uint32_t C = B.vertex("fcmp", "i1");
      uint32_t S = B.vertex("select", "f32");
      B.edge(X, C);
      B.edge(C, S);
      B.edge(X, S);
      if (!OwnOperands) // The select picks something the compare did not see.
        B.edge(B.vertex("load", "f32"), S);
      if (Prev) {
        B.edge(Prev, C);
        B.edge(Prev, S);
      } else {
        First = C;
      }
      Prev = S;
    }
    // The first step's compare and select read the previous maximum.
    B.edge(Prev, First, DepKind::Carried);
    B.edge(Prev, First + 1, DepKind::Carried);
    return B.done();
  };
  hw::Target T = synthetic();
  T.Isa = "x86-64"; // The idiom is an x86 instruction selection.
  PipelineSimulator Sim(T);
  CHECK(Sim.blockCost(maxChain(true)).Cycles == Approx(4 * 4).epsilon(0.02));
  CHECK(Sim.blockCost(maxChain(false)).Cycles == Approx(4 * 5).epsilon(0.02));
  // A descriptor that measured the one-instruction max (crop microbench's
  // fmax; Golden Cove: 4 cycles where its adds take 2) prices the idiom, and
  // an nnan maxnum, at its own latency, not the add's.
  T.Cpu->Instructions["fadd.f32"] = instrCost(2, 0.5, "fadd");
  CHECK(PipelineSimulator(T).blockCost(maxChain(true)).Cycles ==
        Approx(4 * 2).epsilon(0.02));
  T.Cpu->Instructions["fmax.f32"] = instrCost(4, 0.5, "fadd");
  CHECK(PipelineSimulator(T).blockCost(maxChain(true)).Cycles ==
        Approx(4 * 4).epsilon(0.02));
  Builder Nnan;
  uint32_t M = Nnan.vertex("intr:maxnum", "f32");
  Nnan.G.G[M].NoNaNs = true;
  Nnan.edge(M, M, DepKind::Carried);
  CHECK(PipelineSimulator(T).simulate(Nnan.done()).Cycles ==
        Approx(4).epsilon(0.02));
}

TEST_CASE("A contract fadd and its fmul are one FMA where the target has one",
          "[simulator]") {
  // acc = acc + a * b, carried: the chain is the FMA's latency when the two
  // contract; an fadd's when they do not (the fmul is off the chain).
  auto Build = [](bool Contract) {
    Builder B;
    uint32_t Mul = B.vertex("fmul", "f32", 8);
    uint32_t Add = B.vertex("fadd", "f32", 8);
    B.G.G[Add].Contract = Contract;
    B.edge(Mul, Add);
    B.edge(Add, Add, DepKind::Carried);
    return B.done();
  };
  hw::Target T = synthetic();
  auto Cost = [&](const char *Key, double Lat) {
    hw::InstrCost C;
    C.Latency = Lat;
    C.RecipThroughput = 0.5;
    C.Unit = "fp";
    C.Uops = 1;
    T.Cpu->Instructions[Key] = C;
  };
  Cost("fmul.f32x8", 3);
  Cost("fadd.f32x8", 2);
  {
    // No fma in the descriptor: two instructions, the fadd's latency.
    PipelineSimulator Sim(T);
    BlockCost C = Sim.blockCost(Build(true));
    CHECK(C.Cycles == Approx(2).epsilon(0.01));
  }
  Cost("fma.f32x8", 5);
  PipelineSimulator Sim(T);
  BlockCost Fused = Sim.blockCost(Build(true));
  CHECK(Fused.Cycles == Approx(5).epsilon(0.01));
  CHECK(Fused.Instructions == 1);
  BlockCost Plain = Sim.blockCost(Build(false));
  CHECK(Plain.Cycles == Approx(2).epsilon(0.01));
  CHECK(Plain.Instructions == 2);
}

TEST_CASE("Vectors wider than the program's registers run in pieces",
          "[simulator]") {
  // A 512-bit core running code compiled for 256-bit registers: an f32x16
  // fmul is two f32x8 ones, and joining two f32x8 halves into the f32x16
  // that feeds it is no instruction.
  hw::Target T = synthetic();
  hw::InstrCost Mul;
  Mul.Latency = 3;
  Mul.RecipThroughput = 0.5;
  Mul.Unit = "fp";
  Mul.Uops = 1;
  T.Cpu->Instructions["fmul.f32x8"] = Mul;
  T.Cpu->Instructions["fmul.f32x16"] = Mul; // the 512-bit instruction
  hw::InstrCost Shuf;
  Shuf.Latency = 1;
  Shuf.RecipThroughput = 1;
  Shuf.Unit = "shuffle";
  Shuf.Uops = 1;
  T.Cpu->Instructions["shufflevector.f32x16"] = Shuf;
  T.Cpu->Units["shuffle"] = 1;
  auto Build = [] {
    Builder B;
    for (int I = 0; I < 8; ++I) {
      uint32_t C = B.vertex("concat", "f32", 16);
      uint32_t M = B.vertex("fmul", "f32", 16);
      B.edge(C, M);
    }
    return B.done();
  };
  PipelineSimulator Wide(T);
  // 8 concats on one shuffle port, 8 fmuls at 0.5: the shuffles bound.
  CHECK(Wide.simulate(Build()).Cycles == Approx(8).epsilon(0.02));
  SimulatorOptions O;
  O.VectorBits = 256;
  PipelineSimulator Narrow(T, O);
  BlockCost C = Narrow.simulate(Build());
  // The concats are free, each fmul is two f32x8 (0.5 each): 8 cycles.
  CHECK(C.Instructions == 8);
  CHECK(C.Cycles == Approx(8).epsilon(0.02));
  CHECK(std::string(C.Limit) == "port:fp");
  // A wider program than the core: the core's width stands.
  O.VectorBits = 1024;
  PipelineSimulator Same(T, O);
  CHECK(Same.simulate(Build()).Cycles == Approx(8).epsilon(0.02));
  CHECK(std::string(Same.simulate(Build()).Limit) == "port:shuffle");
}

TEST_CASE("Carried vector values beyond the register file are spilled",
          "[simulator]") {
  // n independent f32x8 accumulators (acc_i = fadd acc_i, x), each carried.
  // Up to 14 fit a 16-register x86 core with AVX2; beyond, every extra one
  // is stored and reloaded each iteration: the one store port binds.
  hw::Target T = synthetic();
  T.Isa = "x86-64-avx2";
  T.Cpu->SimdBits = 256;
  hw::InstrCost Add;
  Add.Latency = 4;
  Add.RecipThroughput = 0.5;
  Add.Unit = "fp";
  Add.Uops = 1;
  T.Cpu->Instructions["fadd.f32x8"] = Add;
  hw::InstrCost St = Add;
  St.Latency = 1;
  St.RecipThroughput = 1;
  St.Unit = "store";
  T.Cpu->Instructions["store.f32x8"] = St;
  hw::InstrCost Ld = Add;
  Ld.RecipThroughput = 0.5;
  Ld.Unit = "load";
  T.Cpu->Instructions["load.f32x8"] = Ld;
  auto Accumulators = [](unsigned N) {
    Builder B;
    for (unsigned I = 0; I < N; ++I) {
      uint32_t A = B.vertex("fadd", "f32", 8);
      B.edge(A, A, DepKind::Carried);
    }
    return B.done();
  };
  PipelineSimulator Sim(T);
  // 14: fadd port bound, 7 cycles.
  CHECK(Sim.simulate(Accumulators(14)).Cycles == Approx(7).epsilon(0.02));
  // 40: 20 cycles of fadds, but 26 spilled pairs: 26 stores on one port.
  BlockCost C = Sim.simulate(Accumulators(40));
  CHECK(C.Cycles == Approx(26).epsilon(0.02));
  CHECK(std::string(C.Limit) == "port:store");
  // With AVX-512's 32 registers, 30 fit.
  T.Cpu->SimdBits = 512;
  PipelineSimulator Wide(T);
  CHECK(Wide.simulate(Accumulators(30)).Cycles == Approx(15).epsilon(0.02));
}

TEST_CASE("Live-ins beyond the register file are reloaded each execution",
          "[simulator]") {
  // n fadds, each with its own loop-invariant f32x8 operand (a depthwise
  // kernel's weights). On an AVX2 core 14 fit; each further one is reloaded
  // once per execution, a load without a store.
  hw::Target T = avx2();
  auto Uses = [](unsigned Invariants, unsigned Accumulators) {
    Builder B;
    for (unsigned I = 0; I < Invariants; ++I)
      B.vertex("fadd", "f32", 8);
    for (unsigned I = 0; I < Accumulators; ++I) {
      uint32_t A = B.vertex("fadd", "f32", 8);
      B.edge(A, A, DepKind::Carried);
    }
    Graphlet G = B.done();
    G.LiveIns.push_back({"f32", 8, 0, Invariants});
    return G;
  };
  PipelineSimulator Sim(T);
  CHECK(Sim.simulate(Uses(14, 0)).Cycles == Approx(7).epsilon(0.02));
  // 40: 20 cycles of fadds, 26 reloads of 1 cycle each.
  BlockCost C = Sim.simulate(Uses(40, 0));
  CHECK(C.Cycles == Approx(26).epsilon(0.02));
  CHECK(std::string(C.Limit) == "port:load");
  // Live-ins go before carried values: 20 + 10 want 30 registers, and the
  // 16 spilled are all live-ins (16 reloads, no store: the store port
  // would bind at 16 pairs just the same, so count the limit's unit).
  BlockCost Mixed = Sim.simulate(Uses(20, 10));
  CHECK(Mixed.Cycles == Approx(16).epsilon(0.02));
  CHECK(std::string(Mixed.Limit) == "port:load");
  // Without the record (an older profile) nothing is added.
  Graphlet Old = Uses(40, 0);
  Old.LiveIns.clear();
  CHECK(Sim.simulate(Old).Cycles == Approx(20).epsilon(0.02));

  // Integer live-ins are not charged (codegen folds and rewrites address
  // arithmetic, so the IR's count says little): 33 adds of 33 invariants.
  Builder B;
  for (unsigned I = 0; I < 33; ++I)
    B.vertex("add", "i64");
  Graphlet Ints = B.done();
  Ints.LiveIns.push_back({"i64", 1, 0, 33});
  CHECK(Sim.simulate(Ints).Cycles == Approx(33 * 0.25).epsilon(0.02));
}

TEST_CASE("Repeated operations and x86 address offsets cost nothing",
          "[simulator]") {
  // 40 independent integer adds on 4 ALUs: 10 cycles. Marking half of them
  // duplicates (one DAG node each with an earlier one) halves it on any
  // target; marking them address offsets halves it on x86 only.
  hw::Target T = synthetic();
  auto Adds = [](bool Dup, bool Offset) {
    Builder B;
    for (unsigned I = 0; I < 40; ++I) {
      uint32_t V = B.vertex("add", "i64");
      B.G.G[V].Duplicate = Dup && I % 2;
      B.G.G[V].AddressOffset = Offset && I % 2;
    }
    return B.done();
  };
  T.Isa = "aarch64";
  PipelineSimulator Arm(T);
  CHECK(Arm.simulate(Adds(false, false)).Cycles == Approx(10).epsilon(0.02));
  CHECK(Arm.simulate(Adds(true, false)).Cycles == Approx(5).epsilon(0.02));
  CHECK(Arm.simulate(Adds(false, true)).Cycles == Approx(10).epsilon(0.02));
  T.Isa = "x86-64-avx2";
  PipelineSimulator X86(T);
  CHECK(X86.simulate(Adds(false, true)).Cycles == Approx(5).epsilon(0.02));
}

TEST_CASE("x86 max/min without NaN handling cost one FP add each",
          "[simulator]") {
  // 16 independent maxnum of 8 floats: as measured (a NaN-honouring
  // sequence, 1 per cycle) 16 cycles; marked NoNaNs, one maxps each, at
  // the fadd's 0.5 cycles: 8 cycles on x86, the descriptor's cost
  // elsewhere.
  hw::Target T = avx2();
  T.Cpu->Instructions["intr:maxnum.f32x8"] = instrCost(3, 1, "fp");
  auto Maxes = [](bool NoNaNs) {
    Builder B;
    for (unsigned I = 0; I < 16; ++I) {
      uint32_t V = B.vertex("intr:maxnum", "f32", 8);
      B.G.G[V].NoNaNs = NoNaNs;
    }
    return B.done();
  };
  PipelineSimulator X86(T);
  CHECK(X86.simulate(Maxes(false)).Cycles == Approx(16).epsilon(0.02));
  CHECK(X86.simulate(Maxes(true)).Cycles == Approx(8).epsilon(0.02));
  CHECK_FALSE(graphletKey(Maxes(false)) == graphletKey(Maxes(true)));
  T.Isa = "aarch64";
  PipelineSimulator Arm(T);
  CHECK(Arm.simulate(Maxes(true)).Cycles == Approx(16).epsilon(0.02));
}

TEST_CASE("The backend's own reloads and spills replace the estimate",
          "[simulator]") {
  // 40 live-in operands (the estimate: 26 reloads) against what the backend
  // emitted: 10 reloads of 32 bytes and 4 spills of 8 bytes.
  hw::Target T = avx2();
  T.Cpu->Instructions["load.i64"] = instrCost(4, 1, "load");
  T.Cpu->Instructions["store.i64"] = instrCost(1, 8, "store");
  auto Block = [](bool Machine) {
    Builder B;
    for (unsigned I = 0; I < 40; ++I)
      B.vertex("fadd", "f32", 8);
    Graphlet G = B.done();
    G.LiveIns.push_back({"f32", 8, 0, 40});
    if (Machine) {
      GraphletMachine M;
      M.Instructions = 50;
      M.Reloads[32] = 10;
      M.Spills[8] = 4;
      G.Machine.push_back(M);
    }
    return G;
  };
  PipelineSimulator Sim(T);
  CHECK(Sim.simulate(Block(false)).Cycles == Approx(26).epsilon(0.02));
  // 4 spill stores of 8 cycles each on the one store port.
  BlockCost C = Sim.simulate(Block(true));
  CHECK(C.Cycles == Approx(32).epsilon(0.02));
  CHECK(std::string(C.Limit) == "port:store");
}

TEST_CASE("IR integer work beyond the backend's instruction count is free, "
          "machine work beyond the IR's is not",
          "[simulator]") {
  // 40 independent integer adds (10 cycles on 4 ALUs) and 8 FP adds; the
  // backend emitted 28 instructions for the block: 20 of the integer adds
  // were folded away (addressing modes, strength reduction), the FP adds
  // and a carried induction update never are. A 16-wide core, so that the
  // ALUs and not the issue width bind.
  hw::Target T = synthetic(16);
  T.Isa = "x86-64-avx2";
  auto Block = [](uint32_t MachineInstructions) {
    Builder B;
    uint32_t Iv = B.vertex("add", "i64");
    B.edge(Iv, Iv, DepKind::Carried);
    for (unsigned I = 0; I < 40; ++I)
      B.vertex("add", "i64");
    for (unsigned I = 0; I < 8; ++I)
      B.vertex("fadd", "f32");
    Graphlet G = B.done();
    if (MachineInstructions) {
      GraphletMachine M;
      M.Instructions = MachineInstructions;
      G.Machine.push_back(M);
    }
    return G;
  };
  PipelineSimulator Sim(T);
  CHECK(Sim.simulate(Block(0)).Cycles == Approx(41 * 0.25).epsilon(0.02));
  CHECK(Sim.simulate(Block(29)).Cycles == Approx(21 * 0.25).epsilon(0.02));
  // More machine instructions than the IR's 49 micro-ops: the backend added
  // work the IR does not show (a scalar block: integer ALU instructions),
  // 51 independent adds beside the 41: 92 on 4 ALUs.
  CHECK(Sim.simulate(Block(100)).Cycles == Approx(92 * 0.25).epsilon(0.02));
  CHECK(Sim.simulate(Block(49)).Cycles == Approx(41 * 0.25).epsilon(0.02));
  // However few, the carried update and the FP work stay.
  CHECK(Sim.simulate(Block(1)).Cycles >= Approx(8 * 0.5).epsilon(0.02));
}

namespace {
/// An AVX2 core that issues 16 uops a cycle and has one shuffle unit, whose
/// register-wide shuffle (what hidden machine work is priced as) takes
/// ShuffleCycles of it.
hw::Target wideIssueOneShuffleUnit(double ShuffleCycles) {
  hw::Target T = avx2();
  T.Cpu->IssueWidth = 16;
  T.Cpu->Units["shuffle"] = 1;
  T.Cpu->Instructions["shufflevector.f32x8"] =
      instrCost(1, ShuffleCycles, "shuffle");
  return T;
}

/// G with the backend's record of Instructions machine instructions.
Graphlet withMachineRecord(Graphlet G, uint32_t Instructions) {
  GraphletMachine M;
  M.Instructions = Instructions;
  G.Machine.push_back(M);
  return G;
}
} // namespace

TEST_CASE("Machine work beyond a vector block's IR takes the shuffle units",
          "[simulator]") {
  // 8 independent <8 x float> adds (4 cycles on 2 FP units); the backend
  // emitted 8 + 24 instructions (legalizing a vector type the target has no
  // register for): 24 shuffles on 1 shuffle unit bind, and the chain-free
  // excess never lengthens the block's latency.
  hw::Target T = wideIssueOneShuffleUnit(1);
  auto Block = [](uint32_t MachineInstructions) {
    Builder B;
    for (unsigned I = 0; I < 8; ++I)
      B.vertex("fadd", "f32", 8);
    return withMachineRecord(B.done(), MachineInstructions);
  };
  PipelineSimulator Sim(T);
  CHECK(Sim.simulate(Block(8)).Cycles == Approx(4).epsilon(0.02));
  BlockCost C = Sim.simulate(Block(32));
  CHECK(C.Cycles == Approx(24).epsilon(0.02));
  CHECK(std::string(C.Limit) == "port:shuffle");
}

TEST_CASE("A compare fused into its branch is one of the backend's "
          "instructions",
          "[simulator]") {
  // 8 <8 x float> adds and the loop's counter, compare and branch: the
  // backend emits 11 instructions (vaddps x8, add, cmp, jne), of which cmp
  // and jne are one fused uop. The record's 11 against the IR's 10 uops is
  // no hidden work: before, a shuffle was added for it.
  hw::Target T = wideIssueOneShuffleUnit(6);
  auto Loop = [](uint32_t MachineInstructions) {
    Builder B;
    uint32_t Br = B.vertex("br", "void");
    for (unsigned I = 0; I < 8; ++I)
      B.vertex("fadd", "f32", 8);
    uint32_t Iv = B.vertex("add", "i64");
    uint32_t Cmp = B.vertex("icmp", "i1");
    B.edge(Iv, Cmp);
    B.edge(Cmp, Br);
    B.edge(Iv, Iv, DepKind::Carried);
    return MachineInstructions
               ? withMachineRecord(B.done(), MachineInstructions)
               : B.done();
  };
  PipelineSimulator Sim(T);
  double Plain = Sim.simulate(Loop(0)).Cycles;
  CHECK(Plain == Approx(4).epsilon(0.02)); // 8 fadds on 2 FP units
  CHECK(Sim.simulate(Loop(11)).Cycles == Approx(Plain).epsilon(0.01));
  // One instruction more than that is hidden work: a 6-cycle shuffle.
  CHECK(Sim.simulate(Loop(12)).Cycles == Approx(6).epsilon(0.02));
}

TEST_CASE("An FP value carried across a call goes through a stack slot",
          "[simulator]") {
  // sum = fadd sum, expf(x): the call is not on the recurrence, but on x86
  // (System V: no callee-saved vector register) sum is stored before the
  // call and reloaded after it, so each execution pays fadd + store + load.
  hw::Target T = synthetic();
  T.Isa = "x86-64-avx2";
  const hw::InstrCost Call = instrCost(8, 2, "alu", 2);
  T.Cpu->Instructions["call:expf.f32"] = Call;
  auto Accumulate = [](const char *Callee) {
    Builder B;
    uint32_t X = B.vertex(Callee, "f32");
    uint32_t Sum = B.vertex("fadd", "f32");
    B.edge(X, Sum);
    B.edge(Sum, Sum, DepKind::Carried);
    return B.done();
  };
  PipelineSimulator Sim(T);
  // fadd 4 + store.f32 1 + load.f32 4 cycles a round.
  CHECK(Sim.simulate(Accumulate("call:expf")).Cycles ==
        Approx(9).epsilon(0.02));
  // The same recurrence next to an instruction that is no call: fadd alone.
  T.Cpu->Instructions["fsub.f32"] = Call;
  PipelineSimulator Plain(T);
  CHECK(Plain.simulate(Accumulate("fsub")).Cycles == Approx(4).epsilon(0.02));
  // Where the backend's code shows the slot stored and reloaded twice per
  // execution, the recurrence pays two round trips.
  Graphlet Twice = Accumulate("call:expf");
  GraphletMachine M;
  M.Instructions = 2;
  M.SlotTrips = 2;
  Twice.Machine.push_back(M);
  CHECK(Sim.simulate(Twice).Cycles == Approx(14).epsilon(0.02));
  // Off x86 (AArch64 keeps d8-d15 across calls) nothing is rerouted.
  T.Isa = "aarch64";
  PipelineSimulator Arm(T);
  CHECK(Arm.simulate(Accumulate("call:expf")).Cycles ==
        Approx(4).epsilon(0.02));
}
