"""Making characters by the procedure, at random, or a blank sheet to fill in.

The random character follows the steps a player takes: roll 6d6 and share the total
among the attributes (1..6 each), maybe take a negative trait, buy positive traits with
some trait points, and spend every skill point (and any trait points left) on skills. It
ends with a weapon from the sample gear. Everything random goes through an injected
Roller, so a seed reproduces a character.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sheetapp.dice import Roller
from sheetapp.systems.d6_pool.catalog import EQUIPMENT, SKILLS, TRAITS, item_line
from sheetapp.systems.d6_pool.creation import budget
from sheetapp.systems.d6_pool.model import D6PoolSheet, Item, Skill, Trait
from sheetapp.systems.d6_pool.names import ATTRIBUTE_DICE, MAX_RATING, MIN_RATING, Attribute
from sheetapp.systems.draws import pick

_STARTS = (
    "Ada",
    "Bram",
    "Cass",
    "Dex",
    "Edda",
    "Finn",
    "Gus",
    "Hale",
    "Iris",
    "Jude",
    "Kit",
    "Lou",
    "Mae",
    "Ned",
    "Oona",
    "Pike",
    "Quinn",
    "Rae",
    "Sol",
    "Tess",
    "Vic",
    "Wren",
)
_FAMILIES = (
    "Ashby",
    "Blake",
    "Crane",
    "Dunn",
    "Ellis",
    "Frost",
    "Grey",
    "Hart",
    "Irving",
    "Kane",
    "Lowe",
    "Marsh",
    "Noble",
    "Orr",
    "Price",
    "Reyes",
    "Stone",
    "Vance",
    "Wade",
)
_CONCEPTS = (
    "Gumshoe",
    "Getaway driver",
    "Ship's mechanic",
    "Bush pilot",
    "Demolitions expert",
    "Bodyguard",
    "Smuggler",
    "Lifeguard",
    "Bounty hunter",
    "Stunt double",
)


def share_points(roller: Roller, total: int, count: int) -> list[int]:
    """``total`` points over ``count`` ratings of 1..6 each, one point at a time at random.

    >>> sorted(share_points(Roller(1), 36, 6))
    [6, 6, 6, 6, 6, 6]
    """
    return share_within(roller, total, [(MIN_RATING, MAX_RATING)] * count)


def share_within(roller: Roller, total: int, bounds: Sequence[tuple[int, int]]) -> list[int]:
    """``total`` points over ratings each within its (low, high), one point at a time.

    >>> share_within(Roller(1), 9, [(1, 1), (2, 6), (4, 4)])
    [1, 4, 4]
    """
    if not sum(low for low, _ in bounds) <= total <= sum(high for _, high in bounds):
        shown = ", ".join(f"{low} to {high}" for low, high in bounds)
        raise ValueError(f"{total} points do not fit ratings of {shown}")
    ratings = [low for low, _ in bounds]
    for _ in range(total - sum(ratings)):
        room = [i for i, r in enumerate(ratings) if r < bounds[i][1]]
        ratings[pick(roller, room)] += 1
    return ratings


def random_name(roller: Roller) -> str:
    return f"{pick(roller, _STARTS)} {pick(roller, _FAMILIES)}"


def random_sheet(
    roller: Roller, *, npc: bool = False, ranges: Mapping[Attribute, tuple[int, int]] | None = None
) -> D6PoolSheet:
    """A character made by the procedure. With ``ranges`` each attribute stays in its range
    (1 to 6): the 6d6 total is kept when the ranges can hold it, else brought to the
    nearest total they can, and the sheet records the total its attributes share."""
    roll = sum(roller.dice(ATTRIBUTE_DICE, 6))
    bounds = [(ranges or {}).get(a, (MIN_RATING, MAX_RATING)) for a in Attribute]
    roll = min(max(roll, sum(low for low, _ in bounds)), sum(high for _, high in bounds))
    scores = dict(zip(Attribute, share_within(roller, roll, bounds), strict=True))
    sheet = D6PoolSheet(
        name=random_name(roller),
        concept=pick(roller, _CONCEPTS),
        npc=npc,
        attribute_roll=roll,
        attributes=scores,
    )
    sheet.traits = random_traits(roller)
    sheet.skills = random_skills(roller, budget(sheet).skill_points_left or 0)
    sheet.equipment = [random_weapon(roller)]
    return sheet


def random_traits(roller: Roller) -> list[Trait]:
    """Half the time a negative trait of 1..3; then positive traits worth up to the points."""
    traits: list[Trait] = []
    points = 6
    if roller.die(2) == 1:
        sample = pick(roller, [t for t in TRAITS if t.kind == "negative"])
        rating = roller.die(3)
        traits.append(Trait(name=sample.name, kind="negative", rating=rating))
        points += rating
    keep = roller.die(points + 1) - 1  # points kept back for skills
    to_spend = points - keep
    positives = [t for t in TRAITS if t.kind == "positive"]
    while to_spend > 0 and positives:
        sample = positives.pop(roller.die(len(positives)) - 1)
        rating = roller.die(min(to_spend, MAX_RATING))
        traits.append(
            Trait(
                name=sample.name,
                kind="positive",
                rating=rating,
                attribute=sample.attribute,
                skill=sample.skill,
            )
        )
        to_spend -= rating
    return traits


def random_skills(roller: Roller, points: int) -> list[Skill]:
    """``points`` skill points, one at a time, onto new or known skills of the sample list."""
    ratings: dict[str, int] = {}
    for _ in range(points):
        room = [name for name in SKILLS if ratings.get(name, 0) < MAX_RATING]
        if not room:
            break
        name = pick(roller, room)
        ratings[name] = ratings.get(name, 0) + 1
    return [
        Skill(name=name, attribute=SKILLS[name], rating=ratings[name])
        for name in SKILLS
        if name in ratings
    ]


def random_weapon(roller: Roller) -> Item:
    sample = pick(roller, [e for e in EQUIPMENT if e.attack])
    return item_line(sample)


def blank_sheet(*, npc: bool = False) -> D6PoolSheet:
    return D6PoolSheet(npc=npc)
