//===- Hwdb.h - Loading, validating and finding target descriptors --------===//
#ifndef CROP_HWDB_HWDB_H
#define CROP_HWDB_HWDB_H

#include "crop/Hwdb/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace crop::hw {

/// Loads and validates one descriptor file. Errors name the file, line and
/// key ("gold5220r.yaml:12: caches[1].ways: ...").
llvm::Expected<Target> loadTarget(llvm::StringRef Path);

/// The same for descriptor text held in memory; Name stands for the file in
/// errors, and a `base:` is looked up beside it, then on the search path.
llvm::Expected<Target> parseTarget(llvm::StringRef Text,
                                   llvm::StringRef Name = "<memory>");

/// The folders searched for descriptors by name: $CROP_HWDB_PATH (colon
/// separated), then the source tree's hwdb/targets, then the installed copy.
std::vector<std::string> searchPath();

/// Finds a target by name (e.g. "gold5220r") or by a path to a .yaml file. An
/// unknown name gives an error that lists the known targets.
llvm::Expected<Target> findTarget(llvm::StringRef NameOrPath);

/// Every descriptor on the search path, loaded (errors included).
std::vector<llvm::Expected<Target>> listTargets();

/// Writes a descriptor back as YAML (used by `crop microbench`).
std::string targetToYAML(const Target &T);

/// The loaded descriptor as JSON in base units (`base:` merged): bytes,
/// bytes per second, hertz, seconds, cycles; keys name their unit
/// (`size_bytes`, `frequency_hz` ...). `crop hwdb show --json`, what scripts
/// read instead of parsing descriptors themselves.
std::string targetToJSON(const Target &T);

} // namespace crop::hw

#endif // CROP_HWDB_HWDB_H
