"""The words a Forgotten Futures sheet prints: our own short labels and ledger lines."""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.forgotten_futures.model import BonusEntry

SYSTEM_NAME = "Forgotten Futures"

KINDS = TranslatedTable({
    "award": N_("Award"),
    "odds": N_("Spent on a roll"),
    "improve": N_("Improve"),
    "add": N_("Learn"),
    "language": N_("Language"),
    "adjust": N_("Adjustment"),
})
OUTCOMES = TranslatedTable({"success": "success", "failure": "failed", "never": N_("12: never")})

PRICE_LIST = N_("1 free · 2: 2 · 3: 3 · 4: 5 · 5: 7 · 6: 10 · 7: 14 (referee only)")
WOUND_RULE = (
    N_("F -1, I -2, two I -4 to BODY and skills on BODY (never below 1). "
    "Two I: no fighting or running. C: unconscious, dying.")
)
RECOVERY_RULE = (
    N_("Heal: after the period, BODY against the difficulty (B 2, F 4, I 6, two I 8 each, KO 4). "
    "First Aid or Doctor against it stops worsening; untreated, the difficulty against BODY "
    "makes F an I and I a C.")
)
BODY_RULE = (
    N_("A round: walk 10 ft, run 20, 30 on a difficulty 6 BODY or Athlete roll or a bonus point. "
    "Breath: BODY × 20 s, then Effect 1, +1 each 20 s.")
)


def or_dash(value: object) -> str:
    return "–" if value is None else str(value)


def signed(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


def ledger_line(entry: BonusEntry) -> str:
    """One ledger entry in a few words: "Improve Marksman: rolled 6, success"."""
    what = KINDS.get(entry.kind, entry.kind)
    subject = ", ".join(filter(None, [entry.skill, entry.language]))  # both, if both are set
    text = f"{what} {subject}".strip()
    if entry.roll is not None:
        text += _(": rolled {roll}").format(roll=entry.roll)
        if entry.outcome:
            text += f", {OUTCOMES[entry.outcome]}"
    elif entry.outcome:
        text += f": {OUTCOMES[entry.outcome]}"
    return text
