"""A titled table with Add (a blank line, or one of the text's samples) and Remove."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.ui.list_table_model import ListTableModel


def list_box(
    title: str,
    model: ListTableModel,
    view: QTableView,
    *,
    noun: str,
    blank: Callable[[], Any],
    samples: Sequence[tuple[str, Callable[[], Any]]] = (),
    hint: str = "",
    parent: QWidget | None = None,
) -> QGroupBox:
    box = QGroupBox(title, parent)
    layout = QVBoxLayout(box)
    layout.addWidget(view)
    buttons = QHBoxLayout()
    add = QPushButton(f"Add {noun}", objectName=f"add_{view.objectName()}")
    add.clicked.connect(lambda: model.append(blank(), f"Add {noun}"))
    buttons.addWidget(add)
    if samples:
        pick = QPushButton("Add from the rules…", objectName=f"sample_{view.objectName()}")
        menu = QMenu(pick)
        for name, make in samples:
            menu.addAction(name, lambda m=make, n=name: model.append(m(), f"Add {n}"))
        pick.setMenu(menu)
        buttons.addWidget(pick)
    remove = QPushButton("Remove", objectName=f"remove_{view.objectName()}")
    remove.clicked.connect(
        lambda: model.remove_rows(
            sorted({i.row() for i in view.selectionModel().selectedRows()}), f"Remove {noun}"
        )
    )
    buttons.addWidget(remove)
    buttons.addStretch(1)
    if hint:
        note = QLabel(hint)
        note.setProperty("role", "hint")
        buttons.addWidget(note)
    layout.addLayout(buttons)
    return box
