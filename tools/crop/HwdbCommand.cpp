//===- HwdbCommand.cpp - `crop hwdb check`: validate descriptors ----------===//
#include "Command.h"

#include "crop/Hwdb/Hwdb.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
cl::SubCommand Sub("hwdb",
                   "Work with target descriptors.\n\n"
                   "  crop hwdb check FILE.yaml...   load and validate; each "
                   "error on its own\n"
                   "                                 line as FILE:LINE: "
                   "key.path: message;\n"
                   "                                 exit 1 if any file has "
                   "an error\n"
                   "  crop hwdb show NAME|FILE       print the loaded "
                   "descriptor (base merged,\n"
                   "                                 units normalised)\n\n"
                   "The format is documented in docs/hwdb-format.md.");
cl::opt<bool> Json("json",
                   cl::desc("show: JSON in base units (bytes, Hz, seconds, "
                            "cycles) instead of YAML"),
                   cl::sub(Sub), cl::cat(crop::tool::cropCategory()));
cl::list<std::string> Args(cl::Positional, cl::desc("check FILE... | show T"),
                           cl::OneOrMore, cl::sub(Sub),
                           cl::cat(crop::tool::cropCategory()));

int printErrors(Error E) {
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
    WithColor::error(errs(), "crop hwdb") << EI.message() << "\n";
  });
  return 1;
}

int run() {
  std::string Action = Args.front();
  std::vector<std::string> Files(Args.begin() + 1, Args.end());
  if (Action == "check") {
    if (Files.empty()) {
      errs() << "crop hwdb check: give one or more descriptor files\n";
      return 2;
    }
    int Bad = 0;
    for (const std::string &F : Files) {
      Expected<crop::hw::Target> T = crop::hw::loadTarget(F);
      if (!T) {
        ++Bad;
        printErrors(T.takeError());
        continue;
      }
      outs() << formatv("{0}: ok ({1} {2}: {3})\n", F, T->Name,
                        crop::hw::targetKindName(T->Kind), T->Summary);
    }
    return Bad ? 1 : 0;
  }
  if (Action == "show") {
    if (Files.size() != 1) {
      errs() << "crop hwdb show: give one target name or file\n";
      return 2;
    }
    Expected<crop::hw::Target> T = crop::hw::findTarget(Files.front());
    if (!T)
      return printErrors(T.takeError());
    outs() << (Json ? crop::hw::targetToJSON(*T) : crop::hw::targetToYAML(*T));
    return 0;
  }
  errs() << "crop hwdb: unknown action '" << Action
         << "' (expected check or show; see 'crop hwdb --help')\n";
  return 2;
}

crop::tool::CommandRegistration Reg(Sub, run);
} // namespace
