"""A missing system library is named in one line, never Qt's abort (rc 134)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sheetapp.cli.main import main
from sheetapp.ui import platform_check

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture
def plugin_missing_a_library(tmp_path: Path) -> Path:
    """A shared library linked against another that is then taken away, as a platform
    plugin is on a system without libxcb-icccm4."""
    if not shutil.which("cc"):
        pytest.skip("needs a C compiler to build the stand-in plugin")
    (tmp_path / "gone.c").write_text("int gone(void) { return 1; }\n")
    (tmp_path / "plugin.c").write_text("int gone(void); int plugin(void) { return gone(); }\n")
    subprocess.run(
        [
            "cc",
            "-shared",
            "-fPIC",
            "-o",
            "libsheetapptestgone.so.4",
            "gone.c",
            "-Wl,-soname,libsheetapptestgone.so.4",
        ],
        cwd=tmp_path,
        check=True,
    )
    subprocess.run(
        [
            "cc",
            "-shared",
            "-fPIC",
            "-o",
            "libqxcb.so",
            "plugin.c",
            str(tmp_path / "libsheetapptestgone.so.4"),
        ],
        cwd=tmp_path,
        check=True,
    )
    (tmp_path / "libsheetapptestgone.so.4").unlink()
    return tmp_path / "libqxcb.so"


def test_the_missing_library_is_named(plugin_missing_a_library: Path) -> None:
    assert platform_check.missing_libraries(plugin_missing_a_library) == [
        "libsheetapptestgone.so.4"
    ]


def test_a_loadable_plugin_has_nothing_missing() -> None:
    offscreen = platform_check.plugin_path("offscreen")
    assert offscreen is not None and offscreen.is_file()
    assert platform_check.missing_libraries(offscreen) == []


def test_the_window_refuses_with_one_line_and_the_packages(
    plugin_missing_a_library: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(platform_check, "plugin_path", lambda _: plugin_missing_a_library)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "libsheetapptestgone.so.4" in err
    assert "sudo apt install libegl1" in err and "libxcb-icccm4" in err


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "xcb"),
        ({"QT_QPA_PLATFORM": "offscreen"}, "offscreen"),
        ({"QT_QPA_PLATFORM": "xcb:nograb;wayland"}, "xcb"),
        ({"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"}, None),
    ],
)
def test_the_plugin_checked_is_the_one_qt_tries_first(environ, expected, monkeypatch) -> None:
    monkeypatch.setattr(platform_check.sys, "platform", "linux")
    assert platform_check.chosen_platform(environ) == expected


def test_readme_names_the_same_packages_as_the_list() -> None:
    line = re.search(r"^sudo apt install (.+)$", README.read_text("utf-8"), re.MULTILINE)
    assert line is not None
    assert line.group(1).split() == platform_check.debian_packages()
