"""Invite codes and links: readable codes, links that round-trip, and garbage refused in
one line whatever it is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.campaign.invites import (
    ALPHABET,
    InviteError,
    InviteLink,
    format_link,
    new_code,
    new_invite_id,
    normal_code,
    parse_link,
)
from sheetapp.campaign.tls import fingerprint

FP = fingerprint(b"certificate")


def test_codes_use_only_the_unambiguous_alphabet() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 9 and code[4] == "-"
        assert set(code.replace("-", "")) <= set(ALPHABET)
        assert not set(code) & set("01OIL")


def test_codes_are_read_whatever_the_case_and_dashes() -> None:
    assert normal_code(" k7qx m2pd ") == "K7QX-M2PD" == normal_code("k7qxm2pd")
    with pytest.raises(InviteError, match="no 0, O, 1, I or L"):
        normal_code("K7QX-M2P0")


@pytest.mark.parametrize("host", ["192.168.1.20", "::1", "gm-laptop.local"])
def test_a_link_round_trips(host: str) -> None:
    link = InviteLink(host, 47474, new_code(), FP)
    text = format_link(link)
    assert text.startswith("sheetapp://join?") and " " not in text
    assert parse_link(text) == link
    assert parse_link(f"  {text}\n") == link


def test_a_link_names_its_invite_by_a_public_id() -> None:
    link = InviteLink("10.0.0.2", 47474, new_code(), FP, new_invite_id())
    text = format_link(link)
    assert f"invite={link.invite}" in text and parse_link(text) == link
    with pytest.raises(InviteError, match="invite id is not one this app makes"):
        parse_link(text.replace(link.invite, "../../x"))
    with pytest.raises(InviteError, match="more than one invite"):
        parse_link(text + "&invite=" + link.invite)


def test_a_bare_code_takes_host_port_and_fingerprint_from_the_network() -> None:
    link = parse_link("k7qx-m2pd", host="10.0.0.2", port=47474, fingerprint=FP)
    assert link == InviteLink("10.0.0.2", 47474, "K7QX-M2PD", FP)
    with pytest.raises(InviteError, match="a bare code needs the host"):
        parse_link("K7QX-M2PD")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("https://example.com/join?x", "starts with sheetapp://join"),
        ("sheetapp://join?host=a&port=1&code=K7QX-M2PD", "no fp"),
        ("sheetapp://join?host=a&host=b&port=1&code=K7QX-M2PD&fp=" + "A" * 64, "more than one"),
        ("sheetapp://join?host=a&port=0&code=K7QX-M2PD&fp=" + "A" * 64, "port is a number"),
        ("sheetapp://join?host=a b&port=1&code=K7QX-M2PD&fp=" + "A" * 64, "host is neither"),
        ("sheetapp://join?host=a&port=1&code=K7QX-M2PD&fp=" + "G" * 64, "fingerprint"),
        ("sheetapp://join?%%%", "cannot be read"),
        ("x" * 5000, "too long"),
    ],
)
def test_bad_links_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InviteError, match=message):
        parse_link(text)


@given(st.text(max_size=300))
def test_parse_link_raises_nothing_but_invite_error(text: str) -> None:
    try:
        link = parse_link(text)
    except InviteError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert parse_link(format_link(link)) == link


@given(
    st.dictionaries(
        st.sampled_from(["host", "port", "code", "fp", "x"]),
        st.one_of(st.text(max_size=80), st.sampled_from(["::1", "65535", "K7QX-M2PD", FP])),
    )
)
def test_links_with_fuzzed_fields_raise_nothing_but_invite_error(fields: dict[str, str]) -> None:
    from urllib.parse import urlencode

    try:
        parse_link("sheetapp://join?" + urlencode(fields))
    except InviteError as exc:
        assert "\n" not in str(exc)
