#!/bin/sh
# SPDX-License-Identifier: MIT
# Prints the Markdown size table of docs/firmware.md: per scheme, encrypt + decrypt (or a
# one-shot hash, lwc::hash, or 64 bytes of a one-shot XOF, lwc::xof) linked alone with
# --gc-sections, built
#   arm-none-eabi-g++ -mcpu=CPU -mthumb -Os -fno-exceptions -fno-rtti
# for Cortex-M4 and M0+: .text (with .rodata; the image minus the same program without
# the call), .data + .bss likewise, and the peak stack measured by the runner on QEMU
# (stack painting; needs the builds of `make test-firmware`), beside NIST's smallest
# flash figure on Cortex-M4 and M0+ (nist_flash below), and the
# .text of the same call from C through liblwc.a (tests/firmware/size_capi.c, the scheme's
# named descriptor; the library of the make test-firmware builds), and last NIST's
# smallest flash on the ESP8266.
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

# NIST's smallest flash per scheme in the final-round benchmark
# (usnistgov/Lightweight-Cryptography-Benchmarking, benchmarks/*-summary.csv, column flash,
# the smallest over implementations and flags): column 2 on Cortex-M4 and M0+ (nano33ble,
# mkrzero; at 00a6a4a), column 3 on the ESP8266 (nodemcuv2, a 32-bit Xtensa core, beside the
# RV32 columns; at 0aee4ed). Ascon is "?": the final round measured Ascon v1.2, not SP 800-232's.
nist_flash="tinyjambu-128 872 1108
tinyjambu-192 884 1124
tinyjambu-256 872 1108
xoodyak 3252 2544
grain-128aead 2432 2868
schwaemm128-128 1628 1800
schwaemm192-192 1560 1688
schwaemm256-128 1656 1720
schwaemm256-256 1560 1688
photon-beetle-aead-32 3092 6936
photon-beetle-aead-128 3140 5604
elephant-dumbo 4896 3092
elephant-jumbo 5260 3108
elephant-delirium 2392 2504
gift-cofb 1460 1932
isap-a-128a 2440 2668
isap-a-128 2392 2668
isap-k-128a 1420 2040
isap-k-128 1416 2040
romulus-n 2352 3012
romulus-m 3472 3876
romulus-t 2928 3620
xoodyak-hash 868 988
esch256 768 864
esch384 1440 1680
photon-beetle-hash 2420 4276
romulus-h 1336 1540"
nist() {  # NAME COLUMN
    echo "$nist_flash" | awk -v s="$1" -v c="$2" '$1 == s { v = $c } END { print v == "" ? "?" : v }'
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

echo "| scheme | NIST smallest flash | M4 .text | M4 .data+.bss | M4 stack | M4 liblwc.a | M0+ .text | M0+ .data+.bss | M0+ stack | M0+ liblwc.a | RV32 .text | RV32 .data+.bss | RV32 stack | RV32 liblwc.a | NIST ESP8266 smallest flash |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
schemes | while read -r name flag cflag; do
    row="| $name | $(nist "$name" 2)"
    for cpu in $cpus; do
        b=$(board_of $cpu | cut -d' ' -f1)
        set -- $(measure $cpu $flag) $(cat "$tmp/base-$cpu") \
          $(measure_c $cpu "$top/$prefix$b/lwc/capi/liblwc.a" $cflag) $(cat "$tmp/cbase-$cpu")
        row="$row | $(($1 - $3)) | $(($2 - $4)) | $(awk -v s="$name" '$1 == s { print $2; exit }' "$tmp/stack-$cpu") | $(($5 - $6))"
    done
    echo "$row | $(nist "$name" 3) |"
done
