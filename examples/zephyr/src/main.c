// SPDX-License-Identifier: MIT
/* lwcrypto's C API on Zephyr: seal and open with Ascon-AEAD128, refuse a forgery, hash. */
#include <zephyr/kernel.h>
#include <zephyr/sys/printk.h>

#include <lwc.h>

int main(void) {
    const lwc_aead *aead = &lwc_ascon_aead128; /* by name: the image links Ascon alone */
    const struct lwc_hash *hash = &lwc_ascon_hash256;
    static const uint8_t msg[] = "Attack at dawn";
    uint8_t key[16] = {0}, nonce[16] = {0}; /* from a key store; never reuse a nonce */
    uint8_t sealed[sizeof msg + LWC_AEAD_MAX_TAG_SIZE], opened[sizeof msg];
    uint8_t digest[LWC_HASH_MAX_DIGEST_SIZE];
    size_t sealed_len, opened_len;

    int rc = lwc_aead_seal(aead, sealed, &sealed_len, msg, sizeof msg, NULL, 0, nonce, key);
    printk("seal: %s\n", lwc_strerror(rc));
    rc = lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, NULL, 0, nonce, key);
    printk("open: %s: %s\n", lwc_strerror(rc), (const char *)opened);
    sealed[0] ^= 1;
    rc = lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, NULL, 0, nonce, key);
    printk("forged: %s\n", lwc_strerror(rc));
    rc = lwc_hash(hash, digest, msg, sizeof msg - 1);
    printk("ascon-hash256: %s, first byte %02x\n", lwc_strerror(rc), digest[0]);
    return 0;
}
