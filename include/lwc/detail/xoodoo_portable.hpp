// SPDX-License-Identifier: MIT
// Xoodoo[12], portable backend: plain C++ on twelve 32-bit scalars (any target).
#pragma once

#include "xoodoo_spec.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define LWC_XOODOO_PORTABLE_TUNING __attribute__((target("tune=generic")))
#else
#define LWC_XOODOO_PORTABLE_TUNING
#endif

// The state lives in twelve scalars. Rho-west moves plane 1 by one lane and rho-east
// plane 2 by two; instead of moving words, each round writes a lane back into the
// variable it came from and the next round gets the variables in their new order, so
// four rounds bring every variable back to its place. Written this way the rounds
// compile to fast code with gcc and clang at -O2 and -O3 alike (a version on arrays
// relied on gcc -O3's vectorizer: it ran 3x slower at -O2 and 2x slower with clang).
struct xoodoo_portable {
    static constexpr const char* name = "portable";
    static constexpr bool has_block_loops = false;

    static void permute(xoodoo_state& st) noexcept {
        rounds(st.data(), xoodoo_round_constants.data());
    }

private:
    // gcc's tuning for AMD Zen (what -march=native picks there) spills lanes to vector
    // registers, each move between register files taking 3 cycles; generic tuning
    // spills to the stack and runs this 1.4x faster. A function with its own tuning only
    // inlines always-inline callees, hence the raw pointers.
    LWC_XOODOO_PORTABLE_TUNING static void rounds(u32* st, const u32* rc) noexcept {
#if LWC_SMALL
        // Compact form (firmware): one round a loop turn on the state in memory, each
        // step a loop over the four columns, the lanes moved to their places.
        for (std::size_t r = 0; r < 12; ++r) {
            u32 e[4], a[4], b[4], c[4];
            for (std::size_t x = 0; x < 4; ++x) {  // theta's effect: column x - 1's parity
                const std::size_t w = (x + 3) % 4;
                const u32 p = st[w] ^ st[4 + w] ^ st[8 + w];
                e[x] = theta_effect(p);
            }
            for (std::size_t x = 0; x < 4; ++x) {  // theta, rho-west (plane 1 shifted)
                const std::size_t w = (x + 3) % 4;
                a[x] = st[x] ^ e[x];
                b[x] = st[4 + w] ^ e[w];
                c[x] = rotl32(st[8 + x] ^ e[x], 11);
            }
            a[0] ^= rc[r];  // iota
            for (std::size_t x = 0; x < 4; ++x) {  // chi, rho-east (plane 2 shifted two)
                st[x] = a[x] ^ (~b[x] & c[x]);
                st[4 + x] = rotl32(b[x] ^ (~c[x] & a[x]), 1);
                st[8 + (x + 2) % 4] = rotl32(c[x] ^ (~a[x] & b[x]), 8);
            }
        }
#else
        u32 a0 = st[0], a1 = st[1], a2 = st[2], a3 = st[3];
        u32 b0 = st[4], b1 = st[5], b2 = st[6], b3 = st[7];
        u32 c0 = st[8], c1 = st[9], c2 = st[10], c3 = st[11];
        for (std::size_t r = 0; r < 12; r += 4) {
            round(a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, rc[r]);
            round(a0, a1, a2, a3, b3, b0, b1, b2, c2, c3, c0, c1, rc[r + 1]);
            round(a0, a1, a2, a3, b2, b3, b0, b1, c0, c1, c2, c3, rc[r + 2]);
            round(a0, a1, a2, a3, b1, b2, b3, b0, c2, c3, c0, c1, rc[r + 3]);
        }
        st[0] = a0, st[1] = a1, st[2] = a2, st[3] = a3;
        st[4] = b0, st[5] = b1, st[6] = b2, st[7] = b3;
        st[8] = c0, st[9] = c1, st[10] = c2, st[11] = c3;
#endif
    }

    // Theta's effect on column x: the parity of column x - 1, rotated by 5 and by 14.
    LWC_ALWAYS_INLINE static u32 theta_effect(u32 parity) noexcept {
        return rotl32(parity, 5) ^ rotl32(parity, 14);
    }

    // One round on planes a, b, c, each passed in lane order. Plane 1's column x leaves
    // in the variable of its lane x - 1 and plane 2's in its own, so that the caller can
    // pass them rotated to the next round instead of moving them.
    LWC_ALWAYS_INLINE static void round(u32& a0, u32& a1, u32& a2, u32& a3, u32& b0, u32& b1,
                                        u32& b2, u32& b3, u32& c0, u32& c1, u32& c2, u32& c3,
                                        u32 rc) noexcept {
        const u32 e0 = theta_effect(a3 ^ b3 ^ c3), e1 = theta_effect(a0 ^ b0 ^ c0),
                  e2 = theta_effect(a1 ^ b1 ^ c1), e3 = theta_effect(a2 ^ b2 ^ c2);
        // theta, rho-west (plane 1 shifted by one lane, plane 2 rotated by 11), iota
        const u32 x0 = a0 ^ e0 ^ rc, x1 = a1 ^ e1, x2 = a2 ^ e2, x3 = a3 ^ e3;
        const u32 y0 = b3 ^ e3, y1 = b0 ^ e0, y2 = b1 ^ e1, y3 = b2 ^ e2;
        const u32 z0 = rotl32(c0 ^ e0, 11), z1 = rotl32(c1 ^ e1, 11), z2 = rotl32(c2 ^ e2, 11),
                  z3 = rotl32(c3 ^ e3, 11);
        // chi, then rho-east: plane 1 rotated by 1, plane 2 by 8 (and shifted two lanes)
        a0 = x0 ^ (~y0 & z0), a1 = x1 ^ (~y1 & z1), a2 = x2 ^ (~y2 & z2), a3 = x3 ^ (~y3 & z3);
        b3 = rotl32(y0 ^ (~z0 & x0), 1), b0 = rotl32(y1 ^ (~z1 & x1), 1);
        b1 = rotl32(y2 ^ (~z2 & x2), 1), b2 = rotl32(y3 ^ (~z3 & x3), 1);
        c0 = rotl32(z0 ^ (~x0 & y0), 8), c1 = rotl32(z1 ^ (~x1 & y1), 8);
        c2 = rotl32(z2 ^ (~x2 & y2), 8), c3 = rotl32(z3 ^ (~x3 & y3), 8);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
