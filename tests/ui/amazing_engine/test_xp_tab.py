"""The Experience tab shows the Player Core XP line beside the character's own, as the
printed character sheet does."""

from __future__ import annotations

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine import catalog, experience
from sheetapp.systems.amazing_engine.generation import random_npc_sheet, random_prime_sheet
from sheetapp.ui.amazing_engine.form import create_form
from sheetapp.ui.amazing_engine.xp_tab import ExperienceTab
from sheetapp.ui.document import SheetDocument


def balance_text(qtbot, sheet) -> str:
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.show_character(0)
    tab = next(t for t in form.findChildren(ExperienceTab))
    tab.refresh()
    return tab.balance.text()


def test_the_experience_tab_shows_the_player_core_xp_line(qtbot) -> None:
    generic = catalog.builtin_universes()["generic"]
    sheet = random_prime_sheet(Roller(5), generic)
    sheet = experience.award(sheet, 0, to_character=50, to_core=25)
    assert balance_text(qtbot, sheet) == "Character XP: 50  ·  Player Core XP: 25"
    assert balance_text(qtbot, random_npc_sheet(Roller(5), generic)) == "Character XP: 0"
