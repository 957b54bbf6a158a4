//===- Jit.h - Compiling kernels for the host with ORC LLJIT --------------===//
//
// The same LLVM that analyses programs compiles the kernels, for the host CPU
// and its features, with the -O2 code generator (CodeGenOptLevel::Default).
// The IR is not run through the middle-end optimiser: a kernel is already the
// code a -O2 module contains, and instcombine would fold its chains away.
//
//===----------------------------------------------------------------------===//
#ifndef CROP_MICROBENCH_JIT_H
#define CROP_MICROBENCH_JIT_H

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm::orc {
class LLJIT;
}

namespace crop::mb {

using KernelFn = void (*)(int64_t Iters, void *In, void *Mem);
using ReadFn = void (*)(const void *P, int64_t Bytes, int64_t Reps);

class KernelJit {
public:
  static llvm::Expected<std::unique_ptr<KernelJit>> create();
  ~KernelJit();

  /// Verifies M, compiles it and returns the address of Fn. M must live in
  /// Ctx (one context per module, so that kernels can be built and compiled
  /// on another thread) and use triple() and dataLayout(). Thread-safe.
  llvm::Expected<void *> compile(std::unique_ptr<llvm::Module> M,
                                 std::unique_ptr<llvm::LLVMContext> Ctx,
                                 const std::string &Fn);

  const std::string &triple() const { return Triple; }
  const llvm::DataLayout &dataLayout() const;
  const std::string &cpuName() const { return Cpu; }
  /// Widest vector register the host's features allow (512 with AVX-512F,
  /// 256 with AVX, 128 otherwise).
  unsigned simdBits() const { return SimdBits; }
  bool hasFeature(const std::string &F) const;

private:
  KernelJit() = default;
  std::unique_ptr<llvm::orc::LLJIT> J;
  std::string Triple, Cpu;
  std::vector<std::string> Features;
  unsigned SimdBits = 128;
};

} // namespace crop::mb

#endif // CROP_MICROBENCH_JIT_H
