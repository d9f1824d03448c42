"""A universe as data: the settings, formulas, professions and skill trees it changes.

Every Amazing Engine universe alters characters in the same few ways, so a universe is a
data object that the rules read, never a branch in the code. Universes come from TOML
packs (``resources/universes/`` and the game master's own folder; see
docs/universe-packs.md). These models say what a well-formed pack holds; the judgement
calls (a profession naming a group nobody defined, a stamina formula that ignores
Willpower) are findings made by ``pack_checks``, not refusals here.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cached_property
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from sheetapp.formulas import Formula, compile_formula
from sheetapp.i18n import _, language
from sheetapp.systems.amazing_engine.names import FREE_DICE, Attribute

FORMULA_NAMES = frozenset(a.value for a in Attribute)
REQUIRED_FORMULAS = ("stamina", "body")
PACK_FORMAT = 1

Name = Annotated[str, Field(min_length=1, max_length=200)]
Text = Annotated[str, Field(max_length=4000)]
Setting = Annotated[int, Field(ge=0, le=1000)]
# Ids end up in sheets and file names: keep them to plain lowercase words.
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9_-]*$")]
Weight = Annotated[float, Field(ge=0, le=10_000, allow_inf_nan=False)]
MAX_CATALOGUE = 500  # items of one kind in a pack's gear catalogue
MAX_KIT = 50  # catalogue items one profession starts with
FormulaKey = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_]*$")]


def _compiles(text: str) -> str:
    compile_formula(text, FORMULA_NAMES)  # FormulaError is a ValueError: pydantic reports it
    return text


FormulaText = Annotated[str, AfterValidator(_compiles)]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SkillNode(_Frozen):
    """One skill of a tree; its children are its specialties.

    ``learned`` marks a skill nobody can try untrained. Left out, it follows the System
    Guide: exactly the skills checked against Learning are learned ones.
    """

    name: Name
    attribute: Attribute
    enhancement: bool = False
    learned: bool | None = None
    children: tuple[SkillNode, ...] = Field(default=(), max_length=200)

    @property
    def needs_training(self) -> bool:
        """Whether the skill cannot be attempted at all without knowing it."""
        return self.attribute is Attribute.LEARNING if self.learned is None else self.learned


class SkillGroup(_Frozen):
    name: Name
    description: Text = ""
    skills: tuple[SkillNode, ...] = Field(default=(), max_length=200)


class Profession(_Frozen):
    """A profession: the skill groups its skills come from and the catalogue items (by
    name) a character of it starts with, so a generated soldier carries a rifle."""

    id: Id
    name: Name
    groups: tuple[Name, ...] = Field(default=(), max_length=50)
    gear: tuple[Name, ...] = Field(default=(), max_length=MAX_KIT)
    description: Text = ""


class CatalogueWeapon(_Frozen):
    """A weapon of the universe: damage dice and lethality (the ones digit a hit must not
    pass to harm body), as the rules read a weapon; weight counts towards the load."""

    name: Name
    damage: Annotated[str, Field(min_length=1, max_length=40)]
    lethality: Annotated[int, Field(ge=1, le=10)]
    weight_kg: Weight = 0.0
    skill: Annotated[str, Field(max_length=200)] = ""
    range: Annotated[str, Field(max_length=200)] = ""
    notes: Annotated[str, Field(max_length=200)] = ""


class CatalogueArmour(_Frozen):
    """Armour: what a hit loses (``reduces`` damage points) or, for the few kinds that make
    the wearer harder to hit, what the attacker's chance loses (``hit_penalty``)."""

    name: Name
    reduces: Annotated[int, Field(ge=0, le=100)] = 0
    hit_penalty: Annotated[int, Field(ge=0, le=100)] = 0
    weight_kg: Weight = 0.0
    notes: Annotated[str, Field(max_length=200)] = ""


class CatalogueItem(_Frozen):
    """Any other equipment: a name and a weight."""

    name: Name
    weight_kg: Weight = 0.0
    notes: Annotated[str, Field(max_length=200)] = ""


class Species(_Frozen):
    """A species; its ``modifiers`` are added to a new character's attributes, with the
    universe's base adjustment (a hulking species: ``modifiers = { fitness = 10 }``)."""

    id: Id
    name: Name
    description: Text = ""
    modifiers: dict[Attribute, Annotated[int, Field(ge=-50, le=50)]] = Field(default_factory=dict)

    def modifier(self, attribute: Attribute) -> int:
        return self.modifiers.get(attribute, 0)


MAX_TRANSLATED = 5000  # entries of one kind in one language: a pack's skills with room to spare
SKILL_PATH_SEPARATOR = " > "  # a skill's key in [translations]: "Group > Skill > Specialty"


class Wording(_Frozen):
    """A name and a description in another language; either may be left out."""

    name: Name | None = None
    description: Text | None = None


class Translation(_Frozen):
    """A pack's words in one language, keyed by what identifies each thing in the pack:
    professions and species by id, skill groups by name, skills by their path of names
    ("Group > Skill > Specialty"), gear by name. Sheets keep storing those identifiers; only
    what is shown changes (docs/universe-packs.md, "Translations")."""

    name: Name | None = None
    description: Text | None = None
    professions: dict[str, Wording] = Field(default_factory=dict, max_length=MAX_TRANSLATED)
    skill_groups: dict[str, Wording] = Field(default_factory=dict, max_length=MAX_TRANSLATED)
    skills: dict[str, Name] = Field(default_factory=dict, max_length=MAX_TRANSLATED)
    species: dict[str, Wording] = Field(default_factory=dict, max_length=MAX_TRANSLATED)
    gear: dict[str, Name] = Field(default_factory=dict, max_length=MAX_TRANSLATED)


_NO_TRANSLATION = Translation()


def skill_key(group: str, path: tuple[str, ...]) -> str:
    """A skill's key in a pack's [translations]: its group and path of names.

    >>> skill_key("Melee", ("Blades", "Sabre"))
    'Melee > Blades > Sabre'
    """
    return SKILL_PATH_SEPARATOR.join((group, *path))


class Universe(_Frozen):
    format: Literal[1] = PACK_FORMAT
    id: Id
    name: Name
    description: Text = ""
    notes: Text = ""
    base_adjustment: Annotated[int, Field(ge=-50, le=100)] = 0
    creation_cap: Setting = 50
    attribute_max: Setting = 90
    dice_cap: Setting = 5
    specialty_penalty: Setting = 10
    enhancement_bonus: Setting = 10
    xp_per_attribute_point: Setting = 5
    xp_per_skill: Setting = 20
    formulas: dict[FormulaKey, FormulaText] = Field(
        default_factory=lambda: {
            "stamina": "ceil((willpower + reflexes) / 2)",
            "body": "ceil(fitness / 5)",
        },
        max_length=40,
    )
    professions: tuple[Profession, ...] = Field(default=(), max_length=200)
    skill_groups: tuple[SkillGroup, ...] = Field(default=(), max_length=200)
    species: tuple[Species, ...] = Field(default=(), max_length=100)
    weapons: tuple[CatalogueWeapon, ...] = Field(default=(), max_length=MAX_CATALOGUE)
    armour: tuple[CatalogueArmour, ...] = Field(default=(), max_length=MAX_CATALOGUE)
    equipment: tuple[CatalogueItem, ...] = Field(default=(), max_length=MAX_CATALOGUE)
    translations: dict[str, Translation] = Field(default_factory=dict, max_length=100)

    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(cached_property,))

    @model_validator(mode="before")
    @classmethod
    def _free_dice_are_fixed(cls, data: object) -> object:
        """Packs written before free dice were fixed may still say ``free_dice = 7``."""
        if isinstance(data, dict) and "free_dice" in data:
            if data["free_dice"] != FREE_DICE:
                raise ValueError(
                    _(
                        "free_dice: every later character places {n} free dice in every "
                        "universe; remove the line (a universe may change dice_cap instead)"
                    ).format(n=FREE_DICE)
                )
            data = {k: v for k, v in data.items() if k != "free_dice"}
        return data

    @field_validator("formulas")
    @classmethod
    def _required_formulas(cls, formulas: dict[str, str]) -> dict[str, str]:
        missing = [key for key in REQUIRED_FORMULAS if key not in formulas]
        if missing:
            raise ValueError(
                _("the [formulas] table needs a '{key}' entry, e.g. {key} = \"{example}\"").format(
                    key=missing[0], example=_EXAMPLES[missing[0]]
                )
            )
        return formulas

    @cached_property
    def compiled_formulas(self) -> dict[str, Formula]:
        return {key: compile_formula(text, FORMULA_NAMES) for key, text in self.formulas.items()}

    def formula_value(self, key: str, attributes: dict[Attribute, int]) -> int:
        values = {a.value: attributes.get(a, 0) for a in Attribute}
        return self.compiled_formulas[key].evaluate(values)

    def species_modifier(self, species_id: str, attribute: Attribute) -> int:
        """What a character of ``species_id`` gets on ``attribute`` at creation (0 for a
        species the universe does not list)."""
        found = next((s for s in self.species if s.id == species_id), None)
        return found.modifier(attribute) if found is not None else 0

    def profession(self, profession_id: str) -> Profession | None:
        return next((p for p in self.professions if p.id == profession_id), None)

    def group(self, name: str) -> SkillGroup | None:
        return next((g for g in self.skill_groups if g.name == name), None)

    def find_skill(self, group: str, path: tuple[str, ...]) -> list[SkillNode] | None:
        """The chain of nodes from the basic skill down to ``path``, or None if absent."""
        chain = self.skill_chains.get((group, tuple(path)))
        return None if chain is None else list(chain)

    @cached_property
    def skill_chains(self) -> dict[tuple[str, tuple[str, ...]], tuple[SkillNode, ...]]:
        """Every skill's chain of nodes by group and path, built once: a sheet asks for
        thousands, and searching the groups and siblings each time grew with the pack. As
        a search would, the first group or sibling of a name hides any later one."""
        chains: dict[tuple[str, tuple[str, ...]], tuple[SkillNode, ...]] = {}

        def visit(group: str, above: tuple[SkillNode, ...], nodes: tuple[SkillNode, ...]) -> None:
            prefix = tuple(n.name for n in above)
            for node in nodes:
                key = (group, (*prefix, node.name))
                if key not in chains:
                    chains[key] = (*above, node)
                    visit(group, chains[key], node.children)

        groups: set[str] = set()
        for group in self.skill_groups:
            if group.name not in groups:
                groups.add(group.name)
                visit(group.name, (), group.skills)
        return chains

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
        return sum(1 for _skill in self.walk_skills())

    def gear_item(self, name: str) -> CatalogueWeapon | CatalogueArmour | CatalogueItem | None:
        """The catalogue entry called ``name``: weapons first, then armour, then equipment."""
        for kind in (self.weapons, self.armour, self.equipment):
            found = next((item for item in kind if item.name == name), None)
            if found is not None:
                return found
        return None

    def professions_with_group(self, group: str) -> list[Profession]:
        return [p for p in self.professions if group in p.groups]

    # --- what the reader sees: the pack's words in sheetapp.i18n's language, else its own ---

    def words(self) -> Translation:
        """The pack's translation for the reader's language (``de_AT`` finds ``de``, ``pt``
        finds ``pt_BR``); an empty one when the pack has none, so every name falls back."""
        if not self.translations:
            return _NO_TRANSLATION
        code = language()
        found = self.translations.get(code)
        if found is None:
            base = code.split("_")[0]
            found = self.translations.get(base) or next(
                (t for c, t in self.translations.items() if c.split("_")[0] == base), None
            )
        return found or _NO_TRANSLATION

    @property
    def shown_name(self) -> str:
        return self.words().name or self.name

    @property
    def shown_description(self) -> str:
        return self.words().description or self.description

    def profession_name(self, profession: Profession) -> str:
        return _name_of(self.words().professions.get(profession.id), profession.name)

    def profession_description(self, profession: Profession) -> str:
        wording = self.words().professions.get(profession.id)
        return (wording.description if wording else None) or profession.description

    def group_name(self, name: str) -> str:
        """The shown name of the skill group stored as ``name``."""
        return _name_of(self.words().skill_groups.get(name), name)

    def group_description(self, group: SkillGroup) -> str:
        wording = self.words().skill_groups.get(group.name)
        return (wording.description if wording else None) or group.description

    def skill_name(self, group: str, path: tuple[str, ...]) -> str:
        """The shown name of the skill stored as ``path`` in ``group`` (its last name)."""
        if not path:
            return ""
        return self.words().skills.get(skill_key(group, tuple(path))) or path[-1]

    def species_name(self, species: Species) -> str:
        return _name_of(self.words().species.get(species.id), species.name)

    def species_description(self, species: Species) -> str:
        wording = self.words().species.get(species.id)
        return (wording.description if wording else None) or species.description

    def gear_name(self, name: str) -> str:
        """The shown name of the catalogue item stored as ``name``."""
        return self.words().gear.get(name) or name


def _name_of(wording: Wording | None, own: str) -> str:
    return (wording.name if wording else None) or own


_EXAMPLES = {"stamina": "ceil((willpower + reflexes) / 2)", "body": "ceil(fitness / 5)"}


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
