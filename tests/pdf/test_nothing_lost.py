"""A character with 60 skills and a 5,000-character note prints without losing anything."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from sheetapp.dice import Roller
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.figures import character_figures
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.systems.amazing_engine.model import Skill

GENERIC = builtin_universes()["generic"]


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_sixty_skills_and_a_long_note_all_print() -> None:
    sheet = random_prime_sheet(Roller(21), GENERIC)
    character = sheet.characters[0]
    character.skills = [
        Skill(
            group=group,
            path=list(path),
            attribute=node.attribute,
            enhancement=node.enhancement,
            source="granted",
        )
        for group, path, node in list(GENERIC.walk_skills())[:60]
    ]
    words = [f"word{i:04d}" for i in range(560)]  # 9 characters each with the spaces
    character.notes = " ".join(words)[:5000]
    assert len(character.skills) == 60 and len(character.notes) == 5000

    text = squash(text_of(export_pdf_bytes([sheet], paper="a4", stat_blocks=False, invariant=True)))
    for skill in character_figures(character).skills:
        assert squash(skill.name) in text, skill.name
        assert f"{skill.chance}%" in text, skill
    kept = character.notes.split()
    for word in kept[:-1]:  # the last word may be cut by the 5,000-character limit itself
        assert word in text, word
