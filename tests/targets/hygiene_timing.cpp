// SPDX-License-Identifier: MIT
// The AVX-512 targets' program: the hygiene tests (tests/test_hygiene.cpp, GoogleTest)
// and, with --timing first, the timing test (tests/ct/ct_dudect.cpp and its options).
// One translation unit for both: the schemes' code they share, the same instantiations
// with the same flags, is compiled and optimized once.
//   hygiene_<target> [GoogleTest options]
//   hygiene_<target> --timing [ct_dudect options]
#define main ct_dudect_main
#include "ct/ct_dudect.cpp"
#undef main
#include "test_hygiene.cpp"

int main(int argc, char** argv) {
    if (argc > 1 && std::string_view(argv[1]) == "--timing") {
        argv[1] = argv[0];  // ct_dudect's own argv[0], its options after it
        return ct_dudect_main(argc - 1, argv + 1);
    }
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
