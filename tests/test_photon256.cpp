// SPDX-License-Identifier: MIT
// PHOTON-256: the vector backend against the portable one on random states, through
// every operation a backend provides (the KATs run both through Photon-Beetle as well).
// 16 lanes on AVX2: gcc and clang note the changed calling convention of 64-byte
// vectors (at the headers' lines, hence before them).
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Wpsabi"

#include "test_util.hpp"

#include <lwc/detail/photon256.hpp>
#include <lwc/detail/photon_beetle_lanes.hpp>

namespace lwc::test {
namespace {

using state_bytes = std::array<std::uint8_t, 32>;

// load, then for every block: add it to the rate and permute; then store.
template <class P, std::size_t N>
state_bytes run(const state_bytes& in, const std::vector<detail::photon256::rate_words>& blocks) {
    auto s = P::load(in.data());
    for (const auto& block : blocks) {
        P::template add_rate<N>(s, block);
        P::permute(s);
    }
    state_bytes out;
    P::store(s, out.data());
    return out;
}

template <class P, std::size_t N>
detail::photon256::rate_words extract(const state_bytes& in) {
    return P::template extract_rate<N>(P::load(in.data()));
}

// Random rate words for an N-byte rate (the bytes beyond N zero).
template <std::size_t N>
detail::photon256::rate_words random_rate(std::mt19937_64& rng) {
    return {N == 4 ? rng() & 0xffffffff : rng(), N == 4 ? 0 : rng()};
}

TEST(Photon256, PortableLoadStoreRoundTrip) {
    std::mt19937_64 rng(7);
    const auto st = random_array<32>(rng);
    EXPECT_EQ((run<detail::photon256_portable, 4>(st, {})), st);
}

// A vector backend V against the portable one on random states.
template <class V>
void matches_portable() {
    using P = detail::photon256_portable;
    std::mt19937_64 rng(42);
    for (int i = 0; i < 10000; ++i) {
        const auto st = random_array<32>(rng);
        ASSERT_EQ((run<V, 4>(st, {})), st) << "load/store, trial " << i;
        ASSERT_EQ((run<V, 4>(st, {{0, 0}})), (run<P, 4>(st, {{0, 0}}))) << "permute, trial " << i;
        const auto w4 = random_rate<4>(rng), w16 = random_rate<16>(rng);
        ASSERT_EQ((run<V, 4>(st, {w4, w4})), (run<P, 4>(st, {w4, w4}))) << "rate 4, trial " << i;
        ASSERT_EQ((run<V, 16>(st, {w16, w16})), (run<P, 16>(st, {w16, w16})))
            << "rate 16, trial " << i;
        ASSERT_EQ((extract<V, 4>(st)), (extract<P, 4>(st))) << "extract 4, trial " << i;
        ASSERT_EQ((extract<V, 16>(st)), (extract<P, 16>(st))) << "extract 16, trial " << i;
    }
}

#ifdef LWC_HAVE_PHOTON256_AVX2
TEST(Photon256, Avx2MatchesPortable) { matches_portable<detail::photon256_avx2>(); }
#endif
#ifdef LWC_HAVE_PHOTON256_AVX512
TEST(Photon256, Avx512MatchesPortable) { matches_portable<detail::photon256_avx512>(); }
#endif

// The batch code's PHOTON-256 (a row of W states per vector), both its forms, against
// the portable backend lane by lane on random states; 16 lanes also on AVX2 (register
// pairs: what batch<A, 16> runs there).
template <std::size_t W, bool Shuffle>
void lanes_match_portable() {
    using L = detail::batch::photon256_lanes<W>;
    using V = detail::batch::vec<W>;
    std::mt19937_64 rng(W + Shuffle);
    for (int trial = 0; trial < 500; ++trial) {
        std::array<state_bytes, W> st;
        V rows[8];
        for (auto& x : st) x = random_array<32>(rng);
        for (std::size_t i = 0; i < 8; ++i)
            for (std::size_t l = 0; l < W; ++l) rows[i][l] = detail::load32_le(st[l].data() + 4 * i);
        if constexpr (Shuffle) L::permute_shuffle(rows);
        else L::permute_swar(rows);
        for (std::size_t l = 0; l < W; ++l) {
            state_bytes got;
            for (std::size_t i = 0; i < 8; ++i) detail::store32_le(got.data() + 4 * i, rows[i][l]);
            ASSERT_EQ(got, (run<detail::photon256_portable, 4>(st[l], {{0, 0}})))
                << "trial " << trial << ", lane " << l;
        }
    }
}

TEST(Photon256, LanesSwarMatchesPortable) {
    lanes_match_portable<8, false>();
    lanes_match_portable<16, false>();
}
TEST(Photon256, LanesShuffleMatchesPortable) {
    if constexpr (detail::batch::photon256_lanes<8>::has_shuffle) lanes_match_portable<8, true>();
    if constexpr (detail::batch::photon256_lanes<16>::has_shuffle) lanes_match_portable<16, true>();
    if constexpr (!detail::batch::photon256_lanes<8>::has_shuffle) GTEST_SKIP() << "no vpshufb";
}

}  // namespace
}  // namespace lwc::test
