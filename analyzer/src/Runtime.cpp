//===- Runtime.cpp - Hooks and serial parallel runtimes for profiled runs -===//
//
// What the instrumented program calls while it runs in the profiler's child
// process: the counting and memory hooks of RuntimeABI.h, and stand-ins for
// the OpenMP, Halide and TVM runtimes that run every parallel task one after
// another, in order, so counts and reuse profiles do not depend on this
// machine's cores. One task is one iteration (or one chunk, for chunked
// schedules) of the parallel loop; docs/profiling.md explains each runtime.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "ProgramMemory.h"

#include "crop/Analyzer/TaskSampling.h"
#include "crop/Passes/RuntimeABI.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <malloc.h>
#include <map>
#include <string>
#include <sys/prctl.h>
#include <unistd.h>
#include <utility>

namespace crop::detail {

RunState &state() {
  static RunState S;
  return S;
}

bool takeMessage(std::string &Buf, char &Tag, std::string &Payload) {
  if (Buf.size() < 9)
    return false;
  uint64_t Len;
  std::memcpy(&Len, Buf.data() + 1, 8);
  if (Buf.size() - 9 < Len)
    return false;
  Tag = Buf[0];
  Payload = Buf.substr(9, Len);
  Buf.erase(0, 9 + Len);
  return true;
}

void sendMessage(int Fd, char Tag, llvm::StringRef Payload) {
  if (Fd < 0)
    return;
  char Header[9];
  Header[0] = Tag;
  uint64_t Len = Payload.size();
  std::memcpy(Header + 1, &Len, 8);
  auto WriteAll = [&](const char *P, size_t N) {
    while (N) {
      ssize_t W = ::write(Fd, P, N);
      if (W < 0)
        return;
      P += W;
      N -= size_t(W);
    }
  };
  WriteAll(Header, 9);
  WriteAll(Payload.data(), Payload.size());
}

void endWithParent(int Parent) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The parent may have ended before the request: the child was adopted.
  if (::getppid() != Parent)
    ::_exit(1);
}

void childFail(const std::string &Message) {
  std::fflush(stdout);
  std::fflush(stderr);
  sendMessage(state().ResultFd, 'E', Message);
  ::_exit(3);
}

void RunState::beginTask(uint64_t Index, uint64_t Count) {
  // Only an outermost launch is sampled; nested ones follow their task.
  if (TaskDepth++ == 0 && SampleTasks) {
    TaskPlan Plan = planTask(Index, Count, SampleTasks);
    SkipTask = !Plan.Traced;
    Weight = Plan.Weight;
    applyWeights();
  }
  if (SkipTask)
    return;
  for (ReuseTracker &T : TaskTrackers)
    T.reset();
}

void RunState::endTask() {
  if (--TaskDepth == 0 && SampleTasks) {
    SkipTask = false;
    Weight = 1;
    applyWeights();
  }
}

void RunState::applyWeights() {
  // First touches are counted in every stretch, as themselves (TimeSampling.h).
  for (ReuseTracker &T : SerialTrackers)
    T.setWeights(Weight * TimeWeight, Weight);
  for (ReuseTracker &T : TaskTrackers)
    T.setWeights(Weight * TimeWeight, Weight);
}

void RunState::BlockRecords::clearRecords() {
  Tracked = Weighted = 0;
  for (auto *Hs : {&Serial, &Task, &StoreSerial, &StoreWriteBack, &ClassSerial,
                   &ClassTask})
    for (ReuseHistogram &H : *Hs)
      H.clear();
  for (auto *V : {&StoreAlias, &StoreWait, &StoreWaitAliased})
    std::fill(V->begin(), V->end(), 0);
  StoreAliasRmw = NewLines = Over8 = Over12 = 0;
}

static uint64_t scaled(uint64_t N, double F) {
  return uint64_t(std::llround(double(N) * F));
}

void RunState::BlockRecords::scaleRecords(double F) {
  // Cold accesses were counted whole, in every stretch.
  for (auto *Hs : {&Serial, &Task, &StoreSerial, &StoreWriteBack, &ClassSerial,
                   &ClassTask})
    for (ReuseHistogram &H : *Hs)
      H.scaleWarm(F);
  for (auto *V : {&StoreAlias, &StoreWait, &StoreWaitAliased})
    for (uint64_t &N : *V)
      N = scaled(N, F);
  for (uint64_t *N : {&Weighted, &StoreAliasRmw, &NewLines, &Over8, &Over12})
    *N = scaled(*N, F);
}

void RunState::BlockRecords::addRecords(const BlockRecords &O) {
  Tracked += O.Tracked;
  Weighted += O.Weighted;
  auto addHists = [](std::vector<ReuseHistogram> &A,
                     const std::vector<ReuseHistogram> &B) {
    A.resize(std::max(A.size(), B.size()));
    for (size_t I = 0; I < B.size(); ++I)
      A[I].merge(B[I]);
  };
  addHists(Serial, O.Serial);
  addHists(Task, O.Task);
  addHists(StoreSerial, O.StoreSerial);
  addHists(StoreWriteBack, O.StoreWriteBack);
  addHists(ClassSerial, O.ClassSerial);
  addHists(ClassTask, O.ClassTask);
  auto addCounts = [](std::vector<uint64_t> &A,
                      const std::vector<uint64_t> &B) {
    A.resize(std::max(A.size(), B.size()), 0);
    for (size_t I = 0; I < B.size(); ++I)
      A[I] += B[I];
  };
  addCounts(StoreAlias, O.StoreAlias);
  addCounts(StoreWait, O.StoreWait);
  addCounts(StoreWaitAliased, O.StoreWaitAliased);
  StoreAliasRmw += O.StoreAliasRmw;
  NewLines += O.NewLines;
  Over8 += O.Over8;
  Over12 += O.Over12;
}

void RunState::finishRecords() {
  if (!Time.sampling())
    return; // Everything was recorded as itself.
  std::vector<double> Ratio(Mem.size(), 1.0);
  for (size_t G = 0; G < Mem.size(); ++G) {
    BlockMem &B = Mem[G];
    if (B.Weighted)
      Ratio[G] = double(B.Tracked) / double(B.Weighted);
    B.scaleRecords(Ratio[G]);
    B.addRecords(Prefix[G]);
  }
  auto finish = [&](std::vector<uint64_t> &ByMemOp,
                    const std::vector<uint64_t> &Pre) {
    ByMemOp.resize(std::max(ByMemOp.size(), Pre.size()), 0);
    for (size_t M = 0; M < ByMemOp.size(); ++M)
      ByMemOp[M] = scaled(ByMemOp[M], Ratio[Map->MemOps[M].Block]) +
                   (M < Pre.size() ? Pre[M] : 0);
  };
  finish(AliasByMemOp, PrefixAliasByMemOp);
  finish(WaitByMemOp, PrefixWaitByMemOp);
  finish(AliasedWaitByMemOp, PrefixAliasedWaitByMemOp);
}

void RunState::timePhaseChanged() {
  if (Prefix.empty() && Time.sampling()) {
    // The exact prefix ends: its records stay as they are, apart.
    Prefix.reserve(Mem.size());
    for (BlockMem &B : Mem) {
      Prefix.push_back(static_cast<const BlockRecords &>(B));
      B.clearRecords();
    }
    PrefixAliasByMemOp = std::exchange(AliasByMemOp, {});
    PrefixWaitByMemOp = std::exchange(WaitByMemOp, {});
    PrefixAliasedWaitByMemOp = std::exchange(AliasedWaitByMemOp, {});
  }
  switch (Time.phase()) {
  case TimeSampler::Phase::WarmUp:
    // The short records missed the stretch before: they start afresh and
    // the warm-up fills them again before anything is recorded.
    Alias = StoreAliasTracker();
    ++RingEpoch;
    for (ReuseTracker &T : SerialTrackers)
      T.forgetRecent();
    for (ReuseTracker &T : TaskTrackers)
      T.forgetRecent();
    SkipTime = false;
    break;
  case TimeSampler::Phase::Record:
    SkipTime = false;
    break;
  case TimeSampler::Phase::Skip:
    SkipTime = true;
    break;
  }
  TimeWeight = Time.weight();
  applyWeights();
}

uint32_t RunState::functionId(const void *Fn) const {
  auto It = FunctionByAddr.find(reinterpret_cast<uint64_t>(Fn));
  return It == FunctionByAddr.end() ? UINT32_MAX : It->second;
}

void RunState::recordLaunch(const void *Fn, ParallelRuntime R, uint64_t Tasks) {
  uint32_t Id = functionId(Fn);
  if (Id == UINT32_MAX)
    return;
  RuntimeOf[Id] = R;
  if (InExtent)
    ++Launches[Id][Tasks];
}

void RunState::flushTasks() {
  for (auto [Routine, N] : PendingTasks)
    recordLaunch(Routine, ParallelRuntime::OpenMPTask, N);
  PendingTasks.clear();
}

static_assert(RunState::BlockMem::SetSlots == 64,
              "setHome keeps the top 6 bits of the hash");

bool RunState::BlockMem::recentHas(uint64_t Line) const {
  for (uint32_t I = setHome(Line); RecentSet[I]; I = (I + 1) % SetSlots)
    if (RecentSet[I] == Line + 1)
      return true;
  return false;
}

void RunState::BlockMem::recentInsert(uint64_t Line) {
  uint32_t I = setHome(Line);
  while (RecentSet[I])
    I = (I + 1) % SetSlots;
  RecentSet[I] = Line + 1;
}

void RunState::BlockMem::recentErase(uint64_t Line) {
  uint32_t I = setHome(Line);
  while (RecentSet[I] != Line + 1)
    I = (I + 1) % SetSlots;
  // Backward-shift deletion: an entry after the hole moves into it unless
  // its home lies cyclically in (hole, entry].
  for (uint32_t J = (I + 1) % SetSlots; RecentSet[J]; J = (J + 1) % SetSlots) {
    uint32_t K = setHome(RecentSet[J] - 1);
    bool Stays = I <= J ? (I < K && K <= J) : (I < K || K <= J);
    if (!Stays) {
      RecentSet[I] = RecentSet[J];
      I = J;
    }
  }
  RecentSet[I] = 0;
}

void RunState::BlockMem::classAdd(uint64_t Class, int Delta) {
  uint32_t K = InClass[Class];
  if (K)
    --ClassesWith[K];
  K = uint32_t(int(K) + Delta);
  InClass[Class] = uint8_t(K);
  if (K)
    ++ClassesWith[K];
  if (K > Busiest)
    Busiest = K;
  else if (Delta < 0 && K + 1 == Busiest && !ClassesWith[K + 1])
    Busiest = K; // The busiest class lost a line and no other held as many.
}

void RunState::BlockMem::clearRing() {
  RecentSet.fill(0);
  InClass.fill(0);
  ClassesWith.fill(0);
  RecentNext = RecentFilled = Busiest = 0;
}

void RunState::BlockMem::touchLine(uint64_t Line, uint64_t Weight) {
  constexpr uint32_t W = SetCrowding::Window;
  // Most accesses touch the line the block touched last.
  if (RecentFilled && Recent[(RecentNext + W - 1) % W] == Line)
    return;
  if (recentHas(Line))
    return; // Touched lately: not a new line.
  if (RecentFilled == W) {
    recentErase(Recent[RecentNext]);
    classAdd(Recent[RecentNext] & 63, -1);
  } else {
    ++RecentFilled;
  }
  Recent[RecentNext] = Line;
  recentInsert(Line);
  classAdd(Line & 63, +1);
  RecentNext = (RecentNext + 1) % W;
  NewLines += Weight;
  if (Busiest > 8)
    Over8 += Weight * Busiest;
  if (Busiest > 12)
    Over12 += Weight * Busiest;
}

void RunState::access(uint64_t Addr, uint64_t Bytes, uint32_t MemOp,
                      bool Store) {
  uint32_t Block = Map->MemOps[MemOp].Block;
  LastBlock.store(Block, std::memory_order_relaxed);
  BlockMem &B = Mem[Block];
  if (Store) {
    ++B.Stores;
    B.StoreBytes += Bytes;
  } else {
    ++B.Loads;
    B.LoadBytes += Bytes;
    B.LineSplitLoads += (Addr & (LineSplitBytes - 1)) + Bytes > LineSplitBytes;
  }
  if (!TrackReuse || Bytes == 0)
    return;
  uint32_t Size = uint32_t(std::min<uint64_t>(Bytes, UINT32_MAX));
  ++B.Tracked;
  if (Time.enabled() && Time.tick())
    timePhaseChanged();
  if (SkipTime)
    feedAccess(Addr, Size, MemOp, Store);
  else
    traceAccess(Addr, Size, MemOp, Store, B);
  // Progress, and where the program is: a time-out names the block last
  // seen (a write every million accesses costs nothing measurable).
  if ((++Accesses & ((uint64_t(1) << 20) - 1)) == 0)
    sendMessage(ResultFd, 'P',
                std::to_string(Accesses) + " " + std::to_string(Block));
}

void RunState::feedAccess(uint64_t Addr, uint32_t Size, uint32_t MemOp,
                          bool Store) {
  // The reuse stacks only, with no distance measured: enough to keep the
  // distances recorded later those of the whole run. A line no tracker
  // keeps (SHARDS: most of them) needs nothing at all, and most accesses
  // touch a line touched a moment before.
  uint64_t Line = Addr >> MinLineShift;
  bool OneLine = (Addr + Size - 1) >> MinLineShift == Line;
  uint64_t &Unkept = UnkeptLines[Line & (UnkeptLines.size() - 1)];
  if (OneLine && Unkept == Line + 1)
    return;
  BlockMem &B = Mem[Map->MemOps[MemOp].Block];
  bool Kept = false;
  // Which line sizes keep a line of the access: a task tracker samples the
  // same lines as the serial one of its size, so it has nothing to do with
  // a line that one does not keep.
  uint32_t KeptBySize = 0;
  for (size_t K = 0; K < SerialTrackers.size(); ++K) {
    FeedCold Cold;
    Cold.Hist = Store ? &B.StoreSerial[K] : &B.Serial[K];
    Cold.WriteBack = Store ? &B.StoreWriteBack[K] : nullptr;
    Cold.Class = K == ClassLine ? &B.ClassSerial[K] : nullptr;
    if (SerialTrackers[K].feed(Addr, Size, Store, Cold)) {
      Kept = true;
      KeptBySize |= K < 32 ? 1u << K : 0;
    }
  }
  if (TaskDepth && !SkipTask)
    for (size_t K = 0; K < TaskTrackers.size(); ++K) {
      if (K < 32 && !(KeptBySize >> K & 1))
        continue;
      FeedCold Cold;
      Cold.Hist = &B.Task[K];
      Cold.Class = K == ClassLine ? &B.ClassTask[K] : nullptr;
      TaskTrackers[K].feed(Addr, Size, Store, Cold);
    }
  if (OneLine && !Kept)
    Unkept = Line + 1;
}

void RunState::traceAccess(uint64_t Addr, uint32_t Size, uint32_t MemOp,
                           bool Store, BlockMem &B) {
  const uint64_t Bytes = Size;
  const uint32_t Block = Map->MemOps[MemOp].Block;
  if (SkipTask) {
    // The serial history only, recording nothing (weight 0): a later traced
    // task's reuse of lines a left-out task touched keeps its distance
    // instead of turning cold. Cheap at SHARDS rates below 1: most lines are
    // not sampled and cost a hash.
    for (size_t K = 0; K < SerialTrackers.size(); ++K) {
      if (Store)
        SerialTrackers[K].accessStore(Addr, Size, B.StoreSerial[K],
                                      B.StoreWriteBack[K]);
      else
        SerialTrackers[K].access(Addr, Size, B.Serial[K]);
    }
    return;
  }
  // Classes of 64-byte lines in 4 KiB pages, the L1 geometry of every CPU
  // Crop describes.
  const uint64_t W = Weight * TimeWeight;
  B.Weighted += W;
  if (B.RingEpoch != RingEpoch) {
    B.clearRing();
    B.RingEpoch = RingEpoch;
  }
  B.touchLine(Addr >> 6, W);
  if (Store) {
    Alias.store(Addr, Bytes, Block);
  } else if (StoreAliasTracker::Match A = Alias.load(Addr, Bytes, Block);
             W && (A.Distance || A.CrossDistance || A.CrossAliasDistance)) {
    if (A.Distance) {
      if (B.StoreAlias.empty())
        B.StoreAlias.assign(StoreAliasTracker::Window + 1, 0);
      B.StoreAlias[A.Distance] += W;
      B.StoreAliasRmw += W * A.ReadModifyWrite;
      if (AliasByMemOp.empty())
        AliasByMemOp.assign(Map->MemOps.size(), 0);
      AliasByMemOp[MemOp] += W;
    }
    auto Wait = [&](uint32_t D, std::vector<uint64_t> &Bins,
                    std::vector<uint64_t> &ByMemOp) {
      if (!D)
        return;
      if (Bins.empty())
        Bins.assign(32, 0);
      Bins[llvm::Log2_32(D)] += W;
      if (ByMemOp.empty())
        ByMemOp.assign(Map->MemOps.size(), 0);
      ByMemOp[MemOp] += W;
    };
    Wait(A.CrossDistance, B.StoreWait, WaitByMemOp);
    Wait(A.CrossAliasDistance, B.StoreWaitAliased, AliasedWaitByMemOp);
  }
  for (size_t K = 0; K < SerialTrackers.size(); ++K) {
    ReuseTracker &T = SerialTrackers[K];
    if (!Store && K == ClassLine)
      T.accessWithClass(Addr, Size, B.Serial[K], B.ClassSerial[K]);
    else if (!Store)
      T.access(Addr, Size, B.Serial[K]);
    else if (K == ClassLine)
      T.accessStoreWithClass(Addr, Size, B.StoreSerial[K], B.ClassSerial[K],
                             B.StoreWriteBack[K]);
    else
      T.accessStore(Addr, Size, B.StoreSerial[K], B.StoreWriteBack[K]);
  }
  if (TaskDepth)
    for (size_t K = 0; K < TaskTrackers.size(); ++K) {
      if (K == ClassLine)
        TaskTrackers[K].accessWithClass(Addr, Size, B.Task[K], B.ClassTask[K]);
      else
        TaskTrackers[K].access(Addr, Size, B.Task[K]);
    }
}

void RunState::noteAlloc(const void *P, uint64_t Bytes) {
  if (!InExtent || EntryCalls > 1 || !P)
    return;
  AllocEvents.push_back(int64_t(std::max<uint64_t>(1, Bytes)));
  LiveAllocs[reinterpret_cast<uint64_t>(P)] = ++AllocsMade;
}

void RunState::noteFree(const void *P) {
  if (!InExtent || EntryCalls > 1 || !P)
    return;
  // Memory from before the call (its arguments) is not the call's.
  auto It = LiveAllocs.find(reinterpret_cast<uint64_t>(P));
  if (It == LiveAllocs.end())
    return;
  AllocEvents.push_back(-It->second);
  LiveAllocs.erase(It);
}

} // namespace crop::detail

using namespace crop;
using namespace crop::detail;

namespace {

//===-- Hooks ------------------------------------------------------------===//

extern "C" void cropLoadHook(void *Addr, uint64_t Bytes, uint32_t MemOp) {
  RunState &S = state();
  if (S.InExtent)
    S.access(reinterpret_cast<uint64_t>(Addr), Bytes, MemOp, false);
}

extern "C" void cropStoreHook(void *Addr, uint64_t Bytes, uint32_t MemOp) {
  RunState &S = state();
  if (S.InExtent)
    S.access(reinterpret_cast<uint64_t>(Addr), Bytes, MemOp, true);
}

extern "C" void cropEnter() {
  RunState &S = state();
  if (S.Depth++ == 0) {
    size_t N = S.Map->NumCounters;
    S.Snapshot.assign(S.Counters, S.Counters + N);
    S.InExtent = true;
    ++S.EntryCalls;
  }
}

extern "C" void cropLeave() {
  RunState &S = state();
  if (S.Depth == 0 || --S.Depth != 0)
    return;
  S.flushTasks(); // The entry's orphaned tasks, counted within it.
  for (size_t I = 0; I < S.Map->NumCounters; ++I)
    S.Accum[I] += S.Counters[I] - S.Snapshot[I];
  S.InExtent = false;
}

//===-- Memory: allocation under the cap ---------------------------------===//

[[noreturn]] void outOfMemory(const char *What, uint64_t Bytes) {
  childFail(std::string("the program exceeded the memory cap of ") +
            std::to_string(state().MemoryLimit >> 20) + " MiB (" + What +
            " of " + std::to_string(Bytes) + " bytes failed)");
}

// Every allocation starts on a 64-byte line: which lines a buffer touches
// must not depend on where an allocator happened to put it. Those of a page
// or more start on a page, because class reuse distances depend on where
// lines fall within their pages; smaller ones would waste too much. They come
// from the program's fixed-address heap (ProgramMemory.h).
constexpr size_t LineAlign = 64;
constexpr size_t PageAlign = 4096;

// Slack: what the program's real allocator is asked for beyond N. glibc
// serves an alignment A above its own 16 bytes by taking N + A and more
// (_int_memalign), Halide's runtime asks malloc for N + 128.
// Unrecorded: memory the program's runtime pools across calls itself.
void *allocLines(size_t Align, size_t N, const char *What, size_t Slack = 0,
                 bool Recorded = true) {
  size_t A = std::max({Align, LineAlign, N >= PageAlign ? PageAlign : 0});
  void *P = programAlloc(A, N);
  if (!P)
    outOfMemory(What, N);
  if (Recorded)
    state().noteAlloc(P, uint64_t(N) + Slack);
  return P;
}
void freeLines(void *P) {
  state().noteFree(P);
  programFree(P);
}
constexpr size_t GlibcAlign = 16;
size_t alignSlack(size_t Align) { return Align > GlibcAlign ? Align : 0; }
extern "C" void *cropAlignedAlloc(size_t Align, size_t N) {
  return allocLines(Align, N, "aligned_alloc", alignSlack(Align));
}
extern "C" void *cropMalloc(size_t N) {
  return allocLines(LineAlign, N, "malloc");
}
extern "C" void *cropCalloc(size_t N, size_t Size) {
  if (Size && N > SIZE_MAX / Size)
    return nullptr;
  void *P = allocLines(LineAlign, N * Size, "calloc");
  std::memset(P, 0, N * Size);
  return P;
}
extern "C" void cropFree(void *P) { freeLines(P); }
extern "C" void *cropRealloc(void *Old, size_t N) {
  if (!Old)
    return cropMalloc(N);
  if (!N) {
    freeLines(Old);
    return nullptr;
  }
  size_t OldBytes = programAllocSize(Old);
  if (!OldBytes)
    OldBytes = malloc_usable_size(Old);
  void *P = allocLines(LineAlign, N, "realloc");
  std::memcpy(P, Old, std::min(N, OldBytes));
  freeLines(Old);
  return P;
}
extern "C" int cropPosixMemalign(void **Out, size_t Align, size_t N) {
  if (Align < sizeof(void *) || (Align & (Align - 1)))
    return EINVAL;
  *Out = allocLines(Align, N, "posix_memalign", alignSlack(Align));
  return 0;
}

//===-- exit and abort ----------------------------------------------------===//

extern "C" void cropExit(int Code) {
  childFail("the program called exit(" + std::to_string(Code) +
            ") before the entry returned");
}
extern "C" void cropAbort() { childFail("the program called abort()"); }

/// The float-to-bfloat16 conversions LLVM calls for bfloat arithmetic on
/// x86 (compiler-rt's and libgcc 13's __truncsfbf2/__truncdfbf2; Debian
/// 12's libgcc has neither). Round to nearest even, NaNs kept quiet. The
/// result goes back in xmm0, as the bfloat ABI has it: a float whose low
/// 16 bits are the bfloat's.
static float bfloatInFloat(uint32_t Bits) {
  uint16_t B;
  if ((Bits & 0x7fffffffu) > 0x7f800000u)
    B = uint16_t((Bits >> 16) | 0x40);
  else
    B = uint16_t((Bits + 0x7fffu + ((Bits >> 16) & 1)) >> 16);
  uint32_t Out = B;
  float F;
  std::memcpy(&F, &Out, 4);
  return F;
}
extern "C" float cropTruncSfBf2(float X) {
  uint32_t Bits;
  std::memcpy(&Bits, &X, 4);
  return bfloatInFloat(Bits);
}
extern "C" float cropTruncDfBf2(double X) {
  // Through float: a double that rounds differently in two steps is not a
  // value a tensor program's counts depend on.
  return cropTruncSfBf2(float(X));
}
/// Threads of the program's own would race the plain counter increments and
/// make the profile depend on scheduling: refuse them clearly.
extern "C" int cropPthreadCreate(void *, const void *, void *, void *) {
  childFail("the program starts threads of its own (pthread_create); Crop "
            "serves only OpenMP, Halide and TVM parallelism");
}

//===-- OpenMP (as clang emits it)
//-----------------------------------------===//

constexpr int32_t KmpSchStaticChunked = 33;
constexpr int32_t KmpSchDynamicChunked = 35;
constexpr int32_t KmpOrdStaticChunked = 65;
constexpr int32_t KmpOrdDynamicChunked = 67;
/// libomp's schedule modifiers (monotonic, nonmonotonic) above the kind.
constexpr int32_t KmpSchModifierMask = (1 << 29) | (1 << 30);

/// The team size of an outermost region that asks for it before any
/// worksharing loop has set its task count: such a region splits its work by
/// omp_get_thread_num() itself (`lo = n * t / nt`), so it gets a team whose
/// size most core counts divide (1-6, 8-10, 12, 15, 16, 18, 20, 24, 30, 36,
/// 40, 45, 48, 60, 72, 80, 90, 120, 144, 180, 240, 360, 720), and the
/// predictor spreads its tasks over the target's threads as it spreads a
/// loop's iterations; with one task the region was predicted serial at any
/// thread count. omp_get_max_threads() and omp_get_num_procs() say the same,
/// so arrays a program sizes by them hold a slot for every task. A loop whose
/// schedule leaves the split to the runtime (static without a chunk, guided,
/// runtime, auto) runs as at most this many tasks, for the same reason.
constexpr int64_t OmpVirtualTeam = 720;

struct OmpFork {
  int64_t Tid = 0;
  int64_t Tasks = -1; ///< Set by the first worksharing loop of task 0.
  bool DispatchGiven = false;
  int64_t DLo = 0, DHi = 0, DSt = 1, DChunk = 1;
  /// The region's num_threads clause (__kmpc_push_num_threads); 0: none.
  int64_t Requested = 0;
  /// Its tasks are a dynamic schedule's chunks (ompDispatchInit).
  bool Dynamic = false;
};
/// A num_threads clause pushed for the next region.
int64_t &ompPushedThreads() {
  static int64_t N = 0;
  return N;
}
std::vector<OmpFork> &ompStack() {
  static std::vector<OmpFork> S;
  return S;
}

/// The innermost parallel region; outside any, a loop is orphaned and runs
/// whole in the one thread there is.
OmpFork &currentFork() {
  auto &Stack = ompStack();
  static OmpFork Orphan;
  if (!Stack.empty())
    return Stack.back();
  Orphan.Tid = 0;
  Orphan.Tasks = 1;
  return Orphan;
}

/// Units [First, Last) of Units that task Tid of Tasks runs (blocked).
std::pair<uint64_t, uint64_t> ompShare(uint64_t Units, uint64_t Tasks,
                                       uint64_t Tid) {
  uint64_t Per = (Units + Tasks - 1) / Tasks;
  uint64_t First = std::min(Units, Tid * Per);
  return {First, std::min(Units, First + Per)};
}

template <typename T, typename ST> uint64_t tripCount(T Lo, T Hi, ST Incr) {
  if (Incr > 0)
    return Hi < Lo ? 0 : uint64_t(Hi - Lo) / uint64_t(Incr) + 1;
  if (Incr < 0)
    return Lo < Hi ? 0 : uint64_t(Lo - Hi) / uint64_t(-Incr) + 1;
  return 1;
}

template <typename T, typename ST>
void ompStaticInit(int32_t Sched, int32_t *PLast, T *PLower, T *PUpper,
                   ST *PStride, ST Incr, ST Chunk) {
  T Lo = *PLower, Hi = *PUpper;
  uint64_t Trip = tripCount(Lo, Hi, Incr);
  bool Chunked = Sched == KmpSchStaticChunked && Chunk > 0;
  uint64_t C = Chunked ? uint64_t(Chunk) : 1;
  uint64_t Units = (Trip + C - 1) / C;
  auto &Stack = ompStack();
  uint64_t Tasks = 1, Tid = 0;
  if (!Stack.empty()) {
    OmpFork &F = Stack.back();
    // Without a chunk each thread runs one contiguous block, so a task is a
    // block of iterations, not one iteration: a loop the compiler
    // vectorized runs its vector body as a thread does, not its scalar
    // remainder once per iteration.
    if (F.Tasks < 0 && F.Tid == 0)
      F.Tasks = int64_t(std::clamp<uint64_t>(
          Units, 1, Chunked ? UINT64_MAX : uint64_t(OmpVirtualTeam)));
    Tasks = uint64_t(std::max<int64_t>(F.Tasks, 1));
    Tid = uint64_t(F.Tid);
  }
  auto [First, Last] = ompShare(Units, Tasks, Tid);
  *PStride = ST(Units * C) * Incr;
  if (PLast)
    *PLast = (Last == Units && First < Last) ? 1 : 0;
  if (First >= Last) {
    *PLower = T(Lo + T(Trip) * T(Incr));
    *PUpper = T(*PLower - T(Incr));
    return;
  }
  *PLower = T(Lo + T(First * C) * T(Incr));
  uint64_t End = std::min(Trip, Last * C);
  *PUpper = T(Lo + T(End - 1) * T(Incr));
}

extern "C" void kmpcForStaticInit4(void *, int32_t, int32_t S, int32_t *L,
                                   int32_t *Lo, int32_t *Hi, int32_t *St,
                                   int32_t Inc, int32_t Ch) {
  ompStaticInit<int32_t, int32_t>(S, L, Lo, Hi, St, Inc, Ch);
}
extern "C" void kmpcForStaticInit4u(void *, int32_t, int32_t S, int32_t *L,
                                    uint32_t *Lo, uint32_t *Hi, int32_t *St,
                                    int32_t Inc, int32_t Ch) {
  ompStaticInit<uint32_t, int32_t>(S, L, Lo, Hi, St, Inc, Ch);
}
extern "C" void kmpcForStaticInit8(void *, int32_t, int32_t S, int32_t *L,
                                   int64_t *Lo, int64_t *Hi, int64_t *St,
                                   int64_t Inc, int64_t Ch) {
  ompStaticInit<int64_t, int64_t>(S, L, Lo, Hi, St, Inc, Ch);
}
extern "C" void kmpcForStaticInit8u(void *, int32_t, int32_t S, int32_t *L,
                                    uint64_t *Lo, uint64_t *Hi, int64_t *St,
                                    int64_t Inc, int64_t Ch) {
  ompStaticInit<uint64_t, int64_t>(S, L, Lo, Hi, St, Inc, Ch);
}

template <typename T, typename ST>
void ompDispatchInit(int32_t Sched, T Lo, T Hi, ST St, ST Chunk) {
  OmpFork &F = currentFork();
  F.DLo = int64_t(Lo);
  F.DHi = int64_t(Hi);
  F.DSt = int64_t(St);
  F.DChunk = Chunk > 0 ? int64_t(Chunk) : 1;
  F.DispatchGiven = false;
  uint64_t Trip = tripCount<T, ST>(Lo, Hi, St);
  uint64_t Units = (Trip + F.DChunk - 1) / F.DChunk;
  // A dynamic schedule hands out one chunk at a time, each a task, and a
  // chunked static one (under `ordered`) deals them round; the others
  // (guided's chunks shrink from Trip / 2 threads, runtime and auto default
  // to static) give each thread a few large blocks.
  int32_t Kind = Sched & ~KmpSchModifierMask;
  bool Dynamic = Kind == KmpSchDynamicChunked || Kind == KmpOrdDynamicChunked;
  bool PerChunk =
      Dynamic || Kind == KmpSchStaticChunked || Kind == KmpOrdStaticChunked;
  if (F.Tasks < 0 && F.Tid == 0) {
    F.Tasks = int64_t(std::clamp<uint64_t>(
        Units, 1, PerChunk ? UINT64_MAX : uint64_t(OmpVirtualTeam)));
    F.Dynamic = Dynamic;
  }
}

template <typename T, typename ST>
int32_t ompDispatchNext(int32_t *PLast, T *PLower, T *PUpper, ST *PStride) {
  OmpFork &F = currentFork();
  if (F.DispatchGiven)
    return 0;
  F.DispatchGiven = true;
  T Lo = T(F.DLo), Hi = T(F.DHi);
  ST St = ST(F.DSt);
  uint64_t Trip = tripCount<T, ST>(Lo, Hi, St);
  uint64_t C = uint64_t(F.DChunk);
  uint64_t Units = (Trip + C - 1) / C;
  auto [First, Last] =
      ompShare(Units, uint64_t(std::max<int64_t>(F.Tasks, 1)), uint64_t(F.Tid));
  if (First >= Last)
    return 0;
  *PLower = T(Lo + T(First * C) * T(St));
  *PUpper = T(Lo + T(std::min(Trip, Last * C) - 1) * T(St));
  if (PStride)
    *PStride = St;
  if (PLast)
    *PLast = Last == Units;
  return 1;
}

extern "C" void kmpcDispatchInit4(void *, int32_t, int32_t Sched, int32_t Lo,
                                  int32_t Hi, int32_t St, int32_t Ch) {
  ompDispatchInit<int32_t, int32_t>(Sched, Lo, Hi, St, Ch);
}
extern "C" void kmpcDispatchInit4u(void *, int32_t, int32_t Sched, uint32_t Lo,
                                   uint32_t Hi, int32_t St, int32_t Ch) {
  ompDispatchInit<uint32_t, int32_t>(Sched, Lo, Hi, St, Ch);
}
extern "C" void kmpcDispatchInit8(void *, int32_t, int32_t Sched, int64_t Lo,
                                  int64_t Hi, int64_t St, int64_t Ch) {
  ompDispatchInit<int64_t, int64_t>(Sched, Lo, Hi, St, Ch);
}
extern "C" void kmpcDispatchInit8u(void *, int32_t, int32_t Sched, uint64_t Lo,
                                   uint64_t Hi, int64_t St, int64_t Ch) {
  ompDispatchInit<uint64_t, int64_t>(Sched, Lo, Hi, St, Ch);
}
extern "C" int32_t kmpcDispatchNext4(void *, int32_t, int32_t *L, int32_t *Lo,
                                     int32_t *Hi, int32_t *St) {
  return ompDispatchNext<int32_t, int32_t>(L, Lo, Hi, St);
}
extern "C" int32_t kmpcDispatchNext4u(void *, int32_t, int32_t *L, uint32_t *Lo,
                                      uint32_t *Hi, int32_t *St) {
  return ompDispatchNext<uint32_t, int32_t>(L, Lo, Hi, St);
}
extern "C" int32_t kmpcDispatchNext8(void *, int32_t, int32_t *L, int64_t *Lo,
                                     int64_t *Hi, int64_t *St) {
  return ompDispatchNext<int64_t, int64_t>(L, Lo, Hi, St);
}
extern "C" int32_t kmpcDispatchNext8u(void *, int32_t, int32_t *L, uint64_t *Lo,
                                      uint64_t *Hi, int64_t *St) {
  return ompDispatchNext<uint64_t, int64_t>(L, Lo, Hi, St);
}

using VP = void *;
template <size_t... I>
void invokeMicrotask(void *Fn, int32_t *G, int32_t *B, void **A,
                     std::index_sequence<I...>) {
  using FnT = void (*)(int32_t *, int32_t *, decltype((void)I, VP())...);
  reinterpret_cast<FnT>(Fn)(G, B, A[I]...);
}
template <size_t... N>
void invokeMicrotaskN(void *Fn, int32_t *G, int32_t *B, void **A, size_t Argc,
                      std::index_sequence<N...>) {
  ((Argc == N ? invokeMicrotask(Fn, G, B, A, std::make_index_sequence<N>())
              : void()),
   ...);
}
constexpr size_t MaxForkArgs = 24;

extern "C" void kmpcForkCall(void *, int32_t Argc, void *Microtask, ...) {
  if (Argc < 0 || size_t(Argc) > MaxForkArgs)
    childFail("__kmpc_fork_call with " + std::to_string(Argc) +
              " shared variables; the serial OpenMP runtime takes at most " +
              std::to_string(MaxForkArgs));
  void *Args[MaxForkArgs + 1] = {};
  va_list AP;
  va_start(AP, Microtask);
  for (int32_t I = 0; I < Argc; ++I)
    Args[I] = va_arg(AP, void *);
  va_end(AP);

  RunState &S = state();
  auto &Stack = ompStack();
  size_t Level = Stack.size();
  Stack.emplace_back();
  Stack[Level].Requested = std::exchange(ompPushedThreads(), 0);
  // A region inside another one is serialized, as libomp runs it by default
  // (max-active-levels 1): a team of one, whose work is part of the
  // enclosing task, on that task's thread. It is recorded as launches of
  // one task; the profile names the enclosing function (parallel_in), and
  // the predictor prices each such launch as a team of one on the
  // enclosing task's thread.
  bool Nested = Level > 0;
  if (Nested)
    Stack[Level].Tasks = 1;
  int64_t Tid = 0;
  do {
    Stack[Level].Tid = Tid;
    Stack[Level].DispatchGiven = false;
    int32_t GTid = int32_t(Tid), BTid = int32_t(Tid);
    // Task 0 learns the region's task count (its first worksharing loop).
    if (!Nested)
      S.beginTask(uint64_t(Tid),
                  uint64_t(std::max<int64_t>(Stack[Level].Tasks, 0)));
    invokeMicrotaskN(Microtask, &GTid, &BTid, Args, size_t(Argc),
                     std::make_index_sequence<MaxForkArgs + 1>());
    if (!Nested)
      S.endTask();
    ++Tid;
  } while (Tid < Stack[Level].Tasks);
  // The region's end waits for its explicit tasks.
  S.flushTasks();
  // A region whose tasks a dynamic schedule handed out pays for each
  // (docs/prediction.md, "Parallel launches").
  S.recordLaunch(Microtask,
                 Stack[Level].Dynamic && !Nested
                     ? ParallelRuntime::OpenMPDynamic
                     : ParallelRuntime::OpenMP,
                 uint64_t(Tid));
  Stack.pop_back();
}

int32_t ompTid() {
  auto &Stack = ompStack();
  return Stack.empty() ? 0 : int32_t(Stack.back().Tid);
}

extern "C" int32_t kmpcGlobalThreadNum(void *) { return ompTid(); }
extern "C" int ompGetThreadNum() { return ompTid(); }
extern "C" int ompGetNumThreads() {
  auto &Stack = ompStack();
  if (Stack.empty())
    return 1;
  OmpFork &F = Stack.back();
  // Nested regions run with one thread, as libomp runs them by default; a
  // num_threads clause fixes the team the program splits its work over.
  if (F.Tasks < 0 && F.Tid == 0 && Stack.size() == 1)
    F.Tasks = F.Requested > 0 ? F.Requested : OmpVirtualTeam;
  return F.Tasks < 1 ? 1 : int(F.Tasks);
}
extern "C" int ompGetMaxThreads() { return int(OmpVirtualTeam); }
extern "C" int ompGetNumProcs() { return int(OmpVirtualTeam); }
extern "C" int ompInParallel() { return !ompStack().empty(); }
extern "C" int ompGetLevel() { return int(ompStack().size()); }
extern "C" double ompGetWtime() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}
extern "C" void ompSetNumThreads(int) {}
extern "C" void kmpcPushNumThreads(void *, int32_t, int32_t N) {
  ompPushedThreads() = N > 0 ? N : 0;
}
extern "C" void kmpcNoop() {}
extern "C" int32_t kmpcFalse() { return 0; }
extern "C" int32_t kmpcReduce(void *, int32_t, int32_t, size_t, void *, void *,
                              void *) {
  return 1; // This task combines its partial result itself.
}
extern "C" int32_t kmpcMaster(void *, int32_t) { return ompTid() == 0; }
extern "C" int32_t kmpcMasked(void *, int32_t, int32_t Filter) {
  return ompTid() == Filter;
}
extern "C" int32_t kmpcSingle(void *, int32_t) { return ompTid() == 0; }

//===-- OpenMP explicit tasks ---------------------------------------------===//
//
// Each task runs when it is created (an OpenMP runtime may always run a task
// at once), so dependences and taskwaits are already met. A task is one unit
// of parallel work: the tasks of one routine created between two points where
// the program waits for them (taskwait, the end of a taskgroup, a barrier, the
// end of the region) are recorded as one launch of that many tasks, which the
// predictor spreads over the target's threads like a loop's iterations.

/// libomp's kmp_task_t as clang lays it out (kmp.h): the compiler stores the
/// shared variables' addresses through Shareds and the firstprivate copies
/// after this header, inside SizeofTask.
struct KmpTask {
  void *Shareds;
  int32_t (*Routine)(int32_t, void *);
  int32_t PartId;
  union {
    int32_t Priority;
    int32_t (*Destructors)(int32_t, void *);
  } Data1, Data2;
};
/// What the runtime keeps in front of each task: its flags and its size, for
/// the destructors and for a taskloop's copies.
struct alignas(64) KmpTaskHeader {
  int32_t Flags;
  size_t TaskBytes; ///< kmp_task_t, privates and shareds.
};
constexpr int32_t KmpTaskDestructors = 0x8;

KmpTaskHeader *taskHeader(KmpTask *T) {
  return reinterpret_cast<KmpTaskHeader *>(T) - 1;
}

KmpTask *ompAllocTask(int32_t Flags, size_t TaskBytes) {
  // libomp serves tasks from per-thread pools: no page is faulted in anew.
  auto *H = static_cast<KmpTaskHeader *>(
      allocLines(alignof(KmpTaskHeader), sizeof(KmpTaskHeader) + TaskBytes,
                 "__kmpc_omp_task_alloc", 0, /*Recorded=*/false));
  H->Flags = Flags;
  H->TaskBytes = TaskBytes;
  return reinterpret_cast<KmpTask *>(H + 1);
}
void ompFreeTask(int32_t Gtid, KmpTask *T) {
  if (taskHeader(T)->Flags & KmpTaskDestructors && T->Data1.Destructors)
    T->Data1.Destructors(Gtid, T);
  freeLines(taskHeader(T));
}
/// Runs task T as task Index of Count (0: not known yet).
void ompRunTask(int32_t Gtid, KmpTask *T, uint64_t Index, uint64_t Count) {
  RunState &S = state();
  void *Routine = reinterpret_cast<void *>(T->Routine);
  S.beginTask(Index, Count);
  T->Routine(Gtid, T);
  S.endTask();
  ++S.PendingTasks[Routine];
}

extern "C" KmpTask *kmpcOmpTaskAlloc(void *, int32_t, int32_t Flags,
                                     size_t SizeofTask, size_t SizeofShareds,
                                     int32_t (*Entry)(int32_t, void *)) {
  size_t SharedsAt =
      (SizeofTask + alignof(void *) - 1) & ~(alignof(void *) - 1);
  KmpTask *T = ompAllocTask(Flags, SharedsAt + SizeofShareds);
  T->Shareds =
      SizeofShareds ? reinterpret_cast<char *>(T) + SharedsAt : nullptr;
  T->Routine = Entry;
  T->PartId = 0;
  return T;
}
extern "C" int32_t kmpcOmpTask(void *, int32_t Gtid, KmpTask *T) {
  RunState &S = state();
  ompRunTask(Gtid, T, S.PendingTasks[reinterpret_cast<void *>(T->Routine)], 0);
  ompFreeTask(Gtid, T);
  return 0; // TASK_CURRENT_NOT_QUEUED
}
extern "C" int32_t kmpcOmpTaskWithDeps(void *Loc, int32_t Gtid, KmpTask *T,
                                       int32_t, void *, int32_t, void *) {
  return kmpcOmpTask(Loc, Gtid, T);
}
// if(0) tasks: the encountering thread runs the routine itself, between
// these two calls, and waits for it: not parallel work.
extern "C" void kmpcOmpTaskBeginIf0(void *, int32_t, KmpTask *) {}
extern "C" void kmpcOmpTaskCompleteIf0(void *, int32_t Gtid, KmpTask *T) {
  ompFreeTask(Gtid, T);
}
extern "C" int32_t kmpcOmpTaskwait(void *, int32_t) {
  state().flushTasks();
  return 0;
}
extern "C" void kmpcTaskSync(void *, int32_t) { state().flushTasks(); }
extern "C" int32_t kmpcOmpTaskyield(void *, int32_t, int32_t) { return 0; }

/// `#pragma omp taskloop`: the loop's [*Lb, *Ub] by St is cut into tasks,
/// copies of T whose own bounds (at the same offsets as Lb and Ub in T) say
/// which chunk each runs. grainsize(g) (Sched 1): as many tasks as hold g
/// iterations each; num_tasks(n) (Sched 2): n tasks; neither: one per
/// virtual thread (libomp makes one per thread of the team). Chunks differ
/// by at most one iteration, the larger first.
extern "C" void kmpcTaskloop(void *, int32_t Gtid, KmpTask *T, int32_t IfVal,
                             uint64_t *Lb, uint64_t *Ub, int64_t St,
                             int32_t NoGroup, int32_t Sched, uint64_t Grain,
                             void (*TaskDup)(KmpTask *, KmpTask *, int32_t)) {
  int64_t Lo = int64_t(*Lb), Hi = int64_t(*Ub);
  uint64_t Trip = tripCount(Lo, Hi, St);
  uint64_t Tasks = Sched == 1   ? (Grain ? Trip / Grain : Trip)
                   : Sched == 2 ? Grain
                                : uint64_t(OmpVirtualTeam);
  Tasks = std::max<uint64_t>(1, std::min(Tasks, Trip));
  if (!IfVal)
    Tasks = 1;
  size_t LbAt = reinterpret_cast<char *>(Lb) - reinterpret_cast<char *>(T);
  size_t UbAt = reinterpret_cast<char *>(Ub) - reinterpret_cast<char *>(T);
  size_t Bytes = taskHeader(T)->TaskBytes;
  uint64_t Base = Trip / Tasks, Extra = Trip % Tasks, First = 0;
  for (uint64_t I = 0; I < Tasks && Trip; ++I) {
    uint64_t N = Base + (I < Extra ? 1 : 0);
    KmpTask *C = ompAllocTask(taskHeader(T)->Flags, Bytes);
    std::memcpy(C, T, Bytes);
    if (T->Shareds)
      C->Shareds =
          reinterpret_cast<char *>(C) +
          (static_cast<char *>(T->Shareds) - reinterpret_cast<char *>(T));
    if (TaskDup)
      TaskDup(C, T, I + 1 == Tasks);
    auto *CLb =
        reinterpret_cast<uint64_t *>(reinterpret_cast<char *>(C) + LbAt);
    auto *CUb =
        reinterpret_cast<uint64_t *>(reinterpret_cast<char *>(C) + UbAt);
    *CLb = uint64_t(Lo + int64_t(First) * St);
    *CUb = uint64_t(Lo + int64_t(First + N - 1) * St);
    First += N;
    if (IfVal)
      ompRunTask(Gtid, C, I, Tasks);
    else
      C->Routine(Gtid, C);
    ompFreeTask(Gtid, C); // Its destructors run for its private copies.
  }
  // The pattern never runs: freed without destructors.
  freeLines(taskHeader(T));
  if (!NoGroup)
    state().flushTasks();
}

//===-- Halide ------------------------------------------------------------===//

using HalideTask = int (*)(void *, int, uint8_t *);
extern "C" int haldoParFor(void *UC, HalideTask F, int Min, int Size,
                           uint8_t *Closure) {
  RunState &S = state();
  int Ran = 0, Result = 0;
  for (int I = Min; I < Min + Size; ++I) {
    S.beginTask(uint64_t(I - Min), uint64_t(Size));
    Result = F(UC, I, Closure);
    S.endTask();
    ++Ran;
    if (Result)
      break;
  }
  S.recordLaunch(reinterpret_cast<void *>(F), ParallelRuntime::Halide,
                 uint64_t(Ran));
  return Result;
}
extern "C" void *halMalloc(void *, size_t N) {
  // Halide expects 128-byte alignment from halide_malloc.
  // Page-aligned whatever the size: Halide's scratch buffers are few.
  return allocLines(PageAlign, (N + 127) & ~size_t(127), "halide_malloc",
                    N + 128 - ((N + 127) & ~size_t(127)));
}
extern "C" void halFree(void *, void *P) { freeLines(P); }
extern "C" void halError(void *, const char *Msg) {
  state().LastError = Msg ? Msg : "";
}
extern "C" void halPrint(void *, const char *Msg) {
  std::fputs(Msg ? Msg : "", stderr);
}
extern "C" void cropMissingFunction(const char *Name) {
  childFail(std::string("the program called ") + (Name ? Name : "?") +
            ", which the module only declares and neither the C library nor "
            "Crop's OpenMP/Halide/TVM runtimes define");
}
extern "C" void cropHalideError(const char *Name) {
  if (state().LastError.empty())
    state().LastError = std::string(Name) + " was called";
}

//===-- TVM ---------------------------------------------------------------===//

struct TVMParallelGroupEnv {
  void *SyncHandle;
  int32_t NumTask;
};
using TVMLambda = int (*)(int, TVMParallelGroupEnv *, void *);

extern "C" int tvmParallelLaunch(TVMLambda F, void *Closure, int NumTask) {
  RunState &S = state();
  uint32_t Id = S.functionId(reinterpret_cast<void *>(F));
  // One task per iteration of the loop the lambda splits (docs/profiling.md).
  int64_t Extent = Id < S.TVMExtent.size() ? S.TVMExtent[Id] : -1;
  int32_t N = Extent > 0 ? int32_t(Extent) : (NumTask > 0 ? NumTask : 1);
  TVMParallelGroupEnv Env{nullptr, N};
  int Result = 0, Ran = 0;
  for (int32_t T = 0; T < N; ++T) {
    S.beginTask(uint64_t(T), uint64_t(N));
    Result = F(T, &Env, Closure);
    S.endTask();
    ++Ran;
    if (Result)
      break;
  }
  S.recordLaunch(reinterpret_cast<void *>(F), ParallelRuntime::TVM,
                 uint64_t(Ran));
  return Result;
}
extern "C" int tvmParallelBarrier(int, TVMParallelGroupEnv *) { return 0; }
extern "C" void *tvmAllocWorkspace(int, int, uint64_t N, int, int) {
  // TVM's runtime serves workspaces from its WorkspacePool, which keeps
  // what a call frees for the next one: no page is faulted in again.
  return allocLines(PageAlign, N ? N : 1, "TVMBackendAllocWorkspace", 0,
                    /*Recorded=*/false);
}
extern "C" int tvmFreeWorkspace(int, int, void *P) {
  freeLines(P);
  return 0;
}
extern "C" void tvmSetLastError(const char *Msg) {
  state().LastError = Msg ? Msg : "";
}
extern "C" int tvmGetFuncFromEnv(void *, const char *Name, void **Out) {
  state().LastError = std::string("the module asks for packed function '") +
                      (Name ? Name : "") +
                      "' from its environment; Crop's TVM runtime has none";
  if (Out)
    *Out = nullptr;
  return -1;
}

// TVM >= 0.21 (tvm-ffi) raises errors through these instead of
// TVMAPISetLastError: a kind ("TypeError") and the message, whole or in parts.
extern "C" void tvmFFIErrorSetRaisedFromCStr(const char *Kind,
                                             const char *Msg) {
  state().LastError =
      std::string(Kind ? Kind : "Error") + ": " + (Msg ? Msg : "");
}
extern "C" void tvmFFIErrorSetRaisedFromCStrParts(const char *Kind,
                                                  const char **Parts,
                                                  int32_t N) {
  std::string Msg = std::string(Kind ? Kind : "Error") + ": ";
  for (int32_t I = 0; Parts && I < N; ++I)
    Msg += Parts[I] ? Parts[I] : "";
  state().LastError = Msg;
}

template <typename F> void *fn(F *P) { return reinterpret_cast<void *>(P); }

} // namespace

namespace crop::detail {

std::vector<std::pair<std::string, void *>> runtimeSymbols() {
  std::vector<std::pair<std::string, void *>> S = {
      {abi::LoadHookSymbol, fn(cropLoadHook)},
      {abi::StoreHookSymbol, fn(cropStoreHook)},
      {abi::EnterHookSymbol, fn(cropEnter)},
      {abi::LeaveHookSymbol, fn(cropLeave)},
      {abi::HalideErrorHookSymbol, fn(cropHalideError)},
      {abi::MissingFunctionHookSymbol, fn(cropMissingFunction)},
      // Allocation under the memory cap; exit/abort become errors.
      {"malloc", fn(cropMalloc)},
      {"calloc", fn(cropCalloc)},
      {"realloc", fn(cropRealloc)},
      {"free", fn(cropFree)},
      {"aligned_alloc", fn(cropAlignedAlloc)},
      {"posix_memalign", fn(cropPosixMemalign)},
      {"exit", fn(cropExit)},
      {"_exit", fn(cropExit)},
      {"_Exit", fn(cropExit)},
      {"quick_exit", fn(cropExit)},
      {"abort", fn(cropAbort)},
      {"pthread_create", fn(cropPthreadCreate)},
      {"__truncsfbf2", fn(cropTruncSfBf2)},
      {"__truncdfbf2", fn(cropTruncDfBf2)},
      // OpenMP.
      {"__kmpc_fork_call", fn(kmpcForkCall)},
      {"__kmpc_for_static_init_4", fn(kmpcForStaticInit4)},
      {"__kmpc_for_static_init_4u", fn(kmpcForStaticInit4u)},
      {"__kmpc_for_static_init_8", fn(kmpcForStaticInit8)},
      {"__kmpc_for_static_init_8u", fn(kmpcForStaticInit8u)},
      {"__kmpc_for_static_fini", fn(kmpcNoop)},
      {"__kmpc_dispatch_init_4", fn(kmpcDispatchInit4)},
      {"__kmpc_dispatch_init_4u", fn(kmpcDispatchInit4u)},
      {"__kmpc_dispatch_init_8", fn(kmpcDispatchInit8)},
      {"__kmpc_dispatch_init_8u", fn(kmpcDispatchInit8u)},
      {"__kmpc_dispatch_next_4", fn(kmpcDispatchNext4)},
      {"__kmpc_dispatch_next_4u", fn(kmpcDispatchNext4u)},
      {"__kmpc_dispatch_next_8", fn(kmpcDispatchNext8)},
      {"__kmpc_dispatch_next_8u", fn(kmpcDispatchNext8u)},
      {"__kmpc_dispatch_fini_4", fn(kmpcNoop)},
      {"__kmpc_dispatch_fini_4u", fn(kmpcNoop)},
      {"__kmpc_dispatch_fini_8", fn(kmpcNoop)},
      {"__kmpc_dispatch_fini_8u", fn(kmpcNoop)},
      {"__kmpc_dispatch_deinit", fn(kmpcNoop)},
      {"__kmpc_global_thread_num", fn(kmpcGlobalThreadNum)},
      {"__kmpc_barrier", fn(kmpcTaskSync)},
      {"__kmpc_push_num_threads", fn(kmpcPushNumThreads)},
      {"__kmpc_push_proc_bind", fn(kmpcNoop)},
      {"__kmpc_serialized_parallel", fn(kmpcNoop)},
      {"__kmpc_end_serialized_parallel", fn(kmpcNoop)},
      {"__kmpc_critical", fn(kmpcNoop)},
      // Tasks run in order: an ordered region's or a doacross loop's
      // predecessors have run; cancellation is never requested.
      {"__kmpc_ordered", fn(kmpcNoop)},
      {"__kmpc_end_ordered", fn(kmpcNoop)},
      {"__kmpc_doacross_init", fn(kmpcNoop)},
      {"__kmpc_doacross_wait", fn(kmpcNoop)},
      {"__kmpc_doacross_post", fn(kmpcNoop)},
      {"__kmpc_doacross_fini", fn(kmpcNoop)},
      {"__kmpc_cancellationpoint", fn(kmpcFalse)},
      {"__kmpc_cancel", fn(kmpcFalse)},
      {"__kmpc_cancel_barrier", fn(kmpcFalse)},
      {"__kmpc_end_critical", fn(kmpcNoop)},
      {"__kmpc_flush", fn(kmpcNoop)},
      {"__kmpc_reduce", fn(kmpcReduce)},
      {"__kmpc_reduce_nowait", fn(kmpcReduce)},
      {"__kmpc_end_reduce", fn(kmpcNoop)},
      {"__kmpc_end_reduce_nowait", fn(kmpcNoop)},
      {"__kmpc_master", fn(kmpcMaster)},
      {"__kmpc_end_master", fn(kmpcNoop)},
      {"__kmpc_masked", fn(kmpcMasked)},
      {"__kmpc_end_masked", fn(kmpcNoop)},
      {"__kmpc_single", fn(kmpcSingle)},
      {"__kmpc_end_single", fn(kmpcNoop)},
      {"__kmpc_omp_task_alloc", fn(kmpcOmpTaskAlloc)},
      {"__kmpc_omp_task", fn(kmpcOmpTask)},
      {"__kmpc_omp_task_with_deps", fn(kmpcOmpTaskWithDeps)},
      {"__kmpc_omp_task_begin_if0", fn(kmpcOmpTaskBeginIf0)},
      {"__kmpc_omp_task_complete_if0", fn(kmpcOmpTaskCompleteIf0)},
      {"__kmpc_omp_taskwait", fn(kmpcOmpTaskwait)},
      {"__kmpc_omp_taskyield", fn(kmpcOmpTaskyield)},
      {"__kmpc_taskgroup", fn(kmpcNoop)},
      {"__kmpc_end_taskgroup", fn(kmpcTaskSync)},
      {"__kmpc_taskloop", fn(kmpcTaskloop)},
      {"omp_get_thread_num", fn(ompGetThreadNum)},
      {"omp_get_num_threads", fn(ompGetNumThreads)},
      {"omp_get_max_threads", fn(ompGetMaxThreads)},
      {"omp_get_num_procs", fn(ompGetNumProcs)},
      {"omp_in_parallel", fn(ompInParallel)},
      {"omp_get_wtime", fn(ompGetWtime)},
      {"omp_set_num_threads", fn(ompSetNumThreads)},
      {"omp_set_dynamic", fn(ompSetNumThreads)},
      {"omp_get_dynamic", fn(kmpcFalse)},
      {"omp_in_final", fn(kmpcFalse)},
      {"omp_get_level", fn(ompGetLevel)},
      {"omp_get_active_level", fn(ompGetLevel)},
      // Halide.
      {"halide_do_par_for", fn(haldoParFor)},
      {"halide_malloc", fn(halMalloc)},
      {"halide_free", fn(halFree)},
      {"halide_error", fn(halError)},
      {"halide_print", fn(halPrint)},
      // TVM, for modules that call the backend API directly.
      {"TVMBackendParallelLaunch", fn(tvmParallelLaunch)},
      {"TVMBackendParallelBarrier", fn(tvmParallelBarrier)},
      {"TVMBackendAllocWorkspace", fn(tvmAllocWorkspace)},
      {"TVMBackendFreeWorkspace", fn(tvmFreeWorkspace)},
      {"TVMAPISetLastError", fn(tvmSetLastError)},
      {"TVMBackendGetFuncFromEnv", fn(tvmGetFuncFromEnv)},
      {"TVMFFIErrorSetRaisedFromCStr", fn(tvmFFIErrorSetRaisedFromCStr)},
      {"TVMFFIErrorSetRaisedFromCStrParts",
       fn(tvmFFIErrorSetRaisedFromCStrParts)},
  };
  return S;
}

std::vector<std::pair<std::string, void *>> runtimeFunctionPointers() {
  return {
      {"__TVMBackendParallelLaunch", fn(tvmParallelLaunch)},
      {"__TVMBackendParallelBarrier", fn(tvmParallelBarrier)},
      {"__TVMBackendAllocWorkspace", fn(tvmAllocWorkspace)},
      {"__TVMBackendFreeWorkspace", fn(tvmFreeWorkspace)},
      {"__TVMAPISetLastError", fn(tvmSetLastError)},
      {"__TVMBackendGetFuncFromEnv", fn(tvmGetFuncFromEnv)},
  };
}

} // namespace crop::detail
