"""The roster as a GM reads it: a core's characters each on a row with their own setting,
profession, status and XP; found by a later character's words; sorted by each new column;
columns chosen and ordered from the header's menu and remembered."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMenu

from sheetapp.ui.library.roster_model import COLUMN_KEYS
from sheetapp.ui.library.roster_tab import LibraryTab
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.settings import Settings

from ...storage.library.test_character_rows import three_universe_core
from .conftest import fill, npc, press_enter


def cells(tab: LibraryTab, key: str) -> list[str]:
    model, column = tab.model, COLUMN_KEYS.index(key)
    return [model.index(r, column).data() or "" for r in range(model.rowCount())]


def test_a_core_with_three_characters_in_three_universes_gives_three_rows(
    window: MainWindow,
) -> None:
    fill(window, three_universe_core())
    window.show_library()
    tab = window.library_tab
    assert cells(tab, "name") == [
        "Kess Marrow (Wolfgang)",
        "Quillon Vey (Wolfgang)",
        "Tomas Reed (Wolfgang)",
    ]
    assert cells(tab, "setting") == ["Verdigris, the Wound City", "Drift Salvage", "Generic"]
    assert cells(tab, "profession") == ["Alchemist", "Smuggler", "Tug pilot"]
    assert cells(tab, "status") == ["Active", "Retired", "Active"]
    assert cells(tab, "xp")[1:] == ["12", "30"]


def test_typing_a_later_characters_profession_finds_its_row_and_opens_its_page(
    window: MainWindow, qtbot
) -> None:
    (sheet_id,) = fill(window, three_universe_core())
    window.show_library()
    tab = window.library_tab
    tab.focus_filter()
    qtbot.keyClicks(tab.filter_edit, "tug pil")
    assert cells(tab, "name") == ["Tomas Reed (Wolfgang)"]  # not Kess, who shares his core
    tab.view.selectRow(0)
    press_enter(qtbot, tab.view)
    form = window.current_form()
    assert form.document.library_id == sheet_id
    assert form.current_character() == 2


def click_header(qtbot, tab: LibraryTab, key: str) -> None:
    header = tab.view.horizontalHeader()
    section = COLUMN_KEYS.index(key)
    x = header.sectionViewportPosition(section) + header.sectionSize(section) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def test_sorting_by_each_new_column(window: MainWindow, qtbot) -> None:
    fill(window, three_universe_core(), npc(4, "Bo Arlen"))
    window.show_library()
    tab = window.library_tab
    tab.set_column_shown("player", True)
    expected = {
        "profession": lambda v: v.casefold(),
        "status": lambda v: v,
        "player": lambda v: v.casefold(),
        "xp": lambda v: int(v) if v else -1,
    }
    for key, order in expected.items():
        click_header(qtbot, tab, key)
        assert tab.model.query.sort == key
        values = cells(tab, key)
        assert values == sorted(values, key=order), key
        click_header(qtbot, tab, key)  # again: the other way
        assert tab.model.query.descending
        assert cells(tab, key) == sorted(values, key=order, reverse=True), key
    # Highest XP first: Tomas, named alone now that the Player column shows his player.
    assert cells(tab, "name")[0] == "Tomas Reed"
    assert cells(tab, "player")[0] == "Wolfgang"


def choose_from_header_menu(qtbot, tab: LibraryTab, title: str) -> None:
    """Right-click the header and click ``title`` in the menu that opens."""
    chosen: list[str] = []

    def pick() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        action = next(a for a in menu.actions() if a.text().replace("&", "") == title)
        chosen.append(action.text())
        menu.hide()
        action.trigger()

    QTimer.singleShot(0, pick)
    header = tab.view.horizontalHeader()
    header.customContextMenuRequested.emit(QPoint(10, 5))
    assert chosen


def test_columns_are_chosen_ordered_and_remembered(window: MainWindow, qtbot) -> None:
    fill(window, three_universe_core())
    window.show_library()
    tab = window.library_tab
    assert "player" not in tab.shown_columns()
    choose_from_header_menu(qtbot, tab, "Player")
    shown = tab.shown_columns()
    assert shown[shown.index("status") + 1] == "player"  # its own place, not after Updated
    assert shown[-1] == "updated"
    choose_from_header_menu(qtbot, tab, "Kind")
    header = tab.view.horizontalHeader()
    header.moveSection(header.visualIndex(COLUMN_KEYS.index("xp")), 1)  # dragged after Name
    shown = tab.shown_columns()
    assert shown[:2] == ("name", "xp") and "player" in shown and "kind" not in shown
    assert Settings().roster_columns() == shown
    again = LibraryTab(window.library_session)  # the next start
    qtbot.addWidget(again)
    assert again.shown_columns() == shown
    again.reset_columns()
    assert "player" not in again.shown_columns() and "kind" in again.shown_columns()


def test_ctrl_c_copies_the_selected_characters_stat_block_as_text_and_markdown(
    window: MainWindow, qtbot
) -> None:
    fill(window, three_universe_core())
    window.show_library()
    tab = window.library_tab
    tab.view.selectRow(1)  # the smuggler alone, not the rest of the core
    tab.view.setFocus()
    qtbot.keyClick(tab.view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    copied = QApplication.clipboard().text()
    lines = copied.splitlines()
    assert lines[0] == "Quillon Vey"
    assert lines[1].startswith("Amazing Engine · Drift Salvage")
    assert "Retired" in lines[1]
    assert lines[2].startswith("FIT ") and "Stamina" in lines[3]
    assert "Kess" not in copied and "Tomas" not in copied
    tab.copy_markdown_action.trigger()
    markdown = QApplication.clipboard().text()
    assert markdown.startswith("### Quillon Vey\n\n*Amazing Engine · Drift Salvage")
    assert "| FIT | REF |" in markdown and "**Stamina**" in markdown
    assert tab.notice.isVisible() and "1 stat block as Markdown" in tab.notice.label.text()
