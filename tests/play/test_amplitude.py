"""The Amplitude Engine at the GM's table: NPCs from stock concepts, the wound track moved
by a hit's QO against each sheet's thresholds, U and K, the penalty in force, a scene
ordered by hand, and XP refused because the text has no experience rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.play import encounter as enc
from sheetapp.play.amplitude import KILLED, SUPPORT, WOUNDS, condition, land
from sheetapp.play.batch import award_xp, generate_into, generate_npcs
from sheetapp.play.damage import DamageError, heal, track_states
from sheetapp.play.encounter import Encounter
from sheetapp.play.support import NpcRequest, XpAward
from sheetapp.play.table import Table
from sheetapp.systems.amplitude.model import AmplitudeSheet, Thresholds
from sheetapp.systems.amplitude.rules import check
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.registry import get_system

from .conftest import reopened

STANDARD = AmplitudeSheet(name="Standard human")
TOUGH = AmplitudeSheet(name="Tough", thresholds=Thresholds(minor=2, moderate=5, major=9))
LEVELS = ["unwounded", "minor", "moderate", "major", "incapacitated"]


def fresh(sheet: AmplitudeSheet = STANDARD):
    return track_states([*get_system("amplitude").tracks(sheet), *SUPPORT.marks], {})


def at(level: str):
    return track_states(
        [*get_system("amplitude").tracks(STANDARD), *SUPPORT.marks], {WOUNDS: LEVELS.index(level)}
    )


def level_after(states, amount, sheet=STANDARD) -> str:
    tracks = land(sheet, states, WOUNDS, amount).tracks
    if any(s.key == KILLED and s.taken for s in tracks):
        return "killed"
    return LEVELS[next(s.taken for s in tracks if s.key == WOUNDS)]


# --- NPCs ---------------------------------------------------------------------------------------


def test_npcs_of_a_stock_concept_validate() -> None:
    sheets = list(generate_npcs(NpcRequest("amplitude", profession="field-medic"), 8, seed=1))
    for sheet in sheets:
        assert sheet.concept == "Field medic" and sheet.npc and sheet.momentum == 0
        assert [f for f in check(sheet) if f.severity is not Severity.INFO] == []
    template = sheets[0].model_copy(update={"wound": "major", "name": "Doc"})
    (copy,) = generate_npcs(NpcRequest("amplitude", template=template, names="hearth"), 1)
    assert copy.wound == "unwounded" and copy.skills == template.skills and copy.name != "Doc"


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (NpcRequest("amplitude", ranges={"ob": (1, 2)}), "no attributes"),
        (NpcRequest("amplitude", profession="wizard"), "not a concept.*mercenary"),
        (NpcRequest("amplitude", universe="earth"), "no universes"),
    ],
)
def test_impossible_npc_requests_are_refused(request_, message) -> None:
    with pytest.raises(RequestError, match=message):
        list(generate_npcs(request_, 1))


def test_xp_is_refused_with_the_reason(lib) -> None:
    sheet_id = lib.add(STANDARD)
    assert award_xp(lib, [sheet_id], XpAward(5)).refused == [(sheet_id, SUPPORT.no_xp)]
    assert "no experience rules" in SUPPORT.no_xp


# --- the wound track ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "qo", "end"),
    [
        # The text's examples for the standard thresholds 1 / 4 / 8.
        ("unwounded", 1, "minor"),
        ("minor", 3, "moderate"),
        ("unwounded", 4, "moderate"),
        ("minor", 7, "major"),
        ("unwounded", 8, "major"),
        ("unwounded", 10, "major"),
        ("major", 1, "incapacitated"),
        ("moderate", 10, "incapacitated"),
        ("major", "U", "incapacitated"),
        ("unwounded", "U", "incapacitated"),
        ("minor", "K", "killed"),
    ],
)
def test_a_hit_moves_down_the_track_as_its_qo_meets_the_thresholds(start, qo, end) -> None:
    assert level_after(at(start), qo) == end


def test_each_sheet_has_its_own_thresholds() -> None:
    assert level_after(fresh(TOUGH), 1, TOUGH) == "unwounded"  # below the minor threshold
    assert level_after(fresh(TOUGH), 4, TOUGH) == "minor"
    assert level_after(fresh(TOUGH), 9, TOUGH) == "major"


def test_what_a_hit_reports() -> None:
    hit = land(STANDARD, at("moderate"), WOUNDS, 9)  # 3 steps wanted, 2 left
    assert (hit.track, hit.absorbed, hit.ignored, hit.marked) == (WOUNDS, 2, 1, {WOUNDS: 2})
    killed = land(STANDARD, fresh(), WOUNDS, "K")
    assert (killed.track, killed.marked) == (KILLED, {KILLED: 1})
    assert land(STANDARD, killed.tracks, WOUNDS, "U").absorbed == 0  # past all harm


def test_the_condition_names_the_penalty_in_force() -> None:
    assert [condition(at(level)) for level in LEVELS] == [
        "",
        "minor wound: -1 to every roll",
        "moderate wound: -2 to every roll",
        "major wound: -4 to every roll; an Amp 5 / QO 5 check before any significant action, "
        "else minor ones only",
        "incapacitated: cannot act",
    ]
    assert [SUPPORT.is_out(at(level)) for level in LEVELS] == [False] * 4 + [True]
    killed = land(STANDARD, fresh(), WOUNDS, "K").tracks
    assert condition(killed) == "killed" and SUPPORT.is_out(killed)


def test_healing_moves_up_a_step_at_a_time() -> None:
    assert condition(heal(at("major"), WOUNDS, 1)) == "moderate wound: -2 to every roll"
    assert condition(heal(at("major"), WOUNDS, 5)) == ""


@pytest.mark.parametrize(("amount", "message"), [(0, "from 1"), (11, "1 to 10"), ("X", "'X'")])
def test_nonsense_hits_are_refused(amount, message) -> None:
    with pytest.raises(DamageError, match=message):
        land(STANDARD, fresh(), WOUNDS, amount)


# --- the library --------------------------------------------------------------------------------


def test_generate_hurt_order_by_hand_and_reload(lib) -> None:
    ids = generate_into(lib, NpcRequest("amplitude", profession="mercenary"), 2, seed=3)
    ids.append(lib.add(TOUGH))
    table = Table(lib)
    table.hurt(ids[2], WOUNDS, 5)  # tough: QO 5 meets the moderate threshold 5
    table.hit(ids[0], WOUNDS, "U")
    fight = Encounter(name="Checkpoint")
    for sheet_id in ids:
        fight = table.join(fight, sheet_id, "guards" if sheet_id != ids[2] else "runners")
    fight = enc.move(fight, f"sheet-{ids[2]}", 0)
    saved = table.save(fight)
    with reopened(lib) as again:
        table = Table(again)
        assert table.condition(ids[2]) == "moderate wound: -2 to every roll"
        assert table.condition(ids[0]) == "incapacitated: cannot act"
        assert again.load(ids[2]).wound == "unwounded"  # the sheet itself never changed
        fight = table.next_round(table.load(saved), Roller(1))
        assert fight.by_hand
        assert [t.keys for t in fight.turns] == [(f"sheet-{ids[2]}",), (f"sheet-{ids[1]}",)]


@given(
    st.lists(st.one_of(st.integers(-2, 12), st.sampled_from(["U", "K", "3", "Z", ""])), max_size=20)
)
def test_any_run_of_hits_is_taken_or_refused_never_a_crash(hits) -> None:
    states = fresh(TOUGH)
    for amount in hits:
        try:
            states = land(TOUGH, states, WOUNDS, amount).tracks
        except DamageError:
            continue
        assert all(0 <= s.taken <= s.maximum for s in states)
        assert isinstance(condition(states), str)


def test_the_killed_mark_can_be_set_and_cleared_by_hand() -> None:
    hit = land(STANDARD, fresh(), KILLED, 1)
    assert hit.marked == {KILLED: 1} and condition(hit.tracks) == "killed"
    assert condition(heal(hit.tracks, KILLED, 1)) == ""
