//===- Memory.cpp - Pointer chasing, read bandwidth, miss parallelism -----===//
#include "crop/Microbench/Microbench.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <initializer_list>
#include <numeric>
#include <random>
#include <sys/mman.h>
#include <thread>
#include <utility>
#include <vector>

using namespace llvm;

namespace crop::mb {
namespace {

using Clock = std::chrono::steady_clock;

double nsSince(Clock::time_point T0) {
  return std::chrono::duration<double, std::nano>(Clock::now() - T0).count();
}

/// The best of Repeats runs of each kernel, the kernels taking turns: a
/// comparison of two layouts must not depend on which ran first, since a
/// VM's clock and its neighbours' load drift within a second (a CI run once
/// timed a 4K-aliased chain 1.5x faster than the same chain 64 B apart, the
/// two measured one after the other).
std::vector<double>
bestInterleaved(unsigned Repeats,
                std::initializer_list<function_ref<double()>> Kernels) {
  std::vector<double> Best(Kernels.size(), 1e300);
  for (unsigned J = 0; J < Repeats; ++J) {
    size_t I = 0;
    for (function_ref<double()> K : Kernels) {
      Best[I] = std::min(Best[I], K());
      ++I;
    }
  }
  return Best;
}

/// Memory on 2 MiB pages where the kernel allows (madvise): random chases
/// over hundreds of MiB would otherwise measure page walks, not the caches.
struct HugeBuffer {
  explicit HugeBuffer(uint64_t Bytes) : Bytes(Bytes) {
    const uint64_t Huge = 2u << 20;
    uint64_t Rounded = (Bytes + Huge - 1) / Huge * Huge;
    P = std::aligned_alloc(Huge, Rounded);
    if (P)
      madvise(P, Rounded, MADV_HUGEPAGE);
  }
  ~HugeBuffer() { std::free(P); }
  HugeBuffer(const HugeBuffer &) = delete;
  HugeBuffer &operator=(const HugeBuffer &) = delete;
  void *P = nullptr;
  uint64_t Bytes;
};

/// Links the first Lines lines of Buf into one random cycle.
void buildCycle(void *Buf, uint64_t Lines, unsigned LineBytes,
                std::mt19937_64 &Rng) {
  std::vector<uint32_t> Order(Lines);
  std::iota(Order.begin(), Order.end(), 0u);
  std::shuffle(Order.begin() + 1, Order.end(), Rng);
  char *B = static_cast<char *>(Buf);
  for (uint64_t I = 0; I < Lines; ++I)
    *reinterpret_cast<void **>(B + uint64_t(Order[I]) * LineBytes) =
        B + uint64_t(Order[(I + 1) % Lines]) * LineBytes;
}

/// Follows the chain Steps times; the volatile sink keeps the loop alive.
__attribute__((noinline)) void *chase(void *P, uint64_t Steps) {
  void *volatile *Q = reinterpret_cast<void *volatile *>(P);
  for (uint64_t I = 0; I < Steps; ++I)
    Q = reinterpret_cast<void *volatile *>(*Q);
  return (void *)Q;
}

std::atomic<uintptr_t> Sink{0};

double spreadOf(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() || V[0] <= 0 ? 0 : (V[V.size() / 2] - V[0]) / V[0];
}

} // namespace

std::vector<LatencyPoint>
measureLatencyCurve(const std::vector<uint64_t> &Sizes, unsigned LineBytes,
                    bool Quick, raw_ostream *Progress) {
  std::vector<LatencyPoint> Out;
  if (Sizes.empty())
    return Out;
  uint64_t Max = *std::max_element(Sizes.begin(), Sizes.end());
  HugeBuffer Buf(Max);
  if (!Buf.P)
    return Out;
  std::mt19937_64 Rng(42);
  double PrevNs = 1;
  // Short repeats, many of them: the min discards the ones a busy host
  // preempted.
  const double TargetNs = Quick ? 1e6 : 2e6;
  const unsigned Reps = Quick ? 3 : 6;
  for (uint64_t Size : Sizes) {
    uint64_t Lines = std::max<uint64_t>(2, Size / LineBytes);
    buildCycle(Buf.P, Lines, LineBytes, Rng);
    uint64_t Steps = uint64_t(std::clamp(TargetNs / PrevNs, 2e4, 2e7));
    // One pass over the set first, so that it is in the level it fits in.
    void *P = chase(Buf.P, std::min<uint64_t>(Lines, 1u << 18));
    std::vector<double> Ns;
    for (unsigned R = 0; R < Reps; ++R) {
      auto T0 = Clock::now();
      P = chase(P, Steps);
      Ns.push_back(nsSince(T0) / double(Steps));
    }
    Sink += reinterpret_cast<uintptr_t>(P);
    LatencyPoint LP;
    LP.Bytes = Size;
    LP.Ns = *std::min_element(Ns.begin(), Ns.end());
    LP.Spread = spreadOf(Ns);
    PrevNs = LP.Ns;
    Out.push_back(LP);
    if (Progress)
      *Progress << formatv("  chase {0,10} KiB: {1,7:f2} ns\n", Size / 1024,
                           LP.Ns);
  }
  return Out;
}

Expected<std::pair<double, double>>
measureReadBandwidth(KernelJit &J, uint64_t BytesPerThread, unsigned Threads,
                     bool Quick, bool Update) {
  static std::atomic<unsigned> Counter{0};
  std::string Fn = formatv("crop_read_{0}", Counter++).str();
  auto Ctx = std::make_unique<LLVMContext>();
  Expected<std::unique_ptr<Module>> M = buildReadKernel(
      *Ctx, Fn, J.triple(), J.dataLayout(), J.simdBits(), Update);
  if (!M)
    return M.takeError();
  Expected<void *> Addr = J.compile(std::move(*M), std::move(Ctx), Fn);
  if (!Addr)
    return Addr.takeError();
  auto Read = reinterpret_cast<ReadFn>(*Addr);
  // A whole number of 8-vector trips.
  uint64_t Trip = 8 * std::max(16u, J.simdBits() / 8);
  uint64_t Bytes = std::max(Trip, BytesPerThread / Trip * Trip);
  Threads = std::max(1u, Threads);
  std::vector<std::unique_ptr<HugeBuffer>> Bufs;
  for (unsigned T = 0; T < Threads; ++T) {
    Bufs.push_back(std::make_unique<HugeBuffer>(Bytes));
    if (!Bufs.back()->P)
      return createStringError(inconvertibleErrorCode(),
                               "cannot allocate the bandwidth buffers");
    std::memset(Bufs.back()->P, 1, Bytes);
  }
  // Size the repeat count so that one timed run reads ~TargetBytes per thread.
  double TargetBytes = Quick ? 64e6 : 256e6;
  int64_t Reps = std::max<int64_t>(1, int64_t(TargetBytes / double(Bytes)));
  Read(Bufs[0]->P, int64_t(Bytes), 1); // warm: page faults, first touch
  std::vector<double> Rates;
  unsigned Runs = Quick ? 2 : 4;
  for (unsigned R = 0; R < Runs; ++R) {
    std::atomic<unsigned> Ready{0};
    std::atomic<bool> Go{false};
    std::vector<double> Ns(Threads);
    std::vector<std::thread> Pool;
    for (unsigned T = 0; T < Threads; ++T)
      Pool.emplace_back([&, T] {
        Read(Bufs[T]->P, int64_t(Bytes), 1);
        ++Ready;
        while (!Go.load(std::memory_order_acquire))
          ;
        auto T0 = Clock::now();
        Read(Bufs[T]->P, int64_t(Bytes), Reps);
        Ns[T] = nsSince(T0);
      });
    while (Ready.load() != Threads)
      std::this_thread::yield();
    Go.store(true, std::memory_order_release);
    for (std::thread &Th : Pool)
      Th.join();
    double Slowest = *std::max_element(Ns.begin(), Ns.end());
    Rates.push_back(double(Bytes) * double(Reps) * Threads / Slowest * 1e9);
  }
  std::sort(Rates.begin(), Rates.end(), std::greater<double>());
  double Spread = Rates.back() > 0 ? (Rates[0] - Rates[Rates.size() / 2]) /
                                         Rates[Rates.size() / 2]
                                   : 0;
  return std::make_pair(Rates[0], Spread);
}

bool sharersKeepTheirData(double AloneRate, double PerThreadRate,
                          double RamRate) {
  return AloneRate > RamRate && PerThreadRate >= (AloneRate + RamRate) / 2;
}

double writeBackBandwidth(double ReadRate, double UpdateRate) {
  double Cap = WriteBackCap * ReadRate;
  if (!(ReadRate > 0) || !(UpdateRate > 0))
    return 0;
  double Extra = 1 / UpdateRate - 1 / ReadRate;
  return Extra > 1 / Cap ? 1 / Extra : Cap;
}

Expected<std::pair<double, double>>
measureMispredictPenalty(KernelJit &J, double Hz, bool Quick) {
  auto Ctx = std::make_unique<LLVMContext>();
  Expected<std::unique_ptr<Module>> M =
      buildBranchKernel(*Ctx, "crop_mb_branch", J.triple(), J.dataLayout());
  if (!M)
    return M.takeError();
  Expected<void *> Addr =
      J.compile(std::move(*M), std::move(Ctx), "crop_mb_branch");
  if (!Addr)
    return Addr.takeError();
  using BranchFn = int64_t (*)(int64_t, const uint8_t *, int64_t);
  auto Fn = reinterpret_cast<BranchFn>(*Addr);
  static const uint8_t Seed[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  const int64_t Iters = Quick ? 1000000 : 3000000;
  auto best = [&](int64_t Mask, std::vector<double> &All) {
    double Min = 1e300;
    for (unsigned R = 0; R < (Quick ? 5u : 9u); ++R) {
      auto T0 = Clock::now();
      Sink += uintptr_t(Fn(Iters, Seed, Mask));
      double Ns = nsSince(T0);
      All.push_back(Ns);
      Min = std::min(Min, Ns);
    }
    return Min;
  };
  std::vector<double> RandomNs, ZeroNs;
  double Predictable = best(0, ZeroNs);
  double Unpredictable = best(int64_t(1) << 40, RandomNs);
  // A random branch is mispredicted about half the time.
  double Misses = double(Iters) * 0.5;
  double Penalty = (Unpredictable - Predictable) * Hz / 1e9 / Misses;
  return std::make_pair(std::max(Penalty, 1.0), spreadOf(RandomNs));
}

namespace {

/// Steps of each chase with N nops after each load; ns per step. The chases
/// go on from where the last call left them: restarting from one place
/// would walk lines the previous call brought into the caches.
template <unsigned N>
double robStep(void *&A, void *&B, uint64_t Steps, uintptr_t &Out) {
  auto T0 = Clock::now();
  for (uint64_t S = 0; S < Steps; ++S) {
    A = *static_cast<void *volatile *>(A);
    asm volatile(".rept %c0\n\tnop\n\t.endr" ::"i"(N));
    B = *static_cast<void *volatile *>(B);
    asm volatile(".rept %c0\n\tnop\n\t.endr" ::"i"(N));
  }
  double Ns = nsSince(T0) / double(Steps);
  Out += reinterpret_cast<uintptr_t>(A) ^ reinterpret_cast<uintptr_t>(B);
  return Ns;
}

#if defined(__x86_64__)
/// The same with N FP adds after each load that read the loaded pointer
/// (moved to an XMM register) and write a dead register: they wait in the
/// FP scheduler until the miss returns.
template <unsigned N>
double fpStep(void *&A, void *&B, uint64_t Steps, uintptr_t &Out) {
  auto T0 = Clock::now();
  for (uint64_t S = 0; S < Steps; ++S) {
    A = *static_cast<void *volatile *>(A);
    asm volatile("vmovq %0, %%xmm15\n\t.rept %c1\n\t"
                 "vaddps %%xmm15, %%xmm15, %%xmm14\n\t.endr" ::"r"(A),
                 "i"(N)
                 : "xmm14", "xmm15");
    B = *static_cast<void *volatile *>(B);
    asm volatile("vmovq %0, %%xmm15\n\t.rept %c1\n\t"
                 "vaddps %%xmm15, %%xmm15, %%xmm14\n\t.endr" ::"r"(B),
                 "i"(N)
                 : "xmm14", "xmm15");
  }
  double Ns = nsSince(T0) / double(Steps);
  Out += reinterpret_cast<uintptr_t>(A) ^ reinterpret_cast<uintptr_t>(B);
  return Ns;
}

/// One chase from A (B is not used) with N FP adds waiting for each load and
/// then an independent 128-deep chain of FP adds that feeds the next
/// load's address through an AND with 0: the chain must finish before the
/// next step's miss starts, so a chain that cannot run during the miss
/// adds its whole length to the step.
template <unsigned N>
double fpPickStep(void *&A, void *&B, uint64_t Steps, uintptr_t &Out) {
  (void)B;
  asm volatile("vxorps %%xmm12, %%xmm12, %%xmm12" ::: "xmm12");
  auto T0 = Clock::now();
  for (uint64_t S = 0; S < Steps; ++S) {
    A = *static_cast<void *volatile *>(A);
    uint64_t Off;
    asm volatile("vmovq %1, %%xmm15\n\t.rept %c2\n\t"
                 "vaddps %%xmm15, %%xmm15, %%xmm14\n\t.endr\n\t"
                 "vxorps %%xmm13, %%xmm13, %%xmm13\n\t.rept 128\n\t"
                 "vaddps %%xmm12, %%xmm13, %%xmm13\n\t.endr\n\t"
                 "vmovq %%xmm13, %0\n\tand $0, %0"
                 : "=r"(Off)
                 : "r"(A), "i"(N)
                 : "xmm12", "xmm13", "xmm14", "xmm15");
    A = static_cast<char *>(A) + Off;
  }
  double Ns = nsSince(T0) / double(Steps);
  Out += reinterpret_cast<uintptr_t>(A);
  return Ns;
}

/// The same as robStep with N loads (Store: stores) of one L1-resident
/// word after each missing load: each holds a load- (store-) queue entry
/// until it retires, behind the miss.
template <unsigned N, bool Store>
double queueStep(void *&A, void *&B, uint64_t Steps, uintptr_t &Out) {
  alignas(64) uint64_t Word = 0;
  auto Fill = [&Word] {
    if constexpr (Store)
      asm volatile(".rept %c1\n\tmovq %%r11, %0\n\t.endr"
                   : "=m"(Word)
                   : "i"(N)
                   : "r11");
    else
      asm volatile(".rept %c1\n\tmovq %0, %%r11\n\t.endr" ::"m"(Word), "i"(N)
                   : "r11");
  };
  auto T0 = Clock::now();
  for (uint64_t S = 0; S < Steps; ++S) {
    A = *static_cast<void *volatile *>(A);
    Fill();
    B = *static_cast<void *volatile *>(B);
    Fill();
  }
  double Ns = nsSince(T0) / double(Steps);
  Out += reinterpret_cast<uintptr_t>(A) ^ reinterpret_cast<uintptr_t>(B);
  return Ns;
}

#endif

using RobFn = double (*)(void *&, void *&, uint64_t, uintptr_t &);
/// Fillers of 32..1024 nops in steps of 16: today's windows are 128-640.
template <unsigned... I>
constexpr std::array<std::pair<uint32_t, RobFn>, sizeof...(I)>
robTable(std::integer_sequence<unsigned, I...>) {
  return {{{32 + 16 * I, &robStep<32 + 16 * I>}...}};
}
#if defined(__x86_64__)
/// FP fillers of 8..512 in steps of 8: FP schedulers hold tens of entries.
template <unsigned... I>
constexpr std::array<std::pair<uint32_t, RobFn>, sizeof...(I)>
fpTable(std::integer_sequence<unsigned, I...>) {
  return {{{8 + 8 * I, &fpStep<8 + 8 * I>}...}};
}
/// Loads or stores of 8..512 in steps of 8: queues of today hold 48-256.
template <bool Store, unsigned... I>
constexpr std::array<std::pair<uint32_t, RobFn>, sizeof...(I)>
queueTable(std::integer_sequence<unsigned, I...>) {
  return {{{8 + 8 * I, &queueStep<8 + 8 * I, Store>}...}};
}
/// Waiting adds of 4..160 in steps of 4: pickable FP schedulers hold tens.
template <unsigned... I>
constexpr std::array<std::pair<uint32_t, RobFn>, sizeof...(I)>
fpPickTable(std::integer_sequence<unsigned, I...>) {
  return {{{4 + 4 * I, &fpPickStep<4 + 4 * I>}...}};
}
#endif

/// Times each filler of Table on two RAM chases from A and B and finds the
/// window (RobMeasurement's rule). Extra: entries besides the fillers that
/// the window must hold for the two misses to overlap.
template <size_t K>
RobMeasurement
fillerWindow(const std::array<std::pair<uint32_t, RobFn>, K> &Table, void *A,
             void *B, bool Quick, uint32_t Extra) {
  RobMeasurement R;
  const uint64_t Steps = Quick ? 1500 : 4000;
  const unsigned Repeats = Quick ? 2 : 3;
  uintptr_t Out = 0;
  for (const auto &[N, Fn] : Table) {
    double Best = 1e300;
    for (unsigned J = 0; J < Repeats; ++J)
      Best = std::min(Best, Fn(A, B, Steps, Out));
    R.NsByFiller.push_back({N, Best});
  }
  Sink += Out;
  // One latency per step below the window: the smallest fillers' median.
  std::vector<double> Low;
  for (size_t I = 0; I < 5 && I < R.NsByFiller.size(); ++I)
    Low.push_back(R.NsByFiller[I].second);
  std::nth_element(Low.begin(), Low.begin() + Low.size() / 2, Low.end());
  double One = Low[Low.size() / 2];
  if (One < 40)
    return R; // Not a RAM latency: a cache served the chases.
  // The first filler from which every larger one is past 1.5 latencies (a
  // lone noisy step is not the window), and that reaches 1.8 somewhere.
  size_t First = R.NsByFiller.size();
  for (size_t I = R.NsByFiller.size(); I-- > 0;) {
    if (R.NsByFiller[I].second < 1.5 * One)
      break;
    First = I;
  }
  double Top = 0;
  for (const auto &[N, Ns] : R.NsByFiller)
    Top = std::max(Top, Ns);
  if (First == 0 || First == R.NsByFiller.size() || Top < 1.8 * One)
    return R;
  // The window holds N fillers and Extra other entries at the last filler
  // that still overlapped, one short at the first that did not: the
  // midpoint.
  double Below = R.NsByFiller[First - 1].first,
         Above = R.NsByFiller[First].first;
  R.Entries = uint32_t(std::lround((Below + Above) / 2 + Extra));
  return R;
}

/// Two chases half a cycle apart through a RAM-sized buffer.
struct TwoChases {
  TwoChases(uint64_t Bytes, unsigned LineBytes) : Buf(Bytes) {
    if (!Buf.P)
      return;
    std::mt19937_64 Rng(11);
    uint64_t Lines = Bytes / LineBytes;
    buildCycle(Buf.P, Lines, LineBytes, Rng);
    A = B = Buf.P;
    for (uint64_t I = 0; I < Lines / 2; ++I)
      B = *static_cast<void **>(B);
  }
  HugeBuffer Buf;
  void *A = nullptr, *B = nullptr;
};

} // namespace

namespace {
/// fillerWindow over two fresh chases through a RAM-sized buffer.
template <size_t K>
RobMeasurement
chaseWindow(const std::array<std::pair<uint32_t, RobFn>, K> &Table,
            uint64_t Bytes, unsigned LineBytes, bool Quick, uint32_t Extra) {
  TwoChases C(Bytes, LineBytes);
  if (!C.Buf.P)
    return {};
  return fillerWindow(Table, C.A, C.B, Quick, Extra);
}
} // namespace

RobMeasurement measureReorderBuffer(uint64_t Bytes, unsigned LineBytes,
                                    bool Quick) {
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
  static constexpr auto Table =
      robTable(std::make_integer_sequence<unsigned, 63>());
  // The window holds a load, N nops and the other load.
  return chaseWindow(Table, Bytes, LineBytes, Quick, /*Extra=*/1);
#else
  return {};
#endif
}

RobMeasurement measureFpScheduler(uint64_t Bytes, unsigned LineBytes,
                                  bool Quick) {
#if defined(__x86_64__)
  static constexpr auto Table =
      fpTable(std::make_integer_sequence<unsigned, 64>());
  // Waiting for the first miss: its XMM move and N adds.
  return chaseWindow(Table, Bytes, LineBytes, Quick, /*Extra=*/1);
#else
  return {};
#endif
}

RobMeasurement measureMemoryQueue(uint64_t Bytes, unsigned LineBytes,
                                  bool Quick, bool Stores) {
#if defined(__x86_64__)
  static constexpr auto Loads =
      queueTable<false>(std::make_integer_sequence<unsigned, 64>());
  static constexpr auto StoreTable =
      queueTable<true>(std::make_integer_sequence<unsigned, 64>());
  // A load queue holds the other missing load as well as the N loads.
  return Stores ? chaseWindow(StoreTable, Bytes, LineBytes, Quick, 0)
                : chaseWindow(Loads, Bytes, LineBytes, Quick, 1);
#else
  (void)Stores;
  return {};
#endif
}

RobMeasurement measureFpPickable(uint64_t Bytes, unsigned LineBytes,
                                 bool Quick) {
  RobMeasurement R;
#if defined(__x86_64__)
  static constexpr auto Table =
      fpPickTable(std::make_integer_sequence<unsigned, 40>());
  TwoChases C(Bytes, LineBytes);
  if (!C.Buf.P)
    return R;
  const uint64_t Steps = Quick ? 1500 : 4000;
  const unsigned Repeats = Quick ? 2 : 3;
  uintptr_t Out = 0;
  void *A = C.A;
  for (const auto &[N, Fn] : Table) {
    double Best = 1e300;
    for (unsigned J = 0; J < Repeats; ++J)
      Best = std::min(Best, Fn(A, C.B, Steps, Out));
    R.NsByFiller.push_back({N, Best});
  }
  Sink += Out;
  // Two plateaus: the miss alone (the chain hidden in it) and the miss
  // plus the chain. The step is where every larger filler is past their
  // midpoint; the plateaus must differ by a third (the chain is a third
  // to a whole RAM latency on current cores) and the low one be a RAM
  // latency, or the test saw something else.
  auto medianOf = [](std::vector<double> V) {
    std::nth_element(V.begin(), V.begin() + V.size() / 2, V.end());
    return V[V.size() / 2];
  };
  std::vector<double> Low, High;
  for (size_t I = 0; I < 5; ++I) {
    Low.push_back(R.NsByFiller[I].second);
    High.push_back(R.NsByFiller[R.NsByFiller.size() - 1 - I].second);
  }
  double One = medianOf(Low), Two = medianOf(High);
  if (One < 40 || Two < One * 1.3)
    return R;
  double Mid = (One + Two) / 2;
  size_t First = R.NsByFiller.size();
  for (size_t I = R.NsByFiller.size(); I-- > 0;) {
    if (R.NsByFiller[I].second < Mid)
      break;
    First = I;
  }
  if (First < 5 || First >= R.NsByFiller.size() - 5)
    return R;
  // The waiting adds and their XMM move fill the pickable entries at the
  // first filler past the midpoint, not at the one before: the midpoint.
  double Below = R.NsByFiller[First - 1].first,
         Above = R.NsByFiller[First].first;
  R.Entries = uint32_t(std::lround((Below + Above) / 2 + 1));
#else
  (void)Bytes;
  (void)LineBytes;
  (void)Quick;
#endif
  return R;
}

namespace {
/// One step: a 32-deep chain of FP multiply-adds from the value loaded by
/// the previous step, a store of its result, a load from LoadIdx doubles
/// further. The volatile accesses keep both in the loop, in order.
__attribute__((noinline)) double
aliasSteps(double *P, size_t LoadIdx, uint64_t Steps, double M, double A) {
  volatile double *V = P;
  double Y = V[LoadIdx];
  auto T0 = Clock::now();
  for (uint64_t S = 0; S < Steps; ++S) {
    double X = Y;
    for (int I = 0; I < 32; ++I)
      X = X * M + A;
    V[0] = X;
    Y = V[LoadIdx];
  }
  double Ns = nsSince(T0) / double(Steps);
  Sink += uintptr_t(Y > 0);
  return Ns;
}
} // namespace

namespace {
typedef int Int4 __attribute__((vector_size(16)));
typedef int Int8 __attribute__((vector_size(32)));

/// Independent loads of a V at Base + sizeof(V) k + Offset for k < Lines (a
/// multiple of 8): a row walked in vectors, as a stencil's shifted window
/// walks it. Reps times, folded into eight accumulators held in registers
/// so that no chain binds: ns per load. (A statement expression, not a
/// lambda: a lambda would not inherit the function's target("avx2"), and
/// clang refuses a 32-byte vector returned without AVX.)
#define CROP_LD(V, K)                                                          \
  ({                                                                           \
    V X;                                                                       \
    __builtin_memcpy(&X, Base + sizeof(V) * (K) + Offset, sizeof(V));          \
    X;                                                                         \
  })
#define CROP_LOAD_SWEEP(V)                                                     \
  V A0 = {}, A1 = {}, A2 = {}, A3 = {}, A4 = {}, A5 = {}, A6 = {}, A7 = {};    \
  auto T0 = Clock::now();                                                      \
  for (uint64_t R = 0; R < Reps; ++R)                                          \
    for (unsigned K = 0; K < Lines; K += 8) {                                  \
      A0 |= CROP_LD(V, K);                                                     \
      A1 |= CROP_LD(V, K + 1);                                                 \
      A2 |= CROP_LD(V, K + 2);                                                 \
      A3 |= CROP_LD(V, K + 3);                                                 \
      A4 |= CROP_LD(V, K + 4);                                                 \
      A5 |= CROP_LD(V, K + 5);                                                 \
      A6 |= CROP_LD(V, K + 6);                                                 \
      A7 |= CROP_LD(V, K + 7);                                                 \
    }                                                                          \
  double Ns = nsSince(T0) / double(Reps * Lines);                              \
  V All = A0 | A1 | A2 | A3 | A4 | A5 | A6 | A7;                               \
  Sink += uintptr_t(unsigned(All[0]));                                         \
  return Ns;

__attribute__((noinline)) double loadSweep16(const char *Base, unsigned Lines,
                                             unsigned Offset, uint64_t Reps) {
  CROP_LOAD_SWEEP(Int4)
}
#if defined(__x86_64__)
__attribute__((noinline, target("avx2"))) double
loadSweep32(const char *Base, unsigned Lines, unsigned Offset, uint64_t Reps) {
  CROP_LOAD_SWEEP(Int8)
}
#endif
#undef CROP_LOAD_SWEEP
#undef CROP_LD
} // namespace

SplitLoadMeasurement measureSplitLoad(bool Quick) {
  SplitLoadMeasurement R;
  // 256 vectors (at most 8 KiB): within every L1.
  const unsigned Loads = 256;
  void *Mem = std::aligned_alloc(64, 32 * Loads + 64);
  if (!Mem)
    return R;
  char *Base = static_cast<char *>(Mem);
  std::fill(Base, Base + 32 * Loads + 64, char(1));
  const uint64_t Reps = Quick ? 2000 : 20000;
  const unsigned Repeats = Quick ? 3 : 7;
  bool Wide = false;
#if defined(__x86_64__)
  Wide = __builtin_cpu_supports("avx2");
#endif
  R.Bytes = Wide ? 32 : 16;
  auto Sweep = [&](unsigned Offset) {
#if defined(__x86_64__)
    if (Wide)
      return loadSweep32(Base, Loads, Offset, Reps);
#endif
    return loadSweep16(Base, Loads, Offset, Reps);
  };
  // The row shifted by one float: of every 64 / Bytes loads, one (16-byte
  // loads) or one in two (32-byte) crosses a line.
  const unsigned Shift = 4;
  unsigned Crossing = 0;
  for (unsigned K = 0; K < Loads; ++K)
    Crossing += (K * R.Bytes + Shift) % 64 + R.Bytes > 64;
  R.CrossingShare = double(Crossing) / double(Loads);
  std::vector<double> Ns = bestInterleaved(
      Repeats, {[&] { return Sweep(0); }, [&] { return Sweep(Shift); }});
  R.AlignedNs = Ns[0];
  R.ShiftedNs = Ns[1];
  std::free(Mem);
  return R;
}

namespace {
#if defined(__x86_64__)
// Ten groups a step; FMAs rotate over ymm1-ymm10 (each chain at most four
// FMAs a step: 16 cycles of latency against 20 of throughput), stores write
// ymm0 to ten 32-byte slots of one L1-resident buffer. The loop is written
// in assembly and placed PAD bytes past a 64-byte boundary: on the Zen 3 VM
// an FMA+store pair takes 1.15-1.2 cycles at some of the eight placements
// and 1.55-1.6 at the others (multiply+store pairs 1.0 at all), so the
// pairs are timed at every placement and averaged, as a program's loops
// fall where they fall.
#define CROP_F(R) "vfmadd231ps %%ymm14, %%ymm15, %%ymm" #R "\n\t"
// Every register the loop reads starts at zero: left as the caller left
// them they may hold denormals, and on Intel cores an FMA on a denormal
// takes a microcode assist (an FMA measured 87 cycles on an Emerald Rapids
// VM before they were zeroed).
#define CROP_ZERO_R(R) "vxorps %%ymm" #R ", %%ymm" #R ", %%ymm" #R "\n\t"
#define CROP_ZERO                                                              \
  CROP_ZERO_R(0)                                                               \
  CROP_ZERO_R(1)                                                               \
  CROP_ZERO_R(2) CROP_ZERO_R(3) CROP_ZERO_R(4) CROP_ZERO_R(5) CROP_ZERO_R(6)   \
      CROP_ZERO_R(7) CROP_ZERO_R(8) CROP_ZERO_R(9) CROP_ZERO_R(10)             \
          CROP_ZERO_R(14) CROP_ZERO_R(15)
#define CROP_S(O) "vmovups %%ymm0, " #O "(%1)\n\t"
#define CROP_PORT_KERNEL(NAME, PAD, BODY)                                      \
  __attribute__((noinline)) double NAME(float *Buf, uint64_t Steps) {          \
    uint64_t I = Steps;                                                        \
    auto T0 = Clock::now();                                                    \
    __asm__ volatile(                                                          \
        CROP_ZERO ".p2align 6\n\t.skip " #PAD ", 0x90\n"                       \
                  "1:\n\t" BODY "dec %0\n\tjnz 1b\n\tvzeroupper\n\t"           \
        : "+r"(I)                                                              \
        : "r"(Buf)                                                             \
        : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",      \
          "xmm8", "xmm9", "xmm10", "xmm14", "xmm15", "memory", "cc");          \
    return nsSince(T0) / double(Steps * 10);                                   \
  }
#define CROP_FX10                                                              \
  CROP_F(1)                                                                    \
  CROP_F(2) CROP_F(3) CROP_F(4) CROP_F(5) CROP_F(6) CROP_F(7) CROP_F(8)        \
      CROP_F(9) CROP_F(10)
#define CROP_SX10                                                              \
  CROP_S(0)                                                                    \
  CROP_S(32) CROP_S(64) CROP_S(96) CROP_S(128) CROP_S(160) CROP_S(192)         \
      CROP_S(224) CROP_S(256) CROP_S(288)
#define CROP_FS                                                                \
  CROP_F(1)                                                                    \
  CROP_S(0) CROP_F(2) CROP_S(32) CROP_F(3) CROP_S(64) CROP_F(4) CROP_S(96)     \
      CROP_F(5) CROP_S(128) CROP_F(6) CROP_S(160) CROP_F(7) CROP_S(192)        \
          CROP_F(8) CROP_S(224) CROP_F(9) CROP_S(256) CROP_F(10) CROP_S(288)
#define CROP_FFS                                                               \
  CROP_F(1)                                                                    \
  CROP_F(2) CROP_S(0) CROP_F(3) CROP_F(4) CROP_S(32) CROP_F(5) CROP_F(6)       \
      CROP_S(64) CROP_F(7) CROP_F(8) CROP_S(96) CROP_F(9) CROP_F(10)           \
          CROP_S(128) CROP_F(1) CROP_F(2) CROP_S(160) CROP_F(3) CROP_F(4)      \
              CROP_S(192) CROP_F(5) CROP_F(6) CROP_S(224) CROP_F(7) CROP_F(8)  \
                  CROP_S(256) CROP_F(9) CROP_F(10) CROP_S(288)
CROP_PORT_KERNEL(portF, 0, CROP_FX10)
CROP_PORT_KERNEL(portS, 0, CROP_SX10)
CROP_PORT_KERNEL(portFS0, 0, CROP_FS)
CROP_PORT_KERNEL(portFS8, 8, CROP_FS)
CROP_PORT_KERNEL(portFS16, 16, CROP_FS)
CROP_PORT_KERNEL(portFS24, 24, CROP_FS)
CROP_PORT_KERNEL(portFS32, 32, CROP_FS)
CROP_PORT_KERNEL(portFS40, 40, CROP_FS)
CROP_PORT_KERNEL(portFS48, 48, CROP_FS)
CROP_PORT_KERNEL(portFS56, 56, CROP_FS)
CROP_PORT_KERNEL(portFFS0, 0, CROP_FFS)
CROP_PORT_KERNEL(portFFS8, 8, CROP_FFS)
CROP_PORT_KERNEL(portFFS16, 16, CROP_FFS)
CROP_PORT_KERNEL(portFFS24, 24, CROP_FFS)
CROP_PORT_KERNEL(portFFS32, 32, CROP_FFS)
CROP_PORT_KERNEL(portFFS40, 40, CROP_FFS)
CROP_PORT_KERNEL(portFFS48, 48, CROP_FFS)
CROP_PORT_KERNEL(portFFS56, 56, CROP_FFS)
#undef CROP_FFS
#undef CROP_FS
#undef CROP_SX10
#undef CROP_FX10
#undef CROP_PORT_KERNEL
#undef CROP_S
#undef CROP_ZERO
#undef CROP_ZERO_R
#undef CROP_F
#endif
} // namespace

FmaStoreMeasurement measureFmaStore(bool Quick) {
  FmaStoreMeasurement R;
#if defined(__x86_64__)
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
    return R;
  alignas(64) static float Buf[128];
  const uint64_t Steps = Quick ? 20000 : 100000;
  const unsigned Repeats = Quick ? 5 : 15;
  using Kernel = double (*)(float *, uint64_t);
  auto Run = [&](Kernel K) { return [=] { return K(Buf, Steps); }; };
  const Kernel FS[] = {portFS0,  portFS8,  portFS16, portFS24,
                       portFS32, portFS40, portFS48, portFS56};
  const Kernel FFS[] = {portFFS0,  portFFS8,  portFFS16, portFFS24,
                        portFFS32, portFFS40, portFFS48, portFFS56};
  // Taking turns, so the mixes and their parts see the same clock.
  std::vector<double> Ns = bestInterleaved(
      Repeats,
      {Run(portF), Run(portS), Run(FS[0]), Run(FS[1]), Run(FS[2]), Run(FS[3]),
       Run(FS[4]), Run(FS[5]), Run(FS[6]), Run(FS[7]), Run(FFS[0]),
       Run(FFS[1]), Run(FFS[2]), Run(FFS[3]), Run(FFS[4]), Run(FFS[5]),
       Run(FFS[6]), Run(FFS[7])});
  R.FNs = Ns[0];
  R.SNs = Ns[1];
  R.FSNs = std::accumulate(Ns.begin() + 2, Ns.begin() + 10, 0.0) / 8;
  R.FFSNs = std::accumulate(Ns.begin() + 10, Ns.end(), 0.0) / 8;
#else
  (void)Quick;
#endif
  return R;
}

namespace {
#if defined(__x86_64__)
// An FMA chain x = x * m + a, eight steps a loop iteration, m = 0.5 and
// a = 0.5 (x settles at 1: no denormals, no infinities). FED: each step's
// a is the result of a subtract (1 - 0.5) computed in that step; ALONE: the
// same subtract runs beside the chain but a is a register that no add wrote
// (loaded before the loop), so both loops hold the same instructions and
// differ only in where the addend comes from.
#define CROP_FWD_KERNEL(NAME, SUB, FMA, R, SRC)                                \
  __attribute__((noinline)) double NAME(const float *C, uint64_t Steps) {      \
    uint64_t I = Steps;                                                        \
    auto T0 = Clock::now();                                                    \
    __asm__ volatile(                                                          \
        "vbroadcastss (%1), %%" R "15\n\t"                                     \
        "vbroadcastss (%1), %%" R "13\n\t"                                     \
        "vbroadcastss (%1), %%" R "11\n\t"                                     \
        "vbroadcastss 4(%1), %%" R "14\n\t"                                    \
        "vbroadcastss (%1), %%" R "0\n\t"                                      \
        ".p2align 6\n"                                                         \
        "1:\n\t" CROP_FWD_X8(SUB, FMA, R, SRC) "dec %0\n\tjnz 1b\n\t"          \
                                               "vzeroupper\n\t"                \
        : "+r"(I)                                                              \
        : "r"(C)                                                               \
        : "xmm0", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory",       \
          "cc");                                                               \
    return nsSince(T0) / double(Steps * 8);                                    \
  }
#define CROP_FWD_STEP(SUB, FMA, R, SRC)                                        \
  SUB " %%" R "13, %%" R "14, %%" R "12\n\t" FMA " %%" R SRC ", %%" R          \
      "15, %%" R "0\n\t"
#define CROP_FWD_X8(SUB, FMA, R, SRC)                                          \
  CROP_FWD_STEP(SUB, FMA, R, SRC)                                              \
  CROP_FWD_STEP(SUB, FMA, R, SRC) CROP_FWD_STEP(SUB, FMA, R, SRC)              \
      CROP_FWD_STEP(SUB, FMA, R, SRC) CROP_FWD_STEP(SUB, FMA, R, SRC)          \
          CROP_FWD_STEP(SUB, FMA, R, SRC) CROP_FWD_STEP(SUB, FMA, R, SRC)      \
              CROP_FWD_STEP(SUB, FMA, R, SRC)
CROP_FWD_KERNEL(fwdFed128, "vsubss", "vfmadd213ss", "xmm", "12")
CROP_FWD_KERNEL(fwdAlone128, "vsubss", "vfmadd213ss", "xmm", "11")
CROP_FWD_KERNEL(fwdFed256, "vsubps", "vfmadd213ps", "ymm", "12")
CROP_FWD_KERNEL(fwdAlone256, "vsubps", "vfmadd213ps", "ymm", "11")
CROP_FWD_KERNEL(fwdFed512, "vsubps", "vfmadd213ps", "zmm", "12")
CROP_FWD_KERNEL(fwdAlone512, "vsubps", "vfmadd213ps", "zmm", "11")
#undef CROP_FWD_X8
#undef CROP_FWD_STEP
#undef CROP_FWD_KERNEL
#endif
} // namespace

FaddToFmaMeasurement measureFaddToFma(bool Quick) {
  FaddToFmaMeasurement R;
#if defined(__x86_64__)
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
    return R;
  alignas(64) static const float C[2] = {0.5f, 1.0f};
  const uint64_t Steps = Quick ? 20000 : 100000;
  const unsigned Repeats = Quick ? 5 : 15;
  using Kernel = double (*)(const float *, uint64_t);
  auto Run = [&](Kernel K) { return [=] { return K(C, Steps); }; };
  // Taking turns, so each pair sees the same clock.
  std::vector<double> Ns =
      __builtin_cpu_supports("avx512f")
          ? bestInterleaved(Repeats, {Run(fwdFed128), Run(fwdAlone128),
                                      Run(fwdFed256), Run(fwdAlone256),
                                      Run(fwdFed512), Run(fwdAlone512)})
          : bestInterleaved(Repeats, {Run(fwdFed128), Run(fwdAlone128),
                                      Run(fwdFed256), Run(fwdAlone256)});
  for (unsigned I = 0; I + 1 < Ns.size(); I += 2)
    R.Widths.push_back({128u << (I / 2), Ns[I], Ns[I + 1]});
#else
  (void)Quick;
#endif
  return R;
}

AliasMeasurement measureAlias4K(bool Quick) {
  AliasMeasurement R;
  // Two pages and a line, page-aligned: the store at the first page's
  // start, the loads on the second page.
  void *Mem = std::aligned_alloc(4096, 3 * 4096);
  if (!Mem)
    return R;
  double *P = static_cast<double *>(Mem);
  for (size_t I = 0; I < 3 * 4096 / sizeof(double); ++I)
    P[I] = 1.0;
  // Read through volatile so the chain's constants are not folded.
  volatile double Half = 0.5;
  const uint64_t Steps = Quick ? 20000 : 100000;
  const unsigned Repeats = Quick ? 3 : 7;
  auto Chain = [&](size_t Idx) {
    return aliasSteps(P, Idx, Steps, Half, Half);
  };
  std::vector<double> Ns = bestInterleaved(
      Repeats, {[&] { return Chain(4096 / sizeof(double)); },
                [&] { return Chain((4096 + 64) / sizeof(double)); }});
  R.AliasedNs = Ns[0];
  R.ApartNs = Ns[1];
  std::free(Mem);
  return R;
}

double measureMissParallelism(uint64_t Bytes, unsigned LineBytes, bool Quick) {
  HugeBuffer Buf(Bytes);
  if (!Buf.P)
    return 1;
  std::mt19937_64 Rng(7);
  uint64_t Lines = Bytes / LineBytes;
  buildCycle(Buf.P, Lines, LineBytes, Rng);
  // K chases start K evenly spaced positions along one cycle, so they never
  // meet: walk the cycle once to find the starts.
  const unsigned MaxK = 32;
  std::vector<void *> Along;
  {
    void *P = Buf.P;
    uint64_t Stride = Lines / MaxK;
    for (uint64_t I = 0; I < Lines && Along.size() < MaxK; ++I) {
      if (I % Stride == 0)
        Along.push_back(P);
      P = *static_cast<void **>(P);
    }
  }
  uint64_t Steps = Quick ? 100000 : 300000;
  auto Run = [&](unsigned K) {
    void *P[MaxK];
    for (unsigned I = 0; I < K; ++I)
      P[I] = Along[I * (MaxK / K)];
    auto T0 = Clock::now();
    for (uint64_t S = 0; S < Steps; ++S)
      for (unsigned I = 0; I < K; ++I)
        P[I] = *static_cast<void *volatile *>(P[I]);
    double Ns = nsSince(T0) / double(Steps * K);
    for (unsigned I = 0; I < K; ++I)
      Sink += reinterpret_cast<uintptr_t>(P[I]);
    return Ns;
  };
  double One = Run(1);
  double Best = One;
  for (unsigned K : {2u, 4u, 8u, 16u, 32u})
    Best = std::min(Best, Run(K));
  return One / Best;
}

double measurePageFault(bool Quick) {
  constexpr size_t Bytes = size_t(16) << 20, Page = 4096;
  double Best = 1e300;
  for (unsigned R = 0, RE = Quick ? 3 : 7; R < RE; ++R) {
    Clock::time_point T0 = Clock::now();
    void *M = ::mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (M == MAP_FAILED)
      return 0;
    // Written, not read: a read maps the shared zero page without a copy.
    volatile char *P = static_cast<char *>(M);
    for (size_t I = 0; I < Bytes; I += Page)
      P[I] = 1;
    ::munmap(M, Bytes);
    Best = std::min(Best, nsSince(T0) / double(Bytes / Page));
  }
  return Best;
}

} // namespace crop::mb
