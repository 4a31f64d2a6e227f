// SPDX-License-Identifier: MIT
// Encryption and decryption in place (output buffer = input buffer) against out of
// place, for every compiled path of every scheme: same ciphertext, same tag, same
// plaintext back; a rejected in-place decryption leaves the buffer all zero.
#include "fuzz_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace lwc::fuzz;
    on_aead_input(data, size, [&]<class A>(const aead_input<A>& in) {
        const bytes pt(in.body.begin(), in.body.end());

        bytes ct(pt.size());
        tag_of<A> tag, tag_inplace;
        A::encrypt(in.key, in.nonce, in.ad, pt, ct, tag);
        bytes buf = pt;
        A::encrypt(in.key, in.nonce, in.ad, buf, buf, tag_inplace);
        require(buf == ct && tag_inplace == tag);

        bytes out(ct.size());
        require(A::decrypt(in.key, in.nonce, in.ad, ct, tag, out) && out == pt);
        require(A::decrypt(in.key, in.nonce, in.ad, buf, tag, buf) && buf == pt);

        buf = ct;  // a wrong tag, in place
        tag[size % A::tag_size] ^= 0x80;
        require(!A::decrypt(in.key, in.nonce, in.ad, buf, tag, buf) && all_zero(buf));
    });
    return 0;
}
