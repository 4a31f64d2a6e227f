# SPDX-License-Identifier: MIT
"""lwc kat: check a NIST LWC known-answer-test file against a scheme."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import lwcrypto

from .common import (ARTICLE, EXIT_FAILED, EXIT_OK, CliError, describe, hex_problem, kind_of,
                     open_input, say, scheme_arg)

# The sizes a record shows, and the descriptor's field for each (an XOF's output: any length).
SIZE_FIELDS = {"aead": (("key", "Key", "key_size"), ("nonce", "Nonce", "nonce_size"),
                        ("tag", "CT", "tag_size")),
               "hash": (("digest", "MD", "digest_size"),), "xof": (("digest", "MD", None),)}

KAT_FIELDS = {"aead": ("Count", "Key", "Nonce", "PT", "AD", "CT"), "hash": ("Count", "Msg", "MD"),
              "xof": ("Count", "Msg", "MD")}
# Fields a record may have: a CXOF's customization string Z.
OPTIONAL_FIELDS = {"xof": ("Z",)}


def add_commands(command) -> None:
    p = command("kat", run, "verify a NIST LWC known-answer-test file",
                "Check every record of a KAT file (AEAD: Count/Key/Nonce/PT/AD/CT,\n"
                "hash: Count/Msg/MD, XOF: Count/Msg/MD and the CXOF's Z, the output length\n"
                "MD's) against a scheme; ends with 'N passed, M failed'.")
    p.add_argument("-a", "--algorithm", required=True, metavar="NAME",
                   type=scheme_arg("aead", "hash", "xof"), help="scheme (lwc list)")
    p.add_argument("file", metavar="FILE", help="KAT file, e.g. tests/kat/xoodyak.txt")


def run(args: argparse.Namespace) -> int:
    name, kind = args.algorithm, kind_of(args.algorithm)
    info, passed, failed = describe(name), 0, 0
    for record, where in read_kat(args.file, kind):
        if not passed + failed:
            check_first_record(args.file, where, info, record)
        check_kat_sizes(args.file, where, info, record)
        why = kat_failure(name, record)
        if why is None:
            passed += 1
            continue
        failed += 1
        say(f"FAILED Count = {record['Count']} ({args.file}:{where['Count']}): {why}")
    if not passed + failed:
        raise CliError(f"{args.file}: no KAT records")
    say(f"{name}: {passed} passed, {failed} failed")
    return EXIT_FAILED if failed else EXIT_OK


def read_kat(path: str, kind: str) -> Iterator[tuple[dict, dict]]:
    """(record, line number of each field) of each record of a NIST LWC KAT file.

    Values are decoded; anything malformed raises CliError naming the file and line.
    """
    fields = KAT_FIELDS[kind]
    allowed = fields + OPTIONAL_FIELDS.get(kind, ())
    with open_input(path) as f:
        lines = f.read().decode("ascii", "replace").splitlines()
    record: dict = {}
    where: dict = {}
    for number, line in enumerate(lines + [""], 1):
        if not line.strip():
            if record:
                missing = [k for k in fields if k not in record]
                if missing:
                    raise CliError(f"{path}:{min(where.values())}: record lacks "
                                   f"{', '.join(missing)}")
                yield record, where
            record, where = {}, {}
            continue
        key, sep, value = (s.strip() for s in line.partition("="))
        if not sep or key not in allowed:
            what = ARTICLE[kind]
            raise CliError(f"{path}:{number}: expected one of {', '.join(allowed)} "
                           f"('NAME = value') in {what} KAT, got {line.strip()[:40]!r}")
        if key in record:
            raise CliError(f"{path}:{number}: a second {key} in one record")
        record[key], where[key] = kat_value(path, number, key, value), number


def kat_value(path: str, number: int, key: str, value: str) -> int | bytes:
    try:
        return int(value) if key == "Count" else bytes.fromhex(value)
    except ValueError:
        why = "is not a decimal number" if key == "Count" else hex_problem(value)
        raise CliError(f"{path}:{number}: {key} {why}") from None


def record_sizes(kind: str, record: dict) -> dict[str, int]:
    """{'key': 16, 'nonce': 16, 'tag': 16} of an AEAD record, {'digest': 32} of a hash's."""
    sizes = {what: len(record[field]) for what, field, _ in SIZE_FIELDS[kind]}  # MD: any for an XOF
    if "tag" in sizes:
        sizes["tag"] -= len(record["PT"])
    return sizes


def scheme_sizes(info: dict) -> dict[str, int]:
    return {what: info[attr] for what, _, attr in SIZE_FIELDS[info["kind"]] if attr}


def fit(sizes: dict[str, int], info: dict) -> bool:
    return all(scheme_sizes(info).get(what, n) == n for what, n in sizes.items())


def spell(sizes: dict[str, int]) -> str:
    return ", ".join(f"{n}-byte {what}" for what, n in sizes.items())


def check_first_record(path: str, where: dict, info: dict, record: dict) -> None:
    """A file for another scheme, said once from its first record (exit 2), rather than a
    FAILED line per record: the record's sizes do not fit the scheme, or they do but the
    record fails here and passes with another scheme."""
    kind, name = info["kind"], info["name"]
    sizes = record_sizes(kind, record)
    fits = fit(sizes, info)
    if fits and kat_failure(name, record) is None:
        return
    # The schemes this file may be for: those of the same record layout whose sizes fit.
    kinds = ("aead",) if kind == "aead" else ("hash", "xof")
    others = [n for n in lwcrypto.algorithms if kind_of(n) in kinds and n != name
              and fit(sizes, describe(n))]
    passing = sorted((n for n in others if kat_failure(n, record) is None),
                     key=lambda n: kind_of(n) != kind)  # a scheme of -a's kind first
    line = min(where.values())
    if not fits:
        bad = next(f for w, f, _ in SIZE_FIELDS[kind] if sizes[w] != scheme_sizes(info).get(w))
        line = where[bad]
        hint = (f"it is {passing[0]}'s: -a {passing[0]}" if passing else
                f"schemes of these sizes: {', '.join(others)}" if others else
                "no scheme has these sizes")
        raise CliError(f"{path}:{line}: these records have a {spell(sizes)}: not {name}'s "
                       f"({spell(scheme_sizes(info))}); a KAT file for another scheme? {hint}")
    if passing:
        raise CliError(f"{path}:{line}: the first record (Count = {record['Count']}) fails with "
                       f"{name} and passes with {', '.join(passing)}: a KAT file for another "
                       f"scheme of the same sizes ({spell(sizes)}); -a {passing[0]}")


def check_kat_sizes(path: str, where: dict, info: dict, record: dict) -> None:
    """A record whose sizes do not fit the scheme is a file for another scheme: an input error."""
    sizes = {"Key": info.get("key_size"), "Nonce": info.get("nonce_size"),
             "MD": info.get("digest_size")}
    for field, size in sizes.items():
        if field in record and size is not None and len(record[field]) != size:
            raise CliError(f"{path}:{where[field]}: {field} is {len(record[field])} bytes long; "
                           f"{info['name']} uses {size} (a KAT file for another scheme?)")


def differs(field: str, got: bytes, expected: bytes) -> str:
    return f"{field} differs: got {got.hex().upper()}, expected {expected.hex().upper()}"


def kat_failure(name: str, record: dict) -> str | None:
    """Why a record fails against the scheme, or None when it passes."""
    if kind_of(name) == "xof":
        try:
            x = lwcrypto.new(name, record["Msg"], customization=record.get("Z", b""))
        except (TypeError, ValueError) as e:
            return str(e)
        got = x.digest(len(record["MD"]))
        return None if got == record["MD"] else differs("MD", got, record["MD"])
    if kind_of(name) == "hash":
        got = lwcrypto.new(name, record["Msg"]).digest()
        return None if got == record["MD"] else differs("MD", got, record["MD"])
    aead = lwcrypto.aead(name)(record["Key"])
    got = aead.encrypt(record["Nonce"], record["PT"], record["AD"])
    if got != record["CT"]:
        return differs("CT", got, record["CT"])
    try:
        back = aead.decrypt(record["Nonce"], record["CT"], record["AD"])
    except lwcrypto.InvalidTag:
        return "decryption of CT rejected its tag"
    return None if back == record["PT"] else "decryption of CT does not give PT"
