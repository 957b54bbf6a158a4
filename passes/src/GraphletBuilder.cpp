//===- GraphletBuilder.cpp - Task graphlets from LLVM IR ------------------===//
//
// Builds the dependency DAG of one block (or of a block merged with one
// successor) that the pipeline simulator schedules. The rules, in the order
// they are applied, are documented in docs/architecture.md ("Graphlets").
//
//===----------------------------------------------------------------------===//
#include "crop/Passes/GraphletBuilder.h"

#include "crop/Passes/CFG.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace llvm;
using namespace crop;

AnalysisKey GraphletAnalysis::Key;

namespace {

std::string elementTypeName(Type *T) {
  if (auto *VT = dyn_cast<VectorType>(T))
    T = VT->getElementType();
  if (T->isHalfTy())
    return "f16";
  if (T->isBFloatTy())
    return "bf16";
  if (T->isFloatTy())
    return "f32";
  if (T->isDoubleTy())
    return "f64";
  if (T->isX86_FP80Ty())
    return "f80";
  if (T->isFP128Ty())
    return "f128";
  if (T->isPPC_FP128Ty())
    return "ppcf128";
  if (auto *IT = dyn_cast<IntegerType>(T))
    return "i" + std::to_string(IT->getBitWidth());
  if (T->isPointerTy())
    return "ptr";
  if (T->isVoidTy())
    return "void";
  if (T->isStructTy())
    return "struct";
  if (T->isArrayTy())
    return "array";
  if (T->isTokenTy())
    return "token";
  return "other";
}

uint32_t lanesOf(Type *T) {
  if (auto *VT = dyn_cast<VectorType>(T))
    return VT->getElementCount().getKnownMinValue();
  return 1;
}

uint32_t storeBytes(const DataLayout &DL, Type *T) {
  if (!T->isSized())
    return 0;
  return uint32_t(DL.getTypeStoreSize(T).getKnownMinValue());
}

const DataLayout &layoutOf(const Instruction &I) {
  static const DataLayout Default("");
  if (const Module *M = I.getModule())
    return M->getDataLayout();
  return Default;
}

/// Instructions that are bookkeeping for the optimiser, not work a core does.
bool isNotWork(const Instruction &I) {
  if (isa<PHINode>(I) || I.isDebugOrPseudoInst() || I.isLifetimeStartOrEnd())
    return true;
  if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::assume:
    case Intrinsic::experimental_noalias_scope_decl:
    case Intrinsic::donothing:
    case Intrinsic::sideeffect:
      return true;
    default:
      break;
    }
  }
  return false;
}

std::string calleeClass(const CallBase &CB) {
  const Value *Callee = CB.getCalledOperand()->stripPointerCasts();
  if (isa<InlineAsm>(Callee))
    return "call:asm";
  if (auto *GV = dyn_cast<GlobalValue>(Callee))
    if (GV->hasName())
      return "call:" + GV->getName().str();
  return "call:indirect";
}

/// One instruction that reads or writes memory, as the memory-order rules
/// see it.
struct MemAccess {
  unsigned Vertex = 0;
  std::optional<MemoryLocation> Loc; ///< Loads, stores, atomics, va_arg.
  const CallBase *Call = nullptr;    ///< Calls, judged by mod/ref.
  bool Reads = false, Writes = false;
  const Value *Object = nullptr; ///< Underlying object of Loc.
  bool Identified = false;       ///< Object is an isIdentifiedObject.
  /// Loc's pointer as Base + sum(Terms' value x scale) + Offset, through
  /// its chain of GEPs (Base null: not known).
  const Value *Base = nullptr;
  SmallVector<std::pair<const Value *, uint64_t>, 2> Terms;
  uint64_t Offset = 0;
};

/// Fills A's Base, Terms and Offset from Ptr. Two pointers with the same base
/// and terms (the same SSA values) differ by their offsets, whatever the
/// values are: TVM's unrolled tiles repeat `gep float, %C, %i` under many
/// names, which BasicAA would decompose again for every pair.
void decomposeAddress(const Value *Ptr, const DataLayout &DL, MemAccess &A) {
  uint64_t Offset = 0;
  SmallVector<std::pair<const Value *, uint64_t>, 2> Terms;
  // Unsigned arithmetic: addresses wrap modulo 2^64 like the GEPs'.
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    // Halide's IR, upgraded from typed pointers, casts ptr to ptr.
    Ptr = Ptr->stripPointerCastsSameRepresentation();
    auto *GEP = dyn_cast<GEPOperator>(Ptr);
    if (!GEP)
      break;
    for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
         GTI != E; ++GTI) {
      const Value *Idx = GTI.getOperand();
      auto *C = dyn_cast<ConstantInt>(Idx);
      if (C && C->getBitWidth() > 64)
        return;
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        Offset += DL.getStructLayout(ST)
                      ->getElementOffset(unsigned(C->getZExtValue()))
                      .getFixedValue();
        continue;
      }
      TypeSize Stride = GTI.getSequentialElementStride(DL);
      if (Stride.isScalable())
        return;
      if (C)
        Offset += uint64_t(C->getSExtValue()) * Stride.getFixedValue();
      else if (isa<VectorType>(Idx->getType()))
        return;
      else
        Terms.push_back({Idx, Stride.getFixedValue()});
    }
    Ptr = GEP->getPointerOperand();
  }
  llvm::sort(Terms);
  // One value indexing twice (two GEPs over the same i): one term.
  SmallVector<std::pair<const Value *, uint64_t>, 2> Merged;
  for (const auto &T : Terms) {
    if (!Merged.empty() && Merged.back().first == T.first)
      Merged.back().second += T.second;
    else
      Merged.push_back(T);
  }
  llvm::erase_if(Merged, [](const auto &T) { return T.second == 0; });
  A.Base = Ptr;
  A.Terms = std::move(Merged);
  A.Offset = Offset;
}

/// The alias questions of one graphlet's memory-order rules, answered the
/// way AA answers them but without a query per pair where a cheaper fact
/// settles it: unrolled blocks (TVM's tile copies: thousands of loads and
/// stores) otherwise spend seconds decomposing the same GEPs pair by pair.
class AliasQueries {
public:
  /// Cross: AA in cross-iteration mode, where one SSA pointer may name a
  /// different address in each block of a superblock.
  AliasQueries(AAResults &AAR, bool Cross) : AA(AAR) {
    if (Cross)
      AA.enableCrossIterationMode();
    this->Cross = Cross;
  }

  BatchAAResults &aa() { return AA; }

  AliasResult alias(const MemAccess &E, const MemAccess &L) {
    // One base and the same variable terms: the two addresses differ by
    // their constant offsets, and disjoint byte ranges never alias. Across
    // a superblock's two blocks one SSA name may hold another iteration's
    // value, unless it is made once per call (Halide's accumulator arrays:
    // allocas of the entry block).
    if (E.Base && E.Base == L.Base && E.Terms == L.Terms &&
        (!Cross || onePerCall(E)) && E.Loc->Size.hasValue() &&
        L.Loc->Size.hasValue() && !E.Loc->Size.isScalable() &&
        !L.Loc->Size.isScalable()) {
      uint64_t SE = E.Loc->Size.getValue().getFixedValue();
      uint64_t SL = L.Loc->Size.getValue().getFixedValue();
      if (L.Offset - E.Offset >= SE && E.Offset - L.Offset >= SL)
        return AliasResult::NoAlias;
    }
    // Every access is based on its underlying object: when any access into
    // one object cannot alias any into the other with the same metadata (a
    // local that never escapes against an argument; TVM's and Halide's
    // per-buffer TBAA tags), the pair cannot either. One query per pair of
    // (object, metadata), not per pair of accesses.
    if (disjoint(E, L))
      return AliasResult::NoAlias;
    return AA.alias(*E.Loc, *L.Loc);
  }

private:
  using Side = std::pair<const Value *, AAMDNodes>;

  /// Whether A's base and terms hold one value per call of the function: not
  /// instructions, or instructions of the entry block, which no loop enters.
  static bool onePerCall(const MemAccess &A) {
    auto Once = [](const Value *V) {
      auto *I = dyn_cast<Instruction>(V);
      return !I || I->getParent()->isEntryBlock();
    };
    return Once(A.Base) &&
           llvm::all_of(A.Terms, [&](const auto &T) { return Once(T.first); });
  }

  bool disjoint(const MemAccess &E, const MemAccess &L) {
    Side A{E.Object, E.Loc->AATags}, B{L.Object, L.Loc->AATags};
    auto [It, New] = Disjoint.try_emplace({A, B}, false);
    if (New)
      It->second =
          AA.alias(MemoryLocation::getBeforeOrAfter(A.first, A.second),
                   MemoryLocation::getBeforeOrAfter(B.first, B.second)) ==
          AliasResult::NoAlias;
    return It->second;
  }

  BatchAAResults AA;
  bool Cross = false;
  DenseMap<std::pair<Side, Side>, bool> Disjoint;
};

std::optional<MemAccess> describeAccess(const Instruction &I, unsigned Vertex,
                                        BatchAAResults &AA) {
  if (!I.mayReadOrWriteMemory())
    return std::nullopt;
  MemAccess A;
  A.Vertex = Vertex;
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    MemoryEffects ME = AA.getMemoryEffects(CB);
    if (ME.doesNotAccessMemory())
      return std::nullopt;
    A.Call = CB;
    A.Reads = isRefSet(ME.getModRef());
    A.Writes = isModSet(ME.getModRef());
    return A;
  }
  A.Loc = MemoryLocation::getOrNone(&I);
  A.Reads = I.mayReadFromMemory();
  A.Writes = I.mayWriteToMemory();
  if (A.Loc) {
    A.Object = getUnderlyingObject(A.Loc->Ptr);
    A.Identified = isIdentifiedObject(A.Object);
    decomposeAddress(A.Loc->Ptr, I.getModule()->getDataLayout(), A);
  } else {
    // A fence (or anything else without a location) orders everything.
    A.Reads = A.Writes = true;
  }
  return A;
}

/// Whether the later access L must wait for the earlier access E, and why.
/// Also returns the alias result when both have locations (for pruning).
std::optional<DepKind> conflict(const MemAccess &E, const MemAccess &L,
                                AliasQueries &Q,
                                AliasResult *LocAlias = nullptr) {
  BatchAAResults &AA = Q.aa();
  if (!E.Writes && !L.Writes)
    return std::nullopt;
  bool Dep = true;
  if (E.Loc && L.Loc) {
    // Distinct identified objects never alias; BasicAA answers the same, but
    // this keeps huge blocks from paying for a query per pair.
    if (E.Object != L.Object && E.Identified && L.Identified)
      return std::nullopt;
    AliasResult R = Q.alias(E, L);
    if (LocAlias)
      *LocAlias = R;
    Dep = R != AliasResult::NoAlias;
  } else if (E.Call && L.Loc) {
    ModRefInfo MR = AA.getModRefInfo(E.Call, *L.Loc);
    Dep = L.Writes ? !isNoModRef(MR) : isModSet(MR);
  } else if (E.Loc && L.Call) {
    ModRefInfo MR = AA.getModRefInfo(L.Call, *E.Loc);
    Dep = E.Writes ? !isNoModRef(MR) : isModSet(MR);
  } else if (E.Call && L.Call) {
    // How the later call treats the memory the earlier one touches.
    ModRefInfo MR = AA.getModRefInfo(L.Call, E.Call);
    Dep = isModSet(MR) || (isRefSet(MR) && E.Writes);
  }
  if (!Dep)
    return std::nullopt;
  if (E.Writes && L.Writes)
    return DepKind::MemWAW;
  return E.Writes ? DepKind::MemRAW : DepKind::MemWAR;
}

/// Lower is stronger: when two reasons order the same pair, the edge keeps
/// the most specific one.
int rank(DepKind K) {
  switch (K) {
  case DepKind::Data:
    return 0;
  case DepKind::MemRAW:
    return 1;
  case DepKind::MemWAW:
    return 2;
  case DepKind::MemWAR:
    return 3;
  case DepKind::Control:
    return 4;
  case DepKind::Entry:
    return 5;
  case DepKind::Carried:
    return 6;
  }
  return 7;
}

/// Memory accesses a block may hold before the builder stops looking for
/// the exact order among them (see GraphletMaker::closeWindow).
constexpr unsigned MaxWindow = 4096;

/// Whether I computes what an earlier instruction of its block computed:
/// the same opcode, type, operands and predicate, flags aside, with no
/// memory access or side effect. Instruction selection gives both one node
/// (SelectionDAG's CSE). Seen holds the block's earlier candidates by hash.
bool repeatsEarlier(
    const Instruction &I,
    DenseMap<unsigned, SmallVector<const Instruction *, 2>> &Seen) {
  if (I.mayReadOrWriteMemory() || I.mayHaveSideEffects() || I.isTerminator() ||
      isa<PHINode>(I) || isa<AllocaInst>(I) || isa<CallBase>(I) ||
      I.getType()->isVoidTy())
    return false;
  unsigned H = hash_combine(I.getOpcode(), I.getType());
  for (const Value *Op : I.operands())
    H = hash_combine(H, Op);
  if (auto *C = dyn_cast<CmpInst>(&I))
    H = hash_combine(H, unsigned(C->getPredicate()));
  SmallVector<const Instruction *, 2> &Bucket = Seen[H];
  for (const Instruction *E : Bucket)
    if (E->isIdenticalToWhenDefined(&I))
      return true;
  Bucket.push_back(&I);
  return false;
}

/// One block's share of a graphlet under construction.
struct Part {
  const BasicBlock *BB = nullptr;
  unsigned Index = 0; ///< 0: head block, 1: successor.
  std::vector<const Instruction *> Insts;
  DenseMap<const Instruction *, unsigned> VertexOf;
  unsigned Terminator = 0;
};

class GraphletMaker {
public:
  GraphletMaker(std::string Block, std::string Successor) {
    G.Block = std::move(Block);
    G.Successor = std::move(Successor);
    boost::add_vertex(GraphletVertex{"V0", "entry", "void", 1, 0, 0}, G.G);
    grow();
  }

  /// Adds BB's vertices (no edges yet).
  Part addVertices(const BasicBlock &BB, unsigned PartIdx) {
    Part P;
    P.BB = &BB;
    P.Index = PartIdx;
    std::string Prefix = PartIdx ? "S" + std::to_string(PartIdx) + "_V" : "V";
    unsigned N = 0;
    DenseMap<unsigned, SmallVector<const Instruction *, 2>> Seen;
    for (const Instruction &I : BB) {
      GraphletVertex V;
      if (!classifyInstruction(I, V))
        continue;
      V.Name = Prefix + std::to_string(++N);
      V.Part = PartIdx;
      V.Duplicate = repeatsEarlier(I, Seen);
      unsigned Id = boost::add_vertex(V, G.G);
      P.Insts.push_back(&I);
      P.VertexOf[&I] = Id;
    }
    P.Terminator = P.VertexOf.lookup(BB.getTerminator());
    addLiveIns(P);
    grow();
    return P;
  }

  /// Records the values P's instructions use that are defined outside P's
  /// block (other blocks, arguments), grouped by type. Phis are left out:
  /// their incoming values are copies into the phi's own register.
  void addLiveIns(const Part &P) {
    SmallPtrSet<const Value *, 32> Seen;
    std::map<std::pair<std::string, uint32_t>, uint32_t> Groups;
    for (const Instruction *I : P.Insts)
      for (const Use &U : I->operands()) {
        const Value *V = U.get();
        auto *Def = dyn_cast<Instruction>(V);
        if (!(Def ? Def->getParent() != P.BB : isa<Argument>(V)))
          continue;
        Type *T = V->getType();
        if (!T->isSingleValueType() || !Seen.insert(V).second)
          continue;
        ++Groups[{elementTypeName(T), lanesOf(T)}];
      }
    for (const auto &[Key, Count] : Groups)
      G.LiveIns.push_back({Key.first, Key.second, P.Index, Count});
  }

  /// Adds the edges into P's vertices, in program order: data (from P and,
  /// for a superblock's successor, from the head through values and phis),
  /// memory order against every earlier access, then control into P's
  /// terminator. AA answers within P, CrossAA between the head and P.
  void addEdges(const Part &P, const Part *Head, AliasQueries &AA,
                AliasQueries &CrossAA) {
    for (const Instruction *I : P.Insts) {
      unsigned To = P.VertexOf.lookup(I);
      for (const Use &U : I->operands()) {
        const Value *V = U.get();
        const Part *From = &P;
        if (auto *Phi = dyn_cast<PHINode>(V); Phi && Head) {
          // The branch from the head was taken: the phi is the head's value.
          if (Phi->getParent() != P.BB || Phi->getBasicBlockIndex(Head->BB) < 0)
            continue;
          V = Phi->getIncomingValueForBlock(Head->BB);
          From = Head;
        } else if (auto *Def = dyn_cast<Instruction>(V);
                   Def && Def->getParent() != P.BB && Head) {
          From = Head;
        }
        auto *Def = dyn_cast<Instruction>(V);
        if (!Def || Def->getParent() != From->BB)
          continue;
        auto It = From->VertexOf.find(Def);
        if (It != From->VertexOf.end())
          addEdge(It->second, To, DepKind::Data);
      }
      if (std::optional<MemAccess> L = describeAccess(*I, To, AA.aa()))
        addAccess(*L, P.Index, AA, CrossAA);
    }

    // The terminator waits for everything: give it an edge from every
    // vertex that nothing else in its block waits for.
    for (const Instruction *I : P.Insts) {
      unsigned V = P.VertexOf.lookup(I);
      if (V != P.Terminator && !HasPartSucc[V])
        addEdge(V, P.Terminator, DepKind::Control);
    }
  }

  void addCarried(unsigned From, unsigned To) { Carried.insert({From, To}); }
  bool hasCarried() const { return !Carried.empty(); }
  void setChainsRestart(bool R) { G.ChainsRestart = R; }

  /// Entry edges to every vertex that waits for nothing else, then the
  /// boost graph in a deterministic order.
  Graphlet finish() {
    std::vector<bool> HasPred(boost::num_vertices(G.G));
    for (const auto &E : Edges)
      HasPred[E.first.second] = true;
    for (unsigned V = 1, E = HasPred.size(); V < E; ++V)
      if (!HasPred[V])
        Edges.emplace(std::make_pair(0u, V), DepKind::Entry);
    for (const auto &E : Edges)
      boost::add_edge(E.first.first, E.first.second, GraphletEdge{E.second},
                      G.G);
    for (const auto &E : Carried)
      boost::add_edge(E.first, E.second, GraphletEdge{DepKind::Carried}, G.G);
    return std::move(G);
  }

private:
  void grow() {
    size_t N = boost::num_vertices(G.G);
    Anc.resize(N);
    WindowOf.resize(N, ~0u);
    LocalOf.resize(N, -1);
    HasPartSucc.resize(N);
  }

  /// Adds an edge and keeps To's ancestor set (accesses of the current
  /// window that reach it) up to date. Edges always run forward in program
  /// order and a vertex gets all its in-edges before later vertices look at
  /// it, so the sets are complete when they are read.
  void addEdge(unsigned From, unsigned To, DepKind K) {
    auto [It, New] = Edges.try_emplace({From, To}, K);
    if (!New) {
      if (rank(K) < rank(It->second))
        It->second = K;
      return;
    }
    if (G.G[From].Part == G.G[To].Part)
      HasPartSucc[From] = true;
    if (WindowOf[From] != Window)
      return;
    if (WindowOf[To] != Window) {
      WindowOf[To] = Window;
      Anc[To].clear();
    }
    BitVector &A = Anc[To];
    if (A.size() < Anc[From].size())
      A.resize(Anc[From].size());
    A |= Anc[From];
    if (LocalOf[From] >= 0) {
      if (A.size() <= unsigned(LocalOf[From]))
        A.resize(LocalOf[From] + 1);
      A.set(LocalOf[From]);
    }
  }

  bool reaches(const MemAccess &E, unsigned To) const {
    if (WindowOf[E.Vertex] != Window || WindowOf[To] != Window)
      return false;
    int Bit = LocalOf[E.Vertex];
    return Bit >= 0 && unsigned(Bit) < Anc[To].size() && Anc[To].test(Bit);
  }

  static DepKind orderKind(const MemAccess &E, const MemAccess &L) {
    if (E.Writes && L.Writes)
      return DepKind::MemWAW;
    return E.Writes ? DepKind::MemRAW : DepKind::MemWAR;
  }

  /// Orders L after every earlier access it conflicts with, unless the
  /// order already follows from other edges: most recent first, so one edge
  /// to a recent access often implies the older ones without asking AA.
  void addAccess(MemAccess L, unsigned PartIdx, AliasQueries &AA,
                 AliasQueries &CrossAA) {
    unsigned To = L.Vertex;
    if (WindowOf[To] != Window) {
      WindowOf[To] = Window;
      Anc[To].clear();
    }
    if (Barrier) {
      // A closed window: everything after waits for its last access.
      if (!reaches(*Barrier, To))
        addEdge(Barrier->Vertex, To, orderKind(*Barrier, L));
    }
    // Which accesses stay active, decided most recent first; the list is
    // then compacted in place (an access copied per access per kept entry
    // was a tenth of profiling a large block).
    KeepFlags.assign(Active.size(), true);
    for (size_t I = Active.size(); I-- > 0;) {
      const ActiveAccess &E = Active[I];
      if (reaches(E.A, To))
        continue;
      AliasQueries &Q = E.Part == PartIdx ? AA : CrossAA;
      AliasResult R = AliasResult::MayAlias;
      std::optional<DepKind> K = conflict(E.A, L, Q, &R);
      if (K)
        addEdge(E.A.Vertex, To, *K);
      // A store that covers exactly what E touched stands in for E from
      // now on: anything that would wait for E waits for the store, which
      // waits for E.
      bool Covered = K && L.Writes && L.Loc && E.A.Loc &&
                     R == AliasResult::MustAlias && L.Loc->Size.isPrecise() &&
                     E.A.Loc->Size.isPrecise() && !L.Loc->Size.isScalable() &&
                     !E.A.Loc->Size.isScalable() &&
                     L.Loc->Size.getValue().getFixedValue() >=
                         E.A.Loc->Size.getValue().getFixedValue();
      bool Fence = !L.Loc && !L.Call;
      KeepFlags[I] = !Covered && !Fence;
    }
    size_t Kept = 0;
    for (size_t I = 0; I < Active.size(); ++I)
      if (KeepFlags[I]) {
        if (Kept != I)
          Active[Kept] = std::move(Active[I]);
        ++Kept;
      }
    Active.resize(Kept);
    LocalOf[To] = NextLocal++;
    Active.push_back({std::move(L), PartIdx});
    if (NextLocal >= MaxWindow)
      closeWindow();
  }

  /// Exact ordering costs a bit per (vertex, access) pair; in blocks with
  /// more accesses than a window holds, the last access becomes a barrier:
  /// it waits for every access still pending and every later access waits
  /// for it. Conservative (it may add order that AA would not), never
  /// missing one.
  void closeWindow() {
    ActiveAccess B = Active.back();
    for (size_t I = 0; I + 1 < Active.size(); ++I)
      if (!reaches(Active[I].A, B.A.Vertex))
        addEdge(Active[I].A.Vertex, B.A.Vertex, orderKind(Active[I].A, B.A));
    Active.clear();
    Barrier = B.A;
    ++Window;
    // The barrier opens the new window, so that accesses already ordered
    // after it (through data or other accesses) need no edge of their own.
    unsigned V = B.A.Vertex;
    WindowOf[V] = Window;
    Anc[V].clear();
    LocalOf[V] = 0;
    NextLocal = 1;
  }

  struct ActiveAccess {
    MemAccess A;
    unsigned Part;
  };

  Graphlet G;
  std::map<std::pair<unsigned, unsigned>, DepKind> Edges;
  std::set<std::pair<unsigned, unsigned>> Carried;
  /// Per vertex: the window's accesses that reach it (by local index).
  std::vector<BitVector> Anc;
  std::vector<unsigned> WindowOf;
  std::vector<int> LocalOf; ///< Local index of an access vertex, else -1.
  std::vector<bool> HasPartSucc;
  std::vector<ActiveAccess> Active;
  std::vector<bool> KeepFlags; ///< addAccess's scratch, kept for its memory.
  std::optional<MemAccess> Barrier;
  unsigned Window = 0, NextLocal = 0;
};

bool branchesToItself(const BasicBlock &BB) {
  return is_contained(successors(&BB), &BB);
}

/// The address a simple load or store reads or writes, without casts and
/// zero offsets: two accesses with the same one touch the same bytes.
const Value *plainAddress(const Instruction &I) {
  const Value *P = nullptr;
  if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isSimple())
    P = LI->getPointerOperand();
  else if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isSimple())
    P = SI->getPointerOperand();
  return P ? P->stripPointerCasts() : nullptr;
}

/// Whether V, a loop's value on entry (a phi's incoming value from outside
/// the loop), is computed from the loop's own results: through SSA only, so
/// an accumulator carried across the entries of a loop nest (the outer
/// loop's phi of the inner loop's exit value) is found, while a start value
/// that is a constant, an argument or a fresh load is not. InLoop tells the
/// loop's blocks apart.
///
/// Apart is also a value carried around the enclosing loop (Outer) when
/// Outer's body holds other loops besides this one: the previous entry's
/// result reaches the next entry only after those loops have run, whole
/// loops of independent work that the core dispatches in between, so the
/// next entry does not wait for it (TVM's unrolled output tiles: one short
/// reduction loop per output vector, each carrying its accumulator to its
/// own next entry after the others).
template <typename InLoopFn>
bool comesFromLoop(const Value *V, InLoopFn InLoop, const Loop *Outer) {
  bool Siblings = Outer && Outer->getSubLoops().size() > 1;
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 16> Work{V};
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !Seen.insert(I).second)
      continue;
    if (InLoop(I->getParent()))
      return true;
    if (isa<LoadInst>(I) || isa<CallBase>(I))
      continue; // A value read afresh: the chain starts from memory.
    if (Seen.size() > 256)
      return true; // Too far to tell: keep the chain (the safe answer).
    auto *Phi = dyn_cast<PHINode>(I);
    bool AroundOuter =
        Siblings && Phi && Phi->getParent() == Outer->getHeader();
    for (unsigned K = 0, E = I->getNumOperands(); K < E; ++K)
      if (!AroundOuter || !Outer->contains(Phi->getIncomingBlock(K)))
        Work.push_back(I->getOperand(K));
  }
  return false;
}

/// Loop-carried edges of BB run back to back (its innermost loop's next
/// iteration; L is null when the caller has no loop info, and then only a
/// block that branches to itself is a loop).
/// - Through phis: a phi of the loop header (BB itself for a one-block loop)
///   whose value from inside the loop is computed in BB feeds its users in
///   BB one iteration later.
/// - Through memory: a store to a loop-invariant address feeds a load of the
///   same address earlier in BB in the next iteration (the store is
///   forwarded to it, so the load waits), e.g. Out[i] += In[k] * W[k] in a
///   loop over k whose accumulator was not promoted to a register. Loads
///   after the store in BB read it within one execution (memory order).
///
/// It also decides whether every such chain restarts at each entry of the
/// loop (Graphlet::ChainsRestart): a phi chain whose start value does not
/// come from the loop's own results (comesFromLoop), a memory chain whose
/// address changes with the enclosing loop's iteration.
void addCarriedEdges(GraphletMaker &M, const Part &P, const BasicBlock &BB,
                     const Loop *L) {
  const BasicBlock *Header = L ? L->getHeader() : &BB;
  if (!L && !branchesToItself(BB))
    return;
  auto InLoop = [&](const BasicBlock *X) {
    return L ? L->contains(X) : X == &BB;
  };
  bool Restart = true;
  for (const PHINode &Phi : Header->phis()) {
    bool PhiCarried = false;
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I < E; ++I) {
      const BasicBlock *From = Phi.getIncomingBlock(I);
      if (!InLoop(From))
        continue;
      auto *Def = dyn_cast<Instruction>(Phi.getIncomingValue(I));
      if (!Def || !P.VertexOf.count(Def))
        continue;
      for (const User *U : Phi.users())
        if (auto *UI = dyn_cast<Instruction>(U))
          if (UI->getParent() == &BB && P.VertexOf.count(UI)) {
            M.addCarried(P.VertexOf.lookup(Def), P.VertexOf.lookup(UI));
            PhiCarried = true;
          }
    }
    if (PhiCarried)
      for (unsigned I = 0, E = Phi.getNumIncomingValues(); I < E; ++I)
        if (!InLoop(Phi.getIncomingBlock(I)) &&
            comesFromLoop(Phi.getIncomingValue(I), InLoop,
                          L ? L->getParentLoop() : nullptr))
          Restart = false;
  }

  auto Invariant = [&](const Value *V) {
    if (L)
      return L->isLoopInvariant(V);
    auto *I = dyn_cast<Instruction>(V);
    return !I || I->getParent() != &BB;
  };
  // Per invariant address: the loads before its first store, and its last
  // store (with the bytes it writes).
  struct Slot {
    std::vector<std::pair<unsigned, uint32_t>> Loads; ///< Vertex, bytes.
    unsigned LastStore = 0;
    uint32_t StoreBytes = 0;
    bool Stored = false;
  };
  DenseMap<const Value *, Slot> Slots;
  const DataLayout &DL = BB.getModule()->getDataLayout();
  for (const Instruction *I : P.Insts) {
    const Value *Addr = plainAddress(*I);
    if (!Addr || !Invariant(Addr))
      continue;
    Slot &S = Slots[Addr];
    if (auto *LI = dyn_cast<LoadInst>(I)) {
      if (!S.Stored)
        S.Loads.push_back({P.VertexOf.lookup(I), storeBytes(DL, LI->getType())});
    } else {
      S.Stored = true;
      S.LastStore = P.VertexOf.lookup(I);
      S.StoreBytes =
          storeBytes(DL, cast<StoreInst>(I)->getValueOperand()->getType());
    }
  }
  const Loop *Outer = L ? L->getParentLoop() : nullptr;
  for (const auto &[Addr, S] : Slots)
    if (S.Stored)
      for (auto [Load, Bytes] : S.Loads)
        if (Bytes <= S.StoreBytes) {
          M.addCarried(S.LastStore, Load);
          // The next entry works on another slot only if the address moves
          // with the enclosing loop (out[j] under a loop over j); without
          // loop info, or outside any loop, it is not known to.
          if (!Outer || Outer->isLoopInvariant(Addr))
            Restart = false;
        }
  M.setChainsRestart(Restart && M.hasCarried());
}

Graphlet makeGraphlet(const BasicBlock &BB, std::string Name, AliasQueries &AA,
                      const LoopInfo *LI) {
  GraphletMaker M(std::move(Name), "");
  Part P = M.addVertices(BB, 0);
  M.addEdges(P, nullptr, AA, AA);
  addCarriedEdges(M, P, BB, LI ? LI->getLoopFor(&BB) : nullptr);
  return M.finish();
}

Graphlet makeSuperblock(const BasicBlock &BB, const BasicBlock &Succ,
                        std::string Name, std::string SuccName, AAResults &AAR,
                        AliasQueries &AA) {
  // The successor may be the next iteration of a loop, where one SSA
  // pointer names a different address: between the two blocks, ask AA in
  // cross-iteration mode.
  AliasQueries CrossAA(AAR, /*Cross=*/true);
  GraphletMaker M(std::move(Name), std::move(SuccName));
  Part Head = M.addVertices(BB, 0);
  Part Tail = M.addVertices(Succ, 1);
  M.addEdges(Head, nullptr, AA, CrossAA);
  M.addEdges(Tail, &Head, AA, CrossAA);
  return M.finish();
}

/// A shuffle that takes an aligned contiguous part of one vector (a half,
/// a quarter...).
bool isSubvectorExtract(const ShuffleVectorInst &SV) {
  int Index = 0;
  if (!SV.isExtractSubvectorMask(Index))
    return false;
  unsigned N = SV.getShuffleMask().size();
  return N && Index % int(N) == 0;
}

/// An fadd/fsub that an FMA-capable backend fuses with its fmul operand:
/// both allow contraction and the fmul has no other use (DAGCombiner's
/// condition without global -ffp-contract=fast).
bool contractsFMul(const Instruction &I) {
  if (I.getOpcode() != Instruction::FAdd && I.getOpcode() != Instruction::FSub)
    return false;
  if (!I.hasAllowContract())
    return false;
  for (const Use &U : I.operands())
    if (auto *M = dyn_cast<Instruction>(U.get()))
      if (M->getOpcode() == Instruction::FMul && M->hasAllowContract() &&
          M->hasOneUse() && M->getParent() == I.getParent())
        return true;
  return false;
}

/// An integer add/sub of a constant (or an `or disjoint`, an add in
/// disguise) whose every user is a getelementptr taking it as an index:
/// x86's address modes carry the constant as the displacement.
bool isAddressOffset(const Instruction &I) {
  unsigned Op = I.getOpcode();
  bool Disjoint =
      Op == Instruction::Or && cast<PossiblyDisjointInst>(I).isDisjoint();
  if (!I.getType()->isIntegerTy() ||
      (Op != Instruction::Add && Op != Instruction::Sub && !Disjoint))
    return false;
  if (!isa<ConstantInt>(I.getOperand(1)) && !isa<ConstantInt>(I.getOperand(0)))
    return false;
  if (I.use_empty())
    return false;
  for (const Use &U : I.uses()) {
    auto *G = dyn_cast<GetElementPtrInst>(U.getUser());
    if (!G || U.getOperandNo() == 0)
      return false;
  }
  return true;
}

/// GraphletVertex::NoNaNs: an llvm.maxnum/minnum with the nnan flag or an
/// operand that is never NaN.
bool isMinMaxWithoutNaNs(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II || (II->getIntrinsicID() != Intrinsic::maxnum &&
              II->getIntrinsicID() != Intrinsic::minnum))
    return false;
  if (II->hasNoNaNs())
    return true;
  SimplifyQuery Q(layoutOf(I));
  return isKnownNeverNaN(II->getArgOperand(0), 0, Q) ||
         isKnownNeverNaN(II->getArgOperand(1), 0, Q);
}

} // namespace

bool crop::classifyInstruction(const Instruction &I, GraphletVertex &Out) {
  if (isNotWork(I))
    return false;
  const DataLayout &DL = layoutOf(I);
  Type *ValueTy = I.getType();
  Out.MemBytes = 0;
  Out.Contract = contractsFMul(I);
  Out.AddressOffset = isAddressOffset(I);
  Out.Duplicate = false;
  Out.NoNaNs = isMinMaxWithoutNaNs(I);

  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      Intrinsic::ID ID = II->getIntrinsicID();
      switch (ID) {
      case Intrinsic::fmuladd:
      case Intrinsic::fma:
        Out.Opcode = "fma";
        break;
      default:
        Out.Opcode = "intr:" + Intrinsic::getBaseName(ID).drop_front(5).str();
        break;
      }
      switch (ID) {
      case Intrinsic::vector_reduce_fadd:
      case Intrinsic::vector_reduce_fmul:
        // Costed by the vector reduced (the scalar result says nothing of
        // its width); the ordered forms take the start value first.
        ValueTy = II->getArgOperand(1)->getType();
        break;
      case Intrinsic::vector_reduce_add:
      case Intrinsic::vector_reduce_mul:
      case Intrinsic::vector_reduce_and:
      case Intrinsic::vector_reduce_or:
      case Intrinsic::vector_reduce_xor:
      case Intrinsic::vector_reduce_smax:
      case Intrinsic::vector_reduce_smin:
      case Intrinsic::vector_reduce_umax:
      case Intrinsic::vector_reduce_umin:
      case Intrinsic::vector_reduce_fmax:
      case Intrinsic::vector_reduce_fmin:
      case Intrinsic::vector_reduce_fmaximum:
      case Intrinsic::vector_reduce_fminimum:
        ValueTy = II->getArgOperand(0)->getType();
        break;
      case Intrinsic::masked_load:
      case Intrinsic::masked_gather:
      case Intrinsic::masked_expandload:
        Out.MemBytes = storeBytes(DL, ValueTy);
        break;
      case Intrinsic::masked_store:
      case Intrinsic::masked_scatter:
      case Intrinsic::masked_compressstore:
        ValueTy = II->getArgOperand(0)->getType();
        Out.MemBytes = storeBytes(DL, ValueTy);
        break;
      default:
        if (auto *MI = dyn_cast<MemIntrinsic>(II))
          if (auto *Len = dyn_cast<ConstantInt>(MI->getLength()))
            Out.MemBytes = uint32_t(Len->getLimitedValue(UINT32_MAX));
        break;
      }
    } else {
      Out.Opcode = calleeClass(*CB);
    }
  } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
    Out.Opcode = "store";
    ValueTy = SI->getValueOperand()->getType();
    Out.MemBytes = storeBytes(DL, ValueTy);
  } else if (auto *LI = dyn_cast<LoadInst>(&I)) {
    Out.Opcode = "load";
    Out.MemBytes = storeBytes(DL, LI->getType());
  } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Out.Opcode = "atomicrmw";
    Out.MemBytes = storeBytes(DL, RMW->getValOperand()->getType());
  } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Out.Opcode = "cmpxchg";
    ValueTy = CX->getNewValOperand()->getType();
    Out.MemBytes = storeBytes(DL, ValueTy);
  } else if (isa<GetElementPtrInst>(I)) {
    Out.Opcode = "gep";
  } else if (auto *SV = dyn_cast<ShuffleVectorInst>(&I);
             SV && (SV->isConcat() || isSubvectorExtract(*SV))) {
    // Halide builds wide vectors from register-wide halves and takes them
    // apart again: on a core whose registers are narrower than the whole,
    // these are register renaming, no instruction (the simulator decides).
    Out.Opcode = SV->isConcat() ? "concat" : "subvector";
  } else if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    // A compare costs what its operands are (an f64x4 compare is not an
    // i1x4 one); its i1 result says nothing of that.
    Out.Opcode = I.getOpcodeName();
    ValueTy = Cmp->getOperand(0)->getType();
  } else {
    // Everything else is its own class under LLVM's opcode name: fadd, mul,
    // icmp, select, sitofp, extractelement, br, switch, ret, alloca, fence...
    Out.Opcode = I.getOpcodeName();
  }
  Out.Type = elementTypeName(ValueTy);
  Out.Lanes = lanesOf(ValueTy);
  return true;
}

std::vector<const Instruction *>
crop::graphletInstructions(const BasicBlock &BB) {
  std::vector<const Instruction *> Out;
  GraphletVertex V;
  for (const Instruction &I : BB)
    if (classifyInstruction(I, V))
      Out.push_back(&I);
  return Out;
}

Graphlet crop::buildGraphlet(const BasicBlock &BB, AAResults &AA) {
  AliasQueries Q(AA, /*Cross=*/false);
  if (!BB.getParent())
    return makeGraphlet(BB, blockName(BB), Q, nullptr);
  DominatorTree DT(const_cast<Function &>(*BB.getParent()));
  LoopInfo LI(DT);
  return makeGraphlet(BB, blockName(BB), Q, &LI);
}

Graphlet crop::buildSuperblock(const BasicBlock &BB, const BasicBlock &Succ,
                               AAResults &AA) {
  AliasQueries Q(AA, /*Cross=*/false);
  return makeSuperblock(BB, Succ, blockName(BB), blockName(Succ), AA, Q);
}

FunctionGraphlets crop::buildFunctionGraphlets(const Function &F, AAResults &AA,
                                               bool Superblocks,
                                               const LoopInfo *Loops) {
  FunctionGraphlets R;
  if (F.isDeclaration())
    return R;
  std::optional<DominatorTree> OwnDT;
  std::optional<LoopInfo> OwnLI;
  if (!Loops) {
    OwnDT.emplace(const_cast<Function &>(F));
    OwnLI.emplace(*OwnDT);
    Loops = &*OwnLI;
  }
  // One cache of answers for the whole function: a superblock asks again
  // what its two blocks' own graphlets asked.
  AliasQueries Q(AA, /*Cross=*/false);
  std::vector<std::string> Names = blockNames(F);
  DenseMap<const BasicBlock *, unsigned> Index;
  unsigned Next = 0;
  for (const BasicBlock &BB : F)
    Index[&BB] = Next++;
  for (const BasicBlock &BB : F) {
    const std::string &Name = Names[Index[&BB]];
    R.Blocks.push_back(makeGraphlet(BB, Name, Q, Loops));
    if (!Superblocks)
      continue;
    for (const BasicBlock *Succ : successors(&BB)) {
      const std::string &SuccName = Names[Index[Succ]];
      if (R.Superblocks.count({Name, SuccName}))
        continue;
      R.Superblocks.emplace(std::make_pair(Name, SuccName),
                            makeSuperblock(BB, *Succ, Name, SuccName, AA, Q));
    }
  }
  return R;
}

GraphletAnalysis::Result GraphletAnalysis::run(Function &F,
                                               FunctionAnalysisManager &FAM) {
  return buildFunctionGraphlets(F, FAM.getResult<AAManager>(F),
                                /*Superblocks=*/true,
                                &FAM.getResult<LoopAnalysis>(F));
}
