#!/usr/bin/python3
"""Re-scores Crop on a bench run that already exists: cached profiles and ground truth, new predictions.

bench/run.sh profiles and measures every program; when only the predictor changes, this predicts the
profiles found in OUT/profiles again with the given crop binary and descriptor and prints the scores
(bench/suite/score.py's definitions) against OUT/groundtruth.json, overall and per task. Each profile
names the IR it came from (module.source, module.hash); a program's newest profile is used, and its
ground truth is the cached measurement of that IR hash under the current protocol (process CPU time
for 1 thread). TVM entries have one schedule per task: they count for APE only, as in the bench.

With --groundtruth bench/results/<cpu>/groundtruth.json it scores against another CPU's committed
measurements instead (matched by program id and IR hash), by default with the descriptor that CPU's
summary used (summary.descriptor.yaml beside it): a model change is checked on every CPU with results
from any machine, since profiles do not depend on the machine they were made on. Scores are given for
the development and validation halves (bench/suite/split.py) and for all programs.

Each JSON profile is predicted from a binary copy beside it (OUT/profiles/<key>.cprof), made on first use
and again when the JSON is newer: crop predict spends most of its time on a JSON profile in LLVM's JSON
parser, and a rescore predicts each profile once per thread count per CPU (Zen 3 VM, 2026-12-02, one CPU at
one thread: 70.6 s, 75.6 s the first time with copies, 27.7 s after, the same scores).

  /usr/bin/python3 bench/rescore.py [--out build/bench] [--crop build/bin/crop] [--target DESC] [--threads 1]
                           [--groundtruth FILE] [--json FILE] [--predict-flag=FLAG ...]
"""

import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from suite import groundtruth, score, split, tasks as T  # noqa: E402
from suite import programs as programs_mod  # noqa: E402


def programs(out, threads, committed=None, also=()):
    """[(program id, task, weight, profile paths, measured seconds)] from the cached run in `out`, measured
    here (out/groundtruth.json) or, with `committed`, on the CPU whose groundtruth.json that is. The paths
    are the program's profiles of its newest IR, newest first: a crop binary that cannot read the newest
    (a profile format from another build) may read an older one. `also`: other ground truths (loaded
    groundtruth.json objects) that must have measured the program's same IR at `threads` too, so that
    several CPUs are scored on one set of programs."""
    gt = json.load(open(os.path.join(out, "groundtruth.json"))) if committed is None else None
    weight = {t.name: t.weight for t in T.build_tasks()}
    newest = {}
    for path in glob.glob(os.path.join(out, "profiles", "*.json")):
        try:
            with open(path) as f:
                module = json.load(f)["module"]
        except (OSError, ValueError, KeyError):
            continue
        # The program id is the path under programs/ (a profile may come from another checkout's run).
        src = os.path.dirname(module["source"])
        pid = src.split("/programs/", 1)[1] if "/programs/" in src else os.path.relpath(
            src, os.path.join(out, "programs"))
        newest.setdefault(pid, []).append((os.path.getmtime(path), path, module["hash"], module.get("entry", ""),
                                           module.get("source", "")))
    # bench/run.sh profiles an IR once, under the first program that has it: schedules that compile to the
    # same IR (6 of tvm.maxpool's 16) share that profile, and need it under their own ids too.
    by_hash = {}
    for found in newest.values():
        for f in found:
            by_hash.setdefault(f[2], []).append(f)
    # A program's own profiles may be of an older IR (one whose hash held its build path): it takes the
    # shared ones of its current IR too, the newest wins.
    for ir in glob.glob(os.path.join(out, "programs", "*", "*", "kernel.ll")):
        pid = os.path.relpath(os.path.dirname(ir), os.path.join(out, "programs"))
        h = programs_mod.file_hash(ir)  # the bench's IR hash
        own = newest.setdefault(pid, [])
        if any(f[2] == h for f in own):
            continue
        own.extend(by_hash.get(h, []))
    newest = {pid: found for pid, found in newest.items() if found}
    rows = []
    for pid, found in sorted(newest.items()):
        found.sort(reverse=True)
        _, _, ir_hash, entry, source = found[0]
        paths = [f[1] for f in found if f[2] == ir_hash]
        task = pid.split("/")[0]
        # Seconds by thread count; a program that starts no threads is scored with the least of its runs
        # at every count (groundtruth.pooled), as bench/run.sh scores it.
        if committed is not None:
            e = committed["programs"].get(pid)
            if not e or e.get("ir_hash") != ir_hash:
                continue
            have = {int(k[1:]): v["seconds"] for k, v in e.items()
                    if k[:1] == "t" and k[1:].isdigit() and isinstance(v, dict)}
        else:
            # One module may hold several measured entries (the TVM examples): the key names the entry.
            have = {}
            for k, v in gt.items():
                if k.startswith(ir_hash + ":" + entry + "|") and k.endswith("|" + groundtruth.PROTOCOL):
                    n = k.rsplit("|", 2)[1]
                    if n[:1] == "t" and n[1:].isdigit():
                        have.setdefault(int(n[1:]), v["seconds"])
        if threads not in have:
            continue
        if any(not isinstance(o["programs"].get(pid, {}).get("t%d" % threads), dict)
               or o["programs"][pid].get("ir_hash") != ir_hash for o in also):
            continue
        serial = len(have) > 1 and not groundtruth.launches_threads(source)
        rows.append((pid, task, weight.get(task, 1), paths, groundtruth.pooled(have, serial)[threads]))
    return rows


def unmatched_programs(committed, threads, scored):
    """Ids measured at `threads` in a committed ground truth that are not among the `scored` ones."""
    return sorted(pid for pid, e in committed["programs"].items()
                  if isinstance(e.get("t%d" % threads), dict) and pid not in scored)


def default_target(out, committed_path):
    """The descriptor a score should use: the one the CPU's committed summary was made with (written beside its
    ground truth by bench/run.sh), or this machine's own from OUT. Anything else is a different machine model."""
    if committed_path:
        beside = os.path.join(os.path.dirname(os.path.abspath(committed_path)), "summary.descriptor.yaml")
        if os.path.exists(beside):
            return beside
        sys.exit("rescore: no summary.descriptor.yaml beside %s (its summary predates bench/run.sh keeping "
                 "it): pass --target, the hwdb/targets/*-vm.yaml of that CPU, knowing it may differ from the "
                 "descriptor the summary used" % committed_path)
    found = sorted(glob.glob(os.path.join(out, "host-*.yaml")))
    found = [f for f in found if not f.endswith("-quick.yaml")]
    if len(found) != 1:
        sys.exit("rescore: %s host descriptors in %s: pass --target" % (len(found) or "no", out))
    return found[0]


def binary_copy(crop, profile):
    """`profile` (JSON) as a binary profile beside it (P.cprof for P.json), made by `crop profile P.json -o
    P.cprof` the first time and whenever the JSON is newer; `profile` itself where crop cannot convert it.
    Reading the binary form takes crop predict about a third of the time (docs/profile-format.md): a rescore
    predicts each profile at every thread count for every CPU."""
    copy = profile[:-len(".json")] + ".cprof" if profile.endswith(".json") else None
    if copy is None:
        return profile
    if os.path.exists(copy) and os.path.getmtime(copy) >= os.path.getmtime(profile):
        return copy
    r = subprocess.run([crop, "profile", profile, "-o", copy, "--quiet"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return copy if r.returncode == 0 and os.path.exists(copy) else profile


def predict(crop, target, threads, profiles, extra=()):
    """Seconds per call predicted from the first of `profiles` the binary reads, what bounds it, and its last
    error."""
    err = ""
    for json_profile in profiles:
        profile = binary_copy(crop, json_profile)
        r = subprocess.run([crop, "predict", profile, "--target", target, "--threads", str(threads), "--json",
                            "--top", "0"] + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode == 0:
            data = json.loads(r.stdout)
            data = data[0] if isinstance(data, list) else data
            return data["seconds_per_call"], data.get("bound", ""), ""
        err = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit status %d" % r.returncode
    return None, "", err


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench"))
    ap.add_argument("--crop", default=os.path.join(ROOT, "build", "bin", "crop"))
    ap.add_argument("--target", default=None,
                    help="descriptor (default: with --groundtruth, the summary.descriptor.yaml beside it, the one "
                         "that CPU's summary used; without, this machine's host-*.yaml in OUT, as bench/run.sh)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--groundtruth", help="a CPU's committed bench/results/<cpu>/groundtruth.json to score "
                                          "against (default: this machine's measurements in OUT)")
    ap.add_argument("--json", help="write per-program predictions here")
    ap.add_argument("--also-measured-in", action="append", default=[], metavar="GROUNDTRUTH",
                    help="score only programs this ground truth measured too, with the same IR; repeatable "
                         "(rescore_all.py --common: every CPU on one set of programs)")
    ap.add_argument("--predict-flag", action="append",
                    default=["--warm-calls", "--vector-bits=%d" % programs_mod.NATIVE_VECTOR_BITS],
                    help="passed on to crop predict; repeatable (default: --warm-calls and the native "
                         "binaries' --vector-bits, as bench/run.sh)")
    args = ap.parse_args(argv)

    committed = None
    if args.groundtruth:
        with open(args.groundtruth) as f:
            committed = json.load(f)
        if committed.get("protocol") in groundtruth.CARRIED:
            print("rescore: %s was measured under protocol %s: its calls under %g s include the clocks' own cost"
                  % (args.groundtruth, committed.get("protocol"), groundtruth.CARRIED[committed.get("protocol")]),
                  file=sys.stderr)
        elif committed.get("protocol") != groundtruth.PROTOCOL:
            sys.exit("rescore: %s was measured under protocol %s, this bench uses %s" % (
                args.groundtruth, committed.get("protocol"), groundtruth.PROTOCOL))
    if args.target is None:
        args.target = default_target(args.out, args.groundtruth)
    also = []
    for path in args.also_measured_in:
        with open(path) as f:
            also.append(json.load(f))
    rows = programs(args.out, args.threads, committed, also)
    if not rows:
        sys.exit("rescore: no profile in %s has a measurement%s" % (
            args.out, " in " + args.groundtruth if args.groundtruth else ""))
    if committed is not None and not also:
        # A program measured there whose IR differs here is left out; say so, or two CPUs' scores
        # silently cover different programs (19 TVM programs did until 2026-11-29: bench/README.md).
        scored = {r[0] for r in rows}
        unmatched = unmatched_programs(committed, args.threads, scored)
        if unmatched:
            print("rescore: %d of the %d programs measured at %d thread(s) in %s have no profile of the same IR "
                  "in %s (left out): %s" % (len(unmatched), len(unmatched) + len(scored), args.threads,
                                            args.groundtruth, args.out, ", ".join(unmatched[:6])
                                            + (", ..." if len(unmatched) > 6 else "")), file=sys.stderr)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        results = list(ex.map(lambda r: predict(args.crop, args.target, args.threads, r[3], args.predict_flag),
                              rows))
    preds = [p for p, _, _ in results]
    failed = [(r[0], e) for r, (p, _, e) in zip(rows, results) if p is None]
    if failed:
        print("rescore: %d of %d programs have no prediction (left out of the scores); first: %s: %s"
              % (len(failed), len(rows), failed[0][0], failed[0][1]), file=sys.stderr)
    per_task = {}
    for (pid, task, w, _, meas), pred in zip(rows, preds):
        t = per_task.setdefault(task, {"weight": w, "items": []})
        t["items"].append((meas, pred))
    # The TVM example modules are single-schedule modules: APE only.
    ranked = {n: t for n, t in per_task.items() if T.ranked(n)}
    s = score.scores(ranked)
    all_apes = score.scores(per_task)
    half = split.halves({t: [r[0] for r in rows if r[1] == t] for t in per_task})
    by_half = {}
    for (pid, task, w, _, meas), pred in zip(rows, preds):
        t = by_half.setdefault(half[pid], {}).setdefault(task, {"weight": w, "items": [],
                                                               "rank": T.ranked(task)})
        t["items"].append((meas, pred))
    print("crop %s, target %s, %d thread(s), %d programs, measured %s" % (
        args.crop, args.target, args.threads, len(rows),
        committed.get("cpu", args.groundtruth) if committed else "here"))
    print("| tasks | top-1 | top-5 | Kendall tau | median APE | MAPE |")
    print("|---|---|---|---|---|---|")
    print("| ranked (%d) | %.3f | %.3f | %.3f | %.1f %% | %.1f %% |" % (
        s["ranked_tasks"], s["top1"], s["top5"], s["tau"], 100 * s["median_ape"], 100 * s["mape"]))
    print("| all, APE incl. TVM | | | | %.1f %% | %.1f %% |" % (100 * all_apes["median_ape"], 100 * all_apes["mape"]))
    for h in ("dev", "val"):
        x = score.scores(by_half.get(h, {}))
        print("| %s half (%d ranked, APE incl. TVM) | %.3f | %.3f | %.3f | %.1f %% | %.1f %% |" % (
            h, x["ranked_tasks"], x["top1"], x["top5"], x["tau"], 100 * x["median_ape"], 100 * x["mape"]))
    print()
    print("| task | n | Kendall tau | top-1 | median APE | median pred/meas |")
    print("|---|---|---|---|---|---|")
    for name, t in sorted(per_task.items()):
        items = [(m, p) for m, p in t["items"] if p]
        if not items:
            continue
        ratios = sorted(p / m for m, p in items)
        apes = sorted(abs(p - m) / m for m, p in items)
        tau = score.kendall_tau_b([p for _, p in items], [m for m, _ in items]) if len(items) > 1 else float("nan")
        top1 = min(m for m, _ in items) / score.expected_topk_min(items, 1)
        print("| %s | %d | %.2f | %.2f | %.0f %% | %.2f |" % (name + (" (val only)" if split.validation_only(name) else ""),
                                                              len(items), tau, top1,
                                                              100 * score.median(apes), score.median(ratios)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"program": r[0], "half": half[r[0]], "measured": r[4], "predicted": p, "bound": b}
                       for r, (p, b, _) in zip(rows, results)], f,
                      indent=1)


if __name__ == "__main__":
    main()
