#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make test's runner: the steps of two lanes at once (each lane's steps in order, each
# step `make <step>` with its output in test-logs/<step>.log), then the last steps alone
# (the timing tests, which another lane's load would disturb). A failing step stops its
# lane, and the other lane stops before its next step; the failing step's log ends the
# output. At the end: every step that ran, its lane, its wall seconds and its CPU seconds
# (user + system of everything it ran: two lanes share the cores, so a step's wall time
# depends on what runs beside it, its CPU time much less), and the wall time.
#   tools/make_test.sh "LANE_A_STEPS" "LANE_B_STEPS" "LAST_STEPS"
set -u
export LWC_TEST_LANES=1  # steps that need an idle machine leave that part to a last step
logs=test-logs
rm -rf "$logs"
mkdir -p "$logs"
failed="$logs/FAILED"
start=$(date +%s)

run_step() {  # lane step
    local t0 status cpu
    t0=$(date +%s)
    printf '[%s] %s ...\n' "$1" "$2"
    # Each lane is a subshell of its own: `time` counts this step's processes alone.
    { TIMEFORMAT='%U %S'; time make --no-print-directory "$2" > "$logs/$2.log" 2>&1; } 2> "$logs/$2.cpu"
    status=$?
    cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$logs/$2.cpu")
    rm -f "$logs/$2.cpu"
    printf '%s %s %s %s %s\n' "$2" "$1" $(( $(date +%s) - t0 )) "$status" "$cpu" >> "$logs/times"
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

printf '\n%-24s %-5s %8s %8s\n' step lane seconds 'CPU s'
total_cpu=0
while read -r step lane seconds status cpu; do
    printf '%-24s %-5s %8s %8s%s\n' "$step" "$lane" "$seconds" "$cpu" "$([ "$status" = 0 ] || echo '  FAILED')"
    total_cpu=$((total_cpu + cpu))
done < "$logs/times"
printf '%-24s %-5s %8s %8s\n' 'total (wall, CPU)' '' $(( $(date +%s) - start )) "$total_cpu"
if [ -e "$failed" ]; then
    for step in $(cat "$failed"); do
        printf '\n--- the end of %s/%s.log ---\n' "$logs" "$step"
        tail -n 80 "$logs/$step.log"
    done
    echo "make test: $(tr '\n' ' ' < "$failed")FAILED"
    exit 1
fi
