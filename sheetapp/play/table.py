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
from sheetapp.i18n import _
from sheetapp.play import encounter as enc
from sheetapp.play.damage import DamageError, Hit, TrackState, heal, taken, track_states
from sheetapp.play.encounter import Combatant, Encounter, EncounterError
from sheetapp.play.support import GENERIC, GmSupport, gm_support
from sheetapp.storage.library import Library, LibraryError
from sheetapp.systems.registry import get_system


class Table:
    """The play state of one open library."""

    def __init__(self, library: Library) -> None:
        self.library = library

    # --- damage ----------------------------------------------------------------------------

    def characters(self, sheet_id: int) -> list[tuple[int, str]]:
        """The characters of the sheet the GM may choose among, as (index, name); empty when
        the sheet is played as one character."""
        sheet = self.library.load(sheet_id)
        return get_system(sheet.system).table_characters(sheet)  # type: ignore[attr-defined]

    def tracks(self, sheet_id: int, *, character: int | None = None) -> tuple[TrackState, ...]:
        """The tracks of the sheet's character (from its system, then the system's table
        marks) with the damage taken on each. ``character`` picks one of ``characters``;
        None plays the sheet as its system chooses."""
        return self._state(sheet_id, character)[1]

    def condition(self, sheet_id: int, *, character: int | None = None) -> str:
        """What the damage means ("unconscious", "dead", "flesh wound: BODY -1"...; ""
        when unhurt). ``is_out`` says whether it takes the character out of the fight."""
        sheet, states, _unused = self._state(sheet_id, character)
        return self._support(sheet_id).condition_of(sheet, states)

    def is_out(self, sheet_id: int, *, character: int | None = None) -> bool:
        """Whether the damage takes the character out of the fight."""
        return self._support(sheet_id).is_out(self.tracks(sheet_id, character=character))

    def hurt(self, sheet_id: int, track: str, amount: int, *, character: int | None = None) -> Hit:
        """Damage meant for ``track``; the system decides where it lands (Amazing Engine:
        on body once stamina is gone) and what the amount counts (``amount_label``). The
        result says what was absorbed and ignored."""
        return self._land(sheet_id, track, amount, character)

    def hit(self, sheet_id: int, track: str, result: str, *, character: int | None = None) -> Hit:
        """A hit given as one of the system's named results (``GmSupport.results``:
        Forgotten Futures "F" or "I+KO", an Amplitude Engine "U" or "K")."""
        return self._land(sheet_id, track, result, character)

    def attack(
        self,
        sheet_id: int,
        roll: int,
        chance: int,
        lethality: int,
        area: str,
        damage: int,
        *,
        character: int | None = None,
    ) -> tuple[str, Hit | None]:
        """An attack on the sheet's character, read by the system's rule: where it lands
        ("miss", or a track key) and, on a hit, ``damage`` landed there (Amazing Engine: on
        stamina or body by the ones digit and the lethality, then body once stamina is gone).
        """
        rule = self._support(sheet_id).attack
        if rule is None:
            raise DamageError(_("this system reads no attack rolls; choose the track by hand"))
        where = rule(roll, chance, lethality, area)
        if where == "miss":
            return where, None
        return where, self._land(sheet_id, where, damage, character)

    def _land(self, sheet_id: int, track: str, amount: int | str, character: int | None) -> Hit:
        sheet, states, prefix = self._state(sheet_id, character)
        hit = self._support(sheet_id).hit(sheet, states, track, amount)
        self._store(sheet_id, prefix, taken(hit.tracks))
        return hit

    def _state(
        self, sheet_id: int, character: int | None
    ) -> tuple[BaseModel, tuple[TrackState, ...], str]:
        """The sheet as played (narrowed to its character), its tracks with the damage
        taken, and the prefix that character's damage is stored under."""
        whole = self.library.load(sheet_id)
        system_id: str = whole.system  # type: ignore[attr-defined]
        sheet, prefix = get_system(system_id).focus(whole, character)
        tracks = [*get_system(system_id).tracks(sheet), *gm_support(system_id).marks]
        return sheet, track_states(tracks, self._taken(sheet_id, prefix)[0]), prefix

    def _taken(self, sheet_id: int, prefix: str) -> tuple[dict[str, int], dict[str, int]]:
        """The damage stored under ``prefix`` (prefix removed) and everything else."""
        mine: dict[str, int] = {}
        others: dict[str, int] = {}
        for key, value in self.library.damage_taken(sheet_id).items():
            rest = key[len(prefix) :]
            if key.startswith(prefix) and "/" not in rest:
                mine[rest] = value
            else:
                others[key] = value
        return mine, others

    def _store(self, sheet_id: int, prefix: str, damage: Mapping[str, int]) -> None:
        others = self._taken(sheet_id, prefix)[1]
        self.library.set_damage_taken(
            sheet_id, {**others, **{prefix + key: value for key, value in damage.items()}}
        )

    def heal(
        self, sheet_id: int, track: str, amount: int, *, character: int | None = None
    ) -> tuple[TrackState, ...]:
        _unused, states, prefix = self._state(sheet_id, character)
        healed = heal(states, track, amount)
        self._store(sheet_id, prefix, taken(healed))
        return healed

    def recover(self, sheet_id: int, *, character: int | None = None) -> None:
        """Every track of the character back to its maximum."""
        self._store(sheet_id, self._state(sheet_id, character)[2], {})

    def _support(self, sheet_id: int) -> GmSupport:
        return gm_support(self.library.row(sheet_id).system)

    # --- encounters ------------------------------------------------------------------------

    def combatant(
        self, sheet_id: int, side: str, key: str | None = None, *, character: int | None = None
    ) -> Combatant:
        """A library sheet (as ``character``, where it holds several) as it stands now: name,
        modifiers, and out when its damage has taken it out of the fight."""
        sheet, states, _unused = self._state(sheet_id, character)
        system_id: str = sheet.system  # type: ignore[attr-defined]
        support = gm_support(system_id)
        own = support.own_initiative(sheet, states) if support.own_initiative else None
        name = self.library.row(sheet_id).name
        if character is not None:  # named as the character chosen, not as the sheet's row
            name = get_system(system_id).roster(sheet).name or name
        return Combatant(
            key=key or f"sheet-{sheet_id}",
            name=name or _("Sheet {sheet_id}").format(sheet_id=sheet_id),
            side=side,
            sheet_id=sheet_id,
            character=character,
            modifier=get_system(system_id).initiative_modifier(sheet),
            awareness=support.awareness(sheet),
            out=support.is_out(states),
            own=own,
        )

    def join(
        self, encounter: Encounter, sheet_id: int, side: str, *, character: int | None = None
    ) -> Encounter:
        """Add a library sheet to ``encounter`` (again, if the GM wants two of it)."""
        used = {c.key for c in encounter.combatants}
        key, n = f"sheet-{sheet_id}", 2
        while key in used:
            key, n = f"sheet-{sheet_id}-{n}", n + 1
        return enc.add(encounter, self.combatant(sheet_id, side, key, character=character))

    def refresh(self, encounter: Encounter) -> Encounter:
        """Names, modifiers and who is out, read again from the library (after damage or an
        edit); sheets deleted since are marked out."""
        updated = encounter
        for c in encounter.combatants:
            if c.sheet_id is None:
                continue
            try:
                fresh = self.combatant(c.sheet_id, c.side, c.key, character=c.character)
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
            raise EncounterError(_("this system has no advantage check; order the first round"))
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
        such as "good"). Combatants of several systems cannot share one rule:
        ``MixedSystems`` says so unless each one's number was typed (by key, higher first)
        or the GM orders the rounds by hand."""
        fresh = self.refresh(encounter)
        each = self.mixed(fresh) and not fresh.by_hand
        if each and not rolls:
            raise enc.MixedSystems(_(enc.MIXED_SYSTEMS))
        support = self._encounter_support(fresh)
        return enc.next_round(
            fresh,
            roller,
            rolls=rolls,
            die=support.initiative_die,
            rule=support.own_rule,
            each=each,
        )

    def mixed(self, encounter: Encounter) -> bool:
        """Whether the sheets still in the fight come from more than one system (events,
        which roll a plain die, go with any)."""
        systems = set()
        for c in encounter.combatants:
            if c.sheet_id is not None and not c.out:
                try:
                    systems.add(self.library.row(c.sheet_id).system)
                except LibraryError:
                    continue
        return len(systems) > 1

    def save(self, encounter: Encounter, encounter_id: int | None = None) -> int:
        return self.library.save_encounter(encounter.name, encounter.as_dict(), encounter_id)

    def load(self, encounter_id: int) -> Encounter:
        """A saved encounter; ``EncounterError`` or ``LibraryError`` (one line naming the
        encounter) when what is stored cannot be one."""
        return Encounter.from_json(
            self.library.encounter_text(encounter_id),
            _("encounter {encounter_id}").format(encounter_id=encounter_id),
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
