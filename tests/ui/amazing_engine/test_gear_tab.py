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
