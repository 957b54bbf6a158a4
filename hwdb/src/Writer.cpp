//===- Writer.cpp - Writing a target back as a loadable YAML descriptor ---===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Hwdb/Units.h"

#include <yaml-cpp/yaml.h>

namespace crop::hw {
namespace {
std::string q(double V, Dimension D) { return formatQuantity(V, D); }

void writeCpu(YAML::Emitter &E, const CpuParams &C) {
  E << YAML::Key << "cpu" << YAML::Value << YAML::BeginMap;
  E << YAML::Key << "threads" << YAML::Value << C.Threads;
  E << YAML::Key << "cores" << YAML::Value << C.Cores;
  E << YAML::Key << "frequency" << YAML::Value
    << q(C.FrequencyHz, Dimension::Frequency);
  if (!C.FrequencyByActiveCores.empty()) {
    E << YAML::Key << "frequency_by_active_cores" << YAML::Value << YAML::Flow
      << YAML::BeginMap;
    for (const auto &[N, Hz] : C.FrequencyByActiveCores)
      E << YAML::Key << N << YAML::Value << q(Hz, Dimension::Frequency);
    E << YAML::EndMap;
  }
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

} // namespace crop::hw
