//===- PredictionOutput.cpp - A prediction as JSON and as a report --------===//
//
// The JSON field names are a stable contract (docs/prediction.md): tuners and
// the bench scripts read them.
//
//===----------------------------------------------------------------------===//
#include "crop/Simulator/Predictor.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace crop;
using namespace llvm;

json::Value crop::predictionToJSON(const Prediction &P, unsigned TopK) {
  json::Array Blocks;
  size_t N = TopK ? std::min<size_t>(TopK, P.Blocks.size()) : P.Blocks.size();
  for (size_t I = 0; I < N; ++I) {
    const BlockPrediction &B = P.Blocks[I];
    Blocks.push_back(json::Object{{"function", B.Function},
                                  {"block", B.Block},
                                  {"ecount", B.ECount},
                                  {"cycles_per_exec", B.CyclesPerExec},
                                  {"share", B.Share},
                                  {"pipeline_cycles", B.PipelineCycles},
                                  {"memory_cycles", B.MemoryCycles},
                                  {"branch_cycles", B.BranchCycles},
                                  {"load_latency", B.LoadLatency},
                                  {"bound", B.Bound}});
  }
  json::Array Levels;
  for (const LevelPrediction &L : P.Levels)
    Levels.push_back(json::Object{{"name", L.Name},
                                  {"hit_rate", L.HitRate},
                                  {"served", L.Served},
                                  {"bytes", L.Bytes}});
  json::Object Bounds;
  for (const auto &[K, V] : P.BoundCycles)
    Bounds[K] = V;
  json::Object O{{"target", P.Target},
                 {"entry", P.Entry},
                 {"threads", int64_t(P.Threads)},
                 {"seconds_per_call", P.SecondsPerCall},
                 {"cycles_per_call", P.CyclesPerCall},
                 {"frequency_hz", P.FrequencyHz},
                 {"bound", P.Bound},
                 {"roofline", P.Roofline},
                 {"memory_model", P.MemoryModel},
                 {"bound_cycles", std::move(Bounds)},
                 {"page_faults", P.PageFaults},
                 {"levels", std::move(Levels)},
                 {"blocks", std::move(Blocks)}};
  if (P.Roofline) {
    json::Object Ops;
    for (const auto &[K, V] : P.RooflineDetail.Ops)
      Ops[K] = V;
    O["roofline_terms"] =
        json::Object{{"ops", std::move(Ops)},
                     {"compute_seconds", P.RooflineDetail.ComputeSeconds},
                     {"memory_seconds", P.RooflineDetail.MemorySeconds},
                     {"launch_seconds", P.RooflineDetail.LaunchSeconds},
                     {"launches", int64_t(P.RooflineDetail.Launches)}};
  }
  return O;
}

namespace {
std::string formatSeconds(double S) {
  if (S >= 1)
    return formatv("{0:f3} s", S).str();
  if (S >= 1e-3)
    return formatv("{0:f3} ms", S * 1e3).str();
  if (S >= 1e-6)
    return formatv("{0:f3} us", S * 1e6).str();
  return formatv("{0:f1} ns", S * 1e9).str();
}
} // namespace

void crop::printPrediction(raw_ostream &OS, const Prediction &P,
                           unsigned TopK) {
  OS << formatv("target {0}{1}, entry {2}, {3} {4}\n", P.Target,
                P.Roofline ? " (roofline estimate)" : "",
                P.Entry.empty() ? "main" : P.Entry, P.Threads,
                P.Roofline ? "compute units" : "threads");
  OS << formatv("  time per call   {0}  ({1:f0} cycles at {2:f2} GHz)\n",
                formatSeconds(P.SecondsPerCall), P.CyclesPerCall,
                P.FrequencyHz / 1e9);
  double Total = 0;
  for (const auto &[K, V] : P.BoundCycles)
    Total += V;
  OS << "  bound           " << P.Bound;
  if (Total > 0) {
    OS << "  (";
    bool First = true;
    std::vector<std::pair<double, std::string>> Parts;
    for (const auto &[K, V] : P.BoundCycles)
      Parts.push_back({V, K});
    std::sort(Parts.rbegin(), Parts.rend());
    for (const auto &[V, K] : Parts) {
      OS << (First ? "" : ", ") << formatv("{0} {1:f1} %", K, 100 * V / Total);
      First = false;
    }
    OS << ")";
  }
  OS << "\n";
  if (P.Roofline) {
    const RooflineTerms &R = P.RooflineDetail;
    OS << formatv("  roofline        compute {0}, memory {1}, launch {2} "
                  "({3} launches)\n",
                  formatSeconds(R.ComputeSeconds),
                  formatSeconds(R.MemorySeconds),
                  formatSeconds(R.LaunchSeconds), R.Launches);
  }
  if (!P.MemoryModel)
    OS << "  memory model    off (every access an L1 hit)\n";
  else if (!P.Levels.empty()) {
    OS << "  memory         ";
    for (const LevelPrediction &L : P.Levels)
      OS << formatv(" {0} {1:f1} % hit {2:f1} MB;", L.Name, 100 * L.HitRate,
                    L.Bytes / 1e6);
    OS << "\n";
  }
  if (P.PageFaults > 0) {
    auto It = P.BoundCycles.find("page_faults");
    OS << formatv("  page faults     {0:f0} pages of 4 KiB a call",
                  P.PageFaults);
    if (It != P.BoundCycles.end() && P.FrequencyHz > 0)
      OS << ", " << formatSeconds(It->second / P.FrequencyHz);
    else
      OS << " (not priced: the target gives no page_fault time)";
    OS << "\n";
  }
  size_t N = TopK ? std::min<size_t>(TopK, P.Blocks.size()) : P.Blocks.size();
  if (!N)
    return;
  OS << formatv("  {0,7}  {1,14}  {2,12}  {3,-14}  {4}\n", "share", "count",
                "cycles/exec", "bound", "function:block");
  for (size_t I = 0; I < N; ++I) {
    const BlockPrediction &B = P.Blocks[I];
    OS << formatv("  {0,6:f1}%  {1,14:f0}  {2,12:f2}  {3,-14}  {4}:{5}\n",
                  100 * B.Share, B.ECount, B.CyclesPerExec, B.Bound, B.Function,
                  B.Block);
  }
}

void crop::printPredictions(raw_ostream &OS,
                            const std::vector<Prediction> &Results, bool Json,
                            unsigned TopK) {
  if (Json) {
    json::Array All;
    for (const Prediction &R : Results)
      All.push_back(predictionToJSON(R, TopK));
    if (All.size() == 1)
      OS << formatv("{0:2}", All.front()) << "\n";
    else
      OS << formatv("{0:2}", json::Value(std::move(All))) << "\n";
    return;
  }
  for (size_t I = 0; I < Results.size(); ++I) {
    if (I)
      OS << "\n";
    printPrediction(OS, Results[I], TopK);
  }
}
