"""The library the window works with: every write the UI makes goes through it, and it
says what changed.

Like Anki's operations (``qt/aqt/operations``), each write names what it changed as a
``LibraryChanges``; the session sends it to every view (the roster, the Table dock, the
open tabs, the actions' enabled state), which decide what to redraw. Changes another
program made (the command line, another window) arrive through the same signals: the
session compares ``ChangeMarks`` whenever the library's ``data_version`` moved. Work on
the roster and at the table is undoable on ``undo_stack`` (see ``library_step``).

The app opens the library in the data folder at start. A damaged file has already been
copied aside and rebuilt (or opened read-only) by ``open_library``; a file that cannot be
opened at all (written by a newer sheetapp, no permission) is tried read-only, and failing
that the window runs without a library: sheets still open and save as files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Literal, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from sheetapp.i18n import _
from sheetapp.storage.library import Library, LibraryError, default_path, open_library
from sheetapp.storage.library.changes import ChangeMarks, LibraryChanges
from sheetapp.ui.library.library_step import LibraryStep
from sheetapp.ui.library.sheet_operations import SheetOperations

Level = Literal["info", "warning", "error"]
T = TypeVar("T")


class LibrarySession(QObject, SheetOperations):
    """An open library (or none), why it may not be changed, and what changes in it.

    ``changed`` carries every ``LibraryChanges``; the narrower signals carry the sheet ids
    of one kind of change each, for views that care about only that. ``refused`` carries
    a title and a message when an undo or redo could not be done (the library refused).
    """

    changed = Signal(object)
    sheets_added = Signal(list)
    sheets_changed = Signal(list)  # a new current revision
    sheets_filed = Signal(list)  # campaign or tags
    sheets_trashed = Signal(list)
    sheets_untrashed = Signal(list)
    play_changed = Signal(object)  # the initiator (None: another program, undo or redo)
    refused = Signal(str, str)

    def __init__(
        self,
        library: Library | None,
        path: Path,
        problem: str = "",
        *,
        owned: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.path = path
        self.problem = problem  # why the library could not be opened for writing, if not
        self.owned = owned  # opened by the window, so closed with it
        self.undo_stack = QUndoStack(self)
        self._version: int | None = None
        self._marks: ChangeMarks | None = None  # None until ``watch``

    # --- what the user is told -------------------------------------------------------------

    @property
    def writable(self) -> bool:
        return self.library is not None and not self.library.read_only

    def why_read_only(self) -> str:
        """One sentence for a tooltip on a disabled action; "" when writing is allowed."""
        if self.library is None:
            return _("No library is open ({problem}).").format(problem=self.problem)
        if self.library.read_only:
            if self.library.damage_report is not None:
                return _("The library is read-only because it was found damaged.")
            if self.problem:
                return _("The library is read-only: {problem}.").format(problem=self.problem)
            return _("The library is open read-only.")
        return ""

    def notice(self) -> tuple[str, Level] | None:
        """What the banner over the roster says, if anything."""
        library = self.library
        if library is None:
            return (
                _(
                    "The library could not be opened: {problem}. Sheets still open "
                    "and save as files."
                ).format(problem=self.problem),
                "error",
            )
        report = library.damage_report
        problem = one_line(report.problem) if report is not None else ""
        if report is not None and report.action == "read-only":
            return (
                _(
                    "The library file was damaged ({problem}). A copy is kept in "
                    "{backup}. It is open read-only: open and export what you need, "
                    "save open sheets as files, then run 'sheetapp library check "
                    "--repair'."
                ).format(problem=problem, backup=report.backup),
                "error",
            )
        if report is not None:
            return (
                _(
                    "The library file was damaged ({problem}). A copy is kept in "
                    "{backup}. A new library was built with {salvaged} of the "
                    "{found} sheets found."
                ).format(
                    problem=problem,
                    backup=report.backup,
                    salvaged=report.salvaged,
                    found=report.found,
                ),
                "warning",
            )
        if library.read_only:
            why = _(" because it could not be opened for changes ({problem})").format(
                problem=self.problem
            ) * bool(self.problem)
            return (
                _(
                    "The library {path} is open read-only{why}: nothing in it can be "
                    "changed; open sheets still save as files."
                ).format(path=library.path, why=why),
                "warning" if self.problem else "info",
            )
        return None

    def is_trashed(self, sheet_id: int) -> bool:
        """Whether the sheet is in the trash (or gone): read now, never remembered."""
        if self.library is None:
            return False
        try:
            return self.library.row(sheet_id).trashed is not None
        except LibraryError:
            return True

    # --- writing -----------------------------------------------------------------------------

    def perform(
        self, work: Callable[[Library], T], changes: Callable[[T], LibraryChanges]
    ) -> T:
        """Run ``work`` on the library and announce ``changes(result)``. A refusal
        (``LibraryError``) propagates; whatever a batch committed before it is announced."""
        library = self.library
        if library is None:
            raise LibraryError(self.why_read_only())
        self.check_outside_changes()  # another program's changes first, told as theirs
        try:
            result = work(library)
        except BaseException:
            self._announce_difference(outside=False)
            raise
        self.announce(changes(result))
        return result

    def announce(self, changes: LibraryChanges) -> None:
        """Tell every view; the marks follow, so the change is not found again as another
        program's."""
        if not changes:
            return
        self._follow_marks(None if changes.everything else changes.touched())
        self._emit(changes)

    def _follow_marks(self, ids: Sequence[int] | None) -> None:
        if self._marks is None or self.library is None:
            return
        try:
            fresh = self.library.change_marks(ids)
        except LibraryError:
            return  # stale marks: at worst this change is told again as another program's
        kept = {} if ids is None else self._marks.sheets
        sheets = {i: m for i, m in kept.items() if i not in (ids or ())}
        self._marks = ChangeMarks({**sheets, **fresh.sheets}, fresh.play)

    def _emit(self, changes: LibraryChanges) -> None:
        self.changed.emit(changes)
        for signal, ids in (
            (self.sheets_added, changes.added),
            (self.sheets_changed, changes.changed),
            (self.sheets_filed, changes.filed),
            (self.sheets_trashed, changes.trashed),
            (self.sheets_untrashed, changes.untrashed),
        ):
            if ids:
                signal.emit(list(ids))
        if changes.play or changes.everything:
            self.play_changed.emit(changes.initiator)

    def push_step(
        self,
        text: str,
        undo: Callable[[Library], LibraryChanges],
        redo: Callable[[Library], LibraryChanges],
    ) -> None:
        """Record a step already done as one undoable step (``redo`` does it again)."""
        self.undo_stack.push(LibraryStep(self.run_step, text, undo, redo))

    def run_step(self, title: str, work: Callable[[Library], LibraryChanges]) -> bool:
        """Undo or redo one step; a refusal is told through ``refused``."""
        try:
            self.perform(work, lambda changes: changes)
        except LibraryError as exc:
            self.refused.emit(title, str(exc))
            return False
        return True

    # --- another program's changes ---------------------------------------------------------------

    def watch(self) -> None:
        """Start noticing other programs' changes (the marks are read once, after the
        window's first paint, so start-up does not pay for them)."""
        if self.library is not None and self._marks is None:
            try:
                self._version = self.library.data_version()
                self._marks = self.library.change_marks()
            except LibraryError:
                self._marks = None

    def check_outside_changes(self) -> None:
        """If another connection committed since the last look, announce what it changed."""
        if self.library is None or self._marks is None:
            return
        try:
            version = self.library.data_version()
        except LibraryError:
            return
        if version != self._version:
            self._version = version
            self._announce_difference(outside=True)

    def _announce_difference(self, *, outside: bool) -> None:
        if self.library is None or self._marks is None:
            return
        try:
            marks = self.library.change_marks()
        except LibraryError:
            return
        found = replace(marks.since(self._marks), outside=outside)
        self._marks = marks
        if found:
            self._emit(found)

    def close(self) -> None:
        """Close the library the window opened; the window reads none from here on."""
        if self.owned and self.library is not None:
            self.library.close()
            self.library = None
            self.problem = _("the window was closed")


def one_line(text: str, limit: int = 160) -> str:
    """A problem SQLite reported over several lines, as one short line.

    >>> one_line("integrity check: *** in database main ***\\nPage 5: bad\\nPage 20 unused")
    'integrity check: *** in database main ***; Page 5: bad; Page 20 unused'
    >>> len(one_line("x" * 500))
    160
    """
    joined = "; ".join(line.strip() for line in text.splitlines() if line.strip())
    return joined if len(joined) <= limit else joined[: limit - 1] + "…"


def open_session(path: Path | None = None) -> LibrarySession:
    """Open the library at ``path`` (default: the data folder's) for the window."""
    target = Path(path) if path is not None else default_path()
    try:
        return LibrarySession(open_library(target), target)
    except LibraryError as exc:
        problem = str(exc)
    try:
        library = open_library(target, read_only=True, on_damage="read-only")
    except LibraryError:
        return LibrarySession(None, target, problem)
    return LibrarySession(library, target, problem)


def session_for(library: Library) -> LibrarySession:
    """A session over a library someone else opened (tests, benchmarks); not closed here."""
    return LibrarySession(library, library.path, owned=False)
