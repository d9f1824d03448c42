"""One undoable step of work on the library: tags, a campaign move, the trash, an award, a
change at the table.

The step is pushed after it was done (its first ``redo`` does nothing), because much of
it is decided while it is done (where a hit lands, who is out). Undo and redo write the
state before or after through the session, so every view hears of it as of any change.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from sheetapp.i18n import _
from sheetapp.storage.library import Library
from sheetapp.storage.library.changes import LibraryChanges

Write = Callable[[Library], LibraryChanges]
Run = Callable[[str, Write], bool]  # the session's ``run_step``: a title if refused, the work


class LibraryStep(QUndoCommand):
    def __init__(self, run: Run, text: str, undo: Write, redo: Write) -> None:
        super().__init__(text)
        self._run = run
        self._undo, self._redo = undo, redo
        self._done = True  # pushed after the work: the first redo is the work itself

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self._run(_("Not redone"), self._redo)

    def undo(self) -> None:
        self._run(_("Not undone"), self._undo)
