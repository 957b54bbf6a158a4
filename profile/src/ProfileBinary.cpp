//===- ProfileBinary.cpp - Compact binary form of the program profile -----===//
//
// The JSON profile of a large unrolled program (8 MB for a Halide conv with
// 95 blocks and their superblocks) takes most of a second to read, mostly
// in allocating JSON values; a tuner that ranks a thousand candidates
// cannot wait for that. This form holds exactly what the JSON one holds
// (docs/profile-format.md), with every string once in a table (a graphlet's
// opcodes, types and vertex names repeat), integers as ULEB128 and a
// checksum over the payload, so a truncated or corrupted file is refused
// rather than read.
//
//===----------------------------------------------------------------------===//
#include "crop/Profile/ProfileIO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/xxhash.h"

#include <cstring>

using namespace crop;
using namespace llvm;

namespace {

/// "CROPPROF", then the layout version, the content version
/// (ProgramProfile::FormatVersion), the payload's length and its xxh3 hash.
constexpr char Magic[8] = {'C', 'R', 'O', 'P', 'P', 'R', 'O', 'F'};
constexpr size_t HeaderBytes = sizeof(Magic) + 4 + 4 + 8 + 8;

class Writer {
public:
  void u(uint64_t V) { encodeULEB128(V, OS); }
  void b(bool V) { OS << char(V ? 1 : 0); }
  void f64(double V) {
    uint64_t Bits;
    std::memcpy(&Bits, &V, sizeof(Bits));
    for (unsigned I = 0; I < 8; ++I)
      OS << char(Bits >> (8 * I));
  }
  void s(StringRef V) {
    auto [It, New] = Index.try_emplace(V, uint32_t(Strings.size()));
    if (New)
      Strings.push_back(V.str());
    u(It->second);
  }
  void distances(const std::map<uint32_t, uint64_t> &M) {
    u(M.size());
    for (const auto &[D, C] : M) {
      u(D);
      u(C);
    }
  }
  void hist(const ReuseHistogram &H) {
    u(H.cold());
    uint32_t N = 0;
    H.forEachBin([&](uint32_t, uint64_t) { ++N; });
    u(N);
    uint32_t Prev = 0;
    // Bins ascend: their gaps are small numbers.
    H.forEachBin([&](uint32_t B, uint64_t C) {
      u(B - Prev);
      u(C);
      Prev = B;
    });
  }
  void graphlet(const Graphlet &G) {
    s(G.Block);
    s(G.Successor);
    b(G.ChainsRestart);
    u(boost::num_vertices(G.G));
    for (auto V : boost::make_iterator_range(boost::vertices(G.G))) {
      const GraphletVertex &X = G.G[V];
      s(X.Name);
      s(X.Opcode);
      s(X.Type);
      u(X.Lanes);
      u(X.MemBytes);
      u(X.Part);
      u(unsigned(X.Contract) | unsigned(X.Duplicate) << 1 |
        unsigned(X.AddressOffset) << 2 | unsigned(X.NoNaNs) << 3);
    }
    u(boost::num_edges(G.G));
    for (auto E : boost::make_iterator_range(boost::edges(G.G))) {
      u(boost::source(E, G.G));
      u(boost::target(E, G.G));
      u(unsigned(G.G[E].Kind));
    }
    u(G.LiveIns.size());
    for (const GraphletLiveIns &L : G.LiveIns) {
      s(L.Type);
      u(L.Lanes);
      u(L.Part);
      u(L.Count);
    }
    u(G.Machine.size());
    for (const GraphletMachine &M : G.Machine) {
      u(M.Part);
      u(M.Instructions);
      for (const std::map<uint32_t, uint32_t> *Sizes :
           {&M.Reloads, &M.Spills}) {
        u(Sizes->size());
        for (const auto &[Bytes, N] : *Sizes) {
          u(Bytes);
          u(N);
        }
      }
      u(M.SlotTrips);
    }
  }
  void block(const BlockProfile &B) {
    s(B.Name);
    for (uint64_t V : {B.Count, B.Loads, B.Stores, B.LoadBytes, B.StoreBytes,
                       B.LineSplitLoads})
      u(V);
    graphlet(B.Body);
    u(B.Successors.size());
    for (const SuccessorEdge &S : B.Successors) {
      s(S.Block);
      u(S.Count);
      graphlet(S.Superblock);
    }
    u(B.Reuse.size());
    for (const auto &[Line, R] : B.Reuse) {
      u(Line);
      for (const ReuseHistogram *H :
           {&R.Serial, &R.Task, &R.ClassSerial, &R.ClassTask, &R.StoreSerial,
            &R.StoreWriteBack})
        hist(*H);
    }
    distances(B.StoreAlias.Distances);
    u(B.StoreAlias.ReadModifyWrite);
    u(B.StoreAlias.Executions);
    for (const StoreWaitLoads *W : {&B.StoreWait.Same, &B.StoreWait.Aliased}) {
      distances(W->Distances);
      u(W->Executions);
    }
    for (uint64_t V : {B.Sets.NewLines, B.Sets.Over8, B.Sets.Over12})
      u(V);
  }

  /// The whole file: header, string table, then the body written so far.
  std::string finish() {
    std::string Payload;
    raw_string_ostream P(Payload);
    encodeULEB128(Strings.size(), P);
    for (const std::string &S : Strings) {
      encodeULEB128(S.size(), P);
      P << S;
    }
    P << Body;
    std::string Out(Magic, sizeof(Magic));
    auto put = [&](uint64_t V, unsigned Bytes) { // little-endian
      for (unsigned I = 0; I < Bytes; ++I)
        Out.push_back(char(V >> (8 * I)));
    };
    put(BinaryProfileVersion, 4);
    put(ProgramProfile::FormatVersion, 4);
    put(Payload.size(), 8);
    put(xxh3_64bits(arrayRefFromStringRef(StringRef(Payload))), 8);
    Out += Payload;
    return Out;
  }

private:
  std::string Body;
  raw_string_ostream OS{Body};
  std::vector<std::string> Strings;
  StringMap<uint32_t> Index;
};

/// Reads the payload; the first error stops it and is kept with the byte
/// offset where it happened.
class Reader {
public:
  Reader(StringRef Payload, StringRef Name, size_t Base, uint32_t Version)
      : Version(Version), Data(Payload), Name(Name), Base(Base) {}

  /// The content version (ProgramProfile::FormatVersion) it was written at.
  const uint32_t Version;

  bool failed() const { return !Err.empty(); }
  Error error() const {
    return createStringError(inconvertibleErrorCode(),
                             "%s: corrupt binary profile at byte %zu: %s",
                             Name.str().c_str(), ErrAt + Base, Err.c_str());
  }
  bool atEnd() const { return Pos == Data.size(); }

  /// At: where the bad value starts (default: here).
  bool fail(const char *What, size_t At = SIZE_MAX) {
    if (Err.empty()) {
      Err = What;
      ErrAt = At == SIZE_MAX ? Pos : At;
    }
    Pos = Data.size();
    return false;
  }
  uint64_t u() {
    if (failed())
      return 0;
    // ULEB128 of at most 10 bytes, decoded here: LLVM's decodeULEB128
    // shifts by 64 and more on an overlong encoding of zeros (undefined
    // behaviour that UBSan reports).
    uint64_t V = 0;
    for (unsigned Shift = 0;; Shift += 7) {
      if (Pos == Data.size() || Shift > 63) {
        fail(Pos == Data.size() ? "truncated" : "bad integer");
        return 0;
      }
      uint64_t Slice = uint8_t(Data[Pos]) & 0x7f;
      if (Shift == 63 && Slice > 1) {
        fail("bad integer");
        return 0;
      }
      V |= Slice << Shift;
      if (!(uint8_t(Data[Pos++]) & 0x80)) {
        // The JSON form writes every integer as a signed 64-bit one: a larger
        // count would read here and not round-trip (a fuzzed histogram's
        // cold count of 2^64 - 1 printed as -1, which the JSON reader then
        // refused).
        if (V > uint64_t(INT64_MAX)) {
          fail("integer out of range");
          return 0;
        }
        return V;
      }
    }
  }
  /// An integer that must be at most Max.
  uint64_t u(uint64_t Max, const char *What) {
    size_t At = Pos;
    uint64_t V = u();
    if (V > Max) {
      fail(What, At);
      return 0;
    }
    return V;
  }
  bool b() { return u(1, "expected a boolean") != 0; }
  double f64() {
    if (failed() || Data.size() - Pos < 8) {
      fail("truncated");
      return 0;
    }
    uint64_t Bits = support::endian::read64le(Data.data() + Pos);
    Pos += 8;
    double V;
    std::memcpy(&V, &Bits, sizeof(V));
    return V;
  }
  const std::string &s() {
    size_t At = Pos;
    uint64_t I = u();
    if (I >= Strings.size()) {
      fail("string index out of range", At);
      return Empty;
    }
    return Strings[I];
  }
  /// A count of items that each take at least one byte: more than the
  /// bytes left is a corrupt count, refused before anything is allocated.
  size_t n() { return size_t(u(Data.size() - Pos, "count beyond the end")); }
  /// Room for N items read one by one: a graphlet's copy (its move is not
  /// noexcept, so a growing vector copies) costs more than reading it. Each
  /// item takes at least 8 bytes, which bounds what a corrupt count reserves.
  template <typename T> void reserve(std::vector<T> &V, size_t N) {
    V.reserve(std::min(N, (Data.size() - Pos) / 8));
  }

  void strings() {
    size_t N = n();
    Strings.reserve(N);
    for (size_t I = 0; I < N && !failed(); ++I) {
      size_t At = Pos;
      uint64_t Len = u();
      if (Len > Data.size() - Pos) {
        fail("string beyond the end", At);
        break;
      }
      Strings.emplace_back(Data.substr(Pos, Len));
      Pos += Len;
    }
  }
  void distances(std::map<uint32_t, uint64_t> &M, bool Bins) {
    for (size_t I = 0, E = n(); I < E && !failed(); ++I) {
      uint64_t D = u(UINT32_MAX, "distance out of range");
      uint64_t C = u();
      if (D == 0 || (Bins && (D & (D - 1))))
        fail("distance not a bin of the record");
      M[uint32_t(D)] = C;
    }
  }
  void hist(ReuseHistogram &H) {
    H.setCold(u());
    uint64_t B = 0;
    for (size_t I = 0, E = n(); I < E && !failed(); ++I) {
      B += u(ReuseHistogram::MaxBins, "bin index out of range");
      uint64_t C = u();
      if (B >= ReuseHistogram::MaxBins)
        fail("bin index out of range");
      else
        H.setBin(uint32_t(B), C);
    }
  }
  void graphlet(Graphlet &G) {
    G.Block = s();
    G.Successor = s();
    G.ChainsRestart = b();
    // Every vertex takes at least 7 bytes: a count beyond that is corrupt,
    // refused before the graph is sized for it (sizing it at once saves
    // moving every vertex as the graph grows).
    size_t NV = n();
    if (NV > (Data.size() - Pos) / 7) {
      fail("count beyond the end");
      return;
    }
    G.G = GraphletGraph(NV);
    for (size_t I = 0; I < NV && !failed(); ++I) {
      GraphletVertex &X = G.G[I];
      X.Name = s();
      X.Opcode = s();
      X.Type = s();
      X.Lanes = uint32_t(u(UINT32_MAX, "lanes out of range"));
      if (X.Lanes == 0)
        fail("lanes out of range");
      X.MemBytes = uint32_t(u(UINT32_MAX, "bytes out of range"));
      X.Part = uint32_t(u(1, "part out of range"));
      uint64_t F = u(15, "unknown vertex flags");
      X.Contract = F & 1;
      X.Duplicate = F & 2;
      X.AddressOffset = F & 4;
      X.NoNaNs = F & 8;
    }
    // Edges in file order (the JSON's), each vertex's lists sized first:
    // growing them edge by edge is most of the graph's allocations.
    struct Edge {
      uint32_t From, To;
      DepKind Kind;
    };
    std::vector<Edge> Es;
    std::vector<uint32_t> Out(NV), In(NV);
    for (size_t I = 0, E = n(); I < E && !failed(); ++I) {
      uint64_t From = u(), To = u();
      uint64_t K = u(uint64_t(DepKind::Carried), "unknown dependence kind");
      if (From >= NV || To >= NV) {
        fail("edge names a vertex that does not exist");
        break;
      }
      Es.push_back({uint32_t(From), uint32_t(To), DepKind(K)});
      ++Out[From];
      ++In[To];
    }
    for (size_t V = 0; V < NV; ++V) {
      G.G.out_edge_list(V).reserve(Out[V]);
      in_edge_list(G.G, V).reserve(In[V]);
    }
    for (const Edge &E : Es)
      boost::add_edge(E.From, E.To, GraphletEdge{E.Kind}, G.G);
    for (size_t I = 0, E = n(); I < E && !failed(); ++I) {
      GraphletLiveIns L;
      L.Type = s();
      L.Lanes = uint32_t(u(UINT32_MAX, "lanes out of range"));
      if (L.Lanes == 0)
        fail("lanes out of range");
      L.Part = uint32_t(u(1, "part out of range"));
      L.Count = uint32_t(u(UINT32_MAX, "count out of range"));
      G.LiveIns.push_back(std::move(L));
    }
    for (size_t I = 0, E = n(); I < E && !failed(); ++I) {
      GraphletMachine M;
      M.Part = uint32_t(u(1, "part out of range"));
      M.Instructions = uint32_t(u(UINT32_MAX, "count out of range"));
      for (std::map<uint32_t, uint32_t> *Sizes : {&M.Reloads, &M.Spills})
        for (size_t J = 0, JE = n(); J < JE && !failed(); ++J) {
          uint32_t Bytes = uint32_t(u(UINT32_MAX, "size out of range"));
          (*Sizes)[Bytes] = uint32_t(u(UINT32_MAX, "count out of range"));
        }
      if (Version >= 2)
        M.SlotTrips = uint32_t(u(UINT32_MAX, "count out of range"));
      G.Machine.push_back(std::move(M));
    }
  }
  void block(BlockProfile &B) {
    B.Name = s();
    for (uint64_t *V : {&B.Count, &B.Loads, &B.Stores, &B.LoadBytes,
                        &B.StoreBytes, &B.LineSplitLoads})
      *V = u();
    if (B.LineSplitLoads > B.Loads)
      fail("more line-crossing loads than loads");
    graphlet(B.Body);
    size_t NS = n();
    reserve(B.Successors, NS);
    for (size_t I = 0; I < NS && !failed(); ++I) {
      SuccessorEdge &S = B.Successors.emplace_back();
      S.Block = s();
      S.Count = u();
      graphlet(S.Superblock);
    }
    for (size_t I = 0, E = n(); I < E && !failed(); ++I) {
      uint64_t Line = u(UINT32_MAX, "line size out of range");
      if (Line == 0)
        fail("line size 0");
      BlockReuse &R = B.Reuse[uint32_t(Line)];
      for (ReuseHistogram *H :
           {&R.Serial, &R.Task, &R.ClassSerial, &R.ClassTask, &R.StoreSerial})
        hist(*H);
      if (Version >= 5)
        hist(R.StoreWriteBack);
    }
    distances(B.StoreAlias.Distances, false);
    B.StoreAlias.ReadModifyWrite = u();
    B.StoreAlias.Executions = u();
    for (StoreWaitLoads *W : {&B.StoreWait.Same, &B.StoreWait.Aliased}) {
      distances(W->Distances, true);
      W->Executions = u();
    }
    if (Version >= 3) {
      for (uint64_t *V : {&B.Sets.NewLines, &B.Sets.Over8, &B.Sets.Over12})
        *V = u();
      if (B.Sets.Over8 > uint64_t(SetCrowding::Window) * B.Sets.NewLines ||
          B.Sets.Over12 > B.Sets.Over8)
        fail("set crowding out of range");
    }
  }

private:
  StringRef Data;
  size_t Pos = 0;
  StringRef Name;
  size_t Base;
  std::string Err;
  size_t ErrAt = 0;
  std::vector<std::string> Strings;
  const std::string Empty;
};

} // namespace

bool crop::isBinaryProfile(StringRef Bytes) {
  return Bytes.starts_with(StringRef(Magic, sizeof(Magic)));
}

std::string crop::profileToBinary(const ProgramProfile &P) {
  Writer W;
  const ModuleIdentity &M = P.Module;
  for (const std::string *S :
       {&M.Hash, &M.SourceName, &M.Entry, &M.Triple, &M.CodegenCPU})
    W.s(*S);
  W.u(M.VectorBits);
  W.u(P.EntryCalls);
  W.f64(P.SampleRate);
  W.u(P.SampleTasks);
  W.u(P.SampleTime);
  W.u(P.Functions.size());
  for (const FunctionProfile &F : P.Functions) {
    W.s(F.Name);
    W.u(F.Calls);
    W.b(F.Parallel);
    W.u(unsigned(F.Runtime));
    W.u(F.Launches.size());
    for (const LaunchGroup &L : F.Launches) {
      W.u(L.Tasks);
      W.u(L.Launches);
    }
    W.s(F.ParallelIn);
    W.u(F.Blocks.size());
    for (const BlockProfile &B : F.Blocks)
      W.block(B);
  }
  // An allocation of N bytes as 2N, a free of allocation k as 2k + 1.
  W.u(P.AllocEvents.size());
  for (int64_t E : P.AllocEvents)
    W.u(E > 0 ? 2 * uint64_t(E) : 2 * uint64_t(-E) + 1);
  return W.finish();
}

Expected<ProgramProfile> crop::profileFromBinary(StringRef Bytes,
                                                 StringRef Name) {
  auto refuse = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), Name + ": " + Why);
  };
  if (!isBinaryProfile(Bytes))
    return refuse("not a binary Crop profile (no CROPPROF header)");
  if (Bytes.size() < HeaderBytes)
    return refuse("binary profile truncated in its header");
  const char *H = Bytes.data() + sizeof(Magic);
  uint32_t Layout = support::endian::read32le(H);
  uint32_t Version = support::endian::read32le(H + 4);
  uint64_t Length = support::endian::read64le(H + 8);
  uint64_t Hash = support::endian::read64le(H + 16);
  if (Layout != BinaryProfileVersion || Version < 1 ||
      Version > ProgramProfile::FormatVersion)
    return refuse(formatv("binary profile layout {0}, format version {1} is "
                          "not supported by this Crop (it reads layout {2}, "
                          "version {3}); profile the program again with "
                          "this Crop",
                          Layout, Version, BinaryProfileVersion,
                          ProgramProfile::FormatVersion)
                      .str());
  StringRef Payload = Bytes.drop_front(HeaderBytes);
  if (Payload.size() != Length)
    return refuse(formatv("binary profile truncated: {0} payload bytes of "
                          "{1}",
                          Payload.size(), Length)
                      .str());
  if (xxh3_64bits(arrayRefFromStringRef(Payload)) != Hash)
    return refuse("binary profile corrupt: its checksum does not match");

  Reader R(Payload, Name, HeaderBytes, Version);
  R.strings();
  ProgramProfile P;
  ModuleIdentity &M = P.Module;
  for (std::string *S :
       {&M.Hash, &M.SourceName, &M.Entry, &M.Triple, &M.CodegenCPU})
    *S = R.s();
  M.VectorBits = uint32_t(R.u(1 << 16, "vector bits out of range"));
  if (!validVectorBits(M.VectorBits))
    R.fail("vector bits not 0 or a power of two from 64 to 65536");
  P.EntryCalls = R.u();
  P.SampleRate = R.f64();
  if (!(P.SampleRate > 0 && P.SampleRate <= 1))
    R.fail("sample rate outside (0, 1]");
  if (R.Version >= 4)
    P.SampleTasks = R.u();
  if (R.Version >= 6)
    P.SampleTime = R.u();
  size_t NF = R.n();
  R.reserve(P.Functions, NF);
  for (size_t I = 0; I < NF && !R.failed(); ++I) {
    FunctionProfile &F = P.Functions.emplace_back();
    F.Name = R.s();
    F.Calls = R.u();
    F.Parallel = R.b();
    F.Runtime = ParallelRuntime(R.u(uint64_t(ParallelRuntime::OpenMPDynamic),
                                    "unknown parallel runtime"));
    for (size_t J = 0, JE = R.n(); J < JE && !R.failed(); ++J) {
      LaunchGroup &L = F.Launches.emplace_back();
      L.Tasks = R.u();
      L.Launches = R.u();
    }
    if (R.Version >= 8)
      F.ParallelIn = R.s();
    size_t NB = R.n();
    R.reserve(F.Blocks, NB);
    for (size_t J = 0; J < NB && !R.failed(); ++J)
      R.block(F.Blocks.emplace_back());
  }
  if (R.Version >= 7) {
    size_t NE = R.n();
    P.AllocEvents.reserve(NE);
    for (size_t J = 0; J < NE && !R.failed(); ++J) {
      uint64_t V = R.u();
      P.AllocEvents.push_back(V & 1 ? -int64_t(V >> 1) : int64_t(V >> 1));
    }
    if (!R.failed()) {
      std::string Why = checkAllocEvents(P.AllocEvents);
      if (!Why.empty())
        R.fail(("allocations: " + Why).c_str());
    }
  }
  if (!R.failed() && !R.atEnd())
    R.fail("bytes after the profile");
  if (R.failed())
    return R.error();
  return P;
}
