#!/bin/bash
# Profiling cost on the example kernels: the native run of the IR (clang-19
# -O2, one OpenMP thread) against `crop profile --counts-only` (target: at
# most 1.5x) and full profiling (exact and SHARDS-sampled reuse), as a table.
# Times are CPU seconds of the program's own run (user + system; crop
# reports it for the instrumented run, JIT and static analysis excluded),
# best of REPS runs: wall time means little on a shared machine. jit_s is the
# JIT's compile and set-up of the instrumented module for the full profile
# (wall seconds, crop's report); the last column is crop's whole wall time
# for the full profile.
# Usage: bench/profile/run.sh [BUILD_DIR]   env: N (default 512), REPS (3)
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
N=${N:-512}
REPS=${REPS:-3}
CLANG=${CLANG:-clang-19}
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" --target crop -- -j2 >/dev/null
CROP=$BUILD/bin/crop
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

now() { date +%s.%N; }
# Best (smallest) of the numbers on stdin.
best() { sort -g | head -n 1; }
# The instrumented program's CPU time from crop's progress output.
ran_for() { sed -n 's/.*the instrumented program ran for .*(CPU \([0-9.e+-]*\) s).*/\1/p'; }
# The JIT's compile and set-up of the instrumented module, wall seconds, from the same output.
jit_in() { sed -n 's/.*the JIT compiled the instrumented module in \([0-9.e+-]*\) s.*/\1/p'; }

printf '%-16s %6s %10s %14s %8s %12s %8s %8s %14s %8s %10s\n' \
  kernel N native_s counts_only_s ratio full_s ratio jit_s sampled.01_s ratio crop_full_s
for SRC in "$ROOT"/examples/*.c; do
  grep -q 'int main' "$SRC" || continue
  K=$(basename "$SRC" .c)
  "$CLANG" -O2 -fopenmp -march=x86-64-v3 -DN="$N" -S -emit-llvm "$SRC" -o "$WORK/$K.ll"
  "$CLANG" -O2 -fopenmp "$WORK/$K.ll" -o "$WORK/$K"
  NATIVE=$(for _ in $(seq "$REPS"); do
    OMP_NUM_THREADS=1 /usr/bin/time -f '%U + %S' -o "$WORK/time" "$WORK/$K" >/dev/null
    bc -l < "$WORK/time"; done | best)
  COUNTS=$(for _ in $(seq "$REPS"); do
    "$CROP" profile "$WORK/$K.ll" --counts-only -o "$WORK/c.json" 2>&1 >/dev/null | ran_for
    done | best)
  S=$(now)
  "$CROP" profile "$WORK/$K.ll" -o "$WORK/f.json" 2>"$WORK/f.err" >/dev/null
  FULL=$(ran_for < "$WORK/f.err")
  JIT=$(jit_in < "$WORK/f.err")
  E=$(now)
  CROPFULL=$(echo "$E - $S" | bc -l)
  SAMPLED=$("$CROP" profile "$WORK/$K.ll" --sample-rate 0.01 -o "$WORK/s.json" 2>&1 >/dev/null | ran_for)
  printf '%-16s %6s %10.3f %14.3f %7.2fx %12.3f %7.1fx %8.3f %14.3f %7.1fx %10.2f\n' \
    "$K" "$N" "$NATIVE" "$COUNTS" "$(echo "$COUNTS / $NATIVE" | bc -l)" \
    "$FULL" "$(echo "$FULL / $NATIVE" | bc -l)" "$JIT" \
    "$SAMPLED" "$(echo "$SAMPLED / $NATIVE" | bc -l)" "$CROPFULL"
done
