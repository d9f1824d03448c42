"""d6 dice pool PDFs read back: every figure printed, blanks with their fields, stat blocks."""

from __future__ import annotations

import io

import pypdf
import pytest

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems.d6_pool import experience as xp
from sheetapp.systems.d6_pool.figures import percent, sheet_figures
from sheetapp.systems.d6_pool.generation import random_sheet
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.plugin import RequestError
from tests.systems.d6_pool.sheets import finished


def text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def squashed(value: str) -> str:
    return "".join(value.split())


@pytest.fixture(scope="module")
def sheet() -> D6PoolSheet:
    sheet = xp.raise_skill(xp.award(finished(), 30, note="first night"), 1)
    sheet.lethal_damage = 2
    sheet.notes = "Owes the <Guild> & the Жрец a favour."
    return sheet


def test_every_figure_of_the_sheet_is_printed(sheet: D6PoolSheet) -> None:
    f = sheet_figures(sheet)
    printed = text(export_pdf_bytes([sheet], invariant=True))
    flat = squashed(printed)
    assert "Rosa <Vex> & Co" in printed and "Fire-eater" in printed
    assert f"{f.health} points" in printed
    assert f"{f.initiative_pool} dice" in printed
    assert f"{f.damage_needed} successes" in printed
    assert "12 ft or 4 m" in printed
    for skill in f.skills:
        assert squashed(skill.name) in flat
        row = f"{skill.rating}{skill.pool.dice}" + "".join(
            percent(p) for p in skill.pool.odds.values()
        )
        assert row in flat, skill
    for trait in f.traits:
        assert squashed(trait.name) in flat
    assert "-2" in printed  # the negative trait's value
    fire = f.traits[0].pool
    assert f"{fire.dice}{percent(fire.chance(1))}" in flat
    for weapon in f.weapons:
        assert weapon.name in printed
        assert f"{weapon.damage_pool.dice} dice" in printed
    assert "Mechanic's Toolbox" in printed and "Leather jacket" in printed
    assert "4 left · Hurt" in printed and "ONE POOL FOR BOTH KINDS" in printed.upper()
    assert "Ranged 3 to 4" in printed and "-16" in printed and "first night" in printed
    assert str(f.xp) in printed
    assert "Жрец" in printed and "<Guild> &" in printed


def test_blank_and_fillable_blank() -> None:
    blank = export_blank_bytes("d6-pool", invariant=True)
    printed = text(blank)
    for word in ("Strength", "Charisma", "Health", "Lethal damage", "Skills", "Traits"):
        assert word.upper() in printed.upper()
    assert pypdf.PdfReader(io.BytesIO(blank)).get_fields() in (None, {})
    fillable = pypdf.PdfReader(io.BytesIO(export_blank_bytes("d6-pool", fillable=True)))
    fields = fillable.get_fields() or {}
    assert {
        "character_name",
        "character_attr_stamina",
        "character_rolled",
        "character_skill_1_name",
    } <= set(fields)
    assert "character_skill_8_odds3" in fields and "character_health_boxes_1" in fields
    assert "character_lethal_taken" in fields


def test_blank_refuses_a_universe() -> None:
    with pytest.raises(RequestError, match="no universes"):
        export_blank_bytes("d6-pool", universe="gamma")


def test_stat_blocks_hold_every_character() -> None:
    sheets = [random_sheet(Roller(seed), npc=True) for seed in range(12)]
    printed = text(export_pdf_bytes(sheets, stat_blocks=True))
    flat = squashed(printed.upper())
    for sheet in sheets:
        f = sheet_figures(sheet)
        assert squashed(sheet.name.upper()) in flat
        assert f"Initiative {f.initiative_pool}d" in printed
        for skill in f.skills:
            assert squashed(skill.name.upper()) in flat


def test_a_sheet_with_nothing_filled_in_prints() -> None:
    printed = text(export_pdf_bytes([D6PoolSheet()]))
    assert "(no name)" in printed and "Shown once Stamina is filled in." in printed
