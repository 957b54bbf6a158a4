//===- Microbench.cpp - Timing kernels and assembling the descriptor ------===//
#include "crop/Microbench/Microbench.h"

#include "crop/Hwdb/Units.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace llvm;

namespace crop::mb {
namespace {

using Clock = std::chrono::steady_clock;

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg.str());
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

} // namespace

KernelTimer::KernelTimer(KernelJit &J, bool Quick)
    : J(J), Quick(Quick), Steps(Quick ? 256 : 512) {
  In = std::aligned_alloc(4096, 4096);
  Mem = std::aligned_alloc(4096, 16384);
}

KernelTimer::~KernelTimer() {
  std::free(In);
  std::free(Mem);
}

namespace {
KernelSpec calibrationSpec() {
  KernelSpec Add;
  Add.Name = "calibrate.add.i64";
  Add.S = Shape::Binary;
  Add.Op = "add";
  Add.Ty = "i64";
  return Add;
}
} // namespace

Expected<std::unique_ptr<KernelTimer>> KernelTimer::create(KernelJit &J,
                                                           bool Quick) {
  std::unique_ptr<KernelTimer> T(new KernelTimer(J, Quick));
  if (!T->In || !T->Mem)
    return makeError("cannot allocate the kernel buffers");
  KernelSpec Add = calibrationSpec();
  Expected<KernelFn> Calib = T->compile(Add, KernelKind::Latency);
  T->CalibSteps = T->stepsFor(Add, KernelKind::Latency);
  if (!Calib)
    return Calib.takeError();
  T->Calib = *Calib;
  // The empty loop: the same kernel with no steps.
  auto Ctx = std::make_unique<LLVMContext>();
  Expected<std::unique_ptr<Module>> M =
      buildKernel(*Ctx, Add, KernelKind::Latency, 0, 1, "crop_mb_empty",
                  J.triple(), J.dataLayout(), J.simdBits());
  if (!M)
    return M.takeError();
  Expected<void *> Empty =
      J.compile(std::move(*M), std::move(Ctx), "crop_mb_empty");
  if (!Empty)
    return Empty.takeError();
  T->Empty = reinterpret_cast<KernelFn>(*Empty);
  fillOperands(Add, T->In);
  const int64_t EmptyIters = 200000;
  double Best = 1e300;
  for (unsigned R = 0; R < 7; ++R)
    Best = std::min(Best, T->timeNs(T->Empty, EmptyIters));
  T->EmptyNsPerIter = Best / EmptyIters;
  // The add chain runs ~30 us per pairing.
  double One = T->timeNs(T->Calib, 16);
  T->CalibIters =
      std::clamp<int64_t>(int64_t(3e4 / std::max(One / 16, 1.0)), 1, 1 << 16);
  return T;
}

double KernelTimer::timeNs(KernelFn F, int64_t Iters) {
  auto T0 = Clock::now();
  F(Iters, In, Mem);
  return std::chrono::duration<double, std::nano>(Clock::now() - T0).count();
}

Expected<KernelFn> KernelTimer::compile(const KernelSpec &K, KernelKind Kind) {
  unsigned Streams = 12;
  if (K.Ty[0] == 'i' && K.Lanes == 1)
    Streams = 8; // general registers run out beyond that
  if (K.S == Shape::Call)
    Streams = 4; // every call clobbers the vector registers anyway
  std::string Name = formatv("crop_mb_{0}", Counter++).str();
  auto C0 = Clock::now();
  unsigned N = stepsFor(K, Kind);
  auto Ctx = std::make_unique<LLVMContext>();
  Expected<std::unique_ptr<Module>> M =
      buildKernel(*Ctx, K, Kind, N, Streams, Name, J.triple(), J.dataLayout(),
                  J.simdBits());
  if (!M)
    return M.takeError();
  Expected<void *> Addr = J.compile(std::move(*M), std::move(Ctx), Name);
  {
    std::lock_guard<std::mutex> L(Mu);
    CompileSeconds += std::chrono::duration<double>(Clock::now() - C0).count();
  }
  if (!Addr)
    return Addr.takeError();
  return reinterpret_cast<KernelFn>(*Addr);
}

unsigned KernelTimer::stepsFor(const KernelSpec &K, KernelKind Kind) const {
  // Compiling is most of a run's time (about 40 us a step); a throughput
  // kernel's streams and a call's spills dwarf the loop with fewer steps.
  unsigned N = Steps;
  if (Kind == KernelKind::Throughput)
    N /= Quick ? 4 : 2;
  if (K.S == Shape::Call)
    N /= 4;
  return std::max(N, 16u);
}

std::pair<double, double> KernelTimer::measure(KernelFn F, const KernelSpec &K,
                                               KernelKind Kind) {
  const unsigned Steps = stepsFor(K, Kind);
  auto R0 = Clock::now();
  fillOperands(K, In);
  std::memset(Mem, 0, 16384);
  const double TargetNs = Quick ? 1e5 : 3e5;
  F(1, In, Mem); // first touch
  double One = timeNs(F, 1);
  int64_t Iters =
      std::clamp<int64_t>(int64_t(TargetNs / std::max(One, 1.0)), 1, 1 << 20);
  const unsigned MinReps = Quick ? 3 : 5, MaxReps = Quick ? 10 : 25;
  double MinK = 1e300, MinC = 1e300;
  std::vector<double> PerRep;
  unsigned Stable = 0;
  auto perStep = [&](double KNs, double CNs) {
    double Kernel = (KNs / double(Iters) - EmptyNsPerIter) / Steps;
    double Add = (CNs / double(CalibIters) - EmptyNsPerIter) / CalibSteps;
    return std::max(Kernel, 0.0) / Add;
  };
  for (unsigned R = 0; R < MaxReps; ++R) {
    double KNs = timeNs(F, Iters);
    double CNs = timeNs(Calib, CalibIters);
    bool Improved = KNs < MinK * 0.995 || CNs < MinC * 0.995;
    MinK = std::min(MinK, KNs);
    MinC = std::min(MinC, CNs);
    PerRep.push_back(perStep(KNs, CNs));
    Stable = Improved ? 0 : Stable + 1;
    if (R + 1 >= MinReps && Stable >= 2)
      break;
  }
  double AddNs = (MinC / double(CalibIters) - EmptyNsPerIter) / CalibSteps;
  Hz.push_back(1e9 / AddNs);
  double Cycles = perStep(MinK, MinC);
  // A step that costs nothing measurable (hidden under the loop): charge
  // it 1/64 cycle rather than zero.
  Cycles = std::max(Cycles, 1.0 / 64);
  double Spread = std::fabs(median(PerRep) - Cycles) / Cycles;
  RunSeconds += std::chrono::duration<double>(Clock::now() - R0).count();
  return {Cycles, Spread};
}

std::pair<double, double> KernelTimer::frequency() const {
  if (Hz.empty())
    return {0, 0};
  double Max = *std::max_element(Hz.begin(), Hz.end());
  double Med = median(Hz);
  return {Med, (Max - Med) / Med};
}

Expected<std::pair<double, double>> calibrateFrequency(KernelTimer &T) {
  KernelSpec Add = calibrationSpec();
  Expected<KernelFn> F = T.compile(Add, KernelKind::Latency);
  if (!F)
    return F.takeError();
  T.measure(*F, Add, KernelKind::Latency);
  return T.frequency();
}

namespace {

/// Dependent adds per second on each of Threads threads running at once
/// (the median thread's, best of three): the core clock with that many
/// cores busy.
double addChainRate(unsigned Threads, bool Quick) {
#if defined(__x86_64__) || defined(__aarch64__)
  const uint64_t Blocks = Quick ? 20000 : 60000; // 1000 adds each
  double Best = 0;
  for (int Repeat = 0; Repeat < 3; ++Repeat) {
    std::vector<double> Rates(Threads, 0);
    std::atomic<unsigned> Ready{0};
    std::vector<std::thread> Ts;
    for (unsigned I = 0; I < Threads; ++I)
      Ts.emplace_back([&, I] {
        ++Ready;
        while (Ready.load() < Threads) {
        }
        uint64_t X = 0, One = 1;
        auto T0 = Clock::now();
        for (uint64_t B = 0; B < Blocks; ++B)
#if defined(__x86_64__)
          // A register operand, not an immediate: Golden Cove's renamer folds
          // chains of `add $1` (17.7 billion a second on an Emerald Rapids
          // VM whose adds of a register run at 2.9 billion, one a cycle).
          asm volatile(".rept 1000\n\tadd %1, %0\n\t.endr"
                       : "+r"(X)
                       : "r"(One));
#else
          asm volatile(".rept 1000\n\tadd %0, %0, #1\n\t.endr" : "+r"(X));
#endif
        double S = std::chrono::duration<double>(Clock::now() - T0).count();
        Rates[I] = S > 0 ? double(Blocks) * 1000 / S : 0;
      });
    for (std::thread &T : Ts)
      T.join();
    std::sort(Rates.begin(), Rates.end());
    Best = std::max(Best, Rates[Rates.size() / 2]);
  }
  return Best;
#else
  (void)Threads;
  (void)Quick;
  return 0;
#endif
}

struct Driver {
  const Options &O;
  raw_ostream *P;
  MicrobenchResult R;
  std::unique_ptr<KernelJit> J;
  std::vector<std::string> Notes; // for `source`
  Clock::time_point Start = Clock::now();

  explicit Driver(const Options &O) : O(O), P(O.Progress) {}

  double elapsed() const {
    return std::chrono::duration<double>(Clock::now() - Start).count();
  }
  void log(const Twine &Msg) {
    if (P)
      *P << formatv("[{0,5:f1}s] ", elapsed()) << Msg << "\n";
  }
  void note(const std::string &N) {
    Notes.push_back(N);
    log("note: " + N);
  }
  void report(const std::string &What, double V, const std::string &Unit,
              double Spread) {
    R.Report.push_back({What, V, Unit, Spread});
  }

  Error run();
  void measureClockByCores(const HostInfo &H, hw::CpuParams &C);
  Error measureInstructions(KernelTimer &T, hw::CpuParams &C,
                            std::set<std::string> &UsedUnits);
  Error measureMemory(double Hz, hw::CpuParams &C);
  /// Where a cache level ends by streaming-read bandwidth, searched in
  /// [Lo, Hi]; 0 if the curve shows no clear drop.
  Expected<uint64_t> bandwidthEdge(uint64_t Lo, uint64_t Hi,
                                   const std::string &Level);
};

std::string lowerWord(std::string S) {
  std::string Out;
  for (char Ch : S)
    if (isAlnum(Ch))
      Out += toLower(Ch);
  return Out;
}

void Driver::measureClockByCores(const HostInfo &H, hw::CpuParams &C) {
  if (H.Cores < 2)
    return;
  if (H.ThreadsPerCore > 1) {
    // Two threads on one core's SMT siblings halve each other's adds, which
    // would read as a clock drop; without pinning the test cannot tell.
    note("frequency_by_active_cores not written: with SMT the busy-core "
         "clock test needs threads pinned to distinct cores");
    return;
  }
  // One core is timed on both sides of the busy run and the faster kept: on a
  // shared host a tenant's burst during the one-core run once read as a
  // 3.8 % higher clock with every core busy (Zen 3 VM, 2026-12-01).
  double One = addChainRate(1, O.Quick), All = addChainRate(H.Cores, O.Quick);
  One = std::max(One, addChainRate(1, O.Quick));
  if (One <= 0 || All <= 0)
    return;
  // No CPU boosts higher with more cores busy (vendors' boost tables fall
  // with the active-core count); a ratio above 1 is the noise of the host.
  double Ratio = std::min(1.0, All / One);
  double AllHz = std::round(C.FrequencyHz * Ratio / 1e6) * 1e6;
  C.FrequencyByActiveCores = {{1u, C.FrequencyHz}, {H.Cores, AllHz}};
  report("frequency, all cores busy", AllHz / 1e9, "GHz", 0);
  note(formatv("frequency_by_active_cores is measured: a dependent add chain "
               "on each of {0} cores at once ran at {1:p} of its rate on "
               "one core (the faster of two one-core runs around it){2}",
               H.Cores, All / One,
               All > One ? "; taken as 100 %: no CPU clocks higher with "
                           "more cores busy"
                         : "")
           .str());
}

Error Driver::run() {
  R.Host = detectHostInfo();
  const HostInfo &H = R.Host;
  std::string Arch = H.microarchitecture();
  log(formatv("host: {0} ({1}, family {2:x}h model {3:x}h), {4} threads, "
              "{5} cores{6}",
              H.Brand.empty() ? "unknown CPU" : H.Brand,
              Arch.empty() ? "unidentified" : Arch, H.Family, H.Model,
              H.Threads, H.Cores, H.Hypervisor ? ", virtual machine" : ""));
  for (const std::string &N : H.Notes)
    note(N);
  Expected<std::unique_ptr<KernelJit>> JE = KernelJit::create();
  if (!JE)
    return JE.takeError();
  J = std::move(*JE);
  log(formatv("JIT: LLVM for {0}, cpu {1}, {2}-bit vectors", J->triple(),
              J->cpuName(), J->simdBits()));

  hw::Target &T = R.Target;
  T.Name = !O.Name.empty() ? O.Name
           : Arch.empty()  ? "host"
                           : "host-" + lowerWord(Arch);
  T.Kind = hw::TargetKind::CPU;
  std::string ArchName = StringRef(J->triple()).split('-').first.str();
  T.Isa = ArchName == "x86_64" ? (J->simdBits() >= 512   ? "x86-64-avx512"
                                  : J->simdBits() >= 256 ? "x86-64-avx2"
                                                         : "x86-64")
                               : ArchName;
  T.SchemaVersion = 1;
  hw::CpuParams &C = T.Cpu.emplace();
  C.Threads = H.Threads;
  C.Cores = H.Cores;
  C.SimdBits = J->simdBits();

  Expected<std::unique_ptr<KernelTimer>> Timer =
      KernelTimer::create(*J, O.Quick);
  if (!Timer)
    return Timer.takeError();
  log("calibrating the core clock (dependent 64-bit adds, 1 cycle each)");
  Expected<std::pair<double, double>> F0 = calibrateFrequency(**Timer);
  if (!F0)
    return F0.takeError();
  log(formatv("core clock {0:f3} GHz", F0->first / 1e9));
  std::set<std::string> UsedUnits;
  if (Error E = measureInstructions(**Timer, C, UsedUnits))
    return E;
  // Every kernel repeat was paired with an add chain: the clock seen over
  // the whole run, and how much it moved.
  auto [Hz, HzSpread] = (*Timer)->frequency();
  log(formatv("core clock over the instruction kernels: {0:f3} GHz median, "
              "up to {1:p} faster at times",
              Hz / 1e9, HzSpread));
  if (HzSpread > 0.05)
    note(formatv("the core clock moved by up to {0:p} during the run "
                 "(boost, power management or a busy host); every cost is "
                 "relative to an add chain timed next to it, so this "
                 "cancels",
                 HzSpread)
             .str());
  C.FrequencyHz = std::round(Hz / 1e6) * 1e6;
  report("frequency", Hz / 1e9, "GHz", HzSpread);
  measureClockByCores(H, C);

  if (Error E = measureMemory(Hz, C))
    return E;

  log("branch mispredict penalty: random against predictable branches");
  Expected<std::pair<double, double>> Mp =
      measureMispredictPenalty(*J, Hz, O.Quick);
  if (!Mp)
    return Mp.takeError();
  C.MispredictPenalty = std::round(Mp->first * 10) / 10;
  report("mispredict penalty", C.MispredictPenalty, "cycles", Mp->second);
  note(formatv("mispredict_penalty {0} cycles is measured: a branch on a "
               "random bit of a register-held generator against the same "
               "branch never taken, per mispredict (half of the random ones)",
               C.MispredictPenalty)
           .str());
  std::string Date;
  {
    std::time_t Now = std::time(nullptr);
    char Buf[32];
    std::strftime(Buf, sizeof(Buf), "%Y-%m-%d", std::gmtime(&Now));
    Date = Buf;
  }
  T.Summary = formatv("{0}{1}, measured by crop microbench{2} on {3}",
                      H.Brand.empty() ? "this host" : H.Brand,
                      Arch.empty() ? "" : " (" + Arch + ")",
                      O.Quick ? " --quick" : "", Date)
                  .str();
  std::string Src = formatv(
      "Measured on this host by `crop microbench{0}` ({1}); LLVM JIT for {2}, "
      "cpu {3}. Instruction costs: generated LLVM-IR kernels per opcode x "
      "type x lanes, a dependent chain (latency) and 8-12 independent "
      "streams (reciprocal throughput) of {7} steps, an empty loop's time "
      "subtracted, min of repeats, in core cycles: each repeat is paired "
      "with a chain of dependent adds (1 cycle each; median clock {4:f3} "
      "GHz). Round trips "
      "(sitofp+fptosi, zext+trunc, fpext+fptrunc, extract+insert) are "
      "split half and half; compares have the select that consumes them, "
      "reductions the closing insertelement, libm calls the fmul/fadd that "
      "keeps the value in range, subtracted. Loads of FP/vector types chain "
      "through a move to an integer register: half an i32-f32-i32 register "
      "round trip is subtracted. Store latency is the store-to-load "
      "forwarding round trip minus that load. Caches: "
      "geometry from {5}, latency by pointer chasing, bandwidth by JIT "
      "vector read loops for 1 and {6} threads. Docs: docs/microbench.md.",
      O.Quick ? " --quick" : "", Date, J->triple(), J->cpuName(),
      C.FrequencyHz / 1e9, H.CacheSource, C.Threads, (*Timer)->steps());
  for (const std::string &N : Notes)
    Src += "\n" + N;
  T.Source = Src;
  return Error::success();
}

Error Driver::measureInstructions(KernelTimer &Timer, hw::CpuParams &C,
                                  std::set<std::string> &UsedUnits) {
  std::vector<CatalogEntry> Cat = kernelCatalog(J->simdBits());
  // The kernels that set unit counts (and so must run for any subset).
  std::string VecW = J->simdBits() >= 256 ? "x8" : "x4";
  std::map<std::string, std::string> UnitKernel = {
      {"alu", "add.i64"},
      {"imul", "mul.i64"},
      {"fp", "fma.f32" + VecW},
      {"fadd", "fadd.f32" + VecW},
      {"load", "load.i64"},
      {"store", "store.i64"},
      {"shuffle", "shufflevector.f32x4"},
      {"div", "fdiv.f32"}};
  // The kernels to run: all, the --quick subset or the --only prefixes,
  // closed over the kernels they subtract and the unit-count kernels.
  std::map<std::string, const CatalogEntry *> ByName;
  for (const CatalogEntry &E : Cat)
    ByName[E.Kernel.Name] = &E;
  std::vector<std::string> Work;
  for (const CatalogEntry &E : Cat) {
    bool Want = O.Only.empty() ? (!O.Quick || E.InQuick) : false;
    for (const std::string &Pre : O.Only)
      Want |= StringRef(E.Kernel.Name).starts_with(Pre);
    if (Want)
      Work.push_back(E.Kernel.Name);
  }
  for (const auto &[U, K] : UnitKernel)
    Work.push_back(K);
  std::set<std::string> Keep;
  while (!Work.empty()) {
    std::string N = Work.back();
    Work.pop_back();
    if (!ByName.count(N) || !Keep.insert(N).second)
      continue;
    for (const Output &Out : ByName[N]->Outputs) {
      for (const auto &S : Out.SubLatency)
        Work.push_back(S.first);
      for (const auto &S : Out.SubThroughput)
        Work.push_back(S.first);
    }
  }
  struct Job {
    const CatalogEntry *E;
    KernelKind Kind;
    Expected<KernelFn> Fn = KernelFn(nullptr);
    bool Ready = false;
  };
  std::vector<Job> Jobs;
  for (const CatalogEntry &E : Cat)
    if (Keep.count(E.Kernel.Name))
      for (KernelKind K : {KernelKind::Latency, KernelKind::Throughput})
        Jobs.push_back({&E, K});
  log(formatv("instruction kernels: {0} x (latency, throughput), {1} steps "
              "each",
              Jobs.size() / 2, Timer.steps()));
  // Compile everything first, on every hardware thread, then measure with
  // the machine otherwise idle: a compiler running beside a kernel would
  // share its core's caches and the clock.
  {
    std::atomic<size_t> Next{0};
    std::vector<std::thread> Pool;
    unsigned N = std::clamp(R.Host.Threads, 1u, 8u);
    for (unsigned T = 0; T < N; ++T)
      Pool.emplace_back([&] {
        for (size_t I; (I = Next++) < Jobs.size();) {
          Jobs[I].Fn = Timer.compile(Jobs[I].E->Kernel, Jobs[I].Kind);
          Jobs[I].Ready = true;
        }
      });
    for (std::thread &T : Pool)
      T.join();
  }
  log(formatv("compiled ({0:f1} s of compile time on {1} threads)",
              Timer.CompileSeconds, std::clamp(R.Host.Threads, 1u, 8u)));
  std::map<std::string, KernelResult> Raw;
  std::string Failed;
  for (Job &Jb : Jobs)
    if (!Jb.Fn) {
      Failed = toString(Jb.Fn.takeError());
      break;
    }
  // Several passes over all kernels, each kernel's best pass kept: a
  // neighbour on the host (another VM on the SMT sibling, a burst of other
  // work) slows whole stretches of a pass, and a later pass misses it.
  const unsigned Passes = O.Quick ? 2 : 3;
  std::vector<std::vector<double>> Samples(Jobs.size());
  std::vector<double> InPass(Jobs.size(), 0);
  for (unsigned P = 0; P < Passes && Failed.empty(); ++P) {
    for (size_t I = 0; I < Jobs.size(); ++I) {
      auto [Cycles, Spread] =
          Timer.measure(*Jobs[I].Fn, Jobs[I].E->Kernel, Jobs[I].Kind);
      if (Samples[I].empty() ||
          Cycles < *std::min_element(Samples[I].begin(), Samples[I].end()))
        InPass[I] = Spread;
      Samples[I].push_back(Cycles);
    }
    log(formatv("  measuring pass {0}/{1} done", P + 1, Passes));
  }
  for (size_t I = 0; Failed.empty() && I < Jobs.size(); ++I) {
    Job &Jb = Jobs[I];
    double Cycles = *std::min_element(Samples[I].begin(), Samples[I].end());
    double Spread = std::max(InPass[I], (median(Samples[I]) - Cycles) / Cycles);
    KernelResult &KR = Raw[Jb.E->Kernel.Name];
    if (Jb.Kind == KernelKind::Latency) {
      KR.Latency = Cycles;
      KR.LatencySpread = Spread;
      continue;
    }
    // Independent streams cannot be slower than the chain.
    KR.RecipThroughput = std::min(Cycles, KR.Latency);
    KR.ThroughputSpread = Spread;
    unsigned Done = unsigned(I / 2 + 1), Total = unsigned(Jobs.size() / 2);
    if (Done % 50 == 0 || Done == Total)
      log(formatv("  {0}/{1} kernels ({2}: latency {3:f2}, throughput "
                  "{4:f2} cycles)",
                  Done, Total, Jb.E->Kernel.Name, KR.Latency,
                  KR.RecipThroughput));
  }
  for (Job &Jb : Jobs)
    if (Jb.Ready && !Jb.Fn)
      consumeError(Jb.Fn.takeError());
  if (!Failed.empty())
    return makeError(Failed);
  log(formatv("instruction kernels done: {0:f1} s compiling, {1:f1} s "
              "measuring",
              Timer.CompileSeconds, Timer.RunSeconds));
  // Functional units: how many of each class ran per cycle at best.
  unsigned MaxPerCycle = 1;
  double BestRate = 0;
  std::string BestKernel;
  for (const auto &[Unit, K] : UnitKernel) {
    auto It = Raw.find(K);
    if (It == Raw.end())
      return makeError("unit kernel " + K + " was not measured");
    unsigned N =
        std::max(1u, unsigned(std::lround(1 / It->second.RecipThroughput)));
    C.Units[Unit] = N;
  }
  for (const auto &[Name, KR] : Raw)
    if (1 / KR.RecipThroughput > BestRate) {
      BestRate = 1 / KR.RecipThroughput;
      BestKernel = Name;
    }
  MaxPerCycle = std::max(1u, unsigned(std::lround(BestRate)));
  C.IssueWidth = MaxPerCycle;
  note(formatv(
           "units: counts are measured, round(1 / reciprocal "
           "throughput) of {0}; issue_width {1} is the most "
           "instructions of one kind measured per cycle ({2}: {3:f2}), "
           "a lower bound on the dispatch width",
           [&] {
             std::string S;
             for (const auto &[U, K] : UnitKernel)
               S += (S.empty() ? "" : ", ") + U + " from " + K;
             return S;
           }(),
           C.IssueWidth, BestKernel, BestRate)
           .str());

  for (const CatalogEntry &E : Cat) {
    auto It = Raw.find(E.Kernel.Name);
    if (It == Raw.end())
      continue;
    const KernelResult &KR = It->second;
    for (const Output &Out : E.Outputs) {
      double Lat = KR.Latency, Tp = KR.RecipThroughput;
      for (const auto &[N, F] : Out.SubLatency)
        if (auto S = Raw.find(N); S != Raw.end())
          Lat -= F * S->second.Latency;
      for (const auto &[N, F] : Out.SubThroughput)
        if (auto S = Raw.find(N); S != Raw.end())
          Tp -= F * S->second.RecipThroughput;
      Lat *= Out.Scale;
      Tp *= Out.Scale;
      // What is left after a subtraction can be below the noise; keep a
      // positive floor rather than a zero or negative cost.
      double Floor = 0.05;
      if (E.Kernel.S == Shape::Store && Lat < 1) {
        // Store-to-load forwarding as fast as a load or faster (memory
        // renaming): a store still takes its issue cycle.
        log(formatv("  {0}: forwarding round trip {1:f2} cycles is not "
                    "above the load's; latency written as 1",
                    Out.Key, KR.Latency));
        Lat = 1;
      }
      if (Lat < Floor || Tp < Floor)
        log(formatv("  {0}: {1:f2} / {2:f2} cycles after subtraction; "
                    "floored at {3}",
                    Out.Key, Lat, Tp, Floor));
      hw::InstrCost IC;
      IC.Latency = std::max(Floor, std::round(Lat * 100) / 100);
      IC.RecipThroughput = std::max(Floor, std::round(Tp * 100) / 100);
      IC.Unit = Out.Unit;
      unsigned Units = C.Units.count(Out.Unit) ? C.Units[Out.Unit] : 1;
      // Issue slots: a unit busy longer than one instruction per unit per
      // cycle allows is taken to run several uops.
      IC.Uops = std::max(1u, unsigned(std::lround(IC.RecipThroughput * Units)));
      if (IC.Uops > 1 && Out.Unit == "div")
        IC.Uops = 1; // the divider is not pipelined: one uop, long busy
      C.Instructions[Out.Key] = IC;
      UsedUnits.insert(Out.Unit);
      report(Out.Key + " latency", IC.Latency, "cycles", KR.LatencySpread);
      report(Out.Key + " throughput", IC.RecipThroughput, "cycles",
             KR.ThroughputSpread);
    }
  }
  return Error::success();
}

/// Rounds a capacity read off a curve at doubling sizes to a size the
/// descriptor accepts (a power of two number of sets of Ways lines): such a
/// point is a power of two already, so this only snaps it to whole sets.
uint64_t roundCapacity(double Bytes, unsigned Line, unsigned Ways) {
  double Sets = std::max(1.0, Bytes / double(Line) / Ways);
  uint64_t Pow = uint64_t(1) << unsigned(std::lround(std::log2(Sets)));
  return Pow * Line * Ways;
}

/// An interpolated capacity (the streaming-read edge) in whole sets of Ways
/// lines, not rounded to a power of two: a VM's share of a cache is what it
/// is (the Zen 3 VM's edge at 11 297 KiB rounded to 8 MiB put a 9.6 MB
/// stream that stays in its L3 between calls in RAM; docs/microbench.md).
uint64_t wholeSets(double Bytes, unsigned Line, unsigned Ways) {
  double Set = double(Line) * Ways;
  return uint64_t(std::max(1.0, std::floor(Bytes / Set))) * uint64_t(Set);
}

Expected<uint64_t> Driver::bandwidthEdge(uint64_t Lo, uint64_t Hi,
                                          const std::string &Level) {
  // One-thread read bandwidth at doubling working sets from Lo to Hi; the
  // level ends where it falls through the midpoint between the plateau (the
  // first sizes) and memory (the last ones), interpolated in log size.
  std::vector<std::pair<uint64_t, double>> Pts;
  for (uint64_t S = std::max<uint64_t>(Lo / 2, 4096); S <= Hi; S *= 2) {
    Expected<std::pair<double, double>> B =
        measureReadBandwidth(*J, S, 1, O.Quick);
    if (!B)
      return B.takeError();
    report(formatv("{0} edge: read {1} KiB", Level, S / 1024).str(),
           B->first / 1e9, "GB/s", B->second);
    Pts.push_back({S, B->first});
  }
  if (Pts.size() < 4)
    return 0;
  double Top = std::max(Pts[0].second, Pts[1].second);
  double Low = std::min(Pts[Pts.size() - 1].second, Pts[Pts.size() - 2].second);
  if (Top < 1.3 * Low)
    return 0; // No clear drop: the bandwidth curve cannot tell either.
  double Mid = (Top + Low) / 2;
  for (size_t I = 1; I < Pts.size(); ++I)
    if (Pts[I].second < Mid) {
      double A = Pts[I - 1].second, B = Pts[I].second;
      double F = A > B ? std::clamp((A - Mid) / (A - B), 0.0, 1.0) : 0.0;
      return uint64_t(double(Pts[I - 1].first) * std::exp2(F));
    }
  return 0;
}

Error Driver::measureMemory(double Hz, hw::CpuParams &C) {
  const HostInfo &H = R.Host;
  double CyclesPerNs = Hz / 1e9;
  unsigned Line = 64;
  std::vector<HostCache> Levels = H.Caches;
  if (!Levels.empty())
    Line = Levels.front().LineBytes;
  // Working sets: 4 KiB to beyond the last level that the machine can hold.
  uint64_t Max = O.MaxWorkingSet;
  if (!Max) {
    Max = O.Quick ? (64u << 20) : (256u << 20);
    if (!Levels.empty() && Levels.back().SizeBytes * 4 < Max)
      Max = std::max<uint64_t>(Levels.back().SizeBytes * 4, 16u << 20);
  }
  std::vector<uint64_t> Sizes;
  double Step = O.Quick ? 2.0 : std::sqrt(2.0);
  for (double S = 4096; S <= double(Max) * 1.0001; S *= Step)
    Sizes.push_back(uint64_t(S) / Line * Line);
  log(formatv("memory latency: pointer chasing over {0} working sets, 4 KiB "
              "to {1} MiB",
              Sizes.size(), Max >> 20));
  std::vector<LatencyPoint> Curve =
      measureLatencyCurve(Sizes, Line, O.Quick, nullptr);
  if (Curve.size() < 3)
    return makeError("pointer chasing failed (could not allocate " +
                     std::to_string(Max >> 20) + " MiB?)");
  for (const LatencyPoint &LP : Curve)
    report(formatv("chase {0} KiB", LP.Bytes / 1024).str(), LP.Ns * CyclesPerNs,
           "cycles", LP.Spread);
  auto minIn = [&](double Lo, double Hi) {
    // The lowest latency of the points in (Lo, Hi]: a busy host only ever
    // adds time, so the minimum is the level's own latency.
    double Best = 0;
    for (const LatencyPoint &LP : Curve)
      if (double(LP.Bytes) > Lo && double(LP.Bytes) <= Hi &&
          (Best == 0 || LP.Ns * CyclesPerNs < Best))
        Best = LP.Ns * CyclesPerNs;
    return Best;
  };
  // RAM: the largest working sets.
  double RamCycles = minIn(double(Max) / 4, double(Max));

  // Each level the OS reports: its plateau is the lowest latency over the
  // sizes that fit in it but not in the level before; the step out of it
  // (latency 1.5x the plateau) checks the OS's size. A level that shows no
  // plateau of its own below RAM (a VM whose L3 figure is the host's, or
  // whose cache is partitioned) is looked for between the previous level
  // and RAM, or left out.
  uint64_t Prev = 0;
  double PrevLat = 0;
  std::vector<hw::CacheLevel> Out;
  for (const HostCache &HC : Levels) {
    hw::CacheLevel L;
    L.Name = HC.Level == 1 ? "L1d" : "L" + std::to_string(HC.Level);
    L.LineBytes = HC.LineBytes ? HC.LineBytes : Line;
    L.Ways = HC.Ways;
    L.SizeBytes = HC.SizeBytes;
    L.SharedByCores =
        std::max(1u, HC.SharedByThreads / std::max(1u, H.ThreadsPerCore));
    L.SharedByCores = std::min(L.SharedByCores, C.Cores);
    if (!L.Ways) {
      L.Ways = 16;
      note(L.Name + ": cpuid gives no associativity; 16 ways written (the "
                    "L2/L3 associativity of current AMD and Intel cores)");
    }
    double Lo = Prev ? 1.5 * double(Prev) : 0;
    double Lat = minIn(Lo, std::min(double(HC.SizeBytes) / 2, double(Max) / 8));
    bool Visible = Lat > 0 && Lat < 0.75 * RamCycles &&
                   (PrevLat == 0 || Lat > 1.2 * PrevLat);
    std::string Msg =
        formatv("{0}: {1} says {2}, {3} ways, {4} B lines", L.Name,
                H.CacheSource,
                hw::formatQuantity(double(HC.SizeBytes), hw::Dimension::Bytes),
                L.Ways, L.LineBytes)
            .str();
    if (Visible) {
      // The step must persist over two sizes: one slow point is noise.
      uint64_t StepAt = 0;
      for (size_t P = 0; P + 1 < Curve.size(); ++P)
        if (double(Curve[P].Bytes) > Lo &&
            Curve[P].Ns * CyclesPerNs >= 1.5 * Lat &&
            Curve[P + 1].Ns * CyclesPerNs >= 1.5 * Lat) {
          StepAt = Curve[P].Bytes;
          break;
        }
      bool Consistent = StepAt &&
                        double(StepAt) >= 0.7 * double(HC.SizeBytes) &&
                        double(StepAt) <= 4.0 * double(HC.SizeBytes);
      Msg += formatv("; plateau {0:f1} cycles; latency leaves it at {1} KiB: "
                     "{2}",
                     Lat, StepAt / 1024,
                     !StepAt      ? "no step within the sizes tried"
                     : Consistent ? "consistent"
                                  : "inconsistent")
                 .str();
      if (StepAt && !Consistent && 4 * StepAt < HC.SizeBytes) {
        // What this core can use ends far before the OS's figure (a VM
        // that reports the host's whole L3): the last size before the step.
        // A smaller mismatch keeps the OS's size and is only reported.
        uint64_t Before = 0;
        for (const LatencyPoint &LP : Curve)
          if (LP.Bytes < StepAt)
            Before = LP.Bytes;
        // Under nested paging the chase's step can be the TLB's reach, not
        // the cache's end. Streaming reads walk few pages per byte, so their
        // bandwidth curve finds the end where the chase cannot.
        Expected<uint64_t> Edge = bandwidthEdge(
            StepAt, std::min<uint64_t>(HC.SizeBytes, Max), L.Name);
        if (!Edge)
          return Edge.takeError();
        if (*Edge > Before) {
          L.SizeBytes = wholeSets(double(*Edge), L.LineBytes, L.Ways);
          Msg += formatv("; streaming-read bandwidth stays above the midpoint "
                         "between this level's and memory's up to {0} KiB: "
                         "{1} written (the chase's step is the TLB's reach)",
                         *Edge / 1024,
                         hw::formatQuantity(double(L.SizeBytes),
                                            hw::Dimension::Bytes))
                     .str();
        } else {
          L.SizeBytes = roundCapacity(double(std::max<uint64_t>(Before, 1)),
                                      L.LineBytes, L.Ways);
          Msg += formatv("; {0} written (the last size before the step)",
                         hw::formatQuantity(double(L.SizeBytes),
                                            hw::Dimension::Bytes))
                     .str();
        }
        // No larger than the level before it: not a level of its own here.
        if (double(L.SizeBytes) < 1.5 * double(Prev))
          Visible = false;
      }
    }
    if (!Visible) {
      // The largest size that is still clearly faster than RAM.
      uint64_t Last = 0;
      double LastLat = 0;
      for (const LatencyPoint &LP : Curve) {
        double Cy = LP.Ns * CyclesPerNs;
        // A cache is at most ~10x slower than the level inside it; beyond
        // that a point is a slow walk to memory, not a level.
        if (double(LP.Bytes) > Lo && Cy < 0.6 * RamCycles &&
            Cy > 1.5 * PrevLat && (PrevLat == 0 || Cy <= 10 * PrevLat))
          Last = LP.Bytes, LastLat = Cy;
        if (double(LP.Bytes) > Lo && Cy >= 0.75 * RamCycles)
          break;
      }
      if (!Last || double(Last) < 1.5 * double(Prev)) {
        note(Msg + "; no plateau between the previous level and RAM: left "
                   "out of the descriptor (a VM's partitioned or "
                   "host-wide cache)");
        continue;
      }
      L.SizeBytes = roundCapacity(double(Last), L.LineBytes, L.Ways);
      Lat = LastLat;
      Msg +=
          formatv("; no plateau below RAM in that range; the largest "
                  "working set clearly faster than RAM is {0} KiB "
                  "({1:f1} cycles): written as a {2} level",
                  Last / 1024, LastLat,
                  hw::formatQuantity(double(L.SizeBytes), hw::Dimension::Bytes))
              .str();
    }
    note(Msg);
    if (L.SizeBytes / L.LineBytes % L.Ways) {
      note(formatv("{0}: {1} ways do not divide the line count; ways set "
                   "to 16",
                   L.Name, L.Ways)
               .str());
      L.Ways = 16;
      L.SizeBytes = roundCapacity(double(L.SizeBytes), L.LineBytes, L.Ways);
    }
    if (!Out.empty() && Lat <= Out.back().LatencyCycles) {
      note(formatv("{0}: measured latency {1:f1} cycles is not above {2}'s; "
                   "written as {2}'s + 1",
                   L.Name, Lat, Out.back().Name)
               .str());
      Lat = Out.back().LatencyCycles + 1;
    }
    L.LatencyCycles = std::round(Lat * 10) / 10;
    report(L.Name + " latency", L.LatencyCycles, "cycles", 0);
    Out.push_back(L);
    Prev = L.SizeBytes;
    PrevLat = L.LatencyCycles;
  }
  if (Out.empty()) {
    // No OS facts: one level at the biggest step of the curve.
    return makeError("no cache geometry from sysfs or cpuid; crop "
                     "microbench needs at least the level sizes");
  }
  if (RamCycles <= Out.back().LatencyCycles) {
    note(formatv("RAM latency {0:f1} cycles is not above {1}'s; the "
                 "largest working set ({2} MiB) still fits a cache",
                 RamCycles, Out.back().Name, Max >> 20)
             .str());
    RamCycles = Out.back().LatencyCycles + 1;
  }
  C.RamLatencyCycles = std::round(RamCycles * 10) / 10;
  report("RAM latency", C.RamLatencyCycles, "cycles", Curve.back().Spread);
  log(formatv(
      "latency per level: {0}; RAM {1:f1} cycles",
      [&] {
        std::string S;
        for (const hw::CacheLevel &L : Out)
          S += formatv("{0}{1} {2:f1}", S.empty() ? "" : ", ", L.Name,
                       L.LatencyCycles)
                   .str();
        return S;
      }(),
      C.RamLatencyCycles));

  // Bandwidth: half of each level per thread (its share if shared).
  unsigned All = O.Threads ? O.Threads : C.Threads;
  log(formatv("read bandwidth per level, 1 and {0} threads", All));
  auto bw = [&](uint64_t Bytes, unsigned Threads,
                const std::string &What) -> Expected<double> {
    Expected<std::pair<double, double>> B =
        measureReadBandwidth(*J, Bytes, Threads, O.Quick);
    if (!B)
      return B.takeError();
    report(What, B->first / 1e9, "GB/s", B->second);
    return B->first;
  };
  for (hw::CacheLevel &L : Out) {
    uint64_t Share = L.SizeBytes / 2;
    Expected<double> One = bw(Share, 1, L.Name + " bandwidth 1 thread");
    if (!One)
      return One.takeError();
    unsigned SharersInVm =
        std::max(1u, std::min(All, L.SharedByCores * H.ThreadsPerCore));
    Expected<double> Many = bw(std::max<uint64_t>(Share / SharersInVm, 4096),
                               All, L.Name + " bandwidth all threads");
    if (!Many)
      return Many.takeError();
    L.BandwidthPerCore = *One;
    L.BandwidthAll = std::max(*Many, *One);
    // Write-backs into this level: the same working set read and written
    // back. Nothing is written back into the first level.
    if (&L == &Out.front())
      continue;
    Expected<std::pair<double, double>> Upd =
        measureReadBandwidth(*J, Share, 1, O.Quick, /*Update=*/true);
    if (!Upd)
      return Upd.takeError();
    report(L.Name + " read-modify-write 1 thread", Upd->first / 1e9, "GB/s",
           Upd->second);
    double Wb = writeBackBandwidth(*One, Upd->first);
    if (O.WriteBacks)
      L.WriteBackBandwidthPerCore = Wb;
    note(formatv("{0}: a read-modify-write stream over {1} KiB moves {2:f1} "
                 "GB/s against {3:f1} GB/s reading: a write-back costs "
                 "{4:f2} ns a line beside its fill "
                 "(writeback_bandwidth_per_core {5:f0} GB/s{6}; {7})",
                 L.Name, Share >> 10, Upd->first / 1e9, *One / 1e9,
                 L.LineBytes / Wb * 1e9, Wb / 1e9,
                 Wb >= WriteBackCap * *One ? ", the cap: nearly free" : "",
                 O.WriteBacks ? "written" : "not written without --write-backs")
             .str());
  }
  uint64_t RamSet = O.Quick ? (32u << 20) : (128u << 20);
  if (!Out.empty())
    RamSet = std::max<uint64_t>(RamSet, Out.back().SizeBytes * 2);
  RamSet = std::min<uint64_t>(RamSet, std::max<uint64_t>(Max, 16u << 20));
  Expected<double> RamOne = bw(RamSet, 1, "RAM bandwidth 1 thread");
  if (!RamOne)
    return RamOne.takeError();
  Expected<double> RamAll = bw(std::max<uint64_t>(RamSet / All, 1 << 20), All,
                               "RAM bandwidth all threads");
  if (!RamAll)
    return RamAll.takeError();
  C.RamBandwidthPerCore = *RamOne;
  C.RamBandwidthAll = std::max(*RamAll, *RamOne);
  // Whether this VM's threads split a level cpuid says they share. Each of
  // them streams over 0.6 of the level at once: a level they split (its
  // lines go to whichever thread asks) cannot hold that, and each thread's
  // rate falls towards memory's; a level whose share each thread gets is
  // set by something else (neighbours on the host, a partitioned cache)
  // keeps each one's data, and its rate. The model gives each of T threads
  // 1/T of a level shared by T of its cores, so it takes such a level as
  // shared by none of them.
  for (hw::CacheLevel &L : Out) {
    unsigned Sharers =
        std::max(1u, std::min(All, L.SharedByCores * H.ThreadsPerCore));
    if (L.SharedByCores < 2 || Sharers < 2)
      continue;
    uint64_t Each = L.SizeBytes / 10 * 6;
    // A large server's L3 (100+ MiB shared by 100+ threads) would need
    // gigabytes; cpuid's count stands there.
    if (double(Each) * Sharers > double(2ull << 30)) {
      note(formatv("{0}: shared_by {1} as cpuid says (not tested: {2} threads "
                   "over {3} MiB each would take more than 2 GiB)",
                   L.Name, L.SharedByCores, Sharers, Each >> 20)
               .str());
      continue;
    }
    Expected<double> Alone = bw(Each, 1, L.Name + " bandwidth, 0.6 of it");
    if (!Alone)
      return Alone.takeError();
    Expected<double> Together =
        bw(Each, Sharers,
           L.Name + " bandwidth, 0.6 of it for each of its sharers at once");
    if (!Together)
      return Together.takeError();
    double PerThread = *Together / Sharers;
    bool Kept = sharersKeepTheirData(*Alone, PerThread, *RamOne);
    note(formatv("{0}: {1} threads streaming over {2} KiB each at once read "
                 "{3:f1} GB/s each, against {4:f1} GB/s alone and {5:f1} "
                 "from memory: {6}",
                 L.Name, Sharers, Each >> 10, PerThread / 1e9, *Alone / 1e9,
                 *RamOne / 1e9,
                 Kept ? "each keeps its data (not split between this "
                        "machine's threads): shared_by 1 written"
                      : formatv("split between them: shared_by {0} kept",
                                L.SharedByCores)
                            .str())
             .str());
    if (Kept)
      L.SharedByCores = 1;
  }
  // Three significant digits so the file reads well (before the caps
  // below, so that they compare what is written).
  auto r3 = [](double V) {
    if (!(V > 0))
      return V;
    double Mag = std::pow(10, std::floor(std::log10(V)) - 2);
    return std::round(V / Mag) * Mag;
  };
  for (hw::CacheLevel &L : Out) {
    L.BandwidthPerCore = r3(L.BandwidthPerCore);
    L.BandwidthAll = r3(L.BandwidthAll);
    L.WriteBackBandwidthPerCore = r3(L.WriteBackBandwidthPerCore);
  }
  C.RamBandwidthPerCore = r3(C.RamBandwidthPerCore);
  C.RamBandwidthAll = r3(C.RamBandwidthAll);
  // Bandwidth must not grow outward; a noisy outer level is capped.
  auto cap = [&](double &Outer, double Inner, const std::string &What) {
    if (Outer > Inner) {
      note(formatv("{0} {1:f1} GB/s measured above the inner level's {2:f1} "
                   "GB/s; written as the inner level's",
                   What, Outer / 1e9, Inner / 1e9)
               .str());
      Outer = Inner;
    }
  };
  for (size_t I = 1; I < Out.size(); ++I) {
    cap(Out[I].BandwidthPerCore, Out[I - 1].BandwidthPerCore,
        Out[I].Name + " bandwidth_per_core");
    cap(Out[I].BandwidthAll, Out[I - 1].BandwidthAll,
        Out[I].Name + " bandwidth_all");
  }
  cap(C.RamBandwidthPerCore, Out.back().BandwidthPerCore,
      "RAM bandwidth_per_core");
  cap(C.RamBandwidthAll, Out.back().BandwidthAll, "RAM bandwidth_all");
  for (hw::CacheLevel &L : Out) {
    log(formatv("  {0}: {1:f1} GB/s one thread, {2:f1} GB/s all", L.Name,
                L.BandwidthPerCore / 1e9, L.BandwidthAll / 1e9));
  }
  log(formatv("  RAM: {0:f1} GB/s one thread, {1:f1} GB/s all",
              C.RamBandwidthPerCore / 1e9, C.RamBandwidthAll / 1e9));
  C.Caches = Out;

  // Memory-level parallelism over a set far beyond the last level.
  double Mlp = measureMissParallelism(RamSet, Line, O.Quick);
  // No more than the 32 chases tried can be in flight.
  C.MaxOutstandingMisses = std::clamp(unsigned(std::lround(Mlp)), 1u, 32u);
  report("RAM miss parallelism", Mlp, "misses", 0);
  note(formatv("max_outstanding_misses {0} is measured: the speed-up of up "
               "to 32 interleaved pointer chases over one, in RAM",
               C.MaxOutstandingMisses)
           .str());

  // The reorder window: two RAM chases with growing nop fillers.
  // Only where the chases miss every cache: a hit's latency is shorter than
  // the time to dispatch hundreds of fillers, which would then set the step.
  RobMeasurement Rob;
  if (C.Caches.empty() || RamSet >= 2 * C.Caches.back().SizeBytes)
    Rob = measureReorderBuffer(RamSet, Line, O.Quick);
  if (Rob.Entries) {
    C.ReorderBuffer = std::clamp(Rob.Entries, 16u, 4096u);
    report("reorder buffer", Rob.Entries, "entries", 0);
    note(formatv("reorder_buffer {0} is measured: two RAM pointer chases, "
                 "each load followed by N nops, stop overlapping at N + 2 "
                 "~ {0} (time per step crosses 1.5 RAM latencies)",
                 C.ReorderBuffer)
             .str());
  } else if (uint32_t Known = R.Host.publishedReorderBuffer()) {
    C.ReorderBuffer = Known;
    note(formatv("reorder_buffer {0} is the vendor's figure for {1} (the "
                 "nop-filler test was not run or showed no clear step)",
                 Known, R.Host.microarchitecture())
             .str());
  } else {
    note("reorder_buffer not written: the nop-filler test showed no clear "
         "step and the CPU is not one whose figure Crop knows");
  }
  RobMeasurement Fp;
  if (C.Caches.empty() || RamSet >= 2 * C.Caches.back().SizeBytes)
    Fp = measureFpScheduler(RamSet, Line, O.Quick);
  if (Fp.Entries && (!C.ReorderBuffer || Fp.Entries < C.ReorderBuffer)) {
    C.SchedulerFp = Fp.Entries;
    report("FP scheduler", Fp.Entries, "entries", 0);
    note(formatv("scheduler_fp {0} is measured: two RAM pointer chases, each "
                 "load followed by N FP adds that wait for it, stop "
                 "overlapping at N + 1 ~ {0}",
                 C.SchedulerFp)
             .str());
  } else {
    note("scheduler_fp not written: the FP-filler test showed no step below "
         "the reorder buffer (or does not run on this ISA)");
  }
  RobMeasurement Pick;
  if (C.SchedulerFp)
    Pick = measureFpPickable(RamSet, Line, O.Quick);
  if (Pick.Entries && Pick.Entries < C.SchedulerFp) {
    C.SchedulerFpPickable = Pick.Entries;
    report("FP scheduler, pickable", Pick.Entries, "entries", 0);
    note(formatv("scheduler_fp_pickable {0} is measured: a RAM pointer chase, "
                 "each load followed by N FP adds that wait for it and a "
                 "128-deep chain of independent FP adds that feeds the next "
                 "address; the chain stops running during the miss at "
                 "N + 1 ~ {0}",
                 C.SchedulerFpPickable)
             .str());
  } else if (C.SchedulerFp) {
    note("scheduler_fp_pickable not written: the chain behind the waiting FP "
         "adds showed no step below scheduler_fp (every waiting FP operation "
         "can be picked)");
  }
  // Both queues are measured. The store queue is written: a store holds its
  // entry until it commits, after retirement, which the simulator follows
  // (docs/prediction.md). The load queue is noted only: modelled, it moved
  // the suite's validation half by noise only, one way on Zen 4 and the
  // other on Zen 5, so `load_queue` is left to be given by hand.
  for (bool Store : {false, true}) {
    RobMeasurement Q;
    if (C.Caches.empty() || RamSet >= 2 * C.Caches.back().SizeBytes)
      Q = measureMemoryQueue(RamSet, Line, O.Quick, Store);
    const char *What = Store ? "store queue" : "load queue";
    if (Q.Entries && C.ReorderBuffer && Q.Entries < C.ReorderBuffer * 9 / 10) {
      report(What, Q.Entries, "entries", 0);
      if (Store)
        C.StoreQueue = std::clamp<uint32_t>(Q.Entries, 4, 4096);
      note(formatv("{0} ~ {1} entries is measured{3}: two RAM pointer "
                   "chases, each load followed by N {2} of one L1-resident "
                   "word, stop overlapping at N ~ {1}",
                   What, Q.Entries, Store ? "stores" : "loads",
                   Store ? "" : " (not written)")
               .str());
    } else {
      note(formatv("{0} not measured: the test showed no step below the "
                   "reorder buffer (or does not run on this ISA)",
                   What)
               .str());
    }
  }
  // Whether loads wait for older stores' data on a 4K alias.
  AliasMeasurement Alias = measureAlias4K(O.Quick);
  if (Alias.ApartNs > 0) {
    C.Alias4KWaitsForData = Alias.waits();
    report("4K-aliased load after a pending store", Alias.AliasedNs, "ns", 0);
    report("the same load 64 B apart", Alias.ApartNs, "ns", 0);
    note(formatv("alias_4k_waits_for_data {0} is measured: steps of a 32-deep "
                 "FP chain, a store of its result and a load the next chain "
                 "starts from, 4096 B past the store: {1:f1} ns per step, "
                 "4160 B past it: {2:f1} ns ({3})",
                 C.Alias4KWaitsForData ? "true" : "false", Alias.AliasedNs,
                 Alias.ApartNs,
                 C.Alias4KWaitsForData ? "the aliased load waits for the data"
                                       : "it does not wait")
             .str());
  }
  // What a load that crosses a 64-byte line costs the load ports.
  SplitLoadMeasurement Split = measureSplitLoad(O.Quick);
  if (Split.AlignedNs > 0 && C.FrequencyHz > 0) {
    double Extra = Split.extraNs() * C.FrequencyHz * 1e-9;
    report("line-crossing load, extra", Extra, "cycles", 0);
    if (Extra >= 0.05) {
      C.SplitLoadExtraCycles = std::round(Extra * 100) / 100;
      note(formatv("split_load_extra {0:f2} cycles is measured: independent "
                   "{1}-byte loads walking a row in L1, {2:f3} ns each "
                   "aligned, {3:f3} ns each with the row shifted by 4 B "
                   "({4:f0} % of them crossing a line)",
                   C.SplitLoadExtraCycles, Split.Bytes, Split.AlignedNs,
                   Split.ShiftedNs, 100 * Split.CrossingShare)
               .str());
    } else {
      note(formatv("split_load_extra not written: {0}-byte loads that cross "
                   "a line cost no more than aligned ones ({1:f3} against "
                   "{2:f3} ns per load)",
                   Split.Bytes, Split.ShiftedNs, Split.AlignedNs)
               .str());
    }
  }
  // Whether FMAs and stores of vector registers compete for a port.
  FmaStoreMeasurement FS = measureFmaStore(O.Quick);
  if (FS.measured() && C.FrequencyHz > 0) {
    double Cyc = C.FrequencyHz * 1e-9;
    report("FMA+store pair", FS.FSNs * Cyc, "cycles", 0);
    if (FS.conflicts() && FS.portNs() > 0) {
      C.StoreFmaPortCycles = std::round(FS.portNs() * Cyc * 100) / 100;
      note(formatv("store_fma_port {0:f2} cycles is measured: 256-bit FMAs "
                   "into ten accumulators and stores of a vector register "
                   "to L1, {1:f2} / {2:f2} cycles per FMA / store alone, "
                   "{3:f2} per FMA+store, {4:f2} per FMA+FMA+store (each "
                   "store holds a port the FMAs need)",
                   C.StoreFmaPortCycles, FS.FNs * Cyc, FS.SNs * Cyc,
                   FS.FSNs * Cyc, FS.FFSNs * Cyc)
               .str());
    } else {
      note(formatv("store_fma_port not written: an FMA+store pair takes "
                   "{0:f2} cycles, an FMA {1:f2} and a store {2:f2} alone "
                   "(they do not compete)",
                   FS.FSNs * Cyc, FS.FNs * Cyc, FS.SNs * Cyc)
               .str());
    }
  }
  // Whether an FP add's result reaches an FMA later than an FMA's does.
  FaddToFmaMeasurement Fwd = measureFaddToFma(O.Quick);
  if (!Fwd.Widths.empty() && C.FrequencyHz > 0) {
    double Cyc = C.FrequencyHz * 1e-9;
    std::string List;
    for (const FaddToFmaMeasurement::Width &W : Fwd.Widths) {
      double Extra = (W.FedNs - W.AloneNs) * Cyc;
      report(formatv("FMA fed by a {0}-bit subtract, extra", W.Bits).str(),
             Extra, "cycles", 0);
      // Below a quarter cycle is a shared VM's noise, not a bypass delay.
      if (Extra >= 0.25)
        C.FaddToFmaExtraCycles[W.Bits] = std::round(Extra * 100) / 100;
      List += formatv("{0}{1} bits {2:f2} / {3:f2}", List.empty() ? "" : ", ",
                      W.Bits, W.FedNs * Cyc, W.AloneNs * Cyc)
                  .str();
    }
    note(formatv("fadd_to_fma_extra {0} measured: an FMA chain x = x * m + a, "
                 "a from a subtract in the same step against a from a register "
                 "no add wrote (the subtract beside it), cycles per step: {1}",
                 C.FaddToFmaExtraCycles.empty() ? "is not written (none), as"
                                                : "is",
                 List)
             .str());
  }
  // What one launch of a parallel loop costs the thread that launches it.
  ParallelLaunchMeasurement PL = measureParallelLaunch(H.Threads, O.Quick);
  if (!PL.Ns.empty()) {
    std::string List;
    for (const auto &[Team, Ns] : PL.Ns) {
      // In hundredths of a microsecond: runs a few seconds apart differ by
      // more than that on a shared host.
      double Us = std::round(Ns / 10) / 100;
      C.ParallelLaunchSeconds[Team] = std::max(0.01, Us) * 1e-6;
      List += formatv("{0}{1} thread{2}: {3:f2} us", List.empty() ? "" : ", ",
                      Team, Team == 1 ? "" : "s", Ns / 1000)
                  .str();
    }
    report("parallel launch, all threads", PL.Ns.rbegin()->second / 1000, "us",
           0);
    note("parallel_launch is measured: empty `omp parallel for` loops (one "
         "iteration per thread, static schedule, as clang lowers them) "
         "through " +
         PL.Runtime +
         ", best of repeats, workers spinning between launches: " + List);
  } else {
    note("parallel_launch not written: " + PL.Why);
  }
  // Work handed out a piece at a time: chunks of a dynamic schedule and
  // explicit tasks.
  auto pieces = [&](const std::map<unsigned, double> &Ns,
                    std::map<uint32_t, double> &Out, const char *Key,
                    const char *How) {
    if (Ns.empty())
      return;
    std::string List;
    for (const auto &[Team, N] : Ns) {
      // In whole nanoseconds, at least one: a piece is never free.
      Out[Team] = std::max(1.0, std::round(N)) * 1e-9;
      List += formatv("{0}{1} thread{2}: {3:f1} ns", List.empty() ? "" : ", ",
                      Team, Team == 1 ? "" : "s", N)
                  .str();
    }
    note(std::string(Key) + " is measured: " + How + " through " + PL.Runtime +
         ", the region's time less one launch over the pieces, best of "
         "repeats: " +
         List);
  };
  pieces(PL.DispatchNs, C.ParallelDispatchSeconds, "parallel_dispatch",
         "a `schedule(dynamic, 1)` loop of empty iterations");
  pieces(PL.TaskNs, C.ParallelTaskSeconds, "parallel_task",
         "empty tasks one thread creates under `single`");
  // Pages an allocator takes from the kernel anew (simulator/PageFaults.h).
  if (double Ns = measurePageFault(O.Quick); Ns > 0) {
    // In tens of nanoseconds: runs differ by more on a shared host.
    C.PageFaultSeconds = std::max(10.0, std::round(Ns / 10) * 10) * 1e-9;
    report("page fault (4 KiB, fresh anonymous memory)", Ns / 1000, "us", 0);
    note(formatv("page_fault is measured: 16 MiB mmapped, one byte written "
                 "per 4 KiB page, unmapped, best of repeats: {0:f2} us a page",
                 Ns / 1000)
             .str());
  } else {
    note("page_fault not written: mmap of 16 MiB failed");
  }
  return Error::success();
}

} // namespace

Expected<MicrobenchResult> runMicrobench(const Options &O) {
  Driver D(O);
  if (Error E = D.run())
    return E;
  return std::move(D.R);
}

} // namespace crop::mb
