#!/usr/bin/env bash
# Installs what Crop needs (Debian 12 packages only), then configures and builds it in build/.
# Safe to run again: installs only what is missing and rebuilds incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."

PKGS=(cmake ninja-build g++ python3 git
      llvm-19-dev clang-19 llvm-19-tools llvm-19 libomp-19-dev libzstd-dev
      libyaml-cpp-dev libboost-graph-dev catch2 libhalide14-0-dev graphviz
      python3-matplotlib python3-yaml python3-scipy)
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

# The Python package (import crop) for the python3 on PATH (a pyenv CPython here, not Debian's
# /usr/bin/python3): pip installs the staged build/python, which carries libcrop_c.so (pip needs
# `wheel` to build it); without pip, the package is copied into the interpreter's site-packages.
PYPKG="$BUILD/python"
if python3 -m pip --version > /dev/null 2>&1 &&
   { python3 -c "import wheel" 2> /dev/null ||
     python3 -m pip install --quiet --disable-pip-version-check wheel > /dev/null 2>&1; } &&
   python3 -m pip install --quiet --no-deps --no-build-isolation --force-reinstall \
     --disable-pip-version-check "$PYPKG" > /dev/null 2>&1; then
  :
else
  SITE=$(python3 -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
  rm -rf "$SITE/crop" && cp -r "$PYPKG/crop" "$SITE/crop" \
    || echo "setup: the crop Python package is not installed; PYTHONPATH=$PYPKG works"
fi
