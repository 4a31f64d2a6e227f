// SPDX-License-Identifier: MIT
// Throughput of every registered scheme (and every compiled path), generated from the
// registry: encrypt/decrypt of 64..4096-byte messages with 32 bytes of AD, hash of
// 64..4096 bytes. bytes_per_second counts message bytes only, never AD.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include <lwc/lwc.hpp>
#if LWC_BENCH_CAPI
#include <lwc.h>
#endif

namespace {

constexpr std::size_t ad_size = 32;

template <class A>
void bench_encrypt(benchmark::State& state) {
    const std::size_t n = static_cast<std::size_t>(state.range(0));
    std::array<std::uint8_t, A::key_size> key{1};
    std::array<std::uint8_t, A::nonce_size> nonce{2};
    std::array<std::uint8_t, A::tag_size> tag{};
    std::vector<std::uint8_t> ad(ad_size, 3), pt(n, 4), ct(n);
    for (auto _ : state) {
        A::encrypt(key, nonce, ad, pt, ct, tag);
        benchmark::DoNotOptimize(ct.data());
        benchmark::DoNotOptimize(tag.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

template <class A>
void bench_decrypt(benchmark::State& state) {
    const std::size_t n = static_cast<std::size_t>(state.range(0));
    std::array<std::uint8_t, A::key_size> key{1};
    std::array<std::uint8_t, A::nonce_size> nonce{2};
    std::array<std::uint8_t, A::tag_size> tag{};
    std::vector<std::uint8_t> ad(ad_size, 3), pt(n, 4), ct(n);
    A::encrypt(key, nonce, ad, pt, ct, tag);
    for (auto _ : state) {
        const bool ok = A::decrypt(key, nonce, ad, ct, tag, pt);
        if (!ok) state.SkipWithError("tag did not verify");
        benchmark::DoNotOptimize(pt.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

template <class H>
void bench_hash(benchmark::State& state) {
    const std::size_t n = static_cast<std::size_t>(state.range(0));
    std::vector<std::uint8_t> msg(n, 5);
    for (auto _ : state) {
        auto d = lwc::hash<H>(msg);
        benchmark::DoNotOptimize(d.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

// "xoodyak" for the default path; "xoodyak[portable]" (its backend's name) for another.
template <class S, class Defaults>
std::string label() {
    return std::string(S::name) +
           (Defaults::template contains<S> ? "" : "[" + std::string(S::backend) + "]");
}

void register_aeads() {
    lwc::registry::all_aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        const std::string name = label<A, lwc::registry::aeads>();
        benchmark::RegisterBenchmark((name + "/encrypt").c_str(), bench_encrypt<A>)
            ->RangeMultiplier(2)->Range(64, 4096);
        benchmark::RegisterBenchmark((name + "/decrypt").c_str(), bench_decrypt<A>)
            ->RangeMultiplier(2)->Range(64, 4096);
    });
}

void register_hashes() {
    lwc::registry::all_hashes::for_each([&](auto s) {
        using H = typename decltype(s)::type;
        benchmark::RegisterBenchmark((label<H, lwc::registry::hashes>() + "/hash").c_str(),
                                     bench_hash<H>)
            ->RangeMultiplier(2)->Range(64, 4096);
    });
}

#if LWC_BENCH_CAPI
// The same work through liblwc (the backend its dispatch chose for this CPU), named
// capi/<name>/...: the difference from <name>/... is the cost of the C ABI.
void bench_capi_encrypt(benchmark::State& state, const lwc_aead* a) {
    const std::size_t n = static_cast<std::size_t>(state.range(0));
    std::vector<std::uint8_t> key(a->key_size, 1), nonce(a->nonce_size, 2), tag(a->tag_size),
        ad(ad_size, 3), pt(n, 4), ct(n);
    for (auto _ : state) {
        benchmark::DoNotOptimize(lwc_aead_encrypt(a, ct.data(), tag.data(), pt.data(), n,
                                                  ad.data(), ad.size(), nonce.data(), key.data()));
        benchmark::DoNotOptimize(ct.data());
        benchmark::DoNotOptimize(tag.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void bench_capi_hash(benchmark::State& state, const struct lwc_hash* h) {
    const std::size_t n = static_cast<std::size_t>(state.range(0));
    std::vector<std::uint8_t> msg(n, 5), digest(h->digest_size);
    for (auto _ : state) {
        benchmark::DoNotOptimize(lwc_hash(h, digest.data(), msg.data(), n));
        benchmark::DoNotOptimize(digest.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void register_capi() {
    for (std::size_t i = 0; i < lwc_aead_count(); ++i) {
        const lwc_aead* a = lwc_aead_at(i);
        // 64 KiB: the stream format's default chunk, what one step of lwc encrypt runs.
        benchmark::RegisterBenchmark(("capi/" + std::string(a->name) + "/encrypt").c_str(),
                                     bench_capi_encrypt, a)
            ->Arg(64)->Arg(4096)->Arg(65536);
    }
    for (std::size_t i = 0; i < lwc_hash_count(); ++i) {
        const struct lwc_hash* h = lwc_hash_at(i);
        benchmark::RegisterBenchmark(("capi/" + std::string(h->name) + "/hash").c_str(),
                                     bench_capi_hash, h)
            ->Arg(64)->Arg(4096);
    }
}
#endif

}  // namespace

int main(int argc, char** argv) {
    register_aeads();
    register_hashes();
#if LWC_BENCH_CAPI
    register_capi();
#endif
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
