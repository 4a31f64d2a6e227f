# SPDX-License-Identifier: MIT
"""lwc keygen: a random key for an AEAD scheme, as hex, from the OS generator."""

from __future__ import annotations

import argparse

import lwcrypto

from . import output
from .common import EXIT_OK, scheme_arg


def add_commands(command) -> None:
    p = command("keygen", run, "print a random key (hex) from the OS generator",
                "Print a random key for an AEAD scheme, as one line of hex, from the OS\n"
                "generator. A new key file is readable by its owner only (0600); an\n"
                "existing one is replaced only with --force (and keeps its permissions).")
    p.add_argument("-a", "--algorithm", required=True, metavar="NAME", type=scheme_arg("aead"),
                   help="AEAD scheme whose key size to use")
    output.add_arguments(p, "the key")


def run(args: argparse.Namespace) -> int:
    output.target(args.output, args.force)
    key = lwcrypto.aead(args.algorithm).generate_key()
    output.write_output(args.output, [key.hex().encode() + b"\n"], args.force, private=True)
    return EXIT_OK
