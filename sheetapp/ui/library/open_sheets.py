"""Open tabs of library sheets follow what happens to their sheet in the library.

A new revision (saved by another program, restored, an award) replaces an unmodified
tab's sheet as one undoable step, so the tab never shows a stale sheet; a modified tab
keeps the user's edits unless the change was the user's own act here (restoring a
revision, an award), which is then one undo away from those edits. A sheet moved to the
trash closes its unmodified tab (the Undo that brings the sheet back is in the roster's
banner and in Edit); a modified tab stays, marked "(in the trash)", and its Save asks
whether to bring the sheet back or keep the edits as a new sheet (``MainWindow``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject

from sheetapp.i18n import N_, _
from sheetapp.storage.library import LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.library.session import LibrarySession

TRASHED_MARK = N_(" (in the trash)")


class OpenLibrarySheets(QObject):
    """``documents`` lists the open sheets; ``close`` closes one's tab without asking;
    ``touched`` redraws one's tab; ``tell`` puts a line in the status bar."""

    def __init__(
        self,
        session: LibrarySession,
        documents: Callable[[], list[SheetDocument]],
        close: Callable[[SheetDocument], None],
        touched: Callable[[SheetDocument], None],
        tell: Callable[[str], None],
    ) -> None:
        super().__init__(session)
        self.session = session
        self._documents = documents
        self._close = close
        self._touched = touched
        self._tell = tell
        self._in_trash: set[int] = set()  # open sheets moved to the trash, for their mark
        session.changed.connect(self._library_changed)

    def _open(self, ids: Sequence[int]) -> list[SheetDocument]:
        wanted = set(ids)
        return [d for d in self._documents() if d.library_id in wanted]

    def _library_changed(self, changes: LibraryChanges) -> None:
        if changes.changed:
            self._follow(changes)
        if changes.trashed:
            self._trashed(changes.trashed)
        self._in_trash -= set(changes.untrashed)
        for document in self._open(changes.untrashed):
            self._touched(document)

    def _follow(self, changes: LibraryChanges) -> None:
        library = self.session.library
        if library is None:
            return
        # The user's own act here (restore, award) is followed even over unsaved edits.
        own_act = bool(changes.label) and not changes.outside
        for document in self._open(changes.changed):
            if document.is_modified and not own_act and not document.read_only:
                continue
            try:
                stored = library.load(document.library_id)  # type: ignore[arg-type]
            except LibraryError:
                continue
            if stored != document.sheet:
                document.follow(stored, changes.label or _("Reload from the library"))
            document.undo_stack.setClean()

    def _trashed(self, ids: Sequence[int]) -> None:
        kept = []
        for document in self._open(ids):
            if document.is_modified:
                kept.append(document.display_name())
                self._in_trash.add(document.library_id)  # type: ignore[arg-type]
                self._touched(document)
            else:
                self._close(document)
        if kept:
            self._tell(
                _(
                    "Moved to the trash with unsaved changes open: {join}. Save "
                    "offers to restore the sheet or to keep the changes as a new "
                    "sheet."
                ).format(join=", ".join(kept))
            )

    def mark(self, document: SheetDocument) -> str:
        """What a tab's title adds for its sheet's state in the library."""
        return _(TRASHED_MARK) if document.library_id in self._in_trash else ""
