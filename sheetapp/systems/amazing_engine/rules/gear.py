"""Rules of weapons and carried equipment."""

from __future__ import annotations

from sheetapp.dice import DiceExpressionError, parse
from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.systems.amazing_engine.derived import carry_limits, load_kg, load_status
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute


def check_gear(index: int, character: Character) -> list[Finding]:
    found: list[Finding] = []
    for i, weapon in enumerate(character.weapons):
        where = ("characters", index, "weapons", i)
        if weapon.damage.strip():
            try:
                parse(weapon.damage)
            except DiceExpressionError as exc:
                dice, slash, lethality = weapon.damage.partition("/")
                if slash and lethality.strip().isdigit():
                    found.append(
                        error(
                            "ae.weapons.damage",
                            join_path(*where, "damage"),
                            f"Damage '{weapon.damage}' carries its lethality: write "
                            f"'{dice.strip()}' as damage and {lethality.strip()} as "
                            "lethality.",
                        )
                    )
                    continue
                found.append(
                    error(
                        "ae.weapons.damage",
                        join_path(*where, "damage"),
                        f"Damage '{weapon.damage}' is not a dice expression: {exc}",
                    )
                )
        if not 1 <= weapon.lethality <= 10:
            found.append(
                error(
                    "ae.weapons.lethality",
                    join_path(*where, "lethality"),
                    f"Lethality {weapon.lethality} is outside 1..10 (10 reads as a 0 on the die).",
                )
            )
    fitness = character.attributes.get(Attribute.FITNESS)
    if fitness is not None and character.equipment:
        load = load_kg(character.equipment)
        limits = carry_limits(fitness)
        if load_status(load, limits) == "overloaded":
            found.append(
                warning(
                    "ae.equipment.overloaded",
                    join_path("characters", index, "equipment"),
                    f"{load:g} kg carried is more than three times Fitness "
                    f"({limits.walk_only} kg); the character cannot move with it.",
                )
            )
    return found
