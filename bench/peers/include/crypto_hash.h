// SPDX-License-Identifier: MIT
/* SUPERCOP's crypto_hash.h for implementations that include it without shipping it. */
int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen);
