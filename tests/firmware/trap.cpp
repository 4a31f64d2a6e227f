// SPDX-License-Identifier: MIT
// Built without exceptions and without an LWC_ON_ERROR handler, encrypt and decrypt trap
// on a refused call (a wrong size, an overlap) before writing anything: each call runs in
// a child process over shared memory, which must die by the trap's signal with the
// memory untouched. (The runner covers the handler and the try_* forms.)
#include <csignal>
#include <cstdio>
#include <cstring>

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <lwc/registry.hpp>

#if LWC_EXCEPTIONS
#error "built with -fno-exceptions"
#endif

namespace {

using lwc::detail::u8;
constexpr std::size_t mem_size = 4096;
int failures = 0;

// Runs call() in a child; true when it died by SIGILL or SIGTRAP.
template <class F>
bool traps(F call) {
    const pid_t pid = fork();
    if (pid == 0) {
        const rlimit no_core{0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        call();
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFSIGNALED(status) && (WTERMSIG(status) == SIGILL || WTERMSIG(status) == SIGTRAP);
}

// Every refusal of encrypt/decrypt traps with the memory untouched: an output of the
// wrong size, and each overlap of an output (out; an encrypt's tag) with an input or the
// other output. Exactly in place passes and gives the out-of-place result. Under
// LWC_SMALL these are the compact checks (run_compact), written apart from call_passes.
template <class A>
void check_scheme(u8* mem) {
    // Layout in mem: key 0.., nonce 100.., ad 200..215, in 300..319, out 400..,
    // tag 500..; a case moves one buffer onto another.
    constexpr std::size_t K = 0, N = 100, D = 200, I = 300, O = 400, T = 500;
    auto enc = [mem](std::size_t k, std::size_t n, std::size_t d, std::size_t i, std::size_t o,
                     std::size_t t, std::size_t out_len = 20) {
        A::encrypt(std::span<const u8, A::key_size>(mem + k, A::key_size),
                   std::span<const u8, A::nonce_size>(mem + n, A::nonce_size), {mem + d, 16},
                   {mem + i, 20}, {mem + o, out_len}, std::span<u8, A::tag_size>(mem + t, A::tag_size));
    };
    auto dec = [mem](std::size_t k, std::size_t n, std::size_t d, std::size_t i, std::size_t o,
                     std::size_t t, std::size_t out_len = 20) {
        (void)A::decrypt(std::span<const u8, A::key_size>(mem + k, A::key_size),
                         std::span<const u8, A::nonce_size>(mem + n, A::nonce_size),
                         {mem + d, 16}, {mem + i, 20},
                         std::span<const u8, A::tag_size>(mem + t, A::tag_size), {mem + o, out_len});
    };
    struct refusal {
        const char* what;
        bool decrypt;
        std::size_t k, n, d, i, o, t, len;
    };
    const refusal cases[] = {
        {"out too short", false, K, N, D, I, O, T, 19},
        {"out too long", true, K, N, D, I, O, T, 21},
        {"out overlaps the key", false, K, N, D, I, K + 1, T, 20},
        {"out overlaps the nonce", false, K, N, D, I, N + 2, T, 20},
        {"out overlaps the ad", false, K, N, D, I, D + 15, T, 20},
        {"out overlaps in", false, K, N, D, I, I + 1, T, 20},
        {"out overlaps the tag output", false, K, N, D, I, O, O + 19, 20},
        {"the tag output overlaps the key", false, K, N, D, I, O, K + 3, 20},
        {"the tag output overlaps the nonce", false, K, N, D, I, O, N, 20},
        {"the tag output overlaps the ad", false, K, N, D, I, O, D + 8, 20},
        {"the tag output overlaps in", false, K, N, D, I, O, I + 19, 20},
        {"decrypt: out overlaps the key", true, K, N, D, I, K, T, 20},
        {"decrypt: out overlaps the nonce", true, K, N, D, I, N - 19, T, 20},
        {"decrypt: out overlaps the ad", true, K, N, D, I, D, T, 20},
        {"decrypt: out overlaps in", true, K, N, D, I, I - 1, T, 20},
        {"decrypt: out overlaps the tag", true, K, N, D, I, O, O + 10, 20},
    };
    std::memset(mem, 0x5a, mem_size);
    for (const refusal& c : cases) {
        const bool trapped = traps([&] {
            if (c.decrypt)
                dec(c.k, c.n, c.d, c.i, c.o, c.t, c.len);
            else
                enc(c.k, c.n, c.d, c.i, c.o, c.t, c.len);
        });
        bool untouched = true;
        for (std::size_t j = 0; j < mem_size; ++j) untouched = untouched && mem[j] == 0x5a;
        if (!trapped || !untouched) {
            std::printf("FAIL %.*s: %s: %s\n", int(A::name.size()), A::name.data(), c.what,
                        trapped ? "wrote before trapping" : "did not trap");
            ++failures;
            std::memset(mem, 0x5a, mem_size);
        }
    }
    // Exactly in place passes (no trap), both ways, with the out-of-place result.
    for (std::size_t j = 0; j < mem_size; ++j) mem[j] = u8(j * 7);
    enc(K, N, D, I, O, T);
    u8 expected[20 + 64];
    std::memcpy(expected, mem + O, 20);
    std::memcpy(expected + 20, mem + T, A::tag_size);
    enc(K, N, D, I, I, T + 100);
    bool same = std::memcmp(mem + I, expected, 20) == 0 &&
                std::memcmp(mem + T + 100, expected + 20, A::tag_size) == 0;
    dec(K, N, D, I, I, T + 100);  // back to the plaintext in place
    enc(K, N, D, I, O + 100, T + 200);
    same = same && std::memcmp(mem + O + 100, expected, 20) == 0;
    if (!same) {
        std::printf("FAIL %.*s: in place differs from out of place\n", int(A::name.size()),
                    A::name.data());
        ++failures;
    }
}

}  // namespace

int main() {
    auto* mem = static_cast<u8*>(
        mmap(nullptr, mem_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    if (mem == MAP_FAILED) return 2;
    lwc::registry::aeads::for_each([&](auto s) { check_scheme<typename decltype(s)::type>(mem); });
    std::printf("%s: %d failure(s)\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}
