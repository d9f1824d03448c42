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


def use_visible_indicators(app: QApplication, base: str) -> None:
    """Install ``VisibleIndicators`` over the style named ``base``, once: setStyle deletes
    the previous style, which a second proxy would share."""
    if not isinstance(app.style(), VisibleIndicators):
        app.setStyle(VisibleIndicators(base))
