"""How number fields take the keyboard, and value controls the wheel, in every window.

One event filter on the QApplication (:func:`install`, installed once, just after the app's
first paint), so every spin box, combo box and slider behaves the same whoever built it: a
form's bound field, a wizard page's box, a table cell's editor, a dialog's count.

Typing. Qt selects a spin box's text only when the Tab key brings focus. A click, a wizard
page placing the cursor, a jump from the findings dock, or Tab inside a wizard's list (the
table moves its current cell and focuses that cell's box itself, with no Tab reason) leave
the cursor at the end or where the mouse fell, so the first key is appended ("0" then "1"
gives 10), or refused when the text cannot take it (a blank field shows "–", and "–2" is not
a number; "108" is over the top of 4 to 14). Here, whatever brought focus, the value is
selected once the focusing event is over and the first key typed replaces it. The first
click on a focused field selects its number too (a page or a finding's jump may have put the
focus there); a second click places the cursor, as does a key that moves it, and from then
on keys go where the cursor is. A blank field's "–" (its special value text) is always
replaced, never typed after.

Digits. Every number field writes Latin digits (sheetapp.ui.translator), and takes the
Arabic-Indic (٠-٩) and Eastern Arabic-Indic or Persian (۰-۹) digits an Arabic or Persian
keyboard types as the same numbers: such a key is passed on as its Latin digit.

Range. A key that would make a number outside the field's range is refused and the range is
said (a tooltip at the field, and the window's status bar where there is one). Leaving a
field, or pressing Enter, with a number that cannot stand (too small, or empty where blank is
not allowed) takes it back to the value it had when the focus came in and says so, instead of
Qt's silent correction (with keyboard tracking, typing "13" then Backspace in a 4-14 field
passed through 13 on its way: that is not what the field held); emptying a field that may be
blank makes it blank. The focus leaving for a context menu or another window is not leaving
the field: nothing is settled then, and coming back carries on where the person was.

The wheel. Spin boxes, combo boxes and sliders take the wheel only when they have focus:
they are given ``Qt.StrongFocus`` (the wheel no longer focuses them), and a wheel over one
that has no focus scrolls the nearest scroll area that can move instead, as it would over a
label. A tab bar switches tabs with the wheel only when the wheel starts over it: a wheel
that comes within ``SCROLL_PAUSE`` of one over something else is the same gesture (the
person is scrolling a form and the pointer drifted onto its tabs), and scrolls on what
that gesture was scrolling. The filter returns at once for every other kind of event;
even so each event pays a few microseconds to reach it, so the app installs it once its
sheets have opened (building a form sends thousands of events; bench/startup.py's "sheet
ready" paid for them).
"""

from __future__ import annotations

import time

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QFocusEvent, QKeyEvent, QValidator, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QScrollBar,
    QSpinBox,
    QStatusBar,
    QTabBar,
    QToolTip,
    QWidget,
)

from sheetapp.i18n import _

_E = QEvent.Type
WATCHED = frozenset(
    {
        _E.FocusIn,
        _E.FocusOut,
        _E.KeyPress,
        _E.MouseButtonPress,
        _E.MouseButtonDblClick,
        _E.Wheel,
        _E.Polish,
    }
)
# Keys that change nothing by themselves: holding Shift before a digit keeps the field fresh.
MODIFIER_KEYS = frozenset(
    {Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_AltGr, Qt.Key.Key_Meta}
)
# Keys that finish with the field: what it holds must stand before a table cell's editor
# commits it (the delegate acts on them before the field's own focus-out).
FINISHING_KEYS = frozenset(
    {Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab, Qt.Key.Key_Backtab}
)
# Keys that clear what they act on when the value is selected, as a typed digit replaces it.
DELETING_KEYS = frozenset({Qt.Key.Key_Backspace, Qt.Key.Key_Delete})
VALUE_WIDGETS = (QAbstractSpinBox, QComboBox, QAbstractSlider)
MESSAGE_MS = 5000
SCROLL_PAUSE = 0.7  # seconds: a wheel sooner than this after the last one continues it
BLANK_TEXTS = frozenset({"–", "-"})  # the special value texts that mean "no value yet"
OBJECT_NAME = "field_input"
# The digits other keyboards type, as the Latin ones every number field reads.
LATIN_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "0123456789" * 2)
# The focus goes away and comes back without the person leaving the field: a context menu,
# another window (a tooltip's, a dialog's, the desktop's).
AWAY_REASONS = frozenset({Qt.FocusReason.PopupFocusReason, Qt.FocusReason.ActiveWindowFocusReason})


def install(app: QApplication) -> FieldInput:
    """Give ``app`` the field behaviour, once (a second call returns the first filter).

    Widgets made before the call (the window's docks, built before its first paint) are
    given the wheel rule here; the filter gives it to every widget polished after.
    """
    found = app.findChild(FieldInput, OBJECT_NAME)
    if found is not None:
        return found
    behaviour = FieldInput(app)
    app.installEventFilter(behaviour)
    for widget in app.allWidgets():
        _take_wheel_only_with_focus(widget)
    return behaviour


class FieldInput(QObject):
    """The application-wide event filter; see the module's docstring for what it does.

    It remembers three things about the field that has the focus (one widget has it at a
    time): whether the person has edited it in place since it took the focus (a second
    click placed the cursor, or a key was pressed), whether the first click is still to
    come, and the value the field held when the focus came (what a number that cannot stand
    goes back to).
    """

    def __init__(self, parent: QApplication) -> None:
        super().__init__(parent)
        self.setObjectName(OBJECT_NAME)
        self._edited_in_place: QAbstractSpinBox | None = None
        self._first_click = False
        self._held: tuple[QAbstractSpinBox, float] | None = None
        self._last_wheel: tuple[float, QWidget] | None = None  # when, and what it was over

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in WATCHED:
            return False
        if kind == _E.Polish:
            _take_wheel_only_with_focus(watched)
        elif kind == _E.Wheel:
            return self._wheel(watched, event)  # type: ignore[arg-type]
        elif kind in (_E.MouseButtonPress, _E.MouseButtonDblClick):
            self._click(watched)
        elif kind == _E.KeyPress and isinstance(watched, QAbstractItemView):
            _stop_waiting_for_a_double_click(watched, event)  # type: ignore[arg-type]
        elif isinstance(watched, QAbstractSpinBox) and not watched.isReadOnly():
            if kind == _E.KeyPress:
                return self._key(watched, event)  # type: ignore[arg-type]
            if kind == _E.FocusIn:
                self._focus_in(watched, event)  # type: ignore[arg-type]
            else:
                self._focus_out(watched, event)  # type: ignore[arg-type]
        return False

    # --- typing ----------------------------------------------------------------------------

    def _focus_in(self, spin: QAbstractSpinBox, event: QFocusEvent) -> None:
        if event.reason() in AWAY_REASONS and self._held_by(spin) is not None:
            return  # back from a context menu or another window: carry on as before
        self._edited_in_place = None
        self._first_click = True
        self._held = (spin, _value(spin))
        self._select_later(spin)

    def _focus_out(self, spin: QAbstractSpinBox, event: QFocusEvent) -> None:
        """Leaving the field: Qt would correct what cannot stand without a word. Not when
        the focus only steps away to a context menu or another window and comes back."""
        if event.reason() in AWAY_REASONS:
            if not spin.hasAcceptableInput():
                _keep_text(spin)
            return
        settle(spin, self._held_by(spin))
        self._held = None

    def _held_by(self, spin: QAbstractSpinBox) -> float | None:
        """The value ``spin`` held when it took the focus, if it is the field that has it."""
        if self._held is None or self._held[0] is not spin:
            return None
        return self._held[1]

    def _select_later(self, spin: QAbstractSpinBox) -> None:
        """Select the number once the event under way has run its course (a click's press
        places the cursor after the focus came), so the person sees what a key replaces."""
        QTimer.singleShot(0, spin, lambda: self._select_if_fresh(spin))

    def _select_if_fresh(self, spin: QAbstractSpinBox) -> None:
        if spin.hasFocus() and self._edited_in_place is not spin:
            spin.selectAll()

    def _wheel(self, watched: QObject, event: QWheelEvent) -> bool:
        """A tab bar's wheel mid-gesture scrolls on (see the module); others: ``_wheel``."""
        now, last = time.monotonic(), self._last_wheel
        if isinstance(watched, QTabBar):
            if (
                last is not None
                and now - last[0] < SCROLL_PAUSE
                and last[1] is not watched
                and shiboken6.isValid(last[1])
            ):
                self._last_wheel = (now, last[1])
                scroll_instead(last[1], event)
                return True
            self._last_wheel = (now, watched)
            return False  # begun over the tab bar: it switches tabs
        if isinstance(watched, QWidget):
            self._last_wheel = (now, watched)
        return _wheel(watched, event)

    def _click(self, watched: QObject) -> None:
        """The first click on a focused number field selects it, whether that click brought
        the focus or the focus was already there (a wizard page or a finding put it there);
        a click after that places the cursor."""
        spin = watched.parent() if isinstance(watched, QLineEdit) else watched
        if not isinstance(spin, QAbstractSpinBox) or not spin.hasFocus():
            return
        if self._first_click:
            self._first_click = False
            self._select_later(spin)
        elif watched is not spin:  # the text, not the arrows
            self._edited_in_place = spin

    def _key(self, spin: QAbstractSpinBox, event: QKeyEvent) -> bool:
        text = event.text()
        latin = text.translate(LATIN_DIGITS)
        if latin != text:  # typed on an Arabic or Persian keyboard: its Latin digit
            key = Qt.Key(ord(latin)) if len(latin) == 1 else Qt.Key(event.key())
            QApplication.sendEvent(
                spin,
                QKeyEvent(
                    event.type(),
                    key,
                    event.modifiers(),
                    latin,
                    event.isAutoRepeat(),
                    event.count(),
                ),
            )
            return True
        key = event.key()
        if key in MODIFIER_KEYS or key == Qt.Key.Key_Escape:
            return False
        if key in FINISHING_KEYS:
            settle(spin, self._held_by(spin))
            self._held = (spin, _value(spin))  # Enter keeps the focus: this value now stands
            return False
        typing = bool(text) and text.isprintable()
        if (typing or key in DELETING_KEYS) and (
            self._edited_in_place is not spin or shows_blank(spin)
        ):
            spin.selectAll()
        self._edited_in_place = spin
        if typing and _refused(spin, text):
            say(spin, out_of_range(spin, _typed(spin, text)))
            return True
        return False


def _keep_text(spin: QAbstractSpinBox) -> None:
    """Put back what the person was typing once the spin box has had its focus-out: Qt
    shows the value again when the focus goes, even to a menu or another window; the half
    typed number is settled when the person really leaves (a number typed whole is taken by
    Qt then, so a menu's Save has it)."""
    line = spin.lineEdit()
    text, cursor = line.text(), line.cursorPosition()

    def put_back() -> None:
        if line.text() != text:
            line.setText(text)
            line.setCursorPosition(cursor)

    QTimer.singleShot(0, line, put_back)


def _stop_waiting_for_a_double_click(view: QAbstractItemView, event: QKeyEvent) -> None:
    """A click on a cell already selected opens its editor only after the double-click
    interval (it might be half of a double-click), and Qt drops every key typed meanwhile:
    the first digit typed after that click was lost. A key means no double-click is coming,
    so the wait ends here and the key opens the editor as it does on any other cell.
    (``edit`` with the CurrentChanged trigger stops that wait and, as the views here are
    not edited on a change of current cell, opens nothing.)"""
    if event.key() in MODIFIER_KEYS or view.state() != QAbstractItemView.State.NoState:
        return
    if view.editTriggers() & QAbstractItemView.EditTrigger.CurrentChanged:
        return  # such a view has its editor open already
    current = view.currentIndex()
    if current.isValid():
        view.edit(current, QAbstractItemView.EditTrigger.CurrentChanged, None)


def shows_blank(spin: QAbstractSpinBox) -> bool:
    """Whether ``spin`` shows its special value text ("–", "free"): nothing typed yet."""
    special = spin.specialValueText()
    return bool(special) and spin.text() == special


def _typed(spin: QAbstractSpinBox, text: str) -> str:
    """The field's text as it would read with ``text`` typed over the selection or at the
    cursor."""
    line = spin.lineEdit()
    current = line.text()
    if line.hasSelectedText():
        start = line.selectionStart()
        return current[:start] + text + current[start + len(line.selectedText()) :]
    cursor = line.cursorPosition()
    return current[:cursor] + text + current[cursor:]


def _refused(spin: QAbstractSpinBox, text: str) -> bool:
    candidate = _typed(spin, text)
    return spin.validate(candidate, len(candidate))[0] == QValidator.State.Invalid


def _bounds(spin: QAbstractSpinBox) -> tuple[str, str] | None:
    """The lowest and highest number a person can type, as the field writes them (the
    lowest of a field that may be blank stands for blank, so the next one up)."""
    if isinstance(spin, QSpinBox):
        low = spin.minimum() + (spin.singleStep() if spin.specialValueText() else 0)
        return spin.textFromValue(low), spin.textFromValue(spin.maximum())
    if isinstance(spin, QDoubleSpinBox):
        low_f = spin.minimum() + (spin.singleStep() if spin.specialValueText() else 0)
        return spin.textFromValue(low_f), spin.textFromValue(spin.maximum())
    return None


def out_of_range(spin: QAbstractSpinBox, typed: str) -> str:
    """What a refused number is told: the range, and what blank looks like if allowed."""
    bounds = _bounds(spin)
    shown = typed.removeprefix(spin.prefix()).removesuffix(spin.suffix()).strip()
    what = (
        _("{shown} is not allowed here").format(shown=shown)
        if shown
        else _("A number is needed here")
    )
    if bounds is None:
        return f"{what}."
    low, high = bounds
    blank = spin.specialValueText()
    if not blank:
        return _("{what}: {low} to {high}.").format(what=what, low=low, high=high)
    left = (
        _("leave it blank") if blank in BLANK_TEXTS else _("leave it {blank}").format(blank=blank)
    )
    return _("{what}: {low} to {high}. Delete the number to {left}.").format(
        what=what, low=low, high=high, left=left
    )


def settle(spin: QAbstractSpinBox, held: float | None = None) -> None:
    """Leave ``spin`` holding a number it accepts: emptied where blank is allowed makes it
    blank; anything else that cannot stand is taken back to ``held``, the value it had when
    the focus came (by default its value now, which typing that cannot stand never reached;
    with keyboard tracking, numbers typed on the way did), and said."""
    if spin.hasAcceptableInput():
        return
    typed = spin.text()
    if not spin.cleanText() and spin.specialValueText():
        _set_to_minimum(spin)
        return
    previous = _value(spin) if held is None else held
    message = out_of_range(spin, typed)
    _set_value(spin, previous)
    say(spin, _("{message} It stays {text}.").format(message=message, text=spin.text()))


def _value(spin: QAbstractSpinBox) -> float:
    """The number ``spin`` holds (0 for a spin box that holds no number, as a date's)."""
    if isinstance(spin, QSpinBox | QDoubleSpinBox):
        return spin.value()
    return 0


def _set_to_minimum(spin: QAbstractSpinBox) -> None:
    if isinstance(spin, QSpinBox | QDoubleSpinBox):
        _set_value(spin, spin.minimum())


def _set_value(spin: QAbstractSpinBox, value: float) -> None:
    """Show ``value`` again, emitting a change only if it is one (setValue rewrites the
    text even when the value is the same)."""
    if isinstance(spin, QSpinBox):
        spin.setValue(int(value))
    elif isinstance(spin, QDoubleSpinBox):
        spin.setValue(value)


def say(widget: QWidget, message: str) -> None:
    """Tell the person at the field, and in the window's status bar when it has one."""
    QToolTip.showText(widget.mapToGlobal(QPoint(0, widget.height())), message, widget)
    bar = widget.window().findChild(QStatusBar)
    if bar is not None:
        bar.showMessage(message, MESSAGE_MS)


# --- the wheel ------------------------------------------------------------------------------


def _take_wheel_only_with_focus(watched: QObject) -> None:
    if (
        isinstance(watched, VALUE_WIDGETS)
        and not isinstance(watched, QScrollBar)
        and watched.focusPolicy() == Qt.FocusPolicy.WheelFocus
    ):
        watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def _value_widget(watched: QObject) -> QWidget | None:
    """The spin box, combo box or slider a wheel over ``watched`` would change, if any (the
    wheel first reaches a spin box's or an editable combo's line edit)."""
    if isinstance(watched, QLineEdit) and isinstance(watched.parent(), VALUE_WIDGETS):
        watched = watched.parent()
    if isinstance(watched, VALUE_WIDGETS) and not isinstance(watched, QScrollBar):
        return watched
    return None


def _wheel(watched: QObject, event: QWheelEvent) -> bool:
    widget = _value_widget(watched)
    if widget is None:
        return False
    focus = QApplication.focusWidget()
    if focus is not None and (focus is widget or widget.isAncestorOf(focus)):
        return False  # the field being edited takes the wheel
    scroll_instead(widget, event)
    return True


def scroll_instead(widget: QWidget, event: QWheelEvent) -> None:
    """Scroll the nearest scroll area around ``widget`` that can still move the wheel's
    way; with none, the wheel does nothing."""
    delta = event.angleDelta() if not event.angleDelta().isNull() else event.pixelDelta()
    vertical = abs(delta.y()) >= abs(delta.x())
    step = delta.y() if vertical else delta.x()
    if step == 0:
        return
    if event.inverted():
        step = -step
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            bar = parent.verticalScrollBar() if vertical else parent.horizontalScrollBar()
            room = bar.value() < bar.maximum() if step < 0 else bar.value() > bar.minimum()
            if room:
                QApplication.sendEvent(bar, event.clone())
                return
        parent = parent.parentWidget()
