"""How an Amazing Engine sheet shows in the library: a row per character, each with its
player; a sheet holding only a core is one row named after its player."""

from __future__ import annotations

from typing import Literal

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.derived import initiative_modifier, universe_figure
from sheetapp.systems.amazing_engine.ledger import balance
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.plugin import RosterCharacter, RosterInfo, Track


def table_index(sheet: AmazingEngineSheet) -> int | None:
    """The character a sheet is played as at the table and named by in the roster: the
    first active one (a core's prime may have retired or died since), else the first."""
    if not sheet.characters:
        return None
    return next((i for i, c in enumerate(sheet.characters) if c.status == "active"), 0)


def table_characters(sheet: AmazingEngineSheet) -> list[tuple[int, str]]:
    """The characters a GM may choose among at the table: the active ones, when there are
    several (one per universe)."""
    active = [
        (i, c.name or _("Character {value}").format(value=i + 1))
        for i, c in enumerate(sheet.characters)
    ]
    active = [(i, name) for i, name in active if sheet.characters[i].status == "active"]
    return active if len(active) > 1 else []


def focus(sheet: AmazingEngineSheet, index: int | None) -> tuple[AmazingEngineSheet, str]:
    """The sheet narrowed to the character played at the table (``index``, else the
    ``table_index`` one) and the prefix its damage is kept under: its id when the sheet holds
    several characters, so each keeps its own damage."""
    if index is None or not 0 <= index < len(sheet.characters):
        index = table_index(sheet)
    if index is None:
        return sheet, ""
    character = sheet.characters[index]
    prefix = f"{character.id}/" if len(sheet.characters) > 1 else ""
    return sheet.model_copy(update={"characters": [character]}), prefix


def roster_info(sheet: AmazingEngineSheet) -> RosterInfo:
    """A row per character with its own universe, profession, status and XP balance; its
    search words are its own and the core's (player, core notes), never a sibling's, so a
    search for one character's skill does not list the others of its core."""
    player = sheet.core.player if sheet.core else ""
    index = table_index(sheet)
    first = sheet.characters[index] if index is not None else None
    name = (first.name if first else "") or player
    shared = [player, sheet.core.notes if sheet.core else ""]
    rows = tuple(_row(sheet, i, shared) for i in range(len(sheet.characters)))
    return RosterInfo(
        name=name,
        setting=first.universe if first else "",
        npc=sheet.core is None,
        text=" ".join(w for w in [*shared, *(r.text for r in rows)] if w),
        characters=rows,
        player=player,
    )


def _row(sheet: AmazingEngineSheet, index: int, shared: list[str]) -> RosterCharacter:
    character = sheet.characters[index]
    universe, _unused = universe_or_generic(character.universe)
    found = universe.profession(character.profession)  # the pack's name, not its id
    profession = found.name if found else character.profession
    words = [*shared, character.name, character.player, profession, character.profession]
    if found is not None:  # the column shows the reader's language: a search finds it so
        words += _translated(universe, "professions", found.id)
    species = next((s for s in universe.species if s.id == character.species), None)
    words += [character.species, character.notes, character.appearance]
    if species is not None:
        words += [species.name, *_translated(universe, "species", species.id)]
    words += [w.name for w in character.weapons] + [e.name for e in character.equipment]
    words += [s.name for s in character.skills]
    return RosterCharacter(
        character.name or _("Character {value}").format(value=index + 1),
        character.player or (sheet.core.player if sheet.core else ""),
        setting=character.universe,
        profession=profession,
        status=character.status,
        xp=balance(character.xp_ledger),
        text=" ".join(w for w in words if w),
        key=character.id,
    )


def _translated(universe: Universe, kind: Literal["professions", "species"], key: str) -> list[str]:
    """The names a pack gives a profession or species in each of its languages."""
    found = (getattr(words, kind).get(key) for words in universe.translations.values())
    return [w.name for w in found if w is not None and w.name]


def shown_profession(setting: str, stored: str) -> str:
    """The roster's profession column in the reader's language: the library keeps the
    pack's own name (or the id of a profession the pack lacks), which the pack translates
    when shown, as the character's form does."""
    universe, _unused = universe_or_generic(setting)
    found = next((p for p in universe.professions if stored in (p.name, p.id)), None)
    return universe.profession_name(found) if found is not None else stored


def damage_tracks(sheet: AmazingEngineSheet) -> list[Track]:
    """Stamina and body of the character played at the table, where its universe defines
    them."""
    index = table_index(sheet)
    if index is None:
        return []
    character = sheet.characters[index]
    universe, _unused = universe_or_generic(character.universe)
    tracks = []
    for key, label in (("stamina", _("Stamina")), ("body", _("Body"))):
        maximum = universe_figure(universe, key, character)
        if maximum is not None:
            tracks.append(Track(key, label, maximum))
    return tracks


def sheet_initiative_modifier(sheet: AmazingEngineSheet) -> int | None:
    """The tens digit of the Reflexes of the character played at the table; a side rolls 1d10
    plus the best."""
    index = table_index(sheet)
    if index is None:
        return None
    return initiative_modifier(sheet.characters[index].attributes.get(Attribute.REFLEXES, 0))
