"""A pack too large in shape (a huge number, a long dotted key, deep brackets) or one whose
reading fails in a way nobody foresaw is refused alone, with its file and line; the other
packs load and no command stops."""

from __future__ import annotations

import pytest

from sheetapp.cli.main import main
from sheetapp.findings import Severity
from sheetapp.systems.amazing_engine import pack_checks, packs
from sheetapp.systems.amazing_engine.catalog import reload_catalogue, user_pack_folder
from sheetapp.systems.amazing_engine.pack_checks import did_you_mean
from sheetapp.systems.amazing_engine.packs import parse_pack
from sheetapp.systems.amazing_engine.toml_limits import MAX_KEY_PARTS

from .test_universe_packs import GOOD

HUGE_INT = GOOD.replace('name = "Moonwell"', 'name = "Moonwell"\nfree_dice = ' + "9" * 5000)
LONG_KEY = GOOD + "\n" + ".".join(["k"] * 50_000) + " = 1\n"


def write_user_pack(name: str, text: str) -> str:
    folder = user_pack_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return str(folder / name)


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        (HUGE_INT, "pack.number", 3),
        (LONG_KEY, "pack.key_parts", GOOD.count("\n") + 2),
        (GOOD.replace("[[professions]]", "[a." + "b." * 30 + "c]\n[[professions]]"),
         "pack.key_parts", 8),
        ('id = "x"\nname = "x"\nx = { a = ' * 1 + "{ b = " * 60 + "1" + " }" * 61,
         "pack.nesting", 3),
        ("x = [\n  " + "-" + "1" * 200 + ",\n]", "pack.number", 2),
    ],
)  # fmt: skip
def test_a_shape_no_pack_needs_is_refused_at_its_line(text: str, code: str, line: int) -> None:
    report = parse_pack(text.encode("utf-8"), "moon.toml")
    assert report.universe is None
    assert [(p.line, p.code) for p in report.problems] == [(line, code)]


def test_long_keys_and_numbers_inside_strings_and_comments_are_only_text() -> None:
    long = "9" * 500 + "." * 500
    text = GOOD.replace(
        'name = "Moonwell"',
        f'name = "Moonwell"\n# {long}\ndescription = """{long}\n{long}"""\nnotes = "{long}"',
    )
    text = text.replace('"Circles"', '"' + "9" * 101 + "." * 11 + '"')
    assert parse_pack(text, "moon.toml").problems == ()
    # Real packs stay well within the limits: a few dotted parts and floats are fine.
    dotted = GOOD.replace("[formulas]\n", "").replace("stamina =", "formulas.stamina =")
    dotted = dotted.replace("body =", "formulas.body =")
    assert parse_pack(dotted, "moon.toml").problems == ()
    parts = ".".join(["a"] * MAX_KEY_PARTS)
    report = parse_pack(GOOD + f"\n[x]\n{parts} = 1.5\n", "moon.toml")
    assert [p.code for p in report.problems] == ["pack.invalid"]  # unknown key, not the shape


def test_an_unforeseen_failure_refuses_that_pack_alone(monkeypatch) -> None:
    def broken(universe):
        raise KeyError("something nobody thought of")

    monkeypatch.setattr(packs, "check_universe", broken)
    report = parse_pack(GOOD, "moon.toml")
    assert report.universe is None
    assert [p.code for p in report.problems] == ["pack.unreadable"]
    assert str(report.problems[0]).startswith("moon.toml:1: error: the pack cannot be read")
    assert "KeyError" in report.problems[0].message


def test_a_failure_reading_the_file_refuses_that_pack_alone(monkeypatch) -> None:
    good = write_user_pack("moonwell.toml", GOOD)
    bad = write_user_pack("aaa.toml", GOOD.replace("moonwell", "other"))
    real = packs.read_pack

    def failing(path, file=None):
        if str(path) == bad:
            raise ValueError("the reader broke")
        return real(path, file)

    monkeypatch.setattr("sheetapp.systems.amazing_engine.catalog.read_pack", failing)
    found = reload_catalogue()
    assert found.entries["moonwell"].file == good
    assert found.refused == (bad,)
    assert [p.code for p in found.problems_for(bad)] == ["pack.unreadable"]


def test_a_huge_number_and_a_long_key_are_reported_and_the_other_packs_load() -> None:
    good = write_user_pack("moonwell.toml", GOOD)
    big = write_user_pack("big.toml", HUGE_INT.replace("moonwell", "big"))
    long = write_user_pack("long.toml", LONG_KEY.replace("moonwell", "long"))
    found = reload_catalogue()
    assert found.entries["moonwell"].file == good
    assert set(found.refused) == {big, long}
    assert all(p.severity is Severity.ERROR for p in found.problems)


@pytest.mark.parametrize(
    "argv",
    [
        ["universes"],
        ["universes", "--json"],
        ["new", "amazing-engine", "--universe", "moonwell", "--random", "-o", "{tmp}/a.json"],
        ["blank", "amazing-engine", "--universe", "moonwell", "-o", "{tmp}/b.pdf"],
    ],
)
def test_no_command_fails_on_a_pack_with_a_huge_number(argv, tmp_path, capsys) -> None:
    write_user_pack("moonwell.toml", GOOD)
    big = write_user_pack("big.toml", HUGE_INT.replace("moonwell", "big"))
    reload_catalogue()
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "internal error" not in out + err
    if argv == ["universes"]:
        assert f"{big}:3: error: a number has more than" in err
    if "new" in argv:
        assert main(["validate", str(tmp_path / "a.json")]) == 0, capsys.readouterr()


def test_check_reports_a_huge_number_at_its_line(capsys) -> None:
    big = write_user_pack("big.toml", HUGE_INT)
    code = main(["universes", "check", big])
    out, err = capsys.readouterr()
    assert code == 1 and err == ""
    assert out.startswith(f"{big}:3: error: a number has more than 100 digits")


def test_did_you_mean_hints_are_bounded_for_a_pack_of_many_long_alike_names(monkeypatch):
    assert did_you_mean("Loer", ["Lore", "Spellcraft"]) == "; did you mean 'Lore'?"
    calls: list[int] = []

    def counting(word, choices, n=3, cutoff=0.6):
        calls.append(len(choices))
        return []

    monkeypatch.setattr(pack_checks.difflib, "get_close_matches", counting)
    professions = "\n".join(
        f'[[professions]]\nid = "p{p}"\nname = "P"\ngroups = ['
        + ", ".join(f'"{"q" * 70}{p}-{g}"' for g in range(50))
        + "]"
        for p in range(200)
    )
    groups = "\n".join(f'[[skill_groups]]\nname = "{"q" * 70}{g}"' for g in range(200))
    report = parse_pack(f'id = "w"\nname = "W"\n{professions}\n{groups}', "many.toml")
    assert not report.usable
    assert len(calls) <= pack_checks.MAX_HINTS
    assert all(size == 0 for size in calls)  # names past MAX_HINT_LENGTH are not compared
    assert "and 188 more" in report.problems[0].message
