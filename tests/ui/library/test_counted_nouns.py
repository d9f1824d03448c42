"""Every noun the library's windows count has its whole counted strings: a noun missing
from ``COUNTED`` raised KeyError the moment a person tagged two characters."""

from __future__ import annotations

import re
from pathlib import Path

import sheetapp
from sheetapp.ui.library.wording import COUNTED

CALL = re.compile(r"\bplural\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*\"([^\"]+)\"\s*\)")


def test_every_counted_noun_in_the_code_has_its_strings() -> None:
    package = Path(sheetapp.__file__).parent
    used = {
        (path.relative_to(package).as_posix(), noun)
        for path in package.rglob("*.py")
        for noun in CALL.findall(path.read_text(encoding="utf-8"))
    }
    assert used, "the pattern finds the calls"
    assert [(where, noun) for where, noun in sorted(used) if noun not in COUNTED] == []
