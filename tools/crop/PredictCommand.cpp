//===- PredictCommand.cpp - `crop predict`: time of a profile on targets --===//
#include "Command.h"
#include "PredictionFlags.h"

#include "crop/Crop.h"

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
crop::tool::PredictionFlags Prediction(Sub);

int run() {
  Expected<crop::ProgramProfile> P = crop::readProfile(ProfilePath);
  if (!P)
    return crop::tool::reportError(P.takeError());
  Expected<std::vector<crop::hw::Target>> Ts = Prediction.targets();
  if (!Ts)
    return crop::tool::reportError(Ts.takeError());
  return Prediction.predictAndPrint(*P, *Ts);
}

crop::tool::CommandRegistration Reg(Sub, run);
} // namespace
