//===- HostInfo.h - What the OS and cpuid say about the machine at hand ---===//
//
// The microbenchmarks check their measured cache steps against these facts
// and take the exact cache geometry (size, line, ways, sharing) from them:
// a latency step only says roughly where a level ends.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_MICROBENCH_HOSTINFO_H
#define CROP_MICROBENCH_HOSTINFO_H

#include <cstdint>
#include <string>
#include <vector>

namespace crop::mb {

struct HostCache {
  unsigned Level = 0; ///< 1, 2, 3.
  std::string Type;   ///< "Data", "Instruction", "Unified".
  uint64_t SizeBytes = 0;
  unsigned LineBytes = 64;
  unsigned Ways = 0;
  uint64_t Sets = 0;
  unsigned SharedByThreads = 1; ///< Hardware threads sharing one instance.
};

struct HostInfo {
  std::string Vendor;  ///< "AuthenticAMD", "GenuineIntel", "" if unknown.
  std::string Brand;   ///< "AMD EPYC 9B45 ..." (cpuid brand string).
  unsigned Family = 0; ///< Display family (base + extended), e.g. 25 = Zen 3/4.
  unsigned Model = 0;
  unsigned Threads = 1;        ///< Online hardware threads.
  unsigned Cores = 1;          ///< Physical cores (threads / SMT width).
  unsigned ThreadsPerCore = 1; ///< SMT width.
  bool Hypervisor = false;     ///< cpuid says it runs in a VM.
  /// Data and unified caches, innermost first (instruction caches dropped).
  std::vector<HostCache> Caches;
  /// Where the cache facts came from: "sysfs", "cpuid", or "none".
  std::string CacheSource;
  /// Notes for the descriptor's `source` and the progress log.
  std::vector<std::string> Notes;

  /// "Zen 3", "Zen 5", ... for CPUs identified by cpuid; "" otherwise.
  std::string microarchitecture() const;
  /// The vendor's reorder-buffer size for the microarchitecture (AMD's
  /// Software Optimization Guides: Zen/Zen+ 192, Zen 2 224, Zen 3 256,
  /// Zen 4 320, Zen 5 448); 0 when unknown.
  uint32_t publishedReorderBuffer() const;
};

/// Reads /sys/devices/system/cpu (cache geometry and topology) and falls back
/// to cpuid leaves 4 / 0x8000001D where sysfs has no cache folders (VMs,
/// containers).
HostInfo detectHostInfo();

} // namespace crop::mb

#endif // CROP_MICROBENCH_HOSTINFO_H
