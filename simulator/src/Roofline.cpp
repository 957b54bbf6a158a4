//===- Roofline.cpp - GPU/accelerator estimates from a program profile ----===//
//
// A CPU-compiled tensor program says nothing about how a GPU kernel would be
// scheduled, so for GPU and accelerator targets Crop gives the roofline bound
// (Williams et al. 2009): the work the profile counts (operations per data
// type) at the descriptor's peaks, against the bytes each memory level must
// move (from the reuse profile and the level's size), plus launch overhead.
//
//===----------------------------------------------------------------------===//
#include "crop/Simulator/CacheModel.h"
#include "crop/Simulator/Predictor.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace crop;
using namespace llvm;

namespace {

/// Operations one vertex performs and the data type they count under, or
/// 0 for instructions that are not arithmetic work on a roofline (address
/// arithmetic, compares, moves, memory and control).
double vertexOps(const GraphletVertex &V, std::string &Type) {
  StringRef Op = V.Opcode;
  Type = V.Type;
  double Lanes = std::max(1u, V.Lanes);
  bool Float = Type == "f64" || Type == "f32" || Type == "f16" ||
               Type == "bf16" || Type == "tf32" || Type == "fp8";
  if (Float) {
    if (Op == "fma")
      return 2 * Lanes;
    if (Op == "fadd" || Op == "fsub" || Op == "fmul" || Op == "fdiv" ||
        Op == "frem" || Op.starts_with("call:") ||
        (Op.starts_with("intr:") && !Op.starts_with("intr:fabs") &&
         !Op.starts_with("intr:copysign")))
      return Lanes;
    return 0;
  }
  // Narrow integers are quantised tensor arithmetic; wider integer work is
  // indexing, which GPUs do on separate units alongside.
  if (Type == "i8" || Type == "i4") {
    if (Op == "add" || Op == "sub" || Op == "mul")
      return Lanes;
    if (Op.starts_with("intr:vector.reduce.add"))
      return Lanes;
  }
  return 0;
}

/// The peak for a data type: the general units, or the matrix units where
/// the type runs only there (tf32, fp8, i8 on GPUs); a type the descriptor
/// has no peak for runs at the f32 rate.
double peakFor(const hw::AcceleratorParams &A, const std::string &Type) {
  auto It = A.Peak.find(Type);
  if (It == A.Peak.end())
    It = A.Peak.find("f32");
  if (It == A.Peak.end())
    return 0;
  return It->second.Vector > 0 ? It->second.Vector : It->second.Matrix;
}

const ReuseHistogram *deviceHistogram(const BlockProfile &B) {
  // GPU caches move 128-byte lines (in 32-byte sectors); take the widest
  // recorded line size up to 128 bytes.
  const ReuseHistogram *Best = nullptr;
  for (const auto &[Line, R] : B.Reuse)
    if (Line <= 128 && !R.Serial.empty())
      Best = &R.Serial;
  if (!Best && !B.Reuse.empty())
    Best = &B.Reuse.begin()->second.Serial;
  return Best;
}

uint32_t deviceLine(const BlockProfile &B) {
  uint32_t L = 64;
  for (const auto &[Line, R] : B.Reuse)
    if (Line <= 128 && !R.Serial.empty())
      L = Line;
  return L;
}

} // namespace

Expected<Prediction> crop::predictRoofline(const ProgramProfile &P,
                                           const hw::Target &T,
                                           const PredictOptions &Opts) {
  if (!T.Accel)
    return createStringError(inconvertibleErrorCode(),
                             "target '%s' has no accelerator parameters",
                             T.Name.c_str());
  const hw::AcceleratorParams &A = *T.Accel;
  if (A.Memory.empty() || A.Peak.empty())
    return createStringError(
        inconvertibleErrorCode(),
        "target '%s' needs peaks and memory levels for a roofline estimate",
        T.Name.c_str());
  Prediction R;
  R.Target = T.Name;
  R.Entry = P.Module.Entry;
  R.Roofline = true;
  R.Threads = A.ComputeUnits; // --threads is a CPU notion.
  R.FrequencyHz = A.FrequencyHz;
  R.MemoryModel = Opts.MemoryModel;
  double EntryCalls = double(std::max<uint64_t>(1, P.EntryCalls));
  size_t M = A.Memory.size();
  std::vector<double> Bytes(M, 0.0);
  RooflineTerms &RT = R.RooflineDetail;

  uint64_t Launches = 0;
  struct BlockTime {
    BlockPrediction BP;
    double Seconds;
  };
  std::vector<BlockTime> Times;
  for (const FunctionProfile &F : P.Functions) {
    if (F.Parallel)
      for (const LaunchGroup &G : F.Launches)
        Launches += G.Launches;
    for (const BlockProfile &B : F.Blocks) {
      if (!B.Count)
        continue;
      double ECount = double(B.Count) / EntryCalls;
      double Compute = 0;
      size_t NV = boost::num_vertices(B.Body.G);
      for (size_t V = 1; V < NV; ++V) {
        std::string Type;
        double Ops = vertexOps(B.Body.G[V], Type);
        if (Ops <= 0)
          continue;
        RT.Ops[Type] += Ops * ECount;
        if (double Peak = peakFor(A, Type); Peak > 0)
          Compute += Ops * ECount / Peak;
      }
      // Bytes per level: level 0 sees every access; level i the lines that
      // miss level i-1, taken as fully associative (GPU caches are highly
      // associative and the profile cannot see their hashing).
      std::vector<double> BB(M, 0.0);
      BB[0] = double(B.LoadBytes + B.StoreBytes) / EntryCalls;
      double Accesses = double(B.Loads + B.Stores);
      double StoreFrac = Accesses > 0 ? double(B.Stores) / Accesses : 0;
      if (const ReuseHistogram *H =
              Opts.MemoryModel ? deviceHistogram(B) : nullptr) {
        uint32_t Line = deviceLine(B);
        double Scale = 1.0 / EntryCalls;
        for (size_t I = 1; I < M; ++I) {
          double Lines = double(A.Memory[I - 1].SizeBytes) / Line;
          double Miss = double(H->cold());
          for (const auto &[Bin, Count] : H->bins())
            Miss += double(Count) *
                    (1 - binHitProbability(
                             Bin, Lines, std::numeric_limits<uint32_t>::max()));
          BB[I] = Miss * Line * (1 + StoreFrac) * Scale;
        }
      }
      double Memory = 0;
      for (size_t I = 0; I < M; ++I) {
        Bytes[I] += BB[I];
        if (A.Memory[I].Bandwidth > 0)
          Memory = std::max(Memory, BB[I] / A.Memory[I].Bandwidth);
      }
      BlockTime BT;
      BT.BP.Function = F.Name;
      BT.BP.Block = B.Name;
      BT.BP.ECount = ECount;
      BT.Seconds = std::max(Compute, Memory);
      BT.BP.PipelineCycles = Compute * A.FrequencyHz / ECount;
      BT.BP.MemoryCycles = Memory * A.FrequencyHz / ECount;
      BT.BP.CyclesPerExec = BT.Seconds * A.FrequencyHz / ECount;
      BT.BP.Bound = Memory > Compute ? "memory" : "compute";
      RT.ComputeSeconds += Compute;
      Times.push_back(std::move(BT));
    }
  }

  std::string MemLevel = A.Memory.back().Name;
  for (size_t I = 0; I < M; ++I) {
    double S = A.Memory[I].Bandwidth > 0 ? Bytes[I] / A.Memory[I].Bandwidth : 0;
    if (S > RT.MemorySeconds)
      RT.MemorySeconds = S, MemLevel = A.Memory[I].Name;
    LevelPrediction LP;
    LP.Name = A.Memory[I].Name;
    LP.Bytes = Bytes[I];
    LP.HitRate = I + 1 < M && Bytes[I] > 0
                     ? 1 - std::min(1.0, Bytes[I + 1] / Bytes[I])
                     : 0;
    R.Levels.push_back(LP);
  }
  RT.Launches =
      std::max<uint64_t>(1, Launches / std::max<uint64_t>(1, P.EntryCalls));
  RT.LaunchSeconds = double(RT.Launches) * A.LaunchOverheadSeconds;
  double Core = std::max(RT.ComputeSeconds, RT.MemorySeconds);
  R.SecondsPerCall = Core + RT.LaunchSeconds;
  R.CyclesPerCall = R.SecondsPerCall * A.FrequencyHz;
  R.Bound = boundName(RT.ComputeSeconds, RT.MemorySeconds, MemLevel,
                      RT.LaunchSeconds, "launch");
  R.BoundCycles["compute"] = RT.ComputeSeconds * A.FrequencyHz;
  R.BoundCycles["memory:" + MemLevel] = RT.MemorySeconds * A.FrequencyHz;
  R.BoundCycles["launch"] = RT.LaunchSeconds * A.FrequencyHz;

  double Sum = 0;
  for (const BlockTime &BT : Times)
    Sum += BT.Seconds;
  for (BlockTime &BT : Times) {
    BT.BP.Share = Sum > 0 ? BT.Seconds / Sum : 0;
    R.Blocks.push_back(std::move(BT.BP));
  }
  std::stable_sort(R.Blocks.begin(), R.Blocks.end(),
                   [](const BlockPrediction &X, const BlockPrediction &Y) {
                     return X.Share > Y.Share;
                   });
  return R;
}
