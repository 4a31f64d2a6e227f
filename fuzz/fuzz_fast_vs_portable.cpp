// SPDX-License-Identifier: MIT
// Every other compiled path of a scheme (registry::*_variants, the portable paths of the
// schemes with a vector path) against the default path of the same name: the same
// ciphertext and tag, the same decryption result and output (with the tag as given or
// with one bit flipped), the same digest for incremental hashing with arbitrary splits.
// The first byte picks an AEAD pair (even) or a hash pair (odd). Only meaningful in a
// build whose default paths are vector paths (-march=native on a machine that has them).
#include "fuzz_util.hpp"

namespace lwc::fuzz {
namespace {

template <class Fast, class Portable>
void compare_aead(reader& r) {
    const aead_input<Fast> in(r);
    const bool forge = !in.body.empty() && (in.body[0] & 1);
    bytes ct_f(in.body.size()), ct_p(in.body.size());
    tag_of<Fast> tag_f, tag_p;
    Fast::encrypt(in.key, in.nonce, in.ad, in.body, ct_f, tag_f);
    Portable::encrypt(in.key, in.nonce, in.ad, in.body, ct_p, tag_p);
    require(ct_f == ct_p && tag_f == tag_p);

    if (forge) tag_f[in.body.size() % tag_f.size()] ^= 1;
    bytes pt_f(ct_f.size()), pt_p(ct_f.size());
    const bool ok_f = Fast::decrypt(in.key, in.nonce, in.ad, ct_f, tag_f, pt_f);
    const bool ok_p = Portable::decrypt(in.key, in.nonce, in.ad, ct_f, tag_f, pt_p);
    require(ok_f == !forge && ok_p == ok_f && pt_f == pt_p);
}

template <class Fast, class Portable>
void compare_hash(reader& r) {
    const std::size_t step = 1 + r.u16() % 300;
    const auto msg = r.rest();
    Fast f;
    Portable p;
    for (std::size_t pos = 0; pos < msg.size(); pos += step) {
        const auto part = msg.subspan(pos, std::min(step, msg.size() - pos));
        f.update(part);
        p.update(part);
    }
    require(f.finalize() == p.finalize());
}

}  // namespace
}  // namespace lwc::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace lwc::fuzz;
    namespace reg = lwc::registry;
    reader r(data, size);
    const u8 pick = r.byte();
    if (pick % 2 == 0) {
        with_scheme<reg::aead_variants>(pick / 2, [&](auto s) {
            using V = typename decltype(s)::type;
            compare_aead<typename default_of<V, reg::aeads>::type, V>(r);
        });
    } else {
        with_scheme<reg::hash_variants>(pick / 2, [&](auto s) {
            using V = typename decltype(s)::type;
            compare_hash<typename default_of<V, reg::hashes>::type, V>(r);
        });
    }
    return 0;
}
