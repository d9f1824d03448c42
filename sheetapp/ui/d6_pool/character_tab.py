"""Who the character is, the attributes with the points they share, the figures derived
from them, and the damage taken on each track."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.d6_pool.model import ExtraAttribute
from sheetapp.systems.d6_pool.names import Attribute, label
from sheetapp.ui.binding import (
    FieldRegistry,
    RefreshWhenShown,
    bind_check,
    bind_line_edit,
    bind_plain_text,
    bind_spin,
)
from sheetapp.ui.d6_pool.tables import (
    FiguresCache,
    FigureTableModel,
    NumberDelegate,
    table_view,
)
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column

STATES = {
    "unhurt": "unhurt",
    "hurt": "hurt",
    "helpless": "helpless: down and in pain",
    "unconscious": "unconscious: further damage is lethal",
    "wounded": "wounded",
    "incapacitated": "bleeding, cannot act",
    "dead": "dead",
}

TIPS = {
    "roll": "The total of 6d6: the points the six attributes share (6 to 36).",
    "score": "1 to 6 points when the character is made; XP may raise it further.",
    "health": "Health is twice Stamina: the damage taken before reaching 0.",
    "initiative": "Roll Dexterity + Dodge each round; more successes act first.",
    "dodge": "Successes an attacker needs to hit: the Dodge rating, or half Dexterity "
    "without Dodge.",
    "soak": "Successes a damage roll needs to deal 1 damage: Stamina + armour in use; "
    "each success above deals 1 more.",
    "move": "Up to 3 × Dexterity feet, or Dexterity metres, a round.",
    "breath": "Turns an air breather holds its breath: Stamina + Swimming.",
    "healing": "Non-lethal damage heals Stamina a day, lethal half Stamina (rounded down) a "
    "week, with light activity.",
    "skill_points": "Skill points are Intelligence + Wisdom + Charisma (as made); trait "
    "points left over may buy skills too.",
    "trait_points": "6 trait points, plus the rating of each negative trait.",
    "lethal": "Lethal damage taken. At 0 health: bleeding and cannot act; at minus Stamina: dead.",
    "nonlethal": "Non-lethal damage taken. At 0 health: helpless; at minus Stamina: "
    "unconscious, and further damage is lethal.",
    "xp": "XP awarded less XP spent, from the ledger.",
}

EXTRA_COLUMNS = [
    Column("GM attribute", "name"),
    Column("Score", "score", align_right=True),
    Column("1d6 roll", "roll", align_right=True, tooltip="The 1d6 it added to the points."),
    Column(
        "Player sets",
        "player_controlled",
        tooltip="Ticked: the player assigns it and it adds 1d6 points. Unticked: the GM "
        "presets it.",
    ),
]


def _figure(name: str, tip: str) -> QLabel:
    value = QLabel(objectName=f"figure_{name}")
    value.setProperty("role", "figure")
    value.setToolTip(tip)
    value.setWordWrap(True)
    value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return value


def _dash(value: object, unit: str = "") -> str:
    if value is None:
        return "–"
    return f"{value} {unit}".strip()


class CharacterTab(RefreshWhenShown, QScrollArea):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document, self.fields, self.figures = document, fields, figures
        body = QWidget()
        outer = QVBoxLayout(body)
        columns = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self._identity_box())
        left.addWidget(self._damage_box())
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self._attributes_box())
        right.addStretch(1)
        columns.addLayout(left, 5)
        columns.addLayout(right, 6)
        outer.addLayout(columns)
        outer.addWidget(self._figures_box())
        outer.addStretch(1)
        self.setWidgetResizable(True)
        self.setWidget(body)
        document.changed.connect(self.schedule_refresh)

    # --- building -----------------------------------------------------------------------------

    def _line(self, key: str, tip: str = "") -> QLineEdit:
        edit = QLineEdit(objectName=key)
        bind_line_edit(self.document, (key,), edit)
        self.fields.add((key,), edit, tip)
        return edit

    def _spin(self, path: tuple, name: str, high: int, tip: str, optional: bool = True):
        spin = QSpinBox(objectName=name)
        spin.setRange(0, high)
        bind_spin(self.document, path, spin, optional=optional)
        self.fields.add(path, spin, tip)
        return spin

    def _identity_box(self) -> QGroupBox:
        box = QGroupBox("Character")
        form = QFormLayout(box)
        form.addRow("Name", self._line("name"))
        form.addRow("Player", self._line("player"))
        form.addRow("Concept", self._line("concept", "What the character is, in a few words."))
        npc = QCheckBox("Non-player character", objectName="npc")
        bind_check(self.document, ("npc",), npc)
        self.fields.add(("npc",), npc, "NPCs print as stat blocks and show so in the library.")
        form.addRow("", npc)
        appearance = QPlainTextEdit(objectName="appearance")
        appearance.setFixedHeight(64)
        bind_plain_text(self.document, ("appearance",), appearance)
        self.fields.add(("appearance",), appearance)
        form.addRow("Appearance", appearance)
        return box

    def _damage_box(self) -> QGroupBox:
        box = QGroupBox("Damage")
        grid = QGridLayout(box)
        self.states: dict[str, QLabel] = {}
        for row, (key, title) in enumerate((("lethal", "Lethal"), ("nonlethal", "Non-lethal"))):
            grid.addWidget(QLabel(title), row, 0)
            spin = self._spin((f"{key}_damage",), f"{key}_damage", 999, TIPS[key], False)
            grid.addWidget(spin, row, 1)
            state = _figure(f"{key}_state", TIPS[key])
            self.states[key] = state
            grid.addWidget(state, row, 2)
        grid.setColumnStretch(2, 1)
        return box

    def _attributes_box(self) -> QGroupBox:
        box = QGroupBox("Attributes")
        layout = QVBoxLayout(box)
        top = QHBoxLayout()
        top.addWidget(QLabel("6d6 roll"))
        top.addWidget(self._spin(("attribute_roll",), "attribute_roll", 99, TIPS["roll"]))
        self.points = _figure("attribute_points", "Points rolled and assigned to attributes.")
        top.addWidget(self.points, 1)
        layout.addLayout(top)
        grid = QGridLayout()
        self.unskilled: dict[Attribute, QLabel] = {}
        for i, attribute in enumerate(Attribute):
            row, column = i % 3, (i // 3) * 3
            grid.addWidget(QLabel(label(attribute)), row, column)
            grid.addWidget(
                self._spin(
                    ("attributes", attribute.value), f"score_{attribute.value}", 12, TIPS["score"]
                ),
                row,
                column + 1,
            )
            half = QLabel(objectName=f"unskilled_{attribute.value}")
            half.setProperty("role", "hint")
            half.setToolTip("Unskilled pool: half the attribute, rounded down.")
            self.unskilled[attribute] = half
            grid.addWidget(half, row, column + 2)
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(5, 1)
        layout.addLayout(grid)
        self.fields.add(("attributes",), box)

        self.extras = FigureTableModel(self.document, ("extra_attributes",), EXTRA_COLUMNS)
        view = table_view(
            self.extras,
            "extra_attributes",
            {"score": NumberDelegate(), "roll": NumberDelegate(6)},
            stretch=("name",),
        )
        view.setMaximumHeight(96)
        self.fields.add(("extra_attributes",), view, "Attributes the GM adds to the six.")
        layout.addWidget(view)
        buttons = QHBoxLayout()
        add = QPushButton("Add GM attribute", objectName="add_extra")
        add.clicked.connect(
            lambda: self.extras.append(ExtraAttribute(name="New attribute"), "Add GM attribute")
        )
        remove = QPushButton("Remove", objectName="remove_extra")
        remove.clicked.connect(
            lambda: self.extras.remove_rows(
                sorted({i.row() for i in view.selectionModel().selectedRows()}),
                "Remove GM attribute",
            )
        )
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        return box

    def _figures_box(self) -> QGroupBox:
        box = QGroupBox("Figures")
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        grid.setHorizontalSpacing(12)
        self.labels: dict[str, QLabel] = {}
        for key, title in (
            ("health", "Health"),
            ("initiative", "Initiative"),
            ("dodge", "To hit me"),
            ("soak", "To hurt me"),
            ("move", "Move"),
            ("breath", "Holds breath"),
            ("healing", "Heals"),
            ("skill_points", "Skill points"),
            ("trait_points", "Trait points"),
            ("xp", "Unspent XP"),
        ):
            row, column = divmod(len(self.labels), 2)
            self.labels[key] = _figure(key, TIPS[key])
            name = QLabel(title)
            name.setToolTip(TIPS[key])
            grid.addWidget(name, row, column * 2)
            grid.addWidget(self.labels[key], row, column * 2 + 1)
        return box

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        f = self.figures()
        self._show_attributes(f)
        self._show_figures(f)
        for key, state in self.states.items():
            track = f["damage"][key]
            if track["state"] is None:
                state.setText("set Stamina to see the thresholds")
            else:
                state.setText(
                    f"{track['remaining']} health left: {STATES[track['state']]} "
                    f"(worst at {track['floor']})"
                )

    def _show_attributes(self, f: dict[str, Any]) -> None:
        points = f["attribute_points"]
        if points["rolled"] is None:
            self.points.setText(f"{points['assigned']} assigned; enter the roll")
        else:
            self.points.setText(
                f"{points['assigned']} of {points['rolled']} points assigned"
                + (f", {points['left']} left" if points["left"] else "")
            )
        for attribute, half in self.unskilled.items():
            dice = f["unskilled"].get(attribute.value)
            half.setText("" if dice is None else f"unskilled {dice}")

    def _show_figures(self, f: dict[str, Any]) -> None:
        move, healing = f["move"], f["healing"]
        sp, tp = f["skill_points"], f["trait_points"]
        texts = {
            "health": _dash(f["health"], "points"),
            "initiative": f"{f['initiative_pool']} dice (Dexterity + Dodge)",
            "dodge": f"{f['dodge_needed']} successes",
            "soak": _dash(f["damage_needed"], f"successes (armour {f['armour']})"),
            "move": "–" if move is None else f"{move['feet']} ft or {move['metres']} m a round",
            "breath": _dash(f["breath_turns"], "turns"),
            "healing": "–"
            if healing is None
            else f"non-lethal {healing['nonlethal_per_day']} a day, lethal "
            f"{healing['lethal_per_week']} a week",
            "skill_points": "–"
            if sp["budget"] is None
            else f"{sp['spent']} spent of {sp['budget']}"
            + (f" + {sp['from_traits']} trait points" if sp["from_traits"] else "")
            + (f"; {sp['left']} left" if sp["left"] else ""),
            "trait_points": f"{tp['spent']} spent of {tp['budget']}"
            + (f"; {tp['left']} left" if tp["left"] else ""),
            "xp": str(f["xp"]),
        }
        for key, text in texts.items():
            self.labels[key].setText(text)
