"""Page breaks that waste no paper and lose no context: blanks with the same pages on A4 and
Letter, tables that split under their header, groups that say they continue, and each
sheet of a party starting on a right-hand page."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from sheetapp.pdf.export import export_blank_bytes, export_pdf_bytes
from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.columns import two_column_table
from sheetapp.pdf.kit.document import BACK_PAGE_NOTE, Layout, Section, build_pdf, document_info
from sheetapp.pdf.kit.tables import Column, Group, data_table
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids

BLANKS = [(s, None) for s in system_ids()] + [
    ("amazing-engine", u) for u in installed_universes()
]


def pages_of(data: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.parametrize(("system_id", "universe"), BLANKS)
@pytest.mark.parametrize("duplex", [True, False], ids=["duplex", "one-sided"])
def test_every_blank_has_the_same_pages_on_a4_and_letter(
    system_id: str, universe: str | None, duplex: bool
) -> None:
    counts = {
        paper: len(
            pages_of(export_blank_bytes(system_id, paper=paper, universe=universe, duplex=duplex))
        )
        for paper in ("a4", "letter")
    }
    assert counts["a4"] == counts["letter"], counts


@pytest.mark.parametrize(
    ("system_id", "pages"),
    [("amplitude", 2), ("d6-pool", 2), ("alternity", 2), ("forgotten-futures", 2)],
)
def test_a_one_sheet_blank_stays_on_one_sheet_of_paper(system_id: str, pages: int) -> None:
    for paper in ("a4", "letter"):
        assert len(pages_of(export_blank_bytes(system_id, paper=paper))) == pages


def one_section(story: list, *, title: str = "Test") -> bytes:
    section = Section(title=title, kind="Character", system="Test", story=lambda _: story)
    return build_pdf([section], paper="a4", info=document_info([section]), invariant=True)


def test_a_long_table_starts_under_its_heading_and_repeats_its_header() -> None:
    """A table that would fit a page of its own still starts where it is, under its band,
    and its header row repeats on the page it continues to."""
    columns = [Column("Weapon", 60 * mm), Column("Damage", 30 * mm)]
    rows = [[f"row-{n:02d}", f"{n}d6"] for n in range(1, 31)]
    story = [Spacer(0, 150 * mm), heading("Arsenal", 180 * mm), data_table(columns, rows)]
    first, second = pages_of(one_section(story))
    assert "ARSENAL" in first and "row-01" in first  # started here, not on the next page
    assert "row-30" in second and "WEAPON" in second and "DAMAGE" in second
    assert "row-30" not in first


def test_a_heading_never_stands_alone_at_the_foot_of_a_page() -> None:
    columns = [Column("Weapon", 60 * mm)]
    for room_taken in range(226, 246, 2):  # the band fits, then the header, then the row
        story = [
            Spacer(0, room_taken * mm),
            heading("Arsenal", 180 * mm),
            data_table(columns, [["club"]]),
        ]
        pages = pages_of(one_section(story))
        assert [("ARSENAL" in p, "club" in p) for p in pages if "ARSENAL" in p] == [(True, True)]


def test_a_group_continued_in_the_next_column_and_page_repeats_its_heading() -> None:
    rows: list = [Group("Lore")] + [[f"lore-{n:03d}", "Wit"] for n in range(160)]
    rows += [Group("Combat")] + [[f"combat-{n:03d}", "Dex"] for n in range(3)]

    def story(layout: Layout) -> list:
        half = (layout.grid.width - 4 * mm) / 2
        columns = [Column("Skill", half * 0.7), Column("Attribute", half * 0.3)]
        return [two_column_table(columns, rows, width=layout.grid.width)]

    section = Section(title="Skills", kind="Character", system="Test", story=story)
    pages = pages_of(build_pdf([section], paper="a4", info=document_info([section])))
    assert len(pages) >= 2
    # the first page: Lore, then Lore continued at the top of its right column
    assert pages[0].count("Lore") == 2 and "Lore (cont.)" in pages[0]
    assert all("Lore (cont.)" in page for page in pages[1:])
    assert not any("Combat (cont.)" in page for page in pages)  # Combat starts whole


def test_empty_rows_after_a_list_are_in_no_group() -> None:
    rows: list = [Group("Lore")] + [[f"lore-{n:03d}", "Wit"] for n in range(20)]

    def story(layout: Layout) -> list:
        half = (layout.grid.width - 4 * mm) / 2
        columns = [Column("Skill", half * 0.7), Column("Attribute", half * 0.3)]
        return [two_column_table(columns, rows, width=layout.grid.width, min_rows=200)]

    section = Section(title="Skills", kind="Character", system="Test", story=story)
    pages = pages_of(build_pdf([section], paper="a4", info=document_info([section])))
    assert len(pages) >= 2 and not any("(cont.)" in page for page in pages)


def party(system_ids_: list[str]) -> list:
    return [
        get_system(s).new(NewOptions(random=True, seed=seed))
        for seed, s in enumerate(system_ids_, start=3)
    ]


def section_starts(data: bytes) -> list[int]:
    """The 1-based page each bookmarked section starts on."""
    reader = PdfReader(io.BytesIO(data))
    return [reader.get_destination_page_number(entry) + 1 for entry in reader.outline]


@pytest.mark.parametrize("system_id", system_ids())
def test_each_sheet_of_a_party_starts_on_a_right_hand_page(system_id: str) -> None:
    sheets = party([system_id] * 3 + [s for s in system_ids() if s != system_id])
    data = export_pdf_bytes(sheets, paper="letter")
    starts = section_starts(data)
    assert len(starts) >= len(sheets)
    assert all(page % 2 == 1 for page in starts), starts
    pages = pages_of(data)
    backs = [n for n, text in enumerate(pages, 1) if BACK_PAGE_NOTE[:30] in text]
    assert all(n % 2 == 0 and n + 1 in starts for n in backs)
    # one-sided: the same sheets, no back pages, so fewer pages whenever any were added
    plain = export_pdf_bytes(sheets, paper="letter", duplex=False)
    assert len(pages_of(plain)) == len(pages) - len(backs)
    assert not any(BACK_PAGE_NOTE[:30] in text for text in pages_of(plain))


def empty_at_foot(data: bytes, paper: str) -> list[float]:
    """For each page, the share of the frame's height left empty under the last ink."""
    import pypdfium2

    from sheetapp.pdf.kit.document import page_layout
    from sheetapp.pdf.kit.paper import FOOTER_BAND, SAFE_MARGIN

    frame = page_layout(paper).frame_height
    shares = []
    for page in pypdfium2.PdfDocument(data):
        scale = 0.5
        image = page.render(scale=scale, grayscale=True).to_pil()
        bottom = int(image.height - (SAFE_MARGIN + FOOTER_BAND) * scale) - 2
        pixels = image.load()
        row = bottom
        while row > 0 and all(pixels[x, row] > 200 for x in range(image.width)):
            row -= 1
        shares.append((bottom - row) / scale / frame)
    return shares


@pytest.mark.parametrize("system_id", system_ids())
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_page_but_a_sections_last_leaves_more_than_a_third_empty(
    system_id: str, paper: str
) -> None:
    for seed in (1, 2, 3):
        sheet = get_system(system_id).new(NewOptions(random=True, seed=seed))
        data = export_pdf_bytes([sheet], paper=paper, duplex=False)
        last_pages = {start - 1 for start in section_starts(data)[1:]} | {len(pages_of(data))}
        shares = empty_at_foot(data, paper)
        wasted = {n: round(s, 2) for n, s in enumerate(shares, 1) if n not in last_pages}
        assert all(s <= 1 / 3 + 0.02 for s in wasted.values()), (seed, wasted)


def test_stat_blocks_of_several_systems_each_start_on_a_right_hand_page() -> None:
    """Drawn pages (no platypus) follow the same rule."""
    sheets = party(["amplitude"] * 7 + ["d6-pool"] * 3 + ["alternity"])
    data = export_pdf_bytes(sheets, stat_blocks=True)
    starts = section_starts(data)
    assert len(starts) == 3 and all(page % 2 == 1 for page in starts), starts
    pages = pages_of(data)
    assert BACK_PAGE_NOTE[:30] in pages[starts[1] - 2]  # amplitude's one page, then a back
    assert len(pages_of(export_pdf_bytes(sheets, stat_blocks=True, duplex=False))) == 3


def foot_gaps(data: bytes) -> list[float]:
    """For each page, how much of the paper's own frame is left empty under the last ink,
    in points (read off the rendered page, rules and boxes included)."""
    import pypdfium2

    from sheetapp.pdf.kit.paper import FOOTER_BAND, SAFE_MARGIN

    gaps = []
    for page in pypdfium2.PdfDocument(data):
        image = page.render(scale=1, grayscale=True).to_pil()
        bottom = int(image.height - SAFE_MARGIN - FOOTER_BAND) - 1
        pixels = image.load()
        row = bottom
        while row > 0 and all(pixels[x, row] > 200 for x in range(image.width)):
            row -= 1
        gaps.append(float(bottom - row))
    return gaps


@pytest.mark.parametrize(("system_id", "universe"), BLANKS)
@pytest.mark.parametrize("fillable", [False, True], ids=["printed", "fillable"])
def test_every_blank_page_is_filled_to_its_foot_on_both_papers(
    system_id: str, universe: str | None, fillable: bool
) -> None:
    """The same pages on A4 and Letter, yet neither leaves the foot of a page empty: the
    parts that fill a page (spare rows, ruled boxes) take the paper's own height, so at most
    about one row's height is left under them. A universe's skill list breaks alike on both
    papers; a page it ends is filled with rows to write in, down to that paper's floor."""
    from sheetapp.pdf.kit.tables import EMPTY_ROW

    pages = {}
    for paper in ("a4", "letter"):
        data = export_blank_bytes(
            system_id, paper=paper, fillable=fillable, universe=universe, duplex=False
        )
        pages[paper] = pages_of(data)
        gaps = foot_gaps(data)
        assert max(gaps) <= EMPTY_ROW + 1 * mm, (paper, [round(g / mm, 1) for g in gaps])
    assert len(pages["a4"]) == len(pages["letter"])
    assert [p.split() for p in pages["a4"]] == [p.split() for p in pages["letter"]]
