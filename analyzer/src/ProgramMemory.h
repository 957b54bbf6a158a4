//===- ProgramMemory.h - The profiled program's memory at fixed addresses -===//
//
// In the child, the program's heap, stack and JIT-compiled code and data are
// mapped at the same virtual addresses on every run, whatever address-space
// randomisation (ASLR) did to the process that forked it: a sampled profile
// keeps cache lines by a hash of their address, so it is the same file every
// run only if every line the program touches is. Library callers (a tuner in
// Python) cannot turn ASLR off for themselves; this makes it not matter.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_PROGRAMMEMORY_H
#define CROP_ANALYZER_PROGRAMMEMORY_H

#include "llvm/ExecutionEngine/JITLink/JITLinkMemoryManager.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace crop::detail {

/// Maps the program's heap (HeapBytes of address space, the program's memory
/// cap; 0: a default of 64 GiB) and its stack at fixed addresses. False
/// where the address space there is taken or the kernel refuses: the program
/// then allocates from this process's heap, as before, and only sampled
/// profiles depend on addresses.
bool mapProgramMemory(uint64_t HeapBytes, size_t StackBytes);

/// The stack mapped by mapProgramMemory (its lowest page is a guard), or
/// nullptr.
void *programStack();

/// Allocates N bytes aligned to Align (a power of two) from the program's
/// heap, or from this process's heap where mapProgramMemory failed; nullptr
/// when the heap is exhausted. The same sequence of calls gives the same
/// addresses on every run.
void *programAlloc(size_t Align, size_t N);
/// Frees what programAlloc gave (anything else goes to std::free: pointers
/// the C library allocated for the program, such as strdup's).
void programFree(void *P);
/// The size of an allocation programAlloc gave, rounded up to its
/// granularity; 0 for other pointers.
size_t programAllocSize(void *P);

/// Writes what Addr is to the program ("address 0x...", and where known:
/// a null pointer, the stack's guard page, past the end of the heap's
/// allocations) into Buf, NUL-terminated; returns its length. Safe in a
/// signal handler.
size_t describeProgramAddress(uintptr_t Addr, char *Buf, size_t Size);

/// A JIT memory manager whose code and data land at fixed addresses (after
/// mapProgramMemory); nullptr where mapProgramMemory failed (the JIT's
/// default manager then serves).
std::unique_ptr<llvm::jitlink::JITLinkMemoryManager> createJITMemoryManager();

} // namespace crop::detail

#endif // CROP_ANALYZER_PROGRAMMEMORY_H
