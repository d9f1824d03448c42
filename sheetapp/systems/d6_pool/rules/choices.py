"""Skills and traits: ratings 1..6, and the skill and trait points they are paid from."""

from __future__ import annotations

from sheetapp.findings import Finding, error, info, join_path, warning
from sheetapp.i18n import N_, _
from sheetapp.systems.d6_pool.catalog import MISSING_LIMB, trait_sample
from sheetapp.systems.d6_pool.creation import budget, creation_skills, creation_traits
from sheetapp.systems.d6_pool.model import D6PoolSheet, Trait
from sheetapp.systems.d6_pool.names import MAX_RATING, MIN_RATING

# Each kind's messages whole ("skill" and "trait" are codes' words, not the reader's).
_WORDS = {
    "skill": {
        "name": N_("Name the skill."),
        "this": N_("This skill"),
        "range": N_("{shown} is rated {start} at creation; skills are rated {low} to {high}."),
        "most": N_("{shown} is rated {current}; skills go no higher than {high}."),
    },
    "trait": {
        "name": N_("Name the trait."),
        "this": N_("This trait"),
        "range": N_("{shown} is rated {start} at creation; traits are rated {low} to {high}."),
        "most": N_("{shown} is rated {current}; traits go no higher than {high}."),
    },
}


def _named(kind: str, names: list[str]) -> list[Finding]:
    found = []
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if not key:
            found.append(
                warning(
                    f"d6.{kind}s.name",
                    join_path(f"{kind}s", i, "name"),
                    _(_WORDS[kind]["name"]),
                )
            )
        elif key in seen:
            found.append(
                warning(
                    f"d6.{kind}s.duplicate",
                    join_path(f"{kind}s", i, "name"),
                    _("{strip} is listed twice; keep one line and raise its rating.").format(
                        strip=name.strip()
                    ),
                )
            )
        else:
            seen[key] = i
    return found


def _rating(kind: str, index: int, name: str, current: int | None, start: int | None):
    path = join_path(f"{kind}s", index, "rating")
    shown = name.strip() or _(_WORDS[kind]["this"])
    if current is None or start is None:
        return [
            warning(
                f"d6.{kind}s.rating_missing",
                path,
                _("Give {shown} a rating of 1 to 6.").format(shown=shown),
            )
        ]
    if not MIN_RATING <= start <= MAX_RATING:
        return [
            error(
                f"d6.{kind}s.rating",
                path,
                _(_WORDS[kind]["range"]).format(
                    shown=shown, start=start, low=MIN_RATING, high=MAX_RATING
                ),
            )
        ]
    if current > MAX_RATING:
        return [
            error(
                f"d6.{kind}s.rating",
                path,
                _(_WORDS[kind]["most"]).format(shown=shown, current=current, high=MAX_RATING),
            )
        ]
    return []


def check_skills(sheet: D6PoolSheet) -> list[Finding]:
    found = _named("skill", [s.name for s in sheet.skills])
    starts = {i: r for i, _unused, r in creation_skills(sheet)}
    for i, skill in enumerate(sheet.skills):
        start = starts.get(i, skill.rating)
        found += _rating("skill", i, skill.name, skill.rating, start)
        if skill.attribute is None and skill.name.strip():
            found.append(
                info(
                    "d6.skills.attribute",
                    join_path("skills", i, "attribute"),
                    _("Pick the attribute {strip} is usually rolled with to see its pool.").format(
                        strip=skill.name.strip()
                    ),
                )
            )
    return found


def check_traits(sheet: D6PoolSheet) -> list[Finding]:
    found = _named("trait", [t.name for t in sheet.traits])
    starts = {i: r for i, _unused, r in creation_traits(sheet)}
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
                _("Only {MISSING_LIMB} can be marked as every limb; untick it on {value}.").format(
                    MISSING_LIMB=MISSING_LIMB, value=trait.name.strip() or _("this trait")
                ),
            )
        ]
    if trait.rating != MAX_RATING:
        return [
            warning(
                "d6.traits.all_limbs_rating",
                join_path("traits", index, "rating"),
                _("Missing every limb is rated {MAX_RATING}, not {rating}.").format(
                    MAX_RATING=MAX_RATING, rating=trait.rating
                ),
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
                _(
                    "Positive traits take {traits_spent} points but there are "
                    "{trait_points} (6 plus the negative traits); skill points "
                    "cannot buy traits."
                ).format(traits_spent=spent.traits_spent, trait_points=spent.trait_points),
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
                _(
                    "Skills take {skills_spent} points but there are {skill_points} "
                    "(Intelligence + Wisdom + Charisma) and {max} trait points left: "
                    "take {value} off."
                ).format(
                    skills_spent=spent.skills_spent,
                    skill_points=spent.skill_points,
                    max=max(spent.trait_points_left, 0),
                    value=-left,
                ),
            )
        )
    elif spent.skill_points - spent.skills_spent > 0:
        found.append(
            warning(
                "d6.skills.unspent",
                "skills",
                _("{value} of the {skill_points} skill points are not spent yet.").format(
                    value=spent.skill_points - spent.skills_spent, skill_points=spent.skill_points
                ),
            )
        )
    elif left > 0:
        found.append(
            info(
                "d6.traits.unspent",
                "traits",
                _("{left} trait points are unspent; they may buy traits or skills.").format(
                    left=left
                ),
            )
        )
    return found
