#!/usr/bin/env python3
"""Prints a program profile (crop profile's JSON) one line per function and
block, for FileCheck: counts, memory operations, successor counts, and each
block's reuse totals (total/cold, serial and task) for 64-byte lines."""
import json
import sys


def hist(h):
    return "%d/%d" % (sum(c for _, c in h.get("bins", [])) + h.get("cold", 0),
                      h.get("cold", 0))


def main():
    with open(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] != "-" else sys.stdin as f:
        p = json.load(f)
    m = p["module"]
    print("module entry=%s entry_calls=%d sample_rate=%g hash_len=%d" %
          (m["entry"], p["entry_calls"], p["sample_rate"], len(m["hash"])))
    for fn in p["functions"]:
        launches = " ".join("%dx%d" % (t, n) for t, n in fn.get("launches", []))
        print("function %s calls=%d parallel=%s runtime=%s launches=[%s]" %
              (fn["name"], fn["calls"], str(fn["parallel"]).lower(),
               fn["runtime"], launches))
        for b in fn["blocks"]:
            succ = " ".join("%s:%d" % (s["block"], s["count"])
                            for s in b["successors"])
            line = "  block %s count=%d loads=%d stores=%d succ=[%s]" % (
                b["name"], b["count"], b.get("loads", 0), b.get("stores", 0),
                succ)
            r = b.get("reuse", {}).get("64")
            if r:
                line += " reuse64=%s" % hist(r["serial"])
                if "task" in r:
                    line += " task64=%s" % hist(r["task"])
            print(line)


if __name__ == "__main__":
    main()
