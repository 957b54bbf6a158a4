//===- EntryArgs.cpp - Calling the entry: --arg specs, buffers, the thunk -===//
//
// A module without main is run by calling its entry with buffers Crop makes
// up: deterministic contents so that every run (on any machine) takes the
// same paths. The call goes through a thunk added to the module that reads
// each parameter from an 8-byte slot, so any C-ABI signature works without
// per-signature code here. Buffers are plain pointers, Halide 14
// halide_buffer_t*, or DLTensor* inside a TVM packed call, by the module's
// kind (docs/profiling.md).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "ProgramMemory.h"

#include "crop/Passes/RuntimeABI.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace crop::detail {

namespace {

Error specError(StringRef Spec, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "--arg '" + Spec + "': " + Why);
}

bool knownType(StringRef T) {
  return T == "f16" || T == "bf16" || T == "f32" || T == "f64" || T == "i8" ||
         T == "i16" || T == "i32" || T == "i64" || T == "u8" || T == "u16" ||
         T == "u32" || T == "u64";
}

unsigned typeBytes(StringRef T) {
  unsigned Bits = 0;
  T.consume_front("b");
  T.drop_front().getAsInteger(10, Bits);
  return Bits / 8;
}

/// V in a 16-bit float format (IEEE half or bfloat), as its bits; the
/// values Crop fills buffers with are exact in both.
uint16_t halfBits(double V, bool Brain) {
  APFloat F(V);
  bool Lost = false;
  F.convert(Brain ? APFloat::BFloat() : APFloat::IEEEhalf(),
            APFloat::rmNearestTiesToEven, &Lost);
  return uint16_t(F.bitcastToAPInt().getZExtValue());
}

Expected<EntryPlan::Arg> parseArg(StringRef Spec) {
  EntryPlan::Arg A;
  A.Spec = Spec.str();
  if (Spec.consume_front("@")) {
    unsigned N = 0;
    if (Spec.getAsInteger(10, N) || N == 0)
      return specError(A.Spec, "expected @N, the buffer of the Nth --arg "
                               "(from 1) passed again");
    A.Buffer = true;
    A.SameAs = int(N - 1);
    return A;
  }
  bool Memref = Spec.consume_front("memref:");
  size_t Colon = Spec.find(':'), Eq = Spec.find('=');
  if (Colon != StringRef::npos && (Eq == StringRef::npos || Colon < Eq)) {
    A.Buffer = true;
    A.Type = Spec.take_front(Colon).str();
    StringRef Dims = Spec.drop_front(Colon + 1);
    if (Dims.empty())
      return specError(Spec, "a buffer needs a shape, e.g. f32:128x768");
    SmallVector<StringRef, 4> Parts;
    Dims.split(Parts, 'x');
    for (StringRef P : Parts) {
      int64_t D = 0;
      if (P.getAsInteger(10, D) || D <= 0)
        return specError(Spec, "'" + Dims +
                                   "' is not a shape of positive extents "
                                   "like 128x768");
      A.Shape.push_back(D);
    }
  } else if (Eq != StringRef::npos) {
    A.Type = Spec.take_front(Eq).str();
    StringRef V = Spec.drop_front(Eq + 1);
    if (V.empty() || !to_float(V, A.Value))
      return specError(Spec, "'" + V + "' is not a number");
  } else {
    return specError(Spec, "expected TYPE:SHAPE for a buffer (f32:128x768) or "
                           "TYPE=VALUE for a scalar (i32=4)");
  }
  if (!knownType(A.Type))
    return specError(Spec, "unknown element type '" + A.Type +
                               "' (f16, bf16, f32, f64, i8..i64, u8..u64)");
  if (Memref && !A.Buffer)
    return specError(A.Spec, "a memref needs a shape, e.g. memref:f32:64x64");
  A.Memref = Memref;
  return A;
}

bool isTVMModule(const Module &M) {
  for (const GlobalValue &G : M.global_values()) {
    StringRef N = G.getName();
    if (N.starts_with("__TVM") || N == "__tvm_main__" ||
        N.starts_with("TVMBackend") || N == "TVMAPISetLastError")
      return true;
  }
  return false;
}

bool isHalideModule(const Module &M, StringRef Entry) {
  if (M.getFunction((Entry + "_argv").str()) ||
      M.getFunction((Entry + "_metadata").str()))
    return true;
  for (const Function &F : M)
    if (F.isDeclaration() && F.getName().starts_with("halide_"))
      return true;
  return false;
}

/// Gives Halide's halide_error_* declarations bodies that record the name
/// and return an error code: the generated code reports through them.
void defineHalideErrorStubs(Module &M) {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Hook =
      M.getOrInsertFunction(abi::HalideErrorHookSymbol, Type::getVoidTy(Ctx),
                            PointerType::getUnqual(Ctx));
  for (Function &F : M) {
    if (!F.isDeclaration() || !F.getName().starts_with("halide_error_") ||
        !F.getReturnType()->isIntegerTy())
      continue;
    BasicBlock *BB = BasicBlock::Create(Ctx, "entry", &F);
    IRBuilder<> B(BB);
    B.CreateCall(Hook, {B.CreateGlobalStringPtr(F.getName())});
    B.CreateRet(ConstantInt::getSigned(F.getReturnType(), -1));
    F.setLinkage(GlobalValue::InternalLinkage);
  }
}

Error addThunk(Module &M, Function &F) {
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  auto *Thunk = Function::Create(
      FunctionType::get(I64, {PointerType::getUnqual(Ctx)}, false),
      GlobalValue::ExternalLinkage, abi::EntryThunkSymbol, M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Thunk));
  SmallVector<Value *, 8> Args;
  for (unsigned I = 0; I < F.arg_size(); ++I) {
    Type *T = F.getArg(I)->getType();
    if (!(T->isPointerTy() ||
          (T->isIntegerTy() && T->getIntegerBitWidth() <= 64) ||
          T->isHalfTy() || T->isBFloatTy() || T->isFloatTy() ||
          T->isDoubleTy())) {
      Thunk->eraseFromParent();
      std::string TS;
      raw_string_ostream OS(TS);
      T->print(OS);
      return createStringError(inconvertibleErrorCode(),
                               "parameter " + Twine(I + 1) + " of " +
                                   F.getName() + " has type " + OS.str() +
                                   ", which --arg cannot provide");
    }
    Value *Slot = B.CreateConstInBoundsGEP1_64(I64, Thunk->getArg(0), I);
    Args.push_back(B.CreateAlignedLoad(T, Slot, Align(1)));
  }
  CallInst *Call = B.CreateCall(F.getFunctionType(), &F, Args);
  Call->setCallingConv(F.getCallingConv());
  Type *R = F.getReturnType();
  if (R->isIntegerTy())
    B.CreateRet(B.CreateSExtOrTrunc(Call, I64));
  else
    B.CreateRet(ConstantInt::get(I64, 0));
  return Error::success();
}

// TVM's C ABI.
constexpr int32_t TVMArgInt = 0, TVMArgFloat = 2, TVMArgDLTensor = 7;
struct DLTensor {
  void *Data;
  int32_t DeviceType, DeviceId;
  int32_t NDim;
  uint8_t Code, Bits;
  uint16_t Lanes;
  int64_t *Shape;
  int64_t *Strides;
  uint64_t ByteOffset;
};

// Halide 14's C ABI (HalideRuntime.h).
struct HalideDimension {
  int32_t Min, Extent, Stride;
  uint32_t Flags;
};
struct HalideBuffer {
  uint64_t Device;
  void *DeviceInterface;
  uint8_t *Host;
  uint64_t Flags;
  uint8_t Code, Bits;
  uint16_t Lanes;
  int32_t Dimensions;
  HalideDimension *Dim;
  void *Padding;
};

/// Type code shared by Halide (int 0, uint 1, float 2, bfloat 4) and DLPack.
uint8_t typeCode(StringRef T) {
  return T == "bf16" ? 4 : T[0] == 'f' ? 2 : T[0] == 'u' ? 1 : 0;
}

void *makeBuffer(const EntryPlan::Arg &A, unsigned Index) {
  uint64_t N = 1;
  for (int64_t D : A.Shape)
    N *= uint64_t(D);
  unsigned EB = typeBytes(A.Type);
  size_t Bytes = (N * EB + 127) & ~uint64_t(127);
  // Page-aligned like a big native buffer (glibc maps those): class reuse
  // distances depend on where lines fall within their pages.
  void *P = programAlloc(4096, Bytes ? Bytes : 128);
  if (!P)
    childFail("cannot allocate " + std::to_string(Bytes) + " bytes for --arg " +
              A.Spec);
  // Small, exactly representable values that differ between buffers: element
  // I holds pattern value (I * 7 + Index * 3) % 17, so the buffer repeats
  // every 17 elements. One period is encoded, then copied in doubling
  // chunks: big buffers are filled at memcpy speed.
  constexpr uint64_t Period = 17;
  char One[Period * 8];
  for (uint64_t I = 0; I < Period; ++I) {
    int64_t V = int64_t((I * 7 + Index * 3) % Period);
    char *E = One + I * EB;
    if (A.Type == "f32") {
      float F = float(V) * 0.0625f - 0.5f;
      std::memcpy(E, &F, 4);
    } else if (A.Type == "f16" || A.Type == "bf16") {
      uint16_t H = halfBits(double(V) * 0.0625 - 0.5, A.Type == "bf16");
      std::memcpy(E, &H, 2);
    } else if (A.Type == "f64") {
      double F = double(V) * 0.0625 - 0.5;
      std::memcpy(E, &F, 8);
    } else {
      std::memcpy(E, &V, EB); // Little-endian: the low bytes.
    }
  }
  char *Out = static_cast<char *>(P);
  uint64_t Total = N * EB, Done = std::min<uint64_t>(Total, Period * EB);
  std::memcpy(Out, One, Done);
  while (Done < Total) {
    uint64_t Chunk = std::min(Done, Total - Done);
    std::memcpy(Out + Done, Out, Chunk);
    Done += Chunk;
  }
  return P;
}

/// Count value-initialised Ts on the program's heap: what the program reads
/// (argv, buffer descriptors) sits at the same addresses on every run.
template <typename T> T *programNew(size_t Count) {
  void *P = programAlloc(alignof(T), sizeof(T) * std::max<size_t>(Count, 1));
  if (!P)
    childFail("cannot allocate the entry's arguments");
  T *Items = static_cast<T *>(P);
  for (size_t I = 0; I < Count; ++I)
    new (Items + I) T();
  return Items;
}
char *programString(const std::string &S) {
  char *P = programNew<char>(S.size() + 1);
  std::memcpy(P, S.c_str(), S.size() + 1);
  return P;
}

uint64_t scalarBits(const EntryPlan::Arg &A) {
  uint64_t Bits = 0;
  if (A.Type == "f32") {
    float F = float(A.Value);
    std::memcpy(&Bits, &F, 4);
  } else if (A.Type == "f64") {
    std::memcpy(&Bits, &A.Value, 8);
  } else if (A.Type == "f16" || A.Type == "bf16") {
    Bits = halfBits(A.Value, A.Type == "bf16");
  } else {
    int64_t I = int64_t(A.Value);
    std::memcpy(&Bits, &I, 8);
  }
  return Bits;
}

} // namespace

int64_t tvmLambdaExtent(const Function &F) {
  using namespace PatternMatch;
  if (F.arg_size() != 3 || !F.getArg(1)->getType()->isPointerTy())
    return -1;
  const DataLayout &DL = F.getDataLayout();
  const Argument *Env = F.getArg(1);
  auto IsNumTask = [&](Value *V) {
    auto *L = dyn_cast<LoadInst>(V);
    if (!L)
      return false;
    int64_t Off = 0;
    const Value *Base =
        GetPointerBaseWithConstantOffset(L->getPointerOperand(), Off, DL);
    return Base == Env && Off == 8;
  };
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      Value *Num, *Den, *X;
      const APInt *C;
      // (extent + num_task - 1) / num_task, TVM's ceil-division.
      if ((match(&I, m_SDiv(m_Value(Num), m_Value(Den))) ||
           match(&I, m_UDiv(m_Value(Num), m_Value(Den)))) &&
          IsNumTask(Den) && match(Num, m_c_Add(m_Value(X), m_APInt(C))) &&
          IsNumTask(X))
        return C->getSExtValue() + 1;
    }
  return -1;
}

Expected<EntryPlan> planEntry(Module &M, StringRef Entry,
                              const std::vector<std::string> &Args,
                              const std::vector<std::string> &ProgArgs,
                              bool CallEntryDirectly) {
  EntryPlan P;
  P.ProgramArgs = ProgArgs;
  for (const std::string &S : Args) {
    Expected<EntryPlan::Arg> A = parseArg(S);
    if (!A)
      return A.takeError();
    if (A->SameAs >= 0) {
      if (size_t(A->SameAs) >= P.Args.size() ||
          !P.Args[size_t(A->SameAs)].Buffer)
        return specError(S, "argument " + Twine(A->SameAs + 1) +
                                " is not a buffer given before this one");
      const EntryPlan::Arg &Of = P.Args[size_t(A->SameAs)];
      A->Type = Of.Type;
      A->Shape = Of.Shape;
      if (Of.SameAs >= 0)
        A->SameAs = Of.SameAs;
    }
    P.Args.push_back(std::move(*A));
  }
  defineHalideErrorStubs(M);

  Function *Main = M.getFunction("main");
  if (!CallEntryDirectly) {
    if (!Main || Main->isDeclaration())
      return createStringError(
          inconvertibleErrorCode(),
          "the module has no main: name the function to profile with "
          "--entry and give its arguments with --arg");
    if (Main->arg_size() != 0 && Main->arg_size() != 2 && Main->arg_size() != 3)
      return createStringError(inconvertibleErrorCode(),
                               "main takes " + Twine(Main->arg_size()) +
                                   " parameters; expected 0, 2 or 3");
    P.ABI = EntryABI::Main;
    if (Error E = addThunk(M, *Main))
      return std::move(E);
    return P;
  }

  Function *F = M.getFunction(Entry);
  if (!F || F->isDeclaration())
    return createStringError(inconvertibleErrorCode(),
                             "no function '" + Entry + "' is defined");
  FunctionType *FT = F->getFunctionType();
  auto IsPtr = [&](unsigned I) { return FT->getParamType(I)->isPointerTy(); };
  bool TVMShape3 = FT->getNumParams() == 3 && IsPtr(0) && IsPtr(1) &&
                   FT->getParamType(2)->isIntegerTy(32);
  bool TVMShape6 = FT->getNumParams() == 6 && IsPtr(0) && IsPtr(1) &&
                   FT->getParamType(2)->isIntegerTy(32) && IsPtr(3) &&
                   IsPtr(4) && IsPtr(5);
  for (const EntryPlan::Arg &A : P.Args)
    if (A.Memref && (isTVMModule(M) || isHalideModule(M, Entry)))
      return specError(A.Spec, "a memref descriptor is for MLIR's C-interface "
                               "functions; " +
                                   Entry + " is a TVM or Halide entry");
  if (isTVMModule(M) && (TVMShape3 || TVMShape6)) {
    P.ABI = TVMShape3 ? EntryABI::TVM3 : EntryABI::TVM6;
  } else {
    P.ABI = isHalideModule(M, Entry) ? EntryABI::Halide : EntryABI::Plain;
    if (P.Args.size() != FT->getNumParams())
      return createStringError(inconvertibleErrorCode(),
                               Entry + " takes " + Twine(FT->getNumParams()) +
                                   " parameters but " + Twine(P.Args.size()) +
                                   " --arg were given");
    for (unsigned I = 0; I < P.Args.size(); ++I) {
      const EntryPlan::Arg &A = P.Args[I];
      Type *T = FT->getParamType(I);
      if (A.Buffer && !T->isPointerTy())
        return specError(A.Spec, "parameter " + Twine(I + 1) + " of " + Entry +
                                     " is not a pointer");
      if (A.Memref && !T->isPointerTy())
        return specError(A.Spec, "parameter " + Twine(I + 1) + " of " + Entry +
                                     " is not a pointer to a memref "
                                     "descriptor (an _mlir_ciface_ function "
                                     "takes one)");
      if (!A.Buffer && T->isPointerTy())
        return specError(A.Spec,
                         "parameter " + Twine(I + 1) + " of " + Entry +
                             " is a pointer: give a buffer (TYPE:SHAPE)");
      bool Float = A.Type[0] == 'f' || A.Type == "bf16";
      if (!A.Buffer && Float && !T->isFloatingPointTy())
        return specError(A.Spec, "parameter " + Twine(I + 1) + " of " + Entry +
                                     " is an integer");
      if (!A.Buffer && !Float && !T->isIntegerTy())
        return specError(A.Spec, "parameter " + Twine(I + 1) + " of " + Entry +
                                     " is floating-point");
    }
  }
  if (Error E = addThunk(M, *F))
    return std::move(E);
  return P;
}

std::vector<uint64_t> buildEntrySlots(const EntryPlan &P) {
  std::vector<uint64_t> Slots;
  // Each buffer is made once; `@N` passes argument N's again.
  std::vector<void *> Made(P.Args.size(), nullptr);
  auto bufferFor = [&](const EntryPlan::Arg &A, unsigned I) {
    unsigned Own = A.SameAs >= 0 ? unsigned(A.SameAs) : I;
    if (!Made[Own])
      Made[Own] = makeBuffer(P.Args[Own], Own);
    return Made[Own];
  };
  auto Ptr = [](const void *X) { return reinterpret_cast<uint64_t>(X); };
  switch (P.ABI) {
  case EntryABI::Main: {
    // Leaked on purpose: the program may keep argv until it ends.
    auto **Argv = programNew<char *>(P.ProgramArgs.size() + 2);
    Argv[0] = programString("program");
    for (size_t I = 0; I < P.ProgramArgs.size(); ++I)
      Argv[I + 1] = programString(P.ProgramArgs[I]);
    Argv[P.ProgramArgs.size() + 1] = nullptr;
    size_t NEnv = 0;
    while (environ[NEnv])
      ++NEnv;
    auto **Envp = programNew<char *>(NEnv + 1);
    for (size_t I = 0; I < NEnv; ++I)
      Envp[I] = programString(environ[I]);
    Slots = {P.ProgramArgs.size() + 1, Ptr(Argv), Ptr(Envp)};
    break;
  }
  case EntryABI::Plain:
    for (unsigned I = 0; I < P.Args.size(); ++I) {
      const EntryPlan::Arg &A = P.Args[I];
      if (A.Memref) {
        // MLIR's ranked memref descriptor: allocated and aligned pointers,
        // offset, then the sizes and the row-major strides (int64 each).
        size_t R = A.Shape.size();
        auto *D = programNew<uint64_t>(3 + 2 * R);
        D[0] = D[1] = Ptr(bufferFor(A, I));
        D[2] = 0;
        uint64_t Stride = 1;
        for (size_t K = R; K-- > 0;) {
          D[3 + K] = uint64_t(A.Shape[K]);
          D[3 + R + K] = Stride;
          Stride *= uint64_t(A.Shape[K]);
        }
        Slots.push_back(Ptr(D));
        continue;
      }
      Slots.push_back(A.Buffer ? Ptr(bufferFor(A, I)) : scalarBits(A));
    }
    break;
  case EntryABI::Halide:
    for (unsigned I = 0; I < P.Args.size(); ++I) {
      const EntryPlan::Arg &A = P.Args[I];
      if (!A.Buffer) {
        Slots.push_back(scalarBits(A));
        continue;
      }
      auto *B = programNew<HalideBuffer>(1);
      auto *Dims = programNew<HalideDimension>(A.Shape.size());
      // Halide's dimension 0 is the innermost: the last extent of the spec.
      int32_t Stride = 1;
      for (size_t D = 0; D < A.Shape.size(); ++D) {
        int32_t Extent = int32_t(A.Shape[A.Shape.size() - 1 - D]);
        Dims[D] = {0, Extent, Stride, 0};
        Stride *= Extent;
      }
      B->Host = static_cast<uint8_t *>(bufferFor(A, I));
      B->Code = typeCode(A.Type);
      B->Bits = uint8_t(typeBytes(A.Type) * 8);
      B->Lanes = 1;
      B->Dimensions = int32_t(A.Shape.size());
      B->Dim = Dims;
      Slots.push_back(Ptr(B));
    }
    break;
  case EntryABI::TVM3:
  case EntryABI::TVM6: {
    auto *Values = programNew<uint64_t>(P.Args.size() + 1);
    auto *Codes = programNew<int32_t>(P.Args.size() + 1);
    for (unsigned I = 0; I < P.Args.size(); ++I) {
      const EntryPlan::Arg &A = P.Args[I];
      if (!A.Buffer) {
        Codes[I] = A.Type[0] == 'f' ? TVMArgFloat : TVMArgInt;
        if (A.Type[0] == 'f')
          std::memcpy(&Values[I], &A.Value, 8);
        else
          Values[I] = uint64_t(int64_t(A.Value));
        continue;
      }
      auto *T = programNew<DLTensor>(1);
      T->Data = bufferFor(A, I);
      T->DeviceType = 1; // kDLCPU
      T->NDim = int32_t(A.Shape.size());
      T->Code = typeCode(A.Type);
      T->Bits = uint8_t(typeBytes(A.Type) * 8);
      T->Lanes = 1;
      T->Shape = programNew<int64_t>(A.Shape.size());
      std::copy(A.Shape.begin(), A.Shape.end(), T->Shape);
      Values[I] = Ptr(T);
      Codes[I] = TVMArgDLTensor;
    }
    Slots = {Ptr(Values), Ptr(Codes), P.Args.size()};
    if (P.ABI == EntryABI::TVM6)
      Slots.insert(Slots.end(), {Ptr(programNew<uint64_t>(1)),
                                 Ptr(programNew<int32_t>(1)), 0});
    break;
  }
  }
  return Slots;
}

} // namespace crop::detail
