"""What a changed universe pack does to the characters made in it, and the sheet brought in
line with the pack's new definitions.

A sheet stores each known skill's group, path, attribute and enhancement flag as the pack
defined them when it was taken, and its XP ledger the prices paid; the figures (stamina,
body, skill chances) are computed from the pack each time. So after a game master saves a
pack, a character of that universe can hold a skill the pack no longer has (removed,
renamed or moved), a skill checked against another attribute, or XP prices of before;
and its figures may read differently. ``effects`` says so in words per character;
``follow_pack`` rewrites what the sheet stores (figures need nothing: they follow).

A skill the old pack never defined is the game master's allowance and is left alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sheetapp.i18n import _, ngettext
from sheetapp.systems.amazing_engine.derived import universe_figure
from sheetapp.systems.amazing_engine.figures import skill_figures
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Skill
from sheetapp.systems.amazing_engine.names import label
from sheetapp.systems.amazing_engine.universe import SkillNode, Universe

SkillKey = tuple[str, tuple[str, ...]]
Position = tuple[int, ...]


@dataclass(frozen=True)
class SheetChange:
    """One thing the pack's change does to a character; ``applies`` when following the
    pack rewrites the sheet for it (a figure only reads differently, nothing to write)."""

    text: str
    applies: bool


@dataclass(frozen=True)
class CharacterEffect:
    index: int  # the character's place in its sheet
    name: str
    changes: tuple[SheetChange, ...]

    @property
    def applies(self) -> bool:
        return any(change.applies for change in self.changes)


def _positions(universe: Universe) -> dict[SkillKey, Position]:
    """Each skill's place: its group's index, then its index among its siblings at each level."""
    places: dict[SkillKey, Position] = {}

    def visit(group: str, prefix: tuple[str, ...], at: Position, nodes: Iterable[SkillNode]):
        for i, node in enumerate(nodes):
            key = (group, (*prefix, node.name))
            places.setdefault(key, (*at, i))
            visit(group, key[1], (*at, i), node.children)

    for g, group in enumerate(universe.skill_groups):
        visit(group.name, (), (g,), group.skills)
    return places


def skill_moves(old: Universe, new: Universe) -> dict[SkillKey, SkillKey | None]:
    """Every skill of the old pack the new one lacks: where it went (renamed in its place,
    or the one new skill of its name elsewhere), or None when it is gone."""
    before, after = _positions(old), _positions(new)
    at = {place: key for key, place in after.items()}
    fresh = [key for key in after if key not in before]
    moves: dict[SkillKey, SkillKey | None] = {}
    for key, place in before.items():
        if key in after:
            continue
        renamed = at.get(place)
        if renamed is not None and renamed not in before:
            moves[key] = renamed
            continue
        same_name = [k for k in fresh if k[1][-1] == key[1][-1]]
        moves[key] = same_name[0] if len(same_name) == 1 else None
    return moves


def _shown(key: SkillKey) -> str:
    return " > ".join(key[1])


def _moved(key: SkillKey, target: SkillKey) -> str:
    if key[0] == target[0]:
        return _("{old} becomes {new}.").format(old=_shown(key), new=_shown(target))
    if key[1] == target[1]:
        return _("{skill} moves from {old_group} to {new_group}.").format(
            skill=_shown(key), old_group=key[0], new_group=target[0]
        )
    return _("{old} in {old_group} becomes {new} in {new_group}.").format(
        old=_shown(key), old_group=key[0], new=_shown(target), new_group=target[0]
    )


def _skill_changes(
    character: Character, old: Universe, new: Universe, moves: dict[SkillKey, SkillKey | None]
) -> tuple[list[SheetChange], list[Skill]]:
    """The words for each stored skill and the skills as the new pack defines them."""
    changes: list[SheetChange] = []
    kept: list[Skill] = []
    for skill in character.skills:
        key: SkillKey = (skill.group, tuple(skill.path))
        target = key
        if key in moves:
            target = moves[key]  # type: ignore[assignment]
            if target is None:
                changes.append(SheetChange(
                    _("Loses {skill}: the pack no longer has it.").format(skill=_shown(key)),
                    True,
                ))
                continue
            changes.append(SheetChange(_moved(key, target), True))
        chain = new.skill_chains.get(target)
        if chain is None:  # never the pack's (a skill the GM allowed): left as it is
            kept.append(skill)
            continue
        node = chain[-1]
        if node.attribute is not skill.attribute:
            changes.append(SheetChange(
                _("{skill} is checked against {attribute} (was {before}).").format(
                    skill=_shown(target), attribute=label(node.attribute),
                    before=label(skill.attribute),
                ),
                True,
            ))
        if node.enhancement != skill.enhancement:
            text = (_("{skill} becomes an enhancement.") if node.enhancement
                    else _("{skill} is no longer an enhancement."))
            changes.append(SheetChange(text.format(skill=_shown(target)), True))
        kept.append(skill.model_copy(update={
            "group": target[0], "path": list(target[1]),
            "attribute": node.attribute, "enhancement": node.enhancement,
        }))
    return changes, kept


def _profession_changes(
    character: Character, new: Universe, skills: list[Skill]
) -> list[SheetChange]:
    profession = new.profession(character.profession) if character.profession else None
    if profession is None:
        return []
    return [
        SheetChange(
            _("{skill}: {group} is no longer a {profession} skill group; choose what the "
              "skill becomes.").format(
                skill=" > ".join(s.path), profession=profession.name, group=s.group
            ),
            False,
        )
        for s in skills
        if s.source == "profession" and s.group not in profession.groups
    ]


def _repriced(character: Character, old: Universe, new: Universe) -> tuple[list[SheetChange], list]:
    """XP bought at the old pack's prices, at the new ones; the words and the new ledger."""
    ledger = [entry.model_copy() for entry in character.xp_ledger]
    skills = attributes = 0
    for i, entry in enumerate(ledger):
        if entry.kind == "skill" and entry.amount == -old.xp_per_skill:
            if old.xp_per_skill != new.xp_per_skill:
                ledger[i] = entry.model_copy(update={"amount": -new.xp_per_skill})
                skills += 1
        elif (entry.kind == "attribute" and entry.points
              and entry.amount == -entry.points * old.xp_per_attribute_point
              and old.xp_per_attribute_point != new.xp_per_attribute_point):
            ledger[i] = entry.model_copy(
                update={"amount": -entry.points * new.xp_per_attribute_point}
            )
            attributes += entry.points
    changes = []
    if skills:
        changes.append(SheetChange(ngettext(
            "{n} skill bought with XP is priced at {new} XP (was {old}) in the ledger.",
            "{n} skills bought with XP are priced at {new} XP each (were {old}) in the ledger.",
            skills,
        ).format(n=skills, new=new.xp_per_skill, old=old.xp_per_skill), True))
    if attributes:
        changes.append(SheetChange(ngettext(
            "{n} attribute point bought with XP is priced at {new} XP (was {old}) in the "
            "ledger.",
            "{n} attribute points bought with XP are priced at {new} XP each (were {old}) "
            "in the ledger.",
            attributes,
        ).format(n=attributes, new=new.xp_per_attribute_point,
                 old=old.xp_per_attribute_point), True))
    return changes, ledger


def _figure_name(key: str) -> str:
    """A formula's name as a player reads it: the two every universe has in their words,
    a pack's own formula by the key the pack gave it (the pack's data)."""
    return {"stamina": _("Stamina"), "body": _("Body")}.get(key, key)


def _figure_changes(character: Character, old: Universe, new: Universe) -> list[SheetChange]:
    changes = []
    for key in dict.fromkeys([*old.formulas, *new.formulas]):
        before = universe_figure(old, key, character)
        after = universe_figure(new, key, character)
        if before != after:
            changes.append(SheetChange(
                _("{figure} reads {after} (was {before}).").format(
                    figure=_figure_name(key),
                    after="–" if after is None else after,
                    before="–" if before is None else before,
                ),
                False,
            ))
    return changes


def _chance_changes(
    character: Character, kept: list[Skill], old: Universe, new: Universe
) -> list[SheetChange]:
    """Skill chances that move with the pack's penalties and bonuses alone."""
    if (old.specialty_penalty, old.enhancement_bonus) == (
        new.specialty_penalty, new.enhancement_bonus
    ):
        return []
    followed = character.model_copy(update={"skills": kept})
    before = [f.chance for f in skill_figures(followed, old)]
    after = [f.chance for f in skill_figures(followed, new)]
    moved = sum(b != a for b, a in zip(before, after, strict=True))
    if not moved:
        return []
    return [SheetChange(ngettext(
        "{n} skill chance reads differently (specialty penalty or enhancement bonus).",
        "{n} skill chances read differently (specialty penalty or enhancement bonus).",
        moved,
    ).format(n=moved), False)]


def _follow(character: Character, old: Universe, new: Universe,
            moves: dict[SkillKey, SkillKey | None]) -> tuple[list[SheetChange], Character]:
    skill_words, skills = _skill_changes(character, old, new, moves)
    price_words, ledger = _repriced(character, old, new)
    words = [
        *skill_words,
        *_profession_changes(character, new, skills),
        *price_words,
        *_figure_changes(character, old, new),
        *_chance_changes(character, skills, old, new),
    ]
    return words, character.model_copy(update={"skills": skills, "xp_ledger": ledger})


def _of_universe(sheet: AmazingEngineSheet, universe_id: str) -> Iterable[tuple[int, Character]]:
    return ((i, c) for i, c in enumerate(sheet.characters) if c.universe == universe_id)


def effects(old: Universe, new: Universe, sheet: AmazingEngineSheet) -> list[CharacterEffect]:
    """Each character of the pack's universe whose sheet reads differently under ``new``."""
    moves = skill_moves(old, new)
    found = []
    for index, character in _of_universe(sheet, new.id):
        words, _followed = _follow(character, old, new, moves)
        if words:
            name = character.name or _("Character {n}").format(n=index + 1)
            found.append(CharacterEffect(index, name, tuple(words)))
    return found


def follow_pack(old: Universe, new: Universe, sheet: AmazingEngineSheet) -> AmazingEngineSheet:
    """The sheet with every character of the universe holding the new pack's definitions."""
    moves = skill_moves(old, new)
    characters = list(sheet.characters)
    for index, character in _of_universe(sheet, new.id):
        characters[index] = _follow(character, old, new, moves)[1]
    # Validated afresh: the copy shares nothing with the sheet an undo step keeps.
    return AmazingEngineSheet.model_validate(
        sheet.model_copy(update={"characters": characters}).model_dump()
    )
