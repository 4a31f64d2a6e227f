"""lwc encrypt and lwc decrypt: one message sealed with an AEAD scheme, in the container
nonce || ciphertext || tag (or ciphertext || tag when the user keeps the nonce)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

import lwcrypto

from . import output
from .common import (EXIT_FAILED, EXIT_OK, CliError, check_size, display, open_input,
                     parse_hex, read_all, scheme_arg, warn)
from .progress import Progress, human

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
is written to a temporary file and renamed only on success). A new output file is
created readable by its owner only (0600).
"""

KEY_SOURCES = """\
The key: --key-file FILE (hex as lwc keygen writes it, or the key's raw bytes; FILE may
be an open descriptor: --key-file /dev/fd/3 3<key.hex, or --key-file <(command)),
--key-env NAME (the environment variable NAME holds the key as hex), or --key-hex HEX
(on the command line, which other users see in the process list: lwc warns).
"""


def add_commands(command) -> None:
    p = command("encrypt", encrypt, "encrypt one message", ENCRYPT_HELP + "\n" + KEY_SOURCES)
    add_arguments(p, "the ciphertext")
    p.add_argument("--hex", action="store_true", help="write hex instead of raw bytes")
    p = command("decrypt", decrypt, "decrypt and verify one message",
                DECRYPT_HELP + "\n" + KEY_SOURCES)
    add_arguments(p, "the plaintext")
    p.add_argument("--hex", action="store_true", help="the input is hex (lwc encrypt --hex)")


def add_arguments(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("-a", "--algorithm", required=True, metavar="NAME", type=scheme_arg("aead"),
                   help="AEAD scheme (lwc list)")
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
    """(scheme class, key, AD, nonce or None) for encrypt and decrypt.

    Every option, the output included, is checked before the message is read, so that a
    usage error costs no work.
    """
    if [args.key_file, args.ad_file, args.input or "-"].count("-") > 1:
        raise CliError("only one of the message, --key-file and --ad-file can be stdin")
    cls = lwcrypto.aead(args.algorithm)
    key, ad = read_key(args, cls), read_ad(args)
    nonce = read_nonce(args, cls) if args.nonce_hex is not None else None
    output.target(args.output, args.force)
    return cls, key, ad, nonce


def with_progress(label: str, fn: Callable[[], bytes]) -> bytes:
    """One long call into the extension, with an elapsed-time indicator on a terminal."""
    with Progress(label):
        return fn()


# --- the commands --------------------------------------------------------------------------------

def encrypt(args: argparse.Namespace) -> int:
    cls, key, ad, nonce = prepare(args)
    fd = output.target(args.output, args.force).fd
    if not args.hex and fd is not None and os.isatty(fd):
        raise CliError("refusing to write binary ciphertext to a terminal: use --hex or -o FILE")
    chosen = nonce is None
    if chosen:
        nonce = os.urandom(cls.nonce_size)
    message = read_all(args.input)
    sealed = with_progress(f"encrypting {human(len(message))}",
                           lambda: cls(key).encrypt(nonce, message, ad))
    # The nonce leads the output when the command chose it: decrypt then finds it there.
    parts = [nonce, sealed] if chosen else [sealed]
    if args.hex:
        parts = [p.hex().encode() for p in parts] + [b"\n"]
    output.write_output(args.output, parts, args.force)
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


def decrypt(args: argparse.Namespace) -> int:
    cls, key, ad, nonce = prepare(args)
    data = read_all(args.input)
    if args.hex:
        data = parse_hex(f"{display(args.input)} (read as --hex)", data)
    nonce, body = split_sealed(cls, data, nonce)
    try:
        message = with_progress(f"decrypting {human(len(body))}",
                                lambda: cls(key).decrypt(nonce, body, ad))
    except lwcrypto.InvalidTag:
        raise CliError("verification failed: wrong key, nonce or associated data, or a "
                       "damaged message; nothing written", EXIT_FAILED) from None
    output.write_output(args.output, [message], args.force, private=True)
    return EXIT_OK
