#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make test's runner: the steps of two lanes at once (each lane's steps in order, each
# step `make <step>` with its output in test-logs/<step>.log), then the last steps alone
# (the timing tests, which another lane's load would disturb). A failing step stops its
# lane, and the other lane stops before its next step; the failing step's log ends the
# output. At the end: every step that ran, its lane and seconds, and the wall time.
#   tools/make_test.sh "LANE_A_STEPS" "LANE_B_STEPS" "LAST_STEPS"
set -u
export LWC_TEST_LANES=1  # steps that need an idle machine leave that part to a last step
logs=test-logs
rm -rf "$logs"
mkdir -p "$logs"
failed="$logs/FAILED"
start=$(date +%s)

run_step() {  # lane step
    local t0 status
    t0=$(date +%s)
    printf '[%s] %s ...\n' "$1" "$2"
    make --no-print-directory "$2" > "$logs/$2.log" 2>&1
    status=$?
    printf '%s %s %s %s\n' "$2" "$1" $(( $(date +%s) - t0 )) "$status" >> "$logs/times"
    printf '[%s] %s: %s in %s s\n' "$1" "$2" "$([ $status = 0 ] && echo ok || echo FAILED)" \
        $(( $(date +%s) - t0 ))
    [ $status = 0 ] || echo "$2" >> "$failed"
    return $status
}

run_lane() {  # lane steps...
    local lane=$1 step
    shift
    for step in "$@"; do
        [ -e "$failed" ] && return 0
        run_step "$lane" "$step" || return 0
    done
}

# shellcheck disable=SC2086  # the step lists are word lists
run_lane A $1 &
run_lane B $2 &
wait
[ -e "$failed" ] || run_lane last $3

printf '\n%-24s %-5s %8s\n' step lane seconds
while read -r step lane seconds status; do
    printf '%-24s %-5s %8s%s\n' "$step" "$lane" "$seconds" "$([ "$status" = 0 ] || echo '  FAILED')"
done < "$logs/times"
printf '%-24s %-5s %8s\n' 'total (wall)' '' $(( $(date +%s) - start ))
if [ -e "$failed" ]; then
    for step in $(cat "$failed"); do
        printf '\n--- the end of %s/%s.log ---\n' "$logs" "$step"
        tail -n 80 "$logs/$step.log"
    done
    echo "make test: $(tr '\n' ' ' < "$failed")FAILED"
    exit 1
fi
