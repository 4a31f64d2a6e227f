#!/bin/sh
# SPDX-License-Identifier: MIT
# Every public header compiles alone without a warning under -Wall -Wextra -Wpedantic
# -Wshadow -Werror: include/lwc/*.hpp as C++20, capi/lwc.h as C99 and as C++, with each
# compiler given, at -O2, -O2 -march=native (the vector paths) and -Os without exceptions
# and RTTI (the compact paths, as firmware builds them); instantiate.cpp adds the bodies
# of the templates. A program that includes lwc.hpp gets no warning from lwcrypto.
#   check_headers.sh SRC_DIR SCRATCH_DIR CXX,CC [CXX,CC ...]
set -u
src=$1 scratch=$2
shift 2
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
warn="-Wall -Wextra -Wpedantic -Wshadow -Werror"
failed=0 checked=0
# check LABEL COMPILER ARGS...: runs the compiler; any output or failure is a failure.
check() {
    label=$1
    shift
    checked=$((checked + 1))
    if ! "$@" > "$scratch/out.txt" 2>&1 || [ -s "$scratch/out.txt" ]; then
        failed=$((failed + 1))
        echo "FAILED: $label"
        echo "  $*"
        head -n 20 "$scratch/out.txt" | sed 's/^/  /'
    fi
}
for pair in "$@"; do
    cxx=${pair%%,*} cc=${pair#*,}
    if ! command -v "$cxx" > /dev/null 2>&1; then
        echo "FAILED: no compiler $cxx"
        failed=$((failed + 1))
        continue
    fi
    echo "$cxx and $cc:"
    for flags in "-O2" "-O2 -march=native" "-Os -fno-exceptions -fno-rtti"; do
        for h in "$src"/include/lwc/*.hpp; do
            name=$(basename "$h")
            printf '#include <lwc/%s>\n' "$name" > "$scratch/one.cpp"
            # shellcheck disable=SC2086 # the flag lists split on purpose
            check "$cxx $flags: <lwc/$name>" "$cxx" -std=c++20 $flags $warn \
                -I"$src/include" -fsyntax-only "$scratch/one.cpp"
        done
        check "$cxx $flags: instantiate.cpp" "$cxx" -std=c++20 $flags $warn \
            -I"$src/include" -fsyntax-only "$src/tests/build/instantiate.cpp"
    done
    printf '#include <lwc.h>\n' > "$scratch/capi.cpp"
    check "$cxx: <lwc.h> as C++11" "$cxx" -std=c++11 $warn -I"$src/capi" -fsyntax-only "$scratch/capi.cpp"
    check "$cxx: <lwc.h> as C++20" "$cxx" -std=c++20 $warn -I"$src/capi" -fsyntax-only "$scratch/capi.cpp"
    if command -v "$cc" > /dev/null 2>&1; then
        printf '#include <lwc.h>\n' > "$scratch/capi.c"
        check "$cc: <lwc.h> as C99" "$cc" -std=c99 $warn -I"$src/capi" -fsyntax-only "$scratch/capi.c"
    fi
done
if [ "$failed" -ne 0 ]; then
    echo "$failed of $checked compilations warned or failed"
    exit 1
fi
echo "$checked compilations without a warning"
