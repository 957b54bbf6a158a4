//===- Units.h - Quantities with units, as written in target descriptors --===//
//
// Descriptors write "2.2 GHz", "32 KiB", "204.8 GB/s", "5 us", "989 TFLOP/s";
// these parse them into base units (hertz, bytes, bytes/s, seconds, ops/s)
// and format base-unit values back so that they re-parse to the same number.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_HWDB_UNITS_H
#define CROP_HWDB_UNITS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace crop::hw {

enum class Dimension {
  Count,     ///< A plain number: "8".
  Cycles,    ///< "4", "4 cycles", "59.5 cycles".
  Bytes,     ///< "64 B", "32 KiB", "1.5 MB" (decimal), "35.75 MiB".
  Frequency, ///< "2.2 GHz".
  Bandwidth, ///< "204.8 GB/s", "25 GiB/s".
  Time,      ///< "5 us", "80 ns".
  OpsRate,   ///< "989 TFLOP/s", "1979 TOP/s".
};

/// "a size", "a frequency" ... for error messages.
const char *dimensionName(Dimension D);
/// The units a dimension accepts, comma separated, for error messages.
std::string dimensionUnits(Dimension D);

/// Parses "<number> [unit]" into base units. The error message says what was
/// wrong ("bad unit 'GHzz' in '2.2 GHzz' (a frequency takes Hz, kHz, ...)").
llvm::Expected<double> parseQuantity(llvm::StringRef Text, Dimension D);

/// Formats a base-unit value with the largest unit that represents it exactly
/// enough to parse back to the same double.
std::string formatQuantity(double Value, Dimension D);

} // namespace crop::hw

#endif // CROP_HWDB_UNITS_H
