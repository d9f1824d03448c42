"""Joining over loopback: the fingerprint is checked before any secret leaves, the /join
runs over a pinned connection, and the membership is saved owner-only and atomically."""

from __future__ import annotations

import asyncio
import json
import ssl
import stat
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from sheetapp.campaign import membership as membership_module
from sheetapp.campaign.contracts import Role
from sheetapp.campaign.invites import InviteLink
from sheetapp.campaign.members import Registry
from sheetapp.campaign.membership import JoinError, Membership, check, join, load, load_all
from sheetapp.campaign.tls import Identity, make_identity

from .servers import join_host, recording_tls


@pytest.fixture
def registry(tmp_path: Path) -> Registry:
    return Registry.create(tmp_path / "registry.sqlite3", "Iron Road", "Mara")


@pytest.fixture
def identity(tmp_path: Path) -> Identity:
    return make_identity(tmp_path / "host-tls")


def _join(registry: Registry, identity: Identity, code: str, folder: Path) -> Membership:
    async def scenario() -> Membership:
        async with join_host(registry, identity) as port:
            link = InviteLink("127.0.0.1", port, code, identity.fingerprint)
            return await join(link, "Ana's laptop", folder=folder)

    return asyncio.run(scenario())


def test_join_pins_the_host_and_saves_an_owner_only_membership(
    registry: Registry, identity: Identity, tmp_path: Path
) -> None:
    folder = tmp_path / "campaigns"
    joined = _join(registry, identity, registry.invite("Ana"), folder)
    assert joined.campaign_name == "Iron Road" and joined.member.role is Role.PLAYER
    assert joined.cert_pem == identity.cert_pem and joined.fingerprint == identity.fingerprint
    assert registry.authenticate(joined.device_id, joined.token) is not None
    (path,) = folder.iterdir()
    assert path.name == f"{registry.campaign_id}.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load(path) == joined
    assert load_all(folder) == ([joined], [])


def test_a_system_proxy_is_never_handed_the_join(
    registry: Registry, identity: Identity, tmp_path: Path, monkeypatch
) -> None:
    """The invite code goes to the host the link names, never through a proxy the
    environment sets (websockets follows https_proxy by default)."""
    for variable in ("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.setenv(variable, "http://127.0.0.1:9")  # nothing listens there
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    joined = _join(registry, identity, registry.invite("Ana"), tmp_path / "campaigns")
    assert registry.authenticate(joined.device_id, joined.token) is not None


def test_the_membership_is_written_through_the_atomic_writer(
    registry: Registry, identity: Identity, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    real = membership_module.write_atomic

    def spy(path, data, *, mode=None):  # type: ignore[no-untyped-def]
        calls.append((Path(path).name, mode))
        real(path, data, mode=mode)

    monkeypatch.setattr(membership_module, "write_atomic", spy)
    _join(registry, identity, registry.invite("Ana"), tmp_path)
    assert calls == [(f"{registry.campaign_id}.json", 0o600)]


def test_a_refused_code_saves_nothing(
    registry: Registry, identity: Identity, tmp_path: Path
) -> None:
    with pytest.raises(JoinError, match="the host refused: the invite code is unknown"):
        _join(registry, identity, "K7QX-M2PD", tmp_path / "campaigns")
    assert not (tmp_path / "campaigns").exists()


def test_another_certificate_at_first_contact_is_refused_before_any_secret(
    identity: Identity, tmp_path: Path
) -> None:
    intruder = make_identity(tmp_path / "intruder")

    async def scenario() -> list[bytes]:
        async with recording_tls(intruder) as listener:
            link = InviteLink("127.0.0.1", listener.port, "K7QX-M2PD", identity.fingerprint)
            with pytest.raises(JoinError, match="not the invite's") as refused:
                await join(link, "laptop", folder=tmp_path / "campaigns")
            assert "\n" not in str(refused.value)
            await asyncio.sleep(0.1)
            return listener.received

    received = asyncio.run(scenario())
    assert received == [b""]  # the handshake only: no code, no label, no request
    assert not (tmp_path / "campaigns").exists()


def test_a_man_in_the_middle_after_pinning_fails_the_handshake(
    registry: Registry, identity: Identity, tmp_path: Path
) -> None:
    joined = _join(registry, identity, registry.invite("Ana"), tmp_path)
    intruder = make_identity(tmp_path / "intruder")

    async def scenario() -> tuple[str, list[bytes]]:
        async with recording_tls(intruder) as listener:
            moved = Membership(**{**joined.__dict__, "port": listener.port})
            with pytest.raises(ssl.SSLCertVerificationError):
                async with connect(
                    f"{moved.url}/doc/campaign",
                    ssl=moved.ssl_context(),
                    additional_headers={"Authorization": f"Device {moved.device_id} {moved.token}"},
                ):
                    pass
            state = await check(moved)
            await asyncio.sleep(0.1)
            return state, listener.received

    state, received = asyncio.run(scenario())
    assert joined.token.encode() not in b"".join(received)
    assert state.startswith("CERTIFICATE CHANGED")


def test_status_of_a_host_that_is_gone_or_still_there(
    registry: Registry, identity: Identity, tmp_path: Path
) -> None:
    joined = _join(registry, identity, registry.invite("Ana"), tmp_path)

    async def scenario() -> str:
        async with join_host(registry, identity) as port:
            return await check(Membership(**{**joined.__dict__, "port": port}))

    assert asyncio.run(scenario()) == "answers; certificate matches"
    assert asyncio.run(check(joined, timeout=2)).startswith("offline")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: b"{",
        lambda d: b"[]",
        lambda d: json.dumps({**d, "campaign_id": "../../x"}).encode(),
        lambda d: json.dumps({**d, "cert_pem": "nope"}).encode(),
        lambda d: json.dumps({**d, "port": 0}).encode(),
        lambda d: json.dumps({**d, "member": {**d["member"], "role": "king"}}).encode(),
        lambda d: b" " * (300 * 1024),
    ],
)
def test_a_damaged_membership_file_is_one_line_naming_it(
    registry: Registry, identity: Identity, tmp_path: Path, damage
) -> None:
    joined = _join(registry, identity, registry.invite("Ana"), tmp_path)
    path = tmp_path / f"{joined.campaign_id}.json"
    path.write_bytes(damage(json.loads(joined.to_json())))
    found, problems = load_all(tmp_path)
    assert found == [] and len(problems) == 1
    assert problems[0].startswith(f"{path}: ") and "\n" not in problems[0]


GOOD_REST = {
    "member": {"id": "m", "name": "Ana", "role": "player"},
    "device": "d1",
    "token": "t",
}


@pytest.mark.parametrize(
    "answer",
    [
        {"campaign": {"id": "../evil", "name": "x"}, **GOOD_REST},
        {
            "campaign": {"id": "abc", "name": "x"},
            "member": {"id": "m", "name": "n", "role": "god"},
            "device": "d",
            "token": "t",
        },
        {"campaign": "x"},
        [1],
        "not json",
    ],
)
def test_a_hostile_answer_is_refused_and_writes_nothing(
    registry: Registry, identity: Identity, tmp_path: Path, answer: object
) -> None:
    raw = answer.encode() if isinstance(answer, str) else json.dumps(answer).encode()

    async def scenario() -> None:
        async with join_host(registry, identity, raw) as port:
            link = InviteLink("127.0.0.1", port, "K7QX-M2PD", identity.fingerprint)
            await join(link, "laptop", folder=tmp_path / "campaigns")

    with pytest.raises(JoinError, match="the host's answer"):
        asyncio.run(scenario())
    assert not (tmp_path / "campaigns").exists()
    assert not list(tmp_path.rglob("evil*"))


def test_any_membership_file_loads_or_is_one_line(
    registry: Registry, identity: Identity, tmp_path: Path
) -> None:
    """Hand edits and damage of any shape: a field replaced by any JSON value."""
    from hypothesis import given
    from hypothesis import strategies as st

    joined = _join(registry, identity, registry.invite("Ana"), tmp_path)
    good = json.loads(joined.to_json())
    path = tmp_path / "edited.json"
    values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=6,
    )

    @given(st.sampled_from(sorted(good)), values)
    def loads_or_says_why(key: str, value: object) -> None:
        path.write_text(json.dumps({**good, key: value}))
        try:
            load(path)
        except JoinError as exc:
            assert str(exc).startswith(f"{path}: ") and "\n" not in str(exc)

    loads_or_says_why()
