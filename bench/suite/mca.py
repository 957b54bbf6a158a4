"""llvm-mca peer: per-IR-block throughput from llvm-mca-19, weighted by Crop's block counts.

Method (what you get by swapping Crop's simulator and memory model for llvm-mca's):
 1. Name every block: `opt-19 -passes=instnamer` gives unnamed blocks names (bb, bb1, ...) in function
    order, so the i-th block of a function in the named module is the i-th block of the original, whose
    Crop name is its IR name or `%N` (its slot number).
 2. `llc-19 -O2 -mcpu=znver3` compiles the named module twice: to assembly, and to MIR stopped just before
    the asm printer (`-stop-after=unpack-mi-bundles`), where each machine block says which IR block it
    came from (`bb.N (%ir-block.NAME)`).  Machine block N is `.LBB<f>_N` / `# %bb.N` in the assembly.
    Blocks codegen creates (no IR block) are charged to the IR block laid out before them.
 3. Every machine block's instructions become one llvm-mca code region (`# LLVM-MCA-BEGIN/END`); one
    `llvm-mca-19 -mcpu=znver3 -iterations=100` run gives each region's Total Cycles / Iterations, the
    steady-state cycles of one execution.  An IR block's cost is the sum over its machine blocks.
 4. Predicted cycles = sum over blocks of Crop's effective count (`ecount` in `crop predict --json`) x
    that cost; seconds = cycles / the descriptor's frequency.  Memory is whatever llvm-mca assumes
    (every load hits L1); calls (expf) cost only their call instruction.
"""

import os
import re
import subprocess

LABEL = re.compile(r'^(?:"([^"]+)"|([-\w.$]+)):')
DEFINE = re.compile(r'^define\b[^@]*@("[^"]+"|[-\w.$]+)\((.*)$')


def _param_list(rest):
    depth, out = 1, []
    for ch in rest:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                break
        out.append(ch)
    return "".join(out)


def block_order(ll_text):
    """{function: [block names in order]} with unnamed blocks as %N (their slot number)."""
    funcs = {}
    cur = None
    first = False
    for line in ll_text.splitlines():
        m = DEFINE.match(line)
        if m:
            name = m.group(1).strip('"')
            params = _param_list(m.group(2))
            unnamed = len(re.findall(r"%\d+\b", params))
            cur = funcs.setdefault(name, [])
            first = True
            entry_slot = unnamed
            continue
        if cur is None:
            continue
        if line.startswith("}"):
            cur = None
            continue
        lm = LABEL.match(line)
        if first:
            first = False
            if not lm:
                cur.append("%" + str(entry_slot))
                continue
        if lm:
            n = lm.group(1) or lm.group(2)
            cur.append("%" + n if n.isdigit() else n)
    return funcs


def _run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError("%s failed: %s" % (cmd[0], r.stderr[-1500:]))
    return r.stdout


def _mir_blocks(mir):
    """{(function, N): ir block name or None} and layout order [(function, N)]."""
    res, order = {}, []
    fn = None
    for line in mir.splitlines():
        m = re.match(r"^name:\s+'?([^']+?)'?\s*$", line)
        if m:
            fn = m.group(1)
            continue
        # Names may hold spaces and `$` (Halide: `bb.5.for prod.s1.r$x (align 16):`).
        m = re.match(r"^  bb\.(\d+)(?:\.(.+?))?(?: \(([^()]*)\))?:\s*$", line)
        if m and fn:
            ir = m.group(2).strip('"') if m.group(2) else None
            if ir is None and m.group(3):
                im = re.search(r"%ir-block\.(\"[^\"]+\"|[-\w.$]+)", m.group(3))
                if im:
                    ir = im.group(1).strip('"')
            res[(fn, int(m.group(1)))] = ir
            order.append((fn, int(m.group(1))))
    return res, order


def _asm_blocks(asm):
    """{(function, N): [instruction lines]} from llc's assembly."""
    blocks = {}
    fn, cur = None, None
    funcs = set(re.findall(r"^\s*\.type\s+([-\w.$]+),@function", asm, re.M))
    for line in asm.splitlines():
        if not line.strip():
            continue
        m = re.match(r"^([-\w.$]+):\s*(#.*)?$", line)
        if m and m.group(1) in funcs:
            fn = m.group(1)
            if fn.startswith(".L"):  # private functions get a local-label symbol
                fn = fn[2:]
            cur = blocks.setdefault((fn, 0), [])
            continue
        m = re.match(r"^\.LBB(\d+)_(\d+):", line) or re.match(r"^# %bb\.(\d+):", line)
        if m and fn:
            n = int(m.group(2)) if m.re.pattern.startswith("^\\.LBB") else int(m.group(1))
            cur = blocks.setdefault((fn, n), [])
            continue
        if line.startswith(".L") or not line[0].isspace() or cur is None:
            continue
        s = line.strip()
        if s.startswith(".") or s.startswith("#"):
            continue
        s = s.split("#", 1)[0].rstrip()
        if s:
            cur.append(s)
    return blocks


def _mca(regions, mcpu, iters):
    text = []
    for name, insts in regions:
        text.append("# LLVM-MCA-BEGIN %s" % name)
        text.extend("\t" + i for i in insts)
        text.append("# LLVM-MCA-END %s" % name)
    out = _run(["llvm-mca-19", "-mcpu=" + mcpu, "-iterations=%d" % iters, "-"], input="\n".join(text) + "\n")
    res = {}
    cur = None
    for line in out.splitlines():
        m = re.match(r"^\[\d+\] Code Region - (.*)$", line)
        if m:
            cur = m.group(1).strip()
            continue
        m = re.match(r"^Total Cycles:\s+(\d+)", line)
        if m and cur is not None:
            res[cur] = int(m.group(1)) / float(iters)
    return res


def block_cycles(ll_path, work_dir, mcpu="znver3", iters=100):
    """{(function, crop block name): llvm-mca cycles per execution} for every defined function."""
    with open(ll_path) as f:
        orig = block_order(f.read())
    named_ll = os.path.join(work_dir, "mca.named.ll")
    _run(["opt-19", "-S", "-passes=instnamer", ll_path, "-o", named_ll])
    with open(named_ll) as f:
        named = block_order(f.read())
    rename = {}
    for fn, names in named.items():
        o = orig.get(fn)
        if o is None or len(o) != len(names):
            continue
        for a, b in zip(names, o):
            rename[(fn, a.lstrip("%"))] = b
    asm = _run(["llc-19", "-O2", "-mcpu=" + mcpu, named_ll, "-o", "-"])
    mir = _run(["llc-19", "-O2", "-mcpu=" + mcpu, "-stop-after=unpack-mi-bundles", named_ll, "-o", "-"])
    mbb_ir, order = _mir_blocks(mir)
    insts = _asm_blocks(asm)
    regions, owner = [], {}
    last = {}
    for key in order:
        fn, n = key
        ir = mbb_ir.get(key) or last.get(fn)
        if ir is None:
            continue
        last[fn] = ir
        crop_name = rename.get((fn, ir), ir)
        body = insts.get(key, [])
        if not body:
            continue
        rname = "%s|%d" % (fn, n)
        regions.append((rname, body))
        owner[rname] = (fn, crop_name)
    try:
        cyc = _mca(regions, mcpu, iters)
    except RuntimeError:
        # One instruction llvm-mca cannot model spoils the whole file: fall back to one run per region.
        cyc = {}
        for r in regions:
            try:
                cyc.update(_mca([r], mcpu, iters))
            except RuntimeError:
                pass
    res = {}
    for rname, c in cyc.items():
        k = owner[rname]
        res[k] = res.get(k, 0.0) + c
    return res
