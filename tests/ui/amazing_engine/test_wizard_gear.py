"""The wizard's gear step: the profession's kit from the universe's catalogue comes ticked,
the player changes it, and what is ticked lands on the sheet with its numbers."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTreeWidget

from sheetapp.dice import Roller

from .test_wizards import drive_wolfgang, make_prime, press_next


def gear_items(wizard) -> dict[str, object]:
    tree = wizard.findChild(QTreeWidget, "gear")
    found = {}
    for row in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(row)
        for i in range(top.childCount()):
            found[top.child(i).text(0).split(":")[0]] = top.child(i)
    return found


def ticked(wizard) -> list[str]:
    return [n for n, i in gear_items(wizard).items() if i.checkState(0) == Qt.CheckState.Checked]


def test_the_rogue_starts_with_the_kit_and_the_player_swaps_a_piece(qtbot) -> None:
    wizard = make_prime(qtbot, roller=Roller(1))
    drive_wolfgang(qtbot, wizard)
    press_next(wizard)
    assert wizard.currentPage().title() == "Gear"
    assert sorted(ticked(wizard)) == ["Knife", "Leather jacket", "Lockpicks", "Rope, 15 m"]
    load = wizard.findChild(QLabel, "wizard_load").text()
    assert load.startswith("Load 4.4 kg of ")  # 0.3 + 2 + 0.1 + 2
    items = gear_items(wizard)
    items["Lockpicks"].setCheckState(0, Qt.CheckState.Unchecked)
    items["Service revolver"].setCheckState(0, Qt.CheckState.Checked)
    assert wizard.findChild(QLabel, "wizard_load").text().startswith("Load 5.3 kg of ")
    character = wizard.result_sheet().characters[0]
    assert [(w.name, w.damage, w.lethality) for w in character.weapons] == [
        ("Knife", "1d4", 3),
        ("Service revolver", "2d6", 5),
    ]
    assert [e.name for e in character.equipment] == ["Leather jacket", "Rope, 15 m"]


def test_finishing_at_the_skills_step_keeps_the_professions_kit(qtbot) -> None:
    wizard = make_prime(qtbot, roller=Roller(1))
    drive_wolfgang(qtbot, wizard)
    assert wizard.button(wizard.WizardButton.FinishButton).isEnabled()
    character = wizard.result_sheet().characters[0]
    assert [w.name for w in character.weapons] == ["Knife"]
