"""Alternity at the GM's table: NPCs, damage landed by the hero rules (secondary damage,
heavy stun and wounds, knockouts), the condition with its dazed penalty, the round in
action-check phases, and XP refused because the excerpt has no experience rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.play import encounter as enc
from sheetapp.play.alternity import (
    INITIATIVE,
    KNOCKED_OUT,
    SUPPORT,
    condition,
    describe,
    land,
    own_initiative,
)
from sheetapp.play.batch import award_xp, generate_into, generate_npcs
from sheetapp.play.damage import DamageError, heal, track_states
from sheetapp.play.encounter import Combatant, Encounter, EncounterError
from sheetapp.play.support import NpcRequest, XpAward
from sheetapp.play.table import Table
from sheetapp.systems.alternity.model import AlternitySheet, Damage, Settings
from sheetapp.systems.alternity.names import Ability
from sheetapp.systems.alternity.rules import check
from sheetapp.systems.plugin import RequestError
from sheetapp.systems.registry import get_system

from .conftest import reopened


def problems(sheet: AlternitySheet) -> list[str]:
    return [f.message for f in check(sheet) if f.severity is not Severity.INFO]


def hero(name: str = "Mad Dog", *, dex: int = 12, intel: int = 10, con: int = 9,
         will: int = 6, **more) -> AlternitySheet:  # fmt: skip
    abilities = {"strength": 10, "dexterity": dex, "constitution": con,
                 "intelligence": intel, "will": will, "personality": 10}  # fmt: skip
    return AlternitySheet(name=name, abilities=abilities, **more)


def fresh(sheet: AlternitySheet):
    return track_states([*get_system("alternity").tracks(sheet), *SUPPORT.marks], {})


def marked(states) -> dict[str, int]:
    return {s.key: s.taken for s in states if s.taken}


# --- NPCs ---------------------------------------------------------------------------------------


def test_npcs_of_a_profession_validate_and_take_names() -> None:
    request = NpcRequest("alternity", profession="tech-op", names="isles")
    sheets = list(generate_npcs(request, 10, seed=2))
    for sheet in sheets:
        assert sheet.profession == "Tech Op" and sheet.npc
        assert problems(sheet) == []
    assert [c.label for c in SUPPORT.professions(None)] == [
        "Combat Spec", "Diplomat", "Free Agent", "Tech Op"
    ]  # fmt: skip


@given(
    st.dictionaries(
        st.sampled_from([a.value for a in Ability]),
        st.tuples(st.integers(1, 20), st.integers(1, 20)).map(sorted).map(tuple),
        max_size=6,
    ),
    st.integers(0, 2**16),
)
def test_ability_ranges_are_kept_and_the_house_rules_widen_to_fit(ranges, seed) -> None:
    (sheet,) = generate_npcs(NpcRequest("alternity", ranges=ranges), 1, seed=seed)
    for name, (low, high) in ranges.items():
        assert low <= sheet.abilities[Ability(name)] <= high
    assert problems(sheet) == []


def test_weak_npcs_record_their_own_budget() -> None:
    weak = {a.value: (4, 6) for a in Ability}
    (sheet,) = generate_npcs(NpcRequest("alternity", ranges=weak), 1, seed=1)
    assert sheet.settings == Settings(ability_points=36)  # six abilities of at most 6
    assert sum(sheet.abilities.values()) == 36


def test_a_template_copy_comes_in_unhurt() -> None:
    template = hero(damage=Damage(stun=4, unconscious=True))
    (copy,) = generate_npcs(NpcRequest("alternity", template=template), 1, seed=1)
    assert copy.damage == Damage() and copy.abilities == template.abilities and copy.npc
    with pytest.raises(RequestError, match=r"not a profession.*combat-spec"):
        list(generate_npcs(NpcRequest("alternity", profession="Mindwalker"), 1))


def test_xp_is_refused_with_the_reason(lib) -> None:
    sheet_id = lib.add(hero())
    report = award_xp(lib, [sheet_id], XpAward(100))
    assert report.awarded == []
    assert report.refused == [(sheet_id, SUPPORT.no_xp)]
    assert "no experience rules" in SUPPORT.no_xp
    assert [r.number for r in lib.revisions(sheet_id)] == [1]


# --- damage -------------------------------------------------------------------------------------


def test_wounds_bring_secondary_stun() -> None:
    hit = land(hero(), fresh(hero()), "wound", 5)
    assert hit.marked == {"stun": 2, "wound": 5} and (hit.absorbed, hit.ignored) == (7, 0)
    assert condition(hit.tracks) == "dazed: +1 step"  # more than half the wound boxes


def test_mortal_damage_brings_a_wound_and_a_stun_and_makes_the_hero_dying() -> None:
    hit = land(hero(), fresh(hero()), "mortal", 2)
    assert hit.marked == {"stun": 1, "wound": 1, "mortal": 2}
    assert condition(hit.tracks) == "dying, dazed: +2 steps"
    assert not SUPPORT.is_out(hit.tracks)  # dying, but still acting


def test_heavy_stun_knocks_out_and_spills_into_wounds() -> None:
    states = land(hero(), fresh(hero()), "stun", 8).tracks
    hit = land(hero(), states, "stun", 5)  # 1 fills the last box, 4 more make 2 wounds
    assert hit.marked == {"stun": 1, "wound": 2}
    assert condition(hit.tracks) == "knocked out, dazed: +1 step"
    assert SUPPORT.is_out(hit.tracks)


def test_fatigue_past_a_full_track_knocks_out_off_the_boxes() -> None:
    states = land(hero(), fresh(hero()), "fatigue", 5).tracks
    assert condition(states) == "dazed: +5 steps, fatigue full: a Resolve check or collapse"
    hit = land(hero(), states, "fatigue", 1)
    assert hit.marked == {KNOCKED_OUT: 1} and hit.ignored == 1
    assert condition(hit.tracks).startswith("knocked out") and SUPPORT.is_out(hit.tracks)
    assert not SUPPORT.is_out(heal(hit.tracks, KNOCKED_OUT, 1))  # came round


def test_the_last_mortal_box_is_death() -> None:
    hit = land(hero(), fresh(hero()), "mortal", 7)
    assert marked(hit.tracks)["mortal"] == 5 and hit.ignored == 2
    assert condition(hit.tracks) == "dead" and SUPPORT.is_out(hit.tracks)


def test_the_sheets_choice_of_the_optional_dazed_rule_is_kept() -> None:
    strict = hero(settings=Settings(optional_dazed=False))
    states = land(strict, fresh(strict), "stun", 6).tracks
    assert condition(states) == "dazed: +1 step"  # the rule as it stands by default
    assert describe(strict, states) == ""  # this sheet plays without it


@pytest.mark.parametrize(
    ("track", "amount", "message"), [("luck", 1, "stun, wound"), ("stun", 0, "from 1")]
)
def test_nonsense_damage_is_refused(track, amount, message) -> None:
    with pytest.raises(DamageError, match=message):
        land(hero(), fresh(hero()), track, amount)


# --- initiative: phases -------------------------------------------------------------------------


def member(sheet: AlternitySheet, side: str, states=()) -> Combatant:
    return Combatant(
        key=sheet.name, name=sheet.name, side=side, own=own_initiative(sheet, states or ())
    )


def squad() -> Encounter:
    fight = Encounter(name="Rooftop")
    for c in (
        member(hero("Mad Dog", dex=12, intel=10), "heroes"),  # action check 11
        member(hero("Sor Deskul", dex=9, intel=9), "heroes"),  # 9
        member(hero("Zug", dex=13, intel=11, con=12, will=12), "heroes"),  # 12, 3 actions
        member(hero("Thug", dex=8, intel=8), "villains"),  # 8
    ):
        fight = enc.add(fight, c)
    return fight


def test_the_action_check_and_actions_a_round_come_from_the_sheet() -> None:
    fight = squad()
    assert fight.combatant("Mad Dog").own.score == 11
    assert fight.combatant("Zug").own.actions == 3
    assert fight.combatant("Mad Dog").own.actions == 1


def test_both_good_results_act_together_in_the_good_phase() -> None:
    rolls = {"Mad Dog": "good", "Sor Deskul": "Good", "Zug": "marginal", "Thug": "ordinary"}
    fight = enc.next_round(squad(), rolls=rolls, rule=INITIATIVE)
    assert [(t.why, t.keys) for t in fight.turns] == [
        ("Good phase", ("Mad Dog", "Sor Deskul")),  # higher action check rolls first
        ("Ordinary phase", ("Thug",)),
        ("Marginal phase", ("Zug",)),
    ]
    assert [r.shown for r in fight.own_rolls] == ["Good", "Good", "Ordinary", "Marginal"]


def test_more_actions_act_again_in_the_following_phases() -> None:
    rolls = {
        "Mad Dog": "ordinary",
        "Sor Deskul": "critical_failure",
        "Zug": "good",
        "Thug": "failure",
    }
    fight = enc.next_round(squad(), rolls=rolls, rule=INITIATIVE)
    assert [(t.why, t.keys) for t in fight.turns] == [
        ("Good phase", ("Zug",)),
        ("Ordinary phase", ("Mad Dog", "Zug")),  # a first action before a second one
        # Zug's third action; the Critical Failure goes last whatever else
        ("Marginal phase", ("Thug", "Zug", "Sor Deskul")),
    ]


def test_a_dazed_hero_rolls_the_action_check_with_the_penalty() -> None:
    states = land(hero(), fresh(hero()), "mortal", 2).tracks  # dying: +2 steps
    assert own_initiative(hero(), states).step == 2
    fight = enc.add(Encounter(), member(hero("Hurt"), "heroes", states))
    rolled = enc.next_round(fight, Roller(3), rule=INITIATIVE)
    again = enc.next_round(fight, Roller(3), rule=INITIATIVE)
    assert rolled.own_rolls == again.own_rolls and rolled.turns[0].why.endswith("phase")


def test_a_typed_result_must_be_a_degree() -> None:
    with pytest.raises(EncounterError, match="Mad Dog: '14' is not an action check result"):
        enc.next_round(squad(), Roller(1), rolls={"Mad Dog": 14}, rule=INITIATIVE)


# --- the library --------------------------------------------------------------------------------


def test_generate_hurt_order_and_reload(lib) -> None:
    ids = generate_into(lib, NpcRequest("alternity", profession="combat-spec"), 2, seed=6)
    ids.append(lib.add(hero()))
    table = Table(lib)
    hit = table.hurt(ids[2], "wound", 5)
    assert hit.marked == {"stun": 2, "wound": 5}
    table.hurt(ids[0], "stun", 30)  # knocked out
    fight = Encounter(name="Rooftop")
    for sheet_id in ids:
        fight = table.join(fight, sheet_id, "heroes" if sheet_id == ids[2] else "villains")
    saved = table.save(fight)
    with reopened(lib) as again:
        table = Table(again)
        assert table.condition(ids[2]) == "dazed: +1 step"
        assert table.is_out(ids[0]) and table.condition(ids[0]).startswith("knocked out")
        assert again.load(ids[2]).damage == Damage()  # the sheet itself never changed
        fight = table.next_round(
            table.load(saved), rolls={f"sheet-{ids[1]}": "good", f"sheet-{ids[2]}": "amazing"}
        )
        assert fight.combatant(f"sheet-{ids[2]}").own.step == 1
        assert [(t.why, t.keys) for t in fight.turns][:2] == [
            ("Amazing phase", (f"sheet-{ids[2]}",)),
            ("Good phase", (f"sheet-{ids[1]}",)),
        ]


@given(
    st.integers(1, 20),
    st.lists(
        st.tuples(st.sampled_from(["stun", "wound", "mortal", "fatigue", "luck"]),
                  st.integers(-1, 30)),
        max_size=15,
    ),
)  # fmt: skip
def test_any_run_of_attacks_is_taken_or_refused_never_a_crash(constitution, attacks) -> None:
    sheet = hero(con=constitution)
    states = fresh(sheet)
    for track, amount in attacks:
        try:
            states = land(sheet, states, track, amount).tracks
        except DamageError:
            continue
        assert all(0 <= s.taken <= s.maximum for s in states)
        assert isinstance(describe(sheet, states), str)


def test_the_knocked_out_mark_can_be_set_and_cleared_by_hand() -> None:
    hit = land(hero(), fresh(hero()), KNOCKED_OUT, 1)  # a failed breath check, say
    assert hit.marked == {KNOCKED_OUT: 1} and condition(hit.tracks) == "knocked out"
    assert condition(heal(hit.tracks, KNOCKED_OUT, 1)) == ""
