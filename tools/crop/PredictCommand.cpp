//===- PredictCommand.cpp - `crop predict`: time of a profile on targets --===//
#include "Command.h"

#include "crop/Hwdb/Hwdb.h"
#include "crop/Profile/ProfileIO.h"
#include "crop/Simulator/Predictor.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
cl::SubCommand Sub("predict",
                   "Predict the time of one call of a profiled program on one "
                   "or more targets,\nwithout running it: "
                   "crop predict PROFILE --target NAME|FILE.yaml "
                   "[--target ...]\n(CPU targets: pipeline simulation and "
                   "cache model; GPU/accelerator\ntargets: a roofline "
                   "estimate). docs/prediction.md describes the model\nand the "
                   "--json fields.");
cl::opt<std::string> ProfilePath(cl::Positional, cl::desc("PROFILE"),
                                 cl::Required, cl::sub(Sub),
                                 cl::cat(crop::tool::cropCategory()));
cl::list<std::string> Targets("target",
                              cl::desc("Target name (crop targets) or "
                                       "descriptor file; may repeat"),
                              cl::OneOrMore, cl::sub(Sub),
                              cl::cat(crop::tool::cropCategory()));
cl::opt<unsigned> Threads("threads",
                          cl::desc("Threads the runtime uses (default: the "
                                   "descriptor's)"),
                          cl::init(0), cl::sub(Sub),
                          cl::cat(crop::tool::cropCategory()));
cl::opt<bool> Json("json",
                   cl::desc("Print JSON (one object per target, an "
                            "array if several)"),
                   cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::opt<bool> NoMemoryModel("no-memory-model",
                            cl::desc("Every access costs an L1 hit; no "
                                     "bandwidth bound (ablation)"),
                            cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::opt<bool> WarmCalls("warm-calls",
                        cl::desc("The steady state of the call repeated on the "
                                 "same buffers (default: one call from cold)"),
                        cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::opt<unsigned> VectorBits("vector-bits",
                          cl::desc("Widest vector registers the program is compiled "
                                   "to use, e.g. 256 for -march=x86-64-v3 on "
                                   "an AVX-512 target (default: the IR's "
                                   "target-features, else the target's)"),
                          cl::value_desc("bits"),
                          cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::opt<unsigned> TopK("top", cl::desc("Blocks to list (0: all)"), cl::init(10),
                       cl::sub(Sub), cl::cat(crop::tool::cropCategory()));

int run() {
  Expected<crop::ProgramProfile> P = crop::readProfile(ProfilePath);
  if (!P)
    return crop::tool::reportError(P.takeError());
  crop::PredictOptions Opts;
  Opts.Threads = Threads;
  Opts.MemoryModel = !NoMemoryModel;
  Opts.WarmCalls = WarmCalls;
  Opts.VectorBits = VectorBits;
  // Every target is loaded before anything is printed, so a typo in the
  // last --target gives an error and no partial output.
  std::vector<crop::Prediction> Results;
  for (const std::string &Name : Targets) {
    Expected<crop::hw::Target> T = crop::hw::findTarget(Name);
    if (!T)
      return crop::tool::reportError(T.takeError());
    Expected<crop::Prediction> R = crop::predict(*P, *T, Opts);
    if (!R)
      return crop::tool::reportError(R.takeError());
    Results.push_back(std::move(*R));
  }
  crop::printPredictions(outs(), Results, Json, TopK);
  return 0;
}

crop::tool::CommandRegistration Reg(Sub, run);
} // namespace
