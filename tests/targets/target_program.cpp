// SPDX-License-Identifier: MIT
// A target's program: the hygiene tests (tests/test_hygiene.cpp, GoogleTest) and its
// constant-time check, in one translation unit, so that the schemes' code both use is
// compiled once (a third less compile time than two programs: 60 s against 55 and 38 s,
// gcc 12 for x86-64-v3). The check (tests/targets/CMakeLists.txt chooses):
//   LWC_TARGET_TIMING: the timing test (tests/ct/ct_dudect.cpp), on the AVX-512 targets;
//   else the valgrind check (tests/ct/ct_valgrind.cpp), built with LWC_CT_VALGRIND. There
//     the hygiene tests see detail::declassify with its valgrind request (the one public
//     bit, whether a tag verified, kept in the caller's frame for it): the only difference
//     from the code users build, which the AVX-512 targets' program runs them on.
//   hygiene_<target> [GoogleTest options]
//   hygiene_<target> --timing [ct_dudect options]
//   valgrind ... hygiene_<target> --valgrind [--leak=branch|index]
#define main check_main
#if LWC_TARGET_TIMING
#include "ct/ct_dudect.cpp"
constexpr std::string_view check_option = "--timing";
#else
#include "ct/ct_valgrind.cpp"
constexpr std::string_view check_option = "--valgrind";
#endif
#undef main
#include "test_hygiene.cpp"

int main(int argc, char** argv) {
    if (argc > 1 && argv[1] == check_option) {
        argv[1] = argv[0];  // the check's own argv[0], its options after it
        return check_main(argc - 1, argv + 1);
    }
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
