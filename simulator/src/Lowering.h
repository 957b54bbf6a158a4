//===- Lowering.h - A graphlet resolved against a CPU: micro-op program -===//
//
// The pipeline simulator's first half (llvm-mca's InstrBuilder plays this
// part there): a graphlet and a target become arrays in program order, one
// resolved cost per vertex (latency, unit class, occupancy, uops) and a CSR
// list of predecessors with a distance, after the rewrites that turn IR into
// what the backend emits. Private to crop_simulator; PipelineSimulator.cpp
// schedules the result. The cost lookup, interning, flattening and the one
// structural hash are in Lowering.cpp; each rewrite is a file of its own in
// rewrites/ (named below), with its test in PipelineTests.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_LOWERING_H
#define CROP_SIMULATOR_LOWERING_H

#include "crop/Hwdb/Target.h"
#include "crop/Profile/Graphlet.h"
#include "crop/Simulator/PipelineSimulator.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace crop {
namespace lowering {

constexpr double Eps = 1e-9;
/// The unit class of the port FMAs share with FP/vector stores (one port).
constexpr const char *StoreFmaPort = "fma_store";

/// Opcode and type classes the cost lookup and the rewrites share.
inline bool startsWith(const std::string &S, const char *P) {
  return S.compare(0, std::char_traits<char>::length(P), P) == 0;
}

inline bool isLoadOpcode(const std::string &Op) {
  return Op == "load" || Op == "intr:masked.load" ||
         Op == "intr:masked.gather" || Op == "intr:masked.expandload";
}

inline bool isStoreOpcode(const std::string &Op) {
  return Op == "store" || Op == "intr:masked.store" ||
         Op == "intr:masked.scatter" || Op == "intr:masked.compressstore";
}

inline bool isFreeOpcode(const std::string &Op) {
  return Op == "entry" || Op == "bitcast" || Op == "ptrtoint" ||
         Op == "inttoptr" || Op == "addrspacecast" || Op == "freeze" ||
         Op == "alloca";
}

inline bool isFloatType(const std::string &Ty) {
  return (!Ty.empty() && Ty[0] == 'f') || Ty == "bf16";
}

/// A 64-bit finaliser (splitmix64's): spreads the bits of a key.
inline uint64_t mix64(uint64_t X) {
  X ^= X >> 30;
  X *= 0xbf58476d1ce4e5b9ULL;
  X ^= X >> 27;
  X *= 0x94d049bb133111ebULL;
  X ^= X >> 31;
  return X;
}

/// What one vertex costs once resolved against the target.
struct VertexCost {
  double Latency = 0;
  double Occupancy = 0; ///< Whole-core cycles of its unit class.
  uint32_t Unit = 0;
  uint32_t Uops = 0;
  uint32_t Hint = 0; ///< Its slot in Impl::Hints: one per class.
  bool Free = true;
  /// FP/vector arithmetic (not a memory access): it holds an FP scheduler
  /// entry from dispatch until it starts.
  bool Fp = false;
  /// A load: it holds a load-queue entry from dispatch until it retires.
  bool Load = false;
  /// A store: it holds a store-queue entry from dispatch until it commits.
  bool Store = false;
  /// A second unit class it holds Occupancy2 cycles of, as well as Unit
  /// (UINT32_MAX: none): the port FMAs share with stores of FP and vector
  /// registers where the descriptor gives store_fma_port. Its hint slot is
  /// Hint, in the scheduler's second hint array.
  uint32_t Unit2 = UINT32_MAX;
  double Occupancy2 = 0;
};

/// An interned (opcode, type, lanes) with its resolved cost.
struct ClassEntry {
  std::string Opcode, Type;
  uint32_t Lanes;
  VertexCost Cost;  ///< Latency of loads is the descriptor's.
  bool IsLoad;      ///< Latency becomes LoadLatency + LoadExtra.
  double LoadExtra; ///< Descriptor latency beyond L1's.
};

/// A graphlet lowered for one target: the micro-op program the scheduler
/// runs (Pos, OrderV, Cost and the Pred* arrays, reused between queries),
/// and the interned instruction classes and unit classes behind it.
class Lowering {
public:
  Lowering(const hw::Target &T, SimulatorOptions O);

  const hw::Target &T;
  hw::CpuParams Cpu; ///< A copy, defaults if T has none.
  SimulatorOptions Opts;
  double L1Latency = 4;
  /// Cycles between two stores' commits to L1: one a cycle per store unit.
  double StoreCommitInterval = 1;
  bool Fusion = false; ///< x86 macro- and micro-fusion apply.
  bool IsX86 = false;
  /// The opcode a one-instruction min/max is priced as: "fmax" where the
  /// descriptor measured it (crop microbench), else the type's "fadd".
  const char *SingleMinMax = "fadd";

  // Unit classes: index -> name, and "port:<name>" for Limit.
  std::vector<std::string> UnitNames;
  std::vector<const char *> PortLimitNames;
  std::vector<double> UnitMinOcc; ///< 1 / units.

  // Interned instruction classes.
  std::unordered_map<uint64_t, uint32_t> ClassIndex;
  std::vector<ClassEntry> Classes;

  // Flattened graphlet (reused between queries).
  std::vector<uint32_t> Pos;    ///< Vertex -> position in program order.
  std::vector<uint32_t> OrderV; ///< Position -> vertex.
  std::vector<uint32_t> InDeg;
  std::vector<VertexCost> Cost;    ///< By position.
  std::vector<uint32_t> PredBegin; ///< CSR by position.
  std::vector<uint32_t> PredPos;
  /// Extra latency on an edge (a value through a spill slot); empty: none.
  std::vector<float> PredLat;
  std::vector<uint8_t> PredDist;

  bool NarrowedSimd = false; ///< Cpu.SimdBits is the program's, not T's.
  /// By position: an fadd/fsub that contractFMul made an FMA.
  std::vector<uint8_t> Contracted;
  /// Per part (head, successor): compares fuse() made free in their branch.
  /// The backend's record counts each as an instruction of its own (cmp,
  /// jne), so the comparisons with it count them too.
  uint32_t FusedCompares[2] = {0, 0};
  /// Scratch for flatten and fuse: per vertex, visited.
  std::vector<uint8_t> Done;

  /// Flattens G into the position arrays and applies the rewrites; false
  /// if G has a cycle of non-carried edges (not a graphlet the builder
  /// makes).
  bool flatten(const Graphlet &G, double LoadLatency);
  /// The resolved cost of V's (opcode, type, lanes), interned.
  const ClassEntry &classOf(const GraphletVertex &V);
  /// Longest latency path from a load to a store within one execution.
  double loadToStore(const GraphletGraph &Gr);

private:
  hw::InstrCost lookupCost(const std::string &Op, const std::string &Ty,
                           uint32_t Lanes);
  uint32_t unitId(const std::string &Name);
  void trimToMachine(const Graphlet &G);    // rewrites/TrimToMachine.cpp
  void addMachineExcess(const Graphlet &G); // rewrites/MachineExcess.cpp
  void addMachineSpills(const Graphlet &G); // rewrites/MachineSpills.cpp
  void addCallSpills(const Graphlet &G, bool Ports); // rewrites/CallSpills.cpp
  /// Appends an instruction that depends on nothing (spill traffic, hidden
  /// machine work); false once the graphlet has MaxAppended of them, when
  /// the caller stops (a profile with absurd counts must not exhaust memory;
  /// real blocks append hundreds).
  bool appendIndependent(const VertexCost &C);
  static constexpr uint32_t MaxAppended = 1 << 14;
  uint32_t Appended = 0;
  VertexCost spillCost(const GraphletVertex &V, const char *Op);
  uint32_t vectorRegisters() const;
  void addSpills(const Graphlet &G); // rewrites/RegisterSpills.cpp
  uint32_t pieces(const GraphletVertex &V) const;
  void contractFMul(const GraphletGraph &Gr);   // rewrites/FMAContraction.cpp
  void addFastAddForwarding(const GraphletGraph &Gr); // FastAddForwarding.cpp
  void fuse(const GraphletGraph &Gr);           // rewrites/Fusion.cpp
  void minMaxIdioms(const GraphletGraph &Gr);   // rewrites/MinMaxIdioms.cpp
  static bool foldsLoad(const std::string &Op); // rewrites/Fusion.cpp
  static bool foldedGep(const GraphletGraph &Gr, uint32_t V);
};

} // namespace lowering
} // namespace crop

#endif
