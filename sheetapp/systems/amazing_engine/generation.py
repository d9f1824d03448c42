"""Making characters by the procedure: from dice a player rolled at the table, or at random.

The ``*_from_rolls`` builders take what a player entered and record it in the creation
record, so the rules can check it; the ``random_*`` functions make the choices a player
would make (uniformly where the rules leave them free) and then call the same builders.
Everything random goes through an injected Roller, so a seed reproduces a character.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine.kit import give_kit
from sheetapp.systems.amazing_engine.model import (
    AmazingEngineSheet,
    Character,
    Core,
    Creation,
    Skill,
)
from sheetapp.systems.amazing_engine.names import (
    FREE_DICE,
    POOL_ATTRIBUTES,
    PRIME_FOUR_DICE_COUNT,
    RANK_POINTS,
    Attribute,
    Pool,
    label,
)
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.systems.amazing_engine.universe import (
    Universe,
    free_skill_count,
    profession_skill_count,
)
from sheetapp.systems.draws import pick

T = TypeVar("T")


class GenerationError(ValueError):
    """The procedure cannot be carried out with these inputs; the message says why."""


def _shuffled(roller: Roller, items: Sequence[T]) -> list[T]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = roller.die(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


# --- building from what the player decided and rolled ------------------------------------


def prime_from_rolls(
    universe: Universe,
    *,
    four_dice: Sequence[Attribute],
    rolls: Mapping[Attribute, int],
    rank_points: Mapping[Attribute, int],
    name: str = "",
    profession: str = "",
    species: str | None = None,
) -> Character:
    """The prime character from its recorded rolls and rank points (``species``: one of
    the universe's, by default its first)."""
    return _character(
        universe,
        "prime",
        rolls,
        rank_points,
        name,
        profession,
        species,
        four_dice=list(four_dice),
    )


def from_core_from_rolls(
    universe: Universe,
    *,
    dice: Mapping[Attribute, int],
    rolls: Mapping[Attribute, int],
    rank_points: Mapping[Attribute, int],
    pool_dice: Mapping[Pool, int] | None = None,
    name: str = "",
    profession: str = "",
    species: str | None = None,
) -> Character:
    """A later character from the dice placed, the rolls and the rank points."""
    character = _character(
        universe, "from-core", rolls, rank_points, name, profession, species, dice=dict(dice)
    )
    if pool_dice is not None:
        character.creation.pool_dice = dict(pool_dice)
    return character


def _character(
    universe: Universe,
    method: str,
    rolls: Mapping[Attribute, int],
    rank_points: Mapping[Attribute, int],
    name: str,
    profession: str,
    species: str | None,
    **record: object,
) -> Character:
    if species is None or not any(s.id == species for s in universe.species):
        species = universe.species[0].id if universe.species else ""
    attributes = {
        a: rolls[a]
        + rank_points.get(a, 0)
        + universe.base_adjustment
        + universe.species_modifier(species, a)
        for a in rolls
    }
    return Character(
        name=name,
        universe=universe.id,
        profession=profession,
        species=species,
        attributes=attributes,
        creation=Creation(
            method=method,
            rolls=dict(rolls),
            rank_points={a: p for a, p in rank_points.items() if p},
            **record,
        ),
    )


# --- the choices, made at random -----------------------------------------------------------


def random_ranks(roller: Roller) -> dict[Pool, int]:
    ranks = _shuffled(roller, [1, 2, 3, 4])
    return dict(zip(Pool, ranks, strict=True))


def random_four_dice(roller: Roller) -> list[Attribute]:
    return sorted(
        _shuffled(roller, list(Attribute))[:PRIME_FOUR_DICE_COUNT], key=list(Attribute).index
    )


def roll_dice_for(roller: Roller, dice: Mapping[Attribute, int]) -> dict[Attribute, int]:
    return {a: sum(roller.dice(n, 10)) for a, n in dice.items()}


def random_rank_points(
    roller: Roller, ranks: Mapping[Pool, int], rolls: Mapping[Attribute, int], cap: int
) -> dict[Attribute, int]:
    """Split each pool's points between its attributes, never past the creation cap."""
    points: dict[Attribute, int] = {}
    for pool, (a, b) in POOL_ATTRIBUTES.items():
        total = RANK_POINTS[ranks[pool]]
        least = max(0, total - (cap - rolls[b]))
        most = min(total, cap - rolls[a])
        if least > most:
            raise GenerationError(
                f"{label(pool)}'s {total} rank points cannot be placed without passing "
                f"{cap} on {label(a)} or {label(b)}."
            )
        points[a] = least + roller.die(most - least + 1) - 1
        points[b] = total - points[a]
    return points


def random_placement(
    roller: Roller, pool_dice: Mapping[Pool, int], universe: Universe
) -> dict[Attribute, int]:
    """Place each pool's dice on its two attributes, then the free dice anywhere.

    Dice that find no room under the universe's cap are left over: a pool may hold more dice
    than its two attributes can take (the text warns against over-investing). Free dice go
    first to attributes that have none, as a player would place them: a score of 0 helps
    nobody.
    """
    cap = universe.dice_cap
    dice = dict.fromkeys(Attribute, 0)
    for pool, (a, b) in POOL_ATTRIBUTES.items():
        count = min(max(pool_dice.get(pool, 0), 0), 2 * cap)
        # Every attribute gets a die when the pool has two.
        floor = 1 if count >= 2 else 0
        least, most = max(floor, count - cap), min(count - floor, cap)
        dice[a] = least + roller.die(most - least + 1) - 1
        dice[b] = count - dice[a]
    for _ in range(FREE_DICE):
        room = [a for a in Attribute if dice[a] < cap]
        if not room:
            break
        empty = [a for a in room if dice[a] == 0]
        dice[pick(roller, empty or room)] += 1
    return dice


def random_skills(roller: Roller, character: Character, universe: Universe) -> list[Skill]:
    """Profession skills then free-choice skills, each only once its parents are known."""
    chosen: list[Skill] = []
    known: set[tuple[str, tuple[str, ...]]] = set()
    profession = universe.profession(character.profession)
    groups = set(profession.groups) if profession else set()
    wanted = (
        ("profession", profession_skill_count(character.attributes[Attribute.LEARNING]), groups),
        ("free", free_skill_count(character.attributes[Attribute.INTUITION]), None),
    )
    for source, count, allowed in wanted:
        for _ in range(count):
            candidates = [
                (group, path, node)
                for group, path, node in universe.walk_skills()
                if (allowed is None or group in allowed)
                and (group, path) not in known
                and (len(path) == 1 or (group, path[:-1]) in known)
            ]
            if not candidates:
                break
            group, path, node = pick(roller, candidates)
            known.add((group, path))
            chosen.append(Skill.from_tree(group, path, node, source))
    return chosen


def random_name(roller: Roller) -> str:
    """A pronounceable invented name, so a random sheet is easy to tell apart."""
    starts = [
        "Ar",
        "Bel",
        "Cor",
        "Da",
        "El",
        "Fen",
        "Gar",
        "Hal",
        "Is",
        "Jor",
        "Ka",
        "Lio",
        "Mar",
        "Nes",
        "Or",
        "Per",
        "Quil",
        "Ros",
        "Sa",
        "Tam",
        "Ul",
        "Ver",
        "Wyn",
        "Zel",
    ]
    middles = ["a", "e", "i", "o", "an", "el", "or", "is", "un", "ar"]
    ends = ["d", "n", "th", "ra", "ric", "wen", "mir", "sa", "ton", "vin", "ly", "dor"]
    first = pick(roller, starts) + pick(roller, ends)
    family = pick(roller, starts) + pick(roller, middles) + pick(roller, ends)
    return f"{first} {family}"


def _finish_random(roller: Roller, character: Character, universe: Universe) -> Character:
    character.name = random_name(roller)
    if universe.professions and not character.profession:
        character.profession = pick(roller, universe.professions).id
    character.skills = random_skills(roller, character, universe)
    give_kit(character, universe)
    return character


def random_prime_sheet(
    roller: Roller, universe: Universe, *, player: str = ""
) -> AmazingEngineSheet:
    """A Player Core with a complete prime character, made by the procedure."""
    ranks = random_ranks(roller)
    four = random_four_dice(roller)
    rolls = roll_dice_for(roller, {a: 4 if a in four else 3 for a in Attribute})
    points = random_rank_points(roller, ranks, rolls, universe.creation_cap)
    character = prime_from_rolls(universe, four_dice=four, rolls=rolls, rank_points=points)
    character.player = player
    _finish_random(roller, character, universe)
    return AmazingEngineSheet(core=Core(player=player, ranks=ranks), characters=[character])


def random_from_core(roller: Roller, sheet: AmazingEngineSheet, universe: Universe) -> Character:
    """A later character for ``sheet``'s core (the caller adds it to the sheet)."""
    if sheet.core is None:
        raise GenerationError("this sheet has no Player Core to make a character from")
    pools = current_pool_dice(sheet)
    if pools is None or sorted(sheet.core.ranks.values()) != [1, 2, 3, 4]:
        raise GenerationError("the core needs four different ranks from 1 to 4 and its pool dice")
    if any(count < 0 for count in pools.values()):
        raise GenerationError("the core's pool dice cannot be negative")
    dice = random_placement(roller, pools, universe)
    rolls = roll_dice_for(roller, dice)
    points = random_rank_points(roller, sheet.core.ranks, rolls, universe.creation_cap)
    character = from_core_from_rolls(
        universe, dice=dice, rolls=rolls, rank_points=points, pool_dice=pools
    )
    character.player = sheet.core.player
    character.creation.core_xp_entries = len(sheet.core.xp_ledger)
    return _finish_random(roller, character, universe)


def add_character(sheet: AmazingEngineSheet, character: Character) -> AmazingEngineSheet:
    """``sheet`` with ``character`` added, its making placed in the core ledger's order.

    The mark is what lets core XP reach it: only XP deposited before it was made may be
    transferred to it (see ``ledger.transfer_problem``).
    """
    new = sheet.model_copy(deep=True)
    added = character.model_copy(deep=True)
    if new.core is not None:
        added.creation.core_xp_entries = len(new.core.xp_ledger)
    new.characters.append(added)
    return new


def random_npc_sheet(roller: Roller, universe: Universe) -> AmazingEngineSheet:
    """A character with no Player Core, rolled like a prime character with random ranks."""
    ranks = random_ranks(roller)
    four = random_four_dice(roller)
    rolls = roll_dice_for(roller, {a: 4 if a in four else 3 for a in Attribute})
    points = random_rank_points(roller, ranks, rolls, universe.creation_cap)
    character = prime_from_rolls(universe, four_dice=four, rolls=rolls, rank_points=points)
    character.creation.method = "manual"
    _finish_random(roller, character, universe)
    return AmazingEngineSheet(core=None, characters=[character])


def blank_sheet(universe: Universe, *, npc: bool = False) -> AmazingEngineSheet:
    """An empty sheet to fill in: a core and a prime character, or a lone character."""
    character = Character(
        universe=universe.id, creation=Creation(method="manual" if npc else "prime")
    )
    return AmazingEngineSheet(core=None if npc else Core(), characters=[character])
