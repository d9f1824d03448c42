"""Skills with their bases, points and the ratings worked out from them; languages."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
)

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.bases import BASES, characteristics_of, describe
from sheetapp.systems.forgotten_futures.catalog import SKILLS, SkillInfo
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures, SkillFigures
from sheetapp.systems.forgotten_futures.model import Skill
from sheetapp.systems.forgotten_futures.names import DEFAULT_DEFENCE, label
from sheetapp.systems.forgotten_futures.rolls import skill_check
from sheetapp.systems.forgotten_futures.temporary import TemporarySkill, temporary_difficulty
from sheetapp.ui.action_buttons import action_row
from sheetapp.ui.binding import FieldRegistry, bind_lines
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.forgotten_futures.base_words import base_words
from sheetapp.ui.list_table_model import DASH, Column, LiveListModel, choice_label
from sheetapp.ui.roll_buttons import install_list_rolls, roll_column
from sheetapp.ui.sheet_form import FormPage
from sheetapp.ui.table_box import list_box, table_view
from sheetapp.ui.table_editors import ChoiceDelegate, NumberDelegate


def base_choices() -> list[tuple[str, str]]:
    """Each base in words, then its code; asked as an editor opens (in the reader's
    language: the words are read then, not at import)."""
    return [
        (_("{words}  ({code})").format(words=base_words(code), code=code), code)
        for code in BASES
    ]


ACQUIRED = [(N_("At creation"), "creation"), (N_("In play"), "play")]


def _skills(f: ForgottenFuturesFigures) -> list[SkillFigures]:
    return f.skills


def skill_columns(figures: FiguresCache[ForgottenFuturesFigures]) -> list[Column]:
    return [
        Column(_("Skill"), "name", tooltip=_("The skill's name, from the lists or your own.")),
        Column(
            _("Speciality"),
            "speciality",
            tooltip=_("A narrower field within the skill, where the setting has one."),
        ),
        Column(
            _("Base"),
            "base",
            tooltip=_("The characteristic(s) the skill rests on; averages and halves round up."),
            display=base_words,
        ),
        Column(
            _("Points"),
            "points",
            align_right=True,
            tooltip=_(
                "Character points added at creation: 1 to 3 (Brawling, Stealth and the "
                "referee's free skills may have 0)."
            ),
        ),
        Column(
            _("Learned"),
            "acquired",
            tooltip=_("Learned in play starts one above the base."),
            display=choice_label(ACQUIRED),
        ),
        Column(
            _("Base value"),
            compute=figures.row_value(_skills, lambda s: s.base_value),
            centred=True,
            tooltip=_("The value the base gives from the characteristics, before points."),
            explain=figures.per_row(_base_inputs),
        ),
        Column(
            _("Rating"),
            compute=figures.row_value(_skills, lambda s: s.rating),
            centred=True,
            tooltip=_("Base + points (+1 if learned in play) + each improvement; at most 10."),
        ),
        Column(
            _("When hurt"),
            compute=figures.row_value(_skills, lambda s: s.rating_now),
            centred=True,
            tooltip=_(
                "The rating under the wounds in force: skills on BODY lose what BODY "
                "loses, never below 1."
            ),
            explain=figures.per_row(_hurt_inputs),
        ),
        Column(
            _("2D6 vs {DEFAULT_DEFENCE}").format(DEFAULT_DEFENCE=DEFAULT_DEFENCE),
            compute=figures.row_value(_skills, lambda s: s.needed_vs_default),
            centred=True,
            tooltip=_(
                "The 2D6 roll needed against {DEFAULT_DEFENCE}, the defence when "
                "nothing better defends."
            ).format(DEFAULT_DEFENCE=DEFAULT_DEFENCE),
            explain=figures.per_row(_vs_default_inputs),
        ),
        roll_column(
            _("Roll this skill (its rating as hurt against {defence}, as '2D6 vs 6' shows).")
            .format(defence=DEFAULT_DEFENCE),
        ),
        Column(
            _("Raise costs"),
            compute=figures.row_value(_skills, lambda s: s.improve_cost),
            centred=True,
            tooltip=_(
                "Bonus points to try for one more point: the new rating. A 12 on the "
                "roll means the skill can never rise again."
            ),
        ),
    ]


def _listed(info: SkillInfo) -> Skill:
    return Skill(name=info.name, base=info.base, points=0 if info.free else 1)


class SkillsTab(FormPage):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache[ForgottenFuturesFigures],
        actions: Sequence[QAction],
    ) -> None:
        super().__init__(document, fields)
        self.figures = figures
        self.model = LiveListModel(document, ("skills",), skill_columns(figures), self)
        self.view = table_view(
            self.model,
            "skills",
            {
                "base": ChoiceDelegate(base_choices, self),
                "acquired": ChoiceDelegate(ACQUIRED, self),
                "points": NumberDelegate(0, 10, parent=self),
            },
            stretch=("name", "speciality"),
        )
        fields.add(("skills",), self.view)
        install_list_rolls(self.view, self.model, skill_check)
        box = list_box(
            _("Skills"),
            self.model,
            self.view,
            words=(_("Add skill"), _("Remove skill")),
            blank=lambda: Skill(name=_("New skill"), base="M", points=1),
            samples=[(f"{s.name}  ({s.base})", lambda s=s: _listed(s)) for s in SKILLS],
            samples_text=_("Add from the lists…"),
            hint=_("Double-click a name to edit it, a figure to roll"),
            tip=_("Each skill rests on a base worked out from the characteristics; points and "
            "improvements add to it."),
        )
        box.layout().addLayout(action_row(actions))  # type: ignore[union-attr]
        self.temporary = QLabel(objectName="temporary_skills")
        self.temporary.setProperty("role", "figure")
        self.temporary.setWordWrap(True)
        box.layout().addWidget(self.temporary)  # type: ignore[union-attr]

        languages = QGroupBox(_("Languages"))
        form = QFormLayout(languages)
        self.allowed = QLabel(objectName="languages_allowed")
        self.allowed.setProperty("role", "figure")
        self.allowed.setToolTip(
            _("A Linguist starts with half the Linguist rating, rounded up; one more per "
            "adventure by practice, or for 1 bonus point with training.")
        )
        form.addRow(_("Known"), self.allowed)
        edit = QPlainTextEdit(objectName="languages")
        edit.setPlaceholderText(_("One language per line"))
        edit.setFixedHeight(90)
        bind_lines(document, ("languages",), edit)
        fields.add(("languages",), edit, self.allowed.toolTip())
        form.addRow(_("Languages"), edit)

        layout = QVBoxLayout(self)
        layout.addWidget(box, 1)
        layout.addWidget(languages)
        self.watch()

    def refresh(self) -> None:
        figures = self.figures()
        self.temporary.setText(temporary_text(figures.temporary_skills))
        self.temporary.setToolTip(temporary_tip(figures.temporary_skills))
        languages = figures.languages
        allowed = languages.allowed
        known = len(languages.known)
        if not allowed and not known:
            self.allowed.setText(_("Only the native language (no Linguist skill)"))
        else:
            self.allowed.setText(
                _("{known} of {allowed} beside the native language").format(
                    known=known, allowed=allowed
                )
            )


TEMPORARY_RULE = (
    N_("A listed skill the character lacks may be used for now if the referee allows it: at its "
    "lowest rating (our reading: its base + 1, as for a skill learned in play), with a roll "
    "for every action, even a routine one, against double the difficulty, and no bonus "
    "points.")
)


def temporary_text(found: Sequence[TemporarySkill]) -> str:
    """ "Temporary use (difficulty doubled): Actor 4 · Artist 4 · ..."."""
    if not found:
        return ""
    # No break inside a name and its rating: "Melee Weapon 4" stays on one line.
    listed = " · ".join(f"{t.name} {t.rating}".replace(" ", "\N{NO-BREAK SPACE}") for t in found)
    return _("Skills not taken, for temporary use (difficulty doubled): {listed}").format(
        listed=listed
    )


def temporary_tip(found: Sequence[TemporarySkill]) -> str:
    """The rule, then each skill's roll against the usual defence doubled."""
    against = temporary_difficulty(DEFAULT_DEFENCE)
    lines = [
        _("{name} {rating} against {against}: ").format(
            name=t.name, rating=t.rating, against=against
        )
        + (
            _("no chance")
            if t.needed_vs_default is None
            else _("{needed_vs_default} or under").format(needed_vs_default=t.needed_vs_default)
        )
        for t in found
    ]
    return "\n".join([_(TEMPORARY_RULE), "", *lines]) if lines else _(TEMPORARY_RULE)


# --- cell tooltips: the inputs behind a figure, read from the figures here only -----------


def _base_inputs(figures: ForgottenFuturesFigures, row: int) -> str:
    """The base in words with the characteristics it reads: "MIND 4: MIND"."""
    skill = figures.skills[row]
    scores = ", ".join(
        f"{label(c)} {figures.characteristics[c.value] or DASH}"
        for c in characteristics_of(skill.base)
    )
    return f"{_shown(skill.base_value)}: {describe(skill.base)} ({scores})."


def _hurt_inputs(figures: ForgottenFuturesFigures, row: int) -> str:
    skill = figures.skills[row]
    rating, now = _shown(skill.rating), _shown(skill.rating_now)
    if rating == now:
        return _("{now}: the rating {rating}, as no wound in force lowers it.").format(
            now=now, rating=rating
        )
    return _(
        "{now}: the rating {rating} lowered by the wounds in force (BODY skills only)."
    ).format(now=now, rating=rating)


def _vs_default_inputs(figures: ForgottenFuturesFigures, row: int) -> str:
    skill = figures.skills[row]
    needed = skill.needed_vs_default
    if needed is None:
        return _("No roll can succeed with {shown} against {DEFAULT_DEFENCE}.").format(
            shown=_shown(skill.rating_now), DEFAULT_DEFENCE=DEFAULT_DEFENCE
        )
    return _(
        "Roll 2D6 at or under {needed}: {value} {rating_now} (as hurt) "
        "attacking {DEFAULT_DEFENCE}, the defence when nothing better "
        "defends, on the attack table."
    ).format(
        needed=needed,
        value=skill.name or _("the skill"),
        rating_now=skill.rating_now,
        DEFAULT_DEFENCE=DEFAULT_DEFENCE,
    )


def _shown(value: object) -> str:
    return DASH if value is None else str(value)
