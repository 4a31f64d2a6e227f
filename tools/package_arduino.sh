#!/bin/sh
# SPDX-License-Identifier: MIT
# Assembles the Arduino library (precompiled=true) into OUT/lwcrypto (default
# build-arduino/lwcrypto): library.properties, src/lwc.h, liblwc.a per core in
# src/<build.mcu>/ (cortex-m0plus: SAMD21; cortex-m4: nRF52840), examples/arduino/*.
# liblwc.a is built with cmake/arm-none-eabi.cmake (gcc-arm-none-eabi, make deps-firmware).
# Then checks that the example, compiled as C++17 for Cortex-M4, links with liblwc.a.
# Usage: tools/package_arduino.sh [OUT]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${1:-$top/build-arduino}" && cd "${1:-$top/build-arduino}" && pwd)
lib=$out/lwcrypto
cpus="cortex-m0plus cortex-m4"

for cpu in $cpus; do
  [ -f "$out/build-$cpu/build.ninja" ] ||
    cmake -S "$top" -B "$out/build-$cpu" -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel \
      -DCMAKE_TOOLCHAIN_FILE="$top/cmake/arm-none-eabi.cmake" -DLWC_ARM_CPU=$cpu \
      -DLWC_BUILD_TESTS=OFF -DLWC_BUILD_BENCH=OFF -DLWC_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$out/build-$cpu" -j 1 --target lwc_capi_static
done

rm -rf "$lib"
mkdir -p "$lib/src" "$lib/examples"
cp "$top/library.properties" "$top/LICENSE" "$lib/"
cp "$top/capi/lwc.h" "$lib/src/"
for cpu in $cpus; do
  mkdir -p "$lib/src/$cpu"
  cp "$out/build-$cpu/capi/liblwc.a" "$lib/src/$cpu/"
done
cp -R "$top/examples/arduino/." "$lib/examples/"
echo "assembled $lib"

# The link check: the sketch as a core would compile it (C++17, Cortex-M4), with a
# stand-in for the core's Serial and main().
chk=$out/link-check
rm -rf "$chk" && mkdir -p "$chk"
cat > "$chk/Arduino.h" <<'H'
#include <stddef.h>
#include <stdint.h>
struct StandIn {
  void begin(long) {}
  explicit operator bool() const { return true; }
  void print(const char *) {}
  void print(char) {}
  void println(const char * = "") {}
  void write(const uint8_t *, size_t) {}
};
inline StandIn Serial;
H
for ino in "$lib"/examples/*/*.ino; do
  { echo '#include <Arduino.h>'; cat "$ino"; echo 'int main() { setup(); loop(); }'; } > "$chk/sketch.cpp"
  arm-none-eabi-g++ -std=gnu++17 -mcpu=cortex-m4 -mthumb -Os -fno-exceptions -fno-rtti \
    -Wall -Wextra -Werror -I "$chk" -I "$lib/src" "$chk/sketch.cpp" \
    -L "$lib/src/cortex-m4" -llwc -specs=nosys.specs -Wl,--gc-sections -o "$chk/sketch.elf"
  echo "linked $(basename "$ino") for cortex-m4 (C++17): $(arm-none-eabi-size "$chk/sketch.elf" | tail -1 | awk '{print $1}') bytes of text"
done
