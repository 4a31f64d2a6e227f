# SPDX-License-Identifier: MIT
"""What every command shares: exit statuses and errors, scheme lookup by name, hex and
size checks, reading inputs, and writing to stdout.

Errors travel as CliError up to app.main, which prints them as one line 'lwc: message'
on stderr and exits with their status.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import stat
import sys
from errno import EBADF
from collections.abc import Callable, Iterator
from typing import BinaryIO

import lwcrypto

from .progress import Progress

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

# 1 MiB reads: large enough that the extension releases the GIL and per-call overhead
# vanishes, small enough that hashing any file needs constant, small memory.
CHUNK = 1 << 20


class CliError(Exception):
    """An error reported as 'lwc: message' on stderr, with its exit status; `errno` is the
    operating system's error number when the error is one."""

    def __init__(self, message: str, status: int = EXIT_USAGE, errno: int | None = None) -> None:
        super().__init__(message)
        self.status, self.errno = status, errno


class StdoutError(CliError):
    """stdout cannot be written: the command cannot go on with its other files."""


def os_error(what: str, e: OSError, kind: type[CliError] = CliError) -> CliError:
    """'cannot read FILE: reason' and the like, from an OSError."""
    return kind(f"{what}: {e.strerror or e}", errno=e.errno)


def warn(message: str) -> None:
    """One line 'lwc: message' on stderr (nowhere when stderr is closed)."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(f"lwc: {message}", file=sys.stderr, flush=True)


# --- schemes by name ---------------------------------------------------------------------------

ARTICLE = {"aead": "an AEAD", "hash": "a hash", "xof": "an XOF"}


def kind_of(name: str) -> str:
    if name in lwcrypto.aead_algorithms:
        return "aead"
    return "xof" if name in lwcrypto.xof_algorithms else "hash"


def scheme_arg(*kinds: str) -> Callable[[str], str]:
    """An argparse type taking a scheme name of one of `kinds`, in any case ('ESCH256' is
    esch256); its error says what the name is instead, and lists the accepted names."""
    def check(text: str) -> str:
        name = text.lower()
        known = [n for n in lwcrypto.algorithms if kind_of(n) in kinds]
        if name in known:
            return name
        # hash and XOF together are "hash schemes" (lwc hash takes both)
        what = "scheme" if "aead" in kinds and len(kinds) > 1 else \
            f"{kinds[0].replace('aead', 'AEAD')} scheme"
        if name in lwcrypto.algorithms:  # "'xoodyak' is an AEAD, not a hash", as every face says
            why = f"{text!r} is {ARTICLE[kind_of(name)]}, not {ARTICLE[kinds[0]]}"
        else:
            why = f"unknown {what} {text!r}"
        raise argparse.ArgumentTypeError(f"{why}; {what}s: {', '.join(known)}")
    return check


def describe(name: str) -> dict:
    """The public sizes of a scheme, in bytes, and the code path that runs it on this CPU."""
    if kind_of(name) == "aead":
        cls = lwcrypto.aead(name)
        return {"name": name, "kind": "aead", "key_size": cls.key_size,
                "nonce_size": cls.nonce_size, "tag_size": cls.tag_size, "backend": cls.backend}
    h = lwcrypto.new(name)
    if kind_of(name) == "xof":  # any output length: no digest_size
        return {"name": name, "kind": "xof", "block_size": h.block_size,
                "max_customization_size": h.max_customization_size, "backend": h.backend}
    return {"name": name, "kind": "hash", "digest_size": h.digest_size,
            "block_size": h.block_size, "backend": h.backend}


# --- hex and sizes ----------------------------------------------------------------------------

def parse_hex(what: str, text: str | bytes | bytearray) -> bytes:
    try:
        if not isinstance(text, str):
            text = text.decode("ascii")
        return bytes.fromhex(text)
    except (ValueError, UnicodeDecodeError):
        raise CliError(f"{what} {hex_problem(text)}") from None


def hex_problem(text: str | bytes | bytearray) -> str:
    """Why bytes.fromhex refused `text`, as the end of a sentence about it."""
    digits = "".join(text.split()) if isinstance(text, str) else ""
    if len(digits) % 2 and re.fullmatch(r"[0-9A-Fa-f]+", digits):
        return f"has an odd number of hex digits ({len(digits)})"
    return "is not hexadecimal"


def check_size(scheme: str, what: str, given: int, expected: int, source: str) -> None:
    if given != expected:
        raise CliError(f"wrong {what} size: {scheme} expects {expected} bytes, "
                       f"{source} gives {given}")


# --- input ------------------------------------------------------------------------------------

def display(path: str | None) -> str:
    return "stdin" if path in (None, "-") else path


@contextlib.contextmanager
def open_input(path: str | None) -> Iterator[BinaryIO]:
    """A file opened for reading ('-' or None: stdin); read errors name the file."""
    try:
        if path in (None, "-"):
            if sys.stdin is None:  # started with stdin closed (<&-)
                raise OSError(EBADF, os.strerror(EBADF))
            yield sys.stdin.buffer
        else:
            with open(path, "rb") as f:
                yield f
    except BrokenPipeError:
        raise  # the output's reader left, while the input was open: main ends as SIGPIPE would
    except OSError as e:
        raise os_error(f"cannot read {display(path)}", e) from None


def size_of(f: BinaryIO) -> int | None:
    """The size of a regular file, None for a pipe or terminal."""
    try:
        st = os.fstat(f.fileno())
    except (OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def read_all(path: str | None) -> bytearray:
    """The whole content of a file or stdin (a one-shot AEAD needs the whole message)."""
    with open_input(path) as f, Progress(f"reading {display(path)}", size_of(f)) as p:
        data = bytearray()
        while chunk := f.read(CHUNK):
            data += chunk
            p.advance(len(chunk))
        return data


# --- stdout -----------------------------------------------------------------------------------

def stdout() -> BinaryIO:
    """The binary stdout; an error when the command was started with it closed (>&-)."""
    if sys.stdout is None:
        raise StdoutError(f"cannot write stdout: {os.strerror(EBADF)}", errno=EBADF)
    return sys.stdout.buffer


def write_stdout(data: bytes) -> None:
    """Write and flush: a full disk or closed descriptor is a CliError at once, while a
    reader that left (BrokenPipeError) goes up to main, which ends the command as SIGPIPE."""
    out = stdout()
    try:
        out.write(data)
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise os_error("cannot write stdout", e, StdoutError) from None


def say(text: str) -> None:
    """A line of text on stdout (file names in it as the file system spells them)."""
    write_stdout(os.fsencode(text + "\n"))
