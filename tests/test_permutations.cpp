// SPDX-License-Identifier: MIT
// The backends' contracts, and every vector permutation against its portable counterpart
// on random states.
#include "test_util.hpp"

#include <lwc/detail/ascon_permutation.hpp>
#include <lwc/detail/cpu_features.hpp>
#include <lwc/detail/grain128.hpp>
#include <lwc/detail/photon256.hpp>
#include <lwc/detail/sparkle_permutation.hpp>
#include <lwc/detail/tinyjambu_permutation.hpp>
#include <lwc/detail/xoodoo.hpp>
#include <lwc/elephant.hpp>
#include <lwc/isap.hpp>

namespace lwc::test {
namespace {

// The contracts (concepts) of the backends and modes: a backend that claims Cyclist's
// block loops but spells one wrong, or a hash core without its block loop, does not
// compile as one (it used to fall back to the slow path without a word).
struct xoodoo_misspelt_loop : detail::xoodoo_portable {
    static constexpr bool has_block_loops = true;
    template <bool Decrypt>
    static void crypt_blocks(detail::xoodoo_state&, const std::uint8_t*, std::uint8_t*,
                             std::size_t, std::uint8_t) noexcept {}
    static void hash_blocks(detail::xoodoo_state&, const std::uint8_t*, std::size_t) noexcept {}
};
static_assert(detail::xoodoo_backend<detail::xoodoo_portable>);
static_assert(!detail::xoodoo_backend<xoodoo_misspelt_loop>);
template <class P>
concept xoodyak_accepts = requires { typename BasicXoodyakAead<P>; };
static_assert(xoodyak_accepts<detail::xoodoo_portable> && !xoodyak_accepts<xoodoo_misspelt_loop>);

struct core_without_block_loop {
    static constexpr std::size_t rate = 16, digest_size = 32;
    static constexpr std::string_view backend = "portable";
    void absorb_block(const std::uint8_t*) noexcept {}
    void finalize(std::span<const std::uint8_t>, std::uint8_t*) noexcept {}
};
static_assert(!detail::sponge_hash_core<core_without_block_loop>);
static_assert(detail::photon256_backend<detail::photon256_portable> &&
              detail::grain128_backend<detail::grain128_portable> &&
              detail::tinyjambu_backend<detail::tinyjambu_portable> &&
              detail::sparkle_backend<detail::sparkle_portable>);

// The run-time detection (CPUID bits of config.hpp's list, as liblwc's dispatch uses
// them) finds every listed feature the compiler enabled for this CPU (-march=native in
// the test build): a wrong leaf, register or bit in the list fails here.
TEST(Isa, RunTimeDetectionFindsWhatTheCompilerEnabled) {
    const std::uint64_t cpu = detail::isa::cpu_features(), compiled = detail::isa::compiled;
    for (std::size_t i = 0; i < std::size(detail::isa::cpuid_bits); ++i) {
        if ((compiled >> i) & 1) {
            EXPECT_TRUE((cpu >> i) & 1) << detail::isa::cpuid_bits[i].macro << " not detected";
        }
    }
}

// A vector Xoodoo against the portable one on random states.
template <class P>
void expect_xoodoo_matches_portable() {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 10000; ++i) {
        detail::xoodoo_state a;
        for (auto& w : a) w = static_cast<std::uint32_t>(rng());
        auto b = a;
        detail::xoodoo_portable::permute(a);
        P::permute(b);
        ASSERT_EQ(a, b) << P::name << ", trial " << i;
    }
}
#ifdef LWC_HAVE_XOODOO_AVX2
TEST(Xoodoo, Avx2MatchesPortable) { expect_xoodoo_matches_portable<detail::xoodoo_avx2>(); }
#endif
#ifdef LWC_HAVE_XOODOO_AVX512
TEST(Xoodoo, Avx512MatchesPortable) { expect_xoodoo_matches_portable<detail::xoodoo_avx512>(); }
#endif

// Every step count the schemes use, and one step, for each branch count: the vector
// backends (out of line and inlined) against the portable one.
template <class P, std::size_t Branches, std::size_t Steps>
void expect_sparkle_matches_portable(std::mt19937_64& rng) {
    SCOPED_TRACE(std::string(P::name) + " branches " + std::to_string(Branches) + " steps " +
                 std::to_string(Steps));
    for (int i = 0; i < 2000; ++i) {
        detail::sparkle_state<Branches> a;
        for (auto& w : a) w = static_cast<std::uint32_t>(rng());
        auto b = a, c = a;
        detail::sparkle_portable::permute<Branches, Steps>(a);
        P::template permute<Branches, Steps>(b);
        P::template permute_inline<Branches, Steps>(c);
        ASSERT_EQ(a, b) << "trial " << i;
        ASSERT_EQ(a, c) << "trial " << i;
    }
}
template <class P>
void expect_sparkle_backend_matches_portable() {
    std::mt19937_64 rng(7);
    expect_sparkle_matches_portable<P, 4, 1>(rng);
    expect_sparkle_matches_portable<P, 4, 7>(rng);
    expect_sparkle_matches_portable<P, 4, 10>(rng);
    expect_sparkle_matches_portable<P, 6, 1>(rng);
    expect_sparkle_matches_portable<P, 6, 7>(rng);
    expect_sparkle_matches_portable<P, 6, 11>(rng);
    expect_sparkle_matches_portable<P, 8, 1>(rng);
    expect_sparkle_matches_portable<P, 8, 8>(rng);
    expect_sparkle_matches_portable<P, 8, 12>(rng);
}
TEST(Sparkle, SmallMatchesPortable) { expect_sparkle_backend_matches_portable<detail::sparkle_small>(); }
#ifdef LWC_HAVE_SPARKLE_AVX2
TEST(Sparkle, Avx2MatchesPortable) { expect_sparkle_backend_matches_portable<detail::sparkle_avx2>(); }
#endif
#ifdef LWC_HAVE_SPARKLE_AVX512
TEST(Sparkle, Avx512MatchesPortable) { expect_sparkle_backend_matches_portable<detail::sparkle_avx512>(); }
#endif

// Ascon-p in x86-64 assembly against ascon_portable's C, for every round count (the
// modes use 12, 8, 6 and 1; the assembly is one round, so each count checks its
// constants), on random states and on the all-zero and all-one states.
#if LWC_ASCON_X86_64_ASM
TEST(Ascon, X86AssemblyMatchesPortable) {
    std::mt19937_64 rng(12);
    [&]<int... R>(std::integer_sequence<int, R...>) {
        const auto check = [&]<int Rounds>(std::integral_constant<int, Rounds>) {
            for (int i = 0; i < 2000; ++i) {
                detail::ascon_state a;
                for (auto& w : a) w = i == 0 ? 0 : i == 1 ? ~std::uint64_t(0) : rng();
                auto b = a;
                detail::ascon_portable::permute<Rounds>(a);
                detail::ascon_x86_64::permute<Rounds>(b);
                ASSERT_EQ(a, b) << Rounds << " rounds, trial " << i;
            }
        };
        (check(std::integral_constant<int, R + 1>{}), ...);
    }(std::make_integer_sequence<int, 12>{});
}
#endif

// Keccak-p[200] and [400] with the lanes repeated across 32-bit words (the default on Arm)
// against the lanes themselves, for every round count, and the modes over each: equal
// ciphertexts and tags.
template <class Narrow, class Repeated, int Rounds>
void expect_keccak_repeated_matches(std::mt19937_64& rng) {
    for (int i = 0; i < 200; ++i) {
        std::array<std::uint8_t, 25 * Narrow::lane_bytes> bytes;
        for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
        typename Narrow::state a;
        typename Repeated::state r;
        for (std::size_t l = 0; l < 25; ++l) {
            a[l] = Narrow::load_lane(&bytes[Narrow::lane_bytes * l]);
            r[l] = Repeated::load_lane(&bytes[Narrow::lane_bytes * l]);
        }
        Narrow::template permute<Rounds>(a);
        Repeated::template permute<Rounds>(r);
        auto out_a = bytes, out_r = bytes;
        for (std::size_t l = 0; l < 25; ++l) {
            Narrow::store_lane(&out_a[Narrow::lane_bytes * l], a[l]);
            Repeated::store_lane(&out_r[Narrow::lane_bytes * l], r[l]);
            ASSERT_EQ(r[l], Repeated::load_lane(&out_r[Narrow::lane_bytes * l])) << "lane " << l;
        }
        ASSERT_EQ(out_a, out_r) << Rounds << " rounds, trial " << i;
    }
}
template <class Narrow, class Repeated, int... Rounds>
void expect_keccak_repeated_matches_all(std::integer_sequence<int, Rounds...>) {
    std::mt19937_64 rng(11);
    (expect_keccak_repeated_matches<Narrow, Repeated, Rounds + 1>(rng), ...);
}
TEST(Keccak, RepeatedLanesMatchTheLanes) {
    expect_keccak_repeated_matches_all<detail::keccak_p200, detail::keccak_p200_repeated>(
        std::make_integer_sequence<int, 18>{});
    expect_keccak_repeated_matches_all<detail::keccak_p400, detail::keccak_p400_repeated>(
        std::make_integer_sequence<int, 20>{});
}
template <class A, class B>
void expect_same_aead(std::mt19937_64& rng) {
    SCOPED_TRACE(std::string(A::name) + ", " + std::string(B::backend));
    for (std::size_t len : {0, 1, 17, 18, 19, 36, 100, 1000}) {
        std::vector<std::uint8_t> k(A::key_size), n(A::nonce_size), ad(len / 3), m(len), ca(len),
            cb(len);
        for (auto* v : {&k, &n, &ad, &m})
            for (auto& b : *v) b = static_cast<std::uint8_t>(rng());
        std::array<std::uint8_t, A::tag_size> ta, tb;
        A::encrypt(std::span<const std::uint8_t, A::key_size>(k), std::span<const std::uint8_t, A::nonce_size>(n),
                   ad, m, ca, ta);
        B::encrypt(std::span<const std::uint8_t, B::key_size>(k), std::span<const std::uint8_t, B::nonce_size>(n),
                   ad, m, cb, tb);
        ASSERT_EQ(ca, cb) << "length " << len;
        ASSERT_EQ(ta, tb) << "length " << len;
    }
}
TEST(Keccak, ModesOverRepeatedLanesMatch) {
    std::mt19937_64 rng(12);
    expect_same_aead<BasicIsapK128A<detail::keccak_p400>, BasicIsapK128A<detail::keccak_p400_repeated>>(rng);
    expect_same_aead<BasicIsapK128<detail::keccak_p400>, BasicIsapK128<detail::keccak_p400_repeated>>(rng);
    expect_same_aead<BasicElephantDelirium<detail::elephant::keccak_f200_with<detail::keccak_p200>>,
                     BasicElephantDelirium<detail::elephant::keccak_f200_with<detail::keccak_p200_repeated>>>(rng);
}

// Grain-128AEAD's word-level authenticator against its bit-serial definition, and the
// BMI2/PCLMUL keystream split and authenticator against the portable ones.
TEST(Grain128, Authenticate64MatchesBitSerial) {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 10000; ++i) {
        const std::uint64_t acc = rng(), sr = rng(), m = rng(), a = rng();
        std::uint64_t acc1 = acc, sr1 = sr, acc2 = acc, sr2 = sr;
        detail::grain128_portable::authenticate64(acc1, sr1, m, a);
        detail::grain128_portable::authenticate_bits(acc2, sr2, m, a, 64);
        ASSERT_EQ(acc1, acc2) << "trial " << i;
        ASSERT_EQ(sr1, sr2) << "trial " << i;
    }
}

#ifdef LWC_HAVE_GRAIN128_BMI2
TEST(Grain128, Bmi2MatchesPortable) {
    std::mt19937_64 rng(43);
    for (int i = 0; i < 10000; ++i) {
        const std::uint64_t y = rng(), acc = rng(), sr = rng(), m = rng(), a = rng();
        ASSERT_EQ(detail::grain128_bmi2::even_bits(y), detail::grain128_portable::even_bits(y));
        ASSERT_EQ(detail::grain128_bmi2::odd_bits(y), detail::grain128_portable::odd_bits(y));
        std::uint64_t acc1 = acc, sr1 = sr, acc2 = acc, sr2 = sr;
        detail::grain128_portable::authenticate64(acc1, sr1, m, a);
        detail::grain128_bmi2::authenticate64(acc2, sr2, m, a);
        ASSERT_EQ(acc1, acc2) << "trial " << i;
        ASSERT_EQ(sr1, sr2) << "trial " << i;
    }
}
#endif

}  // namespace
}  // namespace lwc::test
