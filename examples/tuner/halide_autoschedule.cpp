// Emits one candidate schedule of a Halide pipeline chosen by Halide's own Adams2019 autoscheduler in
// random-dropout mode, as LLVM bitcode without the runtime (what Crop reads), and the header to call it.
//
// Usage: halide_autoschedule PIPELINE OUT_PREFIX SEED   -> OUT_PREFIX.bc, OUT_PREFIX.h, OUT_PREFIX.schedule.h
//        halide_autoschedule runtime OUT.o              -> Halide's standalone runtime for native timing
// PIPELINE: blur (a separable 3x3 blur of a 1080p image) or matmul (the BERT-base dense layer).
//
// Debian's Halide 14 takes the search's knobs from the environment: HL_BEAM_SIZE=1 (greedy),
// HL_RANDOM_DROPOUT=P (each option survives with probability P percent), HL_SEED=SEED; the driver
// (halide_tuner.py) sets them, so each seed is one random draw from the autoscheduler's own search.
#include "Halide.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace Halide;

namespace {

Target target(bool NoRuntime) {
  // x86-64-v3's features, as the suite's native binaries are built for.
  Target T("x86-64-linux-sse41-avx-avx2-fma-f16c");
  return NoRuntime ? T.with_feature(Target::NoRuntime) : T;
}

Pipeline blur(std::vector<Argument> &Args) {
  const int W = 1920, H = 1080;
  ImageParam In(Float(32), 2, "input");
  Var x("x"), y("y");
  Func Bx("blur_x"), By("blur_y");
  Bx(x, y) = (In(x, y) + In(x + 1, y) + In(x + 2, y)) / 3.0f;
  By(x, y) = (Bx(x, y) + Bx(x, y + 1) + Bx(x, y + 2)) / 3.0f;
  In.dim(0).set_bounds(0, W + 2).dim(1).set_bounds(0, H + 2);
  In.set_estimates({{0, W + 2}, {0, H + 2}});
  By.set_estimates({{0, W}, {0, H}});
  By.output_buffer().dim(0).set_bounds(0, W).dim(1).set_bounds(0, H);
  Args = {In};
  return Pipeline(By);
}

Pipeline matmul(std::vector<Argument> &Args) {
  const int M = 128, N = 768, K = 768;
  ImageParam A(Float(32), 2, "A"), B(Float(32), 2, "B");
  Var x("x"), y("y");
  RDom r(0, K, "r");
  Func Prod("prod"), C("C");
  Prod(x, y) = 0.0f;
  Prod(x, y) += A(r, y) * B(x, r);
  C(x, y) = Prod(x, y);
  A.dim(0).set_bounds(0, K).dim(1).set_bounds(0, M);
  B.dim(0).set_bounds(0, N).dim(1).set_bounds(0, K);
  A.set_estimates({{0, K}, {0, M}});
  B.set_estimates({{0, N}, {0, K}});
  C.set_estimates({{0, N}, {0, M}});
  C.output_buffer().dim(0).set_bounds(0, N).dim(1).set_bounds(0, M);
  Args = {A, B};
  return Pipeline(C);
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 3 && std::string(Argv[1]) == "runtime") {
    compile_standalone_runtime(Argv[2], target(false));
    return 0;
  }
  if (Argc != 4) {
    std::fprintf(stderr, "usage: %s blur|matmul OUT_PREFIX SEED | runtime OUT.o\n", Argv[0]);
    return 2;
  }
  std::string Name = Argv[1], Prefix = Argv[2];
  std::vector<Argument> Args;
  Pipeline P;
  if (Name == "blur")
    P = blur(Args);
  else if (Name == "matmul")
    P = matmul(Args);
  else {
    std::fprintf(stderr, "unknown pipeline '%s' (blur, matmul)\n", Name.c_str());
    return 2;
  }
  load_plugin(HALIDE_AUTOSCHEDULER_DIR "/libautoschedule_adams2019.so");
  // Two cores (the machine this runs on); the last-level cache of Adams2019's default machine model.
  MachineParams Machine(2, 16 * 1024 * 1024, 40);
  AutoSchedulerResults R = P.auto_schedule("Adams2019", target(true), Machine);
  // Bitcode: Halide 14's LLVM is older than Crop's, whose reader upgrades old bitcode (its text
  // parser would not take Halide's typed pointers); llvm-dis-19 gives the .ll Crop profiles.
  P.compile_to({{OutputFileType::bitcode, Prefix + ".bc"},
                {OutputFileType::c_header, Prefix + ".h"}},
               Args, "pipeline", target(true));
  // The schedule the search chose, as Halide source (what a user keeps from the winner).
  if (FILE *F = std::fopen((Prefix + ".schedule.h").c_str(), "w")) {
    std::fputs(R.schedule_source.c_str(), F);
    std::fclose(F);
  }
  return 0;
}
