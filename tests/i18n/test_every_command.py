"""Every command works in another language: no translated word is used as a key (a table
looked up by its shown title fails only once the title is translated)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetapp import i18n
from sheetapp.cli.main import main
from sheetapp.pseudo_locale import OPEN_MARK
from sheetapp.systems.registry import system_ids


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


@pytest.mark.parametrize("system_id", system_ids())
def test_make_show_check_and_print_a_sheet_in_the_mirrored_pseudo_locale(
    system_id: str, tmp_path: Path, capsys
) -> None:
    sheet, lang = tmp_path / "npc.json", ("--lang", "qps-plocm")
    assert main([*lang, "new", system_id, "--random", "--seed", "3", "-o", str(sheet)]) == 0
    assert main([*lang, "show", str(sheet)]) == 0
    assert main([*lang, "validate", str(sheet)]) in (0, 1)
    for extra in ([], ["--stat-blocks"]):
        assert (
            main(
                [*lang, "export-pdf", str(sheet), *extra, "-o", str(tmp_path / "a.pdf"), "--force"]
            )
            == 0
        )
    assert main([*lang, "blank", system_id, "-o", str(tmp_path / "b.pdf")]) == 0
    out = capsys.readouterr()
    assert "internal error" not in out.err and OPEN_MARK in out.out
