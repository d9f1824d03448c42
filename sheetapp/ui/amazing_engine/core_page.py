"""The Player Core page: ranks, pool dice, core XP and the characters made from the core."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.systems.amazing_engine.catalog import universe_name
from sheetapp.systems.amazing_engine.ledger import balance, running_balances
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import POOL_ATTRIBUTES, RANK_POINTS, Pool, label
from sheetapp.systems.amazing_engine.pool_dice import base_pool_dice, current_pool_dice
from sheetapp.systems.amazing_engine.ranks import (
    assign_rank,
    characters_built_on_ranks,
    ranks_settled,
)
from sheetapp.ui.amazing_engine.ledger_columns import ledger_columns
from sheetapp.ui.amazing_engine.tips import ATTRIBUTE_TIPS, pool_tip
from sheetapp.ui.binding import FieldBinder, FieldRegistry, RefreshWhenShown
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import tipped
from sheetapp.ui.list_table_model import ListTableModel
from sheetapp.ui.page_layout import fill, scrolled
from sheetapp.ui.table_box import size_columns

RANK_TIP = (
    N_("Rank the pools from 1 (best) to 4. Rank 1 gives 15 rank points, 2 gives 10, 3 gives 5 and "
    "4 none, shared between the pool's two attributes. Choosing a rank another pool holds "
    "swaps the two.")
)
def rank_share() -> str:
    """What each rank gives, in the reader's language: "rank 1 gives 15, rank 2 gives 10..."."""
    return _("{shares}.").format(
        shares=", ".join(
            _("rank {rank} gives {points}").format(rank=rank, points=points)
            for rank, points in RANK_POINTS.items()
        )
    )
DICE_TIP = (
    N_("Pool dice: the prime character's two attributes of the pool (after rank points, before "
    "any base adjustment) added and divided by ten, rounded up. Later characters place these "
    "dice; only core XP (100 a die) adds more.")
)


class CorePage(RefreshWhenShown, QWidget):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        open_character: Callable[[int], None],
        new_character: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        body = QWidget()
        layout = QVBoxLayout(body)

        top = QFormLayout()
        top.addRow(
            _("Player"), FieldBinder(document, fields).line(("core", "player"), "core_player")
        )
        layout.addLayout(top)

        pools = QGroupBox(_("Ability pools"))
        pools.setToolTip(_("The Player Core's four pools: ranked once, they feed every character."))
        grid = QGridLayout(pools)
        headings = (
            (_("Pool"), _("Each pool holds two attributes.")),
            (_("Rank"), _(RANK_TIP)),
            (
                _("Rank points"),
                _("Points the rank gives, shared between the pool's two attributes."),
            ),
            (_("Attributes"), _("The two attributes the pool's points and dice go to.")),
            (_("Dice"), _(DICE_TIP)),
        )
        for column, (text, tip) in enumerate(headings):
            grid.addWidget(tipped(QLabel(f"<b>{text}</b>"), tip), 0, column)
        self.rank_boxes: dict[Pool, QComboBox] = {}
        self.dice_labels: dict[Pool, QLabel] = {}
        self.points_labels: dict[Pool, QLabel] = {}
        for row, pool in enumerate(Pool, start=1):
            grid.addWidget(tipped(QLabel(label(pool)), pool_tip(pool)), row, 0)
            box = QComboBox(objectName=f"rank_{pool.value}")
            box.addItem("–", None)
            for rank in RANK_POINTS:
                box.addItem(str(rank), rank)
            box.setToolTip(_(RANK_TIP))
            box.activated.connect(lambda _i, p=pool, b=box: self._rank_chosen(p, b.currentData()))
            fields.add(("core", "ranks", pool.value), box, _(RANK_TIP))
            self.rank_boxes[pool] = box
            grid.addWidget(box, row, 1)
            points = QLabel()
            points.setToolTip(
                _("Rank points from the {label} pool's rank: {RANK_SHARE}").format(
                    label=label(pool), RANK_SHARE=rank_share()
                )
            )
            self.points_labels[pool] = points
            grid.addWidget(points, row, 2)
            a, b = POOL_ATTRIBUTES[pool]
            names = QLabel(f"{label(a)}, {label(b)}")
            names.setToolTip(f"{label(a)}: {ATTRIBUTE_TIPS[a]}\n{label(b)}: {ATTRIBUTE_TIPS[b]}")
            grid.addWidget(names, row, 3)
            dice = QLabel(objectName=f"dice_{pool.value}")
            dice.setProperty("role", "figure")
            dice.setToolTip(_(DICE_TIP))
            fields.add(("core", "dice", pool.value), dice, _(DICE_TIP))
            self.dice_labels[pool] = dice
            grid.addWidget(dice, row, 4)
        grid.setColumnStretch(3, 1)
        # Ranks are fixed once characters are built on them; changing them is deliberate.
        self._ranks_unlocked = False
        self.unlock_ranks = QPushButton(_("Change Ranks…"), objectName="unlock_ranks")
        self.unlock_ranks.setToolTip(
            _("The ranks are locked because characters took their rank points from them. "
            "Unlock them to correct a mistake; the characters' creation records then change.")
        )
        self.unlock_ranks.clicked.connect(self._ask_to_unlock_ranks)
        grid.addWidget(self.unlock_ranks, len(Pool) + 1, 1, 1, 2)
        layout.addWidget(pools)

        xp = QGroupBox(_("Core XP"))
        xp.setToolTip(
            _("XP held by the Player Core: it buys pool dice and is passed to characters.")
        )
        xp_layout = QVBoxLayout(xp)
        self.xp_label = QLabel(objectName="core_xp")
        self.xp_label.setProperty("role", "figure")
        self.xp_label.setToolTip(
            _("The sum of the core's ledger below; it may never fall below 0.")
        )
        xp_layout.addWidget(self.xp_label)
        self.ledger = ListTableModel(
            document,
            ("core", "xp_ledger"),
            ledger_columns(lambda: running_balances(getattr(document.sheet.core, "xp_ledger", []))),
            self,
        )
        ledger_view = QTableView(objectName="core_ledger")
        ledger_view.setModel(self.ledger)
        ledger_view.verticalHeader().hide()
        size_columns(ledger_view, self.ledger, stretch=("note",))
        fields.add(("core", "xp_ledger"), ledger_view)
        xp_layout.addWidget(ledger_view)
        layout.addWidget(xp, 1)

        people = QGroupBox(_("Characters made from this core"))
        people.setToolTip(_("Each character with its universe, status and how it was made."))
        people_layout = QVBoxLayout(people)
        # One line per character, not wrapped: a wrapping label makes the scroll area size the
        # page by its preferred height and scroll even when everything would fit.
        self.characters = QLabel(objectName="characters_made")
        self.characters.setToolTip(_("Click a name to open that character's page."))
        self.characters.linkActivated.connect(lambda href: open_character(int(href)))
        people_layout.addWidget(self.characters)
        buttons = QHBoxLayout()
        later = QPushButton(_("New Character from Core…"), objectName="new_from_core")
        later.setToolTip(
            _("Place the pool dice and 7 free dice, roll, add rank points, choose "
            "skills: a character for another universe.")
        )
        later.clicked.connect(new_character)
        buttons.addWidget(later)
        buttons.addStretch(1)
        people_layout.addLayout(buttons)
        layout.addWidget(people)
        # Scrolls rather than make the window taller than a 1366x768 laptop's screen.
        fill(self, scrolled(body, frame=False))

        document.changed.connect(self.schedule_refresh)

    def _ask_to_unlock_ranks(self) -> None:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        names = [sheet.characters[i].name or "(unnamed)" for i in characters_built_on_ranks(sheet)]
        answer = QMessageBox.warning(
            self,
            _("Change the ranks?"),
            _("The ranks gave these characters their rank points:\n\n")
            + "\n".join(f"• {name}" for name in names)
            + _("\n\nChanging a rank changes their points, and their sheets will show "
            "findings until their attributes are fixed to match. Undo (Ctrl+Z) takes a "
            "change back."),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self._ranks_unlocked = True
            self.refresh()

    def _rank_chosen(self, pool: Pool, rank: int | None) -> None:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        if sheet.core is None:
            return
        if rank is None:
            ranks = {p: r for p, r in sheet.core.ranks.items() if p is not pool}
        else:
            ranks = assign_rank(sheet.core.ranks, pool, rank)
        self.document.edit(("core", "ranks"), ranks, _("Rank {label}").format(label=label(pool)))

    def refresh(self) -> None:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        if sheet.core is None:
            return
        base = base_pool_dice(sheet) or {}
        current = current_pool_dice(sheet) or {}
        locked = ranks_settled(sheet) and not self._ranks_unlocked
        self.unlock_ranks.setVisible(locked)
        for pool in Pool:
            rank = sheet.core.ranks.get(pool)
            box = self.rank_boxes[pool]
            box.setEnabled(not locked)
            with QSignalBlocker(box):
                box.setCurrentIndex(max(0, box.findData(rank)))
            self.points_labels[pool].setText(f"{RANK_POINTS[rank]}" if rank in RANK_POINTS else "–")
            if pool in current:
                extra = current[pool] - base.get(pool, 0)
                text = f"{current[pool]}" + (
                    _("  (+{extra} bought)").format(extra=extra) if extra else ""
                )
            else:
                text = _("– (from the prime character)")
            self.dice_labels[pool].setText(text)
        self.xp_label.setText(
            _("Balance: {balance} XP").format(balance=balance(sheet.core.xp_ledger))
        )
        rows = []
        for i, c in enumerate(sheet.characters):
            name = c.name or _("(unnamed)")
            # Translators: how a character was made: the prime one, from the core, typed in.
            method = {"prime": _("prime"), "from-core": _("from core"), "manual": _("entered")}[
                c.creation.method
            ]
            status = {"active": _("active"), "retired": _("retired"), "dead": _("dead")}[
                c.status
            ]
            rows.append(
                _('<a href="{i}">{escape}</a> · {escape2} · {status} · {method}').format(
                    i=i,
                    escape=_escape(name),
                    escape2=_escape(universe_name(c.universe)),
                    status=status,
                    method=method,
                )
            )
        self.characters.setText("<br>".join(rows) or _("None yet."))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
