"""Amplitude blocks: concept; wound, defensive bonus, thresholds and momentum; skills,
weapons and tools, as the PDF block shows them."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.statblocks.text import TextBlock, one_line
from sheetapp.systems.amplitude.block_figures import AmplitudeBlockFigures, block_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.registry import system_name


def _signed(value: int) -> str:
    """A bonus as the Amplitude text and its printed block write it: +0, +2, -1."""
    return f"{value:+d}"


def _gear(name: str, amp: int, skill: str) -> str:
    used = f" ({one_line(skill)})" if skill.strip() else ""
    return f"{one_line(name) or '?'} {_signed(amp)}{used}"


def figures(f: AmplitudeBlockFigures) -> tuple[tuple[str, str], ...]:
    """Wound, defensive bonus, thresholds and momentum (the PDF block's too)."""
    wound = f.wound
    penalty = {None: _(" (out)"), 0: ""}.get(wound.penalty, f" ({_signed(wound.penalty or 0)})")
    t = f.thresholds
    return (
        (_("Wound"), f"{wound.label}{penalty}"),
        # Translators: the Defensive Bonus, abbreviated as the game writes it
        (_("DB"), _signed(f.defensive_bonus)),
        (_("Thresholds"), f"{t.minor}/{t.moderate}/{t.major}"),
        (_("Momentum"), str(f.momentum)),
    )


def blocks(sheet: AmplitudeSheet, _character: int | None = None) -> list[TextBlock]:
    f = block_figures(sheet)
    return [
        TextBlock(
            name=sheet.name,
            facts=(system_name("amplitude"), sheet.concept, _("NPC") if sheet.npc else ""),
            figures=figures(f),
            lines=(
                (
                    _("Skills"),
                    ", ".join(f"{one_line(s.name) or '?'} {_signed(s.ob)}" for s in f.skills),
                ),
                (_("Weapons"), ", ".join(_gear(w.name, w.power, w.skill) for w in f.weapons)),
                (_("Tools"), ", ".join(_gear(x.name, x.quality, x.skill) for x in f.tools)),
            ),
        )
    ]
