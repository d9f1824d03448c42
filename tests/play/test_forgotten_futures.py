"""Forgotten Futures at the GM's table: NPCs, bonus-point awards, the wounds record as a
track that fills B F I I C, the BODY penalty in force, and a round kept by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.play import encounter as enc
from sheetapp.play.batch import award_xp, generate_into, generate_npcs
from sheetapp.play.damage import DamageError, TrackState, heal, take
from sheetapp.play.encounter import Encounter
from sheetapp.play.forgotten_futures import (
    KILLED,
    KNOCKED_OUT,
    SUPPORT,
    WOUNDS,
    condition,
    land_result,
    out,
)
from sheetapp.play.names import name_list
from sheetapp.play.support import NpcRequest, XpAward, gm_support
from sheetapp.play.table import Table
from sheetapp.systems.forgotten_futures.ledger import balance
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Wounds
from sheetapp.systems.forgotten_futures.names import Characteristic
from sheetapp.systems.forgotten_futures.rules import check
from sheetapp.systems.plugin import RequestError

from .conftest import reopened

FRESH = (
    TrackState(WOUNDS, "Wounds B F I I C", 5),
    TrackState(KNOCKED_OUT, "Knocked out", 1),
    TrackState(KILLED, "Killed", 1),
)


def problems(sheet: ForgottenFuturesSheet) -> list[str]:
    return [f.message for f in check(sheet) if f.severity is not Severity.INFO]


def after(*results: str) -> tuple[TrackState, ...]:
    states = FRESH
    for result in results:
        states = land_result(states, result).tracks
    return states


def ticked(states) -> int:
    return next(s.taken for s in states if s.key == WOUNDS)


# --- NPCs ---------------------------------------------------------------------------------------


def test_npcs_of_a_profession_validate_and_repeat_with_their_seed() -> None:
    request = NpcRequest("forgotten-futures", profession="aeronaut", names="starlane")
    first = list(generate_npcs(request, 20, seed=4))
    assert [s.name for s in first] == [s.name for s in generate_npcs(request, 20, seed=4)]
    starlane = name_list("starlane")
    for sheet in first:
        assert sheet.profession == "Aeronaut" and sheet.npc
        assert sheet.name.split(" ")[0] in starlane.given
        assert problems(sheet) == []
    assert "Pilot" in {s.name for s in first[0].skills}  # the profession's own skills


def test_without_a_name_list_npcs_keep_the_games_titled_names() -> None:
    (sheet,) = generate_npcs(NpcRequest("forgotten-futures"), 1, seed=2)
    assert sheet.name.split(" ")[0] in {"Mr", "Dr", "Professor", "Captain", "Sir", "Colonel",
                                        "Lord", "Miss", "Mrs", "Lady", "Dame"}  # fmt: skip


@given(
    st.dictionaries(
        st.sampled_from([c.value for c in Characteristic]),
        st.tuples(st.integers(1, 7), st.integers(1, 7)).map(sorted).map(tuple),
        max_size=3,
    ),
    st.integers(0, 2**16),
)
def test_characteristic_ranges_are_kept_and_the_record_still_validates(ranges, seed) -> None:
    (sheet,) = generate_npcs(NpcRequest("forgotten-futures", ranges=ranges), 1, seed=seed)
    for name, (low, high) in ranges.items():
        assert low <= sheet.characteristics[Characteristic(name)] <= high
    assert problems(sheet) == []  # points grow to pay for dear ranges; a 7 gets leave


def test_a_template_is_copied_unhurt_with_a_new_name() -> None:
    (template,) = generate_npcs(NpcRequest("forgotten-futures", profession="engineer"), 1, seed=1)
    template.wounds = Wounds(bruised=True, injury=True)
    copies = list(generate_npcs(NpcRequest("forgotten-futures", template=template), 5, seed=3))
    for copy in copies:
        assert copy.characteristics == template.characteristics
        assert copy.skills == template.skills and copy.wounds == Wounds()
    assert len({c.name for c in copies}) > 1
    assert template.wounds.injury  # the template itself is untouched


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (NpcRequest("forgotten-futures", profession="pirate"), "not a profession.*aeronaut"),
        (NpcRequest("forgotten-futures", universe="mars"), "no universes"),
        (NpcRequest("forgotten-futures", ranges={"luck": (1, 2)}), "'luck' is not an attribute"),
        (NpcRequest("forgotten-futures", ranges={"body": (5, 8)}), "within 1-7"),
    ],
)
def test_impossible_npc_requests_are_refused(request_, message) -> None:
    with pytest.raises(RequestError, match=message):
        list(generate_npcs(request_, 2))


# --- bonus points -------------------------------------------------------------------------------


def test_an_award_is_bonus_points_on_the_ledger() -> None:
    (sheet,) = generate_npcs(NpcRequest("forgotten-futures"), 1, seed=6)
    awarded = SUPPORT.award_xp(sheet, XpAward(3, note="the Martian cylinder"))
    assert balance(awarded) == balance(sheet) + 3
    line = awarded.bonus_ledger[-1]
    assert (line.kind, line.amount, line.note) == ("award", 3, "the Martian cylinder")
    with pytest.raises(ValueError, match="no Player Core"):
        SUPPORT.award_xp(sheet, XpAward(3, core=1))
    with pytest.raises(ValueError, match="positive"):
        SUPPORT.award_xp(sheet, XpAward(0))


# --- the wounds record --------------------------------------------------------------------------


def test_boxes_fill_in_order_and_the_worst_sets_the_body_penalty() -> None:
    states = FRESH
    seen = []
    for _ in range(5):
        states = take(states, WOUNDS, 1).tracks
        seen.append((condition(states), out(states)))
    assert seen == [
        ("bruised: stiff", False),
        ("flesh wound: slowed; BODY -1", False),
        ("injured: slow, needs care; BODY -2", False),
        ("crawling: cannot fight; BODY -4", True),
        ("dying: unconscious", True),
    ]
    hit = take(states, WOUNDS, 1)  # nothing past critical on the record
    assert (hit.absorbed, hit.ignored) == (0, 1)


def test_damage_results_land_as_the_rules_say() -> None:
    assert ticked(after("B")) == 1
    assert ticked(after("F", "B")) == 2  # a bruise over a flesh wound adds nothing
    assert ticked(after("F", "F")) == 2  # nor does a second flesh wound
    assert ticked(after("B", "I")) == 3
    assert ticked(after("I", "I")) == 4  # the second injury box
    assert ticked(after("I", "I", "I")) == 5  # injured past both boxes: critical
    assert ticked(after("C")) == 5
    assert condition(after("I+KO")) == "knocked out; injured: slow, needs care; BODY -2"
    assert condition(after("B", "K")) == "dead" and out(after("K"))
    assert out(after("KO")) and not out(after("F"))
    assert land_result(FRESH, "-").absorbed == 0  # no harm


def test_a_hit_reports_what_it_marked() -> None:
    hit = land_result(after("B"), "I+KO")
    assert hit.marked == {WOUNDS: 2, KNOCKED_OUT: 1}
    assert (hit.track, hit.absorbed, hit.ignored) == (WOUNDS, 3, 0)


@pytest.mark.parametrize(
    ("result", "message"),
    [("C/K", "second Effect roll"), ("Q", "'Q' is not a damage result"), ("I+X", "'X'")],
)
def test_results_that_are_not_one_outcome_are_refused(result, message) -> None:
    with pytest.raises(DamageError, match=message):
        land_result(FRESH, result)


def test_healing_clears_boxes_from_the_worst_and_marks_one_at_a_time() -> None:
    states = heal(after("I", "I", "KO"), WOUNDS, 1)
    assert condition(states) == "knocked out; injured: slow, needs care; BODY -2"
    states = heal(states, KNOCKED_OUT, 1)
    assert not out(states) and condition(heal(states, WOUNDS, 9)) == ""


# --- the library --------------------------------------------------------------------------------


def test_generate_award_hurt_and_reload(lib) -> None:
    ids = generate_into(lib, NpcRequest("forgotten-futures", profession="explorer"), 3, seed=8)
    report = award_xp(lib, ids, XpAward(4, note="the lost plateau"))
    assert report.awarded == ids and report.refused == []
    table = Table(lib)
    assert [(t.key, t.maximum) for t in table.tracks(ids[0])] == [
        (WOUNDS, 5),
        (KNOCKED_OUT, 1),
        (KILLED, 1),
    ]
    hit = table.hit(ids[0], WOUNDS, "I+KO")
    assert hit.marked == {WOUNDS: 3, KNOCKED_OUT: 1}
    table.hurt(ids[1], WOUNDS, 2)
    with pytest.raises(DamageError, match="not a damage result"):
        table.hit(ids[1], WOUNDS, "Z")
    with reopened(lib) as again:
        table = Table(again)
        assert table.condition(ids[0]) == "knocked out; injured: slow, needs care; BODY -2"
        assert table.is_out(ids[0]) and not table.is_out(ids[1])
        assert table.condition(ids[1]) == "flesh wound: slowed; BODY -1"
        sheet = again.load(ids[2])
        assert sheet.bonus_ledger[-1].amount == 4 and sheet.wounds == Wounds()  # never hurt
        assert again.revisions(ids[2])[0].note == "award 4 XP: the lost plateau"


def test_everything_happens_at_once_so_the_gm_keeps_the_order(lib) -> None:
    ids = generate_into(lib, NpcRequest("forgotten-futures"), 3, seed=9)
    table = Table(lib)
    fight = Encounter(name="The Thames embankment")
    for sheet_id, side in zip(ids, ("police", "anarchists", "anarchists"), strict=True):
        fight = table.join(fight, sheet_id, side)
    assert fight.by_hand and gm_support("forgotten-futures").own_rule is None
    fight = enc.move(fight, f"sheet-{ids[2]}", 0)
    table.hit(ids[1], WOUNDS, "K")
    fight = table.next_round(fight, Roller(1))
    assert [(t.keys, t.why) for t in fight.turns] == [
        ((f"sheet-{ids[2]}",), "by hand"),
        ((f"sheet-{ids[0]}",), "by hand"),
    ]
    assert fight.combatant(f"sheet-{ids[1]}").out


@given(
    st.lists(
        st.one_of(
            st.sampled_from(["B", "F", "I", "C", "KO", "K", "I+KO", "b + f", "C/K", "Q", ""]),
            st.integers(-1, 7),
        ),
        max_size=20,
    )
)
def test_any_run_of_hits_is_taken_or_refused_never_a_crash(hits) -> None:
    states = FRESH
    for amount in hits:
        try:
            states = SUPPORT.hit(ForgottenFuturesSheet(), states, WOUNDS, amount).tracks
        except DamageError:
            continue
        assert all(0 <= s.taken <= s.maximum for s in states)
        assert isinstance(condition(states), str)
