"""The suite's development / validation split, and where each CPU's results live.

A model change is studied on the development half and kept only if the validation half improves, on
every CPU with committed results (bench/README.md, "Development and validation halves";
`bench/rescore_all.py` checks every CPU at once). The split is a pure function of program ids and a fixed
seed, so every run and every session draws the same halves:

- a few whole tasks are validation-only (a task whose seeded hash falls in the first quarter): nobody
  studies their schedules, so they stand for operators the model was not developed on;
- in every other task, schedules are ordered by their seeded hash and alternate dev, val, dev, ...
  (balanced halves: a task of 12 schedules gives 6 and 6).

Changing SEED or the rule re-draws both halves: do it never, or say so in the summary.
"""

import hashlib
import re

SEED = "crop-split-2026-11-25"
VALIDATION_ONLY_SHARE = 4  # one task in about four is held out whole


def _hash(text):
    return int(hashlib.sha256(("%s:%s" % (SEED, text)).encode()).hexdigest()[:16], 16)


def validation_only(task_name):
    """True for a task whose every schedule is in the validation half."""
    return _hash("task:" + task_name) % VALIDATION_ONLY_SHARE == 0


def halves(program_ids_by_task):
    """{task: [program id, ...]} -> {program id: "dev" | "val"}."""
    out = {}
    for task, ids in program_ids_by_task.items():
        if validation_only(task):
            for pid in ids:
                out[pid] = "val"
            continue
        for k, pid in enumerate(sorted(ids, key=lambda p: (_hash("program:" + p), p))):
            out[pid] = "dev" if k % 2 == 0 else "val"
    return out


def cpu_slug(cpu_model):
    """'AMD EPYC (family 26 model 2, 2 CPUs)' -> 'amd-epyc-family26-model2': one results folder per CPU model
    (the core count is left out: the same CPU model with more cores is the same validation machine)."""
    m = re.match(r"\s*(.*?)\s*\(family (\w+) model (\w+)", cpu_model)
    name, fam, mod = (m.group(1), m.group(2), m.group(3)) if m else (cpu_model, "x", "x")
    # Trademark marks and the generic word "Processor" name no model ('Intel(R) Xeon(R) Processor').
    name = re.sub(r"\((R|TM)\)|\b(Processor|CPU)\b", " ", name, flags=re.I)
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "cpu"
    return "%s-family%s-model%s" % (base, fam, mod)
