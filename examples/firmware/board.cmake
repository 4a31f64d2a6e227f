# SPDX-License-Identifier: MIT
# The QEMU board of a bare-metal build (from the toolchain file's CPU) and how a program is
# linked for it; included by the firmware example (CMakeLists.txt here) and by
# tests/firmware. Sets
#   LWC_BOARD        mps2-an386 (Cortex-M4 and others), microbit (Cortex-M0/M0+),
#                    mps2-an505 (Cortex-M33), virt (RISC-V rv32)
#   LWC_BOARD_START  the start code each program compiles (none on RISC-V: picolibc's)
#   LWC_BOARD_LINK   the link options; LWC_BOARD_LINK_DEPENDS the files they read
set(lwc_cortex_m ${CMAKE_CURRENT_LIST_DIR}/cortex-m)
if(CMAKE_SYSTEM_PROCESSOR STREQUAL "riscv32")
  # picolibc's start code and linker script with semihosting; the board's memory (RAM at
  # 0x80000000) given to the script.
  set(LWC_BOARD virt)
  set(LWC_BOARD_START "")
  set(LWC_BOARD_LINK --oslib=semihost --crt0=semihost -Wl,--defsym=__flash=0x80000000
    -Wl,--defsym=__flash_size=0x400000 -Wl,--defsym=__ram=0x80400000
    -Wl,--defsym=__ram_size=0x400000 -Wl,--defsym=__stack_size=0x4000)
  set(LWC_BOARD_LINK_DEPENDS "")
else()
  # Our start code (cortex-m/startup.c: vector table, .data and .bss, semihosting) and the
  # board's linker script, newlib's semihosting (rdimon) for stdio.
  if(LWC_ARM_CPU MATCHES "cortex-m0")
    set(LWC_BOARD microbit)  # Cortex-M0: the same ARMv6-M instructions as the M0+
  elseif(LWC_ARM_CPU MATCHES "cortex-m33")
    set(LWC_BOARD mps2-an505)
  else()
    set(LWC_BOARD mps2-an386)
  endif()
  set(LWC_BOARD_START ${lwc_cortex_m}/startup.c)
  set(LWC_BOARD_LINK --specs=rdimon.specs -nostartfiles -L${lwc_cortex_m}
    -T${lwc_cortex_m}/${LWC_BOARD}.ld)
  set(LWC_BOARD_LINK_DEPENDS ${lwc_cortex_m}/${LWC_BOARD}.ld ${lwc_cortex_m}/common.ld)
endif()
