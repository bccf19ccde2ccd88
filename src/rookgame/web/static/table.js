// A table's page: the lobby (seats, host controls), then the play screen, over one WebSocket.
// The game's events (each seat's stream) tell the page what just happened: a trick taken stays on the table
// until it is seen, and a hand's end is summed up until it is dismissed or a few seconds pass.
import { cardElement, cardName, parseCard, sortCards } from "/static/cards.js";
import { callWords, choiceWords, lang, levelName, refusalWords, say, seatLabel, trumpWords, wordsReady } from "/static/words.js";
import { tournamentMessage } from "/static/tournament-table.js";
import { mountTalk } from "/static/chat.js";

const $ = (id) => document.getElementById(id);
const code = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "").toUpperCase();
const tokenKey = `rook-token-${code}`;
const PROTOCOL = 2; // the version of rookgame.web.protocol this page speaks (it ships with the server)

let ws = null;
// the table's talk (chat.js, rookgame.web.chat): its panel, on this page's socket
const talk = mountTalk($("talk"), (m) => { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m)); });
let retry = 0;
let closedForGood = false;
let me = { seat: null, host: false };
let lobby = null;
let view = null;
let hints = null;
let hintFor = null; // the view (hand, step, trick length) a hint answers
let levels = []; // the bots a seat may be given: from /api/options
let events = []; // this game's events as this seat may know them (its stream, from n = 0)
let replaying = false; // a (re)join hears the stream from its start: what is heard again is not news
let held = null; // a trick just taken, kept on the table until seen: {leader, cards, winner}
let heldTimer = null;
let summary = null; // the hand summed up until dismissed: its number
let summaryTimer = null;
let wasMine = null; // whether it was this seat's turn at the last view (null: no view yet)
let buryPick = new Set(); // the cards chosen to bury, until confirmed
let buryFor = null;
let invite = null; // {url, qr} of this table
const TRICK_HOLD_MS = 2500; // a trick taken stays this long on the table, unless a tap or a key goes on sooner
const SUMMARY_MS = 12000; // the end of a hand is summed up this long, unless dismissed sooner

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
function tellPerson(text, kind = "info") {
  const box = $("messages");
  const line = el("p", kind, text);
  box.append(line);
  while (box.childElementCount > 4) box.firstElementChild.remove();
  setTimeout(() => line.remove(), kind === "error" ? 15000 : 8000);
}

// ---------------------------------------------------------------- the connection
function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  else tellPerson(say("tb_not_connected_retry"), "error");
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  $("conn").textContent = say(retry ? "tb_reconnecting" : "tb_connecting");
  $("conn").className = "conn wait";
  ws.addEventListener("open", () => {
    retry = 0;
    const join = { type: "join", v: PROTOCOL, table: code };
    const token = localStorage.getItem(tokenKey);
    if (token) join.token = token;
    ws.send(JSON.stringify(join));
    $("conn").textContent = say("tb_connected");
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
    $("conn").textContent = say("tb_reconnecting");
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
      replaying = true; // the stream is heard again from its start, up to the next view
      render();
      break;
    case "lobby":
      if (lobby && msg.game !== lobby.game) newGame(); // play again: a new game at this table
      lobby = msg;
      render();
      talk.lobby(msg, me.seat, me.host);
      break;
    case "event":
      heard(msg);
      break;
    case "view":
      view = msg.view;
      replaying = false;
      render();
      turnCues();
      break;
    case "refused":
      if (msg.code === "token_not_here") localStorage.removeItem(tokenKey);
      if (msg.code === "no_table") { closedForGood = true; ws.close(); $("conn").textContent = say("tb_no_table"); }
      tellPerson(refusalWords(msg, me.seat, seatName), "error");
      break;
    case "tournament": // a tournament's table: where it is in the event (before each board's deal)
      tournamentMessage(msg, localStorage.getItem(tokenKey));
      break;
    case "info":
      tellPerson(refusalWords(msg, me.seat, seatName), "info");
      break;
    case "talk":
      talk.heard(msg);
      break;
    case "hint":
      hints = msg.choices;
      renderHints();
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- what just happened: the events
function heard(msg) {
  if (msg.n === 0) events = []; // a stream from its start: a (re)join's, or a new game's
  events.push(msg.event);
  if (replaying) return;
  const ev = msg.event;
  if (ev.op === "TrickWon") hold({ leader: ev.leader, cards: ev.cards, winner: ev.seat });
  else if (ev.op === "Scored" || ev.op === "ThrownIn") sumUp(ev.hand);
}

function newGame() {
  events = [];
  release();
  closeSummary();
  hints = null;
  wasMine = null;
}

// A trick just taken stays on the table until it is seen: a short pause, a tap on the table or a key.
function hold(trick) {
  held = trick;
  clearTimeout(heldTimer);
  heldTimer = setTimeout(release, TRICK_HOLD_MS);
}
function release() {
  clearTimeout(heldTimer);
  if (held === null) return;
  held = null;
  render();
}

// The end of a hand, summed up until dismissed or SUMMARY_MS pass.
function sumUp(hand) {
  summary = hand;
  clearTimeout(summaryTimer);
  summaryTimer = setTimeout(closeSummary, SUMMARY_MS);
  render();
}
function closeSummary() {
  clearTimeout(summaryTimer);
  if (summary === null) return;
  summary = null;
  render();
}

// ---------------------------------------------------------------- names and words
function seatName(s) {
  return seatLabel(lobby ? lobby.seats[s] : null, s, s === me.seat);
}
function sideName(i) {
  if (!view || !view.sides[i]) return say("tb_side_n", { n: i + 1 });
  return view.sides[i].map(seatName).join(" & ") || say("tb_side_n", { n: i + 1 });
}
function mySide() {
  if (!view || me.seat === null) return -1;
  return view.sides.findIndex((side) => side.includes(me.seat));
}
// what a seat is doing, by the view's step or phase
const stepWords = (v) => say(`tb_step_${v.step || v.phase}`);

// ---------------------------------------------------------------- rendering
function render() {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.key : null;
  const wasInHand = active && $("hand").contains(active);
  if (lobby) {
    $("table-name").textContent = lobby.name;
    document.title = myTurn() ? say("turn_title", { table: lobby.name }) : say("tb_page_title", { table: lobby.name });
  }
  renderLobby();
  renderPlay();
  renderSummary();
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
  if (rulesAsked) return;
  rulesAsked = true;
  // the rules in the reader's language (the lobby carries none: the wire has codes, the words are the page's): how the table plays, in words,
  // then every option with its meaning
  fetch(`/api/tables/${encodeURIComponent(code)}/rules?lang=${encodeURIComponent(lang())}`)
    .then((r) => (r.ok ? r.json() : null)).then((got) => {
      if (!got) { rulesAsked = false; return; }
      rulesTitle = got.title;
      renderLobby();
      const how = $("rules-how");
      how.replaceChildren();
      for (const [head, text] of got.how) {
        const p = el("p");
        p.append(el("strong", null, head), " ", text);
        how.append(p);
      }
      const dl = $("rules");
      dl.replaceChildren();
      for (const r of got.options) dl.append(el("dt", null, `${r.option}: ${r.value}`), el("dd", null, r.meaning));
    }).catch(() => { rulesAsked = false; });
}
let rulesAsked = false;
let rulesTitle = null; // the rules' name in the reader's language

function myName() {
  const input = $("my-name");
  return (input.value || localStorage.getItem("rook-name") || "").trim();
}

function sitAt(s) {
  let name = myName();
  if (!name && lobby && lobby.started) name = (prompt(say("tb_name_prompt")) || "").trim();
  if (!name) {
    tellPerson(say("tb_name_first"), "error");
    if (!$("lobby").hidden) $("my-name").focus();
    return;
  }
  localStorage.setItem("rook-name", name);
  send({ type: "sit", seat: s, name });
}

function renderSeats(list) {
  list.replaceChildren();
  const started = lobby.started;
  const levelChoices = levels.map((l) => [l, say("tb_bot_level", { level: l })]);
  for (const seat of lobby.seats) {
    const s = seat.seat;
    const li = el("li", `seat kind-${seat.kind}` + (s === me.seat ? " mine" : ""));
    const who = el("span", "who");
    who.append(el("span", "seat-no", say("tb_seat_no", { place: s })), el("span", "seat-name", seatName(s)));
    if (seat.kind === "person" && !seat.connected) who.append(el("span", "badge", say("not_connected")));
    if (seat.away) who.append(el("span", "badge away", say("tb_away", { name: seat.away })));
    li.append(who);
    const controls = el("span", "controls");
    if (s === me.seat) {
      controls.append(button(say("tb_stand"), `stand:${s}`, () => send({ type: "stand" })));
    } else if (seat.kind === "open" && !started) {
      controls.append(button(say(me.seat === null ? "tb_sit" : "tb_move"), `sit:${s}`, () => sitAt(s), "primary"));
    } else if (started && me.seat === null && seat.kind === "bot" && !seat.away) {
      controls.append(button(say("tb_sit"), `sit:${s}`, () => sitAt(s)));
    }
    if (me.host) {
      if (!started) {
        if (seat.kind !== "person") {
          controls.append(select([["open", say("tb_open")], ...levelChoices], seat.kind === "bot" ? seat.name : "open",
            say("tb_who_plays", { place: s }), `level:${s}`, (v) => send({ type: "bot", seat: s, level: v === "open" ? null : v })));
        }
        if (lobby.seats.length > 1) {
          const next = (s + 1) % lobby.seats.length;
          const b = button(say("tb_swap"), `swap:${s}`, () => send({ type: "swap", a: s, b: next }));
          b.setAttribute("aria-label", say("tb_swap_label", { place: s, other: next + 1 }));
          controls.append(b);
        }
      } else if (seat.kind === "person") {
        const sel = select(levelChoices, lobby.fill || levels[0], say("tb_bot_for", { place: s }), `handlevel:${s}`, () => {});
        const b = button(say("tb_hand_to_bot"), `hand:${s}`, () => send({ type: "bot", seat: s, level: sel.value }));
        b.setAttribute("aria-label", say("tb_hand_to_bot_label", { place: s }));
        controls.append(sel, b);
      } else if (seat.kind === "bot" && seat.away) {
        controls.append(button(say("tb_give_back", { name: seat.away }), `back:${s}`, () => send({ type: "bot", seat: s, level: null })));
      } else if (seat.kind === "bot") {
        controls.append(select(levelChoices, seat.name, say("tb_bot_level_label", { place: s }), `level:${s}`,
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
    $("invite-link").value = invite ? invite.url : `${location.origin}/t/${lobby.code}`;
    if (!invite) loadInvite();
    if (!$("my-name").value) $("my-name").value = localStorage.getItem("rook-name") || "";
    const facts = { rules: rulesTitle || lobby.rules, players: lobby.players, mode: say(`tb_mode_${lobby.mode.replace("-", "_")}`),
      goal: lobby.goal, watching: lobby.spectators };
    $("lobby-rules").textContent = say(lobby.spectators ? "tb_watching" : "tb_lobby_rules", facts);
    if (fresh) renderSeats($("seats"));
    $("start").hidden = !me.host;
  } else if (fresh) {
    renderSeats($("seats-play"));
  }
}

// The invite as other devices open it (the network address, not localhost) and its QR code.
let inviteAsked = false;
function loadInvite() {
  if (inviteAsked) return;
  inviteAsked = true;
  fetch(`/api/tables/${encodeURIComponent(code)}/invite`).then((r) => (r.ok ? r.json() : null)).then((got) => {
    if (!got) return;
    invite = got;
    $("invite-link").value = got.url;
    $("invite-qr").src = got.qr;
    $("invite-qr").alt = say("invite_qr");
    $("invite-where").textContent = say("invite_where", { url: got.url });
    $("invite-qr-box").hidden = false;
  }).catch(() => { inviteAsked = false; });
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
    const short = info && info.kind === "bot" ? say("tb_bot_short", { place: s }) : seatName(s);
    plate.append(el("div", "plate-name", short));
    plate.title = seatName(s);
    const facts = [];
    if (info && info.kind === "bot") facts.push(info.away ? say("tb_bot_fact_for", { level: info.name, name: info.away }) : levelName(info.name));
    if (s === v.dealer) facts.push(say("tb_dealer"));
    if (s === v.bidder) facts.push(say("tb_bid_fact", { bid: v.bid }));
    else if (v.phase === "bid" && lastCall[s]) facts.push(lastCall[s]);
    const side = mySide();
    if (side >= 0 && s !== me.seat && v.sides[side].includes(s) && v.sides[side].length > 1) facts.push(say("tb_partner"));
    // call-partner: a secret partner, once this seat knows (the called card played, or its own hand)
    else if (lobby && lobby.mode === "call-partner" && s !== v.bidder && v.known_partners.includes(s)) {
      facts.push(say("tb_bidders_partner"));
    }
    facts.push(say("tb_cards", { count: v.hand_sizes[s] }), say("tb_tricks", { count: v.won[s] }));
    plate.append(el("div", "plate-facts", facts.join(" · ")));
    if (info && info.kind === "person" && !info.connected) { // seen by everyone, not only in the Seats panel
      plate.classList.add("gone");
      plate.append(el("div", "plate-gone", say("not_connected")));
    }
    if (s === v.to_act && !v.over) plate.append(el("div", "plate-turn", say(s === me.seat ? "tb_your_turn_plate" : "tb_to_play")));
    place(plate, rel, n, 37, 40);
    felt.append(plate);
  }
  // the trick on the table, each card before the seat that played it; or the trick just taken (held until seen)
  const narrow = felt.clientWidth < 500;
  let cards = v.trick, leader = v.leader, old = false, winner = v.winning;
  if (held) { ({ leader, cards, winner } = held); old = true; }
  else if (!cards.length && v.last) { [leader, cards, winner] = v.last; old = true; }
  felt.classList.toggle("holding", held !== null);
  cards.forEach((c, i) => {
    const s = (leader + i) % n;
    const card = cardElement(c, { small: true });
    card.classList.add("in-trick");
    if (old) card.classList.add("taken");
    if (s === winner) card.classList.add("best");
    card.setAttribute("aria-label", say("tb_card_of", { seat: s, card: c }, seatName));
    place(card, (s - base + n) % n, n, narrow ? 13 : 19, 15);
    felt.append(card);
  });
  let note = "";
  if (held) note = say("trick_taken", { winner: held.winner }, seatName);
  else if (v.trick.length && v.winning >= 0) note = say("tb_winning", { seat: v.winning }, seatName);
  else if (v.last) note = say("tb_took_last", { seat: v.last[2] }, seatName);
  $("trick-note").textContent = note;
  $("trick-seen").textContent = held ? say("trick_seen") : "";
}

function renderPlay() {
  const started = lobby && lobby.started;
  $("play").hidden = !(started && view);
  if (!started || !view) { renderOver(); return; }
  const v = view;
  const n = v.hand_sizes.length;
  const base = me.seat !== null && me.seat >= 0 ? me.seat : 0;
  const mine = myTurn();

  // a bot keeps this person's seat (they were away): one tap takes it back
  const kept = me.seat !== null && lobby.seats[me.seat] && lobby.seats[me.seat].kind === "bot";
  $("kept").hidden = !kept;
  if (kept) {
    $("kept-text").textContent = say("kept_for_you");
    $("take-back").textContent = say("take_back");
  }

  // whose turn
  let turn;
  if (v.over) turn = say("tb_over");
  else if (mine) turn = say("tb_your_turn", { step: stepWords(v) });
  else if (v.to_act >= 0) turn = say("tb_waiting_for", { seat: v.to_act, step: stepWords(v) }, seatName);
  else turn = PHASES[v.phase] || v.phase;
  $("turn").textContent = say("tb_hand_turn", { hand: v.hand_number, turn });
  $("turn").classList.toggle("mine", mine);
  const contract = [];
  if (v.bidder >= 0) contract.push(say("tb_contract_bid", { bidder: v.bidder, bid: v.bid }, seatName));
  contract.push(say("tb_contract_trump", { trump: trumpWords(v.trump) }));
  if (v.phase === "play" || v.phase === "done") {
    if (lobby && lobby.low_call) contract.push(say(v.low ? "tb_low" : "tb_high"));
    if (lobby && lobby.bird_call) contract.push(say(v.bird_high ? "tb_bird_high" : "tb_bird_low"));
  }
  if (v.nest_points !== null) contract.push(say(v.nest_points ? "tb_nest_points" : "tb_nest_no_points"));
  if (v.partner_cards.length) contract.push(say("tb_partner_cards", { cards: v.partner_cards }));
  $("contract").textContent = contract.join(" · ");

  renderFelt(v, n, base);

  // choices that are not cards: bids, pass, trump, partner calls ...
  const acts = $("actions");
  acts.replaceChildren();
  const cardActs = new Map(); // card text -> action
  let burying = false;
  const buryKey = `${v.hand_number}:${(v.buried || []).length}:${v.step}`;
  if (buryFor !== buryKey) { buryPick = new Set(); buryFor = buryKey; }
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
    acts.prepend(el("p", "prompt", say("bury_choose", { left: v.to_bury })));
    acts.append(buryBox(v, cardActs));
  }
  else if (mine && cardActs.size) acts.prepend(el("p", "prompt", say("tb_play_a_card")));

  // the hand (and the nest, for the bidder who holds it)
  const hand = $("hand");
  hand.replaceChildren();
  $("hand-area").hidden = me.seat === null;
  const inHand = new Set(v.hand);
  // the nest's cards the bidder sees but has not taken in hand yet (during the nest only: once played, a card is gone)
  const nestExtra = v.phase !== "nest" ? []
    : (v.nest || []).filter((c) => !inHand.has(c) && !(v.buried || []).includes(c));
  const all = sortCards([...v.hand, ...nestExtra]);
  let first = null;
  for (const c of all) {
    const b = cardElement(c, { button: true });
    b.dataset.key = `card:${c}`;
    b.tabIndex = -1;
    const action = cardActs.get(c);
    if (nestExtra.includes(c) || (v.phase === "nest" && v.nest && v.nest.includes(c))) b.classList.add("from-nest");
    if (action !== undefined && burying) { // chosen, then confirmed: a tap only chooses
      b.classList.add("legal");
      const picked = buryPick.has(c);
      b.classList.toggle("picked", picked);
      b.setAttribute("aria-pressed", String(picked));
      b.setAttribute("aria-label", say("bury_pick", { card: c }));
      b.addEventListener("click", () => {
        if (buryPick.has(c)) buryPick.delete(c);
        else if (buryPick.size < v.to_bury) buryPick.add(c);
        render();
      });
      if (first === null) first = b;
    } else if (action !== undefined) {
      b.classList.add("legal");
      b.setAttribute("aria-label", cardName(c));
      b.addEventListener("click", () => { release(); send({ type: "act", action }); });
      if (first === null) first = b;
    } else {
      b.classList.add("dim");
      b.setAttribute("aria-disabled", "true");
      b.addEventListener("click", () => { if (mine && cardActs.size) tellPerson(say("tb_cannot_play", { card: c }), "error"); });
    }
    hand.append(b);
  }
  (first || hand.firstElementChild || { tabIndex: 0 }).tabIndex = 0;

  const buried = $("buried");
  buried.replaceChildren();
  if (v.buried && v.buried.length) {
    buried.append(el("span", "label", say("tb_buried")));
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

function myTurn() {
  return Boolean(view && me.seat !== null && view.to_act === me.seat && view.legal.length > 0 && !view.over);
}

// The burial: the cards chosen so far, a warning for a card that counts or the Bird, and the confirmation.
function buryBox(v, cardActs) {
  const box = el("div", "bury-box");
  const chosen = sortCards([...buryPick]);
  box.append(el("p", "note", say("bury_chosen", { chosen: chosen.length, left: v.to_bury })));
  const counting = chosen.filter((c) => lobby && lobby.counters && lobby.counters[c]);
  if (counting.length) {
    const points = counting.reduce((t, c) => t + lobby.counters[c], 0);
    box.append(el("p", "warn", say("bury_counters", { cards: counting, points, count: counting.length })));
  }
  if (chosen.some((c) => parseCard(c).bird)) box.append(el("p", "warn", say("bury_bird")));
  const row = el("div", "row");
  const ok = button(say("bury_confirm"), "bury:confirm", () => {
    const actions = chosen.map((c) => cardActs.get(c)).filter((a) => a !== undefined);
    buryPick = new Set();
    send({ type: "bury", actions });
  }, "primary act-bury");
  ok.disabled = chosen.length !== v.to_bury;
  const again = button(say("bury_clear"), "bury:clear", () => { buryPick = new Set(); render(); });
  again.disabled = !chosen.length;
  row.append(ok, again);
  box.append(row);
  return box;
}

// ---------------------------------------------------------------- your turn: the tab's title and icon, a sound, a buzz
const cues = { sound: localStorage.getItem("rook-sound") !== "off", vibrate: localStorage.getItem("rook-vibrate") !== "off" };
let audio = null;

function turnCues() {
  const mine = myTurn();
  $("icon").href = mine ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  if (mine && wasMine === false) { // it has just become this seat's turn (not on the first view after a load)
    if (cues.sound) beep();
    if (cues.vibrate && navigator.vibrate) navigator.vibrate(150);
  }
  wasMine = mine;
}

function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const tone = audio.createOscillator();
    const level = audio.createGain();
    tone.frequency.value = 660;
    level.gain.setValueAtTime(0.15, audio.currentTime);
    level.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(level).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch { /* no sound here: the title and the icon still say it */ }
}

function setUpCues() {
  for (const [key, id, label] of [["sound", "cue-sound", "turn_sound"], ["vibrate", "cue-vibrate", "turn_vibrate"]]) {
    const box = $(id);
    box.checked = cues[key];
    $(`${id}-label`).textContent = say(label);
    box.addEventListener("change", () => {
      cues[key] = box.checked;
      localStorage.setItem(`rook-${key}`, box.checked ? "on" : "off");
    });
  }
  // a browser lets a page sound only after a person has touched it: the first touch readies the sound
  document.addEventListener("pointerdown", () => {
    if (cues.sound && !audio) {
      try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch { audio = null; }
    }
  }, { once: true });
}

// ---------------------------------------------------------------- the end of a hand, summed up
function renderSummary() {
  const box = $("hand-end");
  const evs = summary === null ? [] : events.filter((e) => e.hand === summary);
  box.hidden = !evs.length;
  if (!evs.length) return;
  const find = (op) => evs.find((e) => e.op === op);
  const body = $("hand-end-body");
  body.replaceChildren();
  $("hand-end-h").textContent = say("summary_title", { hand: summary });
  $("hand-end-ok").textContent = say("summary_go_on");
  if (find("ThrownIn")) {
    body.append(el("p", null, say("summary_thrown_in", { hand: summary })));
    return;
  }
  const won = find("WinBid"), trump = find("NameTrump"), scored = find("Scored");
  if (won && scored) {
    body.append(el("p", "big-line", say(scored.made ? "summary_made" : "summary_set", { bidder: won.seat, bid: won.value },
      seatName)));
  }
  if (trump) body.append(el("p", null, trump.trump >= 0 ? say("summary_trump", { trump: trump.trump }) : say("summary_no_trump")));
  const row = view && view.pad ? view.pad.find((r) => r.hand === summary) : null;
  if (scored) {
    scored.points.forEach((points, i) => {
      const score = scored.score[i];
      body.append(el("p", null, say("summary_side", { side: sideName(i), points, score: `${score >= 0 ? "+" : ""}${score}`,
        total: row ? row.totals[i] : "…" })));
    });
  }
  // the nest and the burial, as far as this seat may know them (its own stream says)
  const deal = find("Deal"), taken = find("TakeNest");
  const nest = (taken && taken.cards) || (deal && deal.nest);
  if (nest && nest.length) body.append(cardsLine(say("summary_nest"), nest));
  const buried = evs.filter((e) => e.op === "Bury" && e.card).map((e) => e.card);
  if (buried.length) body.append(cardsLine(say("summary_buried"), buried));
  else {
    const shown = find("ShowBuried");
    if (shown && shown.cards.length) body.append(cardsLine(say("summary_buried_shown"), shown.cards));
  }
  const tricks = evs.filter((e) => e.op === "TrickWon");
  const last = tricks[tricks.length - 1];
  if (last) body.append(cardsLine(say("summary_last", { winner: last.seat }, seatName), last.cards));
}

function cardsLine(label, cards) {
  const line = el("div", "cards-line");
  line.append(el("span", "label", label));
  for (const c of cards) line.append(cardElement(c, { small: true }));
  return line;
}

// What the rules show the whole table, spectators included: the nest where it is shown (to all but the
// bidder, who has it in hand), and the buried trumps turned face up (show_buried_trump).
function renderShown(v, nestExtra) {
  const box = $("shown");
  box.replaceChildren();
  if (v.nest && v.nest.length && !nestExtra.length && v.seat !== v.bidder) {
    const line = el("div", "shown-line");
    line.append(el("span", "label", say("tb_nest")));
    for (const c of sortCards(v.nest)) line.append(cardElement(c, { small: true }));
    box.append(line);
  }
  if (v.shown_buried.length) {
    const line = el("div", "shown-line shown-buried");
    const who = v.bidder >= 0 ? seatName(v.bidder) : say("tb_bidder");
    line.append(el("span", "label", say("tb_shown_buried", { who, count: v.shown_buried.length })));
    for (const c of sortCards(v.shown_buried)) line.append(cardElement(c, { small: true }));
    box.append(line);
  }
  box.hidden = !box.childElementCount;
}

function renderHints() {
  const box = $("hints");
  box.replaceChildren();
  if (!hints) return;
  if (!hints.length) { box.append(el("p", "note", say("tb_no_hint"))); return; }
  const valued = hints.some((ch) => ch.points !== null);
  box.append(el("p", "note", say(valued ? "tb_hint_valued" : "tb_hint_ranked")));
  const ol = el("ol", "hint-list");
  for (const ch of hints) {
    const li = el("li");
    li.append(el("span", "hint-act", choiceWords(ch)));
    if (ch.points !== null) {
      li.append(el("span", "hint-points", say("tb_expected", { points: `${ch.points >= 0 ? "+" : ""}${ch.points.toLocaleString(lang() === "qps" ? "en" : lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}` })));
    } else if (valued) {
      li.append(el("span", "hint-points", say("tb_not_valued")));
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
  head.append(el("th", null, say("tb_side")), el("th", null, say("tb_this_hand")), el("th", null, say("tb_total")));
  table.append(head);
  const ms = mySide();
  v.sides.forEach((_, i) => {
    const tr = el("tr", i === ms ? "mine" : null);
    tr.append(el("td", null, sideName(i)), el("td", "num", `${v.taken[i] ?? 0}`), el("td", "num", `${v.totals[i] ?? 0}`));
    table.append(tr);
  });
  box.append(table);
  if (lobby) box.append(el("p", "note", say("tb_game_to", { goal: lobby.goal })));
}

function renderAuction(v) {
  const ol = $("auction");
  ol.replaceChildren();
  if (!v.auction.length) ol.append(el("li", "note", say("tb_no_bids")));
  for (const call of v.auction) {
    ol.append(el("li", call.kind === "pass" ? "pass" : null, say("tb_call", { seat: call.seat, call: callWords(call) }, seatName)));
  }
}

function trickRow(title, [leader, cards, winner], n) {
  const row = el("div", "trick-row");
  row.append(el("div", "trick-title", say("tb_trick_won", { title, seat: winner }, seatName)));
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
  box.append(el("p", "note", say("tb_tricks_taken", { count: v.trick_count })));
  if (v.tricks.length) {
    const shown = v.tricks.slice(-3);
    shown.forEach((t, i) => box.append(trickRow(say("tb_trick_n", { n: v.tricks.length - shown.length + i + 1 }), t, n)));
  } else if (v.last) {
    box.append(trickRow(say("tb_last_trick"), v.last, n));
  } else if (v.trick_count) {
    box.append(el("p", "note", say("tb_no_look_back")));
  }
}

function renderPad(v) {
  const box = $("pad");
  box.replaceChildren();
  if (!v.pad.length) { box.append(el("p", "note", say("tb_no_hand_yet"))); return; }
  const table = el("table", "pad");
  const head = el("tr");
  head.append(el("th", null, say("tb_pad_hand")), el("th", null, say("tb_pad_bid")), el("th", null, say("tb_pad_trump")));
  v.sides.forEach((_, i) => head.append(el("th", null, sideName(i))));
  table.append(head);
  for (const row of v.pad) {
    const tr = el("tr");
    tr.append(el("td", "num", `${row.hand}`));
    tr.append(el("td", null, row.bidder < 0 ? say("tb_pad_thrown_in")
      : say(row.made ? "tb_pad_made" : "tb_pad_set", { bidder: row.bidder, bid: row.bid }, seatName)));
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
  let text = say("tb_game_over");
  if (w !== null && w !== undefined) text = w === ms ? say("tb_you_win", { side: sideName(w) }) : say("tb_they_win", { side: sideName(w) });
  box.append(el("h2", null, text));
  if (me.seat !== null || me.host) { // play again: the same table, code, people and seats
    const again = el("div", "over-actions");
    again.append(button(say("play_again"), "rematch", () => send({ type: "rematch" }), "primary big"),
      el("span", "note", say("play_again_note")));
    box.append(again);
  }
  const links = el("p");
  const replay = el("a", null, say("tb_replay"));
  replay.href = `/replay/${encodeURIComponent(lobby && lobby.game ? lobby.game : code)}`;
  const hist = el("a", null, say("tb_history"));
  hist.href = "/history";
  const home = el("a", null, say("tb_new_table"));
  home.href = "/";
  links.append(replay, " · ", hist, " · ", home);
  box.append(links);
}

// ---------------------------------------------------------------- controls
function copy(text, what) {
  const done = () => tellPerson(say(what));
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
  } else fallbackCopy(text, done);
}
function fallbackCopy(text, done) {
  const input = $("invite-link");
  const old = input.value;
  input.value = text;
  input.select();
  try { document.execCommand("copy"); done(); } catch { tellPerson(say("tb_copy_by_hand"), "error"); }
  input.value = old;
}
$("copy-code").addEventListener("click", () => copy(lobby ? lobby.code : code, "tb_code_copied"));
$("copy-link").addEventListener("click", () => copy($("invite-link").value, "tb_link_copied"));
$("invite-link").addEventListener("focus", () => $("invite-link").select());
$("start").addEventListener("click", () => send({ type: "start" }));
$("take-back").addEventListener("click", () => {
  const seat = me.seat !== null && lobby ? lobby.seats[me.seat] : null;
  if (seat) send({ type: "sit", seat: me.seat, name: seat.away || myName() });
});
$("felt").addEventListener("click", release);
$("hand-end-ok").addEventListener("click", closeSummary);
$("my-name").addEventListener("change", () => { const v = $("my-name").value.trim(); if (v) localStorage.setItem("rook-name", v); });
$("hint").addEventListener("click", () => { send({ type: "hint" }); $("hints").replaceChildren(el("p", "note", say("tb_thinking"))); });

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
  if (["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) return;
  if (held) release(); // a key goes on from a trick held on the table
  if (e.key === "Escape" && summary !== null) { closeSummary(); return; }
  if (e.key !== "h" || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
  if (!$("hint").hidden && !$("hint").disabled) { e.preventDefault(); $("hint").click(); }
});

function loadLevels() {
  fetch(`/api/options?lang=${encodeURIComponent(lang())}`).then((r) => r.json())
    .then((o) => {
      if (!Array.isArray(o.levels)) return;
      levels = o.levels;
      render();
    }).catch(() => {});
}

if (!code) wordsReady().then(() => tellPerson(say("tb_no_code"), "error"));
else wordsReady().then(() => { setUpCues(); loadLevels(); connect(); }); // the catalog's sentences first: every word is there
