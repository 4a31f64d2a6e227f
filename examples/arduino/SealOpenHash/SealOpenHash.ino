// SPDX-License-Identifier: MIT
// lwcrypto's C API (lwc.h) on an Arduino board: seal and open a message with
// Ascon-AEAD128 (NIST SP 800-232), refuse a forged copy, hash with Ascon-Hash256.
#include <lwc.h>

static void printHex(const char *label, const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789abcdef";
  Serial.print(label);
  for (size_t i = 0; i < n; ++i) {
    Serial.print(digits[p[i] >> 4]);
    Serial.print(digits[p[i] & 15]);
  }
  Serial.println();
}

void setup() {
  Serial.begin(115200);
  while (!Serial) {
  }
  const lwc_aead *aead = &lwc_ascon_aead128; /* by name: the image links Ascon alone */
  const struct lwc_hash *hash = &lwc_ascon_hash256;
  static const char text[] = "Attack at dawn";
  static const char header[] = "v1";
  const uint8_t *msg = (const uint8_t *)text, *ad = (const uint8_t *)header;
  const size_t msg_len = sizeof text - 1, ad_len = sizeof header - 1;
  // A real key comes from a key store; a nonce is never reused with the same key.
  uint8_t key[LWC_AEAD_MAX_KEY_SIZE], nonce[LWC_AEAD_MAX_NONCE_SIZE];
  for (size_t i = 0; i < sizeof key; ++i) key[i] = (uint8_t)i;
  for (size_t i = 0; i < sizeof nonce; ++i) nonce[i] = (uint8_t)(0xA0 + i);
  uint8_t sealed[sizeof text + LWC_AEAD_MAX_TAG_SIZE], opened[sizeof text];
  uint8_t digest[LWC_HASH_MAX_DIGEST_SIZE];
  size_t sealed_len = 0, opened_len = 0;

  int rc = lwc_aead_seal(aead, sealed, &sealed_len, msg, msg_len, ad, ad_len, nonce, key);
  Serial.print("seal: ");
  Serial.println(lwc_strerror(rc));
  printHex("sealed: ", sealed, sealed_len);

  rc = lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, ad, ad_len, nonce, key);
  Serial.print("open: ");
  Serial.println(lwc_strerror(rc));
  Serial.write(opened, opened_len);
  Serial.println();

  sealed[0] ^= 1;  // a forged copy is refused, and the output is zeroed
  rc = lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, ad, ad_len, nonce, key);
  Serial.print("forged: ");
  Serial.println(lwc_strerror(rc));

  rc = lwc_hash(hash, digest, msg, msg_len);
  printHex("ascon-hash256: ", digest, hash->digest_size);
  Serial.println(rc == LWC_OK ? "done" : lwc_strerror(rc));
}

void loop() {}
