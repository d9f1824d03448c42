"""A character with many skills costs their number, not its square: chances look skills up
in indexes built once, and those indexes find what a search would."""

from __future__ import annotations

from collections.abc import Iterator

from sheetapp.dice import Roller
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import Skill
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.universe import SkillGroup, SkillNode, Universe


def searched(universe: Universe, group: str, path: tuple[str, ...]) -> list[SkillNode] | None:
    """The chain as a search finds it: the first group and the first sibling of a name."""
    found = next((g for g in universe.skill_groups if g.name == group), None)
    if found is None or not path:
        return None
    chain, children = [], found.skills
    for step in path:
        node = next((n for n in children if n.name == step), None)
        if node is None:
            return None
        chain.append(node)
        children = node.children
    return chain


def node(name: str, *children: SkillNode) -> SkillNode:
    return SkillNode(name=name, attribute=Attribute.REFLEXES, children=children)


def test_the_skill_index_finds_what_a_search_finds() -> None:
    shadowing = Universe(
        id="twice",
        name="Twice",
        skill_groups=(
            SkillGroup(name="A", skills=(node("x", node("y")), node("x", node("z")))),
            SkillGroup(name="A", skills=(node("w"),)),
            SkillGroup(name="B", skills=(node("x", node("y", node("v"))),)),
        ),
    )
    for universe in [*builtin_universes().values(), shadowing]:
        paths = {(g, p) for g, p, _ in universe.walk_skills()}
        paths |= {("A", ("x", "z")), ("A", ("w",)), ("B", ()), ("C", ("x",)), ("B", ("v",))}
        for group, path in paths:
            assert universe.find_skill(group, path) == searched(universe, group, path)


class CountedList(list):
    """A list that counts how often it is walked."""

    walks = 0

    def __iter__(self) -> Iterator[Skill]:
        self.walks += 1
        return super().__iter__()


def test_the_chances_of_many_skills_walk_the_skill_list_a_few_times_only() -> None:
    universe = builtin_universes()["generic"]
    character = random_npc_sheet(Roller(3), universe).characters[0]
    skills = [Skill.from_tree(g, p, n, "profession") for g, p, n in universe.walk_skills()]
    skills += [Skill(group="House", path=[f"Trade {n}"], attribute="charm") for n in range(50)]
    expected = character_figures(character.model_copy(update={"skills": skills})).skills
    counted = CountedList(skills)
    character.__dict__["skills"] = counted  # past validation, which would copy the list
    assert character_figures(character).skills == expected
    assert len(skills) > 100
    assert counted.walks <= 3  # once per skill before: n walks of n skills
