"""The phone page in a real headless Chromium against a live host: paired by the QR code's
link, it shows the figures the host computed, rolls into the dice log the GM reads, marks
damage the GM's laptop receives, answers the GM's requests, keeps showing what it saw when
the host is out of reach, and is turned away once revoked. Skipped where Chromium, its
driver or selenium is missing (CI installs them: .ci/run).

With ``SHEETAPP_PHONE_SHOTS=<folder>`` the last test saves a screenshot of every view at
360x740 and 768x1024, light and dark, into that folder."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import time
from pathlib import Path

import pytest

from sheetapp.campaign import requests, ydoc
from sheetapp.campaign.contracts import Member, Role
from sheetapp.campaign.gate import ROLLS
from tests.campaign.phone_table import LiveTable

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (CHROMIUM and DRIVER):
    pytest.skip("Chromium and chromedriver are not installed", allow_module_level=True)

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

SIZES = {"phone": (360, 740), "tablet": (768, 1024)}


def spki_pin(cert_pem: str) -> str:
    """The certificate's public key as Chromium pins it: the browser trusts exactly the
    host's certificate, as the fingerprint in the link asks a person to check."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    key = x509.load_pem_x509_certificate(cert_pem.encode()).public_key()
    der = key.public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory):
    with LiveTable(tmp_path_factory.mktemp("phone-browser")) as live:
        yield live


@pytest.fixture
def browser(table: LiveTable, tmp_path: Path):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        f"--ignore-certificate-errors-spki-list={spki_pin(table.hosted.identity.cert_pem)}",
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    emulate(driver, "phone", "light")
    try:
        yield driver
    finally:
        driver.quit()


def emulate(driver, size: str, scheme: str) -> None:
    width, height = SIZES[size]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"},
    )
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )


def wait_for(check, seconds: float = 15.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            found = check()
        except Exception:  # an element not there yet, or replaced while read
            found = None
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("not in time")


def text(driver, selector: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, selector).text


def press(driver, element) -> None:
    """Scroll ``element`` to the middle of the screen (as a thumb would, clear of the tab
    bar) and tap it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def track(driver, key: str):
    return driver.find_element(By.CSS_SELECTOR, f'.track[data-key="{key}"]')


def paired(table: LiveTable, driver, name: str):
    pairing = table.pair(name)
    driver.get(table.link(pairing))
    wait_for(lambda: text(driver, "#title") == f"{name}'s hero")
    return pairing


def test_paired_by_the_link_the_phone_reads_rolls_and_marks_damage_the_gm_sees(table, browser):
    pairing = paired(table, browser, "Ana")
    # the token went into the phone's storage and out of the address bar
    assert "pair=" not in browser.current_url
    kept = browser.execute_script("return localStorage.getItem('sheetapp-phone')")
    assert pairing.token in kept
    # the figures are the host's
    _, seen = table.call("GET", "/api/state", pairing)
    (hero,) = seen["characters"]
    stamina = hero["tracks"][0]
    assert track(browser, "stamina").find_element(By.CLASS_NAME, "track-value").text == (
        f"{stamina['current']} / {stamina['maximum']}"
    )
    scores = dict(hero["scores"])
    assert f"FIT\n{scores['FIT']}" in text(browser, "#scores")
    # a roll, read by the system, lands in the dice log the GM's laptop holds
    reflexes = browser.find_element(By.CSS_SELECTOR, '.check[data-key="attribute:reflexes"]')
    odds = reflexes.find_element(By.CLASS_NAME, "odds")
    assert odds.text.startswith("Success ") and "%" in odds.text
    press(browser, odds)  # a tap shows the exact chances the host computed
    exact = dict(next(c for c in hero["checks"] if c["key"] == "attribute:reflexes")["odds"])
    assert odds.text == f"Success {exact['Success']} · Failure {exact['Failure']}"
    press(browser, reflexes.find_element(By.CLASS_NAME, "roll"))
    result = wait_for(lambda: text(browser, "#last-roll"))
    gm_copy = table.gm_doc(table.sheets["Ana"])
    wait_for(lambda: any(
        row["text"].startswith("Reflexes check: d100: ") and row["by"] == "Ana"
        for row in ydoc.read(gm_copy, root=ROLLS).values()
    ))
    assert result.split("\n")[0] in {"Success", "Failure"} or "by" in result
    # damage marked on the phone is on the GM's laptop
    before = ydoc.read(gm_copy, root=ydoc.PLAY).get("damage", {}).get("stamina", 0)
    amount = track(browser, "stamina").find_element(By.CLASS_NAME, "amount")
    amount.clear()
    amount.send_keys("3")
    press(browser, track(browser, "stamina").find_element(By.CLASS_NAME, "hurt"))
    wait_for(lambda: ydoc.read(gm_copy, root=ydoc.PLAY)["damage"].get("stamina") == before + 3)
    wait_for(lambda: track(browser, "stamina").find_element(By.CLASS_NAME, "track-value").text
             == f"{stamina['maximum'] - before - 3} / {stamina['maximum']}")


def test_the_phone_answers_the_gms_request_and_reads_the_shown_encounter(table, browser):
    paired(table, browser, "Ana")
    sheet = table.sheets["Ana"]
    gm = table.laptops["Mara"]
    asks = table.run(gm.open("requests:" + sheet.split(":", 1)[1]))
    mara = Member(table.memberships["Mara"].member.id, "Mara", Role.GM)
    heal = requests.Request.new("note", mara, text="You found a silver key")
    table.loop.call_soon_threadsafe(requests.add, asks, heal)
    wait_for(lambda: text(browser, "#badge") == "1")
    browser.find_element(By.ID, "tab-table").click()
    row = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, f'.request[data-id="{heal.id}"]'))
    assert "Note from GM Mara" in row.text
    press(browser, row.find_element(By.CLASS_NAME, "accept"))
    gm_copy = table.gm_doc(sheet)
    wait_for(lambda: "You found a silver key" in ydoc.read(gm_copy)["characters"][0]["notes"])
    wait_for(lambda: requests.requests(asks)[-1].state == "accepted")
    wait_for(lambda: not browser.find_element(By.ID, "no-requests").get_attribute("hidden"))
    assert "Mara (GM)" in text(browser, "#party")
    # no encounter shown: names only, and the page says when conditions show
    assert browser.find_element(By.ID, "party-note").is_displayed()
    assert not browser.find_elements(By.CSS_SELECTOR, "#party .party-character")
    shots = os.environ.get("SHEETAPP_PHONE_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        _screens(browser, Path(shots) / "table-no-encounter-phone-light")


def test_one_members_phone_cannot_reach_another_members_character(table, browser):
    paired(table, browser, "Ana")
    assert table.sheets["Bo"] not in browser.page_source
    assert not browser.find_element(By.ID, "pick").is_displayed()
    answer = browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const creds = JSON.parse(localStorage.getItem("sheetapp-phone"));
        fetch("/api/edit", {method: "POST", headers: {
            "Authorization": `Device ${creds.device} ${creds.token}`,
            "Content-Type": "application/json"},
          body: JSON.stringify({character: arguments[0], op: "notes", text: "taken"})})
          .then(async (r) => done([r.status, (await r.json()).error]));
        """,
        table.sheets["Bo"],
    )
    assert answer == [409, "That is not one of your characters."]
    bo = table.host_doc(table.sheets["Bo"])
    assert bo is not None and "taken" not in str(ydoc.read(bo))


def test_a_revoked_phone_is_turned_away(table, browser):
    pairing = paired(table, browser, "Ana")
    table.hosted.registry.revoke(pairing.device.id)
    # (the heading is set in capitals by the style sheet)
    wait_for(lambda: text(browser, "#pair-title").casefold() == "this phone is not paired", 30)
    assert "revoked" in text(browser, "#pair-text")
    assert browser.execute_script("return localStorage.getItem('sheetapp-phone')") is None


def test_out_of_reach_the_page_keeps_showing_what_it_last_saw(table, browser):
    paired(table, browser, "Ana")
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    try:
        # the long poll in flight is given up when the phone goes offline; the page says
        # so and keeps what it showed
        wait_for(lambda: "Offline since" in text(browser, "#status"), 10)
        assert text(browser, "#title") == "Ana's hero"
        assert track(browser, "stamina").is_displayed()
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    # back in reach, it catches up by itself
    wait_for(lambda: "Offline" not in text(browser, "#status"), 20)


def test_every_view_at_both_sizes_light_and_dark(table, browser):
    """Screenshots (with SHEETAPP_PHONE_SHOTS set); without it, each view still lays out
    with nothing wider than the screen."""
    shots = os.environ.get("SHEETAPP_PHONE_SHOTS")
    folder = Path(shots) if shots else None
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
    sheet = table.sheets["Ana"]
    asks = table.run(table.laptops["Mara"].open("requests:" + sheet.split(":", 1)[1]))
    mara = Member(table.memberships["Mara"].member.id, "Mara", Role.GM)
    waiting = requests.Request.new("damage", mara, amount=2, track="body")
    table.loop.call_soon_threadsafe(requests.add, asks, waiting)
    encounter = "encounter:shown-one"
    table.run(_show_encounter(table, encounter))
    paired(table, browser, "Ana")
    wait_for(lambda: text(browser, "#badge") == "1")
    press(browser, browser.find_element(By.CSS_SELECTOR, '.check[data-key="skill:0"] .roll'))
    wait_for(lambda: text(browser, "#last-roll"))
    left = track(browser, "stamina").find_element(By.CLASS_NAME, "track-value").text
    amount = track(browser, "stamina").find_element(By.CLASS_NAME, "amount")
    amount.clear()
    amount.send_keys(left.split(" / ")[0])  # down to 0: the system names the condition
    press(browser, track(browser, "stamina").find_element(By.CLASS_NAME, "hurt"))
    wait_for(lambda: text(browser, "#condition"))
    # the party: names, and the conditions the GM's Table gives each one's characters
    browser.find_element(By.ID, "tab-table").click()
    members = browser.find_elements(By.CSS_SELECTOR, "#party li.member")
    assert [m.find_element(By.CLASS_NAME, "member-name").text for m in members] == [
        "Mara (GM)", "Ana", "Bo"]
    assert members[2].find_element(By.CLASS_NAME, "party-character").text.split("\n") == [
        "Bo's hero", "Wounded, stunned (2 rounds)"]
    assert members[1].find_element(By.CLASS_NAME, "party-condition").text == "No condition"
    assert not browser.find_element(By.ID, "party-note").is_displayed()
    assert table.sheets["Bo"] not in browser.page_source
    for size in SIZES:
        for scheme in ("light", "dark"):
            emulate(browser, size, scheme)
            for view in ("sheet", "gear", "table"):
                browser.find_element(By.ID, f"tab-{view}").click()
                width = browser.execute_script("return document.documentElement.scrollWidth")
                assert width <= SIZES[size][0], (size, view, width)
                if folder:
                    _screens(browser, folder / f"{view}-{size}-{scheme}")
    browser.execute_script("localStorage.clear()")
    browser.get(f"https://127.0.0.1:{table.phone_port}/")
    for size in SIZES:
        for scheme in ("light", "dark"):
            emulate(browser, size, scheme)
            assert browser.find_element(By.ID, "view-pair").is_displayed()
            if folder:
                _screens(browser, folder / f"pair-{size}-{scheme}")


async def _show_encounter(table: LiveTable, name: str) -> None:
    gm = table.laptops["Mara"]
    doc = await gm.open(name)
    ydoc.write(doc, {"name": "Ambush at the ford", "lines": [
        "Round 2", "Ana's hero acts first (initiative 7)", "Bandits: one wounded, one down"],
        "party": {  # as the GM's app writes it: the Table's conditions of the characters
            table.sheets["Ana"]: {"name": "Ana's hero", "conditions": []},
            table.sheets["Bo"]: {"name": "Bo's hero",
                                 "conditions": ["Wounded", "stunned (2 rounds)"]},
        }})
    assert await gm.host_holds(name)
    await table.hosted.host.set_revealed(name, True)


def _screens(driver, stem: Path) -> None:
    """What the screen shows at the top of the view and, for a longer one, scrolled to
    its end."""
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(f"{stem}.png")
    if driver.execute_script("return document.documentElement.scrollHeight > innerHeight + 8"):
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        driver.save_screenshot(f"{stem}-end.png")
        driver.execute_script("window.scrollTo(0, 0)")
