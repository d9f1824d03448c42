"""Equipment ratings and the damage taken."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.d6_pool.model import D6PoolSheet


def check_equipment(sheet: D6PoolSheet) -> list[Finding]:
    found: list[Finding] = []
    for i, item in enumerate(sheet.equipment):
        shown = item.name.strip() or _("Item {value}").format(value=i + 1)
        for key, value in (("damage", item.damage), ("armour", item.armour), ("bonus", item.bonus)):
            if value is not None and value < 0:
                found.append(
                    error(
                        f"d6.equipment.{key}",
                        join_path("equipment", i, key),
                        _("{shown}: a {key} rating is 0 or more, not {value}.").format(
                            shown=shown, key=key, value=value
                        ),
                    )
                )
        if item.attack and item.damage is None and not item.strength_damage:
            found.append(
                warning(
                    "d6.equipment.damage_missing",
                    join_path("equipment", i, "damage"),
                    _("{shown} is a weapon: give it a damage rating.").format(shown=shown),
                )
            )
        if item.armour_piercing and item.doubles_armour:
            found.append(
                error(
                    "d6.equipment.armour_piercing",
                    join_path("equipment", i, "armour_piercing"),
                    _("{shown} doubles armour: no armour-piercing rounds are made for it.").format(
                        shown=shown
                    ),
                )
            )
        if item.grants_trait.strip() and not item.trait_rating:
            found.append(
                warning(
                    "d6.equipment.trait_rating",
                    join_path("equipment", i, "trait_rating"),
                    _("{shown} gives {strip}: give the trait's rating.").format(
                        shown=shown, strip=item.grants_trait.strip()
                    ),
                )
            )
        if item.bonus and not item.skill.strip():
            found.append(
                warning(
                    "d6.equipment.skill",
                    join_path("equipment", i, "skill"),
                    _("{shown} gives a bonus: name the skill it helps.").format(shown=shown),
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
                    _("Damage taken is 0 or more, not {value}; healing takes damage off.").format(
                        value=value
                    ),
                )
            )
    return found
