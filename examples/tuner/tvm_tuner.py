"""A schedule search that ranks candidates with Crop and measures only Crop's top-k.

    build/tvm-venv/bin/python examples/tuner/tvm_tuner.py --op matmul --candidates 500 --top-k 5 \
        --target build/bench/host-<this machine>.yaml

For an operator (a BERT-base dense layer, or a ResNet-50 3x3 conv) it draws `--candidates` distinct
schedules from TVM MetaSchedule's design space (random trace replay, as MetaSchedule's replay-trace
search does), builds each with TVM, then:
  - Crop profiles every candidate once here and predicts it for `--target`; the tuner measures only Crop's
    `--top-k` with TVM's runtime and keeps the fastest of them;
  - for comparison it also measures every candidate (unless --no-exhaustive) and reports how close Crop's
    pick is to the best measured, and the time Crop's route took against measuring everything.
Building is the same for both routes and is reported on its own. `--smoke` is a small run for CI.

Crop's target should describe this machine (`crop microbench -o host.yaml`) when the pick is checked
here; any other hwdb target ranks for that machine instead (and measuring here then checks nothing).
"""

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))


def operator(te, name):
    if name == "matmul":  # BERT-base dense: 128x768 . 768x768
        M, N, K = 128, 768, 768
        a = te.placeholder((M, K), name="A")
        w = te.placeholder((K, N), name="W")
        k = te.reduce_axis((0, K), name="k")
        c = te.compute((M, N), lambda i, j: te.sum(a[i, k] * w[k, j], axis=k), name="C")
        return [a, w, c]
    if name == "conv2d":  # ResNet-50 stage 4: 3x3, 256 -> 256 on 14x14, NHWC, input pre-padded
        H = W = 14
        CI = CO = 256
        x = te.placeholder((H + 2, W + 2, CI), name="X")
        w = te.placeholder((3, 3, CI, CO), name="Wt")
        r = te.reduce_axis((0, 3), name="r")
        s = te.reduce_axis((0, 3), name="s")
        c = te.reduce_axis((0, CI), name="c")
        y = te.compute((H, W, CO), lambda h, x_, o: te.sum(x[h + r, x_ + s, c] * w[r, s, c, o],
                                                           axis=[r, s, c]), name="Y")
        return [x, w, y]
    raise SystemExit("unknown --op %s (matmul, conv2d)" % name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--op", default="matmul", help="matmul (BERT dense) or conv2d (ResNet-50 3x3)")
    ap.add_argument("--candidates", type=int, default=500)
    ap.add_argument("--top-k", type=int, default=5)
    ap.add_argument("--target", default="zen5-vm", help="Crop target: hwdb name or descriptor YAML")
    ap.add_argument("--threads", type=int, default=1, help="threads predicted and measured")
    ap.add_argument("--jobs", type=int, default=os.cpu_count(), help="parallel profiling processes")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sample-rate", type=float, default=0.1,
                    help="Crop's reuse sampling (the suite's 0.1; 1 = exact, about 2.5x slower)")
    ap.add_argument("--sample-time", type=int, default=8,
                    help="record one chunk of accesses in K past the first 2^18 (crop profile --sample-time; "
                         "0: every access)")
    ap.add_argument("--no-exhaustive", action="store_true", help="do not measure every candidate")
    ap.add_argument("--smoke", action="store_true", help="24 candidates, top-3 (CI)")
    a = ap.parse_args()
    if a.smoke:
        a.candidates, a.top_k = 24, 3
    os.environ["TVM_NUM_THREADS"] = str(a.threads)

    import numpy as np
    import tvm
    from tvm import te
    import crop
    import crop.tvm

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    tensors = operator(te, a.op)
    mod = tvm.IRModule({"main": te.create_prim_func(tensors).with_attr("global_symbol", a.op)})
    target = tvm.target.Target({"kind": "llvm", "mcpu": "haswell", "num-cores": a.threads})
    crop_target = crop.Target(a.target)
    shapes = [(str(t.dtype), [int(d) for d in t.shape]) for t in tensors]

    t0 = time.time()
    log("tuner: sampling %d schedules of %s" % (a.candidates, a.op))
    draws = crop.tvm.sample_schedules(mod, target, random.Random("crop-tuner:%d" % a.seed), rand_state=a.seed + 1,
                                      max_draws=20 * a.candidates)
    scheds = []
    for _, _, sch in draws:
        scheds.append(sch)
        if len(scheds) % 50 == 0:
            log("  sampled %d/%d" % (len(scheds), a.candidates))
        if len(scheds) == a.candidates:
            break
    t_sample = time.time() - t0

    t0 = time.time()
    built = []
    for i, sch in enumerate(scheds):
        lib = tvm.build(sch.mod, target=target)
        built.append((lib, lib.inspect_source("ll")))
        if (i + 1) % 50 == 0:
            log("  built %d/%d" % (i + 1, len(scheds)))
    t_build = time.time() - t0

    # Crop's route: profile each candidate once, predict, rank.
    t0 = time.time()
    items = []
    for _, ll in built:
        entry, args = crop.tvm.kernel_args(ll, a.op, shapes)
        items.append({"ll_text_or_path": ll, "entry": entry, "args": args, "sample_rate": a.sample_rate,
                      "sample_time": a.sample_time})
    profiles = crop.profile_many(items, jobs=a.jobs, return_errors=True)
    ok = [i for i, p in enumerate(profiles) if not isinstance(p, crop.Error)]
    secs = crop_target.predict_many([profiles[i] for i in ok], threads=a.threads)
    ranked = [ok[j] for j in sorted(range(len(ok)), key=lambda j: secs[j])]
    predicted = {ok[j]: secs[j] for j in range(len(ok))}
    t_crop = time.time() - t0

    dev = tvm.cpu(0)
    rng = np.random.default_rng(0)
    bufs = [tvm.runtime.tensor(rng.random(s, dtype="float32"), dev) for _, s in shapes]

    def measure(i):
        f = built[i][0].time_evaluator(a.op, dev, number=3, repeat=5, min_repeat_ms=20)
        return float(np.median(f(*bufs).results))

    t0 = time.time()
    top = {i: measure(i) for i in ranked[:a.top_k]}
    t_top = time.time() - t0
    pick = min(top, key=top.get)

    print("%s, %d candidates (%d profiled), Crop target %s, %d thread(s)" % (
        a.op, len(built), len(ok), crop_target.name, a.threads))
    print("  sampling %.1f s, building %.1f s (both routes)" % (t_sample, t_build))
    print("  Crop: profile + predict %.1f s, measure its top-%d %.1f s: pick %.3f ms (predicted %.3f ms)" % (
        t_crop, a.top_k, t_top, 1e3 * top[pick], 1e3 * predicted[pick]))
    if a.no_exhaustive:
        return 0
    t0 = time.time()
    every = {}
    for n, i in enumerate(range(len(built))):
        every[i] = top[i] if i in top else measure(i)
        if (n + 1) % 50 == 0:
            log("  measured %d/%d" % (n + 1, len(built)))
    t_all = time.time() - t0 + t_top
    best = min(every, key=every.get)
    rank_of_best = ranked.index(best) + 1 if best in ranked else None
    within = every[pick] / every[best] - 1
    print("  measuring every candidate: %.1f s: best %.3f ms (Crop ranked it #%s)" % (
        t_all, 1e3 * every[best], rank_of_best))
    print("  Crop's pick is within %.1f %% of the best measured; Crop's route took %.2fx the time of "
          "measuring everything" % (100 * within, (t_crop + t_top) / t_all))
    try:
        from scipy.stats import kendalltau
        tau = kendalltau([predicted[i] for i in ok], [every[i] for i in ok]).statistic
        print("  Kendall tau of predicted against measured over all candidates: %.3f" % tau)
    except ImportError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
