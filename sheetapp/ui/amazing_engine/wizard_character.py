"""The wizard page that picks the character's universe, species and profession (and names a
later character): the universe chosen here sets the caps and skill trees the other pages use.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QWidget

from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.amazing_engine.wizard_draft import CharacterStepPage, Host, Snapshot
from sheetapp.ui.labels import hint_label
from sheetapp.ui.wizard.steps import chain_tab_order

# --- e. the character -----------------------------------------------------------------------


class CharacterPage(CharacterStepPage):
    """Universe, species and profession (and, for a later character, its name: a prime
    character is named on the first page): the universe sets the caps and the skill
    trees."""

    def __init__(self, host: Host, *, later: bool = False) -> None:
        rule = (
            _("Every character has a profession from its universe; its skill groups decide "
            "which skills count as profession skills.")
        )
        if later:
            rule += _(" A core may have only one active character in each universe.")
        super().__init__(host, _("Universe, species and profession"), rule)
        self._later = later
        form = QFormLayout()
        first: list[QWidget] = []
        if later:
            name = QLineEdit(host.draft.name, objectName="name")
            name.setPlaceholderText(_("The character's name"))
            name.setToolTip(_("Any name you like; the rules do not restrict it."))
            name.textChanged.connect(self._name_changed)
            form.addRow(_("Na&me:"), name)
            self.mark(self.character_path("name"), name)
            first.append(name)
        self.universe = QComboBox(objectName="universe")
        for universe in installed_universes().values():
            self.universe.addItem(universe.shown_name, universe.id)
        self.universe.setToolTip(
            _("The universe sets the attribute caps, the dice cap, the base adjustment, the "
            "professions, the species and the skill trees.")
        )
        self.universe.setCurrentIndex(max(0, self.universe.findData(host.draft.universe_id)))
        self.universe.currentIndexChanged.connect(self._universe_changed)
        form.addRow(_("&Universe:"), self.universe)
        self.species = QComboBox(objectName="species")
        self.species.setToolTip(_("The species the universe offers"))
        self.species.currentIndexChanged.connect(self._species_changed)
        self.species_label = QLabel(_("&Species:"))
        self.species_label.setBuddy(self.species)
        form.addRow(self.species_label, self.species)
        self.profession = QComboBox(objectName="profession")
        self.profession.setToolTip(
            _("The profession lists the skill groups your profession skills come from.")
        )
        self.profession.currentIndexChanged.connect(self._profession_changed)
        form.addRow(_("&Profession:"), self.profession)
        self.groups = hint_label("", "profession_groups")
        form.addRow("", self.groups)
        self.body.addLayout(form)
        self.body.addStretch(1)
        self.mark(self.character_path("universe"), self.universe)
        self.mark(self.character_path("status"), self.universe)
        self.mark(self.character_path("species"), self.species)
        self.mark(self.character_path("profession"), self.profession)
        self._fill_professions()
        self._fill_species()
        chain_tab_order([*first, self.universe, self.species, self.profession])

    def _fill_species(self) -> None:
        """The universe's species to choose from; the row is hidden when it lists none."""
        universe = self._universe()
        keep = self.host.draft.species
        with QSignalBlocker(self.species):
            self.species.clear()
            for species in universe.species:
                self.species.addItem(universe.species_name(species), species.id)
                if universe.species_description(species):
                    self.species.setItemData(
                        self.species.count() - 1,
                        universe.species_description(species),
                        Qt.ItemDataRole.ToolTipRole,
                    )
            found = self.species.findData(keep)
            self.species.setCurrentIndex(found if found >= 0 else 0)
        self.species.setVisible(bool(universe.species))
        self.species_label.setVisible(bool(universe.species))
        index = self.species.currentIndex()
        self.host.draft.species = self.species.itemData(index) if index >= 0 else ""

    def _species_changed(self) -> None:
        index = self.species.currentIndex()
        self.host.draft.species = self.species.itemData(index) if index >= 0 else ""
        self.host.changed()

    def prefixes(self) -> tuple[str, ...]:
        parts = ("universe", "profession", "species", "status")
        if self._later:  # a prime character is named on the first page, and answers there
            parts = ("name", *parts)
        return tuple(self.character_path(part) for part in parts)

    def _universe(self) -> Universe:
        return installed_universes()[self.universe.currentData()]

    def _fill_professions(self) -> None:
        universe = self._universe()
        keep = self.host.draft.profession
        with QSignalBlocker(self.profession):
            self.profession.clear()
            for profession in universe.professions:
                self.profession.addItem(universe.profession_name(profession), profession.id)
            found = self.profession.findData(keep)
            self.profession.setCurrentIndex(found if found >= 0 else 0)
        self.host.draft.profession = self._profession_id()

    def _profession_id(self) -> str:
        # Never ask an empty combo for its data: PySide6 mishandles the empty answer.
        if self.profession.currentIndex() < 0:
            return ""
        return self.profession.itemData(self.profession.currentIndex())

    def _name_changed(self, text: str) -> None:
        self.host.draft.name = text
        self.host.changed()

    def _universe_changed(self) -> None:
        self.host.draft.universe_id = self.universe.currentData()
        self.host.draft.gear = None  # the new universe's catalogue: its profession's kit
        self._fill_professions()
        self._fill_species()
        self.host.changed()

    def _profession_changed(self) -> None:
        self.host.draft.profession = self._profession_id()
        self.host.draft.gear = None  # the new profession's kit
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        profession = snapshot.universe.profession(snapshot.character.profession)
        if profession is None:
            self.groups.setText("")
            return
        text = _("Skill groups: ") + ", ".join(profession.groups)
        if profession.description:
            text += f"\n{profession.description}"
        self.groups.setText(text)
