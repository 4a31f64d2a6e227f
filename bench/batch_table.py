#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The batch table of docs/batch.md, from one run on this machine.

    bench/batch_table.py BUILD_DIR [--repetitions 5] [--filter REGEX] [--json OUT]
    bench/batch_table.py BUILD_DIR --from-json OUT      (the table of a kept run)

Runs BUILD_DIR/bench/lwc_bench_batch (every scheme: single-message and batch, 256 jobs
of 64 and 1024 bytes, 8 jobs of 64 bytes, 256 jobs of mixed lengths; repetitions
interleaved at random, so a burst of load on a shared machine hits both sides) with
`openssl speed -evp aes-128-gcm` at 64 and 1024 bytes before and after it, and prints
the table in Markdown: per shape the batch's MB/s and batch / single (medians of the
repetitions). The CPU, compiler and commit go in the header line.
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
from pathlib import Path

SHAPES = [("64", "256", "64 B x 256"), ("1024", "256", "1024 B x 256"),
          ("64", "8", "64 B x 8"), ("0", "256", "mixed x 256")]


def openssl_gcm():
    """AES-128-GCM MB/s at 64 and 1024 bytes (one EVP call per message)."""
    out = subprocess.run(["openssl", "speed", "-seconds", "1", "-evp", "aes-128-gcm"],
                         capture_output=True, text=True).stdout
    row = next(l for l in out.splitlines() if l.startswith("AES-128-GCM"))
    k = [float(x.rstrip("k")) for x in row.split()[1:]]  # 16 64 256 1024 8192 16384 bytes
    return {"64": k[1] * 1000 / 1e6, "1024": k[3] * 1000 / 1e6}


def cpu_name():
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--filter", default=".")
    ap.add_argument("--json", help="keep gbench's JSON output here")
    ap.add_argument("--from-json", help="print the table of an earlier run's JSON")
    args = ap.parse_args()
    exe = Path(args.build) / "bench" / "lwc_bench_batch"
    if args.from_json:
        gcm_before = gcm_after = None
        stdout = Path(args.from_json).read_text()
    else:
        gcm_before = openssl_gcm()
        stdout = subprocess.run(
        [str(exe), f"--benchmark_filter={args.filter}",
         f"--benchmark_repetitions={args.repetitions}",
         "--benchmark_enable_random_interleaving=true", "--benchmark_min_time=0.2",
         "--benchmark_format=json"], capture_output=True, text=True, check=True).stdout
        gcm_after = openssl_gcm()
    data = json.loads(stdout)
    if args.json:
        Path(args.json).write_text(stdout)
    listed = subprocess.run([str(exe), f"--benchmark_filter={args.filter}",
                             "--benchmark_list_tests"], capture_output=True, text=True).stdout
    order = list(dict.fromkeys(n.split("/")[0] for n in listed.split()))  # registry order

    # name: <scheme>/<single|batch[N]>/<len>/<jobs>
    rates, lanes = {}, {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        scheme, kind, n, jobs = b["name"].split("/")[:4]
        side = "single" if kind == "single" else "batch"
        if side == "batch":
            lanes[scheme] = kind[len("batch"):]
        rates.setdefault((scheme, side, n, jobs), []).append(b["bytes_per_second"] / 1e6)
    med = {k: statistics.median(v) for k, v in rates.items()}

    ctx = data["context"]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"CPU: {cpu_name()} ({ctx.get('num_cpus')} CPUs as seen); lwcrypto {commit}; "
          f"medians of {args.repetitions} interleaved repetitions; MB/s of message.")
    if gcm_before:
        print(f"openssl speed -evp aes-128-gcm (same run, before / after): "
              f"64 B {gcm_before['64']:.0f} / {gcm_after['64']:.0f} MB/s, "
              f"1024 B {gcm_before['1024']:.0f} / {gcm_after['1024']:.0f} MB/s")
    print()
    head = "| scheme | lanes | single 64 B | " + " | ".join(s[2] for s in SHAPES) + " |"
    print(head)
    print("|" + "---|" * (3 + len(SHAPES)))
    for s in order:
        cells = []
        for n, jobs, _ in SHAPES:
            single, batch = med.get((s, "single", n, jobs)), med.get((s, "batch", n, jobs))
            cells.append(f"{batch / single:.2f}x ({batch:.0f})" if single and batch else "-")
        single64 = med.get((s, "single", "64", "256"))
        print(f"| {s} | {lanes.get(s, '?')} | {single64:.1f} | " + " | ".join(cells) + " |"
              if single64 else f"| {s} | ? | - | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
