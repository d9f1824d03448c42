"""The rules a character sheet prints beside its figures: the Player Core XP line, healing,
pushing and resting, and what a heavy load leaves of walking."""

from __future__ import annotations

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.model import Equipment

from .factory import equipped_sheet, squashed, text_of


def test_the_character_sheet_prints_the_player_core_xp_line() -> None:
    sheet = experience.award(equipped_sheet(), 0, to_character=50, to_core=25)
    text = squashed(text_of(export_pdf_bytes([sheet], paper="a4", invariant=True)))
    assert squashed(f"Player Core XP: {experience.core_balance(sheet)}") in text


def test_healing_pushing_resting_and_a_heavy_load_are_printed() -> None:
    sheet = equipped_sheet()
    character = sheet.characters[0]
    fitness = character.attributes["fitness"]
    character.equipment = [Equipment(name="Anvil", weight_kg=fitness * 3)]
    text = squashed(text_of(export_pdf_bytes([sheet], paper="a4", invariant=True)))
    move = character_figures(character).movement
    for words in (
        "Heals 1 point a week.",
        "then 1d10 per 8 h (2d10 in bed)",
        "Long walks 5 km/h",
        "walking 10 m/turn",
        f"walk only, resting after {fitness} m",
    ):
        assert squashed(words) in text, words
    if move.push_sprint:
        assert squashed(f"Pushed sprint {move.push_sprint} m/turn") in text


def _movement_rows(fitness: int) -> str:
    sheet = equipped_sheet()
    sheet.characters[0].attributes["fitness"] = fitness
    text = text_of(export_pdf_bytes([sheet], paper="a4", invariant=True))
    return " ".join(text[text.index("MOVEMENT") : text.index("CARRYING")].split())


def test_a_character_too_unfit_to_run_is_told_so_not_given_zero_paces() -> None:
    rows = _movement_rows(6)
    assert "no running or sprinting" in rows
    assert "Run - - -" in rows and "Sprint - - -" in rows  # not "Run 0 0", "Sprint 0"


def test_a_sprint_that_would_not_last_a_turn_is_no_sprint() -> None:
    rows = _movement_rows(9)
    assert "No sprint" in rows and "Fitness 8 or 9" in rows
    assert "no running or sprinting" not in rows
