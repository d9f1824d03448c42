"""What a game master sees of the editor at 1366x768: numbers at a number's width, and the
findings line saying a passing pack passes once."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractSpinBox, QLabel

from .driving import go_to
from .test_build_a_universe import build, new_editor


def test_number_fields_keep_their_width_and_a_passing_pack_is_said_once(qtbot) -> None:
    _browser, editor = new_editor(qtbot)
    editor.resize(1366, 768)
    build(qtbot, editor)
    for page in ("Overview", "Weapons"):
        go_to(qtbot, editor, page)
        spins = [s for s in editor.stack.currentWidget().findChildren(QAbstractSpinBox)
                 if s.isVisible()]
        assert spins, page
        assert max(s.width() for s in spins) < 200, page  # was stretched to ~1000 px
    editor.document.check_now()
    summary = editor.findChild(QLabel, "editor_summary").text()
    assert summary == "No findings: the pack passes every check; saving loads it."
