// SPDX-License-Identifier: MIT
// Building blocks of the lane-parallel (batch) code: a vector of W 32-bit lanes, one
// message per lane, and the moves between W independent byte streams and such vectors.
//
// The vectors are GCC/Clang vector extensions, so one source serves every width:
// W = 8 compiles to AVX2, W = 16 to AVX-512 (when the translation unit is built for it);
// a width wider than the target's registers still works, as pairs of registers.
//
// Constant time: lane data only flows through vector arithmetic. Lengths are public,
// so they may choose branches and addresses (which bytes of a lane are copied).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

#include "bytes.hpp"

#if LWC_HAS(__AVX2__)
#include <immintrin.h>
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::batch {

// Lanes of the lane-parallel code compiled for this translation unit; 0: none (the
// batch API then loops over the single-message code).
#if LWC_HAS(__AVX512F__)
inline constexpr std::size_t native_lanes = 16;
#elif LWC_HAS(__AVX2__)
inline constexpr std::size_t native_lanes = 8;
#else
inline constexpr std::size_t native_lanes = 0;
#endif

template <class T, std::size_t N>
struct vector_of {
    typedef T type __attribute__((vector_size(sizeof(T) * N)));
};
template <std::size_t W>
using vec = typename vector_of<u32, W>::type;

// N lanes of 64 bits, for state kept in 64-bit words. Code on more lanes than a
// register holds (register64_lanes) works on several such vectors: passed by value, a
// vector wider than the target's registers changes the calling convention (-Wpsabi).
template <std::size_t N>
using vec64 = typename vector_of<u64, N>::type;
inline constexpr std::size_t register64_lanes = native_lanes ? native_lanes / 2 : 2;

template <std::size_t W>
LWC_ALWAYS_INLINE vec<W> splat(u32 x) noexcept {
    return vec<W>{} + x;
}
template <int R, class V>
LWC_ALWAYS_INLINE V rotr(V x) noexcept {
#if LWC_HAS(__AVX2__) && !LWC_HAS(__AVX512F__)
    // AVX2 has no vector rotation (three instructions); by whole bytes it is one shuffle.
    if constexpr (sizeof(V) == 32 && R % 8 == 0) {
        constexpr char k = R / 8;  // result byte j of a lane is source byte j + k (mod 4)
        const __m256i order = _mm256_setr_epi8(
            k % 4, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4, 4 + k % 4, 4 + (k + 1) % 4,
            4 + (k + 2) % 4, 4 + (k + 3) % 4, 8 + k % 4, 8 + (k + 1) % 4, 8 + (k + 2) % 4,
            8 + (k + 3) % 4, 12 + k % 4, 12 + (k + 1) % 4, 12 + (k + 2) % 4, 12 + (k + 3) % 4,
            k % 4, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4, 4 + k % 4, 4 + (k + 1) % 4,
            4 + (k + 2) % 4, 4 + (k + 3) % 4, 8 + k % 4, 8 + (k + 1) % 4, 8 + (k + 2) % 4,
            8 + (k + 3) % 4, 12 + k % 4, 12 + (k + 1) % 4, 12 + (k + 2) % 4, 12 + (k + 3) % 4);
        return (V)_mm256_shuffle_epi8((__m256i)x, order);
    }
#endif
    return (x >> R) | (x << (32 - R));
}
// (lo >> R) | (hi << (32 - R)): the 32 bits at bit R of the 64-bit pair hi:lo, lane
// by lane. One instruction (vpshrdd) with AVX512-VBMI2, else three.
template <int R, class V>
LWC_ALWAYS_INLINE V shr_pair(V lo, V hi) noexcept {
#if LWC_HAS(__AVX512VBMI2__)
    if constexpr (sizeof(V) == 64)
        return (V)_mm512_shrdi_epi32((__m512i)lo, (__m512i)hi, R);
#if LWC_HAS(__AVX512VL__)
    else if constexpr (sizeof(V) == 32)
        return (V)_mm256_shrdi_epi32((__m256i)lo, (__m256i)hi, R);
#endif
    else
#endif
        return (lo >> R) | (hi << (32 - R));
}
// m ? a : b, lane by lane; m is all ones or all zeros in each lane.
template <class V>
LWC_ALWAYS_INLINE V blend(V m, V a, V b) noexcept {
    return (a & m) | (b & ~m);
}
// f(l) in lane l (built in memory: inserting lane by lane costs more).
template <std::size_t W, class F>
LWC_ALWAYS_INLINE vec<W> per_lane(F&& f) noexcept {
    alignas(64) u32 t[W];
    for (std::size_t l = 0; l < W; ++l) t[l] = f(l);
    vec<W> v;
    std::memcpy(&v, t, sizeof v);
    return v;
}
// All ones in the lanes where c(l) holds.
template <std::size_t W, class F>
LWC_ALWAYS_INLINE vec<W> lanes_where(F&& c) noexcept {
    return per_lane<W>([&](std::size_t l) { return c(l) ? ~u32(0) : u32(0); });
}

// One message of a batch as the lane code sees it. For decryption, tag receives the
// computed tag (the caller compares).
struct lane_job {
    const u8* key;
    const u8* nonce;
    const u8* ad;
    std::size_t ad_len;
    const u8* in;
    u8* out;
    std::size_t len;
    u8* tag;
};

#if LWC_HAS(__AVX2__)
// Four words of eight lanes: rows (lanes 0|4, 1|5, 2|6, 3|7 in the two 128-bit
// halves) to columns (word k of lanes 0..7 in vector k), and back: the same shuffles.
LWC_ALWAYS_INLINE void transpose4x8(__m256i (&x)[4]) noexcept {
    const __m256i t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpacklo_epi32(x[2], x[3]);
    const __m256i t2 = _mm256_unpackhi_epi32(x[0], x[1]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
    x[0] = _mm256_unpacklo_epi64(t0, t1);
    x[1] = _mm256_unpackhi_epi64(t0, t1);
    x[2] = _mm256_unpacklo_epi64(t2, t3);
    x[3] = _mm256_unpackhi_epi64(t2, t3);
}
#endif

// Words consecutive little-endian words of each lane's p(l) + off, all there. With
// AVX2, four words of eight lanes at a time: eight 16-byte loads and a transposition in
// registers (staging lane by lane in memory, the generic way, stalls every vector load
// on eight narrower stores).
template <std::size_t W, std::size_t Words, class P>
LWC_ALWAYS_INLINE void load_lanes(vec<W> (&v)[Words], P&& p, std::size_t off = 0) noexcept {
#if LWC_HAS(__AVX2__)
    if constexpr (W % 8 == 0) {
        for (std::size_t i = 0; i < Words; i += 4) {
            const std::size_t n = std::min<std::size_t>(4, Words - i);
            for (std::size_t h = 0; h < W / 8; ++h) {
                __m256i x[4];
                for (std::size_t k = 0; k < 4; ++k) {
                    __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
                    std::memcpy(&lo, p(8 * h + k) + off + 4 * i, 4 * n);
                    std::memcpy(&hi, p(8 * h + k + 4) + off + 4 * i, 4 * n);
                    x[k] = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
                }
                transpose4x8(x);
                for (std::size_t k = 0; k < n; ++k)
                    std::memcpy(reinterpret_cast<char*>(&v[i + k]) + 32 * h, &x[k], 32);
            }
        }
        return;
    }
#endif
    alignas(64) u32 t[Words][W];
    for (std::size_t l = 0; l < W; ++l)
        for (std::size_t i = 0; i < Words; ++i) t[i][l] = load32_le(p(l) + off + 4 * i);
    for (std::size_t i = 0; i < Words; ++i) std::memcpy(&v[i], t[i], sizeof v[i]);
}
template <std::size_t W, std::size_t Words, class P>
LWC_ALWAYS_INLINE void store_lanes(const vec<W> (&v)[Words], P&& p, std::size_t off = 0) noexcept {
#if LWC_HAS(__AVX2__)
    if constexpr (W % 8 == 0) {
        for (std::size_t i = 0; i < Words; i += 4) {
            const std::size_t n = std::min<std::size_t>(4, Words - i);
            for (std::size_t h = 0; h < W / 8; ++h) {
                __m256i x[4] = {};
                for (std::size_t k = 0; k < n; ++k)
                    std::memcpy(&x[k], reinterpret_cast<const char*>(&v[i + k]) + 32 * h, 32);
                transpose4x8(x);
                for (std::size_t k = 0; k < 4; ++k) {
                    const __m128i lo = _mm256_castsi256_si128(x[k]);
                    const __m128i hi = _mm256_extracti128_si256(x[k], 1);
                    std::memcpy(p(8 * h + k) + off + 4 * i, &lo, 4 * n);
                    std::memcpy(p(8 * h + k + 4) + off + 4 * i, &hi, 4 * n);
                }
            }
        }
        return;
    }
#endif
    alignas(64) u32 t[Words][W];
    for (std::size_t i = 0; i < Words; ++i) std::memcpy(t[i], &v[i], sizeof v[i]);
    for (std::size_t l = 0; l < W; ++l)
        for (std::size_t i = 0; i < Words; ++i) store32_le(p(l) + off + 4 * i, t[i][l]);
}

// Where every lane stands in one of its streams (AD, message): the bytes of block
// `off` .. off + Bytes that lane l has (count[l], 0 .. Bytes).
template <std::size_t W, std::size_t Bytes>
struct block_pos {
    std::size_t count[W];
    bool all_full = true;  // the common case, which has a fast path

    block_pos(const std::size_t (&len)[W], std::size_t off) noexcept {
        for (std::size_t l = 0; l < W; ++l) {
            count[l] = len[l] > off ? std::min(len[l] - off, Bytes) : 0;
            all_full &= count[l] == Bytes;
        }
    }
    bool full(std::size_t l) const noexcept { return count[l] == Bytes; }
    bool partial(std::size_t l) const noexcept { return count[l] != 0 && count[l] != Bytes; }
};

// Lane l's count[l] bytes at p[l] + off as words, zero padded.
template <std::size_t W, std::size_t Words, class P>
LWC_ALWAYS_INLINE void load_block(vec<W> (&v)[Words], const block_pos<W, 4 * Words>& at, P&& p,
                                  std::size_t off) noexcept {
    if (at.all_full) return load_lanes<W, Words>(v, p, off);
    alignas(64) u32 t[Words][W];
    for (std::size_t l = 0; l < W; ++l) {
        u8 buf[4 * Words] = {};
        if (!at.full(l) && at.count[l]) std::memcpy(buf, p(l) + off, at.count[l]);
        const u8* src = at.full(l) ? p(l) + off : buf;
        for (std::size_t i = 0; i < Words; ++i) t[i][l] = load32_le(src + 4 * i);
    }
    for (std::size_t i = 0; i < Words; ++i) std::memcpy(&v[i], t[i], sizeof v[i]);
}
// The first count[l] bytes of lane l's words to p[l] + off.
template <std::size_t W, std::size_t Words, class P>
LWC_ALWAYS_INLINE void store_block(const vec<W> (&v)[Words], const block_pos<W, 4 * Words>& at,
                                   P&& p, std::size_t off) noexcept {
    if (at.all_full) return store_lanes<W, Words>(v, p, off);
    alignas(64) u32 t[Words][W];
    for (std::size_t i = 0; i < Words; ++i) std::memcpy(t[i], &v[i], sizeof v[i]);
    for (std::size_t l = 0; l < W; ++l) {
        u8 buf[4 * Words];
        u8* dst = at.full(l) ? p(l) + off : buf;
        for (std::size_t i = 0; i < Words; ++i) store32_le(dst + 4 * i, t[i][l]);
        if (!at.full(l) && at.count[l]) std::memcpy(p(l) + off, buf, at.count[l]);
    }
}
// Per word, the bytes each lane has (all ones for a full block, zero for none).
template <std::size_t W, std::size_t Words>
LWC_ALWAYS_INLINE void byte_masks(vec<W> (&m)[Words], const block_pos<W, 4 * Words>& at) noexcept {
    if (at.all_full) {
        for (auto& x : m) x = splat<W>(~u32(0));
        return;
    }
    for (std::size_t i = 0; i < Words; ++i)
        m[i] = per_lane<W>([&](std::size_t l) {
            const std::size_t n = std::clamp<std::size_t>(at.count[l], 4 * i, 4 * i + 4) - 4 * i;
            return n == 4 ? ~u32(0) : (u32(1) << (8 * n)) - 1;
        });
}
// The padding byte (0x80 unless told) after the data of the lanes where pads(l) holds.
template <std::size_t W, std::size_t Words, class F>
LWC_ALWAYS_INLINE void pad_words(vec<W> (&m)[Words], const block_pos<W, 4 * Words>& at,
                                 F&& pads, u32 pad = 0x80) noexcept {
    if (at.all_full) {  // no room for a padding byte in any lane's block
        for (auto& x : m) x = vec<W>{};
        return;
    }
    for (std::size_t i = 0; i < Words; ++i)
        m[i] = per_lane<W>([&](std::size_t l) {
            return pads(l) && at.count[l] / 4 == i ? pad << (8 * (at.count[l] % 4)) : u32(0);
        });
}

template <std::size_t W>
inline std::size_t max_len(const std::size_t (&len)[W]) noexcept {
    return *std::max_element(len, len + W);
}

// A scheme's lane code at width W: each family's lane file declares an overload for
// each of its schemes; this one, for every other scheme, says it has none.
template <std::size_t W> void lanes_of(...);

}}}  // namespace lwc::inline LWC_ISA_NS::detail::batch
