// SPDX-License-Identifier: MIT
// The batch API against the single-message code: random jobs of mixed lengths
// (0..300 bytes and a few KiB), a key per job or one for all, forged tags and
// ciphertexts in some lanes, counts that leave a short last group; every path
// (the loop, 8 lanes, 16 lanes: those the target has) of every registered scheme.
#include <lwc/batch.hpp>

#include <algorithm>
#include <vector>

#include "test_util.hpp"

namespace lwc::test {
namespace {

using u8 = std::uint8_t;

// Scheme x lane width: 0 is the loop over the single-message code.
template <class S, std::size_t W>
struct at_width {
    using scheme = S;
    static constexpr std::size_t width = W;
};

template <class List, class = suite<List>>
struct widths;
// The lane widths this target has registers for (wider ones would work, split in
// halves, but change the calling convention of the kernels: gcc's -Wpsabi).
template <class List, class... S>
struct widths<List, scheme_list<S...>> {
    static constexpr std::size_t n = detail::batch::native_lanes;
    using type = std::conditional_t<
        n >= 16, ::testing::Types<at_width<S, 0>..., at_width<S, 8>..., at_width<S, 16>...>,
        std::conditional_t<n >= 8, ::testing::Types<at_width<S, 0>..., at_width<S, 8>...>,
                           ::testing::Types<at_width<S, 0>...>>>;
};

std::size_t random_length(std::mt19937_64& rng) {
    return rng() % 8 == 0 ? 1024 + rng() % 3072 : rng() % 301;
}

// One message and what the single-message code makes of it.
struct sample {
    bytes key, nonce, ad, pt, ct, out, tag;

    sample(std::mt19937_64& rng, const aead_calls& a)
        : key(random_bytes(rng, a.key_size)), nonce(random_bytes(rng, a.nonce_size)),
          ad(random_bytes(rng, rng() % 4 == 0 ? random_length(rng) : rng() % 70)),
          pt(random_bytes(rng, random_length(rng))), ct(pt.size()), out(pt.size(), 0xee),
          tag(a.tag_size) {
        a.encrypt(key, nonce, ad, pt, ct, tag);
    }
};

// A scheme at one lane width through its calls, the single-message ones and the batch's,
// so that the suites below are compiled once rather than once per scheme and width.
struct batch_calls {
    aead_calls one;
    std::size_t width;
    std::size_t (*encrypt)(std::span<encrypt_job>);
    std::size_t (*decrypt)(std::span<decrypt_job>);
    std::size_t (*encrypt_with_key)(std::span<const u8> key, std::span<encrypt_job>);
    std::size_t (*decrypt_with_key)(std::span<const u8> key, std::span<decrypt_job>);
};

template <class P>
batch_calls batch_calls_of() {
    using A = typename P::scheme;
    using B = batch<A, P::width>;
    return {calls_of<A>(), P::width, [](std::span<encrypt_job> jobs) { return B::encrypt(jobs); },
            [](std::span<decrypt_job> jobs) { return B::decrypt(jobs); },
            [](std::span<const u8> key, std::span<encrypt_job> jobs) {
                return B::encrypt(exactly<A::key_size>(key), jobs);
            },
            [](std::span<const u8> key, std::span<decrypt_job> jobs) {
                return B::decrypt(exactly<A::key_size>(key), jobs);
            }};
}

// A scheme runs its lane code exactly when its family's lane file declares it
// (detail::batch::has_lanes, asked of the registry, not of a list of names here).
TEST(BatchLanes, SchemesWithLaneCode) {
    std::size_t with_lanes = 0;
    auto check = [&](auto s) {
        using S = typename decltype(s)::type;
        constexpr bool lanes = detail::batch::has_lanes<S, 8>;
        static_assert(lanes == detail::batch::has_lanes<S, 16>);
        with_lanes += lanes;
        EXPECT_EQ((batch<S, 8>::lanes), lanes ? 8u : 1u) << S::name;
        EXPECT_EQ((batch<S, 16>::lanes), lanes ? 16u : 1u) << S::name;
        EXPECT_EQ((batch<S, 0>::lanes), 1u) << S::name;
    };
    registry::aeads::for_each(check);
    registry::hashes::for_each(check);
    // Every family has lane code (12 AEADs, 5 hashes): a lane file that stopped declaring
    // its schemes would drop them to the loop, which every other test passes.
    EXPECT_EQ(with_lanes, 17u);
}

#if LWC_HAS(__AVX2__)
// Grain's lane code splits the keystream in byte shuffles and runs the authenticator in
// carry-less products where the target has them, else in shifts and masks: each against
// the scalar portable backend, lane by lane (the batch tests see only the target's path).
TEST(BatchLanes, GrainBitLevelJobs) {
    using L = detail::batch::grain128aead_lanes<8>;
    using P = detail::grain128_portable;
    using V = L::V;
    constexpr std::size_t n = sizeof(V) / 8;
    std::mt19937_64 rng(6);
    auto random_vec = [&] {
        V v;
        for (std::size_t l = 0; l < n; ++l) v[l] = rng();
        return v;
    };
    for (int i = 0; i < 200; ++i) {
        const V y0 = random_vec(), y1 = random_vec(), m = random_vec(), r = random_vec();
        V e, ra, e_bits, ra_bits;
        L::unzip(y0, y1, e, ra);
        L::unzip_bits(y0, y1, e_bits, ra_bits);
        const V d = L::mac(m, ra, r), d_bits = L::mac_bits(m, ra, r);
        for (std::size_t l = 0; l < n; ++l) {
            const std::uint64_t a = P::odd_bits(y0[l]) | P::odd_bits(y1[l]) << 32;
            EXPECT_EQ(e[l], P::even_bits(y0[l]) | P::even_bits(y1[l]) << 32);
            EXPECT_EQ(ra[l], P::reverse_bits(a));
            EXPECT_EQ(e_bits[l], e[l]);
            EXPECT_EQ(ra_bits[l], ra[l]);
            std::uint64_t acc = 0, sr = P::reverse_bits(r[l]);
            P::authenticate64(acc, sr, m[l], a);
            EXPECT_EQ(d[l], P::reverse_bits(acc));
            EXPECT_EQ(d_bits[l], d[l]);
        }
    }
}
#endif

void encrypt_matches_single_message(const batch_calls& b) {
    std::mt19937_64 rng(1);
    for (std::size_t count : {0, 1, 7, 8, 9, 16, 37, 150}) {
        std::vector<sample> s;
        for (std::size_t i = 0; i < count; ++i) s.emplace_back(rng, b.one);
        std::vector<encrypt_job> jobs(count);
        std::vector<bytes> tags(count, bytes(b.one.tag_size));
        for (std::size_t i = 0; i < count; ++i)
            jobs[i] = {s[i].key.data(), s[i].nonce.data(), s[i].ad, s[i].pt, s[i].out,
                       tags[i].data(), job_status::invalid};
        // Grain's AD length prefix grows from one byte to two at 128 (three at 256).
        auto has_ad = [&](std::size_t from, std::size_t to) {
            return std::any_of(s.begin(), s.end(),
                               [&](auto& x) { return x.ad.size() >= from && x.ad.size() < to; });
        };
        if (count == 150) {
            EXPECT_TRUE(has_ad(128, 256) && has_ad(256, SIZE_MAX));
        }
        EXPECT_EQ(b.encrypt(jobs), 0u);
        for (std::size_t i = 0; i < count; ++i) {
            EXPECT_EQ(jobs[i].status, job_status::ok);
            EXPECT_EQ(s[i].out, s[i].ct) << "job " << i << " of " << count;
            EXPECT_EQ(tags[i], s[i].tag) << "job " << i << " of " << count;
        }
    }
}

void decrypt_reports_each_job(const batch_calls& b) {
    std::mt19937_64 rng(2);
    const std::size_t count = 41;
    std::vector<sample> s;
    for (std::size_t i = 0; i < count; ++i) s.emplace_back(rng, b.one);
    std::vector<decrypt_job> jobs(count);
    std::vector<bool> forged(count);
    std::size_t forgeries = 0;
    for (std::size_t i = 0; i < count; ++i) {
        forged[i] = rng() % 3 == 0;
        if (forged[i]) {
            // A flipped bit in the tag, the ciphertext or the AD (whichever exists).
            const auto what = rng() % 3;
            if (what == 1 && !s[i].ct.empty())
                s[i].ct[rng() % s[i].ct.size()] ^= 1;
            else if (what == 2 && !s[i].ad.empty())
                s[i].ad[rng() % s[i].ad.size()] ^= 0x80;
            else
                s[i].tag[rng() % b.one.tag_size] ^= 4;
            ++forgeries;
        }
        jobs[i] = {s[i].key.data(), s[i].nonce.data(), s[i].ad, s[i].ct, s[i].tag.data(),
                   s[i].out};
    }
    EXPECT_EQ(b.decrypt(jobs), forgeries);
    for (std::size_t i = 0; i < count; ++i) {
        EXPECT_EQ(jobs[i].status, forged[i] ? job_status::tag_mismatch : job_status::ok) << i;
        EXPECT_EQ(s[i].out, forged[i] ? bytes(s[i].pt.size(), 0) : s[i].pt) << "job " << i;
    }
}

// One key for all jobs; in place; invalid jobs skipped without disturbing the others.
void shared_key_in_place_and_invalid_jobs(const batch_calls& b) {
    const aead_calls& a = b.one;
    std::mt19937_64 rng(3);
    const bytes key = random_bytes(rng, a.key_size);
    const std::size_t count = 19;
    std::vector<sample> s;
    s.reserve(count);  // the jobs point into the samples
    std::vector<encrypt_job> enc(count);
    std::vector<bytes> tags(count, bytes(a.tag_size));
    for (std::size_t i = 0; i < count; ++i) {
        s.emplace_back(rng, a);
        s[i].key = key;
        a.encrypt(key, s[i].nonce, s[i].ad, s[i].pt, s[i].ct, s[i].tag);
        s[i].out = s[i].pt;
        enc[i] = {nullptr, s[i].nonce.data(), s[i].ad, s[i].out, s[i].out, tags[i].data()};
    }
    bytes short_out(3);
    enc[5].ct = short_out;  // wrong size
    enc[11].tag = nullptr;
    EXPECT_EQ(b.encrypt_with_key(key, enc), 2u);
    for (std::size_t i = 0; i < count; ++i) {
        if (i == 5 || i == 11) {
            EXPECT_EQ(enc[i].status, job_status::invalid);
            continue;
        }
        EXPECT_EQ(enc[i].status, job_status::ok);
        EXPECT_EQ(s[i].out, s[i].ct) << i;
        EXPECT_EQ(tags[i], s[i].tag) << i;
    }
    std::vector<decrypt_job> dec(count);
    for (std::size_t i = 0; i < count; ++i)
        dec[i] = {nullptr, s[i].nonce.data(), s[i].ad, s[i].ct, s[i].tag.data(), s[i].ct};
    bytes wrong(s[4].ct.size() + 1, 0xee);
    dec[4].pt = wrong;
    EXPECT_EQ(b.decrypt_with_key(key, dec), 1u);
    EXPECT_EQ(dec[4].status, job_status::invalid);
    EXPECT_EQ(wrong, bytes(wrong.size(), 0));
    for (std::size_t i = 0; i < count; ++i) {
        if (i == 4) continue;
        EXPECT_EQ(s[i].ct, s[i].pt) << i;
    }
}

// Every pair of short lengths around the block sizes, in one batch: empty AD, empty
// message, both empty (the mode's special cases), full and short last blocks.
void short_lengths_around_blocks(const batch_calls& b) {
    const aead_calls& a = b.one;
    std::mt19937_64 rng(5);
    constexpr std::size_t lengths[] = {0, 1, 3, 4, 5, 15, 16, 17, 23, 24, 31, 32, 33, 44, 45};
    std::vector<sample> s;
    s.reserve(std::size(lengths) * std::size(lengths));
    for (std::size_t ad_len : lengths)
        for (std::size_t len : lengths) {
            sample& x = s.emplace_back(rng, a);
            x.ad = random_bytes(rng, ad_len);
            x.pt = random_bytes(rng, len);
            x.ct.resize(len);
            x.out.assign(len, 0xee);
            a.encrypt(x.key, x.nonce, x.ad, x.pt, x.ct, x.tag);
        }
    std::vector<encrypt_job> enc(s.size());
    std::vector<bytes> tags(s.size(), bytes(a.tag_size));
    for (std::size_t i = 0; i < s.size(); ++i)
        enc[i] = {s[i].key.data(), s[i].nonce.data(), s[i].ad, s[i].pt, s[i].out, tags[i].data()};
    EXPECT_EQ(b.encrypt(enc), 0u);
    for (std::size_t i = 0; i < s.size(); ++i) {
        EXPECT_EQ(s[i].out, s[i].ct) << "AD " << s[i].ad.size() << ", message " << s[i].pt.size();
        EXPECT_EQ(tags[i], s[i].tag) << "AD " << s[i].ad.size() << ", message " << s[i].pt.size();
    }
    std::vector<decrypt_job> dec(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        s[i].out.assign(s[i].pt.size(), 0xee);
        dec[i] = {s[i].key.data(), s[i].nonce.data(), s[i].ad, s[i].ct, s[i].tag.data(), s[i].out};
    }
    EXPECT_EQ(b.decrypt(dec), 0u);
    for (std::size_t i = 0; i < s.size(); ++i)
        EXPECT_EQ(s[i].out, s[i].pt) << "AD " << s[i].ad.size() << ", message " << s[i].pt.size();
}

// Every scheme at every width the machine has.
std::vector<batch_calls> each_scheme_and_width() {
    constexpr std::size_t n = detail::batch::native_lanes;
    std::vector<batch_calls> v;
    auto add = [&v]<std::size_t W>() {
        const auto w = each_scheme<registry::aeads>(
            []<class S>() { return batch_calls_of<at_width<S, W>>(); });
        v.insert(v.end(), w.begin(), w.end());
    };
    add.template operator()<0>();
    if constexpr (n >= 8) add.template operator()<8>();
    if constexpr (n >= 16) add.template operator()<16>();
    return v;
}
std::ostream& operator<<(std::ostream& os, const batch_calls& b) {
    return os << b.one.name << " at width " << b.width;
}

class BatchAead : public ::testing::TestWithParam<batch_calls> {};
INSTANTIATE_TEST_SUITE_P(
    All, BatchAead, ::testing::ValuesIn(each_scheme_and_width()),
    [](const ::testing::TestParamInfo<batch_calls>& info) {
        return scheme_test_name(info.index, info.param.one.name) + "_w" +
               std::to_string(info.param.width);
    });

TEST_P(BatchAead, EncryptMatchesSingleMessage) { encrypt_matches_single_message(GetParam()); }
TEST_P(BatchAead, DecryptReportsEachJob) { decrypt_reports_each_job(GetParam()); }
TEST_P(BatchAead, SharedKeyInPlaceAndInvalidJobs) {
    shared_key_in_place_and_invalid_jobs(GetParam());
}
TEST_P(BatchAead, ShortLengthsAroundBlocks) { short_lengths_around_blocks(GetParam()); }

template <class P>
class BatchHash : public ::testing::Test {};
TYPED_TEST_SUITE_P(BatchHash);

TYPED_TEST_P(BatchHash, MatchesSingleMessage) {
    using H = typename TypeParam::scheme;
    using B = batch<H, TypeParam::width>;
    std::mt19937_64 rng(4);
    for (std::size_t count : {0, 1, 8, 23, 40, 150}) {
        std::vector<bytes> msgs;
        std::vector<std::array<u8, H::digest_size>> out(count);
        std::vector<hash_job> jobs(count);
        for (std::size_t i = 0; i < count; ++i) msgs.push_back(random_bytes(rng, random_length(rng)));
        for (std::size_t i = 0; i < count; ++i) jobs[i] = {msgs[i], out[i].data()};
        if (count > 3) jobs[3].digest = nullptr;
        EXPECT_EQ(B::hash(jobs), count > 3 ? 1u : 0u);
        for (std::size_t i = 0; i < count; ++i) {
            if (i == 3) {
                EXPECT_EQ(jobs[i].status, job_status::invalid);
                continue;
            }
            EXPECT_EQ(jobs[i].status, job_status::ok);
            EXPECT_EQ(out[i], lwc::hash<H>(msgs[i])) << "job " << i << " length " << msgs[i].size();
        }
    }
}

// Every length 0..80 in one batch: the short messages that are the initial state, the
// first absorbed blocks, full and short last blocks.
TYPED_TEST_P(BatchHash, ShortLengths) {
    using H = typename TypeParam::scheme;
    using B = batch<H, TypeParam::width>;
    std::mt19937_64 rng(6);
    const std::size_t count = 81;
    std::vector<bytes> msgs;
    std::vector<std::array<u8, H::digest_size>> out(count);
    std::vector<hash_job> jobs(count);
    for (std::size_t i = 0; i < count; ++i) msgs.push_back(random_bytes(rng, i));
    for (std::size_t i = 0; i < count; ++i) jobs[i] = {msgs[i], out[i].data()};
    EXPECT_EQ(B::hash(jobs), 0u);
    for (std::size_t i = 0; i < count; ++i)
        EXPECT_EQ(out[i], lwc::hash<H>(msgs[i])) << "length " << i;
}

REGISTER_TYPED_TEST_SUITE_P(BatchHash, MatchesSingleMessage, ShortLengths);
INSTANTIATE_TYPED_TEST_SUITE_P(All, BatchHash, widths<registry::hashes>::type);

}  // namespace
}  // namespace lwc::test
