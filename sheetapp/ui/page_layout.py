"""How the tall pages of a form are laid out: group boxes in two columns, in a scroll area
that scrolls only when the window is too small for them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QHBoxLayout, QLayout, QScrollArea, QVBoxLayout, QWidget


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
    """``content`` in a scroll area that sizes it to the room there is."""
    if isinstance(content, QLayout):
        body = QWidget()
        body.setLayout(content)
        content = body
    area = QScrollArea()
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
