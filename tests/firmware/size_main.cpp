// SPDX-License-Identifier: MIT
// One scheme's encrypt + decrypt (or update + finalize) and nothing else, for
// tests/firmware/sizes.sh: compiled with -DLWC_SIZE_AEAD=i (the i-th registered AEAD),
// -DLWC_SIZE_HASH=i (one-shot; with -DLWC_SIZE_INCREMENTAL an object's update and
// finalize), -DLWC_SIZE_XOF=i (one-shot, 64 bytes of output), or none (the baseline, the same program without the call).
#include <cstddef>
#include <tuple>

#include <lwc/registry.hpp>

using lwc::detail::u8;
u8 pool[512];  // every buffer, external so that no call is optimised away

template <std::size_t I, class List>
struct nth;
template <std::size_t I, class... S>
struct nth<I, lwc::scheme_list<S...>> {
    using type = std::tuple_element_t<I, std::tuple<S...>>;
};

int main() {
#if defined(LWC_SIZE_AEAD)
    using A = nth<LWC_SIZE_AEAD, lwc::registry::aeads>::type;
    const std::span<const u8, A::key_size> key(pool, A::key_size);
    const std::span<const u8, A::nonce_size> nonce(pool + 64, A::nonce_size);
    A::encrypt(key, nonce, {pool + 128, 16}, {pool + 160, 64}, {pool + 256, 64},
               std::span<u8, A::tag_size>(pool + 320, A::tag_size));
    return A::decrypt(key, nonce, {pool + 128, 16}, {pool + 256, 64},
                      std::span<const u8, A::tag_size>(pool + 320, A::tag_size),
                      {pool + 384, 64});
#elif defined(LWC_SIZE_HASH) && defined(LWC_SIZE_INCREMENTAL)
    using H = nth<LWC_SIZE_HASH, lwc::registry::hashes>::type;
    H h;
    h.update({pool, 200});
    h.finalize(std::span<u8, H::digest_size>(pool + 256, H::digest_size));
    return pool[256];
#elif defined(LWC_SIZE_HASH)  // one-shot, as NIST's benchmark measures crypto_hash
    using H = nth<LWC_SIZE_HASH, lwc::registry::hashes>::type;
    const auto d = lwc::hash<H>({pool, 200});
    return d[0] ^ d[H::digest_size - 1];
#elif defined(LWC_SIZE_XOF)
    using X = nth<LWC_SIZE_XOF, lwc::registry::xofs>::type;
    lwc::xof<X>({pool, 200}, {pool + 256, 64});
    return pool[256];
#else
    return pool[0];
#endif
}
