"""Marks on the durability tracks and last resort points: within the boxes there are."""

from __future__ import annotations

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.alternity.derived import last_resorts_max, track_maxima
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Track, label


def check_tracks(sheet: AlternitySheet) -> list[Finding]:
    found: list[Finding] = []
    maxima = track_maxima(sheet)
    for track in Track:
        marked = getattr(sheet.damage, track.value)
        path = join_path("damage", track.value)
        boxes = maxima[track]
        if marked < 0:
            found.append(
                error(
                    "alt.damage.negative",
                    path,
                    _("{label} marks cannot be negative.").format(label=label(track)),
                )
            )
        elif boxes is not None and marked > boxes:
            found.append(
                error(
                    "alt.damage.over",
                    path,
                    _(
                        "{marked} {value} boxes are marked but the track has {boxes}; "
                        "unmark the extra ones (heavy damage moves to the next track "
                        "instead)."
                    ).format(marked=marked, value=track.value, boxes=boxes),
                )
            )
        if boxes == 0 and getattr(sheet.durability, track.value) == 0:
            found.append(
                warning(
                    "alt.durability.zero",
                    join_path("durability", track.value),
                    _(
                        "The {value} track is set to no boxes; clear the override to use "
                        "the default from Constitution."
                    ).format(value=track.value),
                )
            )
    most = last_resorts_max(sheet)
    if sheet.last_resorts < 0:
        found.append(
            error(
                "alt.last_resorts.negative",
                "last_resorts",
                _("Last resort points cannot go below 0."),
            )
        )
    elif most is not None and sheet.last_resorts > most:
        found.append(
            warning(
                "alt.last_resorts.over",
                "last_resorts",
                _(
                    "{last_resorts} last resort points is more than the {most} the "
                    "hero may hold; spend them or raise the maximum if the game "
                    "master allows it."
                ).format(last_resorts=sheet.last_resorts, most=most),
            )
        )
    if sheet.skill_points < 0:
        found.append(
            error(
                "alt.skill_points.negative",
                "skill_points",
                _("Stored skill points cannot go below 0."),
            )
        )
    if sheet.level < 1:
        found.append(error("alt.level.low", "level", _("A hero's level starts at 1.")))
    if sheet.abilities and all(v is None for v in sheet.movement.model_dump().values()):
        found.append(
            info(
                "alt.movement.missing",
                "movement",
                _("Enter the hero's base movement rates from the species' table to see them "
                "slowed by the load."),
            )
        )
    return found
