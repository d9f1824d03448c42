"""The roster over many pages of characters, read a page at a time: it never reads every
key to show, filter or sort; each column sorts the whole list both ways; a filter cleared
shows everyone again; rows far down, fetched only when scrolled to, select and open the
right character; the count says the total. A word of one or two letters shows its first
rows at once and its count after a pause in the typing, finding the same rows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from sheetapp.play.batch import generate_npcs
from sheetapp.play.support import NpcRequest
from sheetapp.storage.library import Library, RosterQuery
from sheetapp.storage.library.search_text import fold
from sheetapp.systems.registry import system_ids
from sheetapp.ui.library.roster_model import (
    COLUMN_KEYS,
    COLUMNS,
    COUNT_PAUSE_MS,
    FOUND_FIRST,
    PAGE,
)
from sheetapp.ui.library.roster_tab import LibraryTab
from sheetapp.ui.main_window import MainWindow

from .conftest import press_enter

PER_SYSTEM = 50  # five systems: 250 characters, five pages


@pytest.fixture
def tab(window: MainWindow, library: Library, monkeypatch) -> LibraryTab:
    """The roster over NPCs of every system; reading every key of the roster fails."""
    for n, system in enumerate(system_ids()):
        library.add_many(generate_npcs(NpcRequest(system), PER_SYSTEM, seed=n))
    window.show_library()
    window.resize(1366, 768)
    window.show()
    tab = window.library_tab
    tab.refresh()

    def every_key(*_args, **_kwargs):
        raise AssertionError("the roster read every key")

    monkeypatch.setattr(type(library), "character_keys", every_key)
    return tab


def total() -> int:
    return PER_SYSTEM * len(system_ids())


def column_cells(tab: LibraryTab, key: str) -> list[str]:
    model, column = tab.model, COLUMN_KEYS.index(key)
    return [model.index(r, column).data() or "" for r in range(model.rowCount())]


def click_header(qtbot, tab: LibraryTab, key: str) -> None:
    header = tab.view.horizontalHeader()
    section = COLUMN_KEYS.index(key)
    x = header.sectionViewportPosition(section) + header.sectionSize(section) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def order_of(key: str):
    """How the roster orders a column's text (the name's player aside)."""
    if key == "xp":
        return lambda v: int(v) if v else -1
    if key == "updated":
        return None  # the shown text is a day or a time: checked through the model's rows
    return lambda v: fold(v) if key == "name" else v.casefold()


def test_the_count_says_the_total_and_a_cleared_filter_shows_everyone(
    tab: LibraryTab, qtbot
) -> None:
    assert tab.model.rowCount() == total()
    assert tab.count_label.text() == f"{total()} characters"
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "an")
    shown = tab.model.rowCount()
    assert 0 < shown < total()
    assert tab.count_label.text() == f"{shown} of {total()} characters"
    tab.filter_edit.clear()  # the line's clear button
    assert tab.model.rowCount() == total()
    assert tab.count_label.text() == f"{total()} characters"
    keys = {tab.model.key(r) for r in range(tab.model.rowCount())}
    assert len(keys) == total()  # everyone, each once, across every page
    names = column_cells(tab, "name")
    assert names == sorted(names, key=fold)


@pytest.mark.parametrize("key", [c.key for c in COLUMNS if c.sort is not None])
def test_each_column_sorts_every_page_both_ways(tab: LibraryTab, qtbot, key: str) -> None:
    tab.set_column_shown("player", True)
    order = order_of(key)
    for descending in (False, True):
        if key != "name" or descending:
            click_header(qtbot, tab, key)
        assert tab.model.query.sort == key and tab.model.query.descending == descending
        if order is None:  # the tooltip's "Saved 2026-11-26 23:14:05" sorts as text
            column = COLUMN_KEYS.index(key)
            times = [
                tab.model.index(r, column).data(Qt.ItemDataRole.ToolTipRole)
                for r in range(tab.model.rowCount())
            ]
            assert times == sorted(times, reverse=descending)
            continue
        values = column_cells(tab, key)
        assert len(values) == total()
        assert values == sorted(values, key=order, reverse=descending), key


def test_a_row_far_down_is_fetched_when_scrolled_to_and_opens_its_character(
    window: MainWindow, tab: LibraryTab, library: Library, qtbot, monkeypatch
) -> None:
    read: list[int] = []
    page = type(library).character_page

    def recorded(self, query, offset, limit):
        read.append(offset)
        return page(self, query, offset, limit)

    monkeypatch.setattr(type(library), "character_page", recorded)
    tab.model.set_query(tab.model.query)  # nothing changed: nothing read
    tab.view.setFocus()
    qtbot.keyClick(tab.view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(tab.view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(10)  # the view paints the last rows
    last = total() - 1
    assert tab.view.currentIndex().row() == last
    assert (last // PAGE) * PAGE in read
    assert not {2 * PAGE, 3 * PAGE} & set(read)  # the middle pages were never needed
    # A click on the row shown second from the end selects that one character.
    index = tab.model.index(last - 1, 0)
    rect = tab.view.visualRect(index)
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    name = index.data()
    assert tab.selected_ids() == [tab.model.sheet_id(last - 1)]
    press_enter(qtbot, tab.view)
    form = window.current_form()
    assert form is not None and form.document.library_id == tab.model.sheet_id(last - 1)
    assert window.tabs.tabText(window.tabs.currentIndex()).startswith(name.split(" (")[0])


def test_a_selection_far_down_stays_on_its_character_after_a_change(
    window: MainWindow, tab: LibraryTab, library: Library, qtbot
) -> None:
    row = total() - 3
    sheet_id = tab.model.sheet_id(row)
    tab.select_ids([sheet_id])
    assert tab.view.currentIndex().row() == row
    library.add_many(generate_npcs(NpcRequest("amplitude"), 3, seed=99))  # names anywhere
    tab.refresh()
    assert tab.model.rowCount() == total() + 3
    assert tab.selected_ids() == [sheet_id]
    assert tab.model.sheet_id(tab.view.currentIndex().row()) == sheet_id


def all_keys(library: Library, text: str) -> list[tuple[int, int]]:
    """Every row a filter finds, in order, as the library's pages give them."""
    return library.character_page(RosterQuery(text=text), 0, 10 * total())


def shown_keys(tab: LibraryTab) -> list[tuple[int, int]]:
    return tab.model.keys_at(range(tab.model.rowCount()))


def test_a_one_letter_word_shows_the_first_rows_at_once_and_the_count_follows(
    tab: LibraryTab, library: Library, qtbot
) -> None:
    expected = all_keys(library, "e")
    assert len(expected) > FOUND_FIRST  # more than the rows shown at once
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "e")
    assert not tab.model.count_known
    assert tab.model.rowCount() == FOUND_FIRST
    assert tab.count_label.text() == f"counting… of {total()} characters"
    top = tab.model.index(0, 0)
    tab.view.setCurrentIndex(top)
    qtbot.waitUntil(lambda: tab.model.count_known, timeout=3000)
    assert tab.model.rowCount() == len(expected)
    assert tab.count_label.text() == f"{len(expected)} of {total()} characters"
    assert shown_keys(tab) == expected  # the same rows as the whole query, in order
    assert tab.view.currentIndex().row() == 0  # the count inserted rows: nothing moved


def test_scrolling_to_the_end_of_the_rows_found_counts_at_once(
    tab: LibraryTab, library: Library, qtbot
) -> None:
    expected = all_keys(library, "a")
    assert len(expected) > FOUND_FIRST
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "a")
    assert not tab.model.count_known
    tab.view.setFocus()
    qtbot.keyClick(tab.view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert tab.model.count_known  # no wait for a pause: the view asked for more
    assert shown_keys(tab) == expected


def test_typing_on_never_counts_the_short_words_passed(
    tab: LibraryTab, library: Library, qtbot, monkeypatch
) -> None:
    counted: list[str] = []
    count = type(library).count_roster

    def recording(self, query=None):
        counted.append(query.text if query else "")
        return count(self, query)

    monkeypatch.setattr(type(library), "count_roster", recording)
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "ela")  # one key after another, no pause
    assert counted == ["ela"]
    assert tab.model.count_known
    assert shown_keys(tab) == all_keys(library, "ela")
    qtbot.wait(COUNT_PAUSE_MS * 2)
    assert counted == ["ela"]  # the counts of "e" and "el" were dropped, not run late


@pytest.mark.parametrize("text", ["e", "an", "a e", "ka", "e ela"])
def test_a_short_word_finds_the_same_rows_as_before_once_counted(
    tab: LibraryTab, library: Library, qtbot, text: str
) -> None:
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, text)
    qtbot.waitUntil(lambda: tab.model.count_known, timeout=3000)
    expected = all_keys(library, text)
    assert tab.model.rowCount() == len(expected) == library.count_roster(RosterQuery(text=text))
    assert shown_keys(tab) == expected


def test_a_selected_row_past_the_first_found_is_selected_again_once_counted(
    tab: LibraryTab, library: Library, qtbot
) -> None:
    expected = all_keys(library, "e")
    far = expected[FOUND_FIRST + 20]
    tab.select_ids([far[0]])
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "e")
    assert not tab.model.count_known
    qtbot.waitUntil(lambda: tab.model.count_known, timeout=3000)
    assert tab.selected_ids() == [far[0]]
    assert tab.view.currentIndex().row() == expected.index(far)
    shown = tab.view.visualRect(tab.view.currentIndex())  # scrolled to, in sight
    assert tab.view.viewport().rect().contains(shown.center())
