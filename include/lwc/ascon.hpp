// SPDX-License-Identifier: MIT
// Ascon as standardized in NIST SP 800-232 (August 2025):
//   AsconAead128   key 16, nonce 16, tag 16 (rate 16 bytes, Ascon-p[12] / Ascon-p[8])
//   AsconHash256   digest 32
//   AsconXof128    any output length
//   AsconCxof128   any output length, with a customization string of at most 256 bytes
// All four on Ascon-p over five little-endian 64-bit lanes.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <span>
#include <utility>
#include <string_view>

#include "aead.hpp"
#include "error.hpp"
#include "detail/ascon_permutation.hpp"
#include "hash.hpp"
#include "xof.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::ascon {

// The pad bit after the last n bytes of a block, little-endian (SP 800-232 pads with 0x01).
constexpr u64 pad(std::size_t n) noexcept { return u64(1) << (8 * n); }

// The initial values (SP 800-232, Table 12 and sections 4-5).
inline constexpr u64 iv_aead128 = 0x00001000808c0001, iv_hash256 = 0x0000080100cc0002,
                     iv_xof128 = 0x0000080000cc0003, iv_cxof128 = 0x0000080000cc0004;
inline constexpr u64 domain_separator = u64(1) << 63;  // after AD: the state's last bit

// The state after Ascon-p[12] of (IV, 0, 0, 0, 0), computed by the compiler (with the
// portable rounds, whatever the backend): the hash modes start here without running a
// permutation.
constexpr ascon_state initial_state(u64 iv) noexcept {
    ascon_state s{iv, 0, 0, 0, 0};
    ascon_portable::permute<12>(s);
    return s;
}

// Ascon-AEAD128 (SP 800-232, section 4).
// The state's lanes and the key are held as the backend holds lanes (lane_in).
template <class Perm>
struct aead_sponge {
    static constexpr std::string_view backend = Perm::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    static constexpr std::size_t rate = 16;
    static constexpr u64 iv = lane_in<Perm>(iv_aead128), ds = lane_in<Perm>(domain_separator);
    ascon_state s;
    u64 k0, k1;

    static u64 load(const u8* p) noexcept { return lane_in<Perm>(load64_le(p)); }

    void initialize(const u8* key, const u8* nonce) noexcept {
        k0 = load(key);
        k1 = load(key + 8);
        s = {iv, k0, k1, load(nonce), load(nonce + 8)};
        Perm::template permute<12>(s);
        add_key(3);
    }

    // The key added to lanes at and at + 1 (three times a message: one body for size).
    LWC_SIZE_NOINLINE void add_key(int at) noexcept {
        s[at] ^= k0;
        s[at + 1] ^= k1;
    }

    // The last 0..15 bytes of a message or AD as two lanes, padded.
    static void load_last(const u8* p, std::size_t n, u64& w0, u64& w1) noexcept {
        if (n >= 8) {
            w0 = load64_le(p);
            w1 = load_partial_le<u64>(p + 8, n - 8) ^ pad(n - 8);
        } else {
            w0 = load_partial_le<u64>(p, n) ^ pad(n);
            w1 = 0;
        }
    }

    // AD in 16-byte blocks, the last padded; nothing at all for empty AD. Then the
    // domain separation bit, in either case. (A build for size runs the associated data
    // as a message phase whose output is dropped: the same blocks, the same padding.)
    void absorb_ad(std::span<const u8> ad) noexcept {
        const u8* p = ad.data();
        std::size_t n = ad.size();
        if (n > 0) {
#if LWC_SMALL
            phase(p, nullptr, n, false);
#else
            for (; n >= rate; n -= rate, p += rate) {
                s[0] ^= load(p);
                s[1] ^= load(p + 8);
                Perm::template permute<8>(s);
            }
            u64 w0, w1;
            load_last(p, n, w0, w1);
            s[0] ^= lane_in<Perm>(w0);
            s[1] ^= lane_in<Perm>(w1);
#endif
            Perm::template permute<8>(s);
        }
        s[4] ^= ds;
    }

    // Either way the rate ends up holding the ciphertext. out may be in. Where the
    // permutation is inlined (64-bit targets), the loop runs on a local copy of the
    // state: stores to out (bytes, which may alias anything) would otherwise make the
    // compiler reload the state from memory after each. Elsewhere the permutation is a
    // call that takes the state's address, and a copy would only cost its clearing (a
    // memset: 99 instructions of a 64-byte Ascon-AEAD128 call on Cortex-M4).
    template <bool Decrypt>
    void crypt_blocks(const u8* in, u8* out, std::size_t blocks) noexcept {
#if UINTPTR_MAX > 0xffffffffu
        ascon_state x = s;
        crypt_blocks_on<Decrypt>(x, in, out, blocks);
        s = x;
        secure_zero(x);
#else
        crypt_blocks_on<Decrypt>(s, in, out, blocks);
#endif
    }
    template <bool Decrypt>
    static LWC_ALWAYS_INLINE void crypt_blocks_on(ascon_state& x, const u8* in, u8* out,
                                                  std::size_t blocks) noexcept {
        for (; blocks > 0; --blocks, in += rate, out += rate) {
            const u64 m0 = load64_le(in), m1 = load64_le(in + 8);
            const u64 y0 = lane_out<Perm>(x[0]) ^ m0, y1 = lane_out<Perm>(x[1]) ^ m1;
            store64_le(out, y0);
            store64_le(out + 8, y1);
            x[0] = lane_in<Perm>(Decrypt ? m0 : y0);  // the ciphertext
            x[1] = lane_in<Perm>(Decrypt ? m1 : y1);
            Perm::template permute<8>(x);
        }
    }

    // The last 0..15 bytes: no permutation follows (finalize starts with one). None (a
    // message of whole blocks): the pad bit alone, without ascon_bi32's conversion of
    // two padding lanes (76 instructions of a 64-byte call on Cortex-M4).
    template <bool Decrypt>
    void crypt_partial(const u8* in, u8* out, std::size_t n) noexcept {
        if (n == 0) {
            s[0] ^= lane_in_byte<Perm>(0x01, 0);
            return;
        }
        u64 m0, m1;
        load_last(in, n, m0, m1);  // with the pad bit, which the output never reaches
        const u64 y0 = lane_out<Perm>(s[0]) ^ m0, y1 = lane_out<Perm>(s[1]) ^ m1;
        if (n >= 8) {
            store64_le(out, y0);
            store_partial_le(out + 8, y1, n - 8);
        } else {
            store_partial_le(out, y0, n);
        }
        // Decryption replaces the rate's first n bytes by the ciphertext's: the same as
        // adding the plaintext (the key stream cancels), i.e. the output bytes; the pad
        // bit is then added alone.
        const u64 pad0 = n < 8 ? pad(n) : 0, pad1 = n >= 8 ? pad(n - 8) : 0;
        const u64 keep0 = n < 8 ? pad0 - 1 : ~u64(0), keep1 = pad1 - (n >= 8);
        s[0] ^= lane_in<Perm>(Decrypt ? ((y0 & keep0) ^ pad0) : m0);
        s[1] ^= lane_in<Perm>(Decrypt ? ((y1 & keep1) ^ pad1) : m1);
    }

#if LWC_SMALL
    // The message, or the associated data (out nullptr: absorbed as plaintext, no
    // output): whole blocks, then the last 0..15 bytes, padded. One body for size:
    // a block a turn, byte by byte on the rate's bytes (64-bit partial loads and stores
    // are long on a 32-bit core): out gets rate ^ in; the rate becomes the ciphertext
    // (out when encrypting, in when decrypting).
    void phase(const u8* in, u8* out, std::size_t n, bool decrypt) noexcept {
        for (;; in += rate, n -= rate) {
            const std::size_t m = n < rate ? n : rate;
            u8 b[rate];
            store64_le(b, lane_out<Perm>(s[0]));
            store64_le(b + 8, lane_out<Perm>(s[1]));
            for (std::size_t i = 0; i < m; ++i) {
                const u8 x = in[i], y = b[i] ^ x;
                if (out) out[i] = y;
                b[i] = decrypt ? x : y;
            }
            if (m < rate) b[m] ^= 0x01;  // the pad bit
            s[0] = load(b);
            s[1] = load(b + 8);
            secure_zero(b, sizeof b);
            if (m < rate) break;
            Perm::template permute<8>(s);
            if (out) out += rate;
        }
    }
#endif

    // The message: whole blocks, then the last 0..15 bytes.
#if LWC_SMALL
    void crypt_with(const u8* in, u8* out, std::size_t n, bool decrypt) noexcept {
        phase(in, out, n, decrypt);
    }
#else
    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        crypt_blocks<Decrypt>(in, out, n / rate);
        const std::size_t done = n - n % rate;
        crypt_partial<Decrypt>(in + done, out + done, n % rate);
    }
#endif

    void finalize(u8* tag) noexcept {
        add_key(2);
        Perm::template permute<12>(s);
        add_key(3);
        store64_le(tag, lane_out<Perm>(s[3]));
        store64_le(tag + 8, lane_out<Perm>(s[4]));
    }
};

// The hash and XOF sponge (SP 800-232, sections 5 and 6): 8-byte rate, Ascon-p[12]
// between blocks, the message padded, then 8 bytes a squeeze.
template <class Perm, u64 IV, std::size_t Digest = 0>
struct sponge {
    static constexpr std::size_t rate = 8, squeeze_rate = 8, digest_size = Digest;
    static constexpr std::string_view backend = Perm::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    // The lanes as the backend holds them (lane_in).
    static constexpr ascon_state initial = [] {
        ascon_state x = initial_state(IV);
        for (auto& lane : x) lane = lane_in<Perm>(lane);
        return x;
    }();
    ascon_state s = initial;

    void absorb_block(const u8* block) noexcept { absorb_blocks(block, 1); }
#if LWC_SMALL
    // A build for size works on the rate's bytes in place (lane 0's object
    // representation, little-endian order whatever the host's): byte loops, no 64-bit
    // shifts, one body for the blocks, the last block and the output. (An interleaved
    // lane's bytes are not the rate's: ascon_bi32 goes through lane_in / lane_out.)
    static constexpr bool bytes_in_place = !interleaved_lanes<Perm>;
    u8& rate_byte(std::size_t j) noexcept {
        return reinterpret_cast<u8*>(&s[0])[std::endian::native == std::endian::little ? j : 7 - j];
    }
    // n bytes of in added to the rate, then the pad bit after them when n < rate.
    void absorb_bytes(const u8* in, std::size_t n) noexcept {
        if constexpr (bytes_in_place) {
            for (std::size_t j = 0; j < n; ++j) rate_byte(j) ^= in[j];
            if (n < rate) rate_byte(n) ^= 0x01;
        } else {
            s[0] ^= lane_in<Perm>(load_partial_le<u64>(in, n) ^ (n < rate ? pad(n) : 0));
        }
        Perm::template permute<12>(s);
    }
    void absorb_blocks(const u8* blocks, std::size_t count) noexcept {
        for (; count > 0; --count, blocks += rate) absorb_bytes(blocks, rate);
    }
    // last: 0..8 bytes; a full block is followed by a block of padding alone.
    void absorb_last(std::span<const u8> last) noexcept {
        absorb_bytes(last.data(), last.size());
        if (last.size() == rate) absorb_bytes(nullptr, 0);
    }
    void squeeze_block(u8* out, bool first) noexcept {
        if (!first) Perm::template permute<12>(s);
        if constexpr (bytes_in_place) {
            for (std::size_t j = 0; j < rate; ++j) out[j] = rate_byte(j);
        } else {
            store64_le(out, lane_out<Perm>(s[0]));
        }
    }
#else
    // On a local copy: the state stays in registers from block to block.
    void absorb_blocks(const u8* blocks, std::size_t count) noexcept {
        ascon_state x = s;
        for (; count > 0; --count, blocks += rate) {
            x[0] ^= lane_in<Perm>(load64_le(blocks));
            Perm::template permute<12>(x);
        }
        s = x;
    }
    // last: 0..8 bytes (the buffer holds a full block back); a full one is followed by
    // a block of padding alone.
    void absorb_last(std::span<const u8> last) noexcept {
        if (last.size() == rate) {
            absorb_block(last.data());
            last = {};
        }
        s[0] ^= lane_in<Perm>(load_partial_le<u64>(last.data(), last.size()) ^ pad(last.size()));
        Perm::template permute<12>(s);
    }
    // The next 8 bytes of output; the permutation runs between squeezes, not after.
    void squeeze_block(u8* out, bool first) noexcept {
        if (!first) Perm::template permute<12>(s);
        store64_le(out, lane_out<Perm>(s[0]));
    }
#endif
    // For buffered_hash: the fixed-length digest.
    void finalize(std::span<const u8> last, u8* digest) noexcept {
        absorb_last(last);
        for (std::size_t i = 0; i < digest_size; i += squeeze_rate) squeeze_block(digest + i, i == 0);
    }
};

// Ascon-CXOF128's start: the customization string's length in bits as one block, then
// the string itself, padded, as a message of its own (SP 800-232, section 6.2).
template <class Perm>
struct cxof_sponge : sponge<Perm, iv_cxof128> {
    static constexpr std::size_t max_customization = 256;
    cxof_sponge() noexcept : cxof_sponge(std::span<const u8>{}) {}
    explicit cxof_sponge(std::span<const u8> z) noexcept {
        this->s[0] ^= lane_in<Perm>(u64(z.size()) * 8);
        Perm::template permute<12>(this->s);
        std::size_t i = 0;
        for (; i + 8 <= z.size(); i += 8) this->absorb_block(z.data() + i);
        this->absorb_last(z.subspan(i));
    }
};

}  // namespace detail::ascon

template <detail::ascon_backend Perm>
struct BasicAsconAead128
    : detail::mode_aead<BasicAsconAead128<Perm>, detail::ascon::aead_sponge<Perm>, 16, 16, 16> {
    static constexpr std::string_view name = "ascon-aead128";
};

template <detail::ascon_backend Perm>
class BasicAsconHash256
    : public detail::buffered_hash<detail::ascon::sponge<Perm, detail::ascon::iv_hash256, 32>> {
public:
    static constexpr std::string_view name = "ascon-hash256";
};

template <detail::ascon_backend Perm>
class BasicAsconXof128 : public detail::buffered_xof<detail::ascon::sponge<Perm, detail::ascon::iv_xof128>> {
public:
    static constexpr std::string_view name = "ascon-xof128";
};

// Customized: the string Z (at most 256 bytes) is fixed at construction.
template <detail::ascon_backend Perm>
class BasicAsconCxof128 : public detail::buffered_xof<detail::ascon::cxof_sponge<Perm>> {
    using base = detail::buffered_xof<detail::ascon::cxof_sponge<Perm>>;

public:
    static constexpr std::string_view name = "ascon-cxof128";
    static constexpr std::size_t max_customization_size = 256;

    BasicAsconCxof128() : BasicAsconCxof128(std::span<const std::uint8_t>{}) {}
    explicit BasicAsconCxof128(std::span<const std::uint8_t> customization)
        : base(checked(customization)) {}

private:
    static detail::ascon::cxof_sponge<Perm> checked(std::span<const std::uint8_t> z) {
        if (z.size() > max_customization_size)
            detail::fail({errc::too_long, name, "customization string", {},
                          max_customization_size, z.size()});
        return detail::ascon::cxof_sponge<Perm>(z);
    }
};

using AsconAead128 = BasicAsconAead128<detail::ascon_default>;
using AsconHash256 = BasicAsconHash256<detail::ascon_default>;
using AsconXof128 = BasicAsconXof128<detail::ascon_default>;
using AsconCxof128 = BasicAsconCxof128<detail::ascon_default>;

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
