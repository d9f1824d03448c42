"""Play at the table over the library: damage on each sheet's tracks and encounters made
of library sheets, stored apart from the sheets (a fight never changes a sheet).

The rules come from the systems: ``plugin.tracks`` and ``plugin.initiative_modifier`` on
the plugin, where hits land and what 0 means from ``GmSupport``.
"""

from __future__ import annotations

from collections.abc import Mapping

from sheetapp.dice import Roller
from sheetapp.play import encounter as enc
from sheetapp.play.damage import Hit, TrackState, heal, take, taken, track_states
from sheetapp.play.encounter import Combatant, Encounter, EncounterError
from sheetapp.play.support import GENERIC, GmSupport, gm_support
from sheetapp.storage.library import Library, LibraryError
from sheetapp.systems.registry import get_system


class Table:
    """The play state of one open library."""

    def __init__(self, library: Library) -> None:
        self.library = library

    # --- damage ----------------------------------------------------------------------------

    def tracks(self, sheet_id: int) -> tuple[TrackState, ...]:
        """The sheet's tracks (from its system) with the damage taken on each."""
        sheet = self.library.load(sheet_id)
        tracks = get_system(sheet.system).tracks(sheet)  # type: ignore[attr-defined]
        return track_states(tracks, self.library.damage_taken(sheet_id))

    def condition(self, sheet_id: int) -> str:
        """What the damage means ("unconscious", "dead", "down"...; "" when able)."""
        return self._support(sheet_id).condition(self.tracks(sheet_id))

    def hurt(self, sheet_id: int, track: str, amount: int) -> Hit:
        """Damage meant for ``track``; the system decides where it lands (Amazing Engine:
        on body once stamina is gone). The result says what was absorbed and ignored."""
        states = self.tracks(sheet_id)
        hit = take(states, self._support(sheet_id).route_damage(states, track), amount)
        self.library.set_damage_taken(sheet_id, taken(hit.tracks))
        return hit

    def heal(self, sheet_id: int, track: str, amount: int) -> tuple[TrackState, ...]:
        states = heal(self.tracks(sheet_id), track, amount)
        self.library.set_damage_taken(sheet_id, taken(states))
        return states

    def recover(self, sheet_id: int) -> None:
        """Every track back to its maximum."""
        self.library.set_damage_taken(sheet_id, {})

    def _support(self, sheet_id: int) -> GmSupport:
        return gm_support(self.library.row(sheet_id).system)

    # --- encounters ------------------------------------------------------------------------

    def combatant(self, sheet_id: int, side: str, key: str | None = None) -> Combatant:
        """A library sheet as it stands now: name, modifiers, and out when its damage has
        taken it out of the fight."""
        sheet = self.library.load(sheet_id)
        system_id: str = sheet.system  # type: ignore[attr-defined]
        support = gm_support(system_id)
        states = track_states(
            get_system(system_id).tracks(sheet), self.library.damage_taken(sheet_id)
        )
        return Combatant(
            key=key or f"sheet-{sheet_id}",
            name=self.library.row(sheet_id).name or f"Sheet {sheet_id}",
            side=side,
            sheet_id=sheet_id,
            modifier=get_system(system_id).initiative_modifier(sheet),
            awareness=support.awareness(sheet),
            out=bool(support.condition(states)),
        )

    def join(self, encounter: Encounter, sheet_id: int, side: str) -> Encounter:
        """Add a library sheet to ``encounter`` (again, if the GM wants two of it)."""
        used = {c.key for c in encounter.combatants}
        key, n = f"sheet-{sheet_id}", 2
        while key in used:
            key, n = f"sheet-{sheet_id}-{n}", n + 1
        return enc.add(encounter, self.combatant(sheet_id, side, key))

    def refresh(self, encounter: Encounter) -> Encounter:
        """Names, modifiers and who is out, read again from the library (after damage or an
        edit); sheets deleted since are marked out."""
        updated = encounter
        for c in encounter.combatants:
            if c.sheet_id is None:
                continue
            try:
                fresh = self.combatant(c.sheet_id, c.side, c.key)
            except LibraryError:
                updated = enc.change(updated, c.key, out=True)
                continue
            updated = enc.change(
                updated,
                c.key,
                name=fresh.name,
                modifier=fresh.modifier,
                awareness=fresh.awareness,
                out=fresh.out,
            )
        return updated

    def check_advantage(
        self, encounter: Encounter, first: str, second: str, first_roll: int, second_roll: int
    ) -> Encounter:
        """The system's advantage check before round 1 (refused when it has none)."""
        support = self._encounter_support(encounter)
        if support.advantage is None:
            raise EncounterError("this system has no advantage check; order the first round")
        return enc.check_advantage(
            encounter,
            first,
            second,
            first_roll,
            second_roll,
            rule=support.advantage,
            bonus=support.advantage_bonus,
        )

    def next_round(
        self,
        encounter: Encounter,
        roller: Roller | None = None,
        *,
        rolls: Mapping[str, int] | None = None,
    ) -> Encounter:
        """Refresh from the library, then order the next round by the system's rules."""
        fresh = self.refresh(encounter)
        die = self._encounter_support(fresh).initiative_die
        return enc.next_round(fresh, roller, rolls=rolls, die=die)

    def save(self, encounter: Encounter, encounter_id: int | None = None) -> int:
        return self.library.save_encounter(encounter.name, encounter.as_dict(), encounter_id)

    def load(self, encounter_id: int) -> Encounter:
        return Encounter.from_dict(self.library.encounter_state(encounter_id))

    def _encounter_support(self, encounter: Encounter) -> GmSupport:
        """The support of the first library sheet's system (generic for only events)."""
        for c in encounter.combatants:
            if c.sheet_id is not None:
                try:
                    return self._support(c.sheet_id)
                except LibraryError:
                    continue
        return GENERIC
