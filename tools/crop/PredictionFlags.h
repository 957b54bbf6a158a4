//===- PredictionFlags.h - The options `crop predict` and `crop analyze` share
//===//
//
// One declaration of the prediction options (targets, threads, memory model,
// warm calls, vector width, output), instantiated once per subcommand that
// predicts, so the two commands cannot drift apart.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_TOOLS_PREDICTIONFLAGS_H
#define CROP_TOOLS_PREDICTIONFLAGS_H

#include "Command.h"

#include "crop/Crop.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace crop::tool {

class PredictionFlags {
public:
  explicit PredictionFlags(llvm::cl::SubCommand &Sub)
      : Targets("target",
                llvm::cl::desc("Target name (crop targets) or descriptor "
                               "file; may repeat"),
                llvm::cl::OneOrMore, llvm::cl::sub(Sub),
                llvm::cl::cat(cropCategory())),
        Threads("threads",
                llvm::cl::desc("Threads the runtime uses (default: the "
                               "descriptor's)"),
                llvm::cl::init(0), llvm::cl::sub(Sub),
                llvm::cl::cat(cropCategory())),
        Json("json",
             llvm::cl::desc("Print JSON (one object per target, an array if "
                            "several)"),
             llvm::cl::sub(Sub), llvm::cl::cat(cropCategory())),
        NoMemoryModel("no-memory-model",
                      llvm::cl::desc("Every access costs an L1 hit; no "
                                     "bandwidth bound (ablation)"),
                      llvm::cl::sub(Sub), llvm::cl::cat(cropCategory())),
        WarmCalls("warm-calls",
                  llvm::cl::desc("The steady state of the call repeated on "
                                 "the same buffers (default: one call from "
                                 "cold)"),
                  llvm::cl::sub(Sub), llvm::cl::cat(cropCategory())),
        VectorBits("vector-bits",
                   llvm::cl::desc("Widest vector registers the program is "
                                  "compiled to use, e.g. 256 for "
                                  "-march=x86-64-v3 on an AVX-512 target "
                                  "(default: the IR's target-features, else "
                                  "the target's)"),
                   llvm::cl::value_desc("bits"), llvm::cl::sub(Sub),
                   llvm::cl::cat(cropCategory())),
        TopK("top", llvm::cl::desc("Blocks to list (0: all)"),
             llvm::cl::init(10), llvm::cl::sub(Sub),
             llvm::cl::cat(cropCategory())) {}

  /// Every --target loaded, or the first one that does not load.
  llvm::Expected<std::vector<hw::Target>> targets() const {
    std::vector<hw::Target> Ts;
    for (const std::string &Name : Targets) {
      llvm::Expected<hw::Target> T = crop::target(Name);
      if (!T)
        return T.takeError();
      Ts.push_back(std::move(*T));
    }
    return Ts;
  }

  PredictOptions options() const {
    PredictOptions O;
    O.Threads = Threads;
    O.MemoryModel = !NoMemoryModel;
    O.WarmCalls = WarmCalls;
    O.VectorBits = VectorBits;
    return O;
  }

  /// Predicts P on every target and prints the report or the JSON.
  int predictAndPrint(const ProgramProfile &P,
                      const std::vector<hw::Target> &Ts) const {
    // Every prediction is made before anything is printed: an error leaves
    // no partial output.
    std::vector<Prediction> Results;
    for (const hw::Target &T : Ts) {
      llvm::Expected<Prediction> R = predict(P, T, options());
      if (!R)
        return reportError(R.takeError());
      Results.push_back(std::move(*R));
    }
    printPredictions(llvm::outs(), Results, Json, TopK);
    return 0;
  }

private:
  llvm::cl::list<std::string> Targets;
  llvm::cl::opt<unsigned> Threads;
  llvm::cl::opt<bool> Json;
  llvm::cl::opt<bool> NoMemoryModel;
  llvm::cl::opt<bool> WarmCalls;
  llvm::cl::opt<unsigned> VectorBits;
  llvm::cl::opt<unsigned> TopK;
};

} // namespace crop::tool

#endif // CROP_TOOLS_PREDICTIONFLAGS_H
