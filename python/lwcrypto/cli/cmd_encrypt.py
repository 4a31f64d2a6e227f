# SPDX-License-Identifier: MIT
"""lwc encrypt and lwc decrypt: files and streams sealed with an AEAD scheme in the lwc
stream format (docs/stream-format.md), in constant memory; or one message in one piece
(--format oneshot), nonce || ciphertext || tag (or ciphertext || tag when the user keeps
the nonce)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO

import lwcrypto
import lwcrypto.stream

from . import output
from .common import (CHUNK, EXIT_FAILED, EXIT_OK, CliError, check_size, display,
                     open_input, parse_hex, read_all, scheme_arg, size_of, warn)
from .progress import Progress, human

ENCRYPT_HELP = """\
Encrypt a file or stdin with an AEAD scheme.

The output is the lwc stream format (the default, docs/stream-format.md): a header (the
scheme, the chunk size, a random salt, a header tag), then the data sealed in chunks of
--chunk-size bytes (64 KiB by default), each with its own tag. Any size of input is
encrypted in constant memory, a pipe while it is being written; the key is used through a
per-file key derived from the salt, so no nonce is needed and none can be reused. The
stream format has no associated data.

--format oneshot writes one message sealed in one piece instead, the whole input held in
memory (about twice its size):
  nonce || ciphertext || tag   when lwc chooses the nonce (no --nonce-hex): a fresh
                               random nonce from the OS generator leads the output
  ciphertext || tag            when --nonce-hex is given: keep the nonce yourself
with --ad-hex or --ad-file for associated data. Never reuse a nonce with one key: random
12-byte nonces (see lwc list) are safe for about 2^32 messages under one key, as NIST
advises for AES-GCM; larger nonces for far more.

--hex writes the same bytes as one line of hex.
"""

DECRYPT_HELP = """\
Decrypt and verify what lwc encrypt wrote: the stream format or a one-shot message, told
apart by the stream's header (--format says which instead). A stream's header names its
scheme: -a may be left out (given, it must be the header's); a one-shot message needs -a.

Nothing is written to a file unless every chunk verified: the output goes to a temporary
file beside it, renamed at the end; on failure it is removed, the exit status is 1, and
an existing file is left unchanged. A new output file is created readable by its owner
only (0600). On stdout (or a device, a pipe) a stream's chunks go out as each verifies:
on failure the chunks before the bad one have been written (each verified, the stream as
a whole not), lwc says so and exits 1; write to a file with -o when all or nothing
matters downstream.

--range START:END writes only the plaintext bytes START to END (END excluded; either may
be left out; clamped to the plaintext's size, like a slice) of a stream in a file,
reading and verifying only the chunks that cover them, one chunk at a time (constant
memory; on stdout each goes out as it verifies, as above). A range that reaches the end
(an empty one at or past it included) also verifies the final chunk: a file cut short is
refused, not read as a shorter one.

Input without a stream's header is read as a one-shot message, held in memory, only up to
16 MiB (a stream whose first bytes were damaged is not read whole); --format oneshot reads
a one-shot message of any size.

A one-shot message (--format oneshot) is nonce || ciphertext || tag, or ciphertext || tag
with --nonce-hex; --hex reads either format as hex.
"""

KEY_SOURCES = """\
The key: --key-file FILE (hex as lwc keygen writes it, or the key's raw bytes; FILE may
be an open descriptor: --key-file /dev/fd/3 3<key.hex, or --key-file <(command)),
--key-env NAME (the environment variable NAME holds the key as hex), or --key-hex HEX
(on the command line, which other users see in the process list: lwc warns).
"""


def add_commands(command) -> None:
    p = command("encrypt", encrypt, "encrypt a file or stream", ENCRYPT_HELP + "\n" + KEY_SOURCES)
    add_arguments(p, "the ciphertext", scheme_required=True)
    p.add_argument("--format", choices=("stream", "oneshot"), default="stream",
                   help="the lwc stream format (default), or one message in one piece")
    p.add_argument("--chunk-size", metavar="SIZE", type=chunk_size_arg,
                   help="plaintext bytes per chunk of a stream: 64 to 16M, a K or M suffix "
                        "for KiB or MiB (default 64K)")
    p.add_argument("--hex", action="store_true", help="write hex instead of raw bytes")
    p = command("decrypt", decrypt, "decrypt and verify a file or stream",
                DECRYPT_HELP + "\n" + KEY_SOURCES)
    add_arguments(p, "the plaintext", scheme_required=False)
    p.add_argument("--format", choices=("stream", "oneshot"),
                   help="the input's format (default: a stream if it starts with one's header)")
    p.add_argument("--range", metavar="START:END", type=range_arg,
                   help="only plaintext bytes START to END of a stream in a file")
    p.add_argument("--hex", action="store_true", help="the input is hex (lwc encrypt --hex)")


def chunk_size_arg(text: str) -> int:
    """A chunk size: bytes, or KiB/MiB with a K or M suffix."""
    scale = {"k": 1 << 10, "m": 1 << 20}.get(text[-1:].lower(), 1)
    digits = text[:-1] if scale > 1 else text
    if not digits.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: a number of bytes, with K or M for KiB or MiB")
    n = int(digits) * scale
    low, high = lwcrypto.stream.MIN_CHUNK_SIZE, lwcrypto.stream.MAX_CHUNK_SIZE
    if not low <= n <= high:
        raise argparse.ArgumentTypeError(f"{text}: a chunk holds {low} to {high} bytes (16M), "
                                         f"not {n}")
    return n


def range_arg(text: str) -> tuple[int, int | None]:
    """START:END, either side optional (0 and the end)."""
    start, sep, end = text.partition(":")
    if not sep or not all(x.isdigit() for x in (start, end) if x):
        raise argparse.ArgumentTypeError(f"{text!r}: START:END in bytes (e.g. 1000:2000, 1000:, :2000)")
    return int(start or 0), int(end) if end else None


def add_arguments(p: argparse.ArgumentParser, what: str, scheme_required: bool) -> None:
    p.add_argument("-a", "--algorithm", required=scheme_required, metavar="NAME",
                   type=scheme_arg("aead"),
                   help="AEAD scheme (lwc list)" if scheme_required else
                   "AEAD scheme (lwc list); default: the one a stream's header names")
    key = p.add_mutually_exclusive_group(required=True)
    key.add_argument("--key-file", metavar="FILE",
                     help="key file: the key's raw bytes, or hex (as lwc keygen writes); "
                          "/dev/fd/N reads an open descriptor")
    key.add_argument("--key-env", metavar="NAME",
                     help="the environment variable NAME holds the key as hex")
    key.add_argument("--key-hex", metavar="HEX",
                     help="key as hex (visible to other users in the process list)")
    p.add_argument("--nonce-hex", metavar="HEX", help="nonce as hex")
    ad = p.add_mutually_exclusive_group()
    ad.add_argument("--ad-hex", metavar="HEX", help="associated data as hex")
    ad.add_argument("--ad-file", metavar="FILE", help="associated data: the file's bytes")
    p.add_argument("input", nargs="?", metavar="FILE", help="input (default or -: stdin)")
    output.add_arguments(p, what)


# --- the key, nonce and associated data --------------------------------------------------------

def read_key(args: argparse.Namespace, cls) -> bytes:
    """The key from --key-hex, --key-env or --key-file (raw bytes of the key's size, else hex)."""
    if args.key_hex is not None:
        warn("warning: --key-hex shows the key to other users in the process list (ps); "
             "--key-file or --key-env keep it out")
        key, source = parse_hex("--key-hex", args.key_hex), "--key-hex"
    elif args.key_env is not None:
        source = f"${args.key_env}"
        value = os.environ.get(args.key_env)
        if value is None:
            raise CliError(f"--key-env {args.key_env}: no such environment variable")
        key = parse_hex(f"{source} (--key-env)", value.strip())
    else:
        with open_input(args.key_file) as f:
            data = f.read()
        key, source = key_from_file(data, cls.key_size, args.key_file), args.key_file
    check_size(cls.name, "key", len(key), cls.key_size, source)
    return key


def key_from_file(data: bytes, size: int, source: str) -> bytes:
    """Hex of the key's size first (what keygen writes), else the raw bytes of the key."""
    try:
        key = bytes.fromhex(data.decode("ascii"))
    except (ValueError, UnicodeDecodeError):
        key = None
    if key is not None and (len(key) == size or len(data) != size):
        return key
    if len(data) == size:
        return data
    raise CliError(f"{source}: neither a key of {size} raw bytes nor hex")


def read_nonce(args: argparse.Namespace, cls) -> bytes:
    nonce = parse_hex("--nonce-hex", args.nonce_hex)
    check_size(cls.name, "nonce", len(nonce), cls.nonce_size, "--nonce-hex")
    return nonce


def read_ad(args: argparse.Namespace) -> bytes:
    if args.ad_hex is not None:
        return parse_hex("--ad-hex", args.ad_hex)
    if args.ad_file is not None:
        with open_input(args.ad_file) as f:
            return f.read()
    return b""


def prepare(args: argparse.Namespace):
    """(scheme class, key) for encrypt (and decrypt once it knows the scheme).

    Every option, the output included, is checked before the input is read, so that a
    usage error costs no work.
    """
    check_sources(args)
    cls = lwcrypto.aead(args.algorithm)
    key = read_key(args, cls)
    output.target(args.output, args.force)
    return cls, key


def check_sources(args: argparse.Namespace) -> None:
    if [args.key_file, args.ad_file, args.input or "-"].count("-") > 1:
        raise CliError("only one of the input, --key-file and --ad-file can be stdin")


def stream_scheme(args: argparse.Namespace, src) -> tuple[type[lwcrypto.Aead], bytes, bytes]:
    """(scheme class, key, the header's bytes) of the stream src begins with: the header
    names the scheme; -a, when given, must be that one."""
    name = display(args.input)
    head = lwcrypto.stream._read_exactly(src, lwcrypto.stream._HEADER_FIXED_SIZE)
    try:
        scheme, _, size = lwcrypto.stream._stream.peek_header(head)
        if scheme is None and len(head) < size:
            head += lwcrypto.stream._read_exactly(src, size - len(head))
            scheme, _, size = lwcrypto.stream._stream.peek_header(head)
    except lwcrypto.stream.StreamError as e:
        raise damaged(args, e, "nothing written") from None
    if scheme is None:
        raise CliError(f"{name}: truncated lwc stream header; nothing written", EXIT_FAILED)
    if args.algorithm is not None and args.algorithm != scheme:
        raise CliError(f"{name}: the stream is for {scheme}, not {args.algorithm} (-a); leave "
                       "-a out to take the scheme from the header")
    cls = lwcrypto.aead(scheme)
    return cls, args.key if args.algorithm is not None else read_key(args, cls), head


def oneshot_options(args: argparse.Namespace, cls) -> tuple[bytes, bytes | None]:
    """(AD, nonce or None) of a one-shot message."""
    nonce = read_nonce(args, cls) if args.nonce_hex is not None else None
    return read_ad(args), nonce


def refuse_oneshot_options(args: argparse.Namespace) -> None:
    """The stream format has neither associated data nor a caller's nonce."""
    for given, option in ((args.ad_hex, "--ad-hex"), (args.ad_file, "--ad-file"),
                          (args.nonce_hex, "--nonce-hex")):
        if given is not None:
            raise CliError(f"{option}: the stream format has no associated data and no nonce "
                           "to give (it derives them per file and chunk); use --format oneshot "
                           "for one message with them")


def with_progress(label: str, fn: Callable[[], bytes]) -> bytes:
    """One long call into the extension, with an elapsed-time indicator on a terminal."""
    with Progress(label):
        return fn()


def as_hex(parts: Iterable[bytes]) -> Iterator[bytes]:
    """The same bytes as one line of hex."""
    for part in parts:
        yield part.hex().encode()
    yield b"\n"


# --- encrypt ---------------------------------------------------------------------------------------

def encrypt(args: argparse.Namespace) -> int:
    if args.format == "stream":
        refuse_oneshot_options(args)
    elif args.chunk_size is not None:
        raise CliError("--chunk-size: only a stream has chunks (--format oneshot is one piece)")
    cls, key = prepare(args)
    fd = output.target(args.output, args.force).fd
    if not args.hex and fd is not None and os.isatty(fd):
        raise CliError("refusing to write binary ciphertext to a terminal: use --hex or -o FILE")
    if args.format == "oneshot":
        return encrypt_oneshot(args, cls, key)
    chunk = args.chunk_size or lwcrypto.stream.DEFAULT_CHUNK_SIZE
    with open_input(args.input) as f:
        size = size_of(f)
        total = None if size is None else lwcrypto.stream._stream.sealed_size(cls.name, size, chunk)
        parts = lwcrypto.stream.iter_encrypt(cls.name, key, f, chunk)
        if args.hex:
            parts, total = as_hex(parts), None if total is None else 2 * total + 1
        output.write_output(args.output, parts, args.force,
                            label=f"encrypting {display(args.input)}", total=total)
    return EXIT_OK


def encrypt_oneshot(args: argparse.Namespace, cls, key: bytes) -> int:
    ad, nonce = oneshot_options(args, cls)
    chosen = nonce is None
    if chosen:
        nonce = os.urandom(cls.nonce_size)
    message = read_all(args.input)
    sealed = with_progress(f"encrypting {human(len(message))}",
                           lambda: cls(key).encrypt(nonce, message, ad))
    # The nonce leads the output when the command chose it: decrypt then finds it there.
    parts = [nonce, sealed] if chosen else [sealed]
    if args.hex:
        parts = list(as_hex(parts))
    output.write_output(args.output, parts, args.force)
    return EXIT_OK


# --- decrypt ---------------------------------------------------------------------------------------

VERIFY_FAILED = "verification failed: wrong key, or a damaged, cut or spliced stream"
# The most of an input without a stream's magic that decrypt reads as a one-shot message
# unless --format oneshot says it is one (the whole message is held in memory).
ONESHOT_GUESS_LIMIT = 16 << 20


def decrypt(args: argparse.Namespace) -> int:
    check_sources(args)
    output.target(args.output, args.force)
    # With -a the key is read (and its size checked) before any work; else once the
    # stream's header named the scheme.
    args.key = read_key(args, lwcrypto.aead(args.algorithm)) if args.algorithm else None
    if args.range is not None:
        return decrypt_range(args)
    name = display(args.input)
    with open_input(args.input) as f:
        # The stream's magic leads it: read that much (as hex with --hex, after any
        # whitespace, which hex input ignores everywhere) to tell.
        magic = lwcrypto.stream.MAGIC.hex().encode() if args.hex else lwcrypto.stream.MAGIC
        head = first_non_space(f) if args.hex else b""
        head += lwcrypto.stream._read_exactly(f, len(magic) - len(head))
        found = (head.lower() if args.hex else head) == magic
        fmt = args.format or ("stream" if found else "oneshot")
        if fmt == "stream" and not found:  # --format stream: input in another format
            raise CliError(f"{name}: not an lwc stream (no LWCSTRM magic{' in hex' * args.hex} "
                           "at its start); --format oneshot reads a one-shot message")
        src = Prefixed(head, f)
        if fmt == "oneshot":
            if args.algorithm is None:
                raise CliError(f"{name}: a one-shot message does not name its scheme: give -a "
                               "(only a stream's header names it)")
            cls, key = lwcrypto.aead(args.algorithm), args.key
            limit = None if args.format else ONESHOT_GUESS_LIMIT * (2 if args.hex else 1)
            data = read_rest(src, f, args, limit)
            if args.hex:
                data = parse_hex(f"{name} (read as --hex)", data)
            return decrypt_oneshot(args, cls, key, data)
        refuse_oneshot_options(args)
        if args.hex:
            src = HexInput(src, name)
        cls, key, header = stream_scheme(args, src)
        decrypt_stream(args, cls, key, Prefixed(header, src), None if args.hex else size_of(f))
    return EXIT_OK


def first_non_space(f) -> bytes:
    """Reads past the whitespace at f's start: the first other byte (b"" at the end)."""
    while True:
        b = f.read(1)
        if not b or not b.isspace():
            return b


def decrypt_stream(args: argparse.Namespace, cls, key: bytes, src, total: int | None) -> None:
    write_verified(args, lambda: lwcrypto.stream.iter_decrypt(key, src, aead=cls.name), total)


def write_verified(args: argparse.Namespace, open_chunks: Callable[[], Iterator[bytes]],
                   total: int | None) -> None:
    """Writes the verified chunks that open_chunks() gives as they come: to a file all or
    nothing (output.py's temporary file); on stdout, a failure says what went out."""
    to_file = output.target(args.output, args.force).file is not None
    try:
        chunks = open_chunks()
    except lwcrypto.stream.SchemeMismatch as e:
        raise CliError(f"{display(args.input)}: {e}") from None
    except lwcrypto.stream.StreamError as e:
        raise damaged(args, e, "nothing written") from None
    released = 0

    def counted() -> Iterator[bytes]:
        nonlocal released
        for chunk in chunks:
            released += len(chunk)
            yield chunk

    try:
        output.write_output(args.output, counted(), args.force, private=True,
                            label=f"decrypting {display(args.input)}", total=total)
    except lwcrypto.stream.StreamError as e:
        raise damaged(args, e, "nothing written" if to_file or not released else
                      f"the chunks before the failing one were written to {output_name(args)} "
                      "(each verified, the stream as a whole not): discard them") from None


def damaged(args: argparse.Namespace, e: Exception, what: str) -> CliError:
    """A damaged stream (a chunk or the header that fails, or a malformed or cut one), or
    input that is no stream: exit 1."""
    why = (VERIFY_FAILED if isinstance(e, lwcrypto.InvalidTag) and "truncated" not in str(e)
           else f"{display(args.input)}: {e}")
    return CliError(f"{why}; {what}", EXIT_FAILED)


def output_name(args: argparse.Namespace) -> str:
    return output.target(args.output, args.force).name


def decrypt_range(args: argparse.Namespace) -> int:
    if args.hex or args.format == "oneshot" or args.input in (None, "-"):
        raise CliError("--range reads a stream from a file (not stdin, not --hex, not "
                       "--format oneshot)")
    refuse_oneshot_options(args)
    start, end = args.range
    with open_input(args.input) as f:
        if lwcrypto.stream._read_exactly(f, len(lwcrypto.stream.MAGIC)) != lwcrypto.stream.MAGIC:
            raise CliError(f"{display(args.input)}: not an lwc stream (no LWCSTRM magic at its "
                           "start); --range reads a stream")
        f.seek(0)
        cls, key, _ = stream_scheme(args, f)
        write_verified(args, lambda: lwcrypto.stream.iter_decrypt_range(
            key, f, start, end if end is not None else 1 << 63, aead=cls.name), None)
    return EXIT_OK


def split_sealed(cls, data: bytes, nonce: bytes | None) -> tuple[bytes, bytes]:
    """(nonce, ciphertext || tag) of the input, whose nonce leads it unless given apart."""
    layout = "ciphertext || tag" if nonce is not None else "nonce || ciphertext || tag"
    shortest = cls.tag_size + (0 if nonce is not None else cls.nonce_size)
    if len(data) < shortest:
        raise CliError(f"input of {len(data)} bytes is too short for {layout}: {cls.name} "
                       f"needs at least {shortest}")
    if nonce is not None:
        return nonce, data
    return bytes(data[:cls.nonce_size]), data[cls.nonce_size:]


def decrypt_oneshot(args: argparse.Namespace, cls, key: bytes, data: bytes) -> int:
    ad, nonce = oneshot_options(args, cls)
    nonce, body = split_sealed(cls, data, nonce)
    try:
        message = with_progress(f"decrypting {human(len(body))}",
                                lambda: cls(key).decrypt(nonce, body, ad))
    except lwcrypto.InvalidTag:
        raise CliError("verification failed: wrong key, nonce or associated data, or a "
                       "damaged message; nothing written", EXIT_FAILED) from None
    output.write_output(args.output, [message], args.force, private=True)
    return EXIT_OK


# --- reading the input -------------------------------------------------------------------------

def read_rest(src, f: BinaryIO, args: argparse.Namespace, limit: int | None) -> bytearray:
    """All of a one-shot message (the bytes already read included); more than limit bytes
    is refused (input that only looks like no stream is not read whole)."""
    with Progress(f"reading {display(args.input)}", size_of(f)) as p:
        data = bytearray()
        while chunk := src.read(CHUNK):
            data += chunk
            p.advance(len(chunk))
            if limit is not None and len(data) > limit:
                raise CliError(f"{display(args.input)}: not an lwc stream (no LWCSTRM magic at "
                               f"its start), and over {human(ONESHOT_GUESS_LIMIT)} for a one-shot message; "
                               "--format oneshot reads a one-shot message of any size (held in "
                               "memory); nothing written", EXIT_FAILED)
        return data


class Prefixed:
    """Bytes already read, then the rest of src."""

    def __init__(self, head: bytes, src) -> None:
        self.head, self.src = head, src

    def read(self, n: int = -1) -> bytes:
        if self.head:
            part = self.head if n < 0 else self.head[:n]
            self.head = self.head[len(part):]
            return part
        return self.src.read(n)

    def readinto(self, b) -> int:
        if self.head or not hasattr(self.src, "readinto"):
            part = self.read(len(b))
            b[:len(part)] = part
            return len(part)
        return self.src.readinto(b)


class HexInput:
    """The bytes a file spells in hex (whitespace and line ends ignored), read as they come."""

    def __init__(self, f: BinaryIO, name: str) -> None:
        self.f, self.name, self.pending = f, name, b""

    def read(self, n: int = -1) -> bytes:
        want = 2 * n if n >= 0 else None
        while want is None or len(self.pending) < want:
            block = self.f.read(CHUNK if want is None else max(want - len(self.pending), 4096))
            if not block:
                break
            self.pending += bytes(block).translate(None, b" \t\r\n")
        take = self.pending if want is None else self.pending[:want]  # even unless at the end
        self.pending = self.pending[len(take):]
        return parse_hex(f"{self.name} (read as --hex)", take)
