"""Stat blocks as text for every system: the PDF block's figures, one line per part, and
Markdown that shows every user string as typed."""

from __future__ import annotations

import pytest

from sheetapp.statblocks.text import blocks_of, escape, write
from sheetapp.systems.amazing_engine.block_figures import block_figures
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, modules, system_ids


@pytest.mark.parametrize("system_id", system_ids())
def test_every_system_writes_a_block_with_its_name_system_and_figures(system_id) -> None:
    sheet = get_system(system_id).new(NewOptions(random=True, seed=7, npc=True))
    (block,) = blocks_of(sheet)
    text = write([block], "text")
    name = sheet.characters[0].name if system_id == "amazing-engine" else sheet.name
    lines = text.splitlines()
    assert lines[0] == name
    assert lines[1].startswith(modules(system_id).name)
    assert len(lines) >= 4 and text.endswith("\n")
    markdown = write([block], "markdown")
    assert markdown.startswith(f"### {escape(name)}\n\n*{modules(system_id).name}")


def test_the_amazing_engine_block_shows_the_pdf_blocks_figures() -> None:
    sheet = get_system("amazing-engine").new(NewOptions(random=True, seed=7, npc=True))
    figures = block_figures(sheet.characters[0])
    text = write(blocks_of(sheet), "text")
    assert f"FIT {figures.attributes['fitness']}" in text
    assert f"Stamina {figures.stamina} · Body {figures.body}" in text


def test_a_hostile_name_stays_one_line_and_literal_in_markdown() -> None:
    sheet = get_system("amplitude").new(NewOptions(random=True, seed=7, npc=True))
    sheet.name = "*Vex*\n| [link](x) <b>"
    text = write(blocks_of(sheet), "text")
    assert text.splitlines()[0] == "*Vex* | [link](x) <b>"
    markdown = write(blocks_of(sheet), "markdown")
    assert markdown.splitlines()[0] == r"### \*Vex\* \| \[link\](x) \<b\>"
