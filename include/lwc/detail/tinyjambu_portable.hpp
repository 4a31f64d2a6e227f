// SPDX-License-Identifier: MIT
// The TinyJambu keyed permutation P_n, portable backend: the 128-bit NLFSR clocked 37
// steps at a time, the key as the complemented key bits of each 37-bit chunk.
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {
namespace tinyjambu {

using state = std::array<u32, 4>;

// Think of the NLFSR as a bit stream x: the state is a window of 128 bits, and step i
// appends x[p] = x[p-128] ^ x[p-81] ^ ~(x[p-58] & x[p-43]) ^ x[p-37] ^ k_i (p = i + 128).
// The nearest tap is 37 bits back, so 37 new bits depend only on older ones: one
// chunk of 37 bits per step, not the specification's 32-bit word. That is 28 chunk
// steps for P_1024 instead of 32 word steps, and a step costs the same: its speed is
// the path from the newest chunk to the next (shift, or, and, xor), as it was for
// words. Chunks live in the low 37 bits of 64-bit words.
inline constexpr std::size_t chunk_bits = 37;
inline constexpr u64 chunk_mask = (u64(1) << chunk_bits) - 1;

template <std::size_t Words>
inline constexpr std::size_t chunk_count = (32 * Words + chunk_bits - 1) / chunk_bits;

// Clang turns (a >> n) | (b << (64 - n)) into SHLD, which is slower here than the
// shift-or pair it replaces (2 cycles of latency and fewer ports on AMD Zen); the
// barrier hides the pattern. GCC keeps the pair without it.
LWC_ALWAYS_INLINE u64 funnel_part(u64 x) noexcept {
#if defined(__clang__)
    return value_barrier(x);
#else
    return x;
#endif
}

// The next chunk from the four before it. c1, the newest, may carry junk above bit 37:
// it is only shifted left or combined bitwise, so the junk stays above bit 37. The
// older ones are shifted right and must be clean. nk holds the chunk's key bits,
// complemented (the NOT of the NAND folded in).
//
// Everything that does not involve c1 is computed first and pinned (value_barrier), or
// compilers reassociate the XORs and put c1 back at the start of a longer chain.
LWC_ALWAYS_INLINE u64 next_chunk(u64 c1, u64 x2, u64 x3, u64 x4, u64 nk) noexcept {
    const u64 t81 = (x3 >> 30) | funnel_part(x2 << 7);
    const u64 t128 = (x4 >> 20) | funnel_part(x3 << 17);
    const u64 early = value_barrier(t81 ^ t128 ^ nk);
    const u64 t58 = (x2 >> 16) | (c1 << 21);
    const u64 t43 = (x2 >> 31) | (c1 << 6);
    return value_barrier(early ^ c1) ^ (t58 & t43);
}

// The four newest chunks: c1 (may carry junk), then x2, x3, x4 (clean), older each.
struct window {
    u64 c1, x2, x3, x4;

    LWC_ALWAYS_INLINE void advance(u64 nk) noexcept {
        const u64 next = next_chunk(c1, x2, x3, x4, nk);
        x4 = x3;
        x3 = x2;
        x2 = c1 & chunk_mask;
        c1 = next;
    }
};

// The complemented key bits of every chunk of the longest permutation: chunk j of any
// P_n uses key bits 37j .. 37j + 36 (mod the key length), as the key schedule restarts
// at every call. Bit positions are public, so the branch below is too.
template <std::size_t Chunks, std::size_t KeyWords>
std::array<u64, Chunks> chunk_keys(const std::array<u32, KeyWords>& nkey) noexcept {
    std::array<u64, Chunks> out;
    for (std::size_t j = 0; j < Chunks; ++j) {
        const std::size_t bit = (chunk_bits * j) % (32 * KeyWords), w = bit / 32, sh = bit % 32;
        u64 v = (u64(nkey[w]) | (u64(nkey[(w + 1) % KeyWords]) << 32)) >> sh;
        if (64 - sh < chunk_bits) v |= u64(nkey[(w + 2) % KeyWords]) << (64 - sh);
        out[j] = v & chunk_mask;
    }
    return out;
}

// The 32 state bits at bit B of five consecutive chunks (the newest may carry junk; it
// is only ever shifted left here, or right by at most 5, which a u32 cuts off).
template <std::size_t B>
LWC_ALWAYS_INLINE u32 word_at(const std::array<u64, 5>& ch) noexcept {
    constexpr std::size_t q = B / chunk_bits, off = B % chunk_bits;
    static_assert(q < 4 || off + 32 <= chunk_bits);
    if constexpr (off + 32 <= chunk_bits)
        return u32(ch[q] >> off);
    else
        return u32((ch[q] >> off) | (ch[q + 1] << (chunk_bits - off)));
}

// P with Words * 32 steps; the key chunks come from chunk_keys. Inlined into the
// mode's loops so that the state stays in registers from one call to the next.
template <std::size_t Words, std::size_t KeyChunks>
LWC_ALWAYS_INLINE void permute(state& st, const std::array<u64, KeyChunks>& kc) noexcept {
    constexpr std::size_t n = chunk_count<Words>;
    static_assert(n <= KeyChunks && n >= 5);
    // The state is stream bits 0..127; chunk j of this call holds bits 128 + 37j ...,
    // so the four before chunk 0 start at bits 91, 54, 17 and -20.
    const u64 s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
    window w{(s2 >> 27) | (s3 << 5), ((s1 >> 22) | (s2 << 10)) & chunk_mask,
             ((s0 >> 17) | (s1 << 15)) & chunk_mask, (s0 << 20) & chunk_mask};
    std::size_t j = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 1
#elif defined(__clang__)
#pragma clang loop unroll(disable)
#endif
    for (; j + 4 < n; j += 4) {
        w.advance(kc[j]);
        w.advance(kc[j + 1]);
        w.advance(kc[j + 2]);
        w.advance(kc[j + 3]);
    }
    for (; j + 1 < n; ++j) w.advance(kc[j]);
    // The last chunk, keeping the five newest for the way back to words.
    const u64 last = next_chunk(w.c1, w.x2, w.x3, w.x4, kc[n - 1]);
    const std::array<u64, 5> ch{w.x4, w.x3, w.x2, w.c1 & chunk_mask, last};
    // The new state ends at stream bit 128 + 32 * Words, i.e. at bit 37 * 5 minus the
    // unused high bits of the last chunk, counted from the start of ch[0].
    constexpr std::size_t start = chunk_bits * 5 - (chunk_bits * n - 32 * Words) - 128;
    st = {word_at<start>(ch), word_at<start + 32>(ch), word_at<start + 64>(ch),
          word_at<start + 96>(ch)};
}

}  // namespace tinyjambu

struct tinyjambu_portable {
    static constexpr const char* name = "portable";

    // The key as the permutations up to P_{32 MaxWords} take it.
    template <std::size_t KeyWords, std::size_t MaxWords>
    using key_schedule = std::array<u64, tinyjambu::chunk_count<MaxWords>>;

    template <std::size_t KeyWords, std::size_t MaxWords>
    static key_schedule<KeyWords, MaxWords> load_key(const u8* key) noexcept {
        std::array<u32, KeyWords> nk;
        for (std::size_t i = 0; i < KeyWords; ++i) nk[i] = ~load32_le(key + 4 * i);
        const auto k = tinyjambu::chunk_keys<tinyjambu::chunk_count<MaxWords>>(nk);
        secure_zero(nk);
        return k;
    }

    template <std::size_t Words, std::size_t KeyChunks>
    LWC_ALWAYS_INLINE static void permute(tinyjambu::state& st,
                                          const std::array<u64, KeyChunks>& k) noexcept {
        tinyjambu::permute<Words>(st, k);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
