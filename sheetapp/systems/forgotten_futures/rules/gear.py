"""Rules of weapons, armour and the wounds record."""

from __future__ import annotations

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.damage import damage_problem
from sheetapp.systems.forgotten_futures.effect import work_out
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.ratings import rating, scores
from sheetapp.systems.forgotten_futures.wounds import condition, injuries


def skill_ratings(sheet: ForgottenFuturesSheet) -> dict[str, int | None]:
    """Every skill's rating keyed by its lower-case name, for working out Effects."""
    return {s.name.strip().casefold(): rating(sheet, s) for s in sheet.skills if s.name.strip()}


def check_weapons(sheet: ForgottenFuturesSheet) -> list[Finding]:
    found: list[Finding] = []
    values = scores(sheet)
    ratings = skill_ratings(sheet)
    complete = len(values) == 3
    for i, weapon in enumerate(sheet.weapons):
        where = ("weapons", i)
        shown = weapon.name.strip() or _("Weapon {value}").format(value=i + 1)
        if not weapon.name.strip():
            found.append(
                warning("ff.weapon.name", join_path(*where, "name"), _("Name this weapon."))
            )
        effect = work_out(weapon.effect, values, ratings)
        if effect.value is None and (complete or not weapon.effect.strip()):
            found.append(
                warning(
                    "ff.weapon.effect",
                    join_path(*where, "effect"),
                    _(
                        "{shown}: the Effect cannot be worked out ({problem}); write a "
                        "number, or BODY or a skill with +N or /2."
                    ).format(shown=shown, problem=effect.problem),
                )
            )
        for column in ("a", "b", "c"):
            problem = damage_problem(getattr(weapon, column))
            if problem:
                found.append(
                    warning("ff.weapon.damage", join_path(*where, column), f"{shown}: {problem}")
                )
    for i, armour in enumerate(sheet.armour):
        if armour.reduction < 0:
            found.append(
                error(
                    "ff.armour.reduction",
                    join_path("armour", i, "reduction"),
                    _("Armour takes Effect off an attack; {reduction} would add to it.").format(
                        reduction=armour.reduction
                    ),
                )
            )
    return found


def check_wounds(sheet: ForgottenFuturesSheet) -> list[Finding]:
    found: list[Finding] = []
    wounds = sheet.wounds
    if wounds.second_injury and not wounds.injury:
        found.append(
            warning(
                "ff.wounds.order",
                "wounds.second_injury",
                _("Tick the first injury box before the second."),
            )
        )
    if wounds.critical or injuries(wounds) >= 2:
        found.append(
            info(
                "ff.wounds.condition",
                "wounds",
                _("Wounds: {condition}.").format(condition=condition(wounds)),
            )
        )
    return found
