"""Every word a printed sheet adds to the person's own comes from the catalog.

Each system's filled sheet, stat blocks and blank are printed in the marker pseudo-locale
(``qps-ploc``: every string of the catalog accented, in markers) and read back with
``pdftotext``. Taken out the sheet's own words (names, gear, notes), the rules' catalogue
data, the product names and unit symbols, a word still in plain letters did not go through
the catalog: a table of ``N_`` entries printed without ``_()``, a bare identifier
("Non-lethal"), a label lowered or glued in English.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from functools import lru_cache
from importlib import import_module
from pathlib import Path

import pytest

from sheetapp import i18n
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems import registry
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.systems.plugin import NewOptions

PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Unit symbols and the system's own letters printed as the rulebooks print them.
KEPT = {"kg", "ft", "km", "min", "KG", "XP", "QO", "OB", "DB", "AP", "Amp", "AMP"}


def _strings(value: object, seen: set[int], depth: int = 0) -> Iterator[str]:
    """Every string held in ``value``: containers, dataclasses and models, recursively."""
    if isinstance(value, str):
        yield value
        return
    if depth > 8 or id(value) in seen or isinstance(value, (int, float, bool, type(None), type)):
        return
    seen.add(id(value))
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    elif hasattr(value, "model_dump"):
        items = [value.model_dump(mode="json")]
    elif hasattr(value, "__dataclass_fields__"):
        items = [getattr(value, name) for name in value.__dataclass_fields__]
    else:
        return
    for item in items:
        yield from _strings(item, seen, depth + 1)


@lru_cache(maxsize=1)
def game_data() -> frozenset[str]:
    """The rules' catalogues (skills, gear, professions) and the product names."""
    seen: set[int] = set()
    found = {"sheetapp"}
    for system_id in registry.system_ids():
        found.add(registry.get_system(system_id).name)
        for part in ("catalog", "names", "generation"):
            try:
                module = import_module(f"sheetapp.systems.{system_id.replace('-', '_')}.{part}")
            except ImportError:
                continue
            for name, value in vars(module).items():
                if not name.startswith("_") and not callable(value):
                    found.update(_strings(value, seen))
    for universe in installed_universes().values():  # names and species of the packs
        found.update((universe.name, *_strings(universe, seen)))
    return frozenset(found)


def untranslated(text: str, data: set[str]) -> set[str]:
    """The plain words of ``text`` that are not the person's or the rules' data."""
    words = sorted({w.strip() for w in data if len(w.strip()) > 1}, key=len, reverse=True)
    spaced = (re.escape(w).replace(r"\ ", r"\s+") for w in words)  # a name across a wrap
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(spaced) + r")(?!\w)")
    rest = pattern.sub(" ", text.replace("\xa0", " "))
    return {w for w in PLAIN_WORD.findall(rest) if w not in KEPT}


def _text(data: bytes, tmp_path: Path) -> str:
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data)
    return subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.use_language("qps-ploc")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


@pytest.mark.parametrize("system", registry.system_ids())
def test_every_printed_word_goes_through_the_catalog(system: str, pseudo, tmp_path) -> None:
    sheets = [registry.get_system(system).new(NewOptions(random=True, seed=s)) for s in (1, 2)]
    data = set(game_data())
    for sheet in sheets:
        data.update(_strings(sheet, set()))
    prints = {
        "sheet": export_pdf_bytes(sheets, invariant=True),
        "stat blocks": export_pdf_bytes(sheets, stat_blocks=True, invariant=True),
        "blank": export_blank_bytes(system, invariant=True),
    }
    found = {kind: untranslated(_text(pdf, tmp_path), data) for kind, pdf in prints.items()}
    assert not any(found.values()), found


def test_the_check_sees_a_plain_word_beside_translated_ones() -> None:
    assert untranslated("⟦Ŀḗŧħȧŀ⟧ · Non-lethal · Ada  Lovelace 3 kg", {"Ada Lovelace"}) == {
        "Non",
        "lethal",
    }
