// SPDX-License-Identifier: MIT
/* Glue for rweather/lwc-finalists (src/individual): its per-scheme functions take size_t
 * lengths and no nsec. FN names the function (e.g. tiny_jambu_128_aead_encrypt). */
#include <stddef.h>

#ifdef LWCB_HASH
int FN(unsigned char *out, const unsigned char *in, size_t inlen);

int bench_hash(unsigned char *out, const unsigned char *in, size_t inlen) {
    return FN(out, in, inlen);
}
#else
int FN(unsigned char *c, size_t *clen, const unsigned char *m, size_t mlen,
       const unsigned char *ad, size_t adlen, const unsigned char *npub,
       const unsigned char *k);

int bench_aead(unsigned char *c, const unsigned char *m, size_t mlen, const unsigned char *ad,
               size_t adlen, const unsigned char *npub, const unsigned char *k) {
    size_t clen;
    return FN(c, &clen, m, mlen, ad, adlen, npub, k);
}
#endif
