"""Rules of skills and languages: points at creation, the cap, bases and names."""

from __future__ import annotations

import math
from collections import Counter

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _, ngettext
from sheetapp.systems.forgotten_futures.catalog import skill_info
from sheetapp.systems.forgotten_futures.ledger import improvements, languages_bought, skill_key
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import CREATION_POINTS_PER_SKILL, SKILL_CAP
from sheetapp.systems.forgotten_futures.points import is_free
from sheetapp.systems.forgotten_futures.ratings import rating, start_value


def check_skills(sheet: ForgottenFuturesSheet) -> list[Finding]:
    found: list[Finding] = []
    keys = [skill_key(s.name) for s in sheet.skills]
    counts = Counter(keys)
    gained = improvements(sheet)
    for i, skill in enumerate(sheet.skills):
        path = join_path("skills", i)
        name = skill.name.strip()
        if not name:
            found.append(warning("ff.skill.name", join_path(path, "name"), _("Name this skill.")))
            continue
        if counts[keys[i]] > 1 and keys.index(keys[i]) != i:
            found.append(
                error(
                    "ff.skill.duplicate",
                    join_path(path, "name"),
                    _("{name} is listed twice.").format(name=name),
                )
            )
        listed = skill_info(name)
        if listed is not None and listed.base != skill.base:
            found.append(
                warning(
                    "ff.skill.base",
                    join_path(path, "base"),
                    _("{name} rests on {base} in the skill list, not {base2}.").format(
                        name=name, base=listed.base, base2=skill.base
                    ),
                )
            )
        elif listed is None:
            found.append(
                info(
                    "ff.skill.unlisted",
                    join_path(path, "name"),
                    _("{name} is not in the skill list; keep it if your referee allows it.").format(
                        name=name
                    ),
                )
            )
        found += _points(sheet, i, skill.points, skill.acquired, name, is_free(sheet, skill))
        value = rating(sheet, skill, gained)
        if value is not None and value > SKILL_CAP:
            found.append(
                error(
                    "ff.skill.cap",
                    join_path(path, "points"),
                    _("{name} would be {value}; no skill goes past {SKILL_CAP}.").format(
                        name=name, value=value, SKILL_CAP=SKILL_CAP
                    ),
                )
            )
    return found


def _points(
    sheet: ForgottenFuturesSheet, i: int, points: int, acquired: str, name: str, free: bool
) -> list[Finding]:
    path = join_path("skills", i, "points")
    if acquired == "play":
        if points:
            return [
                error(
                    "ff.skill.play_points",
                    path,
                    _(
                        "{name} was learned in play with bonus points; it takes no "
                        "character points (set 0)."
                    ).format(name=name),
                )
            ]
        return []
    if points < 0 or points > CREATION_POINTS_PER_SKILL:
        return [
            error(
                "ff.skill.points",
                path,
                _(
                    "{points} points on {name}: a skill takes 1 to "
                    "{CREATION_POINTS_PER_SKILL} points at creation; raise it "
                    "further with bonus points in play."
                ).format(
                    points=points, name=name, CREATION_POINTS_PER_SKILL=CREATION_POINTS_PER_SKILL
                ),
            )
        ]
    if points == 0 and not free:
        return [
            error(
                "ff.skill.points",
                path,
                _(
                    "{name} needs at least 1 point on its base; only Brawling, "
                    "Stealth and the referee's free skills come for nothing."
                ).format(name=name),
            )
        ]
    return []


def check_languages(sheet: ForgottenFuturesSheet) -> list[Finding]:
    found: list[Finding] = []
    linguist = next((s for s in sheet.skills if skill_key(s.name) == "linguist"), None)
    known = [lang for lang in sheet.languages if lang.strip()]
    if linguist is None:
        if known:
            found.append(
                warning(
                    "ff.languages.no_linguist",
                    "languages",
                    _("Only Linguists learn languages beyond their own; add the Linguist "
                    "skill or clear the list."),
                )
            )
        return found
    values = {c.value: v for c, v in sheet.characteristics.items()}
    start = start_value(linguist, values)
    if start is None:
        return found
    allowed = math.ceil(start / 2) + languages_bought(sheet)
    if len(known) > allowed:
        found.append(
            warning(
                "ff.languages.too_many",
                "languages",
                _(
                    "{count} languages listed, {allowed} known: Linguist {start} "
                    "starts with {ceil}, and each later one is a ledger line."
                ).format(count=len(known), allowed=allowed, start=start, ceil=math.ceil(start / 2)),
            )
        )
    elif len(known) < allowed:
        found.append(
            info(
                "ff.languages.unnamed",
                "languages",
                ngettext(
                    "Name {value} more language the character knows.",
                    "Name {value} more languages the character knows.",
                    allowed - len(known),
                ).format(value=allowed - len(known)),
            )
        )
    counts = Counter(lang.strip().casefold() for lang in known)
    if any(n > 1 for n in counts.values()):
        found.append(error("ff.languages.duplicate", "languages", _("A language is listed twice.")))
    return found
