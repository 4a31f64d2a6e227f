// SPDX-License-Identifier: MIT
/* A C program built against an installed liblwc: Xoodyak seals and opens a message,
 * Esch256 hashes it. Exit status 0 when everything agrees. */
#include <stdio.h>
#include <string.h>

#include <lwc.h>

int main(void) {
    static const uint8_t key[32] = {1}, nonce[32] = {2};
    static const char text[] = "hello from C";
    const uint8_t *msg = (const uint8_t *)text;
    const size_t len = sizeof text - 1;
    uint8_t sealed[64], back[64], digest[64];
    size_t sealed_len = 0, back_len = 0;
    const lwc_aead *aead = lwc_aead_find("xoodyak");
    const struct lwc_hash *hash = lwc_hash_find("esch256");

    if (aead == NULL || hash == NULL || lwc_abi_version() != LWC_ABI_VERSION) return 1;
    if (lwc_aead_seal(aead, sealed, &sealed_len, msg, len, NULL, 0, nonce, key) != LWC_OK ||
        lwc_aead_open(aead, back, &back_len, sealed, sealed_len, NULL, 0, nonce, key) != LWC_OK ||
        back_len != len || memcmp(back, msg, len) != 0)
        return 1;
    if (lwc_hash(hash, digest, msg, len) != LWC_OK) return 1;
    printf("C: %s on the %s backend, %zu bytes sealed and opened; %s ok\n", aead->name,
           aead->backend, sealed_len, hash->name);
    return 0;
}
