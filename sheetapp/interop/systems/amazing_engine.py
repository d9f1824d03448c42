"""The Amazing Engine as a tabletop sees it: the first character's attributes, stamina and
body, every attribute and skill as a percentile roll under its chance (``1d100<45``, so
the tabletop itself says whether it succeeded), weapons and equipment."""

from __future__ import annotations

from sheetapp.interop.mapping import SystemMapping
from sheetapp.interop.view import Check, Item, Stat, TabletopView, key_of
from sheetapp.systems.amazing_engine.chances import BEST_POSSIBLE
from sheetapp.systems.amazing_engine.figures import CharacterFigures, sheet_figures
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system


def view(sheet: AmazingEngineSheet) -> TabletopView:
    figures = sheet_figures(sheet)
    characters = figures.characters
    if not sheet.characters or not characters:
        return TabletopView(system=sheet.system, name="", npc=sheet.core is None)
    stored: Character = sheet.characters[0]
    fig: CharacterFigures = characters[0]
    stats = [
        Stat(key_of(a), a.title(), fig.attributes.get(a), group="scores",
             path=f"characters.0.attributes.{a}")
        for a in (attribute.value for attribute in Attribute)
    ]
    stats += [
        Stat("stamina", "Stamina", fig.stamina, maximum=fig.stamina, group="resources"),
        Stat("body", "Body", fig.body, maximum=fig.body, group="resources"),
        Stat("initiative", "Initiative modifier", fig.initiative_modifier, group="combat"),
        Stat("attack_chance", "Attack chance", fig.attack_chance.general, group="combat"),
    ]
    checks = [
        percentile(key_of("check", a), f"{a.title()} check", value, "scores")
        for a, value in fig.attributes.items() if value is not None
    ]
    checks += [
        percentile(key_of(s.group, *s.path), " / ".join(s.path), s.chance)
        for s in fig.skills
    ]
    checks.append(percentile("attack", "Attack", fig.attack_chance.general, "combat"))
    items = [
        Item(w.name, "weapon", notes=w.notes,
             details={"damage": w.damage, "lethality": w.lethality, "skill": w.skill,
                      "range": w.range})
        for w in stored.weapons
    ] + [
        Item(e.name, "gear", quantity=e.quantity, weight_kg=e.weight_kg, notes=e.notes,
             details={"carried": e.carried})
        for e in stored.equipment
    ]
    return TabletopView(
        system=sheet.system,
        name=stored.name,
        npc=sheet.core is None,
        biography=stored.notes,
        stats=tuple(stats),
        checks=tuple(checks),
        items=tuple(items),
    )


def percentile(key: str, label: str, chance: int, group: str = "skills") -> Check:
    """d100 under ``chance``: a roll of 95 or more fails whatever the chance."""
    under = max(0, min(chance, BEST_POSSIBLE))
    return Check(key, label, f"1d100<{under}", {"chance": chance}, group)


def _blank() -> AmazingEngineSheet:
    sheet = get_system("amazing-engine").new(NewOptions(npc=True))
    if not sheet.characters:
        sheet = sheet.model_copy(update={"characters": [Character()]})
    return sheet


MAPPING = SystemMapping(
    view=view, name_path="characters.0.name", notes_path="characters.0.notes", blank=_blank
)
