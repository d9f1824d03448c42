"""Who the character is, their skills and their defence."""

from __future__ import annotations

from sheetapp.findings import Finding, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.amplitude.model import AmplitudeSheet


def check_character(sheet: AmplitudeSheet) -> list[Finding]:
    found: list[Finding] = []
    if not sheet.name.strip():
        found.append(warning("amp.name.missing", "name", _("Give the character a name.")))
    if not sheet.skills:
        found.append(
            warning(
                "amp.skills.none",
                "skills",
                _("Add the skills the character acts with, each with its Offensive Bonus."),
            )
        )
    seen: set[str] = set()
    for i, skill in enumerate(sheet.skills):
        key = skill.name.strip().casefold()
        if not key:
            found.append(
                warning(
                    "amp.skills.unnamed",
                    join_path("skills", i, "name"),
                    _("Name this skill, or remove the line."),
                )
            )
        elif key in seen:
            found.append(
                warning(
                    "amp.skills.duplicate",
                    join_path("skills", i, "name"),
                    _("'{name}' is listed twice; keep one line with the OB that applies.").format(
                        name=skill.name
                    ),
                )
            )
        seen.add(key)
    if sheet.defensive_bonus < 0:
        found.append(
            warning(
                "amp.defence.negative",
                "defensive_bonus",
                _(
                    "A DB of {defensive_bonus} helps attackers; check the sign, a DB "
                    "usually counts what protects the character from 0 up."
                ).format(defensive_bonus=sheet.defensive_bonus),
            )
        )
    return found
