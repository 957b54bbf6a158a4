//===- HostInfo.cpp - Cache geometry and topology from sysfs and cpuid ----===//
#include "crop/Microbench/HostInfo.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define CROP_HAVE_CPUID 1
#endif

using namespace llvm;

namespace crop::mb {
namespace {

std::string readTrimmed(const Twine &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  if (!B)
    return "";
  return (*B)->getBuffer().trim().str();
}

/// sysfs writes sizes as "48K", "1024K", "32768K".
uint64_t parseSysfsSize(StringRef S) {
  uint64_t Mul = 1;
  if (S.consume_back("K"))
    Mul = 1024;
  else if (S.consume_back("M"))
    Mul = 1024 * 1024;
  uint64_t V = 0;
  if (S.trim().getAsInteger(10, V))
    return 0;
  return V * Mul;
}

/// Counts the CPUs in a list such as "0-3,8-11".
unsigned countCpuList(StringRef L) {
  unsigned N = 0;
  SmallVector<StringRef, 4> Parts;
  L.split(Parts, ',', -1, false);
  for (StringRef P : Parts) {
    auto [A, B] = P.split('-');
    unsigned Lo = 0, Hi = 0;
    if (A.trim().getAsInteger(10, Lo))
      continue;
    if (B.empty() || B.trim().getAsInteger(10, Hi))
      Hi = Lo;
    N += Hi >= Lo ? Hi - Lo + 1 : 0;
  }
  return N;
}

bool readSysfsCaches(HostInfo &H) {
  for (unsigned I = 0;; ++I) {
    std::string Dir =
        formatv("/sys/devices/system/cpu/cpu0/cache/index{0}", I).str();
    if (!sys::fs::is_directory(Dir))
      break;
    HostCache C;
    C.Type = readTrimmed(Dir + "/type");
    if (C.Type == "Instruction")
      continue;
    to_integer(readTrimmed(Dir + "/level"), C.Level);
    C.SizeBytes = parseSysfsSize(readTrimmed(Dir + "/size"));
    to_integer(readTrimmed(Dir + "/coherency_line_size"), C.LineBytes);
    to_integer(readTrimmed(Dir + "/ways_of_associativity"), C.Ways);
    to_integer(readTrimmed(Dir + "/number_of_sets"), C.Sets);
    C.SharedByThreads =
        std::max(1u, countCpuList(readTrimmed(Dir + "/shared_cpu_list")));
    if (C.SizeBytes)
      H.Caches.push_back(C);
  }
  return !H.Caches.empty();
}

#ifdef CROP_HAVE_CPUID
struct Regs {
  unsigned A = 0, B = 0, C = 0, D = 0;
};
bool cpuid(unsigned Leaf, unsigned Sub, Regs &R) {
  return __get_cpuid_count(Leaf, Sub, &R.A, &R.B, &R.C, &R.D);
}

/// Intel leaf 4 and AMD leaf 0x8000001D share one layout.
bool readCpuidCaches(HostInfo &H, unsigned Leaf) {
  for (unsigned Sub = 0; Sub < 16; ++Sub) {
    Regs R;
    if (!cpuid(Leaf, Sub, R))
      return false;
    unsigned Type = R.A & 0x1f;
    if (Type == 0)
      break;
    if (Type == 2) // instruction cache
      continue;
    HostCache C;
    C.Type = Type == 1 ? "Data" : "Unified";
    C.Level = (R.A >> 5) & 0x7;
    C.SharedByThreads = ((R.A >> 14) & 0xfff) + 1;
    C.LineBytes = (R.B & 0xfff) + 1;
    unsigned Partitions = ((R.B >> 12) & 0x3ff) + 1;
    C.Ways = ((R.B >> 22) & 0x3ff) + 1;
    C.Sets = uint64_t(R.C) + 1;
    C.SizeBytes = uint64_t(C.Ways) * Partitions * C.LineBytes * C.Sets;
    H.Caches.push_back(C);
  }
  return !H.Caches.empty();
}

/// AMD's older leaves 0x80000005/6, which VMs fill in where they leave
/// 0x8000001D empty. Associativity is a code there; 0 = unknown.
unsigned amdWaysCode(unsigned Code) {
  static const unsigned Ways[16] = {0,  1, 2,  3,  4,  6,  8,   0,
                                    16, 0, 32, 48, 64, 96, 128, 0};
  return Ways[Code & 0xf];
}

bool readAmdLegacyCaches(HostInfo &H) {
  Regs R5, R6;
  if (!cpuid(0x80000005, 0, R5) || !cpuid(0x80000006, 0, R6))
    return false;
  HostCache L1;
  L1.Level = 1;
  L1.Type = "Data";
  L1.SizeBytes = uint64_t(R5.C >> 24) * 1024;
  L1.Ways = (R5.C >> 16) & 0xff;
  L1.LineBytes = R5.C & 0xff;
  L1.SharedByThreads = H.ThreadsPerCore;
  HostCache L2;
  L2.Level = 2;
  L2.Type = "Unified";
  L2.SizeBytes = uint64_t(R6.C >> 16) * 1024;
  L2.Ways = amdWaysCode((R6.C >> 12) & 0xf);
  L2.LineBytes = R6.C & 0xff;
  L2.SharedByThreads = H.ThreadsPerCore;
  HostCache L3;
  L3.Level = 3;
  L3.Type = "Unified";
  L3.SizeBytes = uint64_t(R6.D >> 18) * 512 * 1024;
  L3.Ways = amdWaysCode((R6.D >> 12) & 0xf);
  L3.LineBytes = R6.D & 0xff;
  L3.SharedByThreads = H.Threads; // these leaves do not say; assume all
  for (HostCache *C : {&L1, &L2, &L3}) {
    if (!C->SizeBytes || !C->LineBytes)
      continue;
    if (C->Ways)
      C->Sets = C->SizeBytes / C->LineBytes / C->Ways;
    H.Caches.push_back(*C);
  }
  return !H.Caches.empty();
}

void readCpuidIdentity(HostInfo &H) {
  Regs R;
  if (!cpuid(0, 0, R))
    return;
  char V[13] = {};
  std::memcpy(V, &R.B, 4);
  std::memcpy(V + 4, &R.D, 4);
  std::memcpy(V + 8, &R.C, 4);
  H.Vendor = V;
  if (cpuid(1, 0, R)) {
    unsigned Base = (R.A >> 8) & 0xf, Ext = (R.A >> 20) & 0xff;
    unsigned Model = (R.A >> 4) & 0xf, ExtModel = (R.A >> 16) & 0xf;
    H.Family = Base == 0xf ? Base + Ext : Base;
    H.Model = (Base == 0xf || Base == 0x6) ? (ExtModel << 4) | Model : Model;
    H.Hypervisor = (R.C >> 31) & 1;
  }
  char Brand[49] = {};
  for (unsigned I = 0; I < 3; ++I) {
    if (!cpuid(0x80000002 + I, 0, R))
      break;
    std::memcpy(Brand + 16 * I, &R.A, 4);
    std::memcpy(Brand + 16 * I + 4, &R.B, 4);
    std::memcpy(Brand + 16 * I + 8, &R.C, 4);
    std::memcpy(Brand + 16 * I + 12, &R.D, 4);
  }
  H.Brand = StringRef(Brand).trim().str();
}
#endif

/// SMT width from /proc/cpuinfo ("siblings" threads per package over "cpu
/// cores" cores per package), which VMs fill in even without sysfs caches.
unsigned threadsPerCoreFromCpuinfo() {
  std::string Info = readTrimmed("/proc/cpuinfo");
  unsigned Siblings = 0, CpuCores = 0;
  for (StringRef Line : split(Info, '\n')) {
    auto [K, V] = Line.split(':');
    K = K.trim();
    if (K == "siblings" && !Siblings)
      to_integer(V.trim(), Siblings);
    else if (K == "cpu cores" && !CpuCores)
      to_integer(V.trim(), CpuCores);
  }
  if (Siblings && CpuCores && Siblings >= CpuCores)
    return Siblings / CpuCores;
  return 1;
}

} // namespace

std::string HostInfo::microarchitecture() const {
  if (Vendor == "AuthenticAMD") {
    switch (Family) {
    case 0x17:
      return Model >= 0x30 ? "Zen 2" : "Zen/Zen+";
    case 0x19:
      // Family 19h models 10h-1Fh and 60h-7Fh, A0h-AFh are Zen 4.
      return ((Model >= 0x10 && Model <= 0x1f) ||
              (Model >= 0x60 && Model <= 0x7f) ||
              (Model >= 0xa0 && Model <= 0xaf))
                 ? "Zen 4"
                 : "Zen 3";
    case 0x1a:
      return "Zen 5";
    default:
      return "";
    }
  }
  if (Vendor == "GenuineIntel" && Family == 6) {
    // Server cores only (Intel's SDM, volume 4, table 2-1).
    switch (Model) {
    case 0x55:
      return "Skylake-SP/Cascade Lake";
    case 0x6a:
    case 0x6c:
      return "Ice Lake-SP";
    case 0x8f:
      return "Sapphire Rapids";
    case 0xcf:
      return "Emerald Rapids";
    case 0xad:
    case 0xae:
      return "Granite Rapids";
    default:
      return "";
    }
  }
  return "";
}

uint32_t HostInfo::publishedReorderBuffer() const {
  std::string A = microarchitecture();
  return A == "Zen/Zen+" ? 192
         : A == "Zen 2"  ? 224
         : A == "Zen 3"  ? 256
         : A == "Zen 4"  ? 320
         : A == "Zen 5"  ? 448
         // Intel's optimization manual: Skylake 224, Sunny Cove 352, Golden
         // Cove (and Raptor Cove, Redwood Cove) 512.
         : A == "Skylake-SP/Cascade Lake" ? 224
         : A == "Ice Lake-SP"             ? 352
         : (A == "Sapphire Rapids" || A == "Emerald Rapids" ||
            A == "Granite Rapids")
             ? 512
             : 0;
}

HostInfo detectHostInfo() {
  HostInfo H;
  long Online = sysconf(_SC_NPROCESSORS_ONLN);
  H.Threads = Online > 0 ? unsigned(Online)
                         : std::max(1u, std::thread::hardware_concurrency());
  std::string Siblings =
      readTrimmed("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list");
  H.ThreadsPerCore = Siblings.empty() ? threadsPerCoreFromCpuinfo()
                                      : std::max(1u, countCpuList(Siblings));
  H.Cores = std::max(1u, H.Threads / H.ThreadsPerCore);
#ifdef CROP_HAVE_CPUID
  readCpuidIdentity(H);
#endif
  if (readSysfsCaches(H)) {
    H.CacheSource = "sysfs";
  } else {
#ifdef CROP_HAVE_CPUID
    bool Ok = false;
    std::string Leaf = H.Vendor == "GenuineIntel" ? "4" : "0x8000001D";
    if (H.Vendor == "AuthenticAMD" || H.Vendor == "HygonGenuine") {
      Ok = readCpuidCaches(H, 0x8000001D);
      if (!Ok && (Ok = readAmdLegacyCaches(H)))
        Leaf = "0x80000005/0x80000006 (0x8000001D is empty)";
    } else if (H.Vendor == "GenuineIntel")
      Ok = readCpuidCaches(H, 4);
    H.CacheSource = Ok ? "cpuid" : "none";
    if (Ok)
      H.Notes.push_back("/sys/devices/system/cpu/cpu0/cache is absent (VM or "
                        "container); cache geometry from cpuid leaf " +
                        Leaf);
#else
    H.CacheSource = "none";
#endif
  }
  std::sort(
      H.Caches.begin(), H.Caches.end(),
      [](const HostCache &A, const HostCache &B) { return A.Level < B.Level; });
  // A VM can report a cache shared by more threads than it has; what the
  // runtime sees is at most the threads it was given.
  for (HostCache &C : H.Caches)
    C.SharedByThreads = std::max(1u, C.SharedByThreads);
  return H;
}

} // namespace crop::mb
