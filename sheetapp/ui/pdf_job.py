"""PDFs made off the UI thread, with a progress dialog and Cancel.

A sheet of thousands of skills takes tens of seconds to lay out; on the UI thread the window
froze for all of it. ``make_pdf`` runs the layout on a worker thread and waits in a nested
event loop, so the window repaints and the dialog's Cancel works, while callers keep their
plain "make the bytes, then write them" shape: nothing is written until the bytes are
complete, so a cancelled export leaves no file.

The worker is a daemon ``threading.Thread`` holding no Qt object. Cancel returns at once;
the worker stops at its next page (the layout's ``progress`` callback raises) or finishes,
and its bytes are dropped. A QThread could not be abandoned that way: destroying one that
still runs aborts the program. The worker must be given sheets nobody else edits: callers
pass copies (``detached``), since the window keeps editing its own while the PDF is made.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from sheetapp.i18n import _
from sheetapp.locale_format import number

Progress = Callable[[int], None]
SHOW_AFTER_MS = 400  # quicker exports finish before a dialog would be worth showing
POLL_MS = 50

if TYPE_CHECKING:  # pydantic loads with the first sheet, after the window's first paint
    from pydantic import BaseModel

Sheet = TypeVar("Sheet", bound="BaseModel")
Result = TypeVar("Result")


class PdfFailed(ValueError):
    """The layout failed: its message in one line, for the window to show."""


class _Cancelled(Exception):
    """Raised inside the worker's layout to stop it when the user has cancelled."""


class _Job(Generic[Result]):
    """The work, its result or error, and the flags the two threads share."""

    def __init__(self, make: Callable[[Progress], Result]) -> None:
        self.make = make
        self.pages = 0
        self.result: Result | None = None
        self.error: Exception | None = None
        self.cancel = threading.Event()
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.result = self.make(self.progress)
        except _Cancelled:
            pass
        except Exception as exc:  # handed to the UI thread, which shows it in one line
            self.error = exc
        finally:
            self.done.set()

    def progress(self, pages: int) -> None:
        self.pages = pages
        if self.cancel.is_set():
            raise _Cancelled


def detached(sheets: Sequence[Sheet]) -> Callable[[], list[Sheet]]:
    """Copies of ``sheets`` for a worker: their JSON now, the models rebuilt by the worker
    (cheaper than a deep copy, and nothing the window does later can reach them)."""
    texts = [(type(sheet), sheet.model_dump_json()) for sheet in sheets]
    return lambda: [model.model_validate_json(text) for model, text in texts]


def make_pdf(parent: QWidget, title: str, make: Callable[[Progress], bytes]) -> bytes | None:
    """``make(progress)`` run on a worker thread while the window stays live: its bytes, or
    None when the user cancelled. Raises the OSError ``make`` raised, or ``PdfFailed`` with
    the first line of anything else (ReportLab's layout errors run to several lines)."""
    return in_background(parent, title, make)


def in_background(
    parent: QWidget | None,
    title: str,
    work: Callable[[Progress], Result],
    *,
    holds_qt: bool = False,
) -> Result | None:
    """``work(progress)`` on a worker thread, as ``make_pdf`` runs a layout (printing uses it
    too): its result, or None when the user cancelled. Work that ``holds_qt`` objects of the
    caller's (a printer being painted) is waited for after Cancel, until it has stopped at
    its next ``progress`` call: the caller may free those objects as soon as this returns."""
    job = _Job(work)
    threading.Thread(target=job.run, name="sheetapp-pdf", daemon=True).start()
    if job.done.wait(0.05):  # a small export: no dialog, no event loop
        return _outcome(job)
    dialog = QProgressDialog(f"{title}…", _("Cancel"), 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.hide()
    loop = QEventLoop()

    def poll() -> None:
        if job.done.is_set():
            loop.quit()
        elif job.cancel.is_set():
            return  # stopping: waiting for the work to reach its next page
        elif dialog.wasCanceled():
            cancel()
        elif job.pages:
            dialog.setLabelText(
                _("{title}: page {pages} done…").format(title=title, pages=number(job.pages))
            )

    def cancel() -> None:
        job.cancel.set()
        if not holds_qt:
            loop.quit()  # an abandoned layout holds only copies: it may finish unwatched
            return
        dialog.setLabelText(_("{title}: stopping…").format(title=title))
        dialog.setCancelButton(None)  # type: ignore[arg-type]  # stopping: nothing to cancel

    timer = QTimer(dialog, interval=POLL_MS, timeout=poll)
    QTimer.singleShot(SHOW_AFTER_MS, dialog, lambda: job.done.is_set() or dialog.show())
    dialog.canceled.connect(cancel)
    timer.start()
    if not job.done.is_set():
        loop.exec()
    timer.stop()
    dialog.canceled.disconnect(cancel)
    dialog.close()
    dialog.deleteLater()
    return None if job.cancel.is_set() else _outcome(job)


def _outcome(job: _Job[Result]) -> Result | None:
    if isinstance(job.error, OSError):
        raise job.error
    if job.error is not None:
        lines = str(job.error).strip().splitlines() or [type(job.error).__name__]
        raise PdfFailed(lines[0]) from job.error
    return job.result
