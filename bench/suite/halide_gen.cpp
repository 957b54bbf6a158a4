// Halide 14 generator for the evaluation suite: builds one task's pipeline with one sampled schedule and emits it as LLVM bitcode (no runtime), plus a standalone runtime object for native timing.
//
// Usage: halide_gen TASK OUT_PREFIX key=value...   -> OUT_PREFIX.bc, OUT_PREFIX.ll, OUT_PREFIX.h
//        halide_gen runtime OUT.o
// Schedules use real Halide scheduling directives (tile, split, reorder, vectorize, unroll, parallel,
// compute_at/compute_root); the sampler in tasks.py picks the key=value parameters.
#include "Halide.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

using namespace Halide;

namespace {

// x86-64-v3 like clang's -march=x86-64-v3: AVX2, FMA, F16C, BMI (Halide has no BMI flag).
Target hostTarget(bool NoRuntime) {
  Target T("x86-64-linux-sse41-avx-avx2-fma-f16c");
  if (NoRuntime)
    T = T.with_feature(Target::NoRuntime);
  return T;
}

struct Params {
  std::map<std::string, int> Values;
  int get(const std::string &K, int Default) const {
    auto It = Values.find(K);
    return It == Values.end() ? Default : It->second;
  }
};

// Dense layer of BERT: C[M][N] = A[M][K] * B[K][N]; Halide dims are innermost first.
Func matmul(const Params &P, std::vector<Argument> &Args, int M, int N, int K) {
  ImageParam A(Float(32), 2, "A"), B(Float(32), 2, "B");
  Var x("x"), y("y"), xo("xo"), yo("yo"), xi("xi"), yi("yi");
  RDom r(0, K, "r");
  Func prod("prod"), C("C");
  prod(x, y) = 0.0f;
  prod(x, y) += A(r, y) * B(x, r);
  C(x, y) = prod(x, y);
  A.dim(0).set_bounds(0, K).dim(1).set_bounds(0, M);
  B.dim(0).set_bounds(0, N).dim(1).set_bounds(0, K);
  C.output_buffer().dim(0).set_bounds(0, N).dim(1).set_bounds(0, M);
  int TX = P.get("tx", 32), TY = P.get("ty", 4), VW = P.get("vec", 8);
  int KS = P.get("ksplit", 0), U = P.get("unroll", 0), Par = P.get("par", 1);
  int At = P.get("compute_at", 1);
  C.tile(x, y, xo, yo, xi, yi, TX, TY);
  if (VW)
    C.vectorize(xi, VW);
  if (Par)
    C.parallel(yo);
  if (At) {
    prod.compute_at(C, xo);
    if (VW)
      prod.vectorize(x, VW);
    Stage S = prod.update();
    if (KS) {
      RVar ro("ro"), ri("ri");
      S.split(r, ro, ri, KS).reorder(x, ri, y, ro);
    } else {
      S.reorder(x, y, r);
    }
    if (VW)
      S.vectorize(x, VW);
    if (U)
      S.unroll(y, U);
  } else {
    prod.compute_root();
    Var pxo("pxo"), pxi("pxi");
    if (VW)
      prod.vectorize(x, VW);
    Stage S = prod.update();
    S.split(x, pxo, pxi, TX).reorder(pxi, r, pxo, y);
    if (VW)
      S.vectorize(pxi, VW);
    if (Par)
      S.parallel(y);
    if (U)
      S.unroll(pxi, U);
  }
  Args = {A, B};
  return C;
}

// ResNet-50 3x3 conv, NHWC, input pre-padded: out(co, x, y) = sum in(ci, s*x+rx, s*y+ry) * w(co, ci, rx, ry).
Func conv2d(const Params &P, std::vector<Argument> &Args, int H, int W, int CI, int CO, int KS,
            int Stride) {
  int OH = H / Stride, OW = W / Stride;
  int HP = (OH - 1) * Stride + KS, WP = (OW - 1) * Stride + KS;
  ImageParam In(Float(32), 3, "input"), Wt(Float(32), 4, "weight");
  Var c("c"), x("x"), y("y"), co("co"), ci("ci"), xo("xo"), xi("xi");
  RDom r(0, CI, 0, KS, 0, KS, "r");
  Func acc("acc"), Out("out");
  acc(c, x, y) = 0.0f;
  acc(c, x, y) += Wt(c, r.x, r.y, r.z) * In(r.x, x * Stride + r.y, y * Stride + r.z);
  Out(c, x, y) = acc(c, x, y);
  In.dim(0).set_bounds(0, CI).dim(1).set_bounds(0, WP).dim(2).set_bounds(0, HP);
  Wt.dim(0).set_bounds(0, CO).dim(1).set_bounds(0, CI).dim(2).set_bounds(0, KS).dim(3).set_bounds(0, KS);
  Out.output_buffer().dim(0).set_bounds(0, CO).dim(1).set_bounds(0, OW).dim(2).set_bounds(0, OH);
  int TC = P.get("tc", 32), TX = P.get("tx", 7), VW = P.get("vec", 8), Par = P.get("par", 1);
  int At = P.get("compute_at", 1), RO = P.get("rorder", 0), U = P.get("unroll", 0);
  Out.split(c, co, ci, TC).split(x, xo, xi, TX).reorder(ci, xi, co, xo, y);
  if (VW)
    Out.vectorize(ci, VW);
  if (Par)
    Out.parallel(y);
  if (At)
    acc.compute_at(Out, co);
  else
    acc.compute_at(Out, y);
  if (VW)
    acc.vectorize(c, VW);
  Stage S = acc.update();
  // Reduction order: channels innermost of the reduction or the window innermost.
  if (RO == 0)
    S.reorder(c, x, r.x, r.y, r.z, y);
  else
    S.reorder(c, r.x, x, r.y, r.z, y);
  if (VW)
    S.vectorize(c, VW);
  if (U)
    S.unroll(x, U);
  Args = {In, Wt};
  return Out;
}

// MobileNet-V2 depthwise 3x3: out(c, x, y) = sum in(c, s*x+rx, s*y+ry) * w(c, rx, ry).
Func depthwise(const Params &P, std::vector<Argument> &Args, int H, int W, int C, int Stride) {
  int OH = H / Stride, OW = W / Stride;
  int HP = (OH - 1) * Stride + 3, WP = (OW - 1) * Stride + 3;
  ImageParam In(Float(32), 3, "input"), Wt(Float(32), 3, "weight");
  Var c("c"), x("x"), y("y"), co("co"), ci("ci"), xo("xo"), xi("xi");
  RDom r(0, 3, 0, 3, "r");
  Func acc("acc"), Out("out");
  acc(c, x, y) = 0.0f;
  acc(c, x, y) += Wt(c, r.x, r.y) * In(c, x * Stride + r.x, y * Stride + r.y);
  Out(c, x, y) = acc(c, x, y);
  In.dim(0).set_bounds(0, C).dim(1).set_bounds(0, WP).dim(2).set_bounds(0, HP);
  Wt.dim(0).set_bounds(0, C).dim(1).set_bounds(0, 3).dim(2).set_bounds(0, 3);
  Out.output_buffer().dim(0).set_bounds(0, C).dim(1).set_bounds(0, OW).dim(2).set_bounds(0, OH);
  int TC = P.get("tc", 16), TX = P.get("tx", 4), VW = P.get("vec", 8), Par = P.get("par", 1);
  int At = P.get("compute_at", 1), UR = P.get("unroll_r", 0), RO = P.get("rorder", 0);
  Out.split(c, co, ci, TC).split(x, xo, xi, TX);
  if (RO == 0)
    Out.reorder(ci, xi, co, xo, y);
  else
    Out.reorder(ci, co, xi, xo, y);
  if (VW)
    Out.vectorize(ci, VW);
  if (Par)
    Out.parallel(y);
  if (At) {
    acc.compute_at(Out, co);
    if (VW)
      acc.vectorize(c, VW);
    Stage S = acc.update();
    S.reorder(c, x, r.x, r.y, y);
    if (VW)
      S.vectorize(c, VW);
    if (UR)
      S.unroll(r.x).unroll(r.y);
  } else {
    acc.compute_inline();
    acc.update();
  }
  Args = {In, Wt};
  return Out;
}

// Layout transform NCHW -> NHWC (TVM's layout_transform): out(c, x, y) = in(x, y, c).
Func transpose(const Params &P, std::vector<Argument> &Args, int C, int H, int W) {
  ImageParam In(Float(32), 3, "input");
  Var c("c"), x("x"), y("y"), co("co"), ci("ci"), xo("xo"), xi("xi");
  Func Out("out");
  Out(c, x, y) = In(x, y, c);
  In.dim(0).set_bounds(0, W).dim(1).set_bounds(0, H).dim(2).set_bounds(0, C);
  Out.output_buffer().dim(0).set_bounds(0, C).dim(1).set_bounds(0, W).dim(2).set_bounds(0, H);
  int TC = P.get("tc", 16), TX = P.get("tx", 8), VW = P.get("vec", 8), Par = P.get("par", 1);
  int RO = P.get("rorder", 0), U = P.get("unroll", 0);
  Out.tile(c, x, co, xo, ci, xi, TC, TX);
  if (RO == 0)
    Out.reorder(ci, xi, co, xo, y);
  else
    Out.reorder(xi, ci, co, xo, y);
  if (VW)
    Out.vectorize(RO == 0 ? ci : xi, VW);
  if (U)
    Out.unroll(RO == 0 ? xi : ci, U);
  if (Par)
    Out.parallel(y);
  Args = {In};
  return Out;
}

// The separable 3x3 box blur of Halide's own introduction (a two-stage stencil): blur_x averages three
// neighbours along x, blur_y three rows of blur_x. The input carries the 2-pixel border. Schedules: blur_x
// inlined, computed at the root, per tile of blur_y, or per strip of rows (store_at the strip, a sliding
// window); blur_y tiled, vectorized and parallel over tile rows.
Func blur(const Params &P, std::vector<Argument> &Args, int W, int H) {
  ImageParam In(Float(32), 2, "input");
  Var x("x"), y("y"), xo("xo"), yo("yo"), xi("xi"), yi("yi");
  Func Bx("blur_x"), By("blur_y");
  Bx(x, y) = (In(x, y) + In(x + 1, y) + In(x + 2, y)) / 3.0f;
  By(x, y) = (Bx(x, y) + Bx(x, y + 1) + Bx(x, y + 2)) / 3.0f;
  In.dim(0).set_bounds(0, W + 2).dim(1).set_bounds(0, H + 2);
  By.output_buffer().dim(0).set_bounds(0, W).dim(1).set_bounds(0, H);
  int TX = P.get("tx", 256), TY = P.get("ty", 32), VW = P.get("vec", 8), Par = P.get("par", 1);
  int At = P.get("at", 2);
  By.tile(x, y, xo, yo, xi, yi, TX, TY);
  if (VW)
    By.vectorize(xi, VW);
  if (Par)
    By.parallel(yo);
  switch (At) {
  case 0: // inlined: blur_x recomputed three times per output
    break;
  case 1: // root: the whole intermediate image, then blur_y
    Bx.compute_root();
    if (VW)
      Bx.vectorize(x, VW);
    if (Par)
      Bx.parallel(y);
    break;
  case 2: // per tile of blur_y, with its two extra rows
    Bx.compute_at(By, xo);
    if (VW)
      Bx.vectorize(x, VW);
    break;
  default: // per row of blur_y within a strip of tile rows: a sliding window over rows
    Bx.store_at(By, yo).compute_at(By, yi);
    if (VW)
      Bx.vectorize(x, VW);
    break;
  }
  Args = {In};
  return By;
}

// Unsharp masking (a three-stage stencil chain): a 5-tap binomial blur along x, then along y, then
// the input sharpened by its difference from the blur. The input carries a 4-pixel border (2 each
// side). Schedules: blur_x and blur_y each inlined, at the root, per tile of the output, or (blur_x)
// per row of a strip of rows; the output tiled, vectorized and parallel over tile rows.
Func unsharp(const Params &P, std::vector<Argument> &Args, int W, int H) {
  ImageParam In(Float(32), 2, "input");
  Var x("x"), y("y"), xo("xo"), yo("yo"), xi("xi"), yi("yi");
  Func Bx("blur_x"), By("blur_y"), Out("sharpened");
  auto taps = [](Expr A, Expr B, Expr C, Expr D, Expr E) {
    return (A + E + 4.0f * (B + D) + 6.0f * C) * (1.0f / 16.0f);
  };
  Bx(x, y) = taps(In(x, y), In(x + 1, y), In(x + 2, y), In(x + 3, y), In(x + 4, y));
  By(x, y) = taps(Bx(x, y), Bx(x, y + 1), Bx(x, y + 2), Bx(x, y + 3), Bx(x, y + 4));
  Expr Centre = In(x + 2, y + 2);
  Out(x, y) = Centre + 1.5f * (Centre - By(x, y));
  In.dim(0).set_bounds(0, W + 4).dim(1).set_bounds(0, H + 4);
  Out.output_buffer().dim(0).set_bounds(0, W).dim(1).set_bounds(0, H);
  int TX = P.get("tx", 256), TY = P.get("ty", 32), VW = P.get("vec", 8), Par = P.get("par", 1);
  int AtX = P.get("at_x", 2), AtY = P.get("at_y", 2);
  Out.tile(x, y, xo, yo, xi, yi, TX, TY);
  if (VW)
    Out.vectorize(xi, VW);
  if (Par)
    Out.parallel(yo);
  auto place = [&](Func F, int At) {
    if (At == 1) {
      F.compute_root();
      if (Par)
        F.parallel(y);
    } else if (At == 2) {
      F.compute_at(Out, xo);
    } else if (At == 3) {
      F.store_at(Out, yo).compute_at(Out, yi);
    } else {
      return; // inlined
    }
    if (VW)
      F.vectorize(x, VW);
  };
  place(By, AtY == 3 ? 2 : AtY);
  place(Bx, AtX);
  Args = {In};
  return Out;
}

// Histogram equalization (a reduction with a data-dependent scatter, a scan, then a lookup): the
// image's values in [-0.5, 0.5) fall into 256 bins; the output maps each pixel to its bin's cumulative
// share. Schedules: the histogram counted whole or in strips of rows (rfactor, the strips parallel),
// the output tiled, vectorized and parallel.
Func histeq(const Params &P, std::vector<Argument> &Args, int W, int H) {
  ImageParam In(Float(32), 2, "input");
  Var x("x"), y("y"), i("i"), u("u"), xo("xo"), yo("yo"), xi("xi"), yi("yi");
  Func Bin("bin"), Hist("hist"), Cdf("cdf"), Out("equalized");
  Bin(x, y) = clamp(cast<int>((In(x, y) + 0.5f) * 256.0f), 0, 255);
  RDom R(0, W, 0, H, "r");
  Hist(i) = 0;
  Hist(Bin(R.x, R.y)) += 1;
  RDom S(1, 255, "s");
  Cdf(i) = Hist(0);
  Cdf(S) = Cdf(S - 1) + Hist(S);
  Out(x, y) = cast<float>(Cdf(Bin(x, y))) * (1.0f / float(W * H));
  In.dim(0).set_bounds(0, W).dim(1).set_bounds(0, H);
  Out.output_buffer().dim(0).set_bounds(0, W).dim(1).set_bounds(0, H);
  int TX = P.get("tx", 256), TY = P.get("ty", 32), VW = P.get("vec", 8), Par = P.get("par", 1);
  int Strip = P.get("strip", 0);
  Hist.compute_root();
  Cdf.compute_root();
  if (Strip) {
    // Per-strip histograms, then their sum: the strips are independent.
    RVar RYo("ryo"), RYi("ryi");
    Hist.update().split(R.y, RYo, RYi, Strip);
    Func Part = Hist.update().rfactor(RYo, u);
    Part.compute_root();
    if (Par)
      Part.update().parallel(u);
  }
  Out.tile(x, y, xo, yo, xi, yi, TX, TY);
  if (VW)
    Out.vectorize(xi, VW);
  if (Par)
    Out.parallel(yo);
  Args = {In};
  return Out;
}

// A CNN stem's producer-consumer chain on NHWC activations (c innermost): a per-channel scale, bias and
// ReLU, then a 3x3 max pool with stride 2. Schedules: the producer inlined (recomputed up to nine
// times per input), at the root, per tile of the pool, or per pool row; the pool tiled over x and y,
// vectorized over c and parallel over tile rows.
Func relupool(const Params &P, std::vector<Argument> &Args, int C, int H, int W) {
  ImageParam In(Float(32), 3, "input"), Scale(Float(32), 1, "scale"), Bias(Float(32), 1, "bias");
  Var c("c"), x("x"), y("y"), xo("xo"), yo("yo"), xi("xi"), yi("yi");
  Func Act("act"), Pool("pool");
  Act(c, x, y) = max(In(c, x, y) * Scale(c) + Bias(c), 0.0f);
  RDom K(0, 3, 0, 3, "k");
  Pool(c, x, y) = maximum(Act(c, 2 * x + K.x, 2 * y + K.y));
  int OW = (W - 3) / 2 + 1, OH = (H - 3) / 2 + 1;
  In.dim(0).set_bounds(0, C).dim(1).set_bounds(0, W).dim(2).set_bounds(0, H);
  Scale.dim(0).set_bounds(0, C);
  Bias.dim(0).set_bounds(0, C);
  Pool.output_buffer().dim(0).set_bounds(0, C).dim(1).set_bounds(0, OW).dim(2).set_bounds(0, OH);
  int TX = P.get("tx", 8), TY = P.get("ty", 8), VW = P.get("vec", 8), Par = P.get("par", 1);
  int At = P.get("at", 2);
  Pool.tile(x, y, xo, yo, xi, yi, TX, TY).reorder(c, xi, yi, xo, yo);
  if (VW)
    Pool.vectorize(c, VW);
  if (Par)
    Pool.parallel(yo);
  if (At == 1) {
    Act.compute_root();
    if (Par)
      Act.parallel(y);
  } else if (At == 2) {
    Act.compute_at(Pool, xo);
  } else if (At == 3) {
    Act.compute_at(Pool, yi);
  }
  if (At && VW)
    Act.vectorize(c, VW);
  Args = {In, Scale, Bias};
  return Pool;
}

} // namespace

int main(int argc, char **argv) {
  if (argc >= 3 && std::string(argv[1]) == "runtime") {
    compile_standalone_runtime(argv[2], hostTarget(false));
    return 0;
  }
  if (argc < 3) {
    std::fprintf(stderr, "usage: halide_gen TASK OUT_PREFIX key=value... | halide_gen runtime OUT.o\n");
    return 2;
  }
  std::string Task = argv[1], Prefix = argv[2];
  Params P;
  for (int I = 3; I < argc; ++I) {
    std::string KV = argv[I];
    size_t Eq = KV.find('=');
    if (Eq == std::string::npos) {
      std::fprintf(stderr, "halide_gen: bad parameter '%s' (want key=value)\n", argv[I]);
      return 2;
    }
    P.Values[KV.substr(0, Eq)] = std::atoi(KV.substr(Eq + 1).c_str());
  }
  std::vector<Argument> Args;
  Func Out;
  if (Task == "dense")
    Out = matmul(P, Args, P.get("M", 128), P.get("N", 768), P.get("K", 768));
  else if (Task == "conv2d")
    Out = conv2d(P, Args, P.get("H", 14), P.get("W", 14), P.get("CI", 256), P.get("CO", 256),
                 P.get("KS", 3), P.get("S", 1));
  else if (Task == "depthwise")
    Out = depthwise(P, Args, P.get("H", 112), P.get("W", 112), P.get("C", 96), P.get("S", 2));
  else if (Task == "transpose")
    Out = transpose(P, Args, P.get("C", 256), P.get("H", 56), P.get("W", 56));
  else if (Task == "blur")
    Out = blur(P, Args, P.get("W", 1920), P.get("H", 1080));
  else if (Task == "unsharp")
    Out = unsharp(P, Args, P.get("W", 1920), P.get("H", 1080));
  else if (Task == "histeq")
    Out = histeq(P, Args, P.get("W", 1920), P.get("H", 1080));
  else if (Task == "relupool")
    Out = relupool(P, Args, P.get("C", 64), P.get("H", 112), P.get("W", 112));
  else {
    std::fprintf(stderr, "halide_gen: unknown task '%s'\n", Task.c_str());
    return 2;
  }
  std::string Name = "hl_" + Task;
  Target T = hostTarget(true);
  Out.compile_to({{OutputFileType::bitcode, Prefix + ".bc"},
                  {OutputFileType::llvm_assembly, Prefix + ".ll14"},
                  {OutputFileType::c_header, Prefix + ".h"}},
                 Args, Name, T);
  return 0;
}
