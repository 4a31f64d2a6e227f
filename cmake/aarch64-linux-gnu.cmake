# SPDX-License-Identifier: MIT
# CMake toolchain file for Linux on AArch64 (Debian's g++-aarch64-linux-gnu); programs
# run under qemu-aarch64:
#   cmake -S tests/firmware -B build-fw-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
set(lwc_cross_arch aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
