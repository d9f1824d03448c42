"""Fuzzers for what comes from outside and is shown or parsed: universe packs of any key
structure, and names of any characters printed by the command line.

Packs: random dotted keys (long and quoted), tables and arrays of tables, nested arrays and
inline tables, numbers of thousands of digits and TOML-ish noise. Each pack is read on its
own and beside a good one: the catalogue always loads, a bad pack is reported with its
file and line and skipped, and no failure is an unforeseen one (``pack.unreadable`` is the
boundary's last resort, so it showing up here is a bug to fix, not an outcome).

Printing: names, tags and pack names full of escapes, NULs, bidi controls and many
scripts; nothing but text and line breaks reaches stdout or stderr, and JSON round-trips.
``HYPOTHESIS_PROFILE=large`` runs them at length.
"""

from __future__ import annotations

import io
import json
import unicodedata
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetapp.cli.main import main
from sheetapp.findings import Severity
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import load_catalogue, reload_catalogue
from sheetapp.systems.amazing_engine.packs import parse_pack
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system
from tests.systems.amazing_engine.test_universe_packs import GOOD

# --- packs --------------------------------------------------------------------------------

BARE = st.text("abcxyz_-019", min_size=1, max_size=6)
QUOTED = st.text(max_size=6).map(json.dumps)  # a TOML basic string is a JSON string, mostly
KEY = st.lists(BARE | QUOTED, min_size=1, max_size=60).map(
    lambda parts: ".".join(parts)
) | st.integers(1, 60_000).map(lambda n: ".".join(["k"] * n))
NUMBER = (
    st.integers(-(10**30), 10**30).map(str)
    | st.integers(1, 6000).map(lambda n: "-" * (n % 2) + "7" * n)
    | st.floats(allow_nan=False).map(repr)
    | st.integers(1, 6000).map(lambda n: "1." + "5" * n)
)
SCALAR = NUMBER | st.text(max_size=10).map(json.dumps) | st.sampled_from(["true", "1979-05-27"])
VALUE = st.recursive(
    SCALAR,
    lambda inner: (
        st.lists(inner, max_size=3).map(lambda vs: "[" + ", ".join(vs) + "]")
        | st.lists(st.tuples(KEY, inner), max_size=3).map(
            lambda kvs: "{" + ", ".join(f"{k} = {v}" for k, v in kvs) + "}"
        )
        | st.integers(1, 3000).map(lambda n: "[" * n + "]" * n)
    ),
    max_leaves=8,
)
LINE = (
    st.tuples(KEY, VALUE).map(lambda kv: f"{kv[0]} = {kv[1]}")
    | KEY.map(lambda k: f"[{k}]")
    | KEY.map(lambda k: f"[[{k}]]")
    | st.text("[]{}=.,\"'#\n 0123456789abc_-\\", max_size=80)
)
PACK = st.lists(LINE, max_size=6).map("\n".join)


def reported_and_skipped(text: str, file: str) -> None:
    report = parse_pack(text, file)
    last = text.count("\n") + 2
    assert all(1 <= p.line <= last for p in report.problems), report.problems
    assert all(p.code != "pack.unreadable" for p in report.problems), report.problems
    assert report.usable or any(p.severity is Severity.ERROR for p in report.problems)


@given(PACK)
def test_a_pack_of_any_key_structure_is_read_or_refused_at_a_line(text: str) -> None:
    reported_and_skipped(text, "fuzz.toml")
    reported_and_skipped(GOOD + "\n" + text, "fuzz.toml")


@given(PACK, st.integers(0, GOOD.count("\n")))
def test_the_catalogue_loads_beside_any_fuzzed_pack(tmp_path_factory, text, at) -> None:
    folder = tmp_path_factory.mktemp("universes")
    (folder / "good.toml").write_text(GOOD, encoding="utf-8")
    lines = GOOD.replace('id = "moonwell"', 'id = "fuzzed"').split("\n")
    fuzzed = folder / "fuzzed.toml"
    fuzzed.write_text("\n".join([*lines[:at], text, *lines[at:]]), encoding="utf-8")
    found = load_catalogue(folder)
    assert found.entries["moonwell"].file == str(folder / "good.toml")
    assert {"generic", "verdigris", "drift-salvage"} <= set(found.universes)
    if "fuzzed" not in found.universes:
        assert found.refused == (str(fuzzed),)
        assert [p.code for p in found.problems_for(str(fuzzed))] != ["pack.unreadable"]


# --- printing -----------------------------------------------------------------------------

BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
HOSTILE_CHARS = st.sampled_from(
    [*BIDI, "\x00", "\x1b", "\x07", "\x7f", "\x9b", "\n", "\r", "\t", "\u2028", "\u2029",
     "\x1b[2J", "\x1b]0;title\x07", "مريم", "שלום", "李小龍", "Zoë", "\u200d", "🐉", " "]
)
NAME = st.lists(HOSTILE_CHARS | st.text(max_size=3), min_size=1, max_size=12).map("".join)
# A sheet's text cannot hold NUL (the model refuses it, as a file that holds one is refused)
SHEET_NAME = NAME.map(lambda name: name.replace("\x00", ""))


def raw_controls(text: str) -> list[str]:
    """Characters that may move a cursor or reorder a line (a line break aside)."""
    return [
        c
        for c in text
        if c != "\n" and (c in BIDI or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp"))
    ]


def printed(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()  # per example (capsys is per test)
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    out, err = out.getvalue(), err.getvalue()
    assert raw_controls(out) == [] and raw_controls(err) == [], (out, err)
    assert "internal error" not in err
    return code, out, err


# Each example runs whole commands: a quarter of the profile's examples (still 1,250 in
# HYPOTHESIS_PROFILE=large).
COMMANDS = settings(max_examples=max(10, settings.default.max_examples // 4))


@COMMANDS
@given(SHEET_NAME, st.sampled_from(["amazing-engine", "d6-pool"]))
def test_show_never_prints_a_raw_control_character(tmp_path_factory, name, system) -> None:
    sheet = get_system(system).new(NewOptions(random=True, seed=5, npc=True))
    if system == "amazing-engine":
        sheet.characters[0].name = name
    else:
        sheet.name = name
    folder = tmp_path_factory.mktemp("show")
    path, plain = folder / "s.json", folder / "plain.json"
    save(path, sheet)
    code, out, _ = printed("show", str(path))
    assert code == 0
    if system == "amazing-engine":
        sheet.characters[0].name = "x"
    else:
        sheet.name = "x"
    save(plain, sheet)
    # A newline in the name shows as \n: the account has as many lines as with a plain name.
    assert out.count("\n") == printed("show", str(plain))[1].count("\n")
    _, out, _ = printed("show", "--json", str(path))
    figures = json.loads(out)
    shown = figures["characters"][0]["name"] if system == "amazing-engine" else figures["name"]
    assert shown == name
    printed("validate", str(path), str(Path(path.parent, name[:50] + ".json")))


@COMMANDS
@given(NAME)
def test_pack_names_and_problems_never_print_a_raw_control_character(name) -> None:
    toml_name = json.dumps(name, ensure_ascii=True)  # \\uXXXX escapes: valid TOML too
    text = GOOD.replace('name = "Moonwell"', f"name = {toml_name}").replace(
        '  "Lore",\n]', f"  {toml_name},\n]"
    )
    folder = reload_catalogue().user_folder
    assert folder is not None
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "moon.toml").write_text(text, encoding="utf-8")
    reload_catalogue()
    printed("universes")
    printed("universes", "check", str(folder / "moon.toml"))
    code, out, _ = printed("universes", "--json")
    assert code == 0 and json.loads(out)
