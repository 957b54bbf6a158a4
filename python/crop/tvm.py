"""Crop as TVM MetaSchedule's cost model: candidates are ranked by Crop's prediction for a chosen target.

    import crop.tvm
    import tvm.s_tir.meta_schedule as ms
    db = ms.tune_tir(mod, target, work_dir, max_trials_global=64,
                     cost_model=crop.tvm.CostModel("gold5220r", threads=2))

Each candidate schedule is built by TVM's own codegen for the tuning context's target, and its LLVM IR is
profiled once here (Crop reads IR from TVM's newer LLVM as it is) and predicted for Crop's target. Scores
are normalized, higher is better: the fastest prediction seen so far divided by the candidate's (so in
(0, 1]); a candidate Crop cannot build or profile scores 0. `update` learns nothing (Crop is not fitted
to timings); `save`/`load` keep the predictions already made, keyed by the candidate's IR.

Importing this module imports TVM (the pinned wheel: bench/tvm-requirements.txt); `import crop` does not.
"""

import hashlib
import json
import os
import re

import numpy as np
import tvm
from tvm.ir.utils import derived_object
from tvm.s_tir.meta_schedule.cost_model import PyCostModel

import crop

__all__ = ["CostModel", "kernel_args", "candidate_ir", "stable_ir", "sample_schedules"]

_DTYPES = {"float32": "f32", "float64": "f64", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
           "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64"}


def kernel_args(ll, symbol, tensors):
    """Crop's entry and --arg list for TVM's kernel function of `symbol`.

    TVM >= 0.21 emits a packed entry __tvm_ffi_<symbol> that checks its tensors and calls the internal
    <symbol>_compute_ with one plain buffer per tensor, in order, plus scalar parameters (the device id)
    wherever TVM put them. `tensors`: [(dtype, shape)] in the PrimFunc's parameter order."""
    entry = symbol + "_compute_"
    params = _parameters(ll, entry)
    if params is None:
        raise crop.Error("TVM's IR has no %s (is this TVM >= 0.21 output for %s?)" % (entry, symbol))
    specs = []
    for dtype, shape in tensors:
        if dtype not in _DTYPES:
            raise crop.Error("%s: tensor dtype %s has no Crop argument type" % (symbol, dtype))
        specs.append("%s:%s" % (_DTYPES[dtype], "x".join(str(int(d)) for d in shape) or "1"))
    out = []
    for p in params:
        if p.startswith("ptr"):
            if not specs:
                raise crop.Error("%s takes more buffers than %s has tensors" % (entry, symbol))
            out.append(specs.pop(0))
        elif re.match(r"i(8|16|32|64)\b", p):
            out.append(p.split()[0] + "=0")
        else:
            raise crop.Error("%s: parameter '%s' is neither a buffer nor an integer" % (entry, p))
    if specs:
        raise crop.Error("%s takes fewer buffers than %s has tensors" % (entry, symbol))
    return entry, out


def _parameters(ll, function):
    """The parameter list of `function`'s definition, split at top-level commas (attributes such as
    captures(none) carry parentheses of their own), or None."""
    m = re.search(r"^define [^@\n]*@%s\(" % re.escape(function), ll, re.M)
    if not m:
        return None
    params, depth, cur = [], 1, ""
    for ch in ll[m.end():]:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                break
        if ch == "," and depth == 1:
            params.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        params.append(cur.strip())
    return params


def _symbol(mod):
    funcs = [(gv, f) for gv, f in mod.functions.items() if isinstance(f, tvm.tirx.PrimFunc)]
    if len(funcs) != 1:
        raise crop.Error("a candidate module with %d PrimFuncs; Crop's adapter takes one" % len(funcs))
    gv, f = funcs[0]
    return str(f.attrs["global_symbol"]) if f.attrs and "global_symbol" in f.attrs else gv.name_hint


def stable_ir(ll):
    """TVM's LLVM text with its TBAA type nodes renamed. TVM names them after buffer addresses in the
    compiling process (!"0x55a4...", and for vector accesses !"0x55a4....w128.b0", one node per width), so
    the same schedule gives different text in every process: predictions memoized by the IR's hash (the
    cost model's `save`/`load`) and the suite's measurements would not carry over. Each address is renamed
    in order of appearance and the width suffix kept (a bijection: aliasing stays as it was). Before the
    suffixed form was renamed too (2026-11-29), 19 of the suite's 160 TVM programs had a different hash on
    every machine that generated them."""
    names = {}

    def rename(m):
        return '!"%s%s"' % (names.setdefault(m.group(1), "tvm.tbaa.%d" % len(names)), m.group(2))

    return re.sub(r'!"(0x[0-9a-f]+)((?:\.[^"]*)?)"', rename, ll)


def candidate_ir(mod, target):
    """LLVM IR of a scheduled IRModule built by TVM for `target` (`stable_ir`'s text: the same for the same
    schedule in any process), and its kernel's symbol."""
    lib = tvm.build(mod, target=target)
    src = lib.inspect_source("ll") if hasattr(lib, "inspect_source") else lib.get_source("ll")
    return stable_ir(src), _symbol(mod)


def sample_schedules(mod, target, rng, rand_state=1, max_draws=None):
    """Schedules of `mod` drawn as MetaSchedule's replay-trace search draws them: a design space of the
    default rules for `target`, replayed with fresh random decisions under a seeded Schedule, then the
    postprocessors; a draw that fails them is dropped, and so is one equal to an earlier schedule.
    Yields (design space index, schedule seed, Schedule); `rng` (a random.Random) makes it repeatable;
    stops after `max_draws` draws (default: never)."""
    import tvm.s_tir.meta_schedule as ms
    from tvm.s_tir import Schedule, Trace
    ctx = ms.TuneContext(mod=mod, target=target, space_generator="post-order-apply", rand_state=rand_state,
                         num_threads=1)
    spaces = ctx.space_generator.generate_design_space(mod)
    postprocs = ctx.space_generator.postprocs
    seen, draws = set(), 0
    while max_draws is None or draws < max_draws:
        draws += 1
        space = rng.randrange(len(spaces))
        seed = rng.randrange(1, 2 ** 30)
        sch = Schedule(mod, seed=seed)
        try:
            Trace(spaces[space].trace.insts, {}).apply_to_schedule(sch, remove_postproc=True)
            if not all(p.apply(sch) for p in postprocs):
                continue
        except Exception:  # noqa: BLE001 - an invalid draw, as MetaSchedule's own replay drops it
            continue
        text = sch.mod.script()  # the program itself: equal text, equal program
        if text in seen:
            continue
        seen.add(text)
        yield space, seed, sch


@derived_object
class CostModel(PyCostModel):
    """MetaSchedule cost model backed by Crop's prediction for `target` (a hwdb name or descriptor path).

    threads: the thread count predicted (default: the tuning target's num-cores, else 1).
    jobs: candidates profiled in parallel (processes; default 1).
    sample_rate: the reuse tracker's sampling (crop profile --sample-rate); 0.1, the suite's setting,
    profiles about 2.5x faster than exact tracing (docs/profiling.md bounds its error).
    sample_tasks: trace that many tasks of each parallel loop (crop profile --sample-tasks; 0, the
    default: all of them); faster on candidates with many tasks, at some cost in ranking
    (docs/profiling.md, "Task sampling").
    sample_time: record one chunk of accesses in that many past the first 2^18 (crop profile
    --sample-time; 0: every access); the default 8 halves the profiling of long-running candidates and
    moved the suite's validation scores by less than a point (docs/profiling.md, "Time sampling")."""

    def __init__(self, target, threads=None, jobs=1, sample_rate=0.1, sample_tasks=0, sample_time=8):
        super().__init__()
        self.target = target if isinstance(target, crop.Target) else crop.Target(target)
        self.threads = threads
        self.jobs = jobs
        self.sample_rate = sample_rate
        self.sample_tasks = sample_tasks
        self.sample_time = sample_time
        self.seconds = {}  # sha256 of the candidate's IR -> predicted seconds (None: Crop failed)
        self.best = None
        self.errors = []   # (IR hash, message) of candidates Crop could not profile, newest last

    def _threads(self, context):
        if self.threads:
            return self.threads
        cores = context.target.attrs.get("num-cores") if context is not None and context.target else None
        return int(cores) if cores else 1

    def predict(self, context, candidates):
        threads = self._threads(context)
        keys, todo = [], {}
        for c in candidates:
            try:
                ll, symbol = candidate_ir(c.sch.mod, context.target)
                key = hashlib.sha256(("%s|%d" % (symbol, threads)).encode() + ll.encode()).hexdigest()
                if key not in self.seconds and key not in todo:
                    tensors = [(str(a.dtype), [int(d) for d in a.shape]) for a in c.args_info]
                    entry, args = kernel_args(ll, symbol, tensors)
                    todo[key] = (ll, entry, args)
            except Exception as e:  # noqa: BLE001 - a candidate TVM cannot build scores 0
                key = None
                self.errors.append((None, str(e)))
            keys.append(key)
        if todo:
            items = [{"ll_text_or_path": ll, "entry": entry, "args": args, "sample_rate": self.sample_rate,
                      "sample_tasks": self.sample_tasks, "sample_time": self.sample_time}
                     for ll, entry, args in todo.values()]
            profiles = crop.profile_many(items, jobs=self.jobs, progress=False, return_errors=True)
            for key, p in zip(todo, profiles):
                if isinstance(p, crop.Error):
                    self.seconds[key] = None
                    self.errors.append((key, str(p)))
                else:
                    self.seconds[key] = self.target.predict(p, threads=threads).seconds
        secs = [self.seconds.get(k) if k else None for k in keys]
        known = [s for s in secs if s]
        if known:
            self.best = min(known + ([self.best] if self.best else []))
        return np.array([self.best / s if s else 0.0 for s in secs], dtype="float64")

    def update(self, context, candidates, results):
        """Crop is not fitted to timings (docs/prediction.md): measurements change nothing."""

    def save(self, path):
        tmp = "%s.tmp.%d" % (path, os.getpid())
        with open(tmp, "w") as f:
            json.dump({"target": self.target.name, "seconds": self.seconds}, f)
        os.replace(tmp, path)

    def load(self, path):
        with open(path) as f:
            data = json.load(f)
        if data.get("target") == self.target.name:
            self.seconds.update(data.get("seconds", {}))
