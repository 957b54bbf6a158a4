//===- ProfileIO.h - Reading and writing program profile files ------------===//
//
// The profile file is JSON (docs/profile-format.md): fast to parse in a
// tuner's inner loop and readable by any script. Writing is atomic: a failed
// write leaves no partial file behind.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_PROFILE_PROFILEIO_H
#define CROP_PROFILE_PROFILEIO_H

#include "crop/Profile/ProgramProfile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace crop {

/// Serialises a profile to its JSON text.
std::string profileToJSON(const ProgramProfile &P);
/// Parses profile JSON; Name is used in error messages. A profile written by a
/// newer format version is refused with a message that says so.
llvm::Expected<ProgramProfile> profileFromJSON(llvm::StringRef Text,
                                               llvm::StringRef Name);

llvm::Error writeProfile(const ProgramProfile &P, llvm::StringRef Path);
llvm::Expected<ProgramProfile> readProfile(llvm::StringRef Path);

} // namespace crop

#endif // CROP_PROFILE_PROFILEIO_H
