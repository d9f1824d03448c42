"""Lists of short names edited as plain text: one per line, or separated by commas.

Blank entries are dropped, so typing a new line or a trailing comma changes nothing until
a name is typed; the widget is only rewritten when the list differs from what it shows.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QStatusBar, QWidget

from sheetapp.ui.binding import Path
from sheetapp.ui.document import SheetDocument


def _names(text: str, separator: str) -> list[str]:
    return [part.strip() for part in text.split(separator) if part.strip()]


def bind_lines(document: SheetDocument, path: Path, widget: QPlainTextEdit) -> None:
    """One name per line."""

    def show() -> None:
        value = list(document.value(path) or [])
        if _names(widget.toPlainText(), "\n") != value:
            with QSignalBlocker(widget):
                widget.setPlainText("\n".join(value))

    widget.textChanged.connect(
        lambda: _report(widget, document.edit(path, _names(widget.toPlainText(), "\n")))
    )
    document.changed.connect(show)
    widget.destroyed.connect(lambda: _disconnect(document, show))
    show()


def bind_commas(document: SheetDocument, path: Path, widget: QLineEdit) -> None:
    """Names separated by commas on one line."""

    def show() -> None:
        value = list(document.value(path) or [])
        if _names(widget.text(), ",") != value:
            with QSignalBlocker(widget):
                widget.setText(", ".join(value))

    widget.textEdited.connect(lambda text: _report(widget, document.edit(path, _names(text, ","))))
    document.changed.connect(show)
    widget.destroyed.connect(lambda: _disconnect(document, show))
    show()


def _report(widget: QWidget, problem: str | None) -> None:
    bar = widget.window().findChild(QStatusBar)
    if problem and bar is not None:
        bar.showMessage(f"Not accepted: {problem}", 6000)


def _disconnect(document: SheetDocument, slot: Callable[[], None]) -> None:
    try:
        document.changed.disconnect(slot)
    except (RuntimeError, TypeError):
        pass
