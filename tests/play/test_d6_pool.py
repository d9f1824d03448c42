"""The d6 dice pool at the GM's table: NPCs with attributes in ranges, XP awards, lethal
and non-lethal damage down to minus Stamina, and initiative as each combatant's own
Dexterity + Dodge pool, ties to Dexterity, then Wisdom, then together."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp import i18n
from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.play import encounter as enc
from sheetapp.play.batch import award_xp, generate_into, generate_npcs
from sheetapp.play.d6_pool import INITIATIVE, SUPPORT, condition, land, own_initiative
from sheetapp.play.damage import DamageError, TrackState, heal, track_states
from sheetapp.play.encounter import Combatant, Encounter, EncounterError, OwnInitiative
from sheetapp.play.support import NpcRequest, XpAward
from sheetapp.play.table import Table
from sheetapp.systems.d6_pool.ledger import balance
from sheetapp.systems.d6_pool.model import D6PoolSheet, Skill
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.rules import check
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.registry import get_system

from .conftest import reopened

LETHAL, NONLETHAL = "lethal", "nonlethal"


def problems(sheet: D6PoolSheet) -> list[str]:
    return [f.message for f in check(sheet) if f.severity is not Severity.INFO]


def fighter(name: str, dexterity: int, wisdom: int, dodge: int = 0, stamina: int = 3):
    sheet = D6PoolSheet(
        name=name,
        attributes={"strength": 3, "dexterity": dexterity, "stamina": stamina,
                    "intelligence": 3, "wisdom": wisdom, "charisma": 3},
    )  # fmt: skip
    if dodge:
        sheet.skills = [Skill(name="Dodge", attribute=Attribute.DEXTERITY, rating=dodge)]
    return sheet


def tracks(stamina: int = 3) -> tuple[TrackState, ...]:
    return track_states(get_system("d6-pool").tracks(fighter("x", 3, 3, stamina=stamina)), {})


def hurt(states, key, amount):
    return land(None, states, key, amount)


def current(states) -> dict[str, int]:
    return {s.key: s.current for s in states}


# --- NPCs ---------------------------------------------------------------------------------------


@given(
    st.dictionaries(
        st.sampled_from([a.value for a in Attribute]),
        st.tuples(st.integers(1, 6), st.integers(1, 6)).map(sorted).map(tuple),
        max_size=6,
    ),
    st.integers(0, 2**16),
)
def test_attribute_ranges_are_kept_and_the_sheet_still_validates(ranges, seed) -> None:
    (sheet,) = generate_npcs(NpcRequest("d6-pool", ranges=ranges), 1, seed=seed)
    for name, (low, high) in ranges.items():
        assert low <= sheet.attributes[Attribute(name)] <= high
    assert sheet.attribute_roll == sum(sheet.attributes.values()) and sheet.npc
    assert problems(sheet) == []


def test_npcs_take_a_name_list_and_a_template() -> None:
    (template,) = generate_npcs(NpcRequest("d6-pool"), 1, seed=3)
    template.lethal_damage = 4
    copies = list(generate_npcs(NpcRequest("d6-pool", template=template, names="sable"), 4))
    for copy in copies:
        assert copy.attributes == template.attributes and copy.skills == template.skills
        assert copy.lethal_damage == 0 and copy.name != template.name
        assert "\u0400" <= copy.name[0] <= "\u04ff"  # the Cyrillic list


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (NpcRequest("d6-pool", profession="gumshoe"), "no professions"),
        (NpcRequest("d6-pool", ranges={"strength": (2, 7)}), "within 1-6"),
        (NpcRequest("d6-pool", ranges={"luck": (1, 2)}), "'luck' is not an attribute"),
        (NpcRequest("d6-pool", template=fighter("a", 3, 3), ranges={"wisdom": (1, 2)}), "keeps"),
    ],
)
def test_impossible_npc_requests_are_refused(request_, message) -> None:
    with pytest.raises(RequestError, match=message):
        list(generate_npcs(request_, 1))


def test_an_award_is_an_xp_ledger_line() -> None:
    sheet = fighter("Rosa", 3, 3)
    awarded = SUPPORT.award_xp(sheet, XpAward(12, note="the docks"))
    assert balance(awarded.xp_ledger) == 12 and awarded.xp_ledger[-1].note == "the docks"
    with pytest.raises(ValueError, match="no Player Core"):
        SUPPORT.award_xp(sheet, XpAward(12, core=2))


# --- damage -------------------------------------------------------------------------------------


def test_health_is_twice_stamina_and_runs_down_to_minus_stamina() -> None:
    assert [(s.key, s.maximum, s.minimum) for s in tracks(3)] == [
        (LETHAL, 6, -3),
        (NONLETHAL, 6, -3),
    ]


def test_non_lethal_damage_helpless_at_zero_unconscious_at_minus_stamina() -> None:
    states = tracks(3)
    states = hurt(states, NONLETHAL, 5).tracks
    assert (current(states)[NONLETHAL], condition(states)) == (1, "")
    states = hurt(states, NONLETHAL, 1).tracks
    assert (current(states)[NONLETHAL], condition(states)) == (0, "helpless")
    states = hurt(states, NONLETHAL, 3).tracks
    assert (current(states)[NONLETHAL], condition(states)) == (-3, "unconscious")
    # From now on every point is lethal.
    hit = hurt(states, NONLETHAL, 2)
    assert (hit.track, hit.marked) == (LETHAL, {LETHAL: 2})  # where it landed
    assert current(hit.tracks) == {LETHAL: 4, NONLETHAL: -3}


def test_non_lethal_points_past_minus_stamina_go_on_as_lethal() -> None:
    hit = hurt(tracks(3), NONLETHAL, 12)
    assert hit.marked == {NONLETHAL: 9, LETHAL: 3} and (hit.absorbed, hit.ignored) == (12, 0)
    assert condition(hit.tracks) == "unconscious"


def test_lethal_damage_bleeding_at_zero_dead_at_minus_stamina() -> None:
    states = hurt(tracks(2), LETHAL, 4).tracks
    assert condition(states) == "bleeding and helpless"
    assert SUPPORT.is_out(states)
    states = hurt(states, LETHAL, 1).tracks
    assert (current(states)[LETHAL], condition(states)) == (-1, "bleeding and helpless")
    hit = hurt(states, LETHAL, 5)
    assert (hit.absorbed, hit.ignored) == (1, 4)  # nothing counts past death
    assert condition(hit.tracks) == "dead"
    # One Health for both kinds: 4 non-lethal and 4 lethal of 4 is minus Stamina and more.
    assert condition(hurt(hurt(tracks(2), NONLETHAL, 4).tracks, LETHAL, 4).tracks) == (
        "unconscious, bleeding"
    )


def test_both_kinds_count_down_one_health() -> None:
    # Stamina 3, health 6: 4 lethal then 3 non-lethal is past 0 (two tracks said "").
    states = hurt(hurt(tracks(3), LETHAL, 4).tracks, NONLETHAL, 3).tracks
    assert condition(states) == "helpless"
    # Non-lethal turns lethal once both kinds together reach minus Stamina.
    hit = hurt(states, NONLETHAL, 4)
    assert hit.marked == {NONLETHAL: 2, LETHAL: 2}


def test_healing_brings_health_back_up_but_not_past_it() -> None:
    states = hurt(tracks(3), LETHAL, 8).tracks
    assert current(heal(states, LETHAL, 3))[LETHAL] == 1
    assert current(heal(states, LETHAL, 30))[LETHAL] == 6
    with pytest.raises(DamageError, match="not a number"):
        hurt(states, LETHAL, "lots")


@given(
    st.integers(1, 6),
    st.lists(
        st.tuples(st.sampled_from(["hurt", "heal"]), st.sampled_from([LETHAL, NONLETHAL]),
                  st.integers(1, 30)),
        max_size=25,
    ),
)  # fmt: skip
def test_tracks_stay_between_minus_stamina_and_health(stamina, steps) -> None:
    states = tracks(stamina)
    for action, key, amount in steps:
        states = hurt(states, key, amount).tracks if action == "hurt" else heal(states, key, amount)
        for s in states:
            assert -stamina <= s.current <= 2 * stamina
            assert s.current == s.maximum - s.taken


# --- initiative ---------------------------------------------------------------------------------


def member(key: str, side: str, sheet: D6PoolSheet) -> Combatant:
    return Combatant(key=key, name=key, side=side, own=own_initiative(sheet, ()))


def brawl() -> Encounter:
    fight = Encounter(name="Warehouse")
    for c in (
        member("Rosa", "crew", fighter("Rosa", 4, 2, dodge=2)),
        member("Vic", "crew", fighter("Vic", 4, 3)),
        member("Pike", "goons", fighter("Pike", 3, 5, dodge=1)),
        member("Kane", "goons", fighter("Kane", 3, 5, dodge=1)),
    ):
        fight = enc.add(fight, c)
    return fight


def test_the_pool_is_dexterity_plus_dodge_and_ties_go_to_dexterity_then_wisdom() -> None:
    fight = brawl()
    assert fight.combatant("Rosa").own == OwnInitiative(score=6, ties=(4, 2))
    assert fight.combatant("Vic").own.score == 2  # half Dexterity without Dodge
    assert not fight.by_hand and fight.personal
    rolls = {"Rosa": 2, "Vic": 2, "Pike": 2, "Kane": 2}
    turns = enc.next_round(fight, rolls=rolls, rule=INITIATIVE).turns
    # All 2 successes: Dexterity 4 before 3; between Rosa and Vic, Wisdom 3 before 2;
    # Pike and Kane tie on everything and go together.
    assert [(t.keys, t.why) for t in turns] == [
        (("Vic",), "initiative"),
        (("Rosa",), "initiative"),
        (("Pike", "Kane"), "tie"),
    ]
    assert turns[2].sides == ("goons",)


def test_more_successes_go_first_whatever_the_attributes() -> None:
    fight = enc.next_round(
        brawl(), rolls={"Rosa": 1, "Vic": 0, "Pike": 3, "Kane": 1}, rule=INITIATIVE
    )
    assert [r.shown for r in fight.own_rolls] == ["3 successes", "1 success", "1 success",
                                                   "0 successes"]  # fmt: skip
    assert [t.keys for t in fight.turns] == [("Pike",), ("Rosa",), ("Kane",), ("Vic",)]


def test_rolled_pools_repeat_with_the_seed_and_events_without_a_roll_go_last() -> None:
    fight = enc.add(brawl(), Combatant(key="fuse", name="Fuse", side="fuse", modifier=0))
    first = enc.next_round(fight, Roller(7), rule=INITIATIVE)
    again = enc.next_round(fight, Roller(7), rule=INITIATIVE)
    assert first.own_rolls == again.own_rolls and first.turns == again.turns
    assert first.turns[-1].keys == ("fuse",) and first.turns[-1].why == "no roll"
    for roll in first.own_rolls:
        assert 0 <= roll.result <= fight.combatant(roll.key).own.score
    typed = enc.next_round(fight, Roller(7), rolls={"fuse": 9}, rule=INITIATIVE)
    assert typed.turns[0].keys == ("fuse",)


@pytest.mark.parametrize(
    ("rolls", "message"),
    [({"Vic": 3}, "2 dice cannot show 3"), ({"Rosa": -1}, "from 0"), ({"Pike": "two"}, "from 0")],
)
def test_impossible_typed_results_are_refused(rolls, message) -> None:
    with pytest.raises(EncounterError, match=message):
        enc.next_round(brawl(), Roller(1), rolls=rolls, rule=INITIATIVE)


def test_without_the_systems_rule_a_personal_round_says_what_to_do() -> None:
    with pytest.raises(enc.MixedSystems, match=r"initiative as rolled .* order the round by hand"):
        enc.next_round(brawl(), Roller(1))


# --- the library --------------------------------------------------------------------------------


def test_generate_award_hurt_order_and_reload(lib) -> None:
    ids = generate_into(lib, NpcRequest("d6-pool", ranges={"stamina": (2, 2)}), 2, seed=5)
    ids.append(lib.add(fighter("Rosa", 4, 2, dodge=2, stamina=3)))
    report = award_xp(lib, ids, XpAward(6, note="the docks"))
    assert report.awarded == ids
    table = Table(lib)
    hit = table.hurt(ids[0], NONLETHAL, 7)  # health 4, down to -2: 6 then 1 lethal
    assert hit.marked == {NONLETHAL: 6, LETHAL: 1}
    table.hurt(ids[1], LETHAL, 4)
    fight = Encounter(name="Docks")
    for sheet_id in ids:
        fight = table.join(fight, sheet_id, "crew" if sheet_id == ids[2] else "goons")
    saved = table.save(fight)
    with reopened(lib) as again:
        table = Table(again)
        assert table.condition(ids[0]) == "unconscious"
        assert table.condition(ids[1]) == "bleeding and helpless"
        assert [s.current for s in table.tracks(ids[0])] == [3, -2]
        assert balance(again.load(ids[2]).xp_ledger) == 6
        fight = table.next_round(table.load(saved), rolls={f"sheet-{ids[2]}": 4})
        assert [t.keys for t in fight.turns] == [(f"sheet-{ids[2]}",)]  # the others are out
        assert fight.own_rolls[0].shown == "4 successes"


def test_a_refusal_names_the_system_in_the_language() -> None:
    """A German GM asking a d6 NPC for a profession read the English system name."""
    i18n.use_language("de")
    try:
        with pytest.raises(RequestError) as refused:
            list(generate_npcs(NpcRequest("d6-pool", profession="gumshoe"), 1))
    finally:
        i18n.use_language(i18n.SOURCE_LANGUAGE)
    assert "d6-Würfelpool" in str(refused.value) and "Dice Pool" not in str(refused.value)
