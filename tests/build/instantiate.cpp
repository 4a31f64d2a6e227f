// SPDX-License-Identifier: MIT
// Every compiled path of every scheme instantiated, for the header check (check_headers.sh):
// a public header compiled alone shows the warnings of its non-template code, and this file
// those of the templates' bodies (encrypt, decrypt, seal, open, incremental and one-shot
// hashing, XOF squeezing, the batch calls), under the same flags and -Werror.
#include <lwc/batch.hpp>
#include <lwc/lwc.hpp>
#include <lwc/stream.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

using u8 = std::uint8_t;

template <class A>
std::size_t use_aead() {
    const std::array<u8, A::key_size> key{};
    const std::array<u8, A::nonce_size> nonce{};
    std::array<u8, 40> pt{}, ct{};
    std::array<u8, A::tag_size> tag{};
    A::encrypt(key, nonce, {}, pt, ct, tag);
    const bool ok = A::decrypt(key, nonce, {}, ct, tag, pt);
    auto sealed = lwc::seal<A>(key, nonce, {}, pt);
    auto opened = lwc::open<A>(key, nonce, {}, sealed);
    return ok + sealed.size() + (opened ? opened->size() : 0);
}

template <class H>
std::size_t use_hash() {
    const std::array<u8, 40> msg{};
    H h;
    h.update(msg);
    H copy = h;
    auto d = copy.finalize();
    auto e = lwc::hash<H>(msg);
    return d.size() + e.size();
}

template <class X>
std::size_t use_xof() {
    const std::array<u8, 40> msg{};
    std::array<u8, 50> out{};
    lwc::xof<X>(msg, out);
    return out[0];
}

template <class A>
std::size_t use_aead_batch() {
    std::vector<lwc::encrypt_job> enc(3);
    std::vector<lwc::decrypt_job> dec(3);
    return lwc::batch<A>::encrypt(enc) + lwc::batch<A>::decrypt(dec);
}

template <class H>
std::size_t use_hash_batch() {
    std::vector<lwc::hash_job> jobs(3);
    return lwc::batch<H>::hash(jobs);
}

}  // namespace

int main() {
    std::size_t n = 0;
    lwc::registry::all_aeads::for_each([&](auto s) { n += use_aead<typename decltype(s)::type>(); });
    lwc::registry::all_hashes::for_each([&](auto s) { n += use_hash<typename decltype(s)::type>(); });
    lwc::registry::all_xofs::for_each([&](auto s) { n += use_xof<typename decltype(s)::type>(); });
    lwc::registry::aeads::for_each([&](auto s) { n += use_aead_batch<typename decltype(s)::type>(); });
    lwc::registry::hashes::for_each([&](auto s) { n += use_hash_batch<typename decltype(s)::type>(); });
    return n == 0;
}
