//===- ProgramMemory.cpp - The profiled program's memory at fixed addresses
//===//
//
// Three regions, each mapped with MAP_FIXED_NOREPLACE at an address far from
// where Linux puts executables (0x400000, 0x55..), the brk heap and shared
// libraries (0x7f..): the heap (a first-fit allocator over the program's
// memory cap), the stack, and the JIT's code and data. Nothing here is
// random, so the same program with the same arguments touches the same
// addresses on every run.
//
//===----------------------------------------------------------------------===//
#include "ProgramMemory.h"

#include "llvm/ExecutionEngine/Orc/MapperJITLinkMemoryManager.h"
#include "llvm/ExecutionEngine/Orc/MemoryMapper.h"
#include "llvm/ExecutionEngine/Orc/Shared/AllocationActions.h"
#include "llvm/Support/Memory.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <sys/mman.h>
#include <unordered_map>

using namespace llvm;
using namespace llvm::orc;

namespace crop::detail {

namespace {

// 2^44 (16 TiB) and below: the user half of x86-64 and AArch64 (47-48 bits)
// holds them, and neither Linux's mmap area (just below the stack, near
// 2^47) nor PIE executables (2^46 and up) nor the brk heap come near.
constexpr uintptr_t HeapBase = uintptr_t(1) << 44;
constexpr uintptr_t StackBase = HeapBase - (uintptr_t(1) << 40);
constexpr uintptr_t JITBase = StackBase - (uintptr_t(1) << 40);
constexpr uint64_t DefaultHeapBytes = uint64_t(64) << 30;
constexpr size_t LineBytes = 64;
constexpr size_t PageBytes = 4096;
/// The JIT reserves address space in slabs of this size and fills them.
constexpr size_t JITSlabBytes = size_t(4) << 20;

void *mapAt(uintptr_t Addr, size_t Bytes, int Prot, int Flags) {
#ifdef MAP_FIXED_NOREPLACE
  Flags |= MAP_FIXED_NOREPLACE;
#endif
  void *P = ::mmap(reinterpret_cast<void *>(Addr), Bytes, Prot,
                   Flags | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (P == MAP_FAILED)
    return nullptr;
  // Kernels before 4.17 take the address as a hint only.
  if (reinterpret_cast<uintptr_t>(P) != Addr) {
    ::munmap(P, Bytes);
    return nullptr;
  }
  return P;
}

/// First fit in address order over free ranges, merged when freed: the
/// addresses depend only on the sequence of calls, and a program that
/// allocates and frees a buffer per iteration gets the same one back.
class FixedHeap {
public:
  /// The heap's pages are inaccessible until an allocation reaches them, so
  /// a program that runs off the end of its highest allocation faults
  /// there instead of writing into memory nothing owns (addresses are the
  /// same either way).
  bool map(uint64_t Bytes) {
    if (!mapAt(HeapBase, Bytes, PROT_NONE, 0))
      return false;
    Free[HeapBase] = Bytes;
    Size = Bytes;
    Accessible = HeapBase;
    Mapped = true;
    return true;
  }
  bool mapped() const { return Mapped; }
  uintptr_t size() const { return Size; }
  /// The end of the highest allocation so far.
  uintptr_t highWater() const {
    return HighWater.load(std::memory_order_relaxed);
  }

  void *alloc(size_t Align, size_t N) {
    N = alignTo(std::max<size_t>(N, 1), LineBytes);
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto It = Free.begin(); It != Free.end(); ++It) {
      uintptr_t Start = It->first, End = It->first + It->second;
      uintptr_t At = alignTo(Start, Align);
      if (At + N > End || At + N < At)
        continue;
      if (!reach(At + N))
        return nullptr;
      Free.erase(It);
      if (At > Start)
        Free[Start] = At - Start;
      if (At + N < End)
        Free[At + N] = End - (At + N);
      Used[At] = N;
      return reinterpret_cast<void *>(At);
    }
    return nullptr;
  }

  /// False if P is not this heap's.
  bool free(void *P) {
    uintptr_t At = reinterpret_cast<uintptr_t>(P);
    std::lock_guard<std::mutex> Lock(Mutex);
    auto U = Used.find(At);
    if (U == Used.end())
      return false;
    uintptr_t End = At + U->second;
    Used.erase(U);
    auto Next = Free.lower_bound(At);
    if (Next != Free.end() && Next->first == End) {
      End += Next->second;
      Next = Free.erase(Next);
    }
    if (Next != Free.begin()) {
      auto Prev = std::prev(Next);
      if (Prev->first + Prev->second == At) {
        Prev->second = End - Prev->first;
        return true;
      }
    }
    Free[At] = End - At;
    return true;
  }

  size_t size(void *P) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto U = Used.find(reinterpret_cast<uintptr_t>(P));
    return U == Used.end() ? 0 : U->second;
  }

private:
  static uintptr_t alignTo(uintptr_t X, uintptr_t A) {
    return (X + A - 1) & ~(A - 1);
  }
  /// Makes the heap accessible up to End and a page of slack beyond it (a
  /// vector load that reads a little past its buffer, as native code may,
  /// must not fault); false where the kernel refuses.
  bool reach(uintptr_t End) {
    uintptr_t Want = std::min<uintptr_t>(alignTo(End, PageBytes) + PageBytes,
                                         HeapBase + Size);
    if (Want > Accessible) {
      if (::mprotect(reinterpret_cast<void *>(Accessible), Want - Accessible,
                     PROT_READ | PROT_WRITE))
        return false; // The allocation fails: the high-water mark stays.
      Accessible = Want;
    }
    if (End > HighWater.load(std::memory_order_relaxed))
      HighWater.store(End, std::memory_order_relaxed);
    return true;
  }
  std::mutex Mutex;
  std::map<uintptr_t, size_t> Free;
  std::unordered_map<uintptr_t, size_t> Used;
  uintptr_t Size = 0, Accessible = 0;
  std::atomic<uintptr_t> HighWater{HeapBase};
  bool Mapped = false;
};

FixedHeap &heap() {
  static FixedHeap H;
  return H;
}
void *Stack = nullptr;
size_t StackSize = 0;

/// ORC's in-process mapper, but reserving at the next fixed address of the
/// JIT region instead of wherever mmap puts it.
class FixedJITMapper final : public MemoryMapper {
public:
  unsigned int getPageSize() override { return PageBytes; }

  void reserve(size_t NumBytes, OnReservedFunction OnReserved) override {
    std::unique_lock<std::mutex> Lock(Mutex);
    uintptr_t At = Next;
    void *P = mapAt(At, NumBytes, PROT_READ | PROT_WRITE, 0);
    if (!P) {
      Lock.unlock();
      return OnReserved(
          createStringError(std::error_code(errno, std::generic_category()),
                            "cannot map JIT memory at a fixed address"));
    }
    Next += (NumBytes + PageBytes - 1) & ~(PageBytes - 1);
    Lock.unlock();
    OnReserved(ExecutorAddrRange(ExecutorAddr(At), NumBytes));
  }

  char *prepare(ExecutorAddr Addr, size_t) override {
    return Addr.toPtr<char *>(); // In process: working memory is the target.
  }

  void initialize(AllocInfo &AI, OnInitializedFunction OnInitialized) override {
    ExecutorAddr Min(~0ULL), Max(0);
    for (auto &Seg : AI.Segments) {
      ExecutorAddr Base = AI.MappingBase + Seg.Offset;
      size_t Size = Seg.ContentSize + Seg.ZeroFillSize;
      Min = std::min(Min, Base);
      Max = std::max(Max, Base + Size);
      std::memset((Base + Seg.ContentSize).toPtr<void *>(), 0,
                  Seg.ZeroFillSize);
      if (std::error_code EC = sys::Memory::protectMappedMemory(
              {Base.toPtr<void *>(), Size},
              toSysMemoryProtectionFlags(Seg.AG.getMemProt())))
        return OnInitialized(errorCodeToError(EC));
      if ((Seg.AG.getMemProt() & MemProt::Exec) == MemProt::Exec)
        sys::Memory::InvalidateInstructionCache(Base.toPtr<void *>(), Size);
    }
    auto Dealloc = shared::runFinalizeActions(AI.Actions);
    if (!Dealloc)
      return OnInitialized(Dealloc.takeError());
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Deinit[Min] = std::move(*Dealloc);
    }
    OnInitialized(Min);
  }

  void deinitialize(ArrayRef<ExecutorAddr> Allocations,
                    OnDeinitializedFunction OnDeinitialized) override {
    Error Err = Error::success();
    for (ExecutorAddr A : Allocations) {
      std::vector<shared::WrapperFunctionCall> Actions;
      {
        std::lock_guard<std::mutex> Lock(Mutex);
        auto It = Deinit.find(A);
        if (It == Deinit.end())
          continue;
        Actions = std::move(It->second);
        Deinit.erase(It);
      }
      Err = joinErrors(std::move(Err), shared::runDeallocActions(Actions));
    }
    OnDeinitialized(std::move(Err));
  }

  void release(ArrayRef<ExecutorAddr> Reservations,
               OnReleasedFunction OnReleased) override {
    // The child ends with the program; the address space goes with it.
    (void)Reservations;
    OnReleased(Error::success());
  }

private:
  std::mutex Mutex;
  uintptr_t Next = JITBase;
  std::map<ExecutorAddr, std::vector<shared::WrapperFunctionCall>> Deinit;
};

} // namespace

bool mapProgramMemory(uint64_t HeapBytes, size_t StackBytes) {
  if (!HeapBytes)
    HeapBytes = DefaultHeapBytes;
  HeapBytes = (HeapBytes + PageBytes - 1) & ~uint64_t(PageBytes - 1);
  // The JIT region must be free as well, or code and data would move.
  bool Fixed = false;
  if (void *Probe = mapAt(JITBase, PageBytes, PROT_NONE, 0)) {
    ::munmap(Probe, PageBytes);
    Stack = mapAt(StackBase, StackBytes, PROT_READ | PROT_WRITE, MAP_STACK);
    Fixed = Stack && heap().map(HeapBytes);
  }
  if (!Stack) {
    // Anywhere: the stack must still be the program's own, page-aligned.
    Stack =
        ::mmap(nullptr, StackBytes, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (Stack == MAP_FAILED)
      Stack = nullptr;
  }
  // A guard page: overflowing the stack is a crash, not a corruption.
  if (Stack) {
    ::mprotect(Stack, PageBytes, PROT_NONE);
    StackSize = StackBytes;
  }
  return Fixed;
}

void *programStack() { return Stack; }

void *programAlloc(size_t Align, size_t N) {
  Align = std::max(Align, LineBytes);
  if (heap().mapped())
    return heap().alloc(Align, N);
  void *P = nullptr;
  return posix_memalign(&P, Align, N ? N : 1) ? nullptr : P;
}

void programFree(void *P) {
  if (P && !heap().free(P))
    std::free(P);
}

size_t programAllocSize(void *P) { return P ? heap().size(P) : 0; }

namespace {
/// Appends Text to Out (async-signal-safe: no allocation).
void put(char *&Out, char *End, const char *Text) {
  while (*Text && Out + 1 < End)
    *Out++ = *Text++;
  *Out = 0;
}
void putNumber(char *&Out, char *End, uint64_t V, unsigned Base) {
  char Digits[24];
  int N = 0;
  do {
    Digits[N++] = "0123456789abcdef"[V % Base];
    V /= Base;
  } while (V);
  char Text[28], *T = Text;
  if (Base == 16) {
    *T++ = '0';
    *T++ = 'x';
  }
  while (N)
    *T++ = Digits[--N];
  *T = 0;
  put(Out, End, Text);
}
} // namespace

size_t describeProgramAddress(uintptr_t Addr, char *Buf, size_t Size) {
  if (!Size)
    return 0;
  char *Out = Buf, *End = Buf + Size;
  *Out = 0;
  put(Out, End, "address ");
  putNumber(Out, End, Addr, 16);
  if (Addr < PageBytes) {
    put(Out, End, " (a null pointer)");
  } else if (uintptr_t S = reinterpret_cast<uintptr_t>(Stack);
             S && Addr >= S && Addr < S + PageBytes) {
    put(Out, End, " (the stack's guard page: the program's stack of ");
    putNumber(Out, End, StackSize >> 20, 10);
    put(Out, End, " MiB overflowed, e.g. by recursion without end)");
  } else if (heap().mapped() && Addr >= heap().highWater() &&
             Addr < HeapBase + heap().size()) {
    put(Out, End, " (");
    putNumber(Out, End, Addr - heap().highWater(), 10);
    put(Out, End,
        " bytes past the end of the program's highest heap allocation: an "
        "access out of its buffers' bounds)");
  }
  return size_t(Out - Buf);
}

std::unique_ptr<jitlink::JITLinkMemoryManager> createJITMemoryManager() {
  if (!heap().mapped())
    return nullptr;
  return std::make_unique<MapperJITLinkMemoryManager>(
      JITSlabBytes, std::make_unique<FixedJITMapper>());
}

} // namespace crop::detail
