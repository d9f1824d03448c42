"""Every button of a dialog's button row, and every item of the Sheet menu, answers to an
Alt+letter.

Qt's standard buttons come with one in some languages and platform themes and not in
others, and a button made with its own text ("Discard", "Keep Both") has none unless its
author wrote the '&'. When a dialog is shown, each button of its button box (a message box's
too) and each of a wizard's buttons that has no letter is given the first letter of a word of
its text, else any letter of it, that nothing else in the dialog answers to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QTabBar,
    QWidget,
    QWizard,
)

_MARK = re.compile(r"&([^&\s])")
_W = QWizard.WizardButton
WIZARD_BUTTONS = (_W.BackButton, _W.NextButton, _W.CommitButton, _W.FinishButton, _W.CancelButton)


def letter_of(text: str) -> str | None:
    """The Alt+letter ``text`` claims ('&&' is a literal ampersand), lower case."""
    found = _MARK.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _claimed(window: QWidget) -> set[str]:
    texts: list[str] = []
    for widget in window.findChildren(QWidget):
        if isinstance(widget, QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QLabel) and widget.buddy() is not None:
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox) and widget.isCheckable():
            texts.append(widget.title())
        elif isinstance(widget, QTabBar):
            texts += [widget.tabText(i) for i in range(widget.count())]
    return {letter for text in texts if (letter := letter_of(text)) is not None}


def _buttons(window: QWidget) -> list[QAbstractButton]:
    found = [b for box in window.findChildren(QDialogButtonBox) for b in box.buttons()]
    if isinstance(window, QWizard):
        found += [
            button for which in WIZARD_BUTTONS if (button := window.button(which)) is not None
        ]
    return found


def with_letter(text: str, taken: set[str]) -> str:
    """``text`` with an '&' before the first free letter (a word's first letter first);
    unchanged when every letter is taken."""
    starts = [m.start() for m in re.finditer(r"\b[^\W\d_]", text)]
    rest = [i for i, c in enumerate(text) if c.isalpha() and i not in starts]
    for at in starts + rest:
        if text[at].lower() not in taken:
            return text[:at] + "&" + text[at:]
    return text


def give_letters(window: QWidget) -> None:
    """Give each button of ``window``'s button rows that has no Alt+letter a free one."""
    taken = _claimed(window)
    for button in _buttons(window):
        text = button.text()
        if not text or letter_of(text) is not None:
            continue
        marked = with_letter(text.replace("&&", "\0"), taken).replace("\0", "&&")
        if (letter := letter_of(marked)) is not None:
            taken.add(letter)
            button.setText(marked)


def give_menu_letters(actions: Sequence[QAction]) -> None:
    """Give each of a menu's ``actions`` that has no Alt+letter a free one. A system's Sheet
    menu is made of its form's actions, written without letters: a keyboard user had to
    walk it with the arrows."""
    taken = {letter for action in actions if (letter := letter_of(action.text())) is not None}
    for action in actions:
        text = action.text()
        if action.isSeparator() or not text or letter_of(text) is not None:
            continue
        marked = with_letter(text.replace("&&", "\0"), taken).replace("\0", "&&")
        if (letter := letter_of(marked)) is not None:
            taken.add(letter)
            action.setText(marked)
