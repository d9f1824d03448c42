"""The words an Alternity sheet prints: our own short labels and reminders."""

from __future__ import annotations

from sheetapp.i18n import N_, _
from sheetapp.systems.alternity.checks import Thresholds
from sheetapp.systems.alternity.figures import EncumbranceFigures, ScoreFigures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.wording import count

SYSTEM_NAME = N_("Alternity")  # the registry's name: read through _() where printed

TRACKS = (
    ("stun", N_("Stun")),
    ("wound", N_("Wound")),
    ("mortal", N_("Mortal")),
    ("fatigue", N_("Fatigue")),
)
MOVES = (
    ("sprint", N_("Sprint")),
    ("run", N_("Run")),
    ("walk", N_("Walk")),
    ("easy_swim", N_("Easy swim")),
    ("swim", N_("Swim")),
    ("glide", N_("Glide")),
    ("fly", N_("Fly")),
)

DAMAGE_RULES = N_(
    "Every 2 wound bring 1 stun; every 2 mortal bring 1 wound and 1 stun. "
    "Stun full: knocked out, 2 more stun make 1 wound. Wound full: knocked out, 2 more "
    "wound make 1 mortal. Any mortal: dying; mortal full: dead. Dazed: +1 step past half "
    "the stun or wound boxes, +1 per mortal or fatigue box."
)


def system_line(campaign: str) -> str:
    system = _(SYSTEM_NAME)
    return f"{system} · {campaign}" if campaign.strip() else system


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def score_text(score: ScoreFigures | Thresholds | None) -> str:
    """A score as the sheet writes it: Ordinary/Good/Amazing."""
    if score is None:
        return "–"
    return f"{score.ordinary}/{score.good}/{score.amazing}"


def load_text(load: EncumbranceFigures | None) -> str:
    if load is None:
        return "–"
    if load.overloaded:
        return _("Overloaded: cannot move usefully")
    if load.penalty_steps == 0:
        return _("Unhindered")
    return _("{movement_percent}% move, +{count}").format(
        movement_percent=load.movement_percent, count=count(load.penalty_steps, "step")
    )


def specialty_name(broad: str, name: str) -> str:
    """A specialty as a reader sees it, "Modern Ranged Weapons – pistol", rather than the
    key the rules match ("Modern Ranged Weapons-pistol")."""
    return f"{broad} – {name}" if broad and name else broad or name


def skill_name(sheet: AlternitySheet, written: str) -> str:
    """The skill a weapon names, as a reader sees it: a specialty of the sheet written as its
    key ("Melee Weapons-blade") shows as ``specialty_name``; anything else as written."""
    key = " ".join(written.split()).casefold()
    for skill in sheet.specialty_skills:
        if key == f"{skill.broad}-{skill.name}".casefold():
            return specialty_name(skill.broad, skill.name)
    return written
