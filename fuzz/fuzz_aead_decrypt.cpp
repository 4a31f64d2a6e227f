// SPDX-License-Identifier: MIT
// Decryption of arbitrary key, nonce, AD, ciphertext and tag, for every compiled path of
// every scheme (the first byte picks it). Must hold:
//   - a decryption that succeeds returns a plaintext whose encryption gives back exactly
//     the ciphertext and tag that were accepted (only genuine encryptions are accepted);
//   - a decryption that fails leaves the output all zero;
//   - the body encrypted as a plaintext decrypts back to it, attached (seal/open) and
//     detached, and one flipped bit of its tag or ciphertext is rejected.
// Crashes and sanitizer reports are found by libFuzzer itself.
#include "fuzz_util.hpp"

namespace lwc::fuzz {
namespace {

template <class A>
void decrypt_arbitrary(const aead_input<A>& in) {
    const std::size_t n = in.body.size() >= A::tag_size ? in.body.size() - A::tag_size : 0;
    const auto ct = in.body.first(n);
    tag_of<A> tag{};
    std::copy(in.body.begin() + n, in.body.end(), tag.begin());

    bytes pt(n, 0xa5);
    const bool accepted = A::decrypt(in.key, in.nonce, in.ad, ct, tag, pt);
    if (accepted) {
        bytes again(n);
        tag_of<A> tag_again;
        A::encrypt(in.key, in.nonce, in.ad, pt, again, tag_again);
        require(std::equal(again.begin(), again.end(), ct.begin()) && tag_again == tag);
    } else {
        require(all_zero(pt));
    }
    // open() on the same bytes agrees with decrypt().
    const auto opened = open<A>(in.key, in.nonce, in.ad, in.body);
    require(opened.has_value() == (accepted && in.body.size() >= A::tag_size));
    require(!opened || *opened == pt);
}

template <class A>
void round_trip(const aead_input<A>& in, std::size_t flip) {
    const auto pt = in.body;
    const bytes sealed = seal<A>(in.key, in.nonce, in.ad, pt);
    const auto back = open<A>(in.key, in.nonce, in.ad, sealed);
    require(back && std::equal(back->begin(), back->end(), pt.begin(), pt.end()));

    bytes forged = sealed;  // one bit of the ciphertext or the tag
    forged[flip % forged.size()] ^= u8(1u << (flip % 8));
    bytes out(pt.size(), 0x5a);
    const std::span<const u8, A::tag_size> forged_tag(forged.data() + pt.size(), A::tag_size);
    require(!A::decrypt(in.key, in.nonce, in.ad, std::span(forged).first(pt.size()), forged_tag,
                        out));
    require(all_zero(out));
}

}  // namespace
}  // namespace lwc::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace lwc::fuzz;
    on_aead_input(data, size, [&]<class A>(const aead_input<A>& in) {
        decrypt_arbitrary<A>(in);
        round_trip<A>(in, size);
    });
    return 0;
}
