"""Zoom and high contrast: Ctrl+= / Ctrl+- / Ctrl+0 scale the whole window from 75% to 200%
and the choice is kept; at 200% on a 1366x768 screen every system's sheet still fits the
window (its pages scroll rather than push the window past the screen); the high-contrast
theme is white on black with frames a person can see."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QStyle

from sheetapp.cli.window_args import window_parser
from sheetapp.systems.registry import system_ids
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.settings import Settings
from sheetapp.ui.theme import apply_theme, apply_zoom, zoom_of

SCREEN = (1366, 768)


@pytest.fixture
def zoomed_window(window: MainWindow):
    """The window with its keys installed (they come once the sheets have opened); the zoom
    is put back afterwards, as it is the application's."""
    window.opening.finished.emit()
    yield window
    app = QApplication.instance()
    window.zoom_keys.zoom_to(100)
    apply_zoom(app, 100)


def keys(window: MainWindow, key: Qt.Key, modifier=Qt.KeyboardModifier.ControlModifier) -> None:
    target = QApplication.focusWidget() or window
    QTest.keyClick(target, key, modifier)
    QApplication.processEvents()


def test_ctrl_plus_minus_and_zero_scale_the_whole_window_and_are_kept(
    qtbot, zoomed_window: MainWindow
) -> None:
    window = zoomed_window
    app = QApplication.instance()
    window.new_random_npc("d6-pool")
    base = app.font().pointSizeF()
    keys(window, Qt.Key.Key_Equal)
    assert zoom_of(app) == 110
    assert app.font().pointSizeF() == pytest.approx(base * 1.1)
    assert Settings().zoom() == 110
    for _ in range(10):
        keys(window, Qt.Key.Key_Equal)
    assert zoom_of(app) == 200  # no further
    assert app.font().pointSizeF() == pytest.approx(base * 2)
    keys(window, Qt.Key.Key_Minus)
    assert zoom_of(app) == 175
    keys(window, Qt.Key.Key_0)
    assert zoom_of(app) == 100 and Settings().zoom() == 100
    assert app.font().pointSizeF() == pytest.approx(base)
    for _ in range(5):
        keys(window, Qt.Key.Key_Minus)
    assert zoom_of(app) == 75
    # The style's spacing grows with the font.
    window.zoom_keys.zoom_to(200)
    style = app.style()
    assert style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) >= 2 * 13 - 1


@pytest.mark.parametrize("system_id", system_ids())
def test_at_200_percent_a_sheet_fits_a_small_screen(
    qtbot, zoomed_window: MainWindow, system_id: str
) -> None:
    window = zoomed_window
    window.zoom_keys.zoom_to(200)
    window.new_random_npc(system_id)
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= SCREEN[0] and hint.height() <= SCREEN[1], hint
    window.show_library()
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= SCREEN[0] and hint.height() <= SCREEN[1], hint


def test_high_contrast_is_white_on_black_with_a_yellow_highlight(qtbot) -> None:
    app = QApplication.instance()
    try:
        apply_theme(app, "high-contrast")
        palette = app.palette()
        assert palette.color(QPalette.ColorRole.Window).name() == "#000000"
        assert palette.color(QPalette.ColorRole.WindowText).name() == "#ffffff"
        assert palette.color(QPalette.ColorRole.Highlight).name() == "#ffff00"
        assert palette.color(QPalette.ColorRole.HighlightedText).name() == "#000000"
    finally:
        apply_theme(app, "light")


def test_the_theme_option_and_setting_take_high_contrast(qtbot) -> None:
    assert window_parser().parse_args(["--theme", "high-contrast"]).theme == "high-contrast"
    settings = Settings()
    settings.set_theme("high-contrast")
    assert Settings().theme() == "high-contrast"
    settings.set_theme("light")


def overlapping(root) -> list[str]:
    """Pairs of shown widgets laid out side by side (children of one layout) that overlap:
    what a page squeezed below its minimum size shows."""
    from PySide6.QtWidgets import QGroupBox, QWidget

    found = []
    for parent in [root, *root.findChildren(QWidget)]:
        # Boxes and plain pages place their children by their layouts alone (a spin box or
        # a tab widget places its parts itself, over one another).
        laid_out = isinstance(parent, QGroupBox) or type(parent) is QWidget
        if not parent.isVisible() or parent.layout() is None or not laid_out:
            continue
        children = [
            c
            for c in parent.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if c.isVisible() and not c.isWindow()
        ]
        for i, first in enumerate(children):
            for second in children[i + 1 :]:
                shared = first.geometry().intersected(second.geometry())
                if shared.width() > 2 and shared.height() > 2:
                    found.append(
                        f"{first.objectName() or type(first).__name__} / "
                        f"{second.objectName() or type(second).__name__}"
                    )
    return found


@pytest.mark.parametrize("theme", ["light", "high-contrast"])
@pytest.mark.parametrize("system_id", system_ids())
def test_at_150_percent_no_page_of_a_sheet_overlaps_itself(
    qtbot, zoomed_window: MainWindow, system_id: str, theme: str
) -> None:
    from PySide6.QtWidgets import QTabWidget

    window = zoomed_window
    apply_theme(QApplication.instance(), theme)
    window.zoom_keys.zoom_to(150)
    window.resize(*SCREEN)
    window.new_random_npc(system_id)
    form = window.current_form()
    found: set[str] = set()
    for tabs in form.findChildren(QTabWidget):
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            for _ in range(3):
                QApplication.processEvents()
            found |= {f"{tabs.tabText(index)}: {pair}" for pair in overlapping(form)}
    apply_theme(QApplication.instance(), "light")
    assert sorted(found) == []


def _tables_short_of_rows(form) -> list[str]:
    """The tables of ``form``'s pages (each brought to the front) that show fewer than three
    whole rows of the three or more they hold."""
    from PySide6.QtWidgets import QTableView, QTabWidget

    short = []
    for tabs in form.findChildren(QTabWidget):
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            for _ in range(3):
                QApplication.processEvents()
            for view in form.findChildren(QTableView):
                model = view.model()
                if not view.isVisible() or model is None or model.rowCount() < 3:
                    continue
                rows = sum(view.rowHeight(row) for row in range(3))
                if view.viewport().height() < rows:
                    short.append(f"{tabs.tabText(index)}: {view.objectName() or model}")
    return short


@pytest.mark.parametrize("system_id", system_ids())
def test_zooming_an_open_sheet_to_200_percent_keeps_three_rows_of_each_table_in_view(
    qtbot, zoomed_window: MainWindow, system_id: str
) -> None:
    window = zoomed_window
    window.resize(*SCREEN)
    window.new_random_npc(system_id)  # opened at 100%, then zoomed with the keys
    QApplication.processEvents()
    for _ in range(10):
        keys(window, Qt.Key.Key_Equal)
    assert zoom_of(QApplication.instance()) == 200
    assert _tables_short_of_rows(window.current_form()) == []


def _highlight_pixels(image, rect, highlight) -> int:
    near = 0
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            colour = image.pixelColor(x, y)
            if (
                abs(colour.red() - highlight.red())
                + abs(colour.green() - highlight.green())
                + abs(colour.blue() - highlight.blue())
                < 60
            ):
                near += 1
    return near


def test_in_high_contrast_the_current_tab_is_marked_in_the_highlight_colour(qtbot) -> None:
    """White on black, the current page's tab differed from the others by a grey line and
    two pixels of height: a low-vision player could not tell which page was shown."""
    from PySide6.QtWidgets import QTabWidget, QWidget

    app = QApplication.instance()
    apply_theme(app, "high-contrast")
    try:
        tabs = QTabWidget()
        for name in ("Sheet", "Skills", "Gear"):
            tabs.addTab(QWidget(), name)
        qtbot.addWidget(tabs)
        tabs.resize(400, 200)
        tabs.show()
        qtbot.waitExposed(tabs)
        bar = tabs.tabBar()
        highlight = app.palette().color(QPalette.ColorRole.Highlight)
        for current in (1, 2):
            bar.setFocus()
            QTest.keyClick(bar, Qt.Key.Key_Right)  # the next page, as the keyboard turns it
            assert tabs.currentIndex() == current
            bar.clearFocus()  # the mark is for the page shown, not the focus
            QApplication.processEvents()
            image = bar.grab().toImage()
            marked = [_highlight_pixels(image, bar.tabRect(i), highlight) for i in range(3)]
            assert marked[current] >= bar.tabRect(current).width(), marked
            assert [m for i, m in enumerate(marked) if i != current] == [0, 0], marked
    finally:
        apply_theme(app, "light")


def test_at_200_percent_in_arabic_each_roster_filter_shows_its_whole_choice(qtbot, speak) -> None:
    """The four filters shared the row equally, so at 200% Arabic's 'PCs and NPCs' was cut
    beside three filters with room to spare: each gets its whole choice first."""
    speak("ar")
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*SCREEN)
    window.show()
    qtbot.waitExposed(window)
    window.opening.finished.emit()
    tab = window.library_tab
    try:
        window.zoom_keys.zoom_to(200)
        qtbot.wait(50)
        filters = [tab.system_filter, tab.campaign_filter, tab.tag_filter, tab.kind_filter]
        assert all(f.isVisible() for f in filters)
        cut = [f.currentText() for f in filters if f.width() < f.sizeHint().width()]
        assert cut == []
    finally:
        window.zoom_keys.zoom_to(100)
        apply_zoom(QApplication.instance(), 100)


def test_zooming_in_widens_the_roster_columns_their_headings_no_longer_fit(qtbot, speak) -> None:
    """The roster's columns were sized once, at the zoom the window opened with: at 200%
    German's headings read 'lagwör' and '/ Stu'. Zooming in widens what is too narrow."""
    speak("de")
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*SCREEN)
    window.show()
    qtbot.waitExposed(window)
    window.opening.finished.emit()
    header = window.library_tab.view.horizontalHeader()
    try:
        window.zoom_keys.zoom_to(200)
        cut = [
            header.model().headerData(c, Qt.Orientation.Horizontal)
            for c in range(header.count())
            if not header.isSectionHidden(c)
            and header.sectionSize(c) < header.sectionSizeHint(c)
            and c != header.logicalIndex(header.count() - 1)  # the last stretches to fit
        ]
        assert cut == []
    finally:
        window.zoom_keys.zoom_to(100)
        apply_zoom(QApplication.instance(), 100)
