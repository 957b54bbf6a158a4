"""Builds the suite's programs: IR for Crop and a native timing binary for the ground truth.

For every (task, schedule) this writes, under OUT/programs/<task>/<sNN>/:
  kernel.ll   the IR that is predicted (clang-19 -O2 -fopenmp output, Halide bitcode disassembled by
              llvm-dis-19, TVM's own LLVM IR of a MetaSchedule schedule, or a TVM example module with
              the LLVM-19 debug-info fix)
  native      a binary that calls the entry on deterministic buffers and times it; it is built from the
              same IR with codegen only (clang -O2 -Xclang -disable-llvm-optzns), so the ground truth
              runs exactly the instructions Crop analyses.
Programs whose IR has not changed are not rebuilt (keyed by the hash of their inputs).
"""

import concurrent.futures
import hashlib
import json
import os
import re
import subprocess

from . import tasks as T

CLANG = "clang-19"
HERE = os.path.dirname(os.path.abspath(__file__))
HALIDE_INC = "/usr/include/halide14"
TVM_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "inputs", "tvm"))
CFLAGS = ["-O2", "-fopenmp", "-march=x86-64-v3"]


def sh(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError("command failed (%d): %s\n%s" % (r.returncode, " ".join(cmd), r.stderr[-3000:]))
    return r.stdout


def sha(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else p.encode())
    return h.hexdigest()


def file_hash(path):
    with open(path, "rb") as f:
        return sha(f.read())


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return False
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return True


# --------------------------------------------------------------------------------------------------
# Timing driver (C).  Calls the entry on buffers filled with a fixed pattern, warms up, then times
# `reps` calls and prints the per-call times as JSON.  Buffers live across calls (as in a network).

DRIVER_COMMON = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
/* CPU time of the whole process (all its threads): unlike wall time it does not grow while the process
   waits for a CPU that other work on this shared machine holds. */
static double cpu_now(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static float *buffer(size_t n, unsigned seed) {
  float *p = aligned_alloc(64, ((n * 4 + 63) / 64) * 64);
  for (size_t i = 0; i < n; ++i) p[i] = (float)(((i + seed) * 2654435761u >> 12) & 1023) / 1024.0f - 0.5f;
  return p;
}
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
/* Reading the clocks costs about as much as the smallest programs' calls (CPU time is a system call on a
   VM: an empty interval measured 0.9 us of CPU time and 1.9 us of wall time on the Zen 3 VM), so calls
   shorter than BATCH_S are timed in batches of at least BATCH_S, each sample the batch's time per call. */
#define BATCH_S 1e-4
static void time_it(void (*call)(void), double warm_s, double target_s, int min_reps, int max_reps) {
  double t0 = now(); int w = 0;
  do { call(); ++w; } while (w < 2 || now() - t0 < warm_s);
  double est = (now() - t0) / w;
  if (est < 1e-9) est = 1e-9;
  int batch = est < BATCH_S ? (int)(BATCH_S / est) + 1 : 1;
  int reps = (int)(target_s / (est * batch));
  if (reps < min_reps) reps = min_reps;
  if (reps > max_reps) reps = max_reps;
  double *ts = malloc(sizeof(double) * reps), *cs = malloc(sizeof(double) * reps);
  for (int r = 0; r < reps; ++r) {
    double a = now(), c = cpu_now();
    for (int b = 0; b < batch; ++b) call();
    cs[r] = (cpu_now() - c) / batch; ts[r] = (now() - a) / batch;
  }
  qsort(ts, reps, sizeof(double), cmpd);
  qsort(cs, reps, sizeof(double), cmpd);
  printf("{\"reps\": %d, \"batch\": %d, \"warmup_calls\": %d, \"median_s\": %.9g, \"min_s\": %.9g, \"p10_s\": %.9g, "
         "\"p90_s\": %.9g, \"cpu_median_s\": %.9g, \"cpu_p10_s\": %.9g, \"cpu_p90_s\": %.9g}\n",
         reps, batch, w, ts[reps / 2], ts[0], ts[reps / 10], ts[(reps * 9) / 10], cs[reps / 2], cs[reps / 10],
         cs[(reps * 9) / 10]);
}
int main(int argc, char **argv) {
  double warm = argc > 1 ? atof(argv[1]) : 0.05, target = argc > 2 ? atof(argv[2]) : 0.25;
  int min_reps = argc > 3 ? atoi(argv[3]) : 10, max_reps = argc > 4 ? atoi(argv[4]) : 100000;
  setup();
  time_it(call, warm, target, min_reps, max_reps);
  return 0;
}
"""


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def c_driver(task):
    n = len(task.args)
    lines = ["void %s(%s);" % (task.entry, ", ".join(["float *"] * n))]
    lines += ["static float *buf%d;" % i for i in range(n)]
    lines.append("static void setup(void) {")
    lines += ["  buf%d = buffer(%d, %d);" % (i, numel(s), 17 * i) for i, (_, s) in enumerate(task.args)]
    lines.append("}")
    lines.append("static void call(void) { %s(%s); }" % (task.entry, ", ".join("buf%d" % i for i in range(n))))
    body = "\n".join(lines)
    # setup/call are defined before main by splitting the common text at main.
    head, main = DRIVER_COMMON.split("int main", 1)
    return head + body + "\nint main" + main


def halide_driver(task):
    n = len(task.args)
    lines = ['#include "HalideRuntime.h"',
             "int %s(%s);" % (task.entry, ", ".join(["struct halide_buffer_t *"] * n))]
    for i, (_, s) in enumerate(task.args):
        dims = list(reversed(s))  # Halide's dimension 0 is the innermost (last row-major) one
        lines.append("static halide_dimension_t dim%d[%d];" % (i, len(dims)))
        lines.append("static halide_buffer_t hb%d;" % i)
    lines.append("static void setup(void) {")
    for i, (_, s) in enumerate(task.args):
        dims = list(reversed(s))
        stride = 1
        for d, ext in enumerate(dims):
            lines.append("  dim%d[%d].min = 0; dim%d[%d].extent = %d; dim%d[%d].stride = %d; dim%d[%d].flags = 0;"
                         % (i, d, i, d, ext, i, d, stride, i, d))
            stride *= ext
        lines.append("  memset(&hb%d, 0, sizeof hb%d); hb%d.host = (uint8_t *)buffer(%d, %d);"
                     % (i, i, i, numel(s), 17 * i))
        lines.append("  hb%d.type.code = halide_type_float; hb%d.type.bits = 32; hb%d.type.lanes = 1;" % (i, i, i))
        lines.append("  hb%d.dimensions = %d; hb%d.dim = dim%d;" % (i, len(dims), i, i))
    lines.append("}")
    lines.append("static void call(void) { if (%s(%s)) { fprintf(stderr, \"halide error\\n\"); exit(3); } }"
                 % (task.entry, ", ".join("&hb%d" % i for i in range(n))))
    head, main = DRIVER_COMMON.split("int main", 1)
    return head + "\n".join(lines) + "\nint main" + main


# TVM's backend API for the drivers: an OpenMP parallel launch (one task per thread) and aligned
# workspaces. The launch global is weak: a serial schedule's module does not define it.
TVM_RUNTIME_C = r"""
#include <omp.h>
typedef struct { int32_t *sync; int32_t num_task; } Env;
typedef int (*Lambda)(int, Env *, void *);
__attribute__((weak)) extern int (*__TVMBackendParallelLaunch)(Lambda, void *, int);
__attribute__((weak)) extern void *(*__TVMBackendAllocWorkspace)(int, int, uint64_t, int, int);
__attribute__((weak)) extern int (*__TVMBackendFreeWorkspace)(int, int, void *);
typedef struct { void *data; int32_t device_type, device_id; int32_t ndim; uint8_t code, bits; uint16_t lanes;
                 int64_t *shape, *strides; uint64_t byte_offset; } DLTensor;
static int nthreads = 1;
static int launch(Lambda f, void *cdata, int num_task) {
  (void)num_task;
  if (nthreads == 1) { Env e = {0, 1}; return f(0, &e, cdata); }
  int rc = 0;
#pragma omp parallel num_threads(nthreads)
  { Env e = {0, nthreads}; int r = f(omp_get_thread_num(), &e, cdata); if (r) rc = r; }
  return rc;
}
static void *alloc_ws(int dt, int di, uint64_t n, int c, int b) { (void)dt; (void)di; (void)c; (void)b; return aligned_alloc(64, ((n + 63) / 64) * 64); }
static int free_ws(int dt, int di, void *p) { (void)dt; (void)di; free(p); return 0; }
"""


def tvm_driver(entry, nargs, elems):
    lines = [TVM_RUNTIME_C]
    lines.append("int %s(void *, void *, int);" % entry)
    lines.append("static DLTensor t[%d]; static int64_t shp[%d]; static void *args[%d]; static int32_t codes[%d];"
                 % (nargs, nargs, nargs, nargs))
    lines.append("static void setup(void) {")
    lines.append("  const char *e = getenv(\"TVM_NUM_THREADS\"); if (e) nthreads = atoi(e);")
    lines.append("  if (&__TVMBackendParallelLaunch) __TVMBackendParallelLaunch = launch;")
    lines.append("  if (&__TVMBackendAllocWorkspace) { __TVMBackendAllocWorkspace = alloc_ws; __TVMBackendFreeWorkspace = free_ws; }")
    lines.append("  for (int i = 0; i < %d; ++i) { shp[i] = %d; t[i].data = buffer(%d, 17 * i); t[i].ndim = 1; "
                 "t[i].code = 2; t[i].bits = 32; t[i].lanes = 1; t[i].shape = &shp[i]; args[i] = &t[i]; codes[i] = 7; }"
                 % (nargs, elems, elems))
    lines.append("}")
    lines.append("static void call(void) { if (%s(args, codes, %d)) { fprintf(stderr, \"tvm error\\n\"); exit(3); } }"
                 % (entry, nargs))
    head, main = DRIVER_COMMON.split("int main", 1)
    return head + "\n".join(lines) + "\nint main" + main


def tvm_ffi_driver(entry, args):
    """Calls TVM's packed entry __tvm_ffi_<entry> (TVM >= 0.21's tvm-ffi calling convention: an array of
    16-byte TVMFFIAny, each here a DLTensor pointer, type index 7) on compact float32 tensors, as TVM's
    runtime calls it; the entry checks every tensor's shape, dtype and device before it runs the kernel."""
    n = len(args)
    lines = [TVM_RUNTIME_C + r"""
typedef struct { int32_t type_index; uint32_t pad; union { int64_t v_int64; void *v_ptr; } v; } TVMFFIAny;
void TVMFFIErrorSetRaisedFromCStrParts(const char *kind, const char **parts, int32_t n) {
  fprintf(stderr, "%s: ", kind); for (int i = 0; i < n; ++i) fputs(parts[i], stderr); fputc('\n', stderr);
}
void TVMFFIErrorSetRaisedFromCStr(const char *kind, const char *msg) { fprintf(stderr, "%s: %s\n", kind, msg); }
"""]
    lines.append("int __tvm_ffi_%s(void *, const TVMFFIAny *, int32_t, TVMFFIAny *);" % entry)
    lines.append("static DLTensor t[%d]; static TVMFFIAny a[%d]; static TVMFFIAny result;" % (n, n))
    for i, (_, shape) in enumerate(args):
        lines.append("static int64_t shp%d[] = {%s};" % (i, ", ".join(str(d) for d in shape)))
    lines.append("static void setup(void) {")
    lines.append("  const char *e = getenv(\"TVM_NUM_THREADS\"); if (e) nthreads = atoi(e);")
    lines.append("  if (&__TVMBackendParallelLaunch) __TVMBackendParallelLaunch = launch;  /* serial schedules have none */")
    lines.append("  if (&__TVMBackendAllocWorkspace) { __TVMBackendAllocWorkspace = alloc_ws; __TVMBackendFreeWorkspace = free_ws; }")
    for i, (_, shape) in enumerate(args):
        lines.append("  t[%d].data = buffer(%d, %d); t[%d].device_type = 1; t[%d].ndim = %d; t[%d].code = 2; "
                     "t[%d].bits = 32; t[%d].lanes = 1; t[%d].shape = shp%d; a[%d].type_index = 7; a[%d].v.v_ptr = &t[%d];"
                     % (i, numel(shape), 17 * i, i, i, len(shape), i, i, i, i, i, i, i, i))
    lines.append("}")
    lines.append("static void call(void) { if (__tvm_ffi_%s(0, a, %d, &result)) { fprintf(stderr, \"tvm error\\n\"); exit(3); } }"
                 % (entry, n))
    head, main = DRIVER_COMMON.split("int main", 1)
    return head + "\n".join(lines) + "\nint main" + main


# --------------------------------------------------------------------------------------------------

class Program:
    def __init__(self, task, sid, schedule, dir_, entry=None, args=None):
        self.task = task
        self.sid = sid
        self.schedule = schedule
        self.dir = dir_
        self.entry = entry or task.entry
        self.args = args or task.arg_specs()
        self.ir = os.path.join(dir_, "kernel.ll")
        self.native = os.path.join(dir_, "native")
        self.ir_hash = None

    @property
    def id(self):
        return "%s/%s" % (self.task.name, self.sid)

    def to_json(self):
        return {"id": self.id, "task": self.task.name, "source": self.task.source, "entry": self.entry,
                "args": self.args, "schedule": self.schedule, "ir": self.ir, "ir_hash": self.ir_hash}


def _stamp_ok(dir_, key):
    p = os.path.join(dir_, "stamp")
    return os.path.exists(p) and open(p).read() == key and os.path.exists(os.path.join(dir_, "native"))


def _stamp(dir_, key):
    write_if_changed(os.path.join(dir_, "stamp"), key)


# Code generation for the native binaries: the ISA the suite's programs are written for. clang's IR carries
# target-cpu=x86-64-v3 itself, but Halide's (and TVM's) IR has no target attributes, and without -march the
# kernel would be built for plain SSE2 (8-wide ops split in two, spills) — timing other code than Crop reads.
NATIVE_CPU = "x86-64-v3"
NATIVE_CODEGEN = ["-O2", "-march=" + NATIVE_CPU]
# The vector registers that codegen uses (x86-64-v3: AVX2, 256 bits), which Crop is told: Halide's IR has no
# target features, and a <16 x float> then runs as two 256-bit halves even on this AVX-512 host.
NATIVE_VECTOR_BITS = 256


def _native(prog, driver_src, extra_objs=(), cxx=False, inc=(), ir=None):
    d = prog.dir
    write_if_changed(os.path.join(d, "driver.c"), driver_src)
    sh([CLANG] + NATIVE_CODEGEN + ["-c", "-Xclang", "-disable-llvm-optzns", ir or prog.ir, "-o",
                                   os.path.join(d, "kernel.o")])
    sh([CLANG, "-O2", "-fopenmp", "-march=x86-64-v3", "-w"] + ["-I" + i for i in inc] +
       [os.path.join(d, "driver.c"), os.path.join(d, "kernel.o")] + list(extra_objs) +
       ["-o", prog.native, "-lm", "-lpthread", "-ldl"])


def strip_build_path(ir):
    """Names the module's source by its file name alone: clang and llvm-dis write the path they were given into
    the ModuleID and source_filename, so the same program's IR, and its hash (the key of ground truth and
    profiles), differed between checkouts and --out folders, and a ground truth measured in one matched no
    profile made in another."""
    with open(ir) as f:
        text = f.read()
    text = re.sub(r"^(; ModuleID = ')[^'\n]*/([^'/\n]*')", r"\1\2", text, count=1, flags=re.M)
    text = re.sub(r'^(source_filename = ")[^"\n]*/([^"/\n]*")', r"\1\2", text, count=1, flags=re.M)
    write_if_changed(ir, text)


def build_c(prog):
    t = prog.task
    src = "/* %s %s */\n" % (prog.id, json.dumps(prog.schedule, sort_keys=True)) + \
        T.C_TEMPLATES[t.params["template"]](t, prog.schedule)
    drv = c_driver(t)
    key = sha(src, drv, " ".join(CFLAGS), " ".join(NATIVE_CODEGEN), "no build path")
    if not _stamp_ok(prog.dir, key):
        cpath = os.path.join(prog.dir, "kernel.c")
        write_if_changed(cpath, src)
        sh([CLANG] + CFLAGS + ["-S", "-emit-llvm", cpath, "-o", prog.ir])
        strip_build_path(prog.ir)
        _native(prog, drv)
        _stamp(prog.dir, key)


def build_halide(prog, gen, runtime_obj):
    t = prog.task
    params = dict((k, v) for k, v in t.params.items() if k != "gen")
    params.update(prog.schedule)
    kv = ["%s=%d" % (k, v) for k, v in sorted(params.items())]
    drv = halide_driver(t)
    key = sha(file_hash(gen), " ".join(kv), drv, " ".join(NATIVE_CODEGEN), "no build path")
    if not _stamp_ok(prog.dir, key):
        prefix = os.path.join(prog.dir, "kernel")
        sh([gen, t.params["gen"], prefix] + kv)
        sh(["llvm-dis-19", prefix + ".bc", "-o", prog.ir])
        strip_build_path(prog.ir)
        _native(prog, drv, [runtime_obj], inc=[HALIDE_INC])
        _stamp(prog.dir, key)


def tvm_arity(text, entry):
    m = re.search(r"define[^@]*@%s\((.*?)\{(.*?)\n\}" % re.escape(entry), text, re.S)
    if not m:
        raise RuntimeError("TVM entry %s not found" % entry)
    offs = [int(o) for o in re.findall(r"getelementptr inbounds i8, i8\* %0, i64 (\d+)", m.group(2))]
    return max(offs + [0]) // 8 + 1


def build_tvm(prog, src_path, elems):
    with open(src_path) as f:
        text = f.read().replace("variables: ", "retainedNodes: ")
    nargs = tvm_arity(text, prog.entry)
    prog.args = ["f32:%d" % elems] * nargs
    drv = tvm_driver(prog.entry, nargs, elems)
    key = sha(text, drv, " ".join(NATIVE_CODEGEN))
    if not _stamp_ok(prog.dir, key):
        write_if_changed(prog.ir, text)
        _native(prog, drv)
        _stamp(prog.dir, key)


def tvm_python():
    """A Python with the pinned TVM (scripts/tvm-venv.sh), or None."""
    env = os.environ.get("CROP_TVM_PYTHON")
    if env:
        return env
    p = os.path.join(HERE, "..", "..", "build", "tvm-venv", "bin", "python")
    return os.path.normpath(p) if os.path.exists(p) else None


def tvm_generate(out, task, py, count, log=print):
    """Runs tvm_gen.py for one task once (cached by the generator's text, the pins and the count);
    returns its programs.json."""
    d = os.path.join(out, "tvm-gen", task.params["tvm_op"])
    gen = os.path.join(HERE, "tvm_gen.py")
    with open(os.path.join(HERE, "..", "tvm-requirements.txt")) as f:
        pins = [l.strip() for l in f if l.startswith("apache-tvm")]  # what the programs depend on
    key = sha(file_hash(gen), "\n".join(pins), str(count))
    stamp = os.path.join(d, "stamp")
    meta = os.path.join(d, "programs.json")
    if not (os.path.exists(stamp) and open(stamp).read() == key and os.path.exists(meta)):
        log("  tvm: sampling %d MetaSchedule schedules of %s" % (count, task.name))
        sh([py, gen, "--op", task.params["tvm_op"], "--count", str(count), "--out", d])
        write_if_changed(stamp, key)
    with open(meta) as f:
        return json.load(f), d


def build_tvm_ms(prog, crop_bin):
    """kernel.ll is TVM's IR as TVM wrote it (what Crop reads); the native binary is built from
    `crop convert`'s LLVM 19 text of the same module and calls TVM's packed entry."""
    src, meta = prog.tvm_ms
    with open(src) as f:
        text = f.read()
    drv = tvm_ffi_driver(meta["ffi_entry"], meta["args"])
    key = sha(text, drv, " ".join(NATIVE_CODEGEN), file_hash(crop_bin))
    if not _stamp_ok(prog.dir, key):
        write_if_changed(prog.ir, text)
        ir19 = os.path.join(prog.dir, "kernel.llvm19.ll")
        sh([crop_bin, "convert", prog.ir, "-o", ir19])
        _native(prog, drv, ir=ir19)
        _stamp(prog.dir, key)


def halide_tools(out):
    """Builds the Halide generator (against Halide 14) and the standalone Halide runtime object."""
    gen = os.path.join(out, "halide_gen")
    rt = os.path.join(out, "halide_runtime.o")
    src = os.path.join(HERE, "halide_gen.cpp")
    key = file_hash(src)
    stamp = os.path.join(out, "halide_gen.stamp")
    if not (os.path.exists(gen) and os.path.exists(stamp) and open(stamp).read() == key):
        sh(["g++", "-O1", "-std=c++17", "-I" + HALIDE_INC, src, "-o", gen, "-lHalide14", "-lpthread", "-ldl"])
        if os.path.exists(rt):
            os.remove(rt)
        write_if_changed(stamp, key)
    if not os.path.exists(rt):
        sh([gen, "runtime", rt])
    return gen, rt


def have_halide():
    return os.path.exists(os.path.join(HALIDE_INC, "Halide.h"))


def build_all(out, quick=False, only=None, per_task=None, jobs=2, log=print, crop_bin=None):
    """Returns the list of built Programs. `only`: task names; `per_task`: cap on schedules per task."""
    progs = []
    tasks = [t for t in T.build_tasks() if (not quick or t.quick) and (not only or t.name in only)]
    hal = None
    tvm_py = tvm_python()
    for t in tasks:
        if t.source == "tvm":
            if not tvm_py or not crop_bin:
                log("  tvm: no TVM environment (scripts/tvm-venv.sh), skipping %s" % t.name)
                continue
            try:
                meta, gdir = tvm_generate(out, t, tvm_py, t.count, log)
            except RuntimeError as e:  # reported like a program that does not build
                log("  tvm: sampling %s failed: %s" % (t.name, str(e).strip().splitlines()[-1]))
                continue
            ps = meta["programs"][:per_task] if per_task else meta["programs"]
            for g in ps:
                d = os.path.join(out, "programs", t.name, g["id"])
                os.makedirs(d, exist_ok=True)
                p = Program(t, g["id"], {"design_space": g["space"], "seed": g["seed"]}, d, args=g["args"])
                p.tvm_ms = (os.path.join(gdir, g["id"], "kernel.ll"), meta)
                progs.append(p)
            continue
        if t.source == "halide" and hal is None:
            if not have_halide():
                log("  halide: Halide 14 headers missing, skipping Halide tasks")
                hal = False
            else:
                hal = halide_tools(out)
        if t.source == "halide" and not hal:
            continue
        scheds = t.schedules(lambda s, t=t: T.valid_schedule(t, s))
        if per_task:
            scheds = scheds[:per_task]
        for i, s in enumerate(scheds):
            d = os.path.join(out, "programs", t.name, "s%02d" % i)
            os.makedirs(d, exist_ok=True)
            progs.append(Program(t, "s%02d" % i, s, d))
    # TVM: one pseudo-task per module; each entry function is a program.
    if (not only or any(o.startswith("tvm") for o in only)) and os.path.isdir(TVM_DIR):
        for mod, info in sorted(T.TVM_MODULES.items()):
            path = os.path.join(TVM_DIR, mod)
            if not os.path.exists(path):
                continue
            t = T.Task("tvm." + mod[:-3], "tvm-example", "TVM example", 1, 0, 0, [], None, {}, {"module": mod}, 0)
            for e in info["entries"]:
                cap = 1 if quick else per_task
                if cap and len([p for p in progs if p.task is t]) >= cap:
                    break
                d = os.path.join(out, "programs", t.name, e)
                os.makedirs(d, exist_ok=True)
                p = Program(t, e, {"entry": e}, d, entry=e, args=[])
                p.tvm = (path, info["elems"])
                progs.append(p)

    def one(p):
        if p.task.source == "c":
            build_c(p)
        elif p.task.source == "halide":
            build_halide(p, *hal)
        elif p.task.source == "tvm":
            build_tvm_ms(p, crop_bin)
        else:
            build_tvm(p, *p.tvm)
        p.ir_hash = file_hash(p.ir)
        return p

    built, failed = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(one, p): p for p in progs}
        for f in concurrent.futures.as_completed(futs):
            p = futs[f]
            try:
                built.append(f.result())
            except Exception as e:  # a schedule that does not build is reported, not fatal
                failed.append((p.id, str(e)))
    for pid, err in failed:
        log("  build failed: %s: %s" % (pid, err.splitlines()[0] if err else ""))
    order = {p.id: i for i, p in enumerate(progs)}
    built.sort(key=lambda p: order[p.id])
    return built, failed
