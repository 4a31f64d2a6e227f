// SPDX-License-Identifier: MIT
// target_run PROGRAM [ARGS...]: runs PROGRAM (built for one -march target) if this CPU
// has every feature the target lets the compiler use, else exits 77, which ctest reports
// as skipped: the program was compiled, and is run on the CPUs that can run it.
// Compiled for the baseline, so that it runs everywhere.
#include <unistd.h>

#include <cstdint>
#include <cstdio>

#include <lwc/detail/cpu_features.hpp>

extern "C" const std::uint64_t lwc_target_features;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PROGRAM [ARGS...]\n", argv[0]);
        return 2;
    }
    const std::uint64_t missing = lwc_target_features & ~lwc::detail::isa::cpu_features();
    if (missing != 0) {
        std::printf("SKIPPED: this CPU lacks");
        for (const auto& f : lwc::detail::isa::cpuid_bits)
            if (missing >> (&f - lwc::detail::isa::cpuid_bits) & 1) std::printf(" %s", f.macro);
        std::printf(": %s compiled, not run\n", argv[1]);
        return 77;
    }
    std::fflush(stdout);
    execvp(argv[1], argv + 1);
    std::perror(argv[1]);
    return 2;
}
