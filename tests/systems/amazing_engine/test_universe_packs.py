"""Universe packs as a game master writes them: the shipped ones are sound and make valid
characters; a broken pack is told apart line by line, with what to change; nothing a pack
holds makes the reader raise."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.cli.main import main
from sheetapp.dice import Roller
from sheetapp.findings import Severity
from sheetapp.systems.amazing_engine.catalog import builtin_universes, installed_universes
from sheetapp.systems.amazing_engine.generation import (
    random_from_core,
    random_npc_sheet,
    random_prime_sheet,
)
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES, parse_pack
from sheetapp.systems.amazing_engine.rules import check
from sheetapp.toml_lines import key_lines

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SHIPPED = sorted(
    item.name
    for item in resources.files("sheetapp.resources").joinpath("universes").iterdir()
    if item.name.endswith(".toml")
)


def shipped_text(name: str) -> str:
    return resources.files("sheetapp.resources").joinpath("universes", name).read_text("utf-8")


def errors(sheet) -> list[str]:
    return [str(f) for f in check(sheet) if f.severity is Severity.ERROR]


# --- the shipped packs ------------------------------------------------------------------------


def test_the_generic_pack_and_two_invented_universes_ship() -> None:
    assert {"generic.toml", "verdigris.toml", "drift-salvage.toml"} <= set(SHIPPED)
    assert {"generic", "verdigris", "drift-salvage"} <= set(builtin_universes())


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_pack_reads_with_no_problem_at_all(name: str) -> None:
    report = parse_pack(shipped_text(name).encode("utf-8"), name)
    assert report.problems == ()
    assert report.usable


def test_generic_keeps_the_system_guide_defaults() -> None:
    generic = builtin_universes()["generic"]
    assert (generic.creation_cap, generic.attribute_max, generic.dice_cap) == (50, 90, 5)
    assert (generic.dice_cap, generic.specialty_penalty, generic.enhancement_bonus) == (5, 10, 10)
    assert generic.base_adjustment == 0
    # The System Guide's worked character: willpower 12, reflexes 36, fitness 21.
    worked = {Attribute.WILLPOWER: 12, Attribute.REFLEXES: 36, Attribute.FITNESS: 21}
    assert generic.formula_value("stamina", worked) == 24
    assert generic.formula_value("body", worked) == 5


@pytest.mark.parametrize("universe_id", ["verdigris", "drift-salvage"])
def test_invented_universes_have_their_own_professions_trees_and_species(universe_id) -> None:
    universe = builtin_universes()[universe_id]
    generic = builtin_universes()["generic"]
    assert len(universe.professions) >= 6 and len(universe.species) >= 3
    assert {p.id for p in universe.professions}.isdisjoint({p.id for p in generic.professions})
    assert {g.name for g in universe.skill_groups} != {g.name for g in generic.skill_groups}
    for profession in universe.professions:
        assert profession.groups
        assert all(universe.group(g) is not None for g in profession.groups)
    for group in universe.skill_groups:
        assert any(universe.professions_with_group(group.name)), group.name
    depths = [len(path) for _, path, _ in universe.walk_skills()]
    assert max(depths) >= 3  # nested specialty trees
    marked = [node for _, path, node in universe.walk_skills() if node.enhancement]
    assert len(marked) >= 10
    assert all(len(path) > 1 for _, path, node in universe.walk_skills() if node.enhancement)
    assert any(node.learned for _, _, node in universe.walk_skills())  # a learned override
    assert set(universe.formulas) > {"stamina", "body"}  # a formula of its own


@given(st.integers(0, 2**32), st.sampled_from(["generic", "verdigris", "drift-salvage"]))
def test_characters_generated_in_each_shipped_universe_validate(seed: int, universe_id: str):
    universe = installed_universes()[universe_id]
    prime = random_prime_sheet(Roller(seed), universe)
    npc = random_npc_sheet(Roller(seed + 1), universe)
    assert errors(prime) == [] and errors(npc) == []
    assert prime.characters[0].universe == universe_id
    species = {s.id for s in universe.species}
    assert prime.characters[0].species in species
    assert universe.profession(prime.characters[0].profession) is not None


@given(st.integers(0, 2**32))
def test_one_core_makes_a_character_in_every_shipped_universe(seed: int) -> None:
    found = installed_universes()
    sheet = random_prime_sheet(Roller(seed), found["generic"])
    for universe_id in ("verdigris", "drift-salvage"):
        sheet.characters.append(random_from_core(Roller(seed + 7), sheet, found[universe_id]))
    assert errors(sheet) == []


@pytest.mark.parametrize("universe_id", ["generic", "verdigris", "drift-salvage"])
@pytest.mark.parametrize("npc", [False, True])
def test_the_command_line_makes_valid_characters_in_each_universe(
    tmp_path, capsys, universe_id, npc
) -> None:
    out = tmp_path / f"{universe_id}.json"
    args = ["new", "amazing-engine", "--universe", universe_id, "--random", "--seed", "3"]
    assert main([*args, *(["--npc"] if npc else []), "-o", str(out)]) == 0
    assert json.loads(out.read_text())["characters"][0]["universe"] == universe_id
    capsys.readouterr()
    assert main(["validate", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["errors"] == 0


def test_an_unknown_universe_is_refused_by_new_with_the_installed_ones(tmp_path, capsys):
    code = main(["new", "amazing-engine", "--universe", "nowhere", "-o", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert code == 2 and "unknown universe 'nowhere'" in err and "verdigris" in err


# --- line numbers -----------------------------------------------------------------------------


def _paths(data, prefix=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*prefix, key)
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*prefix, index)
            yield from _paths(value, (*prefix, index))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_key_of_a_shipped_pack_is_found_on_its_own_line(name: str) -> None:
    text = shipped_text(name)
    lines = key_lines(text)
    source = text.splitlines()
    for path in _paths(tomllib.loads(text)):
        assert path in lines, path
        if isinstance(path[-1], str):
            assert path[-1] in source[lines[path] - 1], (path, lines[path])


def test_lines_follow_tables_dotted_and_quoted_keys_and_arrays_of_tables() -> None:
    text = "\n".join(
        [
            'id = "x"  # a comment with [brackets] and = signs',  # 1
            'formulas.stamina = "reflexes"',  # 2
            '"odd key" = """many',  # 3
            'lines = "not a key"',  # 4
            '"""',  # 5
            "[[professions]]",  # 6
            'id = "a"',  # 7
            "[[professions]]",  # 8
            "groups = [",  # 9
            "  'One', # first",  # 10
            '  "T\\"wo",',  # 11
            "]",  # 12
            "[formulas]",  # 13 (TOML allows only the dotted key above, not this table too)
        ]
    )
    lines = key_lines(text)
    assert lines[("id",)] == 1
    assert lines[("formulas", "stamina")] == 2
    assert lines[("odd key",)] == 3
    assert ("lines",) not in lines  # inside a multi-line string
    assert lines[("professions", 0, "id")] == 7
    assert lines[("professions", 1)] == 8
    assert lines[("professions", 1, "groups", 1)] == 11


def _problems(text: str) -> list[tuple[int, str]]:
    report = parse_pack(text.encode("utf-8"), "pack.toml")
    return [(p.line, f"{p.severity.value}: {p.message}") for p in report.problems]


GOOD = """\
id = "moonwell"
name = "Moonwell"

[formulas]
stamina = "ceil((willpower + reflexes) / 2)"
body = "ceil(fitness / 5)"

[[professions]]
id = "enchanter"
name = "Enchanter"
groups = [
  "Spellcraft",
  "Lore",
]

[[skill_groups]]
name = "Spellcraft"
skills = [
  { name = "Warding", attribute = "psyche", children = [
    { name = "Circles", attribute = "psyche", children = [
      { name = "Salt circles", attribute = "psyche", enhancement = true },
    ] },
  ] },
]

[[skill_groups]]
name = "Lore"
skills = [{ name = "History", attribute = "learning" }]
"""


def test_a_good_pack_has_no_problems() -> None:
    assert _problems(GOOD) == []


@pytest.mark.parametrize(
    ("old", "new", "line", "says"),
    [
        ('attribute = "psyche", enhancement', 'attribute = "magic", enhancement', 21,
         "attribute 'magic' is not allowed; use 'fitness'"),
        ('  "Lore",\n]', '  "Loer",\n]', 13, "group 'Loer' but no [[skill_groups]] has that "
         "name; did you mean 'Lore'?"),
        ('name = "Enchanter"', 'name = "Enchanter"\ncolour = "blue"', 11,
         "[[professions]] 'Enchanter': unknown key 'colour'; known: id, name, groups"),
        ('[[skill_groups]]\nname = "Lore"', '[[skill_groups]]\ntitle = "Lore"', 26,
         "'name' is missing; add name = "),
        ('body = "ceil(fitness / 5)"', 'body = "fitness ** 2"', 6,
         "formula body: only + - * / // % may combine values"),
        ('body = "ceil(fitness / 5)"', 'body = "fitness.__class__"', 6,
         "formula body: attribute access"),
        ('body = "ceil(fitness / 5)"', 'body = "fitness // (fitness - 30)"', 6,
         "body: formula divides by zero (with fitness 30)"),
        ('body = "ceil(fitness / 5)"\n', "", 4, "the [formulas] table needs a 'body' entry"),
        ('stamina = "ceil((willpower + reflexes) / 2)"', 'stamina = "willpower"', 5,
         "warning: stamina does not use reflexes"),
        ('id = "moonwell"', 'id = "Moon Well"', 1, "e.g. 'moon-well'"),
        ('{ name = "Circles"', '{ name = "Warding", attribute = "psyche" },\n'
         '    { name = "Warding"', 20, "'Warding' appears twice at one level of 'Spellcraft'"),
        ('{ name = "Warding", attribute = "psyche", children', '{ name = "Warding", '
         'attribute = "psyche", enhancement = true, children', 19,
         "warning: 'Warding' is a basic skill marked as an enhancement"),
        ('name = "Moonwell"', 'name = "Moonwell"\ndice_cap = 6', 3,
         "dice_cap 6 lets a roll reach 60, past creation_cap 50"),
        ('name = "Moonwell"', 'name = "Moonwell"\nformat = 2', 3, "format must be 1"),
        ('[[professions]]\nid = "enchanter"', '[[professions]\nid = "enchanter"', 8,
         "not valid TOML"),
        ('groups = [', 'groups = [\n  "Lore" "Lore",', 12, "not valid TOML"),
    ],
)  # fmt: skip
def test_each_problem_names_the_line_and_what_to_change(old, new, line, says) -> None:
    assert old in GOOD
    found = _problems(GOOD.replace(old, new, 1))
    assert any(at == line and says in message for at, message in found), found


def test_text_that_is_not_utf8_is_refused_at_its_line() -> None:
    data = GOOD.encode("utf-8").replace(b'name = "Enchanter"', b'name = "Enchant\xe9r"')
    report = parse_pack(data, "latin.toml")
    assert report.universe is None
    assert [(p.line, p.code) for p in report.problems] == [(10, "pack.encoding")]
    assert "save it as UTF-8" in str(report.problems[0])


def test_a_utf8_byte_order_mark_and_crlf_line_ends_are_fine() -> None:
    data = b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8")
    assert parse_pack(data, "windows.toml").problems == ()
    broken = data.replace(b"Loer", b"x").replace(b'"Lore",\r\n]', b'"Loer",\r\n]')
    assert [p.line for p in parse_pack(broken, "w.toml").problems] == [13]


def test_oversized_and_deeply_nested_packs_are_refused_without_recursing() -> None:
    big = parse_pack(b"#" * (MAX_PACK_BYTES + 1), "big.toml")
    assert big.problems[0].code == "pack.too_large"
    deep_toml = 'id = "x"\nname = "x"\nx = ' + "[" * 3000 + "]" * 3000
    assert parse_pack(deep_toml, "deep.toml").problems[0].code == "pack.nesting"
    node = '{ name = "a", attribute = "fitness" }'
    for _ in range(30):
        node = '{ name = "a", attribute = "fitness", children = [' + node + "] }"
    deep_tree = GOOD.replace('{ name = "History", attribute = "learning" }', node)
    report = parse_pack(deep_tree, "tree.toml")
    assert report.universe is None and report.problems[0].code == "pack.nesting"
    assert report.problems[0].line == 28  # the skills array holding the deep tree


def test_problems_print_as_file_line_message() -> None:
    report = parse_pack(GOOD.replace('"Lore",\n]', '"Loer",\n]'), "packs/moon.toml")
    assert str(report.problems[0]).startswith("packs/moon.toml:13: error: profession ")


# --- nothing raises ---------------------------------------------------------------------------


@given(
    st.lists(
        st.tuples(st.integers(0, len(GOOD)), st.integers(0, 8), st.text(max_size=6)),
        min_size=1,
        max_size=4,
    )
)
def test_any_mutated_pack_gives_a_report_never_an_exception(edits) -> None:
    text = GOOD
    for at, cut, insert in edits:
        at = min(at, len(text))
        text = text[:at] + insert + text[at + cut :]
    report = parse_pack(text.encode("utf-8", "surrogatepass"), "m.toml")
    last = text.count("\n") + 2
    assert all(1 <= p.line <= last for p in report.problems), report.problems
    assert report.usable == (
        report.universe is not None
        and all(p.severity is not Severity.ERROR for p in report.problems)
    )


@given(st.binary(max_size=400))
def test_any_bytes_give_a_report_never_an_exception(data: bytes) -> None:
    report = parse_pack(data, "b.toml")
    assert report.universe is not None or report.problems


def test_hostile_formulas_in_a_pack_are_problems(tmp_path: Path) -> None:
    hostile = [
        "__import__('os').system('touch pwned')",
        "9**9**9",
        "'a'*10**9",
        "[x for x in range(10)]",
        "(x := 1)",
        "lambda: 1",
        "open('x')",
    ]
    for formula in hostile:
        text = GOOD.replace('"ceil(fitness / 5)"', json.dumps(formula))
        report = parse_pack(text, "evil.toml")
        assert report.universe is None
        assert [p.line for p in report.problems] == [6], formula
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


def test_a_pack_can_say_a_skill_needs_training_whatever_its_attribute() -> None:
    """``learned = true`` on an Intuition skill: untrained, it cannot be tried at all; the
    same skill without the mark is tried at half the attribute."""
    from sheetapp.systems.amazing_engine.chances import chain_chance
    from sheetapp.systems.amazing_engine.model import Character
    from sheetapp.systems.amazing_engine.packs import parse_pack

    lore = 'skills = [{ name = "History", attribute = "learning" }]'
    omens = '{ name = "Omens", attribute = "intuition"'
    for mark, possible in (("", True), (", learned = true", False)):
        text = GOOD.replace(lore, lore[:-1] + f", {omens}{mark} }}]")
        universe = parse_pack(text, "moonwell.toml").universe
        assert universe is not None
        character = Character(universe="moonwell", attributes={"intuition": 40})
        chance = chain_chance(character, universe, "Lore", universe.find_skill("Lore", ("Omens",)))
        assert chance.possible is possible
        assert chance.value == (20 if possible else 0)
