#!/bin/sh
# SPDX-License-Identifier: MIT
# The add-a-variant test: docs/architecture.md's checklist, carried out. In a scratch
# copy of the checkout a new scheme is added as a contributor adds one -- its header in
# include/lwc/, its #include and one line in registry.hpp, its KAT file in tests/kat/ --
# and nothing else. Then, built there:
#   - every generic suite of lwc_tests that runs Ascon-AEAD128 in this build runs the new
#     scheme too (the suites are built for it alone: LWC_TEST_ONLY), and passes;
#   - the C ABI lists it and its KAT test passes (liblwc's portable backend);
#   - lwc_genkat writes its KAT file byte for byte (genkat.<name>).
#   tests/variant/add_a_variant.sh <scratch dir> <this build's lwc_tests>
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$1
main_tests=$2
name=toy-ascon-aead128
type=ToyAsconAead128

rm -rf "$work"
mkdir -p "$work/src"
for part in CMakeLists.txt LICENSE cmake include capi tests tools; do
  cp -R "$top/$part" "$work/src/"
done

# 1. The header. 2. The registry: its include and one line. 3. The KAT file.
cp "$here/toy_ascon.hpp" "$work/src/include/lwc/toy_ascon.hpp"
registry="$work/src/include/lwc/registry.hpp"
sed -i -e 's|^#include "xoodyak.hpp"$|&\n#include "toy_ascon.hpp"|' \
  -e "/^using aeads = /,/>;\$/ s|>;\$|, $type>;|" "$registry"
grep -q ", $type>;" "$registry" && grep -q '"toy_ascon.hpp"' "$registry" ||
  { echo "add_a_variant: registry.hpp no longer has the lines this test edits" >&2; exit 1; }
cp "$here/$name.txt" "$work/src/tests/kat/"

# At -O1: this test checks where the new scheme reaches, not the optimizer's code (the
# main build does), and -O1 compiles in half the time of Release's -O3.
cmake -S "$work/src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE= \
  -DLWC_BUILD_BENCH=OFF -DLWC_BUILD_EXAMPLES=OFF -DLWC_CAPI_DISPATCH=OFF \
  -DCMAKE_CXX_FLAGS="-O1 -DLWC_TEST_ONLY='\"$name\"'" -DCMAKE_C_FLAGS=-O1 >"$work/configure.log"
cmake --build "$work/build" --target lwc_tests lwc_capi_test lwc_genkat >"$work/build.log" 2>&1 ||
  { tail -50 "$work/build.log" >&2; echo "add_a_variant: the build failed ($work/build.log)" >&2; exit 1; }

# Every suite that runs Ascon-AEAD128 here runs the new scheme there.
# A typed suite names the type (TypeParam = ...) on its header line; a value-parameterized
# one prints the scheme's name (GetParam() = name[ ...]) on each test's line.
suites() {
  "$1" --gtest_list_tests | awk -v t="$2" -v p="# GetParam() = $3" '
    /^[^ ]/ { s = $1 }
    index($0, "TypeParam") && index($0, t) { print s }
    index($0, p " ") || substr($0, length($0) - length(p) + 1) == p { print s }' |
    sed 's|/[0-9]*\.$||; s|\.$||' | sort -u
}
suites "$main_tests" '::BasicAsconAead128<' ascon-aead128 >"$work/expected"
suites "$work/build/tests/lwc_tests" "::$type" "$name" >"$work/found"
[ -s "$work/expected" ] || { echo "add_a_variant: no Ascon-AEAD128 suite in $main_tests" >&2; exit 1; }
if ! diff "$work/expected" "$work/found"; then
  echo "add_a_variant: the suites above ('<' lacking) do not run $type" >&2
  exit 1
fi
echo "add_a_variant: $type runs in $(wc -l <"$work/found") suites: $(tr '\n' ' ' <"$work/found")"
"$work/build/tests/lwc_tests" --gtest_brief=1
"$work/build/tests/capi/lwc_capi_test" "$work/src/tests/kat" portable
(cd "$work/build" && ctest -R "^genkat\.$name\$" --no-tests=error --output-on-failure)
