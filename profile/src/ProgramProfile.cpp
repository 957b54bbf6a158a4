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
