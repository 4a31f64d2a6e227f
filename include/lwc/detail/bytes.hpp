// SPDX-License-Identifier: MIT
// Byte order, constant-time comparison and secure zeroing shared by every scheme.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "config.hpp"

#ifdef LWC_CT_VALGRIND  // constant-time validation builds (tests/ct)
#include <valgrind/memcheck.h>
#endif

#if defined(__GNUC__) || defined(__clang__)
#define LWC_NOINLINE __attribute__((noinline))
#define LWC_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define LWC_NOINLINE
#define LWC_ALWAYS_INLINE inline
#endif

// ARMv7-M and later (Thumb-2), little-endian: where the permutations in Thumb-2 assembly
// (ascon_armv7m.hpp, tinyjambu_armv7m.hpp) are defined and are the defaults outside
// builds for size.
#if defined(__arm__) && LWC_HAS(__thumb2__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LWC_ARMV7M_ASM 1
#else
#define LWC_ARMV7M_ASM 0
#endif

#if defined(__arm__)
// A function whose body is assembly (Cortex-M: *_armv7m.hpp, ascon_masked_arm.hpp),
// opaque to the optimizer (noipa under GCC): the compiler must take a call as reading
// and writing through its pointers, which a body of basic asm does not tell it.
#if defined(__clang__)
#define LWC_ASM_FUNCTION [[gnu::naked, gnu::noinline]] inline
#else
#define LWC_ASM_FUNCTION [[gnu::naked, gnu::noinline, gnu::noipa]] inline
#endif
#endif

// Loops unrolled and permutations inlined when optimizing for speed; rolled and called
// in a build for size (-Os), where code size is what counts.
#if defined(__OPTIMIZE_SIZE__) || !(defined(__GNUC__) || defined(__clang__))
#define LWC_SPEED_INLINE inline
#define LWC_UNROLL(n)
#else
#define LWC_SPEED_INLINE LWC_ALWAYS_INLINE
#define LWC_DO_PRAGMA(x) _Pragma(#x)
#define LWC_UNROLL(n) LWC_DO_PRAGMA(GCC unroll n)
#endif
// Unrolled for speed only: rolled in builds for size and in their -O2 form (LWC_SMALL),
// whose compact code it would double.
#if LWC_SMALL
#define LWC_SPEED_UNROLL(n)
#else
#define LWC_SPEED_UNROLL(n) LWC_UNROLL(n)
#endif

// A permutation on 64-bit words (Ascon's): inlined and unrolled where such words are
// registers; on a 32-bit target each round is some 350 bytes of 32-bit halves, and the
// rounds unrolled and inlined at every call site made Ascon-AEAD128 30.9 KB at -O2 on
// Cortex-M4, so there it is one out-of-line loop per round count: 4.8 KB, for 22% more
// instructions per byte (67 against 55 at 1 KiB, QEMU's count, tests/firmware/icount.sh).
// On 32-bit RISC-V the loop's 64-bit round constant and counter cost 50 instructions a
// round more than the round's own 140: there the out-of-line copy is unrolled
// (Ascon-AEAD128 at -O2, rv32imac: 78 instructions a byte at 1 KiB instead of 94).
#if UINTPTR_MAX > 0xffffffffu
#define LWC_WIDE_INLINE LWC_SPEED_INLINE
#define LWC_WIDE_UNROLL(n) LWC_UNROLL(n)
#elif defined(__riscv)
#define LWC_WIDE_INLINE LWC_NOINLINE inline
#define LWC_WIDE_UNROLL(n) LWC_UNROLL(n)
#else
#define LWC_WIDE_INLINE LWC_NOINLINE inline
#define LWC_WIDE_UNROLL(n)
#endif

// A helper called at several sites: one out-of-line copy in a build for size (LWC_SMALL),
// inlined at each site otherwise.
#if LWC_SMALL
#define LWC_SIZE_NOINLINE LWC_NOINLINE
#else
#define LWC_SIZE_NOINLINE LWC_ALWAYS_INLINE
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// Loads and stores go through memcpy so that unaligned buffers are fine; on a
// little-endian target the compiler turns them into plain moves.
inline u32 load32_le(const u8* p) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
        u32 v;
        std::memcpy(&v, p, 4);
        return v;
    } else {
        return u32(p[0]) | u32(p[1]) << 8 | u32(p[2]) << 16 | u32(p[3]) << 24;
    }
}
// (Byte-wise stores were merged into one only when the vectorizer left them alone;
// in Schwaemm's block loop gcc turned them into byte-insert sequences.)
inline void store32_le(u8* p, u32 v) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(p, &v, 4);
    } else {
        p[0] = u8(v); p[1] = u8(v >> 8); p[2] = u8(v >> 16); p[3] = u8(v >> 24);
    }
}
inline u32 load32_be(const u8* p) noexcept {
    return u32(p[3]) | u32(p[2]) << 8 | u32(p[1]) << 16 | u32(p[0]) << 24;
}
inline void store32_be(u8* p, u32 v) noexcept {
    p[3] = u8(v); p[2] = u8(v >> 8); p[1] = u8(v >> 16); p[0] = u8(v >> 24);
}
inline u64 load64_le(const u8* p) noexcept {
    return u64(load32_le(p)) | u64(load32_le(p + 4)) << 32;
}
inline void store64_le(u8* p, u64 v) noexcept {
    store32_le(p, u32(v));
    store32_le(p + 4, u32(v >> 32));
}

// The first n (< sizeof(W)) bytes of p as the low bytes of a little-endian word, and back.
template <class W>
inline W load_partial_le(const u8* p, std::size_t n) noexcept {
    W v = 0;
    // Not vectorized (here and in store_partial_le): clang's vector form of these loops,
    // for an n it cannot bound, spilled up to 800 bytes of vectors in Ascon's kernel,
    // deeper than the stack wipe (test_hygiene's AeadStackResidue failed by chance).
#if defined(__clang__)
#pragma clang loop vectorize(disable) interleave(disable)
#endif
    for (std::size_t i = 0; i < n; ++i) v |= W(p[i]) << (8 * i);
    return v;
}
template <class W>
inline void store_partial_le(u8* p, W v, std::size_t n) noexcept {
#if defined(__clang__)
#pragma clang loop vectorize(disable) interleave(disable)
#endif
    for (std::size_t i = 0; i < n; ++i) p[i] = u8(v >> (8 * i));
}

// Exchanges the bits selected by mask with those shift places above them (a delta swap,
// Hacker's Delight 7-2; on a u64 in each 32-bit half as well where no mask bit reaches
// across).
template <class W>
constexpr LWC_ALWAYS_INLINE W swap_bits(W x, W mask, int shift) noexcept {
    const W t = ((x >> shift) ^ x) & mask;
    return x ^ t ^ (t << shift);
}

// Always inlined, also into functions compiled with their own tuning (which inline
// nothing else; see xoodoo_portable).
constexpr LWC_ALWAYS_INLINE u32 rotl32(u32 x, int r) noexcept {
    return (x << r) | (x >> ((32 - r) & 31));
}
constexpr LWC_ALWAYS_INLINE u32 rotr32(u32 x, int r) noexcept {
    return (x >> r) | (x << ((32 - r) & 31));
}

// Hides a value from the optimiser so that it cannot turn branch-free code on
// secrets back into a branch (e.g. an early exit in a comparison loop).
template <class T>
inline T value_barrier(T v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(v));
#endif
    return v;
}

// Equal-length comparison whose time depends only on the length.
// Whether the n_a bytes at a and the n_b bytes at b share a byte (an empty range shares
// none). On addresses as integers (the buffers are unrelated objects), without forming
// a + n, which a bogus length from a C caller could overflow. The one overlap check of
// every face: the C++ entry points and liblwc's front end call it.
inline bool overlap_bytes(const void* a, std::size_t n_a, const void* b, std::size_t n_b) noexcept {
    const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
    if (n_a == 0 || n_b == 0) return false;
    return x >= y ? x - y < n_b : y - x < n_a;
}

inline bool ct_equal(std::span<const u8> a, std::span<const u8> b) noexcept {
    u32 diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= u32(a[i] ^ b[i]);
    diff = value_barrier(diff);
    return ((diff - 1) >> 8) & 1;  // diff is at most 0xff: 1 iff diff == 0
}

// A value computed from secrets that is public by design (whether a tag verified),
// declassified where the code branches on it. In the constant-time validation build
// (tests/ct) secrets are "undefined" to valgrind's memcheck, which reports any branch
// on them; this marks the value defined. Elsewhere it is the identity.
template <class T>
inline T declassify(T v) noexcept {
#ifdef LWC_CT_VALGRIND
    VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
#endif
    return v;
}

// Copies n bytes between buffers that do not overlap. Compact builds (LWC_SMALL): one
// byte loop for the whole program, not the C library's memcpy/memmove (308 and 254
// bytes of newlib's speed versions on Cortex-M); the empty asm keeps the compiler from
// turning the loop back into a memcpy call.
#if LWC_SMALL
LWC_NOINLINE inline void copy_bytes(u8* dst, const u8* src, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
        dst[i] = src[i];
#if defined(__GNUC__) || defined(__clang__)
        __asm__("" : "+r"(i));
#endif
    }
}
#else
inline void copy_bytes(u8* dst, const u8* src, std::size_t n) noexcept {
    if (n != 0) std::memcpy(dst, src, n);  // an empty span may have a null data()
}
#endif

// Zeroing that the compiler may not drop as a dead store. (An empty span may have a
// null data(), which memset must not get even with n = 0.)
#if LWC_SMALL
// Compact builds: one byte loop for the whole program instead of a memset call, which
// links the C library's speed version (162 bytes of newlib on Cortex-M).
LWC_NOINLINE inline void secure_zero(void* p, std::size_t n) noexcept {
    volatile u8* q = static_cast<volatile u8*>(p);
    while (n--) *q++ = 0;
}
#else
inline void secure_zero(void* p, std::size_t n) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    if (n != 0) std::memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile u8* q = static_cast<volatile u8*>(p);
    while (n--) *q++ = 0;
#endif
}
#endif

template <class T>
inline void secure_zero(T& object) noexcept {
    secure_zero(&object, sizeof object);
}

// block = the n bytes at src (n <= N), then zeros: a short last block before its padding.
// Compact builds zero it with secure_zero's loop: "= {}" would be a memset call.
template <std::size_t N>
LWC_ALWAYS_INLINE void fill_block(std::array<u8, N>& block, const u8* src, std::size_t n) noexcept {
#if LWC_SMALL
    secure_zero(block);
#else
    block = {};
#endif
    copy_bytes(block.data(), src, n);
}

// Clears the stack just below the caller, where a scheme's kernel has just run: the
// compiler may have spilled key, state or plaintext words there from registers, which
// no secure_zero of a named variable reaches. The depth follows what the kernels take on
// each target in optimised builds (-O0 builds take more and are not covered), measured
// by tests/firmware (stack painting; docs/firmware.md has the figures per scheme):
//   x86-64, AArch64, others   deepest kernel 1376 bytes below the caller (ISAP-K-128,
//                             gcc 12 -O3 -march=x86-64-v3; the firmware runner built
//                             with LWC_STACK_WIPE_SIZE=0 for x86-64, v3, v4 by gcc 12
//                             and clang 14), masked Ascon with three shares 1832 (v4),
//                             most below 1000: 2048, checked by tests/test_hygiene.cpp
//                             (StackDepth) for every -march of tests/targets
//                             (32-bit RISC-V: 1336 bytes, Romulus-M at rv32imac -O2,
//                             checked on every run of the firmware runner)
//   Cortex-M (Thumb)          deepest kernel about 670 bytes below the wipe's start
//                             (TinyJambu-256, -Os, M0+; -O2 and M4 take less): 768, so
//                             that a call fits a 2 KiB firmware stack with room (about
//                             1.1 KiB at peak); checked on every run of the firmware runner
// Schemes whose kernels stay shallow clear less (wipe_depth_of, below). A program may set
// one depth for every scheme with -DLWC_STACK_WIPE_SIZE=n (0: no wiping).
// The store loop wipe_stack_area (below) clears with: 0 where it calls memset.
#define LWC_WIPE_THUMB 1
#define LWC_WIPE_X86_64 2
#define LWC_WIPE_RV32 3
#if defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#define LWC_WIPE_LOOP LWC_WIPE_THUMB
#elif defined(__x86_64__) && defined(__GNUC__)
#define LWC_WIPE_LOOP LWC_WIPE_X86_64
#elif defined(__riscv) && __riscv_xlen == 32 && defined(__GNUC__)
#define LWC_WIPE_LOOP LWC_WIPE_RV32
#else
#define LWC_WIPE_LOOP 0
#endif
#ifdef LWC_STACK_WIPE_SIZE
#define LWC_STACK_WIPE_GIVEN 1
#else
#define LWC_STACK_WIPE_GIVEN 0
#if LWC_WIPE_LOOP == LWC_WIPE_THUMB
#define LWC_STACK_WIPE_SIZE 768
#else
#define LWC_STACK_WIPE_SIZE 2048
#endif
#endif
inline constexpr std::size_t stack_wipe_size = LWC_STACK_WIPE_SIZE;
// A mode or hash core whose kernels stay well short of the default depth declares its own,
// `static constexpr std::size_t wipe_depth`: the wipe is the largest per-call cost after
// the permutation (2048 bytes of stores: about 5% of a 64-byte Ascon-AEAD128 call on
// x86-64, 550 instructions on RV32). Never deeper than stack_wipe_size, and not used where
// a program sets LWC_STACK_WIPE_SIZE itself. Each scheme's kernels are checked against
// its own depth, as against the default (StackDepth, the firmware runner).
// shallow_wipe_depth: Ascon, Xoodyak, Sparkle, Photon-Beetle and Romulus-H, whose kernels
// (every compiled path) wrote at most 680 bytes below the wipe's start, measured as the
// firmware runner's depth without a wipe less the frames above the wipe (2026-11-29): on
// x86-64 (gcc 12 -O2/-O3 and clang 14 -O2/-O3 at x86-64, v3, v4, native) Schwaemm256-256
// 680, Photon-Beetle-AEAD 656, Ascon 468, Esch 420, Xoodyak 352; RV32 -O2 Schwaemm256-256
// 552, Ascon 360; AArch64 -O2 Schwaemm256-256 592, Ascon 480. The others (TinyJambu and
// Elephant up to 900 on x86-64, Grain 1032, ISAP-K 1232 on AArch64, Romulus-M 1092 on RV32)
// keep the default.
inline constexpr std::size_t shallow_wipe_depth = 1024;
template <class T>
constexpr std::size_t wipe_depth_of() noexcept {
    if constexpr (!LWC_STACK_WIPE_GIVEN && requires { T::wipe_depth; })
        return T::wipe_depth < stack_wipe_size ? T::wipe_depth : stack_wipe_size;
    else
        return stack_wipe_size;
}
// memset is a function with a frame of its own, which would land below the area it
// clears. Where a store loop clears it instead (Cortex-M, x86-64, 32-bit RISC-V),
// nothing the wipe does lands below its area, and the tests check that every kernel's
// frames stay within it (tests/firmware/runner.cpp, tests/test_hygiene.cpp).
inline constexpr bool stack_wipe_is_call_free = LWC_WIPE_LOOP != 0;
template <std::size_t Size>
LWC_NOINLINE void wipe_stack_area() noexcept {
    if constexpr (Size > 0) {
#if LWC_SMALL && LWC_WIPE_LOOP == LWC_WIPE_THUMB
        volatile u32 area[(Size + 3) / 4];
        for (std::size_t i = 0; i < sizeof area / 4; ++i) area[i] = 0;
#elif LWC_WIPE_LOOP == LWC_WIPE_THUMB
        // Outside builds for size, three zero words a store (STM), 96 bytes a turn: 88
        // instructions a call for 768 bytes (QEMU's trace, Cortex-M4 -O2) where the
        // word loop above runs 192 turns of 4 (a sixth of a 64-byte Ascon-AEAD128 call),
        // for 20 bytes of code more (44 against 24).
        constexpr std::size_t n = (Size + 95) / 96 * 96;
        volatile u32 area[n / 4];
        register u32* p asm("r0") = const_cast<u32*>(area);
        register u32* const end asm("r12") = p + n / 4;
        __asm__ __volatile__(
            ".syntax unified\n"
            "movs r1, #0\n"
            "movs r2, #0\n"
            "movs r3, #0\n"
            "1:\n"
            ".rept 8\n"
            "stmia %0!, {r1, r2, r3}\n"
            ".endr\n"
            "cmp %0, %1\n"
            "bne 1b\n"
            : "+r"(p)
            : "r"(end)
            : "r1", "r2", "r3", "cc", "memory");
#elif LWC_WIPE_LOOP == LWC_WIPE_X86_64
        // The Size bytes right below this function's return address, taken
        // from the stack by moving the stack pointer (so that valgrind sees them as the
        // stack's) and cleared by vector stores. Not an array: the compiler may
        // over-align one and realign the frame, which leaves up to two vectors between
        // the area and the caller unwiped (clang 14, AVX-512 targets). Not memset: its
        // return address would land below the area, and the test of the wipe's depth
        // (tests/test_hygiene.cpp, StackDepth) could not tell the wipe's deepest byte from
        // a kernel's. Not rep stosb: 6% on a 64-byte Ascon-AEAD128 call (AMD Zen 5).
        constexpr std::size_t n = (Size + 63) / 64 * 64;
        std::size_t i;
#if LWC_HAS(__AVX__)  // VEX forms (no SSE/AVX transition after vector code), 32 bytes a store
#define LWC_WIPE_ZERO "vpxor %%xmm0, %%xmm0, %%xmm0\n\t"
#define LWC_WIPE_STORE_64 "vmovdqu %%ymm0, (%%rsp,%0)\n\tvmovdqu %%ymm0, 32(%%rsp,%0)\n\t"
#else
#define LWC_WIPE_ZERO "pxor %%xmm0, %%xmm0\n\t"
#define LWC_WIPE_STORE_64                                                   \
    "movdqu %%xmm0, (%%rsp,%0)\n\tmovdqu %%xmm0, 16(%%rsp,%0)\n\t"         \
    "movdqu %%xmm0, 32(%%rsp,%0)\n\tmovdqu %%xmm0, 48(%%rsp,%0)\n\t"
#endif
        __asm__ __volatile__("sub %1, %%rsp\n\t" LWC_WIPE_ZERO "xor %0, %0\n"
                             "1:\n\t" LWC_WIPE_STORE_64
                             "add $64, %0\n\tcmp %1, %0\n\tjb 1b\n\t"
                             "add %1, %%rsp"
                             : "=&r"(i) : "i"(n) : "xmm0", "memory", "cc");
#undef LWC_WIPE_ZERO
#undef LWC_WIPE_STORE_64
#elif LWC_WIPE_LOOP == LWC_WIPE_RV32
        // Stores of the zero register, 16 a turn (64 bytes); one in builds for size, three
        // instructions a word. QEMU's count of one wipe of 2048 bytes (icount.cpp with and
        // without LWC_STACK_WIPE_SIZE=0, rv32imac, a 64-byte AEAD call): about 550 at -O2,
        // 1,400 at -Os (a volatile word loop: 3,900); memset (picolibc) took 8,000 at
        // either level, more than the rest of a 64-byte Xoodyak call.
#if LWC_SMALL
#define LWC_WIPE_OFFSETS "0"
#else
#define LWC_WIPE_OFFSETS "0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60"
#endif
        constexpr std::size_t turn = LWC_SMALL ? 4 : 64;
        constexpr std::size_t n = (Size + turn - 1) / turn * turn;
        volatile u32 area[n / 4];
        u32* p = const_cast<u32*>(area);
        u32* const end = p + n / 4;
        __asm__ __volatile__("1:\n"
                             ".irp k, " LWC_WIPE_OFFSETS "\n"
                             "sw zero, \\k(%0)\n"
                             ".endr\n"
                             "addi %0, %0, %2\n"
                             "bne %0, %1, 1b"
                             : "+r"(p) : "r"(end), "i"(turn) : "memory");
#undef LWC_WIPE_OFFSETS
#else
        u8 area[Size];
        secure_zero(area, sizeof area);
#endif
    }
}

// The wipe is called right after a kernel, from the frame that called the kernel, so
// that its area starts where the kernel's frames did. Where it is the last statement of
// a function, the compiler would make it a tail call: it would then run from the
// caller's caller, one whole frame higher, and stop short of the kernel's deepest bytes
// by that frame (gcc 12 -march=native on AMD Zen 5 left TinyJambu-256's key chunks 16
// bytes below the wipe, under a caller's frame of 336 bytes). The empty asm after the call keeps
// the call in place; tests/test_hygiene.cpp's StackDepth checks it on every target.
template <std::size_t Size = stack_wipe_size>
LWC_ALWAYS_INLINE void wipe_stack() noexcept {
    wipe_stack_area<Size>();
#if defined(__GNUC__)
    __asm__ __volatile__("" ::: "memory");
#endif
}


// A deeper wipe, for code whose frames go past stack_wipe_size. The batch: what a lane
// kernel leaves on the stack (spilled vectors of keys and state, staging buffers) lies
// below the batch call's frame, over larger frames than the single-message kernels': the
// deepest measured (gcc 12 -O3 -march=native -fstack-usage, 16 lanes) is about 10.8 KiB,
// the grouping (2.9 KiB) plus Xoodyak's or Schwaemm256's kernel (7.7 KiB). The masked
// schemes of the registry: the dynamic linker's frame on their first getentropy call
// (lwc/masked.hpp).
inline constexpr std::size_t deep_stack_wipe_size = 16384;
LWC_NOINLINE inline void wipe_deep_stack_area() noexcept {
    u8 area[deep_stack_wipe_size];
    secure_zero(area, sizeof area);
}
// Never a tail call, for the reason wipe_stack() gives.
LWC_ALWAYS_INLINE void wipe_deep_stack() noexcept {
    wipe_deep_stack_area();
#if defined(__GNUC__)
    __asm__ __volatile__("" ::: "memory");
#endif
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail
