"""The phone page's API on a live host: a paired phone reads its member's characters as
the host computes them, rolls with the system's dice into the sheet's dice log, and sends
damage, notes, quantities and request answers as the member's own edits, which the GM's
laptop receives; a revoked phone, a laptop's token, and another member's character are
refused."""

from __future__ import annotations

import time

import pytest
from pycrdt import Doc

from sheetapp.campaign import requests, ydoc
from sheetapp.campaign.gate import ROLLS
from sheetapp.campaign.phone.pairing import Pairing
from tests.campaign.phone_table import LiveTable


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory):
    with LiveTable(tmp_path_factory.mktemp("phone")) as live:
        yield live


def until(check, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("not in time")


def state(table: LiveTable, pairing: Pairing) -> dict:
    status, body = table.call("GET", "/api/state", pairing)
    assert status == 200, body
    return body


def damage(doc: Doc) -> dict:
    return ydoc.read(doc, root=ydoc.PLAY).get("damage", {})


def test_a_phone_reads_only_its_members_characters_as_the_host_computes_them(table):
    ana = table.pair("Ana")
    seen = state(table, ana)
    (hero,) = seen["characters"]
    assert hero["id"] == table.sheets["Ana"] and hero["name"] == "Ana's hero"
    assert hero["system"] == "Amazing Engine"
    assert [t["key"] for t in hero["tracks"]] == ["stamina", "body"]
    stamina = hero["tracks"][0]
    assert stamina["current"] == stamina["maximum"] > 0
    fitness = next(c for c in hero["checks"] if c["key"] == "attribute:fitness")
    score = dict(hero["scores"])["FIT"]
    # the exact odds of a d100 at or under the score: the system's own check says so
    assert dict(fitness["odds"])["Success"] in (f"{score}/100", _reduced(int(score)))
    assert {m["name"] for m in seen["party"]} == {"Mara", "Ana", "Bo"}
    assert table.sheets["Bo"] not in str(seen)


def _reduced(score: int) -> str:
    from fractions import Fraction

    p = Fraction(score, 100)
    return f"{p.numerator}/{p.denominator}"


def test_damage_from_the_phone_reaches_the_gm_as_the_members_edit(table):
    ana = table.pair("Ana")
    sheet = table.sheets["Ana"]
    gm_copy = table.gm_doc(sheet)
    status, after = table.call(
        "POST", "/api/edit", ana, {"character": sheet, "op": "damage", "track": "stamina",
                                   "amount": 4}
    )
    assert status == 200, after
    until(lambda: damage(gm_copy).get("stamina") == 4)
    host = table.host_doc(sheet)
    assert host is not None and damage(host)["stamina"] == 4
    (hero,) = after["characters"]
    assert hero["tracks"][0]["current"] == hero["tracks"][0]["maximum"] - 4
    status, _ = table.call(
        "POST", "/api/edit", ana, {"character": sheet, "op": "heal", "track": "stamina",
                                   "amount": 4}
    )
    assert status == 200
    until(lambda: not damage(gm_copy).get("stamina"))


def test_a_roll_is_read_by_the_system_and_lands_in_the_dice_log_the_gm_reads(table):
    ana = table.pair("Ana")
    sheet = table.sheets["Ana"]
    status, reading = table.call(
        "POST", "/api/roll", ana, {"character": sheet, "check": "attribute:reflexes"}
    )
    assert status == 200, reading
    assert reading["dice"].startswith("d100: ")
    assert reading["outcome"] in ("Success", "Failure")
    assert reading["result"].startswith(reading["outcome"])
    gm_copy = table.gm_doc(sheet)
    def logged_rolls() -> list[dict]:
        return [r for r in ydoc.read(gm_copy, root=ROLLS).values() if r["text"] == reading["text"]]

    until(logged_rolls)
    (logged,) = logged_rolls()
    assert logged["by"] == "Ana"


def test_notes_and_quantities_are_checked_as_a_sheet_before_they_are_sent(table):
    ana = table.pair("Ana")
    sheet = table.sheets["Ana"]
    status, after = table.call(
        "POST", "/api/edit", ana, {"character": sheet, "op": "notes", "text": "Owes Bo 20 crowns"}
    )
    assert status == 200, after
    gm_copy = table.gm_doc(sheet)
    until(lambda: ydoc.read(gm_copy)["characters"][0]["notes"] == "Owes Bo 20 crowns")
    status, refused = table.call(
        "POST", "/api/edit", ana, {"character": sheet, "op": "notes", "text": "a\x00b"}
    )
    assert status == 409 and "\n" not in refused["error"]
    status, refused = table.call(
        "POST", "/api/edit", ana,
        {"character": sheet, "op": "quantity", "list": "equipment", "row": 999, "value": 3},
    )
    assert status == 409 and refused["error"] == "This sheet has no such row."


def test_a_phone_cannot_read_or_write_another_members_character(table):
    ana = table.pair("Ana")
    bo_sheet = table.sheets["Bo"]
    for path, body in (
        ("/api/edit", {"character": bo_sheet, "op": "damage", "track": "health", "amount": 1}),
        ("/api/roll", {"character": bo_sheet, "check": "skill:0"}),
        ("/api/edit", {"character": bo_sheet, "op": "notes", "text": "mine now"}),
    ):
        status, refused = table.call("POST", path, ana, body)
        assert (status, refused["error"]) == (409, "That is not one of your characters.")
    bo_host = table.host_doc(bo_sheet)
    assert bo_host is not None and not damage(bo_host)
    assert "mine now" not in str(ydoc.read(bo_host))


def test_a_revoked_phone_is_refused_and_the_others_carry_on(table):
    ana, other = table.pair("Ana"), table.pair("Ana")
    assert state(table, ana)["characters"]
    table.hosted.registry.revoke(ana.device.id)
    status, refused = table.call("GET", "/api/state", ana)
    assert status == 401 and "revoked" in refused["error"]
    status, _ = table.call(
        "POST", "/api/edit", ana,
        {"character": table.sheets["Ana"], "op": "damage", "track": "body", "amount": 1},
    )
    assert status == 401
    assert state(table, other)["characters"]


def test_only_a_phone_opens_the_page_and_a_wrong_token_is_refused(table):
    ana = table.pair("Ana")
    status, _ = table.call("GET", "/api/state", ana, token="not-the-token")
    assert status == 401
    status, _ = table.call("GET", "/api/state")
    assert status == 401
    laptop = table.memberships["Ana"]
    as_laptop = Pairing(ana.device.__class__(laptop.device_id, ana.device.member, "laptop"),
                        laptop.token)
    status, refused = table.call("GET", "/api/state", as_laptop)
    assert (status, refused["error"]) == (403, "Only a paired phone opens this page.")


def test_a_laptop_pairs_a_phone_for_its_member_and_the_gm_for_anyone(table):
    def laptop(name: str) -> Pairing:
        membership = table.memberships[name]
        return Pairing(ana_device(membership.device_id, membership.member), membership.token)

    def ana_device(device_id, member):
        from sheetapp.campaign.contracts import Device

        return Device(device_id, member, "laptop")

    status, made = table.call("POST", "/api/pair", laptop("Ana"), {"address": "10.0.0.5"})
    assert status == 200, made
    assert made["link"].startswith(f"https://10.0.0.5:{table.phone_port}/#pair={made['device']}.")
    status, refused = table.call("POST", "/api/pair", laptop("Ana"), {"member": "Bo"})
    assert (status, refused["error"]) == (403, "Only the GM pairs a phone for another member.")
    status, made = table.call("POST", "/api/pair", laptop("Mara"), {"member": "Bo"})
    assert status == 200
    phone = Pairing(ana_device(made["device"], table.memberships["Bo"].member),
                    made["link"].split("#pair=")[1].split("&")[0].split(".", 1)[1])
    (hero,) = state(table, phone)["characters"]
    assert hero["name"] == "Bo's hero"


def test_the_gms_request_is_accepted_from_the_phone(table):
    ana = table.pair("Ana")
    sheet = table.sheets["Ana"]
    gm = table.laptops["Mara"]
    asks = table.run(gm.open("requests:" + sheet.split(":", 1)[1]))
    from sheetapp.campaign.contracts import Member, Role

    mara = Member(table.memberships["Mara"].member.id, "Mara", Role.GM)
    hurt = requests.Request.new("damage", mara, amount=2, track="stamina")
    table.loop.call_soon_threadsafe(requests.add, asks, hurt)
    until(lambda: any(r["id"] == hurt.id for r in state(table, ana)["requests"]), 15)
    status, after = table.call("POST", "/api/request", ana, {"id": hurt.id, "accept": True})
    assert status == 200, after
    assert not after["requests"]
    gm_copy = table.gm_doc(sheet)
    until(lambda: damage(gm_copy).get("stamina") == 2)
    until(lambda: requests.requests(asks)[-1].state == "accepted")


def test_the_party_shows_the_conditions_the_gm_shows_and_no_one_elses_sheet(table):
    """The party's names, and for each member the conditions the GM's Table gives their
    characters in the encounter the GM shows (as the GM's app writes it): nothing read
    from another member's sheet, and nothing while no encounter is shown."""
    bo = table.pair("Bo")
    before = {m["name"]: m["characters"] for m in state(table, bo)["party"]}
    assert before == {"Mara": [], "Ana": [], "Bo": []}
    shown = "encounter:party-conditions"
    gm = table.laptops["Mara"]
    party = {
        table.sheets["Ana"]: {"name": "Ana's hero",
                              "conditions": ["Stunned", "on fire (2 rounds)"]},
        table.sheets["Bo"]: {"name": "Bo's hero", "conditions": []},
        "npc:not-a-player": {"name": "Bandit", "conditions": ["Down"]},
    }

    async def show() -> None:
        doc = await gm.open(shown)
        ydoc.write(doc, {"name": "At the ford", "lines": ["Round 1"], "party": party})
        assert await gm.host_holds(shown)
        await table.hosted.host.set_revealed(shown, True)

    table.run(show())

    def party_now() -> dict:
        return {m["name"]: m["characters"] for m in state(table, bo)["party"]}

    try:
        until(lambda: party_now()["Ana"], 15)
        seen = party_now()
        assert seen["Ana"] == [{"name": "Ana's hero",
                                "conditions": ["Stunned", "on fire (2 rounds)"]}]
        assert seen["Bo"] == [{"name": "Bo's hero", "conditions": []}]
        assert seen["Mara"] == []  # an NPC is no member's character
        whole = state(table, bo)
        assert table.sheets["Ana"] not in str(whole) and "Bandit" not in str(whole["party"])
    finally:
        table.run(table.hosted.host.set_revealed(shown, False))
    until(lambda: party_now() == before, 15)


def test_the_page_is_served_with_its_own_files_and_a_strict_policy(table):
    import ssl
    from urllib.request import urlopen

    context = ssl.create_default_context(cadata=table.hosted.identity.cert_pem)
    context.check_hostname = False
    with urlopen(f"https://127.0.0.1:{table.phone_port}/", context=context, timeout=10) as page:
        html = page.read().decode()
        policy = page.headers["Content-Security-Policy"]
    assert "<script src=\"/app.js\"" in html and "http" not in html.replace("https://", "")
    assert "default-src 'self'" in policy


def test_a_member_holds_a_bounded_number_of_phones(tmp_path):
    from sheetapp.campaign.hosting import create_host
    from sheetapp.campaign.members import RegistryError
    from sheetapp.campaign.phone.pairing import MAX_PHONES, Phones

    folder = create_host("Iron Road", "Mara", folder=tmp_path / "host")
    registry, phones = folder.registry(), Phones(folder.path)
    made = [phones.pair(registry, "Cy") for _ in range(MAX_PHONES)]
    with pytest.raises(RegistryError, match="revoke one first"):
        phones.pair(registry, "cy")
    registry.revoke(made[0].device.id)
    assert phones.pair(registry, "Cy").device.member.name == "Cy"


def test_the_gate_holds_a_dice_log_to_short_rows_of_text():
    from pycrdt import Map

    from sheetapp.campaign.contracts import Kind
    from sheetapp.campaign.gate import Outcome, RoomGate

    def judged(row: object) -> Outcome:
        live, edit = Doc(), Doc()  # a new document each: the gate judges one change
        edit.get(ROLLS, type=Map)["r1"] = row
        return RoomGate(live).judge(edit.get_update(), Kind.CHARACTER, writer=True).outcome

    assert judged(Map({"at": 1.0, "by": "Ana", "text": "Fitness check: d100: 12"})) is (
        Outcome.PASS
    )
    assert judged(Map({"at": 1.0, "by": "Ana", "text": "x" * 501})) is Outcome.INVALID
    assert judged(Map({"at": 1.0, "text": "no one"})) is Outcome.INVALID
    assert judged("a bare line") is Outcome.INVALID


def test_every_word_the_page_shows_comes_through_the_catalog(monkeypatch):
    import json
    import re
    from importlib import resources

    from sheetapp.campaign.phone import words

    static = resources.files("sheetapp.campaign.phone").joinpath("static")
    template = static.joinpath("index.html").read_text("utf-8")
    script = static.joinpath("app.js").read_text("utf-8")
    keys = set(words.words())
    assert set(re.findall(r"\{\{(\w+)\}\}", template)) - {"words"} <= keys
    used = set(re.findall(r'\bt\("(\w+)"', script))
    assert used and used <= keys
    assert "t(section)" in script and {"attributes", "skills", "weapons"} <= keys
    # what the catalog says is what the page says, escaped where it lands
    monkeypatch.setattr(words, "_", lambda text: f"«{text}</script>»")
    page = words.page(template)
    assert "{{" not in page
    assert "«Pair this phone&lt;/script&gt;»" in page
    block = page.split('<script type="application/json" id="words">')[1].split("</script>")[0]
    assert json.loads(block)["sent"] == "«Sent to the table.</script>»"


def test_a_phone_draws_on_its_members_share_of_the_host_and_slows_only_itself(table):
    """The page computes every view on the host's loop: a member's phone asking without
    pause spends the member's share of it (with their laptop's sync), then waits, while
    another member's phone is answered at once."""
    import threading

    ana, bo = table.pair("Ana"), table.pair("Bo")
    assert state(table, ana)["characters"] and state(table, bo)["characters"]
    ana_id = ana.device.member.id
    budget = table.hosted.host.budget(ana_id)
    assert budget.wait() == 0
    answers: dict[str, float] = {}

    def timed(name: str, pairing: Pairing) -> None:
        began = time.monotonic()
        state(table, pairing)
        answers[name] = time.monotonic() - began

    # Ana's share spent (as a flood from her phone or laptop would): 3 seconds owed
    table.loop.call_soon_threadsafe(budget.charge, budget.burst + 3 * budget.rate)
    until(lambda: budget.wait() > 2.5)
    asking = [threading.Thread(target=timed, args=(name, pairing))
              for name, pairing in (("Ana", ana), ("Bo", bo))]
    for thread in asking:
        thread.start()
    for thread in asking:
        thread.join(30)
    assert answers["Bo"] < 1.5 < answers["Ana"], answers


def test_a_member_holds_a_bounded_number_of_phone_sessions_on_the_host(table):
    """Each phone in use is a client of the host holding the member's documents: a member
    pairing many phones cannot make the host hold a copy for each. While as many as the
    host serves wait on their long polls, one more is refused with the reason; once one
    of them is answering nothing, the new phone takes its place."""
    import threading

    from sheetapp.campaign.phone.gateway import MAX_SESSIONS_PER_MEMBER

    phones = [table.pair("Ana") for _ in range(MAX_SESSIONS_PER_MEMBER + 1)]
    *open_pages, late = phones
    versions = [state(table, phone)["version"] for phone in open_pages]
    waiting = [
        threading.Thread(target=table.call, args=("GET", f"/api/state?since={v}", phone))
        for phone, v in zip(open_pages, versions, strict=True)
    ]
    for thread in waiting:
        thread.start()
    ana_id = late.device.member.id

    def sessions() -> list:
        return [s for s in table.hosted.phone._sessions.values() if s.device.member.id == ana_id]

    until(lambda: sum(1 for s in sessions() if s.busy) == MAX_SESSIONS_PER_MEMBER)
    status, refused = table.call("GET", "/api/state", late)
    assert status == 429, refused
    assert f"{MAX_SESSIONS_PER_MEMBER} of Ana's phones are open at once" in refused["error"]
    # a change answers the long polls: the pages are between questions, and the late
    # phone takes the place of the one used least recently
    sheet = table.sheets["Ana"]
    status, _ = table.call("POST", "/api/edit", open_pages[0],
                           {"character": sheet, "op": "notes", "text": "At the inn"})
    assert status == 200
    for thread in waiting:
        thread.join(30)
    assert state(table, late)["characters"][0]["notes"] == "At the inn"
    assert len(sessions()) == MAX_SESSIONS_PER_MEMBER


def test_a_page_whose_session_was_closed_is_answered_at_once_by_its_new_one(table):
    """A phone's session closes when idle, full or revoked; the page then asks the new one
    "anything since the version I saw?", a version of the old session: the new one answers
    at once rather than making the page wait (stale) for the next change."""
    ana = table.pair("Ana")
    seen = state(table, ana)["version"]
    table.loop.call_soon_threadsafe(table.hosted.phone.drop_device, ana.device.id)
    until(lambda: ana.device.id not in table.hosted.phone._sessions)
    began = time.monotonic()
    status, fresh = table.call("GET", f"/api/state?since={seen}", ana)
    assert status == 200 and fresh["characters"]
    assert time.monotonic() - began < 5, "the page waited on a long poll with nothing to wait for"
