"""Rules of weapons and carried equipment."""

from __future__ import annotations

from sheetapp.dice import DiceExpressionError, parse
from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.systems.amazing_engine.derived import carry_limits, load_kg, load_status
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute


def check_gear(index: int, character: Character) -> list[Finding]:
    found: list[Finding] = []
    for i, weapon in enumerate(character.weapons):
        where = ("characters", index, "weapons", i)
        if weapon.damage.strip():
            found += _damage_findings(weapon.damage, join_path(*where, "damage"))
        if not 1 <= weapon.lethality <= 10:
            found.append(
                error(
                    "ae.weapons.lethality",
                    join_path(*where, "lethality"),
                    _("Lethality {lethality} is outside 1..10.").format(lethality=weapon.lethality),
                )
            )
    fitness = character.attributes.get(Attribute.FITNESS)
    if fitness is not None and (character.equipment or character.weapons):
        load = load_kg(character.equipment, character.weapons)
        limits = carry_limits(fitness)
        if load_status(load, limits) == "overloaded":
            found.append(
                warning(
                    "ae.equipment.overloaded",
                    join_path("characters", index, "equipment"),
                    _(
                        "{load} kg carried is more than three times Fitness "
                        "({walk_only} kg); the character cannot move with it."
                    ).format(load=number(load), walk_only=limits.walk_only),
                )
            )
    return found


def _damage_findings(damage: str, path: str) -> list[Finding]:
    """A damage entry is a dice expression; '2d6/5' (the book's way of writing damage with
    its lethality) gets a message that says where the 5 belongs."""
    try:
        parse(damage)
    except DiceExpressionError as exc:
        dice, slash, lethality = damage.partition("/")
        if slash and lethality.strip().isdigit():
            return [
                error(
                    "ae.weapons.damage",
                    path,
                    _(
                        "Damage '{damage}' carries its lethality: write '{strip}' as "
                        "damage and {strip2} as lethality."
                    ).format(damage=damage, strip=dice.strip(), strip2=lethality.strip()),
                )
            ]
        message = _("Damage '{damage}' is not a dice expression: {exc}").format(
            damage=damage, exc=exc
        )
        return [error("ae.weapons.damage", path, message)]
    return []
