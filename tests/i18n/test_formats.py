"""Numbers and dates a person reads are written the way their locale writes them."""

from __future__ import annotations

import datetime

from sheetapp import i18n
from sheetapp.locale_format import babel_locale, date, date_time, number


def test_english_follows_the_system_region(monkeypatch) -> None:
    monkeypatch.setenv("LANGUAGE", "en_GB.UTF-8")
    assert babel_locale() == "en_GB"
    assert date(datetime.date(2026, 11, 26)) == "26 Nov 2026"
    monkeypatch.setenv("LANGUAGE", "en_US.UTF-8")
    assert date(datetime.date(2026, 11, 26)) == "Nov 26, 2026"


def test_a_pseudo_locale_formats_as_english(language, monkeypatch) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "C")
    language("qps-ploc")
    assert i18n.language() == "qps-ploc" and babel_locale() == "en"
    assert number(1234.5, places=1) == "1,234.5"


def test_german_and_arabic_write_their_own_figures() -> None:
    assert number(1234.5, places=1, locale="de") == "1.234,5"
    moment = datetime.datetime(2026, 11, 26, 14, 5, tzinfo=datetime.timezone.utc)
    assert date_time(moment, locale="de") == "26.11.26, 14:05"
    assert "2026" in date(moment.date(), locale="ar", length="long")
