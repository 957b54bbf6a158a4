//===- FuzzDescriptor.cpp - libFuzzer: the descriptor parser --------------===//
//
// Any text either loads as a descriptor or is refused with a message; one
// that loads writes back (targetToYAML) as text that loads again.
//
//===----------------------------------------------------------------------===//
#include "crop/Hwdb/Hwdb.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<crop::hw::Target> T = crop::hw::parseTarget(Text, "fuzz.yaml");
  if (!T) {
    if (llvm::toString(T.takeError()).empty())
      std::abort(); // A refusal must say why.
    return 0;
  }
  std::string Back = crop::hw::targetToYAML(*T);
  llvm::Expected<crop::hw::Target> Again =
      crop::hw::parseTarget(Back, "again.yaml");
  if (!Again)
    std::abort(); // What loads must write back loadable.
  return 0;
}
