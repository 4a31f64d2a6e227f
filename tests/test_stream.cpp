// SPDX-License-Identifier: MIT
// The stream format (include/lwc/stream.hpp, docs/stream-format.md): known answers from
// tests/stream, round trips for every AEAD path around chunk boundaries, and one test per
// attack the format must detect, each failing when the check that covers it is removed.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>

#include <lwc/ascon.hpp>
#include <lwc/stream.hpp>

#include "test_util.hpp"

namespace lwc::test {
namespace {

namespace ls = lwc::stream;
using ls::status;

const std::string stream_dir = kat_dir() + "/../stream";

template <class A>
using key_t = std::array<std::uint8_t, A::key_size>;
using salt_t = std::array<std::uint8_t, ls::salt_size>;

template <class A>
bytes seal_whole(const key_t<A>& key, const salt_t& salt, std::uint32_t c, const bytes& pt) {
    bytes out(ls::sealed_size<A>(pt.size(), c));
    EXPECT_EQ(ls::encrypt<A>(key, salt, c, pt, out), status::ok);
    return out;
}

// Whole-buffer decryption: the status, and the plaintext (zeros on failure).
template <class A>
std::pair<status, bytes> open_whole(const key_t<A>& key, const bytes& stream) {
    std::uint64_t n = 0;
    const status s = ls::plaintext_size<A>(stream, n);
    bytes out(s == status::ok ? n : 0, 0xa5);
    const status d = ls::decrypt<A>(key, stream, out);
    if (s != status::ok) return {s, out};
    return {d, out};
}

// Sequential decryption chunk by chunk through pull(), as a streaming reader does it:
// the sealed chunks as given (each with its `last` from reading ahead), then finish().
template <class A>
std::pair<status, bytes> pull_chunks(const key_t<A>& key, const bytes& header,
                                     const std::vector<bytes>& chunks) {
    ls::decryptor<A> d;
    bytes pt;
    status s = d.open(key, header);
    for (std::size_t i = 0; s == status::ok && i < chunks.size(); ++i) {
        bytes out(chunks[i].size() - std::min(chunks[i].size(), A::tag_size), 0xa5);
        s = d.pull(chunks[i], out, i + 1 == chunks.size());
        if (s != status::ok) {
            EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; }))
                << "a failed chunk released plaintext";
        }
        pt.insert(pt.end(), out.begin(), out.end());
    }
    if (s == status::ok) s = d.finish();
    return {s, pt};
}

// A stream cut into header and sealed chunks (by its own layout).
template <class A>
std::pair<bytes, std::vector<bytes>> split(const bytes& stream) {
    ls::layout l;
    const auto info = ls::peek_header(stream);
    EXPECT_EQ(ls::make_layout(info.size, info.chunk_size, A::tag_size, stream.size(), l), status::ok);
    std::vector<bytes> chunks;
    for (std::uint64_t i = 0; i < l.chunks; ++i)
        chunks.emplace_back(stream.begin() + l.offset(i), stream.begin() + l.offset(i) + l.sealed_size(i));
    return {bytes(stream.begin(), stream.begin() + ls::header_size<A>), chunks};
}

template <class A>
bytes join(const bytes& header, const std::vector<bytes>& chunks) {
    bytes out = header;
    for (const auto& c : chunks) out.insert(out.end(), c.begin(), c.end());
    return out;
}

bytes pattern(std::size_t n, std::uint8_t seed = 0) {
    bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = std::uint8_t(i * 7 + seed);
    return b;
}

std::string to_hex(const bytes& b) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    for (auto x : b) s += {digits[x >> 4], digits[x & 15]};
    return s;
}

// --- every AEAD path ---------------------------------------------------------------------

// A scheme's stream calls, each an adaptor onto the scheme's encryptor and decryptor, so
// that the checks below are compiled once rather than once per scheme (docs/testing.md,
// "generic suite"). A status other than ok ends a call with what it had.
struct stream_calls {
    using in = std::span<const std::uint8_t>;
    std::string_view name;
    std::size_t key_size, tag_size, header_size;
    // The whole stream through the one-call helpers.
    bytes (*seal)(in key, in salt, std::uint32_t c, in pt);
    std::pair<status, bytes> (*open)(in key, in stream);
    // Chunk by chunk, each chunk encrypted in place in its buffer (push).
    std::pair<status, bytes> (*seal_chunks)(in key, in salt, std::uint32_t c, in pt);
    // Chunk by chunk as split by the stream's layout, each decrypted in place (pull).
    std::pair<status, bytes> (*pull_chunks)(in key, in stream);
    // Bytes start .. start + out.size() of the plaintext (decrypt_range).
    status (*read_range)(in key, in stream, std::uint64_t start, std::span<std::uint8_t> out);
};

// Out of the adaptors: clang 14 refuses exactly<ls::salt_size> there (a non-dependent
// explicit argument in a lambda of a template).
std::span<const std::uint8_t, ls::salt_size> salt_span(std::span<const std::uint8_t> s) {
    return exactly<ls::salt_size>(s);
}

template <class A>
stream_calls stream_calls_of() {
    using in = stream_calls::in;
    constexpr std::size_t k = A::key_size, t = A::tag_size, h = ls::header_size<A>;
    return {A::name, k, t, h,
            [](in key, in salt, std::uint32_t c, in pt) {
                bytes out(ls::sealed_size<A>(pt.size(), c));
                const status st = ls::encrypt<A>(exactly<k>(key), salt_span(salt), c, pt, out);
                return st == status::ok ? out : bytes();
            },
            [](in key, in stream) {
                key_t<A> kk;
                std::copy_n(key.begin(), k, kk.begin());
                return open_whole<A>(kk, bytes(stream.begin(), stream.end()));
            },
            [](in key, in salt, std::uint32_t c, in pt) -> std::pair<status, bytes> {
                ls::encryptor<A> e;
                bytes stream(h);
                status st = e.begin(exactly<k>(key), salt_span(salt), c,
                                    std::span<std::uint8_t, h>(stream));
                for (std::size_t done = 0; st == status::ok && !e.finished();) {
                    const std::size_t n = std::min<std::size_t>(c, pt.size() - done);
                    bytes buf(pt.begin() + done, pt.begin() + done + n);
                    buf.resize(n + t);
                    st = e.push(std::span(buf).first(n), buf, done + n == pt.size());
                    stream.insert(stream.end(), buf.begin(), buf.end());
                    done += n;
                }
                return {st, stream};
            },
            [](in key, in stream) -> std::pair<status, bytes> {
                auto [header, chunks] = split<A>(bytes(stream.begin(), stream.end()));
                ls::decryptor<A> d;
                status st = d.open(exactly<k>(key), header);
                bytes pt;
                for (std::size_t i = 0; st == status::ok && i < chunks.size(); ++i) {
                    bytes& sc = chunks[i];
                    st = d.pull(sc, std::span(sc).first(sc.size() - t), i + 1 == chunks.size());
                    pt.insert(pt.end(), sc.begin(), sc.end() - t);
                }
                if (st == status::ok) st = d.finish();
                return {st, pt};
            },
            [](in key, in stream, std::uint64_t start, std::span<std::uint8_t> out) {
                ls::decryptor<A> d;
                if (const status st = d.open(exactly<k>(key), stream.first(h)); st != status::ok)
                    return st;
                bytes work(ls::peek_header(stream).chunk_size + t);
                auto reader = [&](std::uint64_t off, std::span<std::uint8_t> into) {
                    if (off + into.size() > stream.size()) return false;
                    std::copy_n(stream.begin() + off, into.size(), into.begin());
                    return true;
                };
                return ls::decrypt_range(d, stream.size(), start, out, work, reader);
            }};
}

std::ostream& operator<<(std::ostream& os, const stream_calls& s) { return os << s.name; }

const std::vector<stream_calls> defaults =
    each_scheme<registry::aeads>([]<class A>() { return stream_calls_of<A>(); });

class StreamTest : public ::testing::TestWithParam<stream_calls> {};
INSTANTIATE_TEST_SUITE_P(Each, StreamTest,
                         ::testing::ValuesIn(each_scheme<registry::all_aeads>(
                             []<class A>() { return stream_calls_of<A>(); })),
                         named_for_scheme);

std::vector<std::size_t> lengths_around(std::size_t c) {
    return {0, 1, 2, c - 1, c, c + 1, 2 * c - 1, 2 * c, 2 * c + 1, 3 * c + 17, 5 * c};
}

void round_trip_around_chunk_boundaries(const stream_calls& a) {
    std::mt19937_64 rng{0x57e4a + a.key_size};
    for (std::uint32_t c : {64u, 100u, 1000u}) {
        for (std::size_t n : lengths_around(c)) {
            SCOPED_TRACE(std::string(a.name) + " chunk " + std::to_string(c) + " length " + std::to_string(n));
            const bytes key = random_bytes(rng, a.key_size), salt = random_bytes(rng, ls::salt_size);
            const bytes pt = random_bytes(rng, n);
            const bytes stream = a.seal(key, salt, c, pt);
            ASSERT_EQ(stream.size(), a.header_size + n +
                                         std::max<std::size_t>(1, (n + c - 1) / c) * a.tag_size);
            auto [s, back] = a.open(key, stream);
            ASSERT_EQ(s, status::ok) << ls::message(s);
            ASSERT_EQ(back, pt);

            // Chunk by chunk, in place: the same bytes as the whole-buffer helper.
            auto [es, inplace] = a.seal_chunks(key, salt, c, pt);
            ASSERT_EQ(es, status::ok) << ls::message(es);
            ASSERT_EQ(inplace, stream);
            if (n >= 16) {  // a cipher that leaves the plaintext alone fails here
                ASSERT_EQ(std::search(stream.begin(), stream.end(), pt.begin(), pt.begin() + 16), stream.end());
            }

            // Pull in place.
            auto [ds, again] = a.pull_chunks(key, stream);
            ASSERT_EQ(ds, status::ok) << ls::message(ds);
            ASSERT_EQ(again, pt);
        }
    }
}

// The compiled paths of one scheme write and read the same streams (the format names the
// scheme, not the path): each variant against the registry's default of its name.
void same_stream_as_the_default_path(const stream_calls& a) {
    std::mt19937_64 rng{0x57e4a + a.key_size};
    const bytes key = random_bytes(rng, a.key_size), salt = random_bytes(rng, ls::salt_size);
    const bytes pt = random_bytes(rng, 777);
    const bytes mine = a.seal(key, salt, 64, pt);
    const auto d = std::find_if(defaults.begin(), defaults.end(),
                                [&](const stream_calls& s) { return s.name == a.name; });
    ASSERT_NE(d, defaults.end()) << a.name << ": no registry default of that name";
    EXPECT_EQ(d->seal(key, salt, 64, pt), mine);
    EXPECT_EQ(d->open(key, mine).second, pt);
    EXPECT_EQ(a.open(key, d->seal(key, salt, 64, pt)).second, pt);
}

void random_access_every_range_of_a_small_stream(const stream_calls& a) {
    std::mt19937_64 rng{0x57e4a + a.key_size};
    const bytes key = random_bytes(rng, a.key_size), salt = random_bytes(rng, ls::salt_size);
    const std::uint32_t c = 64;
    const bytes pt = random_bytes(rng, 3 * c + 5);
    const bytes stream = a.seal(key, salt, c, pt);
    for (std::size_t start = 0; start <= pt.size(); start += 3) {
        for (std::size_t end = start; end <= pt.size(); end += 5) {
            bytes out(end - start);
            ASSERT_EQ(a.read_range(key, stream, start, out), status::ok)
                << a.name << " " << start << ":" << end;
            ASSERT_TRUE(std::equal(out.begin(), out.end(), pt.begin() + start)) << start << ":" << end;
        }
    }
    bytes past(2);
    EXPECT_EQ(a.read_range(key, stream, pt.size() - 1, past), status::bad_range);
}

TEST_P(StreamTest, RoundTripAroundChunkBoundaries) { round_trip_around_chunk_boundaries(GetParam()); }
TEST_P(StreamTest, SameStreamAsTheDefaultPath) { same_stream_as_the_default_path(GetParam()); }
TEST_P(StreamTest, RandomAccessEveryRangeOfASmallStream) {
    random_access_every_range_of_a_small_stream(GetParam());
}

// --- known answers -----------------------------------------------------------------------

using record = std::map<std::string, std::string>;

std::vector<record> read_vectors(const std::string& name) {
    std::ifstream in(stream_dir + "/" + name + ".txt");
    if (!in) throw std::runtime_error("cannot open " + stream_dir + "/" + name + ".txt");
    std::vector<record> out;
    record cur;
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find(" = ");
        if (line.empty() || line[0] == '#' || eq == std::string::npos) {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
            continue;
        }
        cur[line.substr(0, eq)] = line.substr(eq + 3);
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    return out;
}

// The records: lengths around the chunk size and two chunk sizes, plaintext i*7 mod 256.
template <class A>
std::vector<record> make_vectors() {
    std::vector<record> out;
    for (std::uint32_t c : {64u, 100u}) {
        for (std::size_t n : {0u, 1u, 63u, 64u, 65u, 100u, 200u, 201u}) {
            const bytes key = pattern(A::key_size, 0x10), salt = pattern(ls::salt_size, std::uint8_t(0x80 + n + c));
            const bytes pt = pattern(n);
            key_t<A> k;
            salt_t s;
            std::copy(key.begin(), key.end(), k.begin());
            std::copy(salt.begin(), salt.end(), s.begin());
            const bytes stream = seal_whole<A>(k, s, c, pt);
            ls::detail::file_keys<A> fk;
            fk.derive(k, std::span(stream).first(ls::header_size<A> - ls::header_tag_size));
            record r;
            r["Count"] = std::to_string(out.size());
            r["Key"] = to_hex(key);
            r["Salt"] = to_hex(salt);
            r["ChunkSize"] = std::to_string(c);
            r["PT"] = to_hex(pt);
            r["HeaderTag"] = to_hex(bytes(fk.header_tag.begin(), fk.header_tag.end()));
            r["FileKey"] = to_hex(bytes(fk.key.begin(), fk.key.end()));
            r["NonceBase"] = to_hex(bytes(fk.nonce_base.begin(), fk.nonce_base.end()));
            r["Stream"] = to_hex(stream);
            out.push_back(r);
        }
    }
    return out;
}

// Chunk i is AEAD(FileKey, NonceBase xor (be64(i) || last), AD empty, PT chunk i), as
// docs/stream-format.md says, written here from the text rather than from stream.hpp.
template <class A>
void expect_chunks_as_specified(const record& r) {
    const bytes key = from_hex(r.at("FileKey")), base = from_hex(r.at("NonceBase")),
                pt = from_hex(r.at("PT")), stream = from_hex(r.at("Stream"));
    const std::size_t c = std::stoul(r.at("ChunkSize")), n = std::max<std::size_t>(1, (pt.size() + c - 1) / c);
    std::size_t at = ls::header_size<A>;
    for (std::size_t i = 0; i < n; ++i) {
        bytes nonce = base;
        for (int b = 0; b < 8; ++b) nonce[nonce.size() - 9 + b] ^= std::uint8_t(std::uint64_t(i) >> (56 - 8 * b));
        nonce.back() ^= i + 1 == n;
        const bytes chunk(pt.begin() + i * c, pt.begin() + std::min(pt.size(), (i + 1) * c));
        const bytes sealed = seal<A>(std::span<const std::uint8_t, A::key_size>(key.data(), A::key_size),
                                     std::span<const std::uint8_t, A::nonce_size>(nonce.data(), A::nonce_size),
                                     {}, chunk);
        ASSERT_TRUE(std::equal(sealed.begin(), sealed.end(), stream.begin() + at)) << "chunk " << i;
        at += sealed.size();
    }
    ASSERT_EQ(at, stream.size());
}

const char* const vector_fields[] = {"Count", "Key", "Salt", "ChunkSize", "PT",
                                     "HeaderTag", "FileKey", "NonceBase", "Stream"};
// One of each family (Elephant-Dumbo: a 12-byte nonce and an 8-byte tag; Romulus-M: two
// passes, its tag the IV of its encryption).
using vector_schemes = scheme_list<AsconAead128, XoodyakAead, TinyJambu128, Grain128Aead,
                                   Schwaemm256_128, ElephantDumbo, GiftCofb, IsapA128A, RomulusM>;

TEST(StreamVectors, KnownAnswers) {
    vector_schemes::for_each([](auto s) {
        using A = typename decltype(s)::type;
        SCOPED_TRACE(std::string(A::name));
        const auto records = read_vectors(std::string(A::name));
        const auto expected = make_vectors<A>();
        ASSERT_EQ(records.size(), expected.size());
        for (std::size_t i = 0; i < records.size(); ++i) {
            for (const char* f : vector_fields) ASSERT_EQ(records[i].at(f), expected[i].at(f)) << f << " Count " << i;
            key_t<A> k;
            const bytes key = from_hex(records[i].at("Key"));
            std::copy(key.begin(), key.end(), k.begin());
            auto [st, pt] = open_whole<A>(k, from_hex(records[i].at("Stream")));
            ASSERT_EQ(st, status::ok);
            ASSERT_EQ(pt, from_hex(records[i].at("PT")));
            expect_chunks_as_specified<A>(records[i]);
        }
    });
}

// Writes tests/stream/*.txt (run with --gtest_also_run_disabled_tests).
TEST(StreamVectors, DISABLED_Write) {
    vector_schemes::for_each([](auto s) {
        using A = typename decltype(s)::type;
        std::ofstream out(stream_dir + "/" + std::string(A::name) + ".txt");
        out << "# lwc stream format version 1, " << A::name
            << " (docs/stream-format.md). Key, Salt, ChunkSize, PT: inputs;\n"
               "# HeaderTag || FileKey || NonceBase: the Ascon-CXOF128 output; Stream: header || chunks.\n";
        for (const auto& r : make_vectors<A>()) {
            out << "\n";
            for (const char* f : vector_fields) out << f << " = " << r.at(f) << "\n";
        }
    });
}

// --- what the format detects (Xoodyak: 16-byte tag; TinyJambu: 12-byte nonce, 8-byte tag) --

template <class A>
class StreamAttack : public ::testing::Test {
protected:
    static constexpr std::uint32_t c = 64;
    std::mt19937_64 rng{0xa77ac4};
    const key_t<A> key = random_array<A::key_size>(rng);
    bytes pt = random_bytes(rng, 3 * c + 10);  // four chunks, the last of 10 bytes
    bytes stream = seal(pt);

    bytes seal(const bytes& p) { return seal_whole<A>(key, random_array<ls::salt_size>(rng), c, p); }
    void expect_rejected(const bytes& s, const char* what) {
        auto [st, out] = open_whole<A>(key, s);
        EXPECT_NE(st, status::ok) << what;
        EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; })) << what;
        if (s.size() >= ls::header_size<A>) {
            auto [h, chunks] = split_any(s);
            EXPECT_NE(pull_chunks<A>(key, h, chunks).first, status::ok) << what << " (pull)";
        }
    }
    // Cuts any byte string as a reader would: header, then full sealed chunks, the rest last.
    static std::pair<bytes, std::vector<bytes>> split_any(const bytes& s) {
        const std::size_t h = ls::header_size<A>, full = c + A::tag_size;
        std::vector<bytes> chunks;
        for (std::size_t at = h; at < s.size() || chunks.empty(); at += full)
            chunks.emplace_back(s.begin() + std::min(at, s.size()), s.begin() + std::min(at + full, s.size()));
        return {bytes(s.begin(), s.begin() + h), chunks};
    }
};

using attack_aeads = ::testing::Types<XoodyakAead, TinyJambu128>;
TYPED_TEST_SUITE(StreamAttack, attack_aeads);

TYPED_TEST(StreamAttack, TruncationAtEveryLength) {
    ASSERT_EQ(open_whole<TypeParam>(this->key, this->stream).first, status::ok);
    for (std::size_t n = 0; n < this->stream.size(); ++n)
        this->expect_rejected(bytes(this->stream.begin(), this->stream.begin() + n),
                              ("truncated to " + std::to_string(n)).c_str());
}

// Dropping the final chunk leaves full chunks only: the new last one was sealed as not
// last, which only the last-chunk flag in the nonce reveals.
TYPED_TEST(StreamAttack, TruncationAtAChunkBoundaryIsAVerificationFailure) {
    using A = TypeParam;
    auto [h, chunks] = split<A>(this->stream);
    chunks.pop_back();
    EXPECT_EQ(pull_chunks<A>(this->key, h, chunks).first, status::chunk_mismatch);
    EXPECT_EQ(open_whole<A>(this->key, join<A>(h, chunks)).first, status::chunk_mismatch);
}

TYPED_TEST(StreamAttack, RemovedReorderedDuplicatedChunks) {
    using A = TypeParam;
    auto [h, chunks] = split<A>(this->stream);
    ASSERT_EQ(chunks.size(), 4u);
    const std::vector<bytes> removed{chunks[0], chunks[2], chunks[3]},
        reordered{chunks[0], chunks[2], chunks[1], chunks[3]},
        duplicated{chunks[0], chunks[1], chunks[1], chunks[2], chunks[3]};
    for (const auto* v : {&removed, &reordered, &duplicated}) {
        EXPECT_EQ(pull_chunks<A>(this->key, h, *v).first, status::chunk_mismatch);
        EXPECT_EQ(open_whole<A>(this->key, join<A>(h, *v)).first, status::chunk_mismatch);
    }
    // The first chunk moved to the end (a full chunk as the last one).
    auto rotated = chunks;
    rotated.pop_back();
    std::rotate(rotated.begin(), rotated.begin() + 1, rotated.end());
    EXPECT_EQ(pull_chunks<A>(this->key, h, rotated).first, status::chunk_mismatch);
}

TYPED_TEST(StreamAttack, DataAfterTheFinalChunk) {
    using A = TypeParam;
    // A stream whose last chunk is full, followed by a copy of it, by one byte, by a tag's
    // worth and by a whole chunk: the true final chunk is then read as not last.
    const bytes exact = this->seal(pattern(2 * this->c));
    auto [h, chunks] = split<A>(exact);
    for (std::size_t extra : {std::size_t(1), A::tag_size, A::tag_size + 1, this->c + A::tag_size}) {
        bytes s = exact;
        s.insert(s.end(), extra, 0);
        this->expect_rejected(s, ("appended " + std::to_string(extra)).c_str());
    }
    bytes copy = exact;
    copy.insert(copy.end(), chunks.back().begin(), chunks.back().end());
    EXPECT_EQ(open_whole<A>(this->key, copy).first, status::chunk_mismatch);
    // A reader that keeps pulling after the final chunk is refused.
    ls::decryptor<A> d;
    ASSERT_EQ(d.open(this->key, h), status::ok);
    bytes out(this->c);
    ASSERT_EQ(d.pull(chunks[0], out, false), status::ok);
    ASSERT_EQ(d.pull(chunks[1], out, true), status::ok);
    EXPECT_EQ(d.pull(chunks[1], out, true), status::bad_state);
    // A reader that sees more data after the final chunk hands it on as not final: the
    // last-chunk flag in its nonce refuses it.
    ls::decryptor<A> d2;
    ASSERT_EQ(d2.open(this->key, h), status::ok);
    ASSERT_EQ(d2.pull(chunks[0], out, false), status::ok);
    EXPECT_EQ(d2.pull(chunks[1], out, false), status::chunk_mismatch);
}

TYPED_TEST(StreamAttack, EveryHeaderBitAndTheChunkSize) {
    using A = TypeParam;
    const std::size_t hs = ls::header_size<A>;
    for (std::size_t bit = 0; bit < 8 * hs; ++bit) {
        bytes s = this->stream;
        s[bit / 8] ^= std::uint8_t(1u << (bit % 8));
        ls::decryptor<A> d;
        EXPECT_NE(d.open(this->key, std::span(s).first(hs)), status::ok) << "header bit " << bit;
        this->expect_rejected(s, "header bit");
    }
    // Another valid chunk size, in a header otherwise intact: the header tag catches it.
    for (std::uint32_t other : {this->c * 2, this->c + 1, std::uint32_t(ls::min_chunk_size)}) {
        if (other == this->c) continue;
        bytes s = this->stream;
        lwc::detail::store32_le(s.data() + 8, other);
        ls::decryptor<A> d;
        EXPECT_EQ(d.open(this->key, std::span(s).first(hs)), status::header_mismatch) << other;
    }
}

TYPED_TEST(StreamAttack, WrongKeyIsReportedAtTheHeader) {
    using A = TypeParam;
    auto other = this->key;
    other[0] ^= 1;
    ls::decryptor<A> d;
    EXPECT_EQ(d.open(other, std::span(this->stream).first(ls::header_size<A>)), status::header_mismatch);
}

// The per-file key depends on the header (salt included), beside the header tag: even
// with the tag check gone, a changed header could not open a chunk.
TYPED_TEST(StreamAttack, FileKeysDependOnEveryHeaderField) {
    using A = TypeParam;
    const std::size_t body = ls::header_size<A> - ls::header_tag_size;
    ls::detail::file_keys<A> base;
    base.derive(this->key, std::span(this->stream).first(body));
    for (std::size_t i = 0; i < body; ++i) {
        bytes h(this->stream.begin(), this->stream.begin() + body);
        h[i] ^= 0x80;
        ls::detail::file_keys<A> k;
        k.derive(this->key, h);
        EXPECT_NE(k.key, base.key) << i;
        EXPECT_NE(k.nonce_base, base.nonce_base) << i;
        EXPECT_NE(k.header_tag, base.header_tag) << i;
    }
}

TYPED_TEST(StreamAttack, ChunkFromAnotherFileUnderTheSameKey) {
    using A = TypeParam;
    const bytes other = this->seal(this->pt);  // same key and plaintext, another salt
    auto [h, chunks] = split<A>(this->stream);
    auto [h2, chunks2] = split<A>(other);
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        auto spliced = chunks;
        spliced[i] = chunks2[i];
        EXPECT_EQ(pull_chunks<A>(this->key, h, spliced).first, status::chunk_mismatch) << i;
    }
    EXPECT_EQ(pull_chunks<A>(this->key, h2, chunks).first, status::chunk_mismatch);
}

// A validly sealed empty final chunk after full ones (forged here with the file's keys):
// refused for the rule alone, since only an empty file may end in an empty chunk.
TYPED_TEST(StreamAttack, EmptyFinalChunkAfterData) {
    using A = TypeParam;
    const bytes exact = this->seal(pattern(2 * this->c));
    auto [h, chunks] = split<A>(exact);
    ls::detail::file_keys<A> k;
    k.derive(this->key, std::span(h).first(h.size() - ls::header_tag_size));
    auto reseal = [&](std::uint64_t i, bool last, const bytes& p) {
        std::array<std::uint8_t, A::nonce_size> nonce;
        k.chunk_nonce(i, last, nonce);
        bytes out(p.size() + A::tag_size);
        A::encrypt(k.key, nonce, {}, p, std::span(out).first(p.size()), std::span(out).template last<A::tag_size>());
        return out;
    };
    const bytes p = pattern(2 * this->c);
    chunks[1] = reseal(1, false, bytes(p.begin() + this->c, p.end()));
    chunks.push_back(reseal(2, true, {}));
    EXPECT_EQ(pull_chunks<A>(this->key, h, chunks).first, status::empty_final_chunk);
    EXPECT_EQ(open_whole<A>(this->key, join<A>(h, chunks)).first, status::empty_final_chunk);
    ls::layout l;
    EXPECT_EQ(ls::make_layout(h.size(), this->c, A::tag_size, join<A>(h, chunks).size(), l),
              status::empty_final_chunk);

    // And the encryptor does not write one; an empty file is one empty final chunk.
    ls::encryptor<A> e;
    std::array<std::uint8_t, ls::header_size<A>> hb;
    ASSERT_EQ(e.begin(this->key, random_array<ls::salt_size>(this->rng), this->c, hb), status::ok);
    bytes buf(this->c + A::tag_size);
    ASSERT_EQ(e.push(std::span(this->pt).first(this->c), buf, false), status::ok);
    bytes tag_only(A::tag_size);
    EXPECT_EQ(e.push({}, tag_only, true), status::empty_final_chunk);
    const bytes empty = this->seal({});
    EXPECT_EQ(empty.size(), ls::header_size<A> + A::tag_size);
    EXPECT_EQ(open_whole<A>(this->key, empty).first, status::ok);
}

// A short read taken for the final chunk (age's and others' pitfall): the reader hands a
// partial middle chunk as the last one. It must fail, never pass as a shorter file.
TYPED_TEST(StreamAttack, ShortReadTakenForTheFinalChunk) {
    using A = TypeParam;
    auto [h, chunks] = split<A>(this->stream);
    for (std::size_t cut : {std::size_t(1), A::tag_size, std::size_t(this->c)}) {
        ls::decryptor<A> d;
        ASSERT_EQ(d.open(this->key, h), status::ok);
        bytes out(this->c);
        ASSERT_EQ(d.pull(chunks[0], out, false), status::ok);
        const auto part = std::span(chunks[1]).first(cut + A::tag_size > chunks[1].size() ? chunks[1].size() - 1 : cut + A::tag_size);
        bytes o2(part.size() - A::tag_size, 0xa5);
        EXPECT_EQ(d.pull(part, o2, true), status::chunk_mismatch) << cut;
        EXPECT_TRUE(std::all_of(o2.begin(), o2.end(), [](auto b) { return b == 0; }));
        EXPECT_EQ(d.finish(), status::bad_state);
    }
    // And as a middle chunk: refused by size before any decryption.
    ls::decryptor<A> d;
    ASSERT_EQ(d.open(this->key, h), status::ok);
    bytes out(10);
    EXPECT_EQ(d.pull(std::span(chunks[0]).first(10 + A::tag_size), out, false), status::truncated);
}

TYPED_TEST(StreamAttack, AFailureEndsTheStreamAndFinishReportsTruncation) {
    using A = TypeParam;
    auto [h, chunks] = split<A>(this->stream);
    ls::decryptor<A> d;
    ASSERT_EQ(d.open(this->key, h), status::ok);
    bytes out(this->c);
    ASSERT_EQ(d.pull(chunks[0], out, false), status::ok);
    EXPECT_EQ(d.finish(), status::truncated);  // the input ended before the final chunk
    auto bad = chunks[1];
    bad[3] ^= 1;
    EXPECT_EQ(d.pull(bad, out, false), status::chunk_mismatch);
    EXPECT_EQ(d.pull(chunks[1], out, false), status::bad_state);  // the good one, too late
    EXPECT_EQ(d.finish(), status::bad_state);
}

TYPED_TEST(StreamAttack, RandomAccessVerifiesTheLastFlagAndZeroesOnFailure) {
    using A = TypeParam;
    ls::decryptor<A> d;
    ASSERT_EQ(d.open(this->key, std::span(this->stream).first(ls::header_size<A>)), status::ok);
    bytes work(this->c + A::tag_size);
    auto range = [&](const bytes& s, std::uint64_t start, std::size_t n, bytes& out) {
        out.assign(n, 0xa5);
        return ls::decrypt_range(d, s.size(), start, out, work, [&](std::uint64_t off, std::span<std::uint8_t> into) {
            std::copy_n(s.begin() + off, into.size(), into.begin());
            return true;
        });
    };
    bytes out;
    // Cut at a chunk boundary: a range reaching the new end finds chunk 2 not final.
    auto [h, chunks] = split<A>(this->stream);
    chunks.pop_back();
    const bytes cut = join<A>(h, chunks);
    EXPECT_EQ(range(cut, 2 * this->c + 5, this->c - 5, out), status::chunk_mismatch);
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; }));
    // Ranges before the end read only their own chunks, which are intact (documented).
    EXPECT_EQ(range(cut, 10, this->c, out), status::ok);
    // An empty range at the cut end (a reader following a growing file: "what is after
    // offset N?") verifies the final chunk too: "nothing new" is not an answer for a cut.
    EXPECT_EQ(range(cut, 3 * this->c, 0, out), status::chunk_mismatch);
    EXPECT_EQ(range(cut, 2 * this->c, 0, out), status::ok);  // not the end: nothing to read
    EXPECT_EQ(range(this->stream, this->pt.size(), 0, out), status::ok);
    // A genuine header and 16 random bytes: not an empty file (the one "chunk" fails).
    bytes noise(std::span(this->stream).first(ls::header_size<A>).begin(),
                std::span(this->stream).first(ls::header_size<A>).end());
    for (int i = 0; i < 16; ++i) noise.push_back(std::uint8_t(i * 37 + 1));
    EXPECT_EQ(range(noise, 0, 16 - std::min<std::size_t>(A::tag_size, 16), out),
              A::tag_size <= 16 ? status::chunk_mismatch : status::truncated) << A::name;
    // A changed chunk in the range: nothing released, even from the intact chunk before it.
    bytes bad = this->stream;
    bad[ls::header_size<A> + this->c + A::tag_size + 5] ^= 1;
    EXPECT_EQ(range(bad, 10, this->c, out), status::chunk_mismatch);
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; }));
    EXPECT_EQ(range(bad, 10, 20, out), status::ok);
    // Chunk numbers past the format's limit are refused before decrypting.
    bytes one(this->c);
    EXPECT_EQ(d.decrypt_chunk(ls::max_plaintext_size / this->c, false, chunks[0], one), status::too_long);
}

// --- random access reads only what it needs ---------------------------------------------

TEST(StreamRandomAccess, OneKibFromTheMiddleReadsAtMostTwoChunks) {
    using A = XoodyakAead;
    std::mt19937_64 rng(5);
    const auto key = random_array<A::key_size>(rng);
    const bytes pt = random_bytes(rng, 1 << 20);
    const bytes stream = seal_whole<A>(key, random_array<ls::salt_size>(rng), ls::default_chunk_size, pt);
    ls::decryptor<A> d;
    ASSERT_EQ(d.open(key, std::span(stream).first(ls::header_size<A>)), status::ok);
    bytes work(ls::default_chunk_size + A::tag_size);
    for (std::uint64_t start : {std::uint64_t(pt.size() / 2), std::uint64_t(pt.size() / 2 - 512),
                                std::uint64_t(pt.size() - 1024)}) {
        std::size_t reads = 0, read_bytes = 0;
        bytes out(1024);
        ASSERT_EQ(ls::decrypt_range(d, stream.size(), start, out, work,
                                    [&](std::uint64_t off, std::span<std::uint8_t> into) {
                                        ++reads;
                                        read_bytes += into.size();
                                        std::copy_n(stream.begin() + off, into.size(), into.begin());
                                        return true;
                                    }),
                  status::ok);
        EXPECT_TRUE(std::equal(out.begin(), out.end(), pt.begin() + start));
        EXPECT_EQ(reads, start % ls::default_chunk_size + 1024 > ls::default_chunk_size ? 2u : 1u) << start;
        EXPECT_LE(read_bytes, 2 * (ls::default_chunk_size + A::tag_size));
    }
    std::size_t reads = 0;  // an empty range reads nothing
    EXPECT_EQ(ls::decrypt_range(d, stream.size(), 1000, std::span<std::uint8_t>{}, work,
                                [&](std::uint64_t, std::span<std::uint8_t>) { return ++reads, true; }),
              status::ok);
    EXPECT_EQ(reads, 0u);
}

// --- header, limits, states ---------------------------------------------------------------

// The salt derivation's encoding (docs/stream-format.md, "The salt"): known answers
// computed from the spec's formula through the Python face's Ascon-CXOF128.
TEST(StreamSalt, DerivedFromKeyCounterAndRandomBytes) {
    std::array<std::uint8_t, 16> key;
    for (std::size_t i = 0; i < key.size(); ++i) key[i] = std::uint8_t(i);
    const std::array<std::uint8_t, 5> random = {0xaa, 0xaa, 0xaa, 0xaa, 0xaa};
    std::array<std::uint8_t, ls::salt_size> salt{}, other{};
    ASSERT_TRUE(ls::derive_salt(key, 0x0102030405060708, random, salt));
    EXPECT_EQ(to_hex(bytes(salt.begin(), salt.end())), "08b3f3c2dfce38cc2407f4c50f41cacdf58fb57c71308cfaea09e7fc773462c1");
    ASSERT_TRUE(ls::derive_salt(key, 7, {}, salt));
    EXPECT_EQ(to_hex(bytes(salt.begin(), salt.end())), "9e3a5a4a3fbc91b8e75c2758392a26e5f7fcab90bc7690ea5cb2423309f80f75");
    // Each input matters: the counter, the random bytes, the key.
    ASSERT_TRUE(ls::derive_salt(key, 8, {}, other));
    EXPECT_NE(salt, other);
    ASSERT_TRUE(ls::derive_salt(key, 7, random, other));
    EXPECT_NE(salt, other);
    key[15] ^= 1;
    ASSERT_TRUE(ls::derive_salt(key, 7, {}, other));
    EXPECT_NE(salt, other);
    const std::vector<std::uint8_t> long_key(ls::max_salt_key_size + 1);
    EXPECT_FALSE(ls::derive_salt(long_key, 7, {}, other));
}

TEST(StreamHeader, PeekAndRefusals) {
    using A = Schwaemm256_128;
    std::mt19937_64 rng(9);
    const auto key = random_array<A::key_size>(rng);
    const bytes s = seal_whole<A>(key, random_array<ls::salt_size>(rng), 500, pattern(1000));
    const auto info = ls::peek_header(s);
    EXPECT_EQ(info.st, status::ok);
    EXPECT_EQ(info.scheme, "schwaemm256-128");
    EXPECT_EQ(info.chunk_size, 500u);
    EXPECT_EQ(info.size, ls::header_size<A>);
    EXPECT_EQ(ls::peek_header(std::span(s).first(ls::header_fixed_size)).size, ls::header_size<A>);
    EXPECT_EQ(ls::peek_header(std::span(s).first(ls::header_fixed_size)).st, status::truncated);

    // Read as another scheme, with a wrong magic, version or chunk size.
    ls::decryptor<XoodyakAead> x;
    EXPECT_EQ(x.open(random_array<16>(rng), std::span(s).first(ls::header_size<A>)), status::wrong_scheme);
    ls::decryptor<A> d;
    auto changed = [&](std::size_t at, std::uint8_t v) {
        bytes h(s.begin(), s.begin() + ls::header_size<A>);
        h[at] = v;
        return d.open(key, h);
    };
    EXPECT_EQ(changed(0, 'X'), status::not_a_stream);
    EXPECT_EQ(changed(7, 2), status::unsupported_version);
    EXPECT_EQ(changed(11, 0x7f), status::bad_chunk_size);  // 0x7f0001f4
    EXPECT_EQ(changed(44, 0), status::not_a_stream);       // empty name
    EXPECT_EQ(changed(45, 0xff), status::not_a_stream);    // a name that is not printable
    EXPECT_EQ(changed(46, ' '), status::not_a_stream);     // ASCII is no scheme's
    bytes odd(s.begin(), s.begin() + ls::header_size<A>);
    odd[47] = 0x80;
    EXPECT_EQ(ls::peek_header(odd).st, status::not_a_stream);
    EXPECT_TRUE(ls::peek_header(odd).scheme.empty());
    EXPECT_EQ(d.open(key, std::span(s).first(ls::header_size<A> - 1)), status::buffer_size);
    bytes out(500);
    EXPECT_EQ(d.pull(std::span(s).subspan(ls::header_size<A>, 516), out, false), status::bad_state);

    ls::encryptor<A> e;
    std::array<std::uint8_t, ls::header_size<A>> h;
    EXPECT_EQ(e.begin(key, random_array<ls::salt_size>(rng), ls::min_chunk_size - 1, h), status::bad_chunk_size);
    EXPECT_EQ(e.begin(key, random_array<ls::salt_size>(rng), ls::max_chunk_size + 1, h), status::bad_chunk_size);
    EXPECT_EQ(e.push({}, std::span(out).first(A::tag_size), true), status::bad_state);
    ASSERT_EQ(e.begin(key, random_array<ls::salt_size>(rng), ls::max_chunk_size, h), status::ok);
    bytes wrong(ls::min_chunk_size + A::tag_size);
    EXPECT_EQ(e.push(std::span(wrong).first(ls::min_chunk_size), wrong, false), status::buffer_size);
    EXPECT_EQ(e.push(std::span(wrong).first(10), wrong, true), status::buffer_size);
    EXPECT_EQ(e.push(std::span(wrong).first(10), std::span(wrong).first(10 + A::tag_size), true), status::ok);
    EXPECT_EQ(e.push(std::span(wrong).first(10), std::span(wrong).first(10 + A::tag_size), true), status::bad_state);
    for (int i = 0; i <= int(status::read_failed); ++i) EXPECT_FALSE(ls::message(status(i)).empty());
}

// The per-file key leaves the object when the final chunk is sealed or opened, and the
// object is all zero once destroyed.
TEST(StreamHygiene, FileKeysWiped) {
    using A = XoodyakAead;
    std::mt19937_64 rng(11);
    const auto key = random_array<A::key_size>(rng);
    const auto salt = random_array<ls::salt_size>(rng);
    const bytes s = seal_whole<A>(key, salt, 64, pattern(100));
    ls::detail::file_keys<A> fk;
    fk.derive(key, std::span(s).first(ls::header_size<A> - ls::header_tag_size));
    auto holds_key = [&](const void* p, std::size_t n) {
        auto b = static_cast<const std::uint8_t*>(p);
        return std::search(b, b + n, fk.key.begin(), fk.key.end()) != b + n;
    };
    alignas(ls::encryptor<A>) std::uint8_t ebuf[sizeof(ls::encryptor<A>)];
    auto* e = new (ebuf) ls::encryptor<A>;
    std::array<std::uint8_t, ls::header_size<A>> h;
    ASSERT_EQ(e->begin(key, salt, 64, h), status::ok);
    EXPECT_TRUE(holds_key(ebuf, sizeof ebuf));
    bytes buf(64 + A::tag_size);
    ASSERT_EQ(e->push(std::span(buf).first(64), buf, false), status::ok);
    ASSERT_EQ(e->push(std::span(buf).first(36), std::span(buf).first(36 + A::tag_size), true), status::ok);
    EXPECT_FALSE(holds_key(ebuf, sizeof ebuf));
    e->~encryptor();
    EXPECT_TRUE(std::all_of(ebuf, ebuf + sizeof ebuf, [](auto b) { return b == 0; }));

    alignas(ls::decryptor<A>) std::uint8_t dbuf[sizeof(ls::decryptor<A>)];
    auto* d = new (dbuf) ls::decryptor<A>;
    ASSERT_EQ(d->open(key, std::span(s).first(ls::header_size<A>)), status::ok);
    EXPECT_TRUE(holds_key(dbuf, sizeof dbuf));
    auto [hh, chunks] = split<A>(s);
    bytes out(64);
    ASSERT_EQ(d->pull(chunks[0], out, false), status::ok);
    ASSERT_EQ(d->pull(chunks[1], std::span(out).first(36), true), status::ok);
    EXPECT_FALSE(holds_key(dbuf, sizeof dbuf));
    d->~decryptor();
    EXPECT_TRUE(std::all_of(dbuf, dbuf + sizeof dbuf, [](auto b) { return b == 0; }));
    EXPECT_GE(ls::max_state_size<registry::aeads>(), sizeof(ls::decryptor<Schwaemm256_256>));
}

}  // namespace
}  // namespace lwc::test
