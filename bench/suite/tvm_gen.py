"""TVM MetaSchedule programs for the suite: operators as TE, schedules drawn from MetaSchedule's design space.

Run with a Python that has the pinned TVM wheel (bench/tvm-requirements.txt; `bench/suite/tvm_env.sh`
makes build/tvm-venv):

    python tvm_gen.py --op dense --count 16 --seed 0 --out DIR

For each schedule k it writes DIR/sNN/kernel.ll (TVM's own LLVM codegen, as TVM emits it: LLVM 20+
syntax, which Crop reads and `crop convert` turns into LLVM 19 IR for the native binary), trace.py (the
MetaSchedule trace that made it) and DIR/programs.json (entry, argument shapes, schedule ids).

Sampling is MetaSchedule's own "replay-trace" search: the design spaces of the default CPU rules
(multi-level tiling, auto-inline, parallel/vectorize/unroll, random compute location, rfactor) are
replayed with fresh random decisions under a seeded Schedule, then the postprocessors run; a draw whose
postprocessing fails is dropped, as MetaSchedule drops it. Same seed, same TVM: same programs.
"""

import argparse
import json
import os
import random
import sys


def operators(te, topi):
    """name -> (builder returning the TE tensors in argument order, entry name)."""

    def matmul(B, M, N, K):
        def build():
            a = te.placeholder((B, M, K) if B > 1 else (M, K), name="A")
            w = te.placeholder((B, K, N) if B > 1 else (K, N), name="W")
            k = te.reduce_axis((0, K), name="k")
            if B > 1:
                c = te.compute((B, M, N), lambda b, i, j: te.sum(a[b, i, k] * w[b, k, j], axis=k), name="C")
            else:
                c = te.compute((M, N), lambda i, j: te.sum(a[i, k] * w[k, j], axis=k), name="C")
            return [a, w, c]
        return build

    def conv2d(H, W, CI, CO, KS, S):
        def build():
            OH, OW = H // S, W // S
            HP, WP = (OH - 1) * S + KS, (OW - 1) * S + KS
            x = te.placeholder((HP, WP, CI), name="X")
            w = te.placeholder((KS, KS, CI, CO), name="Wt")
            r = te.reduce_axis((0, KS), name="r")
            s = te.reduce_axis((0, KS), name="s")
            c = te.reduce_axis((0, CI), name="c")
            y = te.compute((OH, OW, CO), lambda h, x_, o: te.sum(
                x[h * S + r, x_ * S + s, c] * w[r, s, c, o], axis=[r, s, c]), name="Y")
            return [x, w, y]
        return build

    def depthwise(H, W, C, S):
        def build():
            OH, OW = H // S, W // S
            HP, WP = (OH - 1) * S + 3, (OW - 1) * S + 3
            x = te.placeholder((HP, WP, C), name="X")
            w = te.placeholder((3, 3, C), name="Wt")
            r = te.reduce_axis((0, 3), name="r")
            s = te.reduce_axis((0, 3), name="s")
            y = te.compute((OH, OW, C), lambda h, x_, c: te.sum(
                x[h * S + r, x_ * S + s, c] * w[r, s, c], axis=[r, s]), name="Y")
            return [x, w, y]
        return build

    def maxpool(H, W, C, S):
        def build():
            OH, OW = H // S, W // S
            HP, WP = (OH - 1) * S + 3, (OW - 1) * S + 3
            x = te.placeholder((HP, WP, C), name="X")
            r = te.reduce_axis((0, 3), name="r")
            s = te.reduce_axis((0, 3), name="s")
            y = te.compute((OH, OW, C), lambda h, x_, c: te.max(x[h * S + r, x_ * S + s, c], axis=[r, s]),
                           name="Y")
            return [x, y]
        return build

    def softmax(R, L):
        def build():
            x = te.placeholder((R, L), name="X")
            k1 = te.reduce_axis((0, L), name="k1")
            mx = te.compute((R,), lambda i: te.max(x[i, k1], axis=k1), name="row_max")
            e = te.compute((R, L), lambda i, j: te.exp(x[i, j] - mx[i]), name="expo")
            k2 = te.reduce_axis((0, L), name="k2")
            sm = te.compute((R,), lambda i: te.sum(e[i, k2], axis=k2), name="row_sum")
            y = te.compute((R, L), lambda i, j: e[i, j] / sm[i], name="Y")
            return [x, y]
        return build

    def layernorm(R, L):
        def build():
            x = te.placeholder((R, L), name="X")
            g = te.placeholder((L,), name="gamma")
            b = te.placeholder((L,), name="beta")
            k1 = te.reduce_axis((0, L), name="k1")
            total = te.compute((R,), lambda i: te.sum(x[i, k1], axis=k1), name="row_sum")
            k2 = te.reduce_axis((0, L), name="k2")
            sq = te.compute((R,), lambda i: te.sum((x[i, k2] - total[i] / L) * (x[i, k2] - total[i] / L), axis=k2),
                            name="row_sqdev")
            y = te.compute((R, L), lambda i, j: (x[i, j] - total[i] / L) / te.sqrt(sq[i] / L + 1e-5) * g[j] + b[j],
                           name="Y")
            return [x, g, b, y]
        return build

    def transpose(C, H, W):
        def build():
            x = te.placeholder((C, H, W), name="X")
            y = te.compute((H, W, C), lambda h, w, c: x[c, h, w], name="Y")
            return [x, y]
        return build

    def gemv(N, K):
        def build():
            x = te.placeholder((K,), name="x")
            w = te.placeholder((K, N), name="Wt")
            k = te.reduce_axis((0, K), name="k")
            y = te.compute((N,), lambda n: te.sum(x[k] * w[k, n], axis=k), name="y")
            return [x, w, y]
        return build

    # Shapes: the same operators of BERT-base, ResNet-50 and MobileNet-V2 as the C and Halide tasks.
    return {
        "dense": matmul(1, 128, 768, 768),
        "batch_matmul": matmul(12, 128, 128, 64),
        "conv2d_3x3": conv2d(14, 14, 256, 256, 3, 1),
        "conv2d_1x1": conv2d(14, 14, 1024, 256, 1, 1),
        "depthwise": depthwise(112, 112, 96, 2),
        "maxpool": maxpool(112, 112, 64, 2),
        "softmax": softmax(12 * 128, 128),
        "layernorm": layernorm(512, 768),
        "transpose": transpose(256, 56, 56),
        "gemv": gemv(1000, 2048),
    }


def crop_args(ll, entry, tensors):
    """Crop's --arg list for TVM's kernel function <entry>_compute_ (crop.tvm.kernel_args, the adapter's
    own reading of TVM's IR)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
    from crop.tvm import kernel_args
    return kernel_args(ll, entry, [(str(t.dtype), [int(d) for d in t.shape]) for t in tensors])[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--op", required=True)
    ap.add_argument("--count", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", required=True)
    ap.add_argument("--mcpu", default="haswell", help="the CPU TVM compiles for (x86-64-v3's features)")
    ap.add_argument("--cores", type=int, default=2, help="num-cores of the target (parallel extents)")
    a = ap.parse_args()

    import tvm
    from tvm import te, topi
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
    from crop.tvm import candidate_ir, sample_schedules

    ops = operators(te, topi)
    if a.op not in ops:
        sys.exit("unknown op %s; known: %s" % (a.op, ", ".join(sorted(ops))))
    tensors = ops[a.op]()
    entry = a.op
    mod = tvm.IRModule({entry: te.create_prim_func(tensors).with_attr("global_symbol", entry)})
    target = tvm.target.Target({"kind": "llvm", "mcpu": a.mcpu, "num-cores": a.cores})
    rng = random.Random("crop-tvm:%s:%d" % (a.op, a.seed))
    os.makedirs(a.out, exist_ok=True)
    progs = []
    for space, seed, sch in sample_schedules(mod, target, rng, rand_state=a.seed + 1, max_draws=20 * a.count):
        src = candidate_ir(sch.mod, target)[0]  # TBAA names made stable there
        sid = "s%02d" % len(progs)
        d = os.path.join(a.out, sid)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "kernel.ll.tmp"), "w") as f:
            f.write(src)
        os.replace(os.path.join(d, "kernel.ll.tmp"), os.path.join(d, "kernel.ll"))
        with open(os.path.join(d, "trace.py"), "w") as f:
            f.write(str(sch.trace) + "\n")
        progs.append({"id": sid, "space": space, "seed": seed, "args": crop_args(src, entry, tensors)})
        print("%s %s: design space %d, seed %d" % (a.op, sid, space, seed), file=sys.stderr)
        if len(progs) == a.count:
            break
    args = [["f32", [int(d) for d in t.shape]] for t in tensors]
    meta = {"op": a.op, "entry": entry + "_compute_", "ffi_entry": entry, "args": args, "tvm": tvm.__version__,
            "mcpu": a.mcpu, "cores": a.cores, "programs": progs}
    with open(os.path.join(a.out, "programs.json.tmp"), "w") as f:
        json.dump(meta, f, indent=1)
    os.replace(os.path.join(a.out, "programs.json.tmp"), os.path.join(a.out, "programs.json"))


if __name__ == "__main__":
    main()
