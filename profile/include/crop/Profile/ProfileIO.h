//===- ProfileIO.h - Reading and writing program profile files ------------===//
//
// A profile file is JSON (docs/profile-format.md), readable by people and
// any script, or the same content in a compact binary form that a tuner's
// inner loop reads about 30x faster (ProfileBinary.cpp). Readers tell the
// two apart by their first bytes. Writing is atomic: a failed write leaves
// no partial file behind.
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

/// The binary form's layout version (its header; the content's version is
/// ProgramProfile::FormatVersion, as in JSON).
constexpr uint32_t BinaryProfileVersion = 1;
/// Serialises a profile to the binary form.
std::string profileToBinary(const ProgramProfile &P);
/// Parses the binary form; refuses a truncated or corrupted one (checksum),
/// a newer version, or values out of range, naming the byte.
llvm::Expected<ProgramProfile> profileFromBinary(llvm::StringRef Bytes,
                                                 llvm::StringRef Name);
/// Whether Bytes start like the binary form.
bool isBinaryProfile(llvm::StringRef Bytes);
/// Either form, told apart by its first bytes.
llvm::Expected<ProgramProfile> profileFromBuffer(llvm::StringRef Bytes,
                                                 llvm::StringRef Name);

enum class ProfileFormat { JSON, Binary };
/// The form a profile file named Path is written in when none is asked
/// for: binary for the ".cprof" extension, JSON otherwise.
ProfileFormat profileFormatForPath(llvm::StringRef Path);

llvm::Error writeProfile(const ProgramProfile &P, llvm::StringRef Path);
llvm::Error writeProfile(const ProgramProfile &P, llvm::StringRef Path,
                         ProfileFormat Format);
/// Reads either form.
llvm::Expected<ProgramProfile> readProfile(llvm::StringRef Path);

} // namespace crop

#endif // CROP_PROFILE_PROFILEIO_H
