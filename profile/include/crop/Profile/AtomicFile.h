//===- AtomicFile.h - Writing a file whole or not at all ------------------===//
//
// Every file Crop writes (profiles, descriptors from `crop microbench`, its
// reports, converted modules, cached profiles) goes through one helper, so
// that a reader never sees half a file: concurrent writers of one path each
// leave a whole file, and a failure (a full disk, a folder that cannot be
// written, SIGINT or SIGTERM) leaves the previous file as it was and no
// temporary file behind.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PROFILE_ATOMICFILE_H
#define CROP_PROFILE_ATOMICFILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace crop {

/// Writes Text to Path: into a uniquely named temporary file beside it
/// (removed on a signal), which Check, when given, may inspect before it is
/// renamed over Path. "-" is standard output; a device or a pipe (/dev/null,
/// a FIFO) is written in place, since renaming over it would replace it.
/// Errors name Path and the system's reason ("No space left on device").
llvm::Error writeFileAtomically(
    llvm::StringRef Path, llvm::StringRef Text,
    llvm::function_ref<llvm::Error(llvm::StringRef TempPath)> Check = nullptr);

} // namespace crop

#endif // CROP_PROFILE_ATOMICFILE_H
