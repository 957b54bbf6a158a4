#!/usr/bin/env python3
"""Profiling cost on the suite's programs (issue 14's targets: for programs whose native call takes at most
10 ms, a median of at most 0.3 s wall and 30x one native call).

Profiles each already built program of a bench run (build/bench: programs and their measured native times
from `bash bench/run.sh`), one at a time, as the bench does (`--sample-rate 0.1`, the native codegen CPU),
and splits crop's wall time into the instrumented run and the JIT's compile of the instrumented module
(crop's own reports) and the rest (starting crop, reading the IR, the static analysis, the machine code
per block where it outlasts the run). Prints a table per source and overall.

    python3 bench/profile/suite.py [--out build/bench] [--max-native 0.01] [--sample N] [--seed S] [--worst N]
                                   [--sample-tasks K] [--sample-time K] [--groundtruth FILE]

--groundtruth bench/results/<cpu>/groundtruth.json takes the native times from a CPU's committed
measurements (same program id and IR hash) instead of this machine's: on a machine that has built the
suite's programs but not measured them, or to compare against another CPU's native speed.

--sample-tasks K profiles as `crop profile --sample-tasks K` (task sampling, docs/profiling.md), --sample-time K
as `crop profile --sample-time K` (time sampling).
"""
import argparse
import os
import random
import re
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
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench"))
    ap.add_argument("--crop", default=os.path.join(ROOT, "build", "bin", "crop"))
    ap.add_argument("--max-native", type=float, default=0.01, help="seconds per native call (default 0.01)")
    ap.add_argument("--groundtruth", help="native times from this committed bench/results/<cpu>/groundtruth.json "
                                          "(default: this machine's, OUT/groundtruth.json)")
    ap.add_argument("--sample", type=int, default=0, help="profile this many programs (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worst", type=int, default=0, help="also list this many slowest programs")
    ap.add_argument("--sample-tasks", type=int, default=0, help="crop profile --sample-tasks (default 0: every task)")
    ap.add_argument("--sample-time", type=int, default=0, help="crop profile --sample-time (default 0: every access)")
    a = ap.parse_args()

    native = groundtruth.one_thread_seconds(a.out, a.groundtruth)
    cpu = groundtruth.cpu_model()
    progs, _ = programs.build_all(a.out, crop_bin=a.crop, log=lambda *_: None)
    rows = []
    todo = []
    for p in progs:
        t = native(p)
        if t is not None and t <= a.max_native:
            todo.append((p, t))
    if a.sample and a.sample < len(todo):
        random.Random(a.seed).shuffle(todo)
        todo = todo[:a.sample]
    with tempfile.TemporaryDirectory() as d:
        for i, (p, native) in enumerate(todo):
            cmd = [a.crop, "profile", p.ir, "--entry", p.entry, "-o", os.path.join(d, "p.cprof"),
                   "--sample-rate", "0.1", "--codegen-cpu", programs.NATIVE_CPU]
            if a.sample_tasks:
                cmd += ["--sample-tasks", str(a.sample_tasks)]
            if a.sample_time:
                cmd += ["--sample-time", str(a.sample_time)]
            for arg in p.args:
                cmd += ["--arg", arg]
            t0 = time.perf_counter()
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            wall = time.perf_counter() - t0
            ran = re.search(r"ran for ([0-9.e+-]+) s", r.stderr)
            jit = re.search(r"compiled the instrumented module in ([0-9.e+-]+) s", r.stderr)
            if r.returncode != 0 or not ran:
                print("failed: %s: %s" % (p.id, r.stderr.strip()[-200:]), file=sys.stderr)
                continue
            rows.append((p.task.source, wall, float(ran.group(1)), native, p.id,
                         float(jit.group(1)) if jit else 0.0))
            if sys.stderr.isatty():
                sys.stderr.write("\rprofiled %d/%d" % (i + 1, len(todo)))
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    if not rows:
        sys.exit("nothing profiled: run bash bench/run.sh first")

    print("Profiling the suite's programs of at most %g ms per native call (%s), one at a time%s"
          % (1e3 * a.max_native, cpu, (", %d tasks a launch traced" % a.sample_tasks if a.sample_tasks else "")
             + (", one chunk of accesses in %d recorded" % a.sample_time if a.sample_time else "")))
    print()
    print("| source | programs | median wall s | p90 wall s | wall <= 0.3 s | median run s | median JIT s "
          "| median rest s | median wall / native |")
    print("|---|---|---|---|---|---|---|---|---|")
    for src in sorted({r[0] for r in rows}) + ["all"]:
        rs = [r for r in rows if src in ("all", r[0])]
        wall = sorted(r[1] for r in rs)
        print("| %s | %d | %.3f | %.3f | %.0f %% | %.3f | %.3f | %.3f | %.0fx |" % (
            src, len(rs), statistics.median(wall), wall[int(0.9 * (len(wall) - 1))],
            100.0 * sum(w <= 0.3 for w in wall) / len(wall), statistics.median(r[2] for r in rs),
            statistics.median(r[5] for r in rs), statistics.median(r[1] - r[2] - r[5] for r in rs),
            statistics.median(r[1] / r[3] for r in rs)))
    if a.worst:
        print()
        print("| slowest programs | native ms | wall s | run s | JIT s | rest s | wall / native |")
        print("|---|---|---|---|---|---|---|")
        for r in sorted(rows, key=lambda r: -r[1])[:a.worst]:
            print("| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.0fx |" % (r[4], 1e3 * r[3], r[1], r[2], r[5],
                                                                   r[1] - r[2] - r[5], r[1] / r[3]))


if __name__ == "__main__":
    main()
