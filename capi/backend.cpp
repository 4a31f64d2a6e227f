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
#include <cstdint>
#include <new>
#include <string_view>
#include <type_traits>

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
    // The checks of sizes and overlaps are the C++ ones (lwc.cpp has checked the
    // pointers): try_*, which return what they refuse, or where the scheme has the compact
    // path (LWC_SMALL builds where a refusal would trap) that path with its refusal
    // returned, so that a firmware image holds one copy of the checks.
    using key_span = std::span<const u8, A::key_size>;
    using nonce_span = std::span<const u8, A::nonce_size>;
    using tag_span = std::span<u8, A::tag_size>;
    static constexpr bool compact = requires { requires A::has_compact_path; };
    static int compact_status(int r) {
        return r > 0 ? LWC_OK : r == 0 ? LWC_ERR_VERIFY : LWC_ERR_ARGUMENT;
    }
    static int run(bool decrypt, u8* out, const u8* in, std::size_t n, u8* tag, const u8* ad,
                   std::size_t ad_len, const u8* nonce, const u8* key) {
        if constexpr (compact)
            return compact_status(A::run_returning({{{key, A::key_size}, {nonce, A::nonce_size},
                                                     {ad, ad_len}, {in, n}, {tag, A::tag_size},
                                                     {out, n}},
                                                    decrypt, false}));
        const key_span k(key, A::key_size);
        const nonce_span iv(nonce, A::nonce_size);
        if (decrypt)
            return status(A::try_decrypt(k, iv, {ad, ad_len}, {in, n},
                                         std::span<const u8, A::tag_size>(tag, A::tag_size),
                                         {out, n}));
        return status(A::try_encrypt(k, iv, {ad, ad_len}, {in, n}, {out, n},
                                     tag_span(tag, A::tag_size)));
    }
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
    static constexpr aead_ops ops{&run};
    static constexpr aead_batch_ops batch{&encrypt_many, &decrypt_many};
};

template <lwc::Hash H>
struct hash_calls {
    static_assert(alignof(H) <= object_align && state_bytes<H> <= sizeof(lwc_hash_state));
    static_assert(H::digest_size <= LWC_HASH_MAX_DIGEST_SIZE);
    // Default-initialized, as `H h;` is: `new (p) H()` would zero the object before its
    // constructor sets every byte (a memset, 162 bytes on Cortex-M4).
    static void init(void* p) { new (p) H; }
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
    static constexpr hash_ops ops{&init, &update, &final, &copy};
    static constexpr hash_batch_ops batch{&hash_many};
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
        else new (p) X;  // as hash_calls::init
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

// ------------------------------------------------------------ descriptors

// A scheme's name and backend as character arrays of its own, each in its own section
// under -fdata-sections: a descriptor pointing into the unit's pool of string literals
// (one section) kept every scheme's name and every error text in a one-scheme firmware
// image (240 bytes on Cortex-M4).
template <std::size_t N>
struct c_string {
    char text[N + 1];
};
template <std::size_t N>
constexpr c_string<N> c_string_of(std::string_view s) {
    c_string<N> c{};
    for (std::size_t k = 0; k < N; ++k) c.text[k] = s[k];
    return c;
}
template <class S>
constexpr auto name_of = c_string_of<S::name.size()>(S::name);
template <class S>
constexpr auto backend_of = c_string_of<S::backend.size()>(S::backend);

// Each scheme's descriptor and impl: two objects per scheme that point at each other
// (each in its own section under -fdata-sections), reached from nothing else but the
// backend's tables and, in a liblwc with one backend, the named descriptor.
template <class A>
constexpr lwc_aead aead_descriptor_of(const aead_impl* impl) {
    return {name_of<A>.text, A::key_size, A::nonce_size, A::tag_size, backend_of<A>.text, impl};
}
template <class H>
constexpr hash_desc hash_descriptor_of(const hash_impl* impl) {
    return {name_of<H>.text, H::digest_size, H::block_size, state_bytes<H>, backend_of<H>.text, impl};
}
template <class X>
constexpr xof_desc xof_descriptor_of(const xof_impl* impl) {
    return {name_of<X>.text, X::block_size, xof_calls<X>::max_customization, state_bytes<X>,
            backend_of<X>.text, impl};
}
// Whether a registry name is id with '-' as '_' (lwc.h's names).
constexpr bool same_id(std::string_view name, std::string_view id) {
    bool same = name.size() == id.size();
    for (std::size_t k = 0; same && k < id.size(); ++k) same = name[k] == (id[k] == '_' ? '-' : id[k]);
    return same;
}

// The place in List of the scheme lwc.h names id (or whose registry name is id).
template <class List>
constexpr std::size_t index_of(std::string_view id) {
    std::size_t i = 0, found = List::size;
    List::for_each([&](auto s) {
        if (same_id(decltype(s)::type::name, id)) found = i;
        ++i;
    });
    return found;  // List::size when lwc.h names a scheme the registry lacks: type_at fails
}

template <class A>
constexpr aead_impl aead_impl_of(const lwc_aead* self) {
    return {aead_tag, self, &aead_calls<A>::ops, index_of<lwc::registry::aeads>(A::name)};
}
template <class H>
constexpr hash_impl hash_impl_of(const hash_desc* self) {
    return {hash_tag, self, &hash_calls<H>::ops, index_of<lwc::registry::hashes>(H::name)};
}
template <class X>
constexpr xof_impl xof_impl_of(const xof_desc* self) {
    return {xof_tag, self, &xof_calls<X>::ops, index_of<lwc::registry::xofs>(X::name)};
}

// A scheme's descriptor and impl, made by DescOf and ImplOf from each other's address.
template <class Desc, class Impl, Desc (*DescOf)(const Impl*), Impl (*ImplOf)(const Desc*)>
struct entry {
    static const Desc descriptor;
    static const Impl impl;
};
template <class Desc, class Impl, Desc (*DescOf)(const Impl*), Impl (*ImplOf)(const Desc*)>
constinit const Impl entry<Desc, Impl, DescOf, ImplOf>::impl =
    ImplOf(&entry<Desc, Impl, DescOf, ImplOf>::descriptor);
template <class Desc, class Impl, Desc (*DescOf)(const Impl*), Impl (*ImplOf)(const Desc*)>
constinit const Desc entry<Desc, Impl, DescOf, ImplOf>::descriptor =
    DescOf(&entry<Desc, Impl, DescOf, ImplOf>::impl);
template <class A>
using aead_entry = entry<lwc_aead, aead_impl, &aead_descriptor_of<A>, &aead_impl_of<A>>;
template <class H>
using hash_entry = entry<hash_desc, hash_impl, &hash_descriptor_of<H>, &hash_impl_of<H>>;
template <class X>
using xof_entry = entry<xof_desc, xof_impl, &xof_descriptor_of<X>, &xof_impl_of<X>>;

static_assert(streams::object_offset + lwc::stream::max_state_size<lwc::registry::aeads>() <=
                  sizeof(lwc_stream_state),
              "lwc_stream_state (lwc.h) must hold every scheme's encryptor and decryptor");

// A named descriptor of a liblwc with several backends: it runs the backend the process
// chose, whose object for a hash or XOF may be larger than this unit's (room for any).
template <class Desc>
constexpr Desc as_named(Desc d) {
    d.backend = "auto";
    if constexpr (requires { d.state_size; }) d.state_size = sizeof(lwc_hash_state);
    return d;
}

template <class List, std::size_t I>
struct type_at;
template <class S, class... R>
struct type_at<lwc::scheme_list<S, R...>, 0> {
    using type = S;
};
template <std::size_t I, class S, class... R>
struct type_at<lwc::scheme_list<S, R...>, I> : type_at<lwc::scheme_list<R...>, I - 1> {};

// The place of S's name among ids (lwc.h's names this backend defines), or ids.size().
template <class S, std::size_t N>
constexpr std::size_t named_place(const std::array<std::string_view, N>& ids) {
    for (std::size_t k = 0; k < N; ++k)
        if (same_id(S::name, ids[k])) return k;
    return N;
}

// A backend's table: for each scheme of List, its named descriptor where this backend
// defines the named ones (Ids, and their addresses Named), else its own
// (Entry<S>::descriptor, instantiated only then).
template <class List, template <class> class Entry, const auto& Ids, const auto& Named>
constexpr auto table_of() {
    std::array<typename std::remove_cvref_t<decltype(Named)>::value_type, List::size> t{};
    std::size_t i = 0;
    List::for_each([&](auto s) {
        using S = typename decltype(s)::type;
        constexpr std::size_t k = named_place<S>(Ids);
        if constexpr (k < Ids.size()) t[i++] = Named[k];
        else t[i++] = &Entry<S>::descriptor;
    });
    return t;
}

}  // namespace
}  // namespace lwc_capi

// ------------------------------------------------------------ the named descriptors

// lwc.h's names: the scheme of each in the registry. In a liblwc with one backend the
// named descriptors are that backend's descriptors. With several (x86-64), the portable
// backend's unit defines them, each standing for its scheme in the backend the process
// chose (ops NULL: lwc.cpp resolves it), and every backend's tables hold its own.
#define LWC_CAPI_TYPE_(List, id) \
    lwc_capi::type_at<List, lwc_capi::index_of<List>(#id)>::type
#if !LWC_CAPI_X86
#define LWC_CAPI_NAMED_(kind, Desc, List, id)                                              \
    namespace lwc_capi { namespace { extern const kind##_impl id##_impl; } }               \
    constinit const Desc lwc_##id =                                                        \
        lwc_capi::kind##_descriptor_of<LWC_CAPI_TYPE_(List, id)>(&lwc_capi::id##_impl);    \
    namespace lwc_capi { namespace {                                                       \
    constinit const kind##_impl id##_impl = kind##_impl_of<LWC_CAPI_TYPE_(List, id)>(&lwc_##id); } }
#elif LWC_CAPI_NAMES_HERE
#define LWC_CAPI_NAMED_(kind, Desc, List, id)                                              \
    namespace lwc_capi { namespace { extern const kind##_impl id##_impl; } }               \
    constinit const Desc lwc_##id = lwc_capi::as_named(                                    \
        lwc_capi::kind##_descriptor_of<LWC_CAPI_TYPE_(List, id)>(&lwc_capi::id##_impl));   \
    namespace lwc_capi { namespace {                                                       \
    constinit const kind##_impl id##_impl{.tag = kind##_tag, .self = &lwc_##id,                               \
                                          .index = index_of<List>(#id)}; } }
#else
#define LWC_CAPI_NAMED_(kind, Desc, List, id)
#endif
#define LWC_CAPI_NAMED_AEAD_(id) LWC_CAPI_NAMED_(aead, lwc_aead, lwc::registry::aeads, id)
#define LWC_CAPI_NAMED_HASH_(id) LWC_CAPI_NAMED_(hash, lwc_capi::hash_desc, lwc::registry::hashes, id)
#define LWC_CAPI_NAMED_XOF_(id) LWC_CAPI_NAMED_(xof, lwc_capi::xof_desc, lwc::registry::xofs, id)
LWC_AEAD_NAMES(LWC_CAPI_NAMED_AEAD_)
LWC_HASH_NAMES(LWC_CAPI_NAMED_HASH_)
LWC_XOF_NAMES(LWC_CAPI_NAMED_XOF_)

namespace lwc_capi {
namespace {

// The named descriptors this backend's tables list: their ids and addresses.
#define LWC_CAPI_ID_(id) std::string_view(#id),
#define LWC_CAPI_ADDRESS_(id) &lwc_##id,
#if LWC_CAPI_X86
constexpr std::array<std::string_view, 0> aead_ids{}, hash_ids{}, xof_ids{};
constexpr std::array<const lwc_aead*, 0> aead_named{};
constexpr std::array<const hash_desc*, 0> hash_named{};
constexpr std::array<const xof_desc*, 0> xof_named{};
#else
constexpr std::array aead_ids{LWC_AEAD_NAMES(LWC_CAPI_ID_)};
constexpr std::array hash_ids{LWC_HASH_NAMES(LWC_CAPI_ID_)};
constexpr std::array xof_ids{LWC_XOF_NAMES(LWC_CAPI_ID_)};
constexpr std::array aead_named{LWC_AEAD_NAMES(LWC_CAPI_ADDRESS_)};
constexpr std::array hash_named{LWC_HASH_NAMES(LWC_CAPI_ADDRESS_)};
constexpr std::array xof_named{LWC_XOF_NAMES(LWC_CAPI_ADDRESS_)};
#endif

constexpr auto aeads = table_of<lwc::registry::aeads, aead_entry, aead_ids, aead_named>();
constexpr auto hashes = table_of<lwc::registry::hashes, hash_entry, hash_ids, hash_named>();
constexpr auto xofs = table_of<lwc::registry::xofs, xof_entry, xof_ids, xof_named>();

// The batch and stream calls of each scheme, in the registry's order.
template <class List, class Ops, class Get>
constexpr auto ops_table(Get get) {
    std::array<const Ops*, List::size> t{};
    std::size_t i = 0;
    List::for_each([&](auto s) { t[i++] = get(s); });
    return t;
}
constexpr auto aead_batches = ops_table<lwc::registry::aeads, aead_batch_ops>(
    [](auto s) { return &aead_calls<typename decltype(s)::type>::batch; });
constexpr auto hash_batches = ops_table<lwc::registry::hashes, hash_batch_ops>(
    [](auto s) { return &hash_calls<typename decltype(s)::type>::batch; });
constexpr auto stream_table = ops_table<lwc::registry::aeads, stream_ops>(
    [](auto s) { return &streams::calls<typename decltype(s)::type>::ops; });

}  // namespace

constinit const backend LWC_CAPI_BACKEND{backend_name, lwc::detail::isa::compiled, aeads, hashes,
                                         xofs, aead_batches, hash_batches, stream_table};

}  // namespace lwc_capi
