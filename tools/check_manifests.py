# SPDX-License-Identifier: MIT
"""make test-manifests' own checks (the tools' validators run from the Makefile):
- zephyr/module.yml against tools/zephyr-module-schema.yml (pykwalify, as Zephyr does),
  and examples/zephyr/west.yml with west's own manifest validator;
- one version everywhere: CMakeLists.txt's project(VERSION) in library.json,
  library.properties and idf_component.yml;
- with --arduino DIR: the assembled Arduino library against the rules of the Arduino
  library specification that arduino-lint checks (a stand-in where arduino-lint cannot
  be installed).
Usage: python tools/check_manifests.py [--arduino DIR]"""
import json, pathlib, re, sys

import pykwalify.core, yaml
from west.manifest import validate as west_validate

top = pathlib.Path(__file__).resolve().parent.parent
errors = []


def properties(path):
    return dict(l.split("=", 1) for l in path.read_text().splitlines()
                if l.strip() and not l.startswith("#"))


pykwalify.core.Core(source_file=str(top / "zephyr/module.yml"),
                    schema_files=[str(top / "tools/zephyr-module-schema.yml")]).validate(True)
west_validate(yaml.safe_load((top / "examples/zephyr/west.yml").read_text()))
print("zephyr/module.yml: valid (pykwalify); examples/zephyr/west.yml: valid (west)")

version = re.search(r"project\(lwc VERSION ([0-9.]+)", (top / "CMakeLists.txt").read_text())[1]
found = {"library.json": json.loads((top / "library.json").read_text())["version"],
         "library.properties": properties(top / "library.properties")["version"],
         "idf_component.yml": yaml.safe_load((top / "idf_component.yml").read_text())["version"]}
errors += [f"{f}: version {v}, CMakeLists.txt has {version}" for f, v in found.items() if v != version]
print(f"version {version}: " + ", ".join(f"{f} {v}" for f, v in found.items()))

if "--arduino" in sys.argv:
    lib = pathlib.Path(sys.argv[sys.argv.index("--arduino") + 1])
    p = properties(lib / "library.properties")
    for field in ("name", "version", "author", "maintainer", "sentence", "paragraph",
                  "category", "url", "architectures"):
        if not p.get(field, "").strip():
            errors.append(f"library.properties: {field} missing or empty")
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 _.\-]{0,62}", p.get("name", "")):
        errors.append("name: not a valid Library Manager name")
    if not re.fullmatch(r"\d+\.\d+\.\d+", p.get("version", "")):
        errors.append("version: not MAJOR.MINOR.PATCH")
    if p.get("category") not in ("Display", "Communication", "Signal Input/Output", "Sensors",
                                 "Device Control", "Timing", "Data Storage",
                                 "Data Processing", "Other", "Uncategorized"):
        errors.append("category: not one of the specification's")
    if not re.fullmatch(r"https?://\S+", p.get("url", "")):
        errors.append("url: not an http(s) URL")
    if p.get("paragraph", "").startswith(p.get("sentence", "\0")):
        errors.append("paragraph repeats sentence")
    for header in filter(None, map(str.strip, p.get("includes", "").split(","))):
        if not (lib / "src" / header).is_file():
            errors.append(f"includes: src/{header} missing")
    if p.get("precompiled") == "true":
        archives = sorted(str(a.relative_to(lib)) for a in (lib / "src").glob("*/liblwc.a"))
        if not archives or not p.get("ldflags", "").startswith("-l"):
            errors.append("precompiled=true needs src/<build.mcu>/*.a and ldflags=-l...")
        print("precompiled:", " ".join(archives))
    sketches = [d for d in (lib / "examples").iterdir() if d.is_dir()]
    errors += [f"examples/{d.name}: no {d.name}.ino" for d in sketches
               if not (d / f"{d.name}.ino").is_file()]
    if not sketches:
        errors.append("no example sketch")
    if not (lib / "LICENSE").is_file():
        errors.append("no license file")
    print(f"{lib}: library.properties, src/, examples/ ({len(sketches)} sketch) checked")

for e in errors:
    print("error:", e)
sys.exit(1 if errors else 0)
