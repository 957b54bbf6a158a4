#!/bin/sh
# Runs `crop microbench` twice on this host and prints both runs with their
# spread, then compares the measured figures with a shipped descriptor
# (default: epyc7763, the paper's Zen 3) and flags differences above 25 %.
# The differences are explained in docs/microbench.md.
# Usage: bench/microbench/run.sh [--quick] [--ref NAME] [--out DIR] [BUILD_DIR]
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
QUICK=
REF=epyc7763
OUT=
BUILD=
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=--quick ;;
    --ref) REF=$2; shift ;;
    --out) OUT=$2; shift ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) BUILD=$1 ;;
  esac
  shift
done
BUILD=${BUILD:-$ROOT/build}
OUT=${OUT:-$BUILD/bench-microbench}
if [ -z "$CROP_BENCH_NO_BUILD" ]; then
  if [ ! -f "$BUILD/build.ninja" ] && [ ! -f "$BUILD/Makefile" ]; then
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build "$BUILD" --target crop -- -j2 >/dev/null
fi
CROP=${CROP:-$BUILD/bin/crop}
mkdir -p "$OUT"
for RUN in 1 2; do
  echo "run $RUN: $CROP microbench $QUICK -o $OUT/run$RUN.yaml --report $OUT/run$RUN.tsv" >&2
  START=$(date +%s)
  "$CROP" microbench $QUICK --name "run$RUN" -o "$OUT/run$RUN.yaml" \
    --report "$OUT/run$RUN.tsv" 2>"$OUT/run$RUN.log"
  echo "run $RUN took $(( $(date +%s) - START )) s (log: $OUT/run$RUN.log)" >&2
done
"$CROP" hwdb show "$REF" > "$OUT/ref.yaml"
exec python3 "$ROOT/bench/microbench/compare.py" "$OUT/run1.yaml" "$OUT/run1.tsv" \
  "$OUT/run2.yaml" "$OUT/run2.tsv" "$OUT/ref.yaml"
