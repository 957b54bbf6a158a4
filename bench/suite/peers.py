"""Crop and its peers on the suite's programs: Crop (profile + predict), Crop without its memory model,
llvm-mca x Crop's block counts, and a plain roofline.  Reads hardware descriptors through `crop hwdb show
--json` (base units, `base:` merged) for the peers."""

import hashlib
import json
import os
import re
import subprocess
import time

from . import mca, programs

def load_descriptor(path, crop_binary):
    """The descriptor as Crop loads it (`base:` merged, base units): `crop hwdb show --json`, so the bench
    never parses descriptors or their units itself."""
    r = subprocess.run([crop_binary, "hwdb", "show", "--json", path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError("crop hwdb show %s: %s" % (path, r.stderr.strip()))
    return json.loads(r.stdout)


class Machine:
    """The few descriptor numbers the peers need."""

    def __init__(self, desc):
        cpu = desc["cpu"]
        self.name = desc.get("name", "?")
        self.freq = cpu["frequency_hz"]
        units = cpu.get("units", {})
        self.fma_units = units.get("fp", 2)
        # The suite's programs are built for x86-64-v3 (AVX2): 256-bit vectors at most, whatever the
        # descriptor's SIMD width.
        self.lanes = min(int(cpu.get("simd_bits", 256)), 256) // 32
        ram = cpu.get("ram", {})
        self.bw_core = ram.get("bandwidth_per_core_bytes_per_s") or 10e9
        self.bw_all = ram.get("bandwidth_all_bytes_per_s") or self.bw_core

    def peak_flops(self, threads):
        return self.freq * self.fma_units * self.lanes * 2 * threads

    def bandwidth(self, threads):
        return min(self.bw_all, self.bw_core * threads)


def roofline(task, machine, threads):
    """FLOPs and compulsory bytes of the task against peak FLOP/s and DRAM bandwidth."""
    if not task.flops and not task.bytes:
        return None
    return max(task.flops / machine.peak_flops(threads), task.bytes / machine.bandwidth(threads))


class Crop:
    def __init__(self, binary, target, work, log=print):
        self.binary = binary
        self.target = target
        self.work = work
        self.log = log
        os.makedirs(os.path.join(work, "profiles"), exist_ok=True)
        self.ok_profile = self._has("profile")
        self.ok_predict = self._has("predict")
        self.no_mem_flag = None
        self.warm_flag = None
        self.vector_bits_flag = None
        # The CPU the native binaries are built for (programs.NATIVE_CPU): crop profile reads each block's
        # machine code for it.
        self.codegen_cpu_flag = None
        if self.ok_profile and "--codegen-cpu" in self._help("profile"):
            self.codegen_cpu_flag = "--codegen-cpu"
        if self.ok_predict:
            h = self._help("predict")
            # The ground truth times the steady state of repeated calls on the same buffers (each process
            # warms up first), which is what --warm-calls predicts; a tuner measures the same way.
            if "--warm-calls" in h:
                self.warm_flag = "--warm-calls"
            # The native binaries' vector width (programs.NATIVE_CODEGEN).
            if "--vector-bits" in h:
                self.vector_bits_flag = "--vector-bits"
            for flag in ("--no-memory-model", "--no-memory"):
                if flag in h:
                    self.no_mem_flag = flag
                    break
        # Profiles depend on the analyzer, not on the rest of crop: key them by the libraries that make
        # them where the build tree has them, so rebuilding crop for a new predictor keeps the cache.
        h = hashlib.sha256()
        build = os.path.dirname(os.path.dirname(os.path.abspath(binary)))
        libs = [os.path.join(build, d, "libcrop_%s.a" % d) for d in ("analyzer", "passes", "profile")]
        for path in (libs if all(os.path.exists(l) for l in libs) else [binary]):
            with open(path, "rb") as f:
                h.update(f.read())
        self.version = h.hexdigest()[:16]

    def _help(self, cmd):
        r = subprocess.run([self.binary, cmd, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        return r.stdout

    def _has(self, cmd):
        if not os.path.exists(self.binary):
            return False
        r = subprocess.run([self.binary, cmd, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        # An unknown subcommand prints the general help (and exits 0): look for the subcommand's usage,
        # under whatever name the binary was started as (a wrapper script's own name, or the real binary's:
        # matching only the wrapper's silently dropped --codegen-cpu from every profile).
        return r.returncode == 0 and re.search(r"^USAGE: \S+ %s " % re.escape(cmd), r.stdout, re.M) is not None

    def profile(self, prog, timeout=300, sample_rate=None):
        """(profile path, wall seconds, cached?) or raises RuntimeError."""
        key = hashlib.sha256(("%s|%s|%s|%s|%s" % (prog.ir_hash, prog.entry, " ".join(prog.args),
                                                  self.version, sample_rate)).encode()).hexdigest()[:24]
        out = os.path.join(self.work, "profiles", key + ".json")
        meta = out + ".meta"
        if os.path.exists(out) and os.path.exists(meta):
            with open(meta) as f:
                return out, json.load(f)["seconds"], True
        cmd = [self.binary, "profile", prog.ir, "--entry", prog.entry, "-o", out, "--quiet",
               "--timeout", str(timeout)]
        for a in prog.args:
            cmd += ["--arg", a]
        if sample_rate:
            cmd += ["--sample-rate", str(sample_rate)]
        if self.codegen_cpu_flag:
            cmd += [self.codegen_cpu_flag, programs.NATIVE_CPU]
        t0 = time.time()
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout + 30)
        dt = time.time() - t0
        if r.returncode != 0 or not os.path.exists(out):
            raise RuntimeError("crop profile failed on %s: %s" % (prog.id, (r.stderr or r.stdout)[-400:]))
        with open(meta, "w") as f:
            json.dump({"seconds": dt}, f)
        return out, dt, False

    def predict(self, profile, threads, no_memory=False):
        cmd = [self.binary, "predict", profile, "--target", self.target, "--threads", str(threads), "--json",
               "--top", "0"]
        if self.warm_flag:
            cmd.append(self.warm_flag)
        if self.vector_bits_flag:
            cmd += [self.vector_bits_flag, str(programs.NATIVE_VECTOR_BITS)]
        if no_memory:
            if not self.no_mem_flag:
                return None, 0.0
            cmd.append(self.no_mem_flag)
        t0 = time.time()
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
        dt = time.time() - t0
        if r.returncode != 0:
            raise RuntimeError("crop predict failed: %s" % (r.stderr or r.stdout)[-400:])
        data = json.loads(r.stdout)
        if isinstance(data, list):
            data = data[0]
        return data, dt


def mca_seconds(prog, crop_json, machine, cache):
    """llvm-mca cycles per block x Crop's effective block counts."""
    key = "mca2|" + prog.ir_hash
    cyc = cache.get(key)
    if cyc is None:
        # TVM's IR is LLVM 20+ text; llc-19 reads the LLVM 19 text the native binary is built from.
        ir19 = os.path.join(prog.dir, "kernel.llvm19.ll")
        c = mca.block_cycles(ir19 if os.path.exists(ir19) else prog.ir, prog.dir)
        cyc = [[f, b, v] for (f, b), v in c.items()]
        cache.put(key, cyc)
    table = {}
    for f, b, v in cyc:
        table[(f, b)] = v
        table[(f, b.lstrip("%"))] = v
    total = 0.0
    missing = 0
    for blk in crop_json.get("blocks", []):
        f, b, n = blk.get("function"), str(blk.get("block")), blk.get("ecount", 0)
        c = table.get((f, b), table.get((f, b.lstrip("%"))))
        if c is None:
            missing += 1
            continue
        total += n * c
    if total <= 0:
        return None
    return total / float(crop_json.get("frequency_hz") or machine.freq)
