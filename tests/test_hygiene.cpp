// SPDX-License-Identifier: MIT
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

#include <lwc/batch.hpp>

#include "firmware/stack_paint.hpp"
#include "masked_static.hpp"
#include "test_util.hpp"

namespace lwc::test {
namespace {

using all_hashes = registry::all_hashes;

// Each suite runs a body of the scheme (scheme_case, test_util.hpp).
template <class H>
struct destroyed_object_wiped {
    static void run() {
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
};
class HashHygiene : public ::testing::TestWithParam<scheme_case> {};
LWC_EACH_SCHEME(HashHygiene, destroyed_object_wiped, all_hashes);
TEST_P(HashHygiene, DestructorWipesTheObject) { GetParam().run(); }

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

// 8 KiB below a single-message call; 24 KiB below a batch call (its lane kernels go
// deeper: lwc::detail::deep_stack_wipe_size).
constexpr std::size_t probe_size = 8192, batch_probe_size = 24576;

// The asm makes the compiler treat the array as written by it: fill and read it as is.
template <std::size_t Size = probe_size>
[[gnu::noinline]] void fill_stack() {
    unsigned char probe[Size];
    std::memset(probe, 0, Size);
    __asm__ __volatile__("" : : "r"(probe) : "memory");
}
template <std::size_t Size = probe_size>
[[gnu::noinline]] bytes stack_below() {
    unsigned char probe[Size];
    __asm__ __volatile__("" : : "r"(probe) : "memory");
    return bytes(probe, probe + Size);
}

// Windows of w bytes of the secret, at every offset, found in the stack snapshot (8: a
// copy of the secret; 4: also a word of it, as lane code keeps words of many messages
// side by side).
std::size_t windows_found(const bytes& stack, std::span<const std::uint8_t> secret,
                          std::size_t w = 8) {
    std::size_t found = 0;
    for (std::size_t i = 0; i + w <= secret.size(); ++i)
        found += std::search(stack.begin(), stack.end(), secret.begin() + i,
                             secret.begin() + i + w) != stack.end();
    return found;
}

class StackResidue : public ::testing::TestWithParam<scheme_case> {
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

// Every scheme, and masked Ascon with random bytes from a fixed generator.
void masked_fill(void*, std::uint8_t* out, std::size_t n) {
    static std::mt19937_64 rng(9);
    for (std::size_t i = 0; i < n; ++i) out[i] = std::uint8_t(rng());
}
using all_aeads = concat<registry::all_aeads,
                         scheme_list<masked_ascon<2, masked_fill>,
                                     masked_ascon<3, masked_fill>>>;

// A scheme's calls (aead_calls.hpp) and the form its kernel keeps the key in, so that
// the check is compiled once, not once per scheme (docs/testing.md, "generic suite", has
// what that saves). Each call runs in a frame of its own, below the check's.
struct residue_calls : aead_calls {
    bytes (*kernel_key_form)(const bytes& key);
};

LWC_CHECK_ONCE void expect_no_secret_left(const residue_calls& a) {
    std::mt19937_64 rng(2);
    // Keys and messages on the heap: only the operation's own copies can be found.
    const bytes key = random_bytes(rng, a.key_size), nonce = random_bytes(rng, a.nonce_size);
    const bytes ad = random_bytes(rng, 37), pt = random_bytes(rng, 100);
    bytes ct(pt.size()), tag(a.tag_size), back(pt.size()), not_key(key.size()),
        key_stream(pt.size());
    std::transform(key.begin(), key.end(), not_key.begin(), [](auto b) { return std::uint8_t(~b); });
    const bytes key_form = a.kernel_key_form(key);

    auto expect_clean = [&](const char* after) {
        const bytes stack = stack_below();
        for (std::size_t i = 0; i < pt.size(); ++i) key_stream[i] = pt[i] ^ ct[i];
        EXPECT_EQ(windows_found(stack, key), 0u) << a.name << ": key, after " << after;
        EXPECT_EQ(windows_found(stack, not_key), 0u) << a.name << ": ~key, after " << after;
        EXPECT_EQ(windows_found(stack, key_form), 0u)
            << a.name << ": the kernel's key form, after " << after;
        EXPECT_EQ(windows_found(stack, pt), 0u) << a.name << ": plaintext, after " << after;
        EXPECT_EQ(windows_found(stack, key_stream), 0u)
            << a.name << ": key stream, after " << after;
    };
    fill_stack();
    a.encrypt(key, nonce, ad, pt, ct, tag);
    expect_clean("encrypt");
    fill_stack();
    ASSERT_TRUE(a.decrypt(key, nonce, ad, ct, tag, back));
    expect_clean("decrypt");
    tag[0] ^= 1;
    fill_stack();
    ASSERT_FALSE(a.decrypt(key, nonce, ad, ct, tag, back));
    expect_clean("a rejected decrypt");
}

template <class A>
struct no_secret_left {
    static void run() { expect_no_secret_left({calls_of<A>(), &kernel_key_form<A>}); }
};
class AeadStackResidue : public StackResidue {};
LWC_EACH_SCHEME(AeadStackResidue, no_secret_left, all_aeads);
TEST_P(AeadStackResidue, NoSecretLeftOnTheStack) { GetParam().run(); }

// The batch (lane code where the scheme has it): 9 jobs, a full group of 8 lanes and one
// more, keys and messages on the heap; after encrypt and decrypt no window of any key,
// plaintext or key stream is left in the 24 KiB below the call.
template <class A>
[[gnu::noinline]] void batch_encrypt(std::span<encrypt_job> jobs) { (void)batch<A>::encrypt(jobs); }
template <class A>
[[gnu::noinline]] void batch_decrypt(std::span<decrypt_job> jobs) { (void)batch<A>::decrypt(jobs); }

// Aligned 4-byte words of the secret found in the stack snapshot (a chance match of one
// word in 24 KiB of zeros and residue is about 6 in a million).
std::size_t words_found(const bytes& stack, const bytes& secret) {
    std::size_t found = 0;
    for (std::size_t i = 0; i + 4 <= secret.size(); i += 4)
        for (std::size_t at = 0; at + 4 <= stack.size(); at += 4)
            found += std::memcmp(stack.data() + at, secret.data() + i, 4) == 0;
    return found;
}

// The batch's check, through its calls (batch_encrypt and batch_decrypt of a scheme).
LWC_CHECK_ONCE void expect_no_secret_left_by_batch(std::string_view name, std::size_t key_size,
                                                  std::size_t nonce_size, std::size_t tag_size,
                                                  void (*encrypt)(std::span<encrypt_job>),
                                                  void (*decrypt)(std::span<decrypt_job>)) {
    constexpr std::size_t n = 9;
    std::mt19937_64 rng(4);
    std::vector<bytes> keys, nonces, pts, cts(n), backs(n), tags(n);
    std::vector<encrypt_job> enc(n);
    std::vector<decrypt_job> dec(n);
    for (std::size_t i = 0; i < n; ++i) {
        keys.push_back(random_bytes(rng, key_size));
        nonces.push_back(random_bytes(rng, nonce_size));
        pts.push_back(random_bytes(rng, 64 + 8 * i));
        cts[i].resize(pts[i].size());
        backs[i].resize(pts[i].size());
        tags[i].resize(tag_size);
        enc[i] = {keys[i].data(), nonces[i].data(), {}, pts[i], cts[i], tags[i].data()};
    }
    // Words (4 bytes, aligned in the secret) of each key, complemented key, plaintext and
    // key stream: lane code holds word k of 8 or 16 messages side by side.
    auto expect_clean = [&](const char* after) {
        const bytes stack = stack_below<batch_probe_size>();
        for (std::size_t i = 0; i < n; ++i) {
            bytes key_stream(pts[i].size()), not_key(keys[i].size());
            for (std::size_t k = 0; k < key_stream.size(); ++k) key_stream[k] = pts[i][k] ^ cts[i][k];
            for (std::size_t k = 0; k < not_key.size(); ++k) not_key[k] = std::uint8_t(~keys[i][k]);
            for (const auto& [secret, what] : {std::pair{&keys[i], "key"}, {&not_key, "~key"},
                                               {&pts[i], "plaintext"}, {&key_stream, "key stream"}})
                EXPECT_EQ(words_found(stack, *secret), 0u)
                    << name << ": " << what << " of job " << i << ", after " << after;
        }
    };
    fill_stack<batch_probe_size>();
    encrypt(enc);
    expect_clean("batch encrypt");
    for (std::size_t i = 0; i < n; ++i)
        dec[i] = {keys[i].data(), nonces[i].data(), {}, cts[i], tags[i].data(), backs[i]};
    fill_stack<batch_probe_size>();
    decrypt(dec);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(backs[i], pts[i]) << name;
    expect_clean("batch decrypt");
}

template <class A>
struct no_secret_left_by_batch {
    static void run() {
        expect_no_secret_left_by_batch(A::name, A::key_size, A::nonce_size, A::tag_size,
                                       &batch_encrypt<A>, &batch_decrypt<A>);
    }
};
class BatchStackResidue : public StackResidue {};
LWC_EACH_SCHEME(BatchStackResidue, no_secret_left_by_batch, registry::aeads);
TEST_P(BatchStackResidue, NoSecretLeftOnTheStack) { GetParam().run(); }

template <class H>
[[gnu::noinline]] void hash_of(const bytes& msg) {
    const auto d = lwc::hash<H>(msg);
    __asm__ __volatile__("" : : "r"(d.data()) : "memory");
}

// The message hashed, then the stack below this frame, where hash_of ran.
template <class H>
struct no_message_left {
    static void run() {
        std::mt19937_64 rng(3);
        const bytes msg = random_bytes(rng, 5 * H::block_size + 3);
        fill_stack();
        hash_of<H>(msg);
        EXPECT_EQ(windows_found(stack_below(), msg), 0u) << H::name;
    }
};
class HashStackResidue : public StackResidue {};
LWC_EACH_SCHEME(HashStackResidue, no_message_left, all_hashes);
TEST_P(HashStackResidue, NoMessageLeftOnTheStack) { GetParam().run(); }

// The depth of the wipe: paint the stack below the caller (firmware/stack_paint.hpp),
// run one call from the same frame, and find the deepest byte it wrote (`total`) and the
// deepest one that is neither paint nor zero (`kernel`: what the scheme's code left).
// Where the wipe clears with no call of its own (x86-64, Cortex-M) its area is the
// deepest thing written, so a kernel that went deeper than the wipe reaches shows as
// kernel >= total, whether or not what it left there looks like a secret. Run for every
// target of tests/targets (gcc and clang), where the frames differ.
std::array<std::uint8_t, 512> depth_in, depth_out, depth_back;
std::array<std::uint8_t, 64> depth_key, depth_nonce, depth_tag;

template <class A>
[[gnu::noinline]] void depth_encrypt() {
    A::encrypt(std::span(depth_key).template first<A::key_size>(),
               std::span(depth_nonce).template first<A::nonce_size>(),
               std::span(depth_in).first(37), std::span(depth_in).first(200),
               std::span(depth_out).first(200), std::span(depth_tag).template first<A::tag_size>());
}
template <class A>
[[gnu::noinline]] void depth_decrypt() {
    (void)A::decrypt(std::span(depth_key).template first<A::key_size>(),
                     std::span(depth_nonce).template first<A::nonce_size>(),
                     std::span(depth_in).first(37), std::span(depth_out).first(200),
                     std::span<const std::uint8_t, A::tag_size>(depth_tag.data(), A::tag_size),
                     std::span(depth_back).first(200));
}
template <class H>
[[gnu::noinline]] void depth_hash_update() {
    H h;
    h.update(std::span(depth_in).first(300));
    h.finalize(std::span(depth_out).template first<H::digest_size>());
}
template <class H>
[[gnu::noinline]] void depth_hash_oneshot() {
    const auto d = lwc::hash<H>(std::span(depth_in).first(300));
    std::copy(d.begin(), d.end(), depth_out.begin());
}
template <class X>
[[gnu::noinline]] void depth_xof() {
    lwc::xof<X>(std::span(depth_in).first(300), std::span(depth_out).first(100));
}

void expect_wiped_below(std::string_view name, std::size_t wipe, const char* op,
                        void (*call)()) {
    if (!wipe_is_call_free) GTEST_SKIP() << "the wipe calls memset here";
    const stack_use use = measure(call);
    EXPECT_GT(use.total, 0u) << name << " " << op << ": nothing written (vacuous)";
    EXPECT_LT(use.kernel, use.total)
        << name << " " << op << ": the kernel wrote " << use.kernel
        << " bytes below the caller, as deep as or deeper than the wipe reaches (" << use.total
        << "; its wipe_depth " << wipe << ")";
    // A scheme's own depth is the one in effect: the default's would reach further.
    if (wipe < detail::stack_wipe_size) {
        EXPECT_LT(use.total, detail::stack_wipe_size)
            << name << " " << op << ": wrote " << use.total << " bytes below the caller with"
            << " a wipe_depth of " << wipe;
    }
}

LWC_CHECK_ONCE void expect_aead_wiped_below(std::string_view name, std::size_t wipe,
                                           void (*encrypt)(), void (*decrypt)()) {
    std::mt19937_64 rng(5);
    for (auto& x : depth_in) x = std::uint8_t(rng());
    for (auto& x : depth_key) x = std::uint8_t(rng());
    for (auto& x : depth_nonce) x = std::uint8_t(rng());
    expect_wiped_below(name, wipe, "encrypt", encrypt);
    expect_wiped_below(name, wipe, "decrypt", decrypt);
    ASSERT_TRUE(std::equal(depth_in.begin(), depth_in.begin() + 200, depth_back.begin()));
    depth_tag[0] ^= 1;
    expect_wiped_below(name, wipe, "rejected decrypt", decrypt);
}
template <class A>
struct aead_wiped_below {
    static void run() {
        expect_aead_wiped_below(A::name, detail::wipe_depth_of<A>(), &depth_encrypt<A>,
                                &depth_decrypt<A>);
    }
};
class AeadStackDepth : public StackResidue {};
LWC_EACH_SCHEME(AeadStackDepth, aead_wiped_below, all_aeads);
TEST_P(AeadStackDepth, TheWipeReachesBelowTheKernel) { GetParam().run(); }

template <class H>
struct hash_wiped_below {
    static void run() {
        expect_wiped_below(H::name, detail::wipe_depth_of<H>(), "update/finalize",
                           &depth_hash_update<H>);
        expect_wiped_below(H::name, detail::wipe_depth_of<H>(), "one-shot",
                           &depth_hash_oneshot<H>);
    }
};
class HashStackDepth : public StackResidue {};
LWC_EACH_SCHEME(HashStackDepth, hash_wiped_below, all_hashes);
TEST_P(HashStackDepth, TheWipeReachesBelowTheKernel) { GetParam().run(); }

template <class X>
struct xof_wiped_below {
    static void run() {
        expect_wiped_below(X::name, detail::wipe_depth_of<X>(), "one-shot", &depth_xof<X>);
    }
};
class XofStackDepth : public StackResidue {};
LWC_EACH_SCHEME(XofStackDepth, xof_wiped_below, registry::all_xofs);
TEST_P(XofStackDepth, TheWipeReachesBelowTheKernel) { GetParam().run(); }

}  // namespace
}  // namespace lwc::test
