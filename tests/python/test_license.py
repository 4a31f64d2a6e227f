# SPDX-License-Identifier: MIT
"""The installed package carries the MIT licence in its metadata (pip show, the wheel's
METADATA) and the licence text in its dist-info."""

from importlib import metadata


def test_metadata_names_the_mit_licence() -> None:
    meta = metadata.metadata("lwcrypto")
    expression = meta.get("License-Expression") or meta.get("License")
    assert expression == "MIT", dict(meta.items())


def test_the_licence_text_is_installed() -> None:
    files = metadata.files("lwcrypto") or []
    licences = [f for f in files if f.name == "LICENSE"]
    assert licences, [str(f) for f in files]
    text = licences[0].read_text()
    assert text.startswith("MIT License") and "the lwcrypto authors" in text
