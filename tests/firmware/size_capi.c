/* SPDX-License-Identifier: MIT */
/* The C library's counterpart of size_main.cpp for tests/firmware/sizes.sh: one scheme's
 * encrypt + decrypt (or one-shot hash, or 64 bytes of a one-shot XOF) through liblwc.a
 * and its named descriptor, compiled with -DLWC_SIZE_AEAD=<id> (lwc.h's name without
 * lwc_, e.g. ascon_aead128), -DLWC_SIZE_HASH=<id> or -DLWC_SIZE_XOF=<id>, or none (the
 * baseline, the same program without the call). */
#include <stdint.h>

#include "lwc.h"

#define LWC_SIZE_CAT_(a, b) a##b
#define LWC_SIZE_NAMED_(id) LWC_SIZE_CAT_(lwc_, id)

uint8_t pool[512]; /* every buffer, external so that no call is optimised away */

int main(void) {
#if defined(LWC_SIZE_AEAD)
    const lwc_aead *a = &LWC_SIZE_NAMED_(LWC_SIZE_AEAD);
    int rc = lwc_aead_encrypt(a, pool + 256, pool + 320, pool + 160, 64, pool + 128, 16,
                              pool + 64, pool);
    return rc | lwc_aead_decrypt(a, pool + 384, pool + 256, 64, pool + 320, pool + 128, 16,
                                 pool + 64, pool);
#elif defined(LWC_SIZE_HASH)
    return lwc_hash(&LWC_SIZE_NAMED_(LWC_SIZE_HASH), pool + 256, pool, 200);
#elif defined(LWC_SIZE_XOF)
    return lwc_xof(&LWC_SIZE_NAMED_(LWC_SIZE_XOF), pool + 256, 64, pool, 200);
#else
    return pool[0];
#endif
}
