"""Rules of the bonus-point ledger, replayed line by line.

The replay follows each skill's rating through the ledger, so it can tell what every
improvement should have cost, whether its roll really succeeded, whether a skill was tried
twice in one adventure, and whether anything was tried after a 12 closed the door.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.bases import base_value
from sheetapp.systems.forgotten_futures.catalog import skill_info
from sheetapp.systems.forgotten_futures.ledger import skill_key
from sheetapp.systems.forgotten_futures.model import BonusEntry, ForgottenFuturesSheet, Skill
from sheetapp.systems.forgotten_futures.names import LANGUAGE_PRICE, SKILL_CAP
from sheetapp.systems.forgotten_futures.points import creation_bonus
from sheetapp.systems.forgotten_futures.ratings import (
    PLAY_START,
    scores,
    start_value,
    training_roll,
)
from sheetapp.systems.forgotten_futures.table import NEVER, needed

ROLL_LOW, ROLL_HIGH = 2, 12


@dataclass
class _Replay:
    sheet: ForgottenFuturesSheet
    ratings: dict[str, int | None] = field(default_factory=dict)
    peaked: set[str] = field(default_factory=set)
    never: set[str] = field(default_factory=set)
    learned: set[str] = field(default_factory=set)
    tried: set[tuple[str, str, str]] = field(default_factory=set)  # (kind, key, adventure)
    found: list[Finding] = field(default_factory=list)


def check_ledger(sheet: ForgottenFuturesSheet) -> list[Finding]:
    replay = _Replay(sheet)
    values = scores(sheet)
    for skill in sheet.skills:
        if skill.acquired == "creation":
            replay.ratings[skill_key(skill.name)] = start_value(skill, values)
    left = creation_bonus(sheet)
    overdrawn = False
    for i, entry in enumerate(sheet.bonus_ledger):
        left += entry.amount
        if left < 0 and not overdrawn:
            overdrawn = True
            replay.found.append(
                error(
                    "ff.bonus.overdrawn",
                    join_path("bonus_ledger", i, "amount"),
                    _(
                        "This line leaves {left} bonus points; no more can be spent than "
                        "were saved and awarded."
                    ).format(left=left),
                )
            )
        _entry(replay, i, entry)
    for i, skill in enumerate(sheet.skills):
        if skill.acquired == "play" and skill_key(skill.name) not in replay.learned:
            replay.found.append(
                warning(
                    "ff.skill.unrecorded",
                    join_path("skills", i, "acquired"),
                    _(
                        "{value} is marked as learned in play, but no successful "
                        "learning is in the bonus ledger."
                    ).format(value=skill.name or _("This skill")),
                )
            )
    return replay.found


def _entry(replay: _Replay, i: int, entry: BonusEntry) -> None:
    path = join_path("bonus_ledger", i)
    if entry.kind == "award" and entry.amount <= 0:
        replay.found.append(
            warning("ff.bonus.award", join_path(path, "amount"), _("An award adds bonus points."))
        )
    elif entry.kind == "odds" and entry.amount >= 0:
        replay.found.append(
            warning(
                "ff.bonus.odds",
                join_path(path, "amount"),
                _("Points spent on a roll are taken off: write a negative amount."),
            )
        )
    elif entry.kind == "language":
        _language(replay, path, entry)
    elif entry.kind in ("improve", "add"):
        if entry.roll is not None and not ROLL_LOW <= entry.roll <= ROLL_HIGH:
            replay.found.append(
                error(
                    "ff.bonus.roll",
                    join_path(path, "roll"),
                    _("A 2D6 roll is {ROLL_LOW} to {ROLL_HIGH}, not {roll}.").format(
                        ROLL_LOW=ROLL_LOW, ROLL_HIGH=ROLL_HIGH, roll=entry.roll
                    ),
                )
            )
            return
        if entry.outcome is None:
            replay.found.append(
                warning(
                    "ff.bonus.outcome",
                    join_path(path, "outcome"),
                    _("Record whether the roll succeeded, failed, or was a 12."),
                )
            )
        if entry.kind == "improve":
            _improve(replay, path, entry)
        else:
            _add(replay, path, entry)


def _once_per_adventure(replay: _Replay, path: str, entry: BonusEntry, what: str) -> None:
    key = (entry.kind, skill_key(entry.skill or entry.language), entry.adventure.strip())
    if not key[2]:
        return
    if key in replay.tried:
        replay.found.append(
            error(
                "ff.bonus.adventure",
                join_path(path, "adventure"),
                _(
                    "{what} was already tried in '{adventure}'; try again after the next adventure."
                ).format(what=what, adventure=entry.adventure),
            )
        )
    replay.tried.add(key)


def _outcome(
    replay: _Replay, path: str, entry: BonusEntry, attack: int | None, rating: int
) -> None:
    if entry.roll is None or entry.outcome is None or attack is None:
        return
    if entry.roll == NEVER:
        expected = "never"
    else:
        target = needed(attack, rating)
        expected = "success" if target is not None and entry.roll <= target else "failure"
    if expected != entry.outcome:
        replay.found.append(
            error(
                "ff.bonus.outcome",
                join_path(path, "outcome"),
                _(
                    "A roll of {roll} with {attack} against {rating} is a {value}, not {outcome}."
                ).format(
                    roll=entry.roll,
                    attack=attack,
                    rating=rating,
                    value="12: never" if expected == "never" else expected,
                    outcome=entry.outcome,
                ),
            )
        )


def _improve(replay: _Replay, path: str, entry: BonusEntry) -> None:
    key = skill_key(entry.skill)
    skill = _skill(replay.sheet, key)
    if skill is None or key not in replay.ratings:
        replay.found.append(
            error(
                "ff.bonus.skill",
                join_path(path, "skill"),
                _("No skill '{skill}' to improve at this point of the ledger.").format(
                    skill=entry.skill
                ),
            )
        )
        return
    _once_per_adventure(replay, path, entry, _("Improving {name}").format(name=skill.name))
    current = replay.ratings[key]
    if key in replay.peaked:
        replay.found.append(
            error(
                "ff.bonus.peaked",
                path,
                _("{name} peaked when a 12 was rolled; it can never be improved.").format(
                    name=skill.name
                ),
            )
        )
    if current is None:
        return
    if current >= SKILL_CAP and entry.outcome == "success":
        replay.found.append(
            error(
                "ff.bonus.cap",
                path,
                _("{name} is already {SKILL_CAP}, the most.").format(
                    name=skill.name, SKILL_CAP=SKILL_CAP
                ),
            )
        )
    if entry.amount != -(current + 1):
        replay.found.append(
            warning(
                "ff.bonus.cost",
                join_path(path, "amount"),
                _("Raising {name} to {value} costs {value} bonus points (write -{value}).").format(
                    name=skill.name, value=current + 1
                ),
            )
        )
    _outcome(replay, path, entry, training_roll(replay.sheet, skill.base), current)
    if entry.outcome == "success":
        replay.ratings[key] = current + 1
    elif entry.outcome == "never":
        replay.peaked.add(key)


def _add(replay: _Replay, path: str, entry: BonusEntry) -> None:
    key = skill_key(entry.skill)
    name = entry.skill.strip() or _("this skill")
    listed = skill_info(entry.skill)
    skill = _skill(replay.sheet, key)
    base = entry.base or (skill.base if skill else None) or (listed.base if listed else None)
    if base is None:
        replay.found.append(
            warning(
                "ff.bonus.base",
                join_path(path, "base"),
                _(
                    "Note which characteristics {name} rests on, so its rating can be worked out."
                ).format(name=name),
            )
        )
        return
    if listed is not None and not listed.learnable_in_play:
        replay.found.append(
            warning(
                "ff.bonus.doctor",
                path,
                _("{name} is not learned in play unless years pass between adventures.").format(
                    name=listed.name
                ),
            )
        )
    if key in replay.ratings:
        replay.found.append(
            error(
                "ff.bonus.known",
                join_path(path, "skill"),
                _("{name} is already known.").format(name=name),
            )
        )
        return
    if key in replay.never:
        replay.found.append(
            error(
                "ff.bonus.never",
                path,
                _("A 12 showed {name} can never be learned; no more attempts.").format(name=name),
            )
        )
    _once_per_adventure(replay, path, entry, _("Learning {name}").format(name=name))
    base_now = base_value(base, scores(replay.sheet))
    if base_now is None:
        return
    start = base_now + PLAY_START
    if entry.amount != -2 * start:
        replay.found.append(
            info(
                "ff.bonus.cost",
                join_path(path, "amount"),
                _(
                    "Learning {name} at {start} usually costs {value} bonus points "
                    "(double its rating); fine if your referee set another price."
                ).format(name=name, start=start, value=2 * start),
            )
        )
    _outcome(replay, path, entry, training_roll(replay.sheet, base), start)
    if entry.outcome == "success":
        replay.ratings[key] = start
        replay.learned.add(key)
    elif entry.outcome == "never":
        replay.never.add(key)


def _language(replay: _Replay, path: str, entry: BonusEntry) -> None:
    if entry.amount not in (0, -LANGUAGE_PRICE):
        replay.found.append(
            warning(
                "ff.bonus.language",
                join_path(path, "amount"),
                _(
                    "A language costs {LANGUAGE_PRICE} bonus point with training "
                    "(-1), or nothing when learned by practice (0)."
                ).format(LANGUAGE_PRICE=LANGUAGE_PRICE),
            )
        )
    if not any(skill_key(s.name) == "linguist" for s in replay.sheet.skills):
        replay.found.append(
            warning(
                "ff.bonus.language",
                path,
                _("Only a Linguist adds languages; add the skill first."),
            )
        )
    if entry.adventure.strip():
        key = ("language", "", entry.adventure.strip())
        if key in replay.tried:
            replay.found.append(
                error(
                    "ff.bonus.adventure",
                    join_path(path, "adventure"),
                    _("One new language per adventure."),
                )
            )
        replay.tried.add(key)


def _skill(sheet: ForgottenFuturesSheet, key: str) -> Skill | None:
    return next((s for s in sheet.skills if skill_key(s.name) == key), None)
