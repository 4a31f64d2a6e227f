#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Side-by-side speed of lwcrypto and public peer implementations (docs/speed.md).

Every contender (lwcrypto through its public API, each peer through its own API) is built
into its own executable with the same driver (driver.c) and one glue file, with gcc and
with clang at -O3 -march=native; each is checked against the official KAT in tests/kat
first and left out of the results if it fails. The executables then run in N interleaved
rounds (a fresh order every round), each run taking one sample per message length
(per-thread CPU time); the report gives medians, the faster compiler of each contender,
and the ratio of lwcrypto to the fastest peer per scheme and length, of the medians and of
every round.

With --march, all of that is done once per target (every contender, lwcrypto and the
peers alike, built for it), one table each: an AVX-512 machine measures the AVX2 builds
too. A target whose executables this CPU cannot run (SIGILL in the KAT check) is reported
as such and not timed.

    peers.py PEERS_DIR [--rounds 11] [--seconds 0.1] [--only xoodyak,tinyjambu-128]
                       [--march x86-64,x86-64-v3,x86-64-v4,native]
                       [--peer-flags=-O2 ...] [--compilers gcc,clang] [--out build-peers]
"""
import argparse
import concurrent.futures
import dataclasses
import datetime
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
KAT_DIR = ROOT / "tests" / "kat"
OPT = "-O3"  # with -march=<target> for every contender
# Also tried for the peers, whose own builds use them (XKCP -O2, rweather -O3, NIST's
# packages -O2 or -O3), with the target's -march unless the set names one.
PEER_FLAGS = ["-O2"]
COMPILERS = {"gcc": ("gcc", "g++"), "clang": ("clang", "clang++")}
LENGTHS = (64, 4096)
AD_SIZE = 32  # fixed in driver.c

# The peers' repositories: the directory under PEERS_DIR, the GitHub repository and the
# commit docs/speed.md was measured at (run.sh warns when a clone is at another one).
REPOS = {
    "lwc-finalists": ("rweather/lwc-finalists", "77b23e672543df736bdcc8577590e8957fe0c58c"),
    "XKCP": ("XKCP/XKCP", "6ce53d038f53864b526bd4986c3fb8c739040b58"),
    "sparkle": ("itzmeanjan/sparkle", "29dda5226d7e2484a04963816ebc7854a65b0937"),
    "grain-128aead": ("itzmeanjan/grain-128aead", "52bc3e470df98ecb8b8bbeb1d40258b47e042eff"),
    "tinyjambu": ("itzmeanjan/tinyjambu", "238371569855c81d47d28e99397910a84e603589"),
    "photon-beetle": ("itzmeanjan/photon-beetle", "25fd553634e82768a60538322b90cc63e09e401d"),
    "xoodyak": ("itzmeanjan/xoodyak", "89b34274426c4cd769a8931a85b8db33d6513755"),
    "ascon-c": ("ascon/ascon-c", "446347f21b209f3921c65ece70027c366cbe1693"),
    "Lightweight-Cryptography-Benchmarking": ("usnistgov/Lightweight-Cryptography-Benchmarking",
                                              "0aee4eda0633693be2bf580b8a64f3900826b6ea"),
}


@dataclasses.dataclass
class Impl:
    scheme: str  # lwcrypto's registry name, also the KAT file's name
    who: str  # the implementation as the report names it
    glue: str  # glue_<glue>.c or .cpp
    srcs: list  # relative to PEERS_DIR (peers) or absolute
    incs: list = dataclasses.field(default_factory=list)
    defs: list = dataclasses.field(default_factory=list)
    peer: bool = True

    @property
    def hash(self):
        return hashes_of(self.scheme)

    @property
    def slug(self):
        return re.sub(r"[^A-Za-z0-9]+", "_", f"{self.scheme}-{self.who}").strip("_")


def hashes_of(scheme):
    return "hash" in scheme or scheme.startswith("esch") or scheme == "romulus-h"


# ---- the contenders ----

def lwcrypto():
    aeads = ["tinyjambu-128", "tinyjambu-192", "tinyjambu-256", "xoodyak", "grain-128aead",
             "schwaemm128-128", "schwaemm192-192", "schwaemm256-128", "schwaemm256-256",
             "photon-beetle-aead-32", "photon-beetle-aead-128", "ascon-aead128",
             "elephant-dumbo", "elephant-jumbo", "elephant-delirium", "gift-cofb",
             "isap-a-128a", "isap-a-128", "isap-k-128a", "isap-k-128",
             "romulus-n", "romulus-m", "romulus-t"]
    hashes = ["xoodyak-hash", "esch256", "esch384", "photon-beetle-hash", "ascon-hash256",
              "romulus-h"]
    # Schemes with another compiled path beside the default (registry *_variants lists).
    portable = {"xoodyak", "grain-128aead", "photon-beetle-aead-32", "photon-beetle-aead-128",
                "xoodyak-hash", "photon-beetle-hash", "schwaemm192-192", "schwaemm256-128",
                "schwaemm256-256", "esch256", "esch384"}
    out = []
    for s in aeads + hashes:
        h = hashes_of(s)
        variants = [("lwcrypto", "hashes" if h else "aeads")]
        if s in portable:
            variants.append(("lwcrypto (portable)", "hash_variants" if h else "aead_variants"))
        for who, lst in variants:
            out.append(Impl(s, who, "lwc", [], [str(ROOT / "include")],
                            [f"NAME=\"{s}\"", f"LIST={lst}"], peer=False))
    return out


def rweather():
    base = "lwc-finalists/src/individual/"
    table = [  # scheme, folder, source(s), function
        ("tinyjambu-128", "TinyJAMBU", "tinyjambu-aead", "tiny_jambu_128_aead_encrypt"),
        ("tinyjambu-192", "TinyJAMBU", "tinyjambu-aead", "tiny_jambu_192_aead_encrypt"),
        ("tinyjambu-256", "TinyJAMBU", "tinyjambu-aead", "tiny_jambu_256_aead_encrypt"),
        ("xoodyak", "Xoodyak", "xoodyak-aead", "xoodyak_aead_encrypt"),
        ("xoodyak-hash", "Xoodyak", "xoodyak-hash", "xoodyak_hash"),
        ("grain-128aead", "Grain-128AEAD", "grain-aead", "grain128_aead_encrypt"),
        ("schwaemm128-128", "SPARKLE", "sparkle-aead", "schwaemm_128_128_aead_encrypt"),
        ("schwaemm192-192", "SPARKLE", "sparkle-aead", "schwaemm_192_192_aead_encrypt"),
        ("schwaemm256-128", "SPARKLE", "sparkle-aead", "schwaemm_256_128_aead_encrypt"),
        ("schwaemm256-256", "SPARKLE", "sparkle-aead", "schwaemm_256_256_aead_encrypt"),
        ("esch256", "SPARKLE", "sparkle-hash", "esch_256_hash"),
        ("esch384", "SPARKLE", "sparkle-hash", "esch_384_hash"),
        ("photon-beetle-aead-32", "PHOTON-Beetle", "photon-beetle-aead", "photon_beetle_32_aead_encrypt"),
        ("photon-beetle-aead-128", "PHOTON-Beetle", "photon-beetle-aead", "photon_beetle_128_aead_encrypt"),
        ("photon-beetle-hash", "PHOTON-Beetle", "photon-beetle-hash", "photon_beetle_hash"),
        ("elephant-dumbo", "Elephant-Dumbo", "elephant-dumbo", "dumbo_aead_encrypt"),
        ("elephant-jumbo", "Elephant-Jumbo", "elephant-jumbo", "jumbo_aead_encrypt"),
        ("elephant-delirium", "Elephant-Delirium", "elephant-delirium", "delirium_aead_encrypt"),
        ("gift-cofb", "GIFT-COFB", "gift-cofb-aead", "gift_cofb_aead_encrypt"),
        ("isap-a-128a", "ISAP-A", "isap-a-aead", "isap_ascon_128a_aead_encrypt"),
        ("isap-a-128", "ISAP-A", "isap-a-aead", "isap_ascon_128_aead_encrypt"),
        ("isap-k-128a", "ISAP-K", "isap-k-aead", "isap_keccak_128a_aead_encrypt"),
        ("isap-k-128", "ISAP-K", "isap-k-aead", "isap_keccak_128_aead_encrypt"),
        ("romulus-n", "Romulus", "romulus-n-aead", "romulus_n_aead_encrypt"),
        ("romulus-m", "Romulus", "romulus-m-aead", "romulus_m_aead_encrypt"),
        # Romulus-T hashes its nonce and key with Romulus-H's code.
        ("romulus-t", "Romulus", ("romulus-t-aead", "romulus-hash"), "romulus_t_aead_encrypt"),
        ("romulus-h", "Romulus", "romulus-hash", "romulus_hash"),
    ]
    perm = {"TinyJAMBU": "tinyjambu", "Xoodyak": "xoodoo", "Grain-128AEAD": "grain128",
            "SPARKLE": "sparkle", "PHOTON-Beetle": "photon256", "Elephant-Dumbo": "spongent",
            "Elephant-Jumbo": "spongent", "Elephant-Delirium": "keccakp-200",
            "GIFT-COFB": "gift128", "ISAP-A": "ascon", "ISAP-K": "keccakp-400",
            "Romulus": ("skinny-plus", "romulus")}
    out = []
    for scheme, folder, src, fn in table:
        d = base + folder + "/"
        srcs = [d + s + ".c" for s in ((src,) if isinstance(src, str) else src)]
        internal = perm[folder]
        srcs += [d + f"internal-{s}.c" for s in ((internal,) if isinstance(internal, str) else internal)]
        srcs.append(d + "internal-util.c")
        out.append(Impl(scheme, "rweather/lwc-finalists", "rweather", srcs, [d], [f"FN={fn}"]))
    return out


def xkcp():
    out = []
    for scheme, test in (("xoodyak", "Xoodyak_aead_round3"), ("xoodyak-hash", "Xoodyak_hash")):
        for who, low, files in (
                ("XKCP plain", "plain", ["Xoodoo-optimized.c", "Xoodyak-full-blocks.c"]),
                ("XKCP AVX-512", "AVX512", ["Xoodoo-SIMD512.c", "Xoodyak-full-block-SIMD512.c"])):
            t = f"XKCP/tests/SUPERCOP/{test}/"
            srcs = [t + ("hash.c" if scheme.endswith("hash") else "encrypt.c"),
                    "XKCP/lib/high/Xoodyak/Xoodyak.c"] + [f"XKCP/lib/low/Xoodoo/{low}/{f}" for f in files]
            incs = [t, "XKCP/lib/high/Xoodyak", f"XKCP/lib/low/Xoodoo/{low}", "XKCP/lib/low/Xoodoo",
                    "XKCP/lib/common", str(HERE / "include" / "xkcp")]
            out.append(Impl(scheme, who, "supercop", srcs, incs))
    return out


def itzmeanjan():
    table = [  # scheme, repository, header, function
        ("tinyjambu-128", "tinyjambu", "tinyjambu_128.hpp", "tinyjambu_128::encrypt"),
        ("tinyjambu-192", "tinyjambu", "tinyjambu_192.hpp", "tinyjambu_192::encrypt"),
        ("tinyjambu-256", "tinyjambu", "tinyjambu_256.hpp", "tinyjambu_256::encrypt"),
        ("xoodyak", "xoodyak", "xoodyak.hpp", "xoodyak::encrypt"),
        ("xoodyak-hash", "xoodyak", "xoodyak.hpp", "xoodyak::hash"),
        ("grain-128aead", "grain-128aead", "grain_128aead.hpp", "grain_128aead::encrypt"),
        ("schwaemm128-128", "sparkle", "schwaemm128_128.hpp", "schwaemm128_128::encrypt"),
        ("schwaemm192-192", "sparkle", "schwaemm192_192.hpp", "schwaemm192_192::encrypt"),
        ("schwaemm256-128", "sparkle", "schwaemm256_128.hpp", "schwaemm256_128::encrypt"),
        ("schwaemm256-256", "sparkle", "schwaemm256_256.hpp", "schwaemm256_256::encrypt"),
        ("esch256", "sparkle", "esch256.hpp", "esch256::hash"),
        ("esch384", "sparkle", "esch384.hpp", "esch384::hash"),
        ("photon-beetle-aead-32", "photon-beetle", "aead.hpp", "photon_beetle::encrypt<4>"),
        ("photon-beetle-aead-128", "photon-beetle", "aead.hpp", "photon_beetle::encrypt<16>"),
        ("photon-beetle-hash", "photon-beetle", "hash.hpp", "photon_beetle::hash"),
    ]
    return [Impl(s, f"itzmeanjan/{repo}", "itzmeanjan", [], [f"{repo}/include"],
                 [f"HEADER=\"{hdr}\"", f"FN={fn}"]) for s, repo, hdr, fn in table]


def nist():
    """The submitters' code from NIST's benchmarking repository (SUPERCOP API)."""
    base = "Lightweight-Cryptography-Benchmarking/implementations/"
    table = [  # scheme, folder, implementations
        ("tinyjambu-128", "tinyjambu/crypto_aead/tinyjambu128v2", ["opt"]),
        ("tinyjambu-192", "tinyjambu/crypto_aead/tinyjambu192v2", ["opt"]),
        ("tinyjambu-256", "tinyjambu/crypto_aead/tinyjambu256v2", ["opt"]),
        ("grain-128aead", "grain128aead/crypto_aead/grain128aeadv2", ["ref"]),
        ("schwaemm128-128", "sparkle/crypto_aead/schwaemm128128v2", ["opt"]),
        ("schwaemm192-192", "sparkle/crypto_aead/schwaemm192192v2", ["opt"]),
        ("schwaemm256-128", "sparkle/crypto_aead/schwaemm256128v2", ["opt"]),
        ("schwaemm256-256", "sparkle/crypto_aead/schwaemm256256v2", ["opt"]),
        ("esch256", "sparkle/crypto_hash/esch256v2", ["opt"]),
        ("esch384", "sparkle/crypto_hash/esch384v2", ["ref"]),
    ] + [(s, f"photon-beetle/{f}", ["ref", "table2", "table3", "bitslice_sb64"]) for s, f in (
        ("photon-beetle-aead-32", "crypto_aead/photonbeetleaead128rate32v1"),
        ("photon-beetle-aead-128", "crypto_aead/photonbeetleaead128rate128v1"),
        ("photon-beetle-hash", "crypto_hash/photonbeetlehash256rate32v1"))] + [
        # Elephant, GIFT-COFB, ISAP, Romulus: the submitters' C implementations for 32- and
        # 64-bit CPUs and their `ref` (not the 8-bit, Arm or AVR code, nor `rhys`, an older
        # copy of rweather/lwc-finalists).
        ("elephant-dumbo", "elephant/crypto_aead/elephant160v2", ["ref"]),
        ("elephant-jumbo", "elephant/crypto_aead/elephant176v2", ["ref"]),
        ("elephant-delirium", "elephant/crypto_aead/elephant200v2", ["ref"]),
        ("gift-cofb", "gift-cofb/crypto_aead/giftcofb128v1", ["ref", "opt32"]),
        ("isap-a-128a", "isap/crypto_aead/isapa128av20", ["ref", "opt_32", "bi_32"]),
        ("isap-a-128", "isap/crypto_aead/isapa128v20", ["ref", "opt_32"]),
        ("isap-k-128a", "isap/crypto_aead/isapk128av20", ["ref", "opt_64"]),
        ("isap-k-128", "isap/crypto_aead/isapk128v20", ["ref", "opt_64"]),
        ("romulus-n", "romulus/crypto_aead/romulusn", ["ref", "opt32", "opt32t", "fixslice_opt32"]),
        ("romulus-m", "romulus/crypto_aead/romulusm", ["ref", "opt32t"]),
        ("romulus-t", "romulus/crypto_aead/romulust", ["ref"]),
        ("romulus-h", "romulus/crypto_hash/romulush", ["ref", "opt32t", "fixslice_opt32"]),
    ]
    return [Impl(s, f"NIST {v}", "supercop", [f"{base}{folder}/{v}/*.c"], [f"{base}{folder}/{v}"])
            for s, folder, variants in table for v in variants]


def ascon_c():
    """The Ascon team's ascon-c (SUPERCOP API): its 64-bit, low-size and AVX-512 variants."""
    table = [("ascon-aead128", "crypto_aead/asconaead128"), ("ascon-hash256", "crypto_hash/asconhash256")]
    return [Impl(s, f"ascon-c {v}", "supercop", [f"ascon-c/{folder}/{v}/*.c"],
                 [f"ascon-c/{folder}/{v}", "ascon-c/tests"])
            for s, folder in table for v in ("opt64", "opt64_lowsize", "avx512")]


def contenders():
    return lwcrypto() + rweather() + xkcp() + itzmeanjan() + nist() + ascon_c()


# ---- building ----

def sources(impl, peers):
    """The implementation's sources; a NIST folder's *.c without its benchmark-framework
    and KAT-generator files."""
    out = []
    for s in impl.srcs:
        p = peers / s
        if "*" in p.name:
            out += sorted(f for f in p.parent.glob(p.name)
                          if not re.match(r"(lwc_crypto_|genkat|timing)", f.name))
        else:
            out.append(p)
    return out


def target_flags(march):
    return f"{OPT} -march={march}"


def peer_flags(flag_set, march):
    return flag_set if "-march=" in flag_set else f"{flag_set} -march={march}"


def label(cc, flags, march):
    """How the report names a build: the compiler, and the flags unless the target's."""
    rest = flags.replace(f" -march={march}", "")
    return cc if rest == OPT else f"{cc} {rest}"


def build(impl, cc, flags, peers, out_dir):
    """Builds one executable; returns (path, None) or (None, the compiler's complaint)."""
    c, cxx = COMPILERS[cc]
    exe = out_dir / re.sub(r"[^A-Za-z0-9]+", "_", f"{impl.slug}-{cc}-{flags}")
    obj_dir = out_dir / "obj" / exe.name
    shutil.rmtree(obj_dir, ignore_errors=True)
    obj_dir.mkdir(parents=True)
    glue = next(HERE.glob(f"glue_{impl.glue}.c*"))
    defs = [f"-D{d}" for d in impl.defs] + (["-DLWCB_HASH"] if impl.hash else [])
    incs = [f"-I{peers / i}" for i in impl.incs] + [f"-I{HERE / 'include'}"]
    objs, cpp = [], False
    for i, src in enumerate([HERE / "driver.c", glue] + sources(impl, peers)):
        is_cpp = src.suffix in (".cpp", ".cc")
        cpp |= is_cpp
        obj = obj_dir / f"{i}-{src.stem}.o"
        std = ["-std=c++20"] if is_cpp else []
        r = subprocess.run([cxx if is_cpp else c, *flags.split(), *std, "-w", *defs, *incs,
                            "-c", str(src), "-o", str(obj)], capture_output=True, text=True)
        if r.returncode:
            return None, complaint(r.stderr)
        objs.append(str(obj))
    r = subprocess.run([cxx if cpp else c, *objs, "-o", str(exe)], capture_output=True, text=True)
    return (None, complaint(r.stderr)) if r.returncode else (exe, None)


def complaint(stderr):
    """The compiler's or linker's first error line."""
    lines = stderr.strip().splitlines() or ["?"]
    return next((x for x in lines if "error" in x), lines[0])


def kat_check(impl, exe):
    r = subprocess.run([str(exe), "kat", str(KAT_DIR / f"{impl.scheme}.txt")],
                       capture_output=True, text=True)
    if r.returncode == -4:  # SIGILL
        return False, ["this CPU lacks instructions of the target (SIGILL)"]
    summary = r.stdout.strip().splitlines()[-1:]  # "N records, M failed"
    first = [f"({x.split(': ', 1)[-1]})" for x in r.stderr.strip().splitlines()[:1]]
    return r.returncode == 0, summary + first


# ---- measuring and reporting ----

def sample(exe, seconds):
    r = subprocess.run([str(exe), "bench", str(seconds), *map(str, LENGTHS)],
                       capture_output=True, text=True, check=True)
    return {int(n): float(v) for n, v in (line.split() for line in r.stdout.splitlines())}


def first_line(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "?"


def cpu_name():
    """lscpu's model name, with the family and model numbers (a virtual machine's model
    name can be as short as "AMD EPYC")."""
    fields = {}
    for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
    name = fields.get("Model name", "?")
    if "CPU family" in fields and "Model" in fields:
        name += f" (family {fields['CPU family']} model {fields['Model']})"
    return name


def environment(peers, marches):
    commits = {}
    for d, (name, pinned) in REPOS.items():
        if not (peers / d).is_dir():
            print(f"warning: {peers / d} missing ({name}): its contenders are left out",
                  file=sys.stderr)
            continue
        commits[name] = first_line(["git", "-C", str(peers / d), "rev-parse", "HEAD"])
        if commits[name] != pinned:
            print(f"warning: {name} is at {commits[name]}, docs/speed.md at {pinned}",
                  file=sys.stderr)
    return {
        "cpu": cpu_name(),
        "compilers": {cc: first_line([COMPILERS[cc][0], "--version"]) for cc in COMPILERS},
        "flags": [target_flags(m) for m in marches],
        "lwcrypto": first_line(["git", "-C", str(ROOT), "describe", "--always", "--dirty"]),
        "peers": commits,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def best(samples):
    """{who: (median, compiler)} for one scheme and length, the faster compiler of each."""
    out = {}
    for (who, build), values in samples.items():
        m = statistics.median(values)
        if who not in out or m > out[who][0]:
            out[who] = (m, build)
    return out


def round_samples(impls, results, scheme, who, picked, n):
    """The samples, round by round, of the build best() picked for who."""
    slug = next(i.slug for i in impls if i.scheme == scheme and i.who == who)
    return results[slug, picked[1]][n]


def report(env, march, impls, results, failures, args):
    also = "".join(f", and for the peers `{peer_flags(f, march)}`" for f in args.peer_flags)
    lines = [f"## -march={march}", "",
             f"CPU: {env['cpu']}; compilers: {env['compilers']['gcc']}, "
             f"{env['compilers']['clang']}; flags `{target_flags(march)}`{also}; "
             f"lwcrypto {env['lwcrypto']}; {env['date']}.",
             f"MB/s of message ({AD_SIZE} bytes of AD for the AEADs, not counted), per-thread "
             f"CPU time, median of {args.rounds} interleaved rounds of {args.seconds} s samples; "
             f"each contender with its fastest build (named); ratio = lwcrypto / fastest peer.",
             ""]
    schemes = list(dict.fromkeys(i.scheme for i in impls))
    by = {}  # (scheme, n) -> best
    for s in schemes:
        for n in LENGTHS:
            by[s, n] = best({(i.who, b): v[n] for i in impls if i.scheme == s
                             for (slug, b), v in results.items() if slug == i.slug})
    peer_names = {i.who for i in impls if i.peer}

    def top_peer(s, n):
        peers = {w: v for w, v in by[s, n].items() if w in peer_names}
        return max(peers.items(), key=lambda kv: kv[1][0]) if peers else None

    if not results:
        lines += ["Not timed: no lwcrypto build passed its KAT (a SIGILL there: the CPU lacks the "
                  "target's instructions):", ""]
        lines += [f"- {s} / {w} ({cc}): {why}" for (s, w, cc), why in sorted(failures.items())
                  if w == "lwcrypto"]
        return "\n".join(lines) + "\n"
    lines += ["### Summary", "",
              "| scheme | lwcrypto 4096 B | fastest peer 4096 B | ratio 4096 B | ratio 64 B |",
              "|---|---|---|---|---|"]
    for s in schemes:
        row, ours = [s], by[s, 4096].get("lwcrypto")
        for n in (4096, 64):
            top, mine = top_peer(s, n), by[s, n].get("lwcrypto")
            if n == 4096:
                row += [f"{ours[0]:.0f}" if ours else "-",
                        f"{top[0]} {top[1][0]:.0f}" if top else "-"]
            row.append(f"{mine[0] / top[1][0]:.2f}" if top and mine else "-")
        lines.append("| " + " | ".join(row) + " |")

    lines += ["", "### Every round", "",
              "The ratio of each round: lwcrypto's sample over the fastest peer's, each of the "
              "build the medians above name (the spread is the machine's noise).", "",
              "| scheme | ratio 4096 B by round | ratio 64 B by round |", "|---|---|---|"]
    for s in schemes:
        row = [s]
        for n in (4096, 64):
            top, mine = top_peer(s, n), by[s, n].get("lwcrypto")
            row.append(" ".join(f"{a / b:.2f}" for a, b in zip(
                round_samples(impls, results, s, "lwcrypto", mine, n),
                round_samples(impls, results, s, top[0], top[1], n))) if top and mine else "-")
        lines.append("| " + " | ".join(row) + " |")

    lines += ["", "### Every contender", "",
              "| scheme | implementation | 64 B | ratio | 4096 B | ratio |",
              "|---|---|---|---|---|---|"]
    for s in schemes:
        whos = sorted(by[s, 4096], key=lambda w: -by[s, 4096][w][0])
        for w in whos:
            row = [s, w]
            for n in LENGTHS:
                m, cc = by[s, n][w]
                mine = by[s, n].get("lwcrypto")
                row += [f"{m:.1f} ({cc})", f"{mine[0] / m:.2f}" if w != "lwcrypto" and mine else ""]
            lines.append("| " + " | ".join(row) + " |")
    if failures:
        lines += ["", "Left out (not built, or failed its KAT):", ""]
        lines += [f"- {s} / {w} ({cc}): {why}" for (s, w, cc), why in sorted(failures.items())]
    return "\n".join(lines) + "\n"


def measure(march, impls, ccs, peers, env, args):
    """Builds, checks and times every contender for one -march target; its report."""
    base = target_flags(march)
    out = args.out / march
    out.mkdir(parents=True, exist_ok=True)
    jobs = [(i, cc, f) for i in impls for cc in ccs
            for f in [base] + ([peer_flags(p, march) for p in args.peer_flags] if i.peer else [])]
    exes, failures = {}, {}

    def make(job):
        impl, cc, flags = job
        exe, err = build(impl, cc, flags, peers, out)
        if exe is None:
            return job, None, f"not built: {err}"
        ok, msg = kat_check(impl, exe)
        return job, exe if ok else None, None if ok else f"KAT failed: {' '.join(msg)}"

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for (impl, cc, flags), exe, why in pool.map(make, jobs):
            b = label(cc, flags, march)
            if exe:
                exes[impl.slug, b] = exe
            else:
                failures[impl.scheme, impl.who, b] = why
                print(f"left out ({march}): {impl.scheme} / {impl.who} ({b}): {why}",
                      file=sys.stderr)
    print(f"-march={march}: {len(exes)} executables pass their KATs; {args.rounds} rounds",
          file=sys.stderr)
    if args.rounds == 0:
        return None
    if not any(slug.endswith("lwcrypto") for slug, _ in exes):
        return report(env, march, impls, {}, failures, args)

    # Interleaved rounds: every executable once per round, in a fresh order each time.
    results = {key: {n: [] for n in LENGTHS} for key in exes}
    order = list(exes)
    rng = random.Random(1)
    for r in range(args.rounds):
        rng.shuffle(order)
        for key in order:
            for n, v in sample(exes[key], args.seconds).items():
                results[key][n].append(v)
        print(f"-march={march}: round {r + 1}/{args.rounds} done", file=sys.stderr)
    (out / "results.json").write_text(json.dumps(
        {"env": env, "march": march,
         "samples": {f"{k[0]}-{k[1]}": v for k, v in results.items()}}, indent=1))
    return report(env, march, impls, results, failures, args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("peers", type=Path, help="directory holding the peers' clones")
    ap.add_argument("--rounds", type=int, default=11, help="0: build and check only")
    ap.add_argument("--seconds", type=float, default=0.1, help="CPU seconds per sample")
    ap.add_argument("--only", default="", help="comma-separated scheme names")
    ap.add_argument("--march", default="native",
                    help="comma-separated -march targets, one table each "
                         "(e.g. x86-64,x86-64-v3,x86-64-v4,native)")
    ap.add_argument("--compilers", default="gcc,clang")
    ap.add_argument("--peer-flags", action="append",
                    help=f"flag sets for the peers beside {OPT!r}, instead of {PEER_FLAGS}, "
                         "with the target's -march unless one is given: --peer-flags=-O2 "
                         "(repeatable); --peer-flags= for none")
    ap.add_argument("--out", type=Path, default=ROOT / "build-peers")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    args = ap.parse_args()
    args.peer_flags = [f for f in (args.peer_flags or PEER_FLAGS) if f.strip()]
    peers = args.peers.resolve()
    only = set(filter(None, args.only.split(",")))
    impls = [i for i in contenders() if not only or i.scheme in only]
    ccs = [cc for cc in args.compilers.split(",") if shutil.which(COMPILERS[cc][0])]
    marches = [m for m in args.march.split(",") if m]
    env = environment(peers, marches)
    print(f"CPU: {env['cpu']}", file=sys.stderr)

    tables = [t for t in (measure(m, impls, ccs, peers, env, args) for m in marches) if t]
    if not tables:
        return
    text = "\n".join(tables)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.md").write_text(text)
    # The dated report docs/speed.md links (bench/results/: one file per run, committed
    # when a run is worth keeping).
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d-%H%M")
    cpu = re.sub(r"[^a-z0-9]+", "-", env["cpu"].lower()).strip("-")
    kept = ROOT / "bench" / "results" / f"{stamp}-{cpu}-peers.md"
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text("<!-- SPDX-License-Identifier: MIT -->\n# Side by side: "
                    f"{env['cpu']}, {env['date']}\n\nWritten by `make bench-peers`"
                    f" (targets: {', '.join(marches)}).\n\n{text}")
    print(f"report: {kept}", file=sys.stderr)
    print(text)


if __name__ == "__main__":
    main()
