# SPDX-License-Identifier: MIT
"""The independent reference of the add-a-variant test (tests/variant/): a model of
Ascon-AEAD128 in plain Python, written from NIST SP 800-232 with its round counts as
parameters. With the standard's (12, 8) it reproduces the official KAT file; with half of
them, (6, 4), it reproduces tests/variant/toy-ascon-aead128.txt, which lwc_genkat wrote
for the toy scheme: so the generated file is checked by code that shares nothing with
the library's."""

from __future__ import annotations

from pathlib import Path

import pytest

from lwcrypto.cli.cmd_kat import read_kat

TESTS = Path(__file__).resolve().parents[1]
MASK = (1 << 64) - 1
IV = 0x00001000808C0001


def rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (64 - n))) & MASK


def permute(s: list[int], rounds: int) -> None:
    """Ascon-p[rounds]: the last `rounds` of the twelve rounds."""
    x0, x1, x2, x3, x4 = s
    for i in range(12 - rounds, 12):
        x2 ^= 0xF0 - 0x0F * i
        x0 ^= x4
        x4 ^= x3
        x2 ^= x1
        t = [(~a & MASK) & b for a, b in ((x0, x1), (x1, x2), (x2, x3), (x3, x4), (x4, x0))]
        x0, x1, x2, x3, x4 = x0 ^ t[1], x1 ^ t[2], x2 ^ t[3], x3 ^ t[4], x4 ^ t[0]
        x1 ^= x0
        x0 ^= x4
        x3 ^= x2
        x2 = ~x2 & MASK
        x0 ^= rotr(x0, 19) ^ rotr(x0, 28)
        x1 ^= rotr(x1, 61) ^ rotr(x1, 39)
        x2 ^= rotr(x2, 1) ^ rotr(x2, 6)
        x3 ^= rotr(x3, 10) ^ rotr(x3, 17)
        x4 ^= rotr(x4, 7) ^ rotr(x4, 41)
    s[:] = [x0, x1, x2, x3, x4]


def pad(data: bytes) -> bytes:
    """data, 0x01, then zeros to a multiple of the 16-byte rate."""
    return data + b"\x01" + bytes(15 - len(data) % 16)


def lane(data: bytes, at: int) -> int:
    return int.from_bytes(data[at:at + 8], "little")


def encrypt(key: bytes, nonce: bytes, ad: bytes, pt: bytes, a: int, b: int) -> bytes:
    k0, k1 = lane(key, 0), lane(key, 8)
    s = [IV, k0, k1, lane(nonce, 0), lane(nonce, 8)]
    permute(s, a)
    s[3] ^= k0
    s[4] ^= k1
    if ad:
        blocks = pad(ad)
        for i in range(0, len(blocks), 16):
            s[0] ^= lane(blocks, i)
            s[1] ^= lane(blocks, i + 8)
            permute(s, b)
    s[4] ^= 1 << 63
    blocks, out = pad(pt), bytearray()
    for i in range(0, len(blocks), 16):
        s[0] ^= lane(blocks, i)
        s[1] ^= lane(blocks, i + 8)
        out += s[0].to_bytes(8, "little") + s[1].to_bytes(8, "little")
        if i + 16 < len(blocks):
            permute(s, b)
    s[2] ^= k0
    s[3] ^= k1
    permute(s, a)
    s[3] ^= k0
    s[4] ^= k1
    return bytes(out[:len(pt)]) + s[3].to_bytes(8, "little") + s[4].to_bytes(8, "little")


@pytest.mark.parametrize("path, rounds", [
    (TESTS / "kat" / "ascon-aead128.txt", (12, 8)),
    (TESTS / "variant" / "toy-ascon-aead128.txt", (6, 4)),
])
def test_the_model_reproduces_the_file(path: Path, rounds: tuple[int, int]) -> None:
    records = [r for r, _ in read_kat(str(path), "aead")]
    assert len(records) == 1089
    for r in records:
        assert encrypt(r["Key"], r["Nonce"], r["AD"], r["PT"], *rounds) == r["CT"], r["Count"]
