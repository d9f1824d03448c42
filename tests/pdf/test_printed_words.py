"""Every word a printed sheet or a stat block says of its own comes through the catalog.

An Arabic sheet printed "AMP \\ ROLL" in the Amplitude outcome table's corner, a German
stat block "Non-lethal" for a d6 track and "FIT REF LEA" for the Amazing Engine scores:
words written into the PDF code, or kept in a table and never read through ``_()``.
Every system's sheets (a character, and an unnamed NPC with a non-lethal weapon), blank
and stat blocks, as PDF and as the ``statblock`` command's text and Markdown, are printed
in the marker pseudo-locale, in which every string from the catalog has its letters
accented (``⟦Ƥǿǿŀ··⟧``): a run of two
plain letters or more did not come through it, unless it is the sheet's own words (names,
notes, its gear), game data (the rules' catalogues, the universe packs), a system's name
or a unit a number carries.

The pseudo-locale is made here from the strings marked in the code (as ``i18n_tools``
makes the shipped one from the template), so a string marked today is read marked before
the catalogs are regenerated; whether the shipped catalogs hold every string is
tests/i18n/test_catalogs.py's question.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable, Iterator
from importlib import import_module
from pathlib import Path

import pytest

from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.statblocks.text import FORMS, blocks_of, write
from sheetapp.systems import registry
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.systems.plugin import NewOptions
from tests.marker_locale import marker_locale as markers_now

SYSTEMS = registry.system_ids()
PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")  # the pseudo-locale accents every one of these
IDENTIFIER = re.compile(r"[a-z][a-z0-9_-]*")  # a stored key ("melee", "unwounded")
# Units a number carries as the metric system (and d6's feet) write them in every language,
# and the experience points a game counts in.
UNITS = {"m", "km", "kg", "ft", "XP"}


@pytest.fixture(scope="module")
def marker_locale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The marker pseudo-locale of the strings the code marks now, in use; English after."""
    with markers_now(tmp_path_factory.mktemp("locale")):
        yield


def strings(value: object, key: str = "") -> Iterator[tuple[str, str]]:
    """Every (key, string) held in ``value``: containers, dataclasses and models."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, str(k))
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from strings(item, key)
    elif hasattr(value, "model_dump"):
        yield from strings(value.model_dump(mode="json"), key)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from strings(getattr(value, name), name)


def own_words(sheets: Iterable[object]) -> set[str]:
    """The sheets' own text: what the person (or the generator) wrote, not a stored key
    such as an attack's kind or a wound level, which a sheet must print in words."""
    return {
        text
        for sheet in sheets
        for key, text in strings(sheet)
        if text.strip() and (key == "name" or not IDENTIFIER.fullmatch(text))
    }


def game_data(system_id: str) -> set[str]:
    """The rules' catalogues (skills, gear and their notes), the universe packs and the
    system's name: data the packs translate per language, not the catalog."""
    found = {registry.get_system(system_id).name}
    try:
        module = import_module(f"sheetapp.systems.{system_id.replace('-', '_')}.catalog")
    except ImportError:
        module = None
    if module is not None:
        for name, value in vars(module).items():
            if not name.startswith("_") and not callable(value):
                found.update(text for _key, text in strings(value))
    if system_id == "amazing-engine":
        for universe in installed_universes().values():
            found.update(text for _key, text in strings(universe))
    return {text for text in found if text.strip()}


def unmarked(text: str, data: set[str], words: set[str]) -> list[str]:
    """The plain words of ``text`` that are not in the data: each data string is taken out
    whole (its words may be common English ones), then a word left must be one of the
    sheet's own or a unit."""
    flat = " ".join(text.split())
    for phrase in sorted(data, key=len, reverse=True):
        phrase = " ".join(phrase.split())
        if phrase and phrase in flat:
            flat = flat.replace(phrase, " ")
    return [word for word in PLAIN_WORD.findall(flat) if word not in words and word not in UNITS]


def pdf_text(data: bytes, tmp_path: Path) -> str:
    pdf = tmp_path / "printed.pdf"
    pdf.write_bytes(data)
    return subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def other_side(value: object) -> object:
    """A sheet's stored values with each a sheet prints in words of its own turned the
    other way: an NPC, no name, a non-lethal weapon."""
    if isinstance(value, dict):
        turned = {key: other_side(item) for key, item in value.items()}
        for key, flipped in (("npc", True), ("lethal", False), ("name", "")):
            if key in turned and isinstance(turned[key], type(flipped)):
                turned[key] = flipped
        return turned
    if isinstance(value, list):
        return [other_side(item) for item in value]
    return value


def sheets_of(system_id: str) -> list[object]:
    """A character, and one with the other side of what its sheet prints in words (an
    NPC, no name, a non-lethal weapon)."""
    system = registry.get_system(system_id)
    first, second = (system.new(NewOptions(random=True, seed=seed)) for seed in (1, 2))
    return [first, type(second).model_validate(other_side(second.model_dump()))]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_printed_word_of_our_own_comes_through_the_catalog(
    system_id: str, marker_locale: None, tmp_path: Path
) -> None:
    sheets = sheets_of(system_id)
    own = own_words(sheets)
    data = own | game_data(system_id)
    words = {w for text in own for w in PLAIN_WORD.findall(text)}
    printed = {
        "sheet": export_pdf_bytes(sheets, invariant=True),
        "stat blocks": export_pdf_bytes(sheets, stat_blocks=True, invariant=True),
        "blank": export_blank_bytes(system_id, invariant=True),
    }
    printed = {kind: pdf_text(data, tmp_path) for kind, data in printed.items()}
    blocks = [b for sheet in sheets for b in blocks_of(sheet)]
    printed |= {f"statblock ({form})": write(blocks, form) for form in FORMS}
    found = {kind: unmarked(text, data, words) for kind, text in printed.items()}
    assert {kind: left for kind, left in found.items() if left} == {}, system_id


def test_a_word_left_in_english_is_found() -> None:
    """The check itself: a plain word is found, a marked one, a name or a unit is not."""
    text = "⟦Ŀḗŧħȧŀ··⟧ 3 · Non-lethal 2 · Ada Lovelace · 6 ft · Sword (no pulled punches)"
    data = {"Ada Lovelace", "no pulled punches", "Sword"}
    assert unmarked(text, data, {"Ada", "Lovelace", "Sword"}) == ["Non", "lethal"]
