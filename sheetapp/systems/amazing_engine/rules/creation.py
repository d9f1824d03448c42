"""Rules of a character's creation record: dice rolled, rank points, caps, final scores."""

from __future__ import annotations

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.ledger import creation_attributes
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Creation
from sheetapp.systems.amazing_engine.names import (
    ATTRIBUTE_POOL,
    FREE_DICE,
    POOL_ATTRIBUTES,
    PRIME_FOUR_DICE_COUNT,
    RANK_POINTS,
    Attribute,
    label,
)
from sheetapp.systems.amazing_engine.pool_dice import base_pool_dice, current_pool_dice
from sheetapp.systems.amazing_engine.universe import Universe


def check_creation(
    sheet: AmazingEngineSheet, index: int, character: Character, universe: Universe
) -> list[Finding]:
    record = character.creation
    where = ("characters", index, "creation")
    found: list[Finding] = []
    if record.method == "prime":
        found += _prime_dice(character, where)
    elif record.method == "from-core" and sheet.core is not None:
        found += _core_dice(sheet, character, universe, where)
    found += _rolls_in_range(character, where)
    if sheet.core is not None and record.method in ("prime", "from-core"):
        found += _rank_points(sheet, character, universe, where)
    found += _final_scores(character, universe, index)
    return found


def dice_for(character: Character, attribute: Attribute) -> int | None:
    """How many d10 the creation method rolls for ``attribute`` (None: not by dice)."""
    record = character.creation
    if record.method == "prime":
        return 4 if attribute in record.four_dice else 3
    if record.method == "from-core":
        return record.dice.get(attribute)
    return None


def _prime_dice(character: Character, where: tuple) -> list[Finding]:
    chosen = character.creation.four_dice
    path = join_path(*where, "four_dice")
    found: list[Finding] = []
    if len(set(chosen)) != len(chosen):
        found.append(
            error(
                "ae.prime.four_dice_repeated",
                path,
                _("An attribute is chosen twice for 4d10; choose four different ones."),
            )
        )
    distinct = len(set(chosen))
    if distinct > PRIME_FOUR_DICE_COUNT:
        found.append(
            error(
                "ae.prime.four_dice_count",
                path,
                _(
                    "{distinct} attributes are chosen for 4d10; exactly four roll "
                    "4d10 and the other four roll 3d10."
                ).format(distinct=distinct),
            )
        )
    elif distinct < PRIME_FOUR_DICE_COUNT:
        found.append(
            warning(
                "ae.prime.four_dice_count",
                path,
                _("{distinct} of four attributes chosen for 4d10; choose {value} more.").format(
                    distinct=distinct, value=PRIME_FOUR_DICE_COUNT - distinct
                ),
            )
        )
    return found


def _core_dice(
    sheet: AmazingEngineSheet, character: Character, universe: Universe, where: tuple
) -> list[Finding]:
    record = character.creation
    pools = record.pool_dice or current_pool_dice(sheet)
    found: list[Finding] = []
    for attribute, dice in record.dice.items():
        path = join_path(*where, "dice", attribute.value)
        if dice < 0:
            found.append(
                error(
                    "ae.from_core.dice_negative",
                    path,
                    _("{label} has {dice} dice; use 0 or more.").format(
                        label=label(attribute), dice=dice
                    ),
                )
            )
        elif dice == 0:
            found.append(
                warning(
                    "ae.from_core.no_dice",
                    path,
                    _(
                        "{label} gets no dice, so it scores only its rank points; most "
                        "players give every attribute at least one."
                    ).format(label=label(attribute)),
                )
            )
        elif dice > universe.dice_cap:
            found.append(
                error(
                    "ae.from_core.dice_cap",
                    path,
                    _(
                        "{label} has {dice} dice; this universe allows at most "
                        "{dice_cap} on one attribute."
                    ).format(label=label(attribute), dice=dice, dice_cap=universe.dice_cap),
                )
            )
    if pools is None:
        return found
    if record.pool_dice is not None:
        base, current = base_pool_dice(sheet) or {}, current_pool_dice(sheet) or {}
        for pool, count in record.pool_dice.items():
            low, high = base.get(pool), current.get(pool)
            if low is not None and high is not None and not low <= count <= high:
                found.append(
                    error(
                        "ae.from_core.pool_dice",
                        join_path(*where, "pool_dice", pool.value),
                        _(
                            "{label} is recorded with {count} pool dice, but the core rates "
                            "it {low}"
                        ).format(label=label(pool), count=count, low=low)
                        + (
                            _(" and has bought up to {high}").format(high=high)
                            if high != low
                            else ""
                        )
                        + _("; pool dice change only by buying them with core XP."),
                    )
                )
    free_used = 0
    for pool, (a, b) in POOL_ATTRIBUTES.items():
        placed = record.dice.get(a, 0) + record.dice.get(b, 0)
        owed = min(pools.get(pool, 0), 2 * universe.dice_cap)  # the rest find no room
        path = join_path(*where, "dice", a.value)
        if placed < owed:
            found.append(
                warning(
                    "ae.from_core.pool_unplaced",
                    path,
                    _(
                        "{label}'s {owed} pool dice are not all placed ({placed} on "
                        "{label2} and {label3}); every pool die goes to one of the "
                        "pool's two attributes."
                    ).format(
                        label=label(pool),
                        owed=owed,
                        placed=placed,
                        label2=label(a),
                        label3=label(b),
                    ),
                )
            )
        free_used += max(0, placed - owed)
    path = join_path(*where, "dice")
    room = sum(max(0, universe.dice_cap - record.dice.get(a, 0)) for a in Attribute)
    if free_used > FREE_DICE:
        found.append(
            error(
                "ae.from_core.free_dice",
                path,
                _(
                    "{free_used} dice are placed beyond the pool dice; a new "
                    "character has {FREE_DICE} free dice."
                ).format(free_used=free_used, FREE_DICE=FREE_DICE),
            )
        )
    elif free_used < FREE_DICE and room > 0:
        found.append(
            warning(
                "ae.from_core.free_dice",
                path,
                _("{value} of {FREE_DICE} free dice still to place.").format(
                    value=FREE_DICE - free_used, FREE_DICE=FREE_DICE
                ),
            )
        )
    return found


def _rolls_in_range(character: Character, where: tuple) -> list[Finding]:
    found: list[Finding] = []
    record = character.creation
    for attribute, roll in record.rolls.items():
        dice = dice_for(character, attribute)
        if dice is None:
            continue
        chosen = len(set(record.four_dice))
        if (
            record.method == "prime"
            and dice == 3
            and chosen < PRIME_FOUR_DICE_COUNT
            and 30 < roll <= 40
        ):
            found.append(
                warning(
                    "ae.prime.mark_four_dice",
                    join_path(*where, "four_dice"),
                    _(
                        "{label} rolled {roll}, more than 3d10 can give: mark it as one "
                        "of the four 4d10 attributes."
                    ).format(label=label(attribute), roll=roll),
                )
            )
            continue
        if not dice <= roll <= 10 * dice:
            found.append(
                error(
                    "ae.creation.roll_range",
                    join_path(*where, "rolls", attribute.value),
                    _(
                        "{label} rolled {roll}, but {dice}d10 gives {dice} to {value}; "
                        "check the dice entered."
                    ).format(label=label(attribute), roll=roll, dice=dice, value=10 * dice),
                )
            )
    if record.method in ("prime", "from-core"):
        for attribute in Attribute:
            if attribute not in record.rolls and dice_for(character, attribute):
                found.append(
                    info(
                        "ae.creation.roll_missing",
                        join_path(*where, "rolls", attribute.value),
                        _("{label} is not rolled yet.").format(label=label(attribute)),
                    )
                )
    return found


def _rank_points(
    sheet: AmazingEngineSheet, character: Character, universe: Universe, where: tuple
) -> list[Finding]:
    assert sheet.core is not None
    record = character.creation
    found: list[Finding] = []
    for attribute, points in record.rank_points.items():
        if points < 0:
            found.append(
                error(
                    "ae.rank_points.negative",
                    join_path(*where, "rank_points", attribute.value),
                    _("{label} has {points} rank points; use 0 or more.").format(
                        label=label(attribute), points=points
                    ),
                )
            )
    for pool, (a, b) in POOL_ATTRIBUTES.items():
        rank = sheet.core.ranks.get(pool)
        if rank not in RANK_POINTS:
            continue
        allowed = RANK_POINTS[rank]
        spent = record.rank_points.get(a, 0) + record.rank_points.get(b, 0)
        path = join_path(*where, "rank_points", a.value)
        if spent > allowed:
            found.append(
                error(
                    "ae.rank_points.overspent",
                    path,
                    _(
                        "{label} (rank {rank}) gives {allowed} rank points but {spent} "
                        "are spent on {label2} and {label3}."
                    ).format(
                        label=label(pool),
                        rank=rank,
                        allowed=allowed,
                        spent=spent,
                        label2=label(a),
                        label3=label(b),
                    ),
                )
            )
        elif spent < allowed and _both_capped(record, a, b, universe.creation_cap):
            found.append(
                info(
                    "ae.rank_points.no_room",
                    path,
                    _(
                        "{value} of {label}'s rank points cannot be placed: {label2} and "
                        "{label3} are both at {creation_cap}."
                    ).format(
                        value=allowed - spent,
                        label=label(pool),
                        label2=label(a),
                        label3=label(b),
                        creation_cap=universe.creation_cap,
                    ),
                )
            )
        elif spent < allowed:
            found.append(
                warning(
                    "ae.rank_points.unspent",
                    path,
                    _(
                        "{value} of {label}'s {allowed} rank points (rank {rank}) are "
                        "unspent; add them to {label2} or {label3}."
                    ).format(
                        value=allowed - spent,
                        label=label(pool),
                        allowed=allowed,
                        rank=rank,
                        label2=label(a),
                        label3=label(b),
                    ),
                )
            )
    for attribute in Attribute:
        roll = record.rolls.get(attribute)
        if roll is None:
            continue
        total = roll + record.rank_points.get(attribute, 0)
        if total > universe.creation_cap:
            found.append(
                error(
                    "ae.creation.cap",
                    join_path(*where, "rank_points", attribute.value),
                    _(
                        "{label} would be {total} after rank points; no attribute may "
                        "exceed {creation_cap} at creation, so move points to {label2}."
                    ).format(
                        label=label(attribute),
                        total=total,
                        creation_cap=universe.creation_cap,
                        label2=label(_partner(attribute)),
                    ),
                )
            )
    return found


def _both_capped(record: Creation, a: Attribute, b: Attribute, cap: int) -> bool:
    return all(
        x in record.rolls and record.rolls[x] + record.rank_points.get(x, 0) >= cap for x in (a, b)
    )


def _partner(attribute: Attribute) -> Attribute:
    a, b = POOL_ATTRIBUTES[ATTRIBUTE_POOL[attribute]]
    return b if attribute is a else a


def _final_scores(character: Character, universe: Universe, index: int) -> list[Finding]:
    """Each attribute should equal roll + rank points + base adjustment + points bought."""
    record = character.creation
    found: list[Finding] = []
    start = creation_attributes(character)
    for attribute in Attribute:
        path = join_path("characters", index, "attributes", attribute.value)
        score = character.attributes.get(attribute)
        if score is None:
            found.append(
                warning(
                    "ae.attributes.missing",
                    path,
                    _("{label} has no score yet.").format(label=label(attribute)),
                )
            )
            continue
        if score > universe.attribute_max:
            found.append(
                error(
                    "ae.attributes.max",
                    path,
                    _(
                        "{label} is {score}; no attribute may be raised above {attribute_max}."
                    ).format(
                        label=label(attribute), score=score, attribute_max=universe.attribute_max
                    ),
                )
            )
        elif score < 0:
            found.append(
                error(
                    "ae.attributes.range",
                    path,
                    _("{label} is {score}; attributes are never negative.").format(
                        label=label(attribute), score=score
                    ),
                )
            )
        elif score == 0:
            found.append(
                warning(
                    "ae.attributes.zero",
                    path,
                    _("{label} is 0: every check against it fails.").format(label=label(attribute)),
                )
            )
        roll = record.rolls.get(attribute)
        if roll is None or (record.method == "manual" and not record.rank_points):
            continue
        points = record.rank_points.get(attribute, 0)
        species = universe.species_modifier(character.species, attribute)
        expected = roll + points + universe.base_adjustment + species
        if start[attribute] != expected:
            parts = _("roll {roll} + {points} rank points").format(roll=roll, points=points)
            if universe.base_adjustment:
                parts += _(" + {base_adjustment} base adjustment").format(
                    base_adjustment=universe.base_adjustment
                )
            if species:
                parts += _(" + {n} for the species").format(n=species)
            bought = score - start[attribute]
            if bought:
                parts += _(", plus {bought} bought with XP,").format(bought=bought)
            found.append(
                error(
                    "ae.attributes.mismatch",
                    path,
                    _(
                        "{label} is {score} but the creation record gives {parts} = "
                        "{value}; correct the score or the record."
                    ).format(
                        label=label(attribute), score=score, parts=parts, value=expected + bought
                    ),
                )
            )
    return found
