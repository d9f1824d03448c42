"""Edit > Preferences: the settings a person may change, shown and written back.

Thin by design: what each setting means, its range and default live in
``sheetapp.ui.settings``; the window makes the written values take effect
(``EditArea.apply_preferences``). The theme is previewed as it is chosen, so Cancel puts
back the palette the app had when the dialog opened.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.data_dir import ENV_VAR, data_dir
from sheetapp.i18n import N_, PSEUDO_LANGUAGES, _, available_languages, language
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.systems.registry import system_ids, system_name
from sheetapp.ui.labels import literal, tip_labels_from_fields
from sheetapp.ui.printing import PAPERS, locale_paper
from sheetapp.ui.settings import AUTOSAVE_RANGE, Settings
from sheetapp.ui.theme import apply_theme

THEMES = (
    (N_("Follow the system"), "system"),
    (N_("Light"), "light"),
    (N_("Dark"), "dark"),
    (N_("High contrast"), "high-contrast"),
)
STARTS = ((N_("The library's roster"), "roster"), (N_("The sheets open when I last quit"), "last"))


def _combo(choices: tuple[tuple[str, str], ...], current: str) -> QComboBox:
    combo = QComboBox()
    for label, value in choices:
        combo.addItem(label, value)
    combo.setCurrentIndex(max(0, combo.findData(current)))
    return combo


def _translated(choices: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple((_(label), value) for label, value in choices)


def language_choices() -> tuple[tuple[str, str], ...]:
    """ "Follow the system", then each shipped language by its own name ("Deutsch",
    "العربية"), so a person finds theirs whatever the window's language is now. The
    pseudo-locales are for testing, chosen with ``--lang``; listed only while in use."""
    from sheetapp.locale_format import native_name  # Babel's locale data: only once asked

    shown = [
        code for code in available_languages() if code not in PSEUDO_LANGUAGES or code == language()
    ]
    return ((_("Follow the system"), "system"), *((native_name(code), code) for code in shown))


class PreferencesDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Preferences"))
        self._settings = settings
        app = QApplication.instance()
        self._palette_before = app.palette()  # type: ignore[union-attr]
        self._sheet_before = app.styleSheet()  # type: ignore[union-attr]

        self.theme = _combo(_translated(THEMES), settings.theme())
        self.theme.currentIndexChanged.connect(self._preview_theme)
        by_locale = _(dict((value, label) for label, value in PAPERS)[locale_paper()])
        self.paper = _combo(
            ((_("From the locale ({paper})").format(paper=by_locale), ""), *_translated(PAPERS)),
            settings.paper(),
        )
        self.autosave = QSpinBox()
        self.autosave.setRange(*AUTOSAVE_RANGE)
        self.autosave.setSuffix(_(" seconds"))
        self.autosave.setMinimumWidth(self.autosave.sizeHint().width())
        self.autosave.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.autosave.setValue(settings.autosave_seconds())
        self.system = _combo(
            tuple((system_name(s), s) for s in system_ids()), settings.default_system()
        )
        universes = installed_universes()
        self.universe = _combo(
            tuple((literal(u.shown_name), u.id) for u in universes.values()),
            settings.default_universe(),
        )
        self.start_with = _combo(_translated(STARTS), settings.start_with())
        self.language = _combo(language_choices(), settings.language())
        self.large_print = QCheckBox(_("Lar&ge print PDFs"))
        self.large_print.setChecked(settings.large_print())
        self.large_print.setToolTip(
            _("Everything printed about 1.7 times larger, on more pages turned sideways")
        )

        self.data_folder = QLineEdit(str(data_dir()))
        self.data_folder.setReadOnly(True)
        self.data_folder.setCursorPosition(0)
        self.data_folder.setToolTip(self.data_folder.text())
        self.open_folder = QPushButton(_("Open &Folder"))
        self.open_folder.clicked.connect(self._open_data_folder)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.data_folder, 1)
        folder_row.addWidget(self.open_folder)
        hint = QLabel(
            _("Sheets, the library and these settings; set {ENV_VAR} to use another.").format(
                ENV_VAR=ENV_VAR
            )
        )
        hint.setProperty("role", "hint")
        hint.setWordWrap(True)

        form = QFormLayout()
        form.addRow(_("&Theme:"), self.theme)
        form.addRow(_("&Paper size:"), self.paper)
        form.addRow(_("Autosave &every:"), self.autosave)
        form.addRow(_("New sheets' s&ystem:"), self.system)
        form.addRow(_("New sheets' &universe:"), self.universe)
        form.addRow(_("At &start show:"), self.start_with)
        form.addRow(_("&Language:"), self.language)
        form.addRow("", self.large_print)
        data_label = QLabel(_("&Data folder:"))
        data_label.setBuddy(self.data_folder)
        form.addRow(data_label, folder_row)
        form.addRow("", hint)
        self.system.setToolTip(_("The system File > New and Generate NPCs start with"))
        self.universe.setToolTip(_("The Amazing Engine universe File > New starts a sheet in"))
        self.autosave.setToolTip(_("How often unsaved changes are copied for crash recovery"))
        self.theme.setToolTip(_("Light, dark, high contrast, or as the desktop is"))
        self.paper.setToolTip(_("The paper PDFs and printing use; by default the locale's"))
        self.start_with.setToolTip(_("What the window shows when the app starts"))
        self.language.setToolTip(
            _("The language of the window, messages and PDFs, from the next start")
        )

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        tip_labels_from_fields(self)  # once the form's labels belong to the dialog

    def _preview_theme(self) -> None:
        apply_theme(QApplication.instance(), self.theme.currentData())  # type: ignore[arg-type]

    def _open_data_folder(self) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(data_dir())))

    def accept(self) -> None:
        settings = self._settings
        settings.set_theme(self.theme.currentData())
        settings.set_paper(self.paper.currentData())
        settings.set_autosave_seconds(self.autosave.value())
        settings.set_default_system(self.system.currentData())
        settings.set_default_universe(self.universe.currentData())
        settings.set_start_with(self.start_with.currentData())
        settings.set_large_print(self.large_print.isChecked())
        settings.set_language(self.language.currentData())
        settings.sync()
        super().accept()

    def reject(self) -> None:
        app = QApplication.instance()
        app.setPalette(self._palette_before)  # type: ignore[union-attr]
        if app.styleSheet() != self._sheet_before:  # type: ignore[union-attr]
            app.setStyleSheet(self._sheet_before)  # type: ignore[union-attr]  # re-polishes all
        super().reject()
