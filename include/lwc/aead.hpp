// The AEAD concept every scheme satisfies, the checked entry points every scheme
// inherits, and generic helpers (attached tag, vectors) written against the concept.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "detail/bytes.hpp"

namespace lwc::inline LWC_ISA_NS {

// Thrown for a size that can only be wrong at run time (output vs input length).
// Key, nonce and tag sizes are part of the span types and checked by the compiler.
class size_error : public std::invalid_argument {
public:
    size_error(std::string_view scheme, std::string_view what, std::size_t expected,
               std::size_t given)
        : std::invalid_argument(std::string(scheme) + ": " + std::string(what) + " must be " +
                                std::to_string(expected) + " bytes, got " +
                                std::to_string(given)) {}
};

template <class A>
concept Aead = requires {
    { A::name } -> std::convertible_to<std::string_view>;
    { A::key_size } -> std::convertible_to<std::size_t>;
    { A::nonce_size } -> std::convertible_to<std::size_t>;
    { A::tag_size } -> std::convertible_to<std::size_t>;
    { A::backend } -> std::convertible_to<std::string_view>;  // "portable", "bmi2", ...
} && requires(std::span<const std::uint8_t, A::key_size> key,
              std::span<const std::uint8_t, A::nonce_size> nonce,
              std::span<const std::uint8_t> in, std::span<std::uint8_t> out,
              std::span<std::uint8_t, A::tag_size> tag_out,
              std::span<const std::uint8_t, A::tag_size> tag_in) {
    A::encrypt(key, nonce, in, in, out, tag_out);
    { A::decrypt(key, nonce, in, in, tag_in, out) } -> std::same_as<bool>;
};

namespace detail {

// Gives a scheme its public encrypt/decrypt from one unchecked kernel
//   Impl::run<Decrypt>(key, nonce, ad, in, out, n, tag)  out may be in; decrypt
//                                                        writes the computed tag
// so that size checks, the constant-time tag comparison and the zeroing of
// unverified plaintext live in one place for every scheme.
template <class Impl, std::size_t KeySize, std::size_t NonceSize, std::size_t TagSize>
struct aead_base {
    static constexpr std::size_t key_size = KeySize;
    static constexpr std::size_t nonce_size = NonceSize;
    static constexpr std::size_t tag_size = TagSize;

    using key_span = std::span<const u8, KeySize>;
    using nonce_span = std::span<const u8, NonceSize>;

    // ct.size() must equal pt.size(); ct may be the same buffer as pt (in place),
    // any other overlap is not supported.
    static void encrypt(key_span key, nonce_span nonce, std::span<const u8> ad,
                        std::span<const u8> pt, std::span<u8> ct, std::span<u8, TagSize> tag) {
        if (ct.size() != pt.size())
            throw size_error(Impl::name, "ciphertext output", pt.size(), ct.size());
        kernel<false>(key.data(), nonce.data(), ad, pt.data(), ct.data(), pt.size(), tag.data());
        wipe_stack();
    }

    // Returns false when the tag does not verify; pt is then all zero.
    // pt may be the same buffer as ct (in place).
    [[nodiscard]] static bool decrypt(key_span key, nonce_span nonce, std::span<const u8> ad,
                                      std::span<const u8> ct, std::span<const u8, TagSize> tag,
                                      std::span<u8> pt) {
        if (pt.size() != ct.size())
            throw size_error(Impl::name, "plaintext output", ct.size(), pt.size());
        std::array<u8, TagSize> expected;
        kernel<true>(key.data(), nonce.data(), ad, ct.data(), pt.data(), ct.size(),
                     expected.data());
        const bool ok = declassify(ct_equal(expected, tag));
        if (!ok) secure_zero(pt.data(), pt.size());
        secure_zero(expected);
        wipe_stack();
        return ok;
    }

private:
    // The scheme's kernel, out of line: whatever it leaves on the stack (its own copies
    // of key and state, and registers the compiler spilled) lies below the caller's
    // frame, where wipe_stack() clears it.
    template <bool Decrypt>
    LWC_NOINLINE static void kernel(const u8* key, const u8* nonce, std::span<const u8> ad,
                                    const u8* in, u8* out, std::size_t n, u8* tag) noexcept {
        Impl::template run<Decrypt>(key, nonce, ad, in, out, n, tag);
    }
};

// The kernel of every scheme: a mode object whose steps every family names alike
// (one vocabulary, as rweather/lwc-finalists and XKCP's modes use):
//   static constexpr std::string_view backend;   the permutation backend's name
//   void initialize(const u8* key, const u8* nonce);
//   void absorb_ad(std::span<const u8> ad);
//   template <bool Decrypt> void crypt(const u8* in, u8* out, std::size_t n);  out may be in
//   void finalize(u8* tag);
// A mode keeps what a later step needs (Schwaemm's key pointer, Beetle's AD flags);
// the object is wiped when the message is done.
template <class Mode>
concept aead_mode = std::default_initializable<Mode> &&
    requires(Mode m, const u8* p, u8* out, std::span<const u8> ad, std::size_t n) {
        { Mode::backend } -> std::convertible_to<std::string_view>;
        m.initialize(p, p);
        m.absorb_ad(ad);
        m.template crypt<false>(p, out, n);
        m.template crypt<true>(p, out, n);
        m.finalize(out);
    };

template <class Self, aead_mode Mode, std::size_t KeySize, std::size_t NonceSize,
          std::size_t TagSize>
struct mode_aead : aead_base<Self, KeySize, NonceSize, TagSize> {
    static constexpr std::string_view backend = Mode::backend;

    template <bool Decrypt>
    static void run(const u8* key, const u8* nonce, std::span<const u8> ad, const u8* in, u8* out,
                    std::size_t n, u8* tag) noexcept {
        Mode m;
        m.initialize(key, nonce);
        m.absorb_ad(ad);
        m.template crypt<Decrypt>(in, out, n);
        m.finalize(tag);
        secure_zero(m);
    }
};

}  // namespace detail

// Attached-tag helpers in the SUPERCOP/NIST shape: ciphertext || tag.
template <Aead A>
std::vector<std::uint8_t> seal(std::span<const std::uint8_t, A::key_size> key,
                               std::span<const std::uint8_t, A::nonce_size> nonce,
                               std::span<const std::uint8_t> ad,
                               std::span<const std::uint8_t> pt) {
    std::vector<std::uint8_t> out(pt.size() + A::tag_size);
    auto body = std::span(out).first(pt.size());
    A::encrypt(key, nonce, ad, pt, body,
               std::span<std::uint8_t, A::tag_size>(out.data() + pt.size(), A::tag_size));
    return out;
}

// Returns the plaintext, or nothing when the input is shorter than a tag or the
// tag does not verify.
template <Aead A>
std::optional<std::vector<std::uint8_t>> open(std::span<const std::uint8_t, A::key_size> key,
                                              std::span<const std::uint8_t, A::nonce_size> nonce,
                                              std::span<const std::uint8_t> ad,
                                              std::span<const std::uint8_t> sealed) {
    if (sealed.size() < A::tag_size) return std::nullopt;
    const std::size_t n = sealed.size() - A::tag_size;
    std::vector<std::uint8_t> pt(n);
    if (!A::decrypt(key, nonce, ad, sealed.first(n),
                    std::span<const std::uint8_t, A::tag_size>(sealed.data() + n, A::tag_size),
                    pt))
        return std::nullopt;
    return pt;
}

}  // namespace lwc
