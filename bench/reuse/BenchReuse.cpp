//===- BenchReuse.cpp - Speed, accuracy and memory of the reuse tracker ---===//
//
// Generates the access streams of the example kernels (a tiled 256^3 matmul
// as clang vectorises it, a direct 3x3 conv2d, a naive 2048^2 transpose) and
// feeds them to the reuse tracker, exact and sampled, printing accesses per
// second, fully-associative LRU hit rates at 32 KiB / 1 MiB / 32 MiB and how
// far the sampled rates are from the exact ones, and the tracker's memory
// against trace length. Each static access has its own histogram, as in the
// analyzer. Rates are per CPU second of this thread (the build machine is
// shared). Below R = 0.1 the tracker measures short distances on a denser
// sample (ReuseTracker.cpp), so R = 0.03 and 0.01 run at about R = 0.1's
// speed with less memory.
//
//===----------------------------------------------------------------------===//
#include "crop/Analyzer/ReuseTracker.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <time.h>
#include <vector>

using namespace crop;

namespace {

// Arrays live at distinct, page-aligned addresses as malloc would put them.
constexpr uint64_t ABase = 0x10000000, BBase = 0x20000000, CBase = 0x30000000;

/// Tiled matmul C += A * B (examples/matmul_tiled.c): the j loop is
/// vectorised 8 x f32, so B and C are 32-byte accesses, A a scalar one.
template <typename Fn> void matmul(unsigned N, Fn &&Acc) {
  constexpr unsigned Tile = 32;
  for (unsigned II = 0; II < N; II += Tile)
    for (unsigned KK = 0; KK < N; KK += Tile)
      for (unsigned JJ = 0; JJ < N; JJ += Tile)
        for (unsigned I = II; I < II + Tile; ++I)
          for (unsigned K = KK; K < KK + Tile; ++K) {
            Acc(ABase + 4ull * (I * N + K), 4, 0);
            for (unsigned J = JJ; J < JJ + Tile; J += 8) {
              uint64_t C = CBase + 4ull * (I * N + J);
              Acc(BBase + 4ull * (K * N + J), 32, 1);
              Acc(C, 32, 2);
              Acc(C, 32, 3);
            }
          }
}

/// Direct NCHW conv2d, 3x3, stride 1, C channels in and out, scalar code.
template <typename Fn> void conv2d(unsigned C, unsigned H, Fn &&Acc) {
  unsigned W = H, OH = H - 2, OW = W - 2;
  for (unsigned Co = 0; Co < C; ++Co)
    for (unsigned Y = 0; Y < OH; ++Y)
      for (unsigned X = 0; X < OW; ++X) {
        for (unsigned Ci = 0; Ci < C; ++Ci)
          for (unsigned Ky = 0; Ky < 3; ++Ky)
            for (unsigned Kx = 0; Kx < 3; ++Kx) {
              Acc(ABase + 4ull * ((Ci * H + Y + Ky) * W + X + Kx), 4, 0);
              Acc(BBase + 4ull * (((Co * C + Ci) * 3 + Ky) * 3 + Kx), 4, 1);
            }
        Acc(CBase + 4ull * ((Co * OH + Y) * OW + X), 4, 2);
      }
}

/// Naive out[j][i] = in[i][j]: unit stride in, a new line of out each time.
template <typename Fn> void transpose(unsigned N, Fn &&Acc) {
  for (unsigned I = 0; I < N; ++I)
    for (unsigned J = 0; J < N; ++J) {
      Acc(ABase + 4ull * (I * N + J), 4, 0);
      Acc(BBase + 4ull * (J * N + I), 4, 1);
    }
}

enum class Kernel { Matmul, Conv2d, Transpose };

const char *kernelName(Kernel K) {
  switch (K) {
  case Kernel::Matmul:
    return "matmul 256^3 (tiled, 8xf32)";
  case Kernel::Conv2d:
    return "conv2d 64ch 28x28 3x3";
  case Kernel::Transpose:
    return "transpose 2048^2";
  }
  return "";
}

template <typename Fn> void runKernel(Kernel K, Fn &&Acc) {
  switch (K) {
  case Kernel::Matmul:
    return matmul(256, Acc);
  case Kernel::Conv2d:
    return conv2d(64, 28, Acc);
  case Kernel::Transpose:
    return transpose(2048, Acc);
  }
}

/// CPU seconds of this thread: the build machine is shared, and a rate per
/// core should not count time spent waiting for one.
double cpuNow() {
  timespec TS;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &TS);
  return double(TS.tv_sec) + 1e-9 * double(TS.tv_nsec);
}

struct Result {
  uint64_t Accesses = 0;
  double Seconds = 0;
  ReuseHistogram Merged;
  uint64_t MemoryBytes = 0, Lines = 0;
};

/// Classes: also measure class distances (what the analyzer does).
Result track(Kernel K, double Rate, bool Classes = false) {
  ReuseTracker T(64, Rate, Classes);
  std::vector<ReuseHistogram> Hists(4), ClassHists(4);
  Result R;
  double Start = cpuNow();
  if (Classes)
    runKernel(K, [&](uint64_t Addr, uint32_t Size, unsigned H) {
      T.accessWithClass(Addr, Size, Hists[H], ClassHists[H]);
    });
  else
    runKernel(K, [&](uint64_t Addr, uint32_t Size, unsigned H) {
      T.access(Addr, Size, Hists[H]);
    });
  R.Seconds = cpuNow() - Start;
  runKernel(K, [&](uint64_t, uint32_t, unsigned) { ++R.Accesses; });
  for (ReuseHistogram &H : Hists) {
    T.finish(H);
    R.Merged.merge(H);
  }
  R.MemoryBytes = T.memoryBytes();
  R.Lines = T.trackedLines();
  return R;
}

/// Seconds to generate the stream alone, so the tracker's share is visible.
double generateOnly(Kernel K) {
  volatile uint64_t Sink = 0;
  uint64_t X = 0;
  double Start = cpuNow();
  runKernel(K, [&](uint64_t Addr, uint32_t Size, unsigned H) {
    X ^= Addr + Size + H;
  });
  Sink = X;
  (void)Sink;
  return cpuNow() - Start;
}

constexpr uint64_t CacheBytes[] = {32ull << 10, 1ull << 20, 32ull << 20};
constexpr double Rates[] = {1.0, 0.1, 0.03, 0.01};

/// Per rate, over all kernels: the slowest rate and the worst difference.
struct Summary {
  double MinRate = 1e30, MinClassRate = 1e30, MaxDiff = 0;
};
Summary Summaries[std::size(Rates)];

void printRates(Kernel K) {
  Result E = track(K, 1.0);
  std::printf("\n%s: %llu accesses, %llu distinct lines, generating the "
              "stream alone %.0f M/s\n",
              kernelName(K), (unsigned long long)E.Accesses,
              (unsigned long long)E.Lines,
              double(E.Accesses) / generateOnly(K) / 1e6);
  std::printf("%-8s %10s %10s %10s %10s | %-25s | %-25s | %-25s\n", "mode",
              "M acc/s", "mem KiB", "+class M/s", "+cl KiB",
              "hit 32KiB (diff pp)", "hit 1MiB (diff pp)",
              "hit 32MiB (diff pp)");
  auto Row = [&](size_t RateIdx, const Result &R) {
    char Mode[32];
    std::snprintf(Mode, sizeof(Mode), RateIdx ? "R=%g" : "exact",
                  Rates[RateIdx]);
    double Speed = double(E.Accesses) / R.Seconds / 1e6;
    Summary &S = Summaries[RateIdx];
    S.MinRate = std::min(S.MinRate, Speed);
    // The same run with class distances too: the analyzer's default.
    Result C = track(K, Rates[RateIdx], /*Classes=*/true);
    double ClassSpeed = double(E.Accesses) / C.Seconds / 1e6;
    S.MinClassRate = std::min(S.MinClassRate, ClassSpeed);
    std::printf("%-8s %10.1f %10.1f %10.1f %10.1f", Mode, Speed,
                double(R.MemoryBytes) / 1024, ClassSpeed,
                double(C.MemoryBytes) / 1024);
    for (uint64_t C : CacheBytes) {
      double Lines = double(C / 64);
      double HE = 100 * E.Merged.fractionBelow(Lines);
      double HS = 100 * R.Merged.fractionBelow(Lines);
      char Buf[64];
      std::snprintf(Buf, sizeof(Buf), "%6.2f%% (%+.2f)", HS, HS - HE);
      S.MaxDiff = std::max(S.MaxDiff, std::abs(HS - HE));
      std::printf(" | %-25s", Buf);
    }
    std::printf("\n");
  };
  Row(0, E);
  for (size_t I = 1; I < std::size(Rates); ++I)
    Row(I, track(K, Rates[I]));
}

/// Memory against trace length: the same kernel over and over touches no
/// new lines, so the tracker must not grow.
void printMemory() {
  std::printf("\nmemory vs trace length (exact, transpose 1024^2 repeated)\n");
  std::printf("%12s %14s %14s %12s\n", "passes", "accesses", "lines",
              "mem KiB");
  ReuseTracker T(64, 1.0);
  ReuseHistogram H;
  uint64_t Accesses = 0;
  for (unsigned Pass = 1; Pass <= 32; ++Pass) {
    transpose(1024, [&](uint64_t Addr, uint32_t Size, unsigned) {
      T.access(Addr, Size, H);
      ++Accesses;
    });
    if ((Pass & (Pass - 1)) == 0)
      std::printf(
          "%12u %14llu %14llu %12.1f\n", Pass, (unsigned long long)Accesses,
          (unsigned long long)T.trackedLines(), double(T.memoryBytes()) / 1024);
  }
}

void printSummary() {
  std::printf("\nsummary over the kernels (targets: exact >= 20 M/s; sampled "
              ">= 100 M/s and |diff| <= 1 pp)\n");
  std::printf("%-8s %16s %20s %16s\n", "mode", "slowest M acc/s",
              "+class slowest M/s", "worst |diff| pp");
  for (size_t I = 0; I < std::size(Rates); ++I) {
    char Mode[32];
    std::snprintf(Mode, sizeof(Mode), I ? "R=%g" : "exact", Rates[I]);
    std::printf("%-8s %16.1f %20.1f %16.2f\n", Mode, Summaries[I].MinRate,
                Summaries[I].MinClassRate, Summaries[I].MaxDiff);
  }
}

} // namespace

int main(int Argc, char **Argv) {
  // `crop_bench_reuse KERNEL RATE [classes]` times one configuration (for
  // profiling).
  if (Argc == 3 || Argc == 4) {
    Kernel K = !std::strcmp(Argv[1], "matmul")   ? Kernel::Matmul
               : !std::strcmp(Argv[1], "conv2d") ? Kernel::Conv2d
                                                 : Kernel::Transpose;
    Result R = track(K, std::atof(Argv[2]), Argc == 4);
    std::printf("%s R=%s: %.1f M accesses/s, %.1f KiB\n", kernelName(K),
                Argv[2], double(R.Accesses) / R.Seconds / 1e6,
                double(R.MemoryBytes) / 1024);
    return 0;
  }
  std::printf("reuse tracker: 64-byte lines; hit = fully-associative LRU "
              "(D < cache lines); diff = sampled - exact\n");
  for (Kernel K : {Kernel::Matmul, Kernel::Conv2d, Kernel::Transpose})
    printRates(K);
  printMemory();
  printSummary();
  return 0;
}
