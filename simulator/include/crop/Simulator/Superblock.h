//===- Superblock.h - Loop-carried edges of a superblock run back to back -===//
//
// The pipeline simulator runs a superblock (a block merged with one
// successor) back to back. Its steady state is only right if the
// superblock carries the recurrences of its two blocks from one execution to
// the next; profiles whose superblocks have no Carried edges (the analyzer's
// superblock builder adds none) get them here from the blocks' own
// graphlets.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_SIMULATOR_SUPERBLOCK_H
#define CROP_SIMULATOR_SUPERBLOCK_H

#include "crop/Profile/Graphlet.h"

#include <optional>

namespace crop {

/// The superblock Sb of Head followed by Tail with the loop-carried edges a
/// back-to-back run needs, or nothing when Sb already has Carried edges,
/// when neither block has any, or when Sb's vertices do not line up with
/// Head's and Tail's (Head's vertices first, then Tail's without its entry
/// vertex, in order). The rules:
/// * Tail is Head (a self loop): execution k+1 of the pair starts with the
///   block's next iteration, which takes its carried inputs from the
///   second copy: Head's carried u -> v becomes Tail-part u -> Head-part v.
///   (Head-part u -> Tail-part v is a data edge already.)
/// * otherwise each block's carried edges stay within its own part: the
///   next execution of the pair continues each block's own recurrences.
std::optional<Graphlet> superblockWithCarried(const Graphlet &Sb,
                                              const Graphlet &Head,
                                              const Graphlet &Tail);

/// Whether superblockWithCarried(Sb, Head, Tail) returns a graphlet, without
/// building it: the predictor looks its cost up first, and builds the
/// graphlet (a copy of Sb) only when it must be simulated.
bool superblockCarries(const Graphlet &Sb, const Graphlet &Head,
                       const Graphlet &Tail);

} // namespace crop

#endif // CROP_SIMULATOR_SUPERBLOCK_H
