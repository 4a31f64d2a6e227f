# SPDX-License-Identifier: MIT
"""python -m lwcrypto: the lwc command."""

from lwcrypto.cli import main

raise SystemExit(main())
