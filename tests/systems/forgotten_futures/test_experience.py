"""Bonus-point operations: each returns a new record the rules accept, or refuses with a
reason; the record given is never changed."""

from __future__ import annotations

import pytest

from sheetapp.findings import Severity
from sheetapp.systems.forgotten_futures import experience
from sheetapp.systems.forgotten_futures.experience import BonusRefused
from sheetapp.systems.forgotten_futures.figures import sheet_figures
from sheetapp.systems.forgotten_futures.model import BonusEntry, ForgottenFuturesSheet, Skill
from sheetapp.systems.forgotten_futures.rules import check


def record(bonus: int = 30) -> ForgottenFuturesSheet:
    return ForgottenFuturesSheet(
        name="Dr Edith Rowntree",
        characteristics={"body": 3, "mind": 5, "soul": 4},
        skills=[
            Skill(name="Brawling", base="B", points=0),
            Skill(name="Scientist", base="M", points=3),  # 8
            Skill(name="Psychology", base="AvM&S", points=1),  # 6
        ],
        bonus_ledger=[BonusEntry(kind="award", amount=bonus)],
    )


def errors(sheet: ForgottenFuturesSheet) -> list[str]:
    return [f.message for f in check(sheet) if f.severity is Severity.ERROR]


def test_improving_records_cost_roll_and_outcome_and_leaves_the_original() -> None:
    sheet = record()
    before = sheet.model_dump()
    # MIND 5 against Scientist 8 needs 4
    attempt = experience.improvement(sheet, 1)
    assert (attempt.attack, attempt.rating, attempt.needed, attempt.cost) == (5, 8, 4, 9)
    failed = experience.improve_skill(sheet, 1, 5, adventure="The Moon Men")
    raised = experience.improve_skill(sheet, 1, 4, adventure="The Moon Men")
    assert sheet.model_dump() == before
    assert failed.bonus_ledger[-1].outcome == "failure"
    assert raised.bonus_ledger[-1].outcome == "success"
    assert sheet_figures(failed).skills[1].rating == 8
    assert sheet_figures(raised).skills[1].rating == 9
    assert sheet_figures(failed).bonus.balance == 30 + 2 * 2 - 9  # 2 saved at creation
    assert errors(failed) == [] and errors(raised) == []


def test_improving_averaged_skills_rolls_the_average() -> None:
    # Psychology rests on AvM&S: (5 + 4) / 2 rounds up to 5, against 6 needs 6
    attempt = experience.improvement(record(), 2)
    assert (attempt.attack, attempt.needed, attempt.cost) == (5, 6, 7)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (lambda s: experience.improve_skill(s, 1, 13), "2 to 12"),
        (lambda s: experience.improve_skill(s, 9, 4), "choose a skill"),
        (lambda s: experience.improve_skill(record(bonus=0), 1, 4), "costs 9"),
        (lambda s: experience.add_skill(s, "Scientist", 4), "already on the record"),
        (lambda s: experience.add_skill(s, "Doctor", 4), "years pass"),
        (lambda s: experience.add_skill(s, "Aether Lore", 4), "choose the base"),
        (lambda s: experience.add_skill(s, " ", 4), "name the skill"),
        (lambda s: experience.award(s, 0), "positive"),
        (lambda s: experience.spend_on_roll(s, 99), "costs 99"),
        (lambda s: experience.add_language(s, "French"), "Linguist"),
    ],
)
def test_refusals_say_why(action, reason: str) -> None:
    with pytest.raises(BonusRefused, match=reason):
        action(record())


def test_one_try_per_adventure() -> None:
    once = experience.improve_skill(record(), 2, 9, adventure="The Lost World")
    with pytest.raises(BonusRefused, match="one try per adventure"):
        experience.improve_skill(once, 2, 3, adventure="The Lost World")
    twice = experience.improve_skill(once, 2, 3, adventure="The Time Machine")
    assert sheet_figures(twice).skills[2].rating == 7


def test_the_cap_of_ten() -> None:
    sheet = record(bonus=100)
    sheet = experience.improve_skill(sheet, 1, 2)  # 9
    sheet = experience.improve_skill(sheet, 1, 2)  # 10
    with pytest.raises(BonusRefused, match="past 10"):
        experience.improvement(sheet, 1)
    assert errors(sheet) == []


def test_learning_a_skill_of_the_referees_choosing_with_its_base() -> None:
    sheet = experience.add_skill(record(), "Aether Lore", 3, "AvM&S")
    skill = sheet.skills[-1]
    assert (skill.name, skill.base, skill.acquired, skill.points) == (
        "Aether Lore",
        "AvM&S",
        "play",
        0,
    )
    assert sheet_figures(sheet).skills[-1].rating == 6  # base 5, one above
    assert errors(sheet) == []
    doctor = experience.add_skill(record(), "Doctor", 2, years_passed=True)
    assert doctor.skills[-1].name == "Doctor"


def test_a_failed_learning_spends_points_and_adds_nothing() -> None:
    sheet = experience.add_skill(record(), "Riding", 11)
    assert [s.name for s in sheet.skills] == ["Brawling", "Scientist", "Psychology"]
    assert sheet.bonus_ledger[-1].amount == -2 * (4 + 1)  # AvB&S = 4, starts at 5


def test_languages_for_a_linguist() -> None:
    sheet = record()
    sheet.skills.append(Skill(name="Linguist", base="M", points=1))
    sheet.languages = ["French", "Latin", "Greek"]
    more = experience.add_language(sheet, "Arabic", adventure="Cairo")
    assert sheet_figures(more).bonus.balance == sheet_figures(sheet).bonus.balance - 1
    with pytest.raises(BonusRefused, match="one per adventure"):
        experience.add_language(more, "Hindustani", adventure="Cairo")
    with pytest.raises(BonusRefused, match="already known"):
        experience.add_language(more, "arabic")
    free = experience.add_language(more, "Hindustani", by_practice=True)
    assert free.bonus_ledger[-1].amount == 0
    assert errors(free) == []


def test_spending_on_a_roll_and_awards() -> None:
    sheet = experience.award(record(bonus=1), 5, note="saved the Queen")
    sheet = experience.spend_on_roll(sheet, 3, note="dodging a bullet")
    assert sheet_figures(sheet).bonus.balance == 4 + 1 + 5 - 3
