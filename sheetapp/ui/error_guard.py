"""The one guard for exceptions that escape Qt callbacks (slots, timers, event overrides).

When Qt calls Python (a signal's slot, a timer, a ``showEvent`` or ``data()`` override) from
its event loop and the Python code raises, PySide6 hands the exception to
``sys.excepthook``; the default hook prints a traceback nobody sees and the action just
stops. This hook logs it and says so in one line in the window's status bar.

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

import logging
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType

from PySide6.QtWidgets import QMainWindow
from shiboken6 import Shiboken

_log = logging.getLogger(__name__)
MESSAGE_MS = 20_000
_OVERRIDE_PREFIX = re.compile(r"Error calling Python override of [\w:]+\(\): ")  # by PySide6


def describe(error: BaseException) -> str:
    """One line for a person: what failed, without PySide's prefix or a traceback."""
    args = error.args
    text = args[0] if len(args) == 1 and isinstance(args[0], str) else str(error)
    text = " ".join(_OVERRIDE_PREFIX.sub("", text).split())[:200] or "no details"
    kind = type(error).__name__
    return f"Something failed and was stopped ({kind}: {text}); your sheets are still open."


@contextmanager
def error_guard(window: QMainWindow) -> Iterator[None]:
    """While inside, an exception escaping a Qt callback is logged and shown in ``window``'s
    status bar instead of being printed to a terminal; the previous hook comes back after."""
    previous = sys.excepthook

    def report(
        kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, error, trace)
            return
        _log.error("Exception in a Qt callback", exc_info=(kind, error, trace))
        if Shiboken.isValid(window):
            window.statusBar().showMessage(describe(error), MESSAGE_MS)

    sys.excepthook = report
    try:
        yield
    finally:
        sys.excepthook = previous
