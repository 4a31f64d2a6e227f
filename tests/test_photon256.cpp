// PHOTON-256: the vector backend against the portable one on random states, through
// every operation a backend provides (the KATs run both through Photon-Beetle as well).
#include "test_util.hpp"

#include <lwc/detail/photon256.hpp>

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

#ifdef LWC_HAVE_PHOTON256_AVX512
TEST(Photon256, Avx512MatchesPortable) {
    using V = detail::photon256_avx512;
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
#endif

}  // namespace
}  // namespace lwc::test
