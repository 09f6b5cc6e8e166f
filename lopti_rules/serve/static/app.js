// The Lopti web table's page: shows the state the server sends, as a card table, and sends
// what the person chooses. It never decides what is legal: the moves it offers are the
// server's, and a play of selected cards is sent as it is, for the engine to accept or
// refuse (the refusal is shown in place, with its clauses once).
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const params = new URLSearchParams(location.search);
const token = params.get("t") || localStorage.getItem("lopti-token") || "";
if (params.get("t")) localStorage.setItem("lopti-token", params.get("t"));

let ws = null;
let state = null;
let previous = null; // the state before this one (what moved, whose turn it was)
let selected = [];
let selectedHand = ""; // the hand the selection was made in
let retry = 500;
let retryTimer = null;
let checkTimer = null;
let online = false;
let myVote = null; // what this device voted in the open vote: "yes" / "no"
let votedIn = null;
let throws = ""; // Roshambo throws tapped, not yet thrown
let throwsFor = null;
let selectionAsked = false; // the answer to a mixed selection goes to the refusal box
const MAX_THROWS = 60; // K3: at most 60 throws at once (the server says so too)

// The page's labels in the reader's language: the server's gettext catalogue for the labels
// (`/labels.json`, lopti_rules/serve/labels.py); a label it lacks stays in English. `ranks`:
// the rank letters of that language's rulebook (S2), e.g. French V, D, R for J, Q, K.
let labels = {};
let ranks = {};
const chosenLang = params.get("lang") || localStorage.getItem("lopti-lang") || "";
function t(text, values) {
  const said = labels[text] || text;
  return values ? said.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : said;
}
function rankText(rank) { return ranks[rank] || rank; }
function translatePage() {
  document.querySelectorAll("[data-t]").forEach((node) => {
    if (!node.dataset.en) node.dataset.en = node.textContent;
    node.textContent = t(node.dataset.en);
  });
  document.querySelectorAll("[data-t-label]").forEach((node) => {
    if (!node.dataset.enLabel) node.dataset.enLabel = node.getAttribute("aria-label");
    node.setAttribute("aria-label", t(node.dataset.enLabel));
  });
}
async function loadLabels(lang) {
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : "";
  const reply = await fetch(`/labels.json${query}`);
  const found = await reply.json();
  labels = found.labels;
  ranks = found.ranks || {};
  document.documentElement.lang = found.lang;
  const pick = $("lang");
  if (!pick.children.length) {
    Object.entries(found.languages).forEach(([code, name]) => {
      const o = el("option", name); o.value = code; pick.append(o);
    });
  }
  pick.value = found.lang;
  translatePage();
  renderExamples();
}
async function loadCards() {
  const reply = await fetch("/static/cards.svg");
  const holder = document.createElement("div");
  holder.className = "sprite";
  holder.innerHTML = await reply.text(); // our own package file, not user data
  document.body.prepend(holder);
}

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function button(label, onClick, cls) {
  const b = el("button", label, cls);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

// ---------------------------------------------------------------- cards, drawn as cards

const SPECIAL = new Set(["2", "7", "10"]);
function card(rank) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const kind = rank === "3" ? " three" : SPECIAL.has(rank) ? " special" : "";
  svg.setAttribute("class", "card" + kind);
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", kind ? "#card-special" : "#card-face");
  svg.append(use);
  const shown = rankText(rank);
  const add = (x, y, size) => {
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("x", x); text.setAttribute("y", y);
    text.setAttribute("font-size", size);
    text.setAttribute("text-anchor", "middle");
    text.textContent = shown;
    svg.append(text);
  };
  // the index in the top corner (readable in a fanned hand) and the rank large in the
  // middle; no upside-down index, so a 6 never reads as a 9
  add(12, 20, shown.length > 1 ? 13 : 16);
  add(30, 58, shown.length > 1 ? 28 : 34);
  return svg;
}
function back() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "card back");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", "#card-back");
  svg.append(use);
  return svg;
}
function backs(n, most) {
  const shown = [];
  for (let i = 0; i < Math.min(n, most); i += 1) shown.push(back());
  return shown;
}
function cardsText(list) { return list.map(rankText).join(" "); }

// ---------------------------------------------------------------- the connection

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showError({ message: t("Not connected: nothing was sent. Wait until the table is back."), clause: null });
    return false;
  }
  ws.send(JSON.stringify(msg));
  return true;
}

function showError(msg) {
  const box = $("error");
  box.textContent = msg.message + (msg.clause ? ` (${msg.clause})` : "");
  box.hidden = false;
}
function showRefusal(msg) {
  const box = $("refusal");
  box.replaceChildren(el("span", msg.message));
  if (msg.clause) box.append(" ", el("span", t("(rulebook: {clauses})", { clauses: msg.clause }), "clause"));
  box.hidden = false;
}
function clearError() {
  $("error").hidden = true;
  $("refusal").hidden = true;
}

function setOnline(now) {
  online = now;
  const main = $("main");
  if (now) main.removeAttribute("inert"); else main.setAttribute("inert", "");
  if (state) renderTurnbar(state);
  else $("status").textContent = t("Connecting…");
}

function connect() {
  clearTimeout(retryTimer);
  if (!token) {
    $("who").textContent = t("Open the link the host gave you (it holds your seat's key).");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws?t=${encodeURIComponent(token)}`);
  ws = socket;
  socket.addEventListener("open", () => { retry = 500; setOnline(true); });
  socket.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") { previous = state; state = msg; render(); }
    else if (msg.type === "error") onError(msg);
    else if (msg.type === "checked") showCheck(msg);
    else if (msg.type === "settled") showSettle(msg);
  });
  socket.addEventListener("close", () => {
    if (ws !== socket) return;
    setOnline(false);
    retryTimer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function onError(msg) {
  if (msg.kind === "illegal") showRefusal(msg); else showError(msg);
}

// ---------------------------------------------------------------- the table

const KINDS = { person: "person", bot: "bot", easy: "easy bot", medium: "medium bot", hard: "hard bot" };
function kindOf(s, i) {
  const g = s.game;
  if (g && g.standins.includes(i)) return t("a bot plays meanwhile");
  return s.kinds[i] === "person" ? "" : t(KINDS[s.kinds[i]]);
}

function render() {
  const s = state;
  const me = { name: s.name, seat: s.you };
  $("who").textContent = s.you === null ? t("Host") :
    s.host ? t("You are {name} (seat {seat}), the host.", me) : t("You are {name} (seat {seat}).", me);
  renderTable(s);
  renderAsks(s);
  renderCalls(s);
  renderSummary(s);
  renderLog(s);
  renderHost(s);
  renderEvening(s.evening, s);
  renderTurnbar(s);
  animate(previous, s);
}

function statusOf(s) {
  const g = s.game;
  if (!g) return t("No round is being played here yet.");
  if (g.over) {
    return g.winner !== null ? t("Round {round} is over: {name} wins.", { round: g.round, name: s.names[g.winner] }) :
      t("Round {round} stalled: no winner.", { round: g.round });
  }
  if (g.asking !== null) {
    return g.asking === s.you ? t("A rule asks you to choose (below).") :
      t("Waiting for {name} to answer a rule's question.", { name: s.names[g.asking] });
  }
  if (g.to_act === null) {
    return s.asks.some((a) => a.kind === "swap") ? t("Your setup swap: swap a card or keep yours.") :
      t("Waiting for the setup swaps.");
  }
  if (g.to_act === s.you && s.legal.length) {
    return g.obligation ? t("Your turn: play 3s or pick up (3-obligation).") :
      g.low ? t("Your turn: 7 or lower (low rule).") : t("Your turn.");
  }
  return t("{name} to play.", { name: s.names[g.to_act] });
}

function myTurn(s) { return !!(s && s.game && !s.game.over && s.legal.length); }

function renderTurnbar(s) {
  const bar = $("turnbar");
  const mine = myTurn(s);
  bar.classList.toggle("mine", mine && online);
  bar.classList.toggle("offline", !online);
  bar.classList.toggle("over", !!(s.game && s.game.over));
  $("status").textContent = online ? statusOf(s) :
    t("Connection lost; reconnecting… Nothing you tap is sent until the table is back.");
  const v = s.evening.vote; // a vote waiting for this device, far below the table on a phone
  const throwing = s.asks.some((x) => x.kind === "roshambo");
  const voting = !!v && !v.roshambo && s.name !== null && !v.voted.includes(s.name);
  $("to-vote").hidden = !(throwing || voting) || mine;
  $("to-vote").textContent = throwing ? t("Go to your Roshambo throws") : t("Go to the Rule Vote");
  const base = t("Lopti table");
  document.title = mine && online ? `● ${t("Your turn.")} ${base}` : base;
  const was = myTurn(previous);
  const may = navigator.vibrate && (!navigator.userActivation || navigator.userActivation.hasBeenActive);
  if (mine && !was && online && may) navigator.vibrate(180); // where the device allows
}

const WIDE = matchMedia("(min-width: 900px)");
WIDE.addEventListener("change", () => { if (state) renderTable(state); });

function seatItem(s, i) {
  const g = s.game;
  const li = el("li", null, "seat");
  li.dataset.seat = String(i);
  li.append(el("span", s.names[i], "name"));
  const kind = kindOf(s, i);
  if (kind) li.append(el("span", kind, "kind"));
  if (!g) return li;
  const turn = g.to_act === i && !g.over;
  li.classList.toggle("turn", turn);
  if (turn) li.append(el("span", t("to play"), "badge"));
  const place = g.finished.indexOf(i);
  if (place >= 0) {
    li.classList.add("out");
    li.append(el("span", t("out, place {n}", { n: place + 1 }), "badge"));
  }
  const hand = el("div", null, "cards");
  hand.append(...backs(Math.min(g.hand_sizes[i], 1), 1));
  hand.append(el("span", t("{n} in hand", { n: g.hand_sizes[i] }), "counts"));
  const table = el("div", null, "cards");
  table.append(...g.face_up[i].map(card), ...backs(g.face_down[i], 3));
  li.append(hand, table);
  li.setAttribute("aria-label", t("{name}: {hand} in hand, face-up {up}, {down} face-down", {
    name: s.names[i], hand: g.hand_sizes[i], up: cardsText(g.face_up[i]) || "-", down: g.face_down[i],
  }) + (turn ? t(" ← to play") : ""));
  return li;
}

function renderTable(s) {
  const g = s.game;
  const others = $("others");
  const order = s.names.map((_, i) => i);
  const start = s.you === null ? 0 : s.you + 1; // the seats in playing order after you
  const around = [...order.slice(start), ...order.slice(0, start)].filter((i) => i !== s.you);
  const items = around.map((i) => seatItem(s, i));
  const sides = WIDE.matches && items.length >= 2; // around the felt on a wide screen
  $("others-left").replaceChildren(...(sides ? [items.shift()] : []));
  $("others-right").replaceChildren(...(sides ? [items.pop()] : []));
  others.replaceChildren(...items);
  const mine = $("mine");
  mine.hidden = s.you === null;
  mine.classList.toggle("turn", myTurn(s));
  if (!g) {
    $("pile").replaceChildren(el("div", null, "empty-slot"));
    $("pile").setAttribute("aria-label", t("Pile: empty"));
    for (const id of ["pile-count", "deck-count", "out-count", "pile-note", "pile-plays"]) $(id).textContent = "";
    $("deck-cards").replaceChildren();
    $("out-cards").replaceChildren();
    $("hand").replaceChildren();
    $("my-up").replaceChildren();
    $("my-down").replaceChildren();
    $("moves").replaceChildren();
    $("moves-box").hidden = true;
    $("play-selected").hidden = true;
    $("pickup").hidden = true;
    $("seat-back").hidden = true;
    return;
  }
  renderCentre(g);
  if (s.you !== null) renderMine(s, g);
}

function renderCentre(g) {
  const pile = $("pile");
  const top = g.pile.length ? g.pile[g.pile.length - 1] : null;
  let run = [];
  if (top) { // the top run: the top play's rank, as far down as it goes unbroken
    for (let i = g.pile.length - 1; i >= 0 && g.pile[i][0] === top[0]; i -= 1) run = [...Array(g.pile[i][1]).fill(top[0]), ...run];
  }
  pile.replaceChildren(...(run.length ? run.map(card) : [el("div", null, "empty-slot")]));
  pile.setAttribute("aria-label", run.length ? t("Pile: top run {cards}", { cards: cardsText(run) }) : t("Pile: empty"));
  $("pile-count").textContent = t("{n} in the pile", { n: g.pile_size });
  $("deck-cards").replaceChildren(...backs(g.deck ? 1 : 0, 1));
  $("deck-count").textContent = t("Deck {n}", { n: g.deck });
  $("out-cards").replaceChildren(...backs(g.removed ? 1 : 0, 1));
  $("out-count").textContent = t("Out of the round {n}", { n: g.removed });
  const notes = [];
  if (g.chain) notes.push(t("3s in the chain: {chain}", { chain: g.chain }));
  if (g.obligation) notes.push(t("3-obligation: play 3s or pick up."));
  if (g.low) notes.push(t("Low rule: 7 or lower."));
  $("pile-note").textContent = notes.join(" ");
  const plays = g.pile.slice(-6).map(([r, c]) => Array(c).fill(rankText(r)).join(" "));
  $("pile-plays").textContent = g.pile.length > 1 ? t("Plays on the pile: {plays}", { plays: plays.join(" | ") }) : "";
}

const RANKS = { J: 11, Q: 12, K: 13, A: 14 };
function rankValue(name) { return RANKS[name] || Number(name); }
function rankName(value) { return Object.keys(RANKS).find((k) => RANKS[k] === value) || String(value); }
// A move offered, in this device's language and with its cards' letters (the server's own
// label is in the server's language).
function moveLabel(m) {
  if (m.kind === "play") return t("Play {cards}", { cards: Array(m.count).fill(rankText(rankName(m.rank))).join(" ") });
  if (m.kind === "reveal") return t("Turn face-down card {n}", { n: m.index + 1 });
  return t("Pick up the pile");
}

function renderMine(s, g) {
  const legal = s.legal;
  const playable = new Set(legal.filter((m) => m.kind === "play").map((m) => m.rank));
  const reveals = legal.filter((m) => m.kind === "reveal");
  const mineNow = myTurn(s);
  const from = source(g); // the cards a play comes from: the hand, then the face-up cards (F1)
  const fromUp = from !== g.hand;
  const up = $("my-up");
  up.replaceChildren(...(fromUp ? [] : g.face_up[s.you].map(card)));
  if (!g.face_up[s.you].length) up.append(el("span", t("no face-up cards"), "counts"));
  const down = $("my-down");
  down.replaceChildren();
  for (let i = 0; i < g.face_down[s.you]; i += 1) {
    const reveal = reveals.find((m) => m.index === i);
    if (reveal) {
      const b = button("", () => move(reveal), "card-button legal");
      b.append(back());
      b.setAttribute("aria-label", moveLabel(reveal));
      down.append(b);
    } else down.append(back());
  }
  const hand = $("hand");
  if (selectedHand !== from.join()) selected = []; // new cards: nothing is selected
  selectedHand = from.join();
  hand.replaceChildren();
  (fromUp ? up : hand).append(...from.map((rank, i) => {
    const b = button("", () => toggle(i), "card-button");
    b.disabled = g.over; // a round that is over: its cards are only shown
    b.append(card(rank));
    b.dataset.rank = rank;
    const isLegal = mineNow && playable.has(rankValue(rank));
    b.classList.toggle("legal", isLegal);
    b.setAttribute("aria-pressed", selected.includes(i) ? "true" : "false");
    b.setAttribute("aria-label", (isLegal ? t("card {rank}, playable", { rank: rankText(rank) }) : t("card {rank}", { rank: rankText(rank) })));
    return b;
  }));
  if (!g.hand.length) hand.append(el("span", t("no cards in hand"), "counts"));
  const play = $("play-selected");
  play.hidden = !selected.length || !mineNow;
  if (selected.length) {
    const chosen = selected.map((i) => rankText(from[i]));
    play.textContent = t("Play {cards}", { cards: chosen.join(" ") });
  }
  const pickup = legal.find((m) => m.kind === "pickup");
  $("pickup").hidden = !pickup;
  $("seat-back").hidden = !g.standins.includes(s.you);
  const moves = $("moves");
  moves.replaceChildren(...legal.map((m, i) => {
    const b = button(moveLabel(m), () => move(m), "move");
    if (i < 9) {
      b.setAttribute("aria-keyshortcuts", String(i + 1));
      b.title = t("key {n}", { n: i + 1 });
    }
    return b;
  }));
  $("moves-box").hidden = !legal.length;
}

function source(g) {
  return g.hand.length || state.you === null ? g.hand : g.face_up[state.you];
}

function toggle(i) {
  selected = selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i];
  $("refusal").hidden = true;
  renderTable(state);
  const again = document.querySelectorAll("#mine button[data-rank]")[i];
  if (again) again.focus();
}

function move(m) {
  clearError();
  if (send({ type: "move", seq: state.seq, move: { kind: m.kind, rank: m.rank, count: m.count, index: m.index } })) {
    selected = [];
    renderTable(state);
  }
}

$("play-selected").addEventListener("click", () => {
  const from = source(state.game);
  const chosen = selected.map((i) => from[i]);
  if (!chosen.length) return;
  clearError();
  if (new Set(chosen).size > 1) {
    // the engine states the rule (P1): send it, and show its refusal in place
    selectionAsked = true;
    send({ type: "settle", pile: "", play: chosen.join(" ") });
    return;
  }
  move({ kind: "play", rank: rankValue(chosen[0]), count: chosen.length });
});
$("pickup").addEventListener("click", () => {
  const pickup = state.legal.find((m) => m.kind === "pickup");
  if (pickup) move(pickup);
});
$("seat-back").addEventListener("click", () => { clearError(); send({ type: "seat_back" }); });
$("to-vote").addEventListener("click", () => {
  const box = state.asks.some((x) => x.kind === "roshambo") ? $("roshambo") : $("vote-box");
  box.scrollIntoView({ block: "start" });
  window.scrollBy(0, -$("turnbar").offsetHeight - 8); // not under the bar
  const first = box.querySelector("button:not([hidden]):not(:disabled)");
  if (first) first.focus({ preventScroll: true });
});

// Each play moves from the seat that made it to the pile (and a pickup from the pile to
// the seat), at the table's pace; nothing moves for a reader who asked for less motion.
function animate(before, now) {
  if (!before || !before.game || !now.game || before.game.round !== now.game.round) {
    if (now.game && (!before || !before.game || before.game.round !== now.game.round) && now.you !== null) {
      $("table").scrollIntoView({ block: "start" }); // a new round: the table, your cards
    }
    return;
  }
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const who = before.game.to_act;
  if (who === null || who === undefined) return;
  const from = who === now.you ? $("hand") : document.querySelector(`#table .seat[data-seat="${who}"]`);
  const grew = now.game.pile_size > before.game.pile_size;
  const shrank = now.game.pile_size < before.game.pile_size;
  if (!from) return;
  const a = from.getBoundingClientRect();
  const pile = $("pile");
  const b = pile.getBoundingClientRect();
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  if (grew) {
    const count = now.game.pile[now.game.pile.length - 1][1];
    [...pile.children].slice(-count).forEach((node, k) => node.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(0.6) rotate(-8deg)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
      { duration: 380, delay: k * 60, easing: "cubic-bezier(.2,.8,.3,1)", fill: "backwards" },
    ));
  } else if (shrank) {
    from.animate([{ boxShadow: "0 0 0 6px rgba(255,209,102,.9)" }, { boxShadow: "0 0 0 0 rgba(255,209,102,0)" }], { duration: 600 });
  }
}

// ---------------------------------------------------------------- questions and calls

function renderAsks(s) {
  const box = $("asks");
  box.replaceChildren();
  s.asks.filter((a) => a.kind !== "roshambo").forEach((ask) => {
    const set = el("fieldset", null, "ask");
    set.append(el("legend", ask.prompt));
    ask.options.forEach((o) => set.append(button(o.label, () => { clearError(); send({ type: "answer", id: ask.id, choice: o.value }); }, o.value === "keep" ? "primary" : "")));
    box.append(set);
  });
}

// The table events the rules declare: the calls this seat may say, the reports it may make.
const REPORTS = {
  missed: "Report: {who} did not {what}",
  lost: "Report: {who} was the last to {what}",
  caught: "Report: {who} ({what})",
};
function renderCalls(s) {
  const calls = s.game ? s.game.calls : null;
  const box = $("calls");
  box.replaceChildren();
  $("calls-box").hidden = !calls || (!calls.say.length && !calls.report.length);
  if (!calls) return;
  calls.say.forEach((c) => box.append(button(t("Say it: {what}", { what: c.what }), () => {
    clearError(); send({ type: "call", kind: "say", name: c.name });
  }, "move")));
  calls.report.forEach((r) => box.append(button(t(REPORTS[r.report], { who: s.names[r.about], what: r.what }), () => {
    clearError(); send({ type: "call", kind: "report", name: r.name, about: r.about });
  })));
}

// The end of a round: the places, the cards each still held, what each house rule did.
function renderSummary(s) {
  const sum = s.summary;
  const box = $("summary");
  box.hidden = !sum;
  if (!sum) return;
  $("summary-h").textContent = sum.winner !== null ?
    t("Round {round} is over: {name} wins.", { round: sum.round, name: s.names[sum.winner] }) :
    t("Round {round} stalled: no winner.", { round: sum.round });
  const placed = new Set(sum.places);
  const rest = s.names.map((_, i) => i).filter((i) => !placed.has(i));
  $("summary-places").replaceChildren(
    ...sum.places.map((i) => el("li", s.names[i])),
    ...rest.map((i) => el("li", t("{name}: cards left {n}", { name: s.names[i], n: sum.cards_left[i] }))),
  );
  $("summary-rules").replaceChildren(...(sum.rules.length ? sum.rules.map((r) => {
    const li = el("li");
    li.append(el("strong", r.title + ": "));
    li.append(r.fired ? t("times fired: {n}; the last: {line}", { n: r.fired, line: r.lines[r.lines.length - 1] }) : t("did not fire this round."));
    return li;
  }) : [el("li", t("None: base Lopti."))]));
  const e = s.evening;
  $("summary-next").textContent = e.winner !== null ? t("{name} now writes the winner's rule (The evening).", { name: e.winner }) :
    s.host ? "" : t("The host deals the next round.");
  $("deal-next").hidden = !s.host || e.in_play;
}
$("deal-next").addEventListener("click", () => { clearError(); send({ type: "new_round", cards: "web", seats: seatKinds() }); });

// The state carries the last lines of the log, from line number `log_start` on; the page
// keeps the earlier ones (up to 500 lines).
let logLines = [];
let logStart = 0;
function renderLog(s) {
  if (s.log_start >= logStart && s.log_start <= logStart + logLines.length) {
    logLines = [...logLines.slice(0, s.log_start - logStart), ...s.log];
  } else {
    logLines = [...s.log];
    logStart = s.log_start;
  }
  if (logLines.length > 500) {
    logStart += logLines.length - 500;
    logLines = logLines.slice(-500);
  }
  const log = $("log");
  log.replaceChildren(...logLines.map((line) => el("li", line)));
  log.scrollTop = log.scrollHeight;
}

// ---------------------------------------------------------------- the host

function renderHost(s) {
  $("host").hidden = !s.host;
  if (!s.host) return;
  const g = s.game;
  const inPlay = s.evening.in_play;
  const webRound = !!(g && !g.over);
  $("host-deal").hidden = inPlay;
  $("host-real").hidden = !inPlay || webRound;
  $("host-round").hidden = !webRound;
  if (webRound) {
    const away = $("stand-ins");
    away.replaceChildren(...s.names.map((name, i) => i).filter((i) => s.kinds[i] === "person" && i !== s.you && !g.standins.includes(i))
      .map((i) => button(t("A bot plays for {name} now", { name: s.names[i] }), () => { clearError(); send({ type: "stand_in", seat: i }); })));
    if (!away.children.length) away.append(el("span", t("Nobody is away.")));
    const after = $("away-after");
    if (document.activeElement !== after) after.value = String(s.away_after);
  } else {
    $("abandon-yes").hidden = true;
  }
  const seats = $("seats");
  if (seats.children.length !== s.names.length * 2) {
    seats.replaceChildren();
    s.names.forEach((name, i) => {
      const label = el("label", name);
      const pick = el("select");
      pick.id = `seat-${i}`;
      Object.entries(KINDS).forEach(([k, text]) => {
        const o = el("option", t(text));
        o.setAttribute("data-t", "");
        o.dataset.en = text;
        o.value = k;
        pick.append(o);
      });
      pick.value = s.kinds[i];
      label.htmlFor = pick.id;
      seats.append(label, pick);
    });
  }
  const winner = $("real-winner");
  if (winner.children.length !== s.names.length) {
    winner.replaceChildren(...s.names.map((n) => { const o = el("option", n); o.value = n; return o; }));
  }
  $("setup-box").hidden = !s.evening.setup;
  if (s.evening.setup) {
    const author = $("setup-author");
    if (author.children.length !== s.names.length) {
      author.replaceChildren(...s.names.map((n) => { const o = el("option", n); o.value = n; return o; }));
    }
    playerChecks($("setup-yes"), s.names, null);
  }
  const joins = $("joins");
  if (joins.dataset.done !== "yes") {
    joins.dataset.done = "yes";
    joins.replaceChildren(...(s.joins || []).map((j) => {
      const link = `${location.origin}/?t=${j.token}`;
      const li = el("li");
      const a = el("a", `${j.name}: ${link}`);
      a.href = link;
      const img = el("img");
      img.alt = t("QR code to join as {name}", { name: j.name });
      img.src = `/qr.svg?t=${encodeURIComponent(token)}&seat=${j.seat}`;
      img.width = 160; img.height = 160;
      li.append(a, img);
      return li;
    }));
  }
}

// A checkbox per player in `box` (kept while the players are the same, so a state that
// arrives meanwhile does not undo the person's ticks); `ticked` names are ticked anew.
function playerChecks(box, names, ticked) {
  const key = names.join("\n");
  if (box.dataset.names !== key) {
    box.dataset.names = key;
    box.replaceChildren(...names.map((n) => {
      const label = el("label", null, "check");
      const tick = el("input");
      tick.type = "checkbox";
      tick.value = n;
      label.append(tick, ` ${n}`);
      return label;
    }));
  }
  if (ticked) box.querySelectorAll("input").forEach((x) => { x.checked = ticked.includes(x.value); });
}
function tickedNames(box) {
  return [...box.querySelectorAll("input:checked")].map((x) => x.value);
}

function seatKinds() {
  return state.names.map((_, i) => ($(`seat-${i}`) ? $(`seat-${i}`).value : state.kinds[i]));
}
$("deal-web").addEventListener("click", () => { clearError(); send({ type: "new_round", cards: "web", seats: seatKinds() }); });
$("deal-real").addEventListener("click", () => { clearError(); send({ type: "new_round", cards: "real" }); });
$("record-winner").addEventListener("click", () => send({ type: "finish_round", winner: $("real-winner").value }));
$("away-after").addEventListener("change", () => send({ type: "away_after", seconds: Number($("away-after").value) }));
$("abandon").addEventListener("click", () => { $("abandon-yes").hidden = false; $("abandon-yes").focus(); });
$("abandon-yes").addEventListener("click", () => { $("abandon-yes").hidden = true; clearError(); send({ type: "abandon" }); });

// ---------------------------------------------------------------- the evening

const EXAMPLES = [
  ["Lucky sevens", 'rule "Lucky sevens":\n    after play when rank is 7 and count is 2:\n        next player draws 1\n'],
  ["Quad tax", 'rule "Quad tax":\n    after clear when cause is four_of_a_kind:\n        each other player draws 1\n'],
  ["Say Lopti", 'rule "Say Lopti":\n    call lopti "say Lopti" after turn when cards of player is 1\n    after missed lopti: player draws 2\n'],
];
function renderExamples() {
  $("examples").replaceChildren(...EXAMPLES.map(([title, text]) => button(title, () => {
    $("rule-text").value = text;
    checkSoon();
    $("rule-text").focus();
  })));
}

function renderEvening(e, s) {
  const round = { name: e.name, round: e.current };
  $("standings").textContent = (e.in_play ? t("{name}: round {round} in play.", round) :
    t("{name}: round {round} next.", round)) + ` ${e.standings}`;
  const rules = $("rules");
  rules.replaceChildren();
  e.rules.forEach((r) => {
    const li = el("li");
    li.append(el("strong", `${r.id}. ${r.title}`), el("span", " " + t("by {author}, since round {since}.", { author: r.author, since: r.since }) + " "));
    li.append(el("span", r.words.join(" ")));
    rules.append(li);
  });
  if (!e.rules.length) rules.append(el("li", t("None: base Lopti.")));
  const writing = e.winner !== null && (e.winner === s.name || s.host);
  const wasHidden = $("write").hidden;
  $("write").hidden = !writing;
  if (writing) {
    $("write-h").textContent = t("{name}'s winner's rule (round {round})", { name: e.winner, round: e.winner_waiting });
    if (wasHidden) { $("rule-text").value = ""; showCheck({ accepted: false, diagnostics: [], words: [] }); }
  }
  renderDraft(s, writing);
  renderVote(e, s);
  $("history").replaceChildren(...e.history.map((line) => el("li", line)));
}

// The winner's draft, as the other devices see it being written and checked.
function renderDraft(s, writing) {
  const d = s.draft;
  $("draft").hidden = !d || writing;
  if (!d || writing) return;
  $("draft-h").textContent = t("{name} is writing the winner's rule:", { name: d.by });
  $("draft-text").textContent = d.text || "…";
  $("draft-verdict").textContent = !d.text.trim() ? "" : d.accepted ? t("The checker accepts this rule.") : t("The checker rejects this rule:");
  $("draft-verdict").className = d.accepted ? "legal" : "illegal";
  $("draft-diagnostics").replaceChildren(...d.diagnostics.map((x) => el("li", `${x.line}:${x.column} ${x.code} ${x.message}`, x.severity)));
}

function renderVote(e, s) {
  const v = e.vote;
  $("vote-open").hidden = !v;
  $("vote-form").hidden = !!v;
  if (!v) { myVote = null; votedIn = null; return; }
  if (votedIn !== v.number) { myVote = null; votedIn = v.number; }
  $("vote-what").textContent = t("{name} proposes to {what}.", { name: v.proposer, what: v.what.replace(/`/g, "") }) +
    (v.roshambo ? " " + t("Tied: {a} and {b} play Roshambo.", { a: v.roshambo[0], b: v.roshambo[1] }) : "");
  const mine = s.name !== null && v.voted.includes(s.name);
  $("vote-voted").textContent = t("Voted so far: {names}", { names: v.voted.join(", ") || t("nobody") }) +
    (v.thrown.length ? t("; thrown: {names}", { names: v.thrown.join(", ") }) : "") +
    (mine ? " " + (myVote === "yes" ? t("You voted yes.") : myVote === "no" ? t("You voted no.") : t("You have voted.")) : "");
  $("vote-mine").hidden = mine || !!v.roshambo || s.name === null;
  $("vote-host").hidden = !s.host;
  $("vote-cancel").hidden = !(s.host || v.proposer === s.name) || !!v.roshambo;
  $("vote-defenders-box").hidden = !v.chosen_defender || !!v.roshambo;
  if (v.chosen_defender) {
    const box = $("vote-defenders");
    const fresh = box.dataset.vote !== String(v.number);
    box.dataset.vote = String(v.number);
    playerChecks(box, s.names.filter((n) => n !== v.proposer), fresh ? v.defenders : null);
  }
  const pick = $("vote-for");
  const left = s.names.filter((n) => !v.voted.includes(n));
  if (pick.dataset.left !== left.join("\n")) {
    pick.dataset.left = left.join("\n");
    pick.replaceChildren(...left.map((n) => { const o = el("option", n); o.value = n; return o; }));
  }
  const none = !left.length || !!v.roshambo;
  $("vote-for-yes").hidden = $("vote-for-no").hidden = pick.hidden = none;
  document.querySelector('label[for="vote-for"]').hidden = none;
  renderRoshambo(v, s);
}

// Roshambo, next to the vote: tap throws in secret, undo a mis-tap, see the score so far.
function renderRoshambo(v, s) {
  const box = $("roshambo");
  const ask = s.asks.find((a) => a.kind === "roshambo");
  box.hidden = !v.roshambo;
  if (!v.roshambo) return;
  if (!ask || throwsFor !== (ask && ask.id)) { throws = ""; throwsFor = ask ? ask.id : null; }
  box.replaceChildren();
  const sc = v.score;
  if (sc && sc.a + sc.b + sc.draws > 0) { // once a batch has been thrown
    box.append(el("p", t("Score: {a} {x}-{y} {b} (draws: {draws}).", { a: v.roshambo[0], b: v.roshambo[1], x: sc.a, y: sc.b, draws: sc.draws }), "score"));
    box.append(el("p", sc.said));
  }
  if (!ask) {
    box.append(el("p", s.name && v.roshambo.includes(s.name) ? t("Your throws are in: waiting for the other side.") :
      t("{a} and {b} are throwing.", { a: v.roshambo[0], b: v.roshambo[1] })));
    return;
  }
  box.append(el("p", ask.prompt));
  const row = el("div", null, "throws");
  const shown = el("output");
  shown.setAttribute("aria-label", t("your throws so far"));
  shown.setAttribute("aria-live", "polite");
  const names = Object.fromEntries(ask.options.map((o) => [o.value, o.label]));
  const tell = () => {
    const counts = ask.options.map((o) => `${o.label} ×${[...throws].filter((x) => x === o.value).length}`);
    shown.textContent = t("{list} ({n} of at most {max})", { list: counts.join(", "), n: throws.length, max: MAX_THROWS });
    undo.disabled = clear.disabled = go.disabled = !throws.length;
    ask.options.forEach((o, i) => { row.children[i].disabled = throws.length >= MAX_THROWS; });
  };
  ask.options.forEach((o) => row.append(button(names[o.value], () => { if (throws.length < MAX_THROWS) { throws += o.value; tell(); } })));
  const undo = button(t("Undo"), () => { throws = throws.slice(0, -1); tell(); });
  const clear = button(t("Clear"), () => { throws = ""; tell(); });
  const go = button(t("Throw"), () => { if (throws && send({ type: "answer", id: ask.id, choice: throws })) throws = ""; }, "primary");
  row.append(undo, clear, go);
  box.append(row, shown);
  tell();
}

function checkSoon() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => send({ type: "draft", text: $("rule-text").value }), 200);
}
$("rule-text").addEventListener("input", checkSoon);

function showCheck(msg) {
  const empty = !$("rule-text").value.trim();
  $("rule-verdict").textContent = empty ? t("Write a rule, or start from an example.") :
    msg.accepted ? t("The checker accepts this rule.") : t("The checker rejects this rule:");
  $("rule-verdict").className = empty ? "" : msg.accepted ? "legal" : "illegal";
  $("diagnostics").replaceChildren(...msg.diagnostics.map((d) => {
    const li = el("li", `${d.line}:${d.column} ${d.code} ${d.message}`, d.severity);
    if (d.hint) li.append(el("div", t("hint: {hint}", { hint: d.hint }), "hint"));
    return li;
  }));
  $("words").replaceChildren(...msg.words.map((w) => el("li", w)));
  $("words-h").hidden = !msg.words.length;
  $("add-rule").disabled = empty || !msg.accepted;
}
$("add-rule").addEventListener("click", () => { clearError(); send({ type: "add_rule", text: $("rule-text").value }); });

function ballot(yes) {
  clearError();
  if (send({ type: "ballot", yes, object: !yes && $("vote-object").checked })) myVote = yes ? "yes" : "no";
}
$("vote-yes").addEventListener("click", () => ballot(true));
$("vote-no").addEventListener("click", () => ballot(false));
$("vote-for-yes").addEventListener("click", () => send({ type: "ballot", yes: true, for: $("vote-for").value }));
$("vote-for-no").addEventListener("click", () => send({ type: "ballot", yes: false, for: $("vote-for").value }));
$("vote-close").addEventListener("click", () => send({ type: "vote_close" }));
$("vote-cancel").addEventListener("click", () => send({ type: "vote_cancel" }));
$("vote-defenders-set").addEventListener("click", () => {
  clearError();
  send({ type: "vote_defenders", defenders: tickedNames($("vote-defenders")) });
});
$("setup-form").addEventListener("submit", (event) => {
  event.preventDefault();
  clearError();
  send({ type: "setup_restore", text: $("setup-text").value, author: $("setup-author").value, yes: tickedNames($("setup-yes")) });
});
// The vote form shows only the fields of the kind of proposal chosen.
function voteFields() {
  const action = $("vote-action").value;
  document.querySelectorAll("#vote-form .kind-rule").forEach((n) => { n.hidden = action === "base"; });
  document.querySelectorAll("#vote-form .kind-base").forEach((n) => { n.hidden = action !== "base"; });
  document.querySelectorAll("#vote-form .kind-change").forEach((n) => { n.hidden = action !== "change"; });
  document.querySelectorAll("#vote-form .kind-creator").forEach((n) => { n.hidden = action !== "remove" && action !== "change"; });
}
$("vote-action").addEventListener("change", voteFields);
voteFields();
$("vote-form").addEventListener("submit", (event) => {
  event.preventDefault();
  clearError();
  const action = $("vote-action").value;
  const msg = { type: "vote_open", action, effective: $("vote-effective").value, creator_absent: action !== "base" && $("vote-absent").checked };
  if (action !== "base") msg.rule = Number($("vote-rule").value) || null;
  if (action === "change") msg.text = $("vote-text").value;
  if (action === "base") { msg.option = $("vote-option").value; msg.value = $("vote-value").value === "true"; }
  send(msg);
});
$("ruling-form").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ type: "ruling", rule: Number($("ruling-rule").value), question: $("ruling-question").value, answer: $("ruling-answer").value });
});
$("reword-form").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ type: "reword", rule: Number($("reword-rule").value), text: $("reword-text").value });
});
$("delete-rule").addEventListener("click", () => send({ type: "delete_rule", rule: Number($("reword-rule").value) }));

$("settle-form").addEventListener("submit", (event) => {
  event.preventDefault();
  $("settle-answer").textContent = "";
  send({ type: "settle", pile: $("settle-pile").value, play: $("settle-play").value, chain: Number($("settle-chain").value) || 0 });
});
function showSettle(msg) {
  if (selectionAsked) {
    selectionAsked = false;
    if (!msg.legal) showRefusal({ message: msg.message.replace(/\s*\([^()]*\)\s*$/, ""), clause: msg.clause });
    return;
  }
  const out = $("settle-answer");
  out.textContent = msg.legal ? t("Legal: {reason}", { reason: msg.message }) :
    t("Not legal: {reason}", { reason: msg.message });
  out.className = msg.legal ? "legal" : "illegal";
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const n = Number(event.key);
  if (state && online && n >= 1 && n <= 9 && state.legal[n - 1]) move(state.legal[n - 1]);
});

$("lang").addEventListener("change", () => {
  localStorage.setItem("lopti-lang", $("lang").value);
  loadLabels($("lang").value).then(() => { if (state) render(); });
});

setOnline(false);
Promise.all([loadLabels(chosenLang), loadCards()]).catch(() => {}).finally(connect);
