"""The Alternity wizard's pages about who the hero is: the first page (name, species,
profession and the rest of the identity) and the last (perks, flaws, background, notes)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLineEdit, QPlainTextEdit

from sheetapp.i18n import N_, _
from sheetapp.systems.alternity.names import PROFESSIONS
from sheetapp.ui.alternity.species_field import species_completion
from sheetapp.ui.alternity.wizard_pages import Host
from sheetapp.ui.wizard.steps import StepPage, chain_tab_order

# (choice, label with its Alt+letter, tooltip) for the identity's plain text fields.
IDENTITY = (
    ("name", N_("Na&me:"), N_("The hero's name.")),
    ("player", N_("P&layer:"), N_("Who plays the hero.")),
    ("species", N_("&Species:"), N_("Human unless your game master offers others.")),
    ("profession", N_("&Profession:"), ""),
    ("career", N_("&Career:"), N_("A career within the profession.")),
    ("campaign", N_("Campai&gn:"), N_("The campaign or setting the hero plays in.")),
    ("gender", N_("Gen&der:"), ""),
    ("age", N_("&Age:"), ""),
    ("motivation", N_("Mo&tivation:"), N_("What drives the hero.")),
    ("moral_attitude", N_("Mo&ral attitude:"), N_("How the hero weighs right and wrong.")),
)
WRITING = (
    ("perks", N_("&Perks:"), N_("Advantages the game master allows, with what each does.")),
    ("flaws", N_("Fla&ws:"), N_("Disadvantages the hero took, with what each does.")),
    ("background", N_("Bac&kground:"), N_("Where the hero comes from.")),
    ("notes", N_("N&otes:"), N_("Anything else.")),
)


class HeroPage(StepPage):
    """Name, player, species, profession, career and the rest of who the hero is."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Hero"),
            _("Who the hero is. Species, professions and what each one grants (skills, "
            "resistance bonuses, perks) come from the hero-creation chapter of the Alternity "
            "rulebook: choose them with your game master, and the wizard records them. A Free "
            "Agent may spend two last resort points on one check; the sheet applies that."),
        )
        choices = host.choices
        form = QFormLayout()
        self.fields: dict[str, QLineEdit | QComboBox] = {}
        for key, text, tip in IDENTITY:
            if key == "profession":
                combo = QComboBox(objectName=key)
                combo.setEditable(True)
                combo.addItems(PROFESSIONS)
                combo.setEditText(choices.profession)
                combo.setToolTip(
                    _("The published game's five professions; type another if your game has one.")
                )
                combo.editTextChanged.connect(self._changed)
                widget: QLineEdit | QComboBox = combo
            else:
                line = QLineEdit(getattr(choices, key), objectName=key)
                line.setToolTip(_(tip))
                line.textChanged.connect(self._changed)
                if key == "species":
                    species_completion(line)
                widget = line
            form.addRow(_(text), widget)
            self.fields[key] = widget
            self.mark(key, widget)
        self.npc = QCheckBox(_("S&upporting cast (NPC)"), objectName="npc")
        self.npc.setToolTip(_("Tick for a member of the game master's supporting cast."))
        self.npc.setChecked(choices.npc)
        self.npc.toggled.connect(self._changed)
        form.addRow("", self.npc)
        self.body.addLayout(form)
        self.body.addStretch(1)
        chain_tab_order([*self.fields.values(), self.npc])

    def prefixes(self) -> tuple[str, ...]:
        return (*(key for key, _unused, _unused in IDENTITY), "npc")

    def _changed(self) -> None:
        choices = self.host.choices
        for key, widget in self.fields.items():
            text = widget.currentText() if isinstance(widget, QComboBox) else widget.text()
            setattr(choices, key, text)
        choices.npc = self.npc.isChecked()
        self.host.changed()


class BackgroundPage(StepPage):
    """Perks, flaws, background and notes: free text, and the last check before Finish."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Perks, flaws and background"),
            _("Perks and flaws, and their prices, are listed in the hero-creation chapter of the "
            "Alternity rulebook: write down what your game master allows, with what each does; "
            "the sheet keeps it as text. Finish stays greyed while anything in the hero is an "
            "error."),
        )
        choices = host.choices
        form = QFormLayout()
        self.texts: dict[str, QPlainTextEdit] = {}
        for key, text, tip in WRITING:
            edit = QPlainTextEdit(getattr(choices, key), objectName=key)
            edit.setToolTip(_(tip))
            edit.setTabChangesFocus(True)
            edit.textChanged.connect(self._changed)
            form.addRow(_(text), edit)
            self.texts[key] = edit
        self.body.addLayout(form, 1)
        chain_tab_order(self.texts.values())

    def prefixes(self) -> tuple[str, ...]:
        return tuple(key for key, _unused, _unused in WRITING)

    def error_scope(self) -> str | None:
        return ""  # the last page: an error anywhere keeps Finish off

    def _changed(self) -> None:
        for key, edit in self.texts.items():
            setattr(self.host.choices, key, edit.toPlainText())
        self.host.changed()
