#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/make_test.sh, the runner of `make test`, on a Makefile of stand-in steps that log
# when they start and end (docs/testing.md, "How make test runs"):
#   - two steps run at once (a waits for c to start, and fails if c does not within 10 s);
#   - a step written STEP:AFTER starts after those ended (b after a; d after b and c);
#   - the last steps start after every other step ended;
#   - a failing step fails the run (exit 1, "make test: f FAILED");
#   - a step that waits for no step of the list is refused (exit 2).
#   check_make_test.sh RUNNER SCRATCH
set -eu
runner=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
cat > Makefile <<'MAKE'
log = $(CURDIR)/order
a: ; @echo start a >> $(log); i=0; while [ ! -e c.started ] && [ $$i -lt 100 ]; do sleep 0.1; i=$$((i + 1)); done; test -e c.started && echo end a >> $(log)
c: ; @touch c.started; echo start c >> $(log); sleep 0.3; echo end c >> $(log)
b d e: ; @echo start $@ >> $(log); echo end $@ >> $(log)
f: ; @false
MAKE
fail() { echo "check_make_test: $*" >&2; cat order >&2 2>/dev/null; exit 1; }

bash "$runner" "a b:a c d:b,c" "e" > out 2>&1 || { cat out >&2; fail "the run failed"; }
at() { grep -n -x "$1" order | cut -d: -f1; }
for s in a b c d e; do [ "$(grep -c -x "start $s" order)" = 1 ] || fail "$s did not run once"; done
[ "$(at 'end a')" -lt "$(at 'start b')" ] || fail "b started before a ended"
[ "$(at 'end b')" -lt "$(at 'start d')" ] && [ "$(at 'end c')" -lt "$(at 'start d')" ] ||
    fail "d started before b and c ended"
[ "$(at 'start e')" -eq $(($(wc -l < order) - 1)) ] || fail "the last step e did not start last"

status=0
bash "$runner" "f" "" > out 2>&1 || status=$?
[ $status = 1 ] && grep -q "make test: f FAILED" out || { cat out >&2; fail "a failing step did not fail the run"; }
status=0
bash "$runner" "a:x" "" > out 2>&1 || status=$?
[ $status = 2 ] && grep -q "waits for x, which is not a step" out || { cat out >&2; fail "an unknown step was not refused"; }
echo "make_test.sh: parallel steps, order after dependencies, last steps, failures: ok"
