//===- TargetsCommand.cpp - `crop targets`: list the hardware database ----===//
#include "Command.h"

#include "crop/Hwdb/Hwdb.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
cl::SubCommand Sub("targets",
                   "List the hardware database: every descriptor on the "
                   "search path\n($CROP_HWDB_PATH, the source tree's "
                   "hwdb/targets, the installed share/crop/hwdb)\nwith its "
                   "kind and a one-line summary. A broken descriptor shows "
                   "its\nerrors and the others are still listed.");
cl::opt<bool> ShowPaths("paths", cl::desc("Also print each descriptor's file"),
                        cl::sub(Sub), cl::cat(crop::tool::cropCategory()));

int run() {
  std::vector<Expected<crop::hw::Target>> All = crop::hw::listTargets();
  if (All.empty()) {
    errs() << "crop targets: no descriptors found (searched "
           << join(crop::hw::searchPath(), ":") << ")\n";
    return 1;
  }
  int Broken = 0;
  for (Expected<crop::hw::Target> &T : All) {
    if (!T) {
      ++Broken;
      handleAllErrors(T.takeError(), [&](const ErrorInfoBase &E) {
        WithColor::error(errs(), "crop targets") << E.message() << "\n";
      });
      continue;
    }
    outs() << formatv("{0,-14} {1,-12} {2}\n", T->Name,
                      crop::hw::targetKindName(T->Kind), T->Summary);
    if (ShowPaths)
      outs() << formatv("{0,-14} {1,-12} {2}\n", "", "", T->Path);
  }
  return Broken ? 1 : 0;
}

crop::tool::CommandRegistration Reg(Sub, run);
} // namespace
