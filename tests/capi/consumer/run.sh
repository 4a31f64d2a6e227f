#!/bin/sh
# SPDX-License-Identifier: MIT
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

echo "lwc.h: an ignored lwc_aead_open status is warned about (LWC_NODISCARD)"
printf '%s\n' '#include <lwc.h>' \
  'void f(const lwc_aead *a, uint8_t *m, const uint8_t *c, const uint8_t *k) {' \
  '    lwc_aead_open(a, m, NULL, c, 64, NULL, 0, k, k);' '}' > "$tmp/ignored.c"
if ${CC:-cc} -std=c99 -Werror=unused-result -c -o "$tmp/ignored.o" "$tmp/ignored.c" \
  $(pkg-config --cflags lwc) 2>/dev/null; then
  echo "FAILED: no warning for an unchecked lwc_aead_open"; exit 1
fi

echo "a configuration that names no build type builds Release"
source_dir=$(cd "$here/../../.." && pwd)
only_top="-DLWC_BUILD_TESTS=OFF -DLWC_BUILD_BENCH=OFF -DLWC_BUILD_EXAMPLES=OFF -DLWC_BUILD_CAPI=OFF"
build_type() {  # the CMAKE_BUILD_TYPE a fresh configuration with these arguments gets
  rm -rf "$tmp/plain"
  env -u CMAKE_BUILD_TYPE cmake -S "$source_dir" -B "$tmp/plain" -G Ninja $only_top "$@" >/dev/null
  sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$tmp/plain/CMakeCache.txt"
}
[ "$(build_type)" = Release ] || { echo "FAILED: no default build type"; exit 1; }
[ "$(build_type -DCMAKE_BUILD_TYPE=Debug)" = Debug ] || { echo "FAILED: Debug overridden"; exit 1; }
[ -z "$(build_type -DCMAKE_BUILD_TYPE=)" ] || { echo "FAILED: an empty type overridden"; exit 1; }
echo "consumer test passed"
