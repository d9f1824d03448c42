"""Equipment ratings and the damage taken."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.systems.d6_pool.model import D6PoolSheet


def check_equipment(sheet: D6PoolSheet) -> list[Finding]:
    found: list[Finding] = []
    for i, item in enumerate(sheet.equipment):
        shown = item.name.strip() or f"Item {i + 1}"
        for key, value in (("damage", item.damage), ("armour", item.armour), ("bonus", item.bonus)):
            if value is not None and value < 0:
                found.append(
                    error(
                        f"d6.equipment.{key}",
                        join_path("equipment", i, key),
                        f"{shown}: a {key} rating is 0 or more, not {value}.",
                    )
                )
        if item.attack and item.damage is None and not item.strength_damage:
            found.append(
                warning(
                    "d6.equipment.damage_missing",
                    join_path("equipment", i, "damage"),
                    f"{shown} is a weapon: give it a damage rating.",
                )
            )
        if item.armour_piercing and item.doubles_armour:
            found.append(
                error(
                    "d6.equipment.armour_piercing",
                    join_path("equipment", i, "armour_piercing"),
                    f"{shown} doubles armour: no armour-piercing rounds are made for it.",
                )
            )
        if item.grants_trait.strip() and not item.trait_rating:
            found.append(
                warning(
                    "d6.equipment.trait_rating",
                    join_path("equipment", i, "trait_rating"),
                    f"{shown} gives {item.grants_trait.strip()}: give the trait's rating.",
                )
            )
        if item.bonus and not item.skill.strip():
            found.append(
                warning(
                    "d6.equipment.skill",
                    join_path("equipment", i, "skill"),
                    f"{shown} gives a bonus: name the skill it helps.",
                )
            )
    return found


def check_damage(sheet: D6PoolSheet) -> list[Finding]:
    found: list[Finding] = []
    for key in ("lethal_damage", "nonlethal_damage"):
        value = getattr(sheet, key)
        if value < 0:
            found.append(
                error(
                    f"d6.damage.{key.split('_')[0]}",
                    key,
                    f"Damage taken is 0 or more, not {value}; healing takes damage off.",
                )
            )
    return found
