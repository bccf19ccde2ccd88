// /replay/CODE: one finished game, step by step, every hand visible (the game is over).
// Names and every other field from the server are hostile input: text only, never markup.
import { cardElement } from "/static/cards.js";
import { el } from "/static/dom.js";
import { deedWords, getJSON, playerLabel, say, sidesOf, trumpWords, wordsReady } from "/static/words.js";

function card(c) {
  return cardElement(String(c), { tiny: true });
}

function cards(list, emptyText) {
  const box = el("span", { class: "rx-cards" });
  if (!list || !list.length) box.append(el("span", { class: "rx-none" }, emptyText || say("rp_none")));
  else list.forEach((c) => box.append(card(c)));
  return box;
}

// What the step's action says, with its card drawn: "bids 70", "passes", "buries" and the card ...
function actionWords(action) {
  const [words, c] = deedWords(action);
  return c ? [words, card(c)] : [words];
}

const state = { data: null, frames: [], last: [], i: 0, names: [], people: null };

function seatName(seat) {
  return playerLabel(state.names, state.people, seat);  // two "heuristic" bots: told apart by their seats
}

// The trick last taken before each frame (cards in order from its leader, and who won it).
function lastTricks(frames) {
  const out = [];
  let last = null;
  frames.forEach((f, i) => {
    const p = frames[i - 1];
    if (!p || p.hand !== f.hand) last = null;
    if (p && p.hand === f.hand && f.tricks > p.tricks && !f.end) {
      last = { leader: p.leader, cards: p.trick.concat([p.action.card]), winner: f.leader };
    }
    out.push(last);
  });
  return out;
}

function fact(term, ...value) {
  return [el("dt", {}, term), el("dd", {}, ...value)];
}

function render() {
  const f = state.frames[state.i];
  const n = state.names.length;
  const total = state.frames.length;
  document.getElementById("rx-counter").textContent = say("rp_step_of", { n: state.i + 1, total });
  const slider = document.getElementById("rx-slider");
  slider.value = String(state.i);

  const action = document.getElementById("rx-action");
  if (f.end) {
    const sides = sidesOf(n, f.totals.length, state.data.sides);
    const w = state.data.winner;
    action.replaceChildren(Number.isInteger(w) && sides[w]
      ? say("rp_game_over_won", { side: sides[w].map(seatName).join(" & ") }) : say("rp_game_over"));
  } else {
    action.replaceChildren(el("strong", { class: "rx-who" }, seatName(f.seat)), " ",
      el("span", { class: "rx-what", "data-action": f.action.label }, ...actionWords(f.action)));
  }
  slider.setAttribute("aria-valuetext", say("rp_valuetext", { n: state.i + 1, total, action: action.textContent }));

  document.getElementById("rx-first").disabled = document.getElementById("rx-prev").disabled = state.i === 0;
  document.getElementById("rx-last").disabled = document.getElementById("rx-next").disabled = state.i === total - 1;

  const sides = sidesOf(n, f.totals.length, state.data.sides);
  const totals = el("ul", { class: "rx-totals" });
  sides.forEach((seats, s) => totals.append(el("li", {},
    el("span", {}, seats.map(seatName).join(" & ")), ": ", el("strong", {}, f.totals[s]))));
  const facts = [
    ...fact(say("tb_pad_hand"), String(f.hand)),
    ...fact(say("rp_dealer"), seatName(f.dealer)),
    ...fact(say("rp_bidder"), f.bidder >= 0 ? seatName(f.bidder) : say("rp_auction_on")),
    ...fact(say("tb_pad_bid"), f.bidder >= 0 ? String(f.bid) : (f.bid ? say("rp_so_far", { bid: f.bid }) : say("rp_none_yet"))),
    ...fact(say("tb_pad_trump"), trumpWords(f.trump)),
    ...fact(say("tb_tricks_h"), String(f.tricks)),
    ...fact(say(f.end ? "rp_final_totals" : "rp_totals"), totals,
      f.end ? null : el("span", { class: "rx-note" }, say("rp_before_hand"))),
  ];
  document.getElementById("rx-facts").replaceChildren(...facts);

  const trick = document.getElementById("rx-trick");
  trick.replaceChildren();
  if (!f.trick.length) trick.append(el("li", { class: "rx-none" }, say("rp_no_cards_table")));
  f.trick.forEach((c, k) => trick.append(el("li", {}, el("span", { class: "rx-by" }, seatName((f.leader + k) % n)),
    " ", card(c))));
  document.getElementById("rx-trick-h").textContent = say(f.end ? "rp_the_last_trick" : "rp_on_table");
  const last = f.end ? null : state.last[state.i];
  const lastBox = document.getElementById("rx-last-trick");
  lastBox.replaceChildren();
  if (last) {
    lastBox.append(say("rp_last_trick", { leader: seatName(last.leader), winner: seatName(last.winner) }), " ",
      cards(last.cards));
  }

  let nestTitle = say("rp_nest");
  const firstNest = state.nestOfHand[f.hand] || [];
  const same = f.nest.length === firstNest.length && f.nest.every((c, k) => c === firstNest[k]);
  if (f.bidder >= 0 && (!same || f.tricks > 0 || f.trick.length > 0 || f.end)) nestTitle = say("rp_buried_by", { who: seatName(f.bidder) });
  else if (f.bidder >= 0 && f.hands[f.bidder].length > (f.hands[(f.bidder + 1) % n] || []).length) {
    nestTitle = say("rp_nest_taken", { who: seatName(f.bidder) });
  }
  document.getElementById("rx-nest-h").textContent = nestTitle;
  document.getElementById("rx-nest").replaceChildren(cards(f.nest, say("rp_empty")));

  const seats = document.getElementById("rx-seats");
  seats.replaceChildren();
  f.hands.forEach((hand, s) => {
    const acting = !f.end && s === f.seat;
    const marks = [];
    if (acting) marks.push(el("span", { class: "rx-mark rx-acts" }, say("rp_to_act")));
    if (s === f.dealer) marks.push(el("span", { class: "rx-mark" }, say("tb_dealer")));
    if (s === f.bidder) marks.push(el("span", { class: "rx-mark" }, say("rp_bidder_mark")));
    seats.append(el("li", { class: acting ? "rx-seat rx-acting" : "rx-seat", "data-seat": s },
      el("h3", {}, el("span", { class: "rx-name" }, seatName(s)), " ",
        el("span", { class: "rx-count" }, say("tb_cards", { count: hand.length })), " ", ...marks),
      cards(hand, say("rp_no_cards"))));
  });

  if (history.replaceState) history.replaceState(null, "", `#${state.i + 1}`);
}

function go(i) {
  const j = Math.max(0, Math.min(state.frames.length - 1, Number(i) | 0));
  if (j === state.i && document.body.dataset.ready) return;
  state.i = j;
  render();
}

function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  if (t && (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range") || t.isContentEditable)) return;
  const moves = { ArrowLeft: state.i - 1, ArrowRight: state.i + 1, Home: 0, End: state.frames.length - 1 };
  if (!(e.key in moves)) return;
  e.preventDefault();
  go(moves[e.key]);
}

async function main() {
  const status = document.getElementById("rx-status");
  const raw = location.pathname.split("/")[2] || "";
  let code;
  try { code = decodeURIComponent(raw); } catch (_) { code = raw; }
  const enc = encodeURIComponent(code);
  let data, games = [];
  try {
    [data, games] = await Promise.all([getJSON(`/api/games/${enc}/steps`),
                                       getJSON("/api/games").catch(() => [])]);
  } catch (e) {
    status.textContent = say("rp_failed", { error: e.message });
    status.classList.add("hx-error");
    document.body.dataset.ready = "error";
    return;
  }
  const game = (Array.isArray(games) ? games : []).find((g) => g.code === data.code) || null;
  state.data = data;
  state.names = Array.isArray(data.players) ? data.players : [];
  state.people = game && Array.isArray(game.people) ? game.people : null;
  const frames = (Array.isArray(data.steps) ? data.steps : []).map((f) => Object.assign({}, f));
  if (!frames.length) {
    status.textContent = say("rp_no_steps");
    return;
  }
  // One more frame after the last decision: the game over, its last trick and (from the list) the final totals.
  const lastFrame = frames[frames.length - 1];
  frames.push(Object.assign({}, lastFrame, {
    end: true, seat: -1, action: null, hands: lastFrame.hands.map(() => []),
    trick: lastFrame.trick.concat([lastFrame.action.card]),
    tricks: lastFrame.tricks + (lastFrame.trick.length + 1 === lastFrame.hands.length ? 1 : 0),
    totals: game && Array.isArray(game.totals) ? game.totals : lastFrame.totals,
  }));
  state.frames = frames;
  state.last = lastTricks(frames);
  state.nestOfHand = {};
  frames.forEach((f) => { if (!(f.hand in state.nestOfHand)) state.nestOfHand[f.hand] = f.nest; });

  const title = data.name ? String(data.name) : say("hs_table", { code: data.code });
  document.title = say("rp_page_title", { title });
  document.getElementById("rx-title").textContent = say("rp_title_of", { title });
  document.getElementById("rx-about").textContent = say("rp_about", { rules: data.rules,
    players: state.names.map((_, s) => seatName(s)).join(", "), code: data.code });
  const rec = document.getElementById("rx-record");
  rec.href = `/api/games/${encodeURIComponent(data.code)}/record`;
  rec.setAttribute("download", `rook-${data.code}.jsonl`);
  rec.hidden = false;

  const slider = document.getElementById("rx-slider");
  slider.max = String(frames.length - 1);
  slider.addEventListener("input", () => go(slider.value));
  document.getElementById("rx-first").addEventListener("click", () => go(0));
  document.getElementById("rx-prev").addEventListener("click", () => go(state.i - 1));
  document.getElementById("rx-next").addEventListener("click", () => go(state.i + 1));
  document.getElementById("rx-last").addEventListener("click", () => go(frames.length - 1));
  document.addEventListener("keydown", onKey);

  const fromHash = parseInt(location.hash.slice(1), 10);
  state.i = Number.isFinite(fromHash) ? Math.max(0, Math.min(frames.length - 1, fromHash - 1)) : 0;
  status.hidden = true;
  document.getElementById("rx-player").hidden = false;
  render();
  document.body.dataset.ready = "1";
}

wordsReady().then(main); // the catalog's words first (a module runs once the page is parsed)
