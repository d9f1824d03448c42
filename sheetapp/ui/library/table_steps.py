"""Each thing a GM does at the table is one step on the library's undo stack.

A step is recorded from what the library held before and after it (the shown encounter
and the damage of every sheet in it), because the rules decide much of it while it is
done (where a hit lands, who is out, the initiative rolled). Undo and redo write one of
the two states back through the session, and the Table shows what was written.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from sheetapp.i18n import _
from sheetapp.play.damage import DamageError
from sheetapp.play.encounter import Encounter, EncounterError
from sheetapp.play.table import Table
from sheetapp.storage.library import Library, LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.library.encounter_chooser import EncounterChooser
from sheetapp.ui.library.session import LibrarySession

# What the table's rules refuse with a message to show (a step then changes nothing).
PLAY_ERRORS = (EncounterError, DamageError, LibraryError, ValueError)

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class TableState:
    """The shown encounter (and where it is saved) and each of its sheets' damage."""

    encounter_id: int | None
    encounter: Encounter
    damage: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]


class Playing(Protocol):
    """What a step needs of the Table panel."""

    session: LibrarySession
    table: Table | None
    chooser: EncounterChooser


def read_state(panel: Playing, also: frozenset[int] = frozenset()) -> TableState:
    """The state now; ``also``: sheets to read besides the encounter's own."""
    encounter = panel.chooser.encounter
    ids = {c.sheet_id for c in encounter.combatants if c.sheet_id is not None} | also
    library = panel.session.library
    damage = []
    for sheet_id in sorted(ids):
        try:
            taken = library.damage_taken(sheet_id) if library is not None else {}
        except LibraryError:
            continue  # gone from the library: nothing of it to put back
        damage.append((sheet_id, tuple(sorted(taken.items()))))
    return TableState(panel.chooser.encounter_id, encounter, tuple(damage))


def put_back(panel: Playing, state: TableState, encounter_id: int | None):
    """A write that makes ``state`` the library's and the Table's again."""

    def put(library: Library) -> LibraryChanges:
        for sheet_id, taken in state.damage:
            library.set_damage_taken(sheet_id, dict(taken))
        target = state.encounter_id if state.encounter_id is not None else encounter_id
        if target is not None and panel.table is not None:
            panel.table.save(state.encounter, target)
        panel.chooser.encounter, panel.chooser.encounter_id = state.encounter, target
        return LibraryChanges(play=True)

    return put


def table_step(text: str) -> Callable[[Callable[Concatenate[Any, P], R]], Callable[..., None]]:
    """Make a Table panel method one undoable step named ``text`` (nothing is recorded
    when it changed nothing: refused, a miss, cancelled). ``text`` is marked with ``N_``
    and translated as the step is recorded: a decorator runs at import, before the
    language is chosen."""

    def wrap(method: Callable[Concatenate[Any, P], R]) -> Callable[..., None]:
        @functools.wraps(method)
        def step(panel: Any, *args: P.args, **kwargs: P.kwargs) -> None:
            session = panel.session
            if not session.writable or panel.table is None:
                method(panel, *args, **kwargs)
                return
            before = read_state(panel)
            session.perform(
                lambda _library: method(panel, *args, **kwargs),
                lambda _result: LibraryChanges(play=True, initiator=panel),
            )
            after = read_state(panel, frozenset(i for i, _ in before.damage))
            if after != before:
                where = after.encounter_id
                undo, redo = put_back(panel, before, where), put_back(panel, after, where)
                session.push_step(_(text), undo, redo)

        return step

    return wrap
