"""How an Amazing Engine sheet shows in the library: one row per document, named after
its first character (or its player when it holds only a core)."""

from __future__ import annotations

from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.derived import initiative_modifier, universe_figure
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.plugin import RosterInfo, Track


def roster_info(sheet: AmazingEngineSheet) -> RosterInfo:
    player = sheet.core.player if sheet.core else ""
    first = sheet.characters[0] if sheet.characters else None
    name = (first.name if first else "") or player
    words = [player, sheet.core.notes if sheet.core else ""]
    for character in sheet.characters:
        words += [character.name, character.player, character.profession, character.species]
        words += [character.notes, character.appearance]
        words += [w.name for w in character.weapons] + [e.name for e in character.equipment]
        words += [s.name for s in character.skills]
    return RosterInfo(
        name=name,
        setting=first.universe if first else "",
        npc=sheet.core is None,
        text=" ".join(w for w in words if w),
    )


def damage_tracks(sheet: AmazingEngineSheet) -> list[Track]:
    """Stamina and body of the first character, where its universe defines them."""
    if not sheet.characters:
        return []
    character = sheet.characters[0]
    universe, _ = universe_or_generic(character.universe)
    tracks = []
    for key, label in (("stamina", "Stamina"), ("body", "Body")):
        maximum = universe_figure(universe, key, character)
        if maximum is not None:
            tracks.append(Track(key, label, maximum))
    return tracks


def sheet_initiative_modifier(sheet: AmazingEngineSheet) -> int | None:
    """The tens digit of the first character's Reflexes; a side rolls 1d10 plus the best."""
    if not sheet.characters:
        return None
    return initiative_modifier(sheet.characters[0].attributes.get(Attribute.REFLEXES, 0))
