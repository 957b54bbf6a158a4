//===- Instrumentation.cpp - Edge counters and memory hooks ---------------===//
#include "crop/Passes/Instrumentation.h"

#include "crop/Passes/CFG.h"
#include "crop/Passes/RuntimeABI.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <map>

using namespace llvm;

namespace crop {

uint64_t InstrumentationMap::blockCount(uint32_t B,
                                        const uint64_t *Counters) const {
  const Block &Blk = Blocks[B];
  uint64_t N = Blk.ExitCounter >= 0 ? Counters[Blk.ExitCounter] : 0;
  for (const Edge &E : Blk.Edges)
    N += Counters[E.Counter];
  return N;
}

namespace {

/// The instruction new code goes before so that it runs right before T: a
/// musttail call must stay next to its return, so go before the call.
Instruction *beforeTerminator(Instruction *T) {
  if (auto *Prev = T->getPrevNode())
    if (auto *CI = dyn_cast<CallInst>(Prev); CI && CI->isMustTailCall())
      return CI;
  return T;
}

class Instrumenter {
public:
  Instrumenter(Module &M, const InstrumentationOptions &Opts)
      : M(M), Opts(Opts), DL(M.getDataLayout()), Ctx(M.getContext()),
        I64(Type::getInt64Ty(Ctx)), I32(Type::getInt32Ty(Ctx)),
        Ptr(PointerType::getUnqual(Ctx)) {}

  Expected<InstrumentationMap> run();

private:
  struct PendingBlock {
    BasicBlock *BB;
    uint32_t Id;
  };

  void planCounters(Function &F, uint32_t FuncId,
                    const std::vector<std::string> &Names);
  void emitCounters();
  void emitMemoryHooks();
  void hookAccess(Instruction *Before, Value *Addr, Value *Bytes, bool Store,
                  uint32_t MemOp);
  void emitEntryHooks(Function &F);

  Module &M;
  const InstrumentationOptions &Opts;
  const DataLayout &DL;
  LLVMContext &Ctx;
  Type *I64, *I32;
  PointerType *Ptr;
  InstrumentationMap Map;
  std::vector<PendingBlock> Pending;
  GlobalVariable *Counters = nullptr;
  FunctionCallee LoadHook, StoreHook;
};

Expected<InstrumentationMap> Instrumenter::run() {
  std::vector<Function *> Defined;
  for (Function &F : M)
    if (!F.isDeclaration())
      Defined.push_back(&F);

  Function *EntryF = nullptr;
  if (!Opts.Entry.empty()) {
    EntryF = M.getFunction(Opts.Entry);
    if (!EntryF || EntryF->isDeclaration()) {
      std::string Names;
      for (Function *F : Defined)
        Names += (Names.empty() ? "" : ", ") + F->getName().str();
      return createStringError(
          inconvertibleErrorCode(),
          "no function '" + Opts.Entry +
              "' is defined in the module (defined: " + Names + ")");
    }
  }

  // Number everything before changing anything: ids name the original IR.
  for (Function *F : Defined) {
    uint32_t FuncId = Map.Functions.size();
    Map.Functions.push_back(F->getName().str());
    Map.FunctionFirstBlock.push_back(Map.Blocks.size());
    planCounters(*F, FuncId, blockNames(*F));
  }
  Map.FunctionFirstBlock.push_back(Map.Blocks.size());

  auto *CountersTy =
      ArrayType::get(I64, std::max<uint32_t>(1, Map.NumCounters));
  Counters = new GlobalVariable(
      M, CountersTy, /*isConstant=*/false, GlobalValue::ExternalLinkage,
      ConstantAggregateZero::get(CountersTy), abi::CountersSymbol);
  Counters->setAlignment(Align(64));

  if (Opts.Memory)
    emitMemoryHooks();
  if (Opts.Counters)
    emitCounters();
  if (EntryF)
    emitEntryHooks(*EntryF);

  std::vector<Constant *> FnPtrs;
  for (Function *F : Defined)
    FnPtrs.push_back(F);
  auto *TableTy = ArrayType::get(Ptr, FnPtrs.size());
  new GlobalVariable(
      M, TableTy, /*isConstant=*/true, GlobalValue::ExternalLinkage,
      ConstantArray::get(TableTy, FnPtrs), abi::FunctionTableSymbol);
  new GlobalVariable(M, I32, /*isConstant=*/true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(I32, abi::RuntimeABIVersion),
                     abi::RuntimeABIVersionSymbol);
  return std::move(Map);
}

void Instrumenter::planCounters(Function &F, uint32_t FuncId,
                                const std::vector<std::string> &Names) {
  std::map<const BasicBlock *, uint32_t> Index;
  uint32_t I = 0;
  for (BasicBlock &BB : F)
    Index[&BB] = I++;
  I = 0;
  for (BasicBlock &BB : F) {
    InstrumentationMap::Block Blk;
    Blk.Function = FuncId;
    Blk.Name = Names[I++];
    Instruction *T = BB.getTerminator();
    bool EdgesCounted = isa<BranchInst>(T) || isa<SwitchInst>(T);
    if (EdgesCounted) {
      for (BasicBlock *S : successors(&BB)) {
        uint32_t SI = Index[S];
        bool Seen = false;
        for (auto &E : Blk.Edges)
          Seen |= E.Successor == SI;
        if (!Seen)
          Blk.Edges.push_back({SI, Map.NumCounters++});
      }
    }
    if (Blk.Edges.empty())
      Blk.ExitCounter = Map.NumCounters++;
    Pending.push_back({&BB, uint32_t(Map.Blocks.size())});
    Map.Blocks.push_back(std::move(Blk));
  }
}

void Instrumenter::emitCounters() {
  for (const PendingBlock &PB : Pending) {
    const InstrumentationMap::Block &Blk = Map.Blocks[PB.Id];
    BasicBlock *BB = PB.BB;
    Instruction *T = BB->getTerminator();
    IRBuilder<> B(beforeTerminator(T));
    Value *Idx;
    if (Blk.ExitCounter >= 0) {
      Idx = ConstantInt::get(I64, Blk.ExitCounter);
    } else if (Blk.Edges.size() == 1) {
      Idx = ConstantInt::get(I64, Blk.Edges[0].Counter);
    } else {
      // Counter of the successor the terminator picks; successors map to
      // edges by their index in the function.
      std::map<const BasicBlock *, uint32_t> EdgeOf;
      const Function *F = BB->getParent();
      uint32_t I = 0;
      std::map<uint32_t, uint32_t> BySucc;
      for (auto &E : Blk.Edges)
        BySucc[E.Successor] = E.Counter;
      for (const BasicBlock &Other : *F) {
        if (BySucc.count(I))
          EdgeOf[&Other] = BySucc[I];
        ++I;
      }
      auto CounterOf = [&](BasicBlock *S) {
        return ConstantInt::get(I64, EdgeOf.at(S));
      };
      if (auto *Br = dyn_cast<BranchInst>(T)) {
        Idx = B.CreateSelect(Br->getCondition(), CounterOf(Br->getSuccessor(0)),
                             CounterOf(Br->getSuccessor(1)));
      } else {
        auto *Sw = cast<SwitchInst>(T);
        Idx = CounterOf(Sw->getDefaultDest());
        for (auto &Case : Sw->cases())
          Idx = B.CreateSelect(
              B.CreateICmpEQ(Sw->getCondition(), Case.getCaseValue()),
              CounterOf(Case.getCaseSuccessor()), Idx);
      }
    }
    Value *Slot = B.CreateInBoundsGEP(Counters->getValueType(), Counters,
                                      {ConstantInt::get(I64, 0), Idx});
    Value *Old = B.CreateLoad(I64, Slot);
    B.CreateStore(B.CreateAdd(Old, ConstantInt::get(I64, 1)), Slot);
  }
}

void Instrumenter::hookAccess(Instruction *Before, Value *Addr, Value *Bytes,
                              bool Store, uint32_t MemOp) {
  IRBuilder<> B(Before);
  B.CreateCall(Store ? StoreHook : LoadHook,
               {B.CreatePointerCast(Addr, Ptr), B.CreateZExtOrTrunc(Bytes, I64),
                ConstantInt::get(I32, MemOp)});
}

void Instrumenter::emitMemoryHooks() {
  auto *HookTy = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, I64, I32},
                                   /*isVarArg=*/false);
  LoadHook = M.getOrInsertFunction(abi::LoadHookSymbol, HookTy);
  StoreHook = M.getOrInsertFunction(abi::StoreHookSymbol, HookTy);

  auto NewOp = [&](uint32_t Block, bool Store) {
    Map.MemOps.push_back({Block, Store});
    return uint32_t(Map.MemOps.size() - 1);
  };
  auto Size = [&](Type *T) {
    return ConstantInt::get(I64, DL.getTypeStoreSize(T).getKnownMinValue());
  };

  for (const PendingBlock &PB : Pending) {
    std::vector<Instruction *> Insts;
    for (Instruction &I : *PB.BB)
      Insts.push_back(&I);
    for (Instruction *I : Insts) {
      if (auto *L = dyn_cast<LoadInst>(I)) {
        hookAccess(I, L->getPointerOperand(), Size(L->getType()), false,
                   NewOp(PB.Id, false));
      } else if (auto *S = dyn_cast<StoreInst>(I)) {
        hookAccess(I, S->getPointerOperand(),
                   Size(S->getValueOperand()->getType()), true,
                   NewOp(PB.Id, true));
      } else if (auto *A = dyn_cast<AtomicRMWInst>(I)) {
        Value *Sz = Size(A->getValOperand()->getType());
        hookAccess(I, A->getPointerOperand(), Sz, false, NewOp(PB.Id, false));
        hookAccess(I, A->getPointerOperand(), Sz, true, NewOp(PB.Id, true));
      } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I)) {
        Value *Sz = Size(X->getNewValOperand()->getType());
        hookAccess(I, X->getPointerOperand(), Sz, false, NewOp(PB.Id, false));
        hookAccess(I, X->getPointerOperand(), Sz, true, NewOp(PB.Id, true));
      } else if (auto *MT = dyn_cast<MemTransferInst>(I)) {
        hookAccess(I, MT->getSource(), MT->getLength(), false,
                   NewOp(PB.Id, false));
        hookAccess(I, MT->getDest(), MT->getLength(), true, NewOp(PB.Id, true));
      } else if (auto *MS = dyn_cast<MemSetInst>(I)) {
        hookAccess(I, MS->getDest(), MS->getLength(), true, NewOp(PB.Id, true));
      } else if (auto *II = dyn_cast<IntrinsicInst>(I)) {
        switch (II->getIntrinsicID()) {
        case Intrinsic::masked_load:
          // The whole vector's span: masked-off lanes are rare in kernels
          // (loop remainders) and would need the mask at run time.
          hookAccess(I, II->getArgOperand(0), Size(II->getType()), false,
                     NewOp(PB.Id, false));
          break;
        case Intrinsic::masked_store:
          hookAccess(I, II->getArgOperand(1),
                     Size(II->getArgOperand(0)->getType()), true,
                     NewOp(PB.Id, true));
          break;
        case Intrinsic::masked_gather:
        case Intrinsic::masked_scatter: {
          bool Store = II->getIntrinsicID() == Intrinsic::masked_scatter;
          Value *Ptrs = II->getArgOperand(Store ? 1 : 0);
          Type *ValTy = Store ? II->getArgOperand(0)->getType() : II->getType();
          auto *VT = dyn_cast<FixedVectorType>(ValTy);
          if (!VT)
            break;
          uint32_t Op = NewOp(PB.Id, Store);
          IRBuilder<> B(I);
          Value *Elt = Size(VT->getElementType());
          for (unsigned L = 0; L < VT->getNumElements(); ++L)
            hookAccess(I, B.CreateExtractElement(Ptrs, L), Elt, Store, Op);
          break;
        }
        default:
          break;
        }
      }
    }
  }
}

void Instrumenter::emitEntryHooks(Function &F) {
  auto *HookTy = FunctionType::get(Type::getVoidTy(Ctx), false);
  FunctionCallee Enter = M.getOrInsertFunction(abi::EnterHookSymbol, HookTy);
  FunctionCallee Leave = M.getOrInsertFunction(abi::LeaveHookSymbol, HookTy);
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  B.CreateCall(Enter);
  for (BasicBlock &BB : F)
    if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator())) {
      B.SetInsertPoint(beforeTerminator(R));
      B.CreateCall(Leave);
    }
}

} // namespace

Expected<InstrumentationMap>
instrumentModule(Module &M, const InstrumentationOptions &Opts) {
  return Instrumenter(M, Opts).run();
}

PreservedAnalyses CropInstrumentPass::run(Module &M, ModuleAnalysisManager &) {
  // A pass cannot return an error: report it through the context, which
  // opt turns into a diagnostic.
  if (Error E = instrumentModule(M, Opts).takeError())
    M.getContext().emitError(toString(std::move(E)));
  return PreservedAnalyses::none();
}

} // namespace crop
