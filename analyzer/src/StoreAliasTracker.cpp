//===- StoreAliasTracker.cpp - Loads that alias older stores by offset ---===//
#include "crop/Analyzer/StoreAliasTracker.h"

#include <algorithm>

using namespace crop;

namespace {
constexpr uint64_t PageMask = StoreAliasTracker::PageBytes - 1;
}

void StoreAliasTracker::store(uint64_t Addr, uint64_t Bytes, uint32_t Block) {
  if (Bytes == 0)
    return;
  ++Seq;
  ++Accesses;
  // Every slot the store's page offsets cover (a page at most: a larger
  // store covers every slot).
  uint64_t N = std::min<uint64_t>(Bytes, PageBytes);
  uint64_t First = (Addr & PageMask) / SlotBytes;
  uint64_t Last = ((Addr & PageMask) + N - 1) / SlotBytes;
  uint64_t Line = Addr / SlotBytes;
  bool Rmw = std::find(Recent.begin(), Recent.end(), Line) != Recent.end();
  for (uint64_t S = First; S <= Last; ++S)
    Slots[S % Slots.size()] = {Seq, Accesses, Addr, uint32_t(N), Block, Rmw};
}

StoreAliasTracker::Match StoreAliasTracker::load(uint64_t Addr, uint64_t Bytes,
                                                 uint32_t Block) {
  Match Best;
  if (Bytes == 0)
    return Best;
  ++Accesses;
  Recent[RecentNext] = Addr / SlotBytes;
  RecentNext = (RecentNext + 1) % RecentLoads;
  if (Seq == 0)
    return Best;
  uint64_t N = std::min<uint64_t>(Bytes, PageBytes);
  uint64_t Off = Addr & PageMask;
  uint64_t First = Off / SlotBytes, Last = (Off + N - 1) / SlotBytes;
  for (uint64_t S = First; S <= Last; ++S) {
    const Slot &X = Slots[S % Slots.size()];
    if (X.Seq == 0)
      continue;
    bool Same = X.Block == Block;
    if (Same ? Seq - X.Seq >= Window : Accesses - X.At >= CrossWindow)
      continue;
    // Byte ranges within the page overlap (a range past the page's end
    // wraps into the slots at its start, compared the same way).
    uint64_t A0 = Off, A1 = Off + N, B0 = X.Addr & PageMask, B1 = B0 + X.Bytes;
    bool Overlap = A0 < B1 && B0 < A1;
    if (!Overlap && A1 > PageBytes)
      Overlap = B0 < A1 - PageBytes;
    if (!Overlap && B1 > PageBytes)
      Overlap = A0 < B1 - PageBytes;
    if (!Overlap)
      continue;
    if (!Same) {
      // Another block's store: the same bytes, or their 4K alias.
      uint32_t C = uint32_t(Accesses - X.At);
      uint32_t &Slot = (X.Addr & ~PageMask) == (Addr & ~PageMask)
                           ? Best.CrossDistance
                           : Best.CrossAliasDistance;
      if (Slot == 0 || C < Slot)
        Slot = C;
      continue;
    }
    if ((X.Addr & ~PageMask) == (Addr & ~PageMask))
      continue; // Same page: a true dependence, or none.
    uint32_t D = uint32_t(Seq - X.Seq + 1);
    if (Best.Distance == 0 || D < Best.Distance) {
      Best.Distance = D;
      Best.ReadModifyWrite = X.ReadModifyWrite;
    }
  }
  return Best;
}
