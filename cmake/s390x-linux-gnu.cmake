# SPDX-License-Identifier: MIT
# CMake toolchain file for Linux on s390x, big-endian (Debian's g++-s390x-linux-gnu);
# programs run under qemu-s390x:
#   cmake -S tests/firmware -B build-fw-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/s390x-linux-gnu.cmake
set(lwc_cross_arch s390x)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
