"""Thresholds, the wound track, Thematic Momentum and compounding misfortune."""

from __future__ import annotations

from sheetapp.findings import Finding, error, info, warning
from sheetapp.i18n import _
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.outcome_table import BEST_QO
from sheetapp.systems.amplitude.wounds import ACTION_CHECK_AMP, ACTION_CHECK_QO


def check_condition(sheet: AmplitudeSheet) -> list[Finding]:
    return [*_thresholds(sheet), *_wound(sheet), *_counters(sheet)]


def _thresholds(sheet: AmplitudeSheet) -> list[Finding]:
    t = sheet.thresholds
    found: list[Finding] = []
    if t.minor < 1:
        found.append(
            error(
                "amp.thresholds.minor_below_one",
                "thresholds.minor",
                _(
                    "A minor-wound threshold of {minor} would let a QO of 0 wound; a "
                    "0 never does, so the lowest threshold is 1."
                ).format(minor=t.minor),
            )
        )
    for lower, higher in (("minor", "moderate"), ("moderate", "major")):
        low, high = getattr(t, lower), getattr(t, higher)
        if high <= low:
            found.append(
                error(
                    "amp.thresholds.order",
                    f"thresholds.{higher}",
                    _(
                        "The {higher} threshold ({high}) must be above the {lower} one "
                        "({low}): a worse wound needs a better QO."
                    ).format(higher=higher, high=high, lower=lower, low=low),
                )
            )
    for name in ("moderate", "major"):
        value = getattr(t, name)
        if value > BEST_QO:
            found.append(
                warning(
                    "amp.thresholds.unreachable",
                    f"thresholds.{name}",
                    _(
                        "No QO reaches {value} (the table's best number is {BEST_QO}), "
                        "so only U and K get past the {name} wound. Lower it unless that "
                        "is meant."
                    ).format(value=value, BEST_QO=BEST_QO, name=name),
                )
            )
    return found


def _wound(sheet: AmplitudeSheet) -> list[Finding]:
    if sheet.wound == "major":
        return [
            info(
                "amp.wound.action_check",
                "wound",
                _(
                    "Major wound: before any significant action, pass an Amp "
                    "{ACTION_CHECK_AMP} check needing QO {ACTION_CHECK_QO}; on a "
                    "failure only minor actions remain."
                ).format(ACTION_CHECK_AMP=ACTION_CHECK_AMP, ACTION_CHECK_QO=ACTION_CHECK_QO),
            )
        ]
    if sheet.wound == "incapacitated":
        return [
            info("amp.wound.incapacitated", "wound", _("Incapacitated: cannot act until healed."))
        ]
    if sheet.wound == "killed":
        return [info("amp.wound.killed", "wound", _("Killed: the character is out of the story."))]
    return []


def _counters(sheet: AmplitudeSheet) -> list[Finding]:
    found: list[Finding] = []
    for field, title in (
        ("momentum", _("Thematic Momentum")),
        ("misfortune", _("The misfortune streak")),
        ("misfortune_owed", _("Owed misfortune")),
    ):
        value = getattr(sheet, field)
        if value < 0:
            found.append(
                error(
                    f"amp.{field}.negative",
                    field,
                    _("{title} cannot be below 0 (it is {value}); set it to 0 or more.").format(
                        title=title, value=value
                    ),
                )
            )
    if sheet.misfortune_owed > 0:
        found.append(
            warning(
                "amp.misfortune.owed",
                "misfortune_owed",
                _(
                    "{misfortune_owed} misfortune owed: for each, lose 1 point of "
                    "momentum or take a minor mishap."
                ).format(misfortune_owed=sheet.misfortune_owed),
            )
        )
    return found
