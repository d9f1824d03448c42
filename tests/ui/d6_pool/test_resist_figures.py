"""The Defend figure and the Traits table's rolls against a Phobia or Rage, as a person reads
them on the form."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from sheetapp.ui.d6_pool.form import create_form
from sheetapp.ui.document import SheetDocument
from tests.systems.d6_pool.sheets import finished


def test_defend_and_phobia_rolls_show_on_the_form(qtbot) -> None:
    form = create_form(SheetDocument(finished()))
    qtbot.addWidget(form)
    form.show()
    defend = form.findChild(QLabel, "figure_defend")
    # Dexterity 4 + Dodge 2 = 6 dice against skill 1, 2, 3.
    assert defend.text() == "6 dice: vs skill 1 91% · 2 65% · 3 32%"
    model = form.rolls_tab.traits
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    column = titles.index("Against rating")
    # Phobia 2: Wisdom 4 + Intelligence 5 = 9 dice; contact, Stamina 3 + Wisdom 4 = 7 dice.
    assert model.index(1, column).data() == "stand firm 86% · stay conscious on contact 74%"
    assert model.index(0, column).data() == "–"  # Fire Breathing rolls nothing against it
