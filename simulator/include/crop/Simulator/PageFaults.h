//===- PageFaults.h - Pages a call takes anew from the kernel -------------===//
//
// A call that allocates scratch buffers may get memory its allocator has
// just taken from the kernel (mmap, or a heap grown with brk), whose pages
// fault on first touch: the kernel zeroes and maps each 4 KiB page, a
// microsecond or two. Whether a warm call does depends on what the
// allocator kept from the call before. glibc's malloc, the allocator of
// every Linux target in hwdb, decides by documented rules (mallopt(3),
// malloc/malloc.c): requests of at least the mmap threshold (128 KiB, raised
// to the size of each mmapped chunk freed, up to 32 MiB) that the heap
// cannot serve are mmapped and unmapped at free; the heap's free top is
// given back once it reaches the trim threshold (twice the mmap threshold
// once that moved), keeping a 128 KiB pad. Two 8 MiB buffers freed at the
// end of every call cross the trim threshold and are faulted in again on
// every call; one such buffer is kept.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_PAGEFAULTS_H
#define CROP_SIMULATOR_PAGEFAULTS_H

#include <cstdint>
#include <vector>

namespace crop {

/// 4 KiB pages one call of the entry touches for the first time since the
/// kernel mapped them, with glibc's malloc serving Events
/// (ProgramProfile::AllocEvents) in every call, every allocation touched
/// whole; one the call does not free is kept (made in the first call only,
/// as a workspace a program caches). First: the first call of a new process;
/// Warm: a call in the steady state of repeated calls (the mean of calls 5 to
/// 8).
struct CallPageFaults {
  double First = 0;
  double Warm = 0;
};

CallPageFaults glibcPageFaults(const std::vector<int64_t> &Events);

} // namespace crop

#endif // CROP_SIMULATOR_PAGEFAULTS_H
