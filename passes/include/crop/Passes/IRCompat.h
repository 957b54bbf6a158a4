//===- IRCompat.h - Reading textual IR written by newer LLVM releases -----===//
#ifndef CROP_PASSES_IRCOMPAT_H
#define CROP_PASSES_IRCOMPAT_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace crop {

/// Rewrites the syntax that LLVM 20 and later added to textual IR, and that
/// LLVM 19's parser rejects, into its LLVM 19 equivalent or drops it when it
/// only adds an optimisation hint (captures(none) -> nocapture; samesign,
/// initializes(...), dead_on_return, nocreateundeforpoison, the target_mem and
/// errnomem locations of memory(...), key-instruction debug fields: dropped).
/// None of these change what the program computes or which instructions it
/// runs, so a profile of the rewritten module is a profile of the original.
/// Line breaks are kept, so the parser's line numbers stay the file's.
/// \p Rewrites receives how many rewrites were made.
std::string rewriteNewerIR(llvm::StringRef Text, unsigned &Rewrites);

} // namespace crop

#endif // CROP_PASSES_IRCOMPAT_H
