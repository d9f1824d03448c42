"""Alternity PDFs read back with pypdf: every figure the sheet shows is printed, user text
prints literally in any script, blanks carry form fields when asked."""

from __future__ import annotations

import io

import pypdf
import pytest

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.generation import random_sheet
from sheetapp.systems.alternity.model import AlternitySheet, Damage, Movement
from sheetapp.systems.plugin import RequestError

from ..factory import text_of


def read(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def hero(seed: int = 4) -> AlternitySheet:
    sheet = random_sheet(Roller(seed))
    sheet.damage = Damage(stun=2, wound=1)
    sheet.movement = Movement(sprint=20, run=12, walk=4)
    sheet.perks = "Great looks.\n\nFast healer."
    return sheet


def test_the_hero_sheet_prints_every_figure() -> None:
    sheet = hero()
    f = sheet_figures(sheet)
    text = text_of(export_pdf_bytes([sheet], invariant=True))
    assert sheet.name in text
    check = f.action_check
    assert f"{check.marginal}+" in text
    for key in ("stun", "wound"):
        most = f.durability[key]
        assert f"{most - f.damage[key]} of {most} left" in text
    for ability, score in f.abilities.items():
        assert ability.capitalize() in text and str(score) in text
    throw = f.throwing
    assert f"{throw.short} m" in text and f"{throw.long} m" in text
    weapon = f.weapons[0]
    damage = weapon.damage
    assert all(d in text for d in (damage.ordinary, damage.good, damage.amazing))
    for skill in f.specialty_skills:
        assert skill.name in text
        score = skill.score
        assert f"{score.ordinary}/{score.good}/{score.amazing}" in text
    assert "Sprint" in text and "Fast healer." in text
    assert "-d20" in text and "Nearly" in text  # the situation die ladder


def test_user_text_prints_literally_in_any_script() -> None:
    sheet = hero()
    sheet.name = "Жизнь <b>& Ωμέγα"
    sheet.notes = "</para> & <i>not italic</i>"
    text = text_of(export_pdf_bytes([sheet], invariant=True))
    assert "Жизнь <b>& Ωμέγα" in text
    assert "</para> & <i>not italic</i>" in text


def test_stat_blocks_keep_the_name_as_written() -> None:
    heroes = [hero(s) for s in range(3)]
    data = export_pdf_bytes(heroes, stat_blocks=True, invariant=True)
    text = text_of(data)
    assert all(h.name in text for h in heroes)
    assert len(read(data).pages) == 1
    assert "Action check" in text and "Durability" in text


def test_blank_sheets_with_and_without_fields() -> None:
    plain = export_blank_bytes("alternity", invariant=True)
    assert not read(plain).get_fields()
    assert "DURABILITY" in text_of(plain) and "SITUATION DIE" in text_of(plain)
    fillable = read(export_blank_bytes("alternity", fillable=True, paper="letter"))
    fields = fillable.get_fields() or {}
    assert {
        "character_name",
        "character_ability_strength",
        "character_stun_1",
        "character_fatigue_10",
    } <= set(fields)
    assert len(fillable.pages) == 2
    with pytest.raises(RequestError):
        export_blank_bytes("alternity", universe="generic")


def test_an_unfinished_hero_prints_dashes_not_errors() -> None:
    text = text_of(export_pdf_bytes([AlternitySheet()], invariant=True))
    assert "needs Con" in text and "(no name)" in text


def test_the_durability_band_says_what_the_marks_mean() -> None:
    sheet = hero()
    sheet.damage = Damage()
    assert "unhurt" in text_of(export_pdf_bytes([sheet], invariant=True))
    sheet.damage = Damage(wound=1)
    assert "no penalty yet" in text_of(export_pdf_bytes([sheet], invariant=True))
    sheet.damage = Damage(mortal=2)
    text = text_of(export_pdf_bytes([sheet], invariant=True))
    assert "dying" in text and "dazed: +2 steps on every check" in text


def test_a_hero_without_movement_rates_gets_rows_to_pencil_them_in() -> None:
    """No instruction where the movement rows belong: the rows, empty, as on the blank."""
    sheet = hero()
    sheet.movement = Movement()
    text = text_of(export_pdf_bytes([sheet], invariant=True))
    assert "copy them" not in text
    for pace in ("Sprint", "Run", "Walk", "Easy swim", "Swim"):
        assert pace in text
