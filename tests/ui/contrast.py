"""What a person sees of each widget's text: WCAG contrast measured on the window's own
rendering, so a colour set anywhere (palette, style sheet, rich text, model roles) counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenuBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

WCAG_AA = 4.5
# The ink is where this many pixels stand out most from the background: a glyph's core is
# that strong, while a stray antialiased pixel is not text.
MIN_PIXELS = 3


def luminance(rgb: int) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: int, b: int) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def colour_contrast(a: QColor, b: QColor) -> float:
    return contrast(a.rgb() & 0xFFFFFF, b.rgb() & 0xFFFFFF)


@dataclass(frozen=True)
class Seen:
    """A widget's text as drawn: its background (the commonest colour where the text is)
    and its ink (see ``MIN_PIXELS``)."""

    widget: QWidget
    what: str
    background: int
    ink: int

    @property
    def ratio(self) -> float:
        return contrast(self.background, self.ink)

    def __str__(self) -> str:
        name = self.widget.objectName() or type(self.widget).__name__
        return f"{name} {self.what!r}: #{self.ink:06x} on #{self.background:06x} = {self.ratio:.2f}"


def _text_of(widget: QWidget) -> tuple[str, QRect] | None:
    """The text a widget shows and the part of it where that text is drawn, or None."""
    whole = widget.rect()
    if isinstance(widget, QLabel):
        return (widget.text(), whole) if widget.text().strip() else None
    if isinstance(widget, QAbstractButton):
        return (widget.text(), whole) if widget.text().strip() else None
    if isinstance(widget, QLineEdit):
        text = widget.text() or widget.placeholderText()
        return (text, whole) if text.strip() else None
    if isinstance(widget, QComboBox):
        return (widget.currentText(), whole) if widget.currentText().strip() else None
    if isinstance(widget, QTabBar):
        return (widget.tabText(widget.currentIndex()), whole) if widget.count() else None
    if isinstance(widget, QMenuBar):
        return ("menu bar", whole)
    if isinstance(widget, QHeaderView):
        return ("header", whole) if widget.count() and widget.isVisible() else None
    if isinstance(widget, QTextEdit):
        text = widget.toPlainText()
        return (text[:30], widget.viewport().geometry()) if text.strip() else None
    if isinstance(widget, QAbstractItemView):
        model = widget.model()
        if model is None or model.rowCount(widget.rootIndex()) == 0:
            return None
        return ("items", widget.viewport().geometry())
    if isinstance(widget, QGroupBox):
        height = widget.fontMetrics().height() + 2
        return (widget.title(), QRect(0, 0, widget.width(), height)) if widget.title() else None
    if isinstance(widget, QDockWidget):
        height = widget.widget().geometry().top() if widget.widget() else 0
        return (widget.windowTitle(), QRect(0, 0, widget.width(), height)) if height else None
    return None


def _ink_and_background(image: QImage) -> tuple[int, int]:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = memoryview(image.constBits()).cast("I")
    counts = Counter(p & 0xFFFFFF for p in pixels)
    background = counts.most_common(1)[0][0]
    seen = 0
    for ink in sorted(counts, key=lambda c: contrast(c, background), reverse=True):
        seen += counts[ink]
        if seen >= MIN_PIXELS:
            return background, ink
    return background, background


def seen_text(window: QWidget) -> Iterator[Seen]:
    """Every enabled text the window shows, as drawn in one rendering of the window."""
    shot = window.grab().toImage()
    scale = shot.devicePixelRatio()
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or not widget.isEnabled() or widget.window() is not window:
            continue
        found = _text_of(widget)
        if found is None:
            continue
        text, part = found
        if not widget.visibleRegion().boundingRect().contains(part):
            continue  # partly scrolled out of view: its text may be in the part not shown
        area = QRect(widget.mapTo(window, part.topLeft()), part.size())
        if area.width() < 4 or area.height() < 4:
            continue
        crop = shot.copy(
            QRect(
                int(area.x() * scale),
                int(area.y() * scale),
                int(area.width() * scale),
                int(area.height() * scale),
            )
        )
        background, ink = _ink_and_background(crop)
        yield Seen(widget, text.replace("\n", " ")[:40], background, ink)
