"""The roster and search queries, built from a ``RosterQuery`` with every value bound as a
parameter (typed text never becomes SQL or FTS syntax)."""

from __future__ import annotations

from typing import Any

from sheetapp.storage.library.reindex import CHARACTER_SLOTS
from sheetapp.storage.library.rows import SORT_KEYS, RosterQuery, RosterRow
from sheetapp.storage.library.search_text import Term, search_terms
from sheetapp.storage.times import stored_time

TAG_SEPARATOR = "\x1f"

# A sheet's row: its tags are its own and those set on any of its characters.
ROW_COLUMNS = (
    "s.id, s.name, s.system, s.setting, s.npc, s.campaign, s.updated, s.trashed, "
    f"(SELECT group_concat(tag, char({ord(TAG_SEPARATOR)})) FROM (SELECT tag FROM tags t "
    "WHERE t.sheet_id = s.id UNION SELECT tag FROM character_tags k WHERE k.sheet_id = s.id))"
)

# A character's group: the one set on it, else its sheet's (``filing``), which the
# library's triggers copy into the character row (schema version 9).
CHARACTER_CAMPAIGN = "c.campaign"

# A row per character: the character's name, setting, group and tags (its sheet's and its
# own) in the sheet's place, then where it is in its sheet and its own columns.
CHARACTER_COLUMNS = (
    f"s.id, c.name, s.system, c.setting, s.npc, {CHARACTER_CAMPAIGN}, s.updated, s.trashed, "
    f"(SELECT group_concat(tag, char({ord(TAG_SEPARATOR)})) FROM (SELECT tag FROM tags t "
    "WHERE t.sheet_id = s.id UNION SELECT tag FROM character_tags k "
    "WHERE k.sheet_id = c.sheet_id AND k.character_id = c.character_id)), "
    "c.position, c.player, c.profession, c.status, c.xp"
)

_ORDER = {
    "name": ("s.name_key", "s.id"),
    "system": ("s.system", "s.name_key", "s.id"),
    "setting": ("s.setting COLLATE NOCASE", "s.name_key", "s.id"),
    "kind": ("s.npc", "s.name_key", "s.id"),
    "campaign": ("s.campaign COLLATE NOCASE", "s.name_key", "s.id"),
    "updated": ("s.updated", "s.id"),
    "id": ("s.id",),
}

# The character rows' order, read from the characters alone (each copies its sheet's
# system, NPC flag and save time, and its group): each order is an index of the same
# terms (schema versions 8 and 9), so a page of rows in any order reads a page of one index.
_CHARACTER_ORDER: dict[str, tuple[str, ...]] = {
    "name": ("c.name_key", "c.sheet_id"),
    "system": ("c.system", "c.name_key", "c.sheet_id"),
    "setting": ("c.setting COLLATE NOCASE", "c.name_key", "c.sheet_id"),
    "kind": ("c.npc", "c.name_key", "c.sheet_id"),
    "campaign": ("c.campaign COLLATE NOCASE", "c.name_key", "c.sheet_id"),
    "updated": ("c.updated", "c.sheet_id"),
    "id": ("c.sheet_id",),
    "player": ("c.player COLLATE NOCASE", "c.name_key", "c.sheet_id"),
    "profession": ("c.profession COLLATE NOCASE", "c.name_key", "c.sheet_id"),
    "status": ("c.status", "c.name_key", "c.sheet_id"),
    # No XP (a system without it) sorts before any XP, as an empty text sorts first.
    "xp": ("coalesce(c.xp, -1e18)", "c.name_key", "c.sheet_id"),
}


def row_from(record: tuple[Any, ...]) -> RosterRow:
    """A row as the roster shows it. Columns are read as input from outside (SQLite keeps
    whatever type another program wrote): text where text belongs, a time in range where a
    time belongs, so no view or printout meets a value it cannot show."""
    sheet_id, name, system, setting, npc, campaign, updated, trashed, tags = record[:9]
    character, player, profession, status, xp = (
        record[9:] if len(record) > 9 else (0, "", "", "", None)
    )
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
        text_of(profession),
        text_of(status),
        xp if type(xp) is int else None,
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
        # The sheet's own tag, or one set on any character of it.
        clauses.append(
            "(EXISTS (SELECT 1 FROM tags t WHERE t.sheet_id = s.id AND t.tag = ?) OR EXISTS "
            "(SELECT 1 FROM character_tags k WHERE k.sheet_id = s.id AND k.tag = ?))"
        )
        params += [query.tag, query.tag]
    if query.npc is not None:
        clauses.append("s.npc = ?")
        params.append(int(query.npc))
    return " AND ".join(clauses), params


# Everything a character's full-text row holds, for words the tokenizer cannot see whole.
_CHARACTER_TEXT = _INDEXED_TEXT.replace("search.", "character_search.")
_CHARACTER_ROWID = f"c.sheet_id * {CHARACTER_SLOTS} + c.position"


def _character_indexed(term: Term) -> tuple[str, list[Any]]:
    """The condition on the characters' full-text table that ``term`` is there."""
    condition, params = _indexed(term)
    condition = condition.replace("search MATCH", "character_search MATCH")
    return condition.replace(_INDEXED_TEXT, _CHARACTER_TEXT), params


def character_where(query: RosterQuery) -> tuple[str, list[Any]]:
    """The WHERE clause of the roster's character rows (``c``), reading no sheet row: the
    sheet's own filters are sets of sheet ids, each read once per query.

    Each typed word must be part of the character's name, or begin a word of its own
    full-text row: its name, its tags (its sheet's and its own) and its own text
    (profession, notes, gear, and what its sheet shares, as the system's plugin says).
    A core's other characters are not found by this one's words, nor by a tag or group
    set on this one alone.
    """
    clauses: list[str] = []
    params: list[Any] = []
    for term in search_terms(query.text):
        condition, values = _character_indexed(term)
        clauses.append(
            f"(instr(c.name_key, ?) > 0 OR {_CHARACTER_ROWID} IN "
            f"(SELECT rowid FROM character_search WHERE {condition}))"
        )
        params += [term.literal or _unquoted(term), *values]
    own, own_params = _own_clauses(query)
    sheet, sheet_params = _sheet_clauses(query, "c")
    return " AND ".join(clauses + own + sheet), params + own_params + sheet_params


def _own_clauses(query: RosterQuery) -> tuple[list[str], list[Any]]:
    """The filters on the character's own columns (``c``), its group and its tags (its
    sheet's or its own)."""
    clauses, params = [], []
    if query.system is not None:
        clauses.append("c.system = ?")
        params.append(query.system)
    if query.npc is not None:
        clauses.append("c.npc = ?")
        params.append(int(query.npc))
    if query.campaign is not None:
        clauses.append(f"{CHARACTER_CAMPAIGN} = ?")
        params.append(query.campaign)
    if query.tag is not None:
        clauses.append(
            "(c.sheet_id IN (SELECT sheet_id FROM tags WHERE tag = ?) OR EXISTS "
            "(SELECT 1 FROM character_tags k WHERE k.sheet_id = c.sheet_id "
            "AND k.character_id = c.character_id AND k.tag = ?))"
        )
        params += [query.tag, query.tag]
    return clauses, params


TRIGRAM = 3  # the shortest word ``character_names`` can find (its pieces' length)

# The trashed sheets' ids ("ORDER BY id" leads SQLite to their small partial index).
_TRASHED = "SELECT id FROM sheets WHERE trashed IS NOT NULL ORDER BY id"


def _sheet_clauses(query: RosterQuery, table: str) -> tuple[list[str], list[Any]]:
    """The filter on the character's sheet, as a set of sheet ids (``table.sheet_id``): not
    in the trash (each row is looked up in its small index)."""
    return [f"{table}.sheet_id NOT IN ({_TRASHED})"], []


def _found_keys(query: RosterQuery) -> tuple[str, list[Any]] | None:
    """(sheet_id, position) of the characters every typed word finds, as one compound
    SELECT (None: nothing typed): per word, the names holding it (from the names'
    three-letter pieces for a word that long, else by reading every name) and the full-text
    rows with a word it begins, merged. Counting these reads each hit once, where a test of
    every row against the full-text hits costs a lookup per row.
    A word of one letter finds most rows (None): testing each row is then the cheaper,
    as most pass on their name alone."""
    terms = search_terms(query.text)
    if any(len(term.literal or _unquoted(term)) < 2 for term in terms):
        return None
    words, params = [], []
    for term in terms:
        condition, values = _character_indexed(term)
        word = term.literal or _unquoted(term)
        if len(word) >= TRIGRAM:  # the names holding it, from their three-letter pieces
            names = (
                f"SELECT rowid / {CHARACTER_SLOTS} AS sheet_id, "
                f"rowid % {CHARACTER_SLOTS} AS position "
                "FROM character_names WHERE character_names MATCH ?"
            )
            word = '"' + word.replace('"', '""') + '"'
        else:
            names = "SELECT sheet_id, position FROM characters WHERE instr(name_key, ?) > 0"
        words.append(
            f"SELECT * FROM ({names} UNION "
            f"SELECT rowid / {CHARACTER_SLOTS}, rowid % {CHARACTER_SLOTS} FROM character_search "
            f"WHERE {condition})"
        )
        params += [word, *values]
    return (" INTERSECT ".join(words), params) if words else None


def count_is_costly(query: RosterQuery) -> bool:
    """Whether counting ``query``'s rows reads most of the roster: a typed word of one or
    two letters, which no three-letter piece of the names can find and which begins a word
    of most characters' full-text rows (counting "b" reads 70,000 of 100,000 characters,
    where its first page stops after a screenful)."""
    return any(len(term.literal or _unquoted(term)) < TRIGRAM for term in search_terms(query.text))


def character_order(query: RosterQuery) -> str:
    """The ORDER BY terms of the character rows (a sheet's characters in their own order
    where the sort leaves them level)."""
    direction = " DESC" if query.descending else ""
    return f"{order_by(query, _CHARACTER_ORDER)}, c.position{direction}"


def character_roster_sql(
    query: RosterQuery, columns: str = CHARACTER_COLUMNS
) -> tuple[str, list[Any]]:
    """The roster as a row per character, in the query's order."""
    clause, params = character_where(query)
    return (
        f"SELECT {columns} FROM characters c JOIN sheets s ON s.id = c.sheet_id "
        f"WHERE {clause} ORDER BY {character_order(query)}",
        params,
    )


def character_keys_sql(
    query: RosterQuery, offset: int = 0, limit: int | None = None
) -> tuple[str, list[Any]]:
    """(sheet id, position) of the roster's rows in order, ``limit`` of them from
    ``offset`` (all of them: None)."""
    clause, params = character_where(query)
    sql = (
        f"SELECT c.sheet_id, c.position FROM characters c WHERE {clause} "
        f"ORDER BY {character_order(query)}"
    )
    if limit is not None:
        sql += " LIMIT ? OFFSET ?"
        params += [limit, offset]
    return sql, params


def character_count_sql(query: RosterQuery) -> tuple[str, list[Any]]:
    """How many rows ``character_keys_sql`` gives; with typed words, counted from the
    characters they find (see ``_found_keys``)."""
    if query == RosterQuery(sort=query.sort, descending=query.descending):
        # Everyone: every character but the trashed sheets', two counts of an index each
        # (testing each of 100,000 rows against the trash took longer than the rest of a
        # keystroke that clears the filter).
        return (
            "SELECT (SELECT count(*) FROM characters) - (SELECT count(*) FROM characters "
            f"WHERE sheet_id IN ({_TRASHED}))",
            [],
        )
    found = _found_keys(query)
    if found is None:
        clause, params = character_where(query)
        return f"SELECT count(*) FROM characters c WHERE {clause}", params
    keys, params = found
    own, own_params = _own_clauses(query)
    sheet, sheet_params = _sheet_clauses(query, "m")
    joined = (
        " JOIN characters c ON c.sheet_id = m.sheet_id AND c.position = m.position"
        if own
        else ""
    )
    return (
        f"SELECT count(*) FROM ({keys}) m{joined} WHERE {' AND '.join(own + sheet)}",
        params + own_params + sheet_params,
    )


def character_places_sql(query: RosterQuery, sheet_ids: str) -> tuple[str, list[Any]]:
    """(row, sheet id, position) of the rows of the sheets in ``sheet_ids`` (a JSON list):
    where they are in the query's order, found in SQL without reading every row out."""
    clause, params = character_where(query)
    return (
        "SELECT n, sheet_id, position FROM (SELECT c.sheet_id, c.position, "
        f"row_number() OVER (ORDER BY {character_order(query)}) - 1 AS n "
        f"FROM characters c WHERE {clause}) "
        "WHERE sheet_id IN (SELECT value FROM json_each(?)) ORDER BY n",
        [*params, sheet_ids],
    )


def character_members_sql(query: RosterQuery, sheet_ids: str) -> tuple[str, list[Any]]:
    """(sheet id, position) of the rows of the sheets in ``sheet_ids`` (a JSON list) that
    the query lists: each sheet's characters looked up by its id, not the whole list."""
    clause, params = character_where(query)
    return (
        f"SELECT c.sheet_id, c.position FROM characters c WHERE {clause} "
        "AND c.sheet_id IN (SELECT value FROM json_each(?))",
        [*params, sheet_ids],
    )


def character_rank_sql(query: RosterQuery) -> tuple[str, list[Any]]:
    """How many of the query's rows come before the row (sheet id, position) given as the
    last two parameters: its row number, read along the order's index up to it (every
    term of an order runs the same way, so one comparison of row values says "before")."""
    clause, params = character_where(query)
    terms = [term.removesuffix(" DESC") for term in character_order(query).split(", ")]
    before = ">" if query.descending else "<"
    return (
        f"SELECT count(*) FROM characters c WHERE {clause} AND ({', '.join(terms)}) {before} "
        f"(SELECT {', '.join(terms)} FROM characters c WHERE c.sheet_id = ? AND c.position = ?)",
        params,
    )


def _unquoted(term: Term) -> str:
    """The folded word of a plain term (its FTS5 form is ``"word"*``)."""
    return (term.match or "")[1:-2].replace('""', '"')


def order_by(query: RosterQuery, orders: dict[str, tuple[str, ...]] = _ORDER) -> str:
    """The ORDER BY terms; a sheet-per-row listing sorts by the sheet's columns only."""
    if query.sort not in orders:
        known = [k for k in SORT_KEYS if k in orders]
        raise ValueError(f"unknown sort '{query.sort}'; one of {', '.join(known)}")
    direction = " DESC" if query.descending else ""
    return ", ".join(part + direction for part in orders[query.sort])


def roster_sql(query: RosterQuery, columns: str = ROW_COLUMNS) -> tuple[str, list[Any]]:
    clause, params = where(query)
    return f"SELECT {columns} FROM sheets s WHERE {clause} ORDER BY {order_by(query)}", params


def search_sql(text: str, limit: int | None) -> tuple[str, list[Any]] | None:
    """Full-text search of the characters, ranked best first (a hit in the name counts
    most, then tags); None when the text holds nothing to look for."""
    terms = search_terms(text)
    if not terms:
        return None
    conditions, params = [], []
    for term in terms:
        condition, values = _character_indexed(term)
        conditions.append(condition)
        params += values
    ranked = any(term.match is not None for term in terms)
    order = "bm25(character_search, 10.0, 4.0, 1.0), " if ranked else ""
    sql = (
        f"SELECT {CHARACTER_COLUMNS} FROM character_search "
        f"JOIN characters c ON {_CHARACTER_ROWID} = character_search.rowid "
        f"JOIN sheets s ON s.id = c.sheet_id "
        f"WHERE {' AND '.join(conditions)} AND s.trashed IS NULL "
        f"ORDER BY {order}c.name_key, c.sheet_id, c.position"
    )
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return sql, params
