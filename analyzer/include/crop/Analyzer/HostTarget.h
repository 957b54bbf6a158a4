//===- HostTarget.h - Running IR compiled for another CPU on this one -----===//
//
// Crop profiles a module by running it here, but the module is usually
// compiled for the machine whose time is predicted: AVX-512 code for a Xeon
// profiled on an AVX2 host, or AArch64 code for a Graviton profiled on an
// x86-64 one. The counts and the traced addresses are properties of the IR,
// not of the code the JIT makes of it, so the JIT's copy of such a module is
// compiled for this machine instead: its functions lose their target-cpu and
// target-features (the JIT's own, this machine's, apply) and a foreign
// triple becomes this machine's. Only the JIT's copy: the static analysis
// and the machine-code view keep what the module asked for.
//
// What cannot be moved is an intrinsic of another architecture
// (llvm.aarch64.*); that is refused before anything runs, with what to do.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_ANALYZER_HOSTTARGET_H
#define CROP_ANALYZER_HOSTTARGET_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace crop {

/// What this machine's JIT compiles for.
struct HostMachine {
  std::string Triple;
  std::string CPU;
  /// Feature name (as in a target-features attribute, without the sign) ->
  /// whether this CPU has it. A name missing from the map is taken as
  /// present: LLVM lists only the features it detects.
  llvm::StringMap<bool> Features;

  static HostMachine detect();
};

/// Makes M compilable and runnable on Host, as the file comment says. The
/// result is a line for the progress output saying what was changed, or an
/// empty string when M runs here as it is (it is then left untouched).
llvm::Expected<std::string> retargetForHost(llvm::Module &M,
                                            const HostMachine &Host);

} // namespace crop

#endif // CROP_ANALYZER_HOSTTARGET_H
