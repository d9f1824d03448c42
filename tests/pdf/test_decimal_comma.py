"""A German sheet prints German decimals: the load a character carries ("10,4 kg") and
the weights of its gear table ("1,5"), as a German reader writes them; English keeps its
point. Read back with poppler's pdftotext, as a reader's viewer copies the page."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp import i18n
from sheetapp.dice import Roller
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.amazing_engine import catalog
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import Equipment

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils")


@pytest.fixture
def language() -> Iterator[object]:
    yield i18n.use_language
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def _printed(tmp_path: Path) -> str:
    sheet = random_npc_sheet(Roller(5), catalog.builtin_universes()["generic"])
    character = sheet.characters[0]
    character.weapons = []
    character.equipment = [
        Equipment(name="Rope", weight_kg=1.5),
        Equipment(name="Tent", weight_kg=8.9),
    ]
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(export_pdf_bytes([sheet], invariant=True))
    done = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True)
    return done.stdout.decode("utf-8")


@pytest.mark.parametrize(("code", "load", "rope"), [("de", "10,4", "1,5"), ("en", "10.4", "1.5")])
def test_the_load_and_the_gear_weights_print_the_readers_decimal_sign(
    tmp_path: Path, language, code: str, load: str, rope: str
) -> None:
    language(code)
    text = _printed(tmp_path)
    assert re.search(rf"(?<![\d.,]){re.escape(load)}\s*kg", text)
    assert re.search(rf"^\s*Rope\s+1\s+{re.escape(rope)}\s", text, re.MULTILINE)
