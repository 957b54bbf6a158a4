#!/bin/sh
# Hardware probes behind model rules in docs/prediction.md (restarting reduction chains, 4K aliasing, read-modify-write stores,
# write-backs at L3, strided store misses, pages malloc faults in on every call, loads and stores into crowded L1 sets, loop exits, a sum kept in a stack slot across calls, the data TLB, the L3 reach, FMAs beside vector stores, FMA chains at the balance of latency and ports, compute beside L3 and RAM streams): builds probes.c natively and prints a markdown table.
#   bash bench/probes/run.sh [OUT_DIR]     (default build/bench/probes; one OpenMP thread)
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$HERE/../../build/bench/probes}
mkdir -p "$OUT"
clang-19 -O2 -march=x86-64-v3 -fopenmp "$HERE/probes.c" -lm -o "$OUT/probes"
OMP_NUM_THREADS=1 "$OUT/probes"
