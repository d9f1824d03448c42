"""A universe as data: the settings, formulas, professions and skill trees it changes.

Every Amazing Engine universe alters characters in the same few ways, so a universe is a
data object that the rules read, never a branch in the code. Shipped universes live in
``resources/universes/`` as TOML files; the product's ``generic`` universe carries the
System Guide's defaults plus our own stamina/body formulas.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cached_property
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from sheetapp.formulas import Formula, FormulaError, compile_formula
from sheetapp.systems.amazing_engine.names import Attribute

FORMULA_NAMES = frozenset(a.value for a in Attribute)
REQUIRED_FORMULAS = ("stamina", "body")

Name = Annotated[str, Field(min_length=1, max_length=200)]
Setting = Annotated[int, Field(ge=0, le=1000)]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SkillNode(_Frozen):
    """One skill of a tree; its children are its specialties."""

    name: Name
    attribute: Attribute
    enhancement: bool = False
    children: tuple[SkillNode, ...] = ()


class SkillGroup(_Frozen):
    name: Name
    skills: tuple[SkillNode, ...] = ()


class Profession(_Frozen):
    id: Name
    name: Name
    groups: tuple[Name, ...] = ()
    description: str = ""


class Species(_Frozen):
    id: Name
    name: Name
    description: str = ""


class Universe(_Frozen):
    id: Name
    name: Name
    description: str = ""
    base_adjustment: Annotated[int, Field(ge=-50, le=100)] = 0
    creation_cap: Setting = 50
    attribute_max: Setting = 90
    dice_cap: Setting = 5
    free_dice: Setting = 7
    specialty_penalty: Setting = 10
    enhancement_bonus: Setting = 10
    xp_per_attribute_point: Setting = 5
    xp_per_skill: Setting = 20
    formulas: dict[Name, Annotated[str, Field(max_length=500)]] = Field(
        default_factory=lambda: {
            "stamina": "ceil((willpower + reflexes) / 2)",
            "body": "ceil(fitness / 5)",
        }
    )
    professions: tuple[Profession, ...] = ()
    skill_groups: tuple[SkillGroup, ...] = ()
    species: tuple[Species, ...] = ()

    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(cached_property,))

    @field_validator("formulas")
    @classmethod
    def _formulas_compile(cls, formulas: dict[str, str]) -> dict[str, str]:
        missing = [key for key in REQUIRED_FORMULAS if key not in formulas]
        if missing:
            raise ValueError(f"formulas need a '{missing[0]}' entry")
        for key, text in formulas.items():
            try:
                compile_formula(text, FORMULA_NAMES)
            except FormulaError as exc:
                raise ValueError(f"formula '{key}': {exc}") from None
        return formulas

    @cached_property
    def compiled_formulas(self) -> dict[str, Formula]:
        return {key: compile_formula(text, FORMULA_NAMES) for key, text in self.formulas.items()}

    def formula_value(self, key: str, attributes: dict[Attribute, int]) -> int:
        values = {a.value: attributes.get(a, 0) for a in Attribute}
        return self.compiled_formulas[key].evaluate(values)

    def profession(self, profession_id: str) -> Profession | None:
        return next((p for p in self.professions if p.id == profession_id), None)

    def group(self, name: str) -> SkillGroup | None:
        return next((g for g in self.skill_groups if g.name == name), None)

    def find_skill(self, group: str, path: tuple[str, ...]) -> list[SkillNode] | None:
        """The chain of nodes from the basic skill down to ``path``, or None if absent."""
        found = self.group(group)
        if found is None or not path:
            return None
        chain: list[SkillNode] = []
        children = found.skills
        for step in path:
            node = next((n for n in children if n.name == step), None)
            if node is None:
                return None
            chain.append(node)
            children = node.children
        return chain

    def walk_skills(self) -> Iterator[tuple[str, tuple[str, ...], SkillNode]]:
        """Every skill of every group, parents before their specialties."""

        def visit(
            group: str, prefix: tuple[str, ...], nodes: tuple[SkillNode, ...]
        ) -> Iterator[tuple[str, tuple[str, ...], SkillNode]]:
            for node in nodes:
                path = (*prefix, node.name)
                yield group, path, node
                yield from visit(group, path, node.children)

        for group in self.skill_groups:
            yield from visit(group.name, (), group.skills)

    def skill_count(self) -> int:
        return sum(1 for _ in self.walk_skills())


def profession_skill_count(learning: int) -> int:
    """One profession skill per ten points of Learning or fraction thereof.

    >>> profession_skill_count(23), profession_skill_count(30), profession_skill_count(0)
    (3, 3, 0)
    """
    return max(0, math.ceil(learning / 10))


def free_skill_count(intuition: int) -> int:
    """One free-choice skill per full fifteen points of Intuition.

    >>> free_skill_count(28), free_skill_count(30), free_skill_count(14)
    (1, 2, 0)
    """
    return max(0, intuition // 15)
