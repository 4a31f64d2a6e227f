// SPDX-License-Identifier: MIT
// liblwc's backends and their choice (capi/lwc.cpp): which code path each descriptor runs
// in each backend, and what an LWC_BACKEND request liblwc cannot honour does. Linked
// with the static liblwc, whose backend tables (capi/backend.hpp) it reads directly.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include <lwc/detail/cpu_features.hpp>

#include "backend.hpp"

namespace {

using paths = std::map<std::string, std::string>;  // scheme -> descriptor->backend

paths paths_of(const lwc_capi::backend& b) {
    paths p;
    for (const lwc_aead* a : b.aeads) p[a->name] = a->backend;
    for (const lwc_capi::hash_desc* h : b.hashes) p[h->name] = h->backend;
    return p;
}

// Every scheme says "portable" except those listed.
void expect_paths(const lwc_capi::backend& b, const paths& vector_paths) {
    SCOPED_TRACE(b.name);
    for (const auto& [scheme, path] : paths_of(b)) {
        const auto it = vector_paths.find(scheme);
        EXPECT_EQ(path, it == vector_paths.end() ? "portable" : it->second) << scheme;
    }
}

TEST(Dispatch, EachDescriptorNamesThePathItRuns) {
#if LWC_CAPI_X86
    // SSE2 is part of x86-64: the portable backend's Xoodoo and eight-branch Sparkle are
    // their SSE2 forms. Six branches take the scalar code below AVX-512 on x86 (no SSE4a
    // in liblwc's flags: sparkle_default_for).
    expect_paths(lwc_capi::portable, {{"xoodyak", "sse2"},
                                      {"xoodyak-hash", "sse2"},
                                      {"schwaemm256-256", "sse2"},
                                      {"esch384", "sse2"}});
    expect_paths(lwc_capi::avx2, {{"grain-128aead", "bmi2"},
                                  {"ascon-aead128", "bmi2"},
                                  {"ascon-hash256", "bmi2"},
                                  {"isap-a-128a", "bmi2"},
                                  {"isap-a-128", "bmi2"},
                                  {"xoodyak", "avx2"},
                                  {"xoodyak-hash", "avx2"},
                                  {"photon-beetle-aead-32", "avx2"},
                                  {"photon-beetle-aead-128", "avx2"},
                                  {"photon-beetle-hash", "avx2"},
                                  {"schwaemm256-256", "avx2"},
                                  {"esch384", "avx2"}});
    expect_paths(lwc_capi::avx512, {{"grain-128aead", "bmi2"},
                                    {"ascon-aead128", "bmi2"},
                                    {"ascon-hash256", "bmi2"},
                                    {"isap-a-128a", "bmi2"},
                                    {"isap-a-128", "bmi2"},
                                    {"xoodyak", "avx512"},
                                    {"xoodyak-hash", "avx512"},
                                    {"photon-beetle-aead-32", "avx512"},
                                    {"photon-beetle-aead-128", "avx512"},
                                    {"photon-beetle-hash", "avx512"},
                                    {"schwaemm192-192", "avx512"},
                                    {"schwaemm256-128", "avx512"},
                                    {"schwaemm256-256", "avx512"},
                                    {"esch256", "avx512"},
                                    {"esch384", "avx512"}});
    // A faster backend is compiled for more features than a slower one.
    EXPECT_EQ(lwc_capi::avx2.features & ~lwc_capi::avx512.features, 0u);
    EXPECT_NE(lwc_capi::avx2.features, lwc_capi::avx512.features);
#else
    expect_paths(lwc_capi::portable, {});
#endif
}

// lwc.h names every scheme liblwc lists, each once (lwc_ + its name with '-' as '_').
TEST(Dispatch, LwcHNamesEveryScheme) {
    std::set<std::string> named, listed;
    const auto id_of = [](std::string name) {
        for (char& c : name) c = c == '-' ? '_' : c;
        return name;
    };
#define LWC_TEST_NAMED_(id)                                  \
    EXPECT_EQ(id_of(lwc_##id.name), #id);                    \
    EXPECT_TRUE(named.insert(lwc_##id.name).second) << #id;
    LWC_AEAD_NAMES(LWC_TEST_NAMED_)
    LWC_HASH_NAMES(LWC_TEST_NAMED_)
    LWC_XOF_NAMES(LWC_TEST_NAMED_)
    for (std::size_t i = 0; i < lwc_aead_count(); ++i) listed.insert(lwc_aead_at(i)->name);
    for (std::size_t i = 0; i < lwc_hash_count(); ++i) listed.insert(lwc_hash_at(i)->name);
    for (std::size_t i = 0; i < lwc_xof_count(); ++i) listed.insert(lwc_xof_at(i)->name);
    EXPECT_EQ(named, listed);
}

// Run by ctest with LWC_BACKEND set to a name that is no backend (tests/CMakeLists.txt):
// one line on stderr names the backends, and the library works on the best one.
TEST(Dispatch, UnknownBackendIsReportedAndTheBestOneUsed) {
    const char* wanted = std::getenv("LWC_BACKEND");
    if (wanted == nullptr || std::string(wanted) != "bogus")
        GTEST_SKIP() << "run with LWC_BACKEND=bogus";
    testing::internal::CaptureStderr();
    const lwc_aead* a = lwc_aead_find("xoodyak");
    const std::string said = testing::internal::GetCapturedStderr();
    ASSERT_NE(a, nullptr);
#if LWC_CAPI_X86
    const std::string names = "avx512, avx2, portable";
#else
    const std::string names = "portable";
#endif
    // The best: the first of the list, fastest first, whose features this CPU has.
    const std::uint64_t cpu = lwc::detail::isa::cpu_features();
    std::string best = "portable";
#if LWC_CAPI_X86
    for (const lwc_capi::backend* b : {&lwc_capi::avx512, &lwc_capi::avx2})
        if ((b->features & ~cpu) == 0 && best == "portable") best = b->name;
#endif
    EXPECT_EQ(lwc_backend(), best);
    EXPECT_NE(said.find("using " + best + "\n"), std::string::npos) << said;
    EXPECT_NE(said.find("lwc: LWC_BACKEND=bogus is not a backend ("), std::string::npos) << said;
    EXPECT_NE(said.find("(" + names + ")"), std::string::npos) << said;
    EXPECT_EQ(said.back(), '\n');
    EXPECT_EQ(said.find('\n'), said.size() - 1) << "one line: " << said;
    std::uint8_t key[16] = {}, nonce[16] = {}, tag[16], ct[1];
    const std::uint8_t pt[1] = {1};
    EXPECT_EQ(lwc_aead_encrypt(a, ct, tag, pt, 1, nullptr, 0, nonce, key), LWC_OK);
}

}  // namespace
