#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the peak stack table of docs/firmware.md: per scheme, one encrypt and one decrypt
# of 64 bytes with 16 bytes of AD (or one hash of 200 bytes) measured by the runner's stack
# painting on QEMU, on Cortex-M4 and M0+ at -Os: with the stack wipe (the builds of
# `make test-firmware`) and the kernel alone (the runner built again, here, with
# -DLWC_STACK_WIPE_SIZE=0 in build-fw-<cpu>-nowipe).
#   tests/firmware/stack.sh
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for b in m4 m0plus; do
    case $b in m4) cpu=cortex-m4 board=mps2-an386 ;; *) cpu=cortex-m0plus board=microbit ;; esac
    # CXXFLAGS, not CMAKE_CXX_FLAGS, which would replace the toolchain file's flags.
    CXXFLAGS=-DLWC_STACK_WIPE_SIZE=0 cmake -S "$top/tests/firmware" -B "$top/build-fw-$b-nowipe" \
      -G Ninja -DCMAKE_TOOLCHAIN_FILE="$top/cmake/arm-none-eabi.cmake" -DLWC_ARM_CPU=$cpu \
      -DCMAKE_BUILD_TYPE=MinSizeRel > /dev/null
    cmake --build "$top/build-fw-$b-nowipe" --target lwc_fw_runner > /dev/null
    for w in "" -nowipe; do
        "$top/tests/firmware/qemu-run.sh" $board "$top/build-fw-$b$w/lwc_fw_runner" \
          "$top/tests/kat" 0 | awk '/^ok / && $8 == "stack" && $NF !~ /variant/ { print $2, $9 }' > "$tmp/$b$w"
    done
done
echo "| scheme | M4 with wipe | M4 kernel alone | M0+ with wipe | M0+ kernel alone |"
echo "|---|---:|---:|---:|---:|"
while read -r name stack; do
    row="| $name | $stack"
    for f in m4-nowipe m0plus m0plus-nowipe; do
        row="$row | $(awk -v s="$name" '$1 == s { print $2; exit }' "$tmp/$f")"
    done
    echo "$row |"
done < "$tmp/m4"
