"""Play at the table over the library: damage on each sheet's tracks and encounters made
of library sheets, stored apart from the sheets (a fight never changes a sheet).

The rules come from the systems: ``plugin.tracks`` and ``plugin.initiative_modifier`` on
the plugin; the table's own marks (a kill, a knockout), where hits land, what the damage
means and each combatant's own initiative from ``GmSupport``.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.play import encounter as enc
from sheetapp.play.damage import Hit, TrackState, heal, taken, track_states
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
        """The sheet's tracks (from its system, then the system's table marks) with the
        damage taken on each."""
        return self._state(sheet_id)[1]

    def condition(self, sheet_id: int) -> str:
        """What the damage means ("unconscious", "dead", "flesh wound: BODY -1"...; ""
        when unhurt). ``is_out`` says whether it takes the character out of the fight."""
        sheet, states = self._state(sheet_id)
        return self._support(sheet_id).condition_of(sheet, states)

    def is_out(self, sheet_id: int) -> bool:
        """Whether the damage takes the character out of the fight."""
        return self._support(sheet_id).is_out(self.tracks(sheet_id))

    def hurt(self, sheet_id: int, track: str, amount: int) -> Hit:
        """Damage meant for ``track``; the system decides where it lands (Amazing Engine:
        on body once stamina is gone) and what the amount counts (``amount_label``). The
        result says what was absorbed and ignored."""
        return self._land(sheet_id, track, amount)

    def hit(self, sheet_id: int, track: str, result: str) -> Hit:
        """A hit given as one of the system's named results (``GmSupport.results``:
        Forgotten Futures "F" or "I+KO", an Amplitude Engine "U" or "K")."""
        return self._land(sheet_id, track, result)

    def _land(self, sheet_id: int, track: str, amount: int | str) -> Hit:
        sheet, states = self._state(sheet_id)
        hit = self._support(sheet_id).hit(sheet, states, track, amount)
        self.library.set_damage_taken(sheet_id, taken(hit.tracks))
        return hit

    def _state(self, sheet_id: int) -> tuple[BaseModel, tuple[TrackState, ...]]:
        sheet = self.library.load(sheet_id)
        system_id: str = sheet.system  # type: ignore[attr-defined]
        tracks = [*get_system(system_id).tracks(sheet), *gm_support(system_id).marks]
        return sheet, track_states(tracks, self.library.damage_taken(sheet_id))

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
        sheet, states = self._state(sheet_id)
        system_id: str = sheet.system  # type: ignore[attr-defined]
        support = gm_support(system_id)
        own = support.own_initiative(sheet, states) if support.own_initiative else None
        return Combatant(
            key=key or f"sheet-{sheet_id}",
            name=self.library.row(sheet_id).name or f"Sheet {sheet_id}",
            side=side,
            sheet_id=sheet_id,
            modifier=get_system(system_id).initiative_modifier(sheet),
            awareness=support.awareness(sheet),
            out=support.is_out(states),
            own=own,
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
                own=fresh.own,
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
        rolls: Mapping[str, int | str] | None = None,
    ) -> Encounter:
        """Refresh from the library, then order the next round by the system's rules.
        ``rolls`` holds what was rolled at the table: a side's die, or where each combatant
        rolls alone its result by combatant key (d6 pool: successes; Alternity: a degree
        such as "good")."""
        fresh = self.refresh(encounter)
        support = self._encounter_support(fresh)
        return enc.next_round(
            fresh, roller, rolls=rolls, die=support.initiative_die, rule=support.own_rule
        )

    def save(self, encounter: Encounter, encounter_id: int | None = None) -> int:
        return self.library.save_encounter(encounter.name, encounter.as_dict(), encounter_id)

    def load(self, encounter_id: int) -> Encounter:
        """A saved encounter; ``EncounterError`` or ``LibraryError`` (one line naming the
        encounter) when what is stored cannot be one."""
        return Encounter.from_json(
            self.library.encounter_text(encounter_id), f"encounter {encounter_id}"
        )

    def encounter_problems(self) -> list[str]:
        """Why each saved encounter that cannot be read cannot (empty: all read)."""
        problems = []
        for entry in self.library.encounters():
            try:
                self.load(entry.id)
            except (EncounterError, LibraryError) as exc:
                problems.append(str(exc))
        return problems

    def _encounter_support(self, encounter: Encounter) -> GmSupport:
        """The support of the first library sheet's system (generic for only events)."""
        for c in encounter.combatants:
            if c.sheet_id is not None:
                try:
                    return self._support(c.sheet_id)
                except LibraryError:
                    continue
        return GENERIC
