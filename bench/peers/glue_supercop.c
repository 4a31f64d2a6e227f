// SPDX-License-Identifier: MIT
/* Glue for an implementation with the SUPERCOP/NIST API (crypto_aead_encrypt,
 * crypto_hash), as in the NIST submission packages and XKCP's tests/SUPERCOP. */
#include <stddef.h>

#ifdef LWCB_HASH
int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen);

int bench_hash(unsigned char *out, const unsigned char *in, size_t inlen) {
    return crypto_hash(out, in, inlen);
}
#else
int crypto_aead_encrypt(unsigned char *c, unsigned long long *clen, const unsigned char *m,
                        unsigned long long mlen, const unsigned char *ad,
                        unsigned long long adlen, const unsigned char *nsec,
                        const unsigned char *npub, const unsigned char *k);

int bench_aead(unsigned char *c, const unsigned char *m, size_t mlen, const unsigned char *ad,
               size_t adlen, const unsigned char *npub, const unsigned char *k) {
    unsigned long long clen;
    return crypto_aead_encrypt(c, &clen, m, mlen, ad, adlen, NULL, npub, k);
}
#endif
