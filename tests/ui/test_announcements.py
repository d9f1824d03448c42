"""What appears while a person is busy elsewhere is said to assistive technology, and the
focus stays where they are typing: a roll's result, new findings, the Table's turn and a
hit's result (sheetapp.ui.announce)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication, QPushButton, QSpinBox

from sheetapp.ui.main_window import MainWindow

from .library.conftest import fill, plain, select_names


@pytest.fixture
def said(monkeypatch) -> list[tuple[str, object]]:
    """The announcements sent to assistive technology, as (message, source widget)."""
    heard: list[tuple[str, object]] = []
    monkeypatch.setattr(QAccessible, "isActive", lambda: True)

    def update(event) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            heard.append((event.message(), event.object()))

    monkeypatch.setattr(QAccessible, "updateAccessibility", update)
    return heard


def test_a_roll_result_is_said_and_the_focus_stays_in_the_field(
    qtbot, window: MainWindow, said
) -> None:
    window.new_random_npc("amazing-engine")
    form = window.current_form()
    field = form.findChild(QSpinBox, "score_fitness")
    field.setFocus()
    QApplication.processEvents()
    assert QApplication.focusWidget() is field
    check = form.findChild(QPushButton, "check_fitness")
    check.click()
    logged = window.dice_dock.log_lines()[0]
    assert [m for m, _ in said] and said[-1][0] in logged
    assert "Fitness" in said[-1][0]
    assert QApplication.focusWidget() is field


def test_a_new_finding_is_said_once(qtbot, window: MainWindow, said) -> None:
    window.new_random_npc("d6-pool")
    form = window.current_form()
    before = len(form.document.findings)
    form.document.edit(("attributes", "strength"), 40)  # far above what points allow
    new = [m for m, _ in said]
    assert len(form.document.findings) > before and new
    assert any("Strength" in m for m in new), new
    said.clear()
    form.document.edit(("name",), "Ada")  # the findings stand: nothing new to say
    assert not [m for m, _ in said if "Strength" in m]


def test_the_tables_turn_and_a_hits_result_are_said(qtbot, window: MainWindow, said) -> None:
    fill(window, plain("Ada", psyche=37, reflexes=56), plain("Stalker", psyche=73, reflexes=62))
    select_names(window, "Ada", "Stalker")
    window.library_actions.encounter_action.trigger()
    panel = window.table_panel
    said.clear()
    qtbot.mouseClick(panel.findChild(QPushButton, "next_round"), Qt.MouseButton.LeftButton)
    assert panel.round_label.text().startswith("Round 1")
    assert (panel.round_label.text(), panel.round_label) in said
    for i in range(panel.tree.topLevelItemCount()):
        top = panel.tree.topLevelItem(i)
        for j in range(top.childCount()):
            if top.child(j).text(0) == "Stalker":
                panel.tree.setCurrentItem(top.child(j))
    qtbot.mouseClick(panel.findChild(QPushButton, "hurt_stamina_5"), Qt.MouseButton.LeftButton)
    assert ("5 points: 5 on Stamina", panel.tracks.result) in said
