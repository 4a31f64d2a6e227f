#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a bare-metal test program on QEMU's Cortex-M board with semihosting, so that it
# reads host files and its exit status becomes this script's:
#   qemu-run.sh BOARD PROGRAM.elf [ARG...]     BOARD: mps2-an386 (M4) or microbit (M0)
# A program that hangs is stopped after LWC_QEMU_TIMEOUT seconds (default 600).
set -eu
board=$1 elf=$2
shift 2
config="enable=on,target=native,arg=$(basename "$elf")"
for a in "$@"; do config="$config,arg=$a"; done
exec timeout "${LWC_QEMU_TIMEOUT:-600}" qemu-system-arm -M "$board" -nographic -monitor none \
  -serial none -semihosting-config "$config" -kernel "$elf"
