"""A plain-text account of a sheet and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.systems.amplitude.figures import sheet_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet


def describe(sheet: AmplitudeSheet) -> str:
    f = sheet_figures(sheet)
    heading = f.name or "(unnamed)"
    if f.concept:
        heading += f", {f.concept}"
    if f.npc:
        heading += " [NPC]"
    wound = f.wound
    penalty = "cannot act" if wound.penalty is None else f"{wound.penalty:+d} to rolls"
    t = f.thresholds
    lines = [
        heading,
        f"  Wound: {wound.label} ({penalty})  Thresholds {t.minor}/{t.moderate}/"
        f"{t.major}  DB {f.defensive_bonus:+d}",
        f"  Momentum {f.momentum}  Misfortune streak {f.misfortune.streak}"
        + (f", {f.misfortune.owed} owed" if f.misfortune.owed else ""),
    ]
    if wound.action_check_required:
        check = f.action_check
        lines.append(
            f"  Action check: Amp {check.amp}, QO {check.needed}+ "
            f"({check.chance:.1%} with the wound's penalty)"
        )
    for s in f.skills:
        lines.append(f"  - {s.name or '(skill)'} OB {s.ob:+d} (roll {s.roll_bonus:+d})")
    for w in f.weapons:
        lines.append(f"  * {w.name or '(weapon)'} power {w.power:+d} [{w.skill}]")
    for tool in f.tools:
        lines.append(
            f"  * {tool.name or '(tool)'} quality {tool.quality:+d} [{tool.skill}]"
        )
    return "\n".join(lines)
