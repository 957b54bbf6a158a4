#!/bin/sh
# Builds and runs the reuse-tracker bench: accesses/s exact and sampled, hit
# rates exact vs sampled at 32 KiB / 1 MiB / 32 MiB, memory vs trace length.
# Usage: bench/reuse/run.sh [BUILD_DIR]   (default: build)
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
if [ ! -f "$BUILD/build.ninja" ] && [ ! -f "$BUILD/Makefile" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$BUILD" --target crop_bench_reuse -- -j2 >/dev/null
exec "$BUILD/bin/crop_bench_reuse"
