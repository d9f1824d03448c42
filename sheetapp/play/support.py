"""What the GM's tools need of a game system beyond its plugin: making NPCs with a name
list, a profession and attribute ranges, awarding XP (or why not), how a hit lands and
what the damage means, the score a side checks for advantage, and how each combatant rolls
alone for initiative where the system orders a round that way.

Each system may provide a ``SUPPORT`` object in the module its registry entry names as
``play``; a system without one still works with the generic behaviour (NPCs from its own
``new``, copies of a template, damage counted per track, order by initiative modifier or by
hand) and refuses what it cannot do with a message that says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.play.damage import DamageError, Hit, TrackState, take
from sheetapp.play.encounter import OwnInitiative, OwnRule
from sheetapp.systems.plugin import NewOptions, RequestError, Track
from sheetapp.systems.registry import get_system, modules


@dataclass(frozen=True)
class Choice:
    """An option a form offers: a stable id and what a person reads."""

    id: str
    label: str


@dataclass(frozen=True)
class NpcRequest:
    """What a batch of NPCs should be.

    ``profession`` is one of the system's professions (see ``GmSupport.professions``);
    ``template`` is a sheet whose (first) character every NPC copies; ``ranges`` maps an
    attribute to the lowest and highest score wanted; ``names`` is a name list id (None:
    the system's default way of naming).
    """

    system: str
    universe: str | None = None
    profession: str | None = None
    template: BaseModel | None = None
    ranges: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    names: str | None = None


@dataclass(frozen=True)
class XpAward:
    """XP given to a character; ``core`` is the part that goes to its player's core (an
    Amazing Engine award is split at once between character and core)."""

    amount: int
    core: int = 0
    note: str = ""


def joined_note(notes: str, text: str) -> str:
    """``text`` as a new paragraph after the notes already written."""
    return f"{notes.rstrip()}\n\n{text}" if notes.strip() else text


def append_to_notes(sheet: BaseModel, text: str) -> BaseModel:
    """The generic note: a new paragraph of the sheet's own ``notes`` field."""
    if "notes" not in type(sheet).model_fields:
        raise RequestError(_("this system's sheets keep no notes to add to"))
    changed = sheet.model_copy(deep=True)
    changed.notes = joined_note(changed.notes, text)  # type: ignore[attr-defined]
    return changed


def route_to_named_track(_states: Sequence[TrackState], key: str) -> str:
    return key


def down_at_zero(states: Sequence[TrackState]) -> str:
    """The generic condition: "down" when any track is empty."""
    return "down" if any(s.maximum > 0 and s.current <= 0 for s in states) else ""


@dataclass(frozen=True)
class GmSupport:
    generate: Callable[[NpcRequest, Roller], BaseModel]
    professions: Callable[[str | None], list[Choice]] = field(default=lambda _universe: [])
    # The universes NPCs can be made in (``NpcRequest.universe``); [] when the system has none.
    universes: Callable[[], list[Choice]] = field(default=lambda: [])
    attributes: tuple[str, ...] = ()  # what ``NpcRequest.ranges`` may name
    # An attribute's name in the reader's language, by its id (the system's names table).
    attribute_label: Callable[[str], str] = str
    award_xp: Callable[[BaseModel, XpAward], BaseModel] | None = None
    route_damage: Callable[[Sequence[TrackState], str], str] = route_to_named_track
    condition: Callable[[Sequence[TrackState]], str] = down_at_zero
    # The score a side checks for advantage at the start of a fight (Amazing Engine: the
    # best Psyche); None when the system has no such check.
    awareness: Callable[[BaseModel], int | None] = field(default=lambda _sheet: None)
    # (first side's roll, its best awareness, other side's roll, its best) -> outcome
    advantage: Callable[[int, int, int, int], str] | None = None
    advantage_bonus: int = 0  # +bonus to the side with the advantage, -bonus to the other
    initiative_die: int = 10  # each side rolls one die of this size plus its best modifier
    # Why the system awards no XP (the rules text has none), for a refusal that says so.
    no_xp: str = ""
    # One-box tracks the table keeps beside the sheet's own (a kill, a knockout the tracks
    # do not show); hurt 1 to mark one, heal 1 to clear it.
    marks: tuple[Track, ...] = ()
    # One hit as the system lands it when more than routing is needed (secondary damage,
    # overflow to another track, a result read against the sheet's thresholds): (sheet,
    # tracks, the track aimed at, an amount or one of ``results``) -> the hit. None: the
    # amount lands where ``route_damage`` says.
    land: Callable[[BaseModel, Sequence[TrackState], str, int | str], Hit] | None = None
    results: tuple[Choice, ...] = ()  # named hit results ``land`` takes besides amounts
    amount_label: str = "points"  # what an amount of damage counts, for the forms
    # Whether the damage takes a combatant out of the fight; None: any condition does.
    out: Callable[[Sequence[TrackState]], bool] | None = None
    # The condition when it depends on the sheet as well (a house rule); None: ``condition``.
    describe: Callable[[BaseModel, Sequence[TrackState]], str] | None = None
    # Where each combatant rolls alone for its place in the round (d6 pool, Alternity):
    # what a sheet rolls, hurt as it is, and how the rolls are read.
    own_initiative: Callable[[BaseModel, Sequence[TrackState]], OwnInitiative | None] | None = None
    own_rule: OwnRule | None = None
    # Where an attack lands, read from its roll (Amazing Engine: the d100 against the
    # attacker's chance for the area, then the ones digit against the lethality): (roll,
    # chance, lethality, area) -> "miss" or the key of the track the damage goes to. None:
    # the GM picks the track.
    attack: Callable[[int, int, int, str], str] | None = None
    attack_areas: tuple[Choice, ...] = ()  # the target areas ``attack`` takes
    # A note the GM adds to a sheet (a campaign request): where the system keeps its
    # notes; by default a paragraph after the sheet's ``notes``. Raises ValueError with a
    # reason when the sheet cannot take it.
    add_note: Callable[[BaseModel, str], BaseModel] = append_to_notes

    def hit(
        self, sheet: BaseModel, states: Sequence[TrackState], track: str, amount: int | str
    ) -> Hit:
        """One hit of ``amount`` (or a named result) meant for ``track``, by the rules."""
        if self.land is not None:
            return self.land(sheet, states, track, amount)
        if isinstance(amount, str):
            raise DamageError(
                _("'{amount}' is not a number; this system names no hit results").format(
                    amount=amount
                )
            )
        return take(states, self.route_damage(states, track), amount)

    def is_out(self, states: Sequence[TrackState]) -> bool:
        """Whether the damage takes a combatant out of the fight."""
        return self.out(states) if self.out is not None else bool(self.condition(states))

    def condition_of(self, sheet: BaseModel, states: Sequence[TrackState]) -> str:
        """What the damage means for this sheet ("" when unhurt)."""
        return self.describe(sheet, states) if self.describe is not None else self.condition(states)


def _generic_npc(request: NpcRequest, roller: Roller) -> BaseModel:
    system = get_system(request.system)
    missing = [
        what
        for what, asked in (
            (_("a profession"), request.profession),
            (_("attribute ranges"), request.ranges),
            (_("name lists"), request.names),
        )
        if asked
    ]
    if missing:
        raise RequestError(
            _(
                "{name} NPCs cannot be made with {join} yet; leave them out, or "
                "use a template sheet"
            ).format(name=system.name, join=" or ".join(missing))
        )
    if request.template is not None:
        return request.template.model_copy(deep=True)
    options = NewOptions(
        universe=request.universe, random=True, seed=roller.rng.randrange(2**31), npc=True
    )
    return system.new(options)


GENERIC = GmSupport(generate=_generic_npc)


@cache
def gm_support(system_id: str) -> GmSupport:
    """The system's GM support, or the generic one; an unknown system is refused with the
    known ones listed."""
    module = modules(system_id).play
    return import_module(module).SUPPORT if module else GENERIC
