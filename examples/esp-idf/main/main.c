// SPDX-License-Identifier: MIT
/* lwcrypto's C API on ESP-IDF: Ascon-AEAD128 with a detached tag (encrypt in place,
 * decrypt, a forged tag refused) and Ascon-Hash256, logged with ESP_LOGI. */
#include <string.h>

#include <esp_log.h>
#include <lwc.h>

static const char *TAG = "lwcrypto";

void app_main(void) {
    const lwc_aead *aead = &lwc_ascon_aead128; /* by name: the image links Ascon alone */
    const struct lwc_hash *hash = &lwc_ascon_hash256;
    uint8_t key[16] = {1}, nonce[16] = {2}; /* a real key from NVS or eFuse; fresh nonces */
    uint8_t buf[32] = "sensor reading 42", tag[LWC_AEAD_MAX_TAG_SIZE];
    uint8_t digest[LWC_HASH_MAX_DIGEST_SIZE];
    const size_t len = strlen((const char *)buf);

    int rc = lwc_aead_encrypt(aead, buf, tag, buf, len, NULL, 0, nonce, key); /* in place */
    ESP_LOGI(TAG, "encrypt: %s, tag[0] %02x", lwc_strerror(rc), tag[0]);
    rc = lwc_aead_decrypt(aead, buf, buf, len, tag, NULL, 0, nonce, key);
    ESP_LOGI(TAG, "decrypt: %s: %s", lwc_strerror(rc), (const char *)buf);
    rc = lwc_aead_encrypt(aead, buf, tag, buf, len, NULL, 0, nonce, key);
    tag[0] ^= 1;
    rc = lwc_aead_decrypt(aead, buf, buf, len, tag, NULL, 0, nonce, key);
    ESP_LOGI(TAG, "forged tag: %s", lwc_strerror(rc));
    rc = lwc_hash(hash, digest, buf, len);
    ESP_LOGI(TAG, "ascon-hash256: %s, digest[0] %02x", lwc_strerror(rc), digest[0]);
}
