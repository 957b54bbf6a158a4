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
