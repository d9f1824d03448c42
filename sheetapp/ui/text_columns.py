"""Text columns that share a table's spare width but never squeeze below a readable width.

Qt's ``Stretch`` mode fits every stretched column into the viewport whatever it costs: a
twenty-column gear list beside the Dice dock left its Item column about 30 pixels wide, with
no way to read a name. Here a text column takes an equal share of the width the other
columns leave, but never less than its header and a dozen average letters; when the columns
cannot all have that, the table scrolls sideways inside its box instead. The other columns
keep fitting their contents.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableView, QTreeView

TEXT_FLOOR_CHARS = 12  # enough of a name or a note to tell rows apart


def header_of(view: QTableView | QTreeView) -> QHeaderView:
    """The header over the columns of a table or a tree."""
    return view.horizontalHeader() if isinstance(view, QTableView) else view.header()


def text_floor(view: QTableView | QTreeView, column: int) -> int:
    """The narrowest ``column`` may be: its header whole, or a dozen average letters of its
    cells with the margins the item delegate draws them inside, whichever is wider."""
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    letters = TEXT_FLOOR_CHARS * view.fontMetrics().averageCharWidth() + 2 * margin
    return max(header_of(view).sectionSizeHint(column), letters)


def shares(room: int, floors: Sequence[int]) -> list[int]:
    """Split ``room`` pixels among columns as evenly as their ``floors`` allow: a column whose
    floor is above its even share takes its floor, the rest share what is left, and any
    pixel left over by the division goes to the last of them (no gap at the right edge).

    >>> shares(300, [50, 50])
    [150, 150]
    >>> shares(300, [200, 50])
    [200, 100]
    >>> shares(100, [80, 80])
    [80, 80]
    >>> shares(301, [10, 10])
    [150, 151]
    """
    widths = list(floors)
    free = set(range(len(floors)))
    left = room
    for i in sorted(free, key=lambda i: -floors[i]):  # widest floors first
        if floors[i] * len(free) <= left:
            break
        free.discard(i)
        left -= floors[i]
    if free:
        share = max(left, 0) // len(free)
        for i in free:
            widths[i] = share
        widths[max(free)] += max(left, 0) - share * len(free)
    return widths


class TextColumns(QObject):
    """Sizes the columns of ``view``: the others fit their contents, and ``columns`` (the
    text) take their shares of the spare width, again whenever the viewport changes size or
    another column resizes to new contents."""

    def __init__(self, view: QTableView | QTreeView, columns: Sequence[int]) -> None:
        super().__init__(view)
        self._view = view
        self._columns = list(columns)
        header = header_of(view)
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in self._columns:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        view.viewport().installEventFilter(self)
        header.sectionResized.connect(self._other_resized)
        # Qt sizes a column to its contents when the view is laid out, not when rows come
        # later: a ledger that started empty kept "Kind" as wide as its header ("a…").
        self._refit = QTimer(self, singleShot=True, interval=0)
        self._refit.timeout.connect(self._fit_contents)
        model = view.model()
        for signal in (model.rowsInserted, model.dataChanged, model.modelReset):
            signal.connect(self._refit.start)
        self.fit()

    def _fit_contents(self) -> None:
        header_of(self._view).resizeSections()  # each column to its mode: contents here
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def _other_resized(self, column: int, _old: int, _new: int) -> None:
        if column not in self._columns:
            self.fit()

    def fit(self) -> None:
        header = header_of(self._view)
        shown = [c for c in self._columns if not header.isSectionHidden(c)]
        others = sum(
            header.sectionSize(c)
            for c in range(header.count())
            if c not in self._columns and not header.isSectionHidden(c)
        )
        room = self._view.viewport().width() - others
        floors = [text_floor(self._view, c) for c in shown]
        for column, width in zip(shown, shares(room, floors), strict=True):
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
