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

}  // namespace

int main() {
    auto* mem = static_cast<u8*>(
        mmap(nullptr, mem_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    if (mem == MAP_FAILED) return 2;
    std::memset(mem, 0x5a, mem_size);
    lwc::registry::aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        static const u8 key[A::key_size] = {}, nonce[A::nonce_size] = {};
        const std::span<const u8, A::key_size> k(key, A::key_size);
        const std::span<const u8, A::nonce_size> v(nonce, A::nonce_size);
        const std::span<u8, A::tag_size> tag(mem + 1000, A::tag_size);
        const bool size_trap =
            traps([&] { A::encrypt(k, v, {}, {mem, 20}, {mem + 100, 19}, tag); });
        const bool overlap_trap =
            traps([&] { (void)A::decrypt(k, v, {}, {mem, 20}, tag, {mem + 1, 20}); });
        bool untouched = true;
        for (std::size_t i = 0; i < mem_size; ++i) untouched = untouched && mem[i] == 0x5a;
        if (!size_trap || !overlap_trap || !untouched) {
            std::printf("FAIL %.*s: a refused call did not trap, or wrote\n",
                        int(A::name.size()), A::name.data());
            ++failures;
        }
    });
    std::printf("%s: %d failure(s)\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}
