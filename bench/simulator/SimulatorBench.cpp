//===- SimulatorBench.cpp - Speed of the pipeline simulator (issue 5 target)
//===//
//
// Usage: crop_bench_simulator [--target NAME]... [--seconds S] [FILE.ll]...
// Defaults: targets gold5220r and epyc7763; the examples matmul_tiled.ll (as
// built) and fig3.ll; 1 second per measurement.
//
// For each file and target it simulates every block and superblock graphlet
// again and again without the cache (PipelineSimulator::simulate, the full
// cost: flattening the Boost graph, resolving costs, the run) and prints the
// simulated instructions per second (instructions times back-to-back
// executions simulated, free ones not counted); then the time of a memoized
// query (blockCost: hashing the graphlet and a lookup) and of a lookup with a
// precomputed key. The target is >= 10 M simulated instructions per second.
// Times are the thread's CPU time, so a busy machine does not skew them.
//
//===----------------------------------------------------------------------===//

#include "crop/Hwdb/Hwdb.h"
#include "crop/Passes/ModuleLoader.h"
#include "crop/Passes/StaticAnalysis.h"
#include "crop/Simulator/PipelineSimulator.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

using namespace crop;

namespace {

/// CPU time of this thread: the machine may be shared (other builds), and
/// the figure wanted is the simulator's own speed.
double cpuSeconds() {
  timespec TS;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &TS);
  return double(TS.tv_sec) + 1e-9 * double(TS.tv_nsec);
}

/// Keeps results alive so the optimizer cannot drop the work.
volatile double Sink;

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Targets, Files;
  double Seconds = 1.0;
  bool List = false;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--target" && I + 1 < Argc)
      Targets.push_back(Argv[++I]);
    else if (A == "--seconds" && I + 1 < Argc)
      Seconds = std::stod(Argv[++I]);
    else if (A == "--list")
      List = true;
    else if (A == "-h" || A == "--help") {
      llvm::outs() << "usage: crop_bench_simulator [--target NAME]... "
                      "[--seconds S] [--list] [FILE.ll]...\n";
      return 0;
    } else
      Files.push_back(A);
  }
  if (Targets.empty())
    Targets = {"gold5220r", "epyc7763"};
  if (Files.empty())
    Files = {CROP_BINARY_DIR "/examples/matmul_tiled.ll",
             CROP_SOURCE_DIR "/examples/fig3.ll"};

  std::printf("%-18s %-10s %9s %8s %8s %12s %12s %12s %12s\n", "file", "target",
              "graphlets", "instrs", "max", "Msim-inst/s", "us/graphlet",
              "cached ns", "keyed ns");
  for (const std::string &File : Files) {
    llvm::LLVMContext Ctx;
    auto M = loadModule(File, Ctx);
    if (!M) {
      llvm::errs() << "crop_bench_simulator: " << llvm::toString(M.takeError())
                   << "\n";
      return 1;
    }
    auto Static = analyzeModule(**M);
    if (!Static) {
      llvm::errs() << "crop_bench_simulator: "
                   << llvm::toString(Static.takeError()) << "\n";
      return 1;
    }
    std::vector<const Graphlet *> Gs;
    std::vector<std::string> Names;
    size_t Instrs = 0, Max = 0;
    for (const FunctionStatic &F : *Static) {
      for (const Graphlet &G : F.Graphlets.Blocks) {
        Gs.push_back(&G);
        Names.push_back(F.Name + ":" + G.Block);
      }
      for (const auto &[Pair, G] : F.Graphlets.Superblocks) {
        Gs.push_back(&G);
        Names.push_back(F.Name + ":" + Pair.first + "+" + Pair.second);
      }
    }
    for (const Graphlet *G : Gs) {
      Instrs += G->numInstructions();
      Max = std::max(Max, G->numInstructions());
    }
    std::string Short = File.substr(File.find_last_of('/') + 1);

    for (const std::string &Name : Targets) {
      auto T = hw::findTarget(Name);
      if (!T) {
        llvm::errs() << "crop_bench_simulator: "
                     << llvm::toString(T.takeError()) << "\n";
        return 1;
      }
      PipelineSimulator Sim(*T);
      if (List) // What each graphlet costs, for reading, not timing.
        for (size_t I = 0; I < Gs.size(); ++I) {
          BlockCost C = Sim.simulate(*Gs[I]);
          std::printf("  %-10s %-60s n=%-4llu cycles %8.2f latency %8.2f %s\n",
                      Name.c_str(), Names[I].c_str(),
                      (unsigned long long)C.Instructions, C.Cycles, C.Latency,
                      C.Limit);
        }
      // Uncached: whole passes over the graphlets until Seconds elapse.
      uint64_t Sim0 = Sim.simulatedInstructions();
      size_t Queries = 0;
      double Acc = 0;
      double T0 = cpuSeconds();
      do {
        for (const Graphlet *G : Gs)
          Acc += Sim.simulate(*G).Cycles;
        Queries += Gs.size();
      } while ((cpuSeconds() - T0) < Seconds);
      double Elapsed = (cpuSeconds() - T0);
      double Rate = double(Sim.simulatedInstructions() - Sim0) / Elapsed;
      double PerGraphlet = Elapsed / Queries;

      // Cached: fill, then repeat the same queries.
      for (const Graphlet *G : Gs)
        Acc += Sim.blockCost(*G).Cycles;
      uint64_t Filled = Sim.simulatedInstructions();
      size_t Cached = 0;
      T0 = cpuSeconds();
      // Passes between clock reads, so reading the clock costs little.
      const size_t Passes = std::max<size_t>(1, 4096 / Gs.size());
      do {
        for (size_t R = 0; R < Passes; ++R)
          for (const Graphlet *G : Gs)
            Acc += Sim.blockCost(*G).Cycles;
        Cached += Passes * Gs.size();
      } while ((cpuSeconds() - T0) < Seconds / 4);
      double CachedNs = (cpuSeconds() - T0) / Cached * 1e9;

      std::vector<GraphletKey> Keys;
      for (const Graphlet *G : Gs)
        Keys.push_back(graphletKey(*G));
      size_t Keyed = 0;
      T0 = cpuSeconds();
      do {
        for (size_t R = 0; R < Passes; ++R)
          for (size_t I = 0; I < Gs.size(); ++I)
            Acc += Sim.blockCost(*Gs[I], Keys[I]).Cycles;
        Keyed += Passes * Gs.size();
      } while ((cpuSeconds() - T0) < Seconds / 4);
      double KeyedNs = (cpuSeconds() - T0) / Keyed * 1e9;
      if (Sim.simulatedInstructions() != Filled) {
        llvm::errs() << "crop_bench_simulator: a cached query simulated\n";
        return 1;
      }
      Sink = Acc;

      std::printf("%-18s %-10s %9zu %8zu %8zu %12.1f %12.2f %12.0f %12.0f\n",
                  Short.c_str(), Name.c_str(), Gs.size(), Instrs, Max,
                  Rate / 1e6, PerGraphlet * 1e6, CachedNs, KeyedNs);
      std::fflush(stdout);
    }
  }
  std::printf("%s", "graphlets: blocks and superblocks; instrs: their vertices "
                    "(entry excluded), max: the largest;\nMsim-inst/s: "
                    "simulated instructions (x back-to-back executions) per "
                    "second, uncached;\ncached ns: blockCost with hashing, "
                    "keyed ns: with a precomputed graphletKey.\n");
  return 0;
}
