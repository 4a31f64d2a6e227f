# SPDX-License-Identifier: MIT
"""Per-call cost of lwcrypto on small messages (not part of the test suite).

    .venv/bin/python tests/python/bench_overhead.py [--rounds 7] [--number 20000]

For 64-byte messages with 32 bytes of associated data, side by side in one run:
- lwcrypto's XoodyakAead.encrypt against pyca/cryptography's AESGCM and
  ChaCha20Poly1305 encrypt (the same call shape, the same timeit statement);
- the Python overhead of every scheme: the time of the Python call minus the time
  liblwc takes for the same work in a C loop (_lwcrypto._testing.time_c), for encrypt, decrypt
  and one-shot hashing (Cls(msg).digest()).
The machine is shared and its speed changes by up to 2x from one moment to the next,
so measurements are short (a few ms) and paired: each Python measurement is followed at
once by its C (or pyca) counterpart, and the figures are medians over many rounds of the
times and of the per-round differences and ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import timeit

import lwcrypto
from lwcrypto._lwcrypto import _testing

MSG, AD = 64, 32


def per_call(stmt: str, env: dict, number: int) -> float:
    return timeit.timeit(stmt, globals=env, number=number) / number


def aead_env(cls) -> dict:
    box = cls(cls.generate_key())
    nonce, msg, ad = os.urandom(cls.nonce_size), os.urandom(MSG), os.urandom(AD)
    return {"box": box, "nonce": nonce, "msg": msg, "ad": ad, "sealed": box.encrypt(nonce, msg, ad)}


def overhead_cases() -> list[tuple[str, str, str, dict, tuple]]:
    """(scheme, operation, Python statement, its globals, _time_c arguments but iters)."""
    cases = []
    for name in lwcrypto.aead_algorithms:
        env = aead_env(lwcrypto.aead(name))
        cases.append((name, "encrypt", "box.encrypt(nonce, msg, ad)", env, ("encrypt", name, MSG, AD)))
        cases.append((name, "decrypt", "box.decrypt(nonce, sealed, ad)", env, ("decrypt", name, MSG, AD)))
    for name in lwcrypto.hash_algorithms:
        env = {"cls": type(lwcrypto.new(name)), "msg": os.urandom(MSG)}
        cases.append((name, "hash", "cls(msg).digest()", env, ("hash", name, MSG, 0)))
    return cases


def peer_cases() -> list[tuple[str, str, dict]]:
    """(label, statement, globals): Xoodyak against pyca/cryptography, when installed."""
    cases = [("lwcrypto XoodyakAead", "box.encrypt(nonce, msg, ad)", aead_env(lwcrypto.XoodyakAead))]
    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
    except ImportError:
        print("(cryptography not installed: no AES-GCM / ChaCha20-Poly1305 comparison)")
        return cases
    for label, cls in (("pyca AESGCM-128", lambda: AESGCM(AESGCM.generate_key(128))),
                       ("pyca ChaCha20Poly1305", lambda: ChaCha20Poly1305(ChaCha20Poly1305.generate_key()))):
        env = {"box": cls(), "nonce": os.urandom(12), "msg": os.urandom(MSG), "ad": os.urandom(AD)}
        cases.append((label, "box.encrypt(nonce, msg, ad)", env))
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=31)
    parser.add_argument("--number", type=int, default=2000, help="calls per measurement")
    args = parser.parse_args()
    peers, cases = peer_cases(), overhead_cases()
    peer_t = {label: [] for label, _, _ in peers}
    py_t, c_t = ([[] for _ in cases] for _ in range(2))
    for _ in range(args.rounds):
        for label, stmt, env in peers:
            peer_t[label].append(per_call(stmt, env, args.number))
        for i, (_, _, stmt, env, c_args) in enumerate(cases):
            py_t[i].append(per_call(stmt, env, args.number))
            c_t[i].append(_testing.time_c(*c_args, args.number))

    us, med = 1e6, statistics.median
    print(f"encrypt, {MSG}-byte message, {AD} bytes AD, medians of {args.rounds} rounds (us per call)")
    ours = peer_t[peers[0][0]]
    for label, times in peer_t.items():
        ratio = med(t / o for t, o in zip(times, ours))
        print(f"  {label:24} {med(times) * us:7.3f}   {ratio:5.2f}x lwcrypto's time")
    print("\nPython overhead = Python call - liblwc call for the same work (us, medians)")
    print(f"  {'scheme':24} {'op':8} {'python':>8} {'C':>8} {'overhead':>9}")
    for i, (name, op, _, _, _) in enumerate(cases):
        over = med(p - c for p, c in zip(py_t[i], c_t[i]))
        print(f"  {name:24} {op:8} {med(py_t[i]) * us:8.3f} {med(c_t[i]) * us:8.3f} {over * us:9.3f}")


if __name__ == "__main__":
    main()
