//===- ProfileIO.cpp - Profile files: the JSON form, reading, writing -----===//
#include "crop/Profile/ProfileIO.h"
#include "crop/Profile/AtomicFile.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <utility>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace crop;
using namespace llvm;

namespace {

// Every array is reserved before it is filled: json::Value's move constructor
// is not noexcept, so a growing std::vector of them copies each element's
// whole subtree (most of profileToJSON's time, and of `crop profile`'s after
// the run, before these reserves).

json::Value histToJSON(const ReuseHistogram &H) {
  // Bins as [[bin, count], ...]: compact and order-preserving.
  std::map<uint32_t, uint64_t> Counts = H.bins();
  json::Array Bins;
  Bins.reserve(Counts.size());
  for (const auto &[B, C] : Counts)
    Bins.push_back(json::Array{int64_t(B), int64_t(C)});
  return json::Object{{"cold", int64_t(H.cold())}, {"bins", std::move(Bins)}};
}

/// A by-distance record (store_alias, store_wait): [[distance, loads], ...].
json::Array distancesToJSON(const std::map<uint32_t, uint64_t> &Distances) {
  json::Array A;
  A.reserve(Distances.size());
  for (const auto &[D, C] : Distances)
    A.push_back(json::Array{int64_t(D), int64_t(C)});
  return A;
}

json::Value graphletToJSON(const Graphlet &G) {
  json::Array Vs, Es;
  Vs.reserve(boost::num_vertices(G.G));
  Es.reserve(boost::num_edges(G.G));
  for (auto V : boost::make_iterator_range(boost::vertices(G.G))) {
    const GraphletVertex &X = G.G[V];
    json::Object O{{"name", X.Name}, {"op", X.Opcode}, {"type", X.Type}};
    if (X.Lanes != 1)
      O["lanes"] = int64_t(X.Lanes);
    if (X.MemBytes)
      O["bytes"] = int64_t(X.MemBytes);
    if (X.Part)
      O["part"] = int64_t(X.Part);
    if (X.Contract)
      O["contract"] = true;
    if (X.Duplicate)
      O["duplicate"] = true;
    if (X.AddressOffset)
      O["address_offset"] = true;
    if (X.NoNaNs)
      O["no_nans"] = true;
    Vs.push_back(std::move(O));
  }
  for (auto E : boost::make_iterator_range(boost::edges(G.G)))
    Es.push_back(json::Array{int64_t(boost::source(E, G.G)),
                             int64_t(boost::target(E, G.G)),
                             depKindName(G.G[E].Kind)});
  json::Object O{{"block", G.Block}, {"vertices", std::move(Vs)},
                 {"edges", std::move(Es)}};
  if (G.isSuperblock())
    O["successor"] = G.Successor;
  if (G.ChainsRestart)
    O["chains_restart"] = true;
  if (!G.LiveIns.empty()) {
    json::Array Ls;
    Ls.reserve(G.LiveIns.size());
    for (const GraphletLiveIns &L : G.LiveIns) {
      json::Object X{{"type", L.Type}, {"count", int64_t(L.Count)}};
      if (L.Lanes != 1)
        X["lanes"] = int64_t(L.Lanes);
      if (L.Part)
        X["part"] = int64_t(L.Part);
      Ls.push_back(std::move(X));
    }
    O["live_ins"] = std::move(Ls);
  }
  if (!G.Machine.empty()) {
    auto pairs = [](const std::map<uint32_t, uint32_t> &M) {
      json::Array A;
      A.reserve(M.size());
      for (const auto &[Bytes, N] : M)
        A.push_back(json::Array{int64_t(Bytes), int64_t(N)});
      return A;
    };
    json::Array Ms;
    Ms.reserve(G.Machine.size());
    for (const GraphletMachine &X : G.Machine) {
      json::Object MO{{"instructions", int64_t(X.Instructions)},
                      {"reloads", pairs(X.Reloads)},
                      {"spills", pairs(X.Spills)}};
      if (X.Part)
        MO["part"] = int64_t(X.Part);
      if (X.SlotTrips)
        MO["slot_trips"] = int64_t(X.SlotTrips);
      Ms.push_back(std::move(MO));
    }
    O["machine"] = std::move(Ms);
  }
  return O;
}

json::Value blockToJSON(const BlockProfile &B) {
  json::Array Succs;
  Succs.reserve(B.Successors.size());
  for (const SuccessorEdge &S : B.Successors)
    Succs.push_back(json::Object{{"block", S.Block},
                                 {"count", int64_t(S.Count)},
                                 {"graphlet", graphletToJSON(S.Superblock)}});
  json::Object Reuse;
  for (const auto &[Line, R] : B.Reuse) {
    json::Object O{{"serial", histToJSON(R.Serial)}};
    if (!R.Task.empty())
      O["task"] = histToJSON(R.Task);
    if (!R.ClassSerial.empty())
      O["class_serial"] = histToJSON(R.ClassSerial);
    if (!R.ClassTask.empty())
      O["class_task"] = histToJSON(R.ClassTask);
    if (!R.StoreSerial.empty())
      O["store_serial"] = histToJSON(R.StoreSerial);
    if (!R.StoreWriteBack.empty())
      O["store_writeback"] = histToJSON(R.StoreWriteBack);
    Reuse[std::to_string(Line)] = std::move(O);
  }
  json::Object O{{"name", B.Name},
                 {"count", int64_t(B.Count)},
                 {"loads", int64_t(B.Loads)},
                 {"stores", int64_t(B.Stores)},
                 {"load_bytes", int64_t(B.LoadBytes)},
                 {"store_bytes", int64_t(B.StoreBytes)},
                 {"successors", std::move(Succs)},
                 {"graphlet", graphletToJSON(B.Body)},
                 {"reuse", std::move(Reuse)}};
  if (B.LineSplitLoads)
    O["line_split_loads"] = int64_t(B.LineSplitLoads);
  if (!B.Sets.empty())
    O["set_crowding"] = json::Object{{"new_lines", int64_t(B.Sets.NewLines)},
                                     {"over_8", int64_t(B.Sets.Over8)},
                                     {"over_12", int64_t(B.Sets.Over12)}};
  if (!B.StoreAlias.empty()) {
    O["store_alias"] = json::Object{
        {"distances", distancesToJSON(B.StoreAlias.Distances)},
        {"read_modify_write", int64_t(B.StoreAlias.ReadModifyWrite)},
        {"executions", int64_t(B.StoreAlias.Executions)}};
  }
  if (!B.StoreWait.empty()) {
    json::Object W;
    for (auto [Key, L] : {std::pair<const char *, const StoreWaitLoads *>{
                              "same", &B.StoreWait.Same},
                          {"aliased", &B.StoreWait.Aliased}}) {
      if (L->empty())
        continue;
      W[Key] = json::Object{{"distances", distancesToJSON(L->Distances)},
                            {"executions", int64_t(L->Executions)}};
    }
    O["store_wait"] = std::move(W);
  }
  return O;
}

/// Reads a profile JSON document, remembering the path of the value being
/// read so that every error names where in the file it is.
class Reader {
public:
  explicit Reader(StringRef Name) : Name(Name) {}

  Error fail(const json::Path::Root &Root) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    OS << Name << ": invalid profile: " << toString(Root.getError());
    return createStringError(inconvertibleErrorCode(), Msg);
  }

  StringRef Name;
};

} // namespace

// The fromJSON overloads live in crop's namespace so llvm::json finds them by
// argument-dependent lookup when it maps arrays of profile types.
namespace crop {

static bool readU64(const json::Value &V, uint64_t &Out, json::Path P) {
  auto I = V.getAsInteger();
  if (!I || *I < 0) {
    P.report("expected a non-negative integer");
    return false;
  }
  Out = uint64_t(*I);
  return true;
}

/// Each Key of O, all required, into its counter.
static bool
readCounts(const json::Object &O, json::Path P,
           std::initializer_list<std::pair<const char *, uint64_t *>> Counts) {
  for (auto [Key, Out] : Counts) {
    const json::Value *X = O.get(Key);
    if (!X) {
      P.field(Key).report("missing");
      return false;
    }
    if (!readU64(*X, *Out, P.field(Key)))
      return false;
  }
  return true;
}

/// A by-distance record (store_alias, store_wait): [[distance, loads], ...]
/// with distances from 1; Bins: each a power of two (a bin's lower bound).
static bool distancesFromJSON(const json::Array &A, json::Path P, bool Bins,
                              std::map<uint32_t, uint64_t> &Out) {
  for (size_t I = 0; I < A.size(); ++I) {
    json::Path EP = P.index(I);
    const json::Array *E = A[I].getAsArray();
    uint64_t D = 0, C = 0;
    if (!E || E->size() != 2 || !readU64((*E)[0], D, EP) ||
        !readU64((*E)[1], C, EP) || D == 0 || D > UINT32_MAX ||
        (Bins && (D & (D - 1)))) {
      if (Bins)
        EP.report("expected [distance bin (a power of two), loads]");
      else
        EP.report("expected [distance >= 1, loads]");
      return false;
    }
    Out[uint32_t(D)] = C;
  }
  return true;
}

static bool fromJSON(const json::Value &V, ReuseHistogram &H, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object");
    return false;
  }
  uint64_t Cold = 0;
  const json::Value *C = O->get("cold");
  if (!C || !readU64(*C, Cold, P.field("cold")))
    return false;
  H.setCold(Cold);
  const json::Array *Bins = O->getArray("bins");
  if (!Bins) {
    P.field("bins").report("expected an array");
    return false;
  }
  json::Path BinsP = P.field("bins"); // a Path refers to its parent
  for (size_t I = 0; I < Bins->size(); ++I) {
    const json::Array *Pair = (*Bins)[I].getAsArray();
    json::Path BP = BinsP.index(I);
    uint64_t B = 0, N = 0;
    if (!Pair || Pair->size() != 2 || !readU64((*Pair)[0], B, BP) ||
        !readU64((*Pair)[1], N, BP)) {
      BP.report("expected [bin, count]");
      return false;
    }
    if (B >= ReuseHistogram::MaxBins) {
      BP.report("bin index out of range");
      return false;
    }
    H.setBin(uint32_t(B), N);
  }
  return true;
}

static std::optional<DepKind> depKindFromName(StringRef S) {
  for (DepKind K : {DepKind::Entry, DepKind::Data, DepKind::MemRAW,
                    DepKind::MemWAR, DepKind::MemWAW, DepKind::Control,
                    DepKind::Carried})
    if (S == depKindName(K))
      return K;
  return std::nullopt;
}

static bool fromJSON(const json::Value &V, Graphlet &G, json::Path P) {
  json::ObjectMapper M(V, P);
  if (!M || !M.map("block", G.Block) || !M.mapOptional("successor", G.Successor))
    return false;
  const json::Object *O = V.getAsObject();
  const json::Array *Vs = O->getArray("vertices");
  const json::Array *Es = O->getArray("edges");
  if (!Vs || !Es) {
    P.report("expected 'vertices' and 'edges' arrays");
    return false;
  }
  for (size_t I = 0; I < Vs->size(); ++I) {
    GraphletVertex X;
    json::ObjectMapper VM((*Vs)[I], P.field("vertices").index(I));
    int64_t Lanes = 1, Bytes = 0, Part = 0;
    if (!VM || !VM.map("name", X.Name) || !VM.map("op", X.Opcode) ||
        !VM.map("type", X.Type) || !VM.mapOptional("lanes", Lanes) ||
        !VM.mapOptional("bytes", Bytes) || !VM.mapOptional("part", Part) ||
        !VM.mapOptional("contract", X.Contract) ||
        !VM.mapOptional("duplicate", X.Duplicate) ||
        !VM.mapOptional("address_offset", X.AddressOffset) ||
        !VM.mapOptional("no_nans", X.NoNaNs))
      return false;
    if (Lanes < 1 || Lanes > UINT32_MAX || Bytes < 0 || Bytes > UINT32_MAX ||
        Part < 0 || Part > 1) {
      P.field("vertices").index(I).report("lanes, bytes or part out of range");
      return false;
    }
    X.Lanes = uint32_t(Lanes);
    X.MemBytes = uint32_t(Bytes);
    X.Part = uint32_t(Part);
    boost::add_vertex(std::move(X), G.G);
  }
  size_t N = boost::num_vertices(G.G);
  json::Path EdgesP = P.field("edges"); // a Path refers to its parent
  for (size_t I = 0; I < Es->size(); ++I) {
    json::Path EP = EdgesP.index(I);
    const json::Array *E = (*Es)[I].getAsArray();
    uint64_t From = 0, To = 0;
    if (!E || E->size() != 3 || !readU64((*E)[0], From, EP) ||
        !readU64((*E)[1], To, EP) || !(*E)[2].getAsString()) {
      EP.report("expected [from, to, kind]");
      return false;
    }
    auto K = depKindFromName(*(*E)[2].getAsString());
    if (From >= N || To >= N || !K) {
      EP.report("edge names a vertex or kind that does not exist");
      return false;
    }
    boost::add_edge(From, To, GraphletEdge{*K}, G.G);
  }
  if (const json::Value *R = O->get("chains_restart")) {
    std::optional<bool> B = R->getAsBoolean();
    if (!B) {
      P.field("chains_restart").report("expected a boolean");
      return false;
    }
    G.ChainsRestart = *B;
  }
  if (const json::Value *Ls = O->get("live_ins")) {
    json::Path LP = P.field("live_ins");
    const json::Array *A = Ls->getAsArray();
    if (!A) {
      LP.report("expected an array");
      return false;
    }
    for (size_t I = 0; I < A->size(); ++I) {
      GraphletLiveIns L;
      json::ObjectMapper LM((*A)[I], LP.index(I));
      int64_t Lanes = 1, Part = 0, Count = 0;
      if (!LM || !LM.map("type", L.Type) || !LM.map("count", Count) ||
          !LM.mapOptional("lanes", Lanes) || !LM.mapOptional("part", Part))
        return false;
      if (Count < 0 || Count > UINT32_MAX || Lanes < 1 || Lanes > UINT32_MAX ||
          Part < 0 || Part > 1) {
        LP.index(I).report("count, lanes or part out of range");
        return false;
      }
      L.Count = uint32_t(Count);
      L.Lanes = uint32_t(Lanes);
      L.Part = uint32_t(Part);
      G.LiveIns.push_back(std::move(L));
    }
  }
  if (const json::Value *Ms = O->get("machine")) {
    json::Path MP = P.field("machine");
    const json::Array *A = Ms->getAsArray();
    if (!A) {
      MP.report("expected an array");
      return false;
    }
    for (size_t I = 0; I < A->size(); ++I) {
      json::Path XP = MP.index(I);
      const json::Object *XO = (*A)[I].getAsObject();
      GraphletMachine X;
      uint64_t N = 0, Part = 0;
      const json::Value *Ins = XO ? XO->get("instructions") : nullptr;
      if (!Ins || !readU64(*Ins, N, XP.field("instructions")) ||
          N > UINT32_MAX) {
        XP.report("expected an object with 'instructions'");
        return false;
      }
      X.Instructions = uint32_t(N);
      if (const json::Value *PV = XO->get("part"))
        if (!readU64(*PV, Part, XP.field("part")) || Part > 1) {
          XP.field("part").report("expected 0 or 1");
          return false;
        }
      X.Part = uint32_t(Part);
      if (const json::Value *TV = XO->get("slot_trips")) {
        uint64_t Trips = 0;
        if (!readU64(*TV, Trips, XP.field("slot_trips")) ||
            Trips > UINT32_MAX) {
          XP.field("slot_trips").report("expected a count");
          return false;
        }
        X.SlotTrips = uint32_t(Trips);
      }
      for (auto [Key, Out] :
           {std::pair<const char *, std::map<uint32_t, uint32_t> *>{"reloads",
                                                                    &X.Reloads},
            {"spills", &X.Spills}}) {
        const json::Value *V = XO->get(Key);
        if (!V)
          continue;
        json::Path KP = XP.field(Key);
        const json::Array *KA = V->getAsArray();
        if (!KA) {
          KP.report("expected [[bytes, count], ...]");
          return false;
        }
        for (size_t J = 0; J < KA->size(); ++J) {
          const json::Array *E = (*KA)[J].getAsArray();
          uint64_t Bytes = 0, C = 0;
          if (!E || E->size() != 2 || !readU64((*E)[0], Bytes, KP.index(J)) ||
              !readU64((*E)[1], C, KP.index(J)) || Bytes > UINT32_MAX ||
              C > UINT32_MAX) {
            KP.index(J).report("expected [bytes, count]");
            return false;
          }
          (*Out)[uint32_t(Bytes)] = uint32_t(C);
        }
      }
      G.Machine.push_back(std::move(X));
    }
  }
  return true;
}

static bool fromJSON(const json::Value &V, SuccessorEdge &S, json::Path P) {
  json::ObjectMapper M(V, P);
  const json::Value *C = V.getAsObject() ? V.getAsObject()->get("count")
                                         : nullptr;
  if (!M || !M.map("block", S.Block) || !C ||
      !readU64(*C, S.Count, P.field("count")))
    return false;
  const json::Value *G = V.getAsObject()->get("graphlet");
  return !G || fromJSON(*G, S.Superblock, P.field("graphlet"));
}

static bool fromJSON(const json::Value &V, BlockProfile &B, json::Path P) {
  json::ObjectMapper M(V, P);
  if (!M || !M.map("name", B.Name))
    return false;
  const json::Object *O = V.getAsObject();
  struct {
    const char *Key;
    uint64_t *Out;
  } Ints[] = {{"count", &B.Count},          {"loads", &B.Loads},
              {"stores", &B.Stores},        {"load_bytes", &B.LoadBytes},
              {"store_bytes", &B.StoreBytes}};
  for (auto &I : Ints) {
    const json::Value *X = O->get(I.Key);
    if (!X) {
      P.field(I.Key).report("missing");
      return false;
    }
    if (!readU64(*X, *I.Out, P.field(I.Key)))
      return false;
  }
  if (const json::Value *X = O->get("line_split_loads")) {
    if (!readU64(*X, B.LineSplitLoads, P.field("line_split_loads")))
      return false;
    if (B.LineSplitLoads > B.Loads) {
      P.field("line_split_loads").report("more than the block's loads");
      return false;
    }
  }
  // Optional: profiles written before version 3 lack it.
  if (const json::Value *X = O->get("set_crowding")) {
    json::Path SP = P.field("set_crowding");
    const json::Object *SO = X->getAsObject();
    if (!SO) {
      SP.report("expected an object with 'new_lines', 'over_8' and 'over_12'");
      return false;
    }
    if (!readCounts(*SO, SP,
                    {{"new_lines", &B.Sets.NewLines},
                     {"over_8", &B.Sets.Over8},
                     {"over_12", &B.Sets.Over12}}))
      return false;
    if (B.Sets.Over8 > uint64_t(SetCrowding::Window) * B.Sets.NewLines) {
      SP.field("over_8").report("more than 32 per new line");
      return false;
    }
    if (B.Sets.Over12 > B.Sets.Over8) {
      SP.field("over_12").report("more than over_8");
      return false;
    }
  }
  if (!M.map("successors", B.Successors))
    return false;
  if (const json::Value *G = O->get("graphlet"))
    if (!fromJSON(*G, B.Body, P.field("graphlet")))
      return false;
  if (const json::Object *R = O->getObject("reuse")) {
    json::Path ReuseP = P.field("reuse"); // a Path refers to its parent
    for (const auto &KV : *R) {
      unsigned Line = 0;
      json::Path RP = ReuseP.field(KV.first);
      if (StringRef(KV.first).getAsInteger(10, Line) || !Line) {
        RP.report("key must be a cache-line size in bytes");
        return false;
      }
      const json::Object *RO = KV.second.getAsObject();
      if (!RO || !RO->get("serial")) {
        RP.report("expected an object with 'serial'");
        return false;
      }
      BlockReuse &BR = B.Reuse[Line];
      if (!fromJSON(*RO->get("serial"), BR.Serial, RP.field("serial")))
        return false;
      if (const json::Value *T = RO->get("task"))
        if (!fromJSON(*T, BR.Task, RP.field("task")))
          return false;
      // Optional: profiles written before class distances lack them.
      if (const json::Value *C = RO->get("class_serial"))
        if (!fromJSON(*C, BR.ClassSerial, RP.field("class_serial")))
          return false;
      if (const json::Value *C = RO->get("class_task"))
        if (!fromJSON(*C, BR.ClassTask, RP.field("class_task")))
          return false;
      if (const json::Value *C = RO->get("store_serial"))
        if (!fromJSON(*C, BR.StoreSerial, RP.field("store_serial")))
          return false;
      if (const json::Value *C = RO->get("store_writeback"))
        if (!fromJSON(*C, BR.StoreWriteBack, RP.field("store_writeback")))
          return false;
    }
  }
  // Optional: profiles written before 4K aliasing was recorded lack it.
  if (const json::Value *SA = O->get("store_alias")) {
    json::Path AP = P.field("store_alias");
    const json::Object *SO = SA->getAsObject();
    const json::Array *A = SO ? SO->getArray("distances") : nullptr;
    if (!A) {
      AP.report("expected an object with 'distances'");
      return false;
    }
    StoreAliasProfile &S = B.StoreAlias;
    if (!readCounts(*SO, AP,
                    {{"read_modify_write", &S.ReadModifyWrite},
                     {"executions", &S.Executions}}))
      return false;
    if (!distancesFromJSON(*A, AP.field("distances"), false, S.Distances))
      return false;
  }
  // Optional: profiles written before it was recorded lack it.
  if (const json::Value *SW = O->get("store_wait")) {
    json::Path WP = P.field("store_wait");
    const json::Object *SO = SW->getAsObject();
    if (!SO) {
      WP.report("expected an object with 'same' and/or 'aliased'");
      return false;
    }
    for (auto [Key, L] :
         {std::pair<const char *, StoreWaitLoads *>{"same", &B.StoreWait.Same},
          {"aliased", &B.StoreWait.Aliased}}) {
      const json::Value *V = SO->get(Key);
      if (!V)
        continue;
      json::Path LP = WP.field(Key);
      const json::Object *LO = V->getAsObject();
      const json::Array *A = LO ? LO->getArray("distances") : nullptr;
      const json::Value *X = LO ? LO->get("executions") : nullptr;
      if (!A || !X) {
        LP.report("expected an object with 'distances' and 'executions'");
        return false;
      }
      if (!readU64(*X, L->Executions, LP.field("executions")))
        return false;
      if (!distancesFromJSON(*A, LP.field("distances"), true, L->Distances))
        return false;
    }
  }
  return true;
}

static bool fromJSON(const json::Value &V, LaunchGroup &L, json::Path P) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != 2 || !readU64((*A)[0], L.Tasks, P) ||
      !readU64((*A)[1], L.Launches, P)) {
    P.report("expected [tasks, launches]");
    return false;
  }
  return true;
}

static bool fromJSON(const json::Value &V, FunctionProfile &F, json::Path P) {
  json::ObjectMapper M(V, P);
  std::string Runtime = "none";
  const json::Value *C = V.getAsObject() ? V.getAsObject()->get("calls")
                                         : nullptr;
  if (!M || !M.map("name", F.Name) || !C ||
      !readU64(*C, F.Calls, P.field("calls")) ||
      !M.map("parallel", F.Parallel) || !M.map("runtime", Runtime) ||
      !M.mapOptional("launches", F.Launches) ||
      !M.mapOptional("parallel_in", F.ParallelIn) || !M.map("blocks", F.Blocks))
    return false;
  for (ParallelRuntime R : {ParallelRuntime::None, ParallelRuntime::OpenMP,
                            ParallelRuntime::Halide, ParallelRuntime::TVM,
                            ParallelRuntime::OpenMPTask,
                            ParallelRuntime::OpenMPDynamic})
    if (Runtime == parallelRuntimeName(R)) {
      F.Runtime = R;
      return true;
    }
  P.field("runtime").report("unknown parallel runtime");
  return false;
}

} // namespace crop

std::string crop::profileToJSON(const ProgramProfile &P) {
  json::Array Fns;
  Fns.reserve(P.Functions.size());
  for (const FunctionProfile &F : P.Functions) {
    json::Array Blocks, Launches;
    Blocks.reserve(F.Blocks.size());
    Launches.reserve(F.Launches.size());
    for (const BlockProfile &B : F.Blocks)
      Blocks.push_back(blockToJSON(B));
    for (const LaunchGroup &L : F.Launches)
      Launches.push_back(json::Array{int64_t(L.Tasks), int64_t(L.Launches)});
    json::Object O{{"name", F.Name},
                   {"calls", int64_t(F.Calls)},
                   {"parallel", F.Parallel},
                   {"runtime", parallelRuntimeName(F.Runtime)},
                   {"blocks", std::move(Blocks)}};
    if (F.Parallel)
      O["launches"] = std::move(Launches);
    if (!F.ParallelIn.empty())
      O["parallel_in"] = F.ParallelIn;
    Fns.push_back(std::move(O));
  }
  json::Object Module{{"hash", P.Module.Hash},
                      {"source", P.Module.SourceName},
                      {"entry", P.Module.Entry},
                      {"triple", P.Module.Triple}};
  if (P.Module.VectorBits)
    Module["vector_bits"] = int64_t(P.Module.VectorBits);
  if (!P.Module.CodegenCPU.empty())
    Module["codegen_cpu"] = P.Module.CodegenCPU;
  json::Object Root{
      {"format", "crop-profile"},
      {"version", int64_t(ProgramProfile::FormatVersion)},
      {"module", std::move(Module)},
      {"entry_calls", int64_t(P.EntryCalls)},
      {"sample_rate", P.SampleRate},
      {"functions", std::move(Fns)}};
  if (P.SampleTasks)
    Root["sample_tasks"] = int64_t(P.SampleTasks);
  if (P.SampleTime)
    Root["sample_time"] = int64_t(P.SampleTime);
  if (!P.AllocEvents.empty()) {
    json::Array Events;
    Events.reserve(P.AllocEvents.size());
    for (int64_t E : P.AllocEvents)
      Events.push_back(E);
    Root["allocations"] = std::move(Events);
  }
  std::string S;
  raw_string_ostream OS(S);
  OS << formatv("{0:1}", json::Value(std::move(Root))) << "\n";
  return S;
}

Expected<ProgramProfile> crop::profileFromJSON(StringRef Text, StringRef Name) {
  Expected<json::Value> Doc = json::parse(Text);
  if (!Doc)
    return createStringError(inconvertibleErrorCode(),
                             "%s: not a profile (JSON: %s)", Name.str().c_str(),
                             toString(Doc.takeError()).c_str());
  Reader R(Name);
  json::Path::Root Root("profile");
  json::Path P(Root);
  const json::Object *O = Doc->getAsObject();
  if (!O || O->getString("format") != StringRef("crop-profile"))
    return createStringError(inconvertibleErrorCode(),
                             "%s: not a Crop profile (no \"format\": "
                             "\"crop-profile\")",
                             Name.str().c_str());
  std::optional<int64_t> Version = O->getInteger("version");
  if (!Version)
    return createStringError(inconvertibleErrorCode(),
                             "%s: profile has no format version",
                             Name.str().c_str());
  if (*Version > int64_t(ProgramProfile::FormatVersion) || *Version < 1)
    return createStringError(
        inconvertibleErrorCode(),
        "%s: profile format version %lld is not supported by this Crop (it "
        "reads version %u); profile the program again with this Crop",
        Name.str().c_str(), (long long)*Version, ProgramProfile::FormatVersion);

  ProgramProfile Prof;
  json::ObjectMapper M(*Doc, P);
  const json::Object *Mod = O->getObject("module");
  if (!Mod)
    return createStringError(inconvertibleErrorCode(),
                             "%s: profile has no 'module'", Name.str().c_str());
  int64_t VectorBits = 0;
  json::ObjectMapper MM(*O->get("module"), P.field("module"));
  if (!MM.map("hash", Prof.Module.Hash) ||
      !MM.map("source", Prof.Module.SourceName) ||
      !MM.map("entry", Prof.Module.Entry) ||
      !MM.mapOptional("triple", Prof.Module.Triple) ||
      !MM.mapOptional("vector_bits", VectorBits) ||
      !MM.mapOptional("codegen_cpu", Prof.Module.CodegenCPU) ||
      !M.map("sample_rate", Prof.SampleRate) ||
      !M.map("functions", Prof.Functions))
    return R.fail(Root);
  if (!(Prof.SampleRate > 0 && Prof.SampleRate <= 1))
    return createStringError(inconvertibleErrorCode(),
                             "%s: invalid profile: sample_rate %g is not in "
                             "(0, 1]",
                             Name.str().c_str(), Prof.SampleRate);
  if (!validVectorBits(VectorBits))
    return createStringError(inconvertibleErrorCode(),
                             "%s: invalid profile: vector_bits %lld is not 0 "
                             "(unknown) or a power of two from 64 to 65536",
                             Name.str().c_str(), (long long)VectorBits);
  Prof.Module.VectorBits = uint32_t(VectorBits);
  const json::Value *EC = O->get("entry_calls");
  if (!EC || !readU64(*EC, Prof.EntryCalls, P.field("entry_calls")))
    return R.fail(Root);
  if (const json::Value *ST = O->get("sample_tasks"))
    if (!readU64(*ST, Prof.SampleTasks, P.field("sample_tasks")))
      return R.fail(Root);
  if (const json::Value *ST = O->get("sample_time"))
    if (!readU64(*ST, Prof.SampleTime, P.field("sample_time")))
      return R.fail(Root);
  if (O->get("allocations")) {
    if (!M.map("allocations", Prof.AllocEvents))
      return R.fail(Root);
    std::string Why = checkAllocEvents(Prof.AllocEvents);
    if (!Why.empty())
      return createStringError(inconvertibleErrorCode(),
                               "%s: invalid profile: allocations: %s",
                               Name.str().c_str(), Why.c_str());
  }
  return Prof;
}

ProfileFormat crop::profileFormatForPath(StringRef Path) {
  return Path.ends_with(".cprof") ? ProfileFormat::Binary : ProfileFormat::JSON;
}

Expected<ProgramProfile> crop::profileFromBuffer(StringRef Bytes,
                                                 StringRef Name) {
  if (isBinaryProfile(Bytes))
    return profileFromBinary(Bytes, Name);
  return profileFromJSON(Bytes, Name);
}

Error crop::writeProfile(const ProgramProfile &P, StringRef Path) {
  return writeProfile(P, Path, profileFormatForPath(Path));
}

Error crop::writeProfile(const ProgramProfile &P, StringRef Path,
                         ProfileFormat Format) {
  std::string Text =
      Format == ProfileFormat::Binary ? profileToBinary(P) : profileToJSON(P);
  // Whole or not at all (AtomicFile.h): a reader never sees half a profile,
  // and two writers of one profile (a tuner's processes) each leave a whole
  // file.
  return writeFileAtomically(Path, Text);
}

Expected<ProgramProfile> crop::readProfile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read '%s': %s",
                             Path.str().c_str(),
                             Buf.getError().message().c_str());
  return profileFromBuffer((*Buf)->getBuffer(), Path);
}
