// Every vector permutation against its portable counterpart on random states.
#include "test_util.hpp"

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

}  // namespace
}  // namespace lwc::test
