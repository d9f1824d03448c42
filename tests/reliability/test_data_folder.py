"""The data folder and what the app reads from it at start (settings, autosave records) as
input from outside: a data folder that is a file or read-only, any value in settings.ini,
any JSON in an autosave record. The window starts every time; what cannot be used is said
once, in one line, and the rest works.

``HYPOTHESIS_PROFILE=large`` runs the fuzzers at length.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QMessageBox

from sheetapp.cli.main import EXIT_INTERNAL, EXIT_UNUSABLE, main
from sheetapp.data_dir import ENV_VAR, data_dir
from sheetapp.storage import autosave
from sheetapp.ui import app as app_module
from sheetapp.ui import settings as settings_module
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.settings import Settings
from tests.processes import dead_pid

from .test_hostile_input import JSON_VALUES

ROOT = Path(__file__).resolve().parents[2]
# Every key settings.ini holds, declared once in sheetapp.ui.settings.
KEYS = sorted(
    s.key for s in vars(settings_module).values() if isinstance(s, settings_module.Setting)
)


def forget_changes(win: MainWindow) -> None:
    for document in win.documents():
        document.undo_stack.setClean()


def started(qtbot, monkeypatch) -> MainWindow:
    """The window as ``run_app`` starts it, with the steps it takes after showing it."""
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    settings_now = Settings()
    win = MainWindow(settings_now)
    qtbot.addWidget(win, before_close_func=forget_changes)
    win.library_area.build()
    app_module._remove_stale_temp_files(settings_now)
    win.offer_recovery()
    return win


def modified_sheet(win: MainWindow) -> None:
    win.new_random_npc()
    document = win.current_form().document
    document.undo_stack.resetClean()
    assert document.is_modified


# --- the data folder ---------------------------------------------------------------------


@pytest.fixture
def data_is_a_file(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "not-a-folder"
    path.write_text("a file where the data folder should be\n")
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def test_a_data_folder_that_is_a_file_is_one_line_from_the_cli(data_is_a_file, capsys) -> None:
    code = main(["library", "list"])
    err = capsys.readouterr().err
    assert code == EXIT_UNUSABLE and len(err.splitlines()) == 1 and str(data_is_a_file) in err
    assert data_is_a_file.read_text() == "a file where the data folder should be\n"


def test_a_data_folder_that_is_a_file_still_starts_the_window(
    data_is_a_file, qtbot, monkeypatch
) -> None:
    win = started(qtbot, monkeypatch)
    banner = win.library_tab.banner
    assert not banner.isHidden() and str(data_is_a_file) in banner.label.text()
    modified_sheet(win)
    win.autosave_all()
    told = win.statusBar().currentMessage()
    assert told.startswith("Autosave failed") and "stay open" in told
    win.statusBar().clearMessage()
    win.autosave_all()
    assert win.statusBar().currentMessage() == ""  # said once, not at every tick
    assert win.current_form() is not None  # the work stays open


def test_the_data_and_autosave_folders_are_the_owners_only(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "fresh" / "data"))
    old = os.umask(0o022)
    try:
        made = [data_dir(), autosave.folder()]
    finally:
        os.umask(old)
    assert [stat.S_IMODE(p.stat().st_mode) for p in made] == [0o700, 0o700]


def smoke(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheetapp", "--smoke"],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT), **env},
        timeout=120,
        check=False,
    )


def test_the_app_starts_with_a_data_folder_that_is_a_file(data_is_a_file) -> None:
    done = smoke({ENV_VAR: str(data_is_a_file)})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


# --- a read-only data folder -------------------------------------------------------------

READ_ONLY_RUN = textwrap.dedent(
    """
    import sys
    from PySide6.QtWidgets import QApplication, QMessageBox
    from sheetapp.cli.main import main
    from sheetapp.ui import app
    from sheetapp.ui.main_window import MainWindow
    from sheetapp.ui.settings import Settings

    assert main(["library", "--read-only", "list"]) == 0
    assert main(["library", "list"]) == 2
    qt = QApplication([])
    QMessageBox.question = lambda *a, **k: QMessageBox.StandardButton.Yes
    settings = Settings()
    win = MainWindow(settings)
    win.library_area.build()
    app._remove_stale_temp_files(settings)
    win.offer_recovery()
    print("BANNER", win.library_tab.banner.label.text())
    win.new_random_npc()
    win.current_form().document.undo_stack.resetClean()
    win.autosave_all()
    print("STATUS", win.statusBar().currentMessage())
    print("ROWS", len(win.library_session.library.roster()))
    for document in win.documents():
        document.undo_stack.setClean()
    """
)


def read_only_mount_available() -> bool:
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    probe = subprocess.run(
        ["unshare", "-m", "--propagation", "private", "true"], capture_output=True, check=False
    )
    return probe.returncode == 0


@pytest.mark.skipif(not read_only_mount_available(), reason="needs root and unshare for a mount")
def test_a_read_only_mount_works_read_only_with_a_banner(tmp_path) -> None:
    source, mounted = tmp_path / "data", tmp_path / "mounted"
    mounted.mkdir()
    env = {**os.environ, ENV_VAR: str(source), "PYTHONPATH": str(ROOT)}
    env["QT_QPA_PLATFORM"] = "offscreen"
    stocked = subprocess.run(
        [sys.executable, "-m", "sheetapp", "library", "generate", "amazing-engine", "--count", "2"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert stocked.returncode == 0, stocked.stderr
    script = tmp_path / "run.py"
    script.write_text(READ_ONLY_RUN)
    env[ENV_VAR] = str(mounted)
    done = subprocess.run(
        [
            "unshare",
            "-m",
            "--propagation",
            "private",
            "sh",
            "-c",
            f"mount --bind {source} {mounted} && mount -o remount,bind,ro {mounted} && "
            f"exec {sys.executable} {script}",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert "read-only" in lines["BANNER"] and "cannot be written" in lines["BANNER"]
    assert lines["STATUS"].startswith("Autosave failed") and "cannot be" in lines["STATUS"]
    assert lines["ROWS"] == "2"


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes a read-only folder"
)
def test_a_read_only_folder_is_read_with_the_cli(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert main(["library", "generate", "amazing-engine", "--count", "1"]) == 0
    tmp_path.chmod(0o555)
    try:
        capsys.readouterr()
        assert main(["library", "--read-only", "list"]) == 0
        assert main(["library", "list"]) == EXIT_UNUSABLE
    finally:
        tmp_path.chmod(0o755)


# --- settings.ini ------------------------------------------------------------------------


def write_settings(values: dict[str, str]) -> None:
    sections: dict[str, list[str]] = {}
    for key, value in values.items():
        section, name = key.split("/", 1)
        sections.setdefault(section, []).append(f"{name}={value}")
    text = "".join(f"[{s}]\n" + "\n".join(lines) + "\n" for s, lines in sections.items())
    (data_dir() / "settings.ini").write_text(text, encoding="utf-8", errors="surrogatepass")


def test_a_huge_autosave_interval_is_clamped_and_the_window_starts(qtbot, monkeypatch) -> None:
    write_settings({"preferences/autosave_seconds": "3000000"})
    assert Settings().autosave_seconds() == 3600
    win = started(qtbot, monkeypatch)
    assert win.autosave.timer.interval() == 3_600_000


SETTING_VALUES = st.one_of(
    st.text(max_size=40),
    st.integers().map(str),
    st.integers(min_value=10**8).map(str),
    st.sampled_from(
        [
            "@ByteArray(\\0\\xff)",
            "@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x10QColor)",
            "@Rect(1 2 3 4)",
            "@Size(-1 -1)",
            "a, b, c",
            '"quoted, list"',
            "1e400",
            "-0",
            "9" * 5000,
        ]
    ),
)


@settings(
    max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)
@given(st.dictionaries(st.sampled_from(KEYS), SETTING_VALUES, min_size=1))
def test_any_settings_value_falls_back_and_the_window_starts(qtbot, monkeypatch, values) -> None:
    write_settings(values)
    read = Settings()
    assert read.theme() in ("system", "light", "dark")
    assert read.paper() in ("a4", "letter", "")
    assert 2 <= read.autosave_seconds() <= 3600
    assert all(isinstance(p, Path) for p in read.recent_files())
    assert read.last_folder().is_dir()
    win = started(qtbot, monkeypatch)
    win.close()


# --- autosave records --------------------------------------------------------------------

FIELDS = ("pid", "saved_at", "original", "title", "sheet")


@pytest.mark.parametrize(
    ("field", "value"),
    [("saved_at", "yesterday"), ("saved_at", 1e300), ("pid", 10**30), ("original", 5)],
)
def test_an_autosave_record_with_a_bad_field_is_skipped_at_every_start(
    qtbot, monkeypatch, field, value
) -> None:
    win = started(qtbot, monkeypatch)
    modified_sheet(win)
    win.autosave_all()
    [record_path] = autosave.folder().glob("*.json")
    record = json.loads(record_path.read_text())
    record["pid"] = dead_pid()
    record[field] = value
    record_path.write_text(json.dumps(record))
    assert autosave.orphans() == []
    later = started(qtbot, monkeypatch)
    told = later.statusBar().currentMessage()
    assert told.startswith("Autosave not offered back") and f"{record_path}: {field}" in told
    assert record_path.exists()  # kept on disk: nothing is thrown away


@settings(
    max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)
@given(
    st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES | st.floats(), max_size=5) | JSON_VALUES
)
def test_any_autosave_record_is_recovered_or_skipped(qtbot, monkeypatch, record) -> None:
    for old in autosave.folder().glob("*.json"):
        old.unlink()
    if isinstance(record, dict):
        record.setdefault("pid", dead_pid())
    (autosave.folder() / "fuzzed.json").write_text(json.dumps(record))
    for recovered in autosave.orphans():
        assert recovered.title and recovered.saved_at >= 0
    win = started(qtbot, monkeypatch)
    win.close()
    assert main(["library", "list"]) != EXIT_INTERNAL


def test_the_autosave_record_model_imports_after_qt() -> None:
    """pydantic's lazily imported ``Field`` cannot be loaded once shiboken's import hook is
    in place; the record model must not need it (a script or test may import in any order)."""
    code = (
        "import sheetapp.storage.library, PySide6.QtWidgets, sheetapp.storage.autosave, "
        "sheetapp.ui.main_window"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
