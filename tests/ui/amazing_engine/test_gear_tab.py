"""The weapons table shows, per target area, the chance an attack harms body: the
lethality read with the die's 0 counting 10, against the character's own Reflexes."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine import catalog
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import Weapon
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.ui.amazing_engine.form import create_form
from sheetapp.ui.amazing_engine.gear_tab import GearTab
from sheetapp.ui.document import SheetDocument


def test_body_hits_follow_the_reflexes_and_the_lethality(qtbot) -> None:
    sheet = random_npc_sheet(Roller(5), catalog.builtin_universes()["generic"])
    character = sheet.characters[0]
    character.attributes[Attribute.REFLEXES] = 62
    character.weapons = [Weapon(name="Claws", damage="3d6", lethality=9)]
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.show_character(0)
    tab = next(iter(form.findChildren(GearTab)))
    model = tab.weapons
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    column = titles.index("Body hits")
    # Rolls 1-62 hit: at lethality 9 the 56 not ending in 0 harm body (the six tens do not);
    # non-vital (31, lethality 7): 22; vital (7, lethality 10): every hit.
    assert model.index(0, column).data() == "56% · 22% · 7%"


def test_body_hits_are_the_odds_of_the_rows_roll_and_a_dash_without_reflexes(qtbot) -> None:
    """The column and the Roll make one attack: Reflexes, not the skill the row names."""
    sheet = random_npc_sheet(Roller(5), catalog.builtin_universes()["generic"])
    character = sheet.characters[0]
    character.attributes[Attribute.REFLEXES] = 40
    skill = character.skills[0]
    character.weapons = [Weapon(name="Pistol", skill=skill.name, damage="1d8", lethality=4)]
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.show_character(0)
    tab = next(iter(form.findChildren(GearTab)))
    model = tab.weapons
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    cell = model.index(0, titles.index("Body hits"))
    # 1-40 hit, 16 end in 1-4; non-vital 20 at lethality 2: 4; vital 4 at 7: 4.
    assert cell.data() == "16% · 4% · 4%"
    del tab.document.sheet.characters[0].attributes[Attribute.REFLEXES]
    assert model.index(0, titles.index("Body hits")).data() == "–"
