"""The marks findings put on fields: a coloured outline that takes nothing away from the
field (a spin box keeps its arrows, a combo box its drop-down, every field its size) and
stands out from the window at WCAG 1.4.11's 3:1 for marks, in the light and dark palettes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.ui.theme import apply_theme, mark_finding
from tests.ui.contrast import colour_contrast

NON_TEXT_CONTRAST = 3.0  # WCAG 2.x, 1.4.11 Non-text Contrast


def _spin() -> QWidget:
    spin = QSpinBox()
    spin.setRange(0, 99)
    spin.setSpecialValueText("–")
    return spin


def _real() -> QWidget:
    real = QDoubleSpinBox()
    real.setSuffix(" kg")
    real.setValue(2.5)
    return real


def _combo(editable: bool) -> Callable[[], QWidget]:
    def make() -> QWidget:
        combo = QComboBox()
        combo.addItems(["1", "2", "3", "4"])
        combo.setEditable(editable)
        return combo

    return make


def _line() -> QWidget:
    return QLineEdit("Ada")


def _group() -> QWidget:
    group = QGroupBox("Abilities")
    QVBoxLayout(group).addWidget(QLabel("Strength"))
    return group


KINDS = {
    "spin box": _spin,
    "real spin box": _real,
    "combo box": _combo(False),
    "editable combo box": _combo(True),
    "line edit": _line,
}


def _shown_pair(qtbot, make: Callable[[], QWidget], level: str) -> tuple[QWidget, QWidget, QWidget]:
    """A field marked ``level`` beside the same field unmarked, in a window as the app
    draws it (the window is returned too: it owns them)."""
    window = QWidget()
    qtbot.addWidget(window)
    row = QHBoxLayout(window)
    marked, plain = make(), make()
    for field in (marked, plain):
        row.addWidget(field)
    mark_finding(marked, level)
    window.show()
    qtbot.waitExposed(window)
    return window, marked, plain


@pytest.fixture(params=["light", "dark"])
def theme(request) -> str:
    apply_theme(QApplication.instance(), request.param)
    yield request.param
    apply_theme(QApplication.instance(), "light")


@pytest.mark.parametrize("level", ["error", "warning"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_marked_field_keeps_its_size_arrows_and_padding(qtbot, theme, kind, level) -> None:
    _window, marked, plain = _shown_pair(qtbot, KINDS[kind], level)
    assert marked.sizeHint() == plain.sizeHint()
    assert marked.size() == plain.size()
    inside = QRect(0, 0, marked.width(), marked.height()).adjusted(3, 3, -3, -3)
    ours, theirs = marked.grab().toImage(), plain.grab().toImage()
    assert ours.copy(inside) == theirs.copy(inside), f"a marked {kind} is drawn differently"


@pytest.mark.parametrize("level", ["error", "warning"])
def test_a_marked_group_keeps_its_size_and_is_outlined(qtbot, theme, level) -> None:
    _window, marked, plain = _shown_pair(qtbot, _group, level)
    assert marked.sizeHint() == plain.sizeHint()
    low = marked.height() - 2  # the frame's bottom edge
    ours, theirs = marked.grab().toImage(), plain.grab().toImage()
    assert ours.pixelColor(marked.width() // 2, low) != theirs.pixelColor(plain.width() // 2, low)


def _mark_pixel(image: QImage) -> QColor:
    """The outline's colour halfway down the field's left edge."""
    return image.pixelColor(1, image.height() // 2)


@pytest.mark.parametrize("level", ["error", "warning"])
@pytest.mark.parametrize("kind", ["spin box", "combo box", "line edit"])
def test_the_mark_stands_out_from_the_window_and_the_field(qtbot, theme, kind, level) -> None:
    _window, marked, plain = _shown_pair(qtbot, KINDS[kind], level)
    seen = _mark_pixel(marked.grab().toImage())
    assert seen != _mark_pixel(plain.grab().toImage()), "no mark is drawn"
    palette = marked.palette()
    for ground in (QPalette.ColorRole.Window, QPalette.ColorRole.Base):
        ratio = colour_contrast(seen, palette.color(ground))
        assert ratio >= NON_TEXT_CONTRAST, f"{theme} {level} on {ground.name}: {ratio:.2f}"


def test_a_mark_taken_away_leaves_the_field_as_it_was(qtbot, theme) -> None:
    _window, marked, plain = _shown_pair(qtbot, _spin, "error")
    mark_finding(marked, "")
    assert marked.grab().toImage() == plain.grab().toImage()
