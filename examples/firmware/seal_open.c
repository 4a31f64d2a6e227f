/* SPDX-License-Identifier: MIT */
/* The firmware example in C, over liblwc.a: Ascon-AEAD128 and Ascon-Hash256 named by their
 * descriptors, so that the image links those schemes alone. It seals a message, opens it,
 * refuses a forged copy (its output zeroed) and overlapping buffers, and hashes the
 * message; it prints each step through semihosting and exits with the number of steps
 * that did not go as expected. */
#include <stdio.h>
#include <string.h>

#include "lwc.h"

static int failures;

static void step(const char *what, int ok, int status) {
    printf("%-28s %s (%s)\n", what, ok ? "ok" : "FAILED", lwc_strerror(status));
    failures += !ok;
}

int main(void) {
    static const uint8_t key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                    0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
    static const uint8_t nonce[16] = {1};  /* never twice under one key */
    static const uint8_t ad[] = "image header v1", msg[] = "firmware image, chunk 1";
    static uint8_t sealed[sizeof msg + 16], opened[sizeof msg], digest[32];
    const lwc_aead *aead = &lwc_ascon_aead128;
    size_t sealed_len = 0, opened_len = 0, i;
    int rc;

    rc = lwc_aead_seal(aead, sealed, &sealed_len, msg, sizeof msg, ad, sizeof ad, nonce, key);
    step("seal", rc == LWC_OK && sealed_len == sizeof msg + aead->tag_size, rc);
    rc = lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, ad, sizeof ad, nonce, key);
    step("open", rc == LWC_OK && opened_len == sizeof msg && memcmp(opened, msg, sizeof msg) == 0, rc);

    sealed[3] ^= 0x01;  /* one flipped bit */
    rc = lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, ad, sizeof ad, nonce, key);
    for (i = 0; i < sizeof opened && opened[i] == 0; ++i) continue;
    step("forged copy refused", rc == LWC_ERR_VERIFY && opened_len == 0 && i == sizeof opened, rc);
    rc = lwc_aead_seal(aead, sealed + 1, &sealed_len, sealed, sizeof msg, NULL, 0, nonce, key);
    step("overlapping buffers refused", rc == LWC_ERR_ARGUMENT, rc);

    rc = lwc_hash(&lwc_ascon_hash256, digest, msg, sizeof msg);
    step("hash", rc == LWC_OK, rc);
    printf("ascon-hash256: ");
    for (i = 0; i < sizeof digest; ++i) printf("%02x", digest[i]);
    printf("\n%s\n", failures == 0 ? "all steps ok" : "FAILED");
    return failures;
}
