#!/bin/sh
# Hardware probes behind model rules in docs/prediction.md (restarting reduction chains, 4K aliasing, read-modify-write stores,
# write-backs at L3, strided store misses, pages malloc faults in on every call, loads and stores into crowded L1 sets, loop exits, a sum kept in a stack slot across calls, the data TLB, the L3 reach, FMAs beside vector stores, FMA chains at the balance of latency and ports, compute beside L3 and RAM streams): builds probes.c natively and prints a markdown table.
#   bash bench/probes/run.sh [OUT_DIR]     (default build/bench/probes; one OpenMP thread)
# The table also goes to bench/results/<this CPU model>/probes.md, beside that CPU's summary, so that every CPU
# the project lands on keeps the figures a rule needs from it (CROP_PROBES_RESULTS=0 skips that; a run that
# fails leaves the previous file alone).
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$HERE/../../build/bench/probes}
mkdir -p "$OUT"
clang-19 -O2 -march=x86-64-v3 -fopenmp "$HERE/probes.c" -lm -o "$OUT/probes"
CPU=$(cd "$HERE/.." && /usr/bin/python3 -c 'from suite import groundtruth; print(groundtruth.cpu_model())')
{
  echo "# bench/probes on $CPU"
  echo
  echo "Run $(date -u '+%Y-%m-%d %H:%M UTC') by \`bash bench/probes/run.sh\` (one OpenMP thread); load average at start $(cut -d' ' -f1 /proc/loadavg). What each row is for: docs/prediction.md."
  echo
  OMP_NUM_THREADS=1 "$OUT/probes"
} > "$OUT/probes.md"
cat "$OUT/probes.md"
if [ "${CROP_PROBES_RESULTS:-1}" != 0 ]; then
  SLUG=$(cd "$HERE/.." && /usr/bin/python3 -c 'from suite import groundtruth, split; print(split.cpu_slug(groundtruth.cpu_model()))')
  mkdir -p "$HERE/../results/$SLUG"
  cp "$OUT/probes.md" "$HERE/../results/$SLUG/probes.md"
  echo "written: bench/results/$SLUG/probes.md" >&2
fi
