// SPDX-License-Identifier: MIT
// Grain-128AEADv2's bit-level jobs, x86 BMI2 + PCLMUL backend: pext splits the
// keystream, pclmulqdq runs the MAC.
#pragma once

#include "grain128_portable.hpp"

#if LWC_HAS(__BMI2__) && LWC_HAS(__PCLMUL__)
#include <immintrin.h>
#define LWC_HAVE_GRAIN128_BMI2 1

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

struct grain128_bmi2 {
    static constexpr const char* name = "bmi2";

    // pext with a constant mask (on the CPUs where pext is slow, its time depends on
    // the mask only).
    static u64 even_bits(u64 x) noexcept { return _pext_u64(x, 0x5555555555555555); }
    static u64 odd_bits(u64 x) noexcept { return _pext_u64(x, 0xaaaaaaaaaaaaaaaa); }

    // The authenticator as in grain128_portable, the full product in pclmulqdq.
    static void authenticate64(u64& acc, u64& sr, u64 m, u64 a) noexcept {
        const __m128i rm = _mm_cvtsi64_si128(
            static_cast<long long>(grain128_portable::reverse_bits(m)));
        const __m128i t = _mm_set_epi64x(static_cast<long long>(a), static_cast<long long>(sr));
        const __m128i p0 = _mm_clmulepi64_si128(rm, t, 0x00);  // rev(m) * sr, 127 bits
        const __m128i p1 = _mm_clmulepi64_si128(rm, t, 0x10);  // rev(m) * a
        const u64 p0_lo = static_cast<u64>(_mm_cvtsi128_si64(p0));
        const u64 p0_hi = static_cast<u64>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(p0, p0)));
        const u64 p1_lo = static_cast<u64>(_mm_cvtsi128_si64(p1));
        acc ^= ((p0_hi ^ p1_lo) << 1) | (p0_lo >> 63);
        sr = a;
    }

    static void authenticate_bits(u64& acc, u64& sr, u64 m, u64 a, unsigned n) noexcept {
        grain128_portable::authenticate_bits(acc, sr, m, a, n);
    }
};
}}}  // namespace lwc::inline LWC_ISA_NS::detail

#endif
