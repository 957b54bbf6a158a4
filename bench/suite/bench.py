"""Crop's evaluation suite: builds the programs, measures them, runs Crop and its peers, scores, reports.

Run through bench/run.sh; `--help` lists the options.
"""

import argparse
import concurrent.futures
import datetime
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time

from . import groundtruth, peers, programs, score, split

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
RESULTS = os.path.join(ROOT, "bench", "results")
MODELS = ["crop", "crop-no-mem", "llvm-mca", "roofline"]
MODEL_TITLES = {"crop": "Crop", "crop-no-mem": "Crop --no-memory-model", "llvm-mca": "llvm-mca x counts",
                "roofline": "roofline"}


def log(msg):
    print(msg, flush=True)


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/run.sh", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="a subset that runs in about 3 minutes")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench"), help="build/measurement folder")
    ap.add_argument("--results", default=None,
                    help="where reports go (default: bench/results/<this CPU model>/, one folder per CPU model; "
                         "bench/results/README.md lists every CPU's latest figures)")
    ap.add_argument("--crop", default=os.path.join(ROOT, "build", "bin", "crop"), help="crop binary")
    ap.add_argument("--target", default=None,
                    help="descriptor for the predictions (default: this machine's, from crop microbench)")
    ap.add_argument("--threads", default="1,2", help="thread counts to measure and predict")
    ap.add_argument("--only", default=None, help="comma-separated task names")
    ap.add_argument("--per-task", type=int, default=None, help="at most this many schedules per task")
    ap.add_argument("--sample-rate", type=float, default=0.1,
                    help="crop profile --sample-rate (SHARDS reuse sampling; default 0.1, 1 = exact)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel builds")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--remeasure", type=float, default=None, metavar="SPREAD",
                    help="re-measure cached timings whose process medians differ by more than SPREAD "
                         "(a fraction) and keep the minimum over sessions")
    ap.add_argument("--summary-name", default="summary", help="base name of the Markdown/JSON report")
    return ap.parse_args(argv)


def host_descriptor(args, crop, out):
    """(descriptor path, name for --target, seconds spent in crop microbench or None, note)."""
    hwdb = os.path.join(ROOT, "hwdb", "targets")
    if args.target:
        path = args.target if os.path.exists(args.target) else os.path.join(hwdb, args.target + ".yaml")
        return path, args.target, None, "given"
    cpu = groundtruth.cpu_model()
    tag = "".join(c if c.isalnum() else "_" for c in cpu)[:60]
    path = os.path.join(out, "host-%s%s.yaml" % (tag, "-quick" if args.quick else ""))
    if os.path.exists(path):
        return path, path, None, "crop microbench (cached)"
    if crop and os.path.exists(crop.binary) and crop._has("microbench"):
        cmd = [crop.binary, "microbench", "-o", path] + (["--quick"] if args.quick else [])
        t0 = time.time()
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        dt = time.time() - t0
        if r.returncode == 0 and os.path.exists(path):
            return path, path, dt, "crop microbench%s" % (" --quick" if args.quick else "")
        log("  crop microbench failed (%s); falling back to hwdb epyc7763" % r.stderr.strip()[-200:])
    return os.path.join(hwdb, "epyc7763.yaml"), "epyc7763", None, \
        "hwdb epyc7763 (no crop microbench here; NOT this machine's measured descriptor)"


def fmt(v, pct=False):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "—"
    return ("%.1f %%" % (100 * v)) if pct else ("%.3f" % v)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    t_start = time.time()
    os.makedirs(args.out, exist_ok=True)
    if args.results is None:
        args.results = os.path.join(RESULTS, split.cpu_slug(groundtruth.cpu_model()))
    os.makedirs(args.results, exist_ok=True)
    threads = [int(t) for t in args.threads.split(",")]
    only = set(args.only.split(",")) if args.only else None
    per_task = args.per_task or (4 if args.quick else None)
    cpu = groundtruth.cpu_model()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    log("Crop bench: %s, %s, %s" % (cpu, date, "quick" if args.quick else "full"))

    # 1. Programs.
    t0 = time.time()
    progs, failed = programs.build_all(args.out, quick=args.quick, only=only, per_task=per_task,
                                       jobs=args.jobs, log=log, crop_bin=args.crop)
    t_build = time.time() - t0
    log("built %d programs (%d failed) in %.0f s" % (len(progs), len(failed), t_build))

    # 2. Ground truth.
    t0 = time.time()
    cache = groundtruth.Cache(os.path.join(args.out, "groundtruth.json"))
    gt = {}
    for i, p in enumerate(progs):
        for n in threads:
            try:
                gt[(p.id, n)] = groundtruth.measure(p, n, cache, cpu, quick=args.quick, refresh=args.remeasure,
                                                    log=log)
            except Exception as e:
                log("  measure failed: %s t%d: %s" % (p.id, n, e))
        if i % 20 == 19:
            cache.save()
            log("  measured %d/%d" % (i + 1, len(progs)))
    cache.save()
    t_measure = time.time() - t0
    log("ground truth in %.0f s" % t_measure)

    # 3. Crop and peers.
    crop = peers.Crop(args.crop, None, args.out, log=log) if os.path.exists(args.crop) else None
    desc_path, target, t_micro, desc_note = host_descriptor(args, crop, args.out)
    machine = peers.Machine(peers.load_descriptor(desc_path, args.crop))
    log("descriptor: %s (%s)" % (desc_path, desc_note))
    if crop:
        crop.target = target
    pred = {}  # (model, prog id, threads) -> seconds
    notes = []
    prof_times, prof_cached, pred_times, sim_rates = [], 0, [], []
    peer_cache = groundtruth.Cache(os.path.join(args.out, "peers.json"))
    if not crop or not crop.ok_profile or not crop.ok_predict:
        notes.append("crop profile/predict not available in %s: Crop and llvm-mca rows are empty" % args.crop)
    if crop and crop.ok_predict and not crop.no_mem_flag:
        notes.append("crop predict has no --no-memory-model option: that row is empty")
    t0 = time.time()
    for p in progs:
        for n in threads:
            r = peers.roofline(p.task, machine, n)
            if r:
                pred[("roofline", p.id, n)] = r
    profiles = {}
    if crop and crop.ok_profile and crop.ok_predict:
        # Profiles run two at a time (the machine has 2 cores); nothing is being timed meanwhile.
        def prof(p):
            return p, crop.profile(p, sample_rate=args.sample_rate)

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            futs = [ex.submit(prof, p) for p in progs]
            for k, f in enumerate(concurrent.futures.as_completed(futs)):
                try:
                    p, (path, dt, cached) = f.result()
                except Exception as e:
                    log("  %s" % str(e).splitlines()[0][:300])
                    continue
                profiles[p.id] = path
                if cached:
                    prof_cached += 1
                else:
                    prof_times.append((p.id, dt))
                if k % 20 == 19:
                    log("  profiled %d/%d" % (k + 1, len(progs)))
        log("profiles in %.0f s (%d new, %d cached)" % (time.time() - t0, len(prof_times), prof_cached))
    def predict_one(p):
        """Crop, Crop without memory model and llvm-mca for one program: ({key: seconds}, [times], [logs])."""
        out, times, logs, rates = {}, [], [], []
        prof = profiles.get(p.id)
        for n in threads:
            try:
                js, dt = crop.predict(prof, n)
                times.append(dt)
                out[("crop", p.id, n)] = js["seconds_per_call"]
                for k in ("simulated_instructions_per_second", "sim_instructions_per_second"):
                    if k in js:
                        rates.append(js[k])
                try:
                    m = peers.mca_seconds(p, js, machine, peer_cache)
                    if m:
                        out[("llvm-mca", p.id, n)] = m
                except Exception as e:
                    logs.append("  llvm-mca peer failed on %s: %s" % (p.id, str(e).splitlines()[0][:200]))
                js2, _ = crop.predict(prof, n, no_memory=True)
                if js2:
                    out[("crop-no-mem", p.id, n)] = js2["seconds_per_call"]
            except Exception as e:
                logs.append("  %s: %s" % (p.id, str(e).splitlines()[0][:300]))
        return out, times, logs, rates

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(predict_one, p) for p in progs if p.id in profiles]
        for k, f in enumerate(concurrent.futures.as_completed(futs)):
            out, times, logs, rates = f.result()
            pred.update(out)
            pred_times.extend(times)
            sim_rates.extend(rates)
            for l in logs:
                log(l)
            if k % 40 == 39:
                log("  predicted %d/%d" % (k + 1, len(futs)))
    peer_cache.save()
    t_models = time.time() - t0
    # Simulator speed: the pipeline simulator's own bench (bench/simulator) on a few of the suite's programs.
    simbench = os.path.join(os.path.dirname(os.path.abspath(args.crop)), "crop_bench_simulator")
    if os.path.exists(simbench) and progs:
        files = []
        for src in ("c", "halide"):
            files += [p.ir for p in progs if p.task.source == src][:2]
        try:
            r = subprocess.run([simbench, "--target", target, "--seconds", "0.3"] + files, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, timeout=120)
            for line in r.stdout.splitlines():
                f = line.split()
                if len(f) == 9:
                    try:
                        sim_rates.append(float(f[5]) * 1e6)
                    except ValueError:
                        pass
        except Exception as e:
            log("  crop_bench_simulator failed: %s" % e)

    # 4. Scores: all programs, per source, and the development and validation halves (split.py).
    results = {}
    sources = sorted(set(p.task.source for p in progs))
    half = split.halves(group_ids(progs))
    # Scored against: a program that starts no threads has one time, the least of its runs at every
    # thread count (groundtruth.pooled); the committed ground truth keeps each count's own runs.
    scored, n_serial = pooled_groundtruth(progs, gt, threads)
    if n_serial:
        notes.append("ground truth of the %d programs that start no threads: the least of their runs at %s "
                     "threads (one program, one time; bench/README.md)" % (
                         n_serial, " and ".join(str(n) for n in threads)))
    for n in threads:
        for model in MODELS:
            row = {}
            for src in [None] + sources + ["dev", "val"]:
                tasks = {}
                for p in progs:
                    if src in ("dev", "val"):
                        if half[p.id] != src:
                            continue
                    elif src and p.task.source != src:
                        continue
                    g = scored.get((p.id, n))
                    if not g:
                        continue
                    # A TVM module's programs are its different entry functions, not schedules of one
                    # operator: they count for APE only.
                    t = tasks.setdefault(p.task.name, {"weight": p.task.weight, "items": [],
                                                       "rank": p.task.source != "tvm-example"})
                    t["items"].append((g["seconds"], pred.get((model, p.id, n))))
                row[src or "all"] = score.scores(tasks)
            results["%s|t%d" % (model, n)] = row

    # 5. Report.
    md = render(args, progs, failed, scored, pred, results, threads, sources, cpu, date, desc_path, desc_note,
                notes, t_build, t_measure, t_models, t_micro, prof_times, prof_cached, pred_times, sim_rates,
                time.time() - t_start, half)
    print(md)
    base = os.path.join(args.results, args.summary_name)
    write_atomic(base + ".md", md)
    summary = {"date": date, "cpu": cpu, "quick": args.quick, "descriptor": desc_note,
               "descriptor_path": os.path.relpath(desc_path, ROOT) if desc_path.startswith(ROOT) else desc_path,
               "programs": len(progs), "tasks": len(set(p.task.name for p in progs)), "scores": results,
               "split": {"seed": split.SEED, "validation_only_tasks": sorted(
                   set(p.task.name for p in progs if split.validation_only(p.task.name)))},
               "notes": notes}
    write_atomic(base + ".json", json.dumps(summary, indent=1, sort_keys=True))
    # This CPU's measurements, committed beside its summary, so a session on another CPU can score a model
    # change against them (bench/rescore.py --groundtruth): profiles are hardware-independent.
    if not args.quick and not only and not args.per_task:
        save_groundtruth(os.path.join(args.results, "groundtruth.json"), progs, gt, threads, cpu)
        # The descriptor the summary's predictions used, beside it: rescoring a model change against this
        # CPU's ground truth with any other descriptor (an older microbench run of the same VM type) moves
        # every prediction (Zen 4, 2026-11-28: validation MdAPE 11.5 % in its summary, 25.8 % rescored with
        # hwdb/targets/zen4-vm.yaml from two days before; the summary's own descriptor was not kept).
        with open(desc_path) as f:
            write_atomic(base + ".descriptor.yaml", f.read())
    if os.path.dirname(os.path.abspath(args.results)) == RESULTS:
        write_index(RESULTS)
    # Per-program data (not committed): measured and predicted seconds.
    rows = []
    for p in progs:
        for n in threads:
            g = scored.get((p.id, n))
            rows.append({"program": p.id, "source": p.task.source, "threads": n, "schedule": p.schedule,
                         "ir_hash": p.ir_hash, "measured": g,
                         "predicted": {m: pred.get((m, p.id, n)) for m in MODELS}})
    with open(os.path.join(args.out, "programs.json"), "w") as f:
        json.dump(rows, f, indent=1)
    if not args.no_plots:
        try:
            plot(args, progs, scored, pred, threads)
        except Exception as e:
            log("plots failed: %s" % e)
    return 0


def group_ids(progs):
    out = {}
    for p in progs:
        out.setdefault(p.task.name, []).append(p.id)
    return out


def write_atomic(path, text):
    tmp = "%s.tmp.%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def pooled_groundtruth(progs, gt, threads):
    """gt with the seconds of each program that starts no threads pooled over the thread counts
    (groundtruth.pooled), and how many such programs were measured at more than one count."""
    scored = dict(gt)
    n_serial = 0
    for p in progs:
        have = {n: gt[(p.id, n)]["seconds"] for n in threads if (p.id, n) in gt}
        if len(have) < 2 or groundtruth.launches_threads(p.ir):
            continue
        n_serial += 1
        for n, sec in groundtruth.pooled(have, True).items():
            scored[(p.id, n)] = dict(gt[(p.id, n)], seconds=sec)
    return scored, n_serial


def save_groundtruth(path, progs, gt, threads, cpu):
    """{program id: {"ir_hash", "entry", "t1": {seconds, spreads}, ...}} for this CPU, merged into what is there."""
    data = {"cpu": cpu, "protocol": groundtruth.PROTOCOL, "programs": {}}
    if os.path.exists(path):
        try:
            with open(path) as f:
                old = json.load(f)
            if old.get("protocol") == groundtruth.PROTOCOL:
                data["programs"] = old.get("programs", {})
        except (OSError, ValueError):
            pass
    for p in progs:
        e = {"ir_hash": p.ir_hash, "entry": p.entry, "task": p.task.name}
        for n in threads:
            g = gt.get((p.id, n))
            if g:
                e["t%d" % n] = {k: g[k] for k in ("seconds", "spread_p10_p90", "spread_between_processes") if k in g}
        if any(k.startswith("t") and k != "task" for k in e):
            data["programs"][p.id] = e
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True))


def write_index(root):
    """bench/results/README.md: every CPU's latest summaries side by side (Crop on both halves, 1 and 2 threads)."""
    rows = []
    for d in sorted(os.listdir(root)):
        if not os.path.isdir(os.path.join(root, d)):
            continue
        for name in sorted(os.listdir(os.path.join(root, d))):
            if not (name.startswith("summary") and name.endswith(".json")):
                continue
            try:
                with open(os.path.join(root, d, name)) as f:
                    s = json.load(f)
            except (OSError, ValueError):
                continue
            for key, r in sorted(s.get("scores", {}).items()):
                model, t = key.split("|")
                if model != "crop":
                    continue
                cells = []
                for h in ("dev", "val", "all"):
                    a = r.get(h)
                    cells += ([fmt(a["top1"]), fmt(a["top5"]), fmt(a["tau"]), fmt(a["median_ape"], True)]
                              if a else ["—"] * 4)
                rows.append("| %s | [%s](%s/%s.md) | %s | %s | %s | %s |" % (
                    d, name[:-5], d, name[:-5], os.path.basename(s.get("descriptor_path", "")) or s.get(
                        "descriptor", ""), t[1:], " | ".join(cells), s.get("date", "")))
    L = ["# Crop's suite results, one folder per CPU model", "",
         "Written by `bench/run.sh` after every full run (do not edit by hand). Each folder holds that CPU "
         "model's latest full run (`summary.md`/`.json`; another `summary-<name>` for a run with another "
         "descriptor, e.g. a published one instead of the machine's own `crop microbench` one) and its "
         "measured times (`groundtruth.json`), against which `bench/rescore.py --groundtruth` scores a model "
         "change from any machine: profiles do not depend on the machine. Crop's scores on the development "
         "half, the validation half (`bench/suite/split.py`) and all programs; `—` where a summary predates "
         "the split.", "",
         "| CPU | summary | descriptor | threads | dev top-1 | dev top-5 | dev τ | dev MdAPE | val top-1 | "
         "val top-5 | val τ | val MdAPE | all top-1 | all top-5 | all τ | all MdAPE | date |",
         "|" + "---|" * 17] + rows
    write_atomic(os.path.join(root, "README.md"), "\n".join(L) + "\n")


def render(args, progs, failed, gt, pred, results, threads, sources, cpu, date, desc_path, desc_note, notes,
           t_build, t_measure, t_models, t_micro, prof_times, prof_cached, pred_times, sim_rates, t_total, half):
    L = []
    L.append("# Crop evaluation suite%s" % (" (--quick)" if args.quick else ""))
    L.append("")
    L.append("- date: %s; CPU: %s; load average at start %.1f" % (date, cpu, groundtruth.load_avg()))
    L.append("- programs: %d in %d tasks (%s); build failures: %d" % (
        len(progs), len(set(p.task.name for p in progs)),
        ", ".join("%s %d" % (s, sum(1 for p in progs if p.task.source == s)) for s in sources), len(failed)))
    L.append("- descriptor: `%s` (%s)" % (os.path.relpath(desc_path, ROOT) if desc_path.startswith(ROOT)
                                          else desc_path, desc_note))
    for n in notes:
        L.append("- note: %s" % n)
    L.append("")
    for n in threads:
        L.append("## %d thread%s" % (n, "s" if n > 1 else ""))
        L.append("")
        hdr = ["model", "top-1", "top-5", "Kendall τ", "median APE", "MAPE", "best within 5 %"]
        hdr += ["top-1 %s" % s for s in sources if s != "tvm-example"]
        hdr += ["MAPE %s" % s for s in sources]
        L.append("| " + " | ".join(hdr) + " |")
        L.append("|" + "---|" * len(hdr))
        for m in MODELS:
            r = results["%s|t%d" % (m, n)]
            a = r["all"]
            cells = [MODEL_TITLES[m], fmt(a["top1"]), fmt(a["top5"]), fmt(a["tau"]), fmt(a["median_ape"], True),
                     fmt(a["mape"], True), fmt(a["within5"], True)]
            cells += [fmt(r[s]["top1"]) for s in sources if s != "tvm-example"]
            cells += [fmt(r[s]["mape"], True) for s in sources]
            L.append("| " + " | ".join(cells) + " |")
        L.append("")
    # The two halves.
    L.append("## Development and validation halves")
    L.append("")
    vo = sorted(set(p.task.name for p in progs if split.validation_only(p.task.name)))
    L.append("Split by `bench/suite/split.py` (seed `%s`): %d development and %d validation programs; "
             "validation only: %s. Study failures on the development half; keep a change only if the "
             "validation half improves." % (split.SEED, sum(1 for v in half.values() if v == "dev"),
                                             sum(1 for v in half.values() if v == "val"), ", ".join(vo) or "none"))
    L.append("")
    L.append("| threads | model | half | top-1 | top-5 | Kendall τ | median APE | MAPE | ranked tasks |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    for n in threads:
        for m in MODELS:
            for h in ("dev", "val"):
                a = results["%s|t%d" % (m, n)][h]
                L.append("| %d | %s | %s | %s | %s | %s | %s | %s | %d |" % (
                    n, MODEL_TITLES[m], h, fmt(a["top1"]), fmt(a["top5"]), fmt(a["tau"]),
                    fmt(a["median_ape"], True), fmt(a["mape"], True), a["ranked_tasks"]))
    L.append("")
    # Ground-truth noise.
    L.append("## Ground truth")
    L.append("")
    L.append("| threads | programs | median time | spread p10-p90 in a process (median / max) | "
             "spread between process medians (median / max) |")
    L.append("|---|---|---|---|---|")
    for n in threads:
        g = [gt[(p.id, n)] for p in progs if (p.id, n) in gt]
        if not g:
            continue
        L.append("| %d | %d | %.3f ms | %.1f %% / %.0f %% | %.1f %% / %.0f %% |" % (
            n, len(g), 1e3 * statistics.median(x["seconds"] for x in g),
            100 * statistics.median(x["spread_p10_p90"] for x in g), 100 * max(x["spread_p10_p90"] for x in g),
            100 * statistics.median(x["spread_between_processes"] for x in g),
            100 * max(x["spread_between_processes"] for x in g)))
    L.append("")
    L.append("Per task (1 thread): best / worst measured, and each model's pick (measured time of the "
             "schedule it ranks fastest).")
    L.append("")
    L.append("| task | n | best ms | worst ms | " + " | ".join(MODEL_TITLES[m] for m in MODELS) + " |")
    L.append("|---|---|---|---|" + "---|" * len(MODELS))
    n1 = threads[0]
    for tname in sorted(set(p.task.name for p in progs)):
        ps = [p for p in progs if p.task.name == tname and (p.id, n1) in gt]
        if not ps:
            continue
        ms = [gt[(p.id, n1)]["seconds"] for p in ps]
        picks = []
        for m in MODELS:
            cand = [(pred.get((m, p.id, n1)), gt[(p.id, n1)]["seconds"]) for p in ps]
            if any(c[0] is None for c in cand):
                picks.append("—")
                continue
            picks.append("%.3f" % (1e3 * score.expected_topk_min([(b, a) for a, b in cand], 1)))
        L.append("| %s | %d | %.3f | %.3f | %s |" % (tname, len(ps), 1e3 * min(ms), 1e3 * max(ms), " | ".join(picks)))
    L.append("")
    # Speed.
    L.append("## Speed")
    L.append("")
    L.append("| figure | value |")
    L.append("|---|---|")
    L.append("| CPU | %s |" % cpu)
    if prof_times:
        tot = sum(d for _, d in prof_times)
        L.append("| programs profiled / s (crop profile, wall, %d programs) | %.2f |" % (len(prof_times), len(prof_times) / tot))
        slow = []
        for pid, d in prof_times:
            g = gt.get((pid, 1))
            if g:
                slow.append(d / g["seconds"])
        if slow:
            L.append("| profiling slowdown vs one native call (median; includes JIT and process start) | %.0f× |"
                     % statistics.median(slow))
    else:
        L.append("| programs profiled / s | — (%s) |" % ("all %d cached" % prof_cached if prof_cached else "not run"))
    if pred_times:
        L.append("| predictions / s (crop predict process, wall, incl. process start) | %.1f |"
                 % (len(pred_times) / sum(pred_times)))
    else:
        L.append("| predictions / s | — |")
    L.append("| simulator instructions / s (crop_bench_simulator on 4 suite programs, median) | %s |" % (
        ("%.3g" % statistics.median(sim_rates)) if sim_rates else "— (crop_bench_simulator not built)"))
    L.append("| crop microbench | %s |" % (("%.1f s" % t_micro) if t_micro is not None else "— (cached or not run)"))
    L.append("| suite: build %.0f s, ground truth %.0f s, models %.0f s, total %.0f s | |" % (
        t_build, t_measure, t_models, t_total))
    L.append("")
    L.append("Scores: top-k as TenSet/TLP (weighted best / best among the model's k fastest; random tie-break "
             "in expectation), τ = Kendall τ-b per task averaged, APE = |P−L|/L per program. "
             "TVM example programs (tvm-example) are tiny single-schedule modules: they count for APE only.")
    return "\n".join(L) + "\n"


def plot(args, progs, gt, pred, threads):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    d = os.path.join(args.results, "plots")
    os.makedirs(d, exist_ok=True)
    marks = {"crop": ("o", "C0"), "crop-no-mem": ("s", "C1"), "llvm-mca": ("^", "C2"), "roofline": ("x", "C3")}
    for tname in sorted(set(p.task.name for p in progs)):
        ps = [p for p in progs if p.task.name == tname]
        fig, axes = plt.subplots(1, len(threads), figsize=(5 * len(threads), 4.5), squeeze=False)
        for ax, n in zip(axes[0], threads):
            lo, hi = math.inf, 0
            for m in MODELS:
                xs, ys = [], []
                for p in ps:
                    g, y = gt.get((p.id, n)), pred.get((m, p.id, n))
                    if g and y:
                        xs.append(1e3 * g["seconds"])
                        ys.append(1e3 * y)
                if xs:
                    ax.scatter(xs, ys, marker=marks[m][0], color=marks[m][1], label=MODEL_TITLES[m], s=22)
                    lo, hi = min([lo] + xs + ys), max([hi] + xs + ys)
            if hi > 0:
                ax.plot([lo, hi], [lo, hi], "k--", lw=0.8)
                ax.set_xscale("log")
                ax.set_yscale("log")
            ax.set_xlabel("measured ms per call")
            ax.set_ylabel("predicted ms per call")
            ax.set_title("%s, %d thread%s" % (tname, n, "s" if n > 1 else ""))
            ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(os.path.join(d, tname + ".png"), dpi=90)
        plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
