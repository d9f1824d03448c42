"""Records for the tests: one made by the generator and then played, wounds and all."""

from __future__ import annotations

from sheetapp.dice import Roller
from sheetapp.systems.forgotten_futures import experience as xp
from sheetapp.systems.forgotten_futures.generation import random_sheet
from sheetapp.systems.forgotten_futures.model import (
    Armour,
    ForgottenFuturesSheet,
    Skill,
    Weapon,
    Wounds,
)


def played() -> ForgottenFuturesSheet:
    """An aeronaut with a history: awards, an improvement, a skill learned, a 12, wounds,
    and a name that tests escaping and scripts."""
    sheet = ForgottenFuturesSheet(
        player="Marcus <& Co>",
        name="Capt. Ωμέγα <b>Жуков</b> & Sons",
        profession="Aeronaut",
        sex="Female",
        age="34",
        characteristics={"body": 4, "mind": 5, "soul": 3},
        skills=[
            Skill(name="Brawling", base="B", points=0),
            Skill(name="Stealth", base="B/2", points=0),
            Skill(name="Pilot", base="AvB&M/2", points=3, speciality="airships"),
            Skill(name="Mechanic", base="M", points=2),
            Skill(name="Linguist", base="M", points=1),
        ],
        native_language="English",
        languages=["French", "Latin", "Ελληνικά"],
        weapons=[
            Weapon(name="Big handgun", multiple=True, effect="6", a="F", b="I", c="C/K"),
            Weapon(name="Club", multiple=True, effect="BODY+1", a="B", b="F", c="KO/K"),
        ],
        armour=[Armour(name="Crash helmet", reduction=2, against="impacts", covers="head")],
        equipment="Goggles, flying coat, an aneroid barometer.",
        notes="Owes the <Guild> & the Жрец a favour.",
    )
    sheet = xp.award(sheet, 30, adventure="The Air Pirates", note="saved the Zephyr")
    sheet = xp.improve_skill(sheet, 3, 4, adventure="The Air Pirates")  # Mechanic 7 -> 8
    sheet = xp.add_skill(sheet, "Morse Code", 5, adventure="The Air Pirates")  # starts at 6
    sheet = xp.add_skill(sheet, "Riding", 12, adventure="The Air Pirates")  # never
    sheet.wounds = Wounds(bruised=True, flesh_wound=True)
    return sheet


def fresh(seed: int = 1) -> ForgottenFuturesSheet:
    return random_sheet(Roller(seed))
