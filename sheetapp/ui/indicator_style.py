"""Fusion with check boxes that stay visible on a dark palette, and the marks findings put
on fields (see ``theme``).

A finding's mark is drawn here, over what Fusion draws, rather than by a style sheet rule:
a style sheet border on a spin box or a combo box makes Qt draw its arrows and padding with
its plain fallback, and changes the field's size hint (a field marked before the style sheet
was last set kept the old size, so a theme switch moved the layout). Drawn by the style, a
mark changes no size and leaves every sub-control as Fusion draws it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QWidget,
)

from sheetapp.ui.tones import TONES

MARK_WIDTH = 2
MARK_RADIUS = 3.0
_PE = QStyle.PrimitiveElement


def mark_colour(level: str, palette: QPalette) -> QColor:
    """The colour of a finding's mark: the level's tone in the shade for ``palette`` (dark
    or light window), so it stands out from the window at WCAG's 3:1 for marks."""
    dark = palette.color(QPalette.ColorRole.Window).lightness() < 128
    return QColor(TONES[level][int(dark)])


def _level(widget: QWidget | None) -> str | None:
    level = widget.property("finding") if widget is not None else None
    return level if level in TONES else None


class VisibleIndicators(QProxyStyle):
    """Fusion outlines check boxes in a darker shade of the window colour, which vanishes on a
    dark palette; draw the outline in the text colour's mid-tone first. A widget whose
    ``finding`` property is "error" or "warning" gets a rounded outline in that tone around
    its frame (a group box: around its frame under the title; a check box: around its
    box)."""

    _INDICATORS = (_PE.PE_IndicatorCheckBox, _PE.PE_IndicatorItemViewItemCheck)
    _MARKED_CONTROLS = (QStyle.ComplexControl.CC_SpinBox, QStyle.ComplexControl.CC_ComboBox)

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
        level = _level(widget)
        if level is None:
            return
        own_frame = element == _PE.PE_PanelLineEdit and isinstance(widget, QLineEdit)
        own_frame = own_frame or element in (_PE.PE_Frame, _PE.PE_FrameLineEdit)
        if own_frame or element == _PE.PE_IndicatorCheckBox:
            _draw_mark(painter, option.rect, mark_colour(level, option.palette))
        elif element == _PE.PE_FrameGroupBox:
            # The frame is clipped around the title; the mark goes under it, whole.
            painter.save()
            painter.setClipping(False)
            _draw_mark(painter, option.rect, mark_colour(level, option.palette))
            painter.restore()

    def drawComplexControl(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawComplexControl(control, option, painter, widget)
        level = _level(widget)
        if level is None:
            return
        if control in self._MARKED_CONTROLS:
            _draw_mark(painter, option.rect, mark_colour(level, option.palette))

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawControl(element, option, painter, widget)
        level = _level(widget)
        marked = level is not None and element == QStyle.ControlElement.CE_ShapedFrame
        if marked and not isinstance(widget, QAbstractSpinBox | QComboBox):
            _draw_mark(painter, option.rect, mark_colour(level, option.palette))  # type: ignore[arg-type]


def _draw_mark(painter: QPainter, rect: QRect, colour: QColor) -> None:
    half = MARK_WIDTH / 2
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(colour, MARK_WIDTH))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(
        QRectF(rect).adjusted(half, half, -half, -half), MARK_RADIUS, MARK_RADIUS
    )
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
