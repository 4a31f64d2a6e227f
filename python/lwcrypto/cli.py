"""lwc: every lwcrypto scheme from the command line, in the habits of sha256sum and openssl.

The command holds no cryptography and no per-scheme code: it asks the package's registry
(lwcrypto.algorithms, lwcrypto.aead(name), lwcrypto.new(name)) for everything, so a scheme
added to the library appears here unchanged.

Exit status: 0 success, 1 a verification failed (decrypt, hash --check, kat),
2 a usage or input error (unknown scheme, wrong size, unreadable file, malformed input).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import shutil
import stat
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from typing import BinaryIO

import lwcrypto

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

# Xoodyak's hash: with Esch256 the fastest hash of the library on this project's machines
# (about 250 MB/s through lwc hash), with a 256-bit digest like sha256sum's.
DEFAULT_HASH = "xoodyak-hash"

# 1 MiB reads: large enough that the extension releases the GIL and per-call overhead
# vanishes, small enough that hashing any file needs constant, small memory.
CHUNK = 1 << 20


class CliError(Exception):
    """An error reported as 'lwc: message' on stderr, with its exit status."""

    def __init__(self, message: str, status: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.status = status


# --- the registry -------------------------------------------------------------------------

def kind_of(name: str) -> str:
    return "aead" if name in lwcrypto.aead_algorithms else "hash"


def scheme_arg(*kinds: str) -> Callable[[str], str]:
    """An argparse type accepting a registry name of one of `kinds`; its error lists the names."""
    def check(text: str) -> str:
        name = text.lower()
        known = [n for n in lwcrypto.algorithms if kind_of(n) in kinds]
        if name in known:
            return name
        what = "scheme" if len(kinds) > 1 else f"{kinds[0].replace('aead', 'AEAD')} scheme"
        article = {"aead": "an AEAD", "hash": "a hash"}
        why = f"{text!r} is {article[kind_of(name)]} scheme" if name in lwcrypto.algorithms \
            else f"unknown {what} {text!r}"
        raise argparse.ArgumentTypeError(f"{why}; {what}s: {', '.join(known)}")
    return check


def describe(name: str) -> dict:
    """The public sizes of a scheme, in bytes."""
    if kind_of(name) == "aead":
        cls = lwcrypto.aead(name)
        return {"name": name, "kind": "aead", "key_size": cls.key_size,
                "nonce_size": cls.nonce_size, "tag_size": cls.tag_size}
    h = lwcrypto.new(name)
    return {"name": name, "kind": "hash", "digest_size": h.digest_size,
            "block_size": h.block_size}


# --- progress -------------------------------------------------------------------------------

def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" or n == int(n) else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


# When the command started: progress indicators count their delay from here, so that a
# job of several phases (read, encrypt, write) over a second in all shows its progress.
STARTED = time.monotonic()


class Progress:
    """A one-line indicator on stderr, drawn by a background thread.

    It appears only on a terminal and only `delay` seconds after `since` (the command's
    start), so short jobs and pipes see nothing extra. The worker calls advance(); the
    extension releases the GIL on large inputs, which lets the thread draw during a long call.
    """

    def __init__(self, label: str, total: int | None = None, unit: str = "B",
                 stream=None, delay: float = 1.0, since: float | None = None,
                 interval: float = 0.1) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.wait = max(0.0, (STARTED if since is None else since) + delay - self.start)
        self.interval = interval
        self.shown = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if self.stream.isatty():
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()

    def advance(self, n: int = 1) -> None:
        self.done += n

    def _run(self) -> None:
        if self._stop.wait(self.wait):
            return
        while True:
            self._draw()
            if self._stop.wait(self.interval):
                return

    def line(self, width: int = 79) -> str:
        """The indicator, the label shortened from the left to fit `width` columns."""
        elapsed = max(time.monotonic() - self.start, 1e-9)
        parts = []
        if self.total:
            filled = min(20, 20 * self.done // self.total)
            parts.append(f"[{'#' * filled}{'.' * (20 - filled)}]")
        if self.unit == "B" and (self.done or self.total):
            parts.append(human(self.done) + (f"/{human(self.total)}" if self.total else ""))
            parts.append(f"{human(self.done / elapsed)}/s")
        elif self.total:
            parts.append(f"{self.done}/{self.total}")
        parts.append(f"{elapsed:.0f} s")
        tail = " " + " ".join(parts)
        room = width - len(tail)
        label = self.label if len(self.label) <= room else "..." + self.label[3 - room:]
        return (label + tail)[:width]

    def _draw(self) -> None:
        self.stream.write("\r" + self.line(shutil.get_terminal_size().columns - 1) + "\x1b[K")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.shown:
            self.stream.write("\r\x1b[K")  # leave the terminal line as it was
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# --- input and output -------------------------------------------------------------------------

def display(path: str | None) -> str:
    return "stdin" if path in (None, "-") else path


@contextlib.contextmanager
def open_input(path: str | None) -> Iterator[BinaryIO]:
    """A file opened for reading ('-' or None: stdin); read errors name the file."""
    try:
        if path in (None, "-"):
            yield sys.stdin.buffer
        else:
            with open(path, "rb") as f:
                yield f
    except OSError as e:
        raise CliError(f"cannot read {display(path)}: {e.strerror or e}") from None


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


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def refuse_existing(path: str | None, force: bool) -> None:
    """Fail early, before any work, when the output file exists and --force is absent."""
    if path not in (None, "-") and not force and os.path.lexists(path):
        raise CliError(f"{path} exists; use --force to overwrite it")


def write_output(path: str | None, parts: list[bytes], force: bool,
                 mode: int | None = None) -> None:
    """Write `parts` to stdout or to `path`, atomically: the file appears whole or not at all.

    The data goes to a temporary file beside `path`, renamed only once complete. Without
    `force` the rename is a hard link, which fails rather than replace a file that appeared
    meanwhile.
    """
    if path in (None, "-"):
        write_parts(sys.stdout.buffer, parts, "stdout")
        sys.stdout.buffer.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{os.path.basename(path)}.")
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            write_parts(f, parts, path)
        os.chmod(tmp, mode if mode is not None else 0o666 & ~umask())
        install(tmp, path, force)
    except FileExistsError:
        raise CliError(f"{path} exists; use --force to overwrite it") from None
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def write_parts(f: BinaryIO, parts: list[bytes], name: str) -> None:
    with Progress(f"writing {name}", sum(len(p) for p in parts)) as progress:
        for part in parts:
            view = memoryview(part)
            for i in range(0, len(view), CHUNK):
                progress.advance(f.write(view[i:i + CHUNK]) or 0)


def install(tmp: str, path: str, force: bool) -> None:
    if force:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)  # never replaces an existing file
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        if os.path.lexists(path):
            raise FileExistsError(path) from None
        os.replace(tmp, path)


# --- lwc list ---------------------------------------------------------------------------------

def cmd_list(args: argparse.Namespace) -> int:
    rows = [describe(name) for name in lwcrypto.algorithms]
    if args.json:
        print(json.dumps(rows, indent=2))
        return EXIT_OK
    columns = ("name", "kind", "key_size", "nonce_size", "tag_size", "digest_size")
    headers = ("name", "kind", "key", "nonce", "tag", "digest")
    table = [headers] + [tuple(str(row.get(c, "")) for c in columns) for row in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(headers))]
    for r in table:
        cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1])]
        cells += [cell.rjust(w) for cell, w in zip(r[2:], widths[2:])]
        print("  ".join(cells).rstrip())
    print("sizes in bytes")
    return EXIT_OK


# --- lwc hash ---------------------------------------------------------------------------------

def hash_file(name: str, path: str) -> str:
    """Hex digest of a file or stdin, streamed in CHUNK reads through one reused buffer."""
    h = lwcrypto.new(name)
    buf = bytearray(CHUNK)
    view = memoryview(buf)
    with open_input(path) as f, Progress(f"hashing {display(path)}", size_of(f)) as p:
        while n := f.readinto(buf):
            h.update(view[:n])
            p.advance(n)
    return h.hexdigest()


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


def cmd_hash(args: argparse.Namespace) -> int:
    if args.check is not None:
        if args.files:
            raise CliError("--check reads the names from the listing: give no FILE")
        return check_listing(args.algorithm, args.check, args.quiet)
    out = sys.stdout.buffer
    status = EXIT_OK
    for path in args.files or ["-"]:
        try:
            digest = hash_file(args.algorithm, path)
        except CliError as e:  # report it and go on with the other files, as sha256sum does
            print(f"lwc: {e}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        prefix, name = escape_name(path)
        out.write(prefix + digest.encode() + b"  " + name + b"\n")
        out.flush()
    return status


_LISTING_LINE = re.compile(rb"(\\?)([0-9A-Fa-f]+) [ *](.+)")


def parse_listing(name: str, source: str) -> list[tuple[str, str]]:
    """(hex digest, file name) of every line of a sha256sum-style listing."""
    digest_hex = 2 * lwcrypto.new(name).digest_size
    with open_input(source) as f:
        lines = f.read().split(b"\n")
    entries = []
    for number, line in enumerate(lines, 1):
        line = line.removesuffix(b"\r")
        if not line.strip():
            continue
        m = _LISTING_LINE.fullmatch(line)
        if not m:
            raise CliError(f"{display(source)}:{number}: not a 'DIGEST  FILE' line")
        escaped, digest, raw = m.groups()
        if len(digest) != digest_hex:
            raise CliError(f"{display(source)}:{number}: a digest of {len(digest)} hex digits; "
                           f"{name} gives {digest_hex} (choose the scheme with -a)")
        entries.append((digest.decode().lower(),
                        os.fsdecode(unescape_name(raw) if escaped else raw)))
    if not entries:
        raise CliError(f"{display(source)}: no digest lines")
    return entries


def check_listing(name: str, source: str, quiet: bool) -> int:
    failed = unreadable = 0
    for expected, path in parse_listing(name, source):
        prefix, shown = escape_name(path)
        try:
            ok = hash_file(name, path) == expected
            verdict = b"OK" if ok else b"FAILED"
            failed += not ok
        except CliError as e:
            print(f"lwc: {e}", file=sys.stderr)
            verdict = b"FAILED open or read"
            unreadable += 1
        if not (quiet and verdict == b"OK"):
            sys.stdout.buffer.write(prefix + shown + b": " + verdict + b"\n")
            sys.stdout.buffer.flush()
    if unreadable:
        print(f"lwc: WARNING: {unreadable} listed file{'s' * (unreadable > 1)} could not be read",
              file=sys.stderr)
    if failed:
        print(f"lwc: WARNING: {failed} computed checksum{'s' * (failed > 1)} did NOT match",
              file=sys.stderr)
    return EXIT_FAILED if failed or unreadable else EXIT_OK


# --- lwc encrypt / decrypt / keygen -----------------------------------------------------------

def read_key(args: argparse.Namespace, cls) -> bytes:
    """The key from --key-hex or --key-file (raw bytes of the key's size, else hex)."""
    if args.key_hex is not None:
        key, source = parse_hex("--key-hex", args.key_hex), "--key-hex"
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


def run_with_progress(label: str, fn: Callable[[], bytes]) -> bytes:
    """One long call into the extension, with an elapsed-time indicator on a terminal."""
    with Progress(label):
        return fn()


def prepare_aead(args: argparse.Namespace):
    """(scheme class, key, AD, nonce or None) for encrypt and decrypt.

    Every option is checked before the message is read, so that a usage error costs no work.
    """
    if [args.key_file, args.ad_file, args.input or "-"].count("-") > 1:
        raise CliError("only one of the message, --key-file and --ad-file can be stdin")
    cls = lwcrypto.aead(args.algorithm)
    key, ad = read_key(args, cls), read_ad(args)
    nonce = read_nonce(args, cls) if args.nonce_hex is not None else None
    refuse_existing(args.output, args.force)
    return cls, key, ad, nonce


def cmd_encrypt(args: argparse.Namespace) -> int:
    cls, key, ad, nonce = prepare_aead(args)
    if not args.hex and args.output in (None, "-") and sys.stdout.isatty():
        raise CliError("refusing to write binary ciphertext to a terminal: use --hex or -o FILE")
    chosen = nonce is None
    if chosen:
        nonce = os.urandom(cls.nonce_size)
    message = read_all(args.input)
    sealed = run_with_progress(f"encrypting {human(len(message))}",
                               lambda: cls(key).encrypt(nonce, message, ad))
    # The nonce leads the output when the command chose it: decrypt then finds it there.
    parts = [nonce, sealed] if chosen else [sealed]
    if args.hex:
        parts = [p.hex().encode() for p in parts] + [b"\n"]
    write_output(args.output, parts, args.force)
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


def cmd_decrypt(args: argparse.Namespace) -> int:
    cls, key, ad, nonce = prepare_aead(args)
    data = read_all(args.input)
    if args.hex:
        data = parse_hex(f"{display(args.input)} (read as --hex)", data)
    nonce, body = split_sealed(cls, data, nonce)
    try:
        message = run_with_progress(f"decrypting {human(len(body))}",
                                    lambda: cls(key).decrypt(nonce, body, ad))
    except lwcrypto.InvalidTag:
        raise CliError("verification failed: wrong key, nonce or associated data, or a "
                       "damaged message; nothing written", EXIT_FAILED) from None
    write_output(args.output, [message], args.force)
    return EXIT_OK


def cmd_keygen(args: argparse.Namespace) -> int:
    key = lwcrypto.aead(args.algorithm).generate_key()
    refuse_existing(args.output, False)
    # A key file is the owner's alone, and never silently replaced.
    write_output(args.output, [key.hex().encode() + b"\n"], force=False, mode=0o600)
    return EXIT_OK


# --- lwc kat ----------------------------------------------------------------------------------

KAT_FIELDS = {"aead": ("Count", "Key", "Nonce", "PT", "AD", "CT"), "hash": ("Count", "Msg", "MD")}


def read_kat(path: str, kind: str) -> Iterator[tuple[dict, dict]]:
    """(record, line number of each field) of each record of a NIST LWC KAT file.

    Values are decoded; anything malformed raises CliError naming the file and line.
    """
    fields = KAT_FIELDS[kind]
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
        if not sep or key not in fields:
            what = "an AEAD" if kind == "aead" else "a hash"
            raise CliError(f"{path}:{number}: expected one of {', '.join(fields)} "
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


def check_kat_sizes(path: str, where: dict, info: dict, record: dict) -> None:
    """A record whose sizes do not fit the scheme is a file for another scheme: an input error."""
    sizes = {"Key": info.get("key_size"), "Nonce": info.get("nonce_size"),
             "MD": info.get("digest_size")}
    for field, size in sizes.items():
        if field in record and len(record[field]) != size:
            raise CliError(f"{path}:{where[field]}: {field} is {len(record[field])} bytes long; "
                           f"{info['name']} uses {size} (a KAT file for another scheme?)")


def differs(field: str, got: bytes, expected: bytes) -> str:
    return f"{field} differs: got {got.hex().upper()}, expected {expected.hex().upper()}"


def kat_failure(name: str, record: dict) -> str | None:
    """Why a record fails against the scheme, or None when it passes."""
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


def cmd_kat(args: argparse.Namespace) -> int:
    name, kind = args.algorithm, kind_of(args.algorithm)
    info, passed, failed = describe(name), 0, 0
    for record, where in read_kat(args.file, kind):
        check_kat_sizes(args.file, where, info, record)
        why = kat_failure(name, record)
        if why is None:
            passed += 1
            continue
        failed += 1
        print(f"FAILED Count = {record['Count']} ({args.file}:{where['Count']}): {why}")
    if not passed + failed:
        raise CliError(f"{args.file}: no KAT records")
    print(f"{name}: {passed} passed, {failed} failed")
    return EXIT_FAILED if failed else EXIT_OK


# --- lwc bench --------------------------------------------------------------------------------

def size_arg(text: str) -> int:
    m = re.fullmatch(r"(\d+)\s*([kKmMgG]?)(i?B)?", text.strip())
    if not m or int(m.group(1)) == 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size (e.g. 64, 16K, 1M)")
    return int(m.group(1)) << (10 * " KMG".index((m.group(2) or " ").upper()))


def lwcrypto_case(name: str) -> tuple[str, str, Callable[[bytes], object]]:
    """(name, implementation, operation on a message) for one scheme of the library."""
    if kind_of(name) == "hash":
        return name, "lwcrypto", lambda msg: lwcrypto.new(name, msg).digest()
    cls = lwcrypto.aead(name)
    aead, nonce = cls(cls.generate_key()), bytes(cls.nonce_size)
    return name, "lwcrypto", lambda msg: aead.encrypt(nonce, msg, b"")


def reference_cases() -> list[tuple[str, str, Callable[[bytes], object]]]:
    """Well-known ciphers measured in the same run, for scale."""
    cases = [("sha256", "hashlib", lambda msg: hashlib.sha256(msg).digest())]
    try:
        from cryptography.hazmat.primitives.ciphers import aead as pyca
    except ImportError:
        print("lwc: reference ciphers AES-128-GCM and ChaCha20-Poly1305 skipped: "
              "cryptography is not installed (pip install 'lwcrypto[bench]')", file=sys.stderr)
        return cases
    gcm, chacha = pyca.AESGCM(os.urandom(16)), pyca.ChaCha20Poly1305(os.urandom(32))
    nonce = bytes(12)
    return [("aes-128-gcm", "cryptography", lambda msg: gcm.encrypt(nonce, msg, b"")),
            ("chacha20-poly1305", "cryptography", lambda msg: chacha.encrypt(nonce, msg, b""))] \
        + cases


def throughput(op: Callable[[bytes], object], size: int, seconds: float) -> float:
    """Median MB/s (10^6 bytes of message per second) over 3 timed runs lasting `seconds` in all."""
    msg = os.urandom(size)

    def timed(n: int) -> float:
        t = time.perf_counter()
        for _ in range(n):
            op(msg)
        return time.perf_counter() - t

    n, t = 1, timed(1)
    while t < seconds / 30:  # calibrate: each run then lasts about seconds / 3
        n *= 10
        t = timed(n)
    n = max(1, round(n * seconds / 3 / t))
    return size * n / statistics.median(timed(n) for _ in range(3)) / 1e6


def print_bench_table(results: list[dict], sizes: list[int]) -> None:
    names = list(dict.fromkeys((r["scheme"], r["implementation"]) for r in results))
    speed = {(r["scheme"], r["implementation"], r["size"]): r["mb_per_s"] for r in results}
    width = max(len(n) for n, _ in names)
    header = [f"{'scheme':<{width}}", f"{'via':<12}"] + [f"{human(s):>10}" for s in sizes]
    print("MB/s of message (median of 3 runs; encrypt for AEADs, no AD)")
    print("  ".join(header))
    for name, impl in names:
        cells = [f"{speed[name, impl, s]:10.1f}" for s in sizes]
        print("  ".join([f"{name:<{width}}", f"{impl:<12}"] + cells))


def plot_bench(results: list[dict], path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 6))
    colors = plt.get_cmap("tab20").colors  # 20 distinct colors: one per scheme
    series = list(dict.fromkeys((r["scheme"], r["implementation"]) for r in results))
    reference_styles = ["--s", ":^", "-.D", "--v"]  # references: grey, told apart by style
    for i, (scheme, impl) in enumerate(series):
        rows = [r for r in results if (r["scheme"], r["implementation"]) == (scheme, impl)]
        ours = impl == "lwcrypto"
        style = "-o" if ours else reference_styles[i % len(reference_styles)]
        ax.plot([r["size"] for r in rows], [r["mb_per_s"] for r in rows], style,
                color=colors[i % len(colors)] if ours else "0.3", markersize=3 if ours else 5,
                label=scheme if ours else f"{scheme} ({impl})")
    sizes = sorted({r["size"] for r in results})
    ax.set_xscale("log")
    ax.set_yscale("log")  # the references run far above the lightweight schemes
    ax.set_xticks(sizes, [human(s) for s in sizes])
    ax.minorticks_off()
    ax.set_xlabel("message size")
    ax.set_ylabel("MB/s (log scale)")
    ax.set_title("Throughput through the Python API (AEAD encrypt without AD, hash digest)")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=120)
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror or e}") from None
    finally:
        plt.close(fig)


def cmd_bench(args: argparse.Namespace) -> int:
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401  checked before minutes of measuring
        except ImportError:
            raise CliError("--plot needs matplotlib: pip install 'lwcrypto[bench]'") from None
    sizes = sorted(set(args.sizes))
    cases = [lwcrypto_case(n) for n in (args.algorithm or lwcrypto.algorithms)]
    cases += reference_cases()
    results = []
    with Progress("bench", len(cases) * len(sizes), unit="runs", delay=0) as p:
        for name, impl, op in cases:
            for size in sizes:
                p.label = f"bench {name} {human(size)}"
                results.append({"scheme": name, "implementation": impl, "size": size,
                                "mb_per_s": round(throughput(op, size, args.time), 2)})
                p.advance()
    if args.json:
        print(json.dumps({"unit": "MB/s", "results": results}, indent=2))
    else:
        print_bench_table(results, sizes)
    if args.plot is not None:
        plot_bench(results, args.plot)
        print(f"plot written to {args.plot}", file=sys.stderr)
    return EXIT_OK


# --- the parser -------------------------------------------------------------------------------

ENCRYPT_HELP = """\
Encrypt one message with an AEAD scheme.

Output format (raw bytes, or the same bytes as one line of hex with --hex):
  nonce || ciphertext || tag   when the nonce is chosen by lwc (no --nonce-hex): a fresh
                               random nonce from the OS generator leads the output
  ciphertext || tag            when --nonce-hex is given: keep the nonce yourself
The ciphertext has the message's length; the nonce and tag sizes are the scheme's
(lwc list). lwc decrypt with the same options reads this format back.

Never reuse a nonce with one key. Random 12-byte nonces (see lwc list) are safe for about
2^32 messages under one key, as NIST advises for AES-GCM; larger nonces for far more.

The whole message is held in memory (a one-shot AEAD authenticates it as a whole before
anything is released): the limit is free memory, about twice the message size
(more with --hex).
"""

DECRYPT_HELP = """\
Decrypt and verify one message sealed by lwc encrypt.

The input is nonce || ciphertext || tag, or ciphertext || tag when --nonce-hex is given;
--hex reads it as hex. Output is the plaintext, raw. When verification fails nothing is
written, the exit status is 1, and an existing output file is left unchanged (the output
is written to a temporary file and renamed only on success).
"""

EPILOG = "exit status: 0 success, 1 verification failed, 2 usage or input error"


def add_output(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    p.add_argument("-f", "--force", action="store_true", help="overwrite an existing output file")


def add_aead_inputs(p: argparse.ArgumentParser) -> None:
    p.add_argument("-a", "--algorithm", required=True, metavar="NAME", type=scheme_arg("aead"),
                   help="AEAD scheme (lwc list)")
    key = p.add_mutually_exclusive_group(required=True)
    key.add_argument("--key-file", metavar="FILE",
                     help="key file: the key's raw bytes, or hex (as lwc keygen writes)")
    key.add_argument("--key-hex", metavar="HEX",
                     help="key as hex (visible to other users in the process list)")
    p.add_argument("--nonce-hex", metavar="HEX", help="nonce as hex")
    ad = p.add_mutually_exclusive_group()
    ad.add_argument("--ad-hex", metavar="HEX", help="associated data as hex")
    ad.add_argument("--ad-file", metavar="FILE", help="associated data: the file's bytes")
    p.add_argument("input", nargs="?", metavar="FILE", help="input (default or -: stdin)")
    add_output(p)


def version() -> str:
    try:
        from importlib.metadata import version as dist_version
        return dist_version("lwcrypto")
    except Exception:  # running from a source tree
        return getattr(lwcrypto, "__version__", "unknown")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lwc", epilog=EPILOG,
        description="NIST Lightweight Cryptography finalists from the command line.")
    parser.add_argument("--version", action="version", version=f"lwc {version()}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    def command(name: str, run, help: str, description: str | None = None):
        p = sub.add_parser(name, help=help, description=description or help, epilog=EPILOG,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(run=run)
        return p

    p = command("list", cmd_list, "list every scheme with its kind and sizes")
    p.add_argument("--json", action="store_true", help="as JSON")

    p = command("hash", cmd_hash, "print or check digests (sha256sum format)",
                f"Print 'DIGEST  FILE' lines as sha256sum does, or check such a listing.\n"
                f"Default scheme: {DEFAULT_HASH}. Files are read in 1 MiB chunks, in constant\n"
                f"memory.")
    p.add_argument("-a", "--algorithm", default=DEFAULT_HASH, metavar="NAME",
                   type=scheme_arg("hash"), help=f"hash scheme (default {DEFAULT_HASH})")
    p.add_argument("-c", "--check", metavar="LISTING",
                   help="verify the files named in LISTING ('-': stdin); exit 1 on any mismatch")
    p.add_argument("-q", "--quiet", action="store_true", help="with --check: print failures only")
    p.add_argument("files", nargs="*", metavar="FILE", help="files to hash (default or -: stdin)")

    add_aead_inputs(command("encrypt", cmd_encrypt, "encrypt one message", ENCRYPT_HELP))
    p = sub.choices["encrypt"]
    p.add_argument("--hex", action="store_true", help="write hex instead of raw bytes")

    add_aead_inputs(command("decrypt", cmd_decrypt, "decrypt and verify one message",
                            DECRYPT_HELP))
    p = sub.choices["decrypt"]
    p.add_argument("--hex", action="store_true", help="the input is hex (lwc encrypt --hex)")

    p = command("keygen", cmd_keygen, "print a random key (hex) from the OS generator")
    p.add_argument("-a", "--algorithm", required=True, metavar="NAME", type=scheme_arg("aead"),
                   help="AEAD scheme whose key size to use")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the key to a new file, readable by its owner only")

    p = command("kat", cmd_kat, "verify a NIST LWC known-answer-test file",
                "Check every record of a KAT file (AEAD: Count/Key/Nonce/PT/AD/CT,\n"
                "hash: Count/Msg/MD) against a scheme; ends with 'N passed, M failed'.")
    p.add_argument("-a", "--algorithm", required=True, metavar="NAME",
                   type=scheme_arg("aead", "hash"), help="scheme (lwc list)")
    p.add_argument("file", metavar="FILE", help="KAT file, e.g. tests/kat/xoodyak.txt")

    p = command("bench", cmd_bench, "measure throughput through the Python API",
                "MB/s per scheme and message size (AEAD encrypt without AD, hash digest),\n"
                "with AES-128-GCM and ChaCha20-Poly1305 (pyca/cryptography) and hashlib's\n"
                "sha256 measured in the same run. Extras: pip install 'lwcrypto[bench]'.")
    p.add_argument("-a", "--algorithm", action="extend", nargs="+", metavar="NAME",
                   type=scheme_arg("aead", "hash"), help="schemes to measure (default: all)")
    p.add_argument("--sizes", nargs="+", type=size_arg, default=[64, 1024, 16384, 1 << 20],
                   metavar="SIZE", help="message sizes, e.g. 64 16K 1M (default 64 1K 16K 1M)")
    p.add_argument("--time", type=float, default=0.15, metavar="SECONDS",
                   help="measuring time per scheme and size (default 0.15)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw throughput against message size (needs matplotlib)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except CliError as e:
        print(f"lwc: {e}", file=sys.stderr)
        return e.status
    except BrokenPipeError:
        # The reader left (lwc hash * | head): stop quietly, as cat does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130
