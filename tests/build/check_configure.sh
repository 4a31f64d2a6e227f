#!/bin/sh
# SPDX-License-Identifier: MIT
# The documented `cmake -S . -B build && cmake --build build` on a machine without
# GoogleTest and Google Benchmark (find_package of both disabled): it configures, prints
# one line per skipped part naming its option, and builds liblwc (shared and static) and
# the examples. Then LWC_BUILD_TESTS=ON (and LWC_BUILD_BENCH=ON) without the package:
# the configure fails and says why. With "cross TOOLCHAIN_FILE": a cross build's
# defaults, where tests, benchmarks and examples are skipped and liblwc.a builds.
#   check_configure.sh SRC_DIR SCRATCH_DIR CMAKE GENERATOR [cross TOOLCHAIN_FILE]
# The build goes to $LWC_CHECK_BUILD_DIR when set (else SCRATCH_DIR/build): tests/build
# puts it beside the calling build, where ccache finds the same relative paths and so
# the objects that build compiled already.
set -u
src=$1 scratch=$2 cmake=$3 generator=$4
mode=${5:-host} toolchain=${6:-}
build=${LWC_CHECK_BUILD_DIR:-$scratch/build}
rm -rf "$scratch" "$build" && mkdir -p "$scratch" || exit 1
failed=0
fail() {
    failed=$((failed + 1))
    echo "FAILED: $*"
}
# expect_line LOG TEXT OPTION: exactly one line of LOG holds TEXT and -DOPTION=ON.
expect_line() {
    n=$(grep -F -- "$2" "$1" | grep -c -F -- "-D$3=ON")
    [ "$n" -eq 1 ] || fail "$n lines, not 1, say '$2 ... -D$3=ON'"
}
no_find="-DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON"

if [ "$mode" = cross ]; then
    log=$scratch/configure.log
    # shellcheck disable=SC2086
    if ! "$cmake" -S "$src" -B "$build" -G "$generator" \
        -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=MinSizeRel > "$log" 2>&1; then
        cat "$log"
        echo "FAILED: the cross configure with $toolchain failed"
        exit 1
    fi
    grep 'lwcrypto:' "$log"
    expect_line "$log" "skipping the tests: cross-compiling" LWC_BUILD_TESTS
    expect_line "$log" "skipping the benchmarks: cross-compiling" LWC_BUILD_BENCH
    expect_line "$log" "skipping the examples: cross-compiling" LWC_BUILD_EXAMPLES
    if ! "$cmake" --build "$build" --target lwc_capi_static > "$scratch/build.log" 2>&1; then
        tail -n 30 "$scratch/build.log"
        fail "liblwc.a does not build"
    fi
else
    log=$scratch/configure.log
    # shellcheck disable=SC2086
    if ! "$cmake" -S "$src" -B "$build" -G "$generator" $no_find > "$log" 2>&1; then
        cat "$log"
        echo "FAILED: configure without GTest and benchmark failed"
        exit 1
    fi
    grep 'lwcrypto:' "$log"
    expect_line "$log" "skipping the tests: GTest not found" LWC_BUILD_TESTS
    expect_line "$log" "skipping the benchmarks: benchmark not found" LWC_BUILD_BENCH
    [ "$(grep -c 'lwcrypto: skipping' "$log")" -eq 2 ] || fail "other parts skipped too"
    if ! "$cmake" --build "$build" > "$scratch/build.log" 2>&1; then
        tail -n 30 "$scratch/build.log"
        fail "cmake --build failed"
    fi
    for f in capi/liblwc.a capi/liblwc.so examples/lwc_demo examples/lwc_demo_c; do
        [ -e "$build/$f" ] || fail "the build has no $f"
    done
    # Turned on by the user, a missing package is an error that names it and the option.
    for part in "LWC_BUILD_TESTS GTest" "LWC_BUILD_BENCH benchmark"; do
        opt=${part% *} pkg=${part#* }
        # shellcheck disable=SC2086
        if "$cmake" -S "$src" -B "$scratch/on-$opt" -G "$generator" $no_find -D$opt=ON \
            > "$scratch/on-$opt.log" 2>&1; then
            fail "-D$opt=ON without $pkg configured"
        elif ! tr -s ' \n' ' ' < "$scratch/on-$opt.log" |
            grep -q "$opt is ON but $pkg was not found"; then
            cat "$scratch/on-$opt.log"
            fail "-D$opt=ON without $pkg: no clear error"
        fi
    done
fi
[ "$failed" -eq 0 ] || exit 1
echo "ok"
