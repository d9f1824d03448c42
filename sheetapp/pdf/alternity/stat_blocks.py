"""Stat blocks: the compact form a game master keeps for the supporting cast, two columns
a page, each block whole: who, abilities with resistance modifiers, action check,
durability, the skills and the weapons with damage by degree."""

from __future__ import annotations

from reportlab.platypus import Flowable, Table, TableStyle

from sheetapp.pdf.alternity.wording import score_text, signed
from sheetapp.pdf.kit.boxes import BAND_HEIGHT, PAD, Panel
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.stat_blocks import block_story
from sheetapp.pdf.kit.style import FILL, HAIRLINE, MUTED_HEX, RULE
from sheetapp.pdf.kit.text import clip, para, rich
from sheetapp.systems.alternity.figures import AlternityFigures, sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import ABBREVIATIONS, Ability


def stat_block_story(sheets: list[AlternitySheet], layout: Layout) -> list[Flowable]:
    return block_story(block(sheet, layout.column_width) for sheet in sheets)


def block(sheet: AlternitySheet, width: float) -> Flowable:
    f = sheet_figures(sheet)
    inner = width - 2 * PAD
    who = ", ".join(clip(v, 40) for v in (f.species, f.profession, f.career) if v)
    content: list[Flowable] = [
        para(f"{who or 'Hero'}, level {f.level}", "italic"),
        _abilities(f, inner),
    ]
    check = f.action_check
    lines = [
        (
            "Action check",
            f"{check.marginal}+/{check.ordinary}/{check.good}/{check.amazing}"
            if check
            else "–",
        ),
        ("Actions", f.actions_per_round if f.actions_per_round is not None else "–"),
        (
            "Durability",
            "/".join(
                str(f.durability[k] or "–") for k in ("stun", "wound", "mortal", "fatigue")
            ),
        ),
        ("Last\xa0resorts", f.last_resorts.current),
    ]
    content.append(
        rich(
            " · ".join("<b>{}</b>\xa0{}" for _ in lines),
            *(v for pair in lines for v in pair),
            style="block",
        )
    )
    skills = []
    for broad in f.broad_skills:
        key = broad.name.casefold().strip()
        specs = [s for s in f.specialty_skills if s.broad.casefold().strip() == key]
        text = f"{broad.name} {score_text(broad.score)}"
        if specs:
            text += " (" + ", ".join(f"{s.name} {score_text(s.score)}" for s in specs) + ")"
        skills.append(clip(text, 200))
    if skills:
        content.append(rich("<b>Skills</b> {}", "; ".join(skills), style="block"))
    for weapon in f.weapons:
        damage = weapon.damage
        content.append(
            rich(
                f"<b>{{}}</b> {{}} <font color='{MUTED_HEX}'>{{}}</font> {{}}",
                clip(weapon.name, 60),
                score_text(weapon.score),
                clip(weapon.kind, 12),
                f"{damage.ordinary}/{damage.good}/{damage.amazing}" if damage else "",
                style="block",
            )
        )
    armour = [a for a in f.armour if a.name]
    if armour:
        content.append(
            rich(
                "<b>Armour</b> {}",
                "; ".join(f"{clip(a.name, 40)} {a.li}/{a.hi}/{a.en}" for a in armour),
                style="block",
            )
        )
    return NamedBlock(clip(f.name or "(no name)", 80), content, width=width)


class NamedBlock(Panel):
    """A panel whose band shows the character's name as written (a panel's own title is
    our caps label)."""

    def __init__(self, name: str, content: list[Flowable], *, width: float) -> None:
        super().__init__("", content, width=width)
        self.name = para(name, "block_name")

    def draw(self) -> None:
        super().draw()
        _, h = self.name.wrap(self.width - 2 * PAD, BAND_HEIGHT)
        self.name.drawOn(self.canv, PAD, self.height - BAND_HEIGHT + (BAND_HEIGHT - h) / 2 + 0.6)


def _abilities(f: AlternityFigures, width: float) -> Table:
    heads, values = [], []
    for ability in Ability:
        heads.append(para(ABBREVIATIONS[ability], "head_center"))
        score = f.abilities.get(ability.value)
        mod = f.resistance.get(ability.value)
        shown = "–" if score is None else str(score)
        if mod is not None and mod != 0:
            shown += f" ({signed(mod)})"
        values.append(para(shown, "cell_center"))
    table = Table([heads, values], colWidths=[width / len(Ability)] * len(Ability))
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), FILL),
                ("BOX", (0, 0), (-1, -1), HAIRLINE, RULE),
                ("INNERGRID", (0, 0), (-1, -1), HAIRLINE, RULE),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), 1),
                ("RIGHTPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table
