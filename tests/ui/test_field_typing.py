"""Typing into a number field replaces what it shows, however the field got the focus.

A person clicks a field, tabs into it, presses its label's Alt key, jumps to it from the
findings dock, or finds the cursor where a wizard page put it, then types a number. Whatever
brought the focus, the first key replaces the value, the "–" of a blank field included; a
number outside the field's range is refused and the range is said. The keys are typed into
whatever has the focus, as a keyboard does: no test selects the text first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QMenu,
    QPushButton,
    QSpinBox,
    QTableView,
    QTabWidget,
    QToolTip,
    QWidget,
    QWizard,
)

from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.registry import modules, system_ids
from sheetapp.ui.alternity.wizard import HeroWizard
from sheetapp.ui.amazing_engine.wizards import PrimeCharacterWizard
from sheetapp.ui.amplitude.wizard import CharacterWizard
from sheetapp.ui.binding import reveal_in_tabs
from sheetapp.ui.d6_pool.wizard import D6PoolWizard
from sheetapp.ui.forgotten_futures.wizard import ForgottenFuturesWizard
from sheetapp.ui.list_table_model import ListTableModel
from sheetapp.ui.main_window import MainWindow

from .alternity.test_wizard import drive_mara
from .amazing_engine.test_wizards import drive_wolfgang
from .amplitude.test_wizard import drive_hana
from .d6_pool.test_wizard import GUMSHOE
from .d6_pool.test_wizard import drive as drive_d6
from .forgotten_futures.test_wizard import JOURNALIST
from .forgotten_futures.test_wizard import drive as drive_ff

SYSTEMS = system_ids()


def typed(qtbot, text: str) -> None:
    """Keys pressed on the keyboard: they go to whatever has the focus."""
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClicks(focus, text)


def click_into(qtbot, spin: QAbstractSpinBox) -> None:
    """A click on the field's text, near its left edge (the cursor lands before the text)."""
    line = spin.lineEdit()
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton, pos=QPoint(3, line.height() // 2))
    assert QApplication.focusWidget() is spin


def shown(qtbot, wizard: QWizard) -> QWizard:
    wizard.resize(880, 620)
    wizard.show()
    qtbot.waitExposed(wizard)
    wizard.activateWindow()  # offscreen, a shown window is active only once asked
    qtbot.waitUntil(wizard.isActiveWindow)
    return wizard


def page_spin(wizard: QWizard, name: str) -> QSpinBox:
    found = wizard.currentPage().findChild(QSpinBox, name)
    assert found is not None, name
    return found


# --- the wizards, each as the issue found it --------------------------------------------


def test_amazing_engine_rolls_click_the_blank_fitness_and_type(qtbot):
    wizard = PrimeCharacterWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_wolfgang(qtbot, wizard, until="Rolls")
    fitness = page_spin(wizard, "roll_fitness")
    assert fitness.text() == "–"
    click_into(qtbot, fitness)
    typed(qtbot, "25")
    assert fitness.value() == 25
    assert wizard.snapshot().character.creation.rolls[Attribute.FITNESS] == 25


def test_amplitude_skills_tab_into_an_ob_showing_0_and_type(qtbot):
    wizard = CharacterWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_hana(qtbot, wizard, until="Skills")
    qtbot.mouseClick(wizard.findChild(QPushButton, "skills_add"), Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget().objectName() == "skills_0_name"  # Add puts it there
    typed(qtbot, "Medicine")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    ob = page_spin(wizard, "skills_0_ob")
    assert QApplication.focusWidget() is ob and ob.value() == 0
    typed(qtbot, "1")
    assert ob.value() == 1  # not 10
    typed(qtbot, "2")
    assert ob.value() == 12


def test_amplitude_defence_click_a_bonus_showing_0_and_type(qtbot):
    wizard = CharacterWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_hana(qtbot, wizard, until="Defence")
    bonus = page_spin(wizard, "defensive_bonus")
    click_into(qtbot, bonus)
    typed(qtbot, "1")
    assert bonus.value() == 1  # not DB 10


def test_d6_the_first_die_typed_where_the_page_put_the_cursor(qtbot):
    wizard = D6PoolWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_d6(qtbot, wizard, GUMSHOE, until="Attributes")
    first = page_spin(wizard, "die_1")
    assert QApplication.focusWidget() is first  # the wizard put the cursor there
    typed(qtbot, "4")
    assert first.value() == 4
    assert wizard.draft.dice[0] == 4


def test_alternity_strength_typed_where_the_page_put_the_cursor(qtbot):
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_mara(qtbot, wizard, until="Abilities")
    strength = page_spin(wizard, "ability_strength")
    strength.setValue(10)
    assert QApplication.focusWidget() is strength  # the wizard's own placing of the cursor
    typed(qtbot, "8")
    assert strength.value() == 8


def test_forgotten_futures_skills_click_a_blank_points_and_type(qtbot):
    wizard = ForgottenFuturesWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_ff(qtbot, wizard, JOURNALIST, until="Skills")
    points = page_spin(wizard, "points_pilot")
    assert points.text() in ("–", "free")
    click_into(qtbot, points)
    typed(qtbot, "3")
    assert points.value() == 3


def test_a_mnemonic_brings_a_number_field_and_the_first_key_replaces_it(qtbot):
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_mara(qtbot, wizard, until="Abilities")
    points = page_spin(wizard, "ability_points")
    assert points.value() == 60
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is points  # "Poin&ts to share:"
    typed(qtbot, "70")
    assert points.value() == 70


def test_a_second_click_places_the_cursor_and_keys_go_there(qtbot):
    """Editing in place still works: once the person clicks inside a focused field, the
    keys go where the cursor is."""
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_mara(qtbot, wizard, until="Abilities")
    points = page_spin(wizard, "ability_points")
    click_into(qtbot, points)
    qtbot.wait(20)  # the selection that shows what a key would replace
    assert points.lineEdit().selectedText() == "60"
    click_into(qtbot, points)  # at the left edge: before the 6
    typed(qtbot, "1")
    assert points.value() == 160


# --- the range, said instead of silently changed ----------------------------------------


def test_a_number_above_the_range_is_refused_and_the_range_said(qtbot):
    wizard = CharacterWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_hana(qtbot, wizard, until="Defence")
    bonus = page_spin(wizard, "defensive_bonus")
    click_into(qtbot, bonus)
    high = bonus.maximum()
    typed(qtbot, str(high))
    typed(qtbot, "9")
    assert bonus.value() == high
    assert f"{high}9 is not allowed here" in QToolTip.text()
    assert f"{bonus.minimum()} to {high}" in QToolTip.text()


def test_leaving_a_number_below_the_range_keeps_the_value_and_says_why(qtbot):
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_mara(qtbot, wizard, until="Abilities")
    points = page_spin(wizard, "ability_points")
    points.setMinimum(20)  # a field whose lowest number takes two digits
    click_into(qtbot, points)
    typed(qtbot, "1")  # on the way to 100, but the person stops here
    qtbot.keyClick(points, Qt.Key.Key_Tab)
    assert points.value() == 60 and points.text() == "60"  # not 20, not 1
    assert "1 is not allowed here: 20 to 200" in QToolTip.text()
    assert "It stays 60" in QToolTip.text()


# --- the main window: a finding's jump, and typing into fields and cells -----------------


def double_click(qtbot, view: QTableView, index: QModelIndex) -> None:
    """A double-click on a row as the mouse makes it: a click, then the second press."""
    view.scrollTo(index)
    centre = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)


@pytest.fixture
def fitness_missing(hero_file: Path) -> Path:
    data = json.loads(hero_file.read_text())
    data["characters"][0]["attributes"].pop("fitness")
    data["characters"][0]["creation"]["rolls"].pop("fitness", None)
    hero_file.write_text(json.dumps(data))
    return hero_file


def test_double_click_a_finding_then_type_into_the_field_it_jumps_to(
    window: MainWindow, qtbot, fitness_missing: Path
) -> None:
    form = window.open_path(fitness_missing)
    view = window.findings_dock.view
    model = view.model()
    rows = [
        r for r in range(model.rowCount()) if "Fitness has no score yet" in model.index(r, 2).data()
    ]
    assert rows, [model.index(r, 2).data() for r in range(model.rowCount())]
    double_click(qtbot, view, model.index(rows[0], 2))
    focus = QApplication.focusWidget()
    assert focus is not None and focus.property("fieldPath") == "characters[0].attributes.fitness"
    typed(qtbot, "30")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert form.document.value(("characters", 0, "attributes", "fitness")) == 30


def new_blank(window: MainWindow, system: str) -> QWidget:
    """File > New Blank Sheet > the system."""
    name = modules(system).name
    action = next(a for a in window.new_blank_menu.actions() if a.text() == name)
    action.trigger()
    return window.current_form()


def form_pages(form: QWidget) -> QTabWidget:
    """The tabs every sheet form shows its pages in (``SheetForm.page_tabs``)."""
    pages = form.findChild(QTabWidget, "pages")
    assert pages is not None
    return pages


def every_page(form: QWidget) -> Iterator[None]:
    """Bring each page of the form forward in turn, the tabs within a page included."""
    pages = form_pages(form)
    for i in range(pages.count()):
        pages.setCurrentIndex(i)
        yield
        for inner in pages.widget(i).findChildren(QTabWidget):
            for j in range(inner.count()):
                inner.setCurrentIndex(j)
                yield


def bound_spins(form: QWidget) -> list[QSpinBox]:
    """The form's number fields, found page by page (each is scrolled into view later)."""
    found: dict[int, QSpinBox] = {}
    for _ in every_page(form):
        for spin in form.findChildren(QSpinBox):
            usable = spin.isVisible() and spin.isEnabled() and not spin.isReadOnly()
            if spin.property("fieldPath") and usable:
                found.setdefault(id(spin), spin)
    return list(found.values())


@pytest.mark.parametrize("system", SYSTEMS)
def test_click_any_number_field_of_a_blank_sheet_and_type(window, qtbot, system) -> None:
    form = new_blank(window, system)
    spins = bound_spins(form)
    assert spins, system
    for spin in spins:
        reveal_in_tabs(spin)
        wanted = a_new_value(spin)
        click_into(qtbot, spin)
        typed(qtbot, str(wanted))
        qtbot.keyClick(spin, Qt.Key.Key_Tab)
        assert spin.value() == wanted, (system, spin.objectName(), spin.text())


def a_new_value(spin: QSpinBox) -> int:
    """A number the field can hold, other than what it shows, typed in one or two keys."""
    low, high, now = spin.minimum(), spin.maximum(), spin.value()
    return next(v for v in (3, 2, 1, high) if v != now and low < v <= high)


def number_cells(form: QWidget, seen: set[int]) -> list[tuple[QTableView, int]]:
    """Each list table shown now and not ``seen`` before, with the column of its first
    number cell once a row is added (a blank row's number shows as 0, 1 or blank)."""
    found = []
    for view in form.findChildren(QTableView):
        model = view.model()
        add = form.findChild(QPushButton, f"add_{view.objectName()}")
        if not isinstance(model, ListTableModel) or add is None or not view.isVisible():
            continue
        if id(view) in seen:
            continue
        seen.add(id(view))
        add.click()  # adds a row and opens its first cell's editor
        QApplication.processEvents()
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        row = model.rowCount() - 1
        item = model.item(row)
        for column, spec in enumerate(model.columns):
            value = getattr(item, spec.key or "", None) if spec.editable else None
            if spec.editable and isinstance(value, int) and not isinstance(value, bool):
                found.append((view, column))
                break
    return found


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("route", ["select and type", "double-click", "F2"])
def test_typing_into_a_number_cell_replaces_it(window, qtbot, hero_file, system, route) -> None:
    # A blank Amazing Engine sheet is a core without characters, and the lists with numbers
    # (gear) belong to a character.
    form = window.open_path(hero_file) if system == "amazing-engine" else new_blank(window, system)
    cells, seen = 0, set[int]()
    for _ in every_page(form):
        for view, column in number_cells(form, seen):
            cells += 1
            model = view.model()
            row = model.rowCount() - 1
            index = model.index(row, column)
            before = model.data(index, Qt.ItemDataRole.EditRole)
            wanted = 3 if before != 3 else 2
            view.scrollTo(index)
            centre = view.visualRect(index).center()
            qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
            if route == "double-click":
                qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
            elif route == "F2":
                qtbot.keyClick(view, Qt.Key.Key_F2)
            typed(qtbot, str(wanted))
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
            qtbot.waitUntil(lambda v=view: v.state() != QAbstractItemView.State.EditingState)
            got = model.data(index, Qt.ItemDataRole.EditRole)
            assert got == wanted, (system, view.objectName(), column, before, got)
    assert cells, system


def test_the_app_installs_the_behaviour_once_it_has_painted(hero_file: Path) -> None:
    """Every test above gets the filter from tests/ui/conftest.py; the app itself must too."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
    script = (
        "import sys; from sheetapp.ui.app import run_app; "
        "run_app(['--smoke', sys.argv[1]]); "
        "from PySide6.QtWidgets import QApplication, QSpinBox; "
        "from PySide6.QtCore import Qt; "
        "from sheetapp.ui.field_input import FieldInput; "
        "app = QApplication.instance(); "
        "print(len(app.findChildren(FieldInput)), "
        "[s.focusPolicy() == Qt.FocusPolicy.StrongFocus for s in app.allWidgets() "
        "if isinstance(s, QSpinBox)].count(False))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(hero_file)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    filters, taking_the_wheel = done.stdout.split()[-2:]
    assert filters == "1"  # installed, once
    assert taking_the_wheel == "0"  # the dice dock's boxes, made before the paint, included


def jump_targets(window: MainWindow, qtbot) -> list[tuple[int, QSpinBox]]:
    """The findings dock's rows whose double-click lands on a number field."""
    view = window.findings_dock.view
    found = []
    for row in range(view.model().rowCount()):
        index = view.model().index(row, 2)
        double_click(qtbot, view, index)
        focus = QApplication.focusWidget()
        if isinstance(focus, QSpinBox) and not focus.isReadOnly():
            found.append((row, focus))
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_jump_from_a_finding_to_a_number_and_type(window, qtbot, system) -> None:
    form = new_blank(window, system)
    if system == "amplitude":  # a blank sheet's findings are about its name and skill list
        form.document.edit(("thresholds", "moderate"), form.document.value(("thresholds", "minor")))
    view = window.findings_dock.view
    for pick in (0, -1):  # the first and the last, the findings as they stand each time
        targets = jump_targets(window, qtbot)
        if pick and not targets:
            break  # the number typed settled the only one
        assert targets, system
        row, spin = targets[pick]
        unfocus_all(window)
        double_click(qtbot, view, view.model().index(row, 2))
        assert QApplication.focusWidget() is spin
        wanted = a_new_value(spin)
        typed(qtbot, str(wanted))
        qtbot.keyClick(spin, Qt.Key.Key_Tab)
        assert spin.value() == wanted, (system, spin.objectName(), spin.text())


def unfocus_all(window: MainWindow) -> None:
    focus = QApplication.focusWidget()
    if focus is not None:
        focus.clearFocus()


def test_a_number_that_cannot_stand_goes_back_to_the_value_before_the_focus_came(qtbot):
    """With keyboard tracking, "13" on the way to "1" passed through 13: leaving keeps the
    value the field had when the person came in, not the last one typed."""
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_mara(qtbot, wizard, until="Abilities")
    strength = page_spin(wizard, "ability_strength")
    strength.setRange(4, 14)  # a field whose "1" on the way to "13" cannot stand
    assert strength.keyboardTracking()
    before = strength.value()
    click_into(qtbot, strength)
    typed(qtbot, "13")
    assert strength.value() == 13
    qtbot.keyClick(strength, Qt.Key.Key_Backspace)
    qtbot.keyClick(strength, Qt.Key.Key_Tab)
    assert strength.value() == before and strength.text() == str(before)
    assert f"It stays {before}" in QToolTip.text()


class FocusOutSpy(QObject):
    """The reasons of every focus-out ``watched`` is sent."""

    def __init__(self, watched: QWidget) -> None:
        super().__init__(watched)
        self.reasons: list[Qt.FocusReason] = []
        watched.installEventFilter(self)

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusOut:
            self.reasons.append(event.reason())  # type: ignore[attr-defined]
        return False


def test_a_context_menu_or_another_window_does_not_leave_the_field(qtbot):
    """The focus stepping out to a menu or another window settles nothing: back in the
    field, the person carries on typing where they were."""
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_mara(qtbot, wizard, until="Abilities")
    strength = page_spin(wizard, "ability_strength")
    strength.setRange(4, 14)
    click_into(qtbot, strength)
    typed(qtbot, "1")  # on the way to 12
    spy = FocusOutSpy(strength)
    menu = QMenu(strength)
    menu.addAction("Copy")
    menu.popup(strength.mapToGlobal(QPoint(0, 0)))
    qtbot.waitUntil(lambda: Qt.FocusReason.PopupFocusReason in spy.reasons)
    qtbot.wait(50)  # the focus-out has run its course
    assert strength.text() == "1" and "It stays" not in QToolTip.text()
    menu.close()
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: Qt.FocusReason.ActiveWindowFocusReason in spy.reasons)
    qtbot.wait(50)
    assert strength.text() == "1" and "It stays" not in QToolTip.text()
    wizard.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is strength)
    typed(qtbot, "2")
    assert strength.value() == 12
