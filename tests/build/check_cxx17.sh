#!/bin/sh
# SPDX-License-Identifier: MIT
# Below C++20 every public header gives one error, lwcrypto's #error, and nothing else
# (not hundreds from the first C++20 name on): each include/lwc/*.hpp compiled alone with
# -std=c++17 by each compiler given must fail, with exactly one error line, that one
# naming -std=c++20, and a short output.
#   check_cxx17.sh SRC_DIR SCRATCH_DIR CXX [CXX ...]
set -u
src=$1 scratch=$2
shift 2
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
want='lwcrypto needs C++20 (-std=c++20)'
failed=0 checked=0
for cxx in "$@"; do
    for h in "$src"/include/lwc/*.hpp; do
        name=$(basename "$h")
        checked=$((checked + 1))
        printf '#include <lwc/%s>\n' "$name" > "$scratch/t.cpp"
        if "$cxx" -std=c++17 -I"$src/include" -c "$scratch/t.cpp" -o "$scratch/t.o" \
            > "$scratch/out.txt" 2>&1; then
            why="compiled without an error"
        else
            errors=$(grep -c -E '(^|: )(fatal )?error: ' "$scratch/out.txt")
            lines=$(wc -l < "$scratch/out.txt")
            if [ "$errors" -ne 1 ]; then
                why="$errors error lines, not 1"
            elif ! grep -E '(^|: )error: ' "$scratch/out.txt" | grep -q -F "$want"; then
                why="the error is not lwcrypto's '$want'"
            elif [ "$lines" -gt 12 ]; then
                why="$lines lines of output"
            else
                continue
            fi
        fi
        failed=$((failed + 1))
        echo "FAILED: $cxx -std=c++17 <lwc/$name>: $why"
        head -n 12 "$scratch/out.txt" | sed 's/^/  /'
    done
done
if [ "$failed" -ne 0 ]; then
    echo "$failed of $checked headers"
    exit 1
fi
echo "$checked headers: one error each, '$want'"
