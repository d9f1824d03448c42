"""Every roll a sheet offers, as its system's own checks, for the phone's list of skills.

The desktop forms put a Roll button beside each row; the phone has no forms, so this lists
the same checks the forms make, row by row, from each system's ``rolls`` module. Nothing
here reads a rule: each check rolls its own dice and gives its own exact odds. A key names
a check ("skill:3", "attribute:reflexes") so the page can ask for it again after the sheet
changed under it (the row is looked up afresh on every roll).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from sheetapp.systems.rolls import Check, Unrollable

Offered = tuple[str, str, Check | Unrollable]  # key, section, the check


def checks(sheet: Any) -> list[Offered]:
    """The checks of a sheet as played at the table (an Amazing Engine core's character
    narrowed by ``plugin.focus``), in the order the sheet lists them; [] for a system the
    phone has no list for."""
    lister = _LISTERS.get(str(getattr(sheet, "system", "")))
    return list(lister(sheet)) if lister else []


def find(sheet: Any, key: str) -> Check | Unrollable | None:
    """The check named ``key`` on the sheet as it is now (None: no such row any more)."""
    return next((check for found, _, check in checks(sheet) if found == key), None)


def _d6_pool(sheet: Any) -> Iterator[Offered]:
    from sheetapp.systems.d6_pool import rolls
    from sheetapp.systems.d6_pool.names import Attribute

    for attribute in Attribute:
        yield f"attribute:{attribute.value}", "attributes", rolls.unskilled_check(sheet, attribute)
    for row in range(len(sheet.skills)):
        yield f"skill:{row}", "skills", rolls.skill_check(sheet, row)
    for row, item in enumerate(sheet.equipment):
        if item.attack:
            yield f"weapon:{row}", "weapons", rolls.weapon_check(sheet, row)


def _alternity(sheet: Any) -> Iterator[Offered]:
    from sheetapp.systems.alternity import rolls

    for row in range(len(sheet.broad_skills)):
        yield f"broad:{row}", "skills", rolls.broad_check(sheet, row)
    for row in range(len(sheet.specialty_skills)):
        yield f"specialty:{row}", "skills", rolls.specialty_check(sheet, row)
    for row in range(len(sheet.weapons)):
        yield f"weapon:{row}", "weapons", rolls.weapon_check(sheet, row)


def _amplitude(sheet: Any) -> Iterator[Offered]:
    from sheetapp.systems.amplitude import rolls

    for row in range(len(sheet.skills)):
        yield f"skill:{row}", "skills", rolls.skill_check(sheet, row)
    for row in range(len(sheet.weapons)):
        yield f"weapon:{row}", "weapons", rolls.gear_check(sheet, row, kind="weapons")
    wound = rolls.major_wound_check(sheet)
    if not isinstance(wound, Unrollable):
        yield "wound", "attributes", wound


def _forgotten_futures(sheet: Any) -> Iterator[Offered]:
    from sheetapp.systems.forgotten_futures import rolls
    from sheetapp.systems.forgotten_futures.names import Characteristic

    for characteristic in Characteristic:
        yield (
            f"characteristic:{characteristic.value}",
            "attributes",
            rolls.characteristic_check(sheet, characteristic),
        )
    for row in range(len(sheet.skills)):
        yield f"skill:{row}", "skills", rolls.skill_check(sheet, row)
    for row in range(len(sheet.weapons)):
        yield f"weapon:{row}", "weapons", rolls.weapon_check(sheet, row)


def _amazing_engine(sheet: Any) -> Iterator[Offered]:
    from sheetapp.systems.amazing_engine import rolls
    from sheetapp.systems.amazing_engine.catalog import universe_or_generic
    from sheetapp.systems.amazing_engine.names import Attribute

    if not sheet.characters:
        return
    character = sheet.characters[0]  # narrowed to the character played (plugin.focus)
    for attribute in Attribute:
        yield f"attribute:{attribute.value}", "attributes", rolls.attribute_check(
            character, attribute
        )
    universe, _ = universe_or_generic(character.universe)
    for row, skill in enumerate(character.skills):
        yield f"skill:{row}", "skills", rolls.skill_check(
            character, universe, skill.group, tuple(skill.path)
        )
    for row, weapon in enumerate(character.weapons):
        yield f"weapon:{row}", "weapons", rolls.weapon_check(character, weapon)


_LISTERS: dict[str, Callable[[Any], Iterator[Offered]]] = {
    "d6-pool": _d6_pool,
    "alternity": _alternity,
    "amplitude": _amplitude,
    "forgotten-futures": _forgotten_futures,
    "amazing-engine": _amazing_engine,
}
