//===- main.cpp - The `crop` command-line tool ----------------------------===//
#include "Command.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <vector>

#ifdef __linux__
#include <unistd.h>
#endif

using namespace llvm;
using namespace crop::tool;

namespace {
struct Registered {
  cl::SubCommand *Sub;
  std::function<int()> Run;
};
std::vector<Registered> &registry() {
  static std::vector<Registered> R;
  return R;
}
} // namespace

cl::OptionCategory &crop::tool::cropCategory() {
  static cl::OptionCategory C("Crop options");
  return C;
}

CommandRegistration::CommandRegistration(cl::SubCommand &Sub,
                                         std::function<int()> Run) {
  registry().push_back({&Sub, std::move(Run)});
}

int crop::tool::reportError(Error E) {
  int Code = 1;
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
    WithColor::error(errs(), "crop") << EI.message() << "\n";
  });
  return Code;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(cropCategory());
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "crop " CROP_VERSION " (LLVM " LLVM_VERSION_STRING ")\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "Crop: predicts how fast a tensor program (LLVM IR) runs on a target "
      "machine\nwithout running it there.\n\n"
      "  crop graph FILE.ll            CFGs and task graphlets\n"
      "  crop convert FILE.ll -o F.ll  the module as LLVM 19 IR (reads LLVM 20+ IR)\n"
      "  crop profile FILE.ll -o P     run once here, write the program "
      "profile\n"
      "  crop predict P --target T     predict from a profile (no run)\n"
      "  crop analyze FILE.ll --target T   profile and predict\n"
      "  crop targets                  list the hardware database\n"
      "  crop hwdb check FILE.yaml     validate descriptors\n"
      "  crop microbench -o T.yaml     measure this machine\n\n"
      "Run 'crop SUBCOMMAND --help' for a subcommand's options.\n");
  for (const Registered &R : registry())
    if (*R.Sub)
      return R.Run();
  errs() << "crop: no subcommand given; run 'crop --help'\n";
  return 2;
}
