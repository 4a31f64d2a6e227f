// SPDX-License-Identifier: MIT
// The AEAD concept every scheme satisfies, the checked entry points every scheme
// inherits, and generic helpers (attached tag, vectors) written against the concept.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "detail/bytes.hpp"
#include "error.hpp"

namespace lwc { inline namespace LWC_ISA_NS {

namespace detail {

inline bool overlap(std::span<const u8> a, std::span<const u8> b) noexcept {
    return overlap_bytes(a.data(), a.size(), b.data(), b.size());
}

// The run-time checks of every AEAD call, one function for all schemes and both
// directions (small code on firmware), out of line (its frame is gone when the kernel
// runs): out must have in's size and overlap no input (key, nonce, ad, in, tag) unless
// it is exactly in; for encrypt, the tag output must overlap no input either.
LWC_NOINLINE inline error check_call(std::string_view scheme, bool decrypt,
                                     std::span<const u8> key, std::span<const u8> nonce,
                                     std::span<const u8> ad, std::span<const u8> in,
                                     std::span<const u8> out, std::span<const u8> tag) noexcept {
    static constexpr std::string_view inputs[2][5] = {
        {"the key", "the nonce", "the associated data", "the plaintext", "the tag output"},
        {"the key", "the nonce", "the associated data", "the ciphertext", "the tag"}};
    // Constants, not literals in the return statements: at -Os gcc builds a string_view
    // from a literal at run time (strlen).
    static constexpr std::string_view tag_output = "tag output";
#if LWC_SMALL
    // Two string_views, not two pointers: picking a pointer at run time costs a strlen
    // call (220 bytes of newlib on Cortex-M). (Not in builds for speed, where any change
    // here changes the registers its callers use, through gcc's -fipa-ra.)
    using namespace std::string_view_literals;
    const std::string_view out_name = decrypt ? "plaintext output"sv : "ciphertext output"sv;
#else
    const std::string_view out_name = decrypt ? "plaintext output" : "ciphertext output";
#endif
    if (out.size() != in.size()) return {errc::size, scheme, out_name, {}, in.size(), out.size()};
    const std::span<const u8> buffers[5] = {key, nonce, ad, in, tag};
    for (int i = 0; i < 5; ++i) {
        const bool in_place = i == 3 && out.data() == in.data();
        if (!in_place && overlap(out, buffers[i]))
            return {errc::overlap, scheme, out_name, inputs[decrypt][i], 0, 0};
    }
    for (int i = 0; i < 4 && !decrypt; ++i)
        if (overlap(tag, buffers[i]))
            return {errc::overlap, scheme, tag_output, inputs[0][i], 0, 0};
    return {};
}

#ifdef __OPTIMIZE_SIZE__
inline constexpr bool optimize_size = true;
#else
inline constexpr bool optimize_size = false;
#endif

// The same checks inline, as a yes/no: the fast path of a call that passes them, without
// a call or an error object (a few nanoseconds per message on x86-64). Builds for size
// (-Os) go straight to check_call, one copy for the whole program.
LWC_ALWAYS_INLINE bool call_passes(bool decrypt, std::span<const u8> key,
                                   std::span<const u8> nonce, std::span<const u8> ad,
                                   std::span<const u8> in, std::span<const u8> out,
                                   std::span<const u8> tag) noexcept {
    if constexpr (optimize_size) {
        return false;
    } else {
        bool bad = out.size() != in.size();
        // Summed, not ||: every test runs, no branch per buffer (and no clang warning).
        bad |= overlap(out, key) + overlap(out, nonce) + overlap(out, ad) + overlap(out, tag) != 0;
        bad |= out.data() != in.data() && overlap(out, in);
        if (!decrypt)
            bad |= overlap(tag, key) + overlap(tag, nonce) + overlap(tag, ad) + overlap(tag, in) != 0;
        return !bad;
    }
}

// The compact form of a whole call (LWC_SMALL, where a refused call traps): one
// function for every scheme and both directions, the scheme's kernel passed as a
// pointer, so that a firmware image holds one copy of the checks, the tag comparison,
// the zeroing and the stack wipe however many schemes it uses, and no error object.
struct aead_call {
    enum { key, nonce, ad, in, tag, out };  // the outputs last: the tag (encrypt), out
    std::span<const u8> buffers[6];          // the tag: encrypt's output, decrypt's to verify
    bool decrypt;
    bool traps;  // a refusal traps (the headers) rather than returning -1 (the C ABI)
};
using aead_kernel = void (*)(const aead_call&, u8* tag);

// The checks of check_call as a loop without its texts: each output against every
// buffer before it in the list, out exactly in place on in allowed.
LWC_ALWAYS_INLINE bool compact_refuses(const aead_call& c) noexcept {
    const auto& b = c.buffers;
    bool bad = b[aead_call::out].size() != b[aead_call::in].size();
    for (int o = aead_call::out; o >= aead_call::out - !c.decrypt; --o)
        for (int i = 0; i < o; ++i)
            bad |= overlap(b[o], b[i]) &&
                   !(o == aead_call::out && i == aead_call::in && b[o].data() == b[i].data());
    return bad;
}

// 1 done (and a decrypted tag verified), 0 forged, -1 refused with nothing written: the
// headers' calls trap on a refusal, the C ABI's return it (one function for both: a second
// entry point for the C ABI took 142 bytes on Cortex-M4, the flag's test 14).
LWC_NOINLINE inline int run_compact(const aead_call& c, aead_kernel kernel) noexcept {
    if (compact_refuses(c)) {
        if (c.traps) trap();
        return -1;
    }
    const auto& b = c.buffers;
    u8 expected[32];  // the longest tag (Schwaemm256-256)
    // Zeroed first: the kernel writes it through a pointer the compiler does not follow.
    secure_zero(expected, sizeof expected);
    const std::span<const u8> tag = b[aead_call::tag], out = b[aead_call::out];
    kernel(c, c.decrypt ? expected : const_cast<u8*>(tag.data()));
    bool ok = true;
    if (c.decrypt) {
        ok = declassify(ct_equal({expected, tag.size()}, tag));
        if (!ok) secure_zero(const_cast<u8*>(out.data()), out.size());
        secure_zero(expected, sizeof expected);
    }
    wipe_stack();
    return ok;
}

}  // namespace detail

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

    // ct.size() must equal pt.size(); ct may be pt itself (in place); no other overlap
    // of an output (ct, tag) with an input (key, nonce, ad, pt) or each other. A refused
    // call writes nothing: it throws size_error (without exceptions: see fail()).
    static void encrypt(key_span key, nonce_span nonce, std::span<const u8> ad,
                        std::span<const u8> pt, std::span<u8> ct, std::span<u8, TagSize> tag) {
        if constexpr (compact) {
            run_compact({{key, nonce, ad, pt, tag, ct}, false, true}, &kernel_compact);
        } else {
            fail_if_refused(false, key, nonce, ad, pt, ct, tag);
            kernel<false>(key.data(), nonce.data(), ad, pt.data(), ct.data(), pt.size(), tag.data());
            wipe_stack<wipe_depth_of<Impl>()>();
        }
    }

    // Returns false when the tag does not verify; pt is then all zero.
    // pt may be ct itself (in place); no other overlap with key, nonce, ad, ct or tag.
    [[nodiscard]] static bool decrypt(key_span key, nonce_span nonce, std::span<const u8> ad,
                                      std::span<const u8> ct, std::span<const u8, TagSize> tag,
                                      std::span<u8> pt) {
        if constexpr (compact) {
            // 0 or 1 (a refusal traps): & 1 is one instruction, != 0 three on Cortex-M.
            return run_compact({{key, nonce, ad, ct, tag, pt}, true, true}, &kernel_compact) & 1;
        } else {
            fail_if_refused(true, key, nonce, ad, ct, pt, tag);
            return decrypt_checked(key, nonce, ad, ct, tag, pt);
        }
    }

    // The same checks, returned instead of thrown, in every build (firmware without
    // exceptions): errc::ok, or what was refused with nothing written.
    [[nodiscard]] static error try_encrypt(key_span key, nonce_span nonce,
                                           std::span<const u8> ad, std::span<const u8> pt,
                                           std::span<u8> ct,
                                           std::span<u8, TagSize> tag) noexcept {
        if (!call_passes(false, key, nonce, ad, pt, ct, tag))
            if (const error e = check_call(Impl::name, false, key, nonce, ad, pt, ct, tag))
                return e;
        kernel<false>(key.data(), nonce.data(), ad, pt.data(), ct.data(), pt.size(), tag.data());
        wipe_stack<wipe_depth_of<Impl>()>();
        return {};
    }

    // errc::forged when the tag does not verify (pt is then all zero).
    [[nodiscard]] static error try_decrypt(key_span key, nonce_span nonce,
                                           std::span<const u8> ad, std::span<const u8> ct,
                                           std::span<const u8, TagSize> tag,
                                           std::span<u8> pt) noexcept {
        if (!call_passes(true, key, nonce, ad, ct, pt, tag))
            if (const error e = check_call(Impl::name, true, key, nonce, ad, ct, pt, tag))
                return e;
        static constexpr std::string_view tag_name = "tag";  // no strlen at -Os
        if (!decrypt_checked(key, nonce, ad, ct, tag, pt))
            return {errc::forged, Impl::name, tag_name, {}, 0, 0};
        return {};
    }

private:
    // encrypt and decrypt outside the compact path: the checks of try_*, a refusal
    // thrown (or trapped), without an error object for the call that passes (returned
    // by value, its 36 bytes were cleared by a memset call on every call on Cortex-M).
    LWC_ALWAYS_INLINE static void fail_if_refused(bool decrypt, key_span key, nonce_span nonce,
                                                  std::span<const u8> ad, std::span<const u8> in,
                                                  std::span<const u8> out,
                                                  std::span<const u8, TagSize> tag) {
        if (!call_passes(decrypt, key, nonce, ad, in, out, tag))
            if (const error e = check_call(Impl::name, decrypt, key, nonce, ad, in, out, tag))
                fail(e);
    }
    // Decryption once the call passed the checks: whether the tag verified (pt all zero
    // if not). Out of line, one body for decrypt and try_decrypt: inlined, it made
    // decrypt too long for gcc to inline at a call site, where the checks of constant
    // sizes fold away (Cortex-M0+, -O2: check_call and 1 KB more in the image).
    LWC_NOINLINE static bool decrypt_checked(key_span key, nonce_span nonce,
                                             std::span<const u8> ad, std::span<const u8> ct,
                                             std::span<const u8, TagSize> tag,
                                             std::span<u8> pt) noexcept {
        std::array<u8, TagSize> expected;
        received_tag_to(expected.data(), tag.data());
        kernel<true>(key.data(), nonce.data(), ad, ct.data(), pt.data(), ct.size(),
                     expected.data());
        const bool ok = declassify(ct_equal(expected, tag));
        if (!ok) secure_zero(pt.data(), pt.size());
        secure_zero(expected);
        wipe_stack<wipe_depth_of<Impl>()>();
        return ok;
    }

    // The compact path of encrypt/decrypt (run_compact): under LWC_SMALL, where a
    // refused call traps.
    static constexpr bool compact = refusals_trap && LWC_SMALL;

public:
    // The compact path with a refusal returned rather than trapped, for the C ABI, which
    // reports it: run_compact's 1, 0 (forged) or -1 (refused, nothing written).
    static constexpr bool has_compact_path = compact;
    [[nodiscard]] static int run_returning(const aead_call& c) noexcept
        requires compact
    {
        return run_compact(c, &kernel_compact);
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
    // A scheme that decrypts from the received tag (ISAP; Romulus-M: the tag is the IV of
    // its encryption) finds it in the kernel's tag buffer on entry; the kernel overwrites it.
    LWC_ALWAYS_INLINE static void received_tag_to(u8* buffer, const u8* received) noexcept {
        if constexpr (requires { requires Impl::decrypt_reads_tag; })
            copy_bytes(buffer, received, TagSize);
    }
    // The compact path's kernel: one body for both directions where the scheme has one
    // (run_either), else its two (ISAP, Romulus-M and -T: both are linked together).
    static void kernel_compact(const aead_call& c, u8* tag) noexcept {
        const auto& b = c.buffers;
        const u8 *key = b[c.key].data(), *nonce = b[c.nonce].data(), *in = b[c.in].data();
        u8* out = const_cast<u8*>(b[c.out].data());
        if constexpr (requires { &Impl::run_either; })
            Impl::run_either(c.decrypt, key, nonce, b[c.ad], in, out, b[c.in].size(), tag);
        else if (c.decrypt) {
            received_tag_to(tag, b[c.tag].data());
            Impl::template run<true>(key, nonce, b[c.ad], in, out, b[c.in].size(), tag);
        }
        else
            Impl::template run<false>(key, nonce, b[c.ad], in, out, b[c.in].size(), tag);
    }
};

// The kernel of every scheme: a mode object whose steps every family names alike
// (one vocabulary, as rweather/lwc-finalists and XKCP's modes use):
//   static constexpr std::string_view backend;   the permutation backend's name
//   void initialize(const u8* key, const u8* nonce);
//   void absorb_ad(std::span<const u8> ad);
//   template <bool Decrypt> void crypt(const u8* in, u8* out, std::size_t n);  out may be in
//     or, one body for both directions (the compact modes of builds for size):
//   void crypt_with(const u8* in, u8* out, std::size_t n, bool decrypt);
//   void finalize(u8* tag);
// A mode keeps what a later step needs (Schwaemm's key pointer, Beetle's AD flags);
// the object is wiped when the message is done.
template <class Mode>
concept aead_mode = std::default_initializable<Mode> &&
    requires(Mode m, const u8* p, u8* out, std::span<const u8> ad, std::size_t n) {
        { Mode::backend } -> std::convertible_to<std::string_view>;
        m.initialize(p, p);
        m.absorb_ad(ad);
        m.finalize(out);
    } && (requires(Mode m, const u8* p, u8* out, std::size_t n) {
        m.template crypt<false>(p, out, n);
        m.template crypt<true>(p, out, n);
    } || requires(Mode m, const u8* p, u8* out, std::size_t n, bool d) {
        m.crypt_with(p, out, n, d);
    });

template <class Self, aead_mode Mode, std::size_t KeySize, std::size_t NonceSize,
          std::size_t TagSize>
struct mode_aead : aead_base<Self, KeySize, NonceSize, TagSize> {
    static constexpr std::string_view backend = Mode::backend;
    static constexpr std::size_t wipe_depth = wipe_depth_of<Mode>();

    template <bool Decrypt>
    LWC_ALWAYS_INLINE static void run(const u8* key, const u8* nonce, std::span<const u8> ad,
                                      const u8* in, u8* out, std::size_t n, u8* tag) noexcept {
        run_with(std::bool_constant<Decrypt>{}, key, nonce, ad, in, out, n, tag);
    }

    // Both directions in one body, for the compact path (run_compact).
    LWC_ALWAYS_INLINE static void run_either(bool decrypt, const u8* key, const u8* nonce,
                                             std::span<const u8> ad, const u8* in, u8* out,
                                             std::size_t n, u8* tag) noexcept {
        run_with(decrypt, key, nonce, ad, in, out, n, tag);
    }

private:
    // decrypt: std::bool_constant (run) or a bool (run_either). Only the crypt step
    // differs between the directions: crypt_with where the mode has one body for both.
    template <class Direction>
    LWC_ALWAYS_INLINE static void run_with(Direction decrypt, const u8* key, const u8* nonce,
                                           std::span<const u8> ad, const u8* in, u8* out,
                                           std::size_t n, u8* tag) noexcept {
        Mode m;
        m.initialize(key, nonce);
        m.absorb_ad(ad);
        if constexpr (requires { m.crypt_with(in, out, n, bool(decrypt)); })
            m.crypt_with(in, out, n, bool(decrypt));
        else if (decrypt)
            m.template crypt<true>(in, out, n);
        else
            m.template crypt<false>(in, out, n);
        m.finalize(tag);
        // The mode object (state, key words) lies in the frame of kernel() or of
        // kernel_compact(), the only callers, and both are followed at the same depth by
        // wipe_stack(), which clears that frame. Zeroing it here as well would take its
        // address, and the compiler would then keep the state in memory rather than in
        // registers between the steps (6% of a 64-byte Ascon call on x86-64).
        if constexpr (stack_wipe_size == 0) secure_zero(m);
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

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
