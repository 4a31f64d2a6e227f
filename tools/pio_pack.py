# SPDX-License-Identifier: MIT
"""`pio pkg pack` without the network: PlatformIO checks library.json's license against
the SPDX list, which it downloads; here the list comes from the `packaging` package
(installed with pip) instead. Everything else is PlatformIO's own code, unchanged.
Usage: python tools/pio_pack.py SOURCE_DIR OUTPUT_DIR"""
import sys

from packaging.licenses._spdx import LICENSES
from platformio.__main__ import main
from platformio.package.manifest.schema import ManifestSchema

spdx = {"licenses": [{"licenseId": v["id"]} for v in LICENSES.values()]}
ManifestSchema.load_spdx_licenses = staticmethod(lambda: spdx)
sys.exit(main(["pio", "pkg", "pack", sys.argv[1], "--output", sys.argv[2]]))
