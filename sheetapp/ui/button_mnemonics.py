"""Every button of a dialog's button row, and every item of the Sheet menu, answers to an
Alt+letter.

Qt's standard buttons come with one in some languages and platform themes and not in
others, and a button made with its own text ("Discard", "Keep Both") has none unless its
author wrote the '&'. When a dialog is shown, each button of its button box (a message box's
too) and each of a wizard's buttons that has no letter is given the first letter of a word of
its text, else any letter of it, that nothing else in the dialog answers to.

A translator places each '&' without seeing the page it lands on (French "&Profession" and
"< &Précédent" on one wizard page), so two controls shown together may claim one letter,
and Alt+letter then only moves between them. The buttons of the row keep theirs (the help
names the wizard's Next and Back keys); each other control whose letter is taken moves its
'&' to a free letter. A wizard's letters are settled again on each page it shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtGui import Qt as GuiQt  # where PySide puts Qt::mightBeRichText
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


# A control's text that may claim a letter: how to read it and how to set it again.
_Text = tuple[Callable[[], str], Callable[[str], None]]


def _texts(widget: QWidget) -> list[_Text]:
    if isinstance(widget, QAbstractButton):
        return [(widget.text, widget.setText)]
    if isinstance(widget, QLabel) and widget.buddy() is not None:
        # Rich text holds '&' in its entities (&amp;), not as a letter's mark.
        rich = widget.textFormat() == Qt.TextFormat.RichText or (
            widget.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(widget.text())
        )
        return [] if rich else [(widget.text, widget.setText)]
    if isinstance(widget, QGroupBox) and widget.isCheckable():
        return [(widget.title, widget.setTitle)]
    if isinstance(widget, QTabBar):
        return [
            (partial(widget.tabText, i), partial(widget.setTabText, i))
            for i in range(widget.count())
            if widget.isTabVisible(i)
        ]
    return []


def _shown_texts(window: QWidget, leaving_out: list[QAbstractButton]) -> list[_Text]:
    """The texts of the controls ``window`` shows, but ``leaving_out``, in their order."""
    return [
        text
        for widget in window.findChildren(QWidget)
        if widget not in leaving_out and widget.isVisibleTo(window)
        for text in _texts(widget)
    ]


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


def _moved(text: str, taken: set[str]) -> str:
    """``text`` with its '&' (if any) before the first free letter instead; unchanged when
    every letter is taken."""
    plain = text.replace("&&", "\0").replace("&", "")
    marked = with_letter(plain, taken)
    return text if letter_of(marked) is None else marked.replace("\0", "&&")


def give_letters(window: QWidget) -> None:
    """Settle the Alt+letters of what ``window`` shows: its button rows keep theirs, a
    control whose letter one of them or an earlier control took moves to a free one, and a
    button of the rows with none is given one."""
    buttons = [button for button in _buttons(window) if button.isVisibleTo(window)]
    taken = {letter for b in buttons if (letter := letter_of(b.text())) is not None}
    shown = _shown_texts(window, buttons)
    # A moved letter goes where no control shown, earlier or later, answers.
    held = {letter for read, _write in shown if (letter := letter_of(read())) is not None}
    for read, write in shown:
        if (letter := letter_of(text := read())) is None:
            continue
        if letter in taken:
            text = _moved(text, taken | held)
            write(text)
        taken.add(letter_of(text) or letter)
    # A letter given to a button must not be one a control on another tab or page holds.
    taken |= {
        letter
        for widget in window.findChildren(QWidget)
        for read, _write in _texts(widget)
        if (letter := letter_of(read())) is not None
    }
    for button in buttons:
        if (text := button.text()) and letter_of(text) is None:
            button.setText(marked := _moved(text, taken))
            if (letter := letter_of(marked)) is not None:
                taken.add(letter)


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
