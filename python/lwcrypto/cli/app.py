# SPDX-License-Identifier: MIT
"""The lwc command line: one subcommand per cmd_* module, and main(), which turns errors
into one line on stderr and an exit status, and signals into a clean death."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys

import lwcrypto

from . import cmd_bench, cmd_encrypt, cmd_hash, cmd_kat, cmd_keygen, cmd_list, output
from .common import EXIT_USAGE, CliError, StdoutError, warn, write_stdout

COMMANDS = (cmd_list, cmd_hash, cmd_keygen, cmd_encrypt, cmd_kat, cmd_bench)

EPILOG = "exit status: 0 success, 1 verification failed, 2 usage or input error"


def version() -> str:
    try:
        from importlib.metadata import version as dist_version
        return dist_version("lwcrypto")
    except Exception:  # running from a source tree
        return getattr(lwcrypto, "__version__", "unknown")


class Parser(argparse.ArgumentParser):
    """argparse, but what it prints on stdout (--help, --version) fails as any output of
    lwc does, where argparse would ignore the error."""

    def print_help(self, file=None) -> None:
        if file is None:
            write_stdout(self.format_help().encode())
        else:
            super().print_help(file)

    def _print_message(self, message: str, file=None) -> None:
        if message and file is not None and file is sys.stdout:
            write_stdout(message.encode())
        else:
            super()._print_message(message, file)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="lwc", epilog=EPILOG,
        description="NIST Lightweight Cryptography finalists from the command line.")
    parser.add_argument("--version", action="version", version=f"lwc {version()}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    def command(name: str, run, help: str, description: str | None = None):
        p = sub.add_parser(name, help=help, description=description or help, epilog=EPILOG,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(run=run, parser=p)  # parser: extra arguments show this command's usage
        return p

    for module in COMMANDS:
        module.add_commands(command)
    return parser


class Ended(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like KeyboardInterrupt, so that every cleanup
    runs, up to main, which then dies by the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _ended(signum: int, frame) -> None:
    raise Ended(signum)


def die_by(signum: int) -> int:
    """End as the signal's default action does (the shell sees 128 + signum), as Unix tools do."""
    output.remove_temporaries()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)
    return 128 + signum  # only if the signal is blocked


def dispatch(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            args.parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as e:  # after --help, --version, or a usage error argparse printed
        return EXIT_USAGE if e.code else 0
    return args.run(args)


def silence_stdout() -> None:
    """After a write error on stdout: what is left in its buffer goes nowhere, so that the
    interpreter's own flush at exit does not fail again with a traceback."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: list[str] | None = None) -> int:
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) == signal.SIG_DFL:  # left alone when ignored (nohup)
            signal.signal(signum, _ended)
    try:
        return dispatch(argv)
    except CliError as e:
        if isinstance(e, StdoutError):
            silence_stdout()
        warn(str(e))
        return e.status
    except MemoryError:
        warn("out of memory")
        return EXIT_USAGE
    except BrokenPipeError:  # the reader left (lwc hash * | head): end quietly, as cat does
        return die_by(signal.SIGPIPE)
    except KeyboardInterrupt:
        return die_by(signal.SIGINT)
    except Ended as e:
        return die_by(e.signum)
