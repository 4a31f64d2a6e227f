#!/bin/sh
# SPDX-License-Identifier: MIT
# Side-by-side speed of lwcrypto and its public peers (docs/speed.md says which
# repositories to clone into PEERS_DIR). Builds every contender with gcc and clang,
# checks each against tests/kat, runs the interleaved rounds and prints the Markdown
# tables (also written to build-peers/results.md, raw samples to results.json).
#   bench/peers/run.sh PEERS_DIR [--rounds 11] [--seconds 0.1] [--only SCHEME,...]
set -e
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 PEERS_DIR [--rounds N] [--seconds S] [--only SCHEME,...]" >&2
  exit 2
fi
exec python3 "$(dirname "$0")/peers.py" "$@"
