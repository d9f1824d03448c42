"""Ability scores against the creation budget in force (a human's by default: 60 points,
each score 4 to 14), and the house rules themselves."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
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
                f"The lowest score allowed ({rules.ability_min}) must be at least 1 and no "
                f"higher than the highest ({rules.ability_max}).",
            )
        )
    if rules.ability_points < 6:
        found.append(
            error(
                "alt.settings.points",
                "settings.ability_points",
                "The ability budget must give each of the six abilities at least 1 point.",
            )
        )
    for ability in Ability:
        path = join_path("abilities", ability.value)
        score = sheet.abilities.get(ability)
        if score is None:
            found.append(
                warning("alt.abilities.missing", path, f"Enter the hero's {label(ability)}.")
            )
        elif score < 1:
            found.append(
                error(
                    "alt.abilities.low",
                    path,
                    f"{label(ability)} {score} is below 1; every living hero has at least 1.",
                )
            )
        elif not rules.ability_min <= score <= rules.ability_max:
            found.append(
                warning(
                    "alt.abilities.range",
                    path,
                    f"{label(ability)} {score} is outside {rules.ability_min}-"
                    f"{rules.ability_max}, the range in force; change the score or the "
                    "range (another species has another).",
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
                    f"The abilities add up to {total}, not the {rules.ability_points} points "
                    f"in force: give them {abs(total - rules.ability_points)} {more}.",
                )
            )
    return found
