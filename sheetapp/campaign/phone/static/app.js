// The phone page: shows what the campaign's host computed and sends intents back.
// No rule is computed here: odds, tracks, conditions and roll readings all come from the
// host, which runs the game systems' own Python code.
"use strict";

const STORE = "sheetapp-phone";
const SEEN = "sheetapp-phone-seen";
let creds = null; // {device, token, fp}
let state = null;
let picked = "";
let view = "sheet";
let version = -1;
let offlineSince = 0;
let lastRoll = null; // {character, key, reading}: shown in its row until the next roll
let quiet = 0; // the timer that clears a passing message
let polling = null; // the AbortController of the state request in flight
const POLL_LIMIT_MS = 35000; // the host answers a long poll within 20 s

function $(id) { return document.getElementById(id); }

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.entries(props || {}).forEach(([key, value]) => {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key === "style") Object.assign(node.style, value); // CSSOM: allowed by the CSP
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role") {
      if (value !== "") node.setAttribute(key, value);
    }
    else node[key] = value;
  });
  children.forEach((child) => child && node.append(child));
  return node;
}

function takePairing() {
  // The link's fragment carries the device and its token; it never leaves the phone in a
  // request. Kept in this browser's storage, then dropped from the address bar.
  const hash = new URLSearchParams(location.hash.slice(1));
  const pair = hash.get("pair");
  if (pair && pair.includes(".")) {
    const [device, token] = pair.split(".", 2);
    creds = { device, token, fp: hash.get("fp") || "" };
    localStorage.setItem(STORE, JSON.stringify(creds));
    history.replaceState(null, "", location.pathname);
  } else {
    try { creds = JSON.parse(localStorage.getItem(STORE) || "null"); } catch (e) { creds = null; }
  }
}

function grouped(fp) {
  return (fp || "").toUpperCase().match(/.{1,4}/g)?.join(":") || "";
}

async function call(method, path, body, signal) {
  const answer = await fetch(path, {
    method,
    signal,
    headers: {
      "Authorization": `Device ${creds.device} ${creds.token}`,
      "Content-Type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  let data = {};
  try { data = await answer.json(); } catch (e) { data = {}; }
  if (answer.status === 401) {
    refused(data.error || "This phone was revoked.");
    throw new Error("refused");
  }
  if (!answer.ok) throw new Error(data.error || `The host answered ${answer.status}.`);
  return data;
}

function refused(reason) {
  localStorage.removeItem(STORE);
  localStorage.removeItem(SEEN);
  creds = null;
  state = null;
  $("pair-title").textContent = "This phone is not paired";
  $("pair-text").textContent = `${reason} Pair it again from the app's QR code.`;
  show("pair");
}

function say(text, kind) {
  const status = $("status");
  status.textContent = text;
  status.className = kind || "";
  clearTimeout(quiet);
  if (!kind) quiet = setTimeout(() => { if (status.textContent === text) status.textContent = ""; }, 3000);
}

async function poll() {
  while (creds) {
    try {
      polling = new AbortController();
      const limit = setTimeout(() => polling.abort(), POLL_LIMIT_MS);
      let fresh;
      try {
        // back from offline: ask for the state now, not for the next change
        const wait = offlineSince ? "" : `?since=${version}`;
        fresh = await call("GET", `/api/state${wait}`, undefined, polling.signal);
      } finally {
        clearTimeout(limit);
      }
      if (offlineSince) { offlineSince = 0; say(""); }
      accept(fresh);
    } catch (error) {
      if (!creds) return;
      if (!offlineSince) offlineSince = Date.now();
      const when = new Date(offlineSince).toLocaleTimeString();
      say(`Offline since ${when}: showing what this phone last saw.`, "offline");
      await new Promise((done) => setTimeout(done, 3000));
    }
  }
}

function accept(fresh) {
  state = fresh;
  version = fresh.version;
  localStorage.setItem(SEEN, JSON.stringify(fresh));
  render();
}

function show(which) {
  view = which;
  document.querySelectorAll(".view").forEach((section) => {
    section.hidden = section.id !== `view-${which}`;
  });
  document.querySelectorAll("#tabs button").forEach((button) => {
    button.setAttribute("aria-current", button.dataset.view === which ? "page" : "false");
  });
  $("tabs").hidden = which === "pair";
}

function current() {
  if (!state || !state.characters.length) return null;
  return state.characters.find((c) => c.id === picked) || state.characters[0];
}

function render() {
  if (!state) return;
  const pick = $("pick");
  pick.replaceChildren(...state.characters.map((c) => el("option", { value: c.id, text: c.name })));
  pick.hidden = state.characters.length < 2;
  const character = current();
  if (character) { picked = character.id; pick.value = picked; }
  $("title").textContent = character ? character.name : state.member.name;
  if (state.refused) say(`The host refused: ${state.refused}`, "error");
  else if (state.refusals.length) say(`The host refused a change: ${state.refusals.at(-1)}`, "error");
  renderSheet(character);
  renderGear(character);
  renderTable();
  if (view === "pair") show("sheet");
}

function renderSheet(c) {
  const tracks = $("tracks");
  const checks = $("checks");
  if (!c) {
    $("facts").textContent = "No character of yours is shared in this campaign yet.";
    [tracks, checks, $("scores"), $("figures")].forEach((n) => n.replaceChildren());
    $("condition").hidden = true;
    return;
  }
  if (c.problem) {
    $("facts").textContent = c.problem;
    return;
  }
  $("facts").textContent = [c.system, ...c.facts.filter((f) => f !== c.system)].join(" · ");
  $("condition").hidden = !c.condition;
  $("condition").textContent = c.condition;
  tracks.replaceChildren(...c.tracks.map((t) => trackRow(c, t)));
  if (!c.tracks.length) tracks.append(el("p", { class: "quiet", text: "This sheet keeps no tracks." }));
  $("scores").replaceChildren(...pairs(c.scores));
  $("figures").replaceChildren(...pairs(c.figures));
  const sections = { attributes: "Attributes", skills: "Skills", weapons: "Weapons" };
  const rows = [];
  Object.entries(sections).forEach(([section, label]) => {
    const mine = c.checks.filter((k) => k.section === section);
    if (mine.length) rows.push(el("h3", { text: label }), ...mine.map((k) => checkRow(c, k)));
  });
  checks.replaceChildren(...rows);
}

function pairs(list) {
  return list.map(([name, value]) => el("div", {}, el("dt", { text: name }), el("dd", { text: value })));
}

function trackRow(c, t) {
  const span = Math.max(t.maximum - t.minimum, 1);
  const left = Math.max(0, Math.min(1, (t.current - t.minimum) / span));
  const amount = el("input", {
    type: "number", min: "1", value: "1", inputMode: "numeric", class: "amount",
    "aria-label": `Points for ${t.label}`,
  });
  const send = (op) => edit(c, { op, track: t.key, amount: Number(amount.value) || 1 });
  return el("div", { class: "track", "data-key": t.key },
    el("div", { class: "track-head" },
      el("span", { class: "track-name", text: t.label }),
      el("span", { class: "track-value", text: `${t.current} / ${t.maximum}` })),
    el("div", { class: "bar", "aria-hidden": "true" },
      el("div", { class: "fill", style: { width: `${Math.round(left * 100)}%` } })),
    el("div", { class: "track-actions" },
      amount,
      el("button", { type: "button", class: "hurt", text: "Damage", onclick: () => send("damage") }),
      el("button", { type: "button", class: "heal", text: "Heal", onclick: () => send("heal") })));
}

function checkRow(c, k) {
  // the host's exact chances (fractions), a tap away from the rounded summary
  const exact = (k.odds || []).map(([o, p]) => `${o} ${p}`).join(" · ");
  const odds = el("span", { class: "odds", text: k.summary || k.reason || "",
    title: exact, role: k.summary ? "button" : "", tabIndex: k.summary ? 0 : -1,
    "aria-label": k.summary ? `Chances of ${k.name}: ${exact}` : "" });
  if (k.summary) {
    const flip = () => { odds.textContent = odds.textContent === exact ? k.summary : exact; };
    odds.addEventListener("click", flip);
    odds.addEventListener("keydown", (event) => { if (event.key === "Enter") flip(); });
  }
  const row = el("div", { class: "check", "data-key": k.key },
    el("div", { class: "check-text" },
      el("span", { class: "check-name", text: k.name }), odds));
  if (lastRoll && lastRoll.character === c.id && lastRoll.key === k.key) {
    row.querySelector(".check-text").append(el("strong", { class: "result",
      text: `${lastRoll.reading.result} (${lastRoll.reading.dice})` }));
  }
  if (k.summary) {
    row.append(el("button", { type: "button", class: "roll", text: "Roll",
      "aria-label": `Roll ${k.name}`, onclick: () => roll(c, k) }));
  }
  return row;
}

function renderGear(c) {
  const gear = $("gear");
  const notes = $("notes");
  if (!c || c.problem) { gear.replaceChildren(); return; }
  gear.replaceChildren(...c.gear.map((g) => gearRow(c, g)));
  if (!c.gear.length) gear.append(el("li", { class: "quiet", text: "No gear on this sheet." }));
  if (document.activeElement !== notes && !notes.dataset.dirty) notes.value = c.notes;
  $("log").replaceChildren(...c.rolls.map((r) =>
    el("li", { text: `${new Date(r.at * 1000).toLocaleTimeString()}  ${r.text}` })));
  if (!c.rolls.length) $("log").append(el("li", { class: "quiet", text: "No rolls yet." }));
}

function gearRow(c, g) {
  const row = el("li", { class: "gear", "data-list": g.list, "data-row": String(g.row) },
    el("span", { class: "gear-text" },
      el("span", { class: "gear-name", text: g.name || "(unnamed)" }),
      g.notes ? el("span", { class: "odds", text: g.notes }) : null));
  if (g.quantity !== undefined && g.quantity !== null) {
    const set = (value) => edit(c, { op: "quantity", list: g.list, row: g.row, value });
    row.append(el("span", { class: "stepper" },
      el("button", { type: "button", class: "less", text: "−", "aria-label": `One less ${g.name}`,
        onclick: () => set(Math.max(0, g.quantity - 1)) }),
      el("span", { class: "quantity", text: String(g.quantity) }),
      el("button", { type: "button", class: "more", text: "+", "aria-label": `One more ${g.name}`,
        onclick: () => set(g.quantity + 1) })));
  }
  return row;
}

function renderTable() {
  const requests = $("requests");
  requests.replaceChildren(...state.requests.map((r) => {
    const owner = state.characters.find((c) => c.id === r.character);
    return el("li", { class: "request", "data-id": r.id },
      el("span", { text: owner ? `${owner.name}: ${r.text}` : r.text }),
      el("span", { class: "actions" },
        el("button", { type: "button", class: "accept", text: "Accept",
          onclick: () => decide(r, true) }),
        el("button", { type: "button", class: "decline", text: "Decline",
          onclick: () => decide(r, false) })));
  }));
  $("no-requests").hidden = state.requests.length > 0;
  const badge = $("badge");
  badge.hidden = !state.requests.length;
  badge.textContent = String(state.requests.length);
  const encounter = $("encounter");
  if (state.encounter) {
    encounter.replaceChildren(el("h3", { text: state.encounter.name }),
      el("ul", { class: "rows" }, ...state.encounter.lines.map((l) => el("li", { text: l }))));
  } else {
    encounter.replaceChildren(el("p", { class: "quiet", text: "The GM shows no encounter." }));
  }
  $("party").replaceChildren(...state.party.map((m) =>
    el("li", { text: m.role === "gm" ? `${m.name} (GM)` : m.name })));
}

async function edit(c, change) {
  try {
    accept(await call("POST", "/api/edit", { character: c.id, ...change }));
    say("Sent to the table.");
  } catch (error) {
    if (creds) say(error.message, "error");
  }
}

async function roll(c, k) {
  try {
    const reading = await call("POST", "/api/roll", { character: c.id, check: k.key });
    lastRoll = { character: c.id, key: k.key, reading };
    renderSheet(current());
    const box = $("last-roll");
    box.hidden = false;
    box.replaceChildren(el("strong", { text: reading.result }),
      el("span", { text: `${reading.name}: ${reading.dice}${reading.detail ? ` (${reading.detail})` : ""}` }));
  } catch (error) {
    if (creds) say(error.message, "error");
  }
}

async function decide(r, yes) {
  try {
    accept(await call("POST", "/api/request", { id: r.id, accept: yes }));
    say(yes ? "Accepted." : "Declined.");
  } catch (error) {
    if (creds) say(error.message, "error");
  }
}

function start() {
  takePairing();
  document.querySelectorAll("#tabs button").forEach((button) => {
    button.addEventListener("click", () => show(button.dataset.view));
  });
  $("pick").addEventListener("change", (event) => { picked = event.target.value; render(); });
  $("notes").addEventListener("input", () => { $("notes").dataset.dirty = "1"; });
  $("save-notes").addEventListener("click", async () => {
    const c = current();
    if (!c) return;
    await edit(c, { op: "notes", text: $("notes").value });
    delete $("notes").dataset.dirty;
  });
  // a phone that loses its network says so at once, not when the long poll times out
  window.addEventListener("offline", () => { if (polling) polling.abort(); });
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {}); // untrusted certificate: none
  }
  if (!creds) { show("pair"); return; }
  if (creds.fp) {
    $("pair-fp").hidden = false;
    $("pair-fp").textContent =
      `The host's certificate, as the QR code named it (compare with your browser's): ${grouped(creds.fp)}`;
  }
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN) || "null");
    if (seen) { state = seen; render(); }
  } catch (e) { /* nothing seen yet */ }
  show(view);
  poll();
}

document.addEventListener("DOMContentLoaded", start);
