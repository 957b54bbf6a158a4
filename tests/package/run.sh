#!/bin/sh
# Installs Crop from BUILD into a fresh prefix, builds tests/package/consumer against it with
# find_package(Crop) and runs it: the installed tree alone must be enough for another project.
#   sh tests/package/run.sh BUILD_DIR WORK_DIR
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$1
WORK=$2
rm -rf "$WORK"
mkdir -p "$WORK"
cmake --install "$BUILD" --prefix "$WORK/prefix" > "$WORK/install.log"
cmake -S "$HERE/consumer" -B "$WORK/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$WORK/prefix" > "$WORK/configure.log"
cmake --build "$WORK/build" > "$WORK/build.log"
"$WORK/build/consumer"
