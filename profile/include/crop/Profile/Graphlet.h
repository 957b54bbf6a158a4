//===- Graphlet.h - Task graphlets: a block's instruction dependency DAG --===//
//
// A task graphlet is the hardware-independent description of one basic block
// (or a superblock: a block merged with one successor) that the pipeline
// simulator schedules on a target (paper section 3.1.2). It is plain data so
// that it can travel in a program profile without any LLVM IR.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PROFILE_GRAPHLET_H
#define CROP_PROFILE_GRAPHLET_H

#include <boost/graph/adjacency_list.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace crop {

/// One instruction of a graphlet (or the entry vertex).
struct GraphletVertex {
  /// Display name: "V0" is the entry vertex, "V1".. the block's instructions
  /// in program order; in a superblock, the successor's vertices are "S1_V1"..
  std::string Name;
  /// Opcode class, the key into a target's instruction costs: "entry", "fadd",
  /// "fmul", "fma" (llvm.fmuladd / llvm.fma), "load", "store", "gep", "icmp",
  /// "fcmp", "br", "switch", "ret", "select", "sitofp", "call:<callee>",
  /// "intr:<llvm intrinsic without the llvm. prefix and type suffix>" ...
  std::string Opcode;
  /// Element type: "f16", "bf16", "f32", "f64", "i1".."i64", "ptr", "void".
  std::string Type;
  /// Vector lanes; 1 for scalars.
  uint32_t Lanes = 1;
  /// Bytes read or written, for memory operations; 0 otherwise.
  uint32_t MemBytes = 0;
  /// 0 for the (head) block, 1 for the successor's part of a superblock.
  uint32_t Part = 0;
  /// An fadd/fsub that may absorb its single-use fmul operand into one fused
  /// multiply-add (both carry the contract fast-math flag): on a target with
  /// FMA the backend emits one fma where the IR has two instructions.
  bool Contract = false;
  /// The same operation on the same operands as an earlier instruction of
  /// its block (flags aside): instruction selection builds one node for both
  /// (SelectionDAG's CSE), so it costs nothing. Halide's unrolled loops
  /// repeat their index arithmetic this way.
  bool Duplicate = false;
  /// An integer add (or a disjoint or) of a constant whose every user is a
  /// getelementptr that takes it as an index: x86 folds the constant into
  /// the address's displacement.
  bool AddressOffset = false;
  /// An llvm.maxnum/minnum that need not handle NaN inputs: the call
  /// carries the nnan flag, or an operand is never NaN (a constant; another
  /// such max, which returns its non-NaN operand). x86 does it in one
  /// max/min instruction; honouring a NaN input takes a compare and a
  /// blend besides, which is what a plain maxnum costs in a descriptor.
  bool NoNaNs = false;
};

/// Why one vertex must wait for another.
enum class DepKind : uint8_t {
  Entry,   ///< From the entry vertex to a vertex with no other predecessor.
  Data,    ///< SSA def-use.
  MemRAW,  ///< A load after a store that may alias it.
  MemWAR,  ///< A store after a load that may alias it.
  MemWAW,  ///< A store after a store that may alias it.
  Control, ///< The terminator waits for everything in its block.
  /// Loop-carried: in the block's next execution (the next iteration of its
  /// innermost loop), the target waits for this execution's source: through
  /// a phi (an accumulator's fadd), or through memory (a store and a load of
  /// the same loop-invariant address: Out[i] += ... in a loop over k). The
  /// simulator uses it when it runs a block back to back; it is not an edge
  /// within one execution.
  Carried,
};

const char *depKindName(DepKind K);

struct GraphletEdge {
  DepKind Kind = DepKind::Data;
};

using GraphletGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS,
                          GraphletVertex, GraphletEdge>;

/// Values of one type that a block's instructions use but that are defined
/// outside the block (in another block, or function arguments; constants and
/// globals are not counted). In a loop they sit in registers through every
/// execution, next to the values the block makes: a loop's invariants (a
/// depthwise kernel's 36 weight vectors, the row offsets of its loads). The
/// simulator weighs them against the target's register file.
struct GraphletLiveIns {
  std::string Type;   ///< Element type, as GraphletVertex::Type.
  uint32_t Lanes = 1; ///< Vector lanes; 1 for scalars.
  uint32_t Part = 0;  ///< The superblock part whose block uses them.
  uint32_t Count = 0; ///< Distinct values.
};

/// What the program's backend emitted for one part's block: its machine
/// instructions and its stack traffic by access size in bytes (a reload
/// folded into an arithmetic instruction counts as a reload). Recorded by
/// `crop profile` (analyzer/MachineBlocks.h); absent when the module's
/// backend or CPU was unknown.
struct GraphletMachine {
  uint32_t Part = 0;
  uint32_t Instructions = 0;
  std::map<uint32_t, uint32_t> Reloads, Spills;
  /// The most spill-to-reload round trips one stack slot makes in one
  /// execution (a spill followed by a reload of the same slot, the last
  /// spill counted with a reload before the first when the block loops to
  /// itself): what a value carried through that slot pays in store-to-load
  /// forwarding per execution. 0 when unknown or none.
  uint32_t SlotTrips = 0;
  bool operator==(const GraphletMachine &O) const {
    return Part == O.Part && Instructions == O.Instructions &&
           Reloads == O.Reloads && Spills == O.Spills &&
           SlotTrips == O.SlotTrips;
  }
};

/// A block's (or superblock's) graphlet. Vertex 0 is always the entry vertex.
struct Graphlet {
  std::string Block;     ///< The (head) block's name.
  std::string Successor; ///< Empty for a plain block; the merged successor.
  GraphletGraph G;
  /// Per part and type, in (part, type, lanes) order; empty in profiles
  /// written before live-ins were recorded.
  std::vector<GraphletLiveIns> LiveIns;
  /// Per part, what the backend made of its block; empty when unknown.
  std::vector<GraphletMachine> Machine;
  /// The block has Carried edges and every chain they form starts afresh
  /// at each entry of its loop: an accumulator's start value and a
  /// memory-carried slot's address do not come from the loop's previous
  /// entry (acc = 0 for each output of `for j: for k: acc += a[k] * b[k][j]`).
  /// The chains of successive entries are then independent, and a core
  /// overlaps them within its reorder window. False when unknown.
  bool ChainsRestart = false;

  bool isSuperblock() const { return !Successor.empty(); }
  /// Number of instruction vertices (the entry vertex excluded).
  size_t numInstructions() const {
    return boost::num_vertices(G) ? boost::num_vertices(G) - 1 : 0;
  }
};

} // namespace crop

#endif // CROP_PROFILE_GRAPHLET_H
