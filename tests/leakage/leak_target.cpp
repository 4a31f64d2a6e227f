// SPDX-License-Identifier: MIT
// The device side of the leakage test (tvla.c): Cortex-M code whose executions the
// harness emulates and records, linked as a firmware of the board (its main does
// nothing). The harness writes the inputs into the symbols below, calls one function and
// stops when it returns. Masks come from a TRNG data register (LEAK_TRNG), which the
// harness answers with fresh random words, as a device's TRNG would.
#include <cstdint>
#include <new>

#include <lwc/ascon.hpp>
#include <lwc/masked.hpp>

extern "C" std::uint8_t leak_key[16], leak_nonce[16];

namespace {
using u8 = std::uint8_t;
using span16 = std::span<const u8, 16>;
using masked2 = lwc::masked::AsconAead128<2>;
using masked3 = lwc::masked::AsconAead128<3>;

volatile std::uint32_t* const trng = reinterpret_cast<volatile std::uint32_t*>(0x4000f000u);

void trng_fill(void*, u8* out, std::size_t n) {
    for (std::size_t i = 0; i < n; i += 4) {
        const std::uint32_t w = *trng;
        for (std::size_t k = 0; k < 4 && i + k < n; ++k) out[i + k] = u8(w >> 8 * k);
    }
}

// One masked round alone (leak_round2, leak_round3): the state of initialization, the
// key in lanes 1 and 2, the nonce in 3 and 4, shared afresh before each trace. A trace
// of 1,000-3,000 instructions instead of some 72,000, so that the bivariate test reaches
// tens of thousands of traces in seconds.
template <int N>
using state = lwc::detail::masked::lane<N>[5];
state<2> round2_state;
state<3> round3_state;

template <int N>
void share_state(state<N>& x) {
    namespace ld = lwc::detail;
    for (int i = 0; i < 5; ++i) {
        x[i].v[0] = ld::ascon::iv_aead128;
        if (i > 0)
            x[i].v[0] = ld::load64_le(i < 3 ? &leak_key[8 * (i - 1)] : &leak_nonce[8 * (i - 3)]);
        for (int j = 1; j < N; ++j) {
            std::uint64_t m;
            trng_fill(nullptr, reinterpret_cast<u8*>(&m), sizeof m);
            x[i].v[j] = m;
            x[i].v[0] ^= m;
        }
    }
}

alignas(8) unsigned char m2_storage[sizeof(masked2)];
alignas(8) unsigned char m3_storage[sizeof(masked3)];
masked2& m2() { return *std::launder(reinterpret_cast<masked2*>(m2_storage)); }
masked3& m3() { return *std::launder(reinterpret_cast<masked3*>(m3_storage)); }
}  // namespace

extern "C" {
u8 leak_key[16], leak_nonce[16], leak_pt[16], leak_ct[16], leak_tag[16];

// Untraced, before each trace: the masked objects take the key (split into shares here),
// as a device takes its key once.
void leak_setup() {
    const lwc::masked::random_source rng{trng_fill, nullptr};
    new (m2_storage) masked2(rng);
    new (m3_storage) masked3(rng);
    m2().set_key(span16(leak_key));
    m3().set_key(span16(leak_key));
    share_state(round2_state);
    share_state(round3_state);
}

// One traced encryption of the 16-byte leak_pt under leak_nonce, no associated data.
void leak_unmasked() {
    lwc::AsconAead128::encrypt(span16(leak_key), span16(leak_nonce), {}, leak_pt, leak_ct,
                               std::span<u8, 16>(leak_tag));
}
void leak_masked2() {
    m2().encrypt(span16(leak_nonce), {}, leak_pt, leak_ct, std::span<u8, 16>(leak_tag));
}
void leak_masked3() {
    m3().encrypt(span16(leak_nonce), {}, leak_pt, leak_ct, std::span<u8, 16>(leak_tag));
}
// One traced masked round (the first of initialization).
void leak_round2() { lwc::detail::masked::permute<2>(round2_state, 1, trng_fill, nullptr); }
void leak_round3() { lwc::detail::masked::permute<3>(round3_state, 1, trng_fill, nullptr); }
// One traced decryption: leak_pt (fresh in every trace) as the ciphertext, leak_tag (all
// zero, never written here) as the tag, so a forgery: the tag check on shares refuses it.
void leak_masked2_decrypt() {
    (void)m2().decrypt(span16(leak_nonce), {}, leak_pt, span16(leak_tag), leak_ct);
}
}

// Keeps the functions above in the image (the link drops what main does not reach).
void (*volatile const leak_functions[])() = {leak_setup, leak_unmasked, leak_masked2, leak_masked3,
                                             leak_masked2_decrypt, leak_round2, leak_round3};
int main() { return leak_functions[0] == nullptr; }
