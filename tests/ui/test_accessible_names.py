"""Every control a screen reader reaches says what it is: its accessible name is the label
a sighted person reads beside it, on every page of every form, wizard and dialog
(sheetapp.ui.accessible_names names them from one pass; tests/ui/accessibility.py reads the
tree Qt gives assistive technology)."""

from __future__ import annotations

import os
from importlib import import_module

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QLabel,
    QSpinBox,
    QTableView,
    QTabWidget,
    QWidget,
)

from sheetapp.systems.registry import modules, system_ids
from sheetapp.ui.accessible_names import plain
from sheetapp.ui.binding import reveal_in_tabs
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.settings import Settings
from sheetapp.ui.sheet_form import create_form

from .accessibility import focusable, spoken_name, unnamed
from .dialogs import library_dialogs, sheet_dialogs, sheet_of

# Qt builds the tree for assistive technology only when one is listening, or when told to.
os.environ["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"


def every_page(root: QWidget) -> list[str]:
    """Bring forward every tab under ``root`` in turn (tabs appearing on the way included)
    and collect each page's controls that are unnamed or misnamed."""
    seen: set[int] = set()
    wrong = set(unnamed(root)) if root.isVisible() else set()
    while pending := [t for t in root.findChildren(QTabWidget) if id(t) not in seen]:
        for tabs in pending:
            seen.add(id(tabs))
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                wrong |= {f"{plain(tabs.tabText(index))}: {m}" for m in unnamed(root)}
    return sorted(wrong)


@pytest.mark.parametrize("system_id", system_ids())
def test_every_control_of_every_form_is_named_by_its_label(qtbot, system_id: str) -> None:
    form = create_form(SheetDocument(sheet_of(system_id, seed=8)))
    qtbot.addWidget(form)
    form.resize(1366, 700)
    form.show()
    QApplication.processEvents()
    assert every_page(form) == []


@pytest.mark.parametrize("system_id", system_ids())
def test_every_page_of_every_wizard_is_named(qtbot, system_id: str) -> None:
    wizard = import_module(modules(system_id).wizard).create_wizard(None, Settings())
    qtbot.addWidget(wizard)
    wizard.resize(1000, 700)
    wrong: set[str] = set()
    for page_id in wizard.pageIds():
        wizard.setStartId(page_id)
        wizard.restart()
        wizard.show()
        QApplication.processEvents()
        wrong |= {f"{wizard.currentPage().title()}: {m}" for m in every_page(wizard)}
    assert sorted(wrong) == []


@pytest.mark.parametrize("name", sorted(sheet_dialogs()))
def test_every_control_of_every_dialog_is_named(qtbot, name: str) -> None:
    dialog = sheet_dialogs()[name]()
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    assert every_page(dialog) == []


def test_the_library_dialogs_are_named(qtbot, window: MainWindow) -> None:
    dialogs = library_dialogs(window)
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()
        assert every_page(dialog) == [], dialog.windowTitle()


def test_the_main_window_its_roster_and_docks_are_named(qtbot, window: MainWindow) -> None:
    window.library_session.library.add(sheet_of("d6-pool"))
    for dock in window.findChildren(QDockWidget):
        dock.show()
    QApplication.processEvents()
    assert every_page(window) == []


@pytest.mark.parametrize("system_id", system_ids())
def test_a_sheet_in_the_window_is_named_on_every_page(qtbot, window, system_id: str) -> None:
    window.new_random_npc(system_id)
    QApplication.processEvents()
    assert every_page(window.current_form()) == []


def test_a_spin_box_reads_as_its_row_not_as_a_number(qtbot) -> None:
    """The issue's own example: the Fitness score reads "Fitness Score", not "spin box 31",
    and its description is the rule the field follows (its tooltip)."""
    form = create_form(SheetDocument(sheet_of("amazing-engine")))
    qtbot.addWidget(form)
    form.show()
    every_page(form)
    score = form.findChild(QSpinBox, "score_fitness")
    assert score is not None
    reveal_in_tabs(score)
    QApplication.processEvents()
    node = QAccessible.queryAccessibleInterface(score)
    assert node.text(QAccessible.Text.Name) == "Fitness Score"
    assert node.text(QAccessible.Text.Value) == score.text()
    assert node.text(QAccessible.Text.Description) == score.toolTip() != ""


def test_a_table_cell_editor_is_named_by_its_column(qtbot) -> None:
    form = create_form(SheetDocument(sheet_of("d6-pool", seed=8)))
    qtbot.addWidget(form)
    form.show()
    form.pages.setCurrentIndex(1)
    QApplication.processEvents()
    view = next(v for v in form.findChildren(QTableView) if v.isVisible() and v.model().rowCount())
    model = view.model()
    editable = Qt.ItemFlag.ItemIsEditable
    columns = range(model.columnCount())
    column = next(c for c in columns if model.flags(model.index(0, c)) & editable)
    view.setFocus()
    view.setCurrentIndex(model.index(0, column))
    view.edit(model.index(0, column), QAbstractItemView.EditTrigger.AllEditTriggers, None)
    QApplication.processEvents()
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not view
    title = plain(str(model.headerData(column, Qt.Orientation.Horizontal)))
    node = QAccessible.queryAccessibleInterface(editor)
    assert spoken_name(node) == title


def test_a_label_in_markup_is_read_without_it(qtbot) -> None:
    form = create_form(SheetDocument(sheet_of("alternity")))
    qtbot.addWidget(form)
    form.show()
    every_page(form)
    names = [spoken_name(n) for n in focusable(form)]
    assert not [n for n in names if "<" in n or "&" in n.replace("&&", "")]
    assert [label for label in form.findChildren(QLabel) if "<b>" in label.text()]


def test_the_campaign_dialogs_are_named(qtbot) -> None:
    """Host, Join, Invite and Pair a Phone: every control a screen reader reaches."""
    from sheetapp.ui.campaign.dialogs import HostDialog, InviteDialog, JoinDialog
    from sheetapp.ui.campaign.phone_dialog import PhoneDialog
    from tests.ui.campaign.fakes import FakeCampaignService, presence

    service = FakeCampaignService()
    service.host("Tuesday Night", "Dana")
    service.set_presence([presence("m-ana", "Ana")])
    service.member = lambda: service.member_list[0]  # the live service's own, the GM
    for dialog in (
        HostDialog(service),
        JoinDialog(service),
        InviteDialog(service),
        PhoneDialog(service),
    ):
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()  # the pass names a page once the event loop is back
        assert every_page(dialog) == [], dialog.windowTitle()
