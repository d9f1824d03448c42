"""One character: identity, attributes and their creation record, live figures, and tabs
for skills, gear, experience and notes."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _, pgettext
from sheetapp.locale_format import number
from sheetapp.plural import counted
from sheetapp.systems.amazing_engine.catalog import installed_universes, universe_or_generic
from sheetapp.systems.amazing_engine.derived import HEALING, Movement
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.lifting import Lift
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import ATTRIBUTE_POOL, Attribute, label
from sheetapp.systems.amazing_engine.rolls import attribute_check
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.portraits import PortraitError, read_portrait
from sheetapp.ui.amazing_engine.character_tab import CharacterTab
from sheetapp.ui.amazing_engine.gear_tab import LOAD_STATUS, GearTab
from sheetapp.ui.amazing_engine.skills_tab import SkillsTab
from sheetapp.ui.amazing_engine.tips import ATTRIBUTE_TIPS
from sheetapp.ui.amazing_engine.xp_tab import ExperienceTab
from sheetapp.ui.binding import (
    FieldRegistry,
    bind_combo,
)
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import tipped
from sheetapp.ui.list_table_model import DASH
from sheetapp.ui.page_layout import scrolled, two_columns
from sheetapp.ui.portrait_image import STORED_SIDE, encoded_portrait, portrait_pixmap
from sheetapp.ui.roll_buttons import roll_button, send_roll

PORTRAIT_SIZE = 160
STATUSES = [(N_("Active"), "active"), (N_("Retired"), "retired"), (N_("Dead"), "dead")]

TIPS = TranslatedTable({
    "score": N_("The attribute as used in play: roll + rank points + the universe's base "
    "adjustment + points bought with XP (5 XP a point by default, never above 90)."),
    "base": N_("The universe's base adjustment, added to every attribute's roll."),
    "since": N_("Points the score gained or lost after the character was made: bought with XP, "
    "or the score typed over."),
    "roll": N_("The total rolled when the character was made: 4d10 or 3d10 for the prime "
    "character, the placed dice for a later one."),
    "points": N_("Rank points added from the pool's rank: 15, 10, 5 or 0 per pool, no attribute "
    "above 50 at creation."),
    "dice": N_("Dice placed on the attribute (later characters): the pool's dice plus free dice, "
    "at most 5 on one attribute."),
    # the healing rate (HEALING) fills {healing}: figure_tip
    "stamina": N_("Stamina from Willpower and Reflexes by the universe's formula; at 0 the "
    "character falls unconscious and further hits go to body.\nHeals {healing}."),
    "body": N_("Body points from Fitness by the universe's formula; at 0 the character dies."
    "\nHeals {healing}."),
    "initiative": N_("The tens digit of Reflexes, added to the side's 1d10 when it has the best "
    "Reflexes present.\nPrepared actions: an opponent holding one goes first, unless this "
    "character passes a Reflexes check (the GM may modify it)."),
    "movement": N_("Walk 15 m/turn, 5 km an hour on walks over half an hour; run Fitness m/turn "
    "(15 at Fitness 14 or less) for Fitness minutes; sprint 2 × Fitness for Fitness/10 turns "
    "(none under 10). Fitness 7 or less cannot run.\nPushing: tax Fitness (steps of 5 XP, at "
    "most half of it) for one faster turn of sprinting; past the duration, a Willpower check "
    "each turn or minute keeps going, a failure stops the character for 1-2 stamina.\n"
    "Resting: as many minutes as minutes run or turns sprinted, walking at most 10 m/turn."),
    "carry": N_("Up to Fitness kg: no effect; up to 2×: running and sprinting halved; up to 3×: "
    "walking only, resting after Fitness metres.\nOur reading: a halved run or sprint never "
    "drops below walking pace (15 m/turn); halving slows a runner, it does not make running "
    "slower than walking.\nLifting more: XP taxed onto Fitness (steps of 5, at most Fitness "
    "again) raises these limits until a Willpower check fails; that failure costs 1 stamina "
    "(fatigue). The Willpower check may be taxed too."),
    "attack": N_("To hit: general = Reflexes; non-vital = half (lethality −2); vital = a tenth, "
    "rounded up (lethality +3). 95-00 always misses. A hit whose ones digit is at most the "
    "lethality goes to body, any other to stamina; for lethality a 0 counts 10, so a hit "
    "ending in 0 reaches body only at lethality 10.\nBeyond the sighting range (50 yards, "
    "about 46 m) only the general area may be fired at."),
})

# The attributes each figure is worked out from, named with their scores in its tooltip.
FIGURE_INPUTS: dict[str, tuple[Attribute, ...]] = {
    "stamina": (Attribute.WILLPOWER, Attribute.REFLEXES),
    "body": (Attribute.FITNESS,),
    "initiative": (Attribute.REFLEXES,),
    "movement": (Attribute.FITNESS,),
    "carry": (Attribute.FITNESS, Attribute.WILLPOWER),
    "attack": (Attribute.REFLEXES,),
}


def movement_text(m: Movement, loaded: Movement) -> str:
    """The paces in m/turn, what pushing buys, and what the load leaves of them."""
    if not m.run:  # Fitness 7 or less
        text = _("walk {walk} m/turn · no running or sprinting (Fitness 7 or less)").format(
            walk=m.walk
        )
    elif not m.sprint:  # a sprint that would not last a turn
        text = _("walk {walk} · run {run} ({run_minutes} min) m/turn · no sprint").format(
            walk=m.walk, run=m.run, run_minutes=m.run_minutes
        )
    else:
        turns = counted(m.sprint_turns, "{n} turn", "{n} turns")
        text = _(
            "walk {walk} · run {run} ({run_minutes} min) · sprint {sprint} ({turns}) m/turn"
        ).format(walk=m.walk, run=m.run, run_minutes=m.run_minutes, sprint=m.sprint, turns=turns)
    if m.push_sprint:
        text += _("; pushed sprint {push_sprint} for {push_tax} XP a turn").format(
            push_sprint=m.push_sprint, push_tax=m.push_tax
        )
    if loaded.walk_limit is not None:
        if loaded.walk:
            text += _("\nloaded: walk only, resting after {walk_limit} m").format(
                walk_limit=loaded.walk_limit
            )
        else:
            text += _("\nloaded: cannot move")
    elif loaded != m:
        text += _("\nloaded: run {run} · sprint {sprint} m/turn").format(
            run=loaded.run, sprint=loaded.sprint
        )
    return text


def lift_text(lift: Lift) -> str:
    """What taxing Fitness lets the character lift, or nothing when no XP may be taxed."""
    if not lift.tax:
        return ""
    return _(
        "\ntaxing {tax} XP: walk only to {walk_only} kg until a Willpower "
        "check ({hold_chance}%) fails, then 1 stamina"
    ).format(tax=lift.tax, walk_only=lift.limits.walk_only, hold_chance=lift.hold_chance)


def figure_tip(key: str) -> str:
    """A figure's tooltip, in the reader's language, with its healing rate where it has one."""
    return TIPS[key].format(healing=HEALING[key]) if key in HEALING else TIPS[key]


class CharacterFormPage(CharacterTab):
    def __init__(
        self,
        document: SheetDocument,
        index: int,
        fields: FieldRegistry,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, index, fields, parent)
        base = self.base

        self.tabs = QTabWidget(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.tabs)

        columns = two_columns(
            [self._identity_box(base)], [self._attributes_box(base), self._figures_box()], (5, 6)
        )
        self.tabs.addTab(scrolled(columns), _("Sheet"))

        self.skills_tab = SkillsTab(document, index, fields)
        self.tabs.addTab(self.skills_tab, _("Skills"))
        self.gear_tab = GearTab(document, index, fields)
        self.tabs.addTab(self.gear_tab, _("Gear"))
        self.xp_tab = ExperienceTab(document, index, fields)
        self.tabs.addTab(self.xp_tab, _("Experience"))
        self.tabs.addTab(self.bind.text((*base, "notes")), _("Notes"))

        self.watch()

    # --- building -----------------------------------------------------------------------------

    def _identity_box(self, base: tuple) -> QGroupBox:
        box = QGroupBox(_("Character"))
        box.setToolTip(_("Who the character is; the universe and profession set the rules used."))
        form = QFormLayout(box)
        form.addRow(_("Name"), self.bind.line((*base, "name")))
        form.addRow(_("Player"), self.bind.line((*base, "player")))

        universe = QComboBox(objectName="universe")
        self._catalogue_shown = installed_universes()
        self._set_universes = bind_combo(
            self.document, (*base, "universe"), universe, _universe_choices(self._catalogue_shown)
        )
        self.fields.add(
            (*base, "universe"),
            universe,
            _("The universe sets professions, skills, caps, costs and formulas."),
        )
        form.addRow(_("Universe"), universe)

        self.profession = QComboBox(objectName="profession")
        self.species = QComboBox(objectName="species")
        self._set_professions = bind_combo(
            self.document, (*base, "profession"), self.profession, []
        )
        self._set_species = bind_combo(self.document, (*base, "species"), self.species, [])
        self._bind_universe_choices()
        self.fields.add(
            (*base, "profession"),
            self.profession,
            _("The profession's skill groups are where profession skills come from."),
        )
        self.fields.add(
            (*base, "species"),
            self.species,
            _("The species the universe offers, if it has several."),
        )
        form.addRow(_("Profession"), self.profession)
        form.addRow(_("Species"), self.species)
        form.addRow(_("Gender"), self.bind.line((*base, "gender")))
        form.addRow(
            _("Handedness"),
            self.bind.line((*base, "handedness"), tip=_("Left- or right-handed, as written.")),
        )
        status = QComboBox(objectName="status")
        bind_combo(self.document, (*base, "status"), status, STATUSES)
        self.fields.add(
            (*base, "status"),
            status,
            _(
                "One active character per universe and core; "
                "a dead or retired one frees the universe."
            ),
        )
        form.addRow(_("Status"), status)
        appearance = self.bind.text((*base, "appearance"))
        appearance.setFixedHeight(70)
        form.addRow(_("Appearance"), appearance)

        portrait_row = QHBoxLayout()
        self.portrait = QLabel(objectName="portrait")
        self.portrait.setFixedSize(PORTRAIT_SIZE, PORTRAIT_SIZE)
        self.portrait.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.portrait.setFrameShape(QLabel.Shape.StyledPanel)
        choose = QPushButton(_("Choose…"))
        choose.setToolTip(
            _("Pick an image; it is stored in the sheet, scaled to {STORED_SIDE} pixels.").format(
                STORED_SIDE=STORED_SIDE
            )
        )
        choose.clicked.connect(self._choose_portrait)
        clear = QPushButton(_("Clear"))
        clear.clicked.connect(
            lambda: self.document.edit((*base, "portrait"), "", _("Clear portrait"))
        )
        buttons = QVBoxLayout()
        buttons.addWidget(choose)
        buttons.addWidget(clear)
        buttons.addStretch(1)
        portrait_row.addWidget(self.portrait)
        portrait_row.addLayout(buttons)
        portrait_row.addStretch(1)
        self.fields.add((*base, "portrait"), self.portrait, _("The picture stored in the sheet."))
        form.addRow(_("Portrait"), portrait_row)
        return box

    def _bind_universe_choices(self) -> None:
        universe, _unused = universe_or_generic(self._character().universe)
        professions = [(universe.profession_name(p), p.id) for p in universe.professions]
        self._set_professions([("–", ""), *professions])
        species = [(universe.species_name(s), s.id) for s in universe.species]
        self._set_species([("–", ""), *species])
        # The object, not its id: a reloaded pack is a new object with the same id.
        self._universe_shown = universe

    def _attributes_box(self, base: tuple) -> QGroupBox:
        box = QGroupBox(_("Attributes"))
        box.setToolTip(_("Each attribute's score and how it was made: roll plus rank points."))
        grid = QGridLayout(box)
        headings = (
            (_("Score"), TIPS["score"]),
            (
                _("Pool"),
                _("The ability pool the attribute belongs to (its rank points come from it)."),
            ),
            (_("Dice"), TIPS["dice"]),
            (pgettext("noun", "Roll"), TIPS["roll"]),
            (_("+ Rank points"), TIPS["points"]),
            (_("+ Base"), TIPS["base"]),
            (_("+ Later"), TIPS["since"]),
        )
        for column, (text, tip) in enumerate(headings, start=1):
            grid.addWidget(tipped(QLabel(f"<b>{text}</b>"), tip), 0, column)
        self.dice_cells: dict[Attribute, QLabel] = {}
        self.base_cells: dict[Attribute, QLabel] = {}
        self.since_cells: dict[Attribute, QLabel] = {}
        for row, attribute in enumerate(Attribute, start=1):
            grid.addWidget(tipped(QLabel(label(attribute)), ATTRIBUTE_TIPS[attribute]), row, 0)
            score = self._spin(
                (*base, "attributes", attribute.value),
                f"score_{attribute.value}",
                0,
                999,
                TIPS["score"],
            )
            grid.addWidget(score, row, 1)
            pool = QLabel(label(ATTRIBUTE_POOL[attribute]))
            pool.setProperty("role", "hint")
            grid.addWidget(pool, row, 2)
            dice = QLabel()
            dice.setToolTip(TIPS["dice"])
            self.dice_cells[attribute] = dice
            grid.addWidget(dice, row, 3)
            grid.addWidget(
                self._spin(
                    (*base, "creation", "rolls", attribute.value),
                    f"roll_{attribute.value}",
                    0,
                    100,
                    TIPS["roll"],
                ),
                row,
                4,
            )
            grid.addWidget(
                self._spin(
                    (*base, "creation", "rank_points", attribute.value),
                    f"points_{attribute.value}",
                    0,
                    50,
                    TIPS["points"],
                ),
                row,
                5,
            )
            for column, cells, name, tip in (
                (6, self.base_cells, "base", TIPS["base"]),
                (7, self.since_cells, "since", TIPS["since"]),
            ):
                cell = QLabel(objectName=f"{name}_{attribute.value}")
                cell.setToolTip(tip)
                cell.setProperty("role", "hint")
                cells[attribute] = cell
                grid.addWidget(cell, row, column)
            check = roll_button(
                _("a {label} check: d100 at or under the score").format(label=label(attribute)),
                partial(self._roll_attribute, attribute),
                _("Check"),
            )
            check.setObjectName(f"check_{attribute.value}")
            grid.addWidget(check, row, 8)
        self.fields.add((*base, "creation", "four_dice"), box)
        self.fields.add((*base, "creation", "dice"), box)
        return box

    def _roll_attribute(self, attribute: Attribute) -> None:
        character = self._character()
        send_roll(self, character.name, attribute_check(character, attribute))

    def _spin(self, path: tuple, name: str, low: int, high: int, tip: str) -> QSpinBox:
        spin = self.bind.spin(path, low, high, tip, name=name)
        spin.setAccelerated(True)
        return spin

    def _figures_box(self) -> QGroupBox:
        box = QGroupBox(_("Figures"))
        box.setToolTip(_("Worked out from the attributes by the rules; hover each for its inputs."))
        form = QFormLayout(box)
        self.figure_labels: dict[str, QLabel] = {}
        for key, title in (
            ("stamina", _("Stamina")),
            ("body", _("Body")),
            ("initiative", _("Initiative")),
            ("movement", _("Movement")),
            ("carry", _("Carrying")),
            ("attack", _("Attack chance")),
        ):
            value = QLabel(objectName=f"figure_{key}")
            value.setProperty("role", "figure")
            value.setToolTip(figure_tip(key))
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.figure_labels[key] = value
            form.addRow(title, value)
        return box

    # --- showing ------------------------------------------------------------------------------

    def _character(self) -> Character:
        sheet: AmazingEngineSheet = self.document.sheet  # type: ignore[assignment]
        return sheet.characters[self.index]

    def show_character(self, character: Character) -> None:
        catalogue = installed_universes()
        if catalogue is not self._catalogue_shown:  # reloaded: GM packs may come or go
            self._catalogue_shown = catalogue
            self._set_universes(_universe_choices(catalogue))
        if universe_or_generic(character.universe)[0] is not self._universe_shown:
            self._bind_universe_choices()
        record = character.creation
        self._show_sum(character)
        for attribute, cell in self.dice_cells.items():
            if record.method == "prime":
                cell.setText("4d10" if attribute in record.four_dice else "3d10")
            elif record.method == "from-core" and attribute in record.dice:
                cell.setText(f"{record.dice[attribute]}d10")
            else:
                cell.setText("")
        f = character_figures(character)
        m, load, a = f.movement, f.carry_kg, f.attack_chance
        dash = "–"
        self.figure_labels["stamina"].setText(
            str(f.stamina if f.stamina is not None else dash)
        )
        self.figure_labels["body"].setText(str(f.body if f.body is not None else dash))
        self.figure_labels["initiative"].setText(
            _(
                "+{initiative_modifier} on 1d10 · beats a prepared action on "
                "{prepared_chance}% (Reflexes)"
            ).format(initiative_modifier=f.initiative_modifier, prepared_chance=f.prepared_chance)
        )
        self.figure_labels["movement"].setText(movement_text(m, f.movement_loaded))
        status = LOAD_STATUS[f.load_status]
        self.figure_labels["carry"].setText(
            _(
                "{load_kg} kg carried: {status}  (free to {unhindered}, slowed "
                "to {slowed}, walk only to {walk_only} kg)"
            ).format(
                load_kg=number(f.load_kg),
                status=status,
                unhindered=load.unhindered,
                slowed=load.slowed,
                walk_only=load.walk_only,
            )
            + lift_text(f.lift)
        )
        self.figure_labels["attack"].setText(
            _("general {general}% · non-vital {non_vital}% · vital {vital}%").format(
                general=a.general, non_vital=a.non_vital, vital=a.vital
            )
        )
        for key, inputs in FIGURE_INPUTS.items():
            scores = ", ".join(
                f"{label(a)} {character.attributes.get(a, DASH)}" for a in inputs
            )
            self.figure_labels[key].setToolTip(
                _("{TIPS}\n\nHere from {scores}.").format(TIPS=figure_tip(key), scores=scores)
            )
        self._show_portrait(character.portrait)

    def _show_sum(self, character: Character) -> None:
        """Each score's parts beside its roll and rank points, so the row adds up: the
        universe's base adjustment, and what came since (points bought with XP, or a score
        typed over) where the roll was recorded."""
        adjustment = universe_or_generic(character.universe)[0].base_adjustment
        record = character.creation
        for attribute in Attribute:
            self.base_cells[attribute].setText(f"{adjustment:+d}")
            roll = record.rolls.get(attribute)
            score = character.attributes.get(attribute)
            since = ""
            if roll is not None and score is not None:
                rest = score - roll - record.rank_points.get(attribute, 0) - adjustment
                since = f"{rest:+d}" if rest else ""
            self.since_cells[attribute].setText(since)

    def _show_portrait(self, data_uri: str) -> None:
        """Show what ``read_portrait`` accepts; a broken portrait is a finding, not an error
        here (this runs from the page's show event, where an exception must not escape)."""
        if getattr(self, "_portrait_shown", None) == data_uri:
            return
        self._portrait_shown = data_uri
        try:
            portrait = read_portrait(data_uri)
        except PortraitError:
            portrait = None
        pixmap = portrait_pixmap(portrait, PORTRAIT_SIZE) if portrait else QPixmap()
        self.portrait.setPixmap(pixmap)
        if pixmap.isNull():
            self.portrait.setText(_("Portrait unreadable") if data_uri else _("No portrait"))

    def _choose_portrait(self) -> None:
        name, _unused = QFileDialog.getOpenFileName(
            self, _("Choose a portrait"), "", _("Images (*.png *.jpg *.jpeg *.bmp *.gif *.webp)")
        )
        if name and (refused := self.set_portrait_from_file(name)):
            QMessageBox.warning(self, _("No portrait set"), f"{name}: {refused}")

    def set_portrait_from_file(self, name: str) -> str | None:
        """Store the picture in file ``name``; returns why not, or None when stored."""
        uri = encoded_portrait(QImage(name))
        if uri is None:
            return _("not a picture sheetapp can read")
        return self.document.edit((*self.base, "portrait"), uri, _("Set portrait"))


def _universe_choices(catalogue: Mapping[str, Universe]) -> list[tuple[str, str]]:
    return [(u.shown_name, u.id) for u in catalogue.values()]
