// SPDX-License-Identifier: MIT
// Grain-128AEADv2 on W messages at once, one per 64-bit lane: the single-message shift
// registers (basic_grain128_fsr, three overlapping 64-bit views a register, so every
// tap window of 32 clocks is one vector shift) on vectors of 64-bit words. The lanes go
// a register at a time (4 with AVX2, 8 with AVX-512; W = 8 is two such groups, one
// after the other), so that a group's six views and temporaries fit the 16 AVX2
// registers.
//
// Each lane runs its authenticated stream DER(|AD|) || AD || message as one sequence of
// 8-byte blocks; a block takes 128 clocks (64 encryption bits e, 64 authentication bits
// a) in every lane, and per lane the bytes of the block that belong to the message are
// encrypted. So the AD/message boundary, different in every lane, needs no keystream
// carried over: blocks that straddle it (and the first, with the DER prefix, and the
// last) are staged byte by byte, the others loaded whole (lengths are public).
// The padding bit 1 after a lane's last byte joins its last block's data; a lane whose
// stream ends on a block boundary takes it at the end (tag = acc + sr).
//
// The authenticator keeps its accumulator and shift register bit-reversed (bit 63 - i
// holds bit i), which makes a block's update two carry-less products without any
// reversal inside the loop (see mac()); the keystream split (unzip()) hands out the
// authentication bits reversed.
//
// Mixed lengths: a lane past its stream gets no data (m = 0, so the accumulator stays)
// and keeps its register (blend); its shift registers run on unused. A group of W costs
// as much as its longest stream: 512 clocks of initialization, 128 per 8 bytes.
// Cost per register of lanes: about 96 vector operations per 32 clocks (40 of them
// shifts, as in the scalar code), and per 8-byte block 4 x 96 plus about 26 for the
// keystream split, 8 for the authenticator (vpclmulqdq) and the lanes' loads and stores.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

#include "../grain128aead.hpp"
#include "batch_lanes.hpp"
#include "grain128.hpp"

#if LWC_HAS(__PCLMUL__) || LWC_HAS(__VPCLMULQDQ__)
#include <immintrin.h>
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::batch {

template <std::size_t W>
struct grain128aead_lanes {
    // The lanes in groups of a register each (n lanes, W / n groups), one after the
    // other: the six views of a group's shift registers stay in registers.
    static constexpr std::size_t n = W < register64_lanes ? W : register64_lanes;
    using V = vec64<n>;
    using fsr = basic_grain128_fsr<V>;

    // The vector as an array of (narrower) native registers C, and back.
    template <class C>
    LWC_ALWAYS_INLINE static std::array<C, sizeof(V) / sizeof(C)> split(V v) noexcept {
        std::array<C, sizeof(V) / sizeof(C)> a;
        std::memcpy(a.data(), &v, sizeof v);
        return a;
    }
    template <class C, std::size_t N>
    LWC_ALWAYS_INLINE static V join(const std::array<C, N>& a) noexcept {
        V v;
        std::memcpy(&v, a.data(), sizeof v);
        return v;
    }
    // Lanes p * n .. p * n + n - 1 of an array of W words, and back.
    LWC_ALWAYS_INLINE static V part(const u64* a, std::size_t p) noexcept {
        V v;
        std::memcpy(&v, a + p * n, sizeof v);
        return v;
    }
    LWC_ALWAYS_INLINE static void put(u64* a, std::size_t p, V v) noexcept {
        std::memcpy(a + p * n, &v, sizeof v);
    }

    // Bit i to bit 63 - i, lane by lane (outside the block loop only).
    static V reverse(V x) noexcept {
        x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1);
        x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2);
        x = ((x >> 4) & 0x0f0f0f0f0f0f0f0f) | ((x & 0x0f0f0f0f0f0f0f0f) << 4);
        x = ((x >> 8) & 0x00ff00ff00ff00ff) | ((x & 0x00ff00ff00ff00ff) << 8);
        x = ((x >> 16) & 0x0000ffff0000ffff) | ((x & 0x0000ffff0000ffff) << 16);
        return (x >> 32) | (x << 32);
    }

    // Even bits to the low half, odd bits to the high half, by swapping bit groups.
    LWC_ALWAYS_INLINE static V halves(V x) noexcept {
        V t;
        t = (x ^ (x >> 1)) & 0x2222222222222222, x ^= t ^ (t << 1);
        t = (x ^ (x >> 2)) & 0x0c0c0c0c0c0c0c0c, x ^= t ^ (t << 2);
        t = (x ^ (x >> 4)) & 0x00f000f000f000f0, x ^= t ^ (t << 4);
        t = (x ^ (x >> 8)) & 0x0000ff000000ff00, x ^= t ^ (t << 8);
        t = (x ^ (x >> 16)) & 0x00000000ffff0000, x ^= t ^ (t << 16);
        return x;
    }

#if LWC_HAS(__AVX2__)
    // unzip() on 4 lanes in byte shuffles: a lookup on each nibble sorts every byte
    // (its 4 encryption bits in order to the low nibble, its 4 authentication bits
    // reversed to the high one), a multiply-add joins the nibbles of neighbouring bytes,
    // packing and a shuffle order the bytes: 26 instructions against about 75.
    LWC_ALWAYS_INLINE static void unzip4(__m256i y0, __m256i y1, __m256i& e, __m256i& ra) noexcept {
        // Nibble v of bits (e_i, a_i, e_i+1, a_i+1) at byte bits 0..3: e_i, e_i+1 to bits
        // 0, 1 and a_i, a_i+1 to 7, 6; in bits 4..7 (i + 2), to 2, 3 and 5, 4.
        static constexpr auto table = [](int e0, int e1, int a0, int a1) {
            std::array<u8, 16> t{};
            for (int v = 0; v < 16; ++v)
                t[v] = u8((v & 1) << e0 | (v >> 2 & 1) << e1 | (v >> 1 & 1) << a0 | (v >> 3) << a1);
            return t;
        };
        alignas(16) static constexpr std::array<u8, 16> lo = table(0, 1, 7, 6), hi = table(2, 3, 5, 4);
        const __m256i t_lo = _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i*)lo.data())),
                      t_hi = _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i*)hi.data())),
                      low4 = _mm256_set1_epi8(0x0f);
        auto sorted = [&](__m256i y) {
            return _mm256_or_si256(_mm256_shuffle_epi8(t_lo, _mm256_and_si256(y, low4)),
                                   _mm256_shuffle_epi8(t_hi, _mm256_and_si256(_mm256_srli_epi16(y, 4), low4)));
        };
        const __m256i s0 = sorted(y0), s1 = sorted(y1);
        // Bytes 2j, 2j + 1 into a 16-bit word: e byte j = E(2j) + 16 E(2j + 1); of the
        // reversed a, 16 A(2j) + A(2j + 1).
        const __m256i to_e = _mm256_set1_epi16(0x1001), to_a = _mm256_set1_epi16(0x0110);
        auto e_of = [&](__m256i x) { return _mm256_maddubs_epi16(_mm256_and_si256(x, low4), to_e); };
        auto a_of = [&](__m256i x) {
            return _mm256_maddubs_epi16(_mm256_and_si256(_mm256_srli_epi16(x, 4), low4), to_a);
        };
        // Packed, a 128-bit half holds y0's 4 bytes of its first lane, of its second, then
        // y1's; e wants y0's then y1's bytes, ra y1's then y0's, each reversed.
        e = _mm256_shuffle_epi32(_mm256_packus_epi16(e_of(s0), e_of(s1)), 0xd8);
        ra = _mm256_shuffle_epi8(_mm256_packus_epi16(a_of(s0), a_of(s1)),
                                 _mm256_setr_epi8(11, 10, 9, 8, 3, 2, 1, 0, 15, 14, 13, 12, 7, 6, 5, 4,
                                                  11, 10, 9, 8, 3, 2, 1, 0, 15, 14, 13, 12, 7, 6, 5, 4));
    }
#endif

    // The 128 pre-output bits y0 (clocks 0..63), y1 (64..127) of a block into the 64
    // encryption bits e (the even ones, in order) and the 64 authentication bits a (the
    // odd ones), reversed: ra = reverse(a).
    LWC_ALWAYS_INLINE static void unzip(V y0, V y1, V& e, V& ra) noexcept {
#if LWC_HAS(__AVX2__)
        if constexpr (sizeof(V) % 32 == 0) {
            auto p0 = split<__m256i>(y0), p1 = split<__m256i>(y1);
            for (std::size_t i = 0; i < p0.size(); ++i) unzip4(p0[i], p1[i], p0[i], p1[i]);
            e = join(p0);
            ra = join(p1);
            return;
        }
#endif
        unzip_bits(y0, y1, e, ra);
    }
    // The same in shifts and masks (any target).
    LWC_ALWAYS_INLINE static void unzip_bits(V y0, V y1, V& e, V& ra) noexcept {
        const V h0 = halves(y0), h1 = halves(y1);
        constexpr u64 lo = 0xffffffff;
        e = (h0 & lo) | (h1 << 32);
        ra = reverse((h0 >> 32) | (h1 & ~lo));
    }

    // What one block adds to the reversed accumulator: data bits m (in order), the
    // reversed register r and the block's reversed authentication bits ra. The
    // accumulator absorbs, for each t with m_t = 1, bits t..t+63 of sr | a << 64, which
    // reversed is bits 64..127 of the carry-less product m * (ra | r << 64):
    //   hi64(m * ra) + lo64(m * r).
    LWC_ALWAYS_INLINE static V mac(V m, V ra, V r) noexcept {
        // mul(a, b, imm): the products of the low (imm 0x00) or high (0x11) words of
        // each 128-bit part of a and b; the unpacks gather the halves a lane needs.
#define LWC_GRAIN_MAC(C, clmul, unpackhi, unpacklo)                                      \
    return mac_on<C>(                                                                    \
        m, ra, r, [](C a, C b, auto imm) { return clmul(a, b, decltype(imm)::value); }, \
        [](C a, C b) { return unpackhi(a, b); }, [](C a, C b) { return unpacklo(a, b); })
#if LWC_HAS(__VPCLMULQDQ__) && LWC_HAS(__AVX512F__)
        if constexpr (sizeof(V) == 64) {
            LWC_GRAIN_MAC(__m512i, _mm512_clmulepi64_epi128, _mm512_unpackhi_epi64, _mm512_unpacklo_epi64);
        } else
#endif
#if LWC_HAS(__VPCLMULQDQ__) && LWC_HAS(__AVX2__)
        if constexpr (sizeof(V) == 32) {
            LWC_GRAIN_MAC(__m256i, _mm256_clmulepi64_epi128, _mm256_unpackhi_epi64, _mm256_unpacklo_epi64);
        } else
#endif
#if LWC_HAS(__PCLMUL__)
        if constexpr (sizeof(V) % 16 == 0) {
            LWC_GRAIN_MAC(__m128i, _mm_clmulepi64_si128, _mm_unpackhi_epi64, _mm_unpacklo_epi64);
        } else
#endif
            return mac_bits(m, ra, r);
#undef LWC_GRAIN_MAC
    }
    template <class C, class Mul, class Hi, class Lo>
    LWC_ALWAYS_INLINE static V mac_on(V m, V ra, V r, Mul mul, Hi unpackhi, Lo unpacklo) noexcept {
        using low = std::integral_constant<int, 0x00>;
        using high = std::integral_constant<int, 0x11>;
        auto pm = split<C>(m), pa = split<C>(ra), pr = split<C>(r);
        for (std::size_t i = 0; i < pm.size(); ++i)
            pm[i] = unpackhi(mul(pm[i], pa[i], low{}), mul(pm[i], pa[i], high{})) ^
                    unpacklo(mul(pm[i], pr[i], low{}), mul(pm[i], pr[i], high{}));
        return join(pm);
    }
    // The same a data bit at a time, through masks (a compare of bit t moved to the sign
    // makes the mask): the register as it stands at bit t, reversed, is
    // r << t | ra >> (64 - t). About 7 operations a bit; 1.6x faster than carrying the
    // register along bit by bit, which chains the 64 steps.
    static V mac_bits(V m, V ra, V r) noexcept {
        typedef long long s64 __attribute__((vector_size(sizeof(V))));
        V d = r & (V)((s64)(m << 63) < 0);
        LWC_UNROLL(63)
        for (int t = 1; t < 64; ++t)
            d ^= ((r << t) | (ra >> (64 - t))) & (V)((s64)(m << (63 - t)) < 0);
        return d;
    }

    // Lanes p * n .. p * n + n - 1 of f(l) (a 64-bit word), and v's lanes to g(l, word):
    // straight between memory and the vector, no staging array (a vector load of
    // words just stored cannot take them from the store buffer, and waits).
    template <class F>
    LWC_ALWAYS_INLINE static V gather(std::size_t p, F&& f) noexcept {
        return [&]<std::size_t... i>(std::index_sequence<i...>) {
            return V{f(p * n + i)...};
        }(std::make_index_sequence<n>{});
    }
    template <class G>
    LWC_ALWAYS_INLINE static void scatter(std::size_t p, V v, G&& g) noexcept {
        [&]<std::size_t... i>(std::index_sequence<i...>) {
            (g(p * n + i, v[i]), ...);
        }(std::make_index_sequence<n>{});
    }

    // Lane l's authenticated stream DER(|AD|) || AD || message: where its parts end,
    // and its bytes.
    struct stream {
        grain128aead::der_length der;
        std::size_t ad_end, end;  // the AD's and the message's end in the stream

        void set(const lane_job& j) noexcept {
            der = grain128aead::encode_length(j.ad_len);
            ad_end = der.size + j.ad_len;
            end = ad_end + j.len;
        }
        u8 at(const lane_job& j, std::size_t p) const noexcept {
            return p < der.size ? der.bytes[p] : p < ad_end ? j.ad[p - der.size] : j.in[p - ad_end];
        }
        bool ad_block(std::size_t off) const noexcept { return off >= der.size && off + 8 <= ad_end; }
        bool msg_block(std::size_t off) const noexcept { return off >= ad_end && off + 8 <= end; }
    };

    template <bool Decrypt>
    static void run(const lane_job* j) noexcept {
        constexpr std::size_t parts = W / n;
        fsr f[parts];
        V acc[parts], r[parts];
        for (std::size_t p = 0; p < parts; ++p) {
            const V key_lo = gather(p, [&](std::size_t l) { return load64_le(j[l].key); }),
                    key_hi = gather(p, [&](std::size_t l) { return load64_le(j[l].key + 8); });
            f[p].load(key_lo, key_hi, gather(p, [&](std::size_t l) { return load64_le(j[l].nonce); }),
                      gather(p, [&](std::size_t l) { return u64(load32_le(j[l].nonce + 8)); }));
            const V k[4] = {key_lo, key_lo >> 32, key_hi, key_hi >> 32};
            grain128_warm_up(f[p], k);
            acc[p] = reverse(f[p].next64());
            r[p] = reverse(f[p].next64());
        }
        stream s[W];
        std::size_t most = 0;
        for (std::size_t l = 0; l < W; ++l) {
            s[l].set(j[l]);
            most = std::max(most, s[l].end);
        }
        // A block where some lane has a partial or mixed one (DER, the AD/message
        // boundary, the end) goes through arrays: x the data, crypt the bytes that
        // are message, pad the padding bit, active the lanes with data.
        alignas(64) u64 x[W], crypt[W], pad[W], active[W], y[W];
        for (std::size_t off = 0; off < most; off += 8) {
            bool all_ad = true, all_msg = true;
            for (std::size_t l = 0; l < W; ++l) {
                all_ad = all_ad && s[l].ad_block(off);
                all_msg = all_msg && s[l].msg_block(off);
            }
            const bool staged = !all_ad && !all_msg;
            if (staged) {
                for (std::size_t l = 0; l < W; ++l) {
                    const stream& sl = s[l];
                    x[l] = crypt[l] = pad[l] = 0;
                    active[l] = off < sl.end ? ~u64(0) : 0;
                    for (std::size_t q = off; q < off + 8 && q < sl.end; ++q) {
                        x[l] |= u64(sl.at(j[l], q)) << (8 * (q - off));
                        if (q >= sl.ad_end) crypt[l] |= u64(0xff) << (8 * (q - off));
                    }
                    if (off < sl.end && sl.end < off + 8) pad[l] = u64(1) << (8 * (sl.end - off));
                }
            }
            for (std::size_t p = 0; p < parts; ++p) {
                const V y0 = f[p].next64(), y1 = f[p].next64();
                V e, ra;
                unzip(y0, y1, e, ra);
                V vx, vy;
                if (all_ad) {
                    vx = vy = gather(p, [&](std::size_t l) {
                        return load64_le(j[l].ad + (off - s[l].der.size));
                    });
                } else if (all_msg) {
                    vx = gather(p, [&](std::size_t l) { return load64_le(j[l].in + (off - s[l].ad_end)); });
                    vy = vx ^ e;
                    scatter(p, vy, [&](std::size_t l, u64 w) {
                        store64_le(j[l].out + (off - s[l].ad_end), w);
                    });
                } else {
                    vx = part(x, p);
                    vy = vx ^ (e & part(crypt, p));
                    put(y, p, vy);
                }
                const V m = Decrypt ? vy : vx;
                if (staged) {
                    acc[p] ^= mac(m ^ part(pad, p), ra, r[p]);
                    r[p] = blend(part(active, p), ra, r[p]);
                } else {
                    acc[p] ^= mac(m, ra, r[p]);
                    r[p] = ra;
                }
            }
            if (staged) {
                for (std::size_t l = 0; l < W; ++l)
                    for (std::size_t q = std::max(off, s[l].ad_end); q < off + 8 && q < s[l].end; ++q)
                        j[l].out[q - s[l].ad_end] = u8(y[l] >> (8 * (q - off)));
            }
        }
        // The padding bit of the lanes whose stream ends on a block boundary: the
        // accumulator absorbs the register.
        for (std::size_t l = 0; l < W; ++l) active[l] = s[l].end % 8 ? 0 : ~u64(0);
        for (std::size_t p = 0; p < parts; ++p) {
            const V tag = reverse(acc[p] ^ (r[p] & part(active, p)));
            scatter(p, tag, [&](std::size_t l, u64 w) { store64_le(j[l].tag, w); });
        }
        secure_zero(f);
        secure_zero(acc);
        secure_zero(r);
        secure_zero(x);
        secure_zero(y);
    }
};

// The schemes this file has lane code for (batch.hpp: lanes_for).
template <std::size_t W> grain128aead_lanes<W> lanes_of(std::type_identity<Grain128Aead>);

}}}  // namespace lwc::inline LWC_ISA_NS::detail::batch
