"""What a player does with bonus points, as operations on a record.

Each operation returns a new sheet and leaves the given one untouched, so the app can undo
by keeping the old one. An operation the rules forbid (too few points, a skill that peaked,
a second try in one adventure) is refused with ``BonusRefused`` and a reason a player can
act on. The ledger lines written here are what the rules replay when a sheet is loaded.

Improving and learning take the 2D6 roll the player made: the relevant characteristic(s)
attack the rating (the current one, or the one a new skill would start at). A success
raises or adds the skill; a failure only spends the points; a 12 also closes the door for
good ("peaked" for an improvement, "never" for a new skill).
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.bases import Base, base_value
from sheetapp.systems.forgotten_futures.catalog import skill_info
from sheetapp.systems.forgotten_futures.ledger import (
    balance,
    never_learnable,
    peaked,
    skill_key,
)
from sheetapp.systems.forgotten_futures.model import (
    BonusEntry,
    ForgottenFuturesSheet,
    Outcome,
    Skill,
)
from sheetapp.systems.forgotten_futures.names import LANGUAGE_PRICE, SKILL_CAP
from sheetapp.systems.forgotten_futures.ratings import PLAY_START, rating, scores, training_roll
from sheetapp.systems.forgotten_futures.table import NEVER, needed


class BonusRefused(ValueError):
    """The rules do not allow this use of bonus points; the message says why."""


@dataclass(frozen=True)
class Attempt:
    """What trying to improve or learn a skill would take, before any dice are rolled."""

    skill: str
    base: Base
    cost: int
    attack: int  # the characteristic(s) rolled
    rating: int  # what they roll against
    needed: int | None  # highest 2D6 roll that succeeds, None when none can


def outcome_of(roll: int, attack: int, rating: int) -> Outcome:
    """A 12 means never; otherwise the table decides.

    >>> outcome_of(12, 9, 2), outcome_of(6, 4, 5), outcome_of(7, 4, 5)
    ('never', 'success', 'failure')
    """
    if roll == NEVER:
        return "never"
    target = needed(attack, rating)
    return "success" if target is not None and roll <= target else "failure"


def _check_roll(roll: int) -> None:
    if not 2 <= roll <= 12:
        raise BonusRefused(_("a roll of two dice is 2 to 12, not {roll}").format(roll=roll))


def _tried(sheet: ForgottenFuturesSheet, kind: str, key: str, adventure: str) -> bool:
    return bool(adventure.strip()) and any(
        e.kind == kind
        and skill_key(e.skill or e.language) == key
        and e.adventure.strip() == adventure.strip()
        for e in sheet.bonus_ledger
    )


def _afford(sheet: ForgottenFuturesSheet, cost: int, what: str) -> None:
    left = balance(sheet)
    if cost > left:
        raise BonusRefused(
            _("{what} costs {cost} bonus points and {left} are left").format(
                what=what, cost=cost, left=left
            )
        )


# --- improving a skill ---------------------------------------------------------------------


def improvement(sheet: ForgottenFuturesSheet, index: int, *, adventure: str = "") -> Attempt:
    """What improving skill ``index`` takes, or why it cannot be tried."""
    if not 0 <= index < len(sheet.skills):
        raise BonusRefused(_("choose a skill on the record"))
    skill = sheet.skills[index]
    name = skill.name.strip() or _("this skill")
    key = skill_key(skill.name)
    if key in peaked(sheet):
        raise BonusRefused(
            _("{name} peaked on a roll of 12 and can never be improved").format(name=name)
        )
    current = rating(sheet, skill)
    attack = training_roll(sheet, skill.base)
    if current is None or attack is None:
        raise BonusRefused(_("fill in the characteristics {name} rests on first").format(name=name))
    if current >= SKILL_CAP:
        raise BonusRefused(
            _("{name} is {current}; no skill goes past {SKILL_CAP}").format(
                name=name, current=current, SKILL_CAP=SKILL_CAP
            )
        )
    if _tried(sheet, "improve", key, adventure):
        raise BonusRefused(
            _("{name} was already tried in '{adventure}'; one try per adventure").format(
                name=name, adventure=adventure
            )
        )
    cost = current + 1
    _afford(sheet, cost, _("raising {name} to {cost}").format(name=name, cost=cost))
    return Attempt(name, skill.base, cost, attack, current, needed(attack, current))


def improve_skill(
    sheet: ForgottenFuturesSheet, index: int, roll: int, *, adventure: str = "", note: str = ""
) -> ForgottenFuturesSheet:
    """Spend the skill's new value in bonus points and roll to raise it by one.

    The synopsis's example: raising Linguist 4 to 5 costs 5 bonus points.
    """
    _check_roll(roll)
    attempt = improvement(sheet, index, adventure=adventure)
    new = sheet.model_copy(deep=True)
    new.bonus_ledger.append(
        BonusEntry(
            kind="improve",
            amount=-attempt.cost,
            skill=sheet.skills[index].name,
            roll=roll,
            outcome=outcome_of(roll, attempt.attack, attempt.rating),
            adventure=adventure,
            note=note,
        )
    )
    return new


# --- learning a new skill ------------------------------------------------------------------


def learning(
    sheet: ForgottenFuturesSheet,
    name: str,
    base: Base | None = None,
    *,
    adventure: str = "",
    years_passed: bool = False,
) -> Attempt:
    """What learning skill ``name`` takes, or why it cannot be tried. ``base`` is needed
    only for a skill that is not in the list."""
    name = name.strip()
    if not name:
        raise BonusRefused(_("name the skill to learn"))
    key = skill_key(name)
    listed = skill_info(name)
    base = base or (listed.base if listed else None)
    if base is None:
        raise BonusRefused(
            _("{name} is not in the skill list: choose the base it rests on").format(name=name)
        )
    if any(skill_key(s.name) == key for s in sheet.skills):
        raise BonusRefused(
            _("{name} is already on the record; improve it instead").format(name=name)
        )
    if key in never_learnable(sheet):
        raise BonusRefused(_("a 12 showed {name} can never be learned").format(name=name))
    if listed is not None and not listed.learnable_in_play and not years_passed:
        raise BonusRefused(
            _("{name} cannot be learned in play unless years pass").format(name=listed.name)
        )
    start = base_value(base, scores(sheet))
    attack = training_roll(sheet, base)
    if start is None or attack is None:
        raise BonusRefused(_("fill in the characteristics {name} rests on first").format(name=name))
    start += PLAY_START
    if _tried(sheet, "add", key, adventure):
        raise BonusRefused(
            _("{name} was already tried in '{adventure}'; one try per adventure").format(
                name=name, adventure=adventure
            )
        )
    cost = 2 * start
    _afford(sheet, cost, _("learning {name} at {start}").format(name=name, start=start))
    shown = listed.name if listed else name
    return Attempt(shown, base, cost, attack, start, needed(attack, start))


def add_skill(
    sheet: ForgottenFuturesSheet,
    name: str,
    roll: int,
    base: Base | None = None,
    *,
    adventure: str = "",
    years_passed: bool = False,
    note: str = "",
) -> ForgottenFuturesSheet:
    """Spend double the starting rating and roll to learn a new skill.

    The synopsis's example: a skill that would start at 5 costs 10 bonus points.
    """
    _check_roll(roll)
    attempt = learning(sheet, name, base, adventure=adventure, years_passed=years_passed)
    outcome = outcome_of(roll, attempt.attack, attempt.rating)
    new = sheet.model_copy(deep=True)
    new.bonus_ledger.append(
        BonusEntry(
            kind="add",
            amount=-attempt.cost,
            skill=attempt.skill,
            base=attempt.base,
            roll=roll,
            outcome=outcome,
            adventure=adventure,
            note=note,
        )
    )
    if outcome == "success":
        new.skills.append(Skill(name=attempt.skill, base=attempt.base, points=0, acquired="play"))
    return new


# --- other uses of bonus points ------------------------------------------------------------


def award(
    sheet: ForgottenFuturesSheet, amount: int, *, adventure: str = "", note: str = ""
) -> ForgottenFuturesSheet:
    """Bonus points the referee gives."""
    if amount <= 0:
        raise BonusRefused(_("an award adds points: give a positive amount"))
    new = sheet.model_copy(deep=True)
    new.bonus_ledger.append(BonusEntry(kind="award", amount=amount, adventure=adventure, note=note))
    return new


def spend_on_roll(
    sheet: ForgottenFuturesSheet, amount: int, *, adventure: str = "", note: str = ""
) -> ForgottenFuturesSheet:
    """Points marked off before a roll to shift a value, with the referee's leave."""
    if amount <= 0:
        raise BonusRefused(_("spend at least one point"))
    _afford(sheet, amount, _("shifting a roll by {amount}").format(amount=amount))
    new = sheet.model_copy(deep=True)
    new.bonus_ledger.append(BonusEntry(kind="odds", amount=-amount, adventure=adventure, note=note))
    return new


def add_language(
    sheet: ForgottenFuturesSheet,
    language: str,
    *,
    by_practice: bool = False,
    adventure: str = "",
    note: str = "",
) -> ForgottenFuturesSheet:
    """A Linguist adds one language per adventure: 1 bonus point with training, or free by
    practice in play."""
    language = language.strip()
    if not language:
        raise BonusRefused(_("name the language"))
    if not any(skill_key(s.name) == "linguist" for s in sheet.skills):
        raise BonusRefused(_("only a Linguist adds languages this way"))
    if any(lang.strip().casefold() == language.casefold() for lang in sheet.languages):
        raise BonusRefused(_("{language} is already known").format(language=language))
    if adventure.strip() and any(
        e.kind == "language" and e.adventure.strip() == adventure.strip()
        for e in sheet.bonus_ledger
    ):
        raise BonusRefused(
            _("a language was already added in '{adventure}'; one per adventure").format(
                adventure=adventure
            )
        )
    cost = 0 if by_practice else LANGUAGE_PRICE
    _afford(sheet, cost, _("learning {language}").format(language=language))
    new = sheet.model_copy(deep=True)
    new.languages.append(language)
    new.bonus_ledger.append(
        BonusEntry(kind="language", amount=-cost, language=language, adventure=adventure, note=note)
    )
    return new
