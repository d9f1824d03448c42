"""Spending XP: prices, refusals with reasons, and ledgers the rules accept."""

from __future__ import annotations

import pytest

from sheetapp.systems.d6_pool import experience as xp
from sheetapp.systems.d6_pool.creation import budget, creation_attributes
from sheetapp.systems.d6_pool.figures import sheet_figures
from sheetapp.systems.d6_pool.model import XpEntry
from sheetapp.systems.d6_pool.names import Attribute
from sheetapp.systems.d6_pool.rules import check

from .sheets import finished


def rich(amount: int = 100):
    return xp.award(finished(), amount, note="session 1")


def test_raising_intelligence_3_to_5_costs_41_and_keeps_the_sheet_valid() -> None:
    sheet = rich()
    sheet.attributes = {**sheet.attributes, Attribute.INTELLIGENCE: 3}
    sheet.attribute_roll = 20
    sheet.skills[3].rating = 2  # Int 3 gives 2 fewer skill points
    assert check(sheet) == []
    assert xp.attribute_cost(sheet, Attribute.INTELLIGENCE) == 16
    assert xp.attribute_cost(sheet, Attribute.INTELLIGENCE, 5) == 41
    after = xp.raise_attribute(sheet, Attribute.INTELLIGENCE, 5)
    assert after.attributes[Attribute.INTELLIGENCE] == 5
    assert sheet.attributes[Attribute.INTELLIGENCE] == 3  # the original is untouched
    assert sheet_figures(after).xp == 100 - 41
    assert creation_attributes(after)[Attribute.INTELLIGENCE] == 3
    assert budget(after).skill_points == budget(sheet).skill_points  # creation is unchanged
    assert check(after) == []


def test_attributes_may_rise_past_6_but_skills_and_traits_stop_there() -> None:
    sheet = rich(200)
    sheet.attributes = {**sheet.attributes, Attribute.DEXTERITY: 6}
    sheet.attribute_roll = 24
    after = xp.raise_attribute(sheet, Attribute.DEXTERITY)
    assert after.attributes[Attribute.DEXTERITY] == 7 and sheet_figures(after).xp == 151
    assert [f for f in check(after) if f.severity.value == "error"] == []
    with pytest.raises(xp.XpRefused, match="no higher than 6"):
        xp.raise_skill(sheet, 3, 7)


def test_raising_a_skill_one_step_and_the_ledger_line() -> None:
    after = xp.raise_skill(rich(), 1)  # Ranged 3 -> 4
    assert after.skills[1].rating == 4
    entry = after.xp_ledger[-1]
    assert (entry.kind, entry.amount, entry.from_rating, entry.to_rating) == ("skill", -16, 3, 4)
    assert entry.item == after.skills[1].id
    assert check(after) == []


def test_buying_a_new_skill_and_trait() -> None:
    after = xp.buy_skill(rich(10), "Driving", Attribute.DEXTERITY)
    assert after.skills[-1].rating == 1 and sheet_figures(after).xp == 6
    after = xp.buy_trait(after, "Fireproof")
    assert after.traits[-1].rating == 1 and sheet_figures(after).xp == 0
    assert check(after) == []  # bought with XP: outside the creation points


@pytest.mark.parametrize(
    ("operation", "reason"),
    [
        (lambda s: xp.raise_skill(s, 1), "costs 16 XP and 10 XP are available"),
        (lambda s: xp.raise_trait(s, 1), "negative trait"),
        (lambda s: xp.raise_skill(s, 1, 2), "already 3"),
        (lambda s: xp.buy_skill(s, " ranged"), "already on the sheet"),
        (lambda s: xp.buy_trait(s, ""), "name the new trait"),
        (lambda s: xp.award(s, 0), "positive amount"),
        (lambda s: xp.raise_skill(s, 9), "no skill 10"),
    ],
)
def test_refusals_say_why(operation, reason: str) -> None:
    with pytest.raises(xp.XpRefused, match=reason):
        operation(rich(10))


def test_a_ledger_with_a_wrong_price_or_overspending_is_reported() -> None:
    sheet = rich(10)
    sheet.xp_ledger.append(
        XpEntry(kind="skill", amount=-9, item=sheet.skills[1].id, from_rating=3, to_rating=4)
    )
    found = {f.code: f.path for f in check(sheet)}
    assert found["d6.xp.cost"] == "xp_ledger[1].amount"
    sheet.xp_ledger[-1].amount = -16
    found = {f.code: f.path for f in check(sheet)}
    assert found["d6.xp.overspent"] == "xp_ledger[1].amount"
    assert "d6.xp.cost" not in found
