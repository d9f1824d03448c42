"""Weapons, armour and the load."""

from __future__ import annotations

from sheetapp.dice import DiceExpressionError, parse
from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.systems.alternity.damage_rating import DamageRatingError, parse_rating
from sheetapp.systems.alternity.derived import sheet_encumbrance, weapon_skill
from sheetapp.systems.alternity.encumbrance import BANDS
from sheetapp.systems.alternity.model import AlternitySheet


def check_gear(sheet: AlternitySheet) -> list[Finding]:
    found: list[Finding] = []
    for i, weapon in enumerate(sheet.weapons):
        where = ("weapons", i)
        if weapon.damage.strip():
            try:
                parse_rating(weapon.damage)
            except DamageRatingError as exc:
                found.append(
                    error(
                        "alt.weapons.damage",
                        join_path(*where, "damage"),
                        _("Damage: {exc}.").format(exc=exc),
                    )
                )
        if weapon.skill.strip() and weapon_skill(sheet, weapon) is None:
            found.append(
                info(
                    "alt.weapons.skill",
                    join_path(*where, "skill"),
                    _(
                        "'{skill}' is not a skill on this sheet, so no attack score is "
                        "shown; name a specialty (Melee Weapons-blade) or a broad skill "
                        "the hero has."
                    ).format(skill=weapon.skill),
                )
            )
    for i, armour in enumerate(sheet.armour):
        for key, name in (("li", _("low impact")), ("hi", _("high impact")), ("en", "energy")):
            text = getattr(armour, key).strip()
            if not text or text in ("-", "—"):
                continue
            try:
                parse(text)
            except DiceExpressionError as exc:
                found.append(
                    error(
                        "alt.armour.protection",
                        join_path("armour", i, key),
                        _(
                            "Protection against {name} '{text}' is not dice such as d6-2: {exc}"
                        ).format(name=name, text=text, exc=exc),
                    )
                )
    load = sheet_encumbrance(sheet)
    if load is not None and load.overloaded:
        most = BANDS[-1][0]
        found.append(
            warning(
                "alt.load.overloaded",
                "equipment",
                _(
                    "{load_kg} kg is more than {most} times Strength; the hero "
                    "cannot move at any useful speed. Leave something behind."
                ).format(load_kg=number(load.load_kg), most=most),
            )
        )
    return found
