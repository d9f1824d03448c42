"""Counts choose their words through ``sheetapp.plural`` (gettext's ngettext shape), so a
translation can give each language its plural forms: no string anywhere glues an "s" onto a
noun by hand, and the forms read right for one and for many."""

from __future__ import annotations

import re
from pathlib import Path

import sheetapp
from sheetapp.play.d6_pool import INITIATIVE
from sheetapp.plural import counted, ngettext

HAND_MADE = re.compile(
    r"""['"](?:s|es|ies)['"]\s+if\b"""  # "s" if n != 1
    r"""|\bif\s+[^\n]*?\b1\s+else\s+['"](?:s|es|ies)['"]"""  # "" if n == 1 else "s"
)


def test_no_module_makes_its_own_plural() -> None:
    root = Path(sheetapp.__file__).parent
    found = [
        f"{path.relative_to(root)}:{n}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        if path.name != "plural.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HAND_MADE.search(line)
    ]
    assert found == []


def test_one_and_many_read_right() -> None:
    assert ngettext("{n} success", "{n} successes", 1).format(n=1) == "1 success"
    assert counted(0, "{n} rank", "{n} ranks") == "0 ranks"
    assert INITIATIVE.shown(1) == "1 success" and INITIATIVE.shown(2) == "2 successes"
