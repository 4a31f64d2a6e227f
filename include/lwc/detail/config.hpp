// SPDX-License-Identifier: MIT
// The instruction-set features the library knows, and the namespace every declaration
// of the library lives in.
#pragma once

// lwcrypto is C++20. An older language mode gets this one error rather than hundreds from
// the first C++20 name on (std::endian, std::span, concepts): every public header includes
// this file before anything else and skips its body when LWC_CXX20 is 0. (MSVC keeps
// __cplusplus at 199711L unless /Zc:__cplusplus; _MSVC_LANG is its language version.)
#if defined(_MSVC_LANG)
#define LWC_CPLUSPLUS_ _MSVC_LANG
#elif defined(__cplusplus)
#define LWC_CPLUSPLUS_ __cplusplus
#else
#define LWC_CPLUSPLUS_ 0L
#endif
#if LWC_CPLUSPLUS_ < 202002L
#error "lwcrypto needs C++20 (-std=c++20)"
#define LWC_CXX20 0
#else
#define LWC_CXX20 1
#endif

// ------------------------------------------------------------ the feature list
//
// One list per architecture of every target feature that can change the code a compiler
// generates for these headers: the instruction sets the vector paths use, and those the
// compiler may use on its own (MOVBE for byte-swapped loads, BMI and LZCNT for bit
// operations, AVX for auto-vectorised copies, ...). From it derive
//   - LWC_ISA_BITS, the features the including translation unit is compiled for (bit i:
//     entry i), and from it the name of the inline namespace below;
//   - LWC_HAS(...), the only way a header tests a feature (a vector path's #if), which
//     tests/isa/check_isa_list.cmake checks names listed features only;
//   - liblwc's run-time check (detail/cpu_features.hpp: CPUID bit and register state of
//     every entry) and its compile flags (capi/CMakeLists.txt reads the flag column).
//
// x86-64: X(predefined macro, compiler flag, CPUID leaf, subleaf, register, bit,
//           register state the OS must save: 0 none, 1 AVX (YMM), 2 AVX-512 (ZMM, k)).
// Append only (a bit's place is part of the namespace name); at most 48 entries. SSE4a
// (AMD only): clang 14 emits its insertq for -march=znver3 code of its own accord (ISAP's
// Keccak), which an Intel CPU cannot run.
#define LWC_X86_FEATURES(X)                                       \
    X(__SSE3__, -msse3, 1, 0, ecx, 0, 0)                          \
    X(__SSSE3__, -mssse3, 1, 0, ecx, 9, 0)                        \
    X(__SSE4_1__, -msse4.1, 1, 0, ecx, 19, 0)                     \
    X(__SSE4_2__, -msse4.2, 1, 0, ecx, 20, 0)                     \
    X(__POPCNT__, -mpopcnt, 1, 0, ecx, 23, 0)                     \
    X(__PCLMUL__, -mpclmul, 1, 0, ecx, 1, 0)                      \
    X(__AES__, -maes, 1, 0, ecx, 25, 0)                           \
    X(__MOVBE__, -mmovbe, 1, 0, ecx, 22, 0)                       \
    X(__AVX__, -mavx, 1, 0, ecx, 28, 1)                           \
    X(__FMA__, -mfma, 1, 0, ecx, 12, 1)                           \
    X(__F16C__, -mf16c, 1, 0, ecx, 29, 1)                         \
    X(__AVX2__, -mavx2, 7, 0, ebx, 5, 1)                          \
    X(__BMI__, -mbmi, 7, 0, ebx, 3, 0)                            \
    X(__BMI2__, -mbmi2, 7, 0, ebx, 8, 0)                          \
    X(__LZCNT__, -mlzcnt, 0x80000001, 0, ecx, 5, 0)               \
    X(__ADX__, -madx, 7, 0, ebx, 19, 0)                           \
    X(__SHA__, -msha, 7, 0, ebx, 29, 0)                           \
    X(__GFNI__, -mgfni, 7, 0, ecx, 8, 0)                          \
    X(__VAES__, -mvaes, 7, 0, ecx, 9, 1)                          \
    X(__VPCLMULQDQ__, -mvpclmulqdq, 7, 0, ecx, 10, 1)             \
    X(__AVXVNNI__, -mavxvnni, 7, 1, eax, 4, 1)                    \
    X(__AVX512F__, -mavx512f, 7, 0, ebx, 16, 2)                   \
    X(__AVX512DQ__, -mavx512dq, 7, 0, ebx, 17, 2)                 \
    X(__AVX512CD__, -mavx512cd, 7, 0, ebx, 28, 2)                 \
    X(__AVX512BW__, -mavx512bw, 7, 0, ebx, 30, 2)                 \
    X(__AVX512VL__, -mavx512vl, 7, 0, ebx, 31, 2)                 \
    X(__AVX512IFMA__, -mavx512ifma, 7, 0, ebx, 21, 2)             \
    X(__AVX512VBMI__, -mavx512vbmi, 7, 0, ecx, 1, 2)              \
    X(__AVX512VBMI2__, -mavx512vbmi2, 7, 0, ecx, 6, 2)            \
    X(__AVX512VNNI__, -mavx512vnni, 7, 0, ecx, 11, 2)             \
    X(__AVX512BITALG__, -mavx512bitalg, 7, 0, ecx, 12, 2)         \
    X(__AVX512VPOPCNTDQ__, -mavx512vpopcntdq, 7, 0, ecx, 14, 2)   \
    X(__AVX512BF16__, -mavx512bf16, 7, 1, eax, 5, 2)              \
    X(__AVX512FP16__, -mavx512fp16, 7, 0, edx, 23, 2)             \
    X(__SSE4A__, -msse4a, 0x80000001, 0, ecx, 6, 0)

// 32- and 64-bit Arm (the architecture version is part of the namespace name too):
// X(predefined macro). Only macros that are defined as 1 when present.
#define LWC_ARM_FEATURES(X)                                                                \
    X(__ARM_NEON) X(__ARM_FEATURE_CRYPTO) X(__ARM_FEATURE_AES) X(__ARM_FEATURE_SHA2)       \
    X(__ARM_FEATURE_SHA3) X(__ARM_FEATURE_SVE) X(__ARM_FEATURE_SVE2) X(__ARM_FEATURE_DSP)  \
    X(__ARM_FEATURE_SIMD32) X(__ARM_FEATURE_CLZ) X(__ARM_FEATURE_IDIV)                     \
    X(__ARM_FEATURE_UNALIGNED) X(__ARM_ARCH_ISA_ARM) X(__thumb__) X(__thumb2__)

// ------------------------------------------------------------ derived from it

// LWC_IS_ONE(m): 1 when the macro m is defined as 1, else 0 (usable in #if and in
// expansions, where `defined` is not).
#define LWC_CAT_(a, b) a##b
#define LWC_CAT(a, b) LWC_CAT_(a, b)
#define LWC_SECOND_(a, b, ...) b
#define LWC_SECOND(...) LWC_SECOND_(__VA_ARGS__)
#define LWC_PROBE_1 ~, 1
#define LWC_IS_ONE(m) LWC_SECOND(LWC_CAT(LWC_PROBE_, m), 0, ~)

#define LWC_X86_ARGS_(m, ...) , LWC_IS_ONE(m)
#define LWC_ARM_ARGS_(m) , LWC_IS_ONE(m)
#define LWC_X86_SUM_(m, ...) +1
#define LWC_ARM_SUM_(m) +1

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64)
#define LWC_ISA_ARCH x86
#define LWC_ISA_DIGITS_ LWC_X86_FEATURES(LWC_X86_ARGS_)
#define LWC_ISA_COUNT (0 LWC_X86_FEATURES(LWC_X86_SUM_))
#elif defined(__aarch64__) || defined(__arm__)
#ifdef __aarch64__
#define LWC_ISA_ARCH LWC_CAT(aarch64v, __ARM_ARCH)
#else
#define LWC_ISA_ARCH LWC_CAT(armv, __ARM_ARCH)
#endif
#define LWC_ISA_DIGITS_ LWC_ARM_FEATURES(LWC_ARM_ARGS_)
#define LWC_ISA_COUNT (0 LWC_ARM_FEATURES(LWC_ARM_SUM_))
#else  // no vector path: the plain C++ code only
#define LWC_ISA_ARCH generic
#define LWC_ISA_DIGITS_
#define LWC_ISA_COUNT 0
#endif

// The first 48 feature bits (missing ones 0), as 12 hexadecimal digits, bit 0 first.
#define LWC_HEX_0000 0
#define LWC_HEX_1000 1
#define LWC_HEX_0100 2
#define LWC_HEX_1100 3
#define LWC_HEX_0010 4
#define LWC_HEX_1010 5
#define LWC_HEX_0110 6
#define LWC_HEX_1110 7
#define LWC_HEX_0001 8
#define LWC_HEX_1001 9
#define LWC_HEX_0101 a
#define LWC_HEX_1101 b
#define LWC_HEX_0011 c
#define LWC_HEX_1011 d
#define LWC_HEX_0111 e
#define LWC_HEX_1111 f
#define LWC_HEX_(a, b, c, d) LWC_HEX_##a##b##c##d
#define LWC_HEX(a, b, c, d) LWC_HEX_(a, b, c, d)
#define LWC_NAME_(p, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11) \
    p##h0##h1##h2##h3##h4##h5##h6##h7##h8##h9##h10##h11
#define LWC_NAME(...) LWC_NAME_(__VA_ARGS__)
#define LWC_DIGITS_(p, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, \
                    a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29,    \
                    a30, a31, a32, a33, a34, a35, a36, a37, a38, a39, a40, a41, a42, a43,    \
                    a44, a45, a46, a47, ...)                                                 \
    LWC_NAME(p, LWC_HEX(a0, a1, a2, a3), LWC_HEX(a4, a5, a6, a7), LWC_HEX(a8, a9, a10, a11), \
             LWC_HEX(a12, a13, a14, a15), LWC_HEX(a16, a17, a18, a19),                      \
             LWC_HEX(a20, a21, a22, a23), LWC_HEX(a24, a25, a26, a27),                      \
             LWC_HEX(a28, a29, a30, a31), LWC_HEX(a32, a33, a34, a35),                      \
             LWC_HEX(a36, a37, a38, a39), LWC_HEX(a40, a41, a42, a43),                      \
             LWC_HEX(a44, a45, a46, a47))
#define LWC_DIGITS(...) LWC_DIGITS_(__VA_ARGS__)
#define LWC_ZEROS_ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
#define LWC_PADDING_ LWC_ZEROS_, LWC_ZEROS_, ~

// LWC_SMALL: compact code in place of the fast paths (rolled permutations called out of
// line, 32-bit words on 32-bit cores), for firmware. On by default in a build for size
// (-Os), off otherwise; a program may define it as 0 or 1. It changes the backend types
// the schemes use by default, so it is part of the namespace name (below): units built
// with and without it may be linked together.
#ifndef LWC_SMALL
#ifdef __OPTIMIZE_SIZE__
#define LWC_SMALL 1
#else
#define LWC_SMALL 0
#endif
#endif

// LWC_SYSTEM_ENTROPY: the system gives random bytes (getentropy: Linux, macOS, the BSDs),
// from which the registry's masked schemes draw their masks (lwc/masked.hpp); where it
// does not (bare metal), the registry leaves them out and a firmware passes its TRNG to
// the masked object. capi/lwc.h tests the same systems for its list of names.
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || \
    defined(__NetBSD__)
#define LWC_SYSTEM_ENTROPY 1
#else
#define LWC_SYSTEM_ENTROPY 0
#endif

#if LWC_SMALL
#define LWC_ISA_PREFIX_ LWC_CAT(LWC_CAT(isa_, LWC_ISA_ARCH), _small_)
#else
#define LWC_ISA_PREFIX_ LWC_CAT(LWC_CAT(isa_, LWC_ISA_ARCH), _)
#endif

// LWC_HAS(m): the listed predefined feature macro m is defined (as 1). The only feature
// test in the headers (tests/isa/check_isa_list.cmake looks for any other).
#define LWC_HAS(m) LWC_IS_ONE(m)

// lwc:: holds one inline namespace named for the features the including translation
// unit is compiled for (isa_x86_<12 hex digits>, bit i = entry i of the list), so callers
// still write lwc::XoodyakAead. Header code compiled with other target flags is other
// machine code under the same name: without distinct names the linker keeps one copy for
// the whole program (an ODR violation), and could hand BMI2 or AVX-512 code to a unit
// meant for any x86-64. Tuning (-mtune) is not part of the name: differently tuned copies
// run on the same CPUs, so whichever the linker keeps is correct.
// liblwc compiles the registry once per target and names each namespace itself;
// a program may do the same by defining LWC_ISA_NS (one identifier) before including.
#ifndef LWC_ISA_NS
#define LWC_ISA_NS LWC_DIGITS(LWC_ISA_PREFIX_ LWC_ISA_DIGITS_, LWC_PADDING_)
#endif

#if LWC_CXX20
#include <cstdint>

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::isa {

// The features this translation unit is compiled for, bit i = entry i of the list.
inline constexpr bool compiled_flags[] = {false LWC_ISA_DIGITS_};
inline constexpr std::uint64_t compiled = [] {
    std::uint64_t bits = 0;
    for (unsigned i = 1; i < sizeof compiled_flags; ++i)
        bits |= std::uint64_t(compiled_flags[i]) << (i - 1);
    return bits;
}();
static_assert(LWC_ISA_COUNT <= 48, "the namespace name holds 48 feature bits");

}}}  // namespace lwc::inline LWC_ISA_NS::detail::isa
#endif  // LWC_CXX20
