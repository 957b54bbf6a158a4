#!/usr/bin/env python3
"""Kernels from outside the suite's generators, in forms other users and other compilers produce, timed
natively and predicted: the checks behind the OpenMP, helper-call and foreign-IR rules of
docs/profiling.md. Each kernel's IR is built as its compiler emits it, its native binary from that same IR
with codegen only (as the suite's programs are), timed at each thread count pinned with taskset (best of
REPS calls in each of 3 processes), and predicted with `crop analyze --warm-calls`. Prints a markdown table.

    /usr/bin/python3 bench/outside/run.py [--crop build/bin/crop] [--target DESC] [--out build/bench/outside]
                                          [--only NAME ...] [--reps 200]

--target defaults to this CPU's committed bench/results/<cpu>/summary.descriptor.yaml. Rust kernels need
rustc on PATH (or in ~/.cargo/bin) and are skipped without it.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from suite import groundtruth, split  # noqa: E402

SIZE = ["f32:100000", "f32:100000", "i32=100000"]
DENSE = ["f32:512x512", "f32:512", "f32:512", "i32=512"]
KERNELS = [
    {"name": "manual_split", "src": "manual_split.c", "entry": "k_man2", "args": SIZE, "threads": [1, 2],
     "shows": "a region splitting its work by omp_get_thread_num()"},
    {"name": "helper_call", "src": "helper_call.c", "entry": "k_callee", "args": SIZE, "threads": [1, 2],
     "shows": "a parallel loop calling a helper kept out of line"},
    {"name": "tasks_sqrt", "src": "tasks_sqrt.c", "entry": "k_tasks", "args": SIZE, "threads": [1, 2],
     "shows": "eight explicit tasks"},
    {"name": "taskloop_scale", "src": "taskloop_scale.c", "entry": "k_taskloop", "args": SIZE,
     "threads": [1, 2], "shows": "97 small taskloop tasks (each costs the descriptor's parallel_task)"},
    {"name": "omp_static", "src": "omp_clauses.c", "entry": "k_static", "args": SIZE, "threads": [1, 2],
     "shows": "parallel for over the loop the compiler vectorizes"},
    {"name": "omp_dynamic", "src": "omp_clauses.c", "entry": "k_dynamic", "args": SIZE, "threads": [1, 2],
     "shows": "schedule(dynamic, 4) over rows of growing length"},
    {"name": "omp_guided", "src": "omp_clauses.c", "entry": "k_guided", "args": SIZE, "threads": [1, 2],
     "shows": "schedule(guided)"},
    {"name": "omp_collapse", "src": "omp_clauses.c", "entry": "k_collapse", "args": SIZE, "threads": [1, 2],
     "shows": "collapse(2) of 8 rows"},
    {"name": "omp_reduce", "src": "omp_clauses.c", "entry": "k_reduce", "args": SIZE, "threads": [1, 2],
     "shows": "reduction(+) and reduction(max)"},
    {"name": "omp_atomic", "src": "omp_clauses.c", "entry": "k_atomic", "args": SIZE, "threads": [1, 2],
     "shows": "a histogram updated with omp atomic"},
    {"name": "omp_sections", "src": "omp_clauses.c", "entry": "k_sections", "args": SIZE, "threads": [1, 2],
     "shows": "two sections, then single"},
    {"name": "omp_nested", "src": "omp_clauses.c", "entry": "k_nested", "args": SIZE, "threads": [1, 2],
     "shows": "a parallel loop opening a parallel loop"},
    {"name": "qgemm_int8", "src": "lowp.c", "entry": "k_qgemm", "args": ["u8:64x1024", "i8:64x1024", "i32:64x64",
     "i32=65536"], "threads": [1], "shows": "uint8 x int8 products summed in int32 (a quantized dense layer)"},
    {"name": "half_relu", "src": "lowp.c", "entry": "k_half", "args": ["f16:100000", "f16:100000", "i32=100000"],
     "threads": [1], "shows": "_Float16 data computed in float"},
    {"name": "half_arith", "src": "lowp.c", "entry": "k_half_arith", "args": ["f16:100000", "f16:100000",
     "i32=100000"], "threads": [1], "shows": "_Float16 arithmetic"},
    {"name": "dense_O0", "src": "levels.c", "entry": "k_dense", "args": DENSE, "threads": [1], "cflags": ["-O0"],
     "shows": "a dense layer at -O0 (every local through its stack slot)"},
    {"name": "dense_O1", "src": "levels.c", "entry": "k_dense", "args": DENSE, "threads": [1], "cflags": ["-O1"],
     "shows": "the same at -O1 (not vectorized)"},
    {"name": "dense_O2", "src": "levels.c", "entry": "k_dense", "args": DENSE, "threads": [1],
     "shows": "the same at -O2 (the sum stays in order: a chain of adds)"},
    {"name": "dense_O3_fastmath", "src": "levels.c", "entry": "k_dense", "args": DENSE, "threads": [1],
     "cflags": ["-O3", "-ffast-math"], "shows": "the same at -O3 -ffast-math (the sum vectorized)"},
    {"name": "sort_sqrt", "src": "sort_sqrt.cpp", "entry": "k_cxx", "args": ["f32:100000", "f32:1", "i32=100000"],
     "threads": [1], "shows": "std::sort: loop exits that depend on data (a known gap)"},
    {"name": "rust_matvec", "src": "rust_matvec.rs", "entry": "rk_matvec",
     "args": ["f32:512x512", "f32:512", "f32:512", "u64=512"], "threads": [1],
     "shows": "Rust IR: bounds-check panics declared, never called"},
]

C_TYPES = {"f16": "_Float16", "f32": "float", "f64": "double", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t",
           "i64": "int64_t", "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t"}


def driver_source(entry, args):
    """A C driver that fills each buffer as `crop profile` does (docs/profiling.md) and prints the best of
    argv[1] calls in seconds (wall clock: the threads' time is the call's)."""
    decl, setup, call = [], [], []
    for i, spec in enumerate(args):
        if ":" in spec:
            ty, shape = spec.split(":")
            n = 1
            for d in shape.split("x"):
                n *= int(d)
            ct = C_TYPES[ty]
            decl.append(ct + " *")
            setup.append("  %s *a%d = aligned_alloc(4096, (%d * sizeof(%s) + 4095) / 4096 * 4096);\n"
                         "  for (long i = 0; i < %d; ++i) a%d[i] = (%s)(%s);"
                         % (ct, i, n, ct, n, i, ct,
                            "((i * 7 + %d) %% 17) * 0.0625 - 0.5" % (i * 3) if ty[0] == "f"
                            else "(i * 7 + %d) %% 17" % (i * 3)))
            call.append("a%d" % i)
        else:
            ty, val = spec.split("=")
            decl.append(C_TYPES[ty])
            call.append("(%s)%s" % (C_TYPES[ty], val))
    return """#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
void %s(%s);
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 200;
%s
  double best = 1e30;
  for (int r = 0; r < reps + 3; ++r) {
    double t = now();
    %s(%s);
    t = now() - t;
    if (r >= 3 && t < best) best = t;
  }
  printf("%%.9f\\n", best);
  return 0;
}
""" % (entry, ", ".join(decl), "\n".join(setup), entry, ", ".join(call))


def sh(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd[:3]), (r.stderr or r.stdout)[-600:]))
    return r.stdout


def rustc():
    found = shutil.which("rustc")
    home = os.path.expanduser("~/.cargo/bin/rustc")
    return found or (home if os.access(home, os.X_OK) else None)


def build(k, out, crop):
    """(IR path, native binary path) of kernel k, built in out/<name>."""
    d = os.path.join(out, k["name"])
    os.makedirs(d, exist_ok=True)
    src = os.path.join(HERE, "kernels", k["src"])
    ir = os.path.join(d, "kernel.ll")
    native_ir = ir
    link = ["clang-19", "-fopenmp"]
    if src.endswith(".rs"):
        sh([rustc(), "--crate-type=cdylib", "-C", "opt-level=2", "-C", "target-cpu=x86-64-v3", "--emit=llvm-ir",
            "-o", ir, src])
        # rustc's LLVM is newer than clang-19: the native binary is built from the IR Crop reads.
        native_ir = os.path.join(d, "kernel19.ll")
        sh([crop, "convert", ir, "-o", native_ir])
        # Its panic and personality functions are never called: left unresolved, as in the profile.
        link += ["-Wl,--unresolved-symbols=ignore-all"]
    else:
        compiler = "clang++-19" if src.endswith(".cpp") else "clang-19"
        sh([compiler] + k.get("cflags", ["-O2"]) + ["-fopenmp", "-march=x86-64-v3", "-S", "-emit-llvm", src,
                                                      "-o", ir])
        if src.endswith(".cpp"):
            link = ["clang++-19", "-fopenmp"]
    obj = os.path.join(d, "kernel.o")
    sh(["clang-19", "-O2", "-march=x86-64-v3", "-w", "-c", "-Xclang", "-disable-llvm-optzns", native_ir,
        "-o", obj])
    drv = os.path.join(d, "driver.c")
    with open(drv, "w") as f:
        f.write(driver_source(k["entry"], k["args"]))
    native = os.path.join(d, "native")
    sh(["clang-19", "-O2", "-c", drv, "-o", os.path.join(d, "driver.o")])
    sh(link + [os.path.join(d, "driver.o"), obj, "-o", native, "-lm"])
    return ir, native


def measure(native, threads, reps):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    cpus = ",".join(str(i) for i in range(threads))
    return min(float(sh(["taskset", "-c", cpus, native, str(reps)], env=env).strip()) for _ in range(3))


def predict(crop, ir, k, target, threads, cache):
    cmd = [crop, "analyze", ir, "--entry", k["entry"], "--target", target, "--threads", str(threads),
           "--warm-calls", "--json", "--quiet"]
    for a in k["args"]:
        cmd += ["--arg", a]
    data = json.loads(sh(cmd, env=dict(os.environ, CROP_CACHE_DIR=cache)))
    data = data[0] if isinstance(data, list) else data
    return data["seconds_per_call"], data.get("bound", "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--crop", default=os.path.join(ROOT, "build", "bin", "crop"))
    ap.add_argument("--target", help="descriptor (default: this CPU's committed summary.descriptor.yaml)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench", "outside"))
    ap.add_argument("--only", nargs="*", help="kernel names")
    ap.add_argument("--reps", type=int, default=200)
    a = ap.parse_args()
    cpu = groundtruth.cpu_model()
    if a.target is None:
        a.target = os.path.join(ROOT, "bench", "results", split.cpu_slug(cpu), "summary.descriptor.yaml")
        if not os.path.exists(a.target):
            sys.exit("outside: no committed descriptor for %s (%s): pass --target" % (cpu, a.target))
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        for k in KERNELS:
            if a.only and k["name"] not in a.only:
                continue
            if k["src"].endswith(".rs") and not rustc():
                print("outside: %s skipped: no rustc" % k["name"], file=sys.stderr)
                continue
            ir, native = build(k, a.out, a.crop)
            for t in k["threads"]:
                m = measure(native, t, a.reps)
                p, bound = predict(a.crop, ir, k, a.target, t, cache)
                rows.append((k["name"], t, m, p, bound, k["shows"]))
                print("outside: %s, %d thread(s): native %.1f us, predicted %.1f us" % (k["name"], t, m * 1e6,
                                                                                        p * 1e6), file=sys.stderr)
    print("Kernels outside the suite on %s, descriptor `%s` (`bench/outside/run.py`)\n"
          % (cpu, os.path.relpath(a.target, ROOT)))
    print("| kernel | threads | native µs | predicted µs | predicted / native | bound | what it shows |")
    print("|---|---|---|---|---|---|---|")
    for name, t, m, p, bound, shows in rows:
        print("| %s | %d | %.1f | %.1f | %.2f | %s | %s |" % (name, t, m * 1e6, p * 1e6, p / m, bound, shows))


if __name__ == "__main__":
    main()
