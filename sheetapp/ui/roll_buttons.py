"""One way to roll from any list on any form: a Roll button on each row that offers a check,
and a double-click on the row's figures, both sending the row's check to the dice dock.

The rows' checks come from the system's pure ``rolls`` module; this module only finds the
check under the mouse and hands it to the form (``SheetForm.request_roll``), which sends it
to the dock. A double-click never folds a tree row that rolls; one that does not still
folds as before.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QModelIndex, QSize, Qt
from PySide6.QtGui import QCursor, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QMenu,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.ui.list_table_model import Column, ListTableModel
from sheetapp.ui.sheet_form import SheetForm

if TYPE_CHECKING:
    from sheetapp.systems.rolls import Check, Unrollable

# Translators: the verb, on a button that rolls (and over a column of such buttons); the
# noun (a roll's total) is msgctxt "noun".
ROLL = N_("Roll")
# A row offers one check, none, or several to pick from (a Phobia's two rolls).
Offered = "Check | Unrollable | Sequence[Check | Unrollable] | None"
CheckAt = Callable[[QModelIndex], Offered]
RowCheck = Callable[[Any, int], Offered]  # (sheet, row) -> its check(s)
KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Select)


def roll_column(tip: str, offers: Callable[[Any], bool] = lambda _item: True) -> Column:
    """The Roll column of a list's table: a button on every row whose item ``offers`` a
    roll (a weapon among the gear). ``tip`` is the whole sentence saying what a row rolls
    and against what ("Roll this weapon (its attack pool)."), marked with ``N_`` where the
    column is built at import; each row's tooltip adds how else to roll it."""
    return Column(
        ROLL,  # the model reads a title in the language where it shows it
        compute=lambda item, _row: _(ROLL) if offers(item) else "",
        centred=True,
        tooltip=tip,
        explain=lambda _item, _row: _(
            "{tip} A double-click on its figures rolls it too; the result goes to this "
            "sheet's dice log."
        ).format(tip=_(tip)),
    )


def form_of(widget: QWidget) -> SheetForm | None:
    parent: Any = widget
    while parent is not None and not isinstance(parent, SheetForm):
        parent = parent.parentWidget()
    return parent


def send_roll(widget: QWidget, who: str | None, check: Check | Unrollable) -> None:
    """Hand ``check`` to the form ``widget`` sits on, and so to the dice dock; ``who`` rolls
    (None: the character the sheet is named for)."""
    form = form_of(widget)
    if form is not None:
        name = getattr(form.document.sheet, "name", "") if who is None else who
        form.request_roll(name, check)


def send_choice(
    widget: QWidget, who: str | None, checks: Sequence[Check | Unrollable]
) -> QMenu | None:
    """Roll the one check offered, or open a menu of them at the pointer to pick one."""
    if len(checks) == 1:
        send_roll(widget, who, checks[0])
        return None
    menu = QMenu(widget)
    menu.setObjectName("roll_choice")
    menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    for check in checks:
        action = menu.addAction(_("Roll {name}").format(name=check.name))
        action.triggered.connect(lambda _unused=False, c=check: send_roll(widget, who, c))
    menu.popup(QCursor.pos())
    return menu


def roll_button(what: str, roll: Callable[[], None], text: str = ROLL) -> QPushButton:
    """A button that rolls ``what`` ("a Fitness check") from a form's fields."""
    button = QPushButton(_(text))
    button.setToolTip(_("Roll {what}; the result goes to this sheet's dice log.").format(what=what))
    button.clicked.connect(roll)
    return button


class RollDelegate(QStyledItemDelegate):
    """Draws a cell whose text is "Roll" as a push button and rolls on a click or Space."""

    def __init__(self, roll: Callable[[QModelIndex], object], parent: QWidget) -> None:
        super().__init__(parent)
        self._roll = roll
        self._pressed: QModelIndex | None = None

    def _button(self, option: QStyleOptionViewItem, index: QModelIndex) -> QStyleOptionButton:
        button = QStyleOptionButton()
        button.rect = option.rect.adjusted(2, 1, -2, -1)
        button.text = _(ROLL)
        button.palette = option.palette
        button.fontMetrics = option.fontMetrics
        button.state = QStyle.StateFlag.State_Enabled | QStyle.StateFlag.State_Raised
        if self._pressed is not None and self._pressed == index:
            button.state |= QStyle.StateFlag.State_Sunken
        if option.state & QStyle.StateFlag.State_HasFocus:
            button.state |= QStyle.StateFlag.State_HasFocus
        if option.state & QStyle.StateFlag.State_MouseOver:
            button.state |= QStyle.StateFlag.State_MouseOver
        return button

    def paint(self, painter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        if index.data() != _(ROLL):
            super().paint(painter, option, index)
            return
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        button = self._button(option, index)
        style.drawControl(QStyle.ControlElement.CE_PushButton, button, painter, widget)

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        metrics = option.fontMetrics
        width = metrics.horizontalAdvance(_(ROLL)) + 3 * metrics.height()
        return QSize(max(hint.width(), width), max(hint.height(), metrics.height() + 8))

    def editorEvent(self, event: QEvent, model, option: QStyleOptionViewItem, index) -> bool:
        if index.data() != _(ROLL):
            return super().editorEvent(event, model, option, index)
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            if event.button() == Qt.MouseButton.LeftButton:
                self._pressed = QModelIndex(index)
            return False  # the view still makes the cell current
        if kind == QEvent.Type.MouseButtonRelease and isinstance(event, QMouseEvent):
            was, self._pressed = self._pressed, None
            inside = option.rect.contains(event.position().toPoint())
            if event.button() == Qt.MouseButton.LeftButton and inside and was == index:
                self._roll(QModelIndex(index))
                return True
            return False
        if kind == QEvent.Type.MouseButtonDblClick:
            return True  # a quick second click on the button is only a click
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and event.key() in KEYS:
            self._roll(QModelIndex(index))
            return True
        return super().editorEvent(event, model, option, index)


def install_rolls(
    view: QAbstractItemView,
    column: int,
    check_at: CheckAt,
    who: Callable[[], str | None],
    *,
    double_click: Collection[int] | None = None,
) -> RollDelegate:
    """Give ``view`` Roll buttons in ``column`` and rolls on double-click.

    ``check_at`` gives the check of a row (any index of it), or None for a row that offers
    none; ``who`` names the character rolling (None: the one the sheet is named for). A
    double-click rolls on the ``double_click`` columns, or by default on any cell a person
    cannot edit or tick (a name still opens its editor)."""

    def roll(index: QModelIndex) -> bool:
        check = check_at(index)
        if not check:
            return False
        if isinstance(check, Sequence):
            send_choice(view, who(), check)
        else:
            send_roll(view, who(), check)
        return True

    def double_clicked(index: QModelIndex) -> None:
        if index.column() == column:
            return  # the button's own click has rolled
        flags = index.flags()
        if double_click is not None:
            wanted = index.column() in double_click
        else:
            wanted = not flags & (Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable)
        rolled = wanted and roll(index)
        if not rolled and isinstance(view, QTreeView) and view.model().hasChildren(index):
            view.setExpanded(index, not view.isExpanded(index))  # fold as a tree does

    delegate = RollDelegate(roll, view)
    view.setItemDelegateForColumn(column, delegate)
    view.setMouseTracking(True)  # the button lights under the mouse like any other
    if isinstance(view, QTreeView):
        view.setExpandsOnDoubleClick(False)
    view.doubleClicked.connect(double_clicked)
    return delegate


def install_list_rolls(
    view: QAbstractItemView,
    model: ListTableModel,
    check: RowCheck,
    who: Callable[[], str | None] = lambda: None,
) -> None:
    """Rolls for a list's table whose columns include a ``roll_column``: ``check`` gives the
    check of a row of the sheet's list; ``who`` rolls (by default the sheet's name)."""
    column = next(i for i, c in enumerate(model.columns) if c.title == ROLL)

    def check_at(index: QModelIndex) -> _(Offered):
        row = index.row()
        if not 0 <= row < model.rowCount() or model.index(row, column).data() != _(ROLL):
            return None  # a row that offers no roll: an item that is no weapon
        return check(model.document.sheet, index.row())

    install_rolls(view, column, check_at, who)
