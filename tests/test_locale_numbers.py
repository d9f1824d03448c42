"""A fraction a person reads is written with the reader's decimal sign, a large number with
the reader's grouping: German reads "10,4 kg" and "1.000.000", not "10.4 kg" and
"1,000,000". Python's format specs (``{x:g}``, ``{x:.1f}``, ``{x:.1%}``, ``{x:,}``) always
write an English point and comma, so a figure goes through
``sheetapp.locale_format.number`` and the catalog string carries only its placeholder
(``_("{load_kg} kg").format(load_kg=number(load))``), as tests/test_plurals.py keeps plurals
in ngettext. Whole numbers (``{x:.0f}``, ``{x:.0%}``, ``{x:+d}``) carry no decimal sign and
are left alone."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import sheetapp
from sheetapp import i18n
from sheetapp.locale_format import number
from sheetapp.systems import wording
from sheetapp.systems.amazing_engine.kit import catalogue_line
from sheetapp.systems.amazing_engine.universe import CatalogueItem

ROOT = Path(sheetapp.__file__).parent
CATALOG_DOORS = {"_", "N_", "ngettext", "pgettext", "npgettext"}
# A spec that writes a decimal sign or a thousands separator: a grouping option (, or _),
# or a float type (f F e E g G %) without a precision of 0 (":g", ":.1f", ":8.2%").
DECIMAL_SPEC = re.compile(r"[,_]|^(?!.*\.0[fF%]$).*[fFeEgG%]$")
# "path:line" of a string whose figures a program reads, not a person (none today: the
# start-up timings bench/startup.py reads are whole milliseconds, ``{x:.0f}``).
MACHINE_READ: set[str] = set()


def _specs_in_text(text: str) -> Iterator[str]:
    """The format specs of ``text``'s replacement fields ("{x:g}" -> "g")."""
    for match in re.finditer(r"(?<!\{)\{[^{}:!]*(?:![rsa])?:([^{}]*)\}", text):
        yield match.group(1)


def _decimal_specs(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, spec) for every decimal-writing spec in a string passed to the catalog, in a
    literal's ``.format`` and in an f-string."""
    for node in ast.walk(tree):
        texts: list[ast.expr] = []
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else None
            if name in CATALOG_DOORS:
                texts = list(node.args)
            elif isinstance(func, ast.Attribute) and func.attr == "format":
                texts = [func.value]
        for text in texts:
            if isinstance(text, ast.Constant) and isinstance(text.value, str):
                for spec in _specs_in_text(text.value):
                    if DECIMAL_SPEC.search(spec):
                        yield text.lineno, spec
        if isinstance(node, ast.FormattedValue) and isinstance(node.format_spec, ast.JoinedStr):
            parts = node.format_spec.values
            spec = "".join(str(p.value) for p in parts if isinstance(p, ast.Constant))
            if DECIMAL_SPEC.search(spec):
                yield node.lineno, spec


def test_no_figure_a_person_reads_is_written_with_a_python_format_spec() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for line, spec in _decimal_specs(ast.parse(source)):
            where = f"{path.relative_to(ROOT)}:{line}"
            if where not in MACHINE_READ:
                found.append(f"{where}: {{…:{spec}}} in {lines[line - 1].strip()}")
    assert found == []


@pytest.mark.parametrize(
    ("spec", "writes_decimals"),
    [("g", True), (".1f", True), ("8.2%", True), (",", True), (".6g", True),
     (".0f", False), (".0%", False), ("+d", False), ("<18", False), (">8", False)],
)
def test_the_scan_tells_a_decimal_spec_from_a_whole_one(spec: str, writes_decimals: bool) -> None:
    tree = ast.parse(f'_("{{value:{spec}}} kg")\nf"{{value:{spec}}}"')
    assert len(list(_decimal_specs(tree))) == (2 if writes_decimals else 0)


@pytest.fixture
def german() -> Iterator[None]:
    i18n.use_language("de")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_weights_and_measures_read_with_a_german_decimal_comma(german) -> None:
    assert wording.kilograms(10.4) == "10,4\xa0kg"
    assert wording.fixed(0.25, 1) == "0,3"  # rounded half up, as people round
    assert wording.measure(2.5, "m") == "2,5\xa0m"
    assert wording.measure(12, "m") == "12\xa0m"
    assert "1,5 kg" in catalogue_line(CatalogueItem(name="Rope", weight_kg=1.5))
    assert number(1_000_000) == "1.000.000"


def test_english_still_writes_a_point() -> None:
    assert wording.kilograms(10.4) == "10.4\xa0kg"
    assert wording.fixed(3, 1) == "3.0"
    assert "1.5 kg" in catalogue_line(CatalogueItem(name="Rope", weight_kg=1.5))


def test_a_whole_number_past_decimals_default_precision_is_written_whole() -> None:
    """Babel rounds in the decimal context: at its 28 digits, 10**30 copies of a die was an
    arithmetic error where the limit's message belongs."""
    assert number(10**30, locale="de") == "1" + ".000" * 10
