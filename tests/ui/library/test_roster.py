"""The roster tab: filtering as one types, the filter menus, sorting, selection kept across
refreshes, opening with Enter, and changes made by another program."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from sheetapp import i18n
from sheetapp.storage.library import RosterQuery, open_library
from sheetapp.ui.library.roster_model import (
    COLUMNS,
    PAGE,
    PROFESSION,
    RosterModel,
    setting_name,
)
from sheetapp.ui.main_window import MainWindow

from .conftest import fill, hero, npc, plain, press_enter, roster_names, select_names


def test_the_roster_is_the_first_tab_and_cannot_be_closed(window: MainWindow) -> None:
    assert window.tabs.tabText(0) == "Library"
    assert window.tabs.currentWidget() is window.library_tab
    assert window.close_tab(0)  # asked to close, it stays
    assert window.tabs.widget(0) is window.library_tab
    assert "empty" in window.library_tab.hint.text()


def test_the_model_passes_qt_model_checks(qtmodeltester, tmp_path) -> None:
    with open_library(tmp_path / "lib.sqlite3") as library:
        for n in range(PAGE + 30):  # more than a page, so rows come from two fetches
            library.add(npc(n, f"Guard {n:03d}"), tags=["watch"] if n % 2 else [])
        model = RosterModel(library)
        qtmodeltester.check(model)
        assert model.rowCount() == PAGE + 30
        last = model.index(PAGE + 29, 0)
        assert last.data() == f"Guard {PAGE + 29:03d}"
        assert model.index(1, COLUMNS.index(next(c for c in COLUMNS if c.title == "Tags"))).data()
        model.set_query(RosterQuery(text="guard 12"))
        qtmodeltester.check(model)
        # "12" is part of these names; each word is also looked for inside names.
        assert [model.index(r, 0).data() for r in range(model.rowCount())] == [
            f"Guard {n:03d}" for n in range(PAGE + 30) if "12" in f"{n:03d}"
        ]


def test_typing_in_the_filter_narrows_the_roster_at_each_keystroke(
    window: MainWindow, qtbot
) -> None:
    fill(window, plain("Bessa Brindle"), plain("Bram Ashcombe"), plain("Zoë Vance"))
    fill(window, plain("Leo Fenwick"))
    assert window.library_tab.count_label.text() == "4 characters"
    window.library_actions.find_action.trigger()  # Ctrl+F
    edit = window.library_tab.filter_edit
    assert edit.hasFocus()
    qtbot.keyClicks(edit, "b")
    assert roster_names(window) == ["Bessa Brindle", "Bram Ashcombe"]
    qtbot.keyClicks(edit, "r")  # "br" begins Brindle too
    assert roster_names(window) == ["Bessa Brindle", "Bram Ashcombe"]
    qtbot.keyClicks(edit, "a")
    assert roster_names(window) == ["Bram Ashcombe"]
    assert window.library_tab.count_label.text() == "1 of 4 characters"
    edit.clear()
    qtbot.keyClicks(edit, "zoe")  # accents are ignored
    assert roster_names(window) == ["Zoë Vance"]
    qtbot.keyClicks(edit, "x")
    assert roster_names(window) == []
    assert window.library_tab.hint.text() == "No sheet matches these filters."


def test_the_filter_menus_list_what_the_library_holds(window: MainWindow, qtbot) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Bo"), campaign="Harbour", tags=["guard"])
    fill(window, npc(3, "Cy"), tags=["smuggler"])
    fill(window, hero(4, "Di"))
    tab = window.library_tab
    assert [tab.tag_filter.itemText(i) for i in range(tab.tag_filter.count())] == [
        "All tags",
        "guard",
        "smuggler",
    ]
    tab.tag_filter.setCurrentIndex(tab.tag_filter.findText("guard"))
    assert roster_names(window) == ["Ada", "Bo"]
    tab.tag_filter.setCurrentIndex(0)
    tab.campaign_filter.setCurrentIndex(tab.campaign_filter.findText("No group"))
    assert roster_names(window) == ["Cy", "Di (Ana)"]
    tab.kind_filter.setCurrentIndex(tab.kind_filter.findText("PCs only"))
    assert roster_names(window) == ["Di (Ana)"]
    tab.campaign_filter.setCurrentIndex(0)
    tab.kind_filter.setCurrentIndex(0)
    tab.system_filter.setCurrentIndex(tab.system_filter.findText("Amazing Engine"))
    assert len(roster_names(window)) == 4


def test_a_header_click_sorts_by_that_column_and_tags_are_left_alone(window: MainWindow) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Cy"))
    fill(window, npc(3, "Bo"), campaign="A campaign")
    header = window.library_tab.view.horizontalHeader()
    campaign = [c.title for c in COLUMNS].index("Group")
    window.library_tab.view.sortByColumn(campaign, Qt.SortOrder.AscendingOrder)
    assert roster_names(window) == ["Ada", "Cy", "Bo"]  # "" sorts first, then by name
    window.library_tab.view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert roster_names(window) == ["Cy", "Bo", "Ada"]
    tags = [c.title for c in COLUMNS].index("Tags")
    header.setSortIndicator(tags, Qt.SortOrder.AscendingOrder)
    assert header.sortIndicatorSection() == 0  # not a sort the library offers
    assert roster_names(window) == ["Cy", "Bo", "Ada"]


def test_the_setting_column_names_the_universe() -> None:
    assert setting_name("amazing-engine", "generic") == "Generic"
    assert setting_name("amazing-engine", "no-such-pack") == "no-such-pack"


@pytest.mark.parametrize(("language", "shown"), [("de", "Soldat"), ("en", "Soldier")])
def test_the_profession_column_reads_the_packs_name_in_the_language(
    tmp_path, language: str, shown: str
) -> None:
    """The library keeps the pack's own name; the column and the search read the
    translation a German player sees on the character's form."""
    sheet = npc(1, "Ada")
    sheet.characters[0].profession = "soldier"
    i18n.use_language(language)
    try:
        with open_library(tmp_path / "lib.sqlite3") as library:
            library.add(sheet)
            assert library.roster()[0].profession == "Soldier"  # what is stored
            model = RosterModel(library)
            assert model.index(0, PROFESSION).data() == shown
            model.set_query(RosterQuery(text=shown))
            assert model.rowCount() == 1
    finally:
        i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_enter_opens_the_selected_sheets_in_tabs_once(window: MainWindow, qtbot) -> None:
    ids = fill(window, npc(1, "Ada"), npc(2, "Bo"), npc(3, "Cy"))
    select_names(window, "Ada", "Cy")
    press_enter(qtbot, window.library_tab.view)
    assert window.tabs.count() == 3
    assert window.current_form().document.library_id == ids[2]
    assert window.windowTitle().startswith("Cy")
    select_names(window, "Ada")
    press_enter(qtbot, window.library_tab.view)  # already open: brought forward
    assert window.tabs.count() == 3
    assert window.current_form().document.library_id == ids[0]


def test_a_double_click_opens_the_row(window: MainWindow, qtbot) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Bo"))
    view = window.library_tab.view
    rect = view.visualRect(view.model().index(1, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.current_form().document.display_name() == "Bo"


def test_another_programs_change_shows_on_return_and_the_selection_stays(
    window: MainWindow, qtbot
) -> None:
    fill(window, npc(1, "Ada"), npc(2, "Cy"))
    select_names(window, "Cy")
    with open_library(window.library_session.library.path) as other:
        other.add(npc(3, "Bo"))
    window.library_session.check_outside_changes()  # what coming back to the app does
    assert roster_names(window) == ["Ada", "Bo", "Cy"]
    tab = window.library_tab
    assert [
        tab.model.index(r.row(), 0).data() for r in tab.view.selectionModel().selectedRows()
    ] == ["Cy"]


def test_an_unmodified_open_sheet_follows_a_change_made_elsewhere(window: MainWindow) -> None:
    (sheet_id,) = fill(window, npc(1, "Ada"))
    window.open_library_sheets([sheet_id])
    document = window.current_form().document
    with open_library(window.library_session.library.path) as other:
        changed = other.load(sheet_id)
        changed.characters[0].notes = "written by the command line"
        other.save(sheet_id, changed)
    window.library_session.check_outside_changes()
    assert document.sheet.characters[0].notes == "written by the command line"
    assert not document.is_modified
    document.undo_stack.undo()  # the reload is one undoable step
    assert document.sheet.characters[0].notes == ""


def test_ctrl_f_is_the_find_shortcut(window: MainWindow) -> None:
    assert window.library_actions.find_action.shortcut() == QKeySequence(
        QKeySequence.StandardKey.Find
    )


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=12))
def test_any_filter_text_shows_what_the_library_finds(shared_library, text: str) -> None:
    model = RosterModel(shared_library)
    model.set_query(RosterQuery(text=text))
    found = shared_library.roster(RosterQuery(text=text))
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == [r.name for r in found]


@pytest.fixture(scope="module")
def shared_library(tmp_path_factory):
    names = ["Zoë Vance", "Алёша Сова", "山田太郎", 'Quote "Q" <b>&', "Ada AND Bo", "Ελένη"]
    with open_library(tmp_path_factory.mktemp("lib") / "library.sqlite3") as library:
        for n, name in enumerate(names):
            library.add(plain(name), tags=["a*b", "NEAR("] if n % 2 else ["guard"])
        yield library


@pytest.mark.parametrize("presses", [0, 3, 5])  # 100%, 150%, 200%
def test_the_count_beside_the_filters_is_read_whole_at_any_zoom(
    qtbot, window: MainWindow, presses: int
) -> None:
    """ "41 of 303 characters" was cut to "303 characters" at 200% (and to "1 of 303…" at
    100% beside the Dice dock): a GM read the whole roster as shown."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from sheetapp.ui.theme import apply_zoom

    fill(window, *(plain(f"Marrow {n}") for n in range(11)), plain("Leo Fenwick"))
    window.opening.finished.emit()  # the zoom keys come with the opened sheets
    window.show_library()
    tab = window.library_tab
    try:
        for _ in range(presses):
            QTest.keyClick(tab.filter_edit, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(tab.filter_edit, "marrow")
        qtbot.waitUntil(lambda: tab.count_label.text() == "11 of 12 characters")
        for _ in range(3):
            QApplication.processEvents()
        label = tab.count_label
        assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
    finally:
        window.zoom_keys.zoom_to(100)
        apply_zoom(QApplication.instance(), 100)
