"""Why a value was refused, in the reader's language.

pydantic words its refusals in English whatever the language ("Input should be greater than
or equal to 0"): a German player typing a weight of -1 read "Nicht angenommen: Input should
be ...". The refusals a person meets typing into a sheet are read here by their type, with
the limit in the locale's figures; a validator of our own already words its reason through
the catalog and is kept; any other type keeps pydantic's text rather than lose it.
"""

from __future__ import annotations

from typing import Any

from sheetapp.i18n import _
from sheetapp.locale_format import number


def reason(error: Any) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) as a phrase.

    >>> reason({"type": "greater_than_equal", "msg": "Input should be ...", "ctx": {"ge": 0}})
    'must be at least 0'
    >>> reason({"type": "value_error", "msg": "Value error, no such skill", "ctx": {}})
    'no such skill'
    """
    ctx = error.get("ctx") or {}
    kind = error.get("type", "")

    def limit(key: str) -> str:
        value = ctx.get(key)
        return number(value) if isinstance(value, (int, float)) else str(value)

    if kind == "greater_than_equal":
        return _("must be at least {limit}").format(limit=limit("ge"))
    if kind == "greater_than":
        return _("must be more than {limit}").format(limit=limit("gt"))
    if kind == "less_than_equal":
        return _("must be at most {limit}").format(limit=limit("le"))
    if kind == "less_than":
        return _("must be less than {limit}").format(limit=limit("lt"))
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return _("must be a whole number")
    if kind in ("float_parsing", "float_type", "finite_number"):
        return _("must be a number")
    if kind == "string_too_long":
        return _("may be at most {limit} characters long").format(limit=limit("max_length"))
    if kind == "string_too_short":
        return _("must be at least {limit} characters long").format(limit=limit("min_length"))
    if kind == "missing":
        return _("is missing")
    if kind == "extra_forbidden":
        return _("is not a field of this sheet (misspelt?)")
    message = str(error.get("msg", ""))
    return message.removeprefix("Value error, ").removeprefix("Assertion failed, ")
