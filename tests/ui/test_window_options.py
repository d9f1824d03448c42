"""The window's own options and File > Open: a bad value is one clear line, never a crash."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from sheetapp.ui.app import parse_args
from tests.storage.test_sheet_boundary import huge_number_sheet


@pytest.mark.parametrize("size", ["abc", "0x0", "12x", "1366x768x2", "99999999x5", "１２x３４"])
def test_a_bad_size_is_one_line_and_exit_2(size, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_args(["--size", size])
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert err.count("\n") == 1 and err.startswith(f"sheetapp: argument --size: '{size}' is not")


def test_a_good_size_is_two_numbers() -> None:
    assert parse_args(["--size", "1366x768"]).size == (1366, 768)


def test_opening_a_sheet_with_a_huge_number_shows_the_one_line_message(
    window, tmp_path, monkeypatch
) -> None:
    path = huge_number_sheet(tmp_path / "big.json")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    assert window.open_path(path) is None
    assert len(shown) == 1 and shown[0].startswith(f"{path}: line ")
    assert "a number of 5000 digits" in shown[0]
