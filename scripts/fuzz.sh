#!/usr/bin/env bash
# Builds Crop's libFuzzer targets with clang-19, ASan and UBSan (build-fuzz/) and runs each for SECONDS
# (default 60) on its seed corpus in tests/fuzz/corpus/<name>/. New inputs go to build-fuzz/corpus/
# unless --keep, which adds them to the repository's corpus. A crash, leak or sanitizer report stops
# with the input saved as build-fuzz/<target>-crash-*. FUZZ_SEED=N makes a run repeatable (CI).
#   bash scripts/fuzz.sh [SECONDS] [--keep] [TARGET...]   (targets: descriptor profile simulator ir)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=60
KEEP=0
TARGETS=()
for a in "$@"; do
  case "$a" in
    --keep) KEEP=1 ;;
    [0-9]*) SECONDS_EACH=$a ;;
    *) TARGETS+=("$a") ;;
  esac
done
((${#TARGETS[@]})) || TARGETS=(descriptor profile simulator ir)
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
dpkg-query -W -f='${Status}' libclang-rt-19-dev 2>/dev/null | grep -q "ok installed" ||
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
      --no-install-recommends libclang-rt-19-dev; }
B=build-fuzz
if [ ! -f "$B/build.ninja" ]; then
  cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-19 \
    -DCMAKE_CXX_COMPILER=clang++-19 -DCROP_FUZZ=ON -DCROP_BUILD_TESTS=OFF > /dev/null
fi
cmake --build "$B" --target $(printf "fuzz_%s " "${TARGETS[@]}")
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in "${TARGETS[@]}"; do
  seeds=tests/fuzz/corpus/$t
  if ((KEEP)); then out=$seeds; else out=$B/corpus/$t; mkdir -p "$out"; fi
  echo "fuzz: $t for ${SECONDS_EACH} s"
  "$B/bin/fuzz_$t" "$out" "$seeds" -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=20 \
    -seed="${FUZZ_SEED:-0}" \
    -rss_limit_mb=4096 -artifact_prefix="$B/$t-" -print_final_stats=1 2>&1 |
    grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss|==|SUMMARY|.*ERROR|.*cov:.*ft:)" | tail -4
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "fuzz: $t found a failure (input in $B/$t-*)"; exit 1; }
done
echo "fuzz: ${#TARGETS[@]} passed, 0 failed"
