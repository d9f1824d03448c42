"""Ability scores against the creation budget in force (a human's by default: 60 points,
each score 4 to 14), and the house rules themselves."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Ability, label


def check_abilities(sheet: AlternitySheet) -> list[Finding]:
    found: list[Finding] = []
    rules = sheet.settings
    if rules.ability_min > rules.ability_max or rules.ability_min < 1:
        found.append(
            error(
                "alt.settings.range",
                "settings.ability_min",
                _(
                    "The lowest score allowed ({ability_min}) must be at least 1 and "
                    "no higher than the highest ({ability_max})."
                ).format(ability_min=rules.ability_min, ability_max=rules.ability_max),
            )
        )
    if rules.ability_points < 6:
        found.append(
            error(
                "alt.settings.points",
                "settings.ability_points",
                _("The ability budget must give each of the six abilities at least 1 point."),
            )
        )
    for ability in Ability:
        path = join_path("abilities", ability.value)
        score = sheet.abilities.get(ability)
        if score is None:
            found.append(
                warning(
                    "alt.abilities.missing",
                    path,
                    _("Enter the hero's {label}.").format(label=label(ability)),
                )
            )
        elif score < 1:
            found.append(
                error(
                    "alt.abilities.low",
                    path,
                    _("{label} {score} is below 1; every living hero has at least 1.").format(
                        label=label(ability), score=score
                    ),
                )
            )
        elif not rules.ability_min <= score <= rules.ability_max:
            found.append(
                warning(
                    "alt.abilities.range",
                    path,
                    _(
                        "{label} {score} is outside {ability_min}-{ability_max}, the "
                        "range in force; change the score or the range (another species "
                        "has another)."
                    ).format(
                        label=label(ability),
                        score=score,
                        ability_min=rules.ability_min,
                        ability_max=rules.ability_max,
                    ),
                )
            )
    if len(sheet.abilities) == len(Ability):
        total = sum(sheet.abilities.values())
        if total != rules.ability_points:
            more = "fewer" if total > rules.ability_points else "more"
            found.append(
                warning(
                    "alt.abilities.total",
                    "abilities",
                    _(
                        "The abilities add up to {total}, not the {ability_points} "
                        "points in force: give them {value} {more}."
                    ).format(
                        total=total,
                        ability_points=rules.ability_points,
                        value=abs(total - rules.ability_points),
                        more=more,
                    ),
                )
            )
    return found
