"""The attributes: each 1..6 when made, together using exactly the points rolled."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.systems.d6_pool.creation import attribute_points, creation_attributes
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.systems.d6_pool.names import ATTRIBUTE_DICE, MAX_RATING, MIN_RATING, Attribute, label


def check_attributes(sheet: D6PoolSheet) -> list[Finding]:
    found: list[Finding] = []
    roll = sheet.attribute_roll
    if roll is None:
        found.append(
            warning(
                "d6.attributes.roll_missing",
                "attribute_roll",
                f"Roll {ATTRIBUTE_DICE}d6 and enter the total: the attributes share those points.",
            )
        )
    elif not ATTRIBUTE_DICE <= roll <= 6 * ATTRIBUTE_DICE:
        found.append(
            error(
                "d6.attributes.roll_range",
                "attribute_roll",
                f"A {ATTRIBUTE_DICE}d6 total is {ATTRIBUTE_DICE} to {6 * ATTRIBUTE_DICE}, "
                f"not {roll}.",
            )
        )
    start = creation_attributes(sheet)
    bought = {a: sheet.attributes[a] - start[a] for a in start}
    for attribute in Attribute:
        path = join_path("attributes", attribute.value)
        if attribute not in sheet.attributes:
            found.append(
                warning(
                    "d6.attributes.missing",
                    path,
                    f"Give {label(attribute)} {MIN_RATING} to {MAX_RATING} points.",
                )
            )
            continue
        value = start[attribute]
        if not MIN_RATING <= value <= MAX_RATING:
            raised = f" before the {bought[attribute]} bought with XP" if bought[attribute] else ""
            found.append(
                error(
                    "d6.attributes.range",
                    path,
                    f"{label(attribute)} is {value}{raised}; a new character's attributes "
                    f"are {MIN_RATING} to {MAX_RATING}.",
                )
            )
    for i, extra in enumerate(sheet.extra_attributes):
        where = ("extra_attributes", i)
        if not extra.name.strip():
            found.append(
                warning("d6.extra.name", join_path(*where, "name"), "Name the GM's attribute.")
            )
        if extra.score is None:
            found.append(
                warning(
                    "d6.extra.missing",
                    join_path(*where, "score"),
                    f"Give {extra.name or 'the GM attribute'} a score.",
                )
            )
        elif extra.player_controlled and not MIN_RATING <= extra.score <= MAX_RATING:
            found.append(
                error(
                    "d6.extra.range",
                    join_path(*where, "score"),
                    f"{extra.name or 'A GM attribute'} is {extra.score}; a player-controlled "
                    f"attribute gets {MIN_RATING} to {MAX_RATING} points.",
                )
            )
        if not extra.player_controlled:
            continue
        if extra.roll is None:
            found.append(
                warning(
                    "d6.extra.roll_missing",
                    join_path(*where, "roll"),
                    f"Roll 1d6 for {extra.name or 'the GM attribute'}: it adds that many "
                    "attribute points.",
                )
            )
        elif not 1 <= extra.roll <= 6:
            found.append(
                error(
                    "d6.extra.roll_range",
                    join_path(*where, "roll"),
                    f"A 1d6 roll is 1 to 6, not {extra.roll}.",
                )
            )
    found += _points(sheet)
    return found


def _points(sheet: D6PoolSheet) -> list[Finding]:
    points = attribute_points(sheet)
    if points.rolled is None or points.left is None:
        return []
    if points.left < 0:
        return [
            error(
                "d6.attributes.overspent",
                "attributes",
                f"The attributes use {points.assigned} points but only {points.rolled} were "
                f"rolled: take {-points.left} off.",
            )
        ]
    if points.left > 0 and all(a in sheet.attributes for a in Attribute):
        return [
            warning(
                "d6.attributes.unspent",
                "attributes",
                f"{points.left} of the {points.rolled} attribute points are not assigned yet.",
            )
        ]
    return []
