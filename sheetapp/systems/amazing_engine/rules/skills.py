"""Rules of skills: where each comes from, how many a character may start with, and order.

Starting counts use the attributes the character started with (scores less points bought
later), so buying Learning does not silently grant profession skills.
"""

from __future__ import annotations

from collections import Counter

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import _, ngettext
from sheetapp.systems.amazing_engine.ledger import creation_attributes
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.universe import (
    Universe,
    free_skill_count,
    profession_skill_count,
)


def check_skills(
    index: int, character: Character, universe: Universe, known_universe: bool
) -> list[Finding]:
    found: list[Finding] = []
    where = ("characters", index, "skills")
    keys = [(s.group, tuple(s.path)) for s in character.skills]
    counts = Counter(keys)
    profession = universe.profession(character.profession) if character.profession else None
    for i, skill in enumerate(character.skills):
        path = join_path(*where, i)
        key = (skill.group, tuple(skill.path))
        shown = " > ".join(skill.path)
        if counts[key] > 1 and keys.index(key) != i:
            found.append(
                error(
                    "ae.skills.duplicate",
                    path,
                    _("{shown} is listed twice; remove one.").format(shown=shown),
                )
            )
        for depth in range(1, len(skill.path)):
            if (skill.group, tuple(skill.path[:depth])) not in counts:
                parent = " > ".join(skill.path[:depth])
                found.append(
                    error(
                        "ae.skills.prerequisite",
                        path,
                        _(
                            "{shown} needs {parent} first; a specialty may be learned only "
                            "when every skill above it is known."
                        ).format(shown=shown, parent=parent),
                    )
                )
                break
        if known_universe:
            chain = universe.find_skill(skill.group, tuple(skill.path))
            if chain is None:
                found.append(
                    warning(
                        "ae.skills.unknown",
                        path,
                        _(
                            "{shown} is not in {name}'s '{group}' skills; keep it if your GM "
                            "allows it."
                        ).format(shown=shown, name=universe.name, group=skill.group),
                    )
                )
            elif chain[-1].attribute is not skill.attribute:
                found.append(
                    warning(
                        "ae.skills.attribute",
                        path,
                        _("{shown} checks against {label} in {name}, not {label2}.").format(
                            shown=shown,
                            label=label(chain[-1].attribute),
                            name=universe.name,
                            label2=label(skill.attribute),
                        ),
                    )
                )
        if (
            skill.source == "profession"
            and profession is not None
            and skill.group not in profession.groups
        ):
            found.append(
                error(
                    "ae.skills.not_in_profession",
                    path,
                    _(
                        "{shown} is in '{group}', which is not one of the {name} skill "
                        "groups; take it as a free-choice skill or choose another."
                    ).format(shown=shown, group=skill.group, name=profession.name),
                )
            )
    found += _starting_counts(index, character)
    found += _bought_skills(index, character)
    return found


def _starting_counts(index: int, character: Character) -> list[Finding]:
    start = creation_attributes(character)
    if Attribute.LEARNING not in start or Attribute.INTUITION not in start:
        return []
    found: list[Finding] = []
    path = join_path("characters", index, "skills")
    sources = Counter(s.source for s in character.skills)
    for source, allowed, reason in (
        (
            "profession",
            profession_skill_count(start[Attribute.LEARNING]),
            _("one per 10 points of Learning or fraction"),
        ),
        (
            "free",
            free_skill_count(start[Attribute.INTUITION]),
            _("one per full 15 points of Intuition"),
        ),
    ):
        taken = sources[source]
        if taken > allowed:
            found.append(
                error(
                    f"ae.skills.too_many_{source}",
                    path,
                    (
                        ngettext(
                            "{taken} profession skill taken but {allowed} allowed ({reason}); "
                            "remove it or buy it with XP.",
                            "{taken} profession skills taken but {allowed} allowed ({reason}); "
                            "remove some or buy them with XP.",
                            taken,
                        )
                        if source == "profession"
                        else ngettext(
                            "{taken} free skill taken but {allowed} allowed ({reason}); "
                            "remove it or buy it with XP.",
                            "{taken} free skills taken but {allowed} allowed ({reason}); "
                            "remove some or buy them with XP.",
                            taken,
                        )
                    ).format(taken=taken, allowed=allowed, reason=reason),
                )
            )
        elif taken < allowed and character.creation.method != "manual":
            found.append(
                info(
                    f"ae.skills.{source}_left",
                    path,
                    (
                        ngettext(
                            "{value} profession skill left to choose ({reason}).",
                            "{value} profession skills left to choose ({reason}).",
                            allowed - taken,
                        )
                        if source == "profession"
                        else ngettext(
                            "{value} free skill left to choose ({reason}).",
                            "{value} free skills left to choose ({reason}).",
                            allowed - taken,
                        )
                    ).format(value=allowed - taken, reason=reason),
                )
            )
    return found


def _bought_skills(index: int, character: Character) -> list[Finding]:
    bought = sum(1 for s in character.skills if s.source == "xp")
    paid = sum(1 for e in character.xp_ledger if e.kind == "skill")
    if bought > paid:
        return [
            warning(
                "ae.skills.unpaid",
                join_path("characters", index, "skills"),
                _(
                    "{bought} skills are marked as bought with XP but the ledger "
                    "records {paid} skill purchases."
                ).format(bought=bought, paid=paid),
            )
        ]
    return []
