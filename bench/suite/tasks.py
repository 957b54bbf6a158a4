"""Tasks of the evaluation suite: operators of real networks at batch 1 and their schedule spaces.

Each task is one operator with the shapes it has in ResNet-50, MobileNet-V2 or BERT-base, a weight (how
often it occurs in its network, the w(t) of the TenSet/TLP top-k score) and a schedule space.  Schedules
are sampled deterministically (seeded by the task name) so every run builds the same programs.

Sources: "c" (C + OpenMP templates compiled by clang-19), "halide" (bench/suite/halide_gen.cpp),
"tvm" (operators scheduled by TVM MetaSchedule's design space and compiled by TVM's own LLVM codegen,
bench/suite/tvm_gen.py), "tvm-example" (the TVM-generated modules in ../shared/inputs/tvm, one program
per entry function; not schedules of one operator, so scored for APE only).
"""

import itertools
import random


def divisors(n, lo=1, hi=None):
    return [d for d in range(lo, (hi or n) + 1) if n % d == 0]


class Task:
    def __init__(self, name, source, network, weight, flops, bytes_, args, entry, space, params,
                 count, quick=False):
        self.name = name            # unique, e.g. "c.dense"
        self.source = source        # c | halide | tvm
        self.network = network
        self.weight = weight
        self.flops = flops          # floating-point operations per call (FMA = 2)
        self.bytes = bytes_         # compulsory bytes: every input read once, every output written once
        self.args = args            # [(dtype, shape)] in call order; shapes row-major, outermost first
        self.entry = entry
        self.space = space          # dict name -> list of values
        self.params = params        # fixed shape parameters (dict)
        self.count = count          # schedules to sample
        self.quick = quick          # part of --quick

    def arg_specs(self):
        return ["%s:%s" % (t, "x".join(str(d) for d in s)) for t, s in self.args]

    def schedules(self, valid=lambda s: True):
        """Deterministic sample of `count` distinct valid schedules from the space."""
        keys = sorted(self.space)
        combos = [dict(zip(keys, vals)) for vals in itertools.product(*(self.space[k] for k in keys))]
        combos = [c for c in combos if valid(c)]
        rng = random.Random("crop-bench:" + self.name)
        rng.shuffle(combos)
        return combos[:self.count]


def f32(*shape):
    return ("f32", tuple(shape))


def nbytes(*shapes):
    total = 0
    for s in shapes:
        n = 4
        for d in s:
            n *= d
        total += n
    return total


# --------------------------------------------------------------------------------------------------
# C + OpenMP templates.  Every template writes one function with plain float* arguments; constants are
# baked in so the compiler sees trip counts, as a schedule-specialising compiler would.

def _inner_pragma(vec, unroll):
    if vec:
        s = "#pragma clang loop vectorize(enable) vectorize_width(8)"
        if unroll > 1:
            s += " interleave_count(%d)" % unroll
        return s
    s = "#pragma clang loop vectorize(disable) interleave(disable)"
    if unroll > 1:
        s += " unroll_count(%d)" % unroll
    return s


def _par(par):
    return "#pragma omp parallel for\n" if par else ""


def c_matmul(t, s):
    """C[b][M][N] = A[b][M][K] * W[b][K][N] (weights in K x N layout), tiled i/j/k with a loop order."""
    B, M, N, K = (t.params[k] for k in ("B", "M", "N", "K"))
    ti, tj, tk = s["ti"], s["tj"], s["tk"]
    loops = {
        "i": "for (int io = 0; io < %d; io += %d)" % (M, ti),
        "j": "for (int jo = 0; jo < %d; jo += %d)" % (N, tj),
        "k": "for (int ko = 0; ko < %d; ko += %d)" % (K, tk),
    }
    inner_i = "for (int i = io; i < io + %d; ++i)" % ti
    inner_k = "for (int k = ko; k < ko + %d; ++k)" % tk
    inner = [inner_i, inner_k] if s["inner"] == "ik" else [inner_k, inner_i]
    body = "c[i * %d + j] += a[i * %d + k] * w[k * %d + j];" % (N, K, N)
    outer = [loops[c] for c in s["order"]]
    if s["inner"] == "jk":
        # The reduction innermost: a register accumulator per output over one k tile (a dot product down a
        # column of w), restarted for every j.
        inner = [inner_i, "for (int j = jo; j < jo + %d; ++j) {" % tj, "float acc = c[i * %d + j];" % N]
        body = "acc += a[i * %d + k] * w[k * %d + j];" % (K, N)
    out = []
    out.append("void %s(const float *restrict A, const float *restrict W, float *restrict C) {" % t.entry)
    out.append(_par(s["par"]) + "for (int z = 0; z < %d; ++z) C[z] = 0.0f;" % (B * M * N))
    # Batch loop outermost: parallel over the batch when there is one, else over the first tile loop.
    if B > 1:
        out.append(_par(s["par"]) + "for (int b = 0; b < %d; ++b) {" % B)
        par_here = False
    else:
        out.append("{ const int b = 0;")
        par_here = s["par"]
    out.append("const float *restrict a = A + b * %d; const float *restrict w = W + b * %d; "
               "float *restrict c = C + b * %d;" % (M * K, K * N, M * N))
    for n, l in enumerate(outer):
        out.append((_par(True) if par_here and n == 0 else "") + l)
    out.extend(inner)
    out.append(_inner_pragma(s["vec"], s["unroll"]))
    if s["inner"] == "jk":
        out.append(inner_k)
        out.append(body)
        out.append("c[i * %d + j] = acc; }" % N)
    else:
        out.append("for (int j = jo; j < jo + %d; ++j)" % tj)
        out.append(body)
    out.append("}")
    out.append("}")
    return "\n".join(out) + "\n"


def c_gemv(t, s):
    """y[n] = x[k] * W[k][n] (weights K x N, as a dense layer's), tiled n/k; "kn": rows of W streamed into y,
    "nk": a dot product per output down a column of W (reduction innermost, register accumulator)."""
    N, K = t.params["N"], t.params["K"]
    tn, tk = s["tn"], s["tk"]
    out = ["void %s(const float *restrict X, const float *restrict W, float *restrict Y) {" % t.entry]
    out.append("for (int n = 0; n < %d; ++n) Y[n] = 0.0f;" % N)
    # Parallel over output tiles: each thread owns its outputs.
    out.append(_par(s["par"]) + "for (int no = 0; no < %d; no += %d)" % (N, tn))
    out.append("for (int ko = 0; ko < %d; ko += %d) {" % (K, tk))
    if s["order"] == "kn":
        out.append("for (int k = ko; k < ko + %d; ++k) {" % tk)
        out.append("const float x = X[k];")
        out.append(_inner_pragma(s["vec"], s["unroll"]))
        out.append("for (int n = no; n < no + %d && n < %d; ++n)" % (tn, N))
        out.append("Y[n] += x * W[k * %d + n]; }" % N)
    else:
        out.append("for (int n = no; n < no + %d && n < %d; ++n) {" % (tn, N))
        out.append("float acc = Y[n];")
        out.append(_inner_pragma(s["vec"], s["unroll"]))
        out.append("for (int k = ko; k < ko + %d; ++k)" % tk)
        out.append("acc += X[k] * W[k * %d + n];" % N)
        out.append("Y[n] = acc; }")
    out.append("}")
    out.append("}")
    return "\n".join(out) + "\n"


def c_conv2d(t, s):
    """NHWC conv, input pre-padded: Out[oh][ow][co] += In[oh*S+kh][ow*S+kw][ci] * W[kh][kw][ci][co]."""
    H, W, CI, CO, KS, S = (t.params[k] for k in ("H", "W", "CI", "CO", "KS", "S"))
    OH, OW = H // S, W // S
    HP, WP = (OH - 1) * S + KS, (OW - 1) * S + KS
    th, tw, tc = s["th"], s["tw"], s["tc"]
    loops = {
        "h": "for (int oho = 0; oho < %d; oho += %d)" % (OH, th),
        "w": "for (int owo = 0; owo < %d; owo += %d)" % (OW, tw),
        "c": "for (int coo = 0; coo < %d; coo += %d)" % (CO, tc),
    }
    red = ["for (int kh = 0; kh < %d; ++kh)" % KS, "for (int kw = 0; kw < %d; ++kw)" % KS,
           "for (int ci = 0; ci < %d; ++ci)" % CI]
    sp = ["for (int oh = oho; oh < oho + %d; ++oh)" % th, "for (int ow = owo; ow < owo + %d; ++ow)" % tw]
    inner = red + sp if s["inner"] == "rs" else sp + red
    out = ["void %s(const float *restrict In, const float *restrict Wt, float *restrict Out) {" % t.entry]
    out.append(_par(s["par"]) + "for (int z = 0; z < %d; ++z) Out[z] = 0.0f;" % (OH * OW * CO))
    for n, c in enumerate(s["order"]):
        out.append((_par(s["par"]) if n == 0 else "") + loops[c])
    out.extend(inner)
    out.append(_inner_pragma(s["vec"], s["unroll"]))
    out.append("for (int co = coo; co < coo + %d; ++co)" % tc)
    out.append("Out[(oh * %d + ow) * %d + co] += In[((oh * %d + kh) * %d + ow * %d + kw) * %d + ci] * "
               "Wt[((kh * %d + kw) * %d + ci) * %d + co];" % (OW, CO, S, WP, S, CI, KS, CI, CO))
    out.append("}")
    return "\n".join(out) + "\n"


def _window_nest(t, s, init, body):
    """A 3x3 window operator over a pre-padded NHWC input (depthwise conv, pooling): Out is set to `init`,
    then the schedule's loop nest runs `body` (C text using oh, ow, kh, kw, c and the sizes)."""
    H, W, C, S = (t.params[k] for k in ("H", "W", "C", "S"))
    OH, OW = H // S, W // S
    tw, tc = s["tw"], s["tc"]
    loops = {
        "h": "for (int oh = 0; oh < %d; ++oh)" % OH,
        "w": "for (int owo = 0; owo < %d; owo += %d)" % (OW, tw),
        "c": "for (int co = 0; co < %d; co += %d)" % (C, tc),
    }
    red = ["for (int kh = 0; kh < 3; ++kh)", "for (int kw = 0; kw < 3; ++kw)"]
    sp = ["for (int ow = owo; ow < owo + %d; ++ow)" % tw]
    inner = red + sp if s["inner"] == "rs" else sp + red
    out = [_par(s["par"]) + "for (int z = 0; z < %d; ++z) Out[z] = %s;" % (OH * OW * C, init)]
    for n, c in enumerate(s["order"]):
        out.append((_par(s["par"]) if n == 0 else "") + loops[c])
    out.extend(inner)
    out.append(_inner_pragma(s["vec"], s["unroll"]))
    out.append("for (int c = co; c < co + %d; ++c)" % tc)
    out.append(body)
    return out


def c_depthwise(t, s):
    """NHWC depthwise 3x3, input pre-padded: Out[oh][ow][c] += In[oh*S+kh][ow*S+kw][c] * W[kh][kw][c]."""
    H, W, C, S = (t.params[k] for k in ("H", "W", "C", "S"))
    OW = W // S
    WP = (OW - 1) * S + 3
    out = ["void %s(const float *restrict In, const float *restrict Wt, float *restrict Out) {" % t.entry]
    out += _window_nest(t, s, "0.0f",
                        "Out[(oh * %d + ow) * %d + c] += In[((oh * %d + kh) * %d + ow * %d + kw) * %d + c] * "
                        "Wt[(kh * 3 + kw) * %d + c];" % (OW, C, S, WP, S, C, C))
    out.append("}")
    return "\n".join(out) + "\n"


def c_softmax(t, s):
    """Row softmax of BERT attention scores: Y[r][:] = exp(X[r][:] - max) / sum."""
    R, L = t.params["R"], t.params["L"]
    rt = s["rtile"]
    red_max = "#pragma omp simd reduction(max:m)\n" if s["vec"] else \
        "#pragma clang loop vectorize(disable) interleave(disable)\n"
    red_sum = "#pragma omp simd reduction(+:sum)\n" if s["vec"] else \
        "#pragma clang loop vectorize(disable) interleave(disable)\n"
    norm = _inner_pragma(s["vec"], s["unroll"]) + "\n"
    out = ["#include <math.h>",
           "void %s(const float *restrict X, float *restrict Y) {" % t.entry,
           _par(s["par"]) + "for (int ro = 0; ro < %d; ro += %d)" % (R, rt),
           "for (int r = ro; r < ro + %d; ++r) {" % rt,
           "const float *restrict x = X + r * %d; float *restrict y = Y + r * %d;" % (L, L),
           "float m = x[0];",
           red_max + "for (int i = 0; i < %d; ++i) m = x[i] > m ? x[i] : m;" % L,
           "float sum = 0.0f;"]
    if s["fused"]:
        out.append("for (int i = 0; i < %d; ++i) { float e = expf(x[i] - m); y[i] = e; sum += e; }" % L)
    else:
        out.append("for (int i = 0; i < %d; ++i) y[i] = expf(x[i] - m);" % L)
        out.append(red_sum + "for (int i = 0; i < %d; ++i) sum += y[i];" % L)
    if s["recip"]:
        out.append("float inv = 1.0f / sum;")
        out.append(norm + "for (int i = 0; i < %d; ++i) y[i] *= inv;" % L)
    else:
        out.append(norm + "for (int i = 0; i < %d; ++i) y[i] /= sum;" % L)
    out.append("}")
    out.append("}")
    return "\n".join(out) + "\n"


def c_transpose(t, s):
    """Layout transform NCHW -> NHWC: Out[p][c] = In[c][p] for p = h*W + w."""
    C, P = t.params["C"], t.params["H"] * t.params["W"]
    tc, tp = s["tc"], s["tp"]
    loops = {"c": "for (int co = 0; co < %d; co += %d)" % (C, tc),
             "p": "for (int po = 0; po < %d; po += %d)" % (P, tp)}
    inner = {"c": "for (int c = co; c < co + %d; ++c)" % tc,
             "p": "for (int p = po; p < po + %d; ++p)" % tp}
    out = ["void %s(const float *restrict In, float *restrict Out) {" % t.entry]
    for n, c in enumerate(s["order"]):
        out.append((_par(s["par"]) if n == 0 else "") + loops[c])
    out.append(inner[s["inner"][0]])
    out.append(_inner_pragma(s["vec"], s["unroll"]))
    out.append(inner[s["inner"][1]])
    out.append("Out[p * %d + c] = In[c * %d + p];" % (C, P))
    return "\n".join(out) + "\n}\n"


def _reduction_pragma(vec, op, var):
    if vec:
        return "#pragma omp simd reduction(%s:%s)\n" % (op, var)
    return "#pragma clang loop vectorize(disable) interleave(disable)\n"


def c_layernorm(t, s):
    """BERT layer norm over rows: Y[r][:] = (X[r][:] - mean) / sqrt(var + eps) * G + Bt."""
    R, L = t.params["R"], t.params["L"]
    rt = s["rtile"]
    norm = _inner_pragma(s["vec"], s["unroll"]) + "\n"
    out = ["#include <math.h>",
           "void %s(const float *restrict X, const float *restrict G, const float *restrict Bt, "
           "float *restrict Y) {" % t.entry,
           _par(s["par"]) + "for (int ro = 0; ro < %d; ro += %d)" % (R, rt),
           "for (int r = ro; r < ro + %d; ++r) {" % rt,
           "const float *restrict x = X + r * %d; float *restrict y = Y + r * %d;" % (L, L),
           "float sum = 0.0f;",
           _reduction_pragma(s["vec"], "+", "sum") + "for (int i = 0; i < %d; ++i) sum += x[i];" % L,
           "float mean = sum / %d;" % L,
           "float sq = 0.0f;"]
    if s["twopass"]:
        out.append(_reduction_pragma(s["vec"], "+", "sq") +
                   "for (int i = 0; i < %d; ++i) { float d = x[i] - mean; sq += d * d; }" % L)
    else:
        out.append(_reduction_pragma(s["vec"], "+", "sq") + "for (int i = 0; i < %d; ++i) sq += x[i] * x[i];" % L)
        out.append("sq -= %d * mean * mean;" % L)
    out.append("float inv = 1.0f / sqrtf(sq / %d + 1e-5f);" % L)
    out.append(norm + "for (int i = 0; i < %d; ++i) y[i] = (x[i] - mean) * inv * G[i] + Bt[i];" % L)
    out.append("}")
    out.append("}")
    return "\n".join(out) + "\n"


def c_maxpool(t, s):
    """NHWC max pool 3x3, input pre-padded: Out[oh][ow][c] = max over the window of In."""
    H, W, C, S = (t.params[k] for k in ("H", "W", "C", "S"))
    OW = W // S
    WP = (OW - 1) * S + 3
    out = ["void %s(const float *restrict In, float *restrict Out) {" % t.entry]
    out += _window_nest(t, s, "-1e30f",
                        "{ float v = In[((oh * %d + kh) * %d + ow * %d + kw) * %d + c];\n"
                        "float *o = &Out[(oh * %d + ow) * %d + c]; *o = v > *o ? v : *o; }"
                        % (S, WP, S, C, OW, C))
    out.append("}")
    return "\n".join(out) + "\n"


def c_eltwise(t, s):
    """ResNet residual tail, NHWC: Out = relu(In + Bias[c] + Res), fused in one pass or as two."""
    P, C = t.params["H"] * t.params["W"], t.params["C"]
    tp, tc = s["tp"], s["tc"]
    loops = {"p": "for (int po = 0; po < %d; po += %d)" % (P, tp),
             "c": "for (int co = 0; co < %d; co += %d)" % (C, tc)}
    inner = {"p": "for (int p = po; p < po + %d; ++p)" % tp,
             "c": "for (int c = co; c < co + %d; ++c)" % tc}
    stmts = (["Out[p * %d + c] = fmaxf(In[p * %d + c] + Bias[c] + Res[p * %d + c], 0.0f);" % (C, C, C)]
             if s["fused"] else
             ["Out[p * %d + c] = In[p * %d + c] + Bias[c];" % (C, C),
              "Out[p * %d + c] = fmaxf(Out[p * %d + c] + Res[p * %d + c], 0.0f);" % (C, C, C)])
    out = ["#include <math.h>",
           "void %s(const float *restrict In, const float *restrict Bias, const float *restrict Res, "
           "float *restrict Out) {" % t.entry]
    for st in stmts:
        for n, c in enumerate(s["order"]):
            out.append((_par(s["par"]) if n == 0 else "") + loops[c])
        out.append(inner[s["order"][0]])
        out.append(_inner_pragma(s["vec"], s["unroll"]))
        out.append(inner[s["order"][1]])
        out.append(st)
    out.append("}")
    return "\n".join(out) + "\n"


C_TEMPLATES = {"matmul": c_matmul, "gemv": c_gemv, "conv2d": c_conv2d, "depthwise": c_depthwise,
               "layernorm": c_layernorm, "maxpool": c_maxpool, "eltwise": c_eltwise,
               "softmax": c_softmax, "transpose": c_transpose}


def build_tasks():
    T = []
    # BERT-base (seq 128): the 768x768 dense layers (Q, K, V, output: 4 per layer x 12 layers).
    M, N, K = 128, 768, 768
    T.append(Task("c.dense", "c", "BERT-base", 48, 2 * M * N * K, nbytes((M, K), (K, N), (M, N)),
                  [f32(M, K), f32(K, N), f32(M, N)], "dense",
                  {"ti": [1, 4, 8, 16, 32], "tj": [16, 64, 128, 256, 768], "tk": [16, 64, 256, 768],
                   "order": ["ijk", "ikj", "jik", "kij"], "inner": ["ik", "ki"], "par": [0, 1],
                   "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="matmul", B=1, M=M, N=N, K=K), 12, quick=True))
    # BERT-base attention scores Q.K^T per head (12 heads, seq 128, head dim 64).
    B, M, N, K = 12, 128, 128, 64
    T.append(Task("c.batch_matmul", "c", "BERT-base", 12, 2 * B * M * N * K,
                  nbytes((B, M, K), (B, K, N), (B, M, N)),
                  [f32(B, M, K), f32(B, K, N), f32(B, M, N)], "batch_matmul",
                  {"ti": [1, 4, 16, 32], "tj": [16, 32, 64, 128], "tk": [16, 64],
                   "order": ["ijk", "ikj", "jik", "kij"], "inner": ["ik", "ki"], "par": [0, 1],
                   "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="matmul", B=B, M=M, N=N, K=K), 12))
    # ResNet-50 stage 4, 3x3 conv 256 -> 256 on 14x14 (5 per network).
    p = dict(template="conv2d", H=14, W=14, CI=256, CO=256, KS=3, S=1)
    T.append(_conv_task("c.conv2d_3x3", p, 5, 12))
    # ResNet-50 stage 4, 1x1 conv 1024 -> 256 on 14x14 (bottleneck reduce, 5 per network).
    p = dict(template="conv2d", H=14, W=14, CI=1024, CO=256, KS=1, S=1)
    T.append(_conv_task("c.conv2d_1x1", p, 5, 12))
    # ResNet-50 v1.5 stage-4 entry: 3x3 conv stride 2, 28x28x256 -> 14x14x256.
    p = dict(template="conv2d", H=28, W=28, CI=256, CO=256, KS=3, S=2)
    T.append(_conv_task("c.conv2d_3x3_s2", p, 1, 12))
    # MobileNet-V2 block 2 depthwise 3x3 stride 2, 112x112x96 -> 56x56x96.
    H, W, C, S = 112, 112, 96, 2
    OH, OW = H // S, W // S
    HP, WP = (OH - 1) * S + 3, (OW - 1) * S + 3
    T.append(Task("c.depthwise", "c", "MobileNet-V2", 1, 2 * OH * OW * C * 9,
                  nbytes((HP, WP, C), (3, 3, C), (OH, OW, C)),
                  [f32(HP, WP, C), f32(3, 3, C), f32(OH, OW, C)], "depthwise",
                  {"tw": [1, 2, 4, 8, 14, 28], "tc": [8, 16, 32, 48, 96], "order": ["hwc", "hcw", "chw"],
                   "inner": ["rs", "sr"], "par": [0, 1], "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="depthwise", H=H, W=W, C=C, S=S), 12, quick=True))
    # BERT-base attention softmax: 12 heads x 128 rows of 128.
    R, L = 12 * 128, 128
    T.append(Task("c.softmax", "c", "BERT-base", 12, 4 * R * L, nbytes((R, L), (R, L)),
                  [f32(R, L), f32(R, L)], "softmax",
                  {"rtile": [1, 8, 64], "par": [0, 1], "vec": [0, 1], "fused": [0, 1], "recip": [0, 1],
                   "unroll": [1, 4]},
                  dict(template="softmax", R=R, L=L), 12, quick=True))
    # Layout transform NCHW -> NHWC of a ResNet-50 stage-2 feature map (56x56x256).
    C, H, W = 256, 56, 56
    T.append(Task("c.transpose", "c", "ResNet-50", 1, 0, nbytes((C, H, W), (H, W, C)),
                  [f32(C, H, W), f32(H, W, C)], "layout_transform",
                  {"tc": [1, 8, 32, 256], "tp": [8, 56, 392, 3136], "order": ["cp", "pc"],
                   "inner": ["cp", "pc"], "par": [0, 1], "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="transpose", C=C, H=H, W=W), 12, quick=True))

    # BERT-base layer norm (seq 512, hidden 768; 25 per network).
    R, L = 512, 768
    T.append(Task("c.layernorm", "c", "BERT-base", 25, 8 * R * L, nbytes((R, L), (L,), (L,), (R, L)),
                  [f32(R, L), f32(L), f32(L), f32(R, L)], "layer_norm",
                  {"rtile": [1, 8, 64], "par": [0, 1], "vec": [0, 1], "twopass": [0, 1], "unroll": [1, 4]},
                  dict(template="layernorm", R=R, L=L), 12))
    # ResNet-50 stem max pool 3x3 stride 2, 112x112x64 -> 56x56x64 (input pre-padded).
    H, W, C, S = 112, 112, 64, 2
    OH, OW = H // S, W // S
    HP, WP = (OH - 1) * S + 3, (OW - 1) * S + 3
    T.append(Task("c.maxpool", "c", "ResNet-50", 1, OH * OW * C * 9, nbytes((HP, WP, C), (OH, OW, C)),
                  [f32(HP, WP, C), f32(OH, OW, C)], "max_pool",
                  {"tw": [1, 4, 8, 28], "tc": [8, 16, 64], "order": ["hwc", "hcw", "chw"],
                   "inner": ["rs", "sr"], "par": [0, 1], "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="maxpool", H=H, W=W, C=C, S=S), 12))
    # ResNet-50 stage-2 residual tail: bias + residual add + ReLU on 56x56x256 (3 per network).
    H, W, C = 56, 56, 256
    T.append(Task("c.eltwise", "c", "ResNet-50", 3, 3 * H * W * C, nbytes((H, W, C), (C,), (H, W, C), (H, W, C)),
                  [f32(H, W, C), f32(C), f32(H, W, C), f32(H, W, C)], "bias_add_relu",
                  {"tp": [1, 8, 56, 3136], "tc": [8, 64, 256], "order": ["pc", "cp"], "fused": [0, 1],
                   "par": [0, 1], "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="eltwise", H=H, W=W, C=C), 12))

    # Added 2026-11-25 (issue: schedule spaces with the reduction innermost). They draw their schedules
    # from spaces the tasks above never reach, so they test rules on loop nests the model was not
    # developed on.
    # BERT-base attention context P.V per head (12 heads, seq 128, head dim 64), reduction innermost
    # allowed ("jk": a dot product of tk terms per output, restarted at every j).
    B, M, N, K = 12, 128, 64, 128
    T.append(Task("c.attention_pv", "c", "BERT-base", 12, 2 * B * M * N * K,
                  nbytes((B, M, K), (B, K, N), (B, M, N)),
                  [f32(B, M, K), f32(B, K, N), f32(B, M, N)], "attention_pv",
                  {"ti": [1, 2, 8, 16], "tj": [8, 16, 64], "tk": [8, 16, 32, 128],
                   "order": ["ijk", "ikj", "jik", "kij"], "inner": ["ik", "ki", "jk"], "par": [0, 1],
                   "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="matmul", B=B, M=M, N=N, K=K), 16))
    # ResNet-50's classifier at batch 1: a GEMV, 2048 -> 1000, weights 8 MB (beyond L2, within L3).
    N, K = 1000, 2048
    T.append(Task("c.gemv", "c", "ResNet-50", 1, 2 * N * K, nbytes((K,), (K, N), (N,)),
                  [f32(K), f32(K, N), f32(N)], "fc_gemv",
                  {"tn": [8, 40, 200, 1000], "tk": [16, 128, 2048], "order": ["kn", "nk"], "par": [0, 1],
                   "vec": [0, 1], "unroll": [1, 4]},
                  dict(template="gemv", N=N, K=K), 16))

    # Halide generators (bench/suite/halide_gen.cpp), same shapes.
    M, N, K = 128, 768, 768
    T.append(Task("halide.dense", "halide", "BERT-base", 48, 2 * M * N * K,
                  nbytes((M, K), (K, N), (M, N)), [f32(M, K), f32(K, N), f32(M, N)], "hl_dense",
                  {"tx": [8, 16, 32, 64, 128], "ty": [1, 2, 4, 8], "vec": [0, 8, 16], "ksplit": [0, 16, 64],
                   "unroll": [0, 2], "par": [0, 1], "compute_at": [0, 1]},
                  dict(gen="dense", M=M, N=N, K=K), 12, quick=True))
    H, W, CI, CO, KS, S = 14, 14, 256, 256, 3, 1
    T.append(Task("halide.conv2d_3x3", "halide", "ResNet-50", 5, 2 * 14 * 14 * CO * CI * 9,
                  nbytes((16, 16, CI), (3, 3, CI, CO), (14, 14, CO)),
                  [f32(16, 16, CI), f32(3, 3, CI, CO), f32(14, 14, CO)], "hl_conv2d",
                  {"tc": [8, 16, 32, 64, 256], "tx": [1, 2, 7, 14], "vec": [0, 8, 16], "par": [0, 1],
                   "compute_at": [0, 1], "rorder": [0, 1], "unroll": [0, 2]},
                  dict(gen="conv2d", H=H, W=W, CI=CI, CO=CO, KS=KS, S=S), 12))
    H, W, C, S = 112, 112, 96, 2
    T.append(Task("halide.depthwise", "halide", "MobileNet-V2", 1, 2 * 56 * 56 * C * 9,
                  nbytes((113, 113, C), (3, 3, C), (56, 56, C)),
                  [f32(113, 113, C), f32(3, 3, C), f32(56, 56, C)], "hl_depthwise",
                  {"tc": [8, 16, 32, 96], "tx": [1, 2, 4, 8, 14], "vec": [0, 8], "par": [0, 1],
                   "compute_at": [0, 1], "unroll_r": [0, 1], "rorder": [0, 1]},
                  dict(gen="depthwise", H=H, W=W, C=C, S=S), 12))
    C, H, W = 256, 56, 56
    T.append(Task("halide.transpose", "halide", "ResNet-50", 1, 0, nbytes((C, H, W), (H, W, C)),
                  [f32(C, H, W), f32(H, W, C)], "hl_transpose",
                  {"tc": [8, 16, 32, 64], "tx": [8, 16, 56], "vec": [0, 8], "par": [0, 1], "rorder": [0, 1],
                   "unroll": [0, 4]},
                  dict(gen="transpose", C=C, H=H, W=W), 12))
    # Added 2026-11-25: a two-stage stencil (Halide's separable 3x3 blur) on a 1080p image, the class of
    # pipeline the suite had none of; blur_x inlined, at the root, per tile or per row of a strip.
    W, H = 1920, 1080
    T.append(Task("halide.blur", "halide", "image pipeline", 1, 12 * W * H,
                  nbytes((H + 2, W + 2), (H, W)), [f32(H + 2, W + 2), f32(H, W)], "hl_blur",
                  {"tx": [64, 256, 480, 1920], "ty": [4, 8, 32, 128], "vec": [0, 8, 16], "par": [0, 1],
                   "at": [0, 1, 2, 3]},
                  dict(gen="blur", W=W, H=H), 16))

    # Added 2026-11-26: three more multi-stage Halide pipelines (issue 13): a stencil chain (unsharp
    # masking), a reduction with a data-dependent scatter and a scan (histogram equalization), and a
    # CNN stem's producer-consumer chain (scale, bias and ReLU, then a 3x3 stride-2 max pool), 32
    # schedules each.
    T.append(Task("halide.unsharp", "halide", "image pipeline", 1, 17 * W * H,
                  nbytes((H + 4, W + 4), (H, W)), [f32(H + 4, W + 4), f32(H, W)], "hl_unsharp",
                  {"tx": [64, 256, 1920], "ty": [8, 32, 128], "vec": [0, 8, 16], "par": [0, 1],
                   "at_x": [0, 1, 2, 3], "at_y": [0, 1, 2]},
                  dict(gen="unsharp", W=W, H=H), 32))
    T.append(Task("halide.histeq", "halide", "image pipeline", 1, 6 * W * H,
                  nbytes((H, W), (H, W)), [f32(H, W), f32(H, W)], "hl_histeq",
                  {"tx": [64, 256, 1920], "ty": [8, 32, 128], "vec": [0, 8, 16], "par": [0, 1],
                   "strip": [0, 8, 32, 135]},
                  dict(gen="histeq", W=W, H=H), 32))
    C, H, W = 64, 113, 113
    T.append(Task("halide.relupool", "halide", "ResNet-50", 1, 56 * 56 * C * 9 + 3 * H * W * C,
                  nbytes((H, W, C), (C,), (C,), (56, 56, C)),
                  [f32(H, W, C), f32(C), f32(C), f32(56, 56, C)], "hl_relupool",
                  {"tx": [1, 2, 4, 8, 56], "ty": [1, 2, 4, 8], "vec": [0, 8, 16], "par": [0, 1],
                   "at": [0, 1, 2, 3]},
                  dict(gen="relupool", C=C, H=H, W=W), 32))

    # Added 2026-11-25: TVM MetaSchedule (the Crop paper's own setting). The operators and shapes of the
    # tasks above, written in TE; schedules are MetaSchedule's random trace samples (bench/suite/tvm_gen.py)
    # and the IR is TVM's own codegen (LLVM 20+ syntax, read as it is).
    for op, network, weight, flops, bytes_ in TVM_OPS:
        T.append(Task("tvm." + op, "tvm", network, weight, flops, bytes_, [], op + "_compute_", {},
                      dict(tvm_op=op), 16, quick=op in ("dense", "softmax")))
    return T


# name, network, weight, flops, compulsory bytes (shapes as in tvm_gen.operators()).
TVM_OPS = [
    ("dense", "BERT-base", 48, 2 * 128 * 768 * 768, nbytes((128, 768), (768, 768), (128, 768))),
    ("batch_matmul", "BERT-base", 12, 2 * 12 * 128 * 128 * 64, nbytes((12, 128, 64), (12, 64, 128), (12, 128, 128))),
    ("conv2d_3x3", "ResNet-50", 5, 2 * 14 * 14 * 256 * 256 * 9, nbytes((16, 16, 256), (3, 3, 256, 256), (14, 14, 256))),
    ("conv2d_1x1", "ResNet-50", 5, 2 * 14 * 14 * 1024 * 256, nbytes((14, 14, 1024), (1, 1, 1024, 256), (14, 14, 256))),
    ("depthwise", "MobileNet-V2", 1, 2 * 56 * 56 * 96 * 9, nbytes((113, 113, 96), (3, 3, 96), (56, 56, 96))),
    ("maxpool", "ResNet-50", 1, 56 * 56 * 64 * 9, nbytes((113, 113, 64), (56, 56, 64))),
    ("softmax", "BERT-base", 12, 4 * 1536 * 128, nbytes((1536, 128), (1536, 128))),
    ("layernorm", "BERT-base", 25, 8 * 512 * 768, nbytes((512, 768), (768,), (768,), (512, 768))),
    ("transpose", "ResNet-50", 1, 0, nbytes((256, 56, 56), (56, 56, 256))),
    ("gemv", "ResNet-50", 1, 2 * 1000 * 2048, nbytes((2048,), (2048, 1000), (1000,))),
]


def _conv_task(name, p, weight, count, quick=False):
    H, W, CI, CO, KS, S = (p[k] for k in ("H", "W", "CI", "CO", "KS", "S"))
    OH, OW = H // S, W // S
    HP, WP = (OH - 1) * S + KS, (OW - 1) * S + KS
    return Task(name, "c", "ResNet-50", weight, 2 * OH * OW * CO * CI * KS * KS,
                nbytes((HP, WP, CI), (KS, KS, CI, CO), (OH, OW, CO)),
                [f32(HP, WP, CI), f32(KS, KS, CI, CO), f32(OH, OW, CO)], name.split(".")[1],
                {"th": divisors(OH, 1, 7), "tw": divisors(OW, 1, 14), "tc": [8, 16, 32, 64, 256],
                 "order": ["hwc", "hcw", "chw"], "inner": ["rs", "sr"], "par": [0, 1], "vec": [0, 1],
                 "unroll": [1, 4]},
                p, count, quick)


def valid_schedule(task, s):
    """Schedules that are legal and not pathological (the suite wants 0.5-50 ms per call)."""
    if task.source == "c":
        tpl = task.params["template"]
        if tpl == "matmul":
            # A reduction (k) innermost of the tile loops re-reads C; keep it but not as the parallel loop.
            if s["order"][0] == "k" and s["par"]:
                return False
            if s["tj"] > task.params["N"]:
                return False
            return True
        if tpl == "conv2d":
            if s["tc"] > task.params["CO"]:
                return False
            # Parallel over output channels is race-free too; over a reduction it is not (none here).
            return True
        return True
    if task.source == "halide":
        if task.params["gen"] == "dense" and s["vec"] and s["tx"] < s["vec"]:
            return False
        # An unroll factor that does not divide the loop it unrolls makes Halide round the loop up, past
        # the buffers' fixed bounds.
        if task.params["gen"] == "dense" and s["unroll"] and s["compute_at"] and s["ty"] % s["unroll"]:
            return False
        if task.params["gen"] == "conv2d" and s["unroll"] and s["tx"] % s["unroll"]:
            return False
        if task.params["gen"] in ("conv2d", "depthwise") and s["vec"] and s["tc"] < s["vec"]:
            return False
        if task.params["gen"] == "depthwise" and s["tc"] == 96 and s["vec"] == 0:
            return True
        if task.params["gen"] == "unsharp":
            # blur_x must be computed where blur_y can see it: at the root when blur_y is, and not
            # inside a row of the output when blur_y is per tile.
            if s["at_y"] == 1 and s["at_x"] in (2, 3):
                return False
            if s["at_y"] == 2 and s["at_x"] == 3:
                return False
            return not (s["vec"] and s["tx"] < s["vec"])
        if task.params["gen"] == "relupool" and s["vec"] and s["vec"] > task.params["C"]:
            return False
        if task.params["gen"] == "transpose" and s["vec"] and \
                (s["tc"] if s["rorder"] == 0 else s["tx"]) < s["vec"]:
            return False
        return True
    return True


# TVM modules (../shared/inputs/tvm): programs are the entry functions; shapes from the folder's README.
# Their entry functions only read the DLTensors' data pointers, so a buffer of `elems` floats per
# argument is enough; arity is read from the IR.
TVM_MODULES = {
    "04_dense_a.ll": {"entries": ["fused_nn_dense_add"], "elems": 64},
    "09_conv2d_a.ll": {"entries": ["fused_layout_transform_2", "fused_layout_transform_1",
                                   "fused_nn_contrib_conv2d_NCHWc"], "elems": 1024},
    "e2_conv.ll": {"entries": ["fused_layout_transform_1", "fused_layout_transform_2",
                               "fused_nn_contrib_conv2d_NCHWc"], "elems": 8192},
}


def ranked(task_name):
    """False for the TVM example modules, whose programs are different functions, not schedules."""
    return task_name not in {"tvm." + m[:-3] for m in TVM_MODULES}
