// SPDX-License-Identifier: MIT
// Constant-time check with valgrind's memcheck (the ctgrind method).
//
// memcheck tracks, bit by bit, whether every value in the program is "defined", and
// reports each conditional jump, each memory address and each system-call argument
// that depends on an undefined value. Marking the secrets undefined (their contents are
// left as they are) therefore turns it into a checker of the constant-time rule: any
// report is a branch or a memory index that depends on a secret.
//
// Secret here: key, nonce, associated data, plaintext, ciphertext and tag (stricter
// than needed: nonce, AD and ciphertext are public in use), and every message hashed.
// Public: lengths and the choice of scheme. The one value the library declassifies is
// whether a tag verified (lwc::detail::declassify), which the caller learns anyway.
//
// Every registered scheme and every other compiled path (registry::*_variants) runs
// encrypt, decrypt with the right tag, decrypt with a wrong tag, one-shot and
// incremental hashing, over lengths around every block size; and the batch API
// (lwc::batch, its 8-lane code on the AVX2 build) on jobs of mixed lengths. Which paths exist
// depends on the compile flags: run it on a baseline build and on an AVX2 build.
//
//   valgrind --error-exitcode=1 --track-origins=yes ct_valgrind            (must pass)
//   valgrind --error-exitcode=1 ct_valgrind --leak=branch|index          (must fail)
// The --leak runs add deliberately leaky code (an early-exit tag comparison, a table
// indexed by a key byte) to show that the check catches what it is meant to catch; they
// run the first AEAD alone (the leak is the same in every scheme's loop).
#include <valgrind/memcheck.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <lwc/batch.hpp>
#include <lwc/registry.hpp>

#include "../aead_calls.hpp"

namespace {

using lwc::detail::u8;
using bytes = std::vector<u8>;

template <class T>
void mark_secret(T& buf) {
    VALGRIND_MAKE_MEM_UNDEFINED(buf.data(), buf.size());
}
// Outputs are checked by the test itself (which branches on them): declassify first.
template <class T>
void mark_public(T& buf) {
    VALGRIND_MAKE_MEM_DEFINED(buf.data(), buf.size());
}

std::mt19937_64 rng(2024);

template <class T>
T random_filled(std::size_t n) {
    T b{};
    if constexpr (requires { b.resize(n); }) b.resize(n);
    for (auto& x : b) x = u8(rng());
    return b;
}

// Lengths around every rate in the registry (4, 8, 16, 24, 32, 44 bytes) and a few
// multi-block ones.
constexpr std::size_t lengths[] = {0,  1,  3,  4,  5,  7,  8,  9,  15, 16, 17, 23, 24, 25,
                                   31, 32, 33, 43, 44, 45, 47, 48, 49, 64, 65, 100, 257};
constexpr std::size_t ad_lengths[] = {0, 1, 16, 45};

enum class leak { none, branch, index };
leak leak_mode = leak::none;

// Deliberately leaky code for the negative runs; noinline so the report names it.
[[gnu::noinline]] bool leaky_early_exit_compare(const u8* a, const u8* b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}
[[gnu::noinline]] u8 leaky_table_lookup(const u8* key) {
    static const std::array<u8, 256> table = [] {
        std::array<u8, 256> t{};
        for (int i = 0; i < 256; ++i) t[i] = u8(i * 7 + 1);
        return t;
    }();
    return table[key[0]];
}

// A scheme seen through function pointers (aead_calls.hpp) and its batch's calls, so
// that the checks below are compiled once rather than once per scheme (docs/testing.md,
// "generic suite", has what that saves).
struct aead_ops : lwc::test::aead_calls {
    std::size_t (*batch_encrypt)(std::span<lwc::encrypt_job>);
    std::size_t (*batch_decrypt)(std::span<lwc::decrypt_job>);
};

template <class A>
aead_ops aead_ops_of() {
    return {lwc::test::calls_of<A>(),
            [](std::span<lwc::encrypt_job> jobs) { return lwc::batch<A>::encrypt(jobs); },
            [](std::span<lwc::decrypt_job> jobs) { return lwc::batch<A>::decrypt(jobs); }};
}

LWC_CHECK_ONCE bool check_aead(const aead_ops& a) {
    bool ok = true;
    for (std::size_t ad_len : ad_lengths)
        for (std::size_t len : lengths) {
            bytes key = random_filled<bytes>(a.key_size);
            bytes nonce = random_filled<bytes>(a.nonce_size);
            bytes ad = random_filled<bytes>(ad_len), pt = random_filled<bytes>(len);
            bytes ct(len), back(len), tag(a.tag_size);
            for (auto* b : {&key, &nonce, &ad, &pt}) mark_secret(*b);

            a.encrypt(key, nonce, ad, pt, ct, tag);
            mark_secret(ct);  // already undefined (derived from secrets); made explicit
            mark_secret(tag);
            const bool good = a.decrypt(key, nonce, ad, ct, tag, back);

            bytes bad_tag = tag;
            bad_tag[len % a.tag_size] ^= u8(1u << (len % 8));
            const bool bad = a.decrypt(key, nonce, ad, ct, bad_tag, back);

            if (leak_mode == leak::branch &&
                leaky_early_exit_compare(tag.data(), bad_tag.data(), a.tag_size))
                std::puts("unreachable: the tags differ");
            if (leak_mode == leak::index) {
                volatile u8 sink = leaky_table_lookup(key.data());
                (void)sink;
            }
            // good and bad are declassified by the library; a failure here means the
            // scheme misbehaved, not that it leaked.
            if (!good || bad) {
                std::printf("  %s: wrong decrypt result, pt %zu ad %zu\n", a.name.data(), len,
                            ad_len);
                ok = false;
            }
            mark_public(back);
        }
    return ok;
}

template <class H>
bool check_hash() {
    for (std::size_t len : lengths) {
        bytes msg = random_filled<bytes>(len);
        mark_secret(msg);
        (void)lwc::hash<H>(msg);
        H h;  // incremental, split at every third point
        for (std::size_t pos = 0; pos < len;) {
            const std::size_t step = std::min<std::size_t>(len - pos, 1 + pos % 19);
            h.update(std::span<const u8>(msg).subspan(pos, step));
            pos += step;
        }
        (void)h.finalize();
    }
    return true;
}

// The XOFs: message (and a CXOF's customization string) secret, split updates, squeezes
// of odd lengths.
template <class X>
bool check_xof() {
    for (std::size_t len : lengths) {
        bytes msg = random_filled<bytes>(len);
        mark_secret(msg);
        X x = [&] {
            if constexpr (requires { X::max_customization_size; }) {
                bytes z = random_filled<bytes>(len % 40);
                mark_secret(z);
                return X(z);
            } else {
                return X();
            }
        }();
        for (std::size_t pos = 0; pos < len;) {
            const std::size_t step = std::min<std::size_t>(len - pos, 1 + pos % 19);
            (void)x.update(std::span<const u8>(msg).subspan(pos, step));
            pos += step;
        }
        bytes out(77);
        x.squeeze(std::span(out).first(5));
        x.squeeze(std::span(out).subspan(5));
    }
    return true;
}

// The batch API (lane code on an AVX2 build, the loop elsewhere): 11 jobs of mixed lengths
// (a full group of 8 lanes and a short one), each its own secret key, nonce, AD and
// message; then decryption with the tags of every third job forged. Whether a job
// verified is the one value declassified.
LWC_CHECK_ONCE bool check_batch_aead(const aead_ops& a) {
    constexpr std::size_t count = 11;
    std::vector<bytes> keys(count), nonces(count), tags(count), ads(count), pts(count),
        cts(count), backs(count);
    std::vector<lwc::encrypt_job> enc(count);
    std::vector<lwc::decrypt_job> dec(count);
    for (std::size_t i = 0; i < count; ++i) {
        keys[i] = random_filled<bytes>(a.key_size);
        nonces[i] = random_filled<bytes>(a.nonce_size);
        tags[i].resize(a.tag_size);
        ads[i] = random_filled<bytes>(ad_lengths[i % std::size(ad_lengths)]);
        pts[i] = random_filled<bytes>(lengths[(i * 5) % std::size(lengths)]);
        cts[i].resize(pts[i].size());
        backs[i].resize(pts[i].size());
        for (auto* b : {&keys[i], &nonces[i], &ads[i], &pts[i]}) mark_secret(*b);
        enc[i] = {keys[i].data(), nonces[i].data(), ads[i], pts[i], cts[i], tags[i].data()};
    }
    bool ok = a.batch_encrypt(enc) == 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (i % 3 == 0) tags[i][i % a.tag_size] ^= 1;
        dec[i] = {keys[i].data(), nonces[i].data(), ads[i], cts[i], tags[i].data(), backs[i]};
    }
    ok = a.batch_decrypt(dec) == (count + 2) / 3 && ok;
    for (std::size_t i = 0; i < count; ++i) {
        ok = ok && (dec[i].status == lwc::job_status::ok) == (i % 3 != 0);
        mark_public(backs[i]);
    }
    return ok;
}

template <class H>
bool check_batch_hash() {
    constexpr std::size_t count = 11;
    std::vector<bytes> msgs(count);
    std::vector<std::array<u8, H::digest_size>> digests(count);
    std::vector<lwc::hash_job> jobs(count);
    for (std::size_t i = 0; i < count; ++i) {
        msgs[i] = random_filled<bytes>(lengths[(i * 5) % std::size(lengths)]);
        mark_secret(msgs[i]);
        jobs[i] = {msgs[i], digests[i].data()};
    }
    return lwc::batch<H>::hash(jobs) == 0;
}

// Runs check on every scheme of List (skipping those already in Skip) and reports, per
// scheme, how many memcheck errors it caused.
template <class List, class Skip, class F>
bool run_all(const char* kind, F check) {
    bool all_ok = true;
    List::for_each([&](auto s) {
        using S = typename decltype(s)::type;
        if constexpr (!Skip::template contains<S>) {
            const unsigned before = VALGRIND_COUNT_ERRORS;
            const bool ok = check(s);
            const unsigned reports = VALGRIND_COUNT_ERRORS - before;
            std::printf("%-24s %-8s %s\n", S::name.data(), kind,
                        reports ? "LEAKS (memcheck reports above)" : ok ? "constant time" : "FAILED");
            all_ok = all_ok && ok && reports == 0;
        }
    });
    return all_ok;
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--leak=branch") leak_mode = leak::branch;
        else if (a == "--leak=index") leak_mode = leak::index;
        else {
            std::fprintf(stderr, "usage: valgrind ct_valgrind [--leak=branch|--leak=index]\n");
            return 2;
        }
    }
    if (!RUNNING_ON_VALGRIND) {
        std::fprintf(stderr, "ct_valgrind checks nothing unless run under valgrind\n");
        return 2;
    }
    namespace r = lwc::registry;
    using none = lwc::scheme_list<>;
    auto aead = [](auto s) { return check_aead(aead_ops_of<typename decltype(s)::type>()); };
    if (leak_mode != leak::none) {  // a control: the first AEAD, with the leak, is enough
        bool first = true;
        r::aeads::for_each([&](auto s) { if (std::exchange(first, false)) (void)aead(s); });
        std::puts("the leaky code ran: memcheck must have reported it above");
        return 0;
    }
    auto hash = [](auto s) { return check_hash<typename decltype(s)::type>(); };
    bool ok = run_all<r::aeads, none>("default", aead);
    ok = run_all<r::aead_variants, r::aeads>("variant", aead) && ok;
    ok = run_all<r::hashes, none>("default", hash) && ok;
    ok = run_all<r::hash_variants, r::hashes>("variant", hash) && ok;
    auto xof = [](auto s) { return check_xof<typename decltype(s)::type>(); };
    ok = run_all<r::xofs, none>("default", xof) && ok;
    ok = run_all<r::xof_variants, r::xofs>("variant", xof) && ok;
    auto batch_aead = [](auto s) {
        return check_batch_aead(aead_ops_of<typename decltype(s)::type>());
    };
    auto batch_hash = [](auto s) { return check_batch_hash<typename decltype(s)::type>(); };
    ok = run_all<r::aeads, none>("batch", batch_aead) && ok;
    ok = run_all<r::hashes, none>("batch", batch_hash) && ok;
    std::printf("%s\n", ok ? "no secret-dependent branch or memory index found"
                           : "constant-time check FAILED");
    return ok ? 0 : 1;
}
