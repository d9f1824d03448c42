"""The attributes: each 1..6 when made, together using exactly the points rolled."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
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
                _(
                    "Roll {ATTRIBUTE_DICE}d6 and enter the total: the attributes "
                    "share those points."
                ).format(ATTRIBUTE_DICE=ATTRIBUTE_DICE),
            )
        )
    elif not ATTRIBUTE_DICE <= roll <= 6 * ATTRIBUTE_DICE:
        found.append(
            error(
                "d6.attributes.roll_range",
                "attribute_roll",
                _("A {ATTRIBUTE_DICE}d6 total is {ATTRIBUTE_DICE} to {value}, not {roll}.").format(
                    ATTRIBUTE_DICE=ATTRIBUTE_DICE, value=6 * ATTRIBUTE_DICE, roll=roll
                ),
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
                    _("Give {label} {MIN_RATING} to {MAX_RATING} points.").format(
                        label=label(attribute), MIN_RATING=MIN_RATING, MAX_RATING=MAX_RATING
                    ),
                )
            )
            continue
        value = start[attribute]
        if not MIN_RATING <= value <= MAX_RATING:
            raised = (
                _(" before the {bought} bought with XP").format(bought=bought[attribute])
                if bought[attribute]
                else ""
            )
            found.append(
                error(
                    "d6.attributes.range",
                    path,
                    _(
                        "{label} is {value}{raised}; a new character's attributes are "
                        "{MIN_RATING} to {MAX_RATING}."
                    ).format(
                        label=label(attribute),
                        value=value,
                        raised=raised,
                        MIN_RATING=MIN_RATING,
                        MAX_RATING=MAX_RATING,
                    ),
                )
            )
    for i, extra in enumerate(sheet.extra_attributes):
        where = ("extra_attributes", i)
        if not extra.name.strip():
            found.append(
                warning("d6.extra.name", join_path(*where, "name"), _("Name the GM's attribute."))
            )
        if extra.score is None:
            found.append(
                warning(
                    "d6.extra.missing",
                    join_path(*where, "score"),
                    _("Give {value} a score.").format(value=extra.name or _("the GM attribute")),
                )
            )
        elif extra.player_controlled and not MIN_RATING <= extra.score <= MAX_RATING:
            found.append(
                error(
                    "d6.extra.range",
                    join_path(*where, "score"),
                    _(
                        "{value} is {score}; a player-controlled attribute gets "
                        "{MIN_RATING} to {MAX_RATING} points."
                    ).format(
                        value=extra.name or _("A GM attribute"),
                        score=extra.score,
                        MIN_RATING=MIN_RATING,
                        MAX_RATING=MAX_RATING,
                    ),
                )
            )
        if not extra.player_controlled:
            continue
        if extra.roll is None:
            found.append(
                warning(
                    "d6.extra.roll_missing",
                    join_path(*where, "roll"),
                    _("Roll 1d6 for {value}: it adds that many attribute points.").format(
                        value=extra.name or _("the GM attribute")
                    ),
                )
            )
        elif not 1 <= extra.roll <= 6:
            found.append(
                error(
                    "d6.extra.roll_range",
                    join_path(*where, "roll"),
                    _("A 1d6 roll is 1 to 6, not {roll}.").format(roll=extra.roll),
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
                _(
                    "The attributes use {assigned} points but only {rolled} were "
                    "rolled: take {value} off."
                ).format(assigned=points.assigned, rolled=points.rolled, value=-points.left),
            )
        ]
    if points.left > 0 and all(a in sheet.attributes for a in Attribute):
        return [
            warning(
                "d6.attributes.unspent",
                "attributes",
                _("{left} of the {rolled} attribute points are not assigned yet.").format(
                    left=points.left, rolled=points.rolled
                ),
            )
        ]
    return []
