//===- Loader.cpp - Loading, merging and validating target descriptors ----===//
//
// yaml-cpp is used only to read the file: its tree is copied into a small
// tree that remembers each node's file and line, so that `base:` merges keep
// the line of whichever file a value came from, and no yaml-cpp exception can
// escape this file.
//
//===----------------------------------------------------------------------===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Hwdb/Units.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>

using namespace llvm;

namespace crop::hw {
namespace {

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg.str());
}

/// A YAML node with the file and line it was written at.
struct Val {
  enum KindT { Null, Scalar, Map, Seq } Kind = Null;
  std::string Text;
  std::vector<std::pair<std::string, Val>> Entries; // Map, in file order
  std::vector<unsigned> KeyLines;                    // line of each key
  std::vector<Val> Items;                            // Seq
  std::string File;
  unsigned Line = 0;

  const Val *find(StringRef Key) const {
    for (const auto &E : Entries)
      if (E.first == Key)
        return &E.second;
    return nullptr;
  }
};

std::string joinPath(StringRef Path, StringRef Key) {
  return Path.empty() ? Key.str() : (Path + "." + Key).str();
}

/// Collects every error of one load, each "file:line: key.path: message".
struct Diag {
  std::vector<std::string> Errors;
  void error(const std::string &File, unsigned Line, StringRef Path,
             const Twine &Msg) {
    Errors.push_back(
        formatv("{0}:{1}: {2}: {3}", File, Line, Path, Msg.str()).str());
  }
  void error(const Val &V, StringRef Path, const Twine &Msg) {
    error(V.File, V.Line, Path, Msg);
  }
  Error take() {
    Error All = Error::success();
    for (const std::string &E : Errors)
      All = joinErrors(std::move(All), makeError(E));
    Errors.clear();
    return All;
  }
};

Val convert(const YAML::Node &N, const std::string &File, Diag &D,
            StringRef Path) {
  Val V;
  V.File = File;
  V.Line = N.Mark().line + 1;
  switch (N.Type()) {
  case YAML::NodeType::Undefined:
  case YAML::NodeType::Null:
    V.Kind = Val::Null;
    break;
  case YAML::NodeType::Scalar:
    V.Kind = Val::Scalar;
    V.Text = N.Scalar();
    break;
  case YAML::NodeType::Sequence: {
    V.Kind = Val::Seq;
    unsigned I = 0;
    for (const YAML::Node &Item : N)
      V.Items.push_back(convert(Item, File, D, formatv("{0}[{1}]", Path, I++)
                                                    .str()));
    break;
  }
  case YAML::NodeType::Map:
    V.Kind = Val::Map;
    for (const auto &KV : N) {
      std::string Key = KV.first.IsScalar() ? KV.first.Scalar() : "?";
      unsigned KeyLine = KV.first.Mark().line + 1;
      if (V.find(Key)) {
        D.error(File, KeyLine, joinPath(Path, Key), "duplicate key");
        continue;
      }
      V.Entries.emplace_back(Key, convert(KV.second, File, D,
                                          joinPath(Path, Key)));
      V.KeyLines.push_back(KeyLine);
      // A null value has no useful mark of its own; use the key's line.
      if (V.Entries.back().second.Kind == Val::Null)
        V.Entries.back().second.Line = KeyLine;
    }
    break;
  }
  return V;
}

/// Reads a file (or Text, named File, when given) into the tree; YAML
/// syntax errors become file:line errors.
Expected<Val> readYAML(const std::string &File,
                       const std::string *Text = nullptr) {
  std::string Content;
  if (Text) {
    Content = *Text;
  } else {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(File);
    if (!Buf)
      return makeError(File + ": cannot read: " + Buf.getError().message());
    Content = (*Buf)->getBuffer().str();
  }
  // YAML is Unicode text: yaml-cpp reads stray bytes as replacement
  // characters on the way in but not when writing back, so a descriptor
  // with them would load once and not after `crop microbench` rewrote it.
  // Refuse it here, naming the line.
  {
    const auto *Begin = reinterpret_cast<const UTF8 *>(Content.data());
    const UTF8 *At = Begin;
    if (!isLegalUTF8String(&At, Begin + Content.size())) {
      size_t Line = 1 + StringRef(Content).take_front(At - Begin).count('\n');
      return makeError(formatv("{0}:{1}: (text): not valid UTF-8 (byte {2:x2} "
                               "at offset {3}); descriptors are UTF-8 text",
                               File, Line, unsigned(*At), size_t(At - Begin))
                           .str());
    }
    // Nor control characters but tab, newline and carriage return: YAML
    // does not allow them in a document (a NUL inside a block scalar
    // loaded, and the descriptor written back from it did not).
    for (size_t I = 0; I < Content.size(); ++I) {
      unsigned char C = static_cast<unsigned char>(Content[I]);
      if (C < 0x20 && C != '\t' && C != '\n' && C != '\r') {
        size_t Line = 1 + StringRef(Content).take_front(I).count('\n');
        return makeError(formatv("{0}:{1}: (text): control character {2:x2} at "
                                 "offset {3}; descriptors are printable text",
                                 File, Line, unsigned(C), I)
                             .str());
      }
    }
  }
  Diag D;
  Val Root;
  try {
    YAML::Node N = YAML::Load(Content);
    Root = convert(N, File, D, "");
  } catch (const YAML::Exception &E) {
    return makeError(formatv("{0}:{1}: (yaml): {2}", File, E.mark.line + 1,
                             E.msg)
                         .str());
  }
  if (!D.Errors.empty())
    return D.take();
  if (Root.Kind != Val::Map)
    return makeError(formatv("{0}:{1}: (top): a descriptor is a YAML map of "
                             "keys (name, kind, ...)",
                             File, Root.Line)
                         .str());
  return Root;
}

/// Deep merge: maps merge key by key, anything else (lists included) is
/// replaced by the override.
void mergeInto(Val &Base, const Val &Over) {
  if (Base.Kind != Val::Map || Over.Kind != Val::Map) {
    Base = Over;
    return;
  }
  for (size_t I = 0; I < Over.Entries.size(); ++I) {
    const auto &[Key, V] = Over.Entries[I];
    bool Found = false;
    for (size_t J = 0; J < Base.Entries.size(); ++J)
      if (Base.Entries[J].first == Key) {
        mergeInto(Base.Entries[J].second, V);
        Base.KeyLines[J] = Over.KeyLines[I];
        Found = true;
        break;
      }
    if (!Found) {
      Base.Entries.emplace_back(Key, V);
      Base.KeyLines.push_back(Over.KeyLines[I]);
    }
  }
  Base.File = Over.File;
  Base.Line = Over.Line;
}

std::optional<std::string> findInDirs(StringRef Name,
                                      const std::vector<std::string> &Dirs) {
  for (const std::string &Dir : Dirs) {
    SmallString<256> P(Dir);
    sys::path::append(P, Name + ".yaml");
    if (sys::fs::is_regular_file(P))
      return std::string(P);
  }
  return std::nullopt;
}

/// Reads a file and, recursively, its `base:` chain into one merged tree.
Expected<Val> readWithBases(const std::string &File,
                            std::vector<std::string> &Chain,
                            const std::string *Text = nullptr) {
  Expected<Val> Root = readYAML(File, Text);
  if (!Root)
    return Root.takeError();
  const Val *Base = Root->find("base");
  if (!Base)
    return Root;
  if (Base->Kind != Val::Scalar || Base->Text.empty())
    return makeError(formatv("{0}:{1}: base: expected the name of another "
                             "descriptor",
                             File, Base->Line)
                         .str());
  std::string BaseName = Base->Text;
  // The base is looked up next to the file first, then on the search path.
  std::vector<std::string> Dirs = {
      std::string(sys::path::parent_path(File).empty()
                      ? "."
                      : sys::path::parent_path(File))};
  for (const std::string &D : searchPath())
    Dirs.push_back(D);
  std::optional<std::string> BasePath = findInDirs(BaseName, Dirs);
  if (!BasePath)
    return makeError(formatv("{0}:{1}: base: unknown base descriptor '{2}' "
                             "(looked for {2}.yaml in {3})",
                             File, Base->Line, BaseName,
                             join(Dirs, ", "))
                         .str());
  SmallString<256> Real;
  if (sys::fs::real_path(*BasePath, Real))
    Real = *BasePath;
  if (is_contained(Chain, std::string(Real)))
    return makeError(formatv("{0}:{1}: base: '{2}' is its own base "
                             "(cycle: {3})",
                             File, Base->Line, BaseName, join(Chain, " -> "))
                         .str());
  Chain.push_back(std::string(Real));
  Expected<Val> Merged = readWithBases(*BasePath, Chain);
  if (!Merged)
    return makeError(formatv("{0}:{1}: base: in base '{2}': ", File,
                             Base->Line, BaseName)
                         .str() +
                     toString(Merged.takeError()));
  // Identity is never inherited: the derived file names itself and its
  // summary would otherwise describe the base.
  erase_if(Merged->Entries, [](const auto &E) {
    return E.first == "name" || E.first == "summary";
  });
  Val Over = *Root;
  for (size_t I = 0; I < Over.Entries.size(); ++I)
    if (Over.Entries[I].first == "base") {
      Over.Entries.erase(Over.Entries.begin() + I);
      Over.KeyLines.erase(Over.KeyLines.begin() + I);
      break;
    }
  // Recompute key lines after the erase above (it shifted the entries).
  Val Result = *Merged;
  Result.KeyLines.clear();
  for (size_t I = 0; I < Result.Entries.size(); ++I)
    Result.KeyLines.push_back(Result.Entries[I].second.Line);
  mergeInto(Result, Over);
  return Result;
}

/// Reads the keys of one map, remembering which were used so that the rest
/// can be reported as unknown.
class MapReader {
public:
  MapReader(Diag &D, const Val &M, std::string Path)
      : D(D), M(M), Path(std::move(Path)) {}

  const Val *get(StringRef Key, bool Required) {
    Known.push_back(Key.str());
    const Val *V = M.find(Key);
    if (!V && Required)
      D.error(M, joinPath(Path, Key), "missing required key");
    return V;
  }
  std::string path(StringRef Key) const { return joinPath(Path, Key); }

  /// Reports keys that no get() asked for.
  void finish() {
    for (const auto &E : M.Entries)
      if (!is_contained(Known, E.first))
        D.error(E.second, joinPath(Path, E.first),
                "unknown key (expected one of: " + join(Known, ", ") + ")");
  }

private:
  Diag &D;
  const Val &M;
  std::string Path;
  std::vector<std::string> Known;
};

bool expectKind(Diag &D, const Val &V, StringRef Path, Val::KindT K) {
  if (V.Kind == K)
    return true;
  const char *Want = K == Val::Map      ? "a map"
                     : K == Val::Seq    ? "a list"
                                        : "a value";
  D.error(V, Path, Twine("expected ") + Want);
  return false;
}

bool readQuantity(Diag &D, const Val *V, StringRef Path, Dimension Dim,
                  double &Out) {
  if (!V || !expectKind(D, *V, Path, Val::Scalar))
    return false;
  Expected<double> Q = parseQuantity(V->Text, Dim);
  if (!Q) {
    D.error(*V, Path, toString(Q.takeError()));
    return false;
  }
  Out = *Q;
  return true;
}

bool readPositive(Diag &D, const Val *V, StringRef Path, Dimension Dim,
                  double &Out) {
  if (!readQuantity(D, V, Path, Dim, Out))
    return false;
  if (!(Out > 0)) {
    D.error(*V, Path, formatv("must be positive, not '{0}'", V->Text));
    return false;
  }
  return true;
}

template <typename IntT>
bool readCount(Diag &D, const Val *V, StringRef Path, IntT &Out,
               uint64_t Min = 1) {
  double X;
  if (!readQuantity(D, V, Path, Dimension::Count, X))
    return false;
  if (X != std::floor(X) || X < double(Min) || X > 1e15) {
    D.error(*V, Path,
            formatv("expected a whole number >= {0}, not '{1}'", Min, V->Text));
    return false;
  }
  // The field's own type bounds it too (a 32-bit count of 3.2e14 would not
  // convert: undefined behaviour, found by the descriptor fuzzer).
  if (X > double(std::numeric_limits<IntT>::max())) {
    D.error(*V, Path,
            formatv("{0} is beyond any sensible value (at most {1})", V->Text,
                    uint64_t(std::numeric_limits<IntT>::max())));
    return false;
  }
  Out = static_cast<IntT>(X);
  return true;
}

bool readString(Diag &D, const Val *V, StringRef Path, std::string &Out) {
  if (!V || !expectKind(D, *V, Path, Val::Scalar))
    return false;
  Out = V->Text;
  return true;
}

std::string cyc(double V) { return formatQuantity(V, Dimension::Cycles); }

bool isPow2(uint64_t X) { return X && !(X & (X - 1)); }

void readCaches(Diag &D, const Val &List, StringRef Path, CpuParams &C) {
  if (!expectKind(D, List, Path, Val::Seq))
    return;
  if (List.Items.empty())
    D.error(List, Path, "at least one cache level is required");
  struct Where {
    const Val *Latency = nullptr, *BwCore = nullptr, *BwAll = nullptr;
  };
  std::vector<Where> W;
  for (size_t I = 0; I < List.Items.size(); ++I) {
    const Val &Item = List.Items[I];
    std::string P = formatv("{0}[{1}]", Path, I).str();
    if (!expectKind(D, Item, P, Val::Map))
      continue;
    MapReader R(D, Item, P);
    CacheLevel L;
    Where Wh;
    readString(D, R.get("name", true), R.path("name"), L.Name);
    double Size = 0, Line = 64, Lat = 0;
    bool HaveSize = readPositive(D, R.get("size", true), R.path("size"),
                                 Dimension::Bytes, Size);
    const Val *LineV = R.get("line", false);
    bool HaveLine = true;
    if (LineV)
      HaveLine = readPositive(D, LineV, R.path("line"), Dimension::Bytes, Line);
    const Val *WaysV = R.get("ways", true);
    bool HaveWays = readCount(D, WaysV, R.path("ways"), L.Ways);
    Wh.Latency = R.get("latency", true);
    if (readPositive(D, Wh.Latency, R.path("latency"), Dimension::Cycles, Lat))
      L.LatencyCycles = Lat;
    else
      Wh.Latency = nullptr;
    if (const Val *S = R.get("shared_by", false))
      readCount(D, S, R.path("shared_by"), L.SharedByCores);
    Wh.BwCore = R.get("bandwidth_per_core", false);
    if (Wh.BwCore && !readPositive(D, Wh.BwCore, R.path("bandwidth_per_core"),
                                   Dimension::Bandwidth, L.BandwidthPerCore))
      Wh.BwCore = nullptr;
    Wh.BwAll = R.get("bandwidth_all", false);
    if (Wh.BwAll && !readPositive(D, Wh.BwAll, R.path("bandwidth_all"),
                                  Dimension::Bandwidth, L.BandwidthAll))
      Wh.BwAll = nullptr;
    if (const Val *Wb = R.get("writeback_bandwidth_per_core", false)) {
      // Write-backs go from a level into the next one: the first receives
      // none, and a rate there would be read as the descriptor's asking for
      // write-back pricing (CacheModel::writeBackRates) with none to apply.
      if (I == 0)
        D.error(*Wb, R.path("writeback_bandwidth_per_core"),
                "the first cache level receives no write-backs (give the "
                "rate to the level they go back into)");
      else
        readPositive(D, Wb, R.path("writeback_bandwidth_per_core"),
                     Dimension::Bandwidth, L.WriteBackBandwidthPerCore);
    }
    R.finish();

    if (HaveSize && Size != std::floor(Size)) {
      D.error(*R.get("size", true), R.path("size"),
              formatv("{0} is not a whole number of bytes", cyc(Size)));
      HaveSize = false;
    }
    // Absurd sizes are refused before they are converted to integers
    // (found by fuzz_descriptor: 3.9e39 MiB).
    constexpr double MaxCacheBytes = double(uint64_t(1) << 50); // 1 PiB
    if (HaveSize && Size > MaxCacheBytes) {
      D.error(*R.get("size", true), R.path("size"),
              formatv("{0} B is beyond any cache (at most 1 PiB)", cyc(Size)));
      HaveSize = false;
    }
    if (HaveLine && Line > double(uint64_t(1) << 20)) {
      D.error(*LineV, R.path("line"),
              formatv("line size {0} B is beyond any cache (at most 1 MiB)",
                      cyc(Line)));
      HaveLine = false;
    }
    L.SizeBytes = HaveSize ? uint64_t(Size) : 0;
    if (HaveLine) {
      if (Line != std::floor(Line) || !isPow2(uint64_t(Line))) {
        D.error(*LineV, R.path("line"),
                formatv("line size {0} B is not a power of two", cyc(Line)));
        HaveLine = false;
      } else {
        L.LineBytes = uint32_t(Line);
      }
    }
    if (HaveSize && HaveLine && HaveWays) {
      if (L.SizeBytes % L.LineBytes != 0) {
        D.error(*R.get("size", true), R.path("size"),
                formatv("size {0} is not a whole number of {1} B lines",
                        formatQuantity(double(L.SizeBytes), Dimension::Bytes),
                        L.LineBytes));
      } else {
        uint64_t Lines = L.SizeBytes / L.LineBytes;
        if (Lines % L.Ways != 0)
          D.error(*WaysV, R.path("ways"),
                  formatv("associativity {0} does not divide the {1} lines "
                          "of a {2} cache with {3} B lines (size / line / "
                          "ways must be a whole number of sets)",
                          L.Ways, Lines,
                          formatQuantity(double(L.SizeBytes),
                                         Dimension::Bytes),
                          L.LineBytes));
      }
    }
    if (L.SharedByCores > C.Cores && C.Cores > 0)
      D.error(*R.get("shared_by", false), R.path("shared_by"),
              formatv("shared by {0} cores but the CPU has {1}",
                      L.SharedByCores, C.Cores));
    C.Caches.push_back(L);
    W.push_back(Wh);
  }
  // Outer levels are slower and narrower.
  for (size_t I = 1; I < C.Caches.size() && I < W.size(); ++I) {
    const CacheLevel &In = C.Caches[I - 1], &Out = C.Caches[I];
    std::string P = formatv("{0}[{1}]", Path, I).str();
    if (W[I].Latency && W[I - 1].Latency &&
        Out.LatencyCycles <= In.LatencyCycles)
      D.error(*W[I].Latency, joinPath(P, "latency"),
              formatv("latency {0} cycles is not above {1}'s {2} cycles "
                      "(latency must increase with level)",
                      cyc(Out.LatencyCycles), In.Name,
                      cyc(In.LatencyCycles)));
    if (W[I].BwCore && W[I - 1].BwCore &&
        Out.BandwidthPerCore > In.BandwidthPerCore)
      D.error(*W[I].BwCore, joinPath(P, "bandwidth_per_core"),
              formatv("{0} is above {1}'s {2} (bandwidth must not grow "
                      "outward)",
                      formatQuantity(Out.BandwidthPerCore,
                                     Dimension::Bandwidth),
                      In.Name,
                      formatQuantity(In.BandwidthPerCore,
                                     Dimension::Bandwidth)));
    if (W[I].BwAll && W[I - 1].BwAll && Out.BandwidthAll > In.BandwidthAll)
      D.error(*W[I].BwAll, joinPath(P, "bandwidth_all"),
              formatv("{0} is above {1}'s {2} (bandwidth must not grow "
                      "outward)",
                      formatQuantity(Out.BandwidthAll, Dimension::Bandwidth),
                      In.Name,
                      formatQuantity(In.BandwidthAll, Dimension::Bandwidth)));
  }
}

/// A map from a count (1 to Max, what Counted names) to a quantity, as
/// `frequency_by_active_cores` and `parallel_launch` are; Max 0: unbounded.
/// A quantity above Limit (when given) is an error that says why.
void readCountMap(Diag &D, const Val *M, StringRef Path, uint32_t Max,
                  StringRef Counted, Dimension Dim,
                  std::map<uint32_t, double> &Out, double Limit = 0,
                  StringRef Why = "") {
  if (!M || !expectKind(D, *M, Path, Val::Map))
    return;
  for (const auto &[Key, V] : M->Entries) {
    std::string P = joinPath(Path, Key);
    uint32_t N = 0;
    if (!to_integer(StringRef(Key).trim(), N, 10) || N == 0 ||
        (Max && N > Max)) {
      D.error(V, P,
              formatv("'{0}' is not a count of {1} from 1 to {2}", Key, Counted,
                      Max));
      continue;
    }
    double Q = 0;
    if (!readPositive(D, &V, P, Dim, Q))
      continue;
    if (Limit > 0 && Q > Limit)
      D.error(V, P,
              formatv("{0} is more than {1} (at most {2})",
                      formatQuantity(Q, Dim), Why, formatQuantity(Limit, Dim)));
    else
      Out[N] = Q;
  }
}

void readCpu(Diag &D, const Val &M, CpuParams &C) {
  MapReader R(D, M, "cpu");
  const Val *ThreadsV = R.get("threads", true);
  bool HaveThreads = readCount(D, ThreadsV, R.path("threads"), C.Threads);
  bool HaveCores = readCount(D, R.get("cores", true), R.path("cores"), C.Cores);
  if (HaveThreads && HaveCores && C.Threads < C.Cores)
    D.error(*ThreadsV, R.path("threads"),
            formatv("{0} threads is fewer than the {1} cores", C.Threads,
                    C.Cores));
  readPositive(D, R.get("frequency", true), R.path("frequency"),
               Dimension::Frequency, C.FrequencyHz);
  readCountMap(D, R.get("frequency_by_active_cores", false),
               R.path("frequency_by_active_cores"), HaveCores ? C.Cores : 0,
               "busy cores", Dimension::Frequency, C.FrequencyByActiveCores);
  readCount(D, R.get("issue_width", true), R.path("issue_width"),
            C.IssueWidth);
  const Val *Simd = R.get("simd_bits", true);
  if (readCount(D, Simd, R.path("simd_bits"), C.SimdBits) &&
      (!isPow2(C.SimdBits) || C.SimdBits < 64))
    D.error(*Simd, R.path("simd_bits"),
            formatv("SIMD width {0} is not a power of two >= 64", C.SimdBits));
  readPositive(D, R.get("mispredict_penalty", true),
               R.path("mispredict_penalty"), Dimension::Cycles,
               C.MispredictPenalty);
  if (const Val *V = R.get("max_outstanding_misses", false))
    readCount(D, V, R.path("max_outstanding_misses"), C.MaxOutstandingMisses);
  if (const Val *V = R.get("reorder_buffer", false)) {
    if (readCount(D, V, R.path("reorder_buffer"), C.ReorderBuffer) &&
        (C.ReorderBuffer < 16 || C.ReorderBuffer > 4096))
      D.error(*V, R.path("reorder_buffer"),
              formatv("{0} entries is outside 16..4096 (current cores have "
                      "128-640)",
                      C.ReorderBuffer));
  }
  if (const Val *V = R.get("scheduler_fp", false)) {
    if (readCount(D, V, R.path("scheduler_fp"), C.SchedulerFp) &&
        (C.SchedulerFp < 4 || C.SchedulerFp > 4096))
      D.error(*V, R.path("scheduler_fp"),
              formatv("{0} entries is outside 4..4096", C.SchedulerFp));
  }
  if (const Val *V = R.get("scheduler_fp_pickable", false)) {
    if (readCount(D, V, R.path("scheduler_fp_pickable"),
                  C.SchedulerFpPickable) &&
        (C.SchedulerFpPickable < 4 || C.SchedulerFpPickable > 4096))
      D.error(*V, R.path("scheduler_fp_pickable"),
              formatv("{0} entries is outside 4..4096", C.SchedulerFpPickable));
    else if (C.SchedulerFp && C.SchedulerFpPickable > C.SchedulerFp)
      D.error(*V, R.path("scheduler_fp_pickable"),
              formatv("{0} entries is more than scheduler_fp's {1} (the "
                      "pickable part cannot be larger than the whole)",
                      C.SchedulerFpPickable, C.SchedulerFp));
  }
  if (const Val *V = R.get("load_queue", false)) {
    if (readCount(D, V, R.path("load_queue"), C.LoadQueue) &&
        (C.LoadQueue < 4 || C.LoadQueue > 4096))
      D.error(*V, R.path("load_queue"),
              formatv("{0} entries is outside 4..4096", C.LoadQueue));
  }
  if (const Val *V = R.get("store_queue", false)) {
    if (readCount(D, V, R.path("store_queue"), C.StoreQueue) &&
        (C.StoreQueue < 4 || C.StoreQueue > 4096))
      D.error(*V, R.path("store_queue"),
              formatv("{0} entries is outside 4..4096", C.StoreQueue));
  }
  if (const Val *V = R.get("alias_4k_waits_for_data", false);
      V && expectKind(D, *V, R.path("alias_4k_waits_for_data"), Val::Scalar)) {
    if (V->Text == "true")
      C.Alias4KWaitsForData = true;
    else if (V->Text != "false")
      D.error(*V, R.path("alias_4k_waits_for_data"),
              "expected true or false, not '" + V->Text + "'");
  }
  // Optional cycle counts with a bound no core comes near (a unit typo).
  auto BoundedCycles = [&](const char *Key, double Max, const char *What,
                           double &Out) {
    if (const Val *V = R.get(Key, false))
      if (readPositive(D, V, R.path(Key), Dimension::Cycles, Out) && Out > Max)
        D.error(*V, R.path(Key),
                formatv("{0} cycles is more than {1} (at most {2})", Out, What,
                        Max));
  };
  BoundedCycles("split_load_extra", 64,
                "a line-crossing load costs any core", C.SplitLoadExtraCycles);
  BoundedCycles("store_fma_port", 16,
                "any core's FMA port is held by one store",
                C.StoreFmaPortCycles);
  // Keyed by register width: a scalar add sits in a 128-bit register.
  if (const Val *Fwd = R.get("fadd_to_fma_extra", false)) {
    readCountMap(D, Fwd, R.path("fadd_to_fma_extra"), 512, "register bits",
                 Dimension::Cycles, C.FaddToFmaExtraCycles, 16,
                 "any core's forwarding from its adders to its multipliers");
    for (auto It = C.FaddToFmaExtraCycles.begin();
         It != C.FaddToFmaExtraCycles.end();) {
      if (It->first == 128 || It->first == 256 || It->first == 512) {
        ++It;
        continue;
      }
      D.error(*Fwd,
              joinPath(R.path("fadd_to_fma_extra"), std::to_string(It->first)),
              formatv("'{0}' is not a register width (128, 256 or 512 bits)",
                      It->first));
      It = C.FaddToFmaExtraCycles.erase(It);
    }
  }

  // A millisecond would be a process spawn, not a launch: a unit slip.
  readCountMap(D, R.get("parallel_launch", false), R.path("parallel_launch"),
               HaveThreads ? C.Threads : 0, "threads", Dimension::Time,
               C.ParallelLaunchSeconds, 1e-3, "any runtime's launch takes");
  readCountMap(D, R.get("parallel_dispatch", false),
               R.path("parallel_dispatch"), HaveThreads ? C.Threads : 0,
               "threads", Dimension::Time, C.ParallelDispatchSeconds, 1e-3,
               "handing out a chunk takes");
  readCountMap(D, R.get("parallel_task", false), R.path("parallel_task"),
               HaveThreads ? C.Threads : 0, "threads", Dimension::Time,
               C.ParallelTaskSeconds, 1e-3, "running an empty task takes");
  // A millisecond a page would be a swap-in, not a first touch.
  if (const Val *V = R.get("page_fault", false))
    if (readPositive(D, V, R.path("page_fault"), Dimension::Time,
                     C.PageFaultSeconds) &&
        C.PageFaultSeconds > 1e-3)
      D.error(*V, R.path("page_fault"),
              formatv("{0} is more than a first touch of a page takes (at "
                      "most 1 ms)",
                      formatQuantity(C.PageFaultSeconds, Dimension::Time)));

  if (const Val *U = R.get("units", true)) {
    if (expectKind(D, *U, R.path("units"), Val::Map)) {
      if (U->Entries.empty())
        D.error(*U, R.path("units"), "at least one functional unit is "
                                     "required");
      for (const auto &[Name, V] : U->Entries) {
        uint32_t N;
        if (readCount(D, &V, joinPath(R.path("units"), Name), N))
          C.Units[Name] = N;
      }
    }
  }
  if (const Val *Caches = R.get("caches", true))
    readCaches(D, *Caches, R.path("caches"), C);

  const Val *RamV = R.get("ram", true);
  if (RamV && expectKind(D, *RamV, R.path("ram"), Val::Map)) {
    MapReader RR(D, *RamV, R.path("ram"));
    const Val *Lat = RR.get("latency", true);
    bool HaveLat = readPositive(D, Lat, RR.path("latency"), Dimension::Cycles,
                                C.RamLatencyCycles);
    const Val *BwC = RR.get("bandwidth_per_core", false);
    if (BwC)
      readPositive(D, BwC, RR.path("bandwidth_per_core"),
                   Dimension::Bandwidth, C.RamBandwidthPerCore);
    const Val *BwA = RR.get("bandwidth_all", false);
    if (BwA)
      readPositive(D, BwA, RR.path("bandwidth_all"), Dimension::Bandwidth,
                   C.RamBandwidthAll);
    RR.finish();
    if (!C.Caches.empty()) {
      const CacheLevel &Last = C.Caches.back();
      if (HaveLat && Last.LatencyCycles > 0 &&
          C.RamLatencyCycles <= Last.LatencyCycles)
        D.error(*Lat, RR.path("latency"),
                formatv("latency {0} cycles is not above {1}'s {2} cycles "
                        "(latency must increase with level)",
                        cyc(C.RamLatencyCycles), Last.Name,
                        cyc(Last.LatencyCycles)));
      auto NotAbove = [&](const Val *V, StringRef Key, double Ram,
                          double Cache) {
        if (V && Ram > 0 && Cache > 0 && Ram > Cache)
          D.error(*V, RR.path(Key),
                  formatv("{0} is above {1}'s {2} (bandwidth must not grow "
                          "outward)",
                          formatQuantity(Ram, Dimension::Bandwidth), Last.Name,
                          formatQuantity(Cache, Dimension::Bandwidth)));
      };
      NotAbove(BwC, "bandwidth_per_core", C.RamBandwidthPerCore,
               Last.BandwidthPerCore);
      NotAbove(BwA, "bandwidth_all", C.RamBandwidthAll, Last.BandwidthAll);
    }
  }

  if (const Val *I = R.get("instructions", true)) {
    if (expectKind(D, *I, R.path("instructions"), Val::Map)) {
      for (const auto &[Key, V] : I->Entries) {
        std::string P = joinPath(R.path("instructions"), Key);
        if (!parseInstructionKey(Key)) {
          D.error(V, P,
                  "bad instruction key (expected <opcode>.<type> or "
                  "<opcode>.<type>x<lanes>, e.g. fadd.f32, fma.f32x8, "
                  "call:expf.f32; types i1..i64, f16, bf16, f32, f64, ptr, "
                  "void)");
          continue;
        }
        if (!expectKind(D, V, P, Val::Map))
          continue;
        MapReader IR(D, V, P);
        InstrCost Cost;
        bool Ok = readPositive(D, IR.get("latency", true), IR.path("latency"),
                               Dimension::Cycles, Cost.Latency);
        Ok &= readPositive(D, IR.get("throughput", true),
                           IR.path("throughput"), Dimension::Cycles,
                           Cost.RecipThroughput);
        if (const Val *U = IR.get("unit", false)) {
          readString(D, U, IR.path("unit"), Cost.Unit);
          if (!C.Units.empty() && !C.Units.count(Cost.Unit))
            D.error(*U, IR.path("unit"),
                    formatv("unit '{0}' is not in cpu.units", Cost.Unit));
        } else if (!C.Units.empty() && !C.Units.count(Cost.Unit)) {
          D.error(V, IR.path("unit"),
                  "missing required key (the default unit 'alu' is not in "
                  "cpu.units)");
        }
        if (const Val *U = IR.get("uops", false))
          readCount(D, U, IR.path("uops"), Cost.Uops);
        IR.finish();
        if (Ok)
          C.Instructions[Key] = Cost;
      }
    }
  }
  R.finish();
}

const char *const DataTypes[] = {"f64", "f32", "tf32", "f16", "bf16",
                                 "fp8", "i8",  "i4"};

void readAccel(Diag &D, const Val &M, AcceleratorParams &A) {
  MapReader R(D, M, "accelerator");
  readCount(D, R.get("compute_units", true), R.path("compute_units"),
            A.ComputeUnits);
  readPositive(D, R.get("frequency", true), R.path("frequency"),
               Dimension::Frequency, A.FrequencyHz);
  if (const Val *P = R.get("peak", true);
      P && expectKind(D, *P, R.path("peak"), Val::Map)) {
    if (P->Entries.empty())
      D.error(*P, R.path("peak"), "at least one data type is required");
    for (const auto &[Type, V] : P->Entries) {
      std::string Path = joinPath(R.path("peak"), Type);
      if (!is_contained(DataTypes, Type)) {
        D.error(V, Path,
                "unknown data type (expected one of: " +
                    join(std::begin(DataTypes), std::end(DataTypes), ", ") +
                    ")");
        continue;
      }
      if (!expectKind(D, V, Path, Val::Map))
        continue;
      MapReader PR(D, V, Path);
      PeakOps Ops;
      const Val *Vec = PR.get("vector", false), *Mat = PR.get("matrix", false);
      if (Vec)
        readPositive(D, Vec, PR.path("vector"), Dimension::OpsRate,
                     Ops.Vector);
      if (Mat)
        readPositive(D, Mat, PR.path("matrix"), Dimension::OpsRate,
                     Ops.Matrix);
      if (!Vec && !Mat)
        D.error(V, Path, "missing required key: vector or matrix");
      PR.finish();
      A.Peak[Type] = Ops;
    }
  }
  if (const Val *L = R.get("memory", true);
      L && expectKind(D, *L, R.path("memory"), Val::Seq)) {
    if (L->Items.empty())
      D.error(*L, R.path("memory"), "at least one memory level is required");
    std::vector<const Val *> BwV;
    for (size_t I = 0; I < L->Items.size(); ++I) {
      std::string P = formatv("{0}[{1}]", R.path("memory"), I).str();
      const Val &Item = L->Items[I];
      if (!expectKind(D, Item, P, Val::Map))
        continue;
      MapReader MR(D, Item, P);
      MemoryLevel ML;
      readString(D, MR.get("name", true), MR.path("name"), ML.Name);
      double Size = 0;
      if (readPositive(D, MR.get("size", true), MR.path("size"),
                       Dimension::Bytes, Size))
        ML.SizeBytes = uint64_t(Size);
      const Val *Bw = MR.get("bandwidth", true);
      if (!readPositive(D, Bw, MR.path("bandwidth"), Dimension::Bandwidth,
                        ML.Bandwidth))
        Bw = nullptr;
      MR.finish();
      if (Bw && !BwV.empty() && BwV.back() && ML.Bandwidth >
                                                  A.Memory.back().Bandwidth)
        D.error(*Bw, MR.path("bandwidth"),
                formatv("{0} is above {1}'s {2} (bandwidth must not grow "
                        "outward)",
                        formatQuantity(ML.Bandwidth, Dimension::Bandwidth),
                        A.Memory.back().Name,
                        formatQuantity(A.Memory.back().Bandwidth,
                                       Dimension::Bandwidth)));
      A.Memory.push_back(ML);
      BwV.push_back(Bw);
    }
  }
  readPositive(D, R.get("launch_overhead", true), R.path("launch_overhead"),
               Dimension::Time, A.LaunchOverheadSeconds);
  R.finish();
}

std::string defaultSummary(const Target &T) {
  std::string S;
  if (T.Cpu) {
    const CpuParams &C = *T.Cpu;
    S = formatv("{0} cores / {1} threads, {2}, {3}-bit SIMD", C.Cores,
                C.Threads, formatQuantity(C.FrequencyHz, Dimension::Frequency),
                C.SimdBits)
            .str();
    if (!C.Caches.empty())
      S += ", " + C.Caches.back().Name + " " +
           formatQuantity(double(C.Caches.back().SizeBytes), Dimension::Bytes);
  } else if (T.Accel) {
    const AcceleratorParams &A = *T.Accel;
    S = formatv("{0} compute units, {1}", A.ComputeUnits,
                formatQuantity(A.FrequencyHz, Dimension::Frequency))
            .str();
    if (!A.Memory.empty())
      S += ", " + A.Memory.back().Name + " " +
           formatQuantity(A.Memory.back().Bandwidth, Dimension::Bandwidth);
  }
  return S;
}

Expected<Target> buildTarget(const Val &Root, const std::string &File) {
  Diag D;
  Target T;
  T.Path = File;
  MapReader R(D, Root, "");
  R.get("base", false); // consumed by the merge; allowed here
  const Val *SV = R.get("schema_version", true);
  if (readCount(D, SV, "schema_version", T.SchemaVersion) &&
      T.SchemaVersion != 1)
    D.error(*SV, "schema_version",
            formatv("unsupported schema version {0} (this Crop reads 1)",
                    T.SchemaVersion));
  const Val *NameV = R.get("name", true);
  if (readString(D, NameV, "name", T.Name) &&
      (T.Name.empty() ||
       T.Name.find_first_of(" /\t") != std::string::npos))
    D.error(*NameV, "name", "a target name is one word without '/'");
  const Val *KindV = R.get("kind", true);
  std::string Kind;
  bool HaveKind = readString(D, KindV, "kind", Kind);
  if (HaveKind) {
    if (Kind == "cpu")
      T.Kind = TargetKind::CPU;
    else if (Kind == "gpu")
      T.Kind = TargetKind::GPU;
    else if (Kind == "accelerator")
      T.Kind = TargetKind::Accelerator;
    else {
      D.error(*KindV, "kind",
              "unknown kind '" + Kind + "' (expected cpu, gpu or accelerator)");
      HaveKind = false;
    }
  }
  readString(D, R.get("isa", true), "isa", T.Isa);
  readString(D, R.get("source", true), "source", T.Source);
  if (const Val *S = R.get("summary", false))
    readString(D, S, "summary", T.Summary);
  const Val *CpuV = R.get("cpu", HaveKind && T.Kind == TargetKind::CPU);
  const Val *AccV =
      R.get("accelerator", HaveKind && T.Kind != TargetKind::CPU);
  if (HaveKind && T.Kind == TargetKind::CPU && AccV)
    D.error(*AccV, "accelerator", "a cpu target has no accelerator section");
  if (HaveKind && T.Kind != TargetKind::CPU && CpuV)
    D.error(*CpuV, "cpu", "a " + Kind + " target has no cpu section");
  if (CpuV && expectKind(D, *CpuV, "cpu", Val::Map) &&
      (!HaveKind || T.Kind == TargetKind::CPU)) {
    T.Cpu.emplace();
    readCpu(D, *CpuV, *T.Cpu);
  }
  if (AccV && expectKind(D, *AccV, "accelerator", Val::Map) &&
      (!HaveKind || T.Kind != TargetKind::CPU)) {
    T.Accel.emplace();
    readAccel(D, *AccV, *T.Accel);
  }
  R.finish();
  if (!D.Errors.empty())
    return D.take();
  if (T.Summary.empty())
    T.Summary = defaultSummary(T);
  return T;
}

} // namespace

Expected<Target> loadTarget(StringRef Path) {
  std::string File = Path.str();
  SmallString<256> Real;
  if (sys::fs::real_path(File, Real))
    Real = File;
  std::vector<std::string> Chain = {std::string(Real)};
  Expected<Val> Root = readWithBases(File, Chain);
  if (!Root)
    return Root.takeError();
  return buildTarget(*Root, File);
}

Expected<Target> parseTarget(StringRef Text, StringRef Name) {
  std::string File = Name.str(), Content = Text.str();
  std::vector<std::string> Chain = {File};
  Expected<Val> Root = readWithBases(File, Chain, &Content);
  if (!Root)
    return Root.takeError();
  return buildTarget(*Root, File);
}

#ifndef CROP_HWDB_SOURCE_DIR
#define CROP_HWDB_SOURCE_DIR ""
#endif
#ifndef CROP_HWDB_INSTALL_DIR
#define CROP_HWDB_INSTALL_DIR ""
#endif

std::vector<std::string> searchPath() {
  std::vector<std::string> Dirs;
  if (const char *Env = std::getenv("CROP_HWDB_PATH")) {
    SmallVector<StringRef, 4> Parts;
    StringRef(Env).split(Parts, ':', -1, false);
    for (StringRef P : Parts)
      Dirs.push_back(P.str());
  }
  for (const char *D : {CROP_HWDB_SOURCE_DIR, CROP_HWDB_INSTALL_DIR})
    if (*D && !is_contained(Dirs, std::string(D)))
      Dirs.push_back(D);
  return Dirs;
}

namespace {
/// Descriptor files on the search path; a name found earlier shadows later
/// ones.
std::vector<std::pair<std::string, std::string>> descriptorFiles() {
  std::vector<std::pair<std::string, std::string>> Files; // name, path
  StringSet<> Seen;
  for (const std::string &Dir : searchPath()) {
    std::error_code EC;
    std::vector<std::pair<std::string, std::string>> Here;
    for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC)) {
      StringRef P = It->path();
      if (sys::path::extension(P) != ".yaml")
        continue;
      Here.emplace_back(sys::path::stem(P).str(), P.str());
    }
    sort(Here);
    for (auto &F : Here)
      if (Seen.insert(F.first).second)
        Files.push_back(F);
  }
  return Files;
}
} // namespace

Expected<Target> findTarget(StringRef NameOrPath) {
  if (NameOrPath.contains('/') || NameOrPath.ends_with(".yaml") ||
      NameOrPath.ends_with(".yml")) {
    if (!sys::fs::exists(NameOrPath))
      return makeError(NameOrPath + ": no such descriptor file");
    return loadTarget(NameOrPath);
  }
  std::vector<std::string> Names;
  for (const auto &[Name, Path] : descriptorFiles()) {
    if (Name == NameOrPath)
      return loadTarget(Path);
    Names.push_back(Name);
  }
  return makeError(formatv("unknown target '{0}'; known targets: {1} "
                           "(searched {2}; set CROP_HWDB_PATH to add folders)",
                           NameOrPath,
                           Names.empty() ? std::string("none")
                                         : join(Names, ", "),
                           join(searchPath(), ":"))
                       .str());
}

std::vector<Expected<Target>> listTargets() {
  std::vector<Expected<Target>> All;
  for (const auto &F : descriptorFiles())
    All.push_back(loadTarget(F.second));
  return All;
}

} // namespace crop::hw
