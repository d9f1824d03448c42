"""Amazing Engine blocks: one per character, as the PDF block shows it (universe,
profession, species, status; the eight scores; stamina, body, initiative and attack; the
best skills and the weapons)."""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.statblocks.text import TextBlock, one_line
from sheetapp.systems.amazing_engine.block_figures import CharacterBlockFigures, block_figures
from sheetapp.systems.amazing_engine.catalog import universe_name, universe_or_generic
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.registry import system_name

TOP_SKILLS = 6  # as the PDF block: the best six, then how many more
STATUS = TranslatedTable({"active": "", "retired": N_("Retired"), "dead": N_("Dead")})


def blocks(sheet: AmazingEngineSheet, character: int | None = None) -> list[TextBlock]:
    chosen = sheet.characters
    if character is not None and 0 <= character < len(chosen):
        chosen = [chosen[character]]
    return [block(c) for c in chosen]


def _or_dash(value: object) -> str:
    return "-" if value is None else str(value)


# Translators: the attributes' short names on a stat block's strip, three capitals in English
SHORT_NAMES = TranslatedTable({
    Attribute.FITNESS: N_("FIT"),
    Attribute.REFLEXES: N_("REF"),
    Attribute.LEARNING: N_("LEA"),
    Attribute.INTUITION: N_("INT"),
    Attribute.PSYCHE: N_("PSY"),
    Attribute.WILLPOWER: N_("WIL"),
    Attribute.CHARM: N_("CHA"),
    Attribute.POSITION: N_("POS"),
})


def scores(f: CharacterBlockFigures) -> tuple[tuple[str, str], ...]:
    """The eight attributes (the PDF block's strip too), by their short names."""
    return tuple((SHORT_NAMES[a], _or_dash(f.attributes.get(a.value))) for a in Attribute)


def figures(f: CharacterBlockFigures) -> tuple[tuple[str, str], ...]:
    """Stamina, body, initiative and attack by target area (the PDF block's too)."""
    a = f.attack_chance
    return (
        (_("Stamina"), _or_dash(f.stamina)),
        (_("Body"), _or_dash(f.body)),
        (_("Initiative"), f"+{f.initiative_modifier}"),
        (_("Attack"), f"{a.general}% / {a.non_vital}% / {a.vital}%"),
    )


def block(character: Character) -> TextBlock:
    f = block_figures(character)
    universe, _unused = universe_or_generic(character.universe)
    profession = universe.profession(character.profession)
    species = next((s for s in universe.species if s.id == character.species), None)
    best = sorted(f.skills, key=lambda s: -s.chance)[:TOP_SKILLS]
    skills = ", ".join(f"{one_line(s.name)} {s.chance}%" for s in best)
    if len(f.skills) > len(best):
        skills += _(", +{value} more").format(value=len(f.skills) - len(best))
    weapons = "; ".join(
        _("{one_line} {one_line2} (lethality {general}/{non_vital}/{vital})").format(
            one_line=one_line(w.name),
            one_line2=one_line(w.damage),
            general=w.lethality.general,
            non_vital=w.lethality.non_vital,
            vital=w.lethality.vital,
        )
        for w in f.weapons
    )
    return TextBlock(
        name=character.name,
        facts=(
            system_name("amazing-engine"),
            universe_name(character.universe),
            profession.name if profession else character.profession,
            species.name if species else character.species,
            STATUS.get(character.status, character.status),
        ),
        scores=scores(f),
        figures=figures(f),
        lines=((_("Skills"), skills), (_("Weapons"), weapons)),
    )
