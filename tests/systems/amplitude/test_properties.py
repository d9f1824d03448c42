"""The Amplitude Engine's own properties (what every system keeps is in
``tests/systems/test_sheet_properties.py``): a random sheet is complete, play steps keep it
valid and loadable whatever order they come in, and a better roll never lowers the chance."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.storage.document import dumps, loads
from sheetapp.systems.amplitude.generation import random_sheet
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import TRACK
from sheetapp.systems.amplitude.odds import action_odds
from sheetapp.systems.amplitude.outcome_table import OUTCOMES
from sheetapp.systems.amplitude.play import heal, record_roll, take_hit
from sheetapp.systems.amplitude.rules import check
from sheetapp.systems.plugin import NewOptions, RequestError
from sheetapp.systems.registry import get_system
from tests.systems.monotonicity import assert_monotone_grid, assert_never_lowers, better_pairs

seeds = st.integers(min_value=0, max_value=2**32)


def errors(sheet: AmplitudeSheet) -> list[str]:
    return [str(f) for f in check(sheet) if f.severity is Severity.ERROR]


@given(seeds, st.booleans())
def test_a_random_sheet_is_complete_without_a_warning(seed: int, npc: bool) -> None:
    sheet = get_system("amplitude").new(NewOptions(random=True, seed=seed, npc=npc))
    assert [f for f in check(sheet) if f.severity is Severity.WARNING] == []
    assert sheet.name and sheet.concept and sheet.skills and sheet.npc == npc
    assert all(0 <= w.power <= 6 for w in sheet.weapons)


steps = st.one_of(
    st.tuples(st.just("hit"), st.sampled_from(OUTCOMES)),
    st.tuples(st.just("heal"), st.integers(0, 4)),
    st.tuples(st.just("roll"), st.integers(-4, 4)),
)


@given(seeds, st.lists(steps, max_size=20))
def test_play_steps_keep_a_valid_sheet_and_hits_never_heal(seed: int, moves: list) -> None:
    sheet = random_sheet(Roller(seed))
    for kind, value in moves:
        before = sheet
        try:
            if kind == "hit":
                sheet = take_hit(sheet, value)
                if before.wound != "killed":
                    assert sheet.wound == "killed" or TRACK.index(sheet.wound) >= TRACK.index(
                        before.wound
                    )
            elif kind == "heal":
                sheet = heal(sheet, value)
            else:
                sheet, _ = record_roll(sheet, value)
        except RequestError:
            assert before.wound == "killed" and kind == "heal"
    assert errors(sheet) == []
    assert loads(dumps(sheet)) == sheet


# --- odds: a better roll never lowers the chance (tests/systems/monotonicity.py) ---------------

AMP_RANGES = {"ob": (-8, 8), "db": (-8, 8), "amp": (-4, 14), "modifier": (-6, 6), "qo": (0, 11)}
AMP_BETTER = {"ob": +1, "db": -1, "amp": +1, "modifier": +1, "qo": -1}


def _check_chance(ob: int, db: int, amp: int, modifier: int, qo: int) -> Fraction:
    """The chance of a QO of ``qo`` or better (U and K beat any number)."""
    return action_odds(ob=ob, db=db, amp=amp, modifier=modifier).at_least(qo)


@given(better_pairs(AMP_RANGES, AMP_BETTER, steps=st.integers(1, 4)))
def test_a_better_bonus_amp_or_lower_need_never_lowers_the_chance(pair) -> None:
    assert_never_lowers(_check_chance, *pair)


def test_the_outcome_table_odds_are_monotone_over_a_grid() -> None:
    grid = {"ob": (-7, 7), "db": (0, 0), "amp": (-1, 11), "modifier": (0, 0), "qo": (1, 5)}
    assert_monotone_grid(_check_chance, grid, {"ob": +1, "amp": +1, "qo": -1})
