"""Ground truth: native run time of one call of each program, with 1 and 2 threads, cached.

Protocol (see ../shared/notes/metrics.md): the native binary is pinned with taskset (CPU 0 for one thread,
CPUs 0-1 for two), the thread count is set for every runtime (OMP_NUM_THREADS, HL_NUM_THREADS,
TVM_NUM_THREADS); each process warms up, then times enough calls for `target_s` seconds and reports the
median.  The figure kept is the minimum of the process medians (the second vCPU of this VM is sometimes
taken away, which only ever makes a run slower); the spread between process medians and the p10-p90
spread inside a process are recorded so noise is visible.  Results are cached by IR hash + CPU model +
thread count + protocol, so reruns measure only what changed.
"""

import datetime
import json
import os
import platform
import subprocess

PROTOCOL = "v4"  # v4: calls under 100 us timed in batches; v3: kernels built with -march=x86-64-v3
# Entries of an earlier protocol that stand for this one: v3 timed every call by itself, clocks included,
# as v4 still does for calls of 100 us or more (programs.BATCH_S); kept where they took twice that.
CARRIED = {"v3": 2e-4}


# Calls a parallel program makes to its runtime's launch, in LLVM IR: OpenMP (clang), Halide, TVM.
LAUNCH_SYMBOLS = ("__kmpc_fork_call", "__kmpc_fork_teams", "halide_do_par_for", "halide_do_parallel_tasks",
                  "TVMBackendParallelLaunch")


def launches_threads(ir_path):
    """Whether the module's code can start threads (it names a runtime's parallel launch); True when the
    file cannot be read, so that nothing is pooled on a guess."""
    try:
        with open(ir_path, errors="replace") as f:
            text = f.read()
    except OSError:
        return True
    return any(s in text for s in LAUNCH_SYMBOLS)


def pooled(seconds_by_threads, serial):
    """The seconds to score per thread count. A program that starts no threads runs the same code under
    every thread count, so its runs at each count are measurements of one quantity: each count gets the
    least of them (on the quiet Zen 4 and Zen 5 VMs such programs' 1- and 2-thread times agree to a
    median 1.000 and 1.006, p10-p90 0.99-1.04; on the noisy Zen 3 VM they are 0.69-3.12x apart, the
    slower run being contention). Parallel programs keep their own."""
    if not serial or not seconds_by_threads:
        return dict(seconds_by_threads)
    least = min(seconds_by_threads.values())
    return {n: least for n in seconds_by_threads}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    name = line.split(":", 1)[1].strip()
                    fam = ""
                    break
            else:
                name = platform.processor()
        with open("/proc/cpuinfo") as f:
            txt = f.read()
        import re
        fam = re.search(r"cpu family\s*:\s*(\d+)", txt)
        mod = re.search(r"\nmodel\s*:\s*(\d+)", txt)
        return "%s (family %s model %s, %d CPUs)" % (name, fam.group(1) if fam else "?",
                                                    mod.group(1) if mod else "?", os.cpu_count())
    except OSError:
        return platform.processor() or "unknown"


def one_thread_seconds(out, committed=None):
    """A lookup: program -> its measured seconds per call at one thread, or None. From this machine's
    cached measurements (out/groundtruth.json, bench/run.sh) or, with `committed`, from a CPU's committed
    bench/results/<cpu>/groundtruth.json, matched by program id and IR hash, so that tools that only need
    the native times (bench/profile) run on a machine that has not measured the suite."""
    if committed:
        with open(committed) as f:
            progs = json.load(f)["programs"]

        def look(p):
            g = progs.get(p.id)
            return g["t1"]["seconds"] if g and g.get("ir_hash") == p.ir_hash and "t1" in g else None
        return look
    with open(os.path.join(out, "groundtruth.json")) as f:
        cached = json.load(f)
    cpu = cpu_model()

    def look(p):
        m = [v["seconds"] for k, v in cached.items() if k.startswith(p.ir_hash + ":") and ("|%s|t1|" % cpu) in k]
        return m[0] if m else None
    return look


def load_avg():
    try:
        return os.getloadavg()[0]
    except OSError:
        return -1.0


class Cache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            with open(path) as f:
                self.data = json.load(f)

    def get(self, key):
        return self.data.get(key)

    def put(self, key, val):
        self.data[key] = val

    def save(self):
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.data, f, indent=0, sort_keys=True)
        os.replace(tmp, self.path)


def run_once(binary, threads, warm_s, target_s, min_reps, timeout=120):
    env = dict(os.environ)
    for v in ("OMP_NUM_THREADS", "HL_NUM_THREADS", "TVM_NUM_THREADS"):
        env[v] = str(threads)
    cpus = "0" if threads == 1 else ",".join(str(i) for i in range(threads))
    r = subprocess.run(["taskset", "-c", cpus, binary, str(warm_s), str(target_s), str(min_reps)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (binary, r.returncode, r.stderr[-500:]))
    return json.loads(r.stdout.strip().splitlines()[-1])


def measure(prog, threads, cache, cpu, quick=False, refresh=None, log=print):
    """Seconds per call (min of process medians) with `threads` threads; cached.

    refresh: re-measure a cached entry whose spread between process medians exceeds this fraction and
    merge the new process medians with the old ones (contention only ever slows a run down, so the
    minimum over sessions is the better estimate; the spread then covers both sessions).
    """
    def key_of(protocol):
        return "%s|%s|t%d|%s%s" % (prog.ir_hash + ":" + prog.entry, cpu, threads, protocol, "-quick" if quick else "")
    key = key_of(PROTOCOL)
    hit = cache.get(key)
    for old, floor in CARRIED.items():
        prev = None if hit else cache.get(key_of(old))
        if prev and min(prev["process_medians"]) >= floor:
            hit = dict(prev)
            cache.put(key, hit)
    if hit and (refresh is None or hit["spread_between_processes"] <= refresh):
        return hit
    procs = (2 if threads == 1 else 5) if not quick else (1 if threads == 1 else 2)
    target = 0.25 if not quick else 0.08
    runs = []
    load_before = load_avg()
    for _ in range(procs):
        runs.append(run_once(prog.native, threads, 0.05 if not quick else 0.02, target, 5 if quick else 10))
    # One thread: CPU time (immune to waiting for the CPU on this shared machine). Two threads: wall time,
    # since CPU time would add the threads up and count OpenMP's spin-waiting.
    clock = "cpu_" if threads == 1 else ""
    meds = [r[clock + "median_s"] for r in runs]
    best = min(range(len(meds)), key=lambda i: meds[i])
    inner = (runs[best][clock + "p90_s"] - runs[best][clock + "p10_s"]) / meds[best]
    reps = [r["reps"] for r in runs]
    if hit:
        if min(hit["process_medians"]) < meds[best]:
            inner = hit["spread_p10_p90"]
        meds = hit["process_medians"] + meds
        reps = hit["reps"] + reps
    res = {
        "seconds": min(meds),
        "process_medians": meds,
        "spread_between_processes": (max(meds) - min(meds)) / min(meds),
        "spread_p10_p90": inner,
        "reps": reps,
        "clock": "process CPU time" if threads == 1 else "wall",
        "wall_medians": [r["median_s"] for r in runs],
        "cpu": cpu,
        "threads": threads,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "load_avg_1min": load_before,
    }
    cache.put(key, res)
    return res
