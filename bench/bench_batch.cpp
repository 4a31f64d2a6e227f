// SPDX-License-Identifier: MIT
// The batch API against this library's single-message code, side by side in one run:
// every registered AEAD (encrypt) and hash, 256 jobs of 64 or 1024 bytes (32 bytes of
// AD), a batch of 8, and 256 jobs of mixed lengths (1..1024 bytes), each job with its
// own key and nonce. Names: <scheme>/<single|batch>/<length, 0 = mixed>/<jobs>;
// bytes_per_second counts message bytes only. See docs/batch.md for the ratios.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include <lwc/batch.hpp>

namespace {

using u8 = std::uint8_t;
constexpr std::size_t ad_size = 32;

struct workload {
    std::vector<std::vector<u8>> keys, nonces, ads, msgs, outs, tags;
    std::size_t bytes = 0;

    workload(std::size_t count, std::size_t len, std::size_t key, std::size_t nonce,
             std::size_t tag) {
        std::mt19937_64 rng(7);
        auto random = [&](std::size_t n) {
            std::vector<u8> v(n);
            for (auto& x : v) x = u8(rng());
            return v;
        };
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t n = len ? len : 1 + rng() % 1024;
            keys.push_back(random(key));
            nonces.push_back(random(nonce));
            ads.push_back(random(ad_size));
            msgs.push_back(random(n));
            outs.emplace_back(n);
            tags.emplace_back(tag);
            bytes += n;
        }
    }
};

template <class A, bool Batch>
void bench_encrypt(benchmark::State& state) {
    const auto count = std::size_t(state.range(1));
    workload w(count, std::size_t(state.range(0)), A::key_size, A::nonce_size, A::tag_size);
    std::vector<lwc::encrypt_job> jobs(count);
    for (std::size_t i = 0; i < count; ++i)
        jobs[i] = {w.keys[i].data(), w.nonces[i].data(), w.ads[i], w.msgs[i], w.outs[i],
                   w.tags[i].data()};
    for (auto _ : state) {
        if constexpr (Batch) {
            benchmark::DoNotOptimize(lwc::batch<A>::encrypt(jobs));
        } else {
            for (const auto& j : jobs)
                A::encrypt(std::span<const u8, A::key_size>(j.key, A::key_size),
                           std::span<const u8, A::nonce_size>(j.nonce, A::nonce_size), j.ad,
                           j.pt, j.ct, std::span<u8, A::tag_size>(j.tag, A::tag_size));
        }
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(std::int64_t(state.iterations() * w.bytes));
}

template <class H, bool Batch>
void bench_hash(benchmark::State& state) {
    const auto count = std::size_t(state.range(1));
    workload w(count, std::size_t(state.range(0)), 0, 0, H::digest_size);
    std::vector<lwc::hash_job> jobs(count);
    for (std::size_t i = 0; i < count; ++i) jobs[i] = {w.msgs[i], w.tags[i].data()};
    for (auto _ : state) {
        if constexpr (Batch) {
            benchmark::DoNotOptimize(lwc::batch<H>::hash(jobs));
        } else {
            for (const auto& j : jobs) {
                auto d = lwc::hash<H>(j.msg);
                benchmark::DoNotOptimize(d.data());
            }
        }
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(std::int64_t(state.iterations() * w.bytes));
}

void shapes(benchmark::internal::Benchmark* b) {
    b->Args({64, 256})->Args({1024, 256})->Args({64, 8})->Args({0, 256});
}

template <class S, auto Single, auto Batch>
void add(std::string_view name) {
    const std::string lanes = "[" + std::to_string(lwc::batch<S>::lanes) + "]";
    benchmark::RegisterBenchmark((std::string(name) + "/single").c_str(), Single)->Apply(shapes);
    benchmark::RegisterBenchmark((std::string(name) + "/batch" + lanes).c_str(), Batch)
        ->Apply(shapes);
}

const int registered = [] {
    lwc::registry::aeads::for_each([](auto s) {
        using A = typename decltype(s)::type;
        add<A, bench_encrypt<A, false>, bench_encrypt<A, true>>(A::name);
    });
    lwc::registry::hashes::for_each([](auto s) {
        using H = typename decltype(s)::type;
        add<H, bench_hash<H, false>, bench_hash<H, true>>(H::name);
    });
    return 0;
}();

}  // namespace

BENCHMARK_MAIN();
