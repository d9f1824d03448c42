"""Light and dark palettes, and the marks findings put on fields.

"system" follows the desktop's colour scheme where Qt can read it; "light" and "dark" force
one (also used to take screenshots of both offscreen).

Every theme draws with Fusion, wrapped by ``VisibleIndicators`` (``indicator_style``). At
start-up the app is made with plain Fusion (``STYLE_ARGS``) and gets its palette here before
the first paint; the wrapper is installed just after that paint (``apply_style``). Only check
boxes look different under it and the first frame has none, while making PySide6's
``QStyle`` type alone costs about 0.07x of a bare window's start, and every primitive the
frame draws would go through Python (docs/performance.md).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

STYLE = "Fusion"
# QApplication's own option for it: the style is made in C++, without PySide6's QStyle type.
STYLE_ARGS = ("-style", STYLE)

FIELD_MARKS = """
*[finding="error"] { border: 2px solid #d32f2f; border-radius: 3px; }
*[finding="warning"] { border: 2px solid #f9a825; border-radius: 3px; }
QLabel[role="figure"] { font-weight: 600; }
QLabel[role="hint"] { color: palette(placeholder-text); }
QGroupBox { font-weight: 600; }
"""


def _palette(dark: bool) -> QPalette:
    p = QPalette()
    if dark:
        colors = {
            QPalette.ColorRole.Window: "#2b2d30",
            QPalette.ColorRole.WindowText: "#e6e6e6",
            QPalette.ColorRole.Base: "#1f2023",
            QPalette.ColorRole.AlternateBase: "#2a2c30",
            QPalette.ColorRole.Text: "#e6e6e6",
            QPalette.ColorRole.Button: "#35373b",
            QPalette.ColorRole.ButtonText: "#e6e6e6",
            QPalette.ColorRole.Highlight: "#3d7bd9",
            QPalette.ColorRole.HighlightedText: "#ffffff",
            QPalette.ColorRole.ToolTipBase: "#35373b",
            QPalette.ColorRole.ToolTipText: "#e6e6e6",
            QPalette.ColorRole.PlaceholderText: "#9a9a9a",
            QPalette.ColorRole.Link: "#7fb0ff",
            QPalette.ColorRole.Mid: "#5a5c60",
            QPalette.ColorRole.Dark: "#8a8c90",
            QPalette.ColorRole.Light: "#45474b",
            QPalette.ColorRole.Midlight: "#3c3e42",
            QPalette.ColorRole.Shadow: "#101012",
        }
    else:
        colors = {
            QPalette.ColorRole.Window: "#f3f3f3",
            QPalette.ColorRole.WindowText: "#1d1d1d",
            QPalette.ColorRole.Base: "#ffffff",
            QPalette.ColorRole.AlternateBase: "#f5f7fa",
            QPalette.ColorRole.Text: "#1d1d1d",
            QPalette.ColorRole.Button: "#e9e9e9",
            QPalette.ColorRole.ButtonText: "#1d1d1d",
            QPalette.ColorRole.Highlight: "#2f6fcf",
            QPalette.ColorRole.HighlightedText: "#ffffff",
            QPalette.ColorRole.ToolTipBase: "#ffffdc",
            QPalette.ColorRole.ToolTipText: "#1d1d1d",
            QPalette.ColorRole.PlaceholderText: "#767676",
            QPalette.ColorRole.Link: "#1a56b0",
            QPalette.ColorRole.Mid: "#c8c8c8",
            QPalette.ColorRole.Dark: "#9a9a9a",
            QPalette.ColorRole.Light: "#ffffff",
            QPalette.ColorRole.Midlight: "#e3e3e3",
            QPalette.ColorRole.Shadow: "#5a5a5a",
        }
    for role, color in colors.items():
        p.setColor(role, QColor(color))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return p


def system_prefers_dark() -> bool:
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def apply_theme(app: QApplication, theme: str) -> None:
    """The whole theme: the style with visible indicators, the palette and the marks."""
    apply_style(app)
    apply_colours(app, theme)


def apply_style(app: QApplication) -> None:
    """The theme's style, over the palette already set (see the module's note)."""
    from sheetapp.ui.indicator_style import use_visible_indicators

    use_visible_indicators(app, STYLE)


def apply_colours(app: QApplication, theme: str) -> None:
    """The palette and the field marks, without the style: what the first paint needs."""
    dark = system_prefers_dark() if theme == "system" else theme == "dark"
    app.setPalette(_palette(dark))
    if app.styleSheet() != FIELD_MARKS:  # re-setting it re-polishes every widget alive
        app.setStyleSheet(FIELD_MARKS)
