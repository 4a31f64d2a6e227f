#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the Markdown size table of docs/firmware.md: per scheme, encrypt + decrypt (or a
# one-shot hash, lwc::hash, or 64 bytes of a one-shot XOF, lwc::xof) linked alone with
# --gc-sections, built
#   arm-none-eabi-g++ -mcpu=CPU -mthumb -Os -fno-exceptions -fno-rtti
# for Cortex-M4 and M0+: .text (with .rodata; the image minus the same program without
# the call), .data + .bss likewise, and the peak stack measured by the runner on QEMU
# (stack painting; needs the builds of `make test-firmware`), beside NIST's smallest
# flash figure (the final-round benchmark, usnistgov/Lightweight-Cryptography-Benchmarking at 00a6a4a, benchmarks/{nano33ble,mkrzero}-{aead,hash}-summary.csv, column flash: the smallest on Cortex-M4 and M0+), and the
# .text of the same call from C through liblwc.a (tests/firmware/size_capi.c, the scheme's
# named descriptor; the library of the make test-firmware builds).
#   tests/firmware/sizes.sh [BUILD_PREFIX]      default: build-fw-
#   tests/firmware/sizes.sh --levels [CPU...]  one table per CPU: .text at -Os, -O2 and
#                                              -O2 -DLWC_SMALL=1 through the headers and
#                                              through a liblwc.a built here at the same
#                                              level (default: cortex-m0plus cortex-m4
#                                              cortex-m33 rv32imac)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
levels=""
if [ "${1:-}" = --levels ]; then
    shift
    levels=${*:-cortex-m0plus cortex-m4 cortex-m33 rv32imac}
    set --
fi
prefix=${1:-build-fw-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpus="cortex-m4 cortex-m0plus rv32imac"

. "$top/tests/firmware/tools.sh"

# text and data+bss of the size program for CPU with extra flags.
measure() {
    cpu=$1; shift
    tools "$cpu"
    $cxx -std=c++20 ${opt:--Os} -fno-exceptions -fno-rtti -ffunction-sections -fdata-sections \
      -I"$top/include" "$@" -c "$top/tests/firmware/size_main.cpp" -o "$tmp/a.o"
    $link "$tmp/a.o" -o "$tmp/a.elf"
    $size "$tmp/a.elf" | awk 'NR == 2 { print $1, $2 + $3 }'
}

# text of the C program over the liblwc.a LIB for CPU with extra flags.
measure_c() {
    cpu=$1 lib=$2; shift 2
    tools "$cpu"
    $cc -std=c99 -Os -ffunction-sections -fdata-sections -I"$top/capi" "$@" \
      -c "$top/tests/firmware/size_capi.c" -o "$tmp/c.o"
    $link "$tmp/c.o" "$lib" -lgcc -o "$tmp/c.elf"
    $size "$tmp/c.elf" | awk 'NR == 2 { print $1 }'
}

# liblwc.a for CPU at the optimization flags $opt, built in $tmp as a firmware project
# would build it (the toolchain file, one portable backend); prints its path.
build_lib() {
    d="$tmp/lib-$1-$(echo "$opt" | tr -cd 'a-zA-Z0-9')"
    case $1 in
    rv32imac) tc="-DCMAKE_TOOLCHAIN_FILE=$top/cmake/riscv32-unknown-elf.cmake" ;;
    *) tc="-DCMAKE_TOOLCHAIN_FILE=$top/cmake/arm-none-eabi.cmake -DLWC_ARM_CPU=$1" ;;
    esac
    cmake -S "$top" -B "$d" -G Ninja $tc -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_FLAGS_RELEASE="$opt" -DCMAKE_CXX_FLAGS_RELEASE="$opt" -DLWC_BUILD_TESTS=OFF \
      -DLWC_BUILD_BENCH=OFF -DLWC_BUILD_EXAMPLES=OFF >"$d.log" 2>&1 &&
      cmake --build "$d" --target lwc_capi_static >>"$d.log" 2>&1 ||
      { cat "$d.log" >&2; exit 1; }
    echo "$d/capi/liblwc.a"
}
board_of() {
    case $1 in cortex-m4) echo m4 mps2-an386 ;; cortex-m0plus) echo m0plus microbit ;; *) echo rv32 virt ;; esac
}

# Peak stack and kind per scheme from the runner (0 round trips), in registry order.
for cpu in $cpus; do
    set -- $(board_of $cpu)
    b=$1 board=$2
    "$top/tests/firmware/qemu-run.sh" $board "$top/$prefix$b/lwc_fw_runner" "$top/tests/kat" 0 |
      awk '/^ok / { print $2, $9, $NF }' > "$tmp/stack-$cpu"
    measure $cpu > "$tmp/base-$cpu"
    measure_c $cpu "$top/$prefix$b/lwc/capi/liblwc.a" > "$tmp/cbase-$cpu"
done

nist() {
    case $1 in
    tinyjambu-128|tinyjambu-256) echo 872 ;; tinyjambu-192) echo 884 ;;
    schwaemm128-128) echo 1628 ;; schwaemm192-192|schwaemm256-256) echo 1560 ;;
    schwaemm256-128) echo 1656 ;; esch256) echo 768 ;; esch384) echo 1440 ;;
    grain-128aead) echo 2432 ;; photon-beetle-aead-32) echo 3092 ;;
    photon-beetle-aead-128) echo 3140 ;; photon-beetle-hash) echo 2420 ;;
    xoodyak) echo 3252 ;; xoodyak-hash) echo 868 ;;
    elephant-dumbo) echo 4896 ;; elephant-jumbo) echo 5260 ;; elephant-delirium) echo 2392 ;;
    gift-cofb) echo 1460 ;; isap-a-128a) echo 2440 ;; isap-a-128) echo 2392 ;;
    isap-k-128a) echo 1420 ;; isap-k-128) echo 1416 ;; romulus-n) echo 2352 ;;
    romulus-m) echo 3472 ;; romulus-t) echo 2928 ;; romulus-h) echo 1336 ;; *) echo "?" ;;
    esac
}

# The firmware's schemes in registry order, as the runner lists them (other compiled
# paths are x86-64's): name, then the flag size_main.cpp takes (its place in its list)
# and the one size_capi.c takes (its named descriptor).
schemes() {
    awk '$NF ~ /^(aead|hash|xof)$/ {
        k = toupper($NF); id = $1; gsub("-", "_", id)
        printf "%s -DLWC_SIZE_%s=%d -DLWC_SIZE_%s=%s\n", $1, k, n[k]++, k, id
    }' "$tmp/stack-cortex-m4"
}

# --levels: each CPU given, every scheme at three optimization levels, through the
# headers and through liblwc.a built at that level (the C caller itself at -Os).
opts="-Os|-O2|-O2 -DLWC_SMALL=1"
if [ -n "$levels" ]; then
    for cpu in $levels; do
        IFS='|'; for opt in $opts; do
            unset IFS
            echo "$(build_lib $cpu)" >> "$tmp/libs-$cpu"
        done; unset IFS
        lib() { sed -n "$1p" "$tmp/libs-$cpu"; }
        echo
        echo "$cpu:"
        echo
        echo "| scheme | -Os | liblwc.a | -O2 | liblwc.a | -O2 small | liblwc.a |"
        echo "|---|---:|---:|---:|---:|---:|---:|"
        schemes | while read -r name flag cflag; do
            row="| $name" i=0
            IFS='|'; for opt in $opts; do
                unset IFS
                i=$((i + 1))
                set -- $(opt="$opt" measure $cpu $flag) $(opt="$opt" measure $cpu) \
                  $(measure_c $cpu "$(lib $i)" $cflag) $(measure_c $cpu "$(lib $i)")
                row="$row | $(($1 - $3)) | $(($5 - $6))"
            done; unset IFS
            echo "$row |"
        done
    done
    exit 0
fi

echo "| scheme | NIST smallest flash | M4 .text | M4 .data+.bss | M4 stack | M4 liblwc.a | M0+ .text | M0+ .data+.bss | M0+ stack | M0+ liblwc.a | RV32 .text | RV32 .data+.bss | RV32 stack | RV32 liblwc.a |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
schemes | while read -r name flag cflag; do
    row="| $name | $(nist "$name")"
    for cpu in $cpus; do
        b=$(board_of $cpu | cut -d' ' -f1)
        set -- $(measure $cpu $flag) $(cat "$tmp/base-$cpu") \
          $(measure_c $cpu "$top/$prefix$b/lwc/capi/liblwc.a" $cflag) $(cat "$tmp/cbase-$cpu")
        row="$row | $(($1 - $3)) | $(($2 - $4)) | $(awk -v s="$name" '$1 == s { print $2; exit }' "$tmp/stack-$cpu") | $(($5 - $6))"
    done
    echo "$row |"
done
