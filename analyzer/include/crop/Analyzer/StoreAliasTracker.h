//===- StoreAliasTracker.h - Loads that alias older stores by page offset -===//
//
// x86 cores let a load go ahead of older stores after comparing only the
// address bits inside a 4 KiB page (Intel's manuals call the false match "4K
// aliasing"; Zen 4 does the same, docs/prediction.md). A load whose bytes
// sit at the same page offset as a store still in the store queue, on
// another page, waits for that store. In a column walk with a 1 KiB row
// stride, every load of row p+4 lines up with the store of row p, which
// chains each iteration to the store of an earlier one. The tracker sees
// the real addresses of the profiled run, so it records these loads, per
// block, by their distance in stores; the simulator turns them into a
// recurrence on targets that disambiguate this way.
//
// It also records loads that read the page offsets of a recent store of
// another block, on any page (the same bytes, or 4K aliasing), by their
// distance in memory accesses: such a load cannot complete before that
// store's data is ready. A short loop whose chains restart at each entry
// overlaps its entries in the reorder window only when the next entry's
// loads do not wait for the stores the previous entry left behind.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_STOREALIASTRACKER_H
#define CROP_ANALYZER_STOREALIASTRACKER_H

#include <array>
#include <cstdint>

namespace crop {

class StoreAliasTracker {
public:
  /// Stores a load is compared with: the store queues of current x86 cores
  /// hold 56-114 entries; older stores have left the queue.
  static constexpr uint32_t Window = 64;
  static constexpr uint32_t PageBytes = 4096;
  static constexpr uint32_t SlotBytes = 64;

  StoreAliasTracker() { Recent.fill(~uint64_t(0)); }

  /// What a load found: the distance in stores (1: the latest) to the
  /// nearest aliasing store, 0 for none; and whether that store wrote a
  /// line one of the last RecentLoads loads had read (a read-modify-write,
  /// whose line is already in L1 when it commits).
  struct Match {
    uint32_t Distance = 0;
    bool ReadModifyWrite = false;
    /// Memory accesses (loads and stores, this load included) since the
    /// latest store of another block to the same bytes, if fewer than
    /// CrossWindow; 0 for none.
    uint32_t CrossDistance = 0;
    /// The same for a store to the same page offsets on another page (its
    /// 4K alias).
    uint32_t CrossAliasDistance = 0;
  };
  /// Accesses a load is compared with for CrossDistance: more than any
  /// reorder buffer holds (the descriptors' largest is 448 instructions).
  static constexpr uint32_t CrossWindow = 4096;
  static constexpr uint32_t RecentLoads = 16;

  /// A store of Bytes at Addr by a block.
  void store(uint64_t Addr, uint64_t Bytes, uint32_t Block);

  /// A load of Bytes at Addr by Block, matched against the last Window
  /// stores of the same block whose bytes overlap the load's at the same
  /// page offsets on another page (and, for CrossDistance, against the
  /// latest store of another block at those offsets). A nearer store to the
  /// same page offsets on the load's own page hides older ones (a true
  /// dependence, which the graphlet models where it is one). The load is then
  /// remembered for the read-modify-write test of later stores.
  Match load(uint64_t Addr, uint64_t Bytes, uint32_t Block);

private:
  /// The latest store touching each 64-byte slot of a page.
  struct Slot {
    uint64_t Seq = 0; ///< 1-based store number; 0: none yet.
    uint64_t At = 0;  ///< Accesses up to and including this store.
    uint64_t Addr = 0;
    uint32_t Bytes = 0;
    uint32_t Block = 0;
    bool ReadModifyWrite = false;
  };
  std::array<Slot, PageBytes / SlotBytes> Slots{};
  uint64_t Seq = 0;
  uint64_t Accesses = 0;
  /// 64-byte lines of the last RecentLoads loads (a ring; ~0: empty).
  std::array<uint64_t, RecentLoads> Recent;
  uint32_t RecentNext = 0;
};

} // namespace crop

#endif // CROP_ANALYZER_STOREALIASTRACKER_H
