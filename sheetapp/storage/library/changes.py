"""What changed in a library, as the views that show it need to know.

Every writer in the app says what its write changed (``LibraryChanges``); a change made by
another program (the command line, another window) is found by comparing ``ChangeMarks``
taken before and after, so both reach the views as the same value. Anki's operations
report ``OpChanges`` the same way, and every screen decides from them what to redraw.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field

# Per sheet: current revision, when trashed (None: in the roster), campaign, tags.
SheetMark = tuple[int, float | None, str, str]


@dataclass(frozen=True)
class LibraryChanges:
    """Sheets added, given a new revision (``changed``), refiled (campaign or tags),
    trashed or brought back; whether play at the table changed; ``everything`` when the
    writer cannot say (the views read it all again). ``label`` names the step for an open
    tab that follows it ("Restore revision 3"); ``outside``: another program made it.
    ``initiator`` is the object that asked for it, so it can skip redrawing itself."""

    added: tuple[int, ...] = ()
    changed: tuple[int, ...] = ()
    filed: tuple[int, ...] = ()
    trashed: tuple[int, ...] = ()
    untrashed: tuple[int, ...] = ()
    play: bool = False
    everything: bool = False
    label: str = ""
    outside: bool = False
    initiator: object = field(default=None, compare=False)

    def touched(self) -> tuple[int, ...]:
        """Every sheet named, each once."""
        ids = (*self.added, *self.changed, *self.filed, *self.trashed, *self.untrashed)
        return tuple(dict.fromkeys(ids))

    def roster(self) -> bool:
        """Whether the roster's rows may differ."""
        return self.everything or bool(self.touched())

    def __bool__(self) -> bool:
        return self.everything or self.play or bool(self.touched())


@dataclass(frozen=True)
class ChangeMarks:
    """Enough of a library's state to tell what another program changed in it."""

    sheets: dict[int, SheetMark]
    play: int  # a digest of the damage taken and the saved encounters

    def since(self, before: ChangeMarks) -> LibraryChanges:
        """What changed from ``before`` to these marks."""
        added, changed, filed, trashed, untrashed = [], [], [], [], []
        for sheet_id, (head, gone, campaign, tags) in self.sheets.items():
            old = before.sheets.get(sheet_id)
            if old is None:
                (trashed if gone is not None else added).append(sheet_id)
                continue
            if (old[1] is None) != (gone is None):
                (trashed if gone is not None else untrashed).append(sheet_id)
            if old[0] != head:
                changed.append(sheet_id)
            if old[2:] != (campaign, tags):
                filed.append(sheet_id)
        # Gone from the file while in the roster (emptied from the trash they were already
        # out of every view): the views drop them as they drop trashed ones.
        trashed += [i for i, old in before.sheets.items() if i not in self.sheets and not old[1]]
        return LibraryChanges(
            tuple(added),
            tuple(changed),
            tuple(filed),
            tuple(trashed),
            tuple(untrashed),
            play=self.play != before.play,
            outside=True,
        )


def read_marks(db: sqlite3.Connection, ids: Sequence[int] | None = None) -> ChangeMarks:
    """The marks of ``ids`` (every sheet when None) and of the play state."""
    sql = (
        "SELECT s.id, s.head, s.trashed, s.campaign, "
        "(SELECT group_concat(tag, char(31)) FROM "
        "(SELECT tag FROM tags t WHERE t.sheet_id = s.id UNION ALL SELECT character_id || "
        "char(30) || tag FROM character_tags k WHERE k.sheet_id = s.id UNION ALL "
        "SELECT character_id || char(29) || campaign FROM character_campaigns g "
        "WHERE g.sheet_id = s.id ORDER BY 1)) FROM sheets s"
    )
    sheets: dict[int, SheetMark] = {}
    chunks = [None] if ids is None else [ids[i : i + 500] for i in range(0, len(ids), 500)]
    for chunk in chunks:
        where = "" if chunk is None else f" WHERE s.id IN ({','.join('?' * len(chunk))})"
        for sheet_id, head, trashed, campaign, tags in db.execute(sql + where, chunk or ()):
            sheets[sheet_id] = (head, trashed, str(campaign), str(tags or ""))
    damage = tuple(db.execute("SELECT sheet_id, track, taken FROM damage ORDER BY 1, 2"))
    encounters = tuple(db.execute("SELECT id, updated, length(state) FROM encounters"))
    return ChangeMarks(sheets, hash((damage, encounters)))
