// The Lopti web table's page: shows the state the server sends and sends what the person
// chooses. It never decides what is legal: the moves it offers are the server's, and a
// play of selected cards is sent as it is, for the engine to accept or refuse.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const token = params.get("t") || localStorage.getItem("lopti-token") || "";
if (params.get("t")) localStorage.setItem("lopti-token", params.get("t"));

let ws = null;
let state = null;
let selected = [];
let retry = 500;
let checkTimer = null;
let selectionAsked = false; // the answer to a mixed selection goes to the error box

// The page's labels in the reader's language: the server's gettext catalogue for the labels
// (`/labels.json`, lopti_rules/serve/labels.py); a label it lacks stays in English.
let labels = {};
const chosenLang = params.get("lang") || localStorage.getItem("lopti-lang") || "";
function t(text, values) {
  const said = labels[text] || text;
  return values ? said.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : said;
}
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
  document.documentElement.lang = found.lang;
  const pick = $("lang");
  if (!pick.children.length) {
    Object.entries(found.languages).forEach(([code, name]) => {
      const o = el("option", name); o.value = code; pick.append(o);
    });
  }
  pick.value = found.lang;
  translatePage();
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

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function showError(msg) {
  const box = $("error");
  box.textContent = msg.message + (msg.clause ? ` [${msg.clause}]` : "");
  box.hidden = false;
}

function clearError() {
  $("error").hidden = true;
}

function connect() {
  if (!token) {
    $("who").textContent = t("Open the link the host gave you (it holds your seat's key).");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws?t=${encodeURIComponent(token)}`);
  ws.addEventListener("open", () => { retry = 500; });
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") { state = msg; render(); }
    else if (msg.type === "error") showError(msg);
    else if (msg.type === "checked") showCheck(msg);
    else if (msg.type === "settled") showSettle(msg);
  });
  ws.addEventListener("close", () => {
    $("who").textContent = t("Connection lost; reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

const KINDS = { person: "person", bot: "bot", easy: "easy bot", medium: "medium bot", hard: "hard bot" };
function seatLine(i) {
  const g = state.game;
  const k = state.kinds[i];
  const name = k === "person" ? state.names[i] : `${state.names[i]} (${t(KINDS[k])})`;
  if (!g) return name;
  const out = g.finished.includes(i) ? t(", out") : "";
  const turn = g.to_act === i ? t(" ← to play") : "";
  return t("{name}: {hand} in hand, face-up {up}, {down} face-down", {
    name, hand: g.hand_sizes[i], up: g.face_up[i].join(" ") || "-", down: g.face_down[i],
  }) + out + turn;
}

function render() {
  const s = state;
  const me = { name: s.name, seat: s.you };
  $("who").textContent = s.you === null ? t("Host") :
    s.host ? t("You are {name} (seat {seat}), the host.", me) : t("You are {name} (seat {seat}).", me);
  renderTable(s);
  renderAsks(s);
  renderCalls(s);
  renderLog(s);
  renderHost(s);
  renderEvening(s.evening, s);
}

function renderTable(s) {
  const g = s.game;
  const others = $("others");
  others.replaceChildren();
  s.names.forEach((_, i) => { if (i !== s.you) others.append(el("li", seatLine(i))); });
  if (!g) {
    $("status").textContent = t("No round is being played here yet.");
    $("pile").textContent = t("empty");
    $("counts").textContent = "";
    $("hand").replaceChildren();
    $("moves").replaceChildren();
    return;
  }
  let status;
  if (g.over) {
    status = g.winner !== null ? t("Round {round} is over: {name} wins.", { round: g.round, name: s.names[g.winner] }) :
      t("Round {round} stalled: no winner.", { round: g.round });
  } else if (g.asking !== null) {
    status = g.asking === s.you ? t("A rule asks you to choose (below).") :
      t("Waiting for {name} to answer a rule's question.", { name: s.names[g.asking] });
  } else if (g.to_act === null) {
    status = t("Waiting for the setup swaps.");
  } else if (g.to_act === s.you) {
    status = g.obligation ? t("Your turn: play 3s or pick up (3-obligation).") :
      g.low ? t("Your turn: 7 or lower (low rule).") : t("Your turn.");
  } else {
    status = t("{name} to play.", { name: s.names[g.to_act] });
  }
  $("status").textContent = status;
  $("pile").textContent = g.pile.length ?
    g.pile.map(([r, c]) => Array(c).fill(r).join(" ")).join(" | ") : t("empty");
  $("counts").textContent = t("Deck {deck}, out of the round {removed}", { deck: g.deck, removed: g.removed }) +
    (g.chain ? t(", 3s in the chain {chain}", { chain: g.chain }) : "");
  if (s.you !== null) {
    $("my-up").textContent = g.face_up[s.you].join(" ") || "-";
    $("my-down").textContent = String(g.face_down[s.you]);
  }
  const hand = $("hand");
  hand.replaceChildren();
  selected = selected.filter((i) => i < g.hand.length);
  g.hand.forEach((rank, i) => {
    const b = button(rank, () => {
      selected = selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i];
      renderTable(state);
    }, "card");
    b.setAttribute("aria-pressed", selected.includes(i) ? "true" : "false");
    b.setAttribute("aria-label", t("card {rank}", { rank }));
    hand.append(b);
  });
  $("play-selected").disabled = !selected.length || g.to_act !== s.you;
  const moves = $("moves");
  moves.replaceChildren();
  s.legal.forEach((m, i) => {
    const b = button(m.label, () => move(m), "move");
    if (i < 9) b.setAttribute("aria-keyshortcuts", String(i + 1));
    moves.append(b);
  });
  if (!s.legal.length) moves.append(el("span", g.over ? t("The round is over.") : t("Not your turn.")));
}

function move(m) {
  clearError();
  selected = [];
  send({ type: "move", seq: state.seq, move: { kind: m.kind, rank: m.rank, count: m.count, index: m.index } });
}

const RANKS = { J: 11, Q: 12, K: 13, A: 14 };
function rankValue(name) { return RANKS[name] || Number(name); }

$("play-selected").addEventListener("click", () => {
  const ranks = selected.map((i) => state.game.hand[i]);
  if (!ranks.length) return;
  if (new Set(ranks).size > 1) {
    // the engine states the rule (P1): send it, and show its refusal
    selectionAsked = true;
    send({ type: "settle", pile: "", play: ranks.join(" ") });
    return;
  }
  clearError();
  const m = { kind: "play", rank: rankValue(ranks[0]), count: ranks.length };
  selected = [];
  send({ type: "move", seq: state.seq, move: m });
});

function renderAsks(s) {
  const box = $("asks");
  box.replaceChildren();
  s.asks.forEach((ask) => {
    const set = el("fieldset", null, "ask");
    set.append(el("legend", ask.prompt));
    if (ask.many) {
      const shown = el("output", "");
      shown.setAttribute("aria-label", t("your throws so far"));
      let letters = "";
      ask.options.forEach((o) => set.append(button(o.label, () => {
        letters += o.value; shown.textContent = letters.replace(/./g, "•") + ` (${letters.length})`;
      })));
      set.append(shown);
      set.append(button(t("Throw"), () => { if (letters) send({ type: "answer", id: ask.id, choice: letters }); }, "primary"));
    } else {
      ask.options.forEach((o) => set.append(button(o.label, () => send({ type: "answer", id: ask.id, choice: o.value }))));
    }
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

function renderHost(s) {
  $("host").hidden = !s.host;
  if (!s.host) return;
  const seats = $("seats");
  if (seats.children.length !== s.names.length) {
    seats.replaceChildren();
    s.names.forEach((name, i) => {
      const label = el("label", `${name} `);
      const pick = el("select");
      pick.id = `seat-${i}`;
      Object.entries(KINDS).forEach(([k, label]) => {
        const o = el("option", t(label));
        o.setAttribute("data-t", "");
        o.dataset.en = label;
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
  joins.replaceChildren();
  (s.joins || []).forEach((j) => {
    const link = `${location.origin}/?t=${j.token}`;
    const li = el("li");
    const a = el("a", `${j.name}: ${link}`);
    a.href = link;
    const img = el("img");
    img.alt = t("QR code to join as {name}", { name: j.name });
    img.src = `/qr.svg?t=${encodeURIComponent(token)}&seat=${j.seat}`;
    img.width = 160; img.height = 160;
    li.append(a, img);
    joins.append(li);
  });
}

// A checkbox per player in `box` (kept while the players are the same, so a state that
// arrives meanwhile does not undo the person's ticks); `ticked` names are ticked anew.
function playerChecks(box, names, ticked) {
  const key = names.join("\n");
  if (box.dataset.names !== key) {
    box.dataset.names = key;
    box.replaceChildren(...names.map((n) => {
      const label = el("label");
      const tick = el("input");
      tick.type = "checkbox";
      tick.value = n;
      label.append(tick, ` ${n}`);
      return label;
    }));
  }
  if (ticked) box.querySelectorAll("input").forEach((t) => { t.checked = ticked.includes(t.value); });
}
function tickedNames(box) {
  return [...box.querySelectorAll("input:checked")].map((t) => t.value);
}

function seatKinds() {
  return state.names.map((_, i) => $(`seat-${i}`).value);
}
$("deal-web").addEventListener("click", () => { clearError(); send({ type: "new_round", cards: "web", seats: seatKinds() }); });
$("deal-real").addEventListener("click", () => { clearError(); send({ type: "new_round", cards: "real" }); });
$("record-winner").addEventListener("click", () => send({ type: "finish_round", winner: $("real-winner").value }));

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
    if (wasHidden) checkSoon();
  }
  const v = e.vote;
  $("vote-open").hidden = !v;
  $("vote-form").hidden = !!v;
  if (v) {
    $("vote-what").textContent = t("{name} proposes to {what}.", { name: v.proposer, what: v.what }) +
      (v.roshambo ? " " + t("Tied: {a} and {b} play Roshambo.", { a: v.roshambo[0], b: v.roshambo[1] }) : "");
    $("vote-voted").textContent = t("Voted so far: {names}", { names: v.voted.join(", ") || t("nobody") }) +
      (v.thrown.length ? t("; thrown: {names}", { names: v.thrown.join(", ") }) : "");
    const mine = s.name !== null && v.voted.includes(s.name);
    $("vote-yes").disabled = mine || !!v.roshambo;
    $("vote-no").disabled = mine || !!v.roshambo;
    $("vote-host").hidden = !s.host;
    $("vote-defenders-box").hidden = !v.chosen_defender || !!v.roshambo;
    if (v.chosen_defender) {
      const box = $("vote-defenders");
      const fresh = box.dataset.vote !== String(v.number);
      box.dataset.vote = String(v.number);
      playerChecks(box, s.names.filter((n) => n !== v.proposer), fresh ? v.defenders : null);
    }
    const pick = $("vote-for");
    if (pick.children.length !== s.names.length) {
      pick.replaceChildren(...s.names.map((n) => { const o = el("option", n); o.value = n; return o; }));
    }
  }
  $("history").replaceChildren(...e.history.map((line) => el("li", line)));
}

function checkSoon() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => send({ type: "check_rule", text: $("rule-text").value }), 200);
}
$("rule-text").addEventListener("input", checkSoon);

function showCheck(msg) {
  $("rule-verdict").textContent = msg.accepted ? t("The checker accepts this rule.") :
    t("The checker rejects this rule:");
  $("diagnostics").replaceChildren(...msg.diagnostics.map((d) => {
    const li = el("li", `${d.line}:${d.column} ${d.code} ${d.message}`, d.severity);
    if (d.hint) li.append(el("div", t("hint: {hint}", { hint: d.hint }), "hint"));
    return li;
  }));
  $("words").replaceChildren(...msg.words.map((w) => el("li", w)));
  $("add-rule").disabled = !msg.accepted;
}
$("add-rule").addEventListener("click", () => { clearError(); send({ type: "add_rule", text: $("rule-text").value }); });

$("vote-yes").addEventListener("click", () => send({ type: "ballot", yes: true }));
$("vote-no").addEventListener("click", () => send({ type: "ballot", yes: false, object: $("vote-object").checked }));
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
$("vote-form").addEventListener("submit", (event) => {
  event.preventDefault();
  clearError();
  const action = $("vote-action").value;
  const msg = { type: "vote_open", action, effective: $("vote-effective").value, creator_absent: $("vote-absent").checked };
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
  send({ type: "settle", pile: $("settle-pile").value, play: $("settle-play").value, chain: Number($("settle-chain").value) || 0 });
});
function showSettle(msg) {
  const out = $("settle-answer");
  out.textContent = msg.legal ? t("Legal: {reason}", { reason: msg.message }) :
    t("Not legal: {reason}", { reason: msg.message });
  out.className = msg.legal ? "legal" : "illegal";
  if (selectionAsked && !msg.legal) showError(msg);
  selectionAsked = false;
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  const n = Number(event.key);
  if (state && n >= 1 && n <= 9 && state.legal[n - 1]) move(state.legal[n - 1]);
});

$("lang").addEventListener("change", () => {
  localStorage.setItem("lopti-lang", $("lang").value);
  loadLabels($("lang").value).then(() => { if (state) render(); });
});

loadLabels(chosenLang).catch(() => {}).finally(connect);
