"""Who the character is, the attributes with the points they share, the figures derived
from them, and the damage taken on each track."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _, ngettext
from sheetapp.plural import counted
from sheetapp.systems.d6_pool.figures import (
    D6PoolFigures,
    DefendFigures,
    shown_chance,
)
from sheetapp.systems.d6_pool.model import ExtraAttribute
from sheetapp.systems.d6_pool.names import SHOWN_DIFFICULTIES, Attribute, label
from sheetapp.systems.d6_pool.rolls import defend_check, unskilled_check
from sheetapp.systems.wording import plain_count
from sheetapp.ui.binding import FieldBinder, FieldRegistry, RefreshWhenShown
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.labels import figure_label
from sheetapp.ui.list_table_model import Column, LiveListModel
from sheetapp.ui.page_layout import two_columns
from sheetapp.ui.roll_buttons import roll_button, send_choice, send_roll
from sheetapp.ui.table_box import add_remove_row, table_view
from sheetapp.ui.table_editors import NumberDelegate

STATES = TranslatedTable({
    "unhurt": N_("unhurt"),
    "hurt": N_("hurt"),
    "helpless": N_("helpless: down and in pain"),
    "unconscious": N_("unconscious: further damage is lethal"),
    "incapacitated": N_("bleeding, cannot act"),
    "dead": N_("dead"),
})
# The attributes each figure is worked out from, named with their scores in its tooltip.
FIGURE_INPUTS: dict[str, tuple[Attribute, ...]] = {
    "health": (Attribute.STAMINA,),
    "initiative": (Attribute.DEXTERITY,),
    "dodge": (Attribute.DEXTERITY,),
    "defend": (Attribute.DEXTERITY,),
    "soak": (Attribute.STAMINA,),
    "move": (Attribute.DEXTERITY,),
    "breath": (Attribute.STAMINA,),
    "healing": (Attribute.STAMINA,),
    "skill_points": (Attribute.INTELLIGENCE, Attribute.WISDOM, Attribute.CHARISMA),
}

TIPS = TranslatedTable({
    "roll": N_("The total of 6d6: the points the six attributes share (6 to 36)."),
    "score": N_("1 to 6 points when the character is made; XP may raise it further."),
    "health": N_("Health is twice Stamina: the damage taken before reaching 0."),
    "initiative": N_("Roll Dexterity + Dodge each round; more successes act first."),
    "dodge": N_("Successes an attacker needs to hit: the Dodge rating, or half Dexterity "
    "without Dodge."),
    "defend": N_("Defend: after a hit, roll Dexterity + Dodge (half Dexterity without Dodge); "
    "successes equal to the attacker's skill rating dodge it. The chances are against "
    "attackers of skill 1, 2 and 3. * fewer dice than the difficulty: every die must "
    "succeed."),
    "soak": N_("Successes a damage roll needs to deal 1 damage: Stamina + armour in use; "
    "each success above deals 1 more."),
    "move": N_("Up to 3 × Dexterity feet, or Dexterity metres, a round."),
    "breath": N_("Turns the character holds its breath: Stamina + Swimming (an Aquatic "
    "character holds it out of the water, and its Aquatic rating does not count)."),
    "healing": N_("Non-lethal damage heals Stamina a day, lethal half Stamina (rounded down) a "
    "week, with light activity."),
    "skill_points": N_("Skill points are Intelligence + Wisdom + Charisma (as made); trait "
    "points left over may buy skills too."),
    "trait_points": N_("6 trait points, plus the rating of each negative trait."),
    "lethal": N_("Lethal damage taken; it counts down the same Health as non-lethal damage. "
    "Lethal damage alone at 0 health: bleeding and cannot act; at minus Stamina: dead."),
    "nonlethal": N_("Non-lethal damage taken; it counts down the same Health as lethal damage."),
    "left": N_("Health left after both kinds of damage. At 0: helpless (bleeding if lethal "
    "damage alone got there); at minus Stamina: unconscious, and further damage is lethal."),
    "xp": N_("XP awarded less XP spent, from the ledger."),
})

DEFEND_AGAINST = range(1, 7)  # skill ratings run 1 to 6

EXTRA_COLUMNS = [
    Column(N_("GM attribute"), "name", tooltip=N_("An attribute the GM adds to the six, by name.")),
    Column(
        N_("Score"), "score", align_right=True, tooltip=N_("Its score: the dice rolled for it.")
    ),
    Column(N_("1d6 roll"), "roll", align_right=True, tooltip=N_("The 1d6 it added to the points.")),
    Column(
        N_("Player sets"),
        "player_controlled",
        tooltip=N_(
            "Ticked: the player assigns it and it adds 1d6 points. Unticked: the GM presets it."
        ),
    ),
]


def defend_text(defend: DefendFigures) -> str:
    """ "4 dice: vs skill 1 80% · 2 41% · 3 11%", marked where every die must succeed."""
    odds = " · ".join(f"{k} {shown_chance(defend.pool, k)}" for k in SHOWN_DIFFICULTIES)
    return _("{plain_count}: vs skill {odds}").format(
        plain_count=plain_count(defend.pool.dice, "die"), odds=odds
    )


def _dash(value: object, unit: str = "") -> str:
    if value is None:
        return "–"
    return f"{value} {unit}".strip()


class CharacterTab(RefreshWhenShown, QScrollArea):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache[D6PoolFigures],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.document, self.fields, self.figures = document, fields, figures
        self.bind = FieldBinder(document, fields)
        body = QWidget()
        outer = QVBoxLayout(body)
        outer.addLayout(
            two_columns(
                [self._identity_box(), self._damage_box()], [self._attributes_box()], (5, 6)
            )
        )
        outer.addWidget(self._figures_box())
        outer.addStretch(1)
        self.setWidgetResizable(True)
        self.setWidget(body)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # as ``page_layout.scrolled``: Tab to a field
        document.changed.connect(self.schedule_refresh)

    # --- building -----------------------------------------------------------------------------

    def _identity_box(self) -> QGroupBox:
        box = QGroupBox(_("Character"))
        box.setToolTip(_("Who the character is."))
        form = QFormLayout(box)
        form.addRow(_("Name"), self.bind.line(("name",)))
        form.addRow(_("Player"), self.bind.line(("player",)))
        concept = self.bind.line(("concept",), tip=_("What the character is, in a few words."))
        form.addRow(_("Concept"), concept)
        npc = self.bind.check(
            ("npc",),
            _("Non-player character"),
            _("NPCs print as stat blocks and show so in the library."),
        )
        form.addRow("", npc)
        appearance = self.bind.text(("appearance",))
        appearance.setFixedHeight(64)
        form.addRow(_("Appearance"), appearance)
        return box

    def _damage_box(self) -> QGroupBox:
        box = QGroupBox(_("Damage"))
        box.setToolTip(_("Damage taken, lethal and non-lethal, against health."))
        grid = QGridLayout(box)
        for column, (key, title) in enumerate(
            (("lethal", _("Lethal")), ("nonlethal", _("Non-lethal")))
        ):
            name = QLabel(title)
            name.setToolTip(TIPS[key])
            grid.addWidget(name, 0, column * 2)
            spin = self.bind.spin((f"{key}_damage",), 0, 999, TIPS[key], optional=False)
            grid.addWidget(spin, 0, column * 2 + 1)
        self.state = figure_label("figure_damage_state", TIPS["left"], wrap=True)
        grid.addWidget(self.state, 1, 0, 1, 4)
        grid.setColumnStretch(3, 1)
        return box

    def _attributes_box(self) -> QGroupBox:
        box = QGroupBox(_("Attributes"))
        box.setToolTip(_("The six attributes share the 6d6 roll; the GM may add more below."))
        layout = QVBoxLayout(box)
        top = QHBoxLayout()
        roll_label = QLabel(_("6d6 roll"))
        roll = self.bind.spin(("attribute_roll",), 0, 99, TIPS["roll"])
        roll_label.setBuddy(roll)  # the field name takes the field's tooltip
        top.addWidget(roll_label)
        top.addWidget(roll)
        self.points = figure_label(
            "figure_attribute_points", _("Points rolled and assigned to attributes."), wrap=True
        )
        top.addWidget(self.points, 1)
        layout.addLayout(top)
        grid = QGridLayout()
        self.unskilled: dict[Attribute, QLabel] = {}
        for i, attribute in enumerate(Attribute):
            row, column = i % 3, (i // 3) * 4
            name = QLabel(label(attribute))
            grid.addWidget(name, row, column)
            path = ("attributes", attribute.value)
            score = self.bind.spin(path, 0, 12, TIPS["score"], name=f"score_{attribute.value}")
            name.setToolTip(
                _("{label}: the dice rolled for it. {TIPS}").format(
                    label=label(attribute), TIPS=TIPS["score"]
                )
            )
            grid.addWidget(score, row, column + 1)
            half = QLabel(objectName=f"unskilled_{attribute.value}")
            half.setProperty("role", "hint")
            half.setToolTip(_("Unskilled pool: half the attribute, rounded down."))
            self.unskilled[attribute] = half
            grid.addWidget(half, row, column + 2)
            roll = roll_button(
                _("{label} unskilled: half its dice").format(label=label(attribute)),
                partial(self._roll_unskilled, attribute),
            )
            roll.setObjectName(f"roll_{attribute.value}")
            grid.addWidget(roll, row, column + 3)
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(6, 1)
        layout.addLayout(grid)
        self.fields.add(("attributes",), box)

        self.extras = LiveListModel(self.document, ("extra_attributes",), EXTRA_COLUMNS)
        view = table_view(
            self.extras,
            "extra_attributes",
            {
                "score": NumberDelegate(0, 99, optional=True),
                "roll": NumberDelegate(0, 6, optional=True),
            },
            stretch=("name",),
        )
        view.setMaximumHeight(96)
        self.fields.add(("extra_attributes",), view, _("Attributes the GM adds to the six."))
        layout.addWidget(view)
        layout.addLayout(
            add_remove_row(
                self.extras,
                view,
                lambda: ExtraAttribute(name=_("New attribute")),
                add=_("Add GM attribute"),
                added=_("Add GM attribute"),
                removed=_("Remove GM attribute"),
                name="extra",
            )
        )
        return box

    def _roll_unskilled(self, attribute: Attribute) -> None:
        sheet = self.document.sheet
        send_roll(self, None, unskilled_check(sheet, attribute))  # type: ignore[arg-type]

    def _roll_defend(self) -> None:
        """Defend needs the attacker's skill: a menu offers each rating a skill can have."""
        sheet = self.document.sheet
        checks = [defend_check(sheet, k) for k in DEFEND_AGAINST]  # type: ignore[arg-type]
        self.defend_menu = send_choice(self, None, checks)

    def _figures_box(self) -> QGroupBox:
        box = QGroupBox(_("Figures"))
        box.setToolTip(_("Worked out from the attributes and skills; hover each for its rule."))
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        grid.setHorizontalSpacing(12)
        self.labels: dict[str, QLabel] = {}
        for key, title in (
            ("health", _("Health")),
            ("initiative", _("Initiative")),
            ("dodge", _("To hit me")),
            ("defend", _("Defend")),
            ("soak", _("To hurt me")),
            ("move", _("Move")),
            ("breath", _("Holds breath")),
            ("healing", _("Heals")),
            ("skill_points", _("Skill points")),
            ("trait_points", _("Trait points")),
            ("xp", _("Unspent XP")),
        ):
            row, column = divmod(len(self.labels), 2)
            self.labels[key] = figure_label(f"figure_{key}", TIPS[key], wrap=True)
            name = QLabel(title)
            name.setToolTip(TIPS[key])
            grid.addWidget(name, row, column * 2)
            if key == "defend":
                roll = roll_button(_("Defend against an attacker's skill"), self._roll_defend)
                roll.setObjectName("roll_defend")
                line = QHBoxLayout()
                line.addWidget(self.labels[key], 1)
                line.addWidget(roll)
                grid.addLayout(line, row, column * 2 + 1)
                continue
            grid.addWidget(self.labels[key], row, column * 2 + 1)
        return box

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        f = self.figures()
        self._show_attributes(f)
        self._show_figures(f)
        damage = f.damage
        if damage.state is None:
            self.state.setText(_("set Stamina to see the thresholds"))
        else:
            also_bleeding = damage.bleeding and damage.state != "incapacitated"
            bleeding = _(", bleeding") if also_bleeding else ""
            self.state.setText(
                _(
                    "{left} of {health} health left: {STATES}{bleeding} (unconscious at {floor})"
                ).format(
                    left=damage.left,
                    health=f.health,
                    STATES=STATES[damage.state],
                    bleeding=bleeding,
                    floor=damage.floor,
                )
            )

    def _show_attributes(self, f: D6PoolFigures) -> None:
        points = f.attribute_points
        if points.rolled is None:
            self.points.setText(
                _("{assigned} assigned; enter the roll").format(assigned=points.assigned)
            )
        else:
            self.points.setText(
                _("{assigned} of {rolled} points assigned").format(
                    assigned=points.assigned, rolled=points.rolled
                )
                + (_(", {left} left").format(left=points.left) if points.left else "")
            )
        for attribute, half in self.unskilled.items():
            dice = f.unskilled.get(attribute.value)
            half.setText("" if dice is None else _("unskilled {dice}").format(dice=dice))

    def _show_figures(self, f: D6PoolFigures) -> None:
        move, healing = f.move, f.healing
        sp, tp = f.skill_points, f.trait_points
        texts = {
            "health": "–"
            if f.health is None
            else ngettext("{n} point", "{n} points", f.health).format(n=f.health),
            "initiative": _("{initiative_pool} dice (Dexterity + Dodge)").format(
                initiative_pool=f.initiative_pool
            ),
            "dodge": counted(f.dodge_needed, "{n} success", "{n} successes"),
            "defend": defend_text(f.defend),
            "soak": _dash(
                f.damage_needed, _("successes (armour {armour})").format(armour=f.armour)
            ),
            "move": "–"
            if move is None
            else _("{feet} ft or {metres} m a round").format(feet=move.feet, metres=move.metres),
            "breath": _dash(
                f.breath_turns, _("turns out of water") if f.breathes_water else _("turns")
            ),
            "healing": "–"
            if healing is None
            else _("non-lethal {nonlethal_per_day} a day, lethal {lethal_per_week} a week").format(
                nonlethal_per_day=healing.nonlethal_per_day, lethal_per_week=healing.lethal_per_week
            ),
            "skill_points": "–"
            if sp.budget is None
            else _("{spent} spent of {budget}").format(spent=sp.spent, budget=sp.budget)
            + (
                _(" + {from_traits} trait points").format(from_traits=sp.from_traits)
                if sp.from_traits
                else ""
            )
            + (_("; {left} left").format(left=sp.left) if sp.left else ""),
            "trait_points": _("{spent} spent of {budget}").format(spent=tp.spent, budget=tp.budget)
            + (_("; {left} left").format(left=tp.left) if tp.left else ""),
            "xp": str(f.xp),
        }
        for key, text in texts.items():
            self.labels[key].setText(text)
        scores = self.document.sheet.attributes  # type: ignore[attr-defined]
        for key, inputs in FIGURE_INPUTS.items():
            here = ", ".join(f"{label(a)} {_dash(scores.get(a))}" for a in inputs)
            self.labels[key].setToolTip(
                _("{TIPS}\n\nHere from {here}.").format(TIPS=TIPS[key], here=here)
            )
