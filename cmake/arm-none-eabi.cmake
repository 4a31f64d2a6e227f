# SPDX-License-Identifier: MIT
# CMake toolchain file for Cortex-M firmware with Debian's gcc-arm-none-eabi (and
# libstdc++-arm-none-eabi-newlib for the C++ headers):
#   cmake -S . -B build-m4 -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
#         -DLWC_ARM_CPU=cortex-m4 -DCMAKE_BUILD_TYPE=MinSizeRel
#   cmake --build build-m4 --target lwc_capi_static     # liblwc.a, one portable backend
# The usual firmware flags: Thumb, no exceptions, no RTTI, no thread-safe statics (their
# guard functions would pull libstdc++'s exception support into a C program), one
# section per function so that --gc-sections keeps only what the program calls. The CPU is a cache variable
# (cortex-m0plus, cortex-m3, cortex-m4, cortex-m7, cortex-m33 ...); add -mfloat-abi and
# -mfpu to match the rest of your firmware (lwcrypto itself uses no floating point).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)  # no start files to link a test program

set(LWC_ARM_CPU cortex-m4 CACHE STRING "-mcpu= of the firmware (cortex-m0plus, cortex-m4, ...)")
set(lwc_arm_flags "-mcpu=${LWC_ARM_CPU} -mthumb -ffunction-sections -fdata-sections")
set(CMAKE_C_FLAGS_INIT "${lwc_arm_flags}")
set(CMAKE_CXX_FLAGS_INIT "${lwc_arm_flags} -fno-exceptions -fno-rtti -fno-threadsafe-statics")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
