#!/usr/bin/env python3
"""Profiling wall time of two crop binaries on the same suite programs, interleaved.

The machine's speed drifts (other tenants, clocks), so two passes of bench/profile/suite.py an hour apart
do not compare. This profiles each of N programs drawn with a seed from a bench run (build/bench) with
binary A, then B, then A, then B (as the bench does: --sample-rate 0.1, the native codegen CPU), keeps
each binary's best wall time per program and prints the median of each and of their ratio, and the
programs that changed most.

    python3 bench/profile/compare.py OLD_CROP NEW_CROP [--out build/bench] [--programs 40] [--seed 7]
                                     [--flags-a=--sample-time=8] [--flags-b=--sample-tasks=9] [--max-native 0.01]

With the same binary twice and --flags-b it compares two settings (docs/profiling.md, "Task sampling");
--flags-a and --flags-b together compare two binaries under the same setting (e.g. time sampling);
--max-native keeps programs whose native call (this machine's build/bench ground truth) takes at most
that many seconds, as bench/profile/suite.py does.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from suite import groundtruth, programs  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="the baseline crop binary")
    ap.add_argument("b", help="the crop binary to compare")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench"))
    ap.add_argument("--programs", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--flags-a", action="append", default=[], help="extra crop profile argument for A; repeatable")
    ap.add_argument("--flags-b", action="append", default=[], help="extra crop profile argument for B; repeatable")
    ap.add_argument("--max-native", type=float, default=0, help="only programs of at most this many seconds "
                                                               "per native call here (0: all)")
    ap.add_argument("--groundtruth", help="--max-native against this committed bench/results/<cpu>/"
                                          "groundtruth.json (default: this machine's, OUT/groundtruth.json)")
    a = ap.parse_args()

    progs, _ = programs.build_all(a.out, crop_bin=a.b, log=lambda *_: None)
    if a.max_native:
        native = groundtruth.one_thread_seconds(a.out, a.groundtruth)
        progs = [p for p in progs if (native(p) or float("inf")) <= a.max_native]
    random.Random(a.seed).shuffle(progs)
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for i, p in enumerate(progs[:a.programs]):
            best = {}
            for which, crop in ((0, a.a), (1, a.b), (0, a.a), (1, a.b)):
                cmd = [crop, "profile", p.ir, "--entry", p.entry, "-o", os.path.join(d, "p.cprof"),
                       "--sample-rate", "0.1", "--codegen-cpu", programs.NATIVE_CPU]
                for arg in p.args:
                    cmd += ["--arg", arg]
                cmd += a.flags_b if which == 1 else a.flags_a
                t0 = time.perf_counter()
                r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                wall = time.perf_counter() - t0
                if r.returncode == 0:
                    best[which] = min(best.get(which, wall), wall)
            if 0 in best and 1 in best:
                rows.append((p.id, best[0], best[1]))
            if sys.stderr.isatty():
                sys.stderr.write("\rprofiled %d/%d" % (i + 1, a.programs))
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    if not rows:
        sys.exit("nothing profiled: run bash bench/run.sh first")
    print("| programs | median wall A s | median wall B s | median B / A |")
    print("|---|---|---|---|")
    print("| %d | %.3f | %.3f | %.3f |" % (len(rows), statistics.median(r[1] for r in rows),
                                         statistics.median(r[2] for r in rows),
                                         statistics.median(r[2] / r[1] for r in rows)))
    print()
    print("| most changed | A s | B s |")
    print("|---|---|---|")
    for r in sorted(rows, key=lambda r: r[2] / r[1])[:8]:
        print("| %s | %.3f | %.3f |" % r)


if __name__ == "__main__":
    main()
