"""``sheetapp validate`` and ``library check`` speak the reader's language all through:
the verdict is one whole sentence of the catalog (a German reader saw "ok (0 Fehler, 13
Warnungen)", an English word put into a German sentence, and "1 Warnungen"), and each
finding's severity reads as a word of the language, not as its ``--json`` identifier."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetapp import i18n

from .test_cli import run


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


@pytest.fixture
def german_verdicts(english_after) -> None:
    """The shipped German catalog, where ``--lang de`` finds it; English after."""


def blank_sheet(tmp_path: Path, capsys) -> str:
    path = str(tmp_path / "blank.json")
    assert run(capsys, "new", "amazing-engine", "-o", path)[0] == 0
    return path


def test_the_verdict_is_one_sentence_of_the_catalog(tmp_path, capsys, german_verdicts) -> None:
    path = blank_sheet(tmp_path, capsys)
    code, out, _err = run(capsys, "validate", path, "--lang", "de")
    assert code == 0
    warnings = json.loads(run(capsys, "validate", path, "--json")[1])[0]["warnings"]
    assert warnings > 1
    assert out.splitlines()[0] == f"{path}: in Ordnung (0 Fehler, {warnings} Warnungen)"


def test_each_finding_s_severity_reads_in_the_language(tmp_path, capsys, english_after):
    """With the shipped German catalog: 'Warnung', never 'warning', before a finding."""
    path = blank_sheet(tmp_path, capsys)
    code, out, _err = run(capsys, "validate", path, "--lang", "de")
    findings = out.splitlines()[1:]
    assert code == 0 and findings
    severities = {line.split()[0] for line in findings}
    assert severities <= {"Fehler", "Warnung", "Info"}
    assert "Warnung" in severities


def test_library_check_s_verdict_is_one_sentence(tmp_path, capsys, monkeypatch, german_verdicts):
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(tmp_path / "data"))
    code, out, _err = run(capsys, "library", "check", "--lang", "de")
    assert code == 0
    assert out.splitlines()[-1].endswith(": in Ordnung (0 Bögen)")


def test_library_list_marks_an_npc_in_the_language(tmp_path, capsys, monkeypatch, english_after):
    monkeypatch.setenv("SHEETAPP_DATA_DIR", str(tmp_path / "data"))
    run(capsys, "library", "generate", "d6-pool", "--count", "1", "--seed", "2")
    code, out, _err = run(capsys, "library", "list", "--lang", "de")
    assert code == 0
    assert out.split()[-1] == "NSC" and "NPC" not in out
