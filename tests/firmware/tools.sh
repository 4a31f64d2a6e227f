# SPDX-License-Identifier: MIT
# Sourced by sizes.sh, icount.sh and bench/peers/firmware.sh, after `top` (and for a64_run
# `tmp`) is set: the compiler drivers and flags of a bare-metal CPU (RISC-V as
# cmake/riscv32-unknown-elf.cmake does it), and the AArch64 instruction counter.
#   tools CPU   sets cxx, cc (compile), link (a size image: no start code, entry main),
#               run_link (a runnable image for the CPU's QEMU board: start code, linker
#               script, semihosting), board (qemu-run.sh's BOARD) and size
tools() {
    cm=$top/examples/firmware/cortex-m
    case $1 in
    rv32*)
        # Any rv32 -march (rv32imac_zbb: with Zbb's rotations) compiles; the link takes
        # picolibc's rv32imac libraries (it has no multilib for the extensions).
        cxx="riscv64-unknown-elf-g++ -march=$1 -mabi=ilp32 -nostdinc++ -isystem $top/cmake/riscv
             -isystem $(ls -d /usr/lib/llvm-*/include/c++/v1 | tail -1)
             -isystem /usr/lib/picolibc/riscv64-unknown-elf/include"
        cc="riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -specs=picolibc.specs"
        mem="-Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x400000
             -Wl,--defsym=__ram=0x80400000 -Wl,--defsym=__ram_size=0x400000"
        link="$cc -nostartfiles -Wl,--gc-sections -Wl,-e,main $mem"
        run_link="$cc --oslib=semihost --crt0=semihost -Wl,--gc-sections $mem
                  -Wl,--defsym=__stack_size=0x4000"
        board=virt size=riscv64-unknown-elf-size ;;
    *)
        cxx="arm-none-eabi-g++ -mcpu=$1 -mthumb" cc="arm-none-eabi-gcc -mcpu=$1 -mthumb"
        case $1 in
        cortex-m0*) board=microbit ;; cortex-m33) board=mps2-an505 ;; *) board=mps2-an386 ;;
        esac
        link="$cc --specs=nosys.specs -nostartfiles -Wl,--gc-sections -Wl,-e,main -L$cm
              -T$cm/mps2-an386.ld"
        run_link="$cc --specs=rdimon.specs -nostartfiles -Wl,--gc-sections -L$cm -T$cm/$board.ld"
        size=arm-none-eabi-size ;;
    esac
}

# a64_run PROG: runs the static AArch64 program PROG under qemu-aarch64 with
# icount_plugin.c (built into $tmp/plugin.so with the host's cc the first time), its output
# to standard output, and the guest's instruction count at each of its marks
# (icount_mark.h) to $tmp/marks, a line "mark N" each.
a64_run() {
    [ -f "$tmp/plugin.so" ] || cc -O2 -shared -fPIC -fvisibility=hidden -I"$top/tests/firmware" \
      "$top/tests/firmware/icount_plugin.c" -o "$tmp/plugin.so"
    qemu-aarch64 -plugin "$tmp/plugin.so" "$1" 2> "$tmp/marks"
}
