#!/bin/sh
# Profile load time in both file forms, prediction speed and per-target
# predictions (issues 5 and 14): profiles clang's
# matmul (examples/matmul_tiled.c) at several sizes, then times
# crop::predict on every CPU and GPU target: the first call (fresh memo) and
# the same call repeated (memoized; the target is <= 1 ms), and prints the
# predicted time per call.
# Usage: bench/predictor/run.sh [BUILD_DIR] [THREADS]   (default: build, 1)
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
THREADS=${2:-1}
if [ ! -f "$BUILD/build.ninja" ] && [ ! -f "$BUILD/Makefile" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" --target crop crop_bench_predict crop_examples -- -j2 >/dev/null
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
PROFILES=""
for N in 64 128 256 512; do
  "$BUILD/bin/crop" profile "$BUILD/examples/matmul_tiled.ll" --quiet \
    --entry matmul_tiled --arg f32:${N}x${N} --arg f32:${N}x${N} \
    --arg f32:${N}x${N} --arg i32=$N -o "$WORK/matmul_$N.profile.json"
  PROFILES="$PROFILES $WORK/matmul_$N.profile.json"
done
# The suite's largest profile, where a bench run left them: the load times
# of both file forms are issue 14's figure.
BIG=$(ls -S "$BUILD"/bench/profiles/*.json 2>/dev/null | head -n 1 || true)
[ -n "$BIG" ] && PROFILES="$PROFILES $BIG"
TARGETS=""
for T in gold5220r epyc7763 graviton2 h100-sxm a100 t4; do
  TARGETS="$TARGETS --target $T"
done
echo "crop::predict speed ($THREADS thread(s) on CPU targets; memo = the same"
echo "profile and target asked again in one process)"
"$BUILD/bin/crop_bench_predict" $PROFILES $TARGETS --threads "$THREADS"
