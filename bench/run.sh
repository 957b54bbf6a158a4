#!/bin/sh
# Crop's evaluation suite: builds the programs, measures them natively, runs Crop and its peers, prints the
# score table and writes bench/results/<cpu>/summary.{md,json}, groundtruth.json and per-task plots. `bench/run.sh --help`.
# Brings build/ up to date first (crop and the simulator's speed bench); CROP_BENCH_NO_BUILD=1 skips that.
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# Debian's python3 has matplotlib, PyYAML and scipy (python3-matplotlib, python3-yaml, python3-scipy: scripts/setup.sh).
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
# --help only prints: it must not configure or build (a build beside another one in build/ spoils both).
for a in "$@"; do case "$a" in -h|--help) CROP_BENCH_NO_BUILD=1 ;; esac; done
if [ -z "$CROP_BENCH_NO_BUILD" ]; then
  [ -f "$ROOT/build/build.ninja" ] || cmake -S "$ROOT" -B "$ROOT/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >&2
  ninja -C "$ROOT/build" -j2 crop >&2
  ninja -C "$ROOT/build" -j2 crop_bench_simulator >&2 || echo "bench: no crop_bench_simulator (simulator speed not measured)" >&2
fi
PYTHONPATH="$ROOT/bench${PYTHONPATH:+:$PYTHONPATH}" exec "$PY" -m suite.bench "$@"
