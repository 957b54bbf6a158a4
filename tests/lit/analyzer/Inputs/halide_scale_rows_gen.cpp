// Generates Inputs/halide_scale_rows.ll, a Halide 14 pipeline without the
// Halide runtime whose rows run under halide_do_par_for:
//   g++ -std=c++17 -I/usr/include/halide14 halide_scale_rows_gen.cpp \
//       -lHalide14 -o gen && ./gen
// (LLVM 19 reads the no-runtime .ll, upgrading its typed pointers.)
#include "Halide.h"
using namespace Halide;
int main() {
  ImageParam In(Float(32), 2, "in");
  Func Out("scale_rows");
  Var X("x"), Y("y");
  Out(X, Y) = In(X, Y) * 2.0f + 1.0f;
  Out.parallel(Y);
  Target T("x86-64-linux-avx2-fma-no_runtime-no_asserts-no_bounds_query");
  Out.compile_to({{OutputFileType::llvm_assembly, "halide_scale_rows.ll"}},
                 {In}, "scale_rows", T);
  return 0;
}
