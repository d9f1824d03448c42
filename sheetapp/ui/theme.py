"""Light, dark and high-contrast palettes, the marks findings put on fields, and the zoom.

"system" follows the desktop's colour scheme where Qt can read it; "light" and "dark" force
one (also used to take screenshots of both offscreen); "high-contrast" is white on black
with a yellow highlight. The zoom (75% to 200%) scales the application's font here, and the
style's spacing and metrics with it (``indicator_style``).

Every theme draws with Fusion, wrapped by ``VisibleIndicators`` (``indicator_style``, which
also draws the marks findings put on fields, in the tones below). At
start-up the app is made with plain Fusion (``STYLE_ARGS``) and gets its palette here before
the first paint; the wrapper is installed just after that paint (``apply_style``). Only check
boxes look different under it and the first frame has none, while making PySide6's
``QStyle`` type alone costs about 0.07x of a bare window's start, and every primitive the
frame draws would go through Python (docs/performance.md).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from sheetapp.ui.app_properties import OUTLINED
from sheetapp.ui.tones import TONES

STYLE = "Fusion"
# QApplication's own option for it: the style is made in C++, without PySide6's QStyle type.
STYLE_ARGS = ("-style", STYLE)

# Banners over the roster: a tint over the window colour and a border, per level.
_BANNERS = {
    "error": ("rgba(211, 47, 47, 0.16)", "#d32f2f"),
    "warning": ("rgba(249, 168, 37, 0.20)", "#e09000"),
    "info": ("rgba(47, 111, 207, 0.14)", "#2f6fcf"),
}


def field_marks(dark: bool) -> str:
    """The app's style sheet: the label roles, the tones and the banners, in the shades of
    the light or the dark palette. The marks findings put on fields are drawn by the style
    (``indicator_style``), in the same tones: a style sheet border would take a spin box's
    arrows away and change its size."""
    shade = int(dark)
    tones = "".join(
        f'QLabel[tone="{name}"] {{ color: {shades[shade]}; }}\n' for name, shades in TONES.items()
    )
    banners = "".join(
        f'QFrame[level="{level}"] {{ background: {tint}; border: 1px solid {border}; '
        "border-radius: 4px; }\n"
        for level, (tint, border) in _BANNERS.items()
    )
    return (
        """
QLabel[role="figure"] { font-weight: 600; }
QLabel[role="hint"] { color: palette(placeholder-text); }
QLabel[role="alarm"] { font-weight: 600; }
QGroupBox { font-weight: 600; }
"""
        + tones
        + banners
    )


def tone(name: str) -> QColor:
    """The colour of the ``name`` tone ("error", "warning", "info") on the app's palette as
    it is now: item models ask at paint time, so their text follows a theme switch."""
    return QColor(TONES[name][int(is_dark())])


def is_dark() -> bool:
    """Whether the app's palette is a dark one (light text on a dark window)."""
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def set_tone(widget: QWidget, name: str | None) -> None:
    """Give a label a tone (None: none): the app's style sheet colours it, in the current
    palette's shade, and again after every theme switch."""
    widget.setProperty("tone", name)
    repolish(widget)


def mark_finding(widget: QWidget, level: str) -> None:
    """Mark ``widget`` with the worst finding on it ("error", "warning", or "" for none).
    The style draws the mark at paint time (``indicator_style``), so a change repaints it."""
    if widget.property("finding") != level:
        widget.setProperty("finding", level)
        widget.update()


def repolish(widget: QWidget) -> None:
    """Style a widget again after a property its style sheet selects on changed."""
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def palette_for(dark: bool) -> QPalette:
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
            QPalette.ColorRole.Highlight: "#2f66c0",
            QPalette.ColorRole.HighlightedText: "#ffffff",
            QPalette.ColorRole.ToolTipBase: "#35373b",
            QPalette.ColorRole.ToolTipText: "#e6e6e6",
            QPalette.ColorRole.PlaceholderText: "#b8b8b8",
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
            QPalette.ColorRole.PlaceholderText: "#666666",
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


# White on black with a yellow highlight (the pairing Windows' and GNOME's high-contrast
# themes use): text and frames at full contrast, the focus and selection unmistakable.
HIGH_CONTRAST = {
    QPalette.ColorRole.Window: "#000000",
    QPalette.ColorRole.WindowText: "#ffffff",
    QPalette.ColorRole.Base: "#000000",
    QPalette.ColorRole.AlternateBase: "#1a1a1a",
    QPalette.ColorRole.Text: "#ffffff",
    QPalette.ColorRole.Button: "#000000",
    QPalette.ColorRole.ButtonText: "#ffffff",
    QPalette.ColorRole.Highlight: "#ffff00",
    QPalette.ColorRole.HighlightedText: "#000000",
    QPalette.ColorRole.ToolTipBase: "#000000",
    QPalette.ColorRole.ToolTipText: "#ffffff",
    QPalette.ColorRole.PlaceholderText: "#d0d0d0",
    QPalette.ColorRole.Link: "#00ffff",
    QPalette.ColorRole.LinkVisited: "#ff80ff",
    QPalette.ColorRole.Mid: "#ffffff",
    QPalette.ColorRole.Dark: "#ffffff",
    QPalette.ColorRole.Light: "#ffffff",
    QPalette.ColorRole.Midlight: "#ffffff",
    QPalette.ColorRole.Shadow: "#ffffff",
}


def high_contrast_palette() -> QPalette:
    p = QPalette()
    for role, color in HIGH_CONTRAST.items():
        p.setColor(role, QColor(color))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#b0b0b0"))
    return p


# What the high-contrast theme adds to the marks: frames in the text colour, and a focus
# ring in the highlight colour wide enough to see from across the table.
HIGH_CONTRAST_SHEET = """
QLabel[role="hint"] { color: palette(window-text); }
QGroupBox { border: 1px solid palette(window-text); margin-top: 1.2em; padding-top: 0.3em; }
QGroupBox::title { subcontrol-origin: margin; left: 0.5em; padding: 0 0.2em; }
"""


def system_prefers_dark() -> bool:
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def apply_theme(app: QApplication, theme: str) -> None:
    """The whole theme: the style with visible indicators, the palette and the marks."""
    apply_style(app)
    apply_colours(app, theme)


def apply_style(app: QApplication) -> None:
    """The theme's style, over the palette already set (see the module's note)."""
    from sheetapp.ui.indicator_style import use_visible_indicators

    use_visible_indicators(app, STYLE, zoom_of(app))


def apply_colours(app: QApplication, theme: str) -> None:
    """The palette and the style sheet, without the style: what the first paint needs."""
    app.setProperty(OUTLINED, theme == "high-contrast")  # read by ``indicator_style``
    if theme == "high-contrast":
        app.setPalette(high_contrast_palette())
        marks = field_marks(True) + HIGH_CONTRAST_SHEET
    else:
        dark = system_prefers_dark() if theme == "system" else theme == "dark"
        app.setPalette(palette_for(dark))
        marks = field_marks(dark)
    # Setting the style sheet re-polishes every widget alive: nothing at start-up, where it is
    # set before the window exists, and what a live switch needs, as widgets styled by a
    # style sheet keep the palette they were polished with.
    if app.styleSheet() != marks:
        app.setStyleSheet(marks)


ZOOM = "sheetapp_zoom"  # an application property: the zoom in per cent
_BASE_FONT = "sheetapp_base_font_size"  # the desktop's own point size, before any zoom


def zoom_of(app: QApplication) -> int:
    """The zoom the application is drawn at, in per cent (100 until one is set)."""
    return int(app.property(ZOOM) or 100)


def apply_zoom(app: QApplication, percent: int) -> None:
    """Draw the whole application at ``percent`` of the desktop's text size: its font here,
    the style's spacing and metrics as the style asks ``zoom_of`` (``indicator_style``)."""
    base = app.property(_BASE_FONT)
    if base is None:
        base = app.font().pointSizeF()
        app.setProperty(_BASE_FONT, base)
    app.setProperty(ZOOM, percent)
    font = app.font()
    font.setPointSizeF(float(base) * percent / 100)
    if font != app.font():
        app.setFont(font)
