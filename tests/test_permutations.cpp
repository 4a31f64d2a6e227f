// Every vector permutation against its portable counterpart on random states.
#include "test_util.hpp"

#include <lwc/detail/grain128.hpp>
#include <lwc/detail/xoodoo.hpp>

namespace lwc::test {
namespace {

#ifdef LWC_HAVE_XOODOO_AVX512
TEST(Xoodoo, Avx512MatchesPortable) {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 10000; ++i) {
        detail::xoodoo_state a;
        for (auto& w : a) w = static_cast<std::uint32_t>(rng());
        auto b = a;
        detail::xoodoo_portable::permute(a);
        detail::xoodoo_avx512::permute(b);
        ASSERT_EQ(a, b) << "trial " << i;
    }
}
#endif

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
