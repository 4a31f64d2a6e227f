// SPDX-License-Identifier: MIT
// Glue for itzmeanjan's header-only C++ libraries: HEADER is the header to include, FN
// the function, with the signature shared by all of them:
//   encrypt(key, nonce, ad, adlen, pt, ct, len, tag)   hash(in, len, out)
#include <cstddef>
#include <cstdint>

#include HEADER

#ifdef LWCB_HASH
extern "C" int bench_hash(unsigned char* out, const unsigned char* in, std::size_t inlen) {
    FN(in, inlen, out);
    return 0;
}
#else
extern "C" int bench_aead(unsigned char* c, const unsigned char* m, std::size_t mlen,
                          const unsigned char* ad, std::size_t adlen,
                          const unsigned char* npub, const unsigned char* k) {
    FN(k, npub, ad, adlen, m, c, mlen, c + mlen);
    return 0;
}
#endif
