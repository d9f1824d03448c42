"""The one guard for exceptions that escape Qt callbacks (slots, timers, event overrides).

When Qt calls Python (a signal's slot, a timer, a ``showEvent`` or ``data()`` override) from
its event loop and the Python code raises, PySide6 hands the exception to
``sys.excepthook``; the default hook prints a traceback nobody sees and the action just
stops. This hook logs it to ``errors.log`` in the data folder, says so in one line in the
window's status bar, and shows a dialog with the message and a "Copy Details" button (the
traceback, for a bug report); one dialog at a time, so an error repeating in a paint cannot
bury the window under them.

It is a last resort, not a fix, and cannot catch everything: PySide6 6.11 on Python 3.11
crashes with SIGSEGV *before* any hook runs when an exception raised inside C code
(``base64.b64decode``'s ``binascii.Error``, ``1 / 0``) escapes a C++ virtual override such as
``showEvent``. Shiboken's ``storePythonOverrideErrorOrPrint`` reads the pending exception's
arguments, and C code leaves that exception unnormalised (its value is a bare string, not an
exception object), so ``PepException_GetArgs`` reads a string as an exception (seen in gdb;
exceptions raised by Python code are normalised and survive). That is why event handlers
must not be able to raise at all: model data they show is decoded and checked by the model
layer (``sheetapp.systems.portraits``), and tests/reliability opens fuzzed sheets on every
page to keep it so.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox
from shiboken6 import Shiboken

from sheetapp.data_dir import data_dir
from sheetapp.i18n import _

_log = logging.getLogger(__name__)
MESSAGE_MS = 20_000
LOG_NAME = "errors.log"
_OVERRIDE_PREFIX = re.compile(r"Error calling Python override of [\w:]+\(\): ")  # by PySide6


def describe(error: BaseException) -> str:
    """One line for a person: what failed, without PySide's prefix or a traceback."""
    args = error.args
    text = args[0] if len(args) == 1 and isinstance(args[0], str) else str(error)
    text = " ".join(_OVERRIDE_PREFIX.sub("", text).split())[:200] or _("no details")
    kind = type(error).__name__
    return _(
        "Something failed and was stopped ({kind}: {text}); your sheets are still open."
    ).format(kind=kind, text=text)


def log_file() -> Path | None:
    """``errors.log`` in the data folder, made readable by its owner only (a traceback can
    quote a sheet); None when the folder cannot be written."""
    path = data_dir() / LOG_NAME
    try:
        os.close(os.open(path, os.O_CREAT | os.O_APPEND | os.O_WRONLY, 0o600))
    except OSError:
        return None
    return path


def show_error(window: QMainWindow, text: str, details: str) -> QMessageBox | None:
    """The error dialog, unless one is already up."""
    shown = window.findChild(QMessageBox, "error_dialog")
    if shown is not None and shown.isVisible():
        return None
    box = QMessageBox(QMessageBox.Icon.Warning, _("Something went wrong"), text, parent=window)
    box.setObjectName("error_dialog")
    box.setDetailedText(details)
    copy = box.addButton(_("&Copy Details"), QMessageBox.ButtonRole.ActionRole)
    copy.clicked.connect(lambda: QApplication.clipboard().setText(f"{text}\n\n{details}"))
    box.addButton(QMessageBox.StandardButton.Close)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()  # not exec(): the event loop goes on, and so does the work in other sheets
    return box


@contextmanager
def error_guard(window: QMainWindow) -> Iterator[None]:
    """While inside, an exception escaping a Qt callback is logged and shown in ``window``
    instead of being printed to a terminal; the previous hook comes back after."""
    previous = sys.excepthook
    path = log_file()
    handler = logging.FileHandler(path, encoding="utf-8") if path is not None else None
    if handler is not None:
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        _log.addHandler(handler)

    def report(
        kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, error, trace)
            return
        _log.error(_("Exception in a Qt callback"), exc_info=(kind, error, trace))
        if not Shiboken.isValid(window):
            return
        text = describe(error)
        details = "".join(traceback.format_exception(kind, error, trace))
        if path is not None:
            details += _("\nAlso written to {path}.").format(path=path)
        window.statusBar().showMessage(text, MESSAGE_MS)
        # After the failing callback has returned, not inside it.
        QTimer.singleShot(0, lambda: Shiboken.isValid(window) and show_error(window, text, details))

    sys.excepthook = report
    try:
        yield
    finally:
        sys.excepthook = previous
        if handler is not None:
            _log.removeHandler(handler)
            with contextlib.suppress(OSError):
                handler.close()
