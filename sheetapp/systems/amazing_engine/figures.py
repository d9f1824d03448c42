"""Everything a sheet shows beyond what the player wrote, gathered in one place.

``show --json``, the forms and the PDF all read these figures, so a number is computed in
exactly one way wherever it appears.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.chances import known_by_group, skill_chance
from sheetapp.systems.amazing_engine.derived import (
    Movement,
    area_lethality,
    attack_chances,
    carry_limits,
    initiative_modifier,
    load_kg,
    load_status,
    loaded_movement,
    movement,
    universe_figure,
)
from sheetapp.systems.amazing_engine.ledger import balance
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.pool_dice import current_pool_dice

AREAS = ("general", "non_vital", "vital")


def sheet_figures(sheet: AmazingEngineSheet) -> dict[str, Any]:
    core = None
    if sheet.core is not None:
        dice = current_pool_dice(sheet)
        core = {
            "player": sheet.core.player,
            "ranks": {p.value: sheet.core.ranks[p] for p in Pool if p in sheet.core.ranks},
            "dice": {p.value: n for p, n in dice.items()} if dice else None,
            "xp": balance(sheet.core.xp_ledger),
        }
    return {
        "system": sheet.system,
        "core": core,
        "characters": [character_figures(c) for c in sheet.characters],
    }


def character_figures(character: Character) -> dict[str, Any]:
    universe, _ = universe_or_generic(character.universe)
    scores = character.attributes
    fitness = scores.get(Attribute.FITNESS, 0)
    reflexes = scores.get(Attribute.REFLEXES, 0)
    limits = carry_limits(fitness)
    load = load_kg(character.equipment)
    status = load_status(load, limits)
    base_move = movement(fitness)
    known = known_by_group(character)
    return {
        "id": character.id,
        "name": character.name,
        "universe": character.universe,
        "status": character.status,
        "attributes": {a.value: scores[a] for a in Attribute if a in scores},
        "stamina": universe_figure(universe, "stamina", character),
        "body": universe_figure(universe, "body", character),
        "initiative_modifier": initiative_modifier(reflexes),
        "movement": _movement_dict(base_move),
        "carry_kg": asdict(limits),
        "load_kg": load,
        "load_status": status,
        "movement_loaded": _movement_dict(loaded_movement(base_move, status, fitness)),
        "attack_chance": asdict(attack_chances(reflexes)),
        "weapons": [
            {
                "name": w.name,
                "damage": w.damage,
                "lethality": {area: area_lethality(w.lethality, area) for area in AREAS},
            }
            for w in character.weapons
        ],
        "skills": [
            {
                "name": skill.name,
                "group": skill.group,
                "path": list(skill.path),
                "attribute": skill.attribute.value,
                "chance": skill_chance(
                    character, universe, skill.group, tuple(skill.path), known=known[skill.group]
                ).effective,
            }
            for skill in character.skills
        ],
        "xp": balance(character.xp_ledger),
    }


def _movement_dict(m: Movement) -> dict[str, int | None]:
    return asdict(m)
