#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs the tested shell blocks of the docs, as a new user would type them.

A fenced block whose info string is `sh tested` (GitHub still highlights it as sh) in
README.md or docs/*.md is a promise that its commands work as written. Each such block
runs with `sh -e` (the first failing command fails it) in a fresh scratch directory that
holds:

  lwcrypto/   a copy of the checkout (its tracked and untracked, not ignored, files), so
              that a block may `cd lwcrypto` and build there, or name `lwcrypto/...` from
              the directory above it, as the docs do
  home/       the block's $HOME, so that an install to ~/.local stays in the scratch dir

and with LWC_SRC set to that copy. Blocks run one after the other; the output of a
failing block is printed. `make test-docs` runs them all.

  tools/run_doc_commands.py [--list] [--keep] [--src DIR] [FILE.md ...]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A page of docs/ is a manual page: how to do something, under 15 KB; measurement reports
# go to bench/results/ (issue 30). make test-docs fails on a longer page.
PAGE_LIMIT = 15_000
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


def tested_blocks(path):
    """(first line number, text) of each `sh tested` block of a Markdown file."""
    blocks = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group("indent"), m.group("fence"), m.group("info").split()
        start = i + 1
        i = start
        while i < len(lines) and not (lines[i].strip().startswith(fence)
                                      and lines[i].strip().strip(fence[0]) == ""):
            i += 1
        if info[:2] == ["sh", "tested"]:
            body = [ln[len(indent):] if ln.startswith(indent) else ln.lstrip()
                    for ln in lines[start:i]]
            blocks.append((start, "\n".join(body) + "\n"))
        i += 1
    return blocks


def copy_checkout(src, dest):
    """The checkout's tracked and untracked-but-not-ignored files, as a user's clone."""
    try:
        out = subprocess.run(["git", "-C", str(src), "ls-files", "-z", "-co", "--exclude-standard"],
                             check=True, capture_output=True).stdout
        names = [n for n in out.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = None
    if names is None:  # not a git checkout: everything but the build trees
        shutil.copytree(src, dest, symlinks=True,
                        ignore=shutil.ignore_patterns("build*", ".venv", "__pycache__", ".git"))
        return
    for name in names:
        s, d = src / name, dest / name
        if not s.exists() and not s.is_symlink():  # deleted in the work tree
            continue
        d.parent.mkdir(parents=True, exist_ok=True)
        if s.is_symlink():
            os.symlink(os.readlink(s), d)
        else:
            shutil.copy2(s, d)


def caller_ccache_dir():
    """The caller's ccache directory under make test's ccache (CCACHE_BASEDIR set), or
    None. A block gets it, its copy as the base dir (paths hashed as relative ones) and
    the generator of make test's trees, so that its `cmake -S . -B build` finds the main
    tree's objects (the same commands) instead of compiling liblwc again; the block's own
    $HOME would give ccache an empty cache. The commands do the same under any generator."""
    if "CCACHE_BASEDIR" not in os.environ or not shutil.which("ninja") or not shutil.which("ccache"):
        return None
    cache = subprocess.run(["ccache", "-k", "cache_dir"], capture_output=True, text=True)
    return cache.stdout.strip() if cache.returncode == 0 and cache.stdout.strip() else None


def main():
    top = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path,
                    help="Markdown files (default: README.md and docs/*.md)")
    ap.add_argument("--src", type=Path, default=top, help="the checkout (default: this one)")
    ap.add_argument("--list", action="store_true", help="print the tested blocks, run nothing")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directories")
    args = ap.parse_args()
    src = args.src.resolve()
    files = args.files or [src / "README.md", *sorted((src / "docs").glob("*.md"))]

    long_pages = [f for f in files if f.parent.name == "docs" and f.stat().st_size >= PAGE_LIMIT]
    for f in long_pages:
        print(f"{f.name}: {f.stat().st_size} bytes, a page of docs/ has under {PAGE_LIMIT}: "
              "shorten it, or move its measurements to bench/results/", file=sys.stderr)
    if long_pages:
        return 1
    blocks = [(f, line, text) for f in files for line, text in tested_blocks(f)]
    if not blocks:
        print("no `sh tested` block found", file=sys.stderr)
        return 1
    failed = []
    cache_dir = caller_ccache_dir()
    for f, line, text in blocks:
        where = f"{f.resolve().relative_to(src) if f.resolve().is_relative_to(src) else f}:{line}"
        print(f"--- {where}\n{text}", end="", flush=True)
        if args.list:
            continue
        scratch = Path(tempfile.mkdtemp(prefix="lwc-doc-"))
        copy_checkout(src, scratch / "lwcrypto")
        (scratch / "home").mkdir()
        env = dict(os.environ, HOME=str(scratch / "home"), LWC_SRC=str(scratch / "lwcrypto"))
        for var in ("CMAKE_BUILD_TYPE", "CMAKE_GENERATOR", "PKG_CONFIG_PATH", "LD_LIBRARY_PATH"):
            env.pop(var, None)  # the block must not depend on the caller's environment
        if cache_dir:
            env.update(CCACHE_DIR=cache_dir, CCACHE_BASEDIR=str(scratch), CMAKE_GENERATOR="Ninja")
        t0 = time.monotonic()
        run = subprocess.run(["sh", "-e", "-c", text], cwd=scratch, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        seconds = time.monotonic() - t0
        if run.returncode == 0:
            print(f"--- ok ({seconds:.0f} s)\n", flush=True)
        else:
            out = run.stdout.decode(errors="replace").splitlines()
            print("\n".join(out[-60:]))
            print(f"--- FAILED: {where} (exit status {run.returncode}, {seconds:.0f} s;"
                  f" scratch dir {scratch})\n", flush=True)
            failed.append(where)
        if run.returncode == 0 and not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    if args.list:
        return 0
    if failed:
        print(f"{len(failed)} of {len(blocks)} tested doc blocks failed: {', '.join(failed)}")
        return 1
    print(f"all {len(blocks)} tested doc blocks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
