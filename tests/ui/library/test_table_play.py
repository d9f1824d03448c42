"""Play at the table as a GM runs it: sheets from the roster join the encounter, damage and
healing with the quick buttons, the advantage check and initiative rounds in the Amazing
Engine's order (the System Guide's numbers), and the state kept across a restart."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QInputDialog,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
)

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.ui.library.encounter_dialogs import AdvantageDialog, InitiativeDiceDialog
from sheetapp.ui.library.table_panel import TablePanel
from sheetapp.ui.main_window import MainWindow

from ..conftest import _forget_changes
from .conftest import fill, plain, run_dialog, select_names


def headings(panel: TablePanel) -> list[str]:
    tree = panel.tree
    return [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]


def members(panel: TablePanel, heading_start: str) -> list[str]:
    tree = panel.tree
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        if top.text(0).startswith(heading_start):
            return [top.child(j).text(0) for j in range(top.childCount())]
    raise AssertionError(f"no group {heading_start!r} in {headings(panel)}")


def pick(panel: TablePanel, name: str) -> None:
    for i in range(panel.tree.topLevelItemCount()):
        top = panel.tree.topLevelItem(i)
        for j in range(top.childCount()):
            if top.child(j).text(0) == name:
                panel.tree.setCurrentItem(top.child(j))
                return
    raise AssertionError(name)


def click(qtbot, panel: TablePanel, name: str) -> None:
    button = panel.findChild(QPushButton, name)
    assert button is not None and button.isEnabled(), name
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def bar(panel: TablePanel, key: str) -> QProgressBar:
    return panel.findChild(QProgressBar, f"track_{key}")


def _squad_and_stalker(window: MainWindow, monkeypatch) -> TablePanel:
    """The System Guide's fight: a squad (best Psyche 37, Reflexes 56) against a Stalker
    (Psyche 73, Reflexes 62), both added from the roster."""
    fill(window, plain("Ada", psyche=37, reflexes=56), plain("Stalker", psyche=73, reflexes=62))
    select_names(window, "Ada", "Stalker")
    window.library_actions.encounter_action.trigger()
    panel = window.table_panel
    assert window.table_dock.isVisible()
    assert headings(panel) == ["NPCs"]  # both are NPCs: one side until moved
    pick(panel, "Ada")
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("Squad", True))
    click(window.qtbot, panel, "change_side")
    assert headings(panel) == ["Squad", "NPCs"]
    return panel


def test_quick_damage_and_healing_on_stamina_then_body(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)
    pick(panel, "Stalker")
    stamina, body = bar(panel, "stamina"), bar(panel, "body")
    full_stamina, full_body = stamina.maximum(), body.maximum()
    click(qtbot, panel, "hurt_stamina_5")
    assert bar(panel, "stamina").value() == full_stamina - 5
    assert panel.tracks.result.text() == "5 points: 5 on Stamina"
    click(qtbot, panel, "heal_stamina_1")
    assert bar(panel, "stamina").value() == full_stamina - 4
    sheet_id = panel.encounter.combatant("sheet-2").sheet_id
    assert library.damage_taken(sheet_id) == {"stamina": 4}

    # n = the rest of the stamina: unconscious, out of the fight.
    amount = panel.findChild(QSpinBox, "custom_amount")
    amount.setValue(full_stamina - 4)
    click(qtbot, panel, "hurt_stamina_n")
    assert panel.tracks.condition.text() == "unconscious"
    assert panel.encounter.combatant("sheet-2").out
    # Once stamina is gone, hits meant for it land on body.
    click(qtbot, panel, "hurt_stamina_1")
    assert bar(panel, "body").value() == full_body - 1
    assert panel.tracks.result.text() == "1 point: 1 on Body"
    click(qtbot, panel, "recover")
    assert library.damage_taken(sheet_id) == {}
    assert not panel.encounter.combatant("sheet-2").out


def test_advantage_then_initiative_rounds_in_order_and_why(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)
    panel.roller = Roller(5)

    def advantage(dialog: AdvantageDialog) -> None:
        dialog.first.setCurrentText("Squad")
        dialog.second.setCurrentText("NPCs")
        dialog.first_roll.setValue(18)  # as rolled at the table
        dialog.second_roll.setValue(83)
        dialog.accept()

    run_dialog(monkeypatch, AdvantageDialog, advantage)
    click(qtbot, panel, "advantage")
    assert panel.opening.text().startswith("Opening check: Squad have the advantage")
    click(qtbot, panel, "next_round")
    assert panel.round_label.text() == "Round 1 — now: Ada (1st of 2)"
    assert headings(panel) == [
        "1st: Squad — has the advantage: acts first (+5 on actions against the other side)",
        "2nd: NPCs (-5 on actions against the other side)",
    ]
    assert not panel.findChild(QPushButton, "advantage").isEnabled()
    tree = panel.tree
    groups = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    assert [g.toolTip(0) for g in groups] == [g.text(0) for g in groups]  # whole when elided

    def dice(dialog: InitiativeDiceDialog) -> None:
        qtbot.keyClicks(dialog.edits["Squad"], "5")
        qtbot.keyClicks(dialog.edits["NPCs"], "9")
        dialog.accept()

    run_dialog(monkeypatch, InitiativeDiceDialog, dice)
    click(qtbot, panel, "typed_dice")
    assert headings(panel) == [
        "1st: NPCs — initiative 9 + 6 = 15",
        "2nd: Squad — initiative 5 + 5 = 10",
    ]
    assert members(panel, "1st") == ["Stalker"]

    # The app's own dice: the order follows the totals, whichever they are.
    click(qtbot, panel, "next_round")
    assert panel.round_label.text().startswith("Round 3 — now: ")
    rolls = {r.side: r for r in panel.encounter.rolls}
    assert {r.modifier for r in rolls.values()} == {5, 6}
    first = headings(panel)[0]
    best = max(rolls.values(), key=lambda r: r.total)
    if rolls["Squad"].total == rolls["NPCs"].total:
        assert "at the same time" in first
    else:
        assert first == f"1st: {best.side} — initiative {best.die} + {best.modifier} = {best.total}"


def test_the_encounter_and_damage_survive_a_restart(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)
    panel.roller = Roller(2)
    pick(panel, "Ada")
    click(qtbot, panel, "hurt_stamina_5")
    click(qtbot, panel, "next_round")
    before = headings(panel)

    later = MainWindow()
    qtbot.addWidget(later, before_close_func=_forget_changes)
    again = later.table_panel
    assert again.encounter == panel.encounter
    assert headings(again) == before
    pick(again, "Ada")
    assert bar(again, "stamina").value() == bar(again, "stamina").maximum() - 5


def test_an_event_joins_on_its_own_side_and_the_encounter_can_be_left(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("The fuse", True))
    click(qtbot, panel, "add_event")
    assert headings(panel) == ["Squad", "NPCs", "The fuse"]
    pick(panel, "The fuse")
    assert "has no sheet" in panel.tracks.result.text()
    click(qtbot, panel, "remove_combatant")
    assert headings(panel) == ["Squad", "NPCs"]
    click(qtbot, panel, "new_encounter")  # named "The fuse" by the patched dialog
    assert panel.encounter.combatants == ()
    assert panel.choice.count() == 2 and panel.choice.currentText() == "The fuse"


def test_a_name_typed_in_the_roster_is_in_the_encounter_after_a_save(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    window.qtbot = qtbot
    panel = _squad_and_stalker(window, monkeypatch)
    pick(panel, "Stalker")
    click(qtbot, panel, "open_sheet")
    form = window.current_form()
    form.show_character(0)
    name = form.findChild(QLineEdit, "name")
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Night Stalker")
    window.save_current()
    assert "Night Stalker" in members(panel, "NPCs")


def _core_with_two_active(name: str) -> AmazingEngineSheet:
    """A core whose prime died; two active characters in two universes."""
    base = plain(name).characters[0].attributes
    return AmazingEngineSheet.model_validate(
        {
            "core": {"player": "Wolfgang"},
            "characters": [
                {"name": "Leo", "status": "dead", "attributes": base},
                {"name": name, "attributes": {**base, "reflexes": 56}},
                {
                    "name": "Captain",
                    "universe": "verdigris",
                    "attributes": {**base, "reflexes": 72},
                },
            ],
        }
    )


def test_the_gm_picks_the_character_and_an_attack_roll_decides_the_track(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    fill(window, _core_with_two_active("Ada"))
    select_names(window, "Ada")  # the roster names the sheet by its active character
    window.library_actions.encounter_action.trigger()
    panel = window.table_panel
    pick(panel, "Ada")
    combo = panel.findChild(QComboBox, "table_character")
    assert combo.isVisibleTo(panel)
    assert [combo.itemText(i) for i in range(combo.count())] == ["Ada", "Captain"]
    combatant = panel.encounter.combatants[0]
    assert (combatant.character, combatant.modifier) == (None, 5)  # Reflexes 56, not Leo's
    combo.setCurrentIndex(1)
    combo.activated.emit(1)
    combatant = panel.encounter.combatants[0]
    assert (combatant.character, combatant.modifier, combatant.name) == (2, 7, "Captain")
    pick(panel, "Captain")
    full_body = bar(panel, "body").value()
    for name, value in (("attack_roll", 23), ("attack_chance", 62), ("attack_lethality", 4)):
        panel.findChild(QSpinBox, name).setValue(value)
    panel.findChild(QSpinBox, "custom_amount").setValue(2)
    click(qtbot, panel, "resolve_attack")  # the ones digit 3 is at most lethality 4: body
    assert bar(panel, "body").value() == full_body - 2
    assert "hits body" in panel.tracks.result.text()
    panel.findChild(QSpinBox, "attack_roll").setValue(83)
    click(qtbot, panel, "resolve_attack")
    assert panel.tracks.result.text() == "Roll 83 against 62: a miss"


def test_typed_initiative_reads_numbers_and_keeps_other_text(qtbot) -> None:
    """ "²" counts as a digit to str.isdigit but int() refuses it: it stays text, for the
    rules to refuse with a message, instead of a ValueError escaping the button's slot."""
    dialog = InitiativeDiceDialog([("a", "A"), ("b", "B"), ("c", "C")], "")
    qtbot.addWidget(dialog)
    for key, text in (("a", "7"), ("b", "²"), ("c", "٣")):
        dialog.edits[key].setText(text)
    assert dialog.rolls() == {"a": 7, "b": "²", "c": 3}
