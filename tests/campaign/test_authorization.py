"""The Authorization header: what the client writes, the host reads back; anything else
is None, never an exception."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheetapp.campaign.authorization import authorization, parse_authorization


def test_the_header_round_trips() -> None:
    assert parse_authorization(authorization("d1", "tok-en_")) == ("d1", "tok-en_")


def test_other_headers_are_not_credentials() -> None:
    for value in (
        None,
        "",
        "Bearer x",
        "Device d1",
        "Device d1 t extra",
        "device d1 t",
        "Device d1 " + "t" * 600,
        "Device d1 tök",
    ):
        assert parse_authorization(value) is None


@given(st.text(max_size=600))
def test_reading_any_header_never_raises(value: str) -> None:
    parsed = parse_authorization(value)
    assert parsed is None or parse_authorization(authorization(*parsed)) == parsed
