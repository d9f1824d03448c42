"""The roster and search queries, built from a ``RosterQuery`` with every value bound as a
parameter (typed text never becomes SQL or FTS syntax)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sheetapp.storage.library.rows import SORT_KEYS, RosterQuery, RosterRow
from sheetapp.storage.library.search_text import Term, search_terms
from sheetapp.storage.times import stored_time

TAG_SEPARATOR = "\x1f"

ROW_COLUMNS = (
    "s.id, s.name, s.system, s.setting, s.npc, s.campaign, s.updated, s.trashed, "
    f"(SELECT group_concat(tag, char({ord(TAG_SEPARATOR)})) FROM tags t WHERE t.sheet_id = s.id)"
)

# A row per character: the character's name in the sheet's place, then where it is and its
# player.
CHARACTER_COLUMNS = ROW_COLUMNS.replace("s.id, s.name,", "s.id, c.name,") + ", c.position, c.player"

_ORDER = {
    "name": ("s.name_key", "s.id"),
    "system": ("s.system", "s.name_key", "s.id"),
    "setting": ("s.setting COLLATE NOCASE", "s.name_key", "s.id"),
    "kind": ("s.npc", "s.name_key", "s.id"),
    "campaign": ("s.campaign COLLATE NOCASE", "s.name_key", "s.id"),
    "updated": ("s.updated", "s.id"),
    "id": ("s.id",),
}


def row_from(record: tuple[Any, ...]) -> RosterRow:
    """A row as the roster shows it. Columns are read as input from outside (SQLite keeps
    whatever type another program wrote): text where text belongs, a time in range where a
    time belongs, so no view or printout meets a value it cannot show."""
    sheet_id, name, system, setting, npc, campaign, updated, trashed, tags = record[:9]
    character, player = record[9:] if len(record) > 9 else (0, "")
    tag_text = text_of(tags)
    return RosterRow(
        sheet_id,
        text_of(name),
        text_of(system),
        text_of(setting),
        bool(npc),
        text_of(campaign),
        tuple(sorted(tag_text.split(TAG_SEPARATOR), key=str.casefold)) if tag_text else (),
        stored_time(updated) or 0.0,
        stored_time(trashed) if trashed is not None else None,
        character if type(character) is int else 0,
        text_of(player),
    )


def text_of(value: Any) -> str:
    """A text column's value as text, whatever type was stored in it."""
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return "" if value is None else str(value)


# Everything the index holds of a sheet, for words the tokenizer cannot see whole.
_INDEXED_TEXT = "search.name || ' ' || search.tags || ' ' || search.text"


def _indexed(term: Term) -> tuple[str, list[Any]]:
    """The condition on the full-text table that ``term`` is there."""
    parts, params = [], []
    if term.match is not None:
        parts.append("search MATCH ?")
        params.append(term.match)
    if term.literal is not None:
        parts.append(f"instr({_INDEXED_TEXT}, ?) > 0")
        params.append(term.literal)
    return " AND ".join(parts), params


def where(query: RosterQuery) -> tuple[str, list[Any]]:
    """The WHERE clause (roster sheets only, not the trash) and its parameters."""
    clauses, params = ["s.trashed IS NULL"], []
    for term in search_terms(query.text):
        # Each word must be part of the name, or begin a word of the name, tags or text.
        condition, values = _indexed(term)
        clauses.append(
            f"(instr(s.name_key, ?) > 0 OR s.id IN (SELECT rowid FROM search WHERE {condition}))"
        )
        params += [term.literal or _unquoted(term), *values]
    if query.system is not None:
        clauses.append("s.system = ?")
        params.append(query.system)
    if query.campaign is not None:
        clauses.append("s.campaign = ?")
        params.append(query.campaign)
    if query.tag is not None:
        clauses.append("EXISTS (SELECT 1 FROM tags t WHERE t.sheet_id = s.id AND t.tag = ?)")
        params.append(query.tag)
    if query.npc is not None:
        clauses.append("s.npc = ?")
        params.append(int(query.npc))
    return " AND ".join(clauses), params


def character_where(query: RosterQuery) -> tuple[str, list[Any]]:
    """The WHERE clause of the roster's character rows (``c``, joined to their sheet ``s``).

    Each typed word must be part of the character's name, or begin a word of its sheet's
    name, tags or text. When some character of a sheet has every word in its name, only
    those characters of that sheet are listed: a search for the second character of a
    core finds that character, not the core's first one too.
    """
    clause, params = where(replace(query, text=""))
    clauses = [clause]
    words = [term.literal or _unquoted(term) for term in search_terms(query.text)]
    for term, word in zip(search_terms(query.text), words, strict=True):
        condition, values = _indexed(term)
        clauses.append(
            f"(instr(c.name_key, ?) > 0 OR s.id IN (SELECT rowid FROM search WHERE {condition}))"
        )
        params += [word, *values]
    if words:
        named = " AND ".join("instr(o.name_key, ?) > 0" for _ in words)
        clauses.append(
            f"({named.replace('o.', 'c.')} OR NOT EXISTS (SELECT 1 FROM characters o "
            f"WHERE o.sheet_id = s.id AND {named}))"
        )
        params += [*words, *words]
    return " AND ".join(clauses), params


def character_roster_sql(
    query: RosterQuery, columns: str = CHARACTER_COLUMNS
) -> tuple[str, list[Any]]:
    """The roster as a row per character, in the query's order (a sheet's characters in
    their own order where the sort leaves them level)."""
    clause, params = character_where(query)
    # The characters' own columns, so the default order reads the characters_roster index.
    order = order_by(query).replace("s.name_key", "c.name_key").replace("s.id", "c.sheet_id")
    direction = " DESC" if query.descending else ""
    return (
        f"SELECT {columns} FROM characters c JOIN sheets s ON s.id = c.sheet_id "
        f"WHERE {clause} ORDER BY {order}, c.position{direction}",
        params,
    )


def _unquoted(term: Term) -> str:
    """The folded word of a plain term (its FTS5 form is ``"word"*``)."""
    return (term.match or "")[1:-2].replace('""', '"')


def order_by(query: RosterQuery) -> str:
    if query.sort not in _ORDER:
        raise ValueError(f"unknown sort '{query.sort}'; one of {', '.join(SORT_KEYS)}")
    direction = " DESC" if query.descending else ""
    return ", ".join(part + direction for part in _ORDER[query.sort])


def roster_sql(query: RosterQuery, columns: str = ROW_COLUMNS) -> tuple[str, list[Any]]:
    clause, params = where(query)
    return f"SELECT {columns} FROM sheets s WHERE {clause} ORDER BY {order_by(query)}", params


def search_sql(text: str, limit: int | None) -> tuple[str, list[Any]] | None:
    """Full-text search ranked best first (a hit in the name counts most, then tags);
    None when the text holds nothing to look for."""
    terms = search_terms(text)
    if not terms:
        return None
    conditions, params = [], []
    for term in terms:
        condition, values = _indexed(term)
        conditions.append(condition)
        params += values
    ranked = any(term.match is not None for term in terms)
    order = "bm25(search, 10.0, 4.0, 1.0), " if ranked else ""
    sql = (
        f"SELECT {ROW_COLUMNS} FROM search JOIN sheets s ON s.id = search.rowid "
        f"WHERE {' AND '.join(conditions)} AND s.trashed IS NULL "
        f"ORDER BY {order}s.name_key, s.id"
    )
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return sql, params
