"""In a right-to-left window every dock sits on the mirror of its English side: the Dice
left of the sheet, docks side by side under it in the other order, with a fresh layout and
with one the person left in the other language."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from sheetapp import i18n
from sheetapp.ui.main_window import MainWindow

WIDTH, HEIGHT = 1366, 768


def _open(qtbot) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.resize(WIDTH, HEIGHT)
    win.show()
    qtbot.waitExposed(win)
    return win


def _places(win: MainWindow) -> dict[str, tuple[str, int]]:
    """Each dock in sight: which side of the sheet it is on ("left", "right", or "under"/
    "over" when it spans past both edges of the sheet) and its centre's distance from the
    window's middle (positive: to the right)."""
    sheet = win.centralWidget().geometry()
    found = {}
    for dock in win.findChildren(QDockWidget):
        place = dock.geometry()
        if dock.isHidden() or not win.rect().intersects(place):
            continue  # closed, or a tab behind another
        if place.right() < sheet.left():
            side = "left"
        elif place.left() > sheet.right():
            side = "right"
        else:
            side = "under" if place.top() > sheet.top() else "over"
        found[dock.objectName()] = (side, place.center().x() - win.width() // 2)
    return found


def _mirrored(places: dict[str, tuple[str, int]]) -> dict[str, tuple[str, int]]:
    flip = {"left": "right", "right": "left"}
    return {name: (flip.get(side, side), -offset) for name, (side, offset) in places.items()}


def _assert_mirror(arabic: dict, english: dict) -> None:
    assert arabic.keys() == english.keys()
    for name, (side, offset) in _mirrored(english).items():
        assert arabic[name][0] == side, (name, arabic[name], english[name])
        assert abs(arabic[name][1] - offset) <= 12, (name, arabic[name], english[name])


def _rearrange(win: MainWindow) -> None:
    """A layout a person might leave: the Table beside the Findings rather than behind
    them, and the Findings dock wider."""
    win.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, win.table_dock)
    win.splitDockWidget(win.findings_dock, win.table_dock, Qt.Orientation.Horizontal)
    win.table_dock.show()
    win.resizeDocks([win.findings_dock], [800], Qt.Orientation.Horizontal)
    win.resizeDocks([win.dice_dock], [330], Qt.Orientation.Horizontal)


def test_a_fresh_layout_puts_each_dock_on_the_mirrored_side(qtbot, speak) -> None:
    english = _places(_open(qtbot))
    assert english["dice_dock"][0] == "right"
    speak("ar")
    arabic = _places(_open(qtbot))
    assert arabic["dice_dock"][0] == "left"
    _assert_mirror(arabic, english)


def test_a_layout_saved_in_english_reopens_mirrored_in_arabic(qtbot, speak) -> None:
    win = _open(qtbot)
    _rearrange(win)
    qtbot.wait(50)
    english = _places(win)
    assert english["findings_dock"][1] < english["table_dock"][1]  # Findings on the left
    win.close()

    speak("ar")
    arabic = _places(_open(qtbot))
    _assert_mirror(arabic, english)


def test_a_layout_saved_in_arabic_reopens_mirrored_in_english(
    qtbot,
    qapp,
    speak,
) -> None:
    speak("ar")
    win = _open(qtbot)
    _rearrange(win)
    qtbot.wait(50)
    arabic = _places(win)
    assert arabic["dice_dock"][0] == "left"
    win.close()

    i18n.use_language(i18n.SOURCE_LANGUAGE)  # as a start in English has it
    qapp.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    english = _places(_open(qtbot))
    assert english["dice_dock"][0] == "right"
    _assert_mirror(arabic, english)


def test_a_closed_dock_comes_back_on_the_mirrored_side(qtbot, speak) -> None:
    win = _open(qtbot)
    win.dice_dock.close()
    win.close()
    speak("ar")
    win = _open(qtbot)
    assert win.dice_dock.isHidden()
    win.dice_dock.toggleViewAction().trigger()
    qtbot.wait(20)
    assert _places(win)["dice_dock"][0] == "left"
