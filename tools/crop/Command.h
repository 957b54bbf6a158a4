//===- Command.h - How `crop` subcommands register themselves -------------===//
//
// Each subcommand lives in its own file with its own llvm::cl::SubCommand and
// options, and registers a run function here; main() only dispatches. The
// run functions turn options into library calls and print results or errors.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_TOOLS_COMMAND_H
#define CROP_TOOLS_COMMAND_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <functional>

namespace crop::tool {

/// Option category shared by all of Crop's options so that --help hides the
/// options LLVM itself registers.
llvm::cl::OptionCategory &cropCategory();

struct CommandRegistration {
  CommandRegistration(llvm::cl::SubCommand &Sub, std::function<int()> Run);
};

/// Prints "crop: error: <message>" (the one place errors are printed).
int reportError(llvm::Error E);

/// --codegen-cpu, shared by `crop profile` and `crop analyze`.
inline constexpr const char *CodegenCPUHelp =
    "The CPU the program's binary is built for (e.g. x86-64-v3): its backend "
    "compiles the module once and the profile records each block's machine "
    "instructions and stack spills (default: the module's target-cpu "
    "attribute; none without one)";

/// --sample-tasks, shared by `crop profile` and `crop analyze`.
inline constexpr const char *SampleTasksHelp =
    "Trace at most N tasks of each parallel loop (the first, then warm-up + "
    "recorded pairs spread over the rest; at least 3) and weight them for "
    "the others: faster on loops of many tasks, approximate; counts stay "
    "exact (default 0: every task)";

/// --sample-time, shared by `crop profile` and `crop analyze`.
inline constexpr const char *SampleTimeHelp =
    "Past the first 2^18 accesses, record one chunk of 4096 accesses in "
    "each K (at a place a fixed hash picks) and weight it by K: long runs "
    "profile about twice as fast at K=8; counts, first touches and the "
    "reuse history stay exact, the reuse histograms' shapes and the other "
    "per-access records become estimates (default 0: every access)";

} // namespace crop::tool

#endif // CROP_TOOLS_COMMAND_H
