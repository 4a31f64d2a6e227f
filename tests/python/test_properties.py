# SPDX-License-Identifier: MIT
"""Hypothesis properties of every registered scheme: round trips, tampering rejected,
incremental hashing equal to one-shot. Inputs reach past 2048 bytes, where calls run
without the GIL. Example counts are bounded to keep the suite short."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lwcrypto

AEADS = [lwcrypto.aead(n) for n in lwcrypto.aead_algorithms]
HASHES = [type(lwcrypto.new(n)) for n in lwcrypto.hash_algorithms]
bounded = settings(max_examples=100, deadline=None)
messages = st.binary(max_size=3000)
short = st.binary(max_size=64)


@st.composite
def sealed_case(draw, cls):
    """(key, nonce, message, AD) for an AEAD class; AD may be None."""
    key = draw(st.binary(min_size=cls.key_size, max_size=cls.key_size))
    nonce = draw(st.binary(min_size=cls.nonce_size, max_size=cls.nonce_size))
    return key, nonce, draw(messages), draw(st.one_of(st.none(), short, messages))


def by_name(classes):
    return pytest.mark.parametrize("cls", classes, ids=lambda c: c.name)


@by_name(AEADS)
@bounded
@given(data=st.data())
def test_round_trip(cls, data) -> None:
    key, nonce, msg, ad = data.draw(sealed_case(cls))
    box = cls(key)
    sealed = box.encrypt(nonce, msg, ad)
    assert len(sealed) == len(msg) + cls.tag_size
    assert box.decrypt(nonce, sealed, ad) == msg
    ct, tag = box.encrypt_detached(nonce, msg, ad)
    assert ct + tag == sealed
    assert box.decrypt_detached(nonce, ct, tag, ad) == msg


@by_name(AEADS)
@bounded
@given(data=st.data())
def test_tampering_is_rejected(cls, data) -> None:
    key, nonce, msg, ad = data.draw(sealed_case(cls))
    sealed = cls(key).encrypt(nonce, msg, ad)
    ad = ad or b""

    def flipped(b: bytes) -> bytes:
        i = data.draw(st.integers(0, 8 * len(b) - 1), label="bit")
        out = bytearray(b)
        out[i // 8] ^= 1 << (i % 8)
        return bytes(out)

    part = data.draw(st.sampled_from(["sealed", "nonce", "ad", "key"]), label="part")
    if part == "sealed":
        sealed = flipped(sealed)
    elif part == "nonce":
        nonce = flipped(nonce)
    elif part == "ad":
        ad = flipped(ad) if ad else b"\0"
    else:
        key = flipped(key)
    with pytest.raises(lwcrypto.InvalidTag):
        cls(key).decrypt(nonce, sealed, ad)


@by_name(HASHES)
@bounded
@given(chunks=st.lists(st.binary(max_size=700), max_size=8), split=st.integers(0, 8))
def test_incremental_equals_one_shot(cls, chunks, split) -> None:
    whole = b"".join(chunks)
    h = cls()
    for c in chunks[:split]:
        h.update(c)
    fork = h.copy()
    for c in chunks[split:]:
        h.update(c)
    assert h.digest() == cls(whole).digest() == lwcrypto.new(cls.name, whole).digest()
    assert fork.digest() == cls(b"".join(chunks[:split])).digest()
    fork.update(b"!")
    assert fork.digest() == cls(b"".join(chunks[:split]) + b"!").digest()
