#!/bin/sh
# SPDX-License-Identifier: MIT
# The leakage test at length (docs/masking.md, "The leakage test"): tests/leakage/tvla.c
# on the firmware trees of make test-firmware (build-fw-m4, build-fw-m0plus: their
# lwc_leak_target and tvla), every form on both cores in both tests (fixed versus random
# inputs on the permutation's samples, fixed versus random key over the whole call, as in
# tests/firmware/CMakeLists.txt), and the bivariate test of the 2- and 3-share forms (tvla
# --order 2), TRACES traces each (default 1,000,000; hours for the masked forms: on one
# core of an EPYC Zen 4, 1.3-2 ms a trace for 2 shares and 2.7-4.9 ms for 3 on the M4).
# Also the bivariate test of one masked round alone (leak_round2, leak_round3: pairs up to 64
# instructions apart over the whole round, minutes at 1,000,000 traces) and, for 3 shares,
# of the mode's own steps (the C around the rounds). Writes bench/results/<date>-leakage.md.
#   [BOARDS="m4 m0plus"] [TESTS="inputs key bivariate round mode"] [LABEL=L] [LEAK_BUILD=DIR]
#   [JOBS=N] bench/leakage/run.sh [TRACES] [FUNCTION ...]
# TESTS: which tests (default all); LABEL: written to <date>-leakage-L.md instead.
# LEAK_BUILD: the firmware trees' prefix (default build-fw, as make test-firmware): a copy
# lets a long run go on while the trees are rebuilt. JOBS: tests run at once (default 1;
# each is one process), their reports printed in the same order whatever the finish order.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
traces=${1:-1000000}
[ $# -gt 0 ] && shift
functions=${*:-leak_unmasked leak_masked2 leak_masked3}
out="$top/bench/results/$(date -u +%Y-%m-%d)-leakage${LABEL:+-$LABEL}.md"
tests=" ${TESTS:-inputs key bivariate round mode} "
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

# Walks every test in report order. In the queue pass, run_test adds a command line to the job
# list; in the print pass, it prints that test's report and fence starts or ends a block.
walk() {
    n=0
    for b in ${BOARDS:-m4 m0plus}; do
        core=cortex-m4
        [ $b = m0plus ] && core=cortex-m0
        dir="${LEAK_BUILD:-$top/build-fw}-$b"
        [ -x "$dir/tvla" ] || { echo "no $dir/tvla: run make test-firmware first" >&2; exit 2; }
        for f in $functions; do
            window=6masked7permute,3arm6round
            [ $f = leak_unmasked ] && window=11ascon_small6rounds
            fence
            want inputs && run_test "$dir" $f --core $core --classes inputs --window $window
            want key && run_test "$dir" $f --core $core --classes key
            fence
        done
        # The bivariate (second-order) test: the 2-share form must leak (its control), the
        # 3-share form must not. On the permutation's first 1,000 instructions in the call;
        # on one round alone, all of it; on the 3-share mode's steps in C.
        fence
        for f in $functions; do
            [ $f = leak_unmasked ] && continue
            want bivariate && run_test "$dir" $f --core $core --classes key --window 6masked7permute,3arm6round --order 2
            want round && run_test "$dir" leak_round${f#leak_masked} --core $core --classes key --window 3arm6round \
                --order 2 --span 4000 --within 64
            [ $f = leak_masked3 ] && want mode && run_test "$dir" $f --core $core --classes key \
                --window AsconAead128ILi3EE,xor_lanes --order 2 --span 4000
        done
        fence
    done
}
queue_test() {
    n=$((n + 1))
    d=$1
    shift
    echo "'$d/tvla' '$d/lwc_leak_target' $* --traces $traces > '$reports/$n' 2>&1 || true" >> "$reports/jobs"
}
print_test() {
    n=$((n + 1))
    cat "$reports/$n"
}

want() { case $tests in *" $1 "*) return 0 ;; esac; return 1; }
run_test() { queue_test "$@"; }
fence() { :; }
walk
xargs -P "${JOBS:-1}" -d '\n' -n 1 sh -c < "$reports/jobs"

# A block's fences only around the tests it ran (TESTS may leave a block empty).
block=out
run_test() {
    [ $block = empty ] && echo '```' && block=full
    print_test "$@"
}
fence() {
    case $block in
    out) block=empty ;;
    empty) block=out ;;
    full) echo '```'; block=out ;;
    esac
}
{
    echo "<!-- SPDX-License-Identifier: MIT -->"
    echo "# Leakage test, $traces traces ($(date -u +%Y-%m-%d), $(git -C "$top" rev-parse --short HEAD))"
    echo
    echo "Written by \`BOARDS=\"${BOARDS:-m4 m0plus}\"${TESTS:+ TESTS=\"$TESTS\"}${LABEL:+ LABEL=$LABEL} bench/leakage/run.sh $traces $functions\`: tests/leakage/tvla.c, fixed versus random"
    echo "key, Hamming weight and distance per instruction, two sets of traces; gcc $(arm-none-eabi-gcc -dumpversion) \`-Os\`."
    echo
    walk
} | tee "$out"
echo "written: $out" >&2
