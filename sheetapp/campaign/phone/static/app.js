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
let turnedAway = false; // the host answered the last poll with a refusal (said on top)
let lastRoll = null; // {character, key, reading}: shown in its row until the next roll
let quiet = 0; // the timer that clears a passing message
let polling = null; // the AbortController of the state request in flight
const POLL_LIMIT_MS = 35000; // the host answers a long poll within 20 s

function $(id) { return document.getElementById(id); }

// The page's sentences, in the host's language (words.py); kept for a page opened offline.
const WORDS = "sheetapp-phone-words";
let words = {};

function t(key, values) {
  const text = words[key] || key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (values && name in values ? values[name] : all));
}

function loadWords() {
  try { words = JSON.parse($("words").textContent); } catch (e) { words = {}; }
  if (Object.keys(words).length) localStorage.setItem(WORDS, JSON.stringify(words));
  else {
    try { words = JSON.parse(localStorage.getItem(WORDS) || "{}"); } catch (e) { words = {}; }
  }
}

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
    refused(data.error || t("revoked"));
    throw new Error("refused");
  }
  if (!answer.ok) {
    const error = new Error(data.error || t("answered", { status: answer.status }));
    error.answered = true; // the host answered: not offline, whatever it refused
    throw error;
  }
  return data;
}

function refused(reason) {
  localStorage.removeItem(STORE);
  localStorage.removeItem(SEEN);
  creds = null;
  state = null;
  $("pair-title").textContent = t("not_paired");
  $("pair-text").textContent = t("pair_again", { reason });
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
      if (offlineSince || turnedAway) { offlineSince = 0; turnedAway = false; say(""); }
      accept(fresh);
    } catch (error) {
      if (!creds) return;
      if (error.answered) {
        turnedAway = true;
        say(error.message, "error");
        await new Promise((done) => setTimeout(done, 3000));
        continue;
      }
      if (!offlineSince) offlineSince = Date.now();
      const when = new Date(offlineSince).toLocaleTimeString();
      say(t("offline", { time: when }), "offline");
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
  if (state.refused) say(t("refused", { reason: state.refused }), "error");
  else if (state.refusals.length) say(t("refused_change", { reason: state.refusals.at(-1) }), "error");
  renderSheet(character);
  renderGear(character);
  renderTable();
  if (view === "pair") show("sheet");
}

function renderSheet(c) {
  const tracks = $("tracks");
  const checks = $("checks");
  if (!c) {
    $("facts").textContent = t("no_character");
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
  tracks.replaceChildren(...c.tracks.map((track) => trackRow(c, track)));
  if (!c.tracks.length) tracks.append(el("p", { class: "quiet", text: t("no_tracks") }));
  $("scores").replaceChildren(...pairs(c.scores));
  $("figures").replaceChildren(...pairs(c.figures));
  const rows = [];
  ["attributes", "skills", "weapons"].forEach((section) => {
    const mine = c.checks.filter((k) => k.section === section);
    if (mine.length) rows.push(el("h3", { text: t(section) }), ...mine.map((k) => checkRow(c, k)));
  });
  checks.replaceChildren(...rows);
}

function pairs(list) {
  return list.map(([name, value]) => el("div", {}, el("dt", { text: name }), el("dd", { text: value })));
}

function trackRow(c, track) {
  const span = Math.max(track.maximum - track.minimum, 1);
  const left = Math.max(0, Math.min(1, (track.current - track.minimum) / span));
  const amount = el("input", {
    type: "number", min: "1", value: "1", inputMode: "numeric", class: "amount",
    "aria-label": t("points_for", { track: track.label }),
  });
  const send = (op) => edit(c, { op, track: track.key, amount: Number(amount.value) || 1 });
  return el("div", { class: "track", "data-key": track.key },
    el("div", { class: "track-head" },
      el("span", { class: "track-name", text: track.label }),
      el("span", { class: "track-value", text: `${track.current} / ${track.maximum}` })),
    el("div", { class: "bar", "aria-hidden": "true" },
      el("div", { class: "fill", style: { width: `${Math.round(left * 100)}%` } })),
    el("div", { class: "track-actions" },
      amount,
      el("button", { type: "button", class: "hurt", text: t("damage"), onclick: () => send("damage") }),
      el("button", { type: "button", class: "heal", text: t("heal"), onclick: () => send("heal") })));
}

function checkRow(c, k) {
  // the host's exact chances (fractions), a tap away from the rounded summary
  const exact = (k.odds || []).map(([o, p]) => `${o} ${p}`).join(" · ");
  const odds = el("span", { class: "odds", text: k.summary || k.reason || "",
    title: exact, role: k.summary ? "button" : "", tabIndex: k.summary ? 0 : -1,
    "aria-label": k.summary ? t("chances_of", { name: k.name, odds: exact }) : "" });
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
    row.append(el("button", { type: "button", class: "roll", text: t("roll"),
      "aria-label": t("roll_name", { name: k.name }), onclick: () => roll(c, k) }));
  }
  return row;
}

function renderGear(c) {
  const gear = $("gear");
  const notes = $("notes");
  if (!c || c.problem) { gear.replaceChildren(); return; }
  gear.replaceChildren(...c.gear.map((g) => gearRow(c, g)));
  if (!c.gear.length) gear.append(el("li", { class: "quiet", text: t("no_gear") }));
  if (document.activeElement !== notes && !notes.dataset.dirty) notes.value = c.notes;
  $("log").replaceChildren(...c.rolls.map((r) =>
    el("li", { text: `${new Date(r.at * 1000).toLocaleTimeString()}  ${r.text}` })));
  if (!c.rolls.length) $("log").append(el("li", { class: "quiet", text: t("no_rolls") }));
}

function gearRow(c, g) {
  const row = el("li", { class: "gear", "data-list": g.list, "data-row": String(g.row) },
    el("span", { class: "gear-text" },
      el("span", { class: "gear-name", text: g.name || t("unnamed") }),
      g.notes ? el("span", { class: "odds", text: g.notes }) : null));
  if (g.quantity !== undefined && g.quantity !== null) {
    const set = (value) => edit(c, { op: "quantity", list: g.list, row: g.row, value });
    row.append(el("span", { class: "stepper" },
      el("button", { type: "button", class: "less", text: "−", "aria-label": t("one_less", { name: g.name }),
        onclick: () => set(Math.max(0, g.quantity - 1)) }),
      el("span", { class: "quantity", text: String(g.quantity) }),
      el("button", { type: "button", class: "more", text: "+", "aria-label": t("one_more", { name: g.name }),
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
        el("button", { type: "button", class: "accept", text: t("accept"),
          onclick: () => decide(r, true) }),
        el("button", { type: "button", class: "decline", text: t("decline"),
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
    encounter.replaceChildren(el("p", { class: "quiet", text: t("no_encounter") }));
  }
  // names, and the conditions the GM's Table gives their characters in the shown
  // encounter: the host sends nothing else of another member's
  $("party").replaceChildren(...state.party.map((m) =>
    el("li", { class: "member" },
      el("span", { class: "member-name",
        text: m.role === "gm" ? t("gm_name", { name: m.name }) : m.name }),
      ...(m.characters || []).map((c) =>
        el("span", { class: "party-character" },
          el("span", { class: "party-character-name", text: c.name }),
          el("span", { class: c.conditions.length ? "party-condition" : "party-condition quiet",
            text: c.conditions.length ? c.conditions.join(", ") : t("no_condition") }))))));
  $("party-note").hidden = Boolean(state.encounter);
}

async function edit(c, change) {
  try {
    accept(await call("POST", "/api/edit", { character: c.id, ...change }));
    say(t("sent"));
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
    say(t(yes ? "accepted" : "declined"));
  } catch (error) {
    if (creds) say(error.message, "error");
  }
}

function start() {
  loadWords();
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
    $("pair-fp").textContent = t("fingerprint", { fp: grouped(creds.fp) });
  }
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN) || "null");
    if (seen) { state = seen; render(); }
  } catch (e) { /* nothing seen yet */ }
  show(view);
  poll();
}

document.addEventListener("DOMContentLoaded", start);
