"""Gear from a universe's catalogue onto a character: one catalogue entry becomes one sheet
row, with the numbers the rules read (damage, lethality, weight) copied as they are.

The sheet keeps its own copy, never a reference: a game master who later changes a pack's
revolver does not silently rewrite every sheet that carries one (a sheet is what a player
wrote down). Armour becomes an equipment row whose note says what it stops, since the
sheet keeps armour with the rest of what a character carries.
"""

from __future__ import annotations

from collections.abc import Iterable

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.systems.amazing_engine.model import Character, Equipment, Weapon
from sheetapp.systems.amazing_engine.universe import (
    CatalogueArmour,
    CatalogueItem,
    CatalogueWeapon,
    Universe,
)

GearEntry = CatalogueWeapon | CatalogueArmour | CatalogueItem


def weapon_row(entry: CatalogueWeapon) -> Weapon:
    return Weapon(
        name=entry.name,
        damage=entry.damage,
        lethality=entry.lethality,
        skill=entry.skill,
        range=entry.range,
        weight_kg=entry.weight_kg,
        notes=entry.notes,
    )


def armour_note(entry: CatalogueArmour) -> str:
    """What a piece of armour does, in the words the equipment row's note shows."""
    parts = []
    if entry.reduces:
        parts.append(_("armour: a hit loses {n} damage").format(n=entry.reduces))
    if entry.hit_penalty:
        parts.append(_("armour: attacks on the wearer -{n}%").format(n=entry.hit_penalty))
    if not parts:
        parts.append(_("armour"))
    if entry.notes:
        parts.append(entry.notes)
    return "; ".join(parts)


def equipment_row(entry: CatalogueArmour | CatalogueItem) -> Equipment:
    notes = armour_note(entry) if isinstance(entry, CatalogueArmour) else entry.notes
    return Equipment(name=entry.name, weight_kg=entry.weight_kg, notes=notes[:200])


def add_gear(character: Character, entries: Iterable[GearEntry]) -> None:
    """Append each entry to the character's weapons or equipment (in place)."""
    for entry in entries:
        if isinstance(entry, CatalogueWeapon):
            character.weapons.append(weapon_row(entry))
        else:
            character.equipment.append(equipment_row(entry))


def profession_kit(universe: Universe, profession_id: str) -> list[GearEntry]:
    """The catalogue entries the profession starts with, in the pack's order; a name the
    catalogue lacks is skipped (the pack check reports it)."""
    profession = universe.profession(profession_id)
    if profession is None:
        return []
    found = (universe.gear_item(name) for name in profession.gear)
    return [entry for entry in found if entry is not None]


def give_kit(character: Character, universe: Universe) -> None:
    """Equip the character with its profession's gear from the universe's catalogue."""
    add_gear(character, profession_kit(universe, character.profession))


def catalogue_line(entry: GearEntry, name: str | None = None) -> str:
    """One line naming a catalogue entry and the numbers a player chooses it by; ``name``
    is the entry's name as shown (the pack's translation), its own name when not given."""
    shown = name or entry.name
    if isinstance(entry, CatalogueWeapon):
        return _("{name}: {damage}, lethality {lethality}, {kg} kg").format(
            name=shown, damage=entry.damage, lethality=entry.lethality, kg=number(entry.weight_kg)
        )
    if isinstance(entry, CatalogueArmour):
        return _("{name}: {what}, {kg} kg").format(
            name=shown, what=armour_note(entry), kg=number(entry.weight_kg)
        )
    return _("{name}: {kg} kg").format(name=shown, kg=number(entry.weight_kg))
