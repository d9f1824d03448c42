"""Weapons and tools: the Amp they add and the skill they serve."""

from __future__ import annotations

from collections.abc import Sequence

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.amplitude.model import AmplitudeSheet, Tool, Weapon

# The weapon scale runs from +0 (improvised) to +6 and beyond (relics, world-breakers).
TOP_OF_SCALE = 6


def check_gear(sheet: AmplitudeSheet) -> list[Finding]:
    skills = {s.name.strip().casefold() for s in sheet.skills if s.name.strip()}
    found = _items("weapons", sheet.weapons, skills)
    found += _items("tools", sheet.tools, skills)
    for i, weapon in enumerate(sheet.weapons):
        where = join_path("weapons", i, "power")
        if weapon.power < 0:
            found.append(
                error(
                    "amp.weapons.power_negative",
                    where,
                    _(
                        "Weapon power {power} is below the scale, which starts at +0 for "
                        "improvised weapons; a weak tool's penalty belongs to the Amp's "
                        "other modifiers."
                    ).format(power=weapon.power),
                )
            )
        elif weapon.power > TOP_OF_SCALE:
            found.append(
                warning(
                    "amp.weapons.power_beyond_scale",
                    where,
                    _(
                        "Power +{power} is past +{TOP_OF_SCALE}, the top of the scale: "
                        "only for unique relics. Lower it unless the GM agrees."
                    ).format(power=weapon.power, TOP_OF_SCALE=TOP_OF_SCALE),
                )
            )
    for i, tool in enumerate(sheet.tools):
        if abs(tool.quality) > TOP_OF_SCALE:
            found.append(
                warning(
                    "amp.tools.quality_beyond_scale",
                    join_path("tools", i, "quality"),
                    _(
                        "Quality {quality:+d} is beyond the weapon scale's reach "
                        "(-{TOP_OF_SCALE} to +{TOP_OF_SCALE}); check it with the GM."
                    ).format(quality=tool.quality, TOP_OF_SCALE=TOP_OF_SCALE),
                )
            )
    return found


def _items(kind: str, items: Sequence[Weapon | Tool], skills: set[str]) -> list[Finding]:
    found: list[Finding] = []
    singular = kind.rstrip("s")
    for i, item in enumerate(items):
        if not item.name.strip():
            found.append(
                warning(
                    f"amp.{kind}.unnamed",
                    join_path(kind, i, "name"),
                    _("Name this {singular}, or remove the line.").format(singular=singular),
                )
            )
        skill = item.skill.strip()
        if skill and skill.casefold() not in skills:
            found.append(
                warning(
                    f"amp.{kind}.skill_unknown",
                    join_path(kind, i, "skill"),
                    _(
                        "No skill '{skill}' on the sheet: add it, or pick one of the listed skills."
                    ).format(skill=skill),
                )
            )
    return found
