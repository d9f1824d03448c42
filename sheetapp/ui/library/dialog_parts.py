"""Pieces the library's dialogs share: a flat list of records, OK/Cancel buttons, and
showing a dialog to read its answer.

Each was written out in every dialog before; here once, so the dialogs look and behave
alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTreeWidget,
)

D = TypeVar("D", bound=QDialog)
T = TypeVar("T")


def record_list(
    name: str,
    headers: Sequence[str],
    selection: QAbstractItemView.SelectionMode,
    *,
    stretch: int,
    widths: Sequence[tuple[int, int]],
) -> QTreeWidget:
    """Records one per line (no tree lines): column ``stretch`` takes the spare width, the
    ``(column, width)`` pairs are sized to start with."""
    tree = QTreeWidget(objectName=name)
    tree.setHeaderLabels(list(headers))
    tree.setRootIsDecorated(False)
    tree.setSelectionMode(selection)
    header = tree.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    for column, width in widths:
        header.resizeSection(column, width)
    return tree


def widen_to_contents(tree: QTreeWidget, *columns: int) -> None:
    """Widen ``columns`` that are narrower than what they hold: a date in the reader's
    locale ("27.11.2026, 02:47:05", Arabic's with its marks) is longer than the width set
    to start with, and showed cut ("27.11.2026, 02:47:…")."""
    header = tree.header()
    for column in columns:
        wanted = tree.sizeHintForColumn(column)
        if header.sectionSize(column) < wanted:
            header.resizeSection(column, wanted)


def ok_cancel(dialog: QDialog, ok_text: str = "") -> QDialogButtonBox:
    """OK and Cancel wired to ``dialog``; ``ok_text`` names what OK does."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    if ok_text:
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def answer(dialog: D, read: Callable[[D], T]) -> T | None:
    """Show ``dialog`` and ``read`` what was chosen while it still exists; None when it was
    cancelled. The dialog is deleted either way."""
    try:
        return read(dialog) if dialog.exec() else None
    finally:
        dialog.deleteLater()
