"""Text boxes that stay quick whatever a sheet holds: enormous text shown elided until
the person enters the field, and wrapping chosen by the text.

A text box lays out a paragraph whole, so a notes field of a million characters (a pasted
blob, a hostile file) costs a second or more each time its page is shown, and a sheet of
such fields froze the window. Past ``ELIDE_PAST`` characters the box shows the start of the
text, read-only, with a line saying how much there is; clicking into it (or tabbing to it)
shows all of it for editing. Edits never see the shortened text: it is put in with the
box's signals blocked and the box refuses typing until it holds the whole text.

Qt wraps at word boundaries by searching each line for a place to break; a "word" of a
hundred thousand characters makes that search quadratic. Text holding such a run wraps
anywhere instead, which Qt lays out in linear time; ordinary prose keeps word wrapping.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSignalBlocker
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QPlainTextEdit

from sheetapp.i18n import _
from sheetapp.locale_format import number

LONGEST_WORD = 1000  # characters without a space: past any word, URL or path a person types
ELIDE_PAST = 100_000  # characters: a long chapter of notes still shows whole
PREVIEW = 3_000  # characters shown of an elided text
_LONG_RUN = re.compile(rf"\S{{{LONGEST_WORD}}}")
_ELIDED = "sheetapp_elided"  # the widget property marking a shortened text


def wrap_for(widget: QPlainTextEdit, text: str) -> None:
    """Give ``widget`` the wrapping that lays ``text`` out without freezing."""
    wanted = (
        QTextOption.WrapMode.WrapAnywhere
        if _LONG_RUN.search(text)
        else QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
    )
    if widget.wordWrapMode() != wanted:
        widget.setWordWrapMode(wanted)


def is_elided(widget: QPlainTextEdit) -> bool:
    """Whether ``widget`` shows a shortened text (its edits must not reach the sheet)."""
    return bool(widget.property(_ELIDED))


def show_text(widget: QPlainTextEdit, text: str, current: Callable[[], str]) -> None:
    """Put ``text`` in ``widget``, elided when enormous and the widget is not being
    edited; ``current`` gives the whole text again when the person enters the field."""
    if len(text) <= ELIDE_PAST or widget.hasFocus():
        _put(widget, text, elided=False)
        return
    if widget.findChild(_Expander) is None:
        expander = _Expander(widget, current)
        widget.installEventFilter(expander)
        widget.viewport().installEventFilter(expander)
    note = _("[{count} characters, shown in part: click here to show and edit all]").format(
        count=number(len(text))
    )
    _put(widget, f"{note}\n\n{text[:PREVIEW]}…", elided=True)


def _put(widget: QPlainTextEdit, text: str, *, elided: bool) -> None:
    wrap_for(widget, text)  # before the text arrives: laid out once, quickly
    if elided or is_elided(widget):
        with QSignalBlocker(widget):  # a shortened text, or its replacement, is no edit
            widget.setPlainText(text)
    else:
        widget.setPlainText(text)
    widget.setReadOnly(elided)
    widget.setProperty(_ELIDED, elided)


class _Expander(QObject):
    """Shows the whole text when the person clicks into or tabs to an elided field."""

    def __init__(self, widget: QPlainTextEdit, current: Callable[[], str]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._current = current

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The event's type first: a widget being torn down sends events too, and must not
        # be asked anything then.
        if event.type() in _ENTERING and is_elided(self._widget):
            _put(self._widget, self._current(), elided=False)
        return False


_ENTERING = (QEvent.Type.FocusIn, QEvent.Type.MouseButtonPress)
