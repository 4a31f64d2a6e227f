# SPDX-License-Identifier: MIT
"""lwc: every lwcrypto scheme from the command line, in the habits of sha256sum and openssl.

The command holds no cryptography and no per-scheme code: it asks the package's registry
(lwcrypto.algorithms, lwcrypto.aead(name), lwcrypto.new(name)) for everything, so a scheme
added to the library appears here unchanged.

Modules, each importing only those above it in this list:
  progress   the progress line on stderr
  common     exit statuses and errors, scheme lookup, hex, reading inputs, writing stdout
  output     -o: devices and FIFOs written through, regular files all or nothing
  cmd_list, cmd_hash, cmd_keygen, cmd_encrypt (encrypt, decrypt), cmd_kat, cmd_bench
             one command each: its arguments (add_commands) and its work
  app        the argument parser over the commands, and main()

Exit status: 0 success, 1 a verification failed (decrypt, hash --check, kat),
2 a usage or input error (unknown scheme, wrong size, unreadable file, malformed input,
an output that cannot be written); a command ended by a signal (SIGPIPE when its reader
left, SIGINT, SIGTERM, SIGHUP) dies by it after removing its temporary file.
"""

from .app import main

__all__ = ["main"]
