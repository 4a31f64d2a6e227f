// Secret hygiene, checked where a test can observe it (docs/security.md):
//   - a hash object wipes itself when destroyed (state and buffered input);
//   - after an AEAD call or a hash returns, the stack it ran on holds no copy of the
//     key, the complemented key, the key as a kernel keeps it (TinyJambu's chunks),
//     the plaintext, the key stream or the message: the named copies are wiped and the
//     stack below the call is cleared (detail::wipe_stack), which also covers what the
//     compiler spilled.
#include <algorithm>
#include <cstring>
#include <new>

#include "test_util.hpp"

namespace lwc::test {
namespace {

template <class H>
class HashHygiene : public ::testing::Test {};
using all_hashes = registry::all_hashes;
TYPED_TEST_SUITE(HashHygiene, typename gtest_types<all_hashes>::type);

TYPED_TEST(HashHygiene, DestructorWipesTheObject) {
    using H = TypeParam;
    std::mt19937_64 rng(1);
    alignas(H) unsigned char storage[sizeof(H)];
    std::memset(storage, 0xa5, sizeof storage);
    H* h = new (storage) H;
    h->update(random_bytes(rng, 3 * H::block_size + 5));  // state and a partial block
    (void)h->finalize();
    ASSERT_FALSE(std::all_of(storage, storage + sizeof storage, [](auto b) { return b == 0; }))
        << "nothing to wipe: the check would be vacuous";
    h->~H();
    EXPECT_TRUE(std::all_of(storage, storage + sizeof storage, [](auto b) { return b == 0; }))
        << H::name << ": the destroyed object still holds data";
}

// The stack residue checks read the memory just below the test's frame, where the
// operation (called from the same frame) ran. Sanitizer builds lay frames out
// differently (ASan's are several times larger) and are skipped.
#if defined(__SANITIZE_ADDRESS__)
#define LWC_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LWC_TEST_ASAN 1
#endif
#endif

constexpr std::size_t probe_size = 8192;

// The asm makes the compiler treat the array as written by it: fill and read it as is.
[[gnu::noinline]] void fill_stack() {
    unsigned char probe[probe_size];
    std::memset(probe, 0, probe_size);
    __asm__ __volatile__("" : : "r"(probe) : "memory");
}
[[gnu::noinline]] bytes stack_below() {
    unsigned char probe[probe_size];
    __asm__ __volatile__("" : : "r"(probe) : "memory");
    return bytes(probe, probe + probe_size);
}

// Windows of 8 bytes of the secret, at every offset, found in the stack snapshot.
std::size_t windows_found(const bytes& stack, std::span<const std::uint8_t> secret) {
    constexpr std::size_t w = 8;
    std::size_t found = 0;
    for (std::size_t i = 0; i + w <= secret.size(); ++i)
        found += std::search(stack.begin(), stack.end(), secret.begin() + i,
                             secret.begin() + i + w) != stack.end();
    return found;
}

template <class A>
[[gnu::noinline]] void encrypt_with(const bytes& key, const bytes& nonce, const bytes& ad,
                                    const bytes& pt, bytes& ct, bytes& tag) {
    A::encrypt(std::span<const std::uint8_t, A::key_size>(key.data(), A::key_size),
               std::span<const std::uint8_t, A::nonce_size>(nonce.data(), A::nonce_size), ad,
               pt, ct, std::span<std::uint8_t, A::tag_size>(tag.data(), A::tag_size));
}
template <class A>
[[gnu::noinline]] bool decrypt_with(const bytes& key, const bytes& nonce, const bytes& ad,
                                    const bytes& ct, const bytes& tag, bytes& pt) {
    return A::decrypt(std::span<const std::uint8_t, A::key_size>(key.data(), A::key_size),
                      std::span<const std::uint8_t, A::nonce_size>(nonce.data(), A::nonce_size),
                      ad, ct,
                      std::span<const std::uint8_t, A::tag_size>(tag.data(), A::tag_size), pt);
}

template <class S>
class StackResidue : public ::testing::Test {
protected:
    void SetUp() override {
#ifdef LWC_TEST_ASAN
        GTEST_SKIP() << "frame layout of a sanitizer build";
#endif
    }
};

// The key as a kernel keeps it, where that is not the key bytes: TinyJambu's
// complemented key bits in 37-bit chunks (little-endian 64-bit words).
template <class A>
bytes kernel_key_form(const bytes& key) {
    bytes form;
    if constexpr (A::name.starts_with("tinyjambu")) {
        using M = detail::tinyjambu::mode<detail::tinyjambu_default, A::key_size / 4>;
        for (const std::uint64_t chunk :
             detail::tinyjambu_default::load_key<A::key_size / 4, M::large_words>(key.data()))
            for (int i = 0; i < 8; ++i) form.push_back(std::uint8_t(chunk >> (8 * i)));
    }
    return form;
}

template <class A>
class AeadStackResidue : public StackResidue<A> {};
using all_aeads = registry::all_aeads;
TYPED_TEST_SUITE(AeadStackResidue, typename gtest_types<all_aeads>::type);

TYPED_TEST(AeadStackResidue, NoSecretLeftOnTheStack) {
    using A = TypeParam;
    std::mt19937_64 rng(2);
    // Keys and messages on the heap: only the operation's own copies can be found.
    const bytes key = random_bytes(rng, A::key_size), nonce = random_bytes(rng, A::nonce_size);
    const bytes ad = random_bytes(rng, 37), pt = random_bytes(rng, 100);
    bytes ct(pt.size()), tag(A::tag_size), back(pt.size()), not_key(key.size()),
        key_stream(pt.size());
    std::transform(key.begin(), key.end(), not_key.begin(), [](auto b) { return std::uint8_t(~b); });
    const bytes key_form = kernel_key_form<A>(key);

    auto expect_clean = [&](const char* after) {
        const bytes stack = stack_below();
        for (std::size_t i = 0; i < pt.size(); ++i) key_stream[i] = pt[i] ^ ct[i];
        EXPECT_EQ(windows_found(stack, key), 0u) << A::name << ": key, after " << after;
        EXPECT_EQ(windows_found(stack, not_key), 0u) << A::name << ": ~key, after " << after;
        EXPECT_EQ(windows_found(stack, key_form), 0u)
            << A::name << ": the kernel's key form, after " << after;
        EXPECT_EQ(windows_found(stack, pt), 0u) << A::name << ": plaintext, after " << after;
        EXPECT_EQ(windows_found(stack, key_stream), 0u)
            << A::name << ": key stream, after " << after;
    };
    fill_stack();
    encrypt_with<A>(key, nonce, ad, pt, ct, tag);
    expect_clean("encrypt");
    fill_stack();
    ASSERT_TRUE(decrypt_with<A>(key, nonce, ad, ct, tag, back));
    expect_clean("decrypt");
    tag[0] ^= 1;
    fill_stack();
    ASSERT_FALSE(decrypt_with<A>(key, nonce, ad, ct, tag, back));
    expect_clean("a rejected decrypt");
}

template <class H>
[[gnu::noinline]] void hash_of(const bytes& msg) {
    const auto d = lwc::hash<H>(msg);
    __asm__ __volatile__("" : : "r"(d.data()) : "memory");
}

template <class H>
class HashStackResidue : public StackResidue<H> {};
TYPED_TEST_SUITE(HashStackResidue, typename gtest_types<all_hashes>::type);

TYPED_TEST(HashStackResidue, NoMessageLeftOnTheStack) {
    using H = TypeParam;
    std::mt19937_64 rng(3);
    const bytes msg = random_bytes(rng, 5 * H::block_size + 3);
    fill_stack();
    hash_of<H>(msg);
    EXPECT_EQ(windows_found(stack_below(), msg), 0u) << H::name;
}

}  // namespace
}  // namespace lwc::test
