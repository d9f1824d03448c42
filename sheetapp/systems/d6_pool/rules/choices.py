"""Skills and traits: ratings 1..6, and the skill and trait points they are paid from."""

from __future__ import annotations

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.systems.d6_pool.catalog import MISSING_LIMB, trait_sample
from sheetapp.systems.d6_pool.creation import budget, creation_skills, creation_traits
from sheetapp.systems.d6_pool.model import D6PoolSheet, Trait
from sheetapp.systems.d6_pool.names import MAX_RATING, MIN_RATING


def _named(kind: str, names: list[str]) -> list[Finding]:
    found = []
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if not key:
            found.append(
                warning(f"d6.{kind}s.name", join_path(f"{kind}s", i, "name"), f"Name the {kind}.")
            )
        elif key in seen:
            found.append(
                warning(
                    f"d6.{kind}s.duplicate",
                    join_path(f"{kind}s", i, "name"),
                    f"{name.strip()} is listed twice; keep one line and raise its rating.",
                )
            )
        else:
            seen[key] = i
    return found


def _rating(kind: str, index: int, name: str, current: int | None, start: int | None):
    path = join_path(f"{kind}s", index, "rating")
    shown = name.strip() or f"This {kind}"
    if current is None or start is None:
        return [warning(f"d6.{kind}s.rating_missing", path, f"Give {shown} a rating of 1 to 6.")]
    if not MIN_RATING <= start <= MAX_RATING:
        return [
            error(
                f"d6.{kind}s.rating",
                path,
                f"{shown} is rated {start} at creation; {kind}s are rated {MIN_RATING} to "
                f"{MAX_RATING}.",
            )
        ]
    if current > MAX_RATING:
        return [
            error(
                f"d6.{kind}s.rating",
                path,
                f"{shown} is rated {current}; {kind}s go no higher than {MAX_RATING}.",
            )
        ]
    return []


def check_skills(sheet: D6PoolSheet) -> list[Finding]:
    found = _named("skill", [s.name for s in sheet.skills])
    starts = {i: r for i, _, r in creation_skills(sheet)}
    for i, skill in enumerate(sheet.skills):
        start = starts.get(i, skill.rating)
        found += _rating("skill", i, skill.name, skill.rating, start)
        if skill.attribute is None and skill.name.strip():
            found.append(
                info(
                    "d6.skills.attribute",
                    join_path("skills", i, "attribute"),
                    f"Pick the attribute {skill.name.strip()} is usually rolled with to see "
                    "its pool.",
                )
            )
    return found


def check_traits(sheet: D6PoolSheet) -> list[Finding]:
    found = _named("trait", [t.name for t in sheet.traits])
    starts = {i: r for i, _, r in creation_traits(sheet)}
    for i, trait in enumerate(sheet.traits):
        start = starts.get(i, trait.rating)
        found += _rating("trait", i, trait.name, trait.rating, start)
        found += _all_limbs(i, trait)
    return found


def _all_limbs(index: int, trait: Trait) -> list[Finding]:
    """Every limb missing is Missing Limb at 6; the mark means nothing on another trait."""
    if not trait.all_limbs:
        return []
    path = join_path("traits", index, "all_limbs")
    sample = trait_sample(trait.name)
    if sample is None or sample.name != MISSING_LIMB:
        return [
            warning(
                "d6.traits.all_limbs",
                path,
                f"Only {MISSING_LIMB} can be marked as every limb; untick it on "
                f"{trait.name.strip() or 'this trait'}.",
            )
        ]
    if trait.rating != MAX_RATING:
        return [
            warning(
                "d6.traits.all_limbs_rating",
                join_path("traits", index, "rating"),
                f"Missing every limb is rated {MAX_RATING}, not {trait.rating}.",
            )
        ]
    return []


def check_points(sheet: D6PoolSheet) -> list[Finding]:
    spent = budget(sheet)
    found: list[Finding] = []
    if spent.traits_spent > spent.trait_points:
        found.append(
            error(
                "d6.traits.overspent",
                "traits",
                f"Positive traits take {spent.traits_spent} points but there are "
                f"{spent.trait_points} (6 plus the negative traits); skill points cannot "
                "buy traits.",
            )
        )
    left = spent.skill_points_left
    if left is None:
        return found
    if left < 0:
        found.append(
            error(
                "d6.skills.overspent",
                "skills",
                f"Skills take {spent.skills_spent} points but there are {spent.skill_points} "
                f"(Intelligence + Wisdom + Charisma) and {max(spent.trait_points_left, 0)} "
                f"trait points left: take {-left} off.",
            )
        )
    elif spent.skill_points - spent.skills_spent > 0:
        found.append(
            warning(
                "d6.skills.unspent",
                "skills",
                f"{spent.skill_points - spent.skills_spent} of the {spent.skill_points} skill "
                "points are not spent yet.",
            )
        )
    elif left > 0:
        found.append(
            info(
                "d6.traits.unspent",
                "traits",
                f"{left} trait points are unspent; they may buy traits or skills.",
            )
        )
    return found
