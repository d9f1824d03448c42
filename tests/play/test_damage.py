"""Damage and healing on tracks, with the Amazing Engine's stamina-then-body rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.play.amazing_engine import condition, route_damage
from sheetapp.play.damage import DamageError, TrackState, heal, take, taken, track_states
from sheetapp.play.support import GENERIC
from sheetapp.systems.plugin import Track

TROOPER = (TrackState("stamina", "Stamina", 25), TrackState("body", "Body", 7))


def hurt(states, key, amount):
    return take(states, route_damage(states, key), amount)


def test_the_system_guides_stalker_attacks() -> None:
    # The first hit (17, lethality 4) costs 6 of the trooper's 25 stamina...
    first = hurt(TROOPER, "stamina", 6)
    assert [s.current for s in first.tracks] == [19, 7]
    assert condition(first.tracks) == ""
    # ...the second (23: a ones digit of 3) does 8 body damage against 7 body points.
    second = hurt(TROOPER, "body", 8)
    assert (second.absorbed, second.ignored) == (7, 1)
    assert condition(second.tracks) == "dead"


def test_stamina_damage_past_zero_is_ignored_and_later_hits_go_to_body() -> None:
    # 10 stamina damage with 4 left: the excess is ignored and the character drops.
    down = hurt((TrackState("stamina", "Stamina", 25, 21), TROOPER[1]), "stamina", 10)
    assert (down.track, down.absorbed, down.ignored) == ("stamina", 4, 6)
    assert condition(down.tracks) == "unconscious"
    after = hurt(down.tracks, "stamina", 3)  # meant for stamina, lands on body
    assert after.track == "body"
    assert [s.current for s in after.tracks] == [0, 4]


def test_healing_gives_back_points_but_never_past_the_maximum() -> None:
    hit = take(TROOPER, "stamina", 10).tracks
    assert [s.current for s in heal(hit, "stamina", 4)] == [19, 7]
    assert heal(hit, "stamina", 99)[0].taken == 0
    assert taken(heal(hit, "stamina", 99)) == {}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: take(TROOPER, "luck", 1), "no track 'luck'.*stamina, body"),
        (lambda: take(TROOPER, "body", 0), "from 1"),
        (lambda: heal(TROOPER, "body", -2), "from 1"),
        (lambda: take(TROOPER, "body", True), "from 1"),
    ],
)
def test_nonsense_is_refused(call, message) -> None:
    with pytest.raises(DamageError, match=message):
        call()


def test_stored_damage_fits_the_tracks_the_sheet_has_now() -> None:
    states = track_states(
        [Track("stamina", "Stamina", 20), Track("body", "Body", 4)],
        {"stamina": 30, "body": -3, "fatigue": 2},  # stamina fell after an edit; a lost track
    )
    assert [(s.key, s.taken, s.current) for s in states] == [("stamina", 20, 0), ("body", 0, 4)]


def test_the_generic_rules_count_each_track_and_say_down_at_zero() -> None:
    wounds = (TrackState("wounds", "Wounds", 3),)
    assert GENERIC.route_damage(wounds, "wounds") == "wounds"
    assert GENERIC.condition(take(wounds, "wounds", 2).tracks) == ""
    assert GENERIC.condition(take(wounds, "wounds", 3).tracks) == "down"


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["hurt", "heal"]),
            st.sampled_from(["stamina", "body"]),
            st.integers(1, 40),
        ),
        max_size=30,
    )
)
def test_tracks_stay_between_zero_and_their_maximum(steps) -> None:
    states = TROOPER
    for action, key, amount in steps:
        states = hurt(states, key, amount).tracks if action == "hurt" else heal(states, key, amount)
        for s in states:
            assert 0 <= s.taken <= s.maximum and s.current == s.maximum - s.taken


def test_a_track_with_a_minimum_counts_below_zero_and_stops_there() -> None:
    (lethal,) = track_states([Track("lethal", "Lethal", 6, minimum=-3)], {"lethal": 20})
    assert (lethal.taken, lethal.current) == (9, -3)  # stored damage fits the track
    hit = take((TrackState("lethal", "Lethal", 6, minimum=-3),), "lethal", 8)
    assert (hit.tracks[0].current, hit.absorbed, hit.ignored) == (-2, 8, 0)
    hit = take(hit.tracks, "lethal", 4)
    assert (hit.tracks[0].current, hit.absorbed, hit.ignored) == (-3, 1, 3)
    assert heal(hit.tracks, "lethal", 4)[0].current == 1
    assert GENERIC.condition(hit.tracks) == "down"


def test_named_results_need_a_system_that_names_them() -> None:
    with pytest.raises(DamageError, match="names no hit results"):
        GENERIC.hit(None, TROOPER, "body", "K")
    assert GENERIC.hit(None, TROOPER, "body", 3).marked == {"body": 3}
