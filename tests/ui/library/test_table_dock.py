"""The Table dock as a GM uses it in the default window (1280x728): it holds still under
the mouse, every button is whole, a sheet added twice is asked about, a round of several
systems says what to do with a button for each, and the tracker shows whose turn it is
and carries conditions that count down."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox, QPushButton, QScrollArea, QWidget

from sheetapp.dice import Roller
from sheetapp.ui.library.conditions_dialog import ConditionsDialog
from sheetapp.ui.library.encounter_dialogs import InitiativeDiceDialog
from sheetapp.ui.library.encounter_tree import NowRole
from sheetapp.ui.library.table_panel import TablePanel
from sheetapp.ui.main_window import MainWindow

from ...play.test_d6_pool import fighter
from .conftest import fill, plain, run_dialog, select_names
from .test_table_play import click, pick


def _settle(qtbot) -> None:
    qtbot.wait(30)


def _table(window: MainWindow, qtbot, *sheets, names: tuple[str, ...]) -> TablePanel:
    """The default window with ``sheets`` in the library and ``names`` in the encounter."""
    window.resize(1280, 728)
    fill(window, *sheets)
    select_names(window, *names)
    window.library_actions.encounter_action.trigger()
    _settle(qtbot)
    return window.table_panel


def _layout(window: MainWindow, panel: TablePanel) -> dict[str, tuple]:
    """Where every visible button of the dock is in the window, the panes' widths and the
    dock's scroll position."""
    found: dict[str, tuple] = {
        b.objectName(): (*b.mapTo(window, QPoint(0, 0)).toTuple(), *b.size().toTuple())
        for b in panel.findChildren(QPushButton)
        if b.isVisible()
    }
    found["panes"] = tuple(panel.split.sizes())
    area = _dock_area(window)
    found["scrolled"] = (area.horizontalScrollBar().value(), area.verticalScrollBar().value())
    return found


def _dock_area(window: MainWindow) -> QScrollArea:
    area = window.table_dock.widget()
    assert isinstance(area, QScrollArea)
    return area


def test_damage_clicks_land_on_the_button_aimed_at_and_nothing_moves(
    window: MainWindow, qtbot
) -> None:
    panel = _table(
        window, qtbot, plain("Ada", fitness=90), plain("Stalker"), names=("Ada", "Stalker")
    )
    pick(panel, "Ada")
    _settle(qtbot)
    before = _layout(window, panel)
    aims = [
        (name, panel.findChild(QPushButton, name).rect().center())
        for name in ("hurt_body_5", "hurt_body_5", "hurt_body_n", "heal_body_1")
    ]
    # Taken once, as a person's hand remembers where the buttons are.
    spots = [(name, panel.findChild(QPushButton, name).mapTo(window, c)) for name, c in aims]
    said = []
    for name, spot in spots:
        target = window.childAt(spot)
        assert target is not None and target.objectName() == name, (name, target)
        QTest.mouseClick(target, Qt.MouseButton.LeftButton, pos=target.mapFrom(window, spot))
        _settle(qtbot)
        said.append(panel.tracks.result.text().split(":")[0])
        assert _layout(window, panel) == before, name
    assert said == ["5 points", "5 points", "3 points", "Healed 1 (never past the maximum)"]


def test_selecting_combatants_keeps_the_panes_and_never_scrolls_sideways(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    panel = _table(window, qtbot, plain("Ada"), plain("Stalker"), names=("Ada", "Stalker"))
    monkeypatch.setattr(
        "sheetapp.ui.library.table_panel.QInputDialog.getText",
        lambda *a, **k: ("The fuse", True),
    )
    click(qtbot, panel, "add_event")
    panes = panel.split.sizes()
    area = _dock_area(window)
    for name in ("Ada", "The fuse", "Stalker", "Ada"):
        pick(panel, name)
        _settle(qtbot)
        assert panel.split.sizes() == panes, name
        assert area.horizontalScrollBar().value() == 0
        assert not area.horizontalScrollBar().isVisible()


def test_every_button_of_the_dock_is_whole_in_the_default_window(window: MainWindow, qtbot) -> None:
    panel = _table(window, qtbot, plain("Ada"), plain("Stalker"), names=("Ada", "Stalker"))
    pick(panel, "Ada")
    window.show_table()
    _settle(qtbot)
    viewport = _dock_area(window).viewport()
    shown = viewport.rect()
    buttons = [b for b in panel.findChildren(QPushButton) if b.isVisible()]
    assert {"hurt_body_n", "heal_body_n", "open_sheet", "resolve_attack", "next_turn"} <= {
        b.objectName() for b in buttons
    }
    for button in buttons:
        place = button.rect().translated(button.mapTo(viewport, QPoint(0, 0)))
        assert shown.contains(place), f"{button.objectName()} cut off at {place} in {shown}"
        ancestor: QWidget | None = button.parentWidget()
        while ancestor is not None and ancestor is not viewport:  # inner scroll areas too
            inner = button.rect().translated(button.mapTo(ancestor, QPoint(0, 0)))
            assert ancestor.rect().contains(inner), button.objectName()
            ancestor = ancestor.parentWidget()
        needed = button.fontMetrics().horizontalAdvance(button.text())
        assert button.width() >= needed + 8, f"{button.text()!r} squeezed"


def _answer_box(monkeypatch, text: str) -> list[QMessageBox]:
    """Make the next message box click its button named ``text``."""

    def drive(box: QMessageBox) -> None:
        (button,) = [b for b in box.buttons() if b.text() == text]
        button.click()

    return run_dialog(monkeypatch, QMessageBox, drive)


def test_a_sheet_added_again_is_asked_about(window: MainWindow, qtbot, monkeypatch) -> None:
    panel = _table(window, qtbot, plain("Ada"), plain("Stalker"), names=("Ada",))
    shown = _answer_box(monkeypatch, "Skip It")
    select_names(window, "Ada", "Stalker")
    window.library_actions.encounter_action.trigger()
    assert "Ada is in this encounter already" in shown[0].text()
    assert [c.name for c in panel.encounter.combatants] == ["Ada", "Stalker"]
    shown = _answer_box(monkeypatch, "Add Again")
    select_names(window, "Ada")
    window.library_actions.encounter_action.trigger()
    assert len(shown) == 1
    assert [c.name for c in panel.encounter.combatants] == ["Ada", "Stalker", "Ada"]


def test_a_round_of_two_systems_offers_typed_initiative_or_order_by_hand(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    panel = _table(
        window, qtbot, plain("Ada"), fighter("Rosa", 4, 2, dodge=2), names=("Ada", "Rosa")
    )
    shown = _answer_box(monkeypatch, "Type Initiative…")

    def type_numbers(dialog: InitiativeDiceDialog) -> None:
        edits = list(dialog.edits.values())
        qtbot.keyClicks(edits[0], "4")
        qtbot.keyClicks(edits[1], "11")
        dialog.accept()

    run_dialog(monkeypatch, InitiativeDiceDialog, type_numbers)
    click(qtbot, panel, "next_round")
    assert "order the round by hand" in shown[0].text()
    assert "the system's rule is needed" not in shown[0].text()
    assert panel.round_label.text() == "Round 1 — now: Rosa (1st of 2)"

    _answer_box(monkeypatch, "Order by Hand")
    click(qtbot, panel, "restart")
    click(qtbot, panel, "next_round")
    assert panel.encounter.by_hand and panel.round_label.text().startswith("Round 1 — now: Ada")
    ada, rosa = (c.key for c in panel.encounter.combatants)
    panel.tree.select(ada)
    click(qtbot, panel, "move_down")
    assert panel.encounter.hand_order == (rosa, ada)
    assert panel.round_label.text().startswith("Round 1 — now: Rosa")


def test_the_tracker_shows_whose_turn_and_counts_conditions_down(
    window: MainWindow, qtbot, monkeypatch
) -> None:
    panel = _table(window, qtbot, plain("Ada"), plain("Stalker"), names=("Ada", "Stalker"))
    panel.roller = Roller(2)  # seeded: two sides rolling the same initiative share a turn
    panel.encounter = panel.encounter.model_copy(
        update={"combatants": tuple(
            c.model_copy(update={"side": c.name}) for c in panel.encounter.combatants
        )}
    )  # fmt: skip
    panel.redraw()
    assert not panel.turn_button.isEnabled()  # nothing to step through before round 1
    click(qtbot, panel, "next_round")
    first = panel.encounter.current_turn.keys[0]
    name = panel.encounter.combatant(first).name
    assert panel.round_label.text() == f"Round 1 — now: {name} (1st of 2)"
    now = [panel.tree.topLevelItem(i) for i in range(panel.tree.topLevelItemCount())]
    assert [bool(item.data(0, NowRole)) for item in now] == [True, False]
    click(qtbot, panel, "next_turn")
    assert panel.round_label.text().endswith("(2nd of 2)")
    assert panel.tree.topLevelItem(1).data(0, NowRole)

    def stun(dialog: ConditionsDialog) -> None:
        qtbot.keyClicks(dialog.name, "stunned")
        dialog.rounds.setValue(2)
        dialog.accept()

    pick(panel, "Stalker")
    run_dialog(monkeypatch, ConditionsDialog, stun)
    click(qtbot, panel, "conditions")
    assert _condition_of(panel, "Stalker") == "stunned (2 rounds)"
    click(qtbot, panel, "next_turn")  # after the last turn: the next round
    assert panel.encounter.round == 2
    assert _condition_of(panel, "Stalker") == "stunned (1 round)"
    click(qtbot, panel, "next_round")
    assert _condition_of(panel, "Stalker") == ""


def _condition_of(panel: TablePanel, name: str) -> str:
    tree = panel.tree
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        for j in range(top.childCount()):
            if top.child(j).text(0) == name:
                return top.child(j).text(2)
    raise AssertionError(name)
