"""Ticking skills: profession slots first, then free choices; dropping takes specialties."""

from __future__ import annotations

from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.ranks import assign_rank
from sheetapp.systems.amazing_engine.skill_choice import skill_slots, with_skill, without_skill

GENERIC = builtin_universes()["generic"]


def soldier() -> Character:
    # Learning 11 -> 2 profession skills; Intuition 15 -> 1 free skill
    scores = {a: 30 for a in Attribute} | {Attribute.LEARNING: 11, Attribute.INTUITION: 15}
    return Character(profession="soldier", attributes=scores)


def test_profession_slots_fill_first_then_free() -> None:
    c = soldier()
    for path in (("Brawling",), ("Blades",), ("Blades", "Fencing")):
        c.skills = with_skill(c, GENERIC, "Melee", path)
    assert [s.source for s in c.skills] == ["profession", "profession", "free"]
    assert skill_slots(c, GENERIC) == {"profession": (2, 2), "free": (1, 1)}


def test_a_skill_outside_the_profession_is_free() -> None:
    c = soldier()
    c.skills = with_skill(c, GENERIC, "Medicine", ("First aid",))
    assert c.skills[0].source == "free"


def test_dropping_a_skill_drops_its_specialties() -> None:
    c = soldier()
    for path in (("Blades",), ("Blades", "Fencing"), ("Blades", "Fencing", "Sabre")):
        c.skills = with_skill(c, GENERIC, "Melee", path)
    c.skills = without_skill(c, "Melee", ("Blades", "Fencing"))
    assert [tuple(s.path) for s in c.skills] == [("Blades",)]


def test_assigning_a_held_rank_swaps() -> None:
    ranks = {Pool.PHYSIQUE: 1, Pool.INTELLECT: 2}
    assert assign_rank(ranks, Pool.INTELLECT, 1) == {Pool.PHYSIQUE: 2, Pool.INTELLECT: 1}
    assert assign_rank({Pool.PHYSIQUE: 1}, Pool.SPIRIT, 1) == {Pool.SPIRIT: 1}
