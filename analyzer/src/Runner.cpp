//===- Runner.cpp - Running the instrumented module in a child process ----===//
//
// The program is untrusted: it runs in a forked child under a memory cap and
// a time-out, JIT-compiled there with ORC's LLJIT. The child fills the
// profile and sends it back through a pipe as framed messages (progress,
// error, result); anything else (a signal, an exit without a result) is
// turned into an error naming what happened, and no profile comes back.
//
//===----------------------------------------------------------------------===//
#include "Runner.h"
#include "ProgramMemory.h"

#include "crop/Analyzer/HostTarget.h"
#include "crop/Passes/RuntimeABI.h"
#include "crop/Profile/ProfileIO.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutorProcessControl.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/TargetSelect.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <new>
#include <poll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

using namespace llvm;
using namespace llvm::orc;

namespace crop::detail {

namespace {

/// The program runs on a stack of its own (ProgramMemory.h), so that its
/// locals fall on the same cache lines on every machine whatever this
/// process's stack (address randomisation, environment size) looks like:
/// reuse distances of stack accesses must not vary from run to run.
constexpr size_t ProgramStackBytes = size_t(64) << 20;
int64_t (*ThunkFn)(uint64_t *) = nullptr;
uint64_t *ThunkSlots = nullptr;
int64_t ThunkResult = 0;
ucontext_t CropContext, ProgramContext;

void runThunk() { ThunkResult = ThunkFn(ThunkSlots); }

/// Where the crash handler runs: the program's own stack may be what
/// overflowed.
alignas(16) char CrashStack[64 << 10];

/// The program faulted: tell the parent where (the block of the last memory
/// access, what the faulting address is), then die of the same signal (the
/// handler was reset, so the faulting instruction faults again).
void onProgramFault(int Sig, siginfo_t *Info, void *) {
  char Text[512];
  char *Out = Text, *End = Text + sizeof(Text);
  auto Put = [&](const char *T) {
    while (*T && Out + 1 < End)
      *Out++ = *T++;
  };
  char Num[24];
  int N = 0;
  uint32_t B = state().LastBlock.load(std::memory_order_relaxed);
  do {
    Num[N++] = char('0' + B % 10);
    B /= 10;
  } while (B);
  while (N)
    *Out++ = Num[--N];
  *Out++ = '\n';
  if (Sig == SIGSEGV || Sig == SIGBUS) {
    Put("reading or writing ");
    Out += describeProgramAddress(reinterpret_cast<uintptr_t>(Info->si_addr),
                                  Out, size_t(End - Out));
  } else if (Sig == SIGFPE &&
             (Info->si_code == FPE_INTDIV || Info->si_code == FPE_INTOVF)) {
    Put(Info->si_code == FPE_INTDIV ? "an integer division by zero"
                                    : "an integer division overflow");
  }
  sendMessage(state().ResultFd, 'C', StringRef(Text, size_t(Out - Text)));
}

void catchProgramFaults() {
  stack_t Alt{};
  Alt.ss_sp = CrashStack;
  Alt.ss_size = sizeof(CrashStack);
  ::sigaltstack(&Alt, nullptr);
  struct sigaction A {};
  A.sa_sigaction = onProgramFault;
  A.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&A.sa_mask);
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE})
    ::sigaction(Sig, &A, nullptr);
}

int64_t callOnProgramStack(int64_t (*Fn)(uint64_t *), uint64_t *Slots) {
  void *ProgramStack = programStack();
  if (!ProgramStack)
    return Fn(Slots);
  ThunkFn = Fn;
  ThunkSlots = Slots;
  getcontext(&ProgramContext);
  ProgramContext.uc_stack.ss_sp = ProgramStack;
  ProgramContext.uc_stack.ss_size = ProgramStackBytes;
  ProgramContext.uc_link = &CropContext;
  makecontext(&ProgramContext, runThunk, 0);
  swapcontext(&CropContext, &ProgramContext);
  return ThunkResult;
}

/// What retargetForHost changed, for the backend's fatal errors.
std::string RetargetNote;

/// Storage for TVM function-pointer globals the module only declares.
void *DeclaredFnPointers[16];
void *TVMModuleCtx = nullptr;

[[noreturn]] void childMain(RunJob &Job, int Fd) {
  RunState &S = state();
  S.ResultFd = Fd;
  S.MemoryLimit = Job.Opts.MemoryLimitBytes;
  std::set_new_handler([] {
    childFail("the profiler ran out of memory under the cap of " +
              std::to_string(state().MemoryLimit >> 20) + " MiB");
  });

  auto Fail = [&](Error E) { childFail(toString(std::move(E))); };
  catchProgramFaults();
  // The backend's fatal errors (an intrinsic this CPU cannot select) are
  // the module's, not crop's: they end the run with their reason.
  install_fatal_error_handler([](void *, const char *Reason, bool) {
    StringRef Why = StringRef(Reason).trim();
    childFail("LLVM cannot compile the module for this machine: " + Why.str() +
              " (" +
              (RetargetNote.empty()
                   ? std::string("the IR may use CPU features or intrinsics "
                                 "this machine lacks")
                   : RetargetNote) +
              ")");
  });

  // The JIT's part of profiling (compile, link, set-up), reported apart
  // from the run so that where a profile's time goes is measured.
  auto JITStart = std::chrono::steady_clock::now();
  LLJITBuilder Builder;
  // With memory hooks, the instrumented module is compiled without
  // optimization: on programs of a few milliseconds the compile is a large
  // part of profiling (halide.blur/s12 on the Zen 3 VM: 0.65 s at the
  // default level, 0.42 s at none; 40 suite programs: median 0.80x), while
  // the traced run's time goes to the hooks, not to the code between them
  // (the same 0.2-0.3 s run either way). Counts do not depend on the code;
  // nor do the traced addresses, but for the stack slots of the IR's own
  // allocas. A counts-only run, whose time is the code's, keeps the default.
  Expected<JITTargetMachineBuilder> JTMB =
      JITTargetMachineBuilder::detectHost();
  if (!JTMB)
    Fail(JTMB.takeError());
  JTMB->setCodeGenOptLevel(Job.TrackReuse ? CodeGenOptLevel::None
                                          : CodeGenOptLevel::Default);
  Builder.setJITTargetMachineBuilder(std::move(*JTMB));
  if (auto MemMgr = createJITMemoryManager()) {
    auto EPC =
        SelfExecutorProcessControl::Create(nullptr, nullptr, std::move(MemMgr));
    if (!EPC)
      Fail(EPC.takeError());
    Builder.setExecutorProcessControl(std::move(*EPC));
  }
  Expected<std::unique_ptr<LLJIT>> JOr = Builder.create();
  if (!JOr)
    Fail(JOr.takeError());
  LLJIT &J = **JOr;
  Module &M = *Job.M;
  Expected<std::string> Retargeted = retargetForHost(M, HostMachine::detect());
  if (!Retargeted)
    Fail(Retargeted.takeError());
  if (!Retargeted->empty())
    sendMessage(Fd, 'N', *Retargeted);
  RetargetNote = *Retargeted;
  // Halide's IR may carry a data layout of its own; the code runs here.
  if (M.getDataLayout() != J.getDataLayout())
    M.setDataLayout(J.getDataLayout());
  if (M.getTargetTriple().empty())
    M.setTargetTriple(J.getTargetTriple().str());

  JITDylib &JD = J.getMainJITDylib();
  SymbolMap Syms;
  auto Define = [&](StringRef Name, void *Addr, JITSymbolFlags Flags) {
    Syms[J.mangleAndIntern(Name)] = {ExecutorAddr::fromPtr(Addr), Flags};
  };
  for (auto &[Name, Addr] : runtimeSymbols())
    Define(Name, Addr, JITSymbolFlags::Exported | JITSymbolFlags::Callable);
  size_t NextCell = 0;
  std::vector<std::pair<std::string, void *>> DefinedFnPtrs;
  for (auto &[Name, Addr] : runtimeFunctionPointers()) {
    GlobalVariable *G = M.getGlobalVariable(Name, true);
    if (!G)
      continue;
    if (G->isDeclaration() && NextCell < std::size(DeclaredFnPointers)) {
      DeclaredFnPointers[NextCell] = Addr;
      Define(Name, &DeclaredFnPointers[NextCell++], JITSymbolFlags::Exported);
    } else {
      DefinedFnPtrs.push_back({Name, Addr});
    }
  }
  if (GlobalVariable *G = M.getGlobalVariable("__tvm_module_ctx", true);
      G && G->isDeclaration())
    Define("__tvm_module_ctx", &TVMModuleCtx, JITSymbolFlags::Exported);
  if (Error E = JD.define(absoluteSymbols(std::move(Syms))))
    Fail(std::move(E));
  Expected<std::unique_ptr<DynamicLibrarySearchGenerator>> Gen =
      DynamicLibrarySearchGenerator::GetForCurrentProcess(
          J.getDataLayout().getGlobalPrefix());
  if (!Gen)
    Fail(Gen.takeError());
  JD.addGenerator(std::move(*Gen));

  if (Error E =
          J.addIRModule(ThreadSafeModule(std::move(Job.M), std::move(Job.Ctx))))
    Fail(std::move(E));

  auto Lookup = [&](StringRef Name) -> void * {
    Expected<ExecutorAddr> A = J.lookup(Name);
    if (!A)
      Fail(A.takeError());
    return A->toPtr<void *>();
  };
  auto *Thunk =
      reinterpret_cast<int64_t (*)(uint64_t *)>(Lookup(abi::EntryThunkSymbol));
  auto *Version =
      static_cast<const uint32_t *>(Lookup(abi::RuntimeABIVersionSymbol));
  if (*Version != abi::RuntimeABIVersion)
    childFail("the module was instrumented for runtime ABI " +
              std::to_string(*Version) + ", this runtime serves " +
              std::to_string(abi::RuntimeABIVersion));
  S.Map = &Job.Map;
  S.Counters = static_cast<uint64_t *>(Lookup(abi::CountersSymbol));
  auto *Table = static_cast<void *const *>(Lookup(abi::FunctionTableSymbol));
  for (uint32_t I = 0; I < Job.Map.Functions.size(); ++I)
    S.FunctionByAddr[reinterpret_cast<uint64_t>(Table[I])] = I;
  for (auto &[Name, Addr] : DefinedFnPtrs)
    *static_cast<void **>(Lookup(Name)) = Addr;

  size_t NF = Job.Map.Functions.size(), NL = Job.Opts.LineSizes.size();
  S.RuntimeOf.assign(NF, ParallelRuntime::None);
  S.Launches.assign(NF, {});
  S.TVMExtent = Job.TVMExtent;
  S.Accum.assign(Job.Map.NumCounters, 0);
  S.HasExtent = Job.HasExtent;
  S.InExtent = !Job.HasExtent;
  S.TrackReuse = Job.TrackReuse;
  S.SampleTasks = Job.Opts.SampleTasks;
  S.Time = TimeSampler(Job.Opts.SampleTime);
  S.LineSizes = Job.Opts.LineSizes;
  // Class distances for 64-byte lines only: the line of every CPU cache in
  // hwdb, and each tracker that measures them costs a third more.
  for (size_t K = 0; K < NL && Job.Opts.ClassReuse; ++K)
    if (Job.Opts.LineSizes[K] == ProfileOptions::ClassLineBytes)
      S.ClassLine = K;
  S.Mem.resize(Job.Map.Blocks.size());
  if (!Job.Opts.LineSizes.empty())
    S.MinLineShift = llvm::Log2_32(*std::min_element(Job.Opts.LineSizes.begin(),
                                                     Job.Opts.LineSizes.end()));
  for (RunState::BlockMem &B : S.Mem) {
    B.Serial.resize(NL);
    B.StoreSerial.resize(NL);
    B.StoreWriteBack.resize(NL);
    B.Task.resize(NL);
    if (S.ClassLine != SIZE_MAX) {
      B.ClassSerial.resize(NL);
      B.ClassTask.resize(NL);
    }
  }
  for (size_t K = 0; K < NL; ++K) {
    uint32_t L = Job.Opts.LineSizes[K];
    S.SerialTrackers.emplace_back(L, Job.Opts.SampleRate, K == S.ClassLine);
    S.TaskTrackers.emplace_back(L, Job.Opts.SampleRate, K == S.ClassLine);
  }

  if (Error E = J.initialize(JD))
    Fail(std::move(E));
  std::vector<uint64_t> Slots = buildEntrySlots(Job.Plan);
  // Wall and CPU time of the run itself: the bench compares the CPU time
  // with the native run's (wall time means little on a loaded machine).
  auto CPUNow = [] {
    timespec T;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
    return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
  };
  auto RunStart = std::chrono::steady_clock::now();
  char Compiled[64];
  std::snprintf(Compiled, sizeof(Compiled), "%.6f s",
                std::chrono::duration<double>(RunStart - JITStart).count());
  sendMessage(Fd, 'J', Compiled);
  double CPUStart = CPUNow();
  int64_t RC = callOnProgramStack(Thunk, Slots.data());
  std::fflush(stdout);
  char Times[96];
  std::snprintf(
      Times, sizeof(Times), "%.6f s (CPU %.6f s)",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - RunStart)
          .count(),
      CPUNow() - CPUStart);
  sendMessage(Fd, 'T', Times);

  const std::string &Entry = Job.Profile.Module.Entry;
  if (Job.Plan.ABI == EntryABI::Main && RC != 0)
    childFail("the program's main returned " + std::to_string(RC) +
              "; a failed run is not profiled");
  if ((Job.Plan.ABI == EntryABI::TVM3 || Job.Plan.ABI == EntryABI::TVM6 ||
       Job.Plan.ABI == EntryABI::Halide) &&
      RC != 0)
    childFail(Entry + " returned " + std::to_string(RC) +
              (S.LastError.empty() ? std::string() : ": " + S.LastError));
  S.flushTasks(); // Tasks main() never waited for.
  if (!Job.HasExtent) {
    S.Accum.assign(S.Counters, S.Counters + Job.Map.NumCounters);
    S.EntryCalls = 1;
  }
  if (S.EntryCalls == 0)
    childFail("the program never called " + Entry +
              " (was it inlined into main?); give --arg to call it directly");

  // Fill the skeleton the parent built from the static analysis.
  ProgramProfile &P = Job.Profile;
  P.EntryCalls = S.EntryCalls;
  P.SampleRate = Job.Opts.SampleRate;
  P.SampleTasks = Job.Opts.SampleTasks;
  P.SampleTime = Job.Opts.SampleTime > 1 ? Job.Opts.SampleTime : 0;
  P.AllocEvents = std::move(S.AllocEvents);
  std::map<std::string, uint32_t> FuncIndex;
  for (uint32_t I = 0; I < NF; ++I)
    FuncIndex[Job.Map.Functions[I]] = I;
  S.finishRecords();
  // A block's executions with an aliasing load: each load instruction runs
  // once per execution, so the one that aliases most often counts them
  // (all of them, when they alias in the same executions).
  std::vector<uint64_t> AliasExecs(Job.Map.Blocks.size(), 0);
  for (size_t M = 0; M < S.AliasByMemOp.size(); ++M) {
    uint64_t &E = AliasExecs[Job.Map.MemOps[M].Block];
    E = std::max(E, S.AliasByMemOp[M]);
  }
  auto execsByBlock = [&](const std::vector<uint64_t> &ByMemOp) {
    std::vector<uint64_t> Execs(Job.Map.Blocks.size(), 0);
    for (size_t M = 0; M < ByMemOp.size(); ++M) {
      uint64_t &E = Execs[Job.Map.MemOps[M].Block];
      E = std::max(E, ByMemOp[M]);
    }
    return Execs;
  };
  std::vector<uint64_t> WaitExecs = execsByBlock(S.WaitByMemOp),
                        AliasedWaitExecs = execsByBlock(S.AliasedWaitByMemOp);
  for (FunctionProfile &F : P.Functions) {
    auto It = FuncIndex.find(F.Name);
    if (It == FuncIndex.end())
      continue;
    uint32_t Id = It->second, First = Job.Map.FunctionFirstBlock[Id];
    for (size_t BI = 0; BI < F.Blocks.size(); ++BI) {
      BlockProfile &B = F.Blocks[BI];
      uint32_t Gid = First + uint32_t(BI);
      const InstrumentationMap::Block &MB = Job.Map.Blocks[Gid];
      B.Count = Job.Map.blockCount(Gid, S.Accum.data());
      for (SuccessorEdge &E : B.Successors)
        for (const InstrumentationMap::Edge &ME : MB.Edges)
          if (Job.Map.Blocks[First + ME.Successor].Name == E.Block)
            E.Count = S.Accum[ME.Counter];
      const RunState::BlockMem &BM = S.Mem[Gid];
      B.Loads = BM.Loads;
      B.Stores = BM.Stores;
      B.LoadBytes = BM.LoadBytes;
      B.StoreBytes = BM.StoreBytes;
      B.LineSplitLoads = BM.LineSplitLoads;
      if (!Job.TrackReuse)
        continue;
      for (size_t D = 1; D < BM.StoreAlias.size(); ++D)
        if (BM.StoreAlias[D])
          B.StoreAlias.Distances[uint32_t(D)] = BM.StoreAlias[D];
      B.StoreAlias.ReadModifyWrite = BM.StoreAliasRmw;
      if (!B.StoreAlias.empty())
        B.StoreAlias.Executions = AliasExecs[Gid];
      for (size_t Bin = 0; Bin < BM.StoreWait.size(); ++Bin)
        if (BM.StoreWait[Bin])
          B.StoreWait.Same.Distances[uint32_t(1) << Bin] = BM.StoreWait[Bin];
      for (size_t Bin = 0; Bin < BM.StoreWaitAliased.size(); ++Bin)
        if (BM.StoreWaitAliased[Bin])
          B.StoreWait.Aliased.Distances[uint32_t(1) << Bin] =
              BM.StoreWaitAliased[Bin];
      B.Sets.NewLines = BM.NewLines;
      B.Sets.Over8 = BM.Over8;
      B.Sets.Over12 = BM.Over12;
      B.StoreWait.Same.Executions = WaitExecs[Gid];
      B.StoreWait.Aliased.Executions = AliasedWaitExecs[Gid];
      for (size_t K = 0; K < NL; ++K) {
        BlockReuse R;
        R.Serial = BM.Serial[K];
        R.StoreSerial = BM.StoreSerial[K];
        R.StoreWriteBack = BM.StoreWriteBack[K];
        R.Task = BM.Task[K];
        // SHARDS: counts of sampled lines back to the whole stream.
        S.SerialTrackers[K].finish(R.Serial);
        S.SerialTrackers[K].finish(R.StoreSerial);
        S.SerialTrackers[K].finish(R.StoreWriteBack);
        S.TaskTrackers[K].finish(R.Task);
        // Serial is every access: the loads' and the stores' distances.
        R.Serial.merge(R.StoreSerial);
        if (K == S.ClassLine) {
          R.ClassSerial = BM.ClassSerial[K];
          R.ClassTask = BM.ClassTask[K];
          S.SerialTrackers[K].finish(R.ClassSerial);
          S.TaskTrackers[K].finish(R.ClassTask);
        }
        if (!R.Serial.empty() || !R.Task.empty())
          B.Reuse[Job.Opts.LineSizes[K]] = std::move(R);
      }
    }
    F.Calls = F.Blocks.empty() ? 0 : F.Blocks.front().Count;
    if (S.RuntimeOf[Id] != ParallelRuntime::None) {
      F.Parallel = true;
      F.Runtime = S.RuntimeOf[Id];
      for (auto &[Tasks, N] : S.Launches[Id])
        F.Launches.push_back({Tasks, N});
    }
  }
  sendMessage(Fd, 'R', profileToBinary(P));
  std::fflush(stderr);
  ::_exit(0);
}

uint64_t virtualSize() {
  FILE *F = std::fopen("/proc/self/statm", "r");
  unsigned long Pages = 0;
  if (F) {
    if (std::fscanf(F, "%lu", &Pages) != 1)
      Pages = 0;
    std::fclose(F);
  }
  return uint64_t(Pages) * uint64_t(sysconf(_SC_PAGESIZE));
}

std::string signalText(int Sig) {
  const char *Name = sigabbrev_np(Sig);
  const char *Desc = strsignal(Sig);
  return std::string("SIG") + (Name ? Name : std::to_string(Sig)) + " (" +
         (Desc ? Desc : "") + ")";
}

} // namespace

Expected<ProgramProfile> runProfiled(RunJob &Job) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  int Fds[2];
  if (::pipe(Fds))
    return createStringError(std::error_code(errno, std::generic_category()),
                             "cannot create a pipe to the profiled program");
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t Parent = ::getpid();
  pid_t Pid = ::fork();
  if (Pid < 0)
    return createStringError(std::error_code(errno, std::generic_category()),
                             "cannot fork the profiled program");
  if (Pid == 0) {
    endWithParent(Parent);
    ::close(Fds[0]);
    // LLVM's crash handlers (stack dump, "PLEASE submit a bug report") are
    // for crop's own bugs; the program's crash is reported by the parent.
    for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS,
                    SIGXCPU, SIGXFSZ, SIGPIPE})
      ::signal(Sig, SIG_DFL);
    // The program's output must not mix with crop's own (a profile may go
    // to stdout): it goes to stderr.
    ::dup2(2, 1);
    // Mapped before the memory cap is set: the heap's address space is the
    // cap (the heap refuses more), the stack is not the program's. Where the
    // fixed addresses are taken the program allocates from this process.
    mapProgramMemory(Job.Opts.MemoryLimitBytes, ProgramStackBytes);
    rlimit Core{0, 0};
    ::setrlimit(RLIMIT_CORE, &Core);
    if (Job.Opts.MemoryLimitBytes) {
      uint64_t Cap = virtualSize() + Job.Opts.MemoryLimitBytes;
      rlimit AS{Cap, Cap};
      ::setrlimit(RLIMIT_AS, &AS);
    }
    childMain(Job, Fds[1]);
  }
  ::close(Fds[1]);

  using Clock = std::chrono::steady_clock;
  auto Start = Clock::now();
  // The child's messages wait in the pipe meanwhile (it blocks when the
  // pipe is full, and goes on once it is read).
  if (Job.WhileRunning)
    Job.WhileRunning();
  auto LastProgress = Start;
  std::string Buf, Result, Failure;
  bool GotResult = false, GotFailure = false, TimedOut = false;
  int Status = 0;
  bool Reaped = false; ///< Status holds the child's end already.
  uint64_t Accesses = 0;
  /// The block of the last progress message: where a time-out found it.
  uint32_t LastBlock = UINT32_MAX;
  /// What the child's fault handler said: the block of the last memory
  /// access and what the faulting address was.
  std::string Fault;
  bool GotFault = false;
  for (bool Open = true; Open;) {
    pollfd PF{Fds[0], POLLIN, 0};
    int R = ::poll(&PF, 1, 200);
    if (R > 0) {
      char Chunk[65536];
      ssize_t N = ::read(Fds[0], Chunk, sizeof(Chunk));
      if (N <= 0 && !(N < 0 && errno == EINTR))
        Open = false;
      else if (N > 0)
        Buf.append(Chunk, size_t(N));
      char Tag;
      std::string Payload;
      while (takeMessage(Buf, Tag, Payload)) {
        if (Tag == 'P') {
          char *End = nullptr;
          Accesses = std::strtoull(Payload.c_str(), &End, 10);
          if (End && *End == ' ') {
            unsigned long B = std::strtoul(End + 1, nullptr, 10);
            if (B < Job.Map.Blocks.size())
              LastBlock = uint32_t(B);
          }
        } else if (Tag == 'C') {
          size_t NL = Payload.find('\n');
          unsigned long B = std::strtoul(Payload.c_str(), nullptr, 10);
          if (B < Job.Map.Blocks.size())
            LastBlock = uint32_t(B);
          Fault = NL == std::string::npos ? "" : Payload.substr(NL + 1);
          GotFault = true;
        } else if (Tag == 'J' && Job.Opts.Progress)
          Job.Opts.Progress("the JIT compiled the instrumented module in " +
                            Payload);
        else if (Tag == 'N' && Job.Opts.Progress)
          Job.Opts.Progress(Payload);
        else if (Tag == 'T' && Job.Opts.Progress)
          Job.Opts.Progress("the instrumented program ran for " + Payload);
        else if (Tag == 'E') {
          Failure = Payload;
          GotFailure = true;
        } else if (Tag == 'R') {
          Result = std::move(Payload);
          GotResult = true;
        }
      }
    }
    double Elapsed =
        std::chrono::duration<double>(Clock::now() - Start).count();
    // A child that ended in time is not timed out because this process
    // (busy with the static analysis, or one of a tuner's threads) came
    // late to read it: what it said is still in the pipe.
    if (Open && !Reaped && Job.Opts.TimeoutSeconds &&
        Elapsed > double(Job.Opts.TimeoutSeconds)) {
      if (::waitpid(Pid, &Status, WNOHANG) == Pid) {
        Reaped = true;
        continue;
      }
      ::kill(Pid, SIGKILL);
      TimedOut = true;
      break;
    }
    if (Job.Opts.Progress &&
        std::chrono::duration<double>(Clock::now() - LastProgress).count() >=
            2.0) {
      LastProgress = Clock::now();
      char Line[160];
      if (Job.TrackReuse)
        std::snprintf(
            Line, sizeof(Line), "running %s: %.0f s, %.1f M memory accesses",
            Job.Profile.Module.Entry.c_str(), Elapsed, double(Accesses) / 1e6);
      else
        std::snprintf(Line, sizeof(Line), "running %s: %.0f s",
                      Job.Profile.Module.Entry.c_str(), Elapsed);
      Job.Opts.Progress(Line);
    }
  }
  ::close(Fds[0]);
  while (!Reaped && ::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }

  std::string Prefix = Job.Profile.Module.SourceName + ": ";
  std::string Where;
  if (LastBlock != UINT32_MAX) {
    const auto &B = Job.Map.Blocks[LastBlock];
    Where = "; it was last seen in function " + Job.Map.Functions[B.Function] +
            ", block " + B.Name;
  }
  if (TimedOut) {
    return createStringError(inconvertibleErrorCode(),
                             Prefix + "the program timed out after " +
                                 std::to_string(Job.Opts.TimeoutSeconds) +
                                 " s (--timeout) and was killed" + Where);
  }
  if (GotFailure)
    return createStringError(inconvertibleErrorCode(), Prefix + Failure);
  if (WIFSIGNALED(Status)) {
    int Sig = WTERMSIG(Status);
    std::string What = Sig == SIGABRT ? "the program aborted: "
                       : Sig == SIGKILL
                           ? "the program was killed (by the system's "
                             "out-of-memory killer?): "
                           : "the program crashed: ";
    std::string Hint =
        Sig == SIGILL ? " (a trap the program reached, llvm.trap or "
                        "__builtin_trap, or inline assembly this CPU lacks)"
                      : "";
    // The last memory access's block is where a crash happened only when
    // the fault handler ran (a fault, not a signal from elsewhere).
    std::string Detail = !GotFault       ? std::string()
                         : Fault.empty() ? Where
                                         : ", " + Fault + Where;
    return createStringError(inconvertibleErrorCode(),
                             Prefix + What + signalText(Sig) + Detail + Hint);
  }
  if (!GotResult || WEXITSTATUS(Status) != 0)
    return createStringError(
        inconvertibleErrorCode(),
        Prefix + "the program ended the process with status " +
            std::to_string(WEXITSTATUS(Status)) + " before the entry returned");
  return profileFromBinary(Result, Prefix + "<profile from the child>");
}

} // namespace crop::detail
