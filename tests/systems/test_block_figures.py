"""A stat block's figures are the record's figures: for any sheet (random, with play behind
it, or with any one field of its file changed), each system's ``block_figures`` equals the
same figures read off ``sheet_figures``. Blocks skip the figures they do not show; they
must never work one out differently."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.alternity import block_figures as alt_block
from sheetapp.systems.alternity.checks import Thresholds
from sheetapp.systems.alternity.figures import AlternityFigures, ScoreFigures
from sheetapp.systems.amazing_engine import block_figures as ae_block
from sheetapp.systems.amazing_engine.figures import AmazingEngineFigures
from sheetapp.systems.amplitude import block_figures as amp_block
from sheetapp.systems.amplitude.figures import AmplitudeFigures
from sheetapp.systems.d6_pool import block_figures as d6_block
from sheetapp.systems.d6_pool.figures import D6PoolFigures, PoolFigures
from sheetapp.systems.forgotten_futures import block_figures as ff_block
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures
from sheetapp.systems.registry import get_system
from tests.reliability.test_hostile_input import places, replace_at
from tests.systems.test_sheet_properties import HOSTILE, SEEDS, sample


def _ff(f: ForgottenFuturesFigures) -> ff_block.ForgottenFuturesBlockFigures:
    return ff_block.ForgottenFuturesBlockFigures(
        profession=f.profession,
        sex=f.sex,
        age=f.age,
        characteristics=f.characteristics,
        bonus_balance=f.bonus.balance,
        skills=[ff_block.BlockSkill(s.name, s.rating) for s in f.skills],
        weapons=[ff_block.BlockWeapon(w.name, w.effect, w.a, w.b, w.c) for w in f.weapons],
        armour=f.armour,
        wound_boxes=f.wounds.boxes,
    )


def _d6_pool(pool: PoolFigures | None) -> d6_block.BlockPool | None:
    return None if pool is None else d6_block.BlockPool(pool.dice, pool.chance(1))


def _d6(f: D6PoolFigures) -> d6_block.D6PoolBlockFigures:
    return d6_block.D6PoolBlockFigures(
        attributes=f.attributes,
        extra_attributes=f.extra_attributes,
        health=f.health,
        initiative_pool=f.initiative_pool,
        dodge_needed=f.dodge_needed,
        damage_needed=f.damage_needed,
        move=f.move,
        skills=[d6_block.BlockSkill(s.name, s.rating, _d6_pool(s.pool)) for s in f.skills],
        traits=[d6_block.BlockTrait(t.name, t.value, _d6_pool(t.pool)) for t in f.traits],
        weapons=[
            d6_block.BlockWeapon(
                name=w.name,
                attack=w.attack,
                lethal=w.lethal,
                attack_pool=d6_block.BlockPool(w.attack_pool.dice, w.attack_pool.chance(1)),
                damage_dice=w.damage_pool.dice,
                fixed_damage=w.fixed_damage,
                rules=w.rules,
            )
            for w in f.weapons
        ],
    )


def _alt_score(score: ScoreFigures | None) -> Thresholds | None:
    return None if score is None else Thresholds(score.ordinary, score.good, score.amazing)


def _alt(f: AlternityFigures) -> alt_block.AlternityBlockFigures:
    return alt_block.AlternityBlockFigures(
        species=f.species,
        profession=f.profession,
        career=f.career,
        level=f.level,
        abilities=f.abilities,
        resistance=f.resistance,
        action_check=f.action_check,
        actions_per_round=f.actions_per_round,
        durability=f.durability,
        last_resorts=f.last_resorts.current,
        broad_skills=[alt_block.BlockSkill(b.name, _alt_score(b.score)) for b in f.broad_skills],
        specialty_skills=[
            alt_block.BlockSpecialty(s.broad, s.name, _alt_score(s.score))
            for s in f.specialty_skills
        ],
        weapons=[
            alt_block.BlockWeapon(w.name, _alt_score(w.score), w.kind, w.damage)
            for w in f.weapons
        ],
        armour=f.armour,
    )


def _amp(f: AmplitudeFigures) -> amp_block.AmplitudeBlockFigures:
    return amp_block.AmplitudeBlockFigures(
        wound=f.wound,
        defensive_bonus=f.defensive_bonus,
        thresholds=f.thresholds,
        momentum=f.momentum,
        skills=f.skills,
        weapons=f.weapons,
        tools=f.tools,
    )


def _ae(f: AmazingEngineFigures) -> list[ae_block.CharacterBlockFigures]:
    return [
        ae_block.CharacterBlockFigures(
            attributes=c.attributes,
            stamina=c.stamina,
            body=c.body,
            initiative_modifier=c.initiative_modifier,
            attack_chance=c.attack_chance,
            weapons=c.weapons,
            skills=c.skills,
        )
        for c in f.characters
    ]


def _ae_blocks(sheet: Any) -> list[ae_block.CharacterBlockFigures]:
    """A block per character of the sheet, as the PDF prints them."""
    return [ae_block.block_figures(c) for c in sheet.characters]


# Each system's block figures, and the same figures read off the whole record's.
SYSTEMS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "amazing-engine": (_ae_blocks, _ae),
    "alternity": (alt_block.block_figures, _alt),
    "amplitude": (amp_block.block_figures, _amp),
    "forgotten-futures": (ff_block.block_figures, _ff),
    "d6-pool": (d6_block.block_figures, _d6),
}


def _agree(system_id: str, sheet: Any) -> None:
    block, from_record = SYSTEMS[system_id]
    assert block(sheet) == from_record(get_system(system_id).figures(sheet))


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_a_blocks_figures_are_the_records(system_id: str, seed: int) -> None:
    _agree(system_id, sample(system_id, seed))


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_a_blocks_figures_are_the_records_whatever_the_file_holds(
    system_id: str, seed: int, data
) -> None:
    """Changing any one field of a file (wounds, ledger, gear, blanks) reaches figures a
    random sheet never has."""
    doc = json.loads(dumps(sample(system_id, seed)))
    path = data.draw(st.sampled_from(places(doc)))
    replace_at(doc, path, data.draw(HOSTILE), delete=False)
    try:
        sheet = loads(json.dumps(doc))
    except DocumentError:
        return
    _agree(system_id, sheet)
