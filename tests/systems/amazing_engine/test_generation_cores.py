"""Later characters can be made at random from every legal Player Core: any ranks, any
prime rolls and rank points, and any number of pool dice bought with core XP."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import (
    prime_from_rolls,
    random_from_core,
    random_placement,
)
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Core
from sheetapp.systems.amazing_engine.names import (
    POOL_ATTRIBUTES,
    RANK_POINTS,
    XP_PER_POOL_DIE,
    Attribute,
    Pool,
)
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice
from sheetapp.systems.amazing_engine.rules import check

GENERIC = builtin_universes()["generic"]


@st.composite
def legal_cores(draw: st.DrawFn) -> AmazingEngineSheet:
    """A prime character made by the procedure, then pool dice bought with core XP."""
    ranks = dict(zip(Pool, draw(st.permutations([1, 2, 3, 4])), strict=True))
    four = draw(st.lists(st.sampled_from(list(Attribute)), min_size=4, max_size=4, unique=True))
    rolls = {a: draw(st.integers(4, 40) if a in four else st.integers(3, 30)) for a in Attribute}
    points: dict[Attribute, int] = {}
    for pool, (a, b) in POOL_ATTRIBUTES.items():
        total = RANK_POINTS[ranks[pool]]
        low, high = max(0, total - (50 - rolls[b])), min(total, 50 - rolls[a])
        points[a] = draw(st.integers(low, high))
        points[b] = total - points[a]
    prime = prime_from_rolls(GENERIC, four_dice=four, rolls=rolls, rank_points=points)
    sheet = AmazingEngineSheet(core=Core(ranks=ranks), characters=[prime])
    for pool in Pool:
        bought = draw(st.integers(0, 14))
        if bought:
            sheet = experience.award(sheet, 0, to_character=0, to_core=bought * XP_PER_POOL_DIE)
            sheet = experience.buy_pool_die(sheet, pool, bought)
    sheet.characters[0].status = "retired"
    return sheet


def errors(sheet: AmazingEngineSheet) -> list[str]:
    return [f"{f.path}: {f.message}" for f in check(sheet) if f.severity is Severity.ERROR]


@settings(max_examples=150)
@given(legal_cores(), st.integers(0, 2**32))
def test_a_later_character_can_be_made_from_every_legal_core(sheet, seed) -> None:
    assert errors(sheet) == []
    later = sheet.model_copy(deep=True)
    later.characters.append(random_from_core(Roller(seed), sheet, GENERIC))
    assert errors(later) == []
    dice = later.characters[1].creation.dice
    cap = GENERIC.dice_cap
    pools = current_pool_dice(sheet) or {}
    placeable = sum(min(n, 2 * cap) for n in pools.values()) + 7
    assert sum(dice.values()) == min(placeable, cap * len(Attribute))


def test_a_core_of_one_die_pools_still_gives_every_attribute_dice() -> None:
    # Pools of 1 die leave one attribute of each pool empty; the 7 free dice fill them.
    dice = {pool: 1 for pool in Pool}
    for seed in range(300):
        placed = random_placement(Roller(seed), dice, GENERIC)
        assert all(n > 0 for n in placed.values()), seed


def test_pools_past_what_the_cap_can_take_leave_dice_over() -> None:
    for pools in ({pool: 10 for pool in Pool}, {pool: 11 for pool in Pool}):
        placed = random_placement(Roller(1), pools, GENERIC)
        assert placed == dict.fromkeys(Attribute, GENERIC.dice_cap)  # 40 dice, the rest unused
