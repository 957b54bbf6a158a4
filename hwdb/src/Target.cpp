//===- Target.cpp - Instruction cost lookup with fallbacks ----------------===//
#include "crop/Hwdb/Target.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace crop::hw {

const char *targetKindName(TargetKind K) {
  switch (K) {
  case TargetKind::CPU:
    return "cpu";
  case TargetKind::GPU:
    return "gpu";
  case TargetKind::Accelerator:
    return "accelerator";
  }
  return "unknown";
}

namespace {
/// M at N: linear between the counts it lists, its first or last value
/// beyond them. M is not empty.
double atCount(const std::map<uint32_t, double> &M, uint32_t N) {
  auto Hi = M.lower_bound(N);
  if (Hi == M.end())
    return std::prev(Hi)->second;
  if (Hi->first == N || Hi == M.begin())
    return Hi->second;
  auto Lo = std::prev(Hi);
  double T = double(N - Lo->first) / double(Hi->first - Lo->first);
  return Lo->second + T * (Hi->second - Lo->second);
}
} // namespace

double clockForThreads(const CpuParams &C, unsigned Threads) {
  if (C.FrequencyByActiveCores.empty())
    return C.FrequencyHz;
  return atCount(C.FrequencyByActiveCores,
                 std::max(1u, std::min(Threads, std::max(1u, C.Cores))));
}

/// A runtime cost by team size, 0 where the descriptor has none.
static double teamCost(const std::map<uint32_t, double> &M, unsigned Threads) {
  return M.empty() ? 0 : atCount(M, std::max(1u, Threads));
}

double parallelLaunchSeconds(const CpuParams &C, unsigned Threads) {
  return teamCost(C.ParallelLaunchSeconds, Threads);
}

double parallelDispatchSeconds(const CpuParams &C, unsigned Threads) {
  return teamCost(C.ParallelDispatchSeconds, Threads);
}

double parallelTaskSeconds(const CpuParams &C, unsigned Threads) {
  return teamCost(C.ParallelTaskSeconds, Threads);
}

uint32_t typeBits(const std::string &Type) {
  if (Type == "f16" || Type == "bf16")
    return 16;
  if (Type == "f32")
    return 32;
  if (Type == "f64")
    return 64;
  if (Type == "ptr")
    return 64;
  if (Type == "void")
    return 0;
  if (Type.size() >= 2 && Type[0] == 'i') {
    uint32_t N = 0;
    for (size_t I = 1; I < Type.size(); ++I) {
      if (!std::isdigit(static_cast<unsigned char>(Type[I])) || N > 100000)
        return 0;
      N = N * 10 + (Type[I] - '0');
    }
    if (Type[1] == '0')
      return 0;
    return N;
  }
  return 0;
}

std::string instructionKey(const std::string &Opcode, const std::string &Type,
                           uint32_t Lanes) {
  std::string K = Opcode + "." + Type;
  if (Lanes > 1)
    K += "x" + std::to_string(Lanes);
  return K;
}

std::optional<InstrKey> parseInstructionKey(const std::string &Key) {
  size_t Dot = Key.rfind('.');
  if (Dot == std::string::npos || Dot == 0 || Dot + 1 == Key.size())
    return std::nullopt;
  InstrKey K;
  K.Opcode = Key.substr(0, Dot);
  std::string T = Key.substr(Dot + 1);
  // "f32x8": the lane count follows the last 'x' if all digits after it.
  size_t X = T.rfind('x');
  if (X != std::string::npos && X + 1 < T.size() &&
      std::all_of(T.begin() + X + 1, T.end(),
                  [](char C) { return std::isdigit((unsigned char)C); })) {
    std::string L = T.substr(X + 1);
    if (L[0] == '0' || L.size() > 5)
      return std::nullopt;
    K.Lanes = std::stoul(L);
    T = T.substr(0, X);
    if (K.Lanes < 2)
      return std::nullopt;
  }
  K.Type = T;
  if (typeBits(T) == 0 && T != "void")
    return std::nullopt;
  if (T == "void" && K.Lanes != 1)
    return std::nullopt;
  // Opcode: lower-case words of [a-z0-9_] separated by '.', optionally
  // prefixed by "call:" (any C identifier) or "intr:".
  std::string Op = K.Opcode;
  bool Call = false;
  if (Op.rfind("call:", 0) == 0) {
    Op = Op.substr(5);
    Call = true;
  } else if (Op.rfind("intr:", 0) == 0) {
    Op = Op.substr(5);
  }
  if (Op.empty() || Op.front() == '.' || Op.back() == '.' ||
      Op.find("..") != std::string::npos)
    return std::nullopt;
  for (char C : Op) {
    bool Ok = std::islower((unsigned char)C) ||
              std::isdigit((unsigned char)C) || C == '_' || C == '.' ||
              (Call && std::isupper((unsigned char)C));
    if (!Ok)
      return std::nullopt;
  }
  if (std::isdigit((unsigned char)Op.front()))
    return std::nullopt;
  return K;
}

namespace {
bool isOneLaneOp(const std::string &Opcode) {
  return Opcode == "insertelement" || Opcode == "extractelement";
}
} // namespace

uint32_t registerPieces(uint64_t VectorBits, uint32_t SimdBits) {
  if (SimdBits == 0)
    return 1;
  return uint32_t(
      std::max<uint64_t>(1, (VectorBits + SimdBits - 1) / SimdBits));
}

uint32_t piecesWorked(const std::string &Opcode, uint64_t VectorBits,
                      uint32_t SimdBits) {
  return isOneLaneOp(Opcode) ? 1 : registerPieces(VectorBits, SimdBits);
}

std::optional<InstrCost> Target::instructionCost(const std::string &Opcode,
                                                 const std::string &Type,
                                                 uint32_t Lanes) const {
  if (!Cpu)
    return std::nullopt;
  const auto &Table = Cpu->Instructions;
  if (Lanes == 0)
    Lanes = 1;
  auto Exact = Table.find(instructionKey(Opcode, Type, Lanes));
  if (Exact != Table.end())
    return Exact->second;

  const uint32_t Bits = typeBits(Type);
  if (Lanes > 1 && Bits > 0) {
    // Vector entries of this opcode and element type that fit a register.
    const InstrCost *Narrowest = nullptr, *Widest = nullptr;
    uint32_t NarrowestLanes = 0, WidestLanes = 0;
    for (const auto &[Key, Cost] : Table) {
      std::optional<InstrKey> K = parseInstructionKey(Key);
      if (!K || K->Opcode != Opcode || K->Type != Type || K->Lanes < 2 ||
          uint64_t(K->Lanes) * Bits > Cpu->SimdBits)
        continue;
      if (K->Lanes >= Lanes && (!Narrowest || K->Lanes < NarrowestLanes)) {
        Narrowest = &Cost;
        NarrowestLanes = K->Lanes;
      }
      if (!Widest || K->Lanes > WidestLanes) {
        Widest = &Cost;
        WidestLanes = K->Lanes;
      }
    }
    if (const InstrCost *Base = Narrowest ? Narrowest : Widest) {
      uint64_t VecBits = uint64_t(Lanes) * Bits;
      uint32_t Pieces = piecesWorked(Opcode, VecBits, Cpu->SimdBits);
      // A narrower entry stands for one register-wide operation.
      if (!Narrowest && VecBits <= Cpu->SimdBits)
        Pieces = 1;
      InstrCost C = *Base;
      C.RecipThroughput *= Pieces;
      C.Uops *= Pieces;
      return C;
    }
    // A vector load or store moves a register's bytes whatever its lanes
    // are (one vmovdqu for <8 x i8> as for <2 x float>), as do the bitwise
    // ops and a select (a blend: vpblendvb, vblendvps; AArch64's bsl): an
    // entry of another element type of at least the width stands for it,
    // the narrowest such one, else the widest in register pieces.
    if (Opcode == "load" || Opcode == "store" || Opcode == "and" ||
        Opcode == "or" || Opcode == "xor" || Opcode == "select") {
      const uint64_t VecBits = uint64_t(Lanes) * Bits;
      const InstrCost *Fit = nullptr, *Wide = nullptr;
      uint64_t FitBits = 0, WideBits = 0;
      for (const auto &[Key, Cost] : Table) {
        std::optional<InstrKey> K = parseInstructionKey(Key);
        if (!K || K->Opcode != Opcode || K->Lanes < 2)
          continue;
        uint64_t KBits = uint64_t(K->Lanes) * typeBits(K->Type);
        if (KBits == 0 || KBits > Cpu->SimdBits)
          continue;
        if (KBits >= VecBits && (!Fit || KBits < FitBits)) {
          Fit = &Cost;
          FitBits = KBits;
        }
        if (!Wide || KBits > WideBits) {
          Wide = &Cost;
          WideBits = KBits;
        }
      }
      if (Fit)
        return *Fit;
      if (Wide) {
        InstrCost C = *Wide;
        uint32_t Pieces = uint32_t((VecBits + WideBits - 1) / WideBits);
        C.RecipThroughput *= Pieces;
        C.Uops *= Pieces;
        return C;
      }
    }
    // No vector entry: scalarised (one lane for an insert or extract).
    if (std::optional<InstrCost> S = instructionCost(Opcode, Type, 1)) {
      const uint32_t Times = isOneLaneOp(Opcode) ? 1 : Lanes;
      S->RecipThroughput *= Times;
      S->Uops *= Times;
      return S;
    }
    return std::nullopt;
  }

  if (Lanes <= 1 && Bits > 0) {
    // Same opcode, nearest scalar type of the same family.
    bool IsFloat = Type[0] == 'f' || Type == "bf16";
    bool IsInt = Type[0] == 'i';
    const InstrCost *Wider = nullptr, *Narrower = nullptr;
    uint32_t WiderBits = 0, NarrowerBits = 0;
    for (const auto &[Key, Cost] : Table) {
      std::optional<InstrKey> K = parseInstructionKey(Key);
      if (!K || K->Opcode != Opcode || K->Lanes != 1)
        continue;
      bool KFloat = K->Type[0] == 'f' || K->Type == "bf16";
      bool KInt = K->Type[0] == 'i';
      if ((IsFloat && !KFloat) || (IsInt && !KInt) || (!IsFloat && !IsInt))
        continue;
      uint32_t KB = typeBits(K->Type);
      if (KB >= Bits && (!Wider || KB < WiderBits)) {
        Wider = &Cost;
        WiderBits = KB;
      }
      if (KB < Bits && (!Narrower || KB > NarrowerBits)) {
        Narrower = &Cost;
        NarrowerBits = KB;
      }
    }
    if (Wider)
      return *Wider;
    if (Narrower)
      return *Narrower;
  }
  return std::nullopt;
}

} // namespace crop::hw
