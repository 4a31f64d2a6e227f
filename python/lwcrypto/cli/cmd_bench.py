# SPDX-License-Identifier: MIT
"""lwc bench: MB/s per scheme and message size through the Python API, with well-known
ciphers measured in the same run for scale."""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import statistics
import time
from collections.abc import Callable

import lwcrypto

from .common import EXIT_OK, CliError, kind_of, say, scheme_arg, warn
from .progress import Progress, human

EXTRAS = "pip install 'lwcrypto[bench]'"
MAX_SIZE = 1 << 30  # the message is held in memory, once per size
MAX_TIME = 3600.0


def add_commands(command) -> None:
    p = command("bench", run, "measure throughput through the Python API",
                "MB/s per scheme and message size (AEAD encrypt without AD, hash digest),\n"
                "with AES-128-GCM and ChaCha20-Poly1305 (pyca/cryptography) and hashlib's\n"
                f"sha256 measured in the same run. Extras: {EXTRAS}; without them bench\n"
                "runs and says what it skipped.")
    p.add_argument("-a", "--algorithm", action="extend", nargs="+", metavar="NAME",
                   type=scheme_arg("aead", "hash"), help="schemes to measure (default: all)")
    p.add_argument("--sizes", nargs="+", type=size_arg, default=[64, 1024, 16384, 1 << 20],
                   metavar="SIZE",
                   help="message sizes from 1 to 1G, e.g. 64 16K 1M (default 64 1K 16K 1M)")
    p.add_argument("--time", type=time_arg, default=0.15, metavar="SECONDS",
                   help="measuring time per scheme and size, over 0 and at most "
                        f"{MAX_TIME:.0f} (default 0.15)")
    p.add_argument("--batch", nargs="?", type=batch_arg, const=256, metavar="N",
                   help="also measure each lwcrypto scheme's batch call (encrypt_many, "
                        "hash_many) on N messages at a time (default 256), beside its "
                        "single-message row")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--plot", metavar="FILE.png",
                   help="draw throughput against message size (needs matplotlib)")


def size_arg(text: str) -> int:
    m = re.fullmatch(r"(\d+)\s*([kKmMgG]?)(i?B)?", text.strip())
    size = int(m[1]) << (10 * " KMG".index((m[2] or " ").upper())) if m else 0
    if not 0 < size <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size from 1 byte to 1G "
                                         "(e.g. 64, 16K, 1M)")
    return size


def time_arg(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_TIME:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds over 0 and at "
                                         f"most {MAX_TIME:.0f}")
    return seconds


def batch_arg(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of messages from 1 to 65536")
    return int(text)


def batch_case(name: str, n: int) -> tuple[str, str, Callable[[bytes], object], int]:
    """(name, implementation, operation on n copies of a message, n): the batch call."""
    if kind_of(name) == "hash":
        cls = lwcrypto.new(name).__class__
        return name, f"batch of {n}", lambda msg: cls.hash_many([msg] * n), n
    cls = lwcrypto.aead(name)
    aead, nonces = cls(cls.generate_key()), [bytes(cls.nonce_size)] * n
    return name, f"batch of {n}", lambda msg: aead.encrypt_many(nonces, [msg] * n), n


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
        warn("reference ciphers AES-128-GCM and ChaCha20-Poly1305 skipped: "
             f"cryptography is not installed ({EXTRAS})")
        return cases
    gcm, chacha = pyca.AESGCM(os.urandom(16)), pyca.ChaCha20Poly1305(os.urandom(32))
    nonce = bytes(12)
    return [("aes-128-gcm", "cryptography", lambda msg: gcm.encrypt(nonce, msg, b"")),
            ("chacha20-poly1305", "cryptography", lambda msg: chacha.encrypt(nonce, msg, b""))] \
        + cases


def throughput(op: Callable[[bytes], object], size: int, seconds: float, messages: int = 1) -> float:
    """Median MB/s (10^6 bytes of message per second) over 3 timed runs lasting `seconds` in
    all; op handles `messages` messages of `size` bytes a call."""
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
    return size * messages * n / statistics.median(timed(n) for _ in range(3)) / 1e6


def bench_table(results: list[dict], sizes: list[int]) -> str:
    names = list(dict.fromkeys((r["scheme"], r["implementation"]) for r in results))
    speed = {(r["scheme"], r["implementation"], r["size"]): r["mb_per_s"] for r in results}
    width = max(len(n) for n, _ in names)
    header = [f"{'scheme':<{width}}", f"{'via':<12}"] + [f"{human(s):>10}" for s in sizes]
    lines = ["MB/s of message (median of 3 runs; encrypt for AEADs, no AD)", "  ".join(header)]
    for name, impl in names:
        cells = [f"{speed[name, impl, s]:10.1f}" for s in sizes]
        lines.append("  ".join([f"{name:<{width}}", f"{impl:<12}"] + cells))
    return "\n".join(lines)


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


def can_plot() -> bool:
    """Whether matplotlib is there: checked before minutes of measuring."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        warn(f"--plot skipped: matplotlib is not installed ({EXTRAS})")
        return False
    return True


def run(args: argparse.Namespace) -> int:
    plot = args.plot is not None and can_plot()
    sizes = sorted(set(args.sizes))
    cases = []
    for name in args.algorithm or lwcrypto.algorithms:
        if kind_of(name) == "xof":
            continue
        cases.append((*lwcrypto_case(name), 1))
        if args.batch is not None:
            cases.append(batch_case(name, args.batch))
    cases += [(*c, 1) for c in reference_cases()]
    results = []
    with Progress("bench", len(cases) * len(sizes), unit="runs", delay=0) as p:
        for name, impl, op, messages in cases:
            for size in sizes:
                p.label = f"bench {name} {human(size)}"
                mb = throughput(op, size, args.time, messages)
                results.append({"scheme": name, "implementation": impl, "size": size,
                                "mb_per_s": round(mb, 2)})
                p.advance()
    say(json.dumps({"unit": "MB/s", "results": results}, indent=2) if args.json
        else bench_table(results, sizes))
    if plot:
        plot_bench(results, args.plot)
        warn(f"plot written to {args.plot}")
    return EXIT_OK
