#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the Markdown table of instructions per byte on an emulated CPU (docs/firmware-sizes.md):
# tests/firmware/icount.cpp built with each -O flag given (default -O2 -Os), run on the
# CPU's QEMU board (Cortex-M4: mps2-an386, M33: mps2-an505, M0+: microbit, rv32imac or
# any rv32 -march: virt) with -icount shift=6 (64 ns of virtual time per instruction), the
# counter's ticks converted to instructions by the program's calibration loop;
# LWC_QEMU_ARGS adds QEMU options (-cpu rv32,zbb=true for rv32imac_zbb).
# aarch64: a static Linux program under qemu-aarch64, its instructions counted exactly by
# icount_plugin.c (built here with the host's cc), which prints the count at the
# program's marks: the zeros the program prints become the differences of its marks.
#   tests/firmware/icount.sh [--cpu CPU] [-O2 -Os ...]      CPU: default cortex-m4
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/firmware/tools.sh"
cpu=cortex-m4
if [ "${1:-}" = --cpu ]; then cpu=$2; shift 2; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- -O2 -Os
if [ "$cpu" = aarch64 ]; then
    for o in "$@"; do
        aarch64-linux-gnu-g++ -std=c++20 "$o" -static -fno-exceptions -fno-rtti \
          -I"$top/include" -I"$top/tests/firmware" "$top/tests/firmware/icount.cpp" -o "$tmp/icount"
        a64_run "$tmp/icount" > "$tmp/zeros"
        awk 'NR == FNR { if ($1 == "mark") m[++n] = $2; next }
             { printf "%s", $1; for (i = 2; i <= NF; ++i) { k += 2; printf " %d", m[k] - m[k - 1] }
               print "" }' "$tmp/marks" "$tmp/zeros" > "$tmp/out$o"
    done
else
    tools "$cpu"
    for o in "$@"; do
        start=""
        if [ "$board" != virt ]; then
            $cc "$o" -c "$cm/startup.c" -o "$tmp/startup.o"
            start=$tmp/startup.o
        fi
        $cxx -std=c++20 "$o" -fno-exceptions -fno-rtti -ffunction-sections -fdata-sections \
          -I"$top/include" -c "$top/tests/firmware/icount.cpp" -o "$tmp/icount.o"
        $run_link "$tmp/icount.o" $start -o "$tmp/icount.elf"
        LWC_QEMU_ARGS="-icount shift=6 ${LWC_QEMU_ARGS:-}" "$top/tests/firmware/qemu-run.sh" "$board" \
          "$tmp/icount.elf" icount > "$tmp/out$o"
    done
fi
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
