# SPDX-License-Identifier: MIT
"""lwc list: every scheme of the registry with its kind, sizes and code path on this CPU."""

from __future__ import annotations

import argparse
import json

import lwcrypto

from .common import EXIT_OK, describe, say


def add_commands(command) -> None:
    p = command("list", run, "list every scheme: kind, sizes, code path on this CPU",
                "Every scheme with its kind (aead, hash, xof), its key, nonce, tag or digest\n"
                "size in bytes (an XOF's: any), and the code path (backend) that runs it on\n"
                "this CPU.")
    p.add_argument("--json", action="store_true", help="as JSON")


COLUMNS = ("name", "kind", "key_size", "nonce_size", "tag_size", "digest_size", "backend")
HEADERS = ("name", "kind", "key", "nonce", "tag", "digest", "backend")
NUMERIC = slice(2, 6)


def run(args: argparse.Namespace) -> int:
    rows = [describe(name) for name in lwcrypto.algorithms]
    if args.json:
        say(json.dumps(rows, indent=2))
        return EXIT_OK
    # An XOF's digest is of any length.
    table = [HEADERS] + [tuple(str(row.get(c, "any" if c == "digest_size" and row["kind"] == "xof"
                                           else "")) for c in COLUMNS) for row in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADERS))]
    lines = []
    for r in table:
        cells = [cell.ljust(w) for cell, w in zip(r, widths)]
        cells[NUMERIC] = [cell.rjust(w) for cell, w in zip(r[NUMERIC], widths[NUMERIC])]
        lines.append("  ".join(cells).rstrip())
    say("\n".join(lines + ["sizes in bytes; backend: the code path this CPU runs"]))
    return EXIT_OK
