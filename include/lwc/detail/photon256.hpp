// SPDX-License-Identifier: MIT
// PHOTON-256 (photon256_spec.hpp) with interchangeable backends, one file each:
//   photon256_portable   64-bit integer code, 16 cells per word (any target)
//   photon256_avx2       one cell per byte of two 256-bit registers (AVX2)
//   photon256_avx512     one cell per byte of a 512-bit register (AVX-512 VBMI + GFNI)
// photon256_default is the fastest one the compilation target allows.
// No backend has a branch or a memory index that depends on the state.
#pragma once

#include <concepts>
#include <string_view>

#include "photon256_avx2.hpp"
#include "photon256_avx512.hpp"
#include "photon256_portable.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// What a backend provides, on its own state representation:
//   state load(const u8* bytes32);  void store(const state&, u8* bytes32);
//   void permute(state&);
//   add_rate<N>(state&, const rate_words&)    the first N bytes ^= the words  (N = 4, 16)
//   rate_words extract_rate<N>(const state&)  the first N bytes as words
template <class P>
concept photon256_backend =
    requires(typename P::state s, const u8* in, u8* out, const photon256::rate_words& w) {
        { P::name } -> std::convertible_to<std::string_view>;
        { P::load(in) } -> std::same_as<typename P::state>;
        P::store(s, out);
        P::permute(s);
        P::template add_rate<4>(s, w);
        P::template add_rate<16>(s, w);
        { P::template extract_rate<4>(s) } -> std::same_as<photon256::rate_words>;
        { P::template extract_rate<16>(s) } -> std::same_as<photon256::rate_words>;
    };

static_assert(photon256_backend<photon256_portable>);
#ifdef LWC_HAVE_PHOTON256_AVX2
static_assert(photon256_backend<photon256_avx2>);
#endif
#ifdef LWC_HAVE_PHOTON256_AVX512
static_assert(photon256_backend<photon256_avx512>);
using photon256_default = photon256_avx512;
#elif defined(LWC_HAVE_PHOTON256_AVX2)
using photon256_default = photon256_avx2;
#else
using photon256_default = photon256_portable;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail
