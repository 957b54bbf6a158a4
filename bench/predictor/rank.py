#!/usr/bin/env python3
"""How long a tuner waits for Crop to rank candidates it has already profiled (issue 14's target:
1 000 candidates for one target in at most 0.5 s in-process, the Python call included).

Candidates are the suite's profiles (build/bench/profiles, from bench/run.sh): every program's newest
profile, repeated until there are N. Prints, as a table: loading them from JSON files and from binary
(.cprof) files, then `Target.rank` over all N in a fresh process's memo (each distinct profile predicted
for the first time; repeats hit the memo, as a tuner's re-proposed candidates do) and again (all
memoized).

    python3 bench/predictor/rank.py [--profiles build/bench/profiles] [--target epyc7763] [-n 1000]
"""
import argparse
import glob
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
import crop  # noqa: E402


def newest_profiles(folder):
    """One path per program (module source + entry + hash): its newest profile."""
    newest = {}
    for path in glob.glob(os.path.join(folder, "*.json")):
        try:
            with open(path, "rb") as f:
                f.seek(max(0, os.path.getsize(path) - 4096))
                tail = f.read().decode("utf-8", "replace")
            # Keys are written sorted: the module object sits near the end.
            start = tail.index('"module"')
            module = json.loads(tail[tail.index("{", start):tail.index("}", start) + 1])
        except (OSError, ValueError):
            continue
        key = (module.get("source"), module.get("entry"), module.get("hash"))
        mtime = os.path.getmtime(path)
        if key not in newest or newest[key][0] < mtime:
            newest[key] = (mtime, path)
    return sorted(p for _, p in newest.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profiles", default=os.path.join(ROOT, "build", "bench", "profiles"))
    ap.add_argument("--target", default="epyc7763")
    ap.add_argument("-n", type=int, default=1000)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    paths = newest_profiles(a.profiles)
    if not paths:
        sys.exit("no profiles in %s: run bash bench/run.sh first" % a.profiles)
    t = crop.Target(a.target)

    t0 = time.perf_counter()
    loaded = [crop.Profile.load(p) for p in paths]
    json_s = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as d:
        bins = []
        for i, p in enumerate(loaded):
            bins.append(os.path.join(d, "%d.cprof" % i))
            p.save(bins[-1])
        t0 = time.perf_counter()
        loaded = [crop.Profile.load(p) for p in bins]
        bin_s = time.perf_counter() - t0
    candidates = [loaded[i % len(loaded)] for i in range(a.n)]

    t0 = time.perf_counter()
    order = t.rank(candidates, threads=a.threads)
    first_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    again = t.rank(candidates, threads=a.threads)
    memo_s = time.perf_counter() - t0
    assert order == again, "a memoized ranking differs from the first"

    print("Ranking already-profiled candidates in-process (crop.Target.rank), target %s, %d thread(s)"
          % (a.target, a.threads))
    print()
    print("| step | items | seconds | ms per item |")
    print("|---|---|---|---|")
    for name, n, s in (("load JSON profiles", len(paths), json_s),
                       ("load binary profiles (.cprof)", len(paths), bin_s),
                       ("rank, fresh memo (%d distinct)" % len(paths), a.n, first_s),
                       ("rank again, memoized", a.n, memo_s)):
        print("| %s | %d | %.3f | %.3f |" % (name, n, s, 1e3 * s / n))


if __name__ == "__main__":
    main()
