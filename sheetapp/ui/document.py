"""An open sheet: the document, its undo stack, its findings and its file.

Widgets never change a sheet directly. They call ``edit`` (one field) or ``replace`` (an
operation such as an XP award that returns a new sheet); both push a command holding the
sheet before and after, so undo and redo are exact and "modified" is simply "the undo
stack is not at its clean index".
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from sheetapp.findings import Finding
from sheetapp.i18n import _
from sheetapp.storage.document import DocumentError, FileStamp, file_stamp, load, save
from sheetapp.systems.field_paths import get_value, set_value
from sheetapp.systems.plugin import SystemPlugin
from sheetapp.systems.registry import get_system

_MERGE_ID = 1


class SheetCommand(QUndoCommand):
    """Swap between two whole sheets; consecutive edits of one field merge into one step."""

    def __init__(
        self,
        document: SheetDocument,
        before: BaseModel,
        after: BaseModel,
        text: str,
        merge_key: tuple | None = None,
    ) -> None:
        super().__init__(text)
        self._document = document
        self._before = before
        self._after = after
        self.merge_key = merge_key

    def id(self) -> int:
        return _MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SheetCommand) or other.merge_key != self.merge_key:
            return False
        self._after = other._after
        return True

    def redo(self) -> None:
        self._document._install(self._after)

    def undo(self) -> None:
        self._document._install(self._before)


def edit_text(path: Sequence[str | int], words: Mapping[str, str] | None = None) -> str:
    """What Undo and Redo call an edit of the field at ``path``: one sentence of the
    catalog around the field's word as the findings name it (the system's table of
    ``words``, else the field's name with spaces, which the catalog holds: see
    tests/i18n/test_shown_words.py), so a translator can put the word where it goes.

    >>> edit_text(("characters", 0, "attributes", "psyche")), edit_text(("rank_points",))
    ('Edit Psyche', 'Edit Rank points')
    >>> edit_text(("skills", 2)), edit_text(("xp",), {"xp": "Experience"})
    ('Edit Skills', 'Edit Experience')
    """
    field = next((p for p in reversed(path) if isinstance(p, str)), "field")
    word = (words or {}).get(field) or field.replace("_", " ").capitalize()
    return _("Edit {field}").format(field=_(word))


class SheetDocument(QObject):
    changed = Signal()
    findings_changed = Signal()
    path_changed = Signal()
    modified_changed = Signal(bool)
    refused = Signal(str)  # an operation refused because the sheet is read-only here

    def __init__(
        self,
        sheet: BaseModel,
        path: Path | None = None,
        parent: QObject | None = None,
        *,
        library_id: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.plugin: SystemPlugin = get_system(sheet.system)  # type: ignore[attr-defined]
        self._sheet = sheet
        self._path = path
        # The library sheet this document is (Save adds a revision to it); None for a file
        # or a new sheet. A document is one or the other, never both.
        self._library_id = library_id
        self.session_id = uuid.uuid4().hex
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.findings: list[Finding] = []
        # Why this sheet cannot be changed here ("" when it can): another campaign member
        # owns it. Checked where every edit comes in, so no widget can get past it.
        self.read_only = ""
        # The file as we last read or wrote it; a different stamp means another program
        # changed it. ``_seen_stamp`` is a change the user chose to ignore.
        self._disk_stamp: FileStamp | None = file_stamp(path) if path else None
        self._seen_stamp = self._disk_stamp
        self._revalidate()

    # --- reading ------------------------------------------------------------------------------

    @property
    def sheet(self) -> BaseModel:
        """The current sheet. Treat it as read-only: change it through ``edit``/``replace``."""
        return self._sheet

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def library_id(self) -> int | None:
        return self._library_id

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """What tabs, titles and messages call the sheet: its character's name wherever the
        sheet came from (the file's name shows in the tab's tooltip), the file's name for a
        sheet with no name yet."""
        name = self.plugin.roster(self._sheet).name
        if name:
            return name
        return self._path.name if self._path is not None else _("Untitled")

    def value(self, path: Sequence[str | int]) -> Any:
        return get_value(self._sheet, path)

    # --- changing -----------------------------------------------------------------------------

    def edit(self, path: Sequence[str | int], value: Any, text: str | None = None) -> str | None:
        """Set one field as an undoable step; returns why it was refused, or None."""
        if get_value(self._sheet, path) == value:
            return None
        if self.read_only:
            self.changed.emit()  # the widget that was typed into shows the sheet again
            return self.read_only
        after = self._sheet.model_copy(deep=True)
        try:
            set_value(after, tuple(path), value)
        except (ValidationError, ValueError) as exc:
            return _first_message(exc)
        label = text or edit_text(path, getattr(self.plugin.field_label, "words", None))
        self.undo_stack.push(SheetCommand(self, self._sheet, after, label, tuple(path)))
        return None

    def replace(self, sheet: BaseModel, text: str) -> str | None:
        """Install a new sheet (from an operation or a wizard) as one undoable step;
        returns why it was refused, or None."""
        if self.read_only:
            self.refused.emit(self.read_only)
            return self.read_only
        self.undo_stack.push(SheetCommand(self, self._sheet, sheet, text))
        return None

    def follow(self, sheet: BaseModel, text: str) -> None:
        """Show the library's newer version of this sheet as one undoable step. On a
        read-only document (a sheet another member owns) it is how their changes show, and
        it is no step at all: an Undo there would bring back their older version as an
        edit of ours, which could never be sent."""
        if self.read_only:
            self._install(sheet)
            self.undo_stack.clear()
            return
        self.undo_stack.push(SheetCommand(self, self._sheet, sheet, text))

    def save(self, path: Path | None = None) -> None:
        """Write the sheet atomically; raises OSError, leaving the document modified."""
        target = path or self._path
        if target is None:
            raise ValueError(_("no file name yet"))
        save(target, self._sheet)
        self._disk_stamp = self._seen_stamp = file_stamp(target)
        self.undo_stack.setClean()
        if target != self._path:
            self._path = target
            self.path_changed.emit()

    def saved_in_library(self, sheet_id: int) -> None:
        """The sheet as shown is now stored as library sheet ``sheet_id``; from here on Save
        adds revisions to it, and the file it may have come from is left as it was."""
        moved = sheet_id != self._library_id or self._path is not None
        self._library_id = sheet_id
        self._path = None
        self._disk_stamp = self._seen_stamp = None
        self.undo_stack.setClean()
        if moved:
            self.path_changed.emit()

    def detach_from_library(self) -> None:
        """Its library sheet went to the trash and the user chose to keep these edits as a
        new sheet: the next Save stores them as one."""
        self._library_id = None
        self.path_changed.emit()

    def recheck(self) -> None:
        """Run the rules again on the same sheet (the universe catalogue was reloaded); the
        undo stack is untouched."""
        self._install(self._sheet)

    # --- the file on disk -----------------------------------------------------------------

    def changed_on_disk(self) -> bool:
        """Whether another program wrote (or removed) the file since we read or saved it."""
        return self._path is not None and file_stamp(self._path) != self._disk_stamp

    def unseen_disk_change(self) -> bool:
        """A change on disk the user has not yet been asked about."""
        return self._path is not None and file_stamp(self._path) not in (
            self._disk_stamp,
            self._seen_stamp,
        )

    def ignore_disk_change(self) -> None:
        """Keep this version; the next save still warns before overwriting the other."""
        if self._path is not None:
            self._seen_stamp = file_stamp(self._path)

    def reload(self) -> None:
        """Take the file's new content as one undoable step; raises DocumentError when it
        cannot be read, leaving this version in place."""
        if self._path is None:
            raise ValueError(_("no file to reload from"))
        stamp = file_stamp(self._path)
        sheet = load(self._path)
        if sheet.system != self.plugin.id:  # type: ignore[attr-defined]
            raise DocumentError(
                _("{path}: now holds a {system} sheet; open it in a new tab").format(
                    path=self._path, system=sheet.system
                )  # type: ignore[attr-defined]
            )
        self.replace(sheet, _("Reload from disk"))
        self._disk_stamp = self._seen_stamp = stamp
        self.undo_stack.setClean()

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # --- used by the commands -----------------------------------------------------------------

    def _install(self, sheet: BaseModel) -> None:
        self._sheet = sheet
        self._revalidate()
        self.changed.emit()

    def _revalidate(self) -> None:
        self.findings = self.plugin.check(self._sheet)
        self.findings_changed.emit()


def _first_message(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        from sheetapp.validation_reasons import reason  # once a value is refused

        return reason(exc.errors()[0])
    return str(exc)
