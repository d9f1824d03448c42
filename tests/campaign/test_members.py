"""The host's registry: invites spent once and expiring, tokens kept only as hashes and
compared in constant time, revoked devices refused, and /join answers for any input."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.campaign import members as members_module
from sheetapp.campaign.contracts import Gatekeeper, Refused, Role
from sheetapp.campaign.members import Registry, RegistryError, handle_join, watch_revocations


@pytest.fixture
def registry(tmp_path: Path) -> Registry:
    return Registry.create(tmp_path / "registry.sqlite3", "Iron Road", "Mara")


def test_a_new_campaign_has_its_gm_and_default_settings(registry: Registry) -> None:
    assert [(m.name, m.role) for m in registry.members()] == [("Mara", Role.GM)]
    assert registry.settings() == {"requests": "ask"}
    registry.set_setting("requests", "at_once")
    assert registry.settings() == {"requests": "at_once"}
    with pytest.raises(RegistryError):
        registry.set_setting("requests", "sometimes")
    gatekeeper: Gatekeeper = registry
    assert gatekeeper is registry


def test_an_existing_registry_is_never_replaced(registry: Registry) -> None:
    with pytest.raises(RegistryError, match="already hosted"):
        Registry.create(registry.path, "Other", "Someone")
    assert registry.campaign_name == "Iron Road"


def test_an_invite_is_single_use(registry: Registry) -> None:
    code = registry.invite("Ana")
    device, token = registry.redeem(code, "Ana's laptop")
    assert device.member.name == "Ana" and device.member.role is Role.PLAYER
    assert registry.authenticate(device.id, token) == device
    with pytest.raises(Refused, match="already used"):
        registry.redeem(code, "another machine")


def test_racing_devices_cannot_both_spend_one_code(registry: Registry) -> None:
    code = registry.invite("Ana")
    outcomes: list[str] = []

    def attempt(label: str) -> None:
        try:
            registry.redeem(code, label)
            outcomes.append("in")
        except Refused:
            outcomes.append("refused")

    threads = [threading.Thread(target=attempt, args=(f"m{i}",)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["in"] + ["refused"] * 5


def test_an_invite_expires(registry: Registry, monkeypatch: pytest.MonkeyPatch) -> None:
    code = registry.invite("Ana", hours=1)
    later = time.time() + 3601
    monkeypatch.setattr(members_module.time, "time", lambda: later)
    with pytest.raises(Refused, match="expired"):
        registry.redeem(code, "laptop")


def test_unknown_and_malformed_codes_are_refused(registry: Registry) -> None:
    with pytest.raises(Refused, match="unknown"):
        registry.redeem("K7QX-M2PD", "laptop")
    with pytest.raises(Refused, match="invite code is 8"):
        registry.redeem("nope", "laptop")


def test_a_second_device_joins_the_same_member(registry: Registry) -> None:
    first, _ = registry.redeem(registry.invite("Ana"), "laptop")
    second, _ = registry.redeem(registry.invite("ana"), "phone")
    assert first.member == second.member and first.id != second.id
    gm_device, _ = registry.redeem(registry.invite("Mara", Role.GM), "GM's tablet")
    assert gm_device.member.role is Role.GM


def test_two_invites_for_one_new_name_make_one_member(registry: Registry) -> None:
    first, second = registry.invite("ana"), registry.invite("Ana")
    laptop, _ = registry.redeem(first, "laptop")
    phone, _ = registry.redeem(second, "phone")
    assert laptop.member == phone.member
    assert [m.name for m in registry.members()] == ["Mara", "ana"]


def test_one_gm_and_no_role_changes(registry: Registry) -> None:
    with pytest.raises(RegistryError, match="one GM"):
        registry.invite("Bob", Role.GM)
    with pytest.raises(RegistryError, match="already the campaign's gm"):
        registry.invite("Mara", Role.PLAYER)


def test_tokens_and_codes_are_stored_only_as_hashes(registry: Registry) -> None:
    code = registry.invite("Ana")
    _device, token = registry.redeem(code, "laptop")
    stored = registry.path.read_bytes()
    for secret in (token, code, code.replace("-", "")):
        assert secret.encode() not in stored


def test_tokens_are_compared_in_constant_time(
    registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    device, token = registry.redeem(registry.invite("Ana"), "laptop")
    compared: list[tuple[bytes, bytes]] = []
    real = members_module.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(members_module.hmac, "compare_digest", spy)
    assert registry.authenticate(device.id, token) == device
    assert registry.authenticate(device.id, token + "x") is None
    assert registry.authenticate("no-such-device", token) is None
    assert len(compared) == 3  # the unknown device is compared too


def test_a_wrong_token_fails(registry: Registry) -> None:
    device, token = registry.redeem(registry.invite("Ana"), "laptop")
    other, other_token = registry.redeem(registry.invite("Bo"), "laptop")
    assert registry.authenticate(device.id, other_token) is None
    assert registry.authenticate(device.id, "") is None
    assert registry.authenticate(other.id, token) is None


def test_a_revoked_device_fails_and_listeners_hear_of_it(registry: Registry) -> None:
    device, token = registry.redeem(registry.invite("Ana"), "laptop")
    phone, phone_token = registry.redeem(registry.invite("Ana"), "phone")
    heard = []
    registry.on_revoke(heard.append)
    registry.revoke(device.id)
    assert heard == [device]
    assert registry.authenticate(device.id, token) is None
    assert registry.authenticate(phone.id, phone_token) == phone
    # revoked by another process (another Registry on the same file): refused at once
    Registry(registry.path).revoke(phone.id)
    assert registry.authenticate(phone.id, phone_token) is None
    with pytest.raises(RegistryError, match="no device"):
        registry.revoke("nope")


def test_devices_list_last_seen_and_revoked(registry: Registry) -> None:
    device, token = registry.redeem(registry.invite("Ana"), "laptop")
    (record,) = registry.devices()
    assert record.last_seen is None and record.revoked is None
    registry.authenticate(device.id, token)
    registry.revoke(device.id)
    (record,) = registry.devices()
    assert record.last_seen is not None and record.revoked is not None


def test_handle_join_answers_a_good_request(registry: Registry) -> None:
    code = registry.invite("Ana")
    reply = json.loads(handle_join(registry, json.dumps({"code": code, "label": "laptop"})))
    assert reply["campaign"] == {"id": registry.campaign_id, "name": "Iron Road"}
    assert reply["member"]["name"] == "Ana" and reply["member"]["role"] == "player"
    assert registry.authenticate(reply["device"], reply["token"]) is not None


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        (b"not json", "not JSON"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"code": "K7QX-M2PD"}', "needs a code and a label"),
        (b'{"code": 5, "label": "x"}', "needs a code and a label"),
        (b'{"code": "K7QX-M2PD", "label": "' + b"x" * 5000 + b'"}', "too long"),
        (b"[" * 3000, "not JSON"),
        (b'{"code": "K7QX-M2PD", "label": "x"}', "unknown"),
        (b'{"code": "K7QX-M2PD", "label": "\\u0000"}', "device label"),
        (b"\xff\xfe", "not JSON"),
    ],
)
def test_handle_join_refuses_bad_requests(registry: Registry, message: bytes, reason: str) -> None:
    reply = json.loads(handle_join(registry, message))
    assert list(reply) == ["refused"] and reason in reply["refused"]


def test_handle_join_always_answers_json(registry: Registry) -> None:
    @given(st.one_of(st.binary(max_size=300), st.text(max_size=300)))
    def answers(message: bytes | str) -> None:
        assert "refused" in json.loads(handle_join(registry, message))

    answers()


def test_guessing_codes_is_slowed_to_a_trickle_for_the_guesser_only(
    registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, other = registry.invite("Ana"), registry.invite("Bo")
    guesser = "2001:db8::66"
    for _ in range(members_module.MAX_FAILURES):
        with pytest.raises(Refused, match="unknown"):
            registry.redeem("K7QX-M2PD", "guesser", source=guesser)
    with pytest.raises(Refused, match="too many wrong invite codes"):
        registry.redeem(code, "Ana's laptop", source=guesser)  # even the right code waits
    with pytest.raises(Refused, match="too many wrong invite codes"):
        registry.redeem(code, "Ana's laptop", source="2001:db8::67")  # the same /64
    # a player joining from another address is not locked out by the guesser
    device, _token = registry.redeem(other, "Bo's laptop", source="192.168.1.20")
    assert device.member.name == "Bo"
    later = time.time() + members_module.FAILURE_WINDOW_S + 1
    monkeypatch.setattr(members_module.time, "time", lambda: later)
    device, _token = registry.redeem(code, "Ana's laptop", source=guesser)
    assert device.member.name == "Ana"


def test_guessing_at_one_invite_from_many_addresses_locks_that_invite_only(
    registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Joins naming an invite (its link's id) count their wrong codes against it: a guesser
    spreading tries over many addresses, under each address's own limit, locks the invite
    it names, even to its right code; every other invite still opens."""
    ana, bo = registry.invite("Ana"), registry.invite("Bo")
    anas, bos = registry.invite_id(ana), registry.invite_id(bo)
    assert anas and bos and anas != bos and anas not in ana
    for n in range(members_module.MAX_INVITE_FAILURES):
        with pytest.raises(Refused, match="unknown"):
            registry.redeem("K7QX-M2PD", "guesser", source=f"203.0.113.{n}", invite=anas)
    with pytest.raises(Refused, match="too many wrong codes were tried for this invite"):
        registry.redeem(ana, "Ana's laptop", source="192.168.1.20", invite=anas)
    device, _token = registry.redeem(bo, "Bo's laptop", source="203.0.113.1", invite=bos)
    assert device.member.name == "Bo"  # the guesser's addresses are not locked either
    later = time.time() + members_module.FAILURE_WINDOW_S + 1
    monkeypatch.setattr(members_module.time, "time", lambda: later)
    device, _token = registry.redeem(ana, "Ana's laptop", source="192.168.1.20", invite=anas)
    assert device.member.name == "Ana"


def test_a_join_naming_an_invite_needs_that_invites_code(registry: Registry) -> None:
    ana, bo = registry.invite("Ana"), registry.invite("Bo")
    with pytest.raises(Refused, match="unknown"):  # a right code, for another invite
        registry.redeem(bo, "laptop", invite=registry.invite_id(ana))
    reply = json.loads(handle_join(registry, json.dumps(
        {"code": ana, "label": "laptop", "invite": "not-an-id"})))
    assert reply == {"refused": "the link's invite id is not one this app makes"}
    reply = json.loads(handle_join(registry, json.dumps(
        {"code": ana, "label": "laptop", "invite": registry.invite_id(ana)})))
    assert reply["member"]["name"] == "Ana"


def test_a_registry_from_before_invite_ids_takes_them_on(registry: Registry) -> None:
    """A campaign made before invites had ids: its open invite still works (its link names
    no invite), and new invites get ids."""
    import sqlite3

    old = registry.invite("Ana")
    with sqlite3.connect(registry.path) as db:
        db.execute("ALTER TABLE invites DROP COLUMN id")
        db.execute("ALTER TABLE failures DROP COLUMN invite")
    reopened = Registry(registry.path)
    assert reopened.invite_id(old) == ""
    with pytest.raises(Refused, match="unknown"):
        reopened.redeem("K7QX-M2PD", "guesser", source="203.0.113.9")
    assert reopened.redeem(old, "laptop")[0].member.name == "Ana"
    assert reopened.invite_id(reopened.invite("Bo"))


@pytest.mark.parametrize("content", [b"", b"plain text", None])
def test_a_file_that_is_not_a_registry_is_one_line(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "registry.sqlite3"
    if content is None:
        import sqlite3

        sqlite3.connect(path).execute("CREATE TABLE other (x)").connection.close()
    else:
        path.write_bytes(content)
    with pytest.raises(RegistryError, match="not a campaign registry"):
        Registry(path)


def test_a_revocation_by_another_process_reaches_the_watching_host(registry: Registry) -> None:
    early, _ = registry.redeem(registry.invite("Ana"), "old laptop")
    registry.revoke(early.id)
    device, _ = registry.redeem(registry.invite("Ana"), "laptop")
    dropped: list[str] = []

    async def scenario() -> None:
        watch = asyncio.create_task(watch_revocations(registry, dropped.append, every=0.02))
        await asyncio.sleep(0.1)
        Registry(registry.path).revoke(device.id)  # as `sheetapp campaign revoke` would
        for _ in range(100):
            if dropped:
                break
            await asyncio.sleep(0.02)
        watch.cancel()

    asyncio.run(scenario())
    assert dropped == [device.id]  # the device revoked before the watch is not dropped again
