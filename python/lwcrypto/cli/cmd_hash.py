# SPDX-License-Identifier: MIT
"""lwc hash: print or check digests in sha256sum's formats ('DIGEST  FILE', and BSD's
'NAME (FILE) = DIGEST' with --tag), with its --check options."""

from __future__ import annotations

import argparse
import functools
import os
import re
from collections import Counter
from dataclasses import dataclass
from errno import ENOENT

import lwcrypto

from .common import (ARTICLE, CHUNK, EXIT_FAILED, EXIT_OK, CliError, StdoutError, display,
                     kind_of, open_input, parse_hex, scheme_arg, size_of, warn, write_stdout)
from .progress import Progress

# Xoodyak's hash: with Esch256 the fastest hash of the library on this project's machines
# (about 250 MB/s through lwc hash), with a 256-bit digest like sha256sum's.
DEFAULT_HASH = "xoodyak-hash"

# The output length of an XOF without --length: 256 bits, as the default hash's digest.
DEFAULT_XOF_LENGTH = 32

DESCRIPTION = f"""\
Print a digest line per FILE as sha256sum does: 'DIGEST  FILE', or with --tag
'NAME (FILE) = DIGEST' (BSD style). With --check, read such lines from the FILEs
(listings) and check every file they name: 'FILE: OK' or 'FILE: FAILED'.
Default scheme: {DEFAULT_HASH}. Files are read in 1 MiB chunks, in constant memory.

An XOF (ascon-xof128, ..., lwc list) gives --length bytes (default {DEFAULT_XOF_LENGTH});
a fixed-size hash accepts --length only equal to its digest size. --customization-hex
gives the customization string of a scheme that takes one (ascon-cxof128). With --check,
an XOF's digest length is the listed digest's.

--check reads both formats: 'DIGEST  FILE', 'DIGEST *FILE', or one space or tab
between digest and name (scheme: -a), and 'NAME (FILE) = DIGEST' (scheme: NAME): write
listings with --tag to check them without -a whatever the scheme.
Blank lines and lines starting with '#' are skipped; other lines that are neither are
improperly formatted: counted in a warning, and checking goes on with the next line.
Exit status with --check: 0 every file matched; 1 a digest differs, a listed file
cannot be read, an improperly formatted line with --strict, or (--ignore-missing)
no file was checked; 2 a listing cannot be read or holds no digest line."""

CHECK_ONLY = ("ignore_missing", "quiet", "status", "strict", "warn")


def add_commands(command) -> None:
    p = command("hash", run, "print or check digests (sha256sum format)", DESCRIPTION)
    p.add_argument("-a", "--algorithm", default=DEFAULT_HASH, metavar="NAME",
                   type=scheme_arg("hash", "xof"),
                   help=f"hash or XOF scheme (default {DEFAULT_HASH})")
    p.add_argument("--length", type=int, metavar="N",
                   help=f"output bytes of an XOF (default {DEFAULT_XOF_LENGTH})")
    p.add_argument("--customization-hex", metavar="HEX", default="",
                   help="customization string of a customizable XOF, in hex")
    p.add_argument("--tag", action="store_true",
                   help="print 'NAME (FILE) = DIGEST' lines (BSD style): they name the scheme, "
                        "so --check needs no -a")
    p.add_argument("-c", "--check", action="store_true",
                   help="read digest lines from the FILEs and check them")
    check = p.add_argument_group("with --check")
    check.add_argument("--ignore-missing", action="store_true",
                       help="say nothing of listed files that do not exist")
    check.add_argument("-q", "--quiet", action="store_true", help="print no OK lines")
    check.add_argument("--status", action="store_true",
                       help="print nothing: the exit status says the result")
    check.add_argument("--strict", action="store_true",
                       help="exit 1 on improperly formatted lines")
    check.add_argument("-w", "--warn", action="store_true",
                       help="warn about each improperly formatted line")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="files to hash, or listings to check (default or -: stdin)")


def run(args: argparse.Namespace) -> int:
    if args.check and args.tag:
        raise CliError("--tag is meaningless with --check (both formats are read)")
    given = [o for o in CHECK_ONLY if getattr(args, o)]
    if given and not args.check:
        raise CliError(f"--{given[0].replace('_', '-')} is meaningful only with --check")
    args.customization = output_options(args)
    each = check_listing if args.check else print_digest
    status = EXIT_OK
    for path in args.files or ["-"]:
        try:
            status = max(status, each(path, args))
        except StdoutError:
            raise
        except CliError as e:  # report it and go on with the other files, as sha256sum does
            warn(str(e))
            status = max(status, e.status)
    return status


def output_options(args: argparse.Namespace) -> bytes:
    """Checks --length and --customization-hex against the scheme; the customization."""
    name = args.algorithm
    customization = parse_hex("--customization-hex", args.customization_hex)
    if kind_of(name) != "xof":
        size = lwcrypto.new(name).digest_size
        if args.length is not None and args.length != size:
            raise CliError(f"--length: {name} has a fixed {size}-byte digest, got {args.length} "
                           "(an XOF takes any: lwc list)")
        if customization:
            raise CliError(f"--customization-hex: {name} takes no customization string")
        return customization
    if args.length is None:
        args.length = DEFAULT_XOF_LENGTH
    if args.length <= 0:
        raise CliError(f"--length must be at least 1, got {args.length}")
    limit = lwcrypto.new(name).max_customization_size
    if len(customization) > limit:
        raise CliError(f"--customization-hex: {name} takes " +
                       (f"at most {limit} bytes, got {len(customization)}" if limit
                        else "no customization string"))
    return customization


def hash_file(name: str, path: str, length: int | None = None, customization: bytes = b"") -> str:
    """Hex digest of a file or stdin, streamed in CHUNK reads through one reused buffer;
    an XOF's of length bytes (with its customization string)."""
    h = lwcrypto.new(name, customization=customization)
    buf = bytearray(CHUNK)
    view = memoryview(buf)
    with open_input(path) as f, Progress(f"hashing {display(path)}", size_of(f)) as p:
        while n := f.readinto(buf):
            h.update(view[:n])
            p.advance(n)
    return h.hexdigest(length) if kind_of(name) == "xof" else h.hexdigest()


def print_digest(path: str, args: argparse.Namespace) -> int:
    digest = hash_file(args.algorithm, path, args.length, args.customization).encode()
    prefix, name = escape_name(path)
    if args.tag:
        line = args.algorithm.upper().encode() + b" (" + name + b") = " + digest
    else:
        line = digest + b"  " + name
    write_stdout(prefix + line + b"\n")
    return EXIT_OK


# --- the listing format -------------------------------------------------------------------------

# sha256sum's convention for names holding a backslash or a line break: the line starts
# with a backslash and those characters are escaped.
_ESCAPES = {b"\\": b"\\\\", b"\n": b"\\n", b"\r": b"\\r"}
_UNESCAPES = {v: k for k, v in _ESCAPES.items()}


def escape_name(path: str) -> tuple[bytes, bytes]:
    """(prefix, name) of a listing line for `path`, as sha256sum writes them."""
    raw = os.fsencode(path)
    if not any(c in raw for c in _ESCAPES):
        return b"", raw
    return b"\\", re.sub(rb"[\\\n\r]", lambda m: _ESCAPES[m.group()], raw)


def unescape_name(raw: bytes) -> bytes:
    return re.sub(rb"\\[\\nr]", lambda m: _UNESCAPES[m.group()], raw)


# 'NAME (FILE) = DIGEST', and 'DIGEST' then two spaces, ' *', one space or a tab, then FILE.
_TAGGED = re.compile(rb"[ \t]*(\\?)([A-Za-z][\w-]*) \((.*)\) = ([0-9A-Fa-f]+)")
_PLAIN = re.compile(rb"[ \t]*(\\?)([0-9A-Fa-f]+)(?: [ *]| |\t)(.+)")


@dataclass(frozen=True)
class Entry:
    scheme: str
    digest: str  # lower-case hex
    path: str


@functools.cache
def digest_digits(scheme: str) -> int:
    return 2 * lwcrypto.new(scheme).digest_size


def parse_line(line: bytes, default: str) -> Entry | str:
    """The entry of a listing line, or why the line is improperly formatted."""
    if m := _TAGGED.fullmatch(line):
        escaped, tag, raw, digest = m.groups()
        scheme = tag.decode().lower()
        if scheme not in lwcrypto.hash_algorithms + lwcrypto.xof_algorithms:
            what = f"is {ARTICLE[kind_of(scheme)]}, not a hash" if scheme in lwcrypto.algorithms \
                else "is no hash scheme (lwc list)"
            return f"{tag.decode()!r} {what}"
        hint = ""
    elif m := _PLAIN.fullmatch(line):
        escaped, digest, raw = m.groups()
        scheme, hint = default, " (choose the scheme with -a)"
    else:
        return "neither 'DIGEST  FILE' nor 'NAME (FILE) = DIGEST'"
    if kind_of(scheme) == "xof":  # any length: the digest's own
        if not digest or len(digest) % 2:
            return f"a digest of {len(digest)} hex digits; {scheme} gives whole bytes"
    elif len(digest) != digest_digits(scheme):
        fit = [n for n in lwcrypto.hash_algorithms if digest_digits(n) == len(digest)]
        if hint and fit:  # name the schemes of that length
            hint = f" ({', '.join(fit)} {'give' if len(fit) > 1 else 'gives'} " \
                   f"{len(digest)}: -a {fit[0]})"
        return f"a digest of {len(digest)} hex digits; {scheme} gives {digest_digits(scheme)}{hint}"
    return Entry(scheme, digest.decode().lower(),
                 os.fsdecode(unescape_name(raw) if escaped else raw))


# --- --check -------------------------------------------------------------------------------------

WARNINGS = (("improper", "line is improperly formatted", "lines are improperly formatted"),
            ("unreadable", "listed file could not be read", "listed files could not be read"),
            ("failed", "computed checksum did NOT match", "computed checksums did NOT match"))


def check_listing(source: str, args: argparse.Namespace) -> int:
    """Check every file a listing names, as sha256sum --check; the exit status."""
    with open_input(source) as f:
        lines = f.read().split(b"\n")
    shown, counts, first_improper = display(source), Counter(), ""
    failures: list[Entry] = []  # of lines in the format without a scheme name
    for number, line in enumerate(lines, 1):
        line = line.removesuffix(b"\r")
        if not line.strip() or line.startswith(b"#"):
            continue
        entry = parse_line(line, args.algorithm)
        if isinstance(entry, str):
            counts["improper"] += 1
            first_improper = first_improper or f"line {number}: {entry}"
            if args.warn:
                warn(f"{shown}:{number}: improperly formatted line: {entry}")
            continue
        counts["entries"] += 1
        if check_entry(entry, args, counts) is False and not _TAGGED.fullmatch(line):
            failures.append(entry)
    if not counts["entries"]:
        raise CliError(f"{shown}: no properly formatted digest lines"
                       + (f" ({first_improper})" if first_improper else ""))
    if not args.status:
        for key, one, many in WARNINGS:
            if counts[key]:
                warn(f"WARNING: {counts[key]} {one if counts[key] == 1 else many}")
        if failures and len(failures) == counts["checked"]:
            warn(scheme_hint(failures[0], args))
    if args.ignore_missing and not counts["checked"]:
        warn(f"{shown}: no file was verified")
        return EXIT_FAILED
    failed = counts["failed"] or counts["unreadable"] or (args.strict and counts["improper"])
    return EXIT_FAILED if failed else EXIT_OK


def scheme_hint(entry: Entry, args: argparse.Namespace) -> str:
    """Every digest of a listing without scheme names differed: maybe the listing is of
    another scheme. The schemes whose digests have this length, and the one that gives this
    digest for the first file when one does."""
    digits = len(entry.digest)
    others = [n for n in lwcrypto.hash_algorithms if n != entry.scheme and digest_digits(n) == digits]
    if kind_of(entry.scheme) != "xof":
        others += [n for n in lwcrypto.xof_algorithms if n != entry.scheme]
    default = " (the default scheme: these lines name none)" if entry.scheme == DEFAULT_HASH else ""
    why = f"hint: every digest differs with {entry.scheme}{default}"
    tag = "; lwc hash --tag writes lines that name their scheme, which --check then uses"
    for name in others if entry.path != "-" else ():
        try:
            if hash_file(name, entry.path, digits // 2) == entry.digest:
                return f"{why}, and {entry.path} matches with -a {name}: try -a {name}{tag}"
        except CliError:
            break
    fixed = [n for n in others if kind_of(n) == "hash"]
    if fixed:
        return f"{why}; {', '.join(fixed)} also give {digits // 2}-byte digests: try -a NAME{tag}"
    return why + tag


def check_entry(entry: Entry, args: argparse.Namespace, counts: Counter) -> bool | None:
    """Checks one entry (printing its verdict): whether it matched, None when unreadable."""
    try:
        custom = args.customization if entry.scheme == args.algorithm else b""
        ok = hash_file(entry.scheme, entry.path, len(entry.digest) // 2, custom) == entry.digest
    except CliError as e:
        if args.ignore_missing and e.errno == ENOENT:
            return
        warn(str(e))  # even with --status, as sha256sum
        counts["unreadable"] += 1
        verdict, ok = b"FAILED open or read", None
    else:
        counts["checked"] += 1
        counts["failed"] += not ok
        verdict = b"OK" if ok else b"FAILED"
    if not args.status and not (args.quiet and verdict == b"OK"):
        prefix, name = escape_name(entry.path)
        write_stdout(prefix + name + b": " + verdict + b"\n")
    return ok
