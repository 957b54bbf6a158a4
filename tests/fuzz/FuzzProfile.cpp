//===- FuzzProfile.cpp - libFuzzer: the profile reader and the predictor --===//
//
// Any text either reads as a profile or is refused with a message; one that
// reads writes back to the same text, and predicting it on a CPU target
// gives a time or an error, never a crash or a hang.
//
//===----------------------------------------------------------------------===//
#include "crop/Hwdb/Hwdb.h"
#include "crop/Profile/ProfileIO.h"
#include "crop/Simulator/Predictor.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static crop::hw::Target T = [] {
    llvm::Expected<crop::hw::Target> X = crop::hw::findTarget("epyc7763");
    if (!X)
      std::abort();
    return std::move(*X);
  }();
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<crop::ProgramProfile> P =
      crop::profileFromJSON(Text, "fuzz.json");
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
