"""The bonus-point ledger read back: the balance, the ratings gained, and the 12s.

Ratings gained in play are counted from the ledger rather than stored beside it, so a
successful improvement cannot be recorded twice or forgotten once.
"""

from __future__ import annotations

from collections import Counter

from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.points import creation_bonus


def skill_key(name: str) -> str:
    """How the ledger matches an entry to a skill: case and outer spaces do not count."""
    return name.strip().casefold()


def balance(sheet: ForgottenFuturesSheet) -> int:
    """Bonus points left: the creation bonus plus every entry (spending is negative)."""
    return creation_bonus(sheet) + sum(e.amount for e in sheet.bonus_ledger)


def improvements(sheet: ForgottenFuturesSheet) -> Counter[str]:
    """Successful improvements per skill key."""
    return Counter(
        skill_key(e.skill)
        for e in sheet.bonus_ledger
        if e.kind == "improve" and e.outcome == "success"
    )


def peaked(sheet: ForgottenFuturesSheet) -> set[str]:
    """Skills whose improvement roll came up 12: they can never rise again."""
    return {
        skill_key(e.skill)
        for e in sheet.bonus_ledger
        if e.kind == "improve" and e.outcome == "never"
    }


def never_learnable(sheet: ForgottenFuturesSheet) -> set[str]:
    """Skills whose learning roll came up 12: the character can never acquire them."""
    return {
        skill_key(e.skill) for e in sheet.bonus_ledger if e.kind == "add" and e.outcome == "never"
    }


def languages_bought(sheet: ForgottenFuturesSheet) -> int:
    """Languages added in play, by training or by practice."""
    return sum(1 for e in sheet.bonus_ledger if e.kind == "language")
