"""Rules of the record's top: who the character is, the characteristics and the points."""

from __future__ import annotations

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import (
    BONUS_PER_SAVED_POINT,
    HIGHEST,
    LOWEST,
    REFEREE_ONLY,
    Characteristic,
    label,
)
from sheetapp.systems.forgotten_futures.points import spending


def check_identity(sheet: ForgottenFuturesSheet) -> list[Finding]:
    found: list[Finding] = []
    if not sheet.name.strip():
        found.append(
            warning("ff.identity.name", "name", _("Give the character a name (with any title)."))
        )
    if not sheet.profession.strip():
        found.append(
            info(
                "ff.identity.profession", "profession", _("Write in a profession for the setting.")
            )
        )
    return found


def check_characteristics(sheet: ForgottenFuturesSheet) -> list[Finding]:
    found: list[Finding] = []
    for characteristic in Characteristic:
        path = join_path("characteristics", characteristic.value)
        value = sheet.characteristics.get(characteristic)
        name = label(characteristic)
        if value is None:
            found.append(
                warning(
                    "ff.characteristic.missing",
                    path,
                    _(
                        "Buy {name}: 1 is free, 2 costs 2, 3 costs 3, 4 costs 5, 5 costs "
                        "7, 6 costs 10."
                    ).format(name=name),
                )
            )
        elif not LOWEST <= value <= HIGHEST:
            found.append(
                error(
                    "ff.characteristic.range",
                    path,
                    _(
                        "{name} {value} cannot be bought; choose {LOWEST} to {value2} "
                        "({HIGHEST} with the referee's leave)."
                    ).format(
                        name=name, value=value, LOWEST=LOWEST, value2=HIGHEST - 1, HIGHEST=HIGHEST
                    ),
                )
            )
        elif value == REFEREE_ONLY and not sheet.settings.allow_seven:
            found.append(
                error(
                    "ff.characteristic.seven",
                    path,
                    _(
                        "{name} 7 needs the referee's leave: lower it to 6, or tick '7 "
                        "allowed' in the campaign settings."
                    ).format(name=name),
                )
            )
    return found


def check_points(sheet: ForgottenFuturesSheet) -> list[Finding]:
    found: list[Finding] = []
    allowed = sheet.settings.character_points
    if allowed < 0:
        found.append(
            error(
                "ff.points.allowed",
                "settings.character_points",
                _("{allowed} character points makes no sense; the usual number is 21.").format(
                    allowed=allowed
                ),
            )
        )
        return found
    spent = spending(sheet)
    if spent.saved < 0:
        found.append(
            error(
                "ff.points.over",
                "settings.character_points",
                _(
                    "{spent} character points spent ({characteristics} on "
                    "characteristics, {skills} on skills) but only {allowed} to "
                    "spend: take {value} off."
                ).format(
                    spent=spent.spent,
                    characteristics=spent.characteristics,
                    skills=spent.skills,
                    allowed=allowed,
                    value=-spent.saved,
                ),
            )
        )
    elif spent.saved and len(sheet.characteristics) == len(Characteristic):
        found.append(
            info(
                "ff.points.saved",
                "settings.character_points",
                _(
                    "{saved} character points left unspent become {value} bonus "
                    "points; spend them now if you would rather have skills."
                ).format(saved=spent.saved, value=spent.saved * BONUS_PER_SAVED_POINT),
            )
        )
    return found
