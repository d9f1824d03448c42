"""The front of the record: who the character is, the campaign's settings, the three
characteristics with their prices, where the points went, and the wounds boxes."""

from __future__ import annotations

from functools import partial

from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
)

from sheetapp.i18n import N_, TranslatedTable, _, upper_first
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures
from sheetapp.systems.forgotten_futures.names import (
    BONUS_PER_SAVED_POINT,
    DEFAULT_DEFENCE,
    HIGHEST,
    Characteristic,
    label,
)
from sheetapp.systems.forgotten_futures.recovery import body_line, recovery_line
from sheetapp.systems.forgotten_futures.rolls import characteristic_check
from sheetapp.systems.forgotten_futures.wounds import BOXES
from sheetapp.ui.binding import FieldRegistry, bind_commas
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.labels import figure_label, tipped
from sheetapp.ui.list_table_model import DASH
from sheetapp.ui.page_layout import fill, scrolled, two_columns
from sheetapp.ui.roll_buttons import roll_button, send_roll
from sheetapp.ui.sheet_form import FormPage

TIPS = TranslatedTable({
    "name": N_("The character's name, with any title or rank (Professor, Captain, Lady...)."),
    "points": N_("Character points to spend; 21 unless the referee gives another number."),
    "seven": N_("Only with the referee's leave may a characteristic be 7 (it costs 14)."),
    "free": N_(
        "Skills the referee lets everyone hold at their base value for nothing, "
        "besides Brawling and Stealth (comma separated)."
    ),
    "characteristic": N_(
        "Bought with character points: 1 is free, 2 costs 2, 3 costs 3, 4 costs 5, "
        "5 costs 7, 6 costs 10, 7 costs 14 (referee only). Average people have 3 or 4."
    ),
    "body": N_("BODY: strength, toughness, speed and dexterity. Wounds lower it for a while."),
    "mind": N_("MIND: intellect, reasoning and observation; most weapons and trades rest on it."),
    "soul": N_("SOUL: empathy, charm, luck and the arts, martial arts included."),
    "bonus": N_(
        "Points kept back at creation count {per} each as bonus points, spent in play to raise "
        "or learn skills or (with the referee's leave) to shift a roll."
    ),
    "wounds": N_(
        "Tick the worst wound taken. Flesh wound: -1 to BODY and skills on BODY; an "
        "injury -2; two injuries -4 (never below 1) and no fighting; critical: unconscious "
        "and dying without First Aid or a Doctor."
    ),
    "recovery": N_(
        "Each wound heals on its own: after its period roll BODY (as wounded) against "
        "its difficulty, and again each period until it heals. First Aid or Doctor against the "
        "difficulty stops it worsening (Doctor also halves the period); untreated, the difficulty "
        "rolled against BODY makes a flesh wound an injury and an injury critical."
    ),
    "body_limits": N_(
        "A round: walk 10 ft or run 20; 30 ft on a difficulty 6 roll of BODY or "
        "Athlete, or for a bonus point. Breath: BODY × 20 seconds, then drowning damage."
    ),
})


class RecordTab(FormPage):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache[ForgottenFuturesFigures],
    ) -> None:
        super().__init__(document, fields)
        self.figures = figures
        columns = two_columns(
            [self._identity(), self._campaign()],
            [self._characteristics(), self._points(), self._wounds()],
        )
        fill(self, scrolled(columns))
        self.watch()

    # --- building -----------------------------------------------------------------------

    def _identity(self) -> QGroupBox:
        box = QGroupBox(_("Character record"))
        box.setToolTip(_("Who the character is."))
        form = QFormLayout(box)
        for key, title, tip in (
            ("player", _("Player"), ""),
            ("name", _("Name"), TIPS["name"]),
            ("profession", _("Profession"), _("Something that suits the setting.")),
            ("sex", _("Sex"), _("As written; the rules make no difference.")),
            ("age", _("Age"), ""),
            ("native_language", _("Native language"), _("Known without Linguist.")),
        ):
            form.addRow(title, self.bind.line((key,), tip=tip))
        form.addRow("", self.bind.check(("npc",), _("A referee's character (NPC)")))
        return box

    def _campaign(self) -> QGroupBox:
        box = QGroupBox(_("Campaign"))
        form = QFormLayout(box)
        points = self.bind.spin(
            ("settings", "character_points"), 0, 999, TIPS["points"], optional=False
        )
        form.addRow(_("Character points"), points)
        seven = ("settings", "allow_seven")
        form.addRow("", self.bind.check(seven, _("Characteristics of 7 allowed"), TIPS["seven"]))
        free = QLineEdit(objectName="free_skills")
        free.setPlaceholderText(_("e.g. Driving"))
        bind_commas(self.document, ("settings", "free_skills"), free)
        self.fields.add(("settings", "free_skills"), free, TIPS["free"])
        form.addRow(_("Extra free skills"), free)
        return box

    def _characteristics(self) -> QGroupBox:
        box = QGroupBox(_("Characteristics"))
        box.setToolTip(_("BODY, MIND and SOUL, bought with character points."))
        grid = QGridLayout(box)
        for column, (text, tip) in enumerate(
            (
                (_("Value"), TIPS["characteristic"]),
                (_("Cost"), _("Character points the value costs.")),
                (_("Now"), _("The value under the wounds in force, shown when it differs.")),
            ),
            start=1,
        ):
            grid.addWidget(tipped(QLabel(f"<b>{text}</b>"), tip), 0, column)
        self.costs: dict[Characteristic, QLabel] = {}
        self.now: dict[Characteristic, QLabel] = {}
        for row, c in enumerate(Characteristic, start=1):
            grid.addWidget(tipped(QLabel(label(c)), TIPS[c.value]), row, 0)
            tip = f"{TIPS[c.value]}\n{TIPS['characteristic']}"
            grid.addWidget(self.bind.spin(("characteristics", c.value), 1, HIGHEST, tip), row, 1)
            self.costs[c] = figure_label(f"cost_{c.value}", TIPS["characteristic"])
            grid.addWidget(self.costs[c], row, 2)
            self.now[c] = figure_label(f"now_{c.value}", TIPS["wounds"])
            grid.addWidget(self.now[c], row, 3)
            roll = roll_button(
                _("{label} (as hurt) at difficulty {DEFAULT_DEFENCE}: 2D6 on the table").format(
                    label=label(c), DEFAULT_DEFENCE=DEFAULT_DEFENCE
                ),
                partial(self._roll, c),
            )
            roll.setObjectName(f"roll_{c.value}")
            grid.addWidget(roll, row, 4)
        grid.setColumnStretch(5, 1)
        return box

    def _roll(self, characteristic: Characteristic) -> None:
        sheet = self.document.sheet
        send_roll(self, None, characteristic_check(sheet, characteristic))  # type: ignore[arg-type]

    def _points(self) -> QGroupBox:
        box = QGroupBox(_("Points"))
        box.setToolTip(_("Character points spent and saved, and the bonus points they leave."))
        form = QFormLayout(box)
        self.point_labels: dict[str, QLabel] = {}
        for key, title, tip in (
            ("characteristics", _("On characteristics"), TIPS["characteristic"]),
            ("skills", _("On skills"), _("1 to 3 points a skill at creation, added to its base.")),
            ("saved", _("Saved"), TIPS["bonus"].format(per=BONUS_PER_SAVED_POINT)),
            ("bonus", _("Bonus points"), TIPS["bonus"].format(per=BONUS_PER_SAVED_POINT)),
        ):
            self.point_labels[key] = figure_label(f"points_{key}", tip)
            form.addRow(title, self.point_labels[key])
        return box

    def _wounds(self) -> QGroupBox:
        box = QGroupBox(_("Wounds"))
        letters = ", ".join(f"{letter} {_(name)}" for _unused, letter, name in BOXES)
        box.setToolTip(
            _("The wound boxes: {letters}. {TIPS}").format(letters=letters, TIPS=TIPS["wounds"])
        )
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        for key, letter, name in BOXES:
            tip = f"{_(name)}. {TIPS['wounds']}"
            row.addWidget(self.bind.check(("wounds", key), letter, tip, name=f"wound_{key}"))
        row.addStretch(1)
        layout.addLayout(row)
        self.fields.add(("wounds",), box)
        self.condition = figure_label("condition", TIPS["wounds"], wrap=True)
        layout.addWidget(self.condition)
        self.recovery = figure_label("recovery", TIPS["recovery"], wrap=True)
        layout.addWidget(self.recovery)
        self.body_limits = figure_label("body_limits", TIPS["body_limits"], wrap=True)
        layout.addWidget(self.body_limits)
        return box

    # --- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        f = self.figures()
        for c in Characteristic:
            cost = f.costs[c.value]
            self.costs[c].setText(DASH if cost is None else _("{cost} points").format(cost=cost))
            now, value = f.characteristics_now[c.value], f.characteristics[c.value]
            self.now[c].setText("" if now == value else DASH if now is None else str(now))
        p, b = f.points, f.bonus
        self.point_labels["characteristics"].setText(str(p.characteristics))
        self.point_labels["skills"].setText(str(p.skills))
        over = _(" (too many spent)") if p.saved < 0 else ""
        self.point_labels["saved"].setText(
            _("{saved} of {allowed}{over}").format(saved=p.saved, allowed=p.allowed, over=over)
        )
        self.point_labels["bonus"].setText(
            _("{balance} left ({at_creation} from points saved)").format(
                balance=b.balance, at_creation=b.at_creation
            )
        )
        w = f.wounds
        penalty = w.body_penalty
        shown = (
            _("BODY penalty: none")
            if not penalty
            else _("BODY penalty {penalty}").format(penalty=penalty)
        )
        if penalty is None:
            shown = _("Unconscious")
        self.condition.setText(f"{upper_first(w.condition)} · {shown}")
        self.recovery.setText("\n".join(recovery_line(r) for r in f.recovery))
        self.recovery.setVisible(bool(f.recovery))
        self.body_limits.setText(
            body_line(f.movement, f.breath_seconds, f.drowning_step_seconds)
        )
        self._show_inputs(f.characteristics, f.characteristics_now)

    def _show_inputs(self, values: dict, now: dict) -> None:
        """Each characteristic's "now" says the value it starts from and what the wounds do."""
        for c in Characteristic:
            healthy, hurt = (DASH if v is None else v for v in (values[c.value], now[c.value]))
            self.now[c].setToolTip(
                _("{label} {healthy}, now {hurt}. {TIPS}").format(
                    label=label(c), healthy=healthy, hurt=hurt, TIPS=TIPS["wounds"]
                )
            )
