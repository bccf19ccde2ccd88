// A table's page: the lobby (seats, host controls), then the play screen, over one WebSocket.
import { cardElement, cardName, sortCards } from "/static/cards.js";
import { callWords, choiceWords, plural, refusalWords, seatLabel, trumpWords } from "/static/words.js";
import { tournamentMessage } from "/static/tournament-table.js";

const $ = (id) => document.getElementById(id);
const code = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "").toUpperCase();
const tokenKey = `rook-token-${code}`;
const PROTOCOL = 2; // the version of rookgame.web.protocol this page speaks (it ships with the server)

let ws = null;
let retry = 0;
let closedForGood = false;
let me = { seat: null, host: false };
let lobby = null;
let view = null;
let hints = null;
let hintFor = null; // the view (hand, step, trick length) a hint answers
let levels = []; // the bots a seat may be given: from /api/options

// ---------------------------------------------------------------- small DOM helpers
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
function button(text, key, onClick, cls) {
  const b = el("button", cls, text);
  b.type = "button";
  if (key) b.dataset.key = key;
  b.addEventListener("click", onClick);
  return b;
}
function select(values, current, label, key, onChange) {
  const s = el("select");
  for (const [v, t] of values) {
    const o = el("option", null, t);
    o.value = v;
    s.append(o);
  }
  s.value = current;
  s.setAttribute("aria-label", label);
  if (key) s.dataset.key = key;
  s.addEventListener("change", () => onChange(s.value));
  return s;
}

// ---------------------------------------------------------------- messages
function say(text, kind = "info") {
  const box = $("messages");
  const line = el("p", kind, text);
  box.append(line);
  while (box.childElementCount > 4) box.firstElementChild.remove();
  setTimeout(() => line.remove(), kind === "error" ? 15000 : 8000);
}

// ---------------------------------------------------------------- the connection
function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  else say("Not connected: reconnecting…", "error");
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  $("conn").textContent = retry ? "reconnecting…" : "connecting…";
  $("conn").className = "conn wait";
  ws.addEventListener("open", () => {
    retry = 0;
    const join = { type: "join", v: PROTOCOL, table: code };
    const token = localStorage.getItem(tokenKey);
    if (token) join.token = token;
    ws.send(JSON.stringify(join));
    $("conn").textContent = "connected";
    $("conn").className = "conn ok";
  });
  ws.addEventListener("message", (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    receive(msg);
  });
  ws.addEventListener("close", () => {
    ws = null;
    if (closedForGood) return;
    const wait = Math.min(10000, 500 * 2 ** retry) * (0.75 + Math.random() / 2);
    retry += 1;
    $("conn").textContent = "reconnecting…";
    $("conn").className = "conn wait";
    setTimeout(connect, wait);
  });
}

setInterval(() => { if (ws && ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}'); }, 25000);

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      me = { seat: msg.seat, host: msg.host };
      if (msg.token) localStorage.setItem(tokenKey, msg.token);
      render();
      break;
    case "lobby":
      lobby = msg;
      render();
      break;
    case "view":
      view = msg.view;
      render();
      break;
    case "refused":
      if (msg.code === "token_not_here") localStorage.removeItem(tokenKey);
      if (msg.code === "no_table") { closedForGood = true; ws.close(); $("conn").textContent = "no such table"; }
      say(refusalWords(msg, me.seat, seatName), "error");
      break;
    case "tournament": // a tournament's table: where it is in the event (before each board's deal)
      tournamentMessage(msg, localStorage.getItem(tokenKey));
      break;
    case "info":
      say(refusalWords(msg, me.seat, seatName), "info");
      break;
    case "hint":
      hints = msg.choices;
      renderHints();
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- names and words
function seatName(s) {
  return seatLabel(lobby ? lobby.seats[s] : null, s, s === me.seat);
}
function sideName(i) {
  if (!view || !view.sides[i]) return `Side ${i + 1}`;
  return view.sides[i].map(seatName).join(" & ") || `Side ${i + 1}`;
}
function mySide() {
  if (!view || me.seat === null) return -1;
  return view.sides.findIndex((side) => side.includes(me.seat));
}
const PHASES = { bid: "bidding", nest: "the nest", play: "play", done: "hand over", thrown_in: "thrown in" };

// ---------------------------------------------------------------- rendering
function render() {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.key : null;
  const wasInHand = active && $("hand").contains(active);
  if (lobby) {
    $("table-name").textContent = lobby.name;
    document.title = `${lobby.name} · Rook`;
  }
  renderLobby();
  renderPlay();
  renderRules();
  // keep the keyboard where it was across a redraw
  if (key) {
    const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) { again.focus(); return; }
  }
  // the focused control went away (a choice made, a button disabled): the keyboard goes to the next choice
  const lost = lastFocus && (!lastFocus.isConnected || lastFocus.disabled);
  if ((key || wasInHand || lost) && (document.activeElement === document.body || !document.activeElement)) {
    const target = $("actions").querySelector("button") || $("hand").querySelector('[tabindex="0"]') || $("hint");
    if (target && !target.hidden && !target.disabled) target.focus();
  }
}
let lastFocus = null;
document.addEventListener("focusin", (e) => { lastFocus = e.target; });

function renderRules() {
  if (!lobby) return;
  const dl = $("rules");
  dl.replaceChildren();
  for (const r of lobby.rules_words) {
    const dt = el("dt", null, `${r.option}: ${r.value}`);
    const dd = el("dd", null, r.meaning);
    dl.append(dt, dd);
  }
}

function myName() {
  const input = $("my-name");
  return (input.value || localStorage.getItem("rook-name") || "").trim();
}

function sitAt(s) {
  let name = myName();
  if (!name && lobby && lobby.started) name = (prompt("Your name?") || "").trim();
  if (!name) {
    say("Type your name first, then sit.", "error");
    if (!$("lobby").hidden) $("my-name").focus();
    return;
  }
  localStorage.setItem("rook-name", name);
  send({ type: "sit", seat: s, name });
}

function renderSeats(list) {
  list.replaceChildren();
  const started = lobby.started;
  const levelChoices = levels.map((l) => [l, `Bot: ${l}`]);
  for (const seat of lobby.seats) {
    const s = seat.seat;
    const li = el("li", `seat kind-${seat.kind}` + (s === me.seat ? " mine" : ""));
    const who = el("span", "who");
    who.append(el("span", "seat-no", `Seat ${s + 1}`), el("span", "seat-name", seatName(s)));
    if (seat.kind === "person" && !seat.connected) who.append(el("span", "badge", "not connected"));
    if (seat.away) who.append(el("span", "badge away", `away: ${seat.away}`));
    li.append(who);
    const controls = el("span", "controls");
    if (s === me.seat) {
      controls.append(button("Stand up", `stand:${s}`, () => send({ type: "stand" })));
    } else if (seat.kind === "open" && !started) {
      controls.append(button(me.seat === null ? "Sit here" : "Move here", `sit:${s}`, () => sitAt(s), "primary"));
    } else if (started && me.seat === null && seat.kind === "bot" && !seat.away) {
      controls.append(button("Sit here", `sit:${s}`, () => sitAt(s)));
    }
    if (me.host) {
      if (!started) {
        if (seat.kind !== "person") {
          controls.append(select([["open", "Open"], ...levelChoices], seat.kind === "bot" ? seat.name : "open",
            `Seat ${s + 1}: who plays`, `level:${s}`, (v) => send({ type: "bot", seat: s, level: v === "open" ? null : v })));
        }
        if (lobby.seats.length > 1) {
          const next = (s + 1) % lobby.seats.length;
          const b = button("Swap ↓", `swap:${s}`, () => send({ type: "swap", a: s, b: next }));
          b.setAttribute("aria-label", `Swap seat ${s + 1} with seat ${next + 1}`);
          controls.append(b);
        }
      } else if (seat.kind === "person") {
        const sel = select(levelChoices, "heuristic", `Bot for seat ${s + 1}`, `handlevel:${s}`, () => {});
        const b = button("Hand to bot", `hand:${s}`, () => send({ type: "bot", seat: s, level: sel.value }));
        b.setAttribute("aria-label", `Hand seat ${s + 1} to a bot`);
        controls.append(sel, b);
      } else if (seat.kind === "bot" && seat.away) {
        controls.append(button(`Give back to ${seat.away}`, `back:${s}`, () => send({ type: "bot", seat: s, level: null })));
      } else if (seat.kind === "bot") {
        controls.append(select(levelChoices, seat.name, `Seat ${s + 1}: bot level`, `level:${s}`,
          (v) => send({ type: "bot", seat: s, level: v })));
      }
    }
    li.append(controls);
    list.append(li);
  }
}

let seatsDrawn = null; // what the seat list was last drawn from: redrawn only when that changes

function renderLobby() {
  if (!lobby) return;
  const drawnFrom = JSON.stringify([lobby, me, levels]);
  const fresh = drawnFrom !== seatsDrawn;
  seatsDrawn = drawnFrom;
  const before = !lobby.started;
  $("lobby").hidden = !before;
  if (before) {
    $("code").textContent = lobby.code;
    $("invite-link").value = `${location.origin}/t/${lobby.code}`;
    if (!$("my-name").value) $("my-name").value = localStorage.getItem("rook-name") || "";
    const watching = lobby.spectators ? ` · ${lobby.spectators} watching` : "";
    $("lobby-rules").textContent = `${lobby.rules} · ${lobby.players} players · ${lobby.mode} · goal ${lobby.goal}${watching}`;
    if (fresh) renderSeats($("seats"));
    $("start").hidden = !me.host;
  } else if (fresh) {
    renderSeats($("seats-play"));
  }
}

function place(node, rel, n, radiusX, radiusY) {
  const angle = Math.PI / 2 + (rel * 2 * Math.PI) / n;
  node.style.left = `${50 + radiusX * Math.cos(angle)}%`;
  node.style.top = `${50 + radiusY * Math.sin(angle)}%`;
}

function renderFelt(v, n, base) {
  const felt = $("felt");
  felt.replaceChildren();
  const lastCall = {};
  for (const call of v.auction) lastCall[call.seat] = callWords(call);
  for (let s = 0; s < n; s++) {
    const rel = (s - base + n) % n;
    const plate = el("div", "plate");
    if (s === v.to_act && !v.over) plate.classList.add("to-act");
    if (s === me.seat) plate.classList.add("mine");
    if (v.trick.length && s === v.winning) plate.classList.add("winning");
    const info = lobby ? lobby.seats[s] : null;
    const short = info && info.kind === "bot" ? `Bot ${s + 1}` : seatName(s);
    plate.append(el("div", "plate-name", short));
    plate.title = seatName(s);
    const facts = [];
    if (info && info.kind === "bot") facts.push(info.away ? `${info.name}, for ${info.away}` : info.name);
    if (s === v.dealer) facts.push("dealer");
    if (s === v.bidder) facts.push(`bid ${v.bid}`);
    else if (v.phase === "bid" && lastCall[s]) facts.push(lastCall[s]);
    const side = mySide();
    if (side >= 0 && s !== me.seat && v.sides[side].includes(s) && v.sides[side].length > 1) facts.push("partner");
    // call-partner: a secret partner, once this seat knows (the called card played, or its own hand)
    else if (lobby && lobby.mode === "call-partner" && s !== v.bidder && v.known_partners.includes(s)) {
      facts.push("the bidder's partner");
    }
    facts.push(`${v.hand_sizes[s]} cards`, `${v.won[s]} tricks`);
    plate.append(el("div", "plate-facts", facts.join(" · ")));
    if (s === v.to_act && !v.over) plate.append(el("div", "plate-turn", s === me.seat ? "your turn" : "to play"));
    place(plate, rel, n, 37, 40);
    felt.append(plate);
  }
  // the trick on the table, each card before the seat that played it; or the trick just taken
  const narrow = felt.clientWidth < 500;
  let cards = v.trick, leader = v.leader, old = false;
  if (!cards.length && v.last) { [leader, cards] = v.last; old = true; }
  cards.forEach((c, i) => {
    const s = (leader + i) % n;
    const card = cardElement(c, { small: true });
    card.classList.add("in-trick");
    if (old) card.classList.add("taken");
    if ((old && s === v.last[2]) || (!old && s === v.winning)) card.classList.add("best");
    card.setAttribute("aria-label", `${seatName(s)}: ${cardName(c)}`);
    place(card, (s - base + n) % n, n, narrow ? 13 : 19, 15);
    felt.append(card);
  });
  let note = "";
  if (v.trick.length && v.winning >= 0) note = `${seatName(v.winning)} is winning the trick`;
  else if (v.last) note = `${seatName(v.last[2])} took the last trick`;
  $("trick-note").textContent = note;
}

function renderPlay() {
  const started = lobby && lobby.started;
  $("play").hidden = !(started && view);
  if (!started || !view) { renderOver(); return; }
  const v = view;
  const n = v.hand_sizes.length;
  const base = me.seat !== null && me.seat >= 0 ? me.seat : 0;
  const mine = me.seat !== null && v.to_act === me.seat && v.legal.length > 0;

  // whose turn
  let turn;
  if (v.over) turn = "The game is over.";
  else if (mine) turn = `Your turn: ${v.step ? v.step : PHASES[v.phase] || v.phase}`;
  else if (v.to_act >= 0) turn = `Waiting for ${seatName(v.to_act)} (${v.step || PHASES[v.phase] || v.phase})`;
  else turn = PHASES[v.phase] || v.phase;
  $("turn").textContent = `Hand ${v.hand_number} · ${turn}`;
  $("turn").classList.toggle("mine", mine);
  const contract = [];
  if (v.bidder >= 0) contract.push(`${seatName(v.bidder)} bid ${v.bid}`);
  contract.push(`Trump: ${trumpWords(v.trump)}`);
  if (v.phase === "play" || v.phase === "done") {
    if (lobby && lobby.low_call) contract.push(v.low ? "Low: ranks run backwards" : "High");
    if (lobby && lobby.bird_call) contract.push(v.bird_high ? "Bird high" : "Bird low");
  }
  if (v.nest_points !== null) contract.push(v.nest_points ? "The buried cards hold points" : "The buried cards hold no points");
  if (v.partner_cards.length) contract.push(`Partner card: ${v.partner_cards.map(cardName).join(", ")}`);
  $("contract").textContent = contract.join(" · ");

  renderFelt(v, n, base);

  // choices that are not cards: bids, pass, trump, partner calls ...
  const acts = $("actions");
  acts.replaceChildren();
  const cardActs = new Map(); // card text -> action
  let burying = false;
  for (const ch of v.legal) {
    if (ch.kind === "play" || ch.kind === "bury") {
      cardActs.set(ch.card, ch.action);
      burying = burying || ch.kind === "bury";
    } else {
      const b = button(choiceWords(ch), `act:${ch.action}`, () => send({ type: "act", action: ch.action }),
        ch.kind === "pass" ? "act pass" : "act");
      acts.append(b);
    }
  }
  if (burying) {
    const left = v.to_bury;
    const count = v.buried && v.buried.length ? plural(left, "1 more card", `${left} more cards`) : plural(left, "1 card", `${left} cards`);
    acts.prepend(el("p", "prompt", `The nest is in your hand (marked "nest"): choose ${count} to bury, one at a time.`));
  }
  else if (mine && cardActs.size) acts.prepend(el("p", "prompt", "Play a highlighted card."));

  // the hand (and the nest, for the bidder who holds it)
  const hand = $("hand");
  hand.replaceChildren();
  $("hand-area").hidden = me.seat === null;
  const inHand = new Set(v.hand);
  const nestExtra = (v.nest || []).filter((c) => !inHand.has(c) && !(v.buried || []).includes(c));
  const all = sortCards([...v.hand, ...nestExtra]);
  let first = null;
  for (const c of all) {
    const b = cardElement(c, { button: true });
    b.dataset.key = `card:${c}`;
    b.tabIndex = -1;
    const action = cardActs.get(c);
    if (nestExtra.includes(c) || (v.phase === "nest" && v.nest && v.nest.includes(c))) b.classList.add("from-nest");
    if (action !== undefined) {
      b.classList.add("legal");
      b.setAttribute("aria-label", burying ? `Bury ${cardName(c)}` : cardName(c));
      b.addEventListener("click", () => send({ type: "act", action }));
      if (first === null) first = b;
    } else {
      b.classList.add("dim");
      b.setAttribute("aria-disabled", "true");
      b.addEventListener("click", () => { if (mine && cardActs.size) say(`${cardName(c)} cannot be played now.`, "error"); });
    }
    hand.append(b);
  }
  (first || hand.firstElementChild || { tabIndex: 0 }).tabIndex = 0;

  const buried = $("buried");
  buried.replaceChildren();
  if (v.buried && v.buried.length) {
    buried.append(el("span", "label", "Buried:"));
    for (const c of sortCards(v.buried)) buried.append(cardElement(c, { small: true }));
  }
  renderShown(v, nestExtra);

  // hint
  $("hint").hidden = me.seat === null;
  $("hint").disabled = !mine;
  const hintKey = `${v.hand_number}:${v.to_act}:${v.legal.map((c) => c.action).join(",")}`;
  if (hintFor !== hintKey) { hints = null; hintFor = hintKey; }
  renderHints();

  renderScore(v);
  renderAuction(v);
  renderTricks(v);
  renderPad(v);
  renderOver();
}

// What the rules show the whole table, spectators included: the nest where it is shown (to all but the
// bidder, who has it in hand), and the buried trumps turned face up (show_buried_trump).
function renderShown(v, nestExtra) {
  const box = $("shown");
  box.replaceChildren();
  if (v.nest && v.nest.length && !nestExtra.length && v.seat !== v.bidder) {
    const line = el("div", "shown-line");
    line.append(el("span", "label", "Nest:"));
    for (const c of sortCards(v.nest)) line.append(cardElement(c, { small: true }));
    box.append(line);
  }
  if (v.shown_buried.length) {
    const line = el("div", "shown-line shown-buried");
    const who = v.bidder >= 0 ? seatName(v.bidder) : "The bidder";
    line.append(el("span", "label", plural(v.shown_buried.length, `${who} buried this trump:`, `${who} buried these trumps:`)));
    for (const c of sortCards(v.shown_buried)) line.append(cardElement(c, { small: true }));
    box.append(line);
  }
  box.hidden = !box.childElementCount;
}

function renderHints() {
  const box = $("hints");
  box.replaceChildren();
  if (!hints) return;
  if (!hints.length) { box.append(el("p", "note", "No hint for this position.")); return; }
  const valued = hints.some((ch) => ch.points !== null);
  box.append(el("p", "note", valued ? "Ranked choices, with the points your side can expect:"
    : "Ranked choices, best first (the computer's way here; not valued one by one):"));
  const ol = el("ol", "hint-list");
  for (const ch of hints) {
    const li = el("li");
    li.append(el("span", "hint-act", choiceWords(ch)));
    if (ch.points !== null) {
      li.append(el("span", "hint-points", `${ch.points >= 0 ? "+" : ""}${ch.points.toFixed(1)} expected points`));
    } else if (valued) {
      li.append(el("span", "hint-points", "not valued"));
    }
    ol.append(li);
  }
  box.append(ol);
}

function renderScore(v) {
  const box = $("score");
  box.replaceChildren();
  const table = el("table", "score");
  const head = el("tr");
  head.append(el("th", null, "Side"), el("th", null, "This hand"), el("th", null, "Total"));
  table.append(head);
  const ms = mySide();
  v.sides.forEach((_, i) => {
    const tr = el("tr", i === ms ? "mine" : null);
    tr.append(el("td", null, sideName(i)), el("td", "num", `${v.taken[i] ?? 0}`), el("td", "num", `${v.totals[i] ?? 0}`));
    table.append(tr);
  });
  box.append(table);
  if (lobby) box.append(el("p", "note", `Game to ${lobby.goal} points.`));
}

function renderAuction(v) {
  const ol = $("auction");
  ol.replaceChildren();
  if (!v.auction.length) ol.append(el("li", "note", "No bids yet."));
  for (const call of v.auction) {
    ol.append(el("li", call.kind === "pass" ? "pass" : null, `${seatName(call.seat)}: ${callWords(call)}`));
  }
}

function trickRow(title, [leader, cards, winner], n) {
  const row = el("div", "trick-row");
  row.append(el("div", "trick-title", `${title}: won by ${seatName(winner)}`));
  const line = el("div", "trick-cards");
  cards.forEach((c, i) => {
    const s = (leader + i) % n;
    const cell = el("figure", "played");
    const card = cardElement(c, { small: true });
    if (s === winner) card.classList.add("best");
    cell.append(card, el("figcaption", null, seatName(s)));
    line.append(cell);
  });
  row.append(line);
  return row;
}

function renderTricks(v) {
  const box = $("last");
  box.replaceChildren();
  const n = v.hand_sizes.length;
  box.append(el("p", "note", `${v.trick_count} trick${v.trick_count === 1 ? "" : "s"} taken this hand.`));
  if (v.tricks.length) {
    const shown = v.tricks.slice(-3);
    shown.forEach((t, i) => box.append(trickRow(`Trick ${v.tricks.length - shown.length + i + 1}`, t, n)));
  } else if (v.last) {
    box.append(trickRow("Last trick", v.last, n));
  } else if (v.trick_count) {
    box.append(el("p", "note", "These rules do not let you look back at taken tricks."));
  }
}

function renderPad(v) {
  const box = $("pad");
  box.replaceChildren();
  if (!v.pad.length) { box.append(el("p", "note", "No hand finished yet.")); return; }
  const table = el("table", "pad");
  const head = el("tr");
  head.append(el("th", null, "Hand"), el("th", null, "Bid"), el("th", null, "Trump"));
  v.sides.forEach((_, i) => head.append(el("th", null, sideName(i))));
  table.append(head);
  for (const row of v.pad) {
    const tr = el("tr");
    tr.append(el("td", "num", `${row.hand}`));
    tr.append(el("td", null, row.bidder < 0 ? "thrown in" : `${seatName(row.bidder)} ${row.bid} ${row.made ? "made" : "set"}`));
    tr.append(el("td", null, row.bidder < 0 ? "-" : trumpWords(row.trump)));
    row.totals.forEach((t, i) => {
      const sc = row.score[i];
      tr.append(el("td", "num", `${t} (${sc >= 0 ? "+" : ""}${sc})`));
    });
    table.append(tr);
  }
  box.append(table);
}

function renderOver() {
  const box = $("over");
  const over = (view && view.over) || (lobby && lobby.over);
  box.hidden = !over;
  if (!over) return;
  box.replaceChildren();
  const w = view && view.winner !== null ? view.winner : lobby ? lobby.winner : null;
  const ms = mySide();
  let text = "Game over.";
  if (w !== null && w !== undefined) text = w === ms ? `Game over: you win! (${sideName(w)})` : `Game over: ${sideName(w)} win.`;
  box.append(el("h2", null, text));
  const links = el("p");
  const replay = el("a", null, "Replay this game");
  replay.href = `/replay/${encodeURIComponent(code)}`;
  const hist = el("a", null, "History of games");
  hist.href = "/history";
  const home = el("a", null, "New table");
  home.href = "/";
  links.append(replay, " · ", hist, " · ", home);
  box.append(links);
}

// ---------------------------------------------------------------- controls
function copy(text, what) {
  const done = () => say(`${what} copied.`);
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
  } else fallbackCopy(text, done);
}
function fallbackCopy(text, done) {
  const input = $("invite-link");
  const old = input.value;
  input.value = text;
  input.select();
  try { document.execCommand("copy"); done(); } catch { say("Select the text and copy it.", "error"); }
  input.value = old;
}
$("copy-code").addEventListener("click", () => copy(lobby ? lobby.code : code, "Code"));
$("copy-link").addEventListener("click", () => copy($("invite-link").value, "Link"));
$("invite-link").addEventListener("focus", () => $("invite-link").select());
$("start").addEventListener("click", () => send({ type: "start" }));
$("my-name").addEventListener("change", () => { const v = $("my-name").value.trim(); if (v) localStorage.setItem("rook-name", v); });
$("hint").addEventListener("click", () => { send({ type: "hint" }); $("hints").replaceChildren(el("p", "note", "Thinking…")); });

$("hand").addEventListener("keydown", (e) => {
  const cards = [...$("hand").querySelectorAll("button.card")];
  const i = cards.indexOf(document.activeElement);
  if (i < 0) return;
  let j = null;
  if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(cards.length - 1, i + 1);
  else if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
  else if (e.key === "Home") j = 0;
  else if (e.key === "End") j = cards.length - 1;
  if (j === null) return;
  e.preventDefault();
  cards.forEach((c, k) => { c.tabIndex = k === j ? 0 : -1; });
  cards[j].focus();
});

document.addEventListener("keydown", (e) => {
  if (e.key !== "h" || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
  if (!$("hint").hidden && !$("hint").disabled) { e.preventDefault(); $("hint").click(); }
});

fetch("/api/options").then((r) => r.json()).then((o) => { if (Array.isArray(o.levels)) { levels = o.levels; render(); } })
  .catch(() => {});

if (!code) say("No table code in this address.", "error");
else connect();
