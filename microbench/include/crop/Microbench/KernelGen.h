//===- KernelGen.h - LLVM-IR microbenchmark kernels for one IR opcode -----===//
//
// A kernel is `void @name(i64 %iters, ptr %in, ptr %mem)`: a loop whose body
// is N copies of one step, either one dependent chain (latency) or several
// independent chains interleaved (reciprocal throughput). Operands come from
// %in so that nothing is a constant the backend could fold, and an empty
// inline-asm "barrier" after every step (no instruction; it only ties the
// value to a register) keeps the DAG combiner from merging consecutive steps
// (shuffle of a shuffle, trunc of a zext, fneg of an fneg).
//
//===----------------------------------------------------------------------===//
#ifndef CROP_MICROBENCH_KERNELGEN_H
#define CROP_MICROBENCH_KERNELGEN_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace crop::mb {

/// What one step of a kernel does to its state value x.
enum class Shape {
  Binary,        ///< x = op x, a                 (fadd, mul, sdiv, shl ...)
  Fma,           ///< x = llvm.fma(x, a, b)
  UnaryIntr,     ///< x = llvm.<op>(x)            (sqrt, fabs)
  BinaryIntr,    ///< x = llvm.<op>(x, a)         (maxnum, minnum)
  FNeg,          ///< x = fneg x
  CmpSelect,     ///< x = select (cmp x, a), x, b (icmp / fcmp + select)
  MaxIdiom,      ///< x = select (fcmp ogt x, a), x, a (one maxss/maxps)
  CmpZextAdd,    ///< x = add x, zext (icmp x, a) (scalar icmp: LLVM turns
                 ///< a scalar select on a compare into a branch)
  Select,        ///< x = select c, x, a          (c opaque, loop-invariant)
  CastPair,      ///< y = op x to T2; x = op2 y to T (sitofp + fptosi ...)
  ExtractInsert, ///< s = extractelement x, 1; x = insertelement x, s, 0
  Shuffle,       ///< x = shufflevector x, poison, <reverse>
  Reduce,        ///< s = llvm.vector.reduce.<op>(x); x = insertelement x, s, 0
  Load,          ///< latency: address chain through the loaded value;
                 ///< throughput: volatile loads of independent lines
  Store,         ///< latency: volatile store + reload of the same slot;
                 ///< throughput: volatile stores to independent lines
  Atomic,        ///< latency: x = atomicrmw add slot, x (the old value
                 ///< feeds the next); throughput: to independent lines
  Call,          ///< x = post(call @op(x), a)    (expf, tanhf ... libm)
  Gep,           ///< p = getelementptr i8, p, a
  ExtLoad,       ///< an extension (Op: zext, sext, fpext) of a load of
                 ///< Ty2 lanes to Ty, one instruction on x86 (vpmovzxbd,
                 ///< vcvtph2ps with a memory operand); latency: an address
                 ///< chain through lane 0; throughput: independent lines,
                 ///< each result kept by an empty side-effecting asm
};

/// One kernel family. Types are element types ("f32", "i64", "ptr") with a
/// lane count (1 = scalar).
struct KernelSpec {
  std::string Name; ///< Unique, used for the function name and the log.
  Shape S = Shape::Binary;
  std::string Op; ///< IR opcode / predicate / intrinsic / function name.
  std::string Ty; ///< State element type.
  unsigned Lanes = 1;
  std::string Op2;  ///< CastPair: the way back.
  std::string Ty2;  ///< CastPair: the intermediate element type; ExtLoad:
                    ///< the loaded element type.
  std::string Post; ///< Call: "fmul", "fadd" or "" applied with a.
  double A = 1, B = 0, Init = 1; ///< Operand and start values.
};

enum class KernelKind { Latency, Throughput };

/// Builds the kernel function @Fn with Ops steps into a new module. Streams
/// is the number of independent chains for throughput kernels (ignored for
/// latency). SimdBits selects the barrier's register class ("v" for
/// AVX-512). Fails for a spec it cannot express.
llvm::Expected<std::unique_ptr<llvm::Module>>
buildKernel(llvm::LLVMContext &Ctx, const KernelSpec &K, KernelKind Kind,
            unsigned Ops, unsigned Streams, const std::string &Fn,
            const std::string &Triple, const llvm::DataLayout &DL,
            unsigned SimdBits);

/// Fills the 4 KiB operand block a kernel reads through %in: a at byte 0,
/// b at 64, the start value at 128 (each broadcast over the lanes, as the
/// state type). %mem (for loads and stores) is zeroed by the caller.
void fillOperands(const KernelSpec &K, void *In);

/// The read kernel for memory bandwidth: `void @Fn(ptr %p, i64 %bytes, i64
/// %reps)` streams over [p, p+bytes) with volatile vector loads of
/// SimdBits, reps times. Update: each load's value is stored back (a
/// read-modify-write stream: every line goes back dirty).
llvm::Expected<std::unique_ptr<llvm::Module>>
buildReadKernel(llvm::LLVMContext &Ctx, const std::string &Fn,
                const std::string &Triple, const llvm::DataLayout &DL,
                unsigned SimdBits, bool Update = false);

/// The branch kernel for the mispredict penalty: `i64 @Fn(i64 %iters, ptr
/// %seed, i64 %mask)` steps a linear congruential generator and branches on
/// (state & mask) != 0 into one of two one-instruction arms: mask 0 is
/// always predicted, a high bit is random.
llvm::Expected<std::unique_ptr<llvm::Module>>
buildBranchKernel(llvm::LLVMContext &Ctx, const std::string &Fn,
                  const std::string &Triple, const llvm::DataLayout &DL);

/// Bits of an element type name ("f32" 32, "ptr" 64).
unsigned elementBits(const std::string &Ty);

} // namespace crop::mb

#endif // CROP_MICROBENCH_KERNELGEN_H
