//===- RuntimeABI.h - Names shared by the instrumentation and its runtime -===//
//
// The one place where the symbols the instrumentation passes insert into a
// module, and the analyzer's runtime that serves them, are named. Bump
// RuntimeABIVersion whenever a name, a signature or a layout here changes:
// the instrumented module records the version it was built for
// (RuntimeABIVersionSymbol) and the runner refuses a mismatch.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PASSES_RUNTIMEABI_H
#define CROP_PASSES_RUNTIMEABI_H

#include <cstdint>

namespace crop::abi {

inline constexpr uint32_t RuntimeABIVersion = 2;

/// `i32` constant defined in the instrumented module: RuntimeABIVersion.
inline constexpr const char *RuntimeABIVersionSymbol = "__crop_abi_version";

/// `[N x i64]` defined in the module, zero-initialised: one counter per
/// instrumented CFG edge or exit (see InstrumentationMap). Incremented
/// inline with plain loads and stores: the runtimes run everything serially.
inline constexpr const char *CountersSymbol = "__crop_counters";

/// `[F x ptr]` defined in the module: the address of every defined function,
/// in InstrumentationMap::Functions order, so the runtime can name the
/// functions a parallel runtime launches (internal ones have no symbol).
inline constexpr const char *FunctionTableSymbol = "__crop_functions";

/// `void(ptr Addr, i64 Bytes, i32 MemOpId)`: one load (or the read half of a
/// memcpy/memmove, an atomic read-modify-write...) by static memory
/// operation MemOpId.
inline constexpr const char *LoadHookSymbol = "__crop_load";
/// `void(ptr Addr, i64 Bytes, i32 MemOpId)`: one store.
inline constexpr const char *StoreHookSymbol = "__crop_store";

/// `void()`: called first thing in the entry function and right before each
/// of its returns; counts and accesses are kept only inside the outermost
/// call's dynamic extent.
inline constexpr const char *EnterHookSymbol = "__crop_enter";
inline constexpr const char *LeaveHookSymbol = "__crop_leave";

/// `void(ptr Name)`: what the bodies the runner gives Halide's
/// `halide_error_*` declarations call; they then return -1.
inline constexpr const char *HalideErrorHookSymbol = "__crop_halide_error";

/// `void(ptr Name)`: what the bodies the runner gives functions the module
/// declares and nothing here defines call (a Rust panic handler, a C++
/// exception helper: code on paths the program rarely takes); it ends the
/// run with an error naming the function. Since version 2.
inline constexpr const char *MissingFunctionHookSymbol =
    "__crop_missing_function";

/// `i64(ptr Slots)`: the thunk the runner adds to call the entry with its
/// arguments read from 8-byte slots (see docs/profiling.md).
inline constexpr const char *EntryThunkSymbol = "__crop_entry_thunk";

} // namespace crop::abi

#endif // CROP_PASSES_RUNTIMEABI_H
