"""The GM's tools for the Amazing Engine: NPCs made by the procedure (then named, given a
profession and kept within attribute ranges), XP awards split between character and core,
stamina before body, and advantage on the best Psyche.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from sheetapp.dice import Roller
from sheetapp.i18n import N_, _
from sheetapp.play.damage import DamageError, TrackState, find
from sheetapp.play.names import DEFAULT_LIST, name_list
from sheetapp.play.npcs import checked_ranges
from sheetapp.play.support import Choice, GmSupport, NpcRequest, XpAward, joined_note
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import (
    GENERIC_ID,
    builtin_universes,
    requested_universe,
)
from sheetapp.systems.amazing_engine.combat import advantage, attack_outcome
from sheetapp.systems.amazing_engine.generation import (
    prime_from_rolls,
    random_four_dice,
    random_rank_points,
    random_ranks,
    random_skills,
    roll_dice_for,
)
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Creation
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.roster import table_index
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.draws import pick
from sheetapp.systems.plugin import RequestError

STAMINA, BODY = "stamina", "body"
ADVANTAGE_BONUS = 5  # on actions against the other side while a side has the advantage


def _universe(universe_id: str | None) -> Universe:
    return requested_universe(builtin_universes(), universe_id or GENERIC_ID)


def universes() -> list[Choice]:
    """The shipped universes, the generic one first."""
    found = sorted(builtin_universes().values(), key=lambda u: (u.id != GENERIC_ID, u.name))
    return [Choice(u.id, u.shown_name) for u in found]


def professions(universe_id: str | None) -> list[Choice]:
    universe = _universe(universe_id)
    return [Choice(p.id, universe.profession_name(p)) for p in universe.professions]


def _rolled_character(roller: Roller, universe: Universe, profession: str) -> Character:
    """A character rolled like a prime one with random ranks, as ``sheetapp new --npc``
    does, but with the profession chosen before its skills."""
    ranks = random_ranks(roller)
    four = random_four_dice(roller)
    rolls = roll_dice_for(roller, {a: 4 if a in four else 3 for a in Attribute})
    points = random_rank_points(roller, ranks, rolls, universe.creation_cap)
    character = prime_from_rolls(
        universe, four_dice=four, rolls=rolls, rank_points=points, profession=profession
    )
    character.creation.method = "manual"
    return character


def _check_ranges(request: NpcRequest, universe: Universe) -> dict[Attribute, tuple[int, int]]:
    allowed = {a.value: (0, universe.attribute_max) for a in Attribute}
    return {Attribute(k): v for k, v in checked_ranges(request.ranges, allowed).items()}


def _within(roller: Roller, character: Character, ranges: dict[Attribute, tuple[int, int]]) -> bool:
    """Draw again, evenly within its range, every score that falls outside it; whether
    any score changed."""
    changed = False
    for attribute, (low, high) in ranges.items():
        score = character.attributes.get(attribute)
        if score is None or not low <= score <= high:
            character.attributes = {
                **character.attributes,
                attribute: low + roller.die(high - low + 1) - 1,
            }
            changed = True
    return changed


def generate(request: NpcRequest, roller: Roller) -> AmazingEngineSheet:
    universe = _universe(request.universe)
    ranges = _check_ranges(request, universe)
    if request.profession and universe.profession(request.profession) is None:
        known = ", ".join(p.id for p in universe.professions) or "none"
        raise RequestError(
            _("'{profession}' is not a profession of {name}; one of {known}").format(
                profession=request.profession, name=universe.name, known=known
            )
        )
    names = name_list(request.names or DEFAULT_LIST)
    if request.template is not None:
        character = _from_template(request.template)
        if request.profession:
            character.profession = request.profession
    else:
        profession = request.profession or (
            pick(roller, universe.professions).id if universe.professions else ""
        )
        character = _rolled_character(roller, universe, profession)
    if _within(roller, character, ranges):
        # The scores are the GM's choice now, not the rolls': keep no record to check.
        character.creation = Creation(method="manual")
    character.name = names.pick(roller)
    if request.template is None:
        character.skills = random_skills(roller, character, universe)
    return AmazingEngineSheet(core=None, characters=[character])


def _from_template(template: BaseModel) -> Character:
    if not isinstance(template, AmazingEngineSheet) or not template.characters:
        raise RequestError(_("the template must be an Amazing Engine sheet with a character"))
    # The character the sheet is played as: a core's prime may have retired since.
    character = template.characters[table_index(template) or 0].model_copy(deep=True)
    character.id = Character().id  # a new character, not the template's
    character.xp_ledger = []
    character.status = "active"
    if template.core is not None:  # an NPC has no core to have been made from
        character.creation = Creation(method="manual")
    return character


def award_xp(sheet: BaseModel, award: XpAward) -> AmazingEngineSheet:
    """The award goes to the sheet's first active character (and its core's share to the
    core)."""
    if not isinstance(sheet, AmazingEngineSheet):
        raise RequestError(_("not an Amazing Engine sheet"))
    active = [i for i, c in enumerate(sheet.characters) if c.status == "active"]
    if not active:
        if not sheet.characters:
            raise experience.XpRefused(_("this sheet has no character to take the XP"))
        first = sheet.characters[0]
        raise experience.XpRefused(
            _("{value} is {status}; no XP").format(
                value=first.name or "the character", status=first.status
            )
        )
    return experience.award(
        sheet, active[0], to_character=award.amount, to_core=award.core, note=award.note
    )


def add_note(sheet: BaseModel, text: str) -> AmazingEngineSheet:
    """A note goes to the notes of the character the sheet is played as at the table."""
    if not isinstance(sheet, AmazingEngineSheet):
        raise RequestError(_("not an Amazing Engine sheet"))
    index = table_index(sheet)
    if index is None:
        raise RequestError(_("this sheet has no character to take the note"))
    changed = sheet.model_copy(deep=True)
    character = changed.characters[index]
    character.notes = joined_note(character.notes, text)
    return changed


def route_damage(states: Sequence[TrackState], key: str) -> str:
    """Once stamina is gone, hits meant for stamina go to body."""
    keys = {s.key for s in states}
    if key == STAMINA and BODY in keys and find(states, STAMINA).current == 0:
        return BODY
    return key


def condition(states: Sequence[TrackState]) -> str:
    """No body left: dead; no stamina left: unconscious."""
    by_key = {s.key: s for s in states}
    if BODY in by_key and by_key[BODY].maximum > 0 and by_key[BODY].current == 0:
        return _("dead")
    if STAMINA in by_key and by_key[STAMINA].maximum > 0 and by_key[STAMINA].current == 0:
        return _("unconscious")
    return ""


def psyche(sheet: BaseModel) -> int | None:
    """The Psyche of the character played at the table (the advantage check's score)."""
    if not isinstance(sheet, AmazingEngineSheet):
        return None
    index = table_index(sheet)
    return None if index is None else sheet.characters[index].attributes.get(Attribute.PSYCHE)


AREAS = (
    Choice("general", N_("General")),
    Choice("non_vital", N_("Non-vital (lethality −2)")),
    Choice("vital", N_("Vital (lethality +3)")),
)


def attack(roll: int, chance: int, lethality: int, area: str) -> str:
    """Where an attack lands: "miss", or the track ("stamina" or "body") its ones digit
    against the area's lethality sends the damage to (``combat.attack_outcome``)."""
    if area not in {a.id for a in AREAS}:
        raise DamageError(
            _("'{area}' is not a target area; use general, non_vital or vital").format(area=area)
        )
    if not 1 <= roll <= 100:
        raise DamageError(_("an attack roll is 1 to 100 on d100, not {roll}").format(roll=roll))
    return attack_outcome(roll, chance, lethality, area)


SUPPORT = GmSupport(
    generate=generate,
    professions=professions,
    universes=universes,
    attributes=tuple(a.value for a in Attribute),
    attribute_label=lambda attribute: label(Attribute(attribute)),
    award_xp=award_xp,
    route_damage=route_damage,
    condition=condition,
    awareness=psyche,
    advantage=advantage,
    advantage_bonus=ADVANTAGE_BONUS,
    attack=attack,
    attack_areas=AREAS,
    add_note=add_note,
)
