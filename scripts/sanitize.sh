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
# use_sigaltstack=0: LLVM installs its own alternate signal stacks (crash recovery, files removed on a
# signal), which ASan's thread exit then fails to unmap. allocator_may_return_null=1: the memory-cap test
# wants a failed allocation, not ASan's out-of-memory abort.
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:use_sigaltstack=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Left out: an instrumented libcrop_c.so cannot load into an uninstrumented Python, nor do the
# installed instrumented libraries link into a plain consumer project ('python', 'package').
ctest --test-dir "$B" --output-on-failure -j "$(nproc)" -E '^(python|package)$' "$@"
