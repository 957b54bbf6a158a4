#!/usr/bin/env bash
# Installs what Crop needs (Debian 12 packages only), then configures and builds it in build/.
# Safe to run again: installs only what is missing and rebuilds incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."

PKGS=(cmake ninja-build g++ python3 git
      llvm-19-dev clang-19 llvm-19-tools llvm-19 libomp-19-dev libzstd-dev
      libyaml-cpp-dev libboost-graph-dev catch2 libhalide14-0-dev graphviz
      python3-matplotlib python3-yaml)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

BUILD=${CROP_BUILD_DIR:-build}
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$BUILD" -j "$(nproc)"
