"""Skills and traits with their ratings, each with its pool and the chance of at least 1, 2
and 3 successes, recomputed as the attributes and ratings change."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import QVBoxLayout, QWidget

from sheetapp.i18n import N_, _
from sheetapp.plural import counted
from sheetapp.systems.d6_pool.catalog import SKILLS, TRAITS
from sheetapp.systems.d6_pool.figures import (
    CAPPED_NOTE,
    D6PoolFigures,
    PoolFigures,
    SkillFigures,
    TraitFigures,
    shown_chance,
)
from sheetapp.systems.d6_pool.model import Skill, Trait
from sheetapp.systems.d6_pool.names import LABELS, SHOWN_DIFFICULTIES, Attribute
from sheetapp.systems.d6_pool.resist_rolls import has_rolls
from sheetapp.systems.d6_pool.rolls import skill_check, trait_checks
from sheetapp.systems.wording import percent
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.list_table_model import Column, LiveListModel, choice_label
from sheetapp.ui.roll_buttons import install_list_rolls, roll_column
from sheetapp.ui.table_box import list_box, table_view
from sheetapp.ui.table_editors import ChoiceDelegate, NumberDelegate

ATTRIBUTE_CHOICES = [("–", None)] + [(LABELS.marked(a), a.value) for a in Attribute]
KIND_CHOICES = [(N_("Positive"), "positive"), (N_("Negative"), "negative")]
POOL_TIP = N_("Dice rolled: attribute + rating (+ tools in use, − hindering traits).")


def pool_columns(
    cache: FiguresCache[D6PoolFigures],
    list_of: Callable[[D6PoolFigures], Sequence[SkillFigures | TraitFigures]],
) -> list[Column]:
    """Pool and odds columns for the rows of ``list_of(figures)``."""

    def pool(f: D6PoolFigures, row: int) -> PoolFigures | None:
        rows = list_of(f)
        return rows[row].pool if row < len(rows) else None

    def dice(f: D6PoolFigures, row: int) -> str:
        found = pool(f, row)
        return "–" if found is None else str(found.dice)

    def chance(k: int):
        def show(f: D6PoolFigures, row: int) -> str:
            found = pool(f, row)
            return "–" if found is None else shown_chance(found, k)

        return show

    return [
        Column(_("Pool"), compute=cache.per_row(dice), align_right=True, tooltip=_(POOL_TIP)),
        *(
            Column(
                _("Diff. {k}").format(k=k),
                compute=cache.per_row(chance(k)),
                align_right=True,
                tooltip=counted(
                    k,
                    "Chance against difficulty {n}: {n} success (5 or 6 on a die). {note}.",
                    "Chance against difficulty {n}: {n} successes (5 or 6 on a die). {note}.",
                    note=CAPPED_NOTE,
                ),
            )
            for k in SHOWN_DIFFICULTIES
        ),
    ]


def resist_text(trait: TraitFigures) -> str | None:
    """ "stand firm 26% · stay conscious on contact 41%"; None for traits with no such roll."""
    if not trait.resist:
        return None
    return " · ".join(
        _("{purpose} {chance}").format(purpose=r.purpose, chance=percent(r.chance))
        for r in trait.resist
    )


def resist_explain(f: D6PoolFigures, row: int) -> str:
    """The pools behind a trait's rolls against its rating, for the cell's tooltip."""
    if row >= len(f.traits) or not f.traits[row].resist:
        return _("No roll against this trait's rating (only Phobia and Rage have one).")
    return "\n".join(
        _("To {purpose}: {explain}, {needed} successes needed: {chance}").format(
            purpose=r.purpose, explain=r.explain, needed=r.needed, chance=percent(r.chance)
        )
        for r in f.traits[row].resist
    )


class RollsTab(QWidget):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        cache: FiguresCache[D6PoolFigures],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        skill_columns = [
            Column(_("Skill"), "name", tooltip=_("The skill's name, from the list or your own.")),
            Column(
                _("Attribute"),
                "attribute",
                tooltip=_("The attribute it is usually rolled with."),
                display=choice_label(ATTRIBUTE_CHOICES),
            ),
            Column(_("Rating"), "rating", align_right=True, tooltip=_("1 to 6.")),
            *pool_columns(cache, lambda f: f.skills),
            roll_column(_("Roll this skill (its pool; 5 and 6 succeed).")),
            Column(_("Note"), "note"),
        ]
        self.skills = LiveListModel(document, ("skills",), skill_columns, self)
        skills_view = table_view(
            self.skills,
            "skills",
            {
                "attribute": ChoiceDelegate(ATTRIBUTE_CHOICES, self),
                "rating": NumberDelegate(0, 6, optional=True, parent=self),
            },
            stretch=("name", "note"),
        )
        fields.add(("skills",), skills_view)
        install_list_rolls(skills_view, self.skills, skill_check)
        layout.addWidget(
            list_box(
                _("Skills"),
                self.skills,
                skills_view,
                words=(_("Add skill"), _("Remove skill")),
                blank=lambda: Skill(name=_("New skill"), attribute=Attribute.DEXTERITY, rating=1),
                samples=[
                    (name, lambda n=name, a=attribute: Skill(name=n, attribute=a, rating=1))
                    for name, attribute in SKILLS.items()
                ],
                hint=_("Skill points: Intelligence + Wisdom + Charisma."),
                tip=_("Skills with their ratings and the pools rolled for them."),
            ),
            3,
        )
        trait_columns = [
            Column(_("Trait"), "name", tooltip=_("The trait's name, from the list or your own.")),
            Column(
                _("Kind"),
                "kind",
                tooltip=_("A negative trait adds its rating to trait points."),
                display=choice_label(KIND_CHOICES),
            ),
            Column(_("Rating"), "rating", align_right=True, tooltip=_("1 to 6.")),
            Column(
                _("Attribute"),
                "attribute",
                tooltip=_("Rolled with this attribute, if at all."),
                display=choice_label(ATTRIBUTE_CHOICES),
            ),
            Column(_("With skill"), "skill", tooltip=_("A skill that joins the roll.")),
            Column(
                _("In play"),
                "in_play",
                tooltip=_("Gained during play (or granted for a while): no trait points."),
            ),
            Column(
                _("All limbs"),
                "all_limbs",
                tooltip=_("Missing Limb only: every limb is gone (rating 6), so every pool of "
                "Strength or Dexterity is 0 and those rolls cannot be made."),
            ),
            *pool_columns(cache, lambda f: f.traits),
            Column(
                _("Against rating"),
                compute=cache.row_value(lambda f: f.traits, resist_text),
                tooltip=_("Phobia: Wisdom + Intelligence to stand firm when meeting the "
                "trigger, Stamina + Wisdom to stay conscious on contact. Rage: Wisdom + "
                "Intelligence to calm down. Each needs successes equal to the trait's rating. "
                "Double-click or Roll to roll one."),
                explain=cache.per_row(resist_explain),
            ),
            roll_column(
                _("Roll this trait (its pool, or a Phobia's or Rage's rolls against its rating; "
                  "5 and 6 succeed)."),
                lambda t: t.kind == "positive" or has_rolls(t),
            ),
            Column(_("Note"), "note"),
        ]
        self.traits = LiveListModel(document, ("traits",), trait_columns, self)
        traits_view = table_view(
            self.traits,
            "traits",
            {
                "attribute": ChoiceDelegate(ATTRIBUTE_CHOICES, self),
                "kind": ChoiceDelegate(KIND_CHOICES, self),
                "rating": NumberDelegate(0, 6, optional=True, parent=self),
            },
            stretch=("name", "note"),
        )
        fields.add(("traits",), traits_view)
        install_list_rolls(traits_view, self.traits, trait_checks)
        layout.addWidget(
            list_box(
                _("Traits"),
                self.traits,
                traits_view,
                tip=_("Traits: positive ones cost trait points, negative ones add them."),
                words=(_("Add trait"), _("Remove trait")),
                blank=lambda: Trait(name=_("New trait"), rating=1),
                samples=[
                    (
                        f"{t.name} ({t.kind})",
                        lambda t=t: Trait(
                            name=t.name,
                            kind=t.kind,  # type: ignore[arg-type]
                            rating=1,
                            attribute=t.attribute,
                            skill=t.skill,
                        ),
                    )
                    for t in TRAITS
                ],
                hint=_("Trait points: 6, plus each negative trait's rating."),
            ),
            2,
        )
