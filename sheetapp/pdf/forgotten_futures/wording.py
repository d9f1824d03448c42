"""The words a Forgotten Futures sheet prints: our own short labels and ledger lines."""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _, pgettext
from sheetapp.systems.forgotten_futures.model import BonusEntry

SYSTEM_NAME = N_("Forgotten Futures")  # the registry's name: read through _() where printed

KINDS = TranslatedTable({
    "award": N_("Award"),
    "odds": N_("Spent on a roll"),
    "improve": N_("Improve"),
    "add": N_("Learn"),
    "language": N_("Language"),
    "adjust": N_("Adjustment"),
})


def outcome_word(outcome: str) -> str:
    """A roll's outcome as a ledger line ends with it ("success" has a context of its own:
    as a counted noun it is ``ngettext``'s "1 success")."""
    words = {
        "success": pgettext("a roll's outcome", "success"),
        "failure": pgettext("a roll's outcome", "failed"),
        "never": _("12: never"),
    }
    return words.get(outcome, outcome)


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
    # Translators: a bonus-point entry and what it was spent on: "Improve Marksman"
    done = _("{what} {subject}").format(what=what, subject=subject) if subject else what
    outcome = outcome_word(entry.outcome) if entry.outcome else ""
    if entry.roll is not None and outcome:
        return _("{entry}: rolled {roll}, {outcome}").format(
            entry=done, roll=entry.roll, outcome=outcome
        )
    if entry.roll is not None:
        return _("{entry}: rolled {roll}").format(entry=done, roll=entry.roll)
    if outcome:
        return _("{entry}: {outcome}").format(entry=done, outcome=outcome)
    return done
