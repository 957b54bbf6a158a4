//===- KernelGen.cpp - Building the microbenchmark kernels as LLVM IR -----===//
#include "crop/Microbench/KernelGen.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/TargetParser/Triple.h"

#include <cstring>
#include <map>

using namespace llvm;

namespace crop::mb {

unsigned elementBits(const std::string &Ty) {
  if (Ty == "f32")
    return 32;
  if (Ty == "f64" || Ty == "ptr")
    return 64;
  if (Ty == "f16" || Ty == "bf16")
    return 16;
  if (Ty.size() > 1 && Ty[0] == 'i')
    return unsigned(std::stoul(Ty.substr(1)));
  return 0;
}

namespace {

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg.str());
}

Type *elemType(LLVMContext &C, const std::string &Ty) {
  if (Ty == "f32")
    return Type::getFloatTy(C);
  if (Ty == "f64")
    return Type::getDoubleTy(C);
  if (Ty == "f16")
    return Type::getHalfTy(C);
  if (Ty == "bf16")
    return Type::getBFloatTy(C);
  if (Ty == "ptr")
    return PointerType::get(C, 0);
  if (unsigned Bits = elementBits(Ty); Bits && Ty[0] == 'i')
    return IntegerType::get(C, Bits);
  return nullptr;
}

Type *withLanes(Type *E, unsigned Lanes) {
  return Lanes > 1 ? FixedVectorType::get(E, Lanes) : E;
}

std::optional<Intrinsic::ID> intrinsicNamed(StringRef N) {
  static const std::map<std::string, Intrinsic::ID> IDs = {
      {"sqrt", Intrinsic::sqrt},     {"fabs", Intrinsic::fabs},
      {"exp", Intrinsic::exp},       {"log", Intrinsic::log},
      {"maxnum", Intrinsic::maxnum}, {"minnum", Intrinsic::minnum},
      {"smax", Intrinsic::smax},     {"smin", Intrinsic::smin}};
  auto It = IDs.find(N.str());
  if (It == IDs.end())
    return std::nullopt;
  return It->second;
}

std::optional<Instruction::CastOps> castNamed(StringRef N) {
  static const std::map<std::string, Instruction::CastOps> Ops = {
      {"sitofp", Instruction::SIToFP},   {"uitofp", Instruction::UIToFP},
      {"fptosi", Instruction::FPToSI},   {"fptoui", Instruction::FPToUI},
      {"zext", Instruction::ZExt},       {"sext", Instruction::SExt},
      {"trunc", Instruction::Trunc},     {"fpext", Instruction::FPExt},
      {"fptrunc", Instruction::FPTrunc}, {"bitcast", Instruction::BitCast}};
  auto It = Ops.find(N.str());
  if (It == Ops.end())
    return std::nullopt;
  return It->second;
}

std::optional<Instruction::BinaryOps> binaryNamed(StringRef N) {
  static const std::map<std::string, Instruction::BinaryOps> Ops = {
      {"fadd", Instruction::FAdd}, {"fsub", Instruction::FSub},
      {"fmul", Instruction::FMul}, {"fdiv", Instruction::FDiv},
      {"frem", Instruction::FRem}, {"add", Instruction::Add},
      {"sub", Instruction::Sub},   {"mul", Instruction::Mul},
      {"sdiv", Instruction::SDiv}, {"udiv", Instruction::UDiv},
      {"srem", Instruction::SRem}, {"urem", Instruction::URem},
      {"and", Instruction::And},   {"or", Instruction::Or},
      {"xor", Instruction::Xor},   {"shl", Instruction::Shl},
      {"lshr", Instruction::LShr}, {"ashr", Instruction::AShr}};
  auto It = Ops.find(N.str());
  if (It == Ops.end())
    return std::nullopt;
  return It->second;
}

class Builder {
public:
  Builder(Module &M, const KernelSpec &K, unsigned SimdBits)
      : M(M), C(M.getContext()), K(K), B(C), SimdBits(SimdBits) {
    AArch64 = Triple(M.getTargetTriple()).isAArch64();
  }

  Error build(KernelKind Kind, unsigned Ops, unsigned Streams,
              const std::string &Fn) {
    Elem = elemType(C, K.Ty);
    if (!Elem)
      return makeError("kernel " + K.Name + ": unknown type " + K.Ty);
    T = withLanes(Elem, K.Lanes);
    Type *I64 = B.getInt64Ty(), *Ptr = B.getPtrTy();
    F = Function::Create(
        FunctionType::get(B.getVoidTy(), {I64, Ptr, Ptr}, false),
        Function::ExternalLinkage, Fn, M);
    Argument *Iters = F->getArg(0), *In = F->getArg(1);
    Mem = F->getArg(2);
    auto *Entry = BasicBlock::Create(C, "entry", F);
    auto *Loop = BasicBlock::Create(C, "loop", F);
    auto *Exit = BasicBlock::Create(C, "exit", F);
    B.SetInsertPoint(Entry);
    bool Memory = K.S == Shape::Load || K.S == Shape::Store ||
                  K.S == Shape::Atomic || K.S == Shape::ExtLoad;
    A = B.CreateLoad(T, In, "a");
    Bv = B.CreateLoad(T, B.CreateConstGEP1_64(B.getInt8Ty(), In, 64), "b");
    Value *Init =
        B.CreateLoad(T, B.CreateConstGEP1_64(B.getInt8Ty(), In, 128), "init");
    if (K.S == Shape::Select)
      Cond = T->isFPOrFPVectorTy() ? B.CreateFCmpUNE(A, Bv, "c")
                                   : B.CreateICmpNE(A, Bv, "c");
    if (K.S == Shape::Load && K.Ty == "ptr")
      B.CreateStore(Mem, Mem); // the chase cell points at itself
    B.CreateBr(Loop);

    B.SetInsertPoint(Loop);
    PHINode *I = B.CreatePHI(I64, 2, "i");
    I->addIncoming(B.getInt64(0), Entry);
    bool Stateless = Memory && Kind == KernelKind::Throughput;
    unsigned NStreams =
        Stateless ? 0 : (Kind == KernelKind::Latency ? 1 : Streams);
    Type *StateTy = T;
    Value *StateInit = Init;
    if (K.S == Shape::ExtLoad && !elemType(C, K.Ty2))
      return makeError("kernel " + K.Name + ": unknown type " + K.Ty2);
    if (K.S == Shape::Load || K.S == Shape::ExtLoad) {
      // The chain runs through an index (or the pointer itself).
      StateTy = K.Ty == "ptr" ? Ptr : I64;
      StateInit = K.Ty == "ptr" ? (Value *)Mem : B.getInt64(0);
    } else if (K.S == Shape::Gep) {
      StateTy = Ptr;
      StateInit = Mem;
    }
    std::vector<PHINode *> Phis;
    std::vector<Value *> X;
    for (unsigned S = 0; S < NStreams; ++S) {
      PHINode *P = B.CreatePHI(StateTy, 2, "x" + std::to_string(S));
      P->addIncoming(StateInit, Entry);
      Phis.push_back(P);
      X.push_back(P);
    }
    for (unsigned N = 0; N < Ops; ++N) {
      if (Stateless) {
        if (Error E = statelessStep(N))
          return E;
        continue;
      }
      unsigned S = N % NStreams;
      Expected<Value *> Next = step(X[S]);
      if (!Next)
        return Next.takeError();
      X[S] = *Next;
    }
    Value *INext = B.CreateAdd(I, B.getInt64(1), "i.next");
    I->addIncoming(INext, Loop);
    B.CreateCondBr(B.CreateICmpULT(INext, Iters), Loop, Exit);
    for (unsigned S = 0; S < NStreams; ++S)
      Phis[S]->addIncoming(X[S], Loop);

    B.SetInsertPoint(Exit);
    for (unsigned S = 0; S < NStreams; ++S)
      B.CreateStore(X[S],
                    B.CreateConstGEP1_64(B.getInt8Ty(), In, 256 + 64 * S));
    B.CreateRetVoid();
    return Error::success();
  }

private:
  /// An empty inline asm that returns its operand in the same register: no
  /// instruction, but the backend can no longer see through the value.
  Value *barrier(Value *V) {
    Type *Ty = V->getType();
    if (Ty->getScalarType()->isIntegerTy(1))
      return V;
    // x86 without AVX512-FP16 has no register class for half lanes: the
    // barrier holds their bits as 16-bit integers, in the same register.
    if (Ty->getScalarType()->isHalfTy() || Ty->getScalarType()->isBFloatTy()) {
      Type *Bits = Ty->getWithNewType(B.getInt16Ty());
      return B.CreateBitCast(barrier(B.CreateBitCast(V, Bits)), Ty);
    }
    bool InVectorReg = Ty->isVectorTy() || Ty->isFloatingPointTy();
    const char *Cons = !InVectorReg      ? "=r,0"
                       : AArch64         ? "=w,0"
                       : SimdBits >= 512 ? "=v,0"
                                         : "=x,0";
    InlineAsm *IA = InlineAsm::get(FunctionType::get(Ty, {Ty}, false), "", Cons,
                                   /*hasSideEffects=*/false);
    return B.CreateCall(IA, {V});
  }

  /// Keeps V computed without using it: an empty asm with side effects that
  /// reads it from its register (no instruction, no dependency after it).
  void sink(Value *V) {
    Type *Ty = V->getType();
    const char *Cons = AArch64 ? "w" : SimdBits >= 512 ? "v" : "x";
    InlineAsm *IA =
        InlineAsm::get(FunctionType::get(B.getVoidTy(), {Ty}, false), "", Cons,
                       /*hasSideEffects=*/true);
    B.CreateCall(IA, {V});
  }

  /// The extension of a load of Ty2 lanes, as ExtLoad measures it.
  Expected<Value *> extendedLoad(Value *Addr, bool Volatile) {
    auto Op = castNamed(K.Op);
    if (!Op)
      return makeError("kernel " + K.Name + ": unknown extension " + K.Op);
    Type *Src = withLanes(elemType(C, K.Ty2), K.Lanes);
    return B.CreateCast(*Op, B.CreateLoad(Src, Addr, Volatile), T);
  }

  Value *slot(unsigned N) {
    return B.CreateConstGEP1_64(B.getInt8Ty(), Mem, 64 * (N % 64));
  }

  Error statelessStep(unsigned N) {
    if (K.S == Shape::Load) {
      B.CreateLoad(T, slot(N), /*isVolatile=*/true);
      return Error::success();
    }
    if (K.S == Shape::ExtLoad) {
      Expected<Value *> V = extendedLoad(slot(N), /*Volatile=*/true);
      if (!V)
        return V.takeError();
      sink(*V);
      return Error::success();
    }
    if (K.S == Shape::Atomic) {
      B.CreateAtomicRMW(AtomicRMWInst::Add, slot(N), A, MaybeAlign(),
                        AtomicOrdering::SequentiallyConsistent);
      return Error::success();
    }
    B.CreateStore(A, slot(N), /*isVolatile=*/true);
    return Error::success();
  }

  Expected<Value *> step(Value *X) {
    bool FP = Elem->isFloatingPointTy();
    switch (K.S) {
    case Shape::Binary: {
      auto Op = binaryNamed(K.Op);
      if (!Op)
        return makeError("kernel " + K.Name + ": unknown opcode " + K.Op);
      return barrier(B.CreateBinOp(*Op, X, A));
    }
    case Shape::Fma:
      return barrier(B.CreateIntrinsic(Intrinsic::fma, {T}, {X, A, Bv}));
    case Shape::FNeg:
      return barrier(B.CreateFNeg(X));
    case Shape::UnaryIntr:
    case Shape::BinaryIntr: {
      auto ID = intrinsicNamed(K.Op);
      if (!ID)
        return makeError("kernel " + K.Name + ": unknown intrinsic " + K.Op);
      if (K.S == Shape::UnaryIntr)
        return barrier(B.CreateIntrinsic(*ID, {T}, {X}));
      return barrier(B.CreateIntrinsic(*ID, {T}, {X, A}));
    }
    case Shape::CmpSelect: {
      Value *Cmp;
      if (FP) {
        auto P = K.Op == "olt" ? CmpInst::FCMP_OLT : CmpInst::FCMP_OGT;
        Cmp = B.CreateFCmp(P, X, A);
      } else {
        auto P = K.Op == "slt" ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT;
        Cmp = B.CreateICmp(P, X, A);
      }
      return barrier(B.CreateSelect(Cmp, X, Bv));
    }
    case Shape::MaxIdiom:
      // The compare's operands are the select's: x86 selects one max
      // instruction, with no NaN handling (what clang emits for a ReLU and
      // for an nnan llvm.maxnum).
      return barrier(B.CreateSelect(B.CreateFCmpOGT(X, A), X, A));
    case Shape::CmpZextAdd: {
      Value *Cmp = B.CreateICmp(CmpInst::ICMP_SLT, X, A);
      return barrier(B.CreateAdd(X, B.CreateZExt(Cmp, T)));
    }
    case Shape::Select:
      return barrier(B.CreateSelect(Cond, X, A));
    case Shape::CastPair: {
      auto Op1 = castNamed(K.Op), Op2 = castNamed(K.Op2);
      Type *E2 = elemType(C, K.Ty2);
      if (!Op1 || !Op2 || !E2)
        return makeError("kernel " + K.Name + ": bad cast pair");
      Value *Y = barrier(B.CreateCast(*Op1, X, withLanes(E2, K.Lanes)));
      return barrier(B.CreateCast(*Op2, Y, T));
    }
    case Shape::ExtractInsert: {
      Value *S = barrier(B.CreateExtractElement(X, uint64_t(1)));
      return barrier(B.CreateInsertElement(X, S, uint64_t(0)));
    }
    case Shape::Shuffle: {
      SmallVector<int, 16> Mask;
      for (unsigned L = 0; L < K.Lanes; ++L)
        Mask.push_back(int(K.Lanes - 1 - L));
      return barrier(B.CreateShuffleVector(X, Mask));
    }
    case Shape::Reduce: {
      Value *S;
      if (K.Op == "fadd") {
        S = B.CreateFAddReduce(ConstantFP::getNegativeZero(Elem), X);
        cast<Instruction>(S)->setHasAllowReassoc(true);
      } else if (K.Op == "fmax") {
        S = B.CreateFPMaxReduce(X);
      } else if (K.Op == "add") {
        S = B.CreateAddReduce(X);
      } else {
        return makeError("kernel " + K.Name + ": unknown reduction " + K.Op);
      }
      return barrier(B.CreateInsertElement(X, barrier(S), uint64_t(0)));
    }
    case Shape::Load: {
      if (K.Ty == "ptr")
        return barrier(B.CreateLoad(B.getPtrTy(), X));
      Value *V = B.CreateLoad(T, B.CreateGEP(B.getInt8Ty(), Mem, X));
      // Without the barrier the DAG would narrow a vector load to the lane
      // used and fold the bitcast into an integer load.
      if (FP || K.Lanes > 1)
        V = barrier(V);
      if (K.Lanes > 1)
        V = B.CreateExtractElement(V, uint64_t(0));
      if (FP)
        V = B.CreateBitCast(V, B.getIntNTy(Elem->getPrimitiveSizeInBits()));
      return barrier(B.CreateZExtOrTrunc(V, B.getInt64Ty()));
    }
    case Shape::Store: {
      Value *P = B.CreateConstGEP1_64(B.getInt8Ty(), Mem, 4096);
      B.CreateStore(X, P, /*isVolatile=*/true);
      return barrier(B.CreateLoad(T, P, /*isVolatile=*/true));
    }
    case Shape::Atomic: {
      // A locked read-modify-write of one slot whose old value is the next
      // operand: the chain runs through memory and the register alike.
      Value *P = B.CreateConstGEP1_64(B.getInt8Ty(), Mem, 4096);
      return barrier(B.CreateAtomicRMW(AtomicRMWInst::Add, P, X, MaybeAlign(),
                                       AtomicOrdering::SequentiallyConsistent));
    }
    case Shape::Call: {
      FunctionCallee Callee = M.getOrInsertFunction(K.Op, T, T);
      Value *Y = B.CreateCall(Callee, {X});
      if (K.Post == "fmul")
        Y = B.CreateFMul(Y, A);
      else if (K.Post == "fadd")
        Y = B.CreateFAdd(Y, A);
      return barrier(Y);
    }
    case Shape::Gep:
      return barrier(B.CreateGEP(B.getInt8Ty(), X, A));
    case Shape::ExtLoad: {
      // As a vector load's chain: lane 0 back to an index through a
      // general register (the catalog takes that move off).
      Expected<Value *> V =
          extendedLoad(B.CreateGEP(B.getInt8Ty(), Mem, X), /*Volatile=*/false);
      if (!V)
        return V.takeError();
      Value *L = B.CreateExtractElement(barrier(*V), uint64_t(0));
      if (FP)
        L = B.CreateBitCast(L, B.getIntNTy(Elem->getPrimitiveSizeInBits()));
      return barrier(B.CreateZExtOrTrunc(L, B.getInt64Ty()));
    }
    }
    return makeError("kernel " + K.Name + ": unknown shape");
  }

  Module &M;
  LLVMContext &C;
  const KernelSpec &K;
  IRBuilder<> B;
  unsigned SimdBits;
  bool AArch64 = false;
  Function *F = nullptr;
  Type *Elem = nullptr, *T = nullptr;
  Value *A = nullptr, *Bv = nullptr, *Cond = nullptr, *Mem = nullptr;
};

template <typename E> void fillAs(void *Dst, double V, unsigned Count) {
  E X = static_cast<E>(V);
  for (unsigned I = 0; I < Count; ++I)
    std::memcpy(static_cast<char *>(Dst) + I * sizeof(E), &X, sizeof(E));
}

void fillValue(const std::string &Ty, unsigned Lanes, double V, void *Dst) {
  if (Ty == "f32")
    fillAs<float>(Dst, V, Lanes);
  else if (Ty == "f64")
    fillAs<double>(Dst, V, Lanes);
  else if (Ty == "i8")
    fillAs<int8_t>(Dst, V, Lanes);
  else if (Ty == "i16")
    fillAs<int16_t>(Dst, V, Lanes);
  else if (Ty == "i32")
    fillAs<int32_t>(Dst, V, Lanes);
  else
    fillAs<int64_t>(Dst, V, Lanes);
}

} // namespace

void fillOperands(const KernelSpec &K, void *In) {
  std::memset(In, 0, 4096);
  char *P = static_cast<char *>(In);
  // Loads chain through index 0 and gep steps by 0: both need a = 0.
  double A = (K.S == Shape::Gep) ? 0 : K.A;
  fillValue(K.Ty, K.Lanes, A, P);
  fillValue(K.Ty, K.Lanes, K.B, P + 64);
  fillValue(K.Ty, K.Lanes, K.Init, P + 128);
  if (K.S == Shape::Gep)
    fillValue("i64", 1, 0, P); // the gep's offset operand is an i64 a
}

Expected<std::unique_ptr<Module>>
buildKernel(LLVMContext &Ctx, const KernelSpec &K, KernelKind Kind,
            unsigned Ops, unsigned Streams, const std::string &Fn,
            const std::string &Triple, const DataLayout &DL,
            unsigned SimdBits) {
  auto M = std::make_unique<Module>("microbench." + K.Name, Ctx);
  M->setTargetTriple(Triple);
  M->setDataLayout(DL);
  Builder B(*M, K, SimdBits);
  if (Error E = B.build(Kind, Ops, std::max(1u, Streams), Fn))
    return E;
  return M;
}

Expected<std::unique_ptr<Module>>
buildReadKernel(LLVMContext &Ctx, const std::string &Fn,
                const std::string &Triple, const DataLayout &DL,
                unsigned SimdBits, bool Update) {
  auto M = std::make_unique<Module>(
      Update ? "microbench.update" : "microbench.read", Ctx);
  M->setTargetTriple(Triple);
  M->setDataLayout(DL);
  IRBuilder<> B(Ctx);
  Type *I64 = B.getInt64Ty(), *Ptr = B.getPtrTy();
  unsigned Bytes = std::max(16u, SimdBits / 8);
  Type *V = FixedVectorType::get(I64, Bytes / 8);
  Function *F =
      Function::Create(FunctionType::get(B.getVoidTy(), {Ptr, I64, I64}, false),
                       Function::ExternalLinkage, Fn, *M);
  Argument *P = F->getArg(0), *Len = F->getArg(1), *Reps = F->getArg(2);
  auto *Entry = BasicBlock::Create(Ctx, "entry", F);
  auto *Outer = BasicBlock::Create(Ctx, "outer", F);
  auto *Inner = BasicBlock::Create(Ctx, "inner", F);
  auto *Latch = BasicBlock::Create(Ctx, "latch", F);
  auto *Exit = BasicBlock::Create(Ctx, "exit", F);
  B.SetInsertPoint(Entry);
  B.CreateBr(Outer);
  B.SetInsertPoint(Outer);
  PHINode *R = B.CreatePHI(I64, 2, "r");
  R->addIncoming(B.getInt64(0), Entry);
  B.CreateBr(Inner);
  B.SetInsertPoint(Inner);
  PHINode *Off = B.CreatePHI(I64, 2, "off");
  Off->addIncoming(B.getInt64(0), Outer);
  // Eight loads a trip keep several lines in flight per iteration.
  for (unsigned U = 0; U < 8; ++U) {
    Value *Addr =
        B.CreateGEP(B.getInt8Ty(), P, B.CreateAdd(Off, B.getInt64(U * Bytes)));
    Value *X = B.CreateAlignedLoad(V, Addr, Align(Bytes), /*isVolatile=*/true);
    if (Update)
      B.CreateAlignedStore(X, Addr, Align(Bytes), /*isVolatile=*/true);
  }
  Value *OffNext = B.CreateAdd(Off, B.getInt64(8 * Bytes));
  Off->addIncoming(OffNext, Inner);
  B.CreateCondBr(B.CreateICmpULT(OffNext, Len), Inner, Latch);
  B.SetInsertPoint(Latch);
  Value *RNext = B.CreateAdd(R, B.getInt64(1));
  R->addIncoming(RNext, Latch);
  B.CreateCondBr(B.CreateICmpULT(RNext, Reps), Outer, Exit);
  B.SetInsertPoint(Exit);
  B.CreateRetVoid();
  return M;
}

Expected<std::unique_ptr<Module>> buildBranchKernel(LLVMContext &Ctx,
                                                    const std::string &Fn,
                                                    const std::string &Triple,
                                                    const DataLayout &DL) {
  auto M = std::make_unique<Module>("microbench.branch", Ctx);
  M->setTargetTriple(Triple);
  M->setDataLayout(DL);
  IRBuilder<> B(Ctx);
  Type *I64 = B.getInt64Ty(), *Ptr = B.getPtrTy();
  Function *F = Function::Create(FunctionType::get(I64, {I64, Ptr, I64}, false),
                                 Function::ExternalLinkage, Fn, *M);
  Argument *Iters = F->getArg(0), *Bytes = F->getArg(1), *Mask = F->getArg(2);
  auto *Entry = BasicBlock::Create(Ctx, "entry", F);
  auto *Loop = BasicBlock::Create(Ctx, "loop", F);
  auto *Then = BasicBlock::Create(Ctx, "then", F);
  auto *Else = BasicBlock::Create(Ctx, "else", F);
  auto *Join = BasicBlock::Create(Ctx, "join", F);
  auto *Exit = BasicBlock::Create(Ctx, "exit", F);
  B.SetInsertPoint(Entry);
  Value *Seed = B.CreateLoad(I64, Bytes, "seed");
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  PHINode *I = B.CreatePHI(I64, 2, "i");
  PHINode *X = B.CreatePHI(I64, 2, "x");
  PHINode *S = B.CreatePHI(I64, 2, "s");
  I->addIncoming(B.getInt64(0), Entry);
  X->addIncoming(B.getInt64(0), Entry);
  S->addIncoming(Seed, Entry);
  // A linear congruential generator in a register: its high bits are
  // random to any predictor, and the branch waits on no load.
  Value *SNext = B.CreateAdd(B.CreateMul(S, B.getInt64(6364136223846793005ULL)),
                             B.getInt64(1442695040888963407ULL), "s.next");
  S->addIncoming(SNext, Join);
  B.CreateCondBr(B.CreateICmpNE(B.CreateAnd(SNext, Mask), B.getInt64(0)), Then,
                 Else);
  B.SetInsertPoint(Then);
  Value *XT = B.CreateAdd(X, B.getInt64(1));
  B.CreateBr(Join);
  B.SetInsertPoint(Else);
  Value *XE = B.CreateXor(X, B.getInt64(3));
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
  PHINode *XJ = B.CreatePHI(I64, 2, "xj");
  XJ->addIncoming(XT, Then);
  XJ->addIncoming(XE, Else);
  Value *INext = B.CreateAdd(I, B.getInt64(1), "i.next");
  I->addIncoming(INext, Join);
  X->addIncoming(XJ, Join);
  B.CreateCondBr(B.CreateICmpULT(INext, Iters), Loop, Exit);
  B.SetInsertPoint(Exit);
  B.CreateRet(XJ);
  return M;
}

} // namespace crop::mb
