#!/usr/bin/env python3
"""Prints two `crop microbench` runs side by side with their spreads, then
compares them with a reference descriptor (default epyc7763) and flags every
difference above 25 %. Used by bench/microbench/run.sh."""
import sys

import yaml

UNITS = {"B": 1, "KiB": 1024, "MiB": 1 << 20, "GiB": 1 << 30, "KB": 1e3,
         "kB": 1e3, "MB": 1e6, "GB": 1e9, "B/s": 1, "KB/s": 1e3,
         "kB/s": 1e3, "MB/s": 1e6, "GB/s": 1e9, "TB/s": 1e12,
         "KiB/s": 1024, "MiB/s": 1 << 20, "GiB/s": 1 << 30, "Hz": 1,
         "kHz": 1e3, "MHz": 1e6, "GHz": 1e9, "cycles": 1, "cycle": 1}


def qty(v):
    """'32 KiB' -> 32768.0; plain numbers pass through."""
    if isinstance(v, (int, float)):
        return float(v)
    num, _, unit = str(v).strip().partition(" ")
    return float(num) * UNITS.get(unit.strip(), 1)


def read_tsv(path):
    rows = {}
    with open(path) as f:
        next(f)
        for line in f:
            what, value, unit, spread = line.rstrip("\n").split("\t")
            rows[what] = (float(value), unit, float(spread))
    return rows


def figures(desc):
    """The comparable numbers of a CPU descriptor, name -> (value, unit)."""
    c = desc["cpu"]
    out = {"frequency": (qty(c["frequency"]) / 1e9, "GHz"),
           "issue_width": (qty(c["issue_width"]), "")}
    for unit, n in sorted(c["units"].items()):
        out["units." + unit] = (float(n), "")
    for lvl in c["caches"]:
        n = lvl["name"]
        out[n + " size"] = (qty(lvl["size"]) / 1024, "KiB")
        out[n + " latency"] = (qty(lvl["latency"]), "cycles")
        if "bandwidth_per_core" in lvl:
            out[n + " bandwidth 1 core"] = (qty(lvl["bandwidth_per_core"]) / 1e9, "GB/s")
    out["RAM latency"] = (qty(c["ram"]["latency"]), "cycles")
    if "bandwidth_per_core" in c["ram"]:
        out["RAM bandwidth 1 core"] = (qty(c["ram"]["bandwidth_per_core"]) / 1e9, "GB/s")
    out["max_outstanding_misses"] = (float(c.get("max_outstanding_misses", 0)), "")
    out["mispredict_penalty"] = (qty(c["mispredict_penalty"]), "cycles")
    for key, cost in sorted(c["instructions"].items()):
        out[key + " latency"] = (qty(cost["latency"]), "cycles")
        out[key + " throughput"] = (qty(cost["throughput"]), "cycles")
    return out


def main(run1_yaml, run1_tsv, run2_yaml, run2_tsv, ref_yaml):
    r1, r2 = read_tsv(run1_tsv), read_tsv(run2_tsv)
    d1 = yaml.safe_load(open(run1_yaml))
    d2 = yaml.safe_load(open(run2_yaml))
    ref = yaml.safe_load(open(ref_yaml))
    print(f"# crop microbench on this host, twice; reference {ref['name']}\n")
    print(f"host: {d1['summary']}\n")
    print("## Both runs (value, spread = (median - min) / min over the "
          "repeats; run-to-run = |run2 - run1| / run1)\n")
    print("| measurement | unit | run 1 | spread 1 | run 2 | spread 2 | run-to-run |")
    print("|---|---|---:|---:|---:|---:|---:|")
    big = []
    for what, (v1, unit, s1) in r1.items():
        if what not in r2:
            continue
        v2, _, s2 = r2[what]
        rr = abs(v2 - v1) / v1 if v1 else 0.0
        if rr > 0.10:
            big.append(what)
        print(f"| {what} | {unit} | {v1:.3g} | {s1:.1%} | {v2:.3g} | {s2:.1%} | {rr:.1%} |")
    print(f"\n{len(big)} of {len(r1)} measurements moved more than 10 % "
          f"between the runs: {', '.join(big[:30])}{' ...' if len(big) > 30 else ''}\n")

    f1, f2, fr = figures(d1), figures(d2), figures(ref)
    print(f"## This host against {ref['name']} (mean of the two runs; "
          f"ratio = host / {ref['name']}; ** = differs by more than 25 %)\n")
    print(f"| figure | unit | this host | {ref['name']} | ratio | |")
    print("|---|---|---:|---:|---:|---|")
    flagged = 0
    common = [k for k in fr if k in f1 and k in f2]
    for k in common:
        host = (f1[k][0] + f2[k][0]) / 2
        r = fr[k][0]
        ratio = host / r if r else float("inf")
        flag = "**" if (ratio > 1.25 or ratio < 0.8) else ""
        flagged += bool(flag)
        print(f"| {k} | {fr[k][1]} | {host:.3g} | {r:.3g} | {ratio:.2f} | {flag} |")
    only_ref = [k for k in fr if k not in f1]
    print(f"\n{flagged} of {len(common)} shared figures differ by more than "
          f"25 % (explained in docs/microbench.md); {len(only_ref)} "
          f"{ref['name']} figures have no measured counterpart.")


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit("usage: compare.py run1.yaml run1.tsv run2.yaml run2.tsv ref.yaml")
    main(*sys.argv[1:])
