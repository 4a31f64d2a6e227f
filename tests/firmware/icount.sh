#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the Markdown table of instructions per byte on Cortex-M4 (docs/firmware.md):
# tests/firmware/icount.cpp built with each -O flag given (default -O2 -Os), run on QEMU's
# mps2-an386 with -icount shift=6 (64 ns of virtual time per instruction; SysTick counts
# the 25 MHz clock), ticks converted to instructions by the program's calibration loop.
#   tests/firmware/icount.sh [-O2 -Os ...]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
fw=$top/tests/firmware cm=$top/examples/firmware/cortex-m
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- -O2 -Os
for o in "$@"; do
    arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb "$o" -c "$cm/startup.c" -o "$tmp/startup.o"
    arm-none-eabi-g++ -std=c++20 -mcpu=cortex-m4 -mthumb "$o" -fno-exceptions -fno-rtti \
      -ffunction-sections -fdata-sections -I"$top/include" "$fw/icount.cpp" "$tmp/startup.o" \
      --specs=rdimon.specs -nostartfiles -L"$cm" -T"$cm/mps2-an386.ld" -Wl,--gc-sections \
      -o "$tmp/icount.elf"
    timeout 300 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
      -icount shift=6 -semihosting-config enable=on,target=native,arg=icount \
      -kernel "$tmp/icount.elf" > "$tmp/out$o"
done
printf '| scheme |'; for o in "$@"; do printf ' %s, 64 B | %s, 1024 B |' "$o" "$o"; done; echo
printf '|---|'; for o in "$@"; do printf -- '---:|---:|'; done; echo
awk '{ print $1 }' "$tmp/out$1" | grep -v '^calib$' | while read -r name; do
    row="| $name |"
    for o in "$@"; do
        row="$row$(awk -v s="$name" '$1 == "calib" { k = $2 / 200000 }
          $1 == s { printf " %.0f | %.0f |", $2 / k / 64, $3 / k / 1024 }' "$tmp/out$o")"
    done
    echo "$row"
done
