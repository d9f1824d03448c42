"""A plain-text account of a sheet and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet


def describe(sheet: AmplitudeSheet) -> str:
    f = sheet_figures(sheet)
    heading = f.name or "(unnamed)"
    if f.concept:
        heading += f", {f.concept}"
    if f.npc:
        heading += _(" [NPC]")
    wound = f.wound
    penalty = (
        _("cannot act")
        if wound.penalty is None
        else _("{penalty:+d} to rolls").format(penalty=wound.penalty)
    )
    t = f.thresholds
    lines = [
        heading,
        _(
            "  Wound: {label} ({penalty})  Thresholds "
            "{minor}/{moderate}/{major}  DB {defensive_bonus:+d}"
        ).format(
            label=wound.label,
            penalty=penalty,
            minor=t.minor,
            moderate=t.moderate,
            major=t.major,
            defensive_bonus=f.defensive_bonus,
        ),
        _("  Momentum {momentum}  Misfortune streak {streak}").format(
            momentum=f.momentum, streak=f.misfortune.streak
        )
        + (_(", {owed} owed").format(owed=f.misfortune.owed) if f.misfortune.owed else ""),
    ]
    if wound.action_check_required:
        check = f.action_check
        lines.append(
            _(
                "  Action check: Amp {amp}, QO {needed}+ ({chance}% with the wound's penalty)"
            ).format(
                amp=check.amp, needed=check.needed, chance=number(check.chance * 100, places=1)
            )
        )
    for s in f.skills:
        lines.append(
            _("  - {value} OB {ob:+d} (roll {roll_bonus:+d})").format(
                value=s.name or "(skill)", ob=s.ob, roll_bonus=s.roll_bonus
            )
        )
    for w in f.weapons:
        lines.append(
            _("  * {value} power {power:+d} [{skill}]").format(
                value=w.name or "(weapon)", power=w.power, skill=w.skill
            )
        )
    for tool in f.tools:
        lines.append(
            _("  * {value} quality {quality:+d} [{skill}]").format(
                value=tool.name or "(tool)", quality=tool.quality, skill=tool.skill
            )
        )
    return "\n".join(lines)
