"""What the window builds before its first paint and what just after: a sheet given at start
is painted before the roster behind it is built, and the roster, its menu and the Table dock
are all there as soon as the first paint has passed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLineEdit

from sheetapp.storage.document import save
from sheetapp.ui.library.roster_tab import LibraryTab
from sheetapp.ui.library.table_panel import TablePanel
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.theme import apply_theme

from ..conftest import _forget_changes
from .conftest import fill, hero, plain, roster_names


class _PaintWatch(QObject):
    """Records what tab 0 held when the window first painted."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.first_tab: object = "no paint"
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.first_tab == "no paint":
            self.first_tab = self.window.tabs.widget(0)
        return False


def _start(qtbot, open_first: Path | None) -> tuple[MainWindow, _PaintWatch]:
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    if open_first is not None:
        window.open_path(open_first)
    watch = _PaintWatch(window)
    window.show()
    qtbot.waitExposed(window)
    return window, watch


def test_a_sheet_opened_at_start_paints_first_and_the_roster_follows(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "hero.sheet.json"
    save(path, hero(3, "Belth"))
    window, watch = _start(qtbot, path)
    qtbot.waitUntil(lambda: watch.first_tab != "no paint")
    assert not isinstance(watch.first_tab, LibraryTab)  # the sheet was shown first
    assert window.current_form() is not None
    # Just after the paint the roster, its menu and the Table dock's panel are in place.
    qtbot.waitUntil(lambda: isinstance(window.tabs.widget(0), LibraryTab))
    assert window.tabs.currentWidget() is window.current_form()  # the sheet stays in front
    assert window.tabs.tabText(0) == "Library"
    assert window.close_tab(0) and window.tabs.widget(0) is window.library_tab
    assert window.table_dock.widget().isAncestorOf(window.table_panel)
    assert isinstance(window.table_panel, TablePanel)
    titles = [a.text() for a in window.library_menu.actions() if not a.isSeparator()]
    assert "&Find in Library" in titles and "&Generate NPCs…" in titles
    # And it works: Ctrl+F shows the roster with its filter focused, typing filters it.
    fill(window, plain("Bessa Brindle"), plain("Leo Fenwick"))
    window.library_actions.find_action.trigger()
    assert window.tabs.currentWidget() is window.library_tab
    qtbot.keyClicks(window.library_tab.filter_edit, "leo")
    assert roster_names(window) == ["Leo Fenwick"]


def test_with_no_sheet_the_first_paint_already_shows_the_roster(qtbot) -> None:
    window, watch = _start(qtbot, None)
    qtbot.waitUntil(lambda: watch.first_tab != "no paint")
    assert isinstance(watch.first_tab, LibraryTab)
    assert "empty" in window.library_tab.hint.text()


def test_clicking_the_library_tab_before_the_roster_is_built_builds_it(
    qtbot, tmp_path: Path
) -> None:
    path = tmp_path / "hero.sheet.json"
    save(path, hero(4, "Mira"))
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window)
    window.open_path(path)
    window.show()  # no event processed yet: the roster is still to come
    window.tabs.setCurrentIndex(0)
    assert isinstance(window.tabs.currentWidget(), LibraryTab)
    assert window.tabs.count() == 2


def test_building_the_roster_after_the_paint_leaves_the_person_typing(
    qtbot, tmp_path: Path, monkeypatch
) -> None:
    """The roster is built while the sheet is already live: that must not take the keyboard
    focus or open stray windows (a banner's close button once did, shown before it had a
    parent)."""
    import sheetapp.ui.window.library_area as library_area

    monkeypatch.setattr(library_area, "after_first_paint", lambda *_: None)  # built by hand
    path = tmp_path / "hero.sheet.json"
    save(path, hero(5, "Oren"))
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    form = window.open_path(path)
    window.show()
    qtbot.waitActive(window)
    field = form.findChild(QLineEdit, "core_player")
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "Bo")
    window.library_tab  # noqa: B018 (what the first-paint callback builds)
    QApplication.processEvents()
    assert QApplication.focusWidget() is field
    qtbot.keyClicks(field, "ris")
    assert form.document.sheet.core.player == "Boris"
    stray = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window]
    assert stray == []
