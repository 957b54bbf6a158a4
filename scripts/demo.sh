#!/usr/bin/env bash
# Sets Crop up (scripts/setup.sh) and runs it on an example: the static view, the profile taken once on
# this machine, and predictions for several targets from that one profile, without running there.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
BUILD=${CROP_BUILD_DIR:-build}
CROP=$BUILD/bin/crop
IR=$BUILD/examples/matmul_tiled.ll
OUT=$BUILD/demo
mkdir -p "$OUT"

echo
echo "== 1. The example: a tiled, OpenMP-parallel matmul (examples/matmul_tiled.c) compiled by clang-19"
"$CROP" graph "$IR" --function matmul_tiled | head -n 20
echo "   ..."

echo
echo "== 2. Profile it once here (one call of matmul_tiled, 256x256 matrices)"
"$CROP" profile "$IR" --entry matmul_tiled \
  --arg f32:256x256 --arg f32:256x256 --arg f32:256x256 --arg i32=256 -o "$OUT/matmul.profile.json"

echo
echo "== 3. Predict it on targets this machine is not"
"$CROP" predict "$OUT/matmul.profile.json" --target gold5220r --target epyc7763 --target h100-sxm

echo
echo "== 4. The same as JSON, for programs"
"$CROP" predict "$OUT/matmul.profile.json" --target gold5220r --threads 4 --json | head -n 30
echo
echo "demo: done. Try '$CROP --help' and '$CROP predict --help'."
