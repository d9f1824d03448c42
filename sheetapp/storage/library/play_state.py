"""Play at the table, stored beside the sheets: damage taken on each track and saved
encounters. Never part of a sheet's document, so a fight leaves the sheet's rules alone.

What is read back is treated as input from outside (another program, or a damaged page,
may have written it): an encounter's state comes back as bounded text for its model to
validate (``sheetapp.play.encounter``), and damage rows that are not a track and a count
are left out rather than handed to the rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sheetapp.i18n import _
from sheetapp.storage.library.opening import transaction
from sheetapp.storage.library.rows import LibraryError
from sheetapp.storage.library.store import Store, guarded

# Far above any real encounter (a few kB for dozens of combatants); bounds what one
# damaged or crafted row can make the app parse.
MAX_STATE_CHARS = 1_000_000


@dataclass(frozen=True)
class EncounterEntry:
    """A saved encounter as a list shows it."""

    id: int
    name: str
    updated: float


class TablePlayRecords(Store):
    """The play-state part of a ``Library``."""

    @guarded
    def damage_taken(self, sheet_id: int) -> dict[str, int]:
        """Damage taken on each track (absent tracks are unhurt)."""
        self._head(self._db, sheet_id)
        return {
            track: taken
            for track, taken in self._db.execute(
                "SELECT track, taken FROM damage WHERE sheet_id = ?", (sheet_id,)
            )
            if isinstance(track, str) and type(taken) is int and taken >= 0
        }

    @guarded
    def set_damage_taken(self, sheet_id: int, taken: Mapping[str, int]) -> None:
        """Replace a sheet's damage; tracks at 0 are forgotten."""
        if any(value < 0 for value in taken.values()):
            raise LibraryError(_("damage taken is never negative"))
        with transaction(self._writable()) as db:
            self._head(db, sheet_id)
            db.execute("DELETE FROM damage WHERE sheet_id = ?", (sheet_id,))
            db.executemany(
                "INSERT INTO damage (sheet_id, track, taken) VALUES (?, ?, ?)",
                [(sheet_id, track, value) for track, value in taken.items() if value],
            )

    @guarded
    def encounters(self) -> list[EncounterEntry]:
        """Saved encounters, most recently changed first."""
        return [
            EncounterEntry(*r)
            for r in self._db.execute(
                "SELECT id, name, updated FROM encounters ORDER BY updated DESC, id DESC"
            )
        ]

    @guarded
    def save_encounter(
        self, name: str, state: Mapping[str, Any], encounter_id: int | None = None
    ) -> int:
        """Store an encounter's state (a JSON-ready mapping) as new or over ``encounter_id``."""
        text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        with transaction(self._writable()) as db:
            if encounter_id is None:
                cursor = db.execute(
                    "INSERT INTO encounters (name, updated, state) VALUES (?, ?, ?)",
                    (name, self._clock(), text),
                )
                return int(cursor.lastrowid or 0)
            changed = db.execute(
                "UPDATE encounters SET name = ?, updated = ?, state = ? WHERE id = ?",
                (name, self._clock(), text, encounter_id),
            )
            if changed.rowcount == 0:
                raise LibraryError(
                    _("there is no encounter {encounter_id}").format(encounter_id=encounter_id)
                )
            return encounter_id

    @guarded
    def encounter_text(self, encounter_id: int) -> str:
        """The stored state of an encounter as JSON text, for its model to validate; a
        value that cannot be one (too long, not text) is refused here, naming the
        encounter."""
        # Measured before it is fetched: a crafted row may hold a gigabyte.
        record = self._db.execute(
            "SELECT typeof(state), length(state) FROM encounters WHERE id = ?", (encounter_id,)
        ).fetchone()
        if record is None:
            raise LibraryError(
                _("there is no encounter {encounter_id}").format(encounter_id=encounter_id)
            )
        kind, size = record
        if kind != "text":
            raise LibraryError(
                _("encounter {encounter_id} could not be read: it holds no text").format(
                    encounter_id=encounter_id
                )
            )
        if size > MAX_STATE_CHARS:
            raise LibraryError(
                _(
                    "encounter {encounter_id} could not be read: it holds {size} "
                    "characters, more than the {MAX_STATE_CHARS} an encounter may"
                ).format(encounter_id=encounter_id, size=size, MAX_STATE_CHARS=MAX_STATE_CHARS)
            )
        (state,) = self._db.execute(
            "SELECT state FROM encounters WHERE id = ?", (encounter_id,)
        ).fetchone()
        return state

    @guarded
    def delete_encounter(self, encounter_id: int) -> None:
        with transaction(self._writable()) as db:
            db.execute("DELETE FROM encounters WHERE id = ?", (encounter_id,))
