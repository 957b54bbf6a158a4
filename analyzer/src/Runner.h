//===- Runner.h - Running an instrumented module in a child process ------===//
#ifndef CROP_ANALYZER_RUNNER_H
#define CROP_ANALYZER_RUNNER_H

#include "Internal.h"

#include "crop/Analyzer/Profiler.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <functional>

namespace crop::detail {

/// One profiled run: the instrumented module (handed over to the JIT in the
/// child), what its counters mean, how to call its entry, and the profile
/// skeleton (static parts) for the child to fill.
struct RunJob {
  std::unique_ptr<llvm::LLVMContext> Ctx;
  std::unique_ptr<llvm::Module> M;
  InstrumentationMap Map;
  EntryPlan Plan;
  ProgramProfile Profile;
  ProfileOptions Opts;
  bool HasExtent = true;
  bool TrackReuse = true;
  std::vector<int64_t> TVMExtent; ///< Per InstrumentationMap function id.
  /// Work that needs nothing from the run, done in the parent while the
  /// child runs (after the fork, so no thread of it exists in the child).
  std::function<void()> WhileRunning;
};

/// Forks, runs the job in the child and returns the filled profile, or an
/// error saying what went wrong in the child (crash, exit, abort, time-out,
/// memory cap, the program's own error report).
llvm::Expected<ProgramProfile> runProfiled(RunJob &Job);

} // namespace crop::detail

#endif // CROP_ANALYZER_RUNNER_H
