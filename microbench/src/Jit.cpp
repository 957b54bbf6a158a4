//===- Jit.cpp - ORC LLJIT set up for the host CPU ------------------------===//
#include "crop/Microbench/Jit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

using namespace llvm;
using namespace llvm::orc;

namespace crop::mb {

KernelJit::~KernelJit() = default;

Expected<std::unique_ptr<KernelJit>> KernelJit::create() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
  Expected<JITTargetMachineBuilder> JTMB =
      JITTargetMachineBuilder::detectHost();
  if (!JTMB)
    return JTMB.takeError();
  JTMB->setCodeGenOptLevel(CodeGenOptLevel::Default);
  std::unique_ptr<KernelJit> K(new KernelJit());
  K->Triple = JTMB->getTargetTriple().str();
  K->Cpu = JTMB->getCPU();
  for (const std::string &F : JTMB->getFeatures().getFeatures())
    K->Features.push_back(F);
  if (K->hasFeature("avx512f"))
    K->SimdBits = 512;
  else if (K->hasFeature("avx"))
    K->SimdBits = 256;
  Expected<std::unique_ptr<LLJIT>> J =
      LLJITBuilder()
          .setJITTargetMachineBuilder(std::move(*JTMB))
          .setSupportConcurrentCompilation(true)
          .create();
  if (!J)
    return J.takeError();
  K->J = std::move(*J);
  // libm (expf, tanhf ...) resolves to the copy this process already uses.
  Expected<std::unique_ptr<DynamicLibrarySearchGenerator>> Gen =
      DynamicLibrarySearchGenerator::GetForCurrentProcess(
          K->J->getDataLayout().getGlobalPrefix());
  if (!Gen)
    return Gen.takeError();
  K->J->getMainJITDylib().addGenerator(std::move(*Gen));
  return K;
}

bool KernelJit::hasFeature(const std::string &F) const {
  return is_contained(Features, "+" + F);
}

const DataLayout &KernelJit::dataLayout() const { return J->getDataLayout(); }

Expected<void *> KernelJit::compile(std::unique_ptr<Module> M,
                                    std::unique_ptr<LLVMContext> Ctx,
                                    const std::string &Fn) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (verifyModule(*M, &OS))
    return createStringError(inconvertibleErrorCode(),
                             "kernel " + Fn + " does not verify: " + Msg);
  if (Error E = J->addIRModule(
          ThreadSafeModule(std::move(M), ThreadSafeContext(std::move(Ctx)))))
    return E;
  Expected<ExecutorAddr> Addr = J->lookup(Fn);
  if (!Addr)
    return Addr.takeError();
  return Addr->toPtr<void *>();
}

} // namespace crop::mb
