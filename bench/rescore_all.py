#!/usr/bin/env python3
"""Rescores this machine's cached bench profiles against every CPU's committed ground truth, at 1 and 2
threads, and prints the development and validation halves side by side: the check a model change must pass
("keep a change only if the validation half improves, on every CPU with committed results",
docs/prediction.md). Each CPU is predicted with the descriptor its summary used (`summary.descriptor.yaml`
beside its ground truth) or, for results older than that file, its descriptor in the hwdb (bench/README.md).

    /usr/bin/python3 bench/rescore_all.py [--crop build/bin/crop] [--out build/bench] [--threads 1,2]
                                          [--target CPU_FOLDER=DESC ...] [--json FILE] [--common]
                                          [--per-program DIR]

--target overrides one CPU's descriptor (e.g. a copy with one measured figure changed). --common scores every
CPU on the programs all of them measured with the IR profiled here (a CPU whose ground truth predates a
program's IR change lacks it, and top-1 weighs a task by its best time: one missing schedule can decide it).
--per-program DIR writes each CPU's and thread count's predictions, measured times and bounds per program
(DIR/<cpu>-t<threads>.json, rescore.py --json), for comparing two models program by program.
Needs the profiles of a `bash bench/run.sh` here (profiles do not depend on the machine).
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results")

# CPUs whose committed summary predates summary.descriptor.yaml: the hwdb descriptor measured on that VM type.
HWDB_FOR = {
    "amd-epyc-family25-model1": "zen3-vm",
    "amd-epyc-family25-model17": "zen4-vm",
    "amd-epyc-family26-model2": "zen5-vm",
    "intel-xeon-family6-model207": "emr-vm",
}

ROW = re.compile(r"^\| (dev|val) half \((\d+) ranked, APE incl\. TVM\) \| ([0-9.]+) \| ([0-9.]+) \| ([-0-9.]+) \| "
                 r"([0-9.]+) % \| ([0-9.]+) % \|")


def descriptor_for(cpu_dir, overrides):
    """The descriptor to score `cpu_dir`'s ground truth with, or None."""
    name = os.path.basename(cpu_dir.rstrip("/"))
    if name in overrides:
        return overrides[name]
    beside = os.path.join(cpu_dir, "summary.descriptor.yaml")
    if os.path.exists(beside):
        return beside
    if name in HWDB_FOR:
        return os.path.join(ROOT, "hwdb", "targets", HWDB_FOR[name] + ".yaml")
    return None


def parse_halves(text):
    """{"dev"|"val": {top1, top5, tau, median_ape, mape, ranked_tasks}} from rescore.py's output."""
    out = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            out[m.group(1)] = {"ranked_tasks": int(m.group(2)), "top1": float(m.group(3)),
                               "top5": float(m.group(4)), "tau": float(m.group(5)),
                               "median_ape": float(m.group(6)) / 100, "mape": float(m.group(7)) / 100}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--crop", default=os.path.join(ROOT, "build", "bin", "crop"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench"))
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--target", action="append", default=[], metavar="CPU_FOLDER=DESC",
                    help="score this CPU folder (bench/results/<folder>) with DESC instead; repeatable")
    ap.add_argument("--json", help="write the table here")
    ap.add_argument("--per-program", metavar="DIR", help="write per-program predictions into DIR")
    ap.add_argument("--common", action="store_true",
                    help="score every CPU on the programs all CPUs measured (with the IR profiled here)")
    a = ap.parse_args(argv)
    overrides = {}
    for t in a.target:
        if "=" not in t:
            ap.error("--target takes CPU_FOLDER=DESC, got %r" % t)
        k, v = t.split("=", 1)
        overrides[k] = v
    threads = [int(n) for n in a.threads.split(",") if n]
    cpus = sorted(d for d in os.listdir(RESULTS) if os.path.exists(os.path.join(RESULTS, d, "groundtruth.json")))
    unknown = sorted(set(overrides) - set(cpus))
    if unknown:
        ap.error("--target names no CPU folder with a ground truth: %s (have: %s)" % (
            ", ".join(unknown), ", ".join(cpus)))
    table = []
    print("| CPU | threads | half | top-1 | top-5 | Kendall tau | median APE | MAPE | descriptor |")
    print("|---|---|---|---|---|---|---|---|---|")
    for cpu in cpus:
        desc = descriptor_for(os.path.join(RESULTS, cpu), overrides)
        if not desc:
            print("rescore_all: %s has no summary.descriptor.yaml and no known hwdb descriptor: skipped "
                  "(--target %s=DESC)" % (cpu, cpu), file=sys.stderr)
            continue
        also = []
        if a.common:
            for other in cpus:
                if other != cpu:
                    also += ["--also-measured-in", os.path.join(RESULTS, other, "groundtruth.json")]
        for n in threads:
            per = []
            if a.per_program:
                os.makedirs(a.per_program, exist_ok=True)
                per = ["--json", os.path.join(a.per_program, "%s-t%d.json" % (cpu, n))]
            r = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "rescore.py"), "--crop", a.crop,
                                "--out", a.out, "--target", desc, "--threads", str(n), "--jobs", str(a.jobs),
                                "--groundtruth", os.path.join(RESULTS, cpu, "groundtruth.json")] + also + per,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for line in r.stderr.strip().splitlines():
                print("  %s, %d thread(s): %s" % (cpu, n, line[:300]), file=sys.stderr)
            halves = parse_halves(r.stdout)
            if r.returncode != 0 or not halves:
                print("rescore_all: %s at %d thread(s) failed" % (cpu, n), file=sys.stderr)
                continue
            for h in ("dev", "val"):
                x = halves.get(h)
                if not x:
                    continue
                table.append(dict(cpu=cpu, threads=n, half=h, descriptor=os.path.relpath(desc, ROOT),
                                  common=a.common, **x))
                print("| %s | %d | %s | %.3f | %.3f | %.3f | %.1f %% | %.1f %% | %s |" % (
                    cpu, n, h, x["top1"], x["top5"], x["tau"], 100 * x["median_ape"], 100 * x["mape"],
                    os.path.relpath(desc, ROOT)))
            sys.stdout.flush()
    if a.json:
        with open(a.json, "w") as f:
            json.dump(table, f, indent=1)
    return 0 if table else 1


if __name__ == "__main__":
    sys.exit(main())
