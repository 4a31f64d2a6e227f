// SPDX-License-Identifier: MIT
// One backend of liblwc: every scheme of the registry, compiled with the flags of the
// target LWC_CAPI_BACKEND (portable, avx2, avx512: see CMakeLists.txt), as descriptor
// tables. The headers pick each scheme's fastest path those flags allow, and each
// descriptor's backend names that path. Nothing here runs before lwc.cpp has checked
// that the CPU has every feature this unit is compiled for (backend::features).
#include "backend.hpp"

#define LWC_CAPI_CAT2(a, b) a##b
#define LWC_CAPI_CAT(a, b) LWC_CAPI_CAT2(a, b)
#define LWC_CAPI_STR2(a) #a
#define LWC_CAPI_STR(a) LWC_CAPI_STR2(a)

// The header code of each backend gets its own namespace (lwc::capi_avx512, ...), so
// the copies compiled for different targets never merge at link time, nor with a
// program's own instantiations when it links liblwc statically.
#define LWC_ISA_NS LWC_CAPI_CAT(capi_, LWC_CAPI_BACKEND)
#include <lwc/batch.hpp>
#include <lwc/lwc.hpp>
#include <lwc/stream.hpp>

#include <array>
#include <new>

#include "stream_calls.hpp"

namespace lwc_capi {
namespace {

// Batches: the C jobs still LWC_OK (the front end checked them) go through lwc::batch in
// windows of batch_window jobs converted on the stack (the batch sorts each window by
// length and cuts it into lane groups); each job's status is set from the batch's.
constexpr std::size_t batch_window = LWC_SMALL ? 8 : 128;

int status_of(lwc::job_status s) {
    return s == lwc::job_status::ok             ? LWC_OK
           : s == lwc::job_status::tag_mismatch ? LWC_ERR_VERIFY
                                                : LWC_ERR_ARGUMENT;
}

template <class Job, class CJob, class Make, class Run>
std::size_t in_windows(CJob* jobs, std::size_t count, Make make, Run run) {
    std::array<Job, batch_window> window;
    std::array<std::size_t, batch_window> from;
    std::size_t n = 0;
    const auto flush = [&] {
        run(std::span<Job>(window.data(), n));
        for (std::size_t k = 0; k < n; ++k) jobs[from[k]].status = status_of(window[k].status);
        n = 0;
    };
    for (std::size_t i = 0; i < count; ++i) {
        if (jobs[i].status != LWC_OK) continue;
        window[n] = make(jobs[i]);
        from[n++] = i;
        if (n == batch_window) flush();
    }
    if (n > 0) flush();
    std::size_t failed = 0;
    for (std::size_t i = 0; i < count; ++i) failed += jobs[i].status != LWC_OK;
    return failed;
}

template <lwc::Aead A>
struct aead_calls {
    // The bounds lwc.h promises C users (raise them with a new ABI version, never silently).
    static_assert(A::key_size <= LWC_AEAD_MAX_KEY_SIZE && A::nonce_size <= LWC_AEAD_MAX_NONCE_SIZE &&
                  A::tag_size <= LWC_AEAD_MAX_TAG_SIZE);
    static int status(const lwc::error& e) {
        switch (e.code) {
            case lwc::errc::ok: return LWC_OK;
            case lwc::errc::forged: return LWC_ERR_VERIFY;
            default: return LWC_ERR_ARGUMENT;
        }
    }
    static int encrypt(u8* ct, u8* tag, const u8* pt, std::size_t n, const u8* ad,
                       std::size_t ad_len, const u8* nonce, const u8* key) {
        return status(A::try_encrypt(std::span<const u8, A::key_size>(key, A::key_size),
                                     std::span<const u8, A::nonce_size>(nonce, A::nonce_size),
                                     std::span<const u8>(ad, ad_len), std::span<const u8>(pt, n),
                                     std::span<u8>(ct, n),
                                     std::span<u8, A::tag_size>(tag, A::tag_size)));
    }
    static int decrypt(u8* pt, const u8* ct, std::size_t n, const u8* tag, const u8* ad,
                       std::size_t ad_len, const u8* nonce, const u8* key) {
        return status(A::try_decrypt(std::span<const u8, A::key_size>(key, A::key_size),
                                     std::span<const u8, A::nonce_size>(nonce, A::nonce_size),
                                     std::span<const u8>(ad, ad_len), std::span<const u8>(ct, n),
                                     std::span<const u8, A::tag_size>(tag, A::tag_size),
                                     std::span<u8>(pt, n)));
    }
    using key_span = std::span<const u8, A::key_size>;
    static std::size_t encrypt_many(const u8* key, lwc_aead_job* jobs, std::size_t count) {
        return in_windows<lwc::encrypt_job>(
            jobs, count,
            [](const lwc_aead_job& j) {
                return lwc::encrypt_job{j.key, j.nonce, {j.ad, j.ad_len}, {j.in, j.len},
                                        {j.out, j.len}, j.tag};
            },
            [&](std::span<lwc::encrypt_job> w) {
                key != nullptr ? lwc::batch<A>::encrypt(key_span(key, A::key_size), w)
                               : lwc::batch<A>::encrypt(w);
            });
    }
    static std::size_t decrypt_many(const u8* key, lwc_aead_job* jobs, std::size_t count) {
        return in_windows<lwc::decrypt_job>(
            jobs, count,
            [](const lwc_aead_job& j) {
                return lwc::decrypt_job{j.key, j.nonce, {j.ad, j.ad_len}, {j.in, j.len},
                                        j.tag, {j.out, j.len}};
            },
            [&](std::span<lwc::decrypt_job> w) {
                key != nullptr ? lwc::batch<A>::decrypt(key_span(key, A::key_size), w)
                               : lwc::batch<A>::decrypt(w);
            });
    }
    static constexpr aead_ops ops{&encrypt, &decrypt, &encrypt_many, &decrypt_many};
};

template <lwc::Hash H>
struct hash_calls {
    static_assert(alignof(H) <= object_align && state_bytes<H> <= sizeof(lwc_hash_state));
    static_assert(H::digest_size <= LWC_HASH_MAX_DIGEST_SIZE);
    static void init(void* p) { new (p) H(); }
    static void update(void* p, const u8* in, std::size_t n) {
        static_cast<H*>(p)->update(std::span<const u8>(in, n));
    }
    static void final(void* p, u8* out) {
        auto* h = static_cast<H*>(p);
        h->finalize(std::span<u8, H::digest_size>(out, H::digest_size));
        h->~H();  // the destructor wipes the state
    }
    static void copy(void* dst, const void* src) { new (dst) H(*static_cast<const H*>(src)); }
    static std::size_t hash_many(lwc_hash_job* jobs, std::size_t count) {
        return in_windows<lwc::hash_job>(
            jobs, count,
            [](const lwc_hash_job& j) { return lwc::hash_job{{j.in, j.len}, j.out}; },
            [](std::span<lwc::hash_job> w) { lwc::batch<H>::hash(w); });
    }
    static constexpr hash_ops ops{&init, &update, &final, &copy, &hash_many};
};

template <lwc::Xof X>
struct xof_calls {
    static_assert(alignof(X) <= object_align && state_bytes<X> <= sizeof(lwc_hash_state));
    static constexpr bool customized = requires { X::max_customization_size; };
    static constexpr std::size_t max_customization = [] {
        if constexpr (customized) return std::size_t{X::max_customization_size};
        else return std::size_t{0};
    }();
    static void init(void* p, const u8* z, std::size_t n) {
        if constexpr (customized) new (p) X(std::span<const u8>(z, n));
        else new (p) X();
    }
    static bool update(void* p, const u8* in, std::size_t n) {
        return static_cast<X*>(p)->update(std::span<const u8>(in, n));
    }
    static void squeeze(void* p, u8* out, std::size_t n) {
        static_cast<X*>(p)->squeeze(std::span<u8>(out, n));
    }
    static void copy(void* dst, const void* src) { new (dst) X(*static_cast<const X*>(src)); }
    static void destroy(void* p) { static_cast<X*>(p)->~X(); }  // the destructor wipes
    static constexpr xof_ops ops{&init, &update, &squeeze, &copy, &destroy};
};

constexpr const char* backend_name = LWC_CAPI_STR(LWC_CAPI_BACKEND);

// The flags CMakeLists.txt derived from the list turned on the features it asked for
// (and perhaps more, which backend::features reports too).
static_assert((lwc::detail::isa::compiled & LWC_CAPI_FEATURE_BITS) == LWC_CAPI_FEATURE_BITS,
              "a flag of config.hpp's list does not give its feature");

template <class List, class Desc, class Make>
constexpr auto make_table(Make make) {
    std::array<Desc, List::size> table{};
    std::size_t i = 0;
    List::for_each([&](auto s) { table[i++] = make(s); });
    return table;
}

constexpr auto aeads = make_table<lwc::registry::aeads, lwc_aead>([](auto s) {
    using A = typename decltype(s)::type;
    return lwc_aead{A::name.data(), A::key_size, A::nonce_size, A::tag_size, A::backend.data(),
                    &aead_calls<A>::ops};
});

constexpr auto hashes = make_table<lwc::registry::hashes, hash_desc>([](auto s) {
    using H = typename decltype(s)::type;
    return hash_desc{H::name.data(), H::digest_size, H::block_size, state_bytes<H>,
                     H::backend.data(), &hash_calls<H>::ops};
});

constexpr auto xofs = make_table<lwc::registry::xofs, xof_desc>([](auto s) {
    using X = typename decltype(s)::type;
    return xof_desc{X::name.data(), X::block_size, xof_calls<X>::max_customization,
                    state_bytes<X>, X::backend.data(), &xof_calls<X>::ops};
});

constexpr auto stream_table = streams::table<lwc::registry::aeads>();

}  // namespace

constinit const backend LWC_CAPI_BACKEND{backend_name, lwc::detail::isa::compiled, aeads, hashes,
                                         xofs, stream_table};

}  // namespace lwc_capi
