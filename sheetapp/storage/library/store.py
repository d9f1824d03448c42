"""What every part of the library's API shares: the connection, the clock, the refusal to
write to a read-only library, and SQLite failures turned into ``LibraryError``."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ParamSpec, TypeVar

from sheetapp.i18n import _
from sheetapp.storage.document import MAX_BYTES
from sheetapp.storage.library.deferred_check import DeferredCheck
from sheetapp.storage.library.rows import DamageReport, LibraryError, ReadOnlyError

P = ParamSpec("P")
R = TypeVar("R")


def guarded(method: Callable[P, R]) -> Callable[P, R]:
    """SQLite failures (locked for too long, disk full, a page gone bad) as LibraryError."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            path = args[0].path  # type: ignore[attr-defined]
            if "locked" in str(exc) or "busy" in str(exc):
                raise LibraryError(
                    _("{path}: in use by another program; try again").format(path=path)
                ) from None
            raise LibraryError(
                _("{path}: {exc}; run 'sheetapp library check'").format(path=path, exc=exc)
            ) from None

    return wrapper


# A revision's document, or NULL when it is larger than any sheet may be: SQLite measures
# it, so a row written past the bounds (by another program) never reaches Python's memory.
BOUNDED_DOCUMENT = (
    f"CASE WHEN length(CAST(r.document AS BLOB)) > {MAX_BYTES} THEN NULL ELSE r.document END"
)


def stored_document(document: str | None, sheet_id: int) -> str:
    """A document ``BOUNDED_DOCUMENT`` read, or the one line saying it was too large."""
    if document is None:
        raise LibraryError(
            _("library sheet {sheet_id}: too large to be a sheet").format(sheet_id=sheet_id)
        )
    return document


class Store:
    """The state behind a ``Library``; its parts (sheets, play records) share it."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        *,
        read_only: bool,
        damage: DamageReport | None,
        upgraded: Sequence[int],
        clock: Callable[[], float],
        deferred: DeferredCheck | None = None,
    ) -> None:
        self._db = connection
        self.path = path
        self.read_only = read_only
        self.damage_report = damage  # what was wrong at open, None when the file was healthy
        self.upgraded = tuple(upgraded)  # schema versions applied by this open (1 = new)
        self._clock = clock
        self._deferred = deferred  # the check of every page, still to answer (a large file)
        self._late_damage: str | None = None  # what that check found

    def _writable(self) -> sqlite3.Connection:
        if self.read_only:
            raise ReadOnlyError(
                _("{path} is open read-only; nothing can be changed").format(path=self.path)
                + (f" ({self.damage_report.summary()})" if self.damage_report else "")
            )
        if self._deferred is not None:  # nothing is written before the file passed
            self._late_damage, self._deferred = self._deferred.problem(), None
        if self._late_damage is not None:
            raise ReadOnlyError(
                _(
                    "{path} is damaged ({problem}); nothing more is written to it. Close "
                    "sheetapp and open it again: a copy is kept and the library rebuilt."
                ).format(path=self.path, problem=self._late_damage)
            )
        return self._db

    def _cancel_check(self) -> None:
        if self._deferred is not None:
            self._deferred.cancel()
            self._deferred = None

    def _head(self, db: sqlite3.Connection, sheet_id: int) -> tuple[int, str, float | None]:
        record = db.execute(
            f"SELECT s.head, {BOUNDED_DOCUMENT}, s.trashed FROM sheets s JOIN revisions r "
            "ON r.sheet_id = s.id AND r.number = s.head WHERE s.id = ?",
            (sheet_id,),
        ).fetchone()
        if record is None:
            raise LibraryError(
                _("there is no sheet {sheet_id} in the library").format(sheet_id=sheet_id)
            )
        return record[0], stored_document(record[1], sheet_id), record[2]
