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
