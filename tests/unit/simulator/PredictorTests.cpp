//===- PredictorTests.cpp - Eq. 1-3, the bounds and the roofline ----------===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Simulator/CacheModel.h"
#include "crop/Simulator/PipelineSimulator.h"
#include "crop/Simulator/Predictor.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>

using namespace crop;

namespace {

struct Inst {
  const char *Op;
  const char *Type;
  uint32_t Lanes = 1;
  uint32_t Bytes = 0;
};

/// A graphlet of Insts where each instruction depends on the ones listed in
/// Deps (1-based vertex numbers; 0 = the entry vertex).
Graphlet graphlet(const std::string &Name, const std::vector<Inst> &Insts,
                  const std::vector<std::pair<int, int>> &Deps,
                  const std::vector<std::pair<int, int>> &Carried = {}) {
  Graphlet G;
  G.Block = Name;
  boost::add_vertex(GraphletVertex{"V0", "entry", "void", 1, 0, 0}, G.G);
  for (size_t I = 0; I < Insts.size(); ++I)
    boost::add_vertex(GraphletVertex{"V" + std::to_string(I + 1), Insts[I].Op,
                                     Insts[I].Type, Insts[I].Lanes,
                                     Insts[I].Bytes, 0},
                      G.G);
  std::vector<bool> HasPred(Insts.size() + 1, false);
  for (auto [From, To] : Deps) {
    boost::add_edge(From, To, GraphletEdge{DepKind::Data}, G.G);
    HasPred[To] = true;
  }
  for (size_t V = 1; V <= Insts.size(); ++V)
    if (!HasPred[V])
      boost::add_edge(0, V, GraphletEdge{DepKind::Entry}, G.G);
  for (auto [From, To] : Carried)
    boost::add_edge(From, To, GraphletEdge{DepKind::Carried}, G.G);
  return G;
}

/// A reduction loop body: two vector loads, an fma into a carried
/// accumulator, the induction update, compare and branch.
Graphlet loopBody() {
  return graphlet("loop",
                  {{"load", "f32", 8, 32},
                   {"load", "f32", 8, 32},
                   {"fma", "f32", 8},
                   {"add", "i64"},
                   {"icmp", "i64"},
                   {"br", "void"}},
                  {{1, 3}, {2, 3}, {4, 5}, {5, 6}, {3, 6}}, {{3, 3}, {4, 4}});
}

/// A profile with a serial entry function and (optionally) a parallel one
/// of Tasks tasks; the loop runs Trip times per task.
ProgramProfile handProfile(uint64_t Tasks, uint64_t Trip, bool Parallel) {
  ProgramProfile P;
  P.Module = {"hand", "hand.ll", "kernel", ""};
  FunctionProfile F;
  F.Name = Parallel ? "kernel.par" : "kernel";
  F.Calls = Tasks;
  F.Parallel = Parallel;
  F.Runtime = Parallel ? ParallelRuntime::OpenMP : ParallelRuntime::None;
  if (Parallel)
    F.Launches = {{Tasks, 1}};
  BlockProfile Entry;
  Entry.Name = "entry";
  Entry.Count = Tasks;
  Entry.Body = graphlet("entry", {{"add", "i64"}, {"br", "void"}}, {{1, 2}});
  Entry.Successors.push_back({"loop", Tasks, {}});
  BlockProfile Loop;
  Loop.Name = "loop";
  Loop.Count = Tasks * Trip;
  Loop.Loads = 2 * Loop.Count;
  Loop.LoadBytes = 64 * Loop.Count;
  Loop.Body = loopBody();
  Loop.Successors.push_back({"loop", Tasks * (Trip - 1), {}});
  Loop.Successors.push_back({"exit", Tasks, {}});
  // Half the accesses are neighbours of a recent one, half stream in cold.
  Loop.Reuse[64].Serial.add(2, Loop.Count);
  Loop.Reuse[64].Serial.addCold(Loop.Count);
  BlockProfile Exit;
  Exit.Name = "exit";
  Exit.Count = Tasks;
  Exit.Body = graphlet("exit", {{"ret", "void"}}, {});
  F.Blocks = {Entry, Loop, Exit};
  P.Functions.push_back(F);
  return P;
}

/// handProfile's serial loop storing one 32-byte vector an execution.
ProgramProfile storingProfile(uint64_t Trip) {
  ProgramProfile P = handProfile(1, Trip, false);
  BlockProfile &Loop = P.Functions[0].Blocks[1];
  Loop.Stores = Loop.Count;
  Loop.StoreBytes = 32 * Loop.Count;
  return P;
}

hw::Target target(const char *Name) {
  llvm::Expected<hw::Target> T = hw::findTarget(Name);
  REQUIRE(static_cast<bool>(T));
  return std::move(*T);
}

const BlockPrediction &block(const Prediction &P, const std::string &Name) {
  for (const BlockPrediction &B : P.Blocks)
    if (B.Block == Name)
      return B;
  FAIL("no block " << Name);
  return P.Blocks.front();
}

} // namespace

TEST_CASE("a helper that runs only inside a parallel function's tasks "
          "shares its threads",
          "[predict]") {
  // kernel.par: 10 tasks, each calling `row` once (the compiler did not
  // inline it); row's own blocks: one loop of 100 per call.
  ProgramProfile P = handProfile(10, 100, true);
  FunctionProfile Row = handProfile(10, 100, false).Functions[0];
  Row.Name = "row";
  P.Functions.push_back(Row);
  hw::Target T = target("gold5220r");
  auto rowLoop = [&](const ProgramProfile &Q, unsigned Threads) {
    PredictOptions O;
    O.Threads = Threads;
    llvm::Expected<Prediction> R = predict(Q, T, O);
    REQUIRE(static_cast<bool>(R));
    for (const BlockPrediction &B : R->Blocks)
      if (B.Function == "row" && B.Block == "loop")
        return B.ECount;
    FAIL("no row:loop");
    return 0.0;
  };
  // Without the record: all ten calls on one thread, at any thread count.
  CHECK(rowLoop(P, 4) == Approx(1000));
  P.Functions[1].ParallelIn = "kernel.par";
  // With it: the slowest of 4 threads runs 3 of the 10 tasks, and their calls.
  CHECK(rowLoop(P, 4) == Approx(300));
  CHECK(rowLoop(P, 1) == Approx(1000));
  FunctionPlan Plan = planFunction(P, P.Functions[1], 4);
  CHECK(Plan.Factor == Approx(0.3));
  CHECK_FALSE(Plan.PaysLaunch);        // kernel.par paid for the launch.
  CHECK_FALSE(Plan.PerThreadPrologue); // each call runs row's entry.
  // A name that is no parallel function of the profile changes nothing.
  P.Functions[1].ParallelIn = "kernel";
  CHECK(rowLoop(P, 4) == Approx(1000));
}

TEST_CASE("a region nested in a parallel function's tasks is a team of one "
          "on its threads",
          "[predict]") {
  // kernel.par: 10 tasks, each opening a region (`inner`) that libomp
  // serializes: 10 launches of one task, each running a loop of 100.
  ProgramProfile P = handProfile(10, 100, true);
  FunctionProfile Inner = handProfile(10, 100, true).Functions[0];
  Inner.Name = "inner";
  Inner.Launches = {{1, 10}};
  P.Functions.push_back(Inner);
  hw::Target T = target("gold5220r");
  T.Cpu->FrequencyByActiveCores.clear();
  T.Cpu->ParallelLaunchSeconds = {{1, 0.5e-6}, {4, 2e-6}};
  auto predictAt = [&](const ProgramProfile &Q, unsigned Threads) {
    PredictOptions O;
    O.Threads = Threads;
    llvm::Expected<Prediction> R = predict(Q, T, O);
    REQUIRE(static_cast<bool>(R));
    return *R;
  };
  auto innerLoop = [&](const Prediction &R) {
    for (const BlockPrediction &B : R.Blocks)
      if (B.Function == "inner" && B.Block == "loop")
        return B.ECount;
    FAIL("no inner:loop");
    return 0.0;
  };
  // Without the record each inner launch is a team of 4 and all ten run on
  // the slowest thread.
  Prediction Alone = predictAt(P, 4);
  CHECK(innerLoop(Alone) == Approx(1000));
  P.Functions[1].ParallelIn = "kernel.par";
  Prediction Nested = predictAt(P, 4);
  // With it: the slowest of 4 threads runs 3 of the 10 tasks, their inner
  // loops and their 3 serialized regions at a team of one's cost, beside
  // kernel.par's own launch at 4.
  CHECK(innerLoop(Nested) == Approx(300));
  FunctionPlan Plan = planFunction(P, P.Functions[1], 4);
  CHECK(Plan.PaysLaunch);
  CHECK(Plan.LaunchTeam == 1);
  CHECK(Plan.Launches == Approx(10));
  CHECK(Plan.LaunchShare == Approx(0.3));
  CHECK(Nested.BoundCycles.at("launch") ==
        Approx((2e-6 + 3 * 0.5e-6) * Nested.FrequencyHz));
}

TEST_CASE("Eq. 3: 10 tasks take 1 epoch on >= 10 threads, 3 on 4",
          "[predict]") {
  FunctionProfile F;
  F.Calls = 10;
  F.Parallel = true;
  F.Launches = {{10, 1}};
  CHECK(effectiveTaskFactor(F, 1) == Approx(1.0));
  CHECK(effectiveTaskFactor(F, 4) == Approx(0.3));
  CHECK(effectiveTaskFactor(F, 10) == Approx(0.1));
  CHECK(effectiveTaskFactor(F, 48) == Approx(0.1));
  // Two launch sizes: ceil applies per launch.
  F.Calls = 10 + 2 * 3;
  F.Launches = {{10, 1}, {3, 2}};
  CHECK(effectiveTaskFactor(F, 4) == Approx((3.0 + 2 * 1) / 16));
  F.Parallel = false;
  CHECK(effectiveTaskFactor(F, 4) == 1.0);

  hw::Target T = target("gold5220r");
  ProgramProfile P = handProfile(10, 100, true);
  for (auto [Threads, Epochs] :
       {std::pair<unsigned, double>{1, 10}, {4, 3}, {10, 1}, {48, 1}}) {
    PredictOptions O;
    O.Threads = Threads;
    llvm::Expected<Prediction> R = predict(P, T, O);
    REQUIRE(static_cast<bool>(R));
    INFO(Threads << " threads");
    CHECK(R->Threads == Threads);
    // Count(BB) per task is 100; the slowest thread runs Epochs tasks.
    CHECK(block(*R, "loop").ECount == Approx(100 * Epochs));
    // OpenMP calls the outlined function once per thread with its chunk:
    // the code outside its loops runs once on the slowest thread.
    CHECK(block(*R, "entry").ECount == Approx(1));
    CHECK(block(*R, "exit").ECount == Approx(1));
    // Halide calls the closure once per index: every block per task.
    ProgramProfile H = P;
    H.Functions[0].Runtime = ParallelRuntime::Halide;
    llvm::Expected<Prediction> RH = predict(H, T, O);
    REQUIRE(static_cast<bool>(RH));
    CHECK(block(*RH, "loop").ECount == Approx(100 * Epochs));
    CHECK(block(*RH, "entry").ECount == Approx(Epochs));
  }
  // The descriptor's thread count when none is given.
  llvm::Expected<Prediction> R = predict(P, T);
  REQUIRE(static_cast<bool>(R));
  CHECK(R->Threads == 48);
}

TEST_CASE("Eq. 1 sums ECount x cycles; shares rank the blocks", "[predict]") {
  hw::Target T = target("gold5220r");
  ProgramProfile P = handProfile(1, 1000, false);
  P.EntryCalls = 2; // counts over two calls: per-call figures halve
  P.Functions[0].Calls = 2;
  for (BlockProfile &B : P.Functions[0].Blocks)
    B.Count *= 2;
  llvm::Expected<Prediction> R = predict(P, T);
  REQUIRE(static_cast<bool>(R));
  double Sum = 0, Shares = 0;
  for (const BlockPrediction &B : R->Blocks) {
    Sum += B.ECount * B.CyclesPerExec;
    Shares += B.Share;
    CHECK(B.CyclesPerExec ==
          Approx(std::max(B.PipelineCycles, B.MemoryCycles) + B.BranchCycles));
  }
  CHECK(R->CyclesPerCall == Approx(Sum));
  CHECK(Shares == Approx(1.0));
  CHECK(R->SecondsPerCall == Approx(R->CyclesPerCall / 2.2e9));
  CHECK(R->Blocks.front().Block == "loop");
  CHECK(block(*R, "loop").ECount == Approx(1000));
  for (size_t I = 1; I < R->Blocks.size(); ++I)
    CHECK(R->Blocks[I - 1].Share >= R->Blocks[I].Share);
}

TEST_CASE("without the memory model a block costs the simulator's steady "
          "state",
          "[predict]") {
  hw::Target T = target("gold5220r");
  ProgramProfile P = handProfile(1, 1000, false);
  // Drop superblocks so the loop's cost is its own graphlet's.
  PredictOptions Off;
  Off.MemoryModel = false;
  llvm::Expected<Prediction> R = predict(P, T, Off);
  REQUIRE(static_cast<bool>(R));
  PipelineSimulator Sim(T);
  const BlockPrediction &L = block(*R, "loop");
  CHECK(L.PipelineCycles == Approx(Sim.blockCost(loopBody(), -1).Cycles));
  CHECK(L.MemoryCycles == 0);
  CHECK(R->Bound == "compute");

  // With it, for one cold call, the cold half of the loads streams from
  // RAM: more cycles, and a memory bound, since one core's RAM bandwidth
  // cannot feed the loop.
  PredictOptions Cold;
  Cold.WarmCalls = false;
  llvm::Expected<Prediction> On = predict(P, T, Cold);
  REQUIRE(static_cast<bool>(On));
  const BlockPrediction &LM = block(*On, "loop");
  CHECK(LM.LoadLatency > L.LoadLatency);
  CHECK(LM.MemoryCycles > 0);
  CHECK(On->CyclesPerCall > R->CyclesPerCall);
  CHECK(LM.Bound == "memory:RAM");
  // 64 B loaded per iteration, half from RAM in 64 B lines: 32+ B/iter at
  // 12 GB/s per core at 2.2 GHz.
  CHECK(LM.MemoryCycles >= 32 * 2.2e9 / 12e9 - 1e-9);
  REQUIRE(On->Levels.size() == 4);
  CHECK(On->Levels[0].Served == Approx(0.5).margin(0.01));
  CHECK(On->Levels[3].Served == Approx(0.5).margin(0.01));
  // Half of the accesses reach L2, none stays there or in L3: RAM serves
  // every access that reaches it.
  CHECK(On->Levels[0].HitRate == Approx(0.5).margin(0.01));
  CHECK(On->Levels[1].HitRate == Approx(0.0).margin(0.01));
  CHECK(On->Levels[3].HitRate == 1.0);
}

TEST_CASE("repeated calls: a first touch reuses the previous call's line",
          "[predict]") {
  hw::Target T = target("gold5220r");
  ProgramProfile P = handProfile(1, 1000, false);
  // One call touches 1000 lines (64 KB): beyond L1 (32 KB), within L2.
  CHECK(callFootprint(P)[64] == Approx(1000));
  PredictOptions WarmOpts;
  WarmOpts.WarmCalls = true;
  llvm::Expected<Prediction> Warm = predict(P, T, WarmOpts);
  REQUIRE(static_cast<bool>(Warm));
  REQUIRE(Warm->Levels.size() == 4);
  CHECK(Warm->Levels[0].Served == Approx(0.5).margin(0.01));
  CHECK(Warm->Levels[1].Served == Approx(0.5).margin(0.01));
  CHECK(Warm->Levels[3].Served == Approx(0.0).margin(0.01));
  // A hit rate is a share of what reaches the level, never above one.
  for (const LevelPrediction &L : Warm->Levels)
    CHECK((L.HitRate >= 0 && L.HitRate <= 1));
  PredictOptions ColdOpts;
  ColdOpts.WarmCalls = false;
  llvm::Expected<Prediction> Cold = predict(P, T, ColdOpts);
  REQUIRE(static_cast<bool>(Cold));
  CHECK(Cold->Levels[3].Served == Approx(0.5).margin(0.01));
  CHECK(Warm->CyclesPerCall < Cold->CyclesPerCall);

  // A call that also sweeps 640 MB: nothing of the previous call is left in
  // any cache, and the first touches come from RAM as in a cold call.
  BlockProfile Sweep;
  Sweep.Name = "sweep";
  Sweep.Count = 1;
  Sweep.Body = graphlet("sweep", {{"ret", "void"}}, {});
  Sweep.Reuse[64].Serial.addCold(10000000);
  P.Functions[0].Blocks.push_back(Sweep);
  llvm::Expected<Prediction> Big = predict(P, T, WarmOpts);
  REQUIRE(static_cast<bool>(Big));
  CHECK(block(*Big, "loop").CyclesPerExec ==
        Approx(block(*Cold, "loop").CyclesPerExec).epsilon(0.01));
}

TEST_CASE("4K aliasing chains a block's executions on x86 targets",
          "[predict]") {
  // The loop also stores once per execution; its loads sit at the page
  // offsets of a store d stores back, on another page.
  auto Profile = [](uint32_t Distance) {
    ProgramProfile P = storingProfile(1000);
    BlockProfile &Loop = P.Functions[0].Blocks[1];
    // out[i] = a[i] * b[i] + acc: loads, fma, store.
    Loop.Body = graphlet("loop",
                         {{"load", "f32", 8, 32},
                          {"load", "f32", 8, 32},
                          {"fma", "f32", 8},
                          {"store", "f32", 8, 32},
                          {"add", "i64"},
                          {"icmp", "i64"},
                          {"br", "void"}},
                         {{1, 3}, {2, 3}, {3, 4}, {5, 6}, {6, 7}, {4, 7}},
                         {{3, 3}, {5, 5}});
    if (Distance) {
      Loop.StoreAlias.Distances[Distance] = 2 * Loop.Count;
      Loop.StoreAlias.Executions = Loop.Count;
    }
    return P;
  };
  PredictOptions O;
  O.WarmCalls = true;
  hw::Target T = target("gold5220r");
  llvm::Expected<Prediction> None = predict(Profile(0), T, O);
  llvm::Expected<Prediction> Near = predict(Profile(1), T, O);
  llvm::Expected<Prediction> Far = predict(Profile(4), T, O);
  REQUIRE(static_cast<bool>(None));
  REQUIRE(static_cast<bool>(Near));
  REQUIRE(static_cast<bool>(Far));
  const BlockPrediction &N = block(*Near, "loop");
  CHECK(N.Bound == "memory:4k-alias");
  CHECK(N.CyclesPerExec > 2 * block(*None, "loop").CyclesPerExec);
  // The chain spans one execution at distance 1 (one store per execution)
  // and four at distance 4: a quarter of the cost per execution.
  CHECK(block(*Far, "loop").MemoryCycles ==
        Approx(N.MemoryCycles / 4).epsilon(0.001));
  // The chain is load, fma and store, then the store's commit (a line
  // the block did not read: its memory latency again).
  CHECK(N.MemoryCycles > 2 * N.LoadLatency);
  // Stores to lines the block just read are done at once: no chain.
  ProgramProfile RmwP = Profile(1);
  StoreAliasProfile &RA = RmwP.Functions[0].Blocks[1].StoreAlias;
  RA.ReadModifyWrite = RA.loads();
  llvm::Expected<Prediction> Rmw = predict(RmwP, T, O);
  REQUIRE(static_cast<bool>(Rmw));
  CHECK(block(*Rmw, "loop").CyclesPerExec ==
        Approx(block(*None, "loop").CyclesPerExec));
  // Half of them: half the chain.
  RA.ReadModifyWrite = RA.loads() / 2;
  llvm::Expected<Prediction> HalfRmw = predict(RmwP, T, O);
  REQUIRE(static_cast<bool>(HalfRmw));
  CHECK(block(*HalfRmw, "loop").MemoryCycles ==
        Approx(N.MemoryCycles / 2).epsilon(0.001));
  // Only every other execution aliasing: half the chain per execution.
  ProgramProfile HalfP = Profile(1);
  HalfP.Functions[0].Blocks[1].StoreAlias.Executions /= 2;
  llvm::Expected<Prediction> Half = predict(HalfP, T, O);
  REQUIRE(static_cast<bool>(Half));
  CHECK(block(*Half, "loop").MemoryCycles ==
        Approx(N.MemoryCycles / 2).epsilon(0.001));
  // An AArch64 target compares full addresses: nothing changes.
  hw::Target A = target("graviton2");
  llvm::Expected<Prediction> ArmNone = predict(Profile(0), A, O);
  llvm::Expected<Prediction> ArmNear = predict(Profile(1), A, O);
  REQUIRE(static_cast<bool>(ArmNone));
  REQUIRE(static_cast<bool>(ArmNear));
  CHECK(ArmNear->CyclesPerCall == Approx(ArmNone->CyclesPerCall));
  // Without the memory model (the ablation) it is not charged either.
  O.MemoryModel = false;
  llvm::Expected<Prediction> Off = predict(Profile(1), T, O);
  REQUIRE(static_cast<bool>(Off));
  CHECK(block(*Off, "loop").Bound != "memory:4k-alias");
}

TEST_CASE("write-backs follow the stores' own misses", "[predict]") {
  // The loop streams two loads in cold (half its accesses) and stores one
  // line per execution. Without a store histogram every miss is charged a
  // write-back in proportion to the stores; with one, stores that hit L1
  // (an accumulator row) write nothing back, and stores that miss write
  // back one line each.
  hw::Target T = target("gold5220r");
  auto Profile = [](int Kind) {
    ProgramProfile P = storingProfile(100000);
    BlockProfile &Loop = P.Functions[0].Blocks[1];
    ReuseHistogram &S = Loop.Reuse[64].Serial;
    ReuseHistogram &St = Loop.Reuse[64].StoreSerial;
    if (Kind == 1) { // stores hit
      S.add(0, Loop.Count);
      St.add(0, Loop.Count);
    } else if (Kind == 2) { // stores miss everything
      S.addCold(Loop.Count);
      St.addCold(Loop.Count);
    } else { // no store histogram (an older profile)
      S.add(0, Loop.Count);
    }
    return P;
  };
  PredictOptions O;
  auto RamBytes = [&](int Kind) {
    llvm::Expected<Prediction> R = predict(Profile(Kind), T, O);
    REQUIRE(static_cast<bool>(R));
    return R->Levels.back().Bytes;
  };
  double Old = RamBytes(0), Hit = RamBytes(1), Miss = RamBytes(2);
  // 100000 cold loads of 64-byte lines reach RAM in every case.
  CHECK(Hit == Approx(100000.0 * 64).epsilon(0.01));
  // The old rule: a third of the accesses are stores, so a third more.
  CHECK(Old == Approx(100000.0 * 64 * (1 + 1.0 / 3)).epsilon(0.01));
  // Stores that miss: their line comes in (an access) and goes back.
  CHECK(Miss == Approx(200000.0 * 64 + 100000.0 * 64).epsilon(0.01));
}

TEST_CASE("read-modify-write stores go back at the level's write-back rate",
          "[predict]") {
  // One load of each execution and its store touch a line last used 2000
  // lines ago: more than gold5220r's L1 holds, fewer than its L2. The load
  // misses L1; the store hits by its own distance (the load brought the
  // line just before), but the line it dirtied last time went back to L2
  // since: 2000 lines came in after that store too.
  auto Profile = [](bool WithWriteBack) {
    ProgramProfile P = storingProfile(100000);
    BlockProfile &Loop = P.Functions[0].Blocks[1];
    BlockReuse &R = Loop.Reuse[64];
    R.Serial = ReuseHistogram();
    R.Serial.add(0, 2 * Loop.Count);
    R.Serial.add(2000, Loop.Count);
    R.StoreSerial.add(0, Loop.Count);
    if (WithWriteBack)
      R.StoreWriteBack.add(2000, Loop.Count);
    return P;
  };
  hw::Target T = target("gold5220r");
  PredictOptions O;
  auto run = [&](const hw::Target &Tg, bool WithWriteBack) {
    llvm::Expected<Prediction> R = predict(Profile(WithWriteBack), Tg, O);
    REQUIRE(static_cast<bool>(R));
    return *R;
  };
  // An older profile (own distances only) sees the fills, no write-back;
  // so does a descriptor that prices write-backs as fills (no rate of its
  // own: the older count, whose term stands in for other costs).
  CHECK(run(T, false).Levels[1].Bytes == Approx(100000.0 * 64).epsilon(0.01));
  CHECK(run(T, true).Levels[1].Bytes == Approx(100000.0 * 64).epsilon(0.01));
  // With a rate, the distances since the previous store count: L2 takes
  // each line in and back. At the read rate, twice the fill time.
  hw::Target Same = T;
  Same.Cpu->Caches[1].WriteBackBandwidthPerCore =
      Same.Cpu->Caches[1].BandwidthPerCore;
  Prediction Fill = run(Same, true);
  CHECK(Fill.Levels[1].Bytes == Approx(2 * 100000.0 * 64).epsilon(0.01));
  CHECK(Fill.Levels.back().Bytes == Approx(0).margin(1));
  CHECK(block(Fill, "loop").MemoryCycles ==
        Approx(2 * block(run(T, true), "loop").MemoryCycles).epsilon(0.01));
  // At a quarter of the read rate: the same bytes, the write-backs' half of
  // the time four times as long.
  hw::Target Slow = T;
  Slow.Cpu->Caches[1].WriteBackBandwidthPerCore =
      Slow.Cpu->Caches[1].BandwidthPerCore / 4;
  Prediction Quarter = run(Slow, true);
  CHECK(Quarter.Levels[1].Bytes == Approx(Fill.Levels[1].Bytes));
  CHECK(block(Quarter, "loop").MemoryCycles ==
        Approx(2.5 * block(Fill, "loop").MemoryCycles).epsilon(0.01));
}

TEST_CASE("mispredictions: irregular forward branches, not short loops",
          "[predict]") {
  hw::Target T = target("gold5220r");
  PredictOptions Off;
  Off.MemoryModel = false;
  // Short constant-trip loop (8): learned by the predictor.
  llvm::Expected<Prediction> Short = predict(handProfile(1, 8, false), T, Off);
  REQUIRE(static_cast<bool>(Short));
  CHECK(block(*Short, "loop").BranchCycles == 0);
  // Long loop: one mispredict per exit.
  llvm::Expected<Prediction> Long =
      predict(handProfile(1, 1000, false), T, Off);
  REQUIRE(static_cast<bool>(Long));
  CHECK(block(*Long, "loop").BranchCycles == Approx(16.0 / 1000));
  // A forward branch taken both ways half the time.
  ProgramProfile P = handProfile(1, 8, false);
  BlockProfile &E = P.Functions[0].Blocks[0];
  E.Count = 100;
  E.Successors = {{"loop", 50, {}}, {"exit", 50, {}}};
  llvm::Expected<Prediction> Fwd = predict(P, T, Off);
  REQUIRE(static_cast<bool>(Fwd));
  CHECK(block(*Fwd, "entry").BranchCycles == Approx(0.5 * 16));
}

TEST_CASE("superblocks split a two-block loop's cost exactly", "[predict]") {
  hw::Target T = target("gold5220r");
  ProgramProfile P;
  P.Module.Entry = "k";
  FunctionProfile F;
  F.Name = "k";
  F.Calls = 1;
  BlockProfile A, B;
  A.Name = "a";
  B.Name = "b";
  A.Count = B.Count = 1000;
  A.Body = graphlet("a", {{"fadd", "f32"}, {"br", "void"}}, {{1, 2}}, {{1, 1}});
  B.Body = graphlet("b", {{"fmul", "f32"}, {"br", "void"}}, {{1, 2}}, {{1, 1}});
  Graphlet AB = graphlet(
      "a", {{"fadd", "f32"}, {"br", "void"}, {"fmul", "f32"}, {"br", "void"}},
      {{1, 2}, {3, 4}}, {{1, 1}, {3, 3}});
  AB.Successor = "b";
  Graphlet BA = AB;
  BA.Block = "b";
  BA.Successor = "a";
  A.Successors.push_back({"b", 1000, AB});
  B.Successors.push_back({"a", 999, BA});
  F.Blocks = {A, B};
  P.Functions.push_back(F);
  PredictOptions Off;
  Off.MemoryModel = false;
  llvm::Expected<Prediction> R = predict(P, T, Off);
  REQUIRE(static_cast<bool>(R));
  PipelineSimulator Sim(T);
  // a's part plus b's (b leaves the loop once in 1000) is the pair's cost.
  double Pair = Sim.blockCost(AB).Cycles;
  CHECK(block(*R, "a").PipelineCycles + block(*R, "b").PipelineCycles ==
        Approx(Pair).epsilon(0.01));
}

TEST_CASE("short loops whose chains restart overlap their entries",
          "[predict]") {
  hw::Target T = target("gold5220r");
  PredictOptions Off;
  Off.MemoryModel = false;
  auto loopCycles = [&](uint64_t Trip, bool Restart) {
    ProgramProfile P = handProfile(1000, Trip, false);
    P.Functions[0].Blocks[1].Body.ChainsRestart = Restart;
    llvm::Expected<Prediction> R = predict(P, T, Off);
    REQUIRE(static_cast<bool>(R));
    return block(*R, "loop").PipelineCycles;
  };
  // The fma's carried accumulator: one fma latency per iteration when the
  // chain runs on, across entries.
  double Chained = loopCycles(8, false);
  double FmaLatency = T.Cpu->Instructions.at("fma.f32x8").Latency;
  CHECK(Chained == Approx(FmaLatency).epsilon(0.05));
  // Restarting every 8 iterations, the chains of successive entries overlap
  // in the reorder window: the loads' ports bound, well under the latency.
  double Restarting = loopCycles(8, true);
  CHECK(Restarting < 0.6 * Chained);
  // A long trip leaves the restarts little to overlap.
  CHECK(loopCycles(100000, true) == Approx(Chained).epsilon(0.02));

  // Each entry's first load reads what the previous entry's exit stored, a
  // few accesses earlier: the entry waits for that store, so the entries
  // run one after the other, as one chain.
  auto waitingCycles = [&](uint32_t Distance, uint64_t PerEntry,
                           bool Aliased = false,
                           const hw::Target *On = nullptr) {
    ProgramProfile P = handProfile(1000, 8, false);
    BlockProfile &L = P.Functions[0].Blocks[1];
    L.Body.ChainsRestart = true;
    StoreWaitLoads &W = Aliased ? L.StoreWait.Aliased : L.StoreWait.Same;
    W.Distances = {{Distance, 1000 * PerEntry}};
    W.Executions = 1000 * PerEntry;
    llvm::Expected<Prediction> R = predict(P, On ? *On : T, Off);
    REQUIRE(static_cast<bool>(R));
    return block(*R, "loop").PipelineCycles;
  };
  CHECK(waitingCycles(4, 1) == Approx(Chained).epsilon(0.02));
  // A 4K alias of the store instead: only cores that make such a load wait
  // for the store's data (a measured descriptor field) serialise.
  CHECK(waitingCycles(4, 1, true) == Approx(Restarting).epsilon(0.01));
  hw::Target Waits = T;
  Waits.Cpu->Alias4KWaitsForData = true;
  CHECK(waitingCycles(4, 1, true, &Waits) == Approx(Chained).epsilon(0.02));
  // Half the entries wait: half the way back.
  double Half = [&] {
    ProgramProfile P = handProfile(1000, 8, false);
    BlockProfile &L = P.Functions[0].Blocks[1];
    L.Body.ChainsRestart = true;
    L.StoreWait.Same.Distances = {{4, 500}};
    L.StoreWait.Same.Executions = 500;
    llvm::Expected<Prediction> R = predict(P, T, Off);
    REQUIRE(static_cast<bool>(R));
    return block(*R, "loop").PipelineCycles;
  }();
  CHECK(Half == Approx((Chained + Restarting) / 2).epsilon(0.02));
  // A store farther back than the reorder window reaches (224 entries of a
  // block with 2 loads in its few instructions: well under 4096 accesses)
  // has completed long before: the entries overlap as before.
  CHECK(waitingCycles(4096, 1) == Approx(Restarting).epsilon(0.01));
}

TEST_CASE("loads that cross a line keep the load ports longer", "[predict]") {
  hw::Target T = target("epyc7763");
  PredictOptions Off;
  Off.MemoryModel = false;
  auto cycles = [&](uint64_t SplitPerExec, double Extra) {
    ProgramProfile P = handProfile(1000, 8, false);
    BlockProfile &L = P.Functions[0].Blocks[1];
    L.LineSplitLoads = SplitPerExec * L.Count;
    hw::Target U = T;
    U.Cpu->SplitLoadExtraCycles = Extra;
    llvm::Expected<Prediction> R = predict(P, U, Off);
    REQUIRE(static_cast<bool>(R));
    return block(*R, "loop").PipelineCycles;
  };
  double Base = cycles(0, 0);
  // Without the descriptor's figure, or without crossing loads: unchanged.
  CHECK(cycles(1, 0) == Base);
  CHECK(cycles(0, 20) == Base);
  // One crossing load per execution at 20 extra cycles: the load ports,
  // busy the loads' own occupancy (at most the block's cycles) plus 20.
  double With = cycles(1, 20);
  CHECK(With >= 20);
  CHECK(With <= Base + 20 + 1e-9);
  CHECK(With > Base);
}

TEST_CASE("the clock follows the busy cores; RAM latency stays a time",
          "[predict]") {
  hw::Target T = target("epyc7763");
  REQUIRE(!T.Cpu->FrequencyByActiveCores.empty());
  ProgramProfile P = handProfile(1000, 64, true);
  PredictOptions One, All;
  One.Threads = 1;
  All.Threads = 64;
  llvm::Expected<Prediction> A = predict(P, T, One), B = predict(P, T, All);
  REQUIRE(static_cast<bool>(A));
  REQUIRE(static_cast<bool>(B));
  CHECK(A->FrequencyHz == 3.5e9);
  CHECK(B->FrequencyHz == 2.45e9);
  // Without the map, the descriptor's frequency at every count.
  hw::Target Flat = T;
  Flat.Cpu->FrequencyByActiveCores.clear();
  llvm::Expected<Prediction> C = predict(P, Flat, One);
  REQUIRE(static_cast<bool>(C));
  CHECK(C->FrequencyHz == 2.45e9);
  // Work in cycles runs faster at the boost clock; a memory-free profile's
  // cycles do not change with the clock.
  PredictOptions NoMem = One;
  NoMem.MemoryModel = false;
  llvm::Expected<Prediction> D = predict(P, T, NoMem),
                             E = predict(P, Flat, NoMem);
  REQUIRE(static_cast<bool>(D));
  REQUIRE(static_cast<bool>(E));
  CHECK(D->CyclesPerCall == Approx(E->CyclesPerCall));
  CHECK(D->SecondsPerCall == Approx(E->SecondsPerCall * 2.45 / 3.5));
}

TEST_CASE("each parallel launch costs the launching thread the runtime's "
          "fork and join",
          "[predict]") {
  hw::Target T = target("gold5220r");
  T.Cpu->FrequencyByActiveCores.clear();
  // 8 launches of 4 tasks over 2 entry calls: 4 launches per call.
  ProgramProfile P = handProfile(32, 64, true);
  P.EntryCalls = 2;
  P.Functions[0].Launches = {{4, 8}};
  auto at = [&](const hw::Target &Tg, ParallelRuntime Rt, unsigned Threads) {
    ProgramProfile Q = P;
    Q.Functions[0].Runtime = Rt;
    PredictOptions O;
    O.Threads = Threads;
    llvm::Expected<Prediction> R = predict(Q, Tg, O);
    REQUIRE(static_cast<bool>(R));
    return *R;
  };
  hw::Target L = T;
  L.Cpu->ParallelLaunchSeconds = {{1, 0.5e-6}, {2, 1e-6}, {8, 4e-6}};
  CHECK(hw::parallelLaunchSeconds(*L.Cpu, 4) == Approx(2e-6));
  CHECK(hw::parallelLaunchSeconds(*L.Cpu, 48) == Approx(4e-6));
  CHECK(hw::parallelLaunchSeconds(*T.Cpu, 4) == 0);
  for (unsigned Threads : {1u, 2u, 4u}) {
    INFO(Threads << " threads");
    double Cost = hw::parallelLaunchSeconds(*L.Cpu, Threads);
    Prediction Without = at(T, ParallelRuntime::OpenMP, Threads);
    Prediction With = at(L, ParallelRuntime::OpenMP, Threads);
    CHECK(With.SecondsPerCall ==
          Approx(Without.SecondsPerCall + 4 * Cost).epsilon(1e-9));
    CHECK(With.BoundCycles.at("launch") == Approx(4 * Cost * With.FrequencyHz));
    // TVM's and Halide's pools run a one-thread launch as a plain call.
    for (ParallelRuntime Rt : {ParallelRuntime::TVM, ParallelRuntime::Halide}) {
      double Extra =
          at(L, Rt, Threads).SecondsPerCall - at(T, Rt, Threads).SecondsPerCall;
      CHECK(Extra == Approx(Threads > 1 ? 4 * Cost : 0).margin(1e-15));
    }
  }
  // A serial function launches nothing.
  ProgramProfile S = handProfile(32, 64, false);
  PredictOptions O;
  O.Threads = 2;
  llvm::Expected<Prediction> A = predict(S, T, O), B = predict(S, L, O);
  REQUIRE(static_cast<bool>(A));
  REQUIRE(static_cast<bool>(B));
  CHECK(A->SecondsPerCall == B->SecondsPerCall);
  // Launches that dominate name the bound.
  ProgramProfile Tiny = handProfile(2, 1, true);
  Tiny.Functions[0].Launches = {{2, 1}};
  L.Cpu->ParallelLaunchSeconds = {{2, 1e-3}};
  llvm::Expected<Prediction> C = predict(Tiny, L, O);
  REQUIRE(static_cast<bool>(C));
  CHECK(C->Bound == "launch");
}

TEST_CASE("each chunk of a dynamic schedule and each explicit task costs the "
          "team the runtime's measured rate",
          "[predict]") {
  hw::Target T = target("gold5220r");
  T.Cpu->FrequencyByActiveCores.clear();
  T.Cpu->ParallelLaunchSeconds.clear();
  // 3 launches of 40 pieces over 2 entry calls: 60 pieces per call.
  ProgramProfile P = handProfile(40, 16, true);
  P.EntryCalls = 2;
  P.Functions[0].Launches = {{40, 3}};
  hw::Target L = T;
  L.Cpu->ParallelDispatchSeconds = {{1, 2e-9}, {2, 300e-9}};
  L.Cpu->ParallelTaskSeconds = {{1, 80e-9}, {2, 200e-9}};
  auto seconds = [&](const hw::Target &Tg, ParallelRuntime Rt,
                     unsigned Threads) {
    ProgramProfile Q = P;
    Q.Functions[0].Runtime = Rt;
    PredictOptions O;
    O.Threads = Threads;
    llvm::Expected<Prediction> R = predict(Q, Tg, O);
    REQUIRE(static_cast<bool>(R));
    return R->SecondsPerCall;
  };
  for (unsigned Threads : {1u, 2u}) {
    INFO(Threads << " threads");
    double Dispatch = hw::parallelDispatchSeconds(*L.Cpu, Threads),
           Task = hw::parallelTaskSeconds(*L.Cpu, Threads);
    CHECK(seconds(L, ParallelRuntime::OpenMPDynamic, Threads) ==
          Approx(seconds(T, ParallelRuntime::OpenMPDynamic, Threads) +
                 60 * Dispatch)
              .epsilon(1e-9));
    CHECK(seconds(L, ParallelRuntime::OpenMPTask, Threads) ==
          Approx(seconds(T, ParallelRuntime::OpenMPTask, Threads) + 60 * Task)
              .epsilon(1e-9));
    // A static schedule's tasks are no pieces the runtime hands out.
    CHECK(seconds(L, ParallelRuntime::OpenMP, Threads) ==
          seconds(T, ParallelRuntime::OpenMP, Threads));
    // Without the record the chunks are an OpenMP loop's blocks.
    CHECK(seconds(T, ParallelRuntime::OpenMPDynamic, Threads) ==
          Approx(seconds(T, ParallelRuntime::OpenMP, Threads)));
  }
}

TEST_CASE("a repeated prediction is memoized and identical", "[predict]") {
  hw::Target T = target("gold5220r");
  ProgramProfile P = handProfile(10, 500, true);
  llvm::Expected<Prediction> A = predict(P, T);
  REQUIRE(static_cast<bool>(A));
  auto Start = std::chrono::steady_clock::now();
  llvm::Expected<Prediction> B = predict(P, T);
  auto End = std::chrono::steady_clock::now();
  REQUIRE(static_cast<bool>(B));
  CHECK(A->CyclesPerCall == B->CyclesPerCall);
  CHECK(A->Bound == B->Bound);
  // Not a speed test (bench/predict does that): only that the second call
  // does not simulate again, which a slow machine still shows in seconds.
  CHECK(std::chrono::duration<double>(End - Start).count() < 1.0);
}

TEST_CASE("roofline picks the bound that holds", "[predict][roofline]") {
  hw::Target T;
  T.Name = "toy-gpu";
  T.Kind = hw::TargetKind::GPU;
  hw::AcceleratorParams A;
  A.ComputeUnits = 10;
  A.FrequencyHz = 1e9;
  A.Peak["f32"] = {1e12, 0};
  A.Memory = {{"L2", 1 << 20, 1e12}, {"DRAM", uint64_t(1) << 30, 1e11}};
  A.LaunchOverheadSeconds = 1e-6;
  T.Accel = A;

  auto profile = [](uint64_t Count, uint64_t ColdLines) {
    ProgramProfile P;
    P.Module.Entry = "k";
    FunctionProfile F;
    F.Name = "k";
    F.Calls = 1;
    BlockProfile B;
    B.Name = "body";
    B.Count = Count;
    B.Loads = ColdLines;
    B.LoadBytes = ColdLines * 4;
    B.Body = graphlet("body", {{"fma", "f32", 8}, {"br", "void"}}, {{1, 2}});
    B.Reuse[128].Serial.addCold(ColdLines);
    F.Blocks = {B};
    P.Functions.push_back(F);
    return P;
  };
  // 1e9 executions x 16 flops = 16 ms of compute; few bytes.
  llvm::Expected<Prediction> C = predict(profile(1000000000, 1000), T);
  REQUIRE(static_cast<bool>(C));
  CHECK(C->Roofline);
  CHECK(C->Bound == "compute");
  CHECK(C->RooflineDetail.Ops.at("f32") == Approx(1.6e10));
  CHECK(C->SecondsPerCall == Approx(0.016 + 1e-6).epsilon(1e-6));
  // 1e8 cold 128-byte lines = 12.8 GB from DRAM at 100 GB/s = 0.128 s.
  llvm::Expected<Prediction> M = predict(profile(1000, 100000000), T);
  REQUIRE(static_cast<bool>(M));
  CHECK(M->Bound == "memory:DRAM");
  CHECK(M->RooflineDetail.MemorySeconds == Approx(0.128));
  // Almost nothing to do: the launch dominates.
  llvm::Expected<Prediction> L = predict(profile(10, 10), T);
  REQUIRE(static_cast<bool>(L));
  CHECK(L->Bound == "launch");
  CHECK(L->SecondsPerCall == Approx(1e-6).epsilon(0.02));
}

TEST_CASE("bad targets are errors, not crashes", "[predict]") {
  hw::Target T;
  T.Name = "nothing";
  T.Kind = hw::TargetKind::CPU;
  llvm::Expected<Prediction> R = predict(handProfile(1, 10, false), T);
  CHECK_FALSE(static_cast<bool>(R));
  llvm::consumeError(R.takeError());
  T.Kind = hw::TargetKind::GPU;
  llvm::Expected<Prediction> G = predict(handProfile(1, 10, false), T);
  CHECK_FALSE(static_cast<bool>(G));
  llvm::consumeError(G.takeError());
}

TEST_CASE("degenerate profiles predict without dividing by zero", "[predict]") {
  hw::Target T = target("gold5220r");
  ProgramProfile Empty;
  llvm::Expected<Prediction> E = predict(Empty, T);
  CHECK_FALSE(static_cast<bool>(E));
  llvm::consumeError(E.takeError());

  // Never-called functions, zero-count blocks, an edge to a block that is
  // not in the function, entry_calls 0, a parallel function with no launch
  // record: all finite, the dead parts cost nothing.
  ProgramProfile P = handProfile(4, 10, true);
  P.EntryCalls = 0;
  P.Functions[0].Launches.clear();
  P.Functions[0].Blocks[1].Successors.push_back({"nowhere", 3, {}});
  FunctionProfile Dead;
  Dead.Name = "dead";
  BlockProfile DB;
  DB.Name = "d";
  DB.Body = loopBody();
  Dead.Blocks.push_back(DB);
  P.Functions.push_back(Dead);
  for (unsigned Threads : {1u, 3u, 1000u}) {
    PredictOptions O;
    O.Threads = Threads;
    llvm::Expected<Prediction> R = predict(P, T, O);
    REQUIRE(static_cast<bool>(R));
    CHECK(std::isfinite(R->CyclesPerCall));
    CHECK(R->CyclesPerCall > 0);
    for (const BlockPrediction &B : R->Blocks) {
      CHECK(std::isfinite(B.CyclesPerExec));
      CHECK(B.Block != "d");
    }
  }
}
