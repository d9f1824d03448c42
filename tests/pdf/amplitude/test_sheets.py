"""Amplitude Engine PDFs read back: the sheet's values and figures, the Outcome Table with
its colour bands, blanks with fillable fields, stat blocks, and hostile names."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems.amplitude.generation import random_sheet
from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Tool, Weapon
from sheetapp.systems.amplitude.outcome_table import BAND_COLOURS, COLUMNS, ROWS, TABLE
from sheetapp.systems.plugin import RequestError

from ..factory import text_of


def read(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def hero() -> AmplitudeSheet:
    return AmplitudeSheet(
        name="Hana Sato",
        concept="Field medic",
        player="Kai",
        defensive_bonus=2,
        defence_notes="Ballistic vest",
        skills=[Skill(name="Medicine", ob=3), Skill(name="Firearms", ob=1, notes="sidearm")],
        weapons=[Weapon(name="Service pistol", power=1, skill="Firearms")],
        tools=[Tool(name="Trauma kit", quality=2, skill="Medicine")],
        wound="moderate",
        momentum=2,
        misfortune=1,
        notes="Owes the harbour master a favour.",
    )


def test_the_sheet_prints_every_value_and_figure() -> None:
    text = text_of(export_pdf_bytes([hero()], invariant=True))
    for expected in (
        "Hana Sato",
        "Field medic",
        "Kai",
        "Ballistic vest",
        "Service pistol",
        "Trauma kit",
        "Owes the harbour master a favour.",
        "now: Moderate wound, -2 to rolls",
    ):
        assert expected in text
    # Medicine OB +3 reads +1 with the moderate wound's -2; Firearms +1 reads -1.
    assert re.search(r"Medicine\s*\+3\s*\+1", text)
    assert re.search(r"Firearms\s*\+1\s*-1\s*sidearm", text)


def test_the_outcome_table_prints_every_row_as_encoded() -> None:
    text = text_of(export_pdf_bytes([hero()], invariant=True))
    start = text.index("AMP \\ ROLL") + len("AMP \\ ROLL")
    cells = text[start : text.index("0: no effect")].split()
    assert cells[:13] == [f"{c:+d}" if c else "0" for c in COLUMNS]
    rows = [cells[i : i + 14] for i in range(13, len(cells), 14)]
    assert [(int(r[0]), tuple(r[1:])) for r in rows] == [(row, TABLE[row]) for row in ROWS]


def test_every_colour_band_is_painted() -> None:
    pages = read(export_pdf_bytes([hero()], invariant=True)).pages
    content = "".join(page.get_contents().get_data().decode("latin-1") for page in pages)
    painted = {
        tuple(round(float(v), 3) for v in m)
        for m in re.findall(r"([\d.]+) ([\d.]+) ([\d.]+) rg", content)
    }
    for band, (fill, _) in BAND_COLOURS.items():
        rgb = tuple(round(int(fill[i : i + 2], 16) / 255, 3) for i in (1, 3, 5))
        assert rgb in painted, band


def test_the_blank_has_fillable_fields_for_each_part() -> None:
    data = export_blank_bytes("amplitude", fillable=True, invariant=True)
    fields = set(read(data).get_fields())
    assert {
        "character_name",
        "character_concept",
        "character_db",
        "character_momentum_1",
        "character_streak_10",
    } <= fields
    assert {f"character_threshold_{k}" for k in ("minor", "moderate", "major")} <= fields
    assert {
        "character_wound_unwounded",
        "character_wound_major",
        "character_wound_killed",
    } <= fields
    assert {
        "character_skill_1_name",
        "character_skill_1_ob",
        "character_weapon_1_amp",
        "character_tool_2_skill",
        "character_notes",
    } <= fields
    assert len(read(data).pages) == 2  # both sides of one sheet: the table and notes behind
    plain = export_blank_bytes("amplitude", invariant=True)
    assert not read(plain).get_fields()
    assert "OUTCOME TABLE" in text_of(plain)


def test_the_blank_has_no_universes() -> None:
    with pytest.raises(RequestError, match="no universes"):
        export_blank_bytes("amplitude", universe="generic")


@pytest.mark.parametrize("name", ["<b>&amp; </para>", "Жизнь Ωμέγα", "Zoë & Ætherwyn"])
def test_hostile_and_non_latin_names_print_literally(name: str) -> None:
    sheet = hero()
    sheet.name = name
    sheet.skills[0].name = name
    assert name in text_of(export_pdf_bytes([sheet], invariant=True))
    assert name in text_of(export_pdf_bytes([sheet], stat_blocks=True, invariant=True))


def test_long_lists_flow_onto_more_pages() -> None:
    sheet = hero()
    sheet.skills = [Skill(name=f"Skill {i}", ob=i % 5) for i in range(70)]
    sheet.weapons = [Weapon(name=f"Weapon {i}", power=i % 7) for i in range(30)]
    text = text_of(export_pdf_bytes([sheet], invariant=True))
    assert "Skill 69" in text and "Weapon 29" in text
    assert len(read(export_pdf_bytes([sheet], invariant=True)).pages) >= 2


def test_stat_blocks_hold_every_character_compactly() -> None:
    sheets = [random_sheet(Roller(seed), npc=True) for seed in range(12)]
    data = export_pdf_bytes(sheets, stat_blocks=True, invariant=True)
    text = text_of(data)
    assert all(s.name in text for s in sheets)
    assert len(read(data).pages) <= 2
    first = sheets[0]
    assert f"Thresholds {first.thresholds.minor}/{first.thresholds.moderate}/" in text


def test_a_long_gear_note_goes_under_its_table_not_down_a_narrow_column() -> None:
    """A weapon's or tool's note of hundreds of characters in the narrow Notes column read
    as a strip of two or three words a line running over pages; it is printed in full
    under its table instead, and the short notes stay in the column."""
    from ..factory import squashed

    long_note = "Strung with sinew from the northern marshes, " * 18  # 810 characters
    sheet = hero().model_copy(
        update={
            "weapons": [
                Weapon(name="Longbow", power=1, skill="Archery", notes=long_note),
                Weapon(name="Knife", power=0, skill="Melee", notes="balanced"),
            ],
            "tools": [Tool(name="Trap kit", quality=1, skill="Bushcraft", notes=long_note)],
        }
    )
    data = export_pdf_bytes([sheet], invariant=True)
    assert len(read(data).pages) == len(read(export_pdf_bytes([hero()])).pages)
    text = squashed(text_of(data))
    assert text.count(squashed(f"Longbow: {long_note}")) == 1
    assert text.count(squashed(f"Trap kit: {long_note}")) == 1
    assert re.search(r"Knife\s*\+0\s*Melee\s*balanced", text_of(data))
