#!/bin/sh
# Installs a build of lwc into a temporary prefix and builds small C and C++ programs
# against it the ways a user would, with find_package(lwc) and with pkg-config, then
# runs them. usage: tests/capi/consumer/run.sh <build-dir>
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null

echo "find_package(lwc): lwc::capi, lwc::capi_static, lwc::lwc"
cmake -S "$here" -B "$tmp/cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/cmake" >/dev/null
for program in consumer_c consumer_c_static consumer_cpp; do "$tmp/cmake/$program"; done

echo "pkg-config lwc"
PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name lwc.pc)")
export PKG_CONFIG_PATH
libdir=$(pkg-config --variable=libdir lwc)
${CC:-cc} -std=c99 -Wall -Wextra -Werror -o "$tmp/c_pc" "$here/consumer.c" \
  $(pkg-config --cflags --libs lwc) -Wl,-rpath,"$libdir"
${CXX:-c++} -std=c++20 -Wall -Wextra -Werror -o "$tmp/cpp_pc" "$here/consumer.cpp" \
  $(pkg-config --cflags --libs lwc) -Wl,-rpath,"$libdir"
"$tmp/c_pc"
"$tmp/cpp_pc"
echo "consumer test passed"
