"""How the tall pages of a form are laid out: group boxes in two columns, in a scroll area
that scrolls only when the window is too small for them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLayout, QScrollArea, QVBoxLayout, QWidget


def two_columns(
    left: Sequence[QWidget], right: Sequence[QWidget], stretch: tuple[int, int] = (1, 1)
) -> QHBoxLayout:
    """Boxes in two columns sharing the width by ``stretch``; each column ends in spare
    room, so the boxes keep their natural height."""
    columns = QHBoxLayout()
    for boxes, factor in ((left, stretch[0]), (right, stretch[1])):
        column = QVBoxLayout()
        for box in boxes:
            column.addWidget(box)
        column.addStretch(1)
        columns.addLayout(column, factor)
    return columns


def scrolled(content: QWidget | QLayout, *, frame: bool = True) -> QScrollArea:
    """``content`` in a scroll area that sizes it to the room there is. The area takes no
    focus: Tab goes from the page's tabs straight to its first field (the area was a stop no
    one could see or hear named, and the letters typed there were lost), and the area still
    scrolls to each field the focus reaches."""
    if isinstance(content, QLayout):
        body = QWidget()
        body.setLayout(content)
        content = body
    area = QScrollArea()
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    area.setWidgetResizable(True)
    if not frame:
        area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(content)
    return area


def fill(page: QWidget, content: QWidget) -> None:
    """``content`` fills ``page`` edge to edge."""
    layout = QVBoxLayout(page)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(content)


class WrappingRow(QWidget):
    """Two groups of controls side by side while the width allows, the second under the
    first when it does not (a large zoom, a narrow window): they wrap instead of forcing the
    window wider than the screen."""

    def __init__(self, first: QLayout, second: QLayout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._parts = (first, second)
        self._box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._box.setContentsMargins(0, 0, 0, 0)
        self._box.addLayout(first, 1)
        self._box.addLayout(second, 1)

    def minimumSizeHint(self) -> QSize:
        first, second = (part.minimumSize() for part in self._parts)
        spacing = max(self._box.spacing(), 0)
        return QSize(max(first.width(), second.width()), first.height() + second.height() + spacing)

    def resizeEvent(self, event: QResizeEvent) -> None:
        first, second = (part.sizeHint().width() for part in self._parts)
        wide = event.size().width() >= first + second + max(self._box.spacing(), 0)
        direction = QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        if self._box.direction() != direction:
            self._box.setDirection(direction)
            self.updateGeometry()
        super().resizeEvent(event)
