"""What every system's form offers the main window."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyle,
    QTableView,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.registry import modules
from sheetapp.ui.binding import FieldBinder, FieldRegistry, RefreshWhenShown
from sheetapp.ui.help_topic import set_help_topic
from sheetapp.ui.labels import tip_labels_from_fields
from sheetapp.ui.page_layout import scrolled

if TYPE_CHECKING:  # the document brings pydantic; the window paints before it loads
    from sheetapp.systems.rolls import Check, Unrollable
    from sheetapp.ui.document import SheetDocument

PERCENTILE = "percentile"  # a check_kind: d100 checks whose margins the dice dock holds


@dataclass(frozen=True)
class RollRequest:
    """A roll a person asked for on a form: who rolls, and what (or why it cannot be)."""

    form: SheetForm
    who: str
    check: Check | Unrollable


class SheetForm(QWidget):
    """A system's editor for one document, shown as pages. ``check_requested`` sends a
    ``RollRequest`` to the dice dock, which rolls it and logs the result with this sheet's
    rolls; ``check_kind`` says which options the dock offers while the form is current."""

    check_requested = Signal(object)
    check_kind: ClassVar[str | None] = None  # PERCENTILE, or None: no options to offer

    def request_roll(self, who: str, check: Check | Unrollable) -> None:
        self.check_requested.emit(RollRequest(self, who, check))

    def __init__(self, document: SheetDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        set_help_topic(self, document.plugin.id)  # F1: this system's help
        self.fields = FieldRegistry()
        document.findings_changed.connect(lambda: self.fields.mark(document.findings))

    def page_tabs(self) -> QTabWidget:
        """The tabs that hold the form's pages, filling the form. They scroll as a whole
        when the window is smaller than the largest page needs (a large zoom on a small
        screen): a page is never cut, its own scroll area aside."""
        pages = QTabWidget(self, objectName="pages")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        # Pages whose text wraps are taller the narrower they are: the scroll area asks the
        # tabs their height for the width it gives (QTabWidget answers for the page shown).
        policy = pages.sizePolicy()
        policy.setHeightForWidth(True)
        pages.setSizePolicy(policy)
        area = scrolled(pages, frame=False)
        area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the Tab key goes through to the fields
        layout.addWidget(area)
        return pages

    def sheet_actions(self) -> list[QAction]:
        """Actions for the Sheet menu while this form is current."""
        return []

    def focus_path(self, path: str) -> bool:
        return self.fields.focus(path)


class FormPage(RefreshWhenShown, QWidget):
    """A page of a form. It makes its fields with ``bind`` (bound to the document and
    registered with the form's ``fields``); once it ``watch()``es the document, ``refresh``
    runs on every change while the page is shown, and once on showing after changes."""

    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.fields = fields
        self.bind = FieldBinder(document, fields)

    def watch(self) -> None:
        tip_labels_from_fields(self)
        self.document.changed.connect(self.schedule_refresh)

    def refresh(self) -> None:
        """Show the figures the rules work out from the sheet (a page of fields alone has
        none: its bound widgets follow the document by themselves)."""


def create_form(document: SheetDocument) -> SheetForm:
    module = import_module(modules(document.plugin.id).form)
    form: SheetForm = module.create_form(document)
    tip_labels_from_fields(form)
    form.fields.mark(document.findings)
    keep_rows_in_view(form)
    return form


SHOWN_ROWS = 3  # rows a form's table keeps in view when its page is short of room


def keep_rows_in_view(form: QWidget) -> None:
    """Give each table of ``form`` room for its header and a few rows (no more than it may
    have): otherwise a page short of room, at a large zoom, squeezed a table to its header
    before it scrolled, and its rows could not be seen."""
    for view in form.findChildren(QAbstractItemView):
        if isinstance(view, QTableView | QTreeView) and view.minimumHeight() == 0:
            RowsInView(view)


class RowsInView(QObject):
    """Keeps a table's minimum height at its header and ``SHOWN_ROWS`` rows of its current
    text size. Worked out once, the room was for the zoom the sheet opened at: zoomed to
    200% while open, a table was squeezed back to a row and a half."""

    def __init__(self, view: QTableView | QTreeView) -> None:
        super().__init__(view)
        self._view = view
        view.installEventFilter(self)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FontChange:
            # Once the header has its new font too (it hears of the zoom after the table).
            QTimer.singleShot(0, self, self.fit)
        return False

    def fit(self) -> None:
        view = self._view
        rows = view.fontMetrics().height() + 8
        if isinstance(view, QTableView):
            header = view.horizontalHeader()
            rows = max(rows, view.verticalHeader().defaultSectionSize())  # the style's rows
        else:
            header = view.header()
        wanted = header.sizeHint().height() + SHOWN_ROWS * rows + 2 * view.frameWidth()
        if view.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            # A wide table scrolls sideways at a large zoom, and its scroll bar takes a row.
            wanted += view.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, view)
        view.setMinimumHeight(min(wanted, view.maximumHeight()))
