"""Damage on the four tracks: secondary damage, heavy stun and wound, knockout, dying, death
and the dazed penalties, as the excerpt states them with their numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.systems.alternity.damage import (
    Marks,
    Maxima,
    apply_damage,
    condition,
    end_of_scene,
    heal,
)
from sheetapp.systems.alternity.names import Track

CON_9 = Maxima(stun=9, wound=9, mortal=5, fatigue=5)
UNHURT = Marks()


def hit(track: Track, points: int, marks: Marks = UNHURT, maxima: Maxima = CON_9) -> Marks:
    return apply_damage(marks, maxima, track, points).marks


def test_stun_marks_one_box_a_point_and_a_full_track_knocks_out() -> None:
    assert hit(Track.STUN, 4) == Marks(stun=4)
    out = hit(Track.STUN, 9)
    assert condition(out, CON_9).knocked_out == ("stun",)


@pytest.mark.parametrize(("extra", "wound"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_heavy_stun_every_2_points_past_the_last_box_is_1_wound(extra: int, wound: int) -> None:
    assert hit(Track.STUN, extra, Marks(stun=9)) == Marks(stun=9, wound=wound)
    # also when the same attack fills the last boxes first
    assert hit(Track.STUN, 2 + extra, Marks(stun=7)).wound == wound


@pytest.mark.parametrize(("wound", "stun"), [(1, 0), (2, 1), (3, 1), (4, 2), (7, 3)])
def test_every_2_wound_points_bring_1_stun(wound: int, stun: int) -> None:
    assert hit(Track.WOUND, wound) == Marks(stun=stun, wound=wound)


def test_a_full_wound_track_knocks_out_and_further_wounds_become_mortal() -> None:
    full = hit(Track.WOUND, 9)
    assert "wound" in condition(full, CON_9).knocked_out
    # 4 more wounds at 9 of 9: 2 stun (secondary) and 2 mortal (heavy wound)
    after = hit(Track.WOUND, 4, full)
    assert (after.wound, after.mortal, after.stun) == (9, 2, full.stun + 2)


@pytest.mark.parametrize(
    ("mortal", "wound", "stun"), [(1, 0, 0), (2, 1, 1), (3, 1, 1), (4, 2, 2), (5, 2, 2)]
)
def test_every_2_mortal_points_bring_1_wound_and_1_stun(mortal: int, wound: int, stun: int) -> None:
    # The wound they bring brings no stun of its own: 4 mortal give 2 wound and 2 stun,
    # not 3 stun.
    assert hit(Track.MORTAL, mortal) == Marks(stun=stun, wound=wound, mortal=mortal)


def test_any_mortal_damage_is_dying_and_the_last_box_is_death() -> None:
    assert condition(hit(Track.MORTAL, 1), CON_9).dying
    assert not condition(hit(Track.MORTAL, 4), CON_9).dead
    assert condition(hit(Track.MORTAL, 5), CON_9).dead


def test_mortal_and_fatigue_daze_one_step_a_box() -> None:
    assert condition(Marks(mortal=2), CON_9).dazed == {Track.MORTAL: 2}
    assert condition(Marks(fatigue=3), CON_9).dazed == {Track.FATIGUE: 3}


def test_optional_dazed_rule_past_half_the_stun_or_wound_boxes() -> None:
    assert condition(Marks(stun=4), CON_9).dazed == {}  # 4 of 9: half or less
    assert condition(Marks(stun=5), CON_9).dazed == {Track.STUN: 1}
    assert condition(Marks(stun=5), CON_9, optional_dazed=False).dazed == {}
    even = Maxima(10, 10, 5, 5)
    assert condition(Marks(wound=5), even).dazed == {}
    assert condition(Marks(wound=6), even).dazed == {Track.WOUND: 1}


def test_dazed_penalties_add_up() -> None:
    # Dazed from stun and from wound, with 2 mortal points: +4.
    assert condition(Marks(stun=5, wound=5, mortal=2), CON_9).dazed_steps == 4


def test_a_full_fatigue_track_calls_for_resolve_and_the_next_fatigue_knocks_out() -> None:
    full = hit(Track.FATIGUE, 5)
    state = condition(full, CON_9)
    assert state.resolve_due and state.knocked_out == ()
    out = hit(Track.FATIGUE, 1, full)
    assert condition(out, CON_9).knocked_out == ("unconscious",)


def test_stun_fades_at_the_end_of_a_scene_and_healing_unmarks() -> None:
    marks = Marks(stun=6, wound=3, mortal=1, fatigue=2)
    assert end_of_scene(marks) == Marks(wound=3, mortal=1, fatigue=2)
    assert heal(marks, Track.WOUND, 5).wound == 0


def test_a_track_of_unknown_size_never_counts_as_full() -> None:
    assert condition(Marks(), Maxima(0, 0, 0, 0)).knocked_out == ()
    assert not condition(Marks(), Maxima(0, 0, 0, 0)).dead


tracks = st.sampled_from(list(Track))
maxima = st.builds(Maxima, *(st.integers(min_value=0, max_value=20) for _ in range(4)))


@given(maxima, st.lists(st.tuples(tracks, st.integers(0, 30)), max_size=12))
def test_marks_only_grow_and_never_pass_the_boxes(limits: Maxima, attacks) -> None:
    marks = Marks()
    for track, points in attacks:
        after = apply_damage(marks, limits, track, points).marks
        for t in Track:
            assert marks.of(t) <= after.of(t) <= max(limits.of(t), 0)
        marks = after


@given(maxima, tracks, st.integers(0, 60))
def test_every_point_of_an_attack_lands_somewhere_or_is_accounted_for(
    limits: Maxima, track: Track, points: int
) -> None:
    result = apply_damage(Marks(), limits, track, points)
    assert sum(result.marked.values()) <= sum(result.arrived.values())
    assert result.arrived[track] >= points


def test_heavy_stun_wound_counts_with_the_attacks_other_wound_toward_mortal() -> None:
    # Stun and wound both full: 4 stun become 2 wound, which become 1 mortal.
    full = Marks(stun=9, wound=9)
    assert hit(Track.STUN, 4, full) == Marks(stun=9, wound=9, mortal=1)


def test_fatigue_past_the_box_that_the_same_hit_filled_is_dropped() -> None:
    after = hit(Track.FATIGUE, 3, Marks(fatigue=3))
    assert after == Marks(fatigue=5)
    assert condition(after, CON_9).resolve_due


# --- the order within one attack (docs/systems/alternity.md, "Secondary and heavy damage") ---


def test_secondary_stun_on_a_full_stun_track_is_heavy_stun() -> None:
    # Stun full: 4 wounds bring 2 stun, which find no box and become 1 more wound.
    assert hit(Track.WOUND, 4, Marks(stun=9)) == Marks(stun=9, wound=5)
    # A single point past the last box is dropped: 2 wounds bring 1 stun, nothing more.
    assert hit(Track.WOUND, 2, Marks(stun=9)) == Marks(stun=9, wound=2)


def test_secondary_wound_of_mortal_damage_on_a_full_wound_track_is_heavy_wound() -> None:
    # Wound full: 4 mortal bring 2 wound (to 1 more mortal) and 2 stun, and that wound
    # brings no stun of its own.
    assert hit(Track.MORTAL, 4, Marks(wound=9)) == Marks(stun=2, wound=9, mortal=5)


def test_converted_points_bring_no_secondary_damage_even_where_boxes_are_free() -> None:
    # Wound full, stun empty: 8 wounds bring 4 stun (secondary) and become 4 mortal (heavy
    # wound); those 4 mortal bring no wound or stun of their own.
    assert hit(Track.WOUND, 8, Marks(wound=9)) == Marks(stun=4, wound=9, mortal=4)
    # Stun full: 6 stun become 3 wounds, which bring no stun.
    assert hit(Track.STUN, 6, Marks(stun=9)) == Marks(stun=9, wound=3)
