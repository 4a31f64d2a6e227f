// SPDX-License-Identifier: MIT
// The one list of schemes. Tests, benchmarks, examples and every face iterate it;
// adding a scheme is one header and one line here.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <cstddef>
#include <type_traits>

#include "aead.hpp"
#include "ascon.hpp"
#include "elephant.hpp"
#include "gift_cofb.hpp"
#include "grain128aead.hpp"
#include "hash.hpp"
#include "isap.hpp"
#include "masked.hpp"
#include "photon_beetle.hpp"
#include "romulus.hpp"
#include "sparkle.hpp"
#include "tinyjambu.hpp"
#include "xof.hpp"
#include "xoodyak.hpp"

namespace lwc { inline namespace LWC_ISA_NS {

template <class... S>
struct scheme_list {
    static constexpr std::size_t size = sizeof...(S);
    template <class T>
    static constexpr bool contains = (std::is_same_v<T, S> || ...);
    // f(std::type_identity<S>{}) for every scheme, in order. Each call is a function of
    // its own: the bodies of a test's loop over 40 schemes, inlined into one function,
    // made the compilers' optimizers superlinear (clang spent a third of a test program's
    // compile time on that one function).
    template <class F>
    static constexpr void for_each(F&& f) {
        (call_one<S>(f), ...);
    }

private:
    template <class T, class F>
    LWC_NOINLINE static constexpr void call_one(F& f) {
        f(std::type_identity<T>{});
    }
};

// The schemes of A, then those of B that A does not list.
template <class A, class B>
struct concat_;
template <class... A>
struct concat_<scheme_list<A...>, scheme_list<>> {
    using type = scheme_list<A...>;
};
template <class... A, class B, class... Bs>
struct concat_<scheme_list<A...>, scheme_list<B, Bs...>> {
    using type = typename concat_<std::conditional_t<scheme_list<A...>::template contains<B>,
                                                     scheme_list<A...>, scheme_list<A..., B>>,
                                  scheme_list<Bs...>>::type;
};
template <class A, class B>
using concat = typename concat_<A, B>::type;

namespace registry {

using aeads = scheme_list<TinyJambu128, TinyJambu192, TinyJambu256, XoodyakAead,
                          Grain128Aead, Schwaemm128_128, Schwaemm192_192, Schwaemm256_128,
                          Schwaemm256_256, PhotonBeetleAead32, PhotonBeetleAead128,
                          AsconAead128, ElephantDumbo, ElephantJumbo, ElephantDelirium,
                          GiftCofb, IsapA128A, IsapA128, IsapK128A, IsapK128, RomulusN,
                          RomulusM, RomulusT
#if LWC_SYSTEM_ENTROPY  // masks from the system's entropy (lwc/masked.hpp)
                          , AsconAead128Masked2, AsconAead128Masked3
#endif
                          >;

using hashes = scheme_list<XoodyakHash, Esch256, Esch384, PhotonBeetleHash, AsconHash256,
                           RomulusH>;

// Extendable-output functions (any output length).
using xofs = scheme_list<AsconXof128, AsconCxof128, XoodyakXof, XOEsch256, XOEsch384>;

// Every other compiled path of a scheme (portable fallbacks when the default is a vector
// path), run by the tests through the same suites as the defaults. The compact paths
// (detail/*_small.hpp) are the defaults under LWC_SMALL (-Os). TinyJambu's 37-bit chunks are
// not listed: the default on 64-bit targets but AArch64 (which takes the word form, so the
// chunks run there only if named), never used by builds for size (on Cortex-M they take more
// stack than the firmware wipe clears). Its 32-bit word form is (the default at -O2 on 32-bit
// targets without the Thumb-2 assembly below), as is Ascon's bit-interleaved ascon_bi32.
// The permutations in Thumb-2 assembly (LWC_ARMV7M_ASM: ARMv7-M and later) are listed
// where they exist, so that the firmware runner, built for size, runs them. On x86-64 the
// SSE2 paths (Xoodoo's default in builds for the baseline x86-64) are listed first, so
// that builds for AVX2 and AVX-512 run them too; and six-branch Sparkle on the target's
// vector code (sparkle_default), which the defaults leave for the scalar code on x86
// without AVX-512 (sparkle_default_for), so that it is still tested there.
#if defined(LWC_HAVE_XOODOO_SSE2) && defined(LWC_HAVE_SPARKLE_SSE2)
using x86_aeads = concat<scheme_list<BasicXoodyakAead<detail::xoodoo_sse2>,
                                     BasicSchwaemm192_192<detail::sparkle_sse2>,
                                     BasicSchwaemm256_128<detail::sparkle_sse2>,
                                     BasicSchwaemm256_256<detail::sparkle_sse2>>,
                         scheme_list<BasicSchwaemm192_192<detail::sparkle_default>,
                                     BasicSchwaemm256_128<detail::sparkle_default>>>;
using x86_hashes = concat<scheme_list<BasicXoodyakHash<detail::xoodoo_sse2>,
                                      BasicEsch256<detail::sparkle_sse2>,
                                      BasicEsch384<detail::sparkle_sse2>>,
                          scheme_list<BasicEsch256<detail::sparkle_default>>>;
using x86_xofs = concat<scheme_list<BasicXoodyakXof<detail::xoodoo_sse2>,
                                    BasicXOEsch256<detail::sparkle_sse2>,
                                    BasicXOEsch384<detail::sparkle_sse2>>,
                        scheme_list<BasicXOEsch256<detail::sparkle_default>>>;
#else
using x86_aeads = scheme_list<>;
using x86_hashes = scheme_list<>;
using x86_xofs = scheme_list<>;
#endif
#if LWC_ARMV7M_ASM
using asm_aeads = scheme_list<BasicTinyJambu128<detail::tinyjambu_words_armv7m>,
                              BasicTinyJambu192<detail::tinyjambu_words_armv7m>,
                              BasicTinyJambu256<detail::tinyjambu_words_armv7m>,
                              BasicAsconAead128<detail::ascon_bi32_armv7m>,
                              BasicIsapA128A<detail::ascon_bi32_armv7m>,
                              BasicIsapA128<detail::ascon_bi32_armv7m>,
                              BasicSchwaemm128_128<detail::sparkle_armv7m>,
                              BasicSchwaemm192_192<detail::sparkle_armv7m>,
                              BasicSchwaemm256_128<detail::sparkle_armv7m>,
                              BasicSchwaemm256_256<detail::sparkle_armv7m>,
                              BasicXoodyakAead<detail::xoodoo_armv7m>>;
using asm_hashes = scheme_list<BasicAsconHash256<detail::ascon_bi32_armv7m>,
                               BasicXoodyakHash<detail::xoodoo_armv7m>,
                               BasicEsch256<detail::sparkle_armv7m>,
                               BasicEsch384<detail::sparkle_armv7m>>;
using asm_xofs = scheme_list<BasicAsconXof128<detail::ascon_bi32_armv7m>,
                             BasicAsconCxof128<detail::ascon_bi32_armv7m>,
                             BasicXOEsch256<detail::sparkle_armv7m>,
                             BasicXOEsch384<detail::sparkle_armv7m>,
                             BasicXoodyakXof<detail::xoodoo_armv7m>>;
#else
using asm_aeads = scheme_list<>;
using asm_hashes = scheme_list<>;
using asm_xofs = scheme_list<>;
#endif

using aead_variants =
    concat<x86_aeads, concat<scheme_list<BasicTinyJambu128<detail::tinyjambu_small>,
                                         BasicTinyJambu192<detail::tinyjambu_small>,
                                         BasicTinyJambu256<detail::tinyjambu_small>,
                                         BasicTinyJambu128<detail::tinyjambu_words>,
                                         BasicTinyJambu192<detail::tinyjambu_words>,
                                         BasicTinyJambu256<detail::tinyjambu_words>,
                                         BasicXoodyakAead<detail::xoodoo_portable>,
                                         BasicSchwaemm128_128<detail::sparkle_portable>,
                                         BasicSchwaemm192_192<detail::sparkle_portable>,
                                         BasicSchwaemm256_128<detail::sparkle_portable>,
                                         BasicSchwaemm256_256<detail::sparkle_portable>,
                                         BasicSchwaemm128_128<detail::sparkle_small>,
                                         BasicSchwaemm192_192<detail::sparkle_small>,
                                         BasicSchwaemm256_128<detail::sparkle_small>,
                                         BasicSchwaemm256_256<detail::sparkle_small>,
                                         BasicGrain128Aead<detail::grain128_portable>,
                                         BasicGrain128Aead<detail::grain128_words>,
                                         BasicPhotonBeetleAead32<detail::photon256_portable>,
                                         BasicPhotonBeetleAead128<detail::photon256_portable>,
                                         BasicElephantDumbo<detail::spongent_pi160_words>,
                                         BasicElephantJumbo<detail::spongent_pi176_words>,
                                         BasicAsconAead128<detail::ascon_portable>,
                                         BasicAsconAead128<detail::ascon_small>,
                                         BasicAsconAead128<detail::ascon_bi32>,
                                         BasicIsapA128A<detail::ascon_portable>,
                                         BasicIsapA128A<detail::ascon_small>,
                                         BasicIsapA128A<detail::ascon_bi32>,
                                         BasicIsapA128<detail::ascon_portable>,
                                         BasicIsapA128<detail::ascon_small>,
                                         BasicIsapA128<detail::ascon_bi32>>,
                             asm_aeads>>;
using hash_variants =
    concat<x86_hashes, concat<scheme_list<BasicXoodyakHash<detail::xoodoo_portable>,
                                          BasicEsch256<detail::sparkle_portable>,
                                          BasicEsch384<detail::sparkle_portable>,
                                          BasicEsch256<detail::sparkle_small>,
                                          BasicEsch384<detail::sparkle_small>,
                                          BasicPhotonBeetleHash<detail::photon256_portable>,
                                          BasicAsconHash256<detail::ascon_portable>,
                                          BasicAsconHash256<detail::ascon_small>,
                                          BasicAsconHash256<detail::ascon_bi32>>,
                              asm_hashes>>;

// Every compiled path of every scheme, the defaults first: what the tests, the fuzzers
// and the benchmarks run. (A variant that is the default type itself, as the portable
// paths are in a build without vector paths, is listed once.)
using all_aeads = concat<aeads, aead_variants>;
using all_hashes = concat<hashes, hash_variants>;
using xof_variants =
    concat<x86_xofs, concat<scheme_list<BasicXoodyakXof<detail::xoodoo_portable>,
                                        BasicXOEsch256<detail::sparkle_portable>,
                                        BasicXOEsch384<detail::sparkle_portable>,
                                        BasicAsconXof128<detail::ascon_portable>,
                                        BasicAsconCxof128<detail::ascon_portable>,
                                        BasicAsconXof128<detail::ascon_small>,
                                        BasicAsconCxof128<detail::ascon_small>,
                                        BasicAsconXof128<detail::ascon_bi32>,
                                        BasicAsconCxof128<detail::ascon_bi32>>,
                            asm_xofs>>;
using all_xofs = concat<xofs, xof_variants>;

}  // namespace registry

static_assert([] {
    bool ok = true;
    registry::aeads::for_each([&](auto s) { ok = ok && Aead<typename decltype(s)::type>; });
    registry::hashes::for_each([&](auto s) { ok = ok && Hash<typename decltype(s)::type>; });
    registry::xofs::for_each([&](auto s) { ok = ok && Xof<typename decltype(s)::type>; });
    return ok;
}());

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
