"""The View menu's zoom: Ctrl+= (or Ctrl++) larger, Ctrl+- smaller, Ctrl+0 back to the
desktop's size, in steps from 75% to 200%, remembered for the next start.

The application's font and the style's spacing and metrics grow together
(``theme.apply_zoom``, ``indicator_style.ZoomedIndicators``); pages sit in scroll areas, so
a form too big for the window scrolls rather than being cut. Table rows laid out for the
font they were built with are given room for the new one.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QHeaderView, QMainWindow, QTableView

from sheetapp.i18n import _
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.settings import ZOOM_RANGE, Settings
from sheetapp.ui.theme import apply_style, apply_zoom, zoom_of
from sheetapp.ui.window.menu_sections import MenuSections

STEPS = (75, 90, 100, 110, 125, 150, 175, 200)
ROW_ROOM = 8  # pixels a table row keeps above its text's height (as the roster's rows)


class ZoomKeys(QObject):
    def __init__(self, window: QMainWindow, settings: Settings, view: MenuSections) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self.zoom_in_action = make_action(
            window, _("Zoom &In"), lambda: self.step(1), tip=_("Everything larger")
        )
        self.zoom_in_action.setShortcuts(
            [QKeySequence("Ctrl+="), QKeySequence(QKeySequence.StandardKey.ZoomIn)]
        )
        self.zoom_out_action = make_action(
            window,
            _("Zoom &Out"),
            lambda: self.step(-1),
            QKeySequence(QKeySequence.StandardKey.ZoomOut),
            _("Everything smaller"),
        )
        self.actual_size_action = make_action(
            window,
            _("&Actual Size"),
            lambda: self.zoom_to(100),
            QKeySequence("Ctrl+0"),
            _("Everything at the desktop's own size"),
        )
        view.menu.addSeparator()
        for action in (self.zoom_in_action, self.zoom_out_action, self.actual_size_action):
            view.menu.addAction(action)

    def step(self, by: int) -> None:
        """The next step up (``by`` 1) or down (-1) from the zoom now."""
        now = zoom_of(QApplication.instance())  # type: ignore[arg-type]
        if by > 0:
            self.zoom_to(next((s for s in STEPS if s > now), STEPS[-1]))
        else:
            self.zoom_to(next((s for s in reversed(STEPS) if s < now), STEPS[0]))

    def zoom_to(self, percent: int) -> None:
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        percent = min(max(percent, ZOOM_RANGE[0]), ZOOM_RANGE[1])
        apply_zoom(app, percent)
        apply_style(app)
        rows_fit_text(app)
        self._settings.set_zoom(percent)
        self._window.statusBar().showMessage(_("Zoom {percent}%").format(percent=percent), 3000)


def rows_fit_text(app: QApplication) -> None:
    """Give every table's rows room for its text at the font it has now, and every column
    a person sizes room for its heading: widths set at one zoom cut the headings at a
    larger one (German's 'Schlagwörter' read 'lagwör' at 200%)."""
    for widget in app.allWidgets():
        if isinstance(widget, QTableView):
            rows = widget.verticalHeader()
            needed = widget.fontMetrics().height() + ROW_ROOM
            if rows.defaultSectionSize() < needed:
                rows.setDefaultSectionSize(needed)
            _headings_fit(widget.horizontalHeader())


def _headings_fit(header: QHeaderView) -> None:
    """Widen each column sized by hand (Interactive) that is narrower than its heading."""
    for column in range(header.count()):
        mode = header.sectionResizeMode(column)
        if header.isSectionHidden(column) or mode != QHeaderView.ResizeMode.Interactive:
            continue
        if header.sectionSize(column) < header.sectionSizeHint(column):
            header.resizeSection(column, header.sectionSizeHint(column))
