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
    QStyleOptionViewItem,
    QTabBar,
    QWidget,
)

from sheetapp.ui.app_properties import OUTLINED
from sheetapp.ui.labels import figures_in_order
from sheetapp.ui.tones import TONES

MARK_WIDTH = 2
FOCUS_WIDTH = 2
TAB_BAR_WIDTH = 3  # the high-contrast mark on the current tab
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
    # Frames Fusion draws in a shade of the window colour, lost on a black window: outlined
    # in the text colour by the high-contrast theme (``OUTLINED``).
    _OUTLINED = (_PE.PE_FrameLineEdit, _PE.PE_Frame, _PE.PE_FrameButtonBevel)
    # Controls given a focus ring two pixels wide in the highlight colour: Fusion's own
    # (a faint tint, a one-pixel line) is lost to low vision, in either palette.
    _RINGED_CONTROLS = (
        QStyle.ControlElement.CE_PushButton,
        QStyle.ControlElement.CE_CheckBox,
        QStyle.ControlElement.CE_RadioButton,
    )
    _MARKED_CONTROLS = (QStyle.ComplexControl.CC_SpinBox, QStyle.ComplexControl.CC_ComboBox)

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element in self._OUTLINED and _outlined():
            _draw_outline(painter, option)
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
        if control in self._MARKED_CONTROLS and _outlined():
            _draw_outline(painter, option)
        elif control in self._MARKED_CONTROLS and option.state & QStyle.StateFlag.State_HasFocus:
            _draw_focus_ring(painter, option)
        level = _level(widget)
        if level is None:
            return
        if control in self._MARKED_CONTROLS:
            _draw_mark(painter, option.rect, mark_colour(level, option.palette))

    def subElementRect(
        self, element: QStyle.SubElement, option: QStyleOption, widget: QWidget | None = None
    ) -> QRect:
        """Fusion gives a tab's label a rect one line of the font high (two pixels less on a
        tab not chosen), and the label is clipped to it: the accent of a capital (É, Ä) and
        a descender were cut off. The label keeps its centre and gets room above and below."""
        rect = super().subElementRect(element, option, widget)
        if element == QStyle.SubElement.SE_TabBarTabText:
            extra = option.fontMetrics.height() // 2
            rect = rect.adjusted(0, -extra, 0, extra)
        return rect

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if (
            element == QStyle.ControlElement.CE_ItemViewItem
            and option.direction == Qt.LayoutDirection.RightToLeft
        ):
            option = figures_left_to_right(option)  # type: ignore[arg-type]
        super().drawControl(element, option, painter, widget)
        if element in self._RINGED_CONTROLS and _keyboard_focus(option):
            _draw_focus_ring(painter, option)
        if element == QStyle.ControlElement.CE_TabBarTabShape and _outlined():
            _mark_current_tab(painter, option)
        level = _level(widget)
        marked = level is not None and element == QStyle.ControlElement.CE_ShapedFrame
        if marked and not isinstance(widget, QAbstractSpinBox | QComboBox):
            _draw_mark(painter, option.rect, mark_colour(level, option.palette))  # type: ignore[arg-type]


def figures_left_to_right(option: QStyleOptionViewItem) -> QStyleOptionViewItem:
    """A table cell of figures only ("+2") as a right-to-left view should draw it (see
    ``figures_in_order``)."""
    text = figures_in_order(option.text)
    if text == option.text:
        return option
    marked = QStyleOptionViewItem(option)
    marked.text = text
    return marked


def _outlined() -> bool:
    return bool(QApplication.instance().property(OUTLINED))


def _keyboard_focus(option: QStyleOption) -> bool:
    """Whether the control has the focus and the keyboard brought it (as Fusion shows its
    own focus: not after a click)."""
    state = option.state
    return bool(
        state & QStyle.StateFlag.State_HasFocus
        and state & QStyle.StateFlag.State_KeyboardFocusChange
    )


def _draw_focus_ring(painter: QPainter, option: QStyleOption) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(option.palette.color(QPalette.ColorRole.Highlight), FOCUS_WIDTH))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = FOCUS_WIDTH / 2
    painter.drawRoundedRect(
        QRectF(option.rect).adjusted(half, half, -half, -half), MARK_RADIUS, MARK_RADIUS
    )
    painter.restore()


def _mark_current_tab(painter: QPainter, option: QStyleOption) -> None:
    """A bar in the highlight colour along the current tab's outer edge. White on black,
    Fusion tells the current page's tab from the others by a grey line and two pixels of
    height, which low vision does not see."""
    if not option.state & QStyle.StateFlag.State_Selected:
        return
    rect, width = option.rect, TAB_BAR_WIDTH
    edge = {
        QTabBar.Shape.RoundedSouth: rect.adjusted(0, rect.height() - width, 0, 0),
        QTabBar.Shape.TriangularSouth: rect.adjusted(0, rect.height() - width, 0, 0),
        QTabBar.Shape.RoundedWest: rect.adjusted(0, 0, width - rect.width(), 0),
        QTabBar.Shape.TriangularWest: rect.adjusted(0, 0, width - rect.width(), 0),
        QTabBar.Shape.RoundedEast: rect.adjusted(rect.width() - width, 0, 0, 0),
        QTabBar.Shape.TriangularEast: rect.adjusted(rect.width() - width, 0, 0, 0),
    }.get(option.shape, rect.adjusted(0, 0, 0, width - rect.height()))
    painter.fillRect(edge, option.palette.color(QPalette.ColorRole.Highlight))


def _draw_outline(painter: QPainter, option: QStyleOption) -> None:
    """A frame in the text colour (the highlight where the control has the focus)."""
    focused = bool(option.state & QStyle.StateFlag.State_HasFocus)
    role = QPalette.ColorRole.Highlight if focused else QPalette.ColorRole.WindowText
    painter.save()
    painter.setPen(QPen(option.palette.color(role), 2 if focused else 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
    painter.restore()


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


_PM = QStyle.PixelMetric
# The metrics that grow with the zoom beside the font: spacing, margins, the boxes and
# arrows a person aims at, icons and scroll bars.
ZOOMED_METRICS = frozenset(
    {
        _PM.PM_LayoutLeftMargin,
        _PM.PM_LayoutTopMargin,
        _PM.PM_LayoutRightMargin,
        _PM.PM_LayoutBottomMargin,
        _PM.PM_LayoutHorizontalSpacing,
        _PM.PM_LayoutVerticalSpacing,
        _PM.PM_IndicatorWidth,
        _PM.PM_IndicatorHeight,
        _PM.PM_ExclusiveIndicatorWidth,
        _PM.PM_ExclusiveIndicatorHeight,
        _PM.PM_ScrollBarExtent,
        _PM.PM_SmallIconSize,
        _PM.PM_ButtonIconSize,
        _PM.PM_ToolBarIconSize,
        _PM.PM_TabBarIconSize,
        _PM.PM_ListViewIconSize,
        _PM.PM_MessageBoxIconSize,
        _PM.PM_SliderThickness,
        _PM.PM_SliderLength,
        _PM.PM_SpinBoxSliderHeight,
        _PM.PM_ButtonMargin,
        _PM.PM_DefaultFrameWidth,
        _PM.PM_FocusFrameHMargin,
        _PM.PM_FocusFrameVMargin,
        _PM.PM_TabBarTabHSpace,
        _PM.PM_TabBarTabVSpace,
        _PM.PM_MenuHMargin,
        _PM.PM_MenuVMargin,
        _PM.PM_HeaderMargin,
        _PM.PM_DockWidgetTitleMargin,
        _PM.PM_DockWidgetSeparatorExtent,
        _PM.PM_SplitterWidth,
    }
)


class ZoomedIndicators(VisibleIndicators):
    """``VisibleIndicators`` with the spacing and metrics above scaled by the zoom (the font
    is scaled by the application: ``theme.apply_zoom``). Only installed at a zoom other than
    100%, as every metric asked then goes through Python."""

    def __init__(self, base: str, percent: int) -> None:
        super().__init__(base)
        self.factor = percent / 100

    def pixelMetric(
        self, metric: QStyle.PixelMetric, option: QStyleOption | None = None, widget=None
    ) -> int:
        value = super().pixelMetric(metric, option, widget)
        if metric in ZOOMED_METRICS and value > 0:
            return max(1, round(value * self.factor))
        return value


INSTALLED = "sheetapp_visible_indicators"  # an application property: the zoom it is at


def use_visible_indicators(app: QApplication, base: str, percent: int = 100) -> None:
    """Install ``VisibleIndicators`` (``ZoomedIndicators`` at a zoom other than 100%) over
    the style named ``base``, once per zoom: every install re-polishes every widget alive.
    ``app.style()`` cannot tell: under the field marks' style sheet it is Qt's style-sheet
    style, whatever it wraps, so the application carries a mark instead."""
    if app.property(INSTALLED) != percent:
        style = VisibleIndicators(base) if percent == 100 else ZoomedIndicators(base, percent)
        app.setStyle(style)
        app.setProperty(INSTALLED, percent)
