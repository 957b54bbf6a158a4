#!/bin/bash
# Makes build/tvm-venv: a Python environment with the pinned TVM (bench/tvm-requirements.txt), used by
# the suite's TVM MetaSchedule tasks (bench/suite/tvm_gen.py) and by the crop.tvm adapter's test.
# Separate from the python3 on PATH so that TVM's pins do not fight anything installed there.
# MetaSchedule's local builder and runner need psutil and cloudpickle; the tuner example, scipy.
# Usage: scripts/tvm-venv.sh [VENV_DIR]   (prints the venv's python on success)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV=${1:-$ROOT/build/tvm-venv}
REQ=$ROOT/bench/tvm-requirements.txt
STAMP=$VENV/.crop-requirements
if [ -x "$VENV/bin/python" ] && [ -f "$STAMP" ] && cmp -s "$REQ" "$STAMP"; then
  echo "$VENV/bin/python"
  exit 0
fi
rm -rf "$VENV"
python3 -m venv "$VENV" >&2
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$REQ" >&2
"$VENV/bin/python" -c "import tvm.s_tir.meta_schedule" >&2
cp "$REQ" "$STAMP"
echo "$VENV/bin/python"
