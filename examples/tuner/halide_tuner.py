"""Halide's autoscheduler proposes, Crop ranks, only Crop's top-k are measured.

    python3 examples/tuner/halide_tuner.py --pipeline blur --candidates 40 --top-k 3 \
        --target build/bench/host-<this machine>.yaml

Halide's autoschedulers score partial schedules with their own features and take no external model, so
Crop ranks whole schedules: the Adams2019 autoscheduler of Debian's Halide 14 runs once per seed in
random-dropout mode (HL_BEAM_SIZE=1, HL_RANDOM_DROPOUT, HL_SEED: a random walk through its own search
space), each distinct result is emitted as LLVM IR without the runtime (halide_autoschedule.cpp), Crop
profiles and predicts every candidate for `--target`, and only Crop's `--top-k` are built natively and
timed; the winner's schedule (Halide source) is printed. For comparison every candidate is timed too
(unless --no-exhaustive). `--smoke` is a small run for CI.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

HALIDE_INC = "/usr/include/halide14"
HALIDE_LIB = "/usr/lib/x86_64-linux-gnu/halide14"

# Tensors in call order, row-major shapes (outermost first), as Crop's --arg and the timing driver take them.
PIPELINES = {
    "blur": [("f32", (1082, 1922)), ("f32", (1080, 1920))],
    "matmul": [("f32", (128, 768)), ("f32", (768, 768)), ("f32", (128, 768))],
}


def sh(cmd, env=None):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    if r.returncode:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd[:2]), r.stderr[-2000:]))
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pipeline", default="blur", choices=sorted(PIPELINES))
    ap.add_argument("--candidates", type=int, default=40, help="autoscheduler runs (seeds)")
    ap.add_argument("--dropout", type=int, default=1, help="HL_RANDOM_DROPOUT, percent (lower: more varied)")
    ap.add_argument("--top-k", type=int, default=3)
    ap.add_argument("--target", default="zen5-vm", help="Crop target: hwdb name or descriptor YAML")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--work", default=None, help="working folder (default: a temporary one)")
    ap.add_argument("--no-exhaustive", action="store_true")
    ap.add_argument("--smoke", action="store_true", help="8 seeds, top-2 (CI)")
    a = ap.parse_args()
    if a.smoke:
        a.candidates, a.top_k = 8, 2
    import crop
    from suite import programs  # the suite's native timing driver for Halide pipelines

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    work = a.work or tempfile.mkdtemp(prefix="crop-halide-tuner-")
    os.makedirs(work, exist_ok=True)
    src = os.path.join(HERE, "halide_autoschedule.cpp")
    gen = os.path.join(work, "halide_autoschedule")
    sh(["g++", "-O1", "-std=c++17", "-I" + HALIDE_INC, '-DHALIDE_AUTOSCHEDULER_DIR="%s"' % HALIDE_LIB, src,
        "-o", gen, "-lHalide14", "-lpthread", "-ldl"])
    runtime = os.path.join(work, "runtime.o")
    sh([gen, "runtime", runtime])
    tensors = PIPELINES[a.pipeline]
    args = ["%s:%s" % (t, "x".join(str(d) for d in s)) for t, s in tensors]

    # 1. The autoscheduler's random walks; distinct IR only.
    t0 = time.time()
    cands, seen = [], set()
    for seed in range(1, a.candidates + 1):
        prefix = os.path.join(work, "s%03d" % seed)
        env = dict(os.environ, HL_BEAM_SIZE="1", HL_RANDOM_DROPOUT=str(a.dropout), HL_SEED=str(seed),
                   HL_NUM_THREADS=str(a.threads))
        sh([gen, a.pipeline, prefix, str(seed)], env=env)
        sh(["llvm-dis-19", prefix + ".bc", "-o", prefix + ".ll"])
        with open(prefix + ".ll") as f:
            key = hashlib.sha256(f.read().encode()).hexdigest()
        if key not in seen:
            seen.add(key)
            cands.append(prefix)
    t_search = time.time() - t0
    log("halide tuner: %d seeds gave %d distinct schedules" % (a.candidates, len(cands)))

    # 2. Crop ranks them.
    t0 = time.time()
    profiles = crop.profile_many([{"ll_text_or_path": c + ".ll", "entry": "pipeline", "args": args,
                                   "sample_rate": 0.1, "sample_time": 8} for c in cands],
                                 jobs=a.jobs, progress=False)
    target = crop.Target(a.target)
    secs = target.predict_many(profiles, threads=a.threads)
    ranked = sorted(range(len(cands)), key=lambda i: secs[i])
    t_crop = time.time() - t0

    # 3. Native timing: the IR Crop read, codegen only, with Halide's runtime and the suite's driver.
    task = types.SimpleNamespace(args=tensors, entry="pipeline")
    built = {}

    def measure(i):
        if i not in built:
            prog = types.SimpleNamespace(dir=os.path.dirname(cands[i]), ir=cands[i] + ".ll",
                                         native=cands[i] + ".native")
            d = cands[i] + ".driver"
            os.makedirs(d, exist_ok=True)
            prog.dir = d
            programs._native(prog, programs.halide_driver(task), [runtime], inc=[HALIDE_INC])
            built[i] = prog.native
        env = dict(os.environ, HL_NUM_THREADS=str(a.threads))
        out = sh([built[i], "0.02", "0.1", "5"], env=env)
        return json.loads(out)["median_s"]

    t0 = time.time()
    top = {i: measure(i) for i in ranked[:a.top_k]}
    t_top = time.time() - t0
    pick = min(top, key=top.get)
    print("%s, %d distinct schedules from %d autoscheduler runs, Crop target %s, %d thread(s)" % (
        a.pipeline, len(cands), a.candidates, target.name, a.threads))
    print("  autoscheduler %.1f s; Crop: profile + predict %.1f s, build and time its top-%d %.1f s: pick %.3f ms "
          "(predicted %.3f ms)" % (t_search, t_crop, a.top_k, t_top, 1e3 * top[pick], 1e3 * secs[pick]))
    print("  the pick's schedule: %s.schedule.h" % cands[pick])
    if a.no_exhaustive:
        return 0
    t0 = time.time()
    every = {i: top[i] if i in top else measure(i) for i in range(len(cands))}
    t_all = time.time() - t0 + t_top
    best = min(every, key=every.get)
    print("  building and timing every schedule: %.1f s: best %.3f ms (Crop ranked it #%d)" % (
        t_all, 1e3 * every[best], ranked.index(best) + 1))
    print("  Crop's pick is within %.1f %% of the best measured" % (100 * (every[pick] / every[best] - 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
