"""After a normal quit the sheets that were open come back at the next start, each at the
page, the tab within it and the scroll position it had, the one in front in front again; a
settings entry that does not read is skipped."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QScrollArea, QTabWidget, QWidget

from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.open_tab import OpenTab
from sheetapp.ui.settings import OPEN_TABS, Settings


def restarted(qtbot) -> MainWindow:
    """A new window, shown, once the sheets it reopens have opened (after its first paint)."""
    again = MainWindow()
    qtbot.addWidget(again)
    again.resize(1366, 768)
    with qtbot.waitSignal(again.opening.finished, timeout=10_000):
        again.show()
    return again


def click_tab(qtbot, tabs: QTabWidget, text: str) -> None:
    bar = tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i).lstrip("&") == text)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert tabs.currentIndex() == index


def pages(form: QWidget) -> QTabWidget:
    return form.findChild(QTabWidget, "pages")


def inner_tabs(form: QWidget) -> QTabWidget:
    return pages(form).currentWidget().findChild(QTabWidget)


def scroll_area(form: QWidget) -> QScrollArea:
    return next(a for a in pages(form).currentWidget().findChildren(QScrollArea) if a.isVisible())


def wheel_down(qtbot, area: QScrollArea, notches: int) -> None:
    """Turn the mouse wheel over the page, as a person scrolls it."""
    viewport = area.viewport()
    where = QPointF(viewport.rect().center())
    for _ in range(notches):
        event = QWheelEvent(
            where,
            QPointF(viewport.mapToGlobal(where.toPoint())),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(viewport, event)


def test_two_sheets_reopen_at_their_pages_and_scroll_after_a_quit(
    qtbot, window: MainWindow, hero_file
) -> None:
    # A library sheet of another system, saved once, on its Gear page scrolled down.
    window.new_blank("alternity")
    window.files.save_current()
    alternity = window.current_form()
    sheet_id = alternity.document.library_id
    assert sheet_id is not None
    click_tab(qtbot, pages(alternity), "Gear")
    area = scroll_area(alternity)
    wheel_down(qtbot, area, 2)
    scrolled = area.verticalScrollBar().value()
    assert scrolled > 0
    # A file: an Amazing Engine core, on its character's Skills tab, in front at quit.
    core = window.open_path(hero_file)
    click_tab(qtbot, pages(core), pages(core).tabText(1))
    click_tab(qtbot, inner_tabs(core), "Skills")
    window.close()

    again = restarted(qtbot)
    forms = again.sheets.forms()
    assert [(f.document.library_id, f.document.path) for f in forms] == [
        (sheet_id, None),
        (None, hero_file),
    ]
    front = again.current_form()
    assert front.document.path == hero_file
    assert pages(front).currentIndex() == 1
    assert inner_tabs(front).tabText(inner_tabs(front).currentIndex()).lstrip("&") == "Skills"
    click_tab(qtbot, again.tabs, again.tabs.tabText(again.tabs.indexOf(forms[0])))
    assert pages(forms[0]).tabText(pages(forms[0]).currentIndex()).lstrip("&") == "Gear"
    qtbot.waitUntil(lambda: scroll_area(forms[0]).verticalScrollBar().value() == scrolled)
    again.close()


def test_a_new_sheet_never_saved_is_asked_about_not_kept(
    qtbot, window: MainWindow, hero_file, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    window.open_path(hero_file)
    window.new_blank("d6-pool")
    name = next(e for e in window.current_form().findChildren(QLineEdit) if e.isVisible())
    qtbot.keyClicks(name, "Rook")
    asked = []

    def discard(*args, **_kwargs):
        asked.append(args[2] if len(args) > 2 else "")
        return QMessageBox.StandardButton.Discard

    for name in ("question", "warning"):
        monkeypatch.setattr(QMessageBox, name, discard)
    window.close()
    assert asked == ["“Rook” has changes that are not saved."]
    assert [t.file for t in Settings().open_tabs()] == [hero_file]


def test_an_entry_that_does_not_read_is_skipped() -> None:
    settings = Settings()
    settings.set_open_tabs([OpenTab(library_id=3, pages=(1, 2), scroll=40, current=True)])
    stored = settings._store.value(OPEN_TABS.key)
    settings._store.setValue(
        OPEN_TABS.key,
        [
            stored if isinstance(stored, str) else stored[0],
            "library - 0 0 -1",
            "file 1.two 0 0 /x",
            "file 1 0 maybe /x",
            "not an entry",
        ],
    )
    assert settings.open_tabs() == [OpenTab(library_id=3, pages=(1, 2), scroll=40, current=True)]
    spaced = OpenTab(file=Path("/home/ana/my sheets/hero 2.json"), scroll=7)
    assert OpenTab.from_text(spaced.to_text()) == spaced
