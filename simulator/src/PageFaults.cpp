//===- PageFaults.cpp - glibc malloc's heap, for the pages it faults in ---===//
//
// A model of the main arena of glibc's malloc (2.36, 64-bit), as much of it
// as decides where a request's memory comes from: free chunks (best fit,
// split, coalesced), the top chunk, brk growth with the top pad, mmap above
// the dynamic threshold, and trimming the top. Small-request caches
// (tcache, fast bins) only reuse memory already resident, so they are left
// out.
//
//===----------------------------------------------------------------------===//
#include "crop/Simulator/PageFaults.h"

#include <algorithm>
#include <map>

using namespace crop;

namespace {

// malloc/malloc.c and sysdeps/generic/malloc-machine.h, 64-bit.
constexpr uint64_t PageBytes = 4096;
constexpr uint64_t SizeSz = 8;     // SIZE_SZ: a chunk's size field.
constexpr uint64_t AlignMask = 15; // MALLOC_ALIGNMENT - 1.
constexpr uint64_t MinSize = 32;   // MINSIZE.
constexpr uint64_t MmapThresholdMax = uint64_t(32) << 20;
constexpr uint64_t TopPad = uint64_t(128) << 10;
constexpr uint64_t ConsolidationThreshold = uint64_t(64) << 10;

uint64_t requestToSize(uint64_t Bytes) {
  return std::max(MinSize, (Bytes + SizeSz + AlignMask) & ~AlignMask);
}
uint64_t pagesUp(uint64_t Bytes) { return (Bytes + PageBytes - 1) / PageBytes; }

struct Block {
  bool Mmapped = false;
  uint64_t Start = 0, Size = 0;
};

class MainArena {
public:
  Block malloc(uint64_t Bytes);
  void free(const Block &B);
  /// Pages faulted in so far.
  uint64_t Faults = 0;

private:
  uint64_t MmapThreshold = uint64_t(128) << 10;
  uint64_t TrimThreshold = uint64_t(128) << 10;
  /// Chunks below the top, by address: size and whether free.
  std::map<uint64_t, std::pair<uint64_t, bool>> Chunks;
  /// The top chunk [Top, Top + TopSize); its end is the break.
  uint64_t Top = 0, TopSize = 0;
  /// Pages from the heap's start touched since the kernel mapped them (a
  /// high-water mark: programs touch what they allocate).
  uint64_t Resident = 0;

  void touch(uint64_t Start, uint64_t End) {
    uint64_t First = std::max(Start / PageBytes, Resident);
    uint64_t Last = pagesUp(End);
    if (Last > First)
      Faults += Last - First;
    Resident = std::max(Resident, Last);
  }
  void trim();
};

Block MainArena::malloc(uint64_t Bytes) {
  uint64_t NB = requestToSize(Bytes);
  // The smallest free chunk that fits (the bins' best fit).
  auto Best = Chunks.end();
  for (auto It = Chunks.begin(); It != Chunks.end(); ++It)
    if (It->second.second && It->second.first >= NB &&
        (Best == Chunks.end() || It->second.first < Best->second.first))
      Best = It;
  if (Best != Chunks.end()) {
    uint64_t Start = Best->first, Size = Best->second.first;
    if (Size - NB >= MinSize) {
      Chunks[Start + NB] = {Size - NB, true};
      Size = NB;
    }
    Best->second = {Size, false};
    touch(Start, Start + Size);
    return {false, Start, Size};
  }
  if (TopSize < NB + MinSize) {
    if (NB >= MmapThreshold) {
      uint64_t Pages = pagesUp(NB + SizeSz);
      Faults += Pages;
      return {true, 0, Pages * PageBytes};
    }
    // sysmalloc: grow the break by what the top lacks plus the pad.
    uint64_t Grow = NB + TopPad + MinSize - TopSize;
    TopSize += pagesUp(Grow) * PageBytes;
  }
  Block B{false, Top, NB};
  Chunks[Top] = {NB, false};
  Top += NB;
  TopSize -= NB;
  touch(B.Start, B.Start + B.Size);
  return B;
}

void MainArena::trim() {
  // systrim(top_pad): give back whole pages above the pad.
  if (TopSize < MinSize + 1)
    return;
  uint64_t Area = TopSize - MinSize - 1;
  if (Area <= TopPad)
    return;
  uint64_t Extra = (Area - TopPad) / PageBytes * PageBytes;
  TopSize -= Extra;
  Resident = std::min(Resident, (Top + TopSize) / PageBytes);
}

void MainArena::free(const Block &B) {
  if (B.Mmapped) {
    // The dynamic threshold: a freed mmapped chunk sets it to its size.
    if (B.Size > MmapThreshold && B.Size <= MmapThresholdMax) {
      MmapThreshold = B.Size;
      TrimThreshold = 2 * B.Size;
    }
    return;
  }
  auto It = Chunks.find(B.Start);
  if (It == Chunks.end())
    return;
  uint64_t Start = It->first, Size = It->second.first;
  if (It != Chunks.begin()) {
    auto Prev = std::prev(It);
    if (Prev->second.second && Prev->first + Prev->second.first == Start) {
      Start = Prev->first;
      Size += Prev->second.first;
      Chunks.erase(It);
      It = Prev;
    }
  }
  auto Next = std::next(It);
  if (Next != Chunks.end() && Next->second.second &&
      Start + Size == Next->first) {
    Size += Next->second.first;
    Chunks.erase(Next);
  }
  if (Start + Size == Top) {
    Chunks.erase(It);
    Top = Start;
    TopSize += Size;
    Size = TopSize;
  } else {
    It->second = {Size, true};
  }
  if (Size >= ConsolidationThreshold && TopSize >= TrimThreshold)
    trim();
}

} // namespace

CallPageFaults crop::glibcPageFaults(const std::vector<int64_t> &Events) {
  CallPageFaults R;
  // The best-fit search is linear in the chunks below the top: a program
  // with this many allocations a call is not a tensor kernel's scratch
  // buffers, and its pages are not modelled.
  constexpr size_t MaxEvents = size_t(1) << 16;
  if (Events.empty() || Events.size() > MaxEvents)
    return R;
  constexpr unsigned Calls = 8, WarmFrom = 5;
  // An allocation the call does not free is one it keeps (a workspace
  // made on the first call and cached): later calls do not make it again.
  std::vector<bool> Freed;
  for (int64_t E : Events) {
    if (E > 0)
      Freed.push_back(false);
    else if (uint64_t K = uint64_t(-E); K >= 1 && K <= Freed.size())
      Freed[K - 1] = true;
  }
  MainArena Heap;
  std::vector<Block> Made;
  for (unsigned Call = 1; Call <= Calls; ++Call) {
    uint64_t Before = Heap.Faults;
    Made.clear();
    for (int64_t E : Events) {
      if (E > 0) {
        Made.push_back(Call == 1 || Freed[Made.size()]
                           ? Heap.malloc(uint64_t(E))
                           : Block());
      } else if (uint64_t K = uint64_t(-E); K >= 1 && K <= Made.size()) {
        Heap.free(Made[K - 1]);
      }
    }
    double N = double(Heap.Faults - Before);
    if (Call == 1)
      R.First = N;
    if (Call >= WarmFrom)
      R.Warm += N / double(Calls - WarmFrom + 1);
  }
  return R;
}
