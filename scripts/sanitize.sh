#!/usr/bin/env bash
# Builds Crop and its tests with clang-19, AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/)
# and runs every test there. Any sanitizer report fails the test that made it.
#   bash scripts/sanitize.sh [ctest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh > /dev/null   # the packages (and the ordinary build the lit tests' tools use)
B=build-asan
if [ ! -f "$B/build.ninja" ]; then
  cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-19 \
    -DCMAKE_CXX_COMPILER=clang++-19 -DCROP_SANITIZE=ON > /dev/null
fi
cmake --build "$B"
# Leaks are reported too; the JIT's and LLVM's process-lifetime allocations are not leaks of Crop's.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$B" --output-on-failure -j "$(nproc)" "$@"
