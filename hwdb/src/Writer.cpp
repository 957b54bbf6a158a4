//===- Writer.cpp - Writing a target back as a loadable YAML descriptor ---===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Hwdb/Units.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <yaml-cpp/yaml.h>

namespace crop::hw {
namespace {
std::string q(double V, Dimension D) { return formatQuantity(V, D); }

/// A count -> quantity map on one line; nothing when empty.
void countMap(YAML::Emitter &E, const char *Key,
              const std::map<uint32_t, double> &M, Dimension D) {
  if (M.empty())
    return;
  E << YAML::Key << Key << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto &[N, V] : M)
    E << YAML::Key << N << YAML::Value << q(V, D);
  E << YAML::EndMap;
}

void writeCpu(YAML::Emitter &E, const CpuParams &C) {
  E << YAML::Key << "cpu" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "threads" << YAML::Value << C.Threads;
  E << YAML::Key << "cores" << YAML::Value << C.Cores;
  E << YAML::Key << "frequency" << YAML::Value
    << q(C.FrequencyHz, Dimension::Frequency);
  countMap(E, "frequency_by_active_cores", C.FrequencyByActiveCores,
           Dimension::Frequency);
  E << YAML::Key << "issue_width" << YAML::Value << C.IssueWidth;
  E << YAML::Key << "simd_bits" << YAML::Value << C.SimdBits;
  E << YAML::Key << "mispredict_penalty" << YAML::Value
    << q(C.MispredictPenalty, Dimension::Cycles);
  E << YAML::Key << "max_outstanding_misses" << YAML::Value
    << C.MaxOutstandingMisses;
  if (C.ReorderBuffer)
    E << YAML::Key << "reorder_buffer" << YAML::Value << C.ReorderBuffer;
  if (C.SchedulerFp)
    E << YAML::Key << "scheduler_fp" << YAML::Value << C.SchedulerFp;
  if (C.SchedulerFpPickable)
    E << YAML::Key << "scheduler_fp_pickable" << YAML::Value
      << C.SchedulerFpPickable;
  if (C.LoadQueue)
    E << YAML::Key << "load_queue" << YAML::Value << C.LoadQueue;
  if (C.StoreQueue)
    E << YAML::Key << "store_queue" << YAML::Value << C.StoreQueue;
  if (C.Alias4KWaitsForData)
    E << YAML::Key << "alias_4k_waits_for_data" << YAML::Value << true;
  if (C.SplitLoadExtraCycles > 0)
    E << YAML::Key << "split_load_extra" << YAML::Value
      << q(C.SplitLoadExtraCycles, Dimension::Cycles);
  if (C.StoreFmaPortCycles > 0)
    E << YAML::Key << "store_fma_port" << YAML::Value
      << q(C.StoreFmaPortCycles, Dimension::Cycles);
  countMap(E, "fadd_to_fma_extra", C.FaddToFmaExtraCycles, Dimension::Cycles);
  countMap(E, "parallel_launch", C.ParallelLaunchSeconds, Dimension::Time);
  countMap(E, "parallel_dispatch", C.ParallelDispatchSeconds, Dimension::Time);
  countMap(E, "parallel_task", C.ParallelTaskSeconds, Dimension::Time);
  if (C.PageFaultSeconds > 0)
    E << YAML::Key << "page_fault" << YAML::Value
      << q(C.PageFaultSeconds, Dimension::Time);
  E << YAML::Key << "units" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto &[Name, N] : C.Units)
    E << YAML::Key << Name << YAML::Value << N;
  E << YAML::EndMap;
  E << YAML::Key << "caches" << YAML::Value << YAML::BeginSeq;
  for (const CacheLevel &L : C.Caches) {
    E << YAML::BeginMap;
    E << YAML::Key << "name" << YAML::Value << L.Name;
    E << YAML::Key << "size" << YAML::Value
      << q(double(L.SizeBytes), Dimension::Bytes);
    E << YAML::Key << "line" << YAML::Value
      << q(double(L.LineBytes), Dimension::Bytes);
    E << YAML::Key << "ways" << YAML::Value << L.Ways;
    E << YAML::Key << "latency" << YAML::Value
      << q(L.LatencyCycles, Dimension::Cycles);
    E << YAML::Key << "shared_by" << YAML::Value << L.SharedByCores;
    if (L.BandwidthPerCore > 0)
      E << YAML::Key << "bandwidth_per_core" << YAML::Value
        << q(L.BandwidthPerCore, Dimension::Bandwidth);
    if (L.BandwidthAll > 0)
      E << YAML::Key << "bandwidth_all" << YAML::Value
        << q(L.BandwidthAll, Dimension::Bandwidth);
    if (L.WriteBackBandwidthPerCore > 0)
      E << YAML::Key << "writeback_bandwidth_per_core" << YAML::Value
        << q(L.WriteBackBandwidthPerCore, Dimension::Bandwidth);
    E << YAML::EndMap;
  }
  E << YAML::EndSeq;
  E << YAML::Key << "ram" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "latency" << YAML::Value
    << q(C.RamLatencyCycles, Dimension::Cycles);
  if (C.RamBandwidthPerCore > 0)
    E << YAML::Key << "bandwidth_per_core" << YAML::Value
      << q(C.RamBandwidthPerCore, Dimension::Bandwidth);
  if (C.RamBandwidthAll > 0)
    E << YAML::Key << "bandwidth_all" << YAML::Value
      << q(C.RamBandwidthAll, Dimension::Bandwidth);
  E << YAML::EndMap;
  E << YAML::Key << "instructions" << YAML::Value << YAML::BeginMap;
  for (const auto &[Key, Cost] : C.Instructions) {
    E << YAML::Key << Key << YAML::Value << YAML::Flow << YAML::BeginMap;
    E << YAML::Key << "latency" << YAML::Value
      << q(Cost.Latency, Dimension::Cycles);
    E << YAML::Key << "throughput" << YAML::Value
      << q(Cost.RecipThroughput, Dimension::Cycles);
    E << YAML::Key << "unit" << YAML::Value << Cost.Unit;
    if (Cost.Uops != 1)
      E << YAML::Key << "uops" << YAML::Value << Cost.Uops;
    E << YAML::EndMap;
  }
  E << YAML::EndMap;
  E << YAML::EndMap;
}

void writeAccel(YAML::Emitter &E, const AcceleratorParams &A) {
  E << YAML::Key << "accelerator" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "compute_units" << YAML::Value << A.ComputeUnits;
  E << YAML::Key << "frequency" << YAML::Value
    << q(A.FrequencyHz, Dimension::Frequency);
  E << YAML::Key << "peak" << YAML::Value << YAML::BeginMap;
  for (const auto &[Type, P] : A.Peak) {
    E << YAML::Key << Type << YAML::Value << YAML::Flow << YAML::BeginMap;
    if (P.Vector > 0)
      E << YAML::Key << "vector" << YAML::Value
        << q(P.Vector, Dimension::OpsRate);
    if (P.Matrix > 0)
      E << YAML::Key << "matrix" << YAML::Value
        << q(P.Matrix, Dimension::OpsRate);
    E << YAML::EndMap;
  }
  E << YAML::EndMap;
  E << YAML::Key << "memory" << YAML::Value << YAML::BeginSeq;
  for (const MemoryLevel &M : A.Memory) {
    E << YAML::Flow << YAML::BeginMap;
    E << YAML::Key << "name" << YAML::Value << M.Name;
    E << YAML::Key << "size" << YAML::Value
      << q(double(M.SizeBytes), Dimension::Bytes);
    E << YAML::Key << "bandwidth" << YAML::Value
      << q(M.Bandwidth, Dimension::Bandwidth);
    E << YAML::EndMap;
  }
  E << YAML::EndSeq;
  E << YAML::Key << "launch_overhead" << YAML::Value
    << q(A.LaunchOverheadSeconds, Dimension::Time);
  E << YAML::EndMap;
}
} // namespace

std::string targetToYAML(const Target &T) {
  YAML::Emitter E;
  E << YAML::BeginMap;
  E << YAML::Key << "schema_version" << YAML::Value << T.SchemaVersion;
  E << YAML::Key << "name" << YAML::Value << T.Name;
  E << YAML::Key << "kind" << YAML::Value << targetKindName(T.Kind);
  E << YAML::Key << "isa" << YAML::Value << T.Isa;
  if (!T.Summary.empty())
    E << YAML::Key << "summary" << YAML::Value << T.Summary;
  E << YAML::Key << "source" << YAML::Value << YAML::Literal << T.Source;
  if (T.Cpu)
    writeCpu(E, *T.Cpu);
  if (T.Accel)
    writeAccel(E, *T.Accel);
  E << YAML::EndMap;
  return std::string(E.c_str()) + "\n";
}

std::string targetToJSON(const Target &T) {
  using llvm::json::Array;
  using llvm::json::Object;
  Object O{{"name", T.Name},
           {"kind", targetKindName(T.Kind)},
           {"isa", T.Isa},
           {"summary", T.Summary},
           {"path", T.Path}};
  if (T.Cpu) {
    const CpuParams &C = *T.Cpu;
    Object Units, Clocks, Launches, Dispatches, Tasks, Forwards, Instrs;
    for (const auto &[U, N] : C.Units)
      Units[U] = int64_t(N);
    for (const auto &[N, Hz] : C.FrequencyByActiveCores)
      Clocks[std::to_string(N)] = Hz;
    for (const auto &[N, S] : C.ParallelLaunchSeconds)
      Launches[std::to_string(N)] = S;
    for (const auto &[N, S] : C.ParallelDispatchSeconds)
      Dispatches[std::to_string(N)] = S;
    for (const auto &[N, S] : C.ParallelTaskSeconds)
      Tasks[std::to_string(N)] = S;
    for (const auto &[Bits, Cycles] : C.FaddToFmaExtraCycles)
      Forwards[std::to_string(Bits)] = Cycles;
    for (const auto &[K, I] : C.Instructions)
      Instrs[K] = Object{{"latency_cycles", I.Latency},
                         {"throughput_cycles", I.RecipThroughput},
                         {"unit", I.Unit},
                         {"uops", int64_t(I.Uops)}};
    Array Caches;
    for (const CacheLevel &L : C.Caches)
      Caches.push_back(Object{{"name", L.Name},
                              {"size_bytes", int64_t(L.SizeBytes)},
                              {"line_bytes", int64_t(L.LineBytes)},
                              {"ways", int64_t(L.Ways)},
                              {"latency_cycles", L.LatencyCycles},
                              {"shared_by", int64_t(L.SharedByCores)},
                              {"bandwidth_per_core_bytes_per_s", L.BandwidthPerCore},
                              {"bandwidth_all_bytes_per_s", L.BandwidthAll}});
    O["cpu"] = Object{
        {"threads", int64_t(C.Threads)},
        {"cores", int64_t(C.Cores)},
        {"frequency_hz", C.FrequencyHz},
        {"frequency_by_active_cores_hz", std::move(Clocks)},
        {"issue_width", int64_t(C.IssueWidth)},
        {"simd_bits", int64_t(C.SimdBits)},
        {"mispredict_penalty_cycles", C.MispredictPenalty},
        {"max_outstanding_misses", int64_t(C.MaxOutstandingMisses)},
        {"reorder_buffer", int64_t(C.ReorderBuffer)},
        {"scheduler_fp", int64_t(C.SchedulerFp)},
        {"scheduler_fp_pickable", int64_t(C.SchedulerFpPickable)},
        {"load_queue", int64_t(C.LoadQueue)},
        {"store_queue", int64_t(C.StoreQueue)},
        {"alias_4k_waits_for_data", C.Alias4KWaitsForData},
        {"split_load_extra_cycles", C.SplitLoadExtraCycles},
        {"store_fma_port_cycles", C.StoreFmaPortCycles},
        {"fadd_to_fma_extra_cycles", std::move(Forwards)},
        {"parallel_launch_s", std::move(Launches)},
        {"parallel_dispatch_s", std::move(Dispatches)},
        {"parallel_task_s", std::move(Tasks)},
        {"page_fault_s", C.PageFaultSeconds},
        {"units", std::move(Units)},
        {"caches", std::move(Caches)},
        {"ram",
         Object{{"latency_cycles", C.RamLatencyCycles},
                {"bandwidth_per_core_bytes_per_s", C.RamBandwidthPerCore},
                {"bandwidth_all_bytes_per_s", C.RamBandwidthAll}}},
        {"instructions", std::move(Instrs)}};
  }
  if (T.Accel) {
    const AcceleratorParams &A = *T.Accel;
    Object Peak;
    for (const auto &[Ty, P] : A.Peak)
      Peak[Ty] = Object{{"vector_ops_per_s", P.Vector},
                        {"matrix_ops_per_s", P.Matrix}};
    Array Mem;
    for (const MemoryLevel &M : A.Memory)
      Mem.push_back(Object{{"name", M.Name},
                           {"size_bytes", int64_t(M.SizeBytes)},
                           {"bandwidth_bytes_per_s", M.Bandwidth}});
    O["accelerator"] = Object{{"compute_units", int64_t(A.ComputeUnits)},
                              {"frequency_hz", A.FrequencyHz},
                              {"peak", std::move(Peak)},
                              {"memory", std::move(Mem)},
                              {"launch_overhead_s", A.LaunchOverheadSeconds}};
  }
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(O))) << "\n";
  return OS.str();
}

} // namespace crop::hw
