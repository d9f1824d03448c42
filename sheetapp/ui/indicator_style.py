"""Fusion with check boxes that stay visible on a dark palette (see ``theme``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget


class VisibleIndicators(QProxyStyle):
    """Fusion outlines check boxes in a darker shade of the window colour, which vanishes on a
    dark palette; draw the outline in the text colour's mid-tone first."""

    _INDICATORS = (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
    )

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element in self._INDICATORS:
            painter.save()
            painter.setPen(option.palette.color(QPalette.ColorRole.Dark))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()


INSTALLED = "sheetapp_visible_indicators"  # an application property, set once it is in


def use_visible_indicators(app: QApplication, base: str) -> None:
    """Install ``VisibleIndicators`` over the style named ``base``, once: every install
    re-polishes every widget alive. ``app.style()`` cannot tell: under the field marks'
    style sheet it is Qt's style-sheet style, whatever it wraps, so the application
    carries a mark instead."""
    if not app.property(INSTALLED):
        app.setStyle(VisibleIndicators(base))
        app.setProperty(INSTALLED, True)
