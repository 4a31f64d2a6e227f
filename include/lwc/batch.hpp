// SPDX-License-Identifier: MIT
// Many messages at once: lwc::batch<A>::encrypt / decrypt over an array of jobs, each
// with its own key, nonce, AD and lengths, and lwc::batch<H>::hash. Synchronous: a
// call returns when every job is done. See docs/batch.md.
//
// Two paths, chosen at compile time:
//   lanes   W messages in the W 32-bit lanes of a vector (W = 8 with AVX2, 16 with
//           AVX-512), for the schemes with lane code (detail::batch::lanes_for)
//   loop    the single-message code, job after job: every scheme, every target
// Jobs go W at a time into the lanes; a short last group fills its free lanes with
// empty dummy messages. Lanes whose messages end early are masked, so a group costs as
// much as its longest message: to waste little on mixed lengths, each window of 8 * W
// jobs is sorted by length (AD + message) before it is cut into groups.
//
// Errors: no exceptions and no heap. A job whose output size differs from its input
// size, or whose key, nonce or tag pointer is null, is not run and gets status
// job_status::invalid (decrypt zeroes its output); a job whose tag does not verify gets
// job_status::tag_mismatch and an all-zero output. Both calls return how many jobs did
// not end in job_status::ok.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include "aead.hpp"
#include "detail/ascon_lanes.hpp"
#include "detail/batch_lanes.hpp"
#include "detail/grain128aead_lanes.hpp"
#include "detail/photon_beetle_lanes.hpp"
#include "detail/sparkle_lanes.hpp"
#include "detail/tinyjambu_lanes.hpp"
#include "detail/xoodyak_lanes.hpp"
#include "hash.hpp"
#include "registry.hpp"

namespace lwc { inline namespace LWC_ISA_NS {

enum class job_status : std::uint8_t {
    ok = 0,
    tag_mismatch = 1,  // decrypt: the tag did not verify; the output is all zero
    invalid = 2,       // output size != input size, or a null key/nonce/tag/digest
};

// Key, nonce and tag are pointers to A::key_size, A::nonce_size and A::tag_size bytes
// (the sizes of the scheme the job is given to). ct may be pt (in place).
struct encrypt_job {
    const std::uint8_t* key = nullptr;
    const std::uint8_t* nonce = nullptr;
    std::span<const std::uint8_t> ad;
    std::span<const std::uint8_t> pt;
    std::span<std::uint8_t> ct;
    std::uint8_t* tag = nullptr;  // written
    job_status status = job_status::ok;

    std::size_t out_size() const noexcept { return ct.size(); }
};
struct decrypt_job {
    const std::uint8_t* key = nullptr;
    const std::uint8_t* nonce = nullptr;
    std::span<const std::uint8_t> ad;
    std::span<const std::uint8_t> ct;
    const std::uint8_t* tag = nullptr;  // read
    std::span<std::uint8_t> pt;
    job_status status = job_status::ok;

    std::size_t out_size() const noexcept { return pt.size(); }
};
struct hash_job {
    std::span<const std::uint8_t> msg;
    std::uint8_t* digest = nullptr;  // H::digest_size bytes, written
    job_status status = job_status::ok;
};

namespace detail::batch {

// The lane code of a scheme at width W: the lanes_of overload its family's lane file
// declares (detail/*_lanes.hpp), or void (batch_lanes.hpp: the batch then loops).
template <class S, std::size_t W>
using lanes_for = decltype(lanes_of<W>(std::type_identity<S>{}));

// Key, nonce and so on for the free lanes of a short group: an empty message.
alignas(64) inline constexpr u8 dummy_bytes[64] = {};

// Calls run(group, count) on the jobs that pass valid(), `Lanes` at a time (the last
// group may be short). Jobs of similar cost go together, since a group costs as much
// as its longest job: windows of 8 * Lanes jobs, taken in order, are sorted by cost
// (lengths, which are public). No heap: the window is on the stack.
template <std::size_t Lanes, class Job, class Valid, class Cost, class Run>
void in_groups(std::span<Job> jobs, Valid&& valid, Cost&& cost, Run&& run) noexcept {
    constexpr std::size_t window = 8 * Lanes;
    Job* pending[window];
    std::size_t n = 0;
    auto drain = [&] {
        std::sort(pending, pending + n,
                  [&](const Job* a, const Job* b) { return cost(*a) < cost(*b); });
        for (std::size_t i = 0; i < n; i += Lanes) run(pending + i, std::min(Lanes, n - i));
        n = 0;
    };
    for (Job& j : jobs) {
        if (!valid(j)) continue;
        pending[n++] = &j;
        if (n == window) drain();
    }
    drain();
}

template <class S, std::size_t W>
inline constexpr bool has_lanes = W > 1 && !std::is_void_v<lanes_for<S, W>>;

}  // namespace detail::batch

template <class S, std::size_t W = detail::batch::native_lanes>
struct batch;

template <Aead A, std::size_t W>
struct batch<A, W> {
    // Messages in flight at once: W with lane code, else 1.
    static constexpr std::size_t lanes = detail::batch::has_lanes<A, W> ? W : 1;
    using key_span = std::span<const std::uint8_t, A::key_size>;

    static std::size_t encrypt(std::span<encrypt_job> jobs) noexcept {
        return run<false>(jobs, nullptr);
    }
    static std::size_t decrypt(std::span<decrypt_job> jobs) noexcept {
        return run<true>(jobs, nullptr);
    }
    // The gateway case: one key for every job (the jobs' key pointers are ignored).
    static std::size_t encrypt(key_span key, std::span<encrypt_job> jobs) noexcept {
        return run<false>(jobs, key.data());
    }
    static std::size_t decrypt(key_span key, std::span<decrypt_job> jobs) noexcept {
        return run<true>(jobs, key.data());
    }

private:
    using u8 = std::uint8_t;
    using lane_job = detail::batch::lane_job;
    using tag_array = std::array<u8, A::tag_size>;

    template <class Job>
    static bool valid(const Job& j, const u8* key) noexcept {
        if constexpr (std::is_same_v<Job, encrypt_job>)
            return key && j.nonce && j.tag && j.ct.size() == j.pt.size();
        else
            return key && j.nonce && j.tag && j.pt.size() == j.ct.size();
    }

    // The single-message code, for one job (the loop path).
    static void one(const encrypt_job& j, const u8* key) noexcept {
        A::encrypt(key_span(key, A::key_size),
                   std::span<const u8, A::nonce_size>(j.nonce, A::nonce_size), j.ad, j.pt, j.ct,
                   std::span<u8, A::tag_size>(j.tag, A::tag_size));
    }
    static bool one(const decrypt_job& j, const u8* key) noexcept {
        return A::decrypt(key_span(key, A::key_size),
                          std::span<const u8, A::nonce_size>(j.nonce, A::nonce_size), j.ad, j.ct,
                          std::span<const u8, A::tag_size>(j.tag, A::tag_size), j.pt);
    }

    template <bool Decrypt, class Job>
    static std::size_t run(std::span<Job> jobs, const u8* shared_key) noexcept {
        std::size_t failed = 0;
        auto reject = [&](Job& j) {
            j.status = job_status::invalid;
            if constexpr (Decrypt) secure_zero(j.pt.data(), j.pt.size());
            ++failed;
        };
        if constexpr (lanes == 1) {
            for (Job& j : jobs) {
                const u8* key = shared_key ? shared_key : j.key;
                if (!valid(j, key)) {
                    reject(j);
                } else if constexpr (Decrypt) {
                    j.status = one(j, key) ? job_status::ok : job_status::tag_mismatch;
                    failed += j.status != job_status::ok;
                } else {
                    one(j, key);
                    j.status = job_status::ok;
                }
            }
        } else {
            detail::batch::in_groups<lanes>(
                jobs,
                [&](Job& j) {
                    const bool ok = valid(j, shared_key ? shared_key : j.key);
                    if (!ok) reject(j);
                    return ok;
                },
                [](const Job& j) { return j.ad.size() + j.out_size(); },
                [&](Job* const* group, std::size_t n) {
                    failed += run_group<Decrypt>(group, n, shared_key);
                });
            detail::wipe_deep_stack();
        }
        return failed;
    }

    // Up to W jobs in the lanes; for decryption, the tags are compared here.
    template <bool Decrypt, class Job>
    static std::size_t run_group(Job* const* group, std::size_t n,
                                 const u8* shared_key) noexcept {
        using detail::batch::dummy_bytes;
        static_assert(A::key_size <= sizeof dummy_bytes && A::nonce_size <= sizeof dummy_bytes);
        lane_job lj[lanes];
        tag_array tags[lanes];
        for (std::size_t l = 0; l < lanes; ++l) {
            if (l >= n) {
                lj[l] = {dummy_bytes, dummy_bytes, dummy_bytes, 0, dummy_bytes, tags[l].data(), 0,
                         tags[l].data()};
                continue;
            }
            const Job& j = *group[l];
            const u8* key = shared_key ? shared_key : j.key;
            if constexpr (Decrypt)
                lj[l] = {key,       j.nonce,   j.ad.data(), j.ad.size(), j.ct.data(),
                         j.pt.data(), j.ct.size(), tags[l].data()};
            else
                lj[l] = {key,       j.nonce,   j.ad.data(), j.ad.size(), j.pt.data(),
                         j.ct.data(), j.pt.size(), j.tag};
        }
        kernel<Decrypt>(lj);
        std::size_t failed = 0;
        for (std::size_t l = 0; l < n; ++l) {
            Job& j = *group[l];
            j.status = job_status::ok;
            if constexpr (Decrypt) {
                const bool ok = detail::declassify(
                    detail::ct_equal(tags[l], std::span<const u8>(j.tag, A::tag_size)));
                if (!ok) {
                    secure_zero(j.pt.data(), j.pt.size());
                    j.status = job_status::tag_mismatch;
                    ++failed;
                }
            }
        }
        detail::secure_zero(tags);
        return failed;
    }

    template <bool Decrypt>
    LWC_NOINLINE static void kernel(const lane_job (&lj)[lanes]) noexcept {
        detail::batch::lanes_for<A, W>::template run<Decrypt>(lj);
    }

    static void secure_zero(u8* p, std::size_t n) noexcept { detail::secure_zero(p, n); }
};

template <Hash H, std::size_t W>
struct batch<H, W> {
    static constexpr std::size_t lanes = detail::batch::has_lanes<H, W> ? W : 1;

    // Returns how many jobs had a null digest pointer (status invalid, not run).
    static std::size_t hash(std::span<hash_job> jobs) noexcept {
        std::size_t failed = 0;
        if constexpr (lanes == 1) {
            for (hash_job& j : jobs) {
                j.status = j.digest ? job_status::ok : job_status::invalid;
                if (!j.digest) {
                    ++failed;
                    continue;
                }
                H h;
                h.update(j.msg);
                auto d = h.finalize();
                std::memcpy(j.digest, d.data(), d.size());
                detail::secure_zero(d);
            }
        } else {
            detail::batch::in_groups<lanes>(
                jobs,
                [&](hash_job& j) {
                    j.status = j.digest ? job_status::ok : job_status::invalid;
                    failed += !j.digest;
                    return j.digest != nullptr;
                },
                [](const hash_job& j) { return j.msg.size(); },
                [&](hash_job* const* group, std::size_t n) { run_group(group, n); });
            detail::wipe_deep_stack();
        }
        return failed;
    }

private:
    static void run_group(hash_job* const* group, std::size_t n) noexcept {
        using detail::batch::dummy_bytes;
        detail::batch::lane_job lj[lanes];
        std::array<std::uint8_t, H::digest_size> spare;
        for (std::size_t l = 0; l < lanes; ++l)
            lj[l] = l < n ? detail::batch::lane_job{nullptr, nullptr, nullptr, 0,
                                                     group[l]->msg.data(), nullptr,
                                                     group[l]->msg.size(), group[l]->digest}
                          : detail::batch::lane_job{nullptr, nullptr, nullptr, 0, dummy_bytes,
                                                     nullptr, 0, spare.data()};
        kernel(lj);
    }
    LWC_NOINLINE static void kernel(const detail::batch::lane_job (&lj)[lanes]) noexcept {
        detail::batch::lanes_for<H, W>::run(lj);
    }
};

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
