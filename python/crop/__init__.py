"""Crop from Python: profile a tensor program once, predict and rank it on any target.

    import crop
    t = crop.Target("gold5220r")
    p = crop.profile(open("kernel.ll").read(), entry="kernel", args=["f32:256x256", "i32=256"])
    t.predict(p, threads=1).seconds
    t.rank([p1, p2, p3])                      # indices, fastest first
    crop.profile_many([(ir, "kernel", args), ...], jobs=8)

A thin ctypes layer over Crop's C interface (libcrop_c.so, crop/crop_c.h); errors raise crop.Error
with Crop's message. The library is found through $CROP_LIBRARY, next to this file (an installed
package), or in a Crop build tree (build/lib) beside the source checkout.
"""

import concurrent.futures
import ctypes
import json
import os
import sys

__all__ = ["Error", "Target", "Profile", "Prediction", "targets", "profile", "profile_many", "version"]


class Error(Exception):
    """A failure reported by Crop (bad IR, unknown target, a crashing kernel ...)."""


def _find_library():
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("CROP_LIBRARY"), os.path.join(here, "libcrop_c.so"),
                  os.path.join(here, "..", "..", "build", "lib", "libcrop_c.so")]
    for c in candidates:
        if c and os.path.exists(c):
            return c
    raise Error("libcrop_c.so not found: build Crop (scripts/setup.sh) or set CROP_LIBRARY")


_lib = None


def _c():
    global _lib
    if _lib is not None:
        return _lib
    lib = ctypes.CDLL(_find_library())
    P, S, I, D, Z = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_double, ctypes.c_size_t
    U = ctypes.c_uint
    sig = {
        "crop_version": (S, []), "crop_abi_version": (I, []),
        "crop_context_new": (P, []), "crop_context_free": (None, [P]), "crop_context_error": (S, [P]),
        "crop_context_set_limits": (I, [P, D, D]),
        "crop_context_set_sample_tasks": (I, [P, ctypes.c_uint64]),
        "crop_context_set_sample_time": (I, [P, ctypes.c_uint64]),
        "crop_target_load": (P, [P, S]), "crop_target_from_yaml": (P, [P, S, S]),
        "crop_target_free": (None, [P]), "crop_target_name": (S, [P]), "crop_targets_list": (P, [P]),
        "crop_profile_module": (P, [P, S, I, S, S, ctypes.POINTER(S), Z, D, S]),
        "crop_profile_module_cached": (P, [P, S, I, S, S, ctypes.POINTER(S), Z, D, S, S,
                                           ctypes.POINTER(I)]),
        "crop_profile_load": (P, [P, S]), "crop_profile_save": (I, [P, P, S]),
        "crop_profile_to_json": (P, [P, P]), "crop_profile_from_json": (P, [P, S, S]),
        "crop_profile_to_binary": (P, [P, P, ctypes.POINTER(Z)]),
        "crop_profile_from_binary": (P, [P, ctypes.c_char_p, Z, S]),
        "crop_profile_free": (None, [P]),
        "crop_predict": (I, [P, P, P, U, I, U, ctypes.POINTER(D), ctypes.POINTER(P)]),
        "crop_predict_many": (I, [P, ctypes.POINTER(P), Z, P, U, I, U, ctypes.POINTER(D)]),
        "crop_string_free": (None, [P]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    if lib.crop_abi_version() != 1:
        raise Error("libcrop_c.so speaks C ABI %d, this package 1" % lib.crop_abi_version())
    _lib = lib
    return lib


class _Context:
    """One C context (its own last-error string); not shared between threads."""

    def __init__(self):
        self.lib = _c()
        self.ptr = self.lib.crop_context_new()

    def __del__(self):
        if getattr(self, "ptr", None):
            self.lib.crop_context_free(self.ptr)
            self.ptr = None

    def fail(self):
        raise Error(self.lib.crop_context_error(self.ptr).decode("utf-8", "replace"))

    def check(self, handle):
        """A handle a C call returned, or Crop's error when it returned NULL."""
        if not handle:
            self.fail()
        return handle

    def string(self, ptr):
        """Takes a C string the caller owns."""
        if not ptr:
            self.fail()
        try:
            return ctypes.string_at(ptr).decode("utf-8")
        finally:
            self.lib.crop_string_free(ptr)


def _b(s):
    return None if s is None else s.encode("utf-8")


def version():
    """Crop's version, "MAJOR.MINOR.PATCH"."""
    return _c().crop_version().decode()


def targets():
    """Names of the targets on the hwdb search path (`crop targets`)."""
    ctx = _Context()
    text = ctx.string(ctx.lib.crop_targets_list(ctx.ptr))
    return [line.split("\t", 1)[0] for line in text.splitlines() if line]


class Prediction:
    """One prediction: `.seconds` per call and `.breakdown`, the `crop predict --json` fields."""

    def __init__(self, breakdown):
        self.breakdown = breakdown
        self.seconds = breakdown["seconds_per_call"]

    def __repr__(self):
        return "Prediction(%.4g s on %s, %s)" % (self.seconds, self.breakdown.get("target"),
                                                  self.breakdown.get("bound"))


class Profile:
    """A program profile (hardware-independent): picklable, and readable and writable as Crop's
    profile file (docs/profile-format.md)."""

    def __init__(self, _ptr=None, _ctx=None):
        self._ctx = _ctx or _Context()
        self._ptr = _ptr
        self.from_cache = False

    def __del__(self):
        if getattr(self, "_ptr", None):
            self._ctx.lib.crop_profile_free(self._ptr)
            self._ptr = None

    @classmethod
    def load(cls, path):
        ctx = _Context()
        return cls(ctx.check(ctx.lib.crop_profile_load(ctx.ptr, _b(os.fspath(path)))), ctx)

    @classmethod
    def from_json(cls, text, name="<memory>"):
        ctx = _Context()
        return cls(ctx.check(ctx.lib.crop_profile_from_json(ctx.ptr, _b(text), _b(name))), ctx)

    @classmethod
    def from_bytes(cls, data, name="<memory>"):
        """A profile from its binary form (Profile.to_bytes(), a .cprof file's content)."""
        ctx = _Context()
        data = bytes(data)
        return cls(ctx.check(ctx.lib.crop_profile_from_binary(ctx.ptr, data, len(data), _b(name))), ctx)

    def save(self, path):
        """Writes the profile file: binary for a path ending in .cprof (fast to load), else JSON."""
        if self._ctx.lib.crop_profile_save(self._ctx.ptr, self._ptr, _b(os.fspath(path))) != 0:
            self._ctx.fail()

    def to_json(self):
        return self._ctx.string(self._ctx.lib.crop_profile_to_json(self._ctx.ptr, self._ptr))

    def to_bytes(self):
        """The binary form: what a .cprof file holds; compact, and about 30x faster to read than JSON."""
        size = ctypes.c_size_t()
        ptr = self._ctx.lib.crop_profile_to_binary(self._ctx.ptr, self._ptr, ctypes.byref(size))
        if not ptr:
            self._ctx.fail()
        try:
            return ctypes.string_at(ptr, size.value)
        finally:
            self._ctx.lib.crop_string_free(ptr)

    def __getstate__(self):
        return {"binary": self.to_bytes()}

    def __setstate__(self, state):
        other = Profile.from_bytes(state["binary"]) if "binary" in state else Profile.from_json(state["json"])
        self._ctx, self._ptr = other._ctx, other._ptr
        other._ptr = None

    @property
    def entry(self):
        return json.loads(self.to_json())["module"]["entry"]


class Target:
    """A target machine: a hwdb name ("gold5220r", see crop.targets()) or a descriptor file's path;
    Target.from_yaml(text) for a descriptor held in memory."""

    def __init__(self, name_or_yaml_path, _ptr=None, _ctx=None):
        self._ctx = _ctx or _Context()
        self._ptr = _ptr or self._ctx.lib.crop_target_load(self._ctx.ptr, _b(os.fspath(name_or_yaml_path)))
        if not self._ptr:
            self._ctx.fail()
        self.name = self._ctx.lib.crop_target_name(self._ptr).decode()

    @classmethod
    def from_yaml(cls, text, name="<memory>"):
        ctx = _Context()
        return cls(name, ctx.check(ctx.lib.crop_target_from_yaml(ctx.ptr, _b(text), _b(name))), ctx)

    def __del__(self):
        if getattr(self, "_ptr", None):
            self._ctx.lib.crop_target_free(self._ptr)
            self._ptr = None

    def __repr__(self):
        return "Target(%r)" % self.name

    def predict(self, profile, threads=1, warm_calls=False, vector_bits=0):
        """Prediction of one call of the profile's entry with `threads` threads (0: the target's)."""
        secs = ctypes.c_double()
        js = ctypes.c_void_p()
        if self._ctx.lib.crop_predict(self._ctx.ptr, profile._ptr, self._ptr, threads, int(warm_calls),
                                      vector_bits, ctypes.byref(secs), ctypes.byref(js)) != 0:
            self._ctx.fail()
        return Prediction(json.loads(self._ctx.string(js.value)))

    def predict_many(self, profiles, threads=1, warm_calls=False, vector_bits=0):
        """Seconds per call of each profile."""
        profiles = list(profiles)
        arr = (ctypes.c_void_p * len(profiles))(*[p._ptr for p in profiles])
        out = (ctypes.c_double * len(profiles))()
        if self._ctx.lib.crop_predict_many(self._ctx.ptr, arr, len(profiles), self._ptr, threads,
                                           int(warm_calls), vector_bits, out) != 0:
            self._ctx.fail()
        return list(out)

    def rank(self, profiles, threads=1, warm_calls=False, vector_bits=0):
        """Indices of the profiles, predicted fastest first (ties keep their order)."""
        secs = self.predict_many(profiles, threads, warm_calls, vector_bits)
        return sorted(range(len(secs)), key=lambda i: (secs[i], i))


def profile(ll_text_or_path, entry="kernel", args=(), sample_rate=1.0, codegen_cpu=None, name=None,
            cache=False, timeout=60, memory_limit_mib=8192, sample_tasks=0, sample_time=0):
    """Profiles a module once on this machine: `ll_text_or_path` is LLVM IR text or the path of a
    .ll/.bc file; `args` the entry's buffers and scalars ("f32:256x256", "i32=256").
    `cache`: False profiles every time; True keeps profiles in Crop's cache folder ($CROP_CACHE_DIR,
    else $XDG_CACHE_HOME/crop, else ~/.cache/crop), a string in that folder: the same module,
    entry, arguments and options are then profiled once and read back after (`crop analyze`'s
    cache). The returned profile's `from_cache` says which.
    The program runs in a child process: a crash, a time-out after `timeout` seconds or an allocation
    past `memory_limit_mib` raises crop.Error naming it (0: no limit), and this process goes on.
    `sample_tasks`: trace at most that many tasks of each parallel loop and weight them for the rest
    (several times faster on parallel programs; counts stay exact; docs/profiling.md "Task sampling").
    0: every task. `sample_time`: past the first 2^18 (262 144) accesses, record one chunk of accesses in
    that many and weight it for the rest (several times faster on long runs; counts stay exact;
    docs/profiling.md "Time sampling"). 0: every access."""
    ctx = _Context()
    if ctx.lib.crop_context_set_limits(ctx.ptr, float(timeout or 0), float(memory_limit_mib or 0)) != 0:
        ctx.fail()
    if ctx.lib.crop_context_set_sample_tasks(ctx.ptr, int(sample_tasks or 0)) != 0:
        ctx.fail()
    if ctx.lib.crop_context_set_sample_time(ctx.ptr, int(sample_time or 0)) != 0:
        ctx.fail()
    is_path = isinstance(ll_text_or_path, os.PathLike) or (
        "\n" not in ll_text_or_path and len(ll_text_or_path) < 4096 and os.path.exists(ll_text_or_path))
    module = os.fspath(ll_text_or_path) if is_path else ll_text_or_path
    argv = (ctypes.c_char_p * len(args))(*[_b(a) for a in args])
    folder = None if cache is True else ("" if cache is False or cache is None else os.fspath(cache))
    hit = ctypes.c_int(0)
    ptr = ctx.lib.crop_profile_module_cached(ctx.ptr, _b(module), 0 if is_path else 1,
                                             _b(name or (module if is_path else "<memory>")), _b(entry),
                                             argv, len(args), float(sample_rate), _b(codegen_cpu),
                                             _b(folder), ctypes.byref(hit))
    p = Profile(ctx.check(ptr), ctx)
    p.from_cache = bool(hit.value)
    return p


def _profile_item(item):
    """profile_many's worker: a (module, entry, args) tuple or a dict of profile()'s arguments; returns
    the profile's binary form (what crosses a process boundary)."""
    kw = dict(item) if isinstance(item, dict) else dict(zip(("ll_text_or_path", "entry", "args"), item))
    return profile(**kw).to_bytes()


def profile_many(items, jobs=None, executor=None, progress=None, return_errors=False):
    """Profiles many modules in parallel, in the order given. `items`: (module, entry, args) tuples or
    dicts of profile()'s arguments. `executor`: any concurrent.futures.Executor (a Dask or Ray
    cluster's spreads the work over machines); default a process pool of `jobs` processes (the CPU
    count). A progress line goes to stderr when it is a terminal (or progress=True).
    return_errors: a module Crop cannot profile gives its crop.Error in its place instead of raising."""
    items = list(items)
    own = executor is None
    if own:
        executor = concurrent.futures.ProcessPoolExecutor(max_workers=jobs or os.cpu_count())
    show = sys.stderr.isatty() if progress is None else progress
    try:
        futures = [executor.submit(_profile_item, it) for it in items]
        done = 0
        for _ in concurrent.futures.as_completed(futures):
            done += 1
            if show:
                sys.stderr.write("\rcrop: profiled %d/%d" % (done, len(items)))
                sys.stderr.flush()
        if show:
            sys.stderr.write("\n")
        out = []
        for f in futures:
            try:
                out.append(Profile.from_bytes(f.result()))
            except Error as e:
                if not return_errors:
                    raise
                out.append(e)
        return out
    finally:
        if own:
            executor.shutdown()
