# SPDX-License-Identifier: MIT
# CMake toolchain file for bare-metal 32-bit RISC-V (ESP32-C3/C6/H2, GD32V, CH32V, ...)
# from Debian's packages: gcc-riscv64-unknown-elf (a multilib compiler: rv32 too),
# picolibc-riscv64-unknown-elf (the C library, with semihosting) and libc++-14-dev (LLVM's
# C++ standard headers, with cmake/riscv/__config_site configuring them for bare metal:
# Debian's RISC-V gcc ships no C++ headers of its own).
#   cmake -S . -B build-rv32 -DCMAKE_TOOLCHAIN_FILE=cmake/riscv32-unknown-elf.cmake \
#         -DCMAKE_BUILD_TYPE=MinSizeRel
#   cmake --build build-rv32 --target lwc_capi_static    # liblwc.a, one portable backend
# LWC_RISCV_ARCH (default rv32imac, ABI ilp32) sets -march; the flags are the usual
# firmware ones: no exceptions, no RTTI, no thread-safe statics, a section per function.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_CXX_COMPILER riscv64-unknown-elf-g++)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(LWC_RISCV_ARCH rv32imac CACHE STRING "-march= of the firmware (rv32imac, rv32imc, rv32i ...)")
set(LWC_RISCV_ABI ilp32 CACHE STRING "-mabi= of the firmware")
set(picolibc /usr/lib/picolibc/riscv64-unknown-elf)
file(GLOB libcxx_dirs /usr/lib/llvm-*/include/c++/v1)
list(SORT libcxx_dirs)
list(POP_BACK libcxx_dirs libcxx)  # the newest installed
set(lwc_rv_flags "-march=${LWC_RISCV_ARCH} -mabi=${LWC_RISCV_ABI} -ffunction-sections -fdata-sections")
set(CMAKE_C_FLAGS_INIT "${lwc_rv_flags} -specs=picolibc.specs")
# libc++'s headers must come before the C library's (its <math.h> wraps picolibc's).
set(CMAKE_CXX_FLAGS_INIT "${lwc_rv_flags} -fno-exceptions -fno-rtti -fno-threadsafe-statics \
-nostdinc++ -isystem ${CMAKE_CURRENT_LIST_DIR}/riscv -isystem ${libcxx} -isystem ${picolibc}/include")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-specs=picolibc.specs -Wl,--gc-sections")
# Linked by the C driver: the headers need no C++ run-time library, and there is none.
set(CMAKE_CXX_LINK_EXECUTABLE
  "<CMAKE_C_COMPILER> <FLAGS> <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
