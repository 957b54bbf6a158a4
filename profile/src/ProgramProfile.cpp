//===- ProgramProfile.cpp - Names and look-ups of the profile model -------===//
#include "crop/Profile/ProgramProfile.h"

using namespace crop;

const char *crop::depKindName(DepKind K) {
  switch (K) {
  case DepKind::Entry:
    return "entry";
  case DepKind::Data:
    return "data";
  case DepKind::MemRAW:
    return "raw";
  case DepKind::MemWAR:
    return "war";
  case DepKind::MemWAW:
    return "waw";
  case DepKind::Control:
    return "control";
  case DepKind::Carried:
    return "carried";
  }
  return "unknown";
}

const char *crop::parallelRuntimeName(ParallelRuntime R) {
  switch (R) {
  case ParallelRuntime::None:
    return "none";
  case ParallelRuntime::OpenMP:
    return "openmp";
  case ParallelRuntime::Halide:
    return "halide";
  case ParallelRuntime::TVM:
    return "tvm";
  case ParallelRuntime::OpenMPTask:
    return "openmp-task";
  case ParallelRuntime::OpenMPDynamic:
    return "openmp-dynamic";
  }
  return "unknown";
}

const FunctionProfile *
ProgramProfile::findFunction(const std::string &Name) const {
  for (const FunctionProfile &F : Functions)
    if (F.Name == Name)
      return &F;
  return nullptr;
}

std::string crop::checkAllocEvents(const std::vector<int64_t> &Events) {
  std::vector<bool> Live;
  for (size_t I = 0; I < Events.size(); ++I) {
    int64_t E = Events[I];
    if (E > 0) {
      Live.push_back(true);
      continue;
    }
    if (E == 0 || E == INT64_MIN)
      return "event " + std::to_string(I + 1) +
             " is neither an allocation (bytes > 0) nor a free (-k)";
    uint64_t K = uint64_t(-E);
    if (K > Live.size() || !Live[K - 1])
      return "event " + std::to_string(I + 1) + " frees allocation " +
             std::to_string(K) + ", which " +
             (K > Live.size() ? "no earlier event made" : "was freed before");
    Live[K - 1] = false;
  }
  return {};
}
