// SPDX-License-Identifier: MIT
// Known-answer, round-trip and refusal tests of every registered scheme, and the peak
// stack of each, in a program built without exceptions and RTTI and with no C++ library
// beyond the headers: bare metal on Cortex-M (semihosting, tests/firmware/qemu-run.sh),
// under qemu-user (AArch64, big-endian s390x) and on the host (lwc_noexcept_test).
//   runner KAT_DIR [ROUNDS]   every record of KAT_DIR/<scheme>.txt, ROUNDS random round
//                             trips per scheme (default 16); prints one line per scheme
//                             with its peak stack; exit status 0 when everything passed.
// Built with LWC_RUNNER_TRAPS it has no LWC_ON_ERROR handler, as a firmware program
// by default: encrypt/decrypt then trap on a refused call (trap.cpp checks that), and
// under LWC_SMALL run the compact path (run_compact), which the KATs here then cover.
#ifndef LWC_RUNNER_TRAPS
#define LWC_ON_ERROR lwc_runner_on_error
#endif
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <lwc/registry.hpp>

#include "../aead_calls.hpp"
#include "../kat_reader.h"
#include "../masked_static.hpp"
#include "stack_paint.hpp"

#if LWC_EXCEPTIONS || defined(__GXX_RTTI)
#error "the runner is meant to be built with -fno-exceptions -fno-rtti"
#endif

namespace {

using lwc::detail::u8;

// The handler encrypt/decrypt call for a refused call in a build without exceptions:
// records the error and jumps back to the check that provoked it.
std::jmp_buf refused_jump;
lwc::error refused;

}  // namespace

[[maybe_unused]] void lwc_runner_on_error(const lwc::error& e) {
    refused = e;
    std::longjmp(refused_jump, 1);
}

namespace {

int failures = 0;

void fail(std::string_view scheme, const char* what, long count = -1) {
    ++failures;
    std::printf("FAIL %.*s: %s", int(scheme.size()), scheme.data(), what);
    if (count >= 0) std::printf(" (record %ld)", count);
    std::printf("\n");
}

// A small deterministic generator: the same bytes on every target.
std::uint32_t rng_state = 0x12345678;
std::uint32_t next_random() {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
void random_fill(u8* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) p[i] = u8(next_random());
}

bool all_zero(const u8* p, std::size_t n) {
    u8 acc = 0;
    for (std::size_t i = 0; i < n; ++i) acc |= p[i];
    return acc == 0;
}

// Work buffers, static: the stack stays what the schemes use, and RAM small.
constexpr std::size_t max_message = 256;
u8 buf_a[max_message + 64], buf_b[max_message + 64], buf_c[max_message + 64];
kat_record record;
char line[KAT_LINE];

template <class A>
using key_t = std::span<const u8, A::key_size>;
template <class A>
using nonce_t = std::span<const u8, A::nonce_size>;
template <class A>
using tag_t = std::span<u8, A::tag_size>;

// Encrypts pt (out of place and in place), decrypts, and checks a forged tag is refused
// with the output zeroed. Returns false (after reporting) on any mismatch; ct_expected,
// when given, is the known answer (ciphertext || tag). Through the scheme's calls
// (tests/aead_calls.hpp): compiled once rather than once per scheme, which made the
// Cortex-M4 program (-Os) 7% smaller, 246 KB instead of 265.
LWC_CHECK_ONCE bool aead_case(const lwc::test::aead_calls& a, const u8* key, const u8* nonce,
                              std::span<const u8> ad, std::span<const u8> pt,
                              const u8* ct_expected, long count) {
    const std::size_t n = pt.size(), t = a.tag_size;
    const std::span<const u8> k(key, a.key_size), v(nonce, a.nonce_size);
    u8* ct = buf_a;
    u8* back = buf_b;
    u8* in_place = buf_c;
    a.encrypt(k, v, ad, pt, {ct, n}, {ct + n, t});
    if (ct_expected && std::memcmp(ct, ct_expected, n + t) != 0)
        return fail(a.name, "ciphertext differs from the known answer", count), false;
    std::memcpy(in_place, pt.data(), n);
    a.encrypt(k, v, ad, {in_place, n}, {in_place, n}, {in_place + n, t});
    if (std::memcmp(ct, in_place, n + t) != 0)
        return fail(a.name, "in-place encryption differs", count), false;
    const std::span<const u8> tag(ct + n, t);
    if (!a.decrypt(k, v, ad, {ct, n}, tag, {back, n}) || std::memcmp(back, pt.data(), n) != 0)
        return fail(a.name, "decryption", count), false;
    if (!a.decrypt(k, v, ad, {in_place, n}, tag, {in_place, n}) ||
        std::memcmp(in_place, pt.data(), n) != 0)
        return fail(a.name, "in-place decryption", count), false;
    ct[n + t - 1] ^= 0x80;
    const bool forged = a.decrypt(k, v, ad, {ct, n}, tag, {back, n});
    ct[n + t - 1] ^= 0x80;
    if (forged || !all_zero(back, n))
        return fail(a.name, "a forged tag is accepted or the output not zeroed", count), false;
    return true;
}

// The hash of msg one-shot and in two parts agree with md (when given) and each other.
template <class H>
bool hash_case(std::span<const u8> msg, const u8* md, long count) {
    const auto one = lwc::hash<H>(msg);
    H h;
    const std::size_t cut = msg.size() / 3;
    h.update(msg.first(cut));
    h.update(msg.subspan(cut));
    const auto two = h.finalize();
    if (md && std::memcmp(one.data(), md, H::digest_size) != 0)
        return fail(H::name, "digest differs from the known answer", count), false;
    if (one != two) return fail(H::name, "incremental digest differs", count), false;
    return true;
}

// A new XOF object, customized with z where the XOF takes a customization string.
template <class X>
X make_xof(std::span<const u8> z) {
    if constexpr (requires { X(z); })
        return X(z);
    else
        return X();
}

// An XOF's output for msg (customization z for the CXOF) one-shot where it has one, and
// updated and squeezed in parts, agree with md.
template <class X>
bool xof_case(std::span<const u8> msg, std::span<const u8> z, std::span<const u8> md,
              long count) {
    u8 one[128], two[128];
    if (md.size() > sizeof one) return fail(X::name, "KAT output too long", count), false;
    const std::span<u8> out(one, md.size());
    X x = make_xof<X>(z);
    if (z.empty()) {
        lwc::xof<X>(msg, out);
    } else {
        x.update(msg);
        x.squeeze(out);
        x = make_xof<X>(z);
    }
    if (std::memcmp(one, md.data(), md.size()) != 0)
        return fail(X::name, "output differs from the known answer", count), false;
    const std::size_t cut = msg.size() / 3, at = md.size() / 3;
    x.update(msg.first(cut));
    x.update(msg.subspan(cut));
    x.squeeze({two, at});
    x.squeeze({two + at, md.size() - at});
    if (std::memcmp(two, md.data(), md.size()) != 0)
        return fail(X::name, "updates and squeezes in parts differ", count), false;
    return true;
}

// The KAT file a scheme is checked against: its own, or the one it says it matches.
template <class S>
constexpr std::string_view kat_name() {
    if constexpr (requires { S::kat_name; })
        return S::kat_name;
    else
        return S::name;
}

FILE* open_kat(const char* dir, std::string_view scheme) {
    char path[256];
    std::snprintf(path, sizeof path, "%s/%.*s.txt", dir, int(scheme.size()), scheme.data());
    FILE* f = std::fopen(path, "r");
    if (!f) std::printf("FAIL cannot open %s\n", path);
    return f;
}

// Every record of the scheme's KAT file; returns how many passed.
template <class S, class Check>
long run_kat(const char* dir, Check check) {
    FILE* f = open_kat(dir, kat_name<S>());
    if (!f) return ++failures, 0;
    long line_no = 0, passed = 0;
    int rc;
    while ((rc = kat_next(f, &record, line, &line_no)) == 1) passed += check(record);
    std::fclose(f);
    if (rc < 0 || passed == 0) fail(S::name, "KAT file unreadable or empty");
    return passed;
}

template <class A>
bool aead_record(const kat_record& r) {
    std::size_t nk, nn, np, na, nc;
    const u8 *key = kat_field(&r, "Key", &nk), *nonce = kat_field(&r, "Nonce", &nn),
             *pt = kat_field(&r, "PT", &np), *ad = kat_field(&r, "AD", &na),
             *ct = kat_field(&r, "CT", &nc);
    if (!key || !nonce || !pt || !ad || !ct || nk != A::key_size || nn != A::nonce_size ||
        nc != np + A::tag_size || np > max_message)
        return fail(A::name, "malformed KAT record", r.count), false;
    return aead_case(lwc::test::calls_of<A>(), key, nonce, {ad, na}, {pt, np}, ct, r.count);
}

template <class H>
bool hash_record(const kat_record& r) {
    std::size_t nm, nd;
    const u8 *msg = kat_field(&r, "Msg", &nm), *md = kat_field(&r, "MD", &nd);
    if (!msg || !md || nd != H::digest_size)
        return fail(H::name, "malformed KAT record", r.count), false;
    return hash_case<H>({msg, nm}, md, r.count);
}

template <class X>
bool xof_record(const kat_record& r) {
    std::size_t nm, nd, nz = 0;
    const u8 *msg = kat_field(&r, "Msg", &nm), *md = kat_field(&r, "MD", &nd),
             *z = kat_field(&r, "Z", &nz);
    if (!msg || !md || (z && !requires { X(std::span<const u8>{}); }))
        return fail(X::name, "malformed KAT record", r.count), false;
    return xof_case<X>({msg, nm}, {z, z ? nz : 0}, {md, nd}, r.count);
}

// Random lengths, keys and messages; returns how many passed.
long aead_round_trips(const lwc::test::aead_calls& a, long rounds) {
    long passed = 0;
    u8 key[64], nonce[64], ad[40], pt[max_message];
    if (a.key_size > sizeof key || a.nonce_size > sizeof nonce)
        return fail(a.name, "key or nonce larger than the runner's buffers"), 0;
    for (long i = 0; i < rounds; ++i) {
        random_fill(key, a.key_size);
        random_fill(nonce, a.nonce_size);
        random_fill(ad, sizeof ad);
        const std::size_t n = next_random() % (max_message + 1), na = next_random() % 41;
        random_fill(pt, n);
        passed += aead_case(a, key, nonce, {ad, na}, {pt, n}, nullptr, i);
    }
    return passed;
}

template <class H>
long hash_round_trips(long rounds) {
    long passed = 0;
    u8 msg[max_message];
    for (long i = 0; i < rounds; ++i) {
        const std::size_t n = next_random() % (max_message + 1);
        random_fill(msg, n);
        passed += hash_case<H>({msg, n}, nullptr, i);
    }
    return passed;
}

// Masked Ascon's random bytes (tests/masked_static.hpp).
void masked_random(void*, u8* out, std::size_t n) { random_fill(out, n); }
template <int Shares>
using masked_ascon = lwc::test::masked_ascon<Shares, masked_random>;

// The assembly rounds of masked Ascon (Cortex-M) against the C form, share by share: the
// same state and random words must give the same shares (the KATs see only their XOR).
template <int N>
void check_masked_round(void (*round)(void*, lwc::detail::u32, const void*), const char* name) {
    namespace dm = lwc::detail::masked;
    for (int trial = 0; trial < 64; ++trial) {
        dm::lane<N> c[5], a[5];
        lwc::detail::u64 r[5 * dm::words_per_and<N>];
        random_fill(reinterpret_cast<u8*>(c), sizeof c);
        random_fill(reinterpret_cast<u8*>(r), sizeof r);
        std::memcpy(a, c, sizeof c);
        const auto k = lwc::detail::ascon_portable::constant(trial % 12);
        dm::round<N>(c, k, r);
        round(a, lwc::detail::u32(k), r);
        if (std::memcmp(a, c, sizeof c) != 0) return fail(name, "assembly round");
    }
    std::printf("ok %s  assembly round = C form (64 random states)\n", name);
}
void check_masked_kernels() {
#if LWC_MASKED_ARM
    check_masked_round<2>(lwc::detail::masked::arm::round2, "ascon-aead128-masked2");
    check_masked_round<3>(lwc::detail::masked::arm::round3, "ascon-aead128-masked3");
#endif
}

// Whether an assembly permutation equals its C form: each runs on a copy of the same
// random state, eight states.
template <class State, class C, class Asm>
bool same_on_random_states(C c_form, Asm assembly) {
    for (int i = 0; i < 8; ++i) {
        State c, a;
        random_fill(reinterpret_cast<u8*>(c.data()), sizeof c);
        a = c;
        c_form(c);
        assembly(a);
        if (a != c) return false;
    }
    return true;
}

// Ascon's Thumb-2 assembly rounds (ascon_armv7m.hpp) against their C form, ascon_bi32's,
// for every round count 1-12 (the KATs reach those the modes run: 1, 6, 8 and 12).
void check_ascon_assembly() {
#if LWC_ARMV7M_ASM
    namespace d = lwc::detail;
    const bool same = [&]<int... R>(std::integer_sequence<int, R...>) {
        return (same_on_random_states<d::ascon_state>(d::ascon_bi32::permute<R + 1>,
                                                      d::ascon_bi32_armv7m::permute<R + 1>) &&
                ...);
    }(std::make_integer_sequence<int, 12>{});
    if (!same) return fail("ascon-p", "Thumb-2 assembly");
    std::printf("ok ascon-p  Thumb-2 assembly = C form (rounds 1-12, 8 random states each)\n");
#endif
}

// TinyJambu's Thumb-2 word steps (tinyjambu_armv7m.hpp) against their C form,
// tinyjambu_words's, for each key size, over the lengths the modes use (P_640 to P_1280)
// and shorter ones that end within a key period.
void check_tinyjambu_assembly() {
#if LWC_ARMV7M_ASM
    namespace d = lwc::detail;
    bool same = true;
    const auto trial = [&](auto key_words, auto words) {
        for (int i = 0; i < 4; ++i) {
            d::tinyjambu::state c, a;
            std::array<d::u32, key_words.value> nk;
            random_fill(reinterpret_cast<u8*>(c.data()), sizeof c);
            random_fill(reinterpret_cast<u8*>(nk.data()), sizeof nk);
            a = c;
            d::tinyjambu_words::permute<words.value, key_words.value>(c, nk);
            d::tinyjambu_words_armv7m::permute<words.value, key_words.value>(a, nk);
            same = same && a == c;
        }
    };
    const auto lengths = [&](auto key_words) {
        [&]<std::size_t... W>(std::index_sequence<W...>) {
            (trial(key_words, std::integral_constant<std::size_t, W>{}), ...);
        }(std::index_sequence<4, 8, 12, 16, 20, 24, 32, 36, 40>{});
    };
    lengths(std::integral_constant<std::size_t, 4>{});
    lengths(std::integral_constant<std::size_t, 6>{});
    lengths(std::integral_constant<std::size_t, 8>{});
    if (!same) return fail("tinyjambu", "Thumb-2 assembly");
    std::printf("ok tinyjambu  Thumb-2 assembly = C form (keys of 4, 6, 8 words, 4-40 word steps)\n");
#endif
}

// SPARKLE's Thumb-2 steps (sparkle_armv7m.hpp) against their C form, sparkle_portable's,
// for the branch and step counts they serve (4: 7 and 10 steps, 6: 7 and 11, 8: 8 and 12).
void check_sparkle_assembly() {
#if LWC_ARMV7M_ASM
    namespace d = lwc::detail;
    const auto same = [&]<std::size_t B, std::size_t S>() {
        return same_on_random_states<d::sparkle_state<B>>(d::sparkle_portable::permute<B, S>,
                                                          d::sparkle_armv7m::permute<B, S>);
    };
    if (!same.template operator()<4, 7>() || !same.template operator()<4, 10>() ||
        !same.template operator()<6, 7>() || !same.template operator()<6, 11>() ||
        !same.template operator()<8, 8>() || !same.template operator()<8, 12>())
        return fail("sparkle", "Thumb-2 assembly");
    std::printf("ok sparkle  Thumb-2 assembly = C form (4, 6 and 8 branches, both step counts)\n");
#endif
}

// Xoodoo's Thumb-2 rounds (xoodoo_armv7m.hpp) and its NEON rounds (xoodoo_neon.hpp,
// AArch64) against their C form, xoodoo_portable's.
void check_xoodoo_assembly() {
    [[maybe_unused]] const auto same = [](auto fast) {
        return same_on_random_states<lwc::detail::xoodoo_state>(
            lwc::detail::xoodoo_portable::permute, fast);
    };
#if LWC_ARMV7M_ASM
    if (!same(lwc::detail::xoodoo_armv7m::permute)) return fail("xoodoo", "Thumb-2 assembly");
    std::printf("ok xoodoo  Thumb-2 assembly = C form (8 random states)\n");
#endif
#ifdef LWC_HAVE_XOODOO_NEON
    if (!same(lwc::detail::xoodoo_neon::permute)) return fail("xoodoo", "NEON");
    std::printf("ok xoodoo  NEON = C form (8 random states)\n");
#endif
}

// Keccak-p[200] and [400] with each lane repeated across a 32-bit word (the default on
// AArch64 and on 32-bit Arm outside builds for size) against the lanes themselves, for
// every round count: the same bytes out (tests/test_permutations.cpp runs the modes).
template <class Narrow, class Repeated>
bool keccak_repeated_matches() {
    return [&]<int... R>(std::integer_sequence<int, R...>) {
        const auto same = [&]<int Rounds>() {
            for (int i = 0; i < 4; ++i) {
                u8 in[25 * Narrow::lane_bytes], out_a[sizeof in], out_r[sizeof in];
                random_fill(in, sizeof in);
                typename Narrow::state a;
                typename Repeated::state r;
                for (std::size_t l = 0; l < 25; ++l) {
                    a[l] = Narrow::load_lane(in + Narrow::lane_bytes * l);
                    r[l] = Repeated::load_lane(in + Narrow::lane_bytes * l);
                }
                Narrow::template permute<Rounds>(a);
                Repeated::template permute<Rounds>(r);
                for (std::size_t l = 0; l < 25; ++l) {
                    Narrow::store_lane(out_a + Narrow::lane_bytes * l, a[l]);
                    Repeated::store_lane(out_r + Narrow::lane_bytes * l, r[l]);
                }
                if (std::memcmp(out_a, out_r, sizeof in) != 0) return false;
            }
            return true;
        };
        return (same.template operator()<R + 1>() && ...);
    }(std::make_integer_sequence<int, Narrow::total_rounds>{});
}
void check_keccak_repeated() {
    namespace d = lwc::detail;
    if (!keccak_repeated_matches<d::keccak_p200, d::keccak_p200_repeated>() ||
        !keccak_repeated_matches<d::keccak_p400, d::keccak_p400_repeated>())
        return fail("keccak-p", "repeated lanes");
    std::printf("ok keccak-p  repeated lanes = lanes (200 and 400, every round count)\n");
}

// Whether call() reached the error handler (which then jumped back here).
template <class F>
[[gnu::noinline]] bool refused_by_handler(const F& call) {
    refused = {};
    if (setjmp(refused_jump) != 0) return true;
    call();
    return false;
}

// A refused call writes nothing: try_* return the error; encrypt/decrypt reach the
// LWC_ON_ERROR handler (which jumps back here).
template <class A>
void check_refusals() {
    static const u8 key[A::key_size] = {}, nonce[A::nonce_size] = {};
    const key_t<A> k(key, A::key_size);
    const nonce_t<A> v(nonce, A::nonce_size);
    std::memset(buf_a, 0x5a, sizeof buf_a);
    const tag_t<A> tag(buf_a + 100, A::tag_size);
    auto untouched = [] {
        for (u8 b : buf_a)
            if (b != 0x5a) return false;
        return true;
    };
    const std::span<const u8> pt(buf_b, 20);
    if (A::try_encrypt(k, v, {}, pt, {buf_a, 19}, tag).code != lwc::errc::size ||
        A::try_decrypt(k, v, {}, pt, tag, {buf_a, 21}).code != lwc::errc::size ||
        A::try_encrypt(k, v, {}, {buf_a + 1, 20}, {buf_a, 20}, tag).code != lwc::errc::overlap ||
        A::try_decrypt(k, v, {}, {buf_a, 20}, tag, {buf_a + 19, 20}).code !=
            lwc::errc::overlap ||
        !untouched())
        fail(A::name, "try_encrypt/try_decrypt do not refuse a wrong size or an overlap");
#ifdef LWC_RUNNER_TRAPS
    return;  // no handler: the calls below would trap
#endif
    if (!refused_by_handler([&] { A::encrypt(k, v, {}, pt, {buf_a, 19}, tag); }) ||
        refused.code != lwc::errc::size || refused.expected != 20 || refused.given != 19 ||
        !untouched())
        fail(A::name, "encrypt did not refuse a wrong size through the handler, or wrote");
    if (!refused_by_handler([&] { (void)A::decrypt(k, v, {}, {buf_a, 20}, tag, {buf_a + 1, 20}); }) ||
        refused.code != lwc::errc::overlap || !untouched())
        fail(A::name, "decrypt did not refuse an overlap through the handler, or wrote");
}

stack_use deeper(stack_use a, stack_use b) {
    return {a.total > b.total ? a.total : b.total, a.kernel > b.kernel ? a.kernel : b.kernel};
}

// The operations measured: a 64-byte message with 16 bytes of AD.
template <class A>
[[gnu::noinline]] void encrypt_op() {
    static const u8 key[A::key_size] = {1}, nonce[A::nonce_size] = {2};
    A::encrypt(key_t<A>(key, A::key_size), nonce_t<A>(nonce, A::nonce_size), {buf_b, 16},
               {buf_b + 16, 64}, {buf_a, 64}, tag_t<A>(buf_a + 64, A::tag_size));
}
template <class A>
[[gnu::noinline]] void decrypt_op() {
    static const u8 key[A::key_size] = {1}, nonce[A::nonce_size] = {2};
    (void)A::decrypt(key_t<A>(key, A::key_size), nonce_t<A>(nonce, A::nonce_size),
                     {buf_b, 16}, {buf_a, 64},
                     std::span<const u8, A::tag_size>(buf_a + 64, A::tag_size), {buf_c, 64});
}
template <class H>
[[gnu::noinline]] void hash_op() {
    H h;
    h.update({buf_b, 200});
    h.finalize(std::span<u8, H::digest_size>(buf_a, H::digest_size));
}

template <class X>
[[gnu::noinline]] void xof_op() {
    lwc::xof<X>({buf_b, 200}, {buf_a, 64});
}

// wipe: the scheme's depth (lwc::detail::wipe_depth_of).
void report(std::string_view name, long kat, long rounds, stack_use s, std::size_t wipe,
            const char* kind) {
    std::printf("ok %-22.*s KAT %4ld  round trips %3ld  stack %5u (kernel %u, wipe %u) %s\n",
                int(name.size()), name.data(), kat, rounds, unsigned(s.total),
                unsigned(s.kernel), unsigned(wipe), kind);
    // Checked where the wipe clears without calling memset (Cortex-M, 32-bit RISC-V,
    // x86-64): elsewhere memset's return address lands just below the cleared area, and
    // tests/test_hygiene.cpp checks the wipe by looking for secrets instead.
    if (wipe_is_call_free && wipe > 0 && s.kernel >= s.total)
        fail(name, "the kernel wrote deeper than detail::wipe_stack clears");
}

// A variant that is its scheme's default on this target (run once, as the default).
template <class S, class... Defaults>
bool is_default_variant(const char* kind, lwc::scheme_list<Defaults...>) {
    return std::strstr(kind, "variant") && (std::is_same_v<S, Defaults> || ...);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::printf("usage: %s KAT_DIR [ROUNDS]\n", argc > 0 ? argv[0] : "runner");
        return 2;
    }
    const char* dir = argv[1];
    const long rounds = argc > 2 ? std::atol(argv[2]) : 16;
    // The default of every scheme, then its other compiled paths (the portable ones where
    // the default is a vector path: on x86-64; elsewhere they are the defaults themselves).
    const auto aead = [&](auto s, const char* kind) {
        using A = typename decltype(s)::type;
        if (is_default_variant<A>(kind, lwc::registry::aeads{})) return;
        const long kat = run_kat<A>(dir, aead_record<A>);
        const long trips = aead_round_trips(lwc::test::calls_of<A>(), rounds);
        check_refusals<A>();
        report(A::name, kat, trips, deeper(measure(encrypt_op<A>), measure(decrypt_op<A>)),
               lwc::detail::wipe_depth_of<A>(), kind);
    };
    const auto hash = [&](auto s, const char* kind) {
        using H = typename decltype(s)::type;
        if (is_default_variant<H>(kind, lwc::registry::hashes{})) return;
        const long kat = run_kat<H>(dir, hash_record<H>);
        report(H::name, kat, hash_round_trips<H>(rounds), measure(hash_op<H>),
               lwc::detail::wipe_depth_of<H>(), kind);
    };
    const auto xof = [&](auto s, const char* kind) {
        using X = typename decltype(s)::type;
        if (is_default_variant<X>(kind, lwc::registry::xofs{})) return;
        report(X::name, run_kat<X>(dir, xof_record<X>), 0, measure(xof_op<X>),
               lwc::detail::wipe_depth_of<X>(), kind);
    };
    lwc::registry::aeads::for_each([&](auto s) { aead(s, "aead"); });
    lwc::registry::hashes::for_each([&](auto s) { hash(s, "hash"); });
    lwc::registry::xofs::for_each([&](auto s) { xof(s, "xof"); });
    lwc::registry::aead_variants::for_each([&](auto s) { aead(s, "aead-variant"); });
    lwc::registry::hash_variants::for_each([&](auto s) { hash(s, "hash-variant"); });
#ifndef LWC_RUNNER_NO_XOF_VARIANTS
    lwc::registry::xof_variants::for_each([&](auto s) { xof(s, "xof-variant"); });
#endif
    const auto masked = [&](auto m) {
        using A = decltype(m);
        report(A::name, run_kat<A>(dir, aead_record<A>),
               aead_round_trips(lwc::test::calls_of<A>(), rounds),
               deeper(measure(encrypt_op<A>), measure(decrypt_op<A>)),
               lwc::detail::wipe_depth_of<A>(), "masked");
    };
    masked(masked_ascon<2>{});
    masked(masked_ascon<3>{});
    check_masked_kernels();
    check_ascon_assembly();
    check_tinyjambu_assembly();
    check_sparkle_assembly();
    check_xoodoo_assembly();
    check_keccak_repeated();
    std::printf("%s: %d failure(s)\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}
