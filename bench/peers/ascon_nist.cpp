// SPDX-License-Identifier: MIT
// lwcrypto's Ascon-AEAD128 (-DAEAD), masked Ascon-AEAD128 with N shares (-DMASKED=N: an
// object per call, set_key then encrypt or decrypt, its random bytes from
// lwc_random_fill, bench/peers/fw_driver.c), Ascon-Hash256 (-DHASH256) or Ascon-XOF128
// (64 bytes of output, as ascon-c's crypto_hash for asconxof128) behind SUPERCOP's C API,
// compiled to an object alone: bench/peers/firmware.sh objects and masked size it as
// ascon-c sizes its own implementations (scripts/size-build.sh: size -t of the objects,
// no C library counted); its ascon mode counts instructions through the same API.
#include <lwc/ascon.hpp>
#include <lwc/hash.hpp>
#include <lwc/masked.hpp>
#include <lwc/xof.hpp>

using u8 = unsigned char;
using ull = unsigned long long;
using lwc::AsconAead128;

#ifdef MASKED
extern "C" void lwc_random_fill(void* ctx, u8* out, std::size_t n);
using M = lwc::masked::AsconAead128<MASKED>;

extern "C" int crypto_aead_encrypt(u8* c, ull* clen, const u8* m, ull mlen, const u8* ad,
                                   ull adlen, const u8*, const u8* npub, const u8* k) {
    const std::size_t n = std::size_t(mlen);
    *clen = mlen + 16;
    M aead({lwc_random_fill, nullptr});
    aead.set_key(std::span<const u8, 16>(k, 16));
    aead.encrypt(std::span<const u8, 16>(npub, 16), {ad, std::size_t(adlen)}, {m, n}, {c, n},
                 std::span<u8, 16>(c + n, 16));
    return 0;
}

extern "C" int crypto_aead_decrypt(u8* m, ull* mlen, u8*, const u8* c, ull clen, const u8* ad,
                                   ull adlen, const u8* npub, const u8* k) {
    if (clen < 16) return -1;
    const std::size_t n = std::size_t(clen - 16);
    *mlen = n;
    M aead({lwc_random_fill, nullptr});
    aead.set_key(std::span<const u8, 16>(k, 16));
    const bool ok = aead.decrypt(std::span<const u8, 16>(npub, 16), {ad, std::size_t(adlen)},
                                 {c, n}, std::span<const u8, 16>(c + n, 16), {m, n});
    return ok ? 0 : -1;
}
#elif defined(AEAD)
extern "C" int crypto_aead_encrypt(u8* c, ull* clen, const u8* m, ull mlen, const u8* ad,
                                   ull adlen, const u8*, const u8* npub, const u8* k) {
    const std::size_t n = std::size_t(mlen);
    *clen = mlen + 16;
    AsconAead128::encrypt(std::span<const u8, 16>(k, 16), std::span<const u8, 16>(npub, 16),
                          {ad, std::size_t(adlen)}, {m, n}, {c, n}, std::span<u8, 16>(c + n, 16));
    return 0;
}

extern "C" int crypto_aead_decrypt(u8* m, ull* mlen, u8*, const u8* c, ull clen, const u8* ad,
                                   ull adlen, const u8* npub, const u8* k) {
    if (clen < 16) return -1;
    const std::size_t n = std::size_t(clen - 16);
    *mlen = n;
    const bool ok = AsconAead128::decrypt(
        std::span<const u8, 16>(k, 16), std::span<const u8, 16>(npub, 16),
        {ad, std::size_t(adlen)}, {c, n}, std::span<const u8, 16>(c + n, 16), {m, n});
    return ok ? 0 : -1;
}
#elif defined(HASH256)
extern "C" int crypto_hash(u8* out, const u8* in, ull inlen) {
    lwc::AsconHash256::digest({in, std::size_t(inlen)}, out);
    return 0;
}
#else
extern "C" int crypto_hash(u8* out, const u8* in, ull inlen) {
    lwc::xof<lwc::AsconXof128>({in, std::size_t(inlen)}, {out, 64});
    return 0;
}
#endif
