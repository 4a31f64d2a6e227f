#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make test's runner: its steps on two workers at once, then the last steps alone (the
# timing tests, which a second step's load would disturb). Each step is `make <step>`, its
# output in test-logs/<step>.log. A step written STEP:AFTER[,AFTER...] starts once those
# passed (they build the tree it uses). A worker takes the first step of the list that is
# neither taken nor waiting for another; the list is in the order given on a fresh
# checkout and, when an earlier run left its times, longest first by that run's CPU time
# (steps it did not run first), so that the long steps do not end up together at the end.
# A failing step stops both workers before their next step; its log's end closes the
# output. At the end: every step that ran, its worker, its wall seconds and its CPU seconds
# (user + system of everything it ran: two steps share the cores, so a step's wall time
# depends on what runs beside it, its CPU time much less), and the wall time.
#   tools/make_test.sh "STEPS" "LAST_STEPS"
set -u
export LWC_TEST_LANES=1  # steps that need an idle machine leave that part to a last step
logs=test-logs
failed="$logs/FAILED"
start=$(date +%s)

# The steps, longest first by the CPU seconds of the last run's table (if any).
order_steps() {  # steps...
    local i=0 entry cpu
    for entry in "$@"; do
        cpu=$(awk -v s="${entry%%:*}" '$1 == s { print $5 }' "$logs/times" 2>/dev/null)
        printf '%s %s %s\n' "${cpu:-999999}" $((i++)) "$entry"
    done | sort -k1,1nr -k2,2n | awk '{ print $3 }'
}
steps=$(order_steps $1)
rm -rf "$logs"
mkdir -p "$logs/taken" "$logs/passed"

for entry in $steps; do
    [[ $entry == *:* ]] || continue
    deps=${entry#*:}
    for dep in ${deps//,/ }; do
        [[ " $steps " =~ [[:space:]]$dep[[:space:]:] ]] ||
            { echo "make_test.sh: ${entry%%:*} waits for $dep, which is not a step" >&2; exit 2; }
    done
done

run_step() {  # worker step
    local t0 status cpu
    t0=$(date +%s)
    printf '[%s] %s ...\n' "$1" "$2"
    # Each worker is a subshell of its own: `time` counts this step's processes alone.
    { TIMEFORMAT='%U %S'; time make --no-print-directory "$2" > "$logs/$2.log" 2>&1; } 2> "$logs/$2.cpu"
    status=$?
    cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$logs/$2.cpu")
    rm -f "$logs/$2.cpu"
    printf '%s %s %s %s %s\n' "$2" "$1" $(( $(date +%s) - t0 )) "$status" "$cpu" >> "$logs/times"
    printf '[%s] %s: %s in %s s\n' "$1" "$2" "$([ $status = 0 ] && echo ok || echo FAILED)" \
        $(( $(date +%s) - t0 ))
    [ $status = 0 ] && touch "$logs/passed/$2" || echo "$2" >> "$failed"
    return $status
}

ready() {  # entry: 0 when every step it waits for passed
    local dep deps
    [[ $1 == *:* ]] || return 0
    deps=${1#*:}
    for dep in ${deps//,/ }; do [ -e "$logs/passed/$dep" ] || return 1; done
}

run_worker() {  # worker steps...
    local worker=$1 entry step waiting
    shift
    while [ ! -e "$failed" ]; do
        waiting=0
        for entry in "$@"; do
            step=${entry%%:*}
            [ -e "$logs/taken/$step" ] && continue
            waiting=1
            ready "$entry" || continue
            mkdir "$logs/taken/$step" 2>/dev/null || continue  # the other worker took it
            run_step "$worker" "$step" || return 0
            continue 2
        done
        [ $waiting = 1 ] || return 0
        sleep 1
    done
}

# shellcheck disable=SC2086  # the step lists are word lists
run_worker 1 $steps &
run_worker 2 $steps &
wait
# shellcheck disable=SC2086
[ -e "$failed" ] || for step in $2; do run_step last "$step" || break; done

printf '\n%-24s %-6s %8s %8s\n' step worker seconds 'CPU s'
total_cpu=0
while read -r step worker seconds status cpu; do
    printf '%-24s %-6s %8s %8s%s\n' "$step" "$worker" "$seconds" "$cpu" "$([ "$status" = 0 ] || echo '  FAILED')"
    total_cpu=$((total_cpu + cpu))
done < "$logs/times"
printf '%-24s %-6s %8s %8s\n' 'total (wall, CPU)' '' $(( $(date +%s) - start )) "$total_cpu"
if [ -e "$failed" ]; then
    for step in $(cat "$failed"); do
        printf '\n--- the end of %s/%s.log ---\n' "$logs" "$step"
        tail -n 80 "$logs/$step.log"
    done
    echo "make test: $(tr '\n' ' ' < "$failed")FAILED"
    exit 1
fi
