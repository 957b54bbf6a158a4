//===- StoreAliasTests.cpp - The 4K-aliasing tracker on hand-made streams -===//
#include "crop/Analyzer/StoreAliasTracker.h"

#include <catch2/catch.hpp>

using namespace crop;

TEST_CASE("store alias tracker: same page offsets on another page",
          "[analyzer]") {
  StoreAliasTracker T;
  const uint64_t Page = 0x10000000;
  T.store(Page + 0x100, 4, 1);
  // Same offsets, next page: the latest store, distance 1.
  CHECK(T.load(Page + 0x1100, 4, 1).Distance == 1);
  // Same page and offset: a true dependence, not aliasing.
  CHECK(T.load(Page + 0x100, 4, 1).Distance == 0);
  // Offsets that do not overlap, even in the same 64-byte slot.
  CHECK(T.load(Page + 0x1104, 4, 1).Distance == 0);
  // A wider load that covers the stored bytes.
  CHECK(T.load(Page + 0x20f0, 32, 1).Distance == 1);
  // Another block's store is not this block's recurrence.
  CHECK(T.load(Page + 0x1100, 4, 2).Distance == 0);
  // Three more stores elsewhere: the distance grows.
  for (int I = 0; I < 3; ++I)
    T.store(Page + 0x800 + 64 * I, 4, 1);
  CHECK(T.load(Page + 0x3100, 4, 1).Distance == 4);
  // A newer store to the same offsets on the load's own page hides it.
  T.store(Page + 0x3100, 4, 1);
  CHECK(T.load(Page + 0x3100, 4, 1).Distance == 0);
  // Beyond the window the store has left the queue.
  StoreAliasTracker U;
  U.store(Page, 8, 1);
  for (uint32_t I = 1; I < StoreAliasTracker::Window; ++I)
    U.store(Page + 0x400, 4, 1);
  CHECK(U.load(Page + 0x1000, 8, 1).Distance == StoreAliasTracker::Window);
  U.store(Page + 0x400, 4, 1);
  CHECK(U.load(Page + 0x1000, 8, 1).Distance == 0);
  // A store to a line just loaded is a read-modify-write (its line is in
  // L1 when it commits); one to a line not read is not.
  StoreAliasTracker R;
  R.load(Page + 0x200, 4, 1);
  R.store(Page + 0x200, 4, 1);
  R.store(Page + 0x300, 4, 1);
  StoreAliasTracker::Match M1 = R.load(Page + 0x1200, 4, 1);
  CHECK(M1.Distance == 2);
  CHECK(M1.ReadModifyWrite);
  StoreAliasTracker::Match M2 = R.load(Page + 0x1300, 4, 1);
  CHECK(M2.Distance == 1);
  CHECK_FALSE(M2.ReadModifyWrite);
  // Ranges that cross the end of the page wrap to its start.
  StoreAliasTracker W;
  W.store(Page + 0xffc, 8, 1); // 0xffc..0x1003
  CHECK(W.load(Page + 0x2000, 4, 1).Distance == 1);
}

TEST_CASE("store alias tracker: loads that wait on another block's store",
          "[analyzer]") {
  StoreAliasTracker T;
  const uint64_t Page = 0x10000000;
  // Block 2 (a loop's exit) stores; block 1 (the next entry) then loads.
  T.store(Page + 0x100, 32, 2);
  // The same bytes: a true dependence, one access later.
  StoreAliasTracker::Match M = T.load(Page + 0x100, 4, 1);
  CHECK(M.CrossDistance == 1);
  CHECK(M.CrossAliasDistance == 0);
  CHECK(M.Distance == 0); // Not this block's own 4K alias.
  // Their 4K alias on another page, three accesses after the store.
  T.load(Page + 0x900, 4, 1);
  StoreAliasTracker::Match A = T.load(Page + 0x3110, 8, 1);
  CHECK(A.CrossAliasDistance == 3);
  CHECK(A.CrossDistance == 0);
  // Other offsets, and the storing block itself, do not count.
  StoreAliasTracker::Match Off = T.load(Page + 0x1200, 4, 1);
  CHECK(Off.CrossDistance + Off.CrossAliasDistance == 0);
  StoreAliasTracker::Match Own = T.load(Page + 0x1100, 4, 2);
  CHECK(Own.CrossDistance + Own.CrossAliasDistance == 0);
  // A column walk of 1 KiB rows: the loop's loads meet its exit block's
  // store once every four rows.
  StoreAliasTracker C;
  C.store(Page + 0x40, 4, 2);
  uint32_t Met = 0;
  for (uint32_t Row = 1; Row <= 16; ++Row)
    Met += C.load(Page + 0x40 + 1024 * Row, 4, 1).CrossAliasDistance != 0;
  CHECK(Met == 4);
  // Older than CrossWindow accesses: the store has long completed.
  StoreAliasTracker O;
  O.store(Page, 4, 2);
  for (uint32_t I = 1; I < StoreAliasTracker::CrossWindow; ++I)
    O.load(Page + 0x800, 4, 1);
  CHECK(O.load(Page + 0x2000, 4, 1).CrossAliasDistance == 0);
}
