//===- FuzzProfile.cpp - libFuzzer: the profile reader and the predictor --===//
//
// Any input, JSON or the binary form, either reads as a profile or is refused
// with a message; one that reads writes back to the same JSON through both
// forms, and predicting it on a CPU target gives a time or an error, never a
// crash or a hang. A binary input gets its header's length and checksum set
// to match, so that mutations reach the payload's reader instead of stopping
// at the checksum.
//
//===----------------------------------------------------------------------===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Profile/ProfileIO.h"
#include "crop/Simulator/Predictor.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static crop::hw::Target T = [] {
    llvm::Expected<crop::hw::Target> X = crop::hw::findTarget("epyc7763");
    if (!X)
      std::abort();
    return std::move(*X);
  }();
  std::string Input(reinterpret_cast<const char *>(Data), Size);
  if (crop::isBinaryProfile(Input) && Input.size() >= 32) {
    llvm::StringRef Payload = llvm::StringRef(Input).drop_front(32);
    uint64_t Length = Payload.size(),
             Hash = llvm::xxh3_64bits(llvm::arrayRefFromStringRef(Payload));
    for (unsigned I = 0; I < 8; ++I) {
      Input[16 + I] = char(Length >> (8 * I));
      Input[24 + I] = char(Hash >> (8 * I));
    }
  }
  llvm::Expected<crop::ProgramProfile> P =
      crop::profileFromBuffer(Input, "fuzz");
  if (!P) {
    if (llvm::toString(P.takeError()).empty())
      std::abort();
    return 0;
  }
  std::string Back = crop::profileToJSON(*P);
  llvm::Expected<crop::ProgramProfile> Again =
      crop::profileFromJSON(Back, "again.json");
  if (!Again || crop::profileToJSON(*Again) != Back)
    std::abort(); // The format round-trips.
  llvm::Expected<crop::ProgramProfile> Binary =
      crop::profileFromBinary(crop::profileToBinary(*P), "again.cprof");
  if (!Binary || crop::profileToJSON(*Binary) != Back)
    std::abort(); // So does the binary form.
  for (unsigned Threads : {1u, 3u}) {
    crop::PredictOptions O;
    O.Threads = Threads;
    O.WarmCalls = Threads == 3;
    llvm::Expected<crop::Prediction> R = crop::predict(*P, T, O);
    if (!R) {
      llvm::consumeError(R.takeError());
      continue;
    }
    if (std::isnan(R->SecondsPerCall) || R->SecondsPerCall < 0)
      std::abort();
  }
  return 0;
}
