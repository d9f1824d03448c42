"""The odds of one roll on the attack versus defence table and of each damage column, with
everything the synopsis lets change them: modifiers and pulled punches, armour, an explosive's
rings, a machine gun's spread, a temporary skill, hit locations and non-combat injuries."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
)

from sheetapp.i18n import N_, _, upper_first
from sheetapp.locale_format import number
from sheetapp.systems.forgotten_futures.effect_changes import (
    LOCATIONS,
    MAX_BLAST,
    RANDOM,
    aimed_attack_change,
    machine_gun_effect,
)
from sheetapp.systems.forgotten_futures.hazards import HAZARDS, Hazard, hazard, hazard_effect
from sheetapp.systems.forgotten_futures.modifiers import (
    MODIFIERS,
    damage_limit,
    modified_attack,
    pulling_problem,
)
from sheetapp.systems.forgotten_futures.names import DEFAULT_DEFENCE
from sheetapp.systems.forgotten_futures.odds import attack_odds
from sheetapp.systems.forgotten_futures.rolls import (
    MISS,
    NO_DAMAGE,
    AttackCheck,
    DamageCheck,
    column_name,
)
from sheetapp.systems.forgotten_futures.table import COLUMNS, needed
from sheetapp.systems.forgotten_futures.temporary import temporary_difficulty
from sheetapp.ui.forgotten_futures.skills_tab import TEMPORARY_RULE
from sheetapp.ui.labels import tipped
from sheetapp.ui.roll_buttons import send_roll

BIG_NUMBERS = N_(
    "Both past the table (attack over 10 and defence over 18): both are divided by the "
    "smallest number that brings them onto it, rounded up; our reading of the synopsis's "
    "divisor, which need not be whole (25 against 30 reads as 10 against 12)."
)

MODIFIER_TIP = N_(
    "Added to the attacking skill, never past 10 for bonuses nor below 1 for penalties. "
    "Pulling punches is declared before the roll."
)


class OddsBox(QGroupBox):
    """Exact odds of one roll and of each damage column, as ``sheetapp odds`` gives them,
    with the attack's modifiers (pulling punches among them) and the target's armour."""

    def __init__(self) -> None:
        super().__init__(_("Odds"))
        self.setToolTip(_("The exact chance of one roll, and of each damage column."))
        form = QFormLayout(self)
        self.spins: dict[str, QSpinBox] = {}
        for key, title, low, start, tip in (
            (
                "attack",
                _("Attack"),
                1,
                5,
                _("The attacking characteristic or skill. ") + _(BIG_NUMBERS),
            ),
            (
                "defence",
                _("Defence"),
                1,
                DEFAULT_DEFENCE,
                _("6 when nothing better defends. ") + _(BIG_NUMBERS),
            ),
            ("effect", _("Effect"), 1, 6, _("The weapon's Effect, for the damage columns.")),
            ("body", _("Target BODY"), 1, 3, _("The target's BODY.")),
            (
                "armour",
                _("Armour"),
                0,
                0,
                _("Effect the target's armour takes off; below 1 left, the blow does no damage."),
            ),
            (
                "blast",
                _("Blast rings out"),
                0,
                0,
                _(
                    "An explosive: 0 inside its radius (full Effect), 1 out to twice the radius "
                    "(Effect −1D6), 2 out to three times (−2D6), and so on. Several targets do "
                    "not weaken it."
                ),
            ),
        ):
            spin = QSpinBox(objectName=f"odds_{key}")
            spin.setRange(low, MAX_BLAST if key == "blast" else 100)
            spin.setValue(start)
            spin.setToolTip(tip)
            spin.valueChanged.connect(self.refresh)
            self.spins[key] = spin
            form.addRow(title, spin)
        self.machine_gun = QCheckBox(
            _("Machine gun on more than one target (Effect −2)"), objectName="odds_machine_gun"
        )
        self.machine_gun.setToolTip(
            _(
                "The Effect drops by 2 once, however many targets; roll to hit and to damage "
                "each target separately."
            )
        )
        self.temporary = QCheckBox(
            _("Temporary skill (difficulty doubled)"), objectName="odds_temporary"
        )
        self.temporary.setToolTip(_(TEMPORARY_RULE))
        for box in (self.machine_gun, self.temporary):
            box.toggled.connect(self.refresh)
            form.addRow(box)
        self.location = QComboBox(objectName="odds_location")
        self.location.addItem(_("Not used"), "")
        self.location.addItem(_("Random (2D6)"), RANDOM)
        aimed_at = {  # one whole sentence a location, for a language that inflects the noun
            "head": _("Aimed at the head (attack {aim:+d}, Effect {change:+d})"),
            "arms": _("Aimed at the arms (attack {aim:+d}, Effect {change:+d})"),
            "torso": _("Aimed at the torso (attack {aim:+d}, Effect {change:+d})"),
            "legs": _("Aimed at the legs (attack {aim:+d}, Effect {change:+d})"),
        }
        for key, (aim, change, _rolls) in LOCATIONS.items():
            self.location.addItem(aimed_at[key].format(aim=aim, change=change), key)
        self.location.setToolTip(
            _(
                "The optional hit-location rule. Aimed: the attack and Effect change as shown. "
                "Not aimed: 2D6 picks the location (2 head +2 Effect, 3–4 arms −1, 5–9 torso, "
                "10–12 legs −1). No aiming with machine guns, area weapons or several attacks."
            )
        )
        self.location.currentIndexChanged.connect(self.refresh)
        form.addRow(_("Hit location"), self.location)
        self.hazard = QComboBox(objectName="odds_hazard")
        self.hazard.addItem(_("None: a weapon's Effect"), "")
        for found in HAZARDS:
            self.hazard.addItem(_(found.name), found.key)
        self.hazard.setToolTip(
            _(
                "A non-combat injury: it hits automatically, its Effect (from the amount) attacks "
                "BODY, and its own damage columns replace the weapon's."
            )
        )
        self.hazard.currentIndexChanged.connect(self.refresh)
        form.addRow(_("Non-combat injury"), self.hazard)
        self.amount = QSpinBox(objectName="odds_hazard_amount", minimum=0, maximum=10_000)
        self.amount.setValue(1)
        self.amount.setToolTip(_("Storeys fallen, miles an hour, rounds or minutes of exposure."))
        self.amount.valueChanged.connect(self.refresh)
        self.belt = QCheckBox(_("Seat belt or air bag (halved)"), objectName="odds_belt")
        self.belt.toggled.connect(self.refresh)
        amount_row = QHBoxLayout()
        amount_row.addWidget(self.amount, 1)
        amount_row.addWidget(self.belt)
        self.amount_label = tipped(QLabel(_("Amount")), self.amount.toolTip())
        form.addRow(self.amount_label, amount_row)
        self.result = QLabel(objectName="odds_result")
        self.result.setProperty("role", "figure")
        self.result.setWordWrap(True)
        self.result.setToolTip(
            _(
                "The damage columns are a second roll, made once the attack hits: A on a failed "
                "Effect roll, C at half the number needed or less, B between."
            )
        )
        form.addRow(self.result)
        self.roll_button = QPushButton(_("Roll this attack"), objectName="odds_roll")
        self.roll_button.clicked.connect(self.roll)
        form.addRow(self.roll_button)
        self.modifiers: dict[str, QCheckBox] = {}
        grid = QGridLayout()
        for i, mod in enumerate(MODIFIERS):
            box = QCheckBox(
                _("{label} ({amount:+d})").format(label=_(mod.label), amount=mod.amount),
                objectName=f"odds_mod_{mod.key}",
            )
            box.setToolTip(upper_first(_(mod.note)) + "." if mod.note else _(MODIFIER_TIP))
            box.toggled.connect(self.refresh)
            self.modifiers[mod.key] = box
            grid.addWidget(box, i, 0)
        modifiers = QGroupBox(_("Attack modifiers"), objectName="odds_modifiers")
        modifiers.setToolTip(_(MODIFIER_TIP))
        modifiers.setLayout(grid)
        form.addRow(modifiers)
        self.refresh()

    def setup(self) -> SetUp:
        """Everything set here, read once: the attack the Roll button rolls (modifiers, a
        temporary skill's doubled difficulty, a machine gun's spread, armour and pulled
        punches) and what only the odds follow (a hazard, blast rings, a hit location)."""
        v = {k: s.value() for k, s in self.spins.items()}
        chosen = [k for k, box in self.modifiers.items() if box.isChecked()]
        location = self.location.currentData() or ""
        found = hazard(self.hazard.currentData()) if self.hazard.currentData() else None
        attack = modified_attack(v["attack"], chosen, aimed=aimed_attack_change(location))
        defence = v["defence"]
        if self.temporary.isChecked():
            defence = temporary_difficulty(defence)
        effect: int | None = v["effect"]
        if found is not None:
            effect = hazard_effect(found.key, self.amount.value(), belt=self.belt.isChecked())
        if effect is not None and self.machine_gun.isChecked():
            effect = machine_gun_effect(effect, targets=2)
        check = None
        if effect is not None:
            name = _("Attack {attack} against defence {defence}").format(
                attack=attack, defence=defence
            )
            limit = damage_limit(chosen)
            damage = DamageCheck(name, effect, v["body"], armour=v["armour"], limit=limit)
            check = AttackCheck(name, attack, defence, damage)
        return SetUp(v, chosen, location, found, check)

    def _rollable(self, setup: SetUp) -> str:
        """Why the set-up cannot be rolled here, or "" when it can."""
        if setup.hazard is not None:
            return _("A non-combat injury hits by itself: roll its damage column at the table.")
        if setup.typed["blast"] or setup.location:
            return _("Blast rings and hit locations are odds only: roll them at the table.")
        return ""

    def roll(self) -> None:
        setup = self.setup()
        if not self._rollable(setup) and setup.check is not None:
            send_roll(self, None, setup.check)

    def refresh(self) -> None:
        setup = self.setup()
        why = self._rollable(setup)
        self.roll_button.setEnabled(not why)
        self.roll_button.setToolTip(
            why
            or _(
                "Roll 2D6 against the table and, on a hit, 2D6 for the damage column; the "
                "result goes to this sheet's dice log."
            )
        )
        found, v, check = setup.hazard, setup.typed, setup.check
        for widget in (self.amount, self.amount_label):
            widget.setEnabled(bool(found and found.unit))
        self.amount.setSuffix(f" {found.unit}" if found and found.unit else "")
        self.belt.setEnabled(bool(found and found.belt_halves))
        self.spins["effect"].setEnabled(found is None)
        if check is None:
            self.result.setText(
                _("{value}: an automatic kill, no roll.").format(value=found.name if found else "")
            )
            return
        shown = _check_odds(check) if not why else _table_odds(setup, check)
        names = dict(zip(COLUMNS, found.columns, strict=True)) if found else {}
        if shown.no_damage == 1:
            damage = _("none: armour leaves Effect {through}").format(through=check.damage.through)
        else:
            damage = ", ".join(
                f"{c}{f' ({names[c]})' if c in names else ''} {float(p):.0%}"
                for c, p in shown.columns.items()
            )
            if shown.no_damage:
                damage += _(", none {float:.0%}").format(float=float(shown.no_damage))
        lines = []
        if found is not None:
            lines.append(
                _("{name}: Effect {effect}; it hits automatically").format(
                    name=found.name, effect=check.damage.effect
                )
            )
        else:
            if check.attack != v["attack"]:
                lines.append(
                    _("Attack {attack} (modified from {v})").format(
                        attack=check.attack, v=v["attack"]
                    )
                )
            if check.defence != v["defence"]:
                lines.append(
                    _("Defence {defence} (doubled for a temporary skill)").format(
                        defence=check.defence
                    )
                )
            target = needed(check.attack, check.defence)
            hit = _("no chance") if target is None else _("{target} or under").format(target=target)
            lines.append(_("To hit: {hit} — {float}%").format(
                    hit=hit, float=number(float(shown.hit) * 100, places=1)
                ))
            if check.damage.effect != v["effect"]:
                lines.append(
                    _("Effect {effect} (machine gun on several targets)").format(
                        effect=check.damage.effect
                    )
                )
        lines.append(_("Damage once hit: {damage}").format(damage=damage))
        lines.append(upper_first(pulling_problem(setup.chosen)))
        self.result.setText("\n".join(line for line in lines if line))


@dataclass(frozen=True)
class SetUp:
    """What the box holds at one moment (see ``OddsBox.setup``)."""

    typed: dict[str, int]  # the spin boxes as typed
    chosen: list[str]  # modifier keys ticked
    location: str  # "" (rule not used), "random" or an aimed location
    hazard: Hazard | None
    check: AttackCheck | None  # None: the hazard kills outright, no roll


@dataclass(frozen=True)
class ShownOdds:
    hit: Fraction
    columns: dict[str, Fraction]  # "A", "B", "C": chance of each once hit
    no_damage: Fraction


def _check_odds(check: AttackCheck) -> ShownOdds:
    """The shown odds of a set-up the Roll button rolls: the check's own."""
    hit = 1 - check.odds()[MISS]
    damage = check.damage.odds()
    columns = {c: damage.get(column_name(c), Fraction(0)) for c in COLUMNS}
    return ShownOdds(hit, columns, damage.get(NO_DAMAGE, Fraction(0)))


def _table_odds(setup: SetUp, check: AttackCheck) -> ShownOdds:
    """The odds of what the check does not roll: blast rings, hit locations, a hazard."""
    odds = attack_odds(
        check.attack,
        check.defence,
        effect=check.damage.effect,
        body=check.damage.body,
        armour=check.damage.armour,
        limit=check.damage.limit,
        blast_dice=setup.typed["blast"],
        location="" if setup.hazard else setup.location,
    )
    return ShownOdds(odds.success, dict(odds.columns), odds.no_damage)
