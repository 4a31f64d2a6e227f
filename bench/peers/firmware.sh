#!/bin/sh
# SPDX-License-Identifier: MIT
# The peers' figures beside docs/firmware.md's tables, built here with the flags of
# tests/firmware/sizes.sh and icount.sh (nothing of theirs enters the repository):
#   bench/peers/firmware.sh PEERS_DIR [sizes|icount [CPU]|objects|masked|ascon|aarch64|rv32]
# PEERS_DIR holds clones of rweather/lwc-finalists and ascon/ascon-c.
#   sizes   .text (with .rodata) of one scheme's encrypt + decrypt of 64 bytes with 16 of
#           AD, or one-shot hash of 200 bytes, linked alone with --gc-sections, minus the
#           same program without the call, arm-none-eabi-gcc -mthumb -Os: lwc-finalists'
#           C on Cortex-M4 and M0+, its ARMv7-M assembly on M4; ascon-c's smallest C
#           (esp32: generic 32-bit C, and opt32_lowsize) and its Arm code
#           (armv6m_lowsize, armv7m_small).
#   icount [CPU]  instructions per byte on QEMU's Cortex-M4, or M33 with cortex-m33
#           (-icount, SysTick, as icount.sh) of one encrypt without AD or one hash, 64 and
#           1024 bytes, at -O2: the C code and the ARMv7-M assembly.
#   masked  masked Ascon-AEAD128, -Os: lwcrypto's lwc::masked::AsconAead128<N> (through
#           ascon_nist.cpp -DMASKED=N) against ascon-c's protected_bi32_armv6_leveled with N
#           shares of key, state, message and ciphertext; size -t of the objects (no C
#           library; ascon-c without its malloc wrapper crypto_aead.c and its printstate.c)
#           on M4 and M0+, and on QEMU's M4 and M0 the instructions per byte of one
#           encrypt of 64 and 1024 bytes (the key shared within the call, in both) and the
#           random bytes the 64-byte call draws (both from fw_driver.c's lwc_random_fill).
#   ascon   instructions per byte on QEMU's Cortex-M4 (as icount) of Ascon-AEAD128
#           encrypt and Ascon-Hash256, 64 and 1024 bytes, -O2 and -Os, all through
#           SUPERCOP's C API: lwcrypto (ascon_nist.cpp) beside ascon-c's ARMv7-M
#           assembly (armv7m: the lanes in 32-bit halves; bi32_armv7m: bit-interleaved)
#           and its fastest 32-bit C (opt32, bi32).
#   aarch64 instructions per byte under qemu-aarch64 (exact counts, icount_plugin.c) of
#           one encrypt without AD or one hash, 64 and 1024 bytes, -O2: lwcrypto beside
#           lwc-finalists' C and ascon-c's opt64.
#   rv32    instructions per byte on QEMU's RISC-V virt board (-icount, as icount.sh
#           --cpu rv32imac) of one encrypt without AD or one hash, 64 and 1024 bytes, -O2:
#           lwcrypto beside lwc-finalists' C and ascon-c's RISC-V assembly and 32-bit C.
#   objects ascon-c's own measure (its scripts/size-build.sh, the figures of its README):
#           size -t of an implementation's objects, no C library, the smallest over its
#           implementations and -Oz/-Os/-O1/-O2, for -march=armv7-m and armv6-m; beside
#           it lwcrypto's AEAD and XOF behind the same C API (ascon_nist.cpp), -Os.
# lwc-finalists picks its assembly on ARMv7-M by __ARM_ARCH_ISA_THUMB; its C is built
# for M4 with that macro undefined (-U), in the .c and .S files alike.
set -eu
peers=$(cd "$1" && pwd)
what=${2:-sizes}
top=$(cd "$(dirname "$0")/../.." && pwd)
fw=$top/tests/firmware cm=$top/examples/firmware/cortex-m
. "$fw/tools.sh"
lwcf=$peers/lwc-finalists/src/combined
asconc=$peers/ascon-c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# scheme  enc-function  dec-function  tag  (lwc-finalists), or scheme - - - hash-function
schemes="tinyjambu-128 tiny_jambu_128_aead_encrypt tiny_jambu_128_aead_decrypt 8 -
tinyjambu-192 tiny_jambu_192_aead_encrypt tiny_jambu_192_aead_decrypt 8 -
tinyjambu-256 tiny_jambu_256_aead_encrypt tiny_jambu_256_aead_decrypt 8 -
xoodyak xoodyak_aead_encrypt xoodyak_aead_decrypt 16 -
grain-128aead grain128_aead_encrypt grain128_aead_decrypt 8 -
schwaemm128-128 schwaemm_128_128_aead_encrypt schwaemm_128_128_aead_decrypt 16 -
schwaemm192-192 schwaemm_192_192_aead_encrypt schwaemm_192_192_aead_decrypt 24 -
schwaemm256-128 schwaemm_256_128_aead_encrypt schwaemm_256_128_aead_decrypt 16 -
schwaemm256-256 schwaemm_256_256_aead_encrypt schwaemm_256_256_aead_decrypt 32 -
photon-beetle-aead-32 photon_beetle_32_aead_encrypt photon_beetle_32_aead_decrypt 16 -
photon-beetle-aead-128 photon_beetle_128_aead_encrypt photon_beetle_128_aead_decrypt 16 -
elephant-dumbo dumbo_aead_encrypt dumbo_aead_decrypt 8 -
elephant-jumbo jumbo_aead_encrypt jumbo_aead_decrypt 8 -
elephant-delirium delirium_aead_encrypt delirium_aead_decrypt 16 -
gift-cofb gift_cofb_aead_encrypt gift_cofb_aead_decrypt 16 -
isap-a-128a isap_ascon_128a_aead_encrypt isap_ascon_128a_aead_decrypt 16 -
isap-a-128 isap_ascon_128_aead_encrypt isap_ascon_128_aead_decrypt 16 -
isap-k-128a isap_keccak_128a_aead_encrypt isap_keccak_128a_aead_decrypt 16 -
isap-k-128 isap_keccak_128_aead_encrypt isap_keccak_128_aead_decrypt 16 -
romulus-n romulus_n_aead_encrypt romulus_n_aead_decrypt 16 -
romulus-m romulus_m_aead_encrypt romulus_m_aead_decrypt 16 -
romulus-t romulus_t_aead_encrypt romulus_t_aead_decrypt 16 -
xoodyak-hash - - - xoodyak_hash
esch256 - - - esch_256_hash
esch384 - - - esch_384_hash
photon-beetle-hash - - - photon_beetle_hash
romulus-h - - - romulus_hash"

# lib NAME CPU OPT [EXTRA...]: lwc-finalists compiled into $tmp/NAME.a (files that do
# not build for bare metal are left out; --gc-sections keeps what a scheme calls).
lib() {
    name=$1 cpu=$2 opt=$3
    shift 3
    mkdir -p "$tmp/$name"
    for f in "$lwcf"/*.c "$lwcf"/*.S; do
        arm-none-eabi-gcc -mcpu="$cpu" -mthumb "$opt" -ffunction-sections -fdata-sections "$@" \
          -I"$lwcf" -c "$f" -o "$tmp/$name/$(basename "$f").o" 2> /dev/null || true
    done
    arm-none-eabi-ar rcs "$tmp/$name.a" "$tmp/$name"/*.o
}

# text CPU OPT LIB DEFINES...: .text of the size driver.
text() {
    cpu=$1 opt=$2 l=$3
    shift 3
    arm-none-eabi-gcc -mcpu="$cpu" -mthumb "$opt" -ffunction-sections -fdata-sections "$@" \
      "$top/bench/peers/fw_driver.c" $l --specs=nosys.specs -nostartfiles -Wl,--gc-sections \
      -Wl,-e,main -L"$cm" -T"$cm/mps2-an386.ld" -o "$tmp/a.elf"
    arm-none-eabi-size "$tmp/a.elf" | awk 'NR == 2 { print $1 }'
}

# ascon-c's IMPL of KIND (crypto_aead/asconaead128, ...) as an archive.
ascon_lib() {
    dir=$asconc/$1/$2 cpu=$3 opt=$4
    rm -rf "$tmp/ac" && mkdir -p "$tmp/ac"
    for f in "$dir"/*.c "$dir"/*.S; do
        [ -e "$f" ] || continue
        arm-none-eabi-gcc -mcpu="$cpu" -mthumb "$opt" -ffunction-sections -fdata-sections \
          -I"$dir" -I"$asconc/tests" -c "$f" -o "$tmp/ac/$(basename "$f").o" 2> /dev/null || true
    done
    rm -f "$tmp/ac.a" && arm-none-eabi-ar rcs "$tmp/ac.a" "$tmp/ac"/*.o
    echo "$tmp/ac.a"
}

defines() {  # the driver's defines for a scheme line
    if [ "$2" = - ]; then echo "-DHASH=$5"; else echo "-DENC=$2 -DDEC=$3 -DTAG=$4"; fi
}

# The tables beside lwcrypto's (aarch64, rv32): ratio = peer / lwcrypto (above 1: lwcrypto
# runs fewer instructions).
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9]+$/ && b > 0) printf "%.2f", a / b; else printf "-" }'; }
# row NAME OURS64 OURS1024 PEER "P64 | P1024"
row() {
    set -- "$1" "$2" "$3" "$4" "${5% | *}" "${5#* | }"
    echo "| $1 | $2 / $3 | $4 | $5 / $6 |" \
      "$(ratio "$5" "$2") / $(ratio "$6" "$3") |"
}
# count_ours CPU: lwcrypto's "name ipb64 ipb1024" lines (tests/firmware/icount.sh -O2) in $tmp/ours.
count_ours() {
    "$fw/icount.sh" --cpu "$1" -O2 | awk -F'|' 'NR > 2 { gsub(/ /, ""); print $2, $3, $4 }' \
      > "$tmp/ours"
}
# ours_of SCHEME [FILE]: its "ipb64 ipb1024" from $tmp/ours (or FILE).
ours_of() { awk -v s="$1" '$1 == s { print $2, $3 }' "${2:-$tmp/ours}"; }
# ascon-c's AEAD and hash: scheme, directory, the driver's defines.
ascon_kinds="ascon-aead128 crypto_aead/asconaead128 -DENC=crypto_aead_encrypt -DDEC=crypto_aead_decrypt -DTAG=16
ascon-hash256 crypto_hash/asconhash256 -DHASH=crypto_hash"
# ascon_objects KIND IMPL CC...: ascon-c's IMPL of KIND at -O2 as objects in $tmp/ac; fails
# if a file does not build.
ascon_objects() {
    dir=$asconc/$1/$2
    shift 2
    rm -rf "$tmp/ac" && mkdir "$tmp/ac"
    for f in "$dir"/*.[cS]; do
        case $(basename "$f") in printstate.c) continue ;; esac
        "$@" -O2 -I"$dir" -I"$asconc/tests" -c "$f" -o "$tmp/ac/$(basename "$f").o" 2> /dev/null ||
          return 1
    done
}
# c_archive NAME AR CC...: lwc-finalists' C at -O2 in $tmp/NAME.a (what does not build
# for the target is left out).
c_archive() {
    name=$1 ar=$2
    shift 2
    mkdir -p "$tmp/$name"
    for f in "$lwcf"/*.c; do
        "$@" -O2 -ffunction-sections -fdata-sections -I"$lwcf" -c "$f" \
          -o "$tmp/$name/$(basename "$f").o" 2> /dev/null || true
    done
    $ar rcs "$tmp/$name.a" "$tmp/$name"/*.o
}
# c_rows LIB: the table's head and a row a scheme, lwcrypto beside lwc-finalists' C in LIB
# (the caller's ipb counts a driver).
c_rows() {
    archive=$1
    echo "| scheme | lwcrypto, 64 B / 1024 B | peer | peer, 64 B / 1024 B | ratio, 64 B / 1024 B |"
    echo "|---|---:|---|---:|---:|"
    echo "$schemes" | while read -r s e d t h; do
        set -- $(ours_of "$s")
        row "$s" "$1" "$2" "lwc-finalists C" "$(ipb "$archive" -DLWCF $(defines "$s" "$e" "$d" "$t" "$h"))"
    done
}

if [ "$what" = sizes ]; then
    lib c-m4 cortex-m4 -Os -U__ARM_ARCH_ISA_THUMB
    lib asm-m4 cortex-m4 -Os
    lib c-m0 cortex-m0plus -Os
    echo "| scheme | lwc-finalists C, M4 | lwc-finalists ARMv7-M asm, M4 | lwc-finalists C, M0+ |"
    echo "|---|---:|---:|---:|"
    b4=$(text cortex-m4 -Os "" -DLWCF) b0=$(text cortex-m0plus -Os "" -DLWCF)
    echo "$schemes" | while read -r s e d t h; do
        set -- $(defines "$s" "$e" "$d" "$t" "$h")
        echo "| $s | $(($(text cortex-m4 -Os "$tmp/c-m4.a" -DLWCF "$@") - b4)) |" \
          "$(($(text cortex-m4 -Os "$tmp/asm-m4.a" -DLWCF "$@") - b4)) |" \
          "$(($(text cortex-m0plus -Os "$tmp/c-m0.a" -DLWCF "$@") - b0)) |"
    done
    echo
    echo "| scheme | ascon-c esp32 (C), M4 | opt32_lowsize (C), M4 | armv6m_lowsize, M4 | armv7m_small, M4 | esp32 (C), M0+ | armv6m_lowsize, M0+ |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    b4=$(text cortex-m4 -Os "") b0=$(text cortex-m0plus -Os "")
    for k in "ascon-aead128 crypto_aead/asconaead128 -DENC=crypto_aead_encrypt -DDEC=crypto_aead_decrypt -DTAG=16" \
             "ascon-hash256 crypto_hash/asconhash256 -DHASH=crypto_hash" \
             "ascon-xof128 crypto_hash/asconxof128 -DHASH=crypto_hash"; do
        set -- $k
        s=$1 kind=$2
        shift 2
        row="| $s"
        for v in "esp32 cortex-m4 $b4" "opt32_lowsize cortex-m4 $b4" \
                 "armv6m_lowsize cortex-m4 $b4" "armv7m_small cortex-m4 $b4" \
                 "esp32 cortex-m0plus $b0" "armv6m_lowsize cortex-m0plus $b0"; do
            set -- $v "$@"
            impl=$1 cpu=$2 base=$3
            shift 3
            row="$row | $(($(text $cpu -Os "$(ascon_lib $kind $impl $cpu -Os)" "$@") - base))"
        done
        echo "$row |"
    done
elif [ "$what" = masked ]; then
    prot=$asconc/crypto_aead/asconaead128/protected_bi32_armv6_leveled
    mkdir -p "$tmp/rb"
    printf '%s\n' '#include <stddef.h>' \
      'void lwc_random_fill(void *ctx, unsigned char *out, size_t n);' \
      '#define randombytes(x, n) lwc_random_fill(0, (x), (size_t)(n))' > "$tmp/rb/randombytes.h"
    # objects WHO N CPU [all]: the objects of ascon-c's form (WHO=ascon-c; with "all" its
    # byte API crypto_aead.c too) or lwcrypto's (N=1: unmasked) in $tmp/m.
    objects() {
        rm -rf "$tmp/m" && mkdir "$tmp/m"
        if [ "$1" = ascon-c ]; then
            for f in "$prot"/*.c; do
                case $(basename "$f") in printstate.c) continue ;; crypto_aead.c) [ "${4:-}" = all ] || continue ;; esac
                arm-none-eabi-gcc -mcpu="$3" -mthumb -Os -ffunction-sections -fdata-sections \
                  -DNUM_SHARES_KEY="$2" -DNUM_SHARES_M="$2" -DNUM_SHARES_C="$2" \
                  -I"$tmp/rb" -I"$prot" -I"$asconc/tests" -c "$f" -o "$tmp/m/$(basename "$f").o" \
                  2> /dev/null || return 1
            done
        else
            def=-DMASKED="$2"
            [ "$2" = 1 ] && def=-DAEAD
            arm-none-eabi-g++ -std=c++20 -mcpu="$3" -mthumb -Os -fno-exceptions -fno-rtti \
              -ffunction-sections -fdata-sections -I"$top/include" "$def" \
              -c "$top/bench/peers/ascon_nist.cpp" -o "$tmp/m/ours.o"
        fi
    }
    # ascon-c's protected forms are for ARMv6 and ARMv7 (shifted operands): none for ARMv6-M.
    size_of() {
        if objects "$@"; then arm-none-eabi-size -t "$tmp/m"/*.o | tail -n 1 | awk '{ print $1 }'
        else echo "does not build"; fi
    }
    # counts WHO N CPU BOARD: instructions per byte at 64 and 1024 bytes, then (with a
    # third argument to the awk) the random bytes at 64.
    counts() {
        objects "$1" "$2" "$3" all || { echo "does not build | -"; return; }
        arm-none-eabi-gcc -mcpu="$3" -mthumb -Os -c "$cm/startup.c" -o "$tmp/startup.o"
        arm-none-eabi-gcc -mcpu="$3" -mthumb -Os -ffunction-sections -fdata-sections \
          -DICOUNT -DNAME='"x"' -DENC=crypto_aead_encrypt -DDEC=crypto_aead_decrypt -DTAG=16 \
          "$top/bench/peers/fw_driver.c" "$tmp/startup.o" "$tmp/m"/*.o --specs=rdimon.specs \
          -nostartfiles -L"$cm" -T"$cm/$4.ld" -Wl,--gc-sections -o "$tmp/i.elf"
        timeout 600 qemu-system-arm -M "$4" -nographic -monitor none -serial none \
          -icount shift=6 -semihosting-config enable=on,target=native,arg=drv \
          -kernel "$tmp/i.elf" |
          awk -v random="${5:-}" '$1 == "calib" { k = $2 / 200000 }
               $1 != "calib" { printf "%.0f | %.0f", $2 / k / 64, $3 / k / 1024
                               if (random) printf " | %d", $4 }'
    }
    echo "| Ascon-AEAD128, -Os | size M4 | size M0+ | M4 instr./B, 64 B | 1024 B | M0+ instr./B, 64 B | 1024 B | random bytes, 64 B |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    for row in "lwcrypto 1 unmasked" "lwcrypto 2 masked::AsconAead128<2>" \
               "lwcrypto 3 masked::AsconAead128<3>" "ascon-c 2 protected_bi32_armv6_leveled, 2 shares" \
               "ascon-c 3 protected_bi32_armv6_leveled, 3 shares"; do
        set -- $row
        who=$1 n=$2
        shift 2
        m4=$(counts $who $n cortex-m4 mps2-an386 random)
        m0=$(counts $who $n cortex-m0plus microbit)
        echo "| $who $* | $(size_of $who $n cortex-m4) | $(size_of $who $n cortex-m0plus) |" \
          "${m4% | *} | $m0 | ${m4##* | } |"
    done
elif [ "$what" = ascon ]; then
    # count OPT KIND WHO: "64 B | 1024 B" instructions per byte of KIND (aead or hash) at
    # -OPT, WHO lwcrypto or an ascon-c implementation's directory name.
    count() {
        rm -rf "$tmp/a" && mkdir "$tmp/a"
        flags="-mcpu=cortex-m4 -mthumb -$1 -ffunction-sections -fdata-sections"
        if [ "$3" = lwcrypto ]; then
            def=-DAEAD
            [ "$2" = hash ] && def=-DHASH256
            arm-none-eabi-g++ -std=c++20 $flags -fno-exceptions -fno-rtti -I"$top/include" \
              $def -c "$top/bench/peers/ascon_nist.cpp" -o "$tmp/a/ours.o"
        else
            dir=$asconc/crypto_aead/asconaead128/$3
            [ "$2" = hash ] && dir=$asconc/crypto_hash/asconhash256/$3
            for f in "$dir"/*.[cS]; do
                case $(basename "$f") in printstate.c) continue ;; esac
                arm-none-eabi-gcc $flags -I"$dir" -I"$asconc/tests" -c "$f" \
                  -o "$tmp/a/$(basename "$f").o" 2> /dev/null || { echo "does not build | -"; return; }
            done
        fi
        call=-DHASH=crypto_hash
        [ "$2" = aead ] && call="-DENC=crypto_aead_encrypt -DDEC=crypto_aead_decrypt -DTAG=16"
        arm-none-eabi-gcc $flags -c "$cm/startup.c" -o "$tmp/startup.o"
        arm-none-eabi-gcc $flags -DICOUNT -DNAME='"x"' $call "$top/bench/peers/fw_driver.c" \
          "$tmp/startup.o" "$tmp/a"/*.o --specs=rdimon.specs -nostartfiles -L"$cm" \
          -T"$cm/mps2-an386.ld" -Wl,--gc-sections -o "$tmp/i.elf"
        timeout 600 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
          -icount shift=6 -semihosting-config enable=on,target=native,arg=drv \
          -kernel "$tmp/i.elf" |
          awk '$1 == "calib" { k = $2 / 200000 }
               $1 != "calib" { printf "%.0f | %.0f", $2 / k / 64, $3 / k / 1024 }'
    }
    echo "| Cortex-M4, instr./B | AEAD -O2, 64 B | 1024 B | hash -O2, 64 B | 1024 B | AEAD -Os, 64 B | 1024 B | hash -Os, 64 B | 1024 B |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for who in lwcrypto armv7m bi32_armv7m opt32 bi32; do
        echo "| $who | $(count O2 aead $who) | $(count O2 hash $who) | $(count Os aead $who) | $(count Os hash $who) |"
    done
elif [ "$what" = objects ]; then
    # smallest KIND ARCH: ascon-c's smallest objects, "bytes implementation -Oopt".
    smallest() {
        for dir in "$asconc"/$1/*/; do
            for o in z s 1 2; do
                rm -rf "$tmp/o" && mkdir "$tmp/o"
                (cd "$tmp/o" && arm-none-eabi-gcc -march=$2 -mthumb -O$o -I"$asconc/tests" \
                   -I"$dir" "$dir"/*.[cS] -c 2> /dev/null) &&
                  echo "$(arm-none-eabi-size -t "$tmp/o"/*.o | tail -n 1 | awk '{ print $1 }')" \
                    "$(basename "$dir") -O$o"
            done
        done | sort -n | head -n 1
    }
    ours() {  # KIND-DEFINE ARCH
        arm-none-eabi-g++ -std=c++20 -march=$2 -mthumb -Os -fno-exceptions -fno-rtti \
          -I"$top/include" -D$1 -c "$top/bench/peers/ascon_nist.cpp" -o "$tmp/ours.o"
        arm-none-eabi-size -t "$tmp/ours.o" | tail -n 1 | awk '{ print $1 }'
    }
    echo "| scheme, arch | lwcrypto -Os | ascon-c smallest (implementation, opt) |"
    echo "|---|---:|---|"
    for arch in armv7-m armv6-m; do
        echo "| ascon-aead128, $arch | $(ours AEAD $arch) | $(smallest crypto_aead/asconaead128 $arch) |"
        echo "| ascon-xof128, $arch | $(ours XOF $arch) | $(smallest crypto_hash/asconxof128 $arch) |"
    done
elif [ "$what" = aarch64 ]; then
    # Instructions per byte under qemu-aarch64, counted by tests/firmware/icount_plugin.c,
    # -O2, static: lwcrypto (icount.sh --cpu aarch64) beside lwc-finalists' C and
    # ascon-c's opt64 (its neon form is ARMv7 assembly), through fw_driver.c; ratio = peer
    # / lwcrypto (above 1: lwcrypto runs fewer instructions).
    count_ours aarch64
    c_archive a64 aarch64-linux-gnu-ar aarch64-linux-gnu-gcc
    # ipb LIB DEFINES...: "64 | 1024" instructions per byte of the driver over LIB
    ipb() {
        l=$1
        shift
        aarch64-linux-gnu-gcc -O2 -static -ffunction-sections -fdata-sections -DICOUNT \
          -DNAME='"x"' -I"$fw" "$@" "$top/bench/peers/fw_driver.c" $l -Wl,--gc-sections \
          -o "$tmp/d" 2> /dev/null || { echo "does not build | -"; return; }
        a64_run "$tmp/d" > /dev/null
        awk '{ m[NR] = $2 } END { k = (m[2] - m[1]) / 200000
             printf "%.0f | %.0f", (m[4] - m[3]) / k / 64, (m[6] - m[5]) / k / 1024 }' "$tmp/marks"
    }
    c_rows "$tmp/a64.a"
    echo "$ascon_kinds" | while read -r s kind call; do
        peer="does not build | -"
        ascon_objects "$kind" opt64 aarch64-linux-gnu-gcc && peer=$(ipb "$tmp/ac/*.o" $call)
        row "$s" $(ours_of "$s") "ascon-c opt64" "$peer"
    done
elif [ "$what" = rv32 ]; then
    # Instructions per byte on QEMU's RISC-V virt board (rv32imac, -icount, the mcycle
    # counter: as icount.sh --cpu rv32imac), -O2, through fw_driver.c: lwcrypto beside
    # lwc-finalists' C (it has no RISC-V assembly) and, for Ascon, ascon-c's assembly for
    # the base ISA (asm_rv32i) and its 32-bit C (opt32, bi32). ascon-c's other RISC-V
    # assembly needs the bit-manipulation extensions (asm_rv32b, asm_bi32_rv32b,
    # asm_fsr_rv32b: Zbb, Zbkb), which rv32imac has not: its rows name the -march, and
    # lwcrypto's row beside them is built for the same.
    tools rv32imac
    count_ours rv32imac
    c_archive rv riscv64-unknown-elf-ar $cc
    # ipb LIB DEFINES...: "64 | 1024" instructions per byte of the driver over LIB
    ipb() {
        l=$1
        shift
        $run_link -O2 -ffunction-sections -fdata-sections -DICOUNT -DNAME='"x"' "$@" \
          "$top/bench/peers/fw_driver.c" $l -o "$tmp/d.elf" 2> /dev/null ||
          { echo "does not build | -"; return; }
        LWC_QEMU_ARGS="-icount shift=6 ${LWC_QEMU_ARGS:-}" "$fw/qemu-run.sh" virt "$tmp/d.elf" |
          awk '$1 == "calib" { k = $2 / 200000 }
               $1 != "calib" { printf "%.0f | %.0f", $2 / k / 64, $3 / k / 1024 }'
    }
    c_rows "$tmp/rv.a"
    zb=rv32imac_zicsr_zbb_zbkb
    export LWC_QEMU_ARGS="-cpu rv32,zbb=true,zbkb=true"  # runs rv32imac code as well
    cp "$tmp/ours" "$tmp/ours-imac"
    count_ours $zb
    mv "$tmp/ours" "$tmp/ours-zb" && mv "$tmp/ours-imac" "$tmp/ours"
    echo "$ascon_kinds" | while read -r s kind call; do
        for impl in asm_rv32i opt32 bi32 asm_rv32b:$zb asm_bi32_rv32b:$zb asm_fsr_rv32b:$zb; do
            [ -d "$asconc/$kind/${impl%%:*}" ] || continue
            march= ours=$(ours_of "$s") label="ascon-c $impl"
            case $impl in *:*) march=${impl#*:} ;; esac
            if [ -n "$march" ]; then  # lwcrypto built for the same -march
                ours=$(ours_of "$s" "$tmp/ours-zb")
                label="ascon-c ${impl%%:*}, -march=$march (both)"
            fi
            peer="does not build | -"
            ascon_objects "$kind" "${impl%%:*}" $cc ${march:+-march=$march} &&
              peer=$(ipb "$tmp/ac/*.o" $call)
            row "$s" $ours "$label" "$peer"
        done
    done
else
    # icount [CPU]: cortex-m4 (QEMU's mps2-an386) or cortex-m33 (mps2-an505).
    cpu=${3:-cortex-m4}
    case $cpu in cortex-m33) board=mps2-an505 ;; *) board=mps2-an386 ;; esac
    arm-none-eabi-gcc -mcpu="$cpu" -mthumb -O2 -c "$cm/startup.c" -o "$tmp/startup.o"
    lib c-o2 "$cpu" -O2 -U__ARM_ARCH_ISA_THUMB
    lib asm-o2 "$cpu" -O2
    # ticks -> instructions per byte, from the calibration loop of 200000 instructions
    ipb() {
        timeout 300 qemu-system-arm -M "$board" -nographic -monitor none -serial none \
          -icount shift=6 -semihosting-config enable=on,target=native,arg=drv \
          -kernel "$tmp/i.elf" |
          awk '$1 == "calib" { k = $2 / 200000 } $1 != "calib" { printf "%.0f | %.0f", $2 / k / 64, $3 / k / 1024 }'
    }
    echo "| scheme | lwc-finalists C -O2, 64 B | 1024 B | lwc-finalists ARMv7-M asm -O2, 64 B | 1024 B |"
    echo "|---|---:|---:|---:|---:|"
    echo "$schemes" | while read -r s e d t h; do
        set -- $(defines "$s" "$e" "$d" "$t" "$h")
        row="| $s"
        for l in c-o2 asm-o2; do
            arm-none-eabi-gcc -mcpu="$cpu" -mthumb -O2 -ffunction-sections -fdata-sections \
              -DLWCF -DICOUNT -DNAME="\"$s\"" "$@" "$top/bench/peers/fw_driver.c" "$tmp/startup.o" \
              "$tmp/$l.a" --specs=rdimon.specs -nostartfiles -L"$cm" -T"$cm/$board.ld" \
              -Wl,--gc-sections -o "$tmp/i.elf"
            row="$row | $(ipb)"
        done
        echo "$row |"
    done
fi
