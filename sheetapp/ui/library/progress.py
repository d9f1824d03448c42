"""Progress for batch work (generating, importing): the library commits a batch at a time and
says so through its ``committed`` callback; each call moves the bar and lets the window
breathe. Stop ends the work after the batch in hand: every committed batch stays."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from sheetapp.i18n import _
from sheetapp.locale_format import number

T = TypeVar("T")
SHOW_FROM = 250  # smaller jobs finish before a dialog would be worth showing

Committed = Callable[[list[int]], None]


class Stopped(Exception):
    """The user pressed Stop; the batches committed so far are kept."""


@dataclass
class BatchOutcome(Generic[T]):
    result: T | None  # what the work returned (None when stopped)
    ids: list[int] = field(default_factory=list)  # every id committed, stopped or not
    stopped: bool = False


def run_in_batches(
    parent: QWidget, title: str, total: int, work: Callable[[Committed], T]
) -> BatchOutcome[T]:
    """Run ``work(committed)``; a progress dialog follows the commits when the job is big."""
    outcome: BatchOutcome[T] = BatchOutcome(None)
    dialog: QProgressDialog | None = None
    if total > SHOW_FROM:
        dialog = QProgressDialog(title, _("Stop"), 0, total, parent)
        dialog.setWindowTitle(title)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setValue(0)
        QApplication.processEvents()

    def committed(ids: list[int]) -> None:
        outcome.ids.extend(ids)
        if dialog is None:
            return
        dialog.setValue(min(len(outcome.ids), total))
        dialog.setLabelText(
            _("{title} {count} of {total}").format(
                title=title, count=number(len(outcome.ids)), total=number(total)
            )
        )
        QApplication.processEvents()
        if dialog.wasCanceled():
            raise Stopped

    try:
        outcome.result = work(committed)
    except Stopped:
        outcome.stopped = True
    finally:
        if dialog is not None:
            dialog.close()
            dialog.deleteLater()
    return outcome
