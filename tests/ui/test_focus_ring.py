"""The control the keyboard reached wears a ring two pixels wide in the highlight colour, in
the light and the dark palette (Fusion's own focus, a faint tint, is lost to low vision)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QDialog, QPushButton, QVBoxLayout

from sheetapp.ui.theme import apply_theme


def ring_pixels(widget) -> int:
    """Pixels of the highlight colour along the widget's left edge."""
    image = widget.grab().toImage()
    highlight = QApplication.palette().color(QPalette.ColorRole.Highlight)
    near = 0
    for y in range(image.height()):
        for x in range(3):
            colour = image.pixelColor(x, y)
            if (
                max(
                    abs(colour.red() - highlight.red()),
                    abs(colour.green() - highlight.green()),
                    abs(colour.blue() - highlight.blue()),
                )
                < 40
            ):
                near += 1
    return near


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_tab_puts_a_ring_round_a_button_and_a_check_box(qtbot, theme: str) -> None:
    app = QApplication.instance()
    apply_theme(app, theme)
    try:
        dialog = QDialog()
        layout = QVBoxLayout(dialog)
        first, button, box = QPushButton("First"), QPushButton("Roll"), QCheckBox("NPC")
        for widget in (first, button, box):
            layout.addWidget(widget)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
        first.setFocus()
        QTest.keyClick(first, Qt.Key.Key_Tab)
        assert button.hasFocus()
        ringed = ring_pixels(button)
        assert ringed >= button.height() // 2, ringed
        assert ring_pixels(first) < ringed // 2  # the one without the focus has none
        QTest.keyClick(button, Qt.Key.Key_Tab)
        assert box.hasFocus() and ring_pixels(box) >= box.height() // 2
    finally:
        apply_theme(app, "light")
