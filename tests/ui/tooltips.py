"""Which texts a screen shows without saying what they are: labels, box titles and column
headers that have no tooltip."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QGroupBox, QHeaderView, QLabel, QTableView, QTreeView, QWidget

# Plain field names that say all there is to say; a figure or an abbreviation is never here.
PLAIN_NAMES = frozenset(
    {
        "name",
        "player",
        "notes",
        "note",
        "date",
        "description",
        "appearance",
        "background",
        "personality",
        "history",
        "portrait",
        "gender",
        "age",
        "height",
        "weight",
        "occupation",
        "nationality",
        "equipment",
        "weapons",
        "armour",
        "languages",
        "contacts",
        "campaign",
        "title",
        "concept",
        "quantity",
        "qty",
    }
)


def _plain(text: str) -> bool:
    words = re.sub(r"<[^>]+>", "", text).replace("&", "").strip().rstrip(":").strip()
    return words.lower() in PLAIN_NAMES


def _sentence(text: str) -> bool:
    """A whole sentence (a question, a refusal, a preview) explains itself; a figure or a
    heading does not."""
    return text.endswith((".", "?")) and len(text.split()) >= 4


def untipped(screen: QWidget) -> list[str]:
    """What ``screen`` shows with no tooltip, each as 'kind "text" (object name)'. Labels of
    the hint role and whole sentences explain themselves and are not counted."""
    missing: list[str] = []
    for widget in [screen, *screen.findChildren(QWidget)]:
        if widget is not screen and not widget.isVisibleTo(screen):
            continue
        if isinstance(widget, QLabel):
            text = widget.text().strip()
            hint = widget.property("role") == "hint" or _sentence(text)
            if text and not hint and not _plain(text):
                if not widget.toolTip():
                    missing.append(f'label "{text}" ({widget.objectName()})')
        elif isinstance(widget, QGroupBox):
            if widget.title() and not _plain(widget.title()) and not widget.toolTip():
                missing.append(f'box "{widget.title()}" ({widget.objectName()})')
        elif isinstance(widget, QTableView | QTreeView) and widget.model() is not None:
            tree = isinstance(widget, QTreeView)
            header = widget.header() if tree else widget.horizontalHeader()
            if header.isVisibleTo(screen):
                missing += _untipped_headers(widget, header)
    return missing


def _untipped_headers(view: QTableView | QTreeView, header: QHeaderView) -> list[str]:
    model = view.model()
    missing = []
    for column in range(model.columnCount(QModelIndex())):
        if header.isSectionHidden(column):
            continue
        title = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        tip = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        if title and not _plain(str(title)) and not tip:
            missing.append(f'column "{title}" ({view.objectName()})')
    return missing
