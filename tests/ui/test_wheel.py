"""The mouse wheel scrolls the page; it changes a value only in the field being edited.

Wheeling down a long sheet passes over spin boxes and combo boxes: none of them may take the
wheel (or the focus) unless the person is already in it, and the page or list scrolls on as
it would over a label. The wheel is delivered as Qt delivers a real one: to the widget under
the pointer, then to each parent in turn while it goes unused.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QScrollBar,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QTreeWidget,
    QWidget,
    QWizard,
)

from sheetapp.systems.registry import modules, system_ids
from sheetapp.ui.alternity.wizard import HeroWizard
from sheetapp.ui.amplitude.wizard import CharacterWizard
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.settings import Settings

from .alternity.test_wizard import ABILITIES, drive_mara
from .amplitude.test_wizard import drive_hana
from .test_field_typing import form_pages, new_blank, shown
from .wizard_driver import click, press_next, set_number

DOWN = -120  # one notch towards the person: the page moves down


def wheel_over(widget: QWidget, notches: int = 1) -> None:
    """Turn the wheel ``notches`` notches down with the pointer on ``widget``'s middle."""
    centre = widget.rect().center()
    at = widget.mapToGlobal(centre)
    target = widget.childAt(centre) or widget  # a spin box's line edit, say
    for _ in range(notches):
        receiver: QWidget | None = target
        while receiver is not None:
            local = QPointF(receiver.mapFromGlobal(at))
            event = QWheelEvent(
                local,
                QPointF(at),
                QPoint(0, 0),
                QPoint(0, DOWN),
                Qt.MouseButton.NoButton,
                Qt.KeyboardModifier.NoModifier,
                Qt.ScrollPhase.NoScrollPhase,
                False,
            )
            QApplication.sendEvent(receiver, event)
            if event.isAccepted() or receiver.isWindow():
                break
            receiver = receiver.parentWidget()


def scroll_area_of(widget: QWidget) -> QAbstractScrollArea:
    parent = widget.parentWidget()
    while not isinstance(parent, QAbstractScrollArea):
        assert parent is not None, widget.objectName()
        parent = parent.parentWidget()
    return parent


def unfocus(window: QWidget) -> None:
    """The focus on something that is not a field (as after clicking a page's label)."""
    focus = QApplication.focusWidget()
    if focus is not None:
        focus.clearFocus()
    window.setFocus()


@pytest.fixture
def short_window(window: MainWindow) -> MainWindow:
    window.resize(1000, 560)  # the attribute grid runs off the page: the page scrolls
    QApplication.processEvents()
    return window


def test_wheel_over_an_unfocused_score_scrolls_the_sheet(short_window, qtbot, hero_file: Path):
    form = short_window.open_path(hero_file)
    form.show_character(0)
    psyche = form.findChild(QSpinBox, "score_psyche")
    area = scroll_area_of(psyche)
    bar = area.verticalScrollBar()
    assert bar.maximum() > 0  # the page is taller than its window
    area.ensureWidgetVisible(psyche)
    bar.setValue(0)
    area.ensureWidgetVisible(psyche, 0, 0)
    unfocus(short_window)
    before, top = psyche.value(), bar.value()
    wheel_over(psyche)
    assert psyche.value() == before
    assert form.document.value(("characters", 0, "attributes", "psyche")) == before
    assert bar.value() > top  # the sheet scrolled instead
    assert not psyche.hasFocus()


def test_wheel_changes_a_score_the_person_is_in(short_window, qtbot, hero_file: Path):
    form = short_window.open_path(hero_file)
    form.show_character(0)
    psyche = form.findChild(QSpinBox, "score_psyche")
    area = scroll_area_of(psyche)
    area.ensureWidgetVisible(psyche)
    psyche.setFocus()
    top, before = area.verticalScrollBar().value(), psyche.value()
    wheel_over(psyche)
    assert psyche.value() == before - 1  # down one step
    assert area.verticalScrollBar().value() == top


def test_wheel_over_a_skill_list_ability_scrolls_the_list(qtbot):
    wizard = HeroWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    to_skills(qtbot, wizard)
    tree = wizard.currentPage().findChild(QTreeWidget, "skills")
    combo = wizard.currentPage().findChild(QComboBox, "ability_Armor Operation")
    tree.scrollToItem(tree.topLevelItem(0))
    bar = tree.verticalScrollBar()
    assert bar.maximum() > 0
    unfocus(wizard)
    chosen, top = combo.currentText(), bar.value()
    assert combo.isVisible()
    wheel_over(combo)
    assert combo.currentText() == chosen  # not Strength turned Constitution
    assert bar.value() > top  # the list scrolled


def test_wheel_over_an_unfocused_number_in_a_wizard_list_scrolls_it(qtbot):
    wizard = CharacterWizard()
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    drive_hana(qtbot, wizard, until="Skills")
    for _ in range(20):  # more than the table shows
        click(qtbot, wizard, "skills_add")
    table = wizard.currentPage().findChild(QTableWidget, "skills_table")
    qtbot.wait(10)  # laid out with its rows
    bar = table.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(0)
    unfocus(wizard)
    ob = wizard.currentPage().findChild(QSpinBox, "skills_1_ob")
    before, top = ob.value(), bar.value()
    wheel_over(ob)
    assert ob.value() == before
    assert bar.value() > top


def to_skills(qtbot, wizard: HeroWizard) -> None:
    """Mara's hero up to the skill list (``drive_mara`` stops no later than Abilities)."""
    drive_mara(qtbot, wizard, until="Abilities")
    for ability, score in ABILITIES.items():
        set_number(wizard, f"ability_{ability.value}", score)
    press_next(wizard)
    assert wizard.currentPage().title() == "Skills"


def value_controls(root: QWidget) -> list[QWidget]:
    return [
        w
        for w in root.findChildren(QWidget)
        if isinstance(w, QAbstractSpinBox | QComboBox | QAbstractSlider)
        and not isinstance(w, QScrollBar)
    ]


def walk_tabs(root: QWidget) -> None:
    """Show every page of every tab widget once, so each is built and polished."""
    for tabs in root.findChildren(QTabWidget):
        for i in range(tabs.count()):
            tabs.setCurrentIndex(i)
            QApplication.processEvents()


@pytest.mark.parametrize("system", system_ids())
def test_no_field_of_a_sheet_or_its_wizard_takes_the_wheel_unasked(window, qtbot, system):
    """Qt's default lets the wheel focus a spin box or combo box and change it; every one
    in each system's sheet and wizard takes the focus by click or Tab only."""
    form = new_blank(window, system)
    walk_tabs(form)
    form_pages(form).setCurrentIndex(0)
    controls = value_controls(form)
    wizard: QWizard = import_module(modules(system).wizard).create_wizard(None, Settings())
    qtbot.addWidget(wizard)
    shown(qtbot, wizard)
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        page.ensurePolished()
        for control in value_controls(page):
            control.ensurePolished()
            controls.append(control)
    assert controls
    taking = [
        c.objectName() or type(c).__name__
        for c in controls
        if c.focusPolicy() & Qt.FocusPolicy.WheelFocus == Qt.FocusPolicy.WheelFocus
    ]
    assert not taking, (system, taking)
