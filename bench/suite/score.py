"""Scores of a cost model on the suite (definitions in ../shared/notes/metrics.md).

tasks: {task: {"weight": w, "items": [(measured_s, predicted_s), ...], "rank": bool (optional: False = APE only)}}
- top-k (TenSet/TLP): sum_t w(t) * best(t) / sum_t w(t) * best among the k schedules ranked fastest by
  the model; ties in the prediction are broken uniformly at random and the expectation is taken (a model
  that predicts the same time for every schedule scores what a random pick scores, no more).
- Kendall tau-b per task between predicted and measured times, averaged over tasks.
- APE = |P - L| / L per program: median and mean (MAPE).
- within-5 %: share of tasks whose predicted best schedule is within 5 % of the measured best.
"""

import math
import statistics
from math import comb

try:
    from scipy.stats import kendalltau
except ImportError as e:  # the bench runs on Debian's python3 (bench/run.sh), where setup.sh installs it
    raise SystemExit("bench: scipy is missing: run the bench with /usr/bin/python3 after `bash "
                     "scripts/setup.sh` (it installs python3-scipy), as bench/run.sh does") from e


def expected_topk_min(items, k):
    """E[min measured latency among the k schedules with the smallest prediction], random tie-breaks."""
    items = sorted(items, key=lambda x: x[1])
    chosen, i = [], 0
    while i < len(items) and len(chosen) < k:
        j = i
        while j < len(items) and items[j][1] == items[i][1]:
            j += 1
        group = [x[0] for x in items[i:j]]
        room = k - len(chosen)
        if len(group) <= room:
            chosen.extend(group)
            i = j
            continue
        # Random `room`-subset of the tied group: E[min(min(chosen), min(subset))].
        fixed = min(chosen) if chosen else math.inf
        g = sorted(group)
        n = len(g)
        exp = 0.0
        for idx, v in enumerate(g):
            # P(the smallest of the subset is g[idx]) = C(n-idx-1, room-1) / C(n, room)
            p = comb(n - idx - 1, room - 1) / comb(n, room)
            exp += p * min(fixed, v)
        return exp
    return min(chosen)


def kendall_tau_b(xs, ys):
    """Kendall's tau-b (ties in either list counted as scipy counts them); 0 where one side is constant
    (no order to agree with: scipy says NaN)."""
    t = kendalltau(xs, ys, variant="b")[0]
    return 0.0 if math.isnan(t) else float(t)


def median(v):
    v = list(v)
    return statistics.median(v) if v else float("nan")


def scores(tasks):
    """tasks as in the module doc; tasks with fewer than 2 schedules count only for APE."""
    num = den1 = den5 = 0.0
    taus, apes, within = [], [], []
    for name, t in tasks.items():
        items = [(m, p) for m, p in t["items"] if m and m > 0 and p is not None and p > 0 and
                 math.isfinite(p)]
        apes.extend(abs(p - m) / m for m, p in items)
        if not t.get("rank", True):
            continue  # not schedules of one task (a TVM module's entry functions): APE only
        if len(items) < 2 or len(items) < len(t["items"]):
            # A model that failed on some schedule of a task cannot rank that task.
            if len(t["items"]) >= 2 and len(items) < len(t["items"]):
                t["unranked"] = True
            continue
        w = t["weight"]
        best = min(m for m, _ in items)
        num += w * best
        den1 += w * expected_topk_min(items, 1)
        den5 += w * expected_topk_min(items, 5)
        taus.append(kendall_tau_b([p for _, p in items], [m for m, _ in items]))
        within.append(1.0 if expected_topk_min(items, 1) <= 1.05 * best else 0.0)
    return {
        "top1": num / den1 if den1 else float("nan"),
        "top5": num / den5 if den5 else float("nan"),
        "tau": sum(taus) / len(taus) if taus else float("nan"),
        "median_ape": median(apes),
        "mape": sum(apes) / len(apes) if apes else float("nan"),
        "within5": sum(within) / len(within) if within else float("nan"),
        "ranked_tasks": len(taus),
        "programs": len(apes),
    }
