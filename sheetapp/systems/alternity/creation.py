"""A new hero from a player's choices, step by step: what the guided creation builds.

The excerpt we follow fixes how scores follow from abilities (skill scores, the action
check, durability, last resort points) but leaves the hero-creation chapter out: the ability
budget of a species, which skills a profession gets and how many skill points there are.
So the choices are plain values the player (or the game master) sets, and the builder only
turns them into a sheet; ``rules.check`` then says what the text fixes. The wizard and the
tests both call :func:`build_hero`, so a hero made on screen equals one made from the same
choices here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetapp.i18n import N_
from sheetapp.systems.alternity.catalog import default_ability
from sheetapp.systems.alternity.derived import last_resorts_max
from sheetapp.systems.alternity.generation import STARTING_BROAD
from sheetapp.systems.alternity.model import (
    AlternitySheet,
    Armour,
    BroadSkill,
    Durability,
    Equipment,
    Movement,
    ResistanceBonus,
    Settings,
    SpecialtySkill,
    Weapon,
)
from sheetapp.systems.alternity.names import Ability, Track

# Where a score starts before the player moves it: the usual budget shared evenly.
EVEN_SHARE = Settings().ability_points // len(Ability)


def starting_broad_skills() -> dict[str, Ability]:
    """The broad skills every hero starts with, each linked to its usual ability."""
    return {name: default_ability(name) or Ability.STRENGTH for name in STARTING_BROAD}


@dataclass
class HeroChoices:
    """Everything a player decides for a new hero, in the order the guided creation asks:
    every field of the sheet but the play state a new hero starts without (level 1, no
    damage).

    ``last_resorts`` None starts the hero with the maximum; the ``durability`` and
    ``last_resorts_max`` entries are overrides of the defaults from the abilities.
    """

    name: str = ""
    player: str = ""
    npc: bool = False
    species: str = N_("Human")
    profession: str = ""
    career: str = ""
    campaign: str = ""
    gender: str = ""
    age: str = ""
    motivation: str = ""
    moral_attitude: str = ""
    settings: Settings = field(default_factory=Settings)
    abilities: dict[Ability, int] = field(
        default_factory=lambda: dict.fromkeys(Ability, EVEN_SHARE)
    )
    resistance_bonus: dict[Ability, int] = field(default_factory=dict)
    broad_skills: dict[str, Ability] = field(default_factory=starting_broad_skills)
    specialty_skills: dict[tuple[str, str], int] = field(default_factory=dict)
    action_check_bonus: int = 0
    actions_per_round: int | None = None
    durability: dict[Track, int] = field(default_factory=dict)
    last_resorts: int | None = None
    last_resorts_max: int | None = None
    skill_points: int = 0
    last_resort_cost: int | None = None
    movement: dict[str, int] = field(default_factory=dict)
    weapons: list[Weapon] = field(default_factory=list)
    armour: list[Armour] = field(default_factory=list)
    equipment: list[Equipment] = field(default_factory=list)
    perks: str = ""
    flaws: str = ""
    background: str = ""
    notes: str = ""


def build_hero(choices: HeroChoices) -> AlternitySheet:
    """The hero the choices describe (check it with ``rules.check``; nothing is refused
    here that the rules report as a finding)."""
    sheet = AlternitySheet(
        name=choices.name.strip(),
        player=choices.player.strip(),
        npc=choices.npc,
        species=choices.species.strip(),
        profession=choices.profession.strip(),
        career=choices.career.strip(),
        campaign=choices.campaign.strip(),
        gender=choices.gender.strip(),
        age=choices.age.strip(),
        motivation=choices.motivation.strip(),
        moral_attitude=choices.moral_attitude.strip(),
        settings=choices.settings.model_copy(),
        abilities=dict(choices.abilities),
        resistance_bonus=ResistanceBonus(
            **{a.value: bonus for a, bonus in choices.resistance_bonus.items()}
        ),
        broad_skills=[BroadSkill(name=n, ability=a) for n, a in choices.broad_skills.items()],
        specialty_skills=[
            SpecialtySkill(broad=broad, name=name, rank=rank)
            for (broad, name), rank in choices.specialty_skills.items()
        ],
        action_check_bonus=choices.action_check_bonus,
        actions_per_round=choices.actions_per_round,
        durability=Durability(**{t.value: n for t, n in choices.durability.items()}),
        last_resorts_max=choices.last_resorts_max,
        skill_points=choices.skill_points,
        last_resort_cost=choices.last_resort_cost,
        movement=Movement(**choices.movement),
        weapons=[w.model_copy() for w in choices.weapons],
        armour=[a.model_copy() for a in choices.armour],
        equipment=[e.model_copy() for e in choices.equipment],
        perks=choices.perks,
        flaws=choices.flaws,
        background=choices.background,
        notes=choices.notes,
    )
    if choices.last_resorts is not None:
        sheet.last_resorts = choices.last_resorts
    else:
        sheet.last_resorts = last_resorts_max(sheet) or 0
    return sheet
