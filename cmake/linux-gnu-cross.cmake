# SPDX-License-Identifier: MIT
# Shared by the toolchain files for Linux on another architecture (aarch64-linux-gnu.cmake,
# s390x-linux-gnu.cmake), which set lwc_cross_arch and include this: Debian's
# g++-<arch>-linux-gnu, and qemu-user (Debian's qemu-user) as the emulator CTest runs
# the test programs with.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${lwc_cross_arch})
set(CMAKE_C_COMPILER ${lwc_cross_arch}-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER ${lwc_cross_arch}-linux-gnu-g++)
set(CMAKE_FIND_ROOT_PATH /usr/${lwc_cross_arch}-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-${lwc_cross_arch} -L /usr/${lwc_cross_arch}-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
