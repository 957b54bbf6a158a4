//===- Units.cpp - Parsing and formatting quantities with units -----------===//
#include "crop/Hwdb/Units.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

using namespace llvm;

namespace crop::hw {
namespace {
struct UnitDef {
  const char *Name;
  double Scale;
};

// Largest first, so formatting picks the most readable exact unit.
const std::vector<UnitDef> &unitsOf(Dimension D) {
  static const std::vector<UnitDef> None = {};
  static const std::vector<UnitDef> Cycles = {{"cycles", 1}, {"cycle", 1}};
  // Binary and decimal prefixes are both accepted: "MB" is 10^6, "MiB" 2^20.
  static const std::vector<UnitDef> Bytes = {
      {"TiB", 1099511627776.0}, {"TB", 1e12}, {"GiB", 1073741824.0},
      {"GB", 1e9},              {"MiB", 1048576.0}, {"MB", 1e6},
      {"KiB", 1024.0},          {"KB", 1e3},  {"kB", 1e3},
      {"B", 1}};
  static const std::vector<UnitDef> Freq = {
      {"GHz", 1e9}, {"MHz", 1e6}, {"kHz", 1e3}, {"Hz", 1}};
  static const std::vector<UnitDef> BW = {
      {"TB/s", 1e12},  {"TiB/s", 1099511627776.0}, {"GB/s", 1e9},
      {"GiB/s", 1073741824.0}, {"MB/s", 1e6}, {"MiB/s", 1048576.0},
      {"KB/s", 1e3},   {"kB/s", 1e3}, {"KiB/s", 1024.0}, {"B/s", 1}};
  static const std::vector<UnitDef> Time = {
      {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}};
  static const std::vector<UnitDef> Ops = {
      {"PFLOP/s", 1e15}, {"TFLOP/s", 1e12}, {"GFLOP/s", 1e9},
      {"MFLOP/s", 1e6},  {"FLOP/s", 1},     {"POP/s", 1e15},
      {"TOP/s", 1e12},   {"GOP/s", 1e9},    {"MOP/s", 1e6},
      {"OP/s", 1}};
  switch (D) {
  case Dimension::Count:
    return None;
  case Dimension::Cycles:
    return Cycles;
  case Dimension::Bytes:
    return Bytes;
  case Dimension::Frequency:
    return Freq;
  case Dimension::Bandwidth:
    return BW;
  case Dimension::Time:
    return Time;
  case Dimension::OpsRate:
    return Ops;
  }
  return None;
}

bool unitOptional(Dimension D) {
  return D == Dimension::Count || D == Dimension::Cycles;
}
} // namespace

const char *dimensionName(Dimension D) {
  switch (D) {
  case Dimension::Count:
    return "a count";
  case Dimension::Cycles:
    return "a cycle count";
  case Dimension::Bytes:
    return "a size";
  case Dimension::Frequency:
    return "a frequency";
  case Dimension::Bandwidth:
    return "a bandwidth";
  case Dimension::Time:
    return "a time";
  case Dimension::OpsRate:
    return "an operation rate";
  }
  return "a value";
}

std::string dimensionUnits(Dimension D) {
  if (D == Dimension::Count)
    return "no unit";
  std::string S;
  for (const UnitDef &U : unitsOf(D)) {
    if (D == Dimension::Cycles && StringRef(U.Name) == "cycle")
      continue;
    if (!S.empty())
      S += ", ";
    S += U.Name;
  }
  if (D == Dimension::Cycles)
    S += " or no unit";
  return S;
}

Expected<double> parseQuantity(StringRef Text, Dimension D) {
  StringRef T = Text.trim();
  // The number: digits, '.', a sign, and an exponent ("1e9") if one follows.
  size_t I = 0;
  while (I < T.size()) {
    char C = T[I];
    if (std::isdigit(static_cast<unsigned char>(C)) || C == '.' ||
        ((C == '+' || C == '-') &&
         (I == 0 || T[I - 1] == 'e' || T[I - 1] == 'E'))) {
      ++I;
      continue;
    }
    if ((C == 'e' || C == 'E') && I > 0 && I + 1 < T.size() &&
        (std::isdigit(static_cast<unsigned char>(T[I + 1])) ||
         T[I + 1] == '+' || T[I + 1] == '-')) {
      ++I;
      continue;
    }
    break;
  }
  StringRef Num = T.take_front(I), Unit = T.drop_front(I).trim();
  double V;
  if (Num.empty() || Num.getAsDouble(V) || !std::isfinite(V))
    return createStringError(inconvertibleErrorCode(),
                             formatv("'{0}' is not {1} (expected a number, "
                                     "then {2})",
                                     Text, dimensionName(D),
                                     dimensionUnits(D))
                                 .str());
  if (Unit.empty()) {
    if (unitOptional(D))
      return V;
    return createStringError(
        inconvertibleErrorCode(),
        formatv("missing unit in '{0}' ({1} takes {2})", Text,
                dimensionName(D), dimensionUnits(D))
            .str());
  }
  for (const UnitDef &U : unitsOf(D))
    if (Unit == U.Name)
      return V * U.Scale;
  return createStringError(
      inconvertibleErrorCode(),
      formatv("bad unit '{0}' in '{1}' ({2} takes {3})", Unit, Text,
              dimensionName(D), dimensionUnits(D))
          .str());
}

std::string formatQuantity(double Value, Dimension D) {
  auto Exact = [](double V) {
    char Buf[64];
    for (int Prec = 6; Prec <= 17; ++Prec) {
      std::snprintf(Buf, sizeof(Buf), "%.*g", Prec, V);
      if (std::strtod(Buf, nullptr) == V)
        return std::string(Buf);
    }
    return std::string(Buf);
  };
  if (D == Dimension::Count || D == Dimension::Cycles)
    return Exact(Value);
  const std::vector<UnitDef> &Units = unitsOf(D);
  auto ReadsBack = [&](const std::string &S) -> std::optional<double> {
    Expected<double> Back = parseQuantity(S, D);
    if (!Back) {
      consumeError(Back.takeError());
      return std::nullopt;
    }
    return *Back;
  };
  // Prefer a unit in which the number is short and round-trips exactly; for
  // sizes prefer binary units when they are exact integers. A measured
  // 0.82e-6 s round-trips bit for bit only as "819.9999999999999 ns": where
  // a spelling that reads back within a few ulps (Near) is much shorter, a
  // person would rather read that one.
  std::string Best, Near;
  for (const UnitDef &U : Units) {
    double Scaled = Value / U.Scale;
    if (Value != 0 && std::fabs(Scaled) < 1)
      continue;
    std::string S = Exact(Scaled) + " " + U.Name;
    if (std::optional<double> Back = ReadsBack(S);
        Back && *Back == Value && (Best.empty() || S.size() < Best.size()))
      Best = S;
    for (int Prec = 6; Prec <= 17; ++Prec) {
      char Buf[64];
      std::snprintf(Buf, sizeof(Buf), "%.*g", Prec, Scaled);
      std::string T = std::string(Buf) + " " + U.Name;
      std::optional<double> Back = ReadsBack(T);
      if (!Back)
        break;
      if (std::fabs(*Back - Value) <= 4e-16 * std::fabs(Value)) {
        if (Near.empty() || T.size() < Near.size())
          Near = T;
        break;
      }
    }
  }
  if (Best.empty() || (!Near.empty() && Near.size() + 4 < Best.size()))
    Best = Near;
  if (Best.empty())
    for (const UnitDef &U : Units)
      if (U.Scale == 1)
        Best = Exact(Value) + " " + U.Name;
  return Best;
}

} // namespace crop::hw
