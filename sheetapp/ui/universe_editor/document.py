"""A universe pack open in the editor: its TOML, its undo stack, its findings and its file.

Every edit is a ``PackEdit`` on the stack: the first redo calls the pack document's method,
and undo and redo then swap the exact texts before and after, so undoing gives back the
pack byte for byte, comments included. Typing into one field merges into one step.

The findings are those ``sheetapp universes check`` makes (``PackDocument.report``), worked
out a moment after the typing stops so a huge pack cannot slow each keystroke.

Saving writes the pack file only when the checks pass; a pack with errors is saved beside
it as a draft (``<file>.draft``, which the catalogue never reads), so a half-made universe
is kept without breaking the list of universes. Autosave writes the draft too, every few
seconds after a change, and removes it once the pack is saved clean.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheetapp.bounded_read import read_limited
from sheetapp.findings import Severity
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.pack_document import PackDocument, PackTextError
from sheetapp.systems.amazing_engine.pack_files import unique_pack_path
from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES, PackProblem, PackReport

ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")  # the pack model's, for file names
CHECK_DELAY_MS = 250
AUTOSAVE_DELAY_MS = 3000
DRAFT_SUFFIX = ".draft"

Change = Callable[[PackDocument], None]


class PackEdit(QUndoCommand):
    """One edit of the pack, already made by ``PackEditorDocument.edit``: undo and redo
    swap the exact texts either side of it."""

    def __init__(self, owner: PackEditorDocument, before: str, text: str, merge: str = ""):
        super().__init__(text)
        self._owner = owner
        self._before = before
        self._after = owner.pack.text
        self._first = True
        self.merge = merge

    def id(self) -> int:
        return 7381 if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PackEdit) or not self.merge or other.merge != self.merge:
            return False
        self._after = other._after
        return True

    def redo(self) -> None:
        if not self._first:
            self._owner.pack = PackDocument(self._after)
        self._first = False
        self._owner.pack_changed.emit()

    def undo(self) -> None:
        self._owner.pack = PackDocument(self._before)
        self._owner.pack_changed.emit()


class PackEditorDocument(QObject):
    """The open pack; ``pack_changed`` after every edit, undo and redo; ``checked`` when
    its findings are new; ``saved`` with the path written."""

    pack_changed = Signal()
    checked = Signal()
    saved = Signal(str)
    edit_refused = Signal(str)

    def __init__(self, text: str, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pack = PackDocument(text)
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.new = not path.exists()  # never saved: the file is named after the id then
        self.report: PackReport = self.pack.report(path.name)
        self._check_timer = QTimer(self, singleShot=True, interval=CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.check_now)
        self._autosave_timer = QTimer(self, singleShot=True, interval=AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self._autosaved = False
        self.pack_changed.connect(self._check_timer.start)
        self.pack_changed.connect(self._autosave_timer.start)

    # --- editing -----------------------------------------------------------------------------

    def edit(self, change: Change, text: str, merge: str = "") -> bool:
        """Make ``change`` as one undoable step; False (the pack as it was, the reason
        sent as ``edit_refused``) when the pack's TOML cannot take it."""
        before = self.pack.text
        try:
            change(self.pack)
        except (PackTextError, ValueError, TypeError, KeyError, IndexError) as exc:
            self.pack = PackDocument(before)
            self.edit_refused.emit(
                _("That change cannot be made to this pack: {reason}").format(reason=exc)
            )
            return False
        self.undo_stack.push(PackEdit(self, before, text, merge))
        return True

    def set_value(self, path: tuple[str | int, ...], value: object, text: str) -> None:
        """One key's new value as one step; typing into the same key merges."""
        if self.pack.value(path) == value:
            return
        self.edit(lambda pack: pack.set_value(path, value), text, merge=repr(path))

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    # --- checking ----------------------------------------------------------------------------

    def check_now(self) -> None:
        self._check_timer.stop()
        self.report = self.pack.report(self.path.name)
        self.checked.emit()

    @property
    def problems(self) -> tuple[PackProblem, ...]:
        return self.report.problems

    @property
    def passes(self) -> bool:
        return self.report.usable

    # --- the file ----------------------------------------------------------------------------

    @property
    def draft_path(self) -> Path:
        return self.path.with_name(self.path.name + DRAFT_SUFFIX)

    def disk_text(self) -> str | None:
        """The pack file as it is on disk now; None when there is none yet."""
        try:
            return read_limited(self.path, MAX_PACK_BYTES).decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return None

    def follow_id(self) -> None:
        """A pack never saved takes its file name from its id, once the id is sound."""
        pack_id = self.pack.value(("id",))
        if not self.new or not isinstance(pack_id, str) or pack_id == self.path.stem:
            return
        if ID_PATTERN.fullmatch(pack_id):
            old_draft = self.draft_path
            self.path = unique_pack_path(self.path.parent, pack_id)
            if self._autosaved:
                old_draft.unlink(missing_ok=True)
                self._autosaved = False

    def save(self) -> Path:
        """Write the pack (or, while it fails its checks, its draft); the path written.

        Raises OSError when the disk refuses.
        """
        self.check_now()
        text = self.pack.text
        target = self.path if self.passes else self.draft_path
        _write(target, text)
        if target == self.path:
            self.draft_path.unlink(missing_ok=True)
            self.new = False
        self.undo_stack.setClean()
        self.saved.emit(str(target))
        return target

    def autosave(self) -> None:
        """Keep unsaved work in the draft file; never touches the pack file itself."""
        if self.modified:
            try:
                _write(self.draft_path, self.pack.text)
                self._autosaved = True
            except OSError:
                pass  # autosave is a safety net; Save reports a disk that refuses

    def discard_autosave(self) -> None:
        """The person closed without saving: drop what autosave kept this session."""
        self._autosave_timer.stop()
        if self._autosaved:
            self.draft_path.unlink(missing_ok=True)
            self._autosaved = False

    def replace_text(self, text: str, label: str) -> None:
        """The whole pack replaced (a draft restored) as one undoable step."""
        self.edit(lambda pack: pack.replace(text), label)

    def save_status(self) -> str:
        errors = sum(p.severity is Severity.ERROR for p in self.problems)
        if errors:
            return _(
                "Saving keeps a draft: the pack is not loaded until its errors are fixed."
            )
        return _("The pack passes its checks; saving loads it.")


def _write(path: Path, text: str) -> None:
    """Write through a temporary file, so a crash never leaves half a pack."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    os.replace(temporary, path)
