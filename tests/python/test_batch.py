# SPDX-License-Identifier: MIT
"""The batch methods (liblwc's lwc_*_many): encrypt_many / decrypt_many on the AEAD objects,
the class-level forms with a key per message, hash_many on the hash classes; each against
the single-message methods, with forged tags, wrong sizes and wrong types."""
import os

import pytest

import lwcrypto

LENGTHS = [0, 1, 15, 16, 17, 63, 64, 65, 200, 300, 1500, 4096]


def messages(n):
    return [os.urandom(LENGTHS[i % len(LENGTHS)]) for i in range(n)]


@pytest.mark.parametrize("name", lwcrypto.aead_algorithms)
def test_encrypt_many_equals_encrypt_and_decrypt_many_inverts_it(name):
    cls = lwcrypto.aead(name)
    box = cls(cls.generate_key())
    n = 41  # several lane groups and a short tail
    nonces = [os.urandom(cls.nonce_size) for _ in range(n)]
    datas, ads = messages(n), [os.urandom(i % 40) if i % 3 else None for i in range(n)]
    sealed = box.encrypt_many(nonces, datas, ads)
    assert sealed == [box.encrypt(nonces[i], datas[i], ads[i]) for i in range(n)]
    assert box.decrypt_many(nonces, sealed, ads) == datas
    no_ad = box.encrypt_many(nonces, datas)
    assert no_ad == [box.encrypt(nonces[i], datas[i]) for i in range(n)]
    assert box.encrypt_many([], []) == [] and box.decrypt_many([], []) == []


@pytest.mark.parametrize("name", lwcrypto.aead_algorithms)
def test_a_forged_tag_raises_naming_the_positions_or_gives_none_there(name):
    cls = lwcrypto.aead(name)
    box = cls(cls.generate_key())
    nonces = [os.urandom(cls.nonce_size) for _ in range(20)]
    datas = messages(20)
    sealed = box.encrypt_many(nonces, datas)
    for at in (2, 11, 19):  # a flipped bit in the ciphertext, or in the tag
        s = bytearray(sealed[at])
        s[(at * 7) % len(s)] ^= 1 << (at % 8)
        sealed[at] = bytes(s)
    with pytest.raises(lwcrypto.InvalidTag, match=r"3 of 20 tags did not verify") as e:
        box.decrypt_many(nonces, sealed)
    assert e.value.failed == [2, 11, 19]
    loose = box.decrypt_many(nonces, sealed, strict=False)
    assert [i for i, p in enumerate(loose) if p is None] == [2, 11, 19]
    assert all(loose[i] == datas[i] for i in range(20) if i not in (2, 11, 19))
    other = box.decrypt_many(nonces[1:] + nonces[:1], box.encrypt_many(nonces, datas),
                             strict=False)
    assert all(p is None for p in other)  # every nonce wrong


@pytest.mark.parametrize("name", ["tinyjambu-128", "xoodyak", "schwaemm256-128", "ascon-aead128"])
def test_a_key_per_message(name):
    cls = lwcrypto.aead(name)
    n = 19
    keys = [cls.generate_key() for _ in range(n)]
    nonces = [os.urandom(cls.nonce_size) for _ in range(n)]
    datas, ads = messages(n), [os.urandom(i) for i in range(n)]
    sealed = cls.encrypt_many_with_keys(keys, nonces, datas, ads)
    assert sealed == [cls(keys[i]).encrypt(nonces[i], datas[i], ads[i]) for i in range(n)]
    assert cls.decrypt_many_with_keys(keys, nonces, sealed, ads) == datas
    keys[4] = cls.generate_key()
    with pytest.raises(lwcrypto.InvalidTag) as e:
        cls.decrypt_many_with_keys(keys, nonces, sealed, ads)
    assert e.value.failed == [4]


def test_wrong_sizes_counts_and_types_are_named():
    cls = lwcrypto.XoodyakAead
    box = cls(bytes(16))
    with pytest.raises(ValueError, match=r"xoodyak: nonce\[1\] must be 16 bytes, got 15"):
        box.encrypt_many([bytes(16), bytes(15)], [b"a", b"b"])
    with pytest.raises(ValueError, match="2 nonces but 1 datas"):
        box.encrypt_many([bytes(16)] * 2, [b"a"])
    with pytest.raises(ValueError, match="2 nonces but 3 associated_data"):
        box.encrypt_many([bytes(16)] * 2, [b"a"] * 2, [b""] * 3)
    with pytest.raises(ValueError, match=r"data\[0\] must be at least 16 bytes"):
        box.decrypt_many([bytes(16)], [b"short"])
    with pytest.raises(TypeError, match="nonces must be a sequence"):
        box.encrypt_many(bytes(16), [b"a"])
    with pytest.raises(ValueError, match=r"key\[1\] must be 16 bytes"):
        cls.encrypt_many_with_keys([bytes(16), bytes(8)], [bytes(16)] * 2, [b"a"] * 2)


@pytest.mark.parametrize("name", lwcrypto.hash_algorithms)
def test_hash_many_equals_the_one_shot_digest(name):
    cls = lwcrypto.new(name).__class__
    msgs = messages(37)
    assert cls.hash_many(msgs) == [cls(m).digest() for m in msgs]
    assert cls.hash_many([]) == []
    with pytest.raises(TypeError, match="messages must be a sequence"):
        cls.hash_many(b"abc")
