"""The words a Forgotten Futures sheet prints: our own short labels and ledger lines."""

from __future__ import annotations

from sheetapp.systems.forgotten_futures.model import BonusEntry

SYSTEM_NAME = "Forgotten Futures"

KINDS = {
    "award": "Award",
    "odds": "Spent on a roll",
    "improve": "Improve",
    "add": "Learn",
    "language": "Language",
    "adjust": "Adjustment",
}
OUTCOMES = {"success": "success", "failure": "failed", "never": "12: never"}

PRICE_LIST = "1 free · 2: 2 · 3: 3 · 4: 5 · 5: 7 · 6: 10 · 7: 14 (referee only)"
WOUND_RULE = (
    "F -1, I -2, two I -4 to BODY and skills on BODY (never below 1). "
    "Two I: no fighting or running. C: unconscious, dying."
)


def or_dash(value: object) -> str:
    return "–" if value is None else str(value)


def signed(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


def ledger_line(entry: BonusEntry) -> str:
    """One ledger entry in a few words: "Improve Marksman: rolled 6, success"."""
    what = KINDS.get(entry.kind, entry.kind)
    subject = entry.skill or entry.language
    text = f"{what} {subject}".strip()
    if entry.roll is not None:
        text += f": rolled {entry.roll}"
        if entry.outcome:
            text += f", {OUTCOMES[entry.outcome]}"
    elif entry.outcome:
        text += f": {OUTCOMES[entry.outcome]}"
    return text
