#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a bare-metal test program on QEMU's Cortex-M board with semihosting, so that it
# reads host files and its exit status becomes this script's:
#   qemu-run.sh BOARD PROGRAM.elf [ARG...]     BOARD: mps2-an386 (M4), microbit (M0),
#                                              virt (RISC-V rv32)
# A program that hangs is stopped after LWC_QEMU_TIMEOUT seconds (default 600);
# LWC_QEMU_ARGS adds options (icount.sh: -icount shift=6).
set -eu
board=$1 elf=$2
shift 2
# The command line: newlib's semihosting takes the program's name from it, picolibc's
# (virt) names the program itself.
config="enable=on,target=native"
[ "$board" = virt ] || config="$config,arg=$(basename "$elf")"
for a in "$@"; do config="$config,arg=$a"; done
if [ "$board" = virt ]; then
  exec timeout "${LWC_QEMU_TIMEOUT:-600}" qemu-system-riscv32 -M virt -bios none -nographic \
    ${LWC_QEMU_ARGS:-} -monitor none -serial none -semihosting-config "$config" -kernel "$elf" 2>&1  # its console
fi
exec timeout "${LWC_QEMU_TIMEOUT:-600}" qemu-system-arm -M "$board" -nographic ${LWC_QEMU_ARGS:-} -monitor none \
  -serial none -semihosting-config "$config" -kernel "$elf"
