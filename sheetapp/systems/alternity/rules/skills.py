"""Broad and specialty skills: linked abilities, ranks, and specialties that need their
broad skill."""

from __future__ import annotations

from sheetapp.findings import Finding, error, join_path, warning
from sheetapp.i18n import _
from sheetapp.systems.alternity.catalog import allowed_abilities
from sheetapp.systems.alternity.derived import broad_skill
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import label
from sheetapp.systems.alternity.situation import BEST_STEP, MAX_STEP, die_for


def check_skills(sheet: AlternitySheet) -> list[Finding]:
    found: list[Finding] = []
    seen: set[str] = set()
    for i, broad in enumerate(sheet.broad_skills):
        where = ("broad_skills", i)
        key = " ".join(broad.name.split()).casefold()
        if not key:
            found.append(
                warning(
                    "alt.skills.unnamed", join_path(*where, "name"), _("Name this broad skill.")
                )
            )
            continue
        if key in seen:
            found.append(
                warning(
                    "alt.skills.duplicate",
                    join_path(*where, "name"),
                    _("{name} is listed twice; remove one.").format(name=broad.name),
                )
            )
        seen.add(key)
        allowed = allowed_abilities(broad.name)
        if allowed and broad.ability not in allowed:
            names = _(" or ").join(label(a) for a in allowed)
            found.append(
                warning(
                    "alt.skills.ability",
                    join_path(*where, "ability"),
                    _("{name} is linked to {names}, not {label}.").format(
                        name=broad.name, names=names, label=label(broad.ability)
                    ),
                )
            )
    pairs: set[tuple[str, str]] = set()
    for i, skill in enumerate(sheet.specialty_skills):
        where = ("specialty_skills", i)
        name = f"{skill.broad}-{skill.name}"
        if not skill.name.strip():
            found.append(
                warning("alt.skills.unnamed", join_path(*where, "name"), _("Name this specialty."))
            )
        elif broad_skill(sheet, skill.broad) is None:
            found.append(
                warning(
                    "alt.skills.no_broad",
                    join_path(*where, "broad"),
                    _(
                        "{name} needs its broad skill: add {value} to the broad skills "
                        "or correct the name."
                    ).format(name=name, value=skill.broad or "one"),
                )
            )
        key = (skill.broad.casefold().strip(), skill.name.casefold().strip())
        if skill.name.strip() and key in pairs:
            found.append(
                warning(
                    "alt.skills.duplicate",
                    join_path(*where, "name"),
                    _("{name} is listed twice; remove one.").format(name=name),
                )
            )
        pairs.add(key)
        if skill.rank < 0:
            found.append(
                error(
                    "alt.skills.rank",
                    join_path(*where, "rank"),
                    _("{name} has rank {rank}; ranks start at 0.").format(
                        name=name, rank=skill.rank
                    ),
                )
            )
        if skill.base_step is not None and not BEST_STEP <= skill.base_step <= MAX_STEP:
            found.append(
                error(
                    "alt.skills.base_step",
                    join_path(*where, "base_step"),
                    _(
                        "A base situation die of step {base_step} is off the ladder; use "
                        "{BEST_STEP} ({label}) to {MAX_STEP}."
                    ).format(
                        base_step=skill.base_step,
                        BEST_STEP=BEST_STEP,
                        label=die_for(BEST_STEP).label,
                        MAX_STEP=MAX_STEP,
                    ),
                )
            )
    return found
