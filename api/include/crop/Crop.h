//===- Crop.h - Crop's library interface for tuners and tools -------------===//
//
// The one header a program that uses Crop includes (CMake:
// find_package(Crop) and target_link_libraries(app Crop::crop)): load target
// descriptors, profile a module once, predict its time per call on any
// target and thread count, rank candidate schedules. Everything returns
// llvm::Expected; nothing throws or exits. Predictions memoize block costs
// (identical blocks of different candidates are simulated once): in a
// PredictionMemo the caller holds, else in one per process. Calls are safe
// from several threads and run in parallel, on one memo as on several.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_CROP_H
#define CROP_CROP_H

#include "crop/Analyzer/Profiler.h"
#include "crop/Hwdb/Hwdb.h"
#include "crop/Profile/ProfileIO.h"
#include "crop/Profile/ProgramProfile.h"
#include "crop/Simulator/Predictor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace crop {

/// Crop's version, "MAJOR.MINOR.PATCH".
const char *version();

/// A target by hwdb name ("gold5220r", listed by `crop targets`) or by the
/// path of a descriptor file; an unknown name lists the known ones.
llvm::Expected<hw::Target> target(llvm::StringRef NameOrPath);

/// A target from descriptor text (YAML) held in memory; Name stands for the
/// file in error messages.
llvm::Expected<hw::Target> targetFromYAML(llvm::StringRef Text,
                                          llvm::StringRef Name = "<memory>");

struct CacheOutcome;

/// Profiles a module given as text (LLVM IR) or bitcode in memory: the same
/// as profileModule (crop/Analyzer/Profiler.h) on a file. Name stands for
/// the file in messages and in the profile's module identity.
/// With CacheFolder, through profileCached (the cache key hashes the
/// module's contents, so the same text finds its profile again).
llvm::Expected<ProgramProfile> profileBuffer(llvm::StringRef Module,
                                             const ProfileOptions &Opts,
                                             llvm::StringRef Name = "<memory>",
                                             llvm::StringRef CacheFolder = "",
                                             CacheOutcome *Outcome = nullptr);

/// Where profileCached keeps profiles unless told otherwise:
/// $CROP_CACHE_DIR, else $XDG_CACHE_HOME/crop, else ~/.cache/crop; empty
/// when none of them can be named.
std::string defaultProfileCacheFolder();

/// The cache key of profiling the module file Path with Opts: a hash of
/// everything the profile depends on (the module's contents, so an edited
/// file never reads a stale profile; the entry, arguments and options; the
/// profile format's version and Crop's).
llvm::Expected<std::string> profileCacheKey(llvm::StringRef Path,
                                            const ProfileOptions &Opts);

/// What profileCached did, for a caller that reports it.
struct CacheOutcome {
  bool FromCache = false; ///< Read back, not profiled.
  std::string Path;       ///< The cache file; empty without a cache.
  /// Why the cache could not be used or written (profiling went on).
  std::string Warning;
};

/// profileModule(Path, Opts) through a cache folder of binary profiles
/// (profileCacheKey names each): a profile made before for the same module
/// and options is read back; otherwise the program is profiled and its
/// profile written there atomically. A cache that cannot be read (another
/// format, a damaged file) or written costs time, never an error. Folder ""
/// profiles without a cache. Several processes may share one folder.
llvm::Expected<ProgramProfile> profileCached(llvm::StringRef Path,
                                             const ProfileOptions &Opts,
                                             llvm::StringRef Folder,
                                             CacheOutcome *Outcome = nullptr);

/// One profile on several targets and thread counts: a prediction per
/// (target, threads) pair, targets outermost. A thread count of 0 is the
/// target's own `threads`. Memo: the caller's (null: the process's).
llvm::Expected<std::vector<Prediction>>
predictAll(const ProgramProfile &P, llvm::ArrayRef<const hw::Target *> Targets,
           llvm::ArrayRef<unsigned> Threads, PredictOptions Opts = {},
           PredictionMemo *Memo = nullptr);

/// A batch gets one worker thread per this many candidates, up to Jobs.
constexpr size_t MinCandidatesPerWorker = 8;

/// Predicted seconds per call of each candidate on one target, on Jobs
/// threads (0: one per CPU) sharing Memo; the same answers as one thread.
/// An error names the first candidate that failed.
llvm::Expected<std::vector<double>>
predictSeconds(llvm::ArrayRef<const ProgramProfile *> Candidates,
               const hw::Target &T, const PredictOptions &Opts = {},
               PredictionMemo *Memo = nullptr, unsigned Jobs = 0);

/// Candidate indices, predicted fastest first (ties keep their order).
llvm::Expected<std::vector<size_t>>
rank(llvm::ArrayRef<const ProgramProfile *> Candidates, const hw::Target &T,
     const PredictOptions &Opts = {}, PredictionMemo *Memo = nullptr,
     unsigned Jobs = 0);

} // namespace crop

#endif // CROP_CROP_H
