"""Ticking skills on and off a character, keeping the tree's order.

Taking a skill files it as a profession skill while the profession has room for it, else as
a free-choice skill; dropping a skill drops its specialties too, since they need it.
"""

from __future__ import annotations

from collections import Counter

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.ledger import creation_attributes
from sheetapp.systems.amazing_engine.model import Character, Skill
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.universe import (
    Universe,
    free_skill_count,
    profession_skill_count,
)


def skill_slots(character: Character, universe: Universe) -> dict[str, tuple[int, int]]:
    """(taken, allowed) for profession and free skills, from the starting attributes."""
    start = creation_attributes(character)
    taken = Counter(s.source for s in character.skills)
    return {
        "profession": (
            taken["profession"],
            profession_skill_count(start.get(Attribute.LEARNING, 0)),
        ),
        "free": (taken["free"], free_skill_count(start.get(Attribute.INTUITION, 0))),
    }


def with_skill(
    character: Character, universe: Universe, group: str, path: tuple[str, ...]
) -> list[Skill]:
    """The character's skills plus ``path`` (and any missing parents are NOT added)."""
    if any(s.group == group and tuple(s.path) == path for s in character.skills):
        return list(character.skills)
    chain = universe.find_skill(group, path)
    if chain is None:
        raise KeyError(_("no skill {join} in {group}").format(join=' > '.join(path), group=group))
    node = chain[-1]
    profession = universe.profession(character.profession)
    taken, allowed = skill_slots(character, universe)["profession"]
    in_profession = profession is not None and group in profession.groups
    source = "profession" if in_profession and taken < allowed else "free"
    return [
        *character.skills,
        Skill.from_tree(group, path, node, source),
    ]


def without_skill(character: Character, group: str, path: tuple[str, ...]) -> list[Skill]:
    """The character's skills less ``path`` and every specialty beneath it."""
    depth = len(path)
    return [s for s in character.skills if not (s.group == group and tuple(s.path[:depth]) == path)]
