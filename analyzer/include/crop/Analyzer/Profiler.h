//===- Profiler.h - Run a program once and build its program profile -----===//
//
// The dynamic analyzer (paper section 3.2): instruments a module, runs it
// once on this machine with serial stand-ins for the parallel runtimes
// (OpenMP, Halide, TVM) so every count is exact and independent of this
// machine, tracks reuse distances, and returns the hardware-independent
// program profile. The program runs in a child process: a crash, exit(),
// abort(), time-out or memory blow-up in it becomes an error here.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_PROFILER_H
#define CROP_ANALYZER_PROFILER_H

#include "crop/Profile/ProgramProfile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace crop {

struct ProfileOptions {
  /// The prediction unit: one call of this function. Empty: run `main`.
  std::string Entry;
  /// Buffers and scalars to call Entry with when the module has no main:
  /// "f32:128x768" (a buffer), "i32=4" (a scalar). See docs/profiling.md.
  std::vector<std::string> Args;
  /// argv[1..] for main.
  std::vector<std::string> ProgramArgs;
  /// SHARDS sampling rate for reuse distances; 1 = exact.
  double SampleRate = 1.0;
  /// Trace at most this many tasks of each outermost parallel launch and
  /// weight them for the rest (crop/Analyzer/TaskSampling.h); 0 = every
  /// task. At least 3 otherwise.
  uint64_t SampleTasks = 0;
  /// Record one chunk of accesses in this many, past the first 2^18, and
  /// weight them for the rest (crop/Analyzer/TimeSampling.h); 0 or 1 =
  /// every access.
  uint64_t SampleTime = 0;
  /// Cache-line sizes to track reuse for.
  std::vector<uint32_t> LineSizes = {64, 128};
  /// Also record class reuse distances (BlockReuse::ClassSerial/ClassTask)
  /// for the set conflicts of physically indexed caches, at ClassLineBytes
  /// when LineSizes has it.
  bool ClassReuse = true;
  static constexpr uint32_t ClassLineBytes = 64;
  /// False: block and function counts only (no memory hooks, no reuse
  /// histograms, no load/store counts); what bench/ times against native.
  bool TrackMemory = true;
  /// The CPU the program's binary is built for (e.g. "x86-64-v3"): its
  /// backend compiles the module once so that the profile records each
  /// block's machine instructions and stack spills (GraphletMachine). Empty:
  /// the module's own target-cpu attribute, and none when it has none.
  std::string CodegenCPU;
  unsigned TimeoutSeconds = 60;
  uint64_t MemoryLimitBytes = uint64_t(8) << 30;
  /// Called now and then with a one-line progress message.
  std::function<void(llvm::StringRef)> Progress;
};

/// The hash a profile of the file at Path records (ModuleIdentity::Hash):
/// SHA-256 of its bytes, in hex. A profile whose hash matches is current.
llvm::Expected<std::string> moduleFileHash(llvm::StringRef Path);

/// Profiles the module in Path (.ll or .bc).
llvm::Expected<ProgramProfile> profileModule(llvm::StringRef Path,
                                             const ProfileOptions &Opts);

} // namespace crop

#endif // CROP_ANALYZER_PROFILER_H
