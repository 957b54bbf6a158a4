#!/usr/bin/env bash
# Sets Crop up (scripts/setup.sh) and runs every test: Catch2 unit tests and lit/FileCheck tests.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/setup.sh
# The pinned TVM for the crop.tvm adapter test and the suite's TVM tasks (build/tvm-venv, from PyPI).
bash scripts/tvm-venv.sh "$PWD/${CROP_BUILD_DIR:-build}/tvm-venv" > /dev/null ||
  echo "test.sh: could not make the TVM environment (PyPI unreachable?): python_tvm will be skipped" >&2
BUILD=${CROP_BUILD_DIR:-build}
ctest --test-dir "$BUILD" --output-on-failure -j "$(nproc)"
# The fuzz targets, briefly and repeatably (docs/robustness.md); CROP_SKIP_FUZZ=1 leaves them out.
if [ -z "${CROP_SKIP_FUZZ:-}" ]; then
  FUZZ_SEED=1 bash scripts/fuzz.sh 10
fi
echo "test.sh: setup, build and tests took $(( $(date +%s) - start )) s"
