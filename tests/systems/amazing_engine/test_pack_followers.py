"""A saved pack's change, read on the characters of its universe: words per character, and
the sheet brought in line (skills removed, renamed, moved, re-attributed; XP prices)."""

from __future__ import annotations

from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.pack_followers import effects, follow_pack
from sheetapp.systems.amazing_engine.universe import Universe

OLD = {
    "id": "tide", "name": "Tide", "xp_per_skill": 20,
    "professions": [{"id": "diver", "name": "Diver", "groups": ["Sea", "Lore"]}],
    "skill_groups": [
        {"name": "Sea", "skills": [
            {"name": "Swim", "attribute": "fitness", "children": [
                {"name": "Deep dive", "attribute": "fitness"}]},
            {"name": "Sail", "attribute": "reflexes"},
            {"name": "Knots", "attribute": "reflexes"},
        ]},
        {"name": "Lore", "skills": [{"name": "Tides", "attribute": "learning"}]},
    ],
}


def universe(**changes) -> Universe:
    return Universe.model_validate({**OLD, **changes})


def sheet(*skills: tuple[str, list[str], str], universe_id: str = "tide",
          ledger: tuple = ()) -> AmazingEngineSheet:
    return AmazingEngineSheet.model_validate({"core": None, "characters": [{
        "name": "Mara", "universe": universe_id, "profession": "diver",
        "attributes": {a: 40 for a in ("fitness", "reflexes", "learning", "intuition",
                                       "psyche", "willpower", "charm", "position")},
        "skills": [{"group": g, "path": p, "attribute": a} for g, p, a in skills],
        "xp_ledger": list(ledger),
    }]})


def test_a_removed_skill_is_named_and_leaves_the_sheet_with_nothing_else() -> None:
    old = universe()
    swim, _sail, knots = OLD["skill_groups"][0]["skills"]
    groups = [{"name": "Sea", "skills": [swim, knots]}, OLD["skill_groups"][1]]
    new = universe(skill_groups=groups)  # Sail removed, Knots moves up into its place
    mara = sheet(("Sea", ["Sail"], "reflexes"), ("Sea", ["Knots"], "reflexes"),
                 ("Sea", ["Swim"], "fitness"))
    [effect] = effects(old, new, mara)
    assert effect.name == "Mara"
    assert [c.text for c in effect.changes] == ["Loses Sail: the pack no longer has it."]
    followed = follow_pack(old, new, mara)
    assert [s.path for s in followed.characters[0].skills] == [["Knots"], ["Swim"]]


def test_a_renamed_skill_takes_its_specialties_along_and_an_attribute_follows() -> None:
    old = universe()
    groups = [
        {"name": "Sea", "skills": [
            {"name": "Swimming", "attribute": "reflexes", "children": [
                {"name": "Deep dive", "attribute": "fitness"}]},
            {"name": "Sail", "attribute": "reflexes"},
            {"name": "Knots", "attribute": "reflexes"},
        ]},
        OLD["skill_groups"][1],
    ]
    new = universe(skill_groups=groups)
    mara = sheet(("Sea", ["Swim"], "fitness"), ("Sea", ["Swim", "Deep dive"], "fitness"))
    [effect] = effects(old, new, mara)
    texts = [c.text for c in effect.changes]
    assert "Swim becomes Swimming." in texts
    assert "Swimming is checked against Reflexes (was Fitness)." in texts
    assert "Swim > Deep dive becomes Swimming > Deep dive." in texts
    skills = follow_pack(old, new, mara).characters[0].skills
    assert [(s.path, s.attribute.value) for s in skills] == [
        (["Swimming"], "reflexes"), (["Swimming", "Deep dive"], "fitness")]


def test_prices_profession_groups_and_formulas_are_said_and_only_prices_are_written() -> None:
    old = universe()
    new = universe(
        xp_per_skill=25,
        professions=[{"id": "diver", "name": "Diver", "groups": ["Sea"]}],
        formulas={"stamina": "ceil((willpower + reflexes) / 2) + 5", "body": "ceil(fitness / 5)"},
    )
    mara = sheet(("Lore", ["Tides"], "learning"),
                 ledger=[{"kind": "award", "amount": 50},
                         {"kind": "skill", "amount": -20, "skill": "Tides"}])
    [effect] = effects(old, new, mara)
    texts = [c.text for c in effect.changes]
    assert "1 skill bought with XP is priced at 25 XP (was 20) in the ledger." in texts
    assert "Stamina reads 45 (was 40)." in texts
    assert "Tides: Lore is no longer a Diver skill group; choose what the skill becomes." in texts
    followed = follow_pack(old, new, mara).characters[0]
    assert [e.amount for e in followed.xp_ledger] == [50, -25]
    assert followed.skills == mara.characters[0].skills  # the profession's choice is the GM's


def test_characters_of_other_universes_and_skills_the_pack_never_had_are_left_alone() -> None:
    old = universe()
    new = universe(skill_groups=[OLD["skill_groups"][1]])
    elsewhere = sheet(("Sea", ["Sail"], "reflexes"), universe_id="generic")
    assert effects(old, new, elsewhere) == []
    allowed = sheet(("Sea", ["Harpoon"], "reflexes"))
    assert effects(old, new, allowed) == []
    assert follow_pack(old, new, allowed) == allowed


def test_a_renamed_group_and_a_skill_dragged_to_another_group_are_followed() -> None:
    old = universe()
    swim, sail, _knots = OLD["skill_groups"][0]["skills"]
    new = universe(professions=[{"id": "diver", "name": "Diver", "groups": ["Ocean", "Lore"]}],
                   skill_groups=[
        {"name": "Ocean", "skills": [swim, sail]},  # "Sea" renamed; Knots dragged away
        {"name": "Lore", "skills": [OLD["skill_groups"][1]["skills"][0],
                                    {"name": "Knots", "attribute": "reflexes"}]},
    ])
    mara = sheet(("Sea", ["Swim", "Deep dive"], "fitness"), ("Sea", ["Knots"], "reflexes"))
    [effect] = effects(old, new, mara)
    assert [c.text for c in effect.changes] == [
        "Swim > Deep dive moves from Sea to Ocean.",
        "Knots moves from Sea to Lore.",
    ]
    skills = follow_pack(old, new, mara).characters[0].skills
    assert [(s.group, s.path) for s in skills] == [
        ("Ocean", ["Swim", "Deep dive"]), ("Lore", ["Knots"])]
