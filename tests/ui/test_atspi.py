"""The sheet as Orca reads it, from outside the app: under Xvfb, in a D-Bus session, the
accessibility tree the app gives AT-SPI, read with Debian's pyatspi (tests/ui/atspi/
read_sheet.py), one sheet of each system: every field shown has a name a person would
recognise, and the values are the sheet's.

Skipped where the system lacks Xvfb, dbus-run-session, the AT-SPI bus (at-spi2-core) or the
system Python's pyatspi (python3-pyatspi); .ci/run installs them on Debian."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sheetapp.storage.document import save
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

SYSTEM_PYTHON = "/usr/bin/python3"
READER = Path(__file__).with_name("atspi") / "read_sheet.py"
BUS_LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")
REPO = Path(__file__).resolve().parents[2]


def _missing() -> str:
    for tool in ("Xvfb", "dbus-run-session"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    if not any(Path(p).exists() for p in BUS_LAUNCHERS):
        return "the AT-SPI bus (at-spi2-core) is not installed"
    if not Path(SYSTEM_PYTHON).exists():
        return "no system Python"
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True)
    if probe.returncode != 0:
        return "the system Python has no pyatspi (python3-pyatspi)"
    return ""


MISSING = _missing()
pytestmark = pytest.mark.skipif(bool(MISSING), reason=MISSING or "AT-SPI")


@pytest.fixture(scope="module")
def display():
    """An X display of its own (Xvfb picks a free number and writes it to a pipe)."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    yield f":{number}"
    server.terminate()
    server.wait(10)


def read_sheet(display: str, sheet_file: Path, data: Path) -> list[list[str]]:
    env = dict(
        os.environ,
        DISPLAY=display,
        SHEETAPP_DATA_DIR=str(data),
        PYTHONPATH=str(REPO),
        QT_QPA_PLATFORM="xcb",
    )
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)  # the session of its own below
    app = [sys.executable, "-m", "sheetapp", "--size", "1366x768", str(sheet_file)]
    done = subprocess.run(
        ["dbus-run-session", "--", SYSTEM_PYTHON, str(READER), "--", *app],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stderr[-2000:]
    answer = json.loads(lines[-1])
    assert "error" not in answer, answer
    return answer["controls"]


@pytest.mark.parametrize("system_id", system_ids())
def test_orca_reads_every_field_by_name_with_the_sheets_values(
    display: str, tmp_path: Path, system_id: str
) -> None:
    sheet = get_system(system_id).new(NewOptions(random=True, npc=True, seed=5))
    name = sheet.characters[0].name if system_id == "amazing-engine" else sheet.name
    path = tmp_path / "sheet.json"
    save(path, sheet)
    controls = read_sheet(display, path, tmp_path / "data")
    fields = [c for c in controls if c[0] in ("text", "spin button", "combo box", "check box")]
    assert len(fields) >= 5, controls
    # The sheet's name is read as the Name field's value.
    assert ["text", "Name", name] in [c[:3] for c in controls], controls
    for role, spoken, value, labels in controls:
        said = spoken if role != "combo box" else labels or spoken
        assert said.strip(), f"a {role} with no name: {value!r}"
        assert "<" not in said and "[*]" not in said, said
        if role == "spin button":
            # A number, with its prefix or unit ("bonus 0", "12 XP"), or the blank mark.
            assert any(ch.isdigit() for ch in value) or value in ("–", ""), (spoken, value)
    # A number field reads as its row, not as "spin button 31".
    spins = [c for c in controls if c[0] == "spin button" and c[1]]
    assert spins and all(not c[1].isdigit() for c in spins), spins
