// The pages' words: every sentence a page makes from the server's data (choices, calls, refusals, seat
// names) is made here, from codes and numbers, never by reading the server's English or action numbers.
// A refusal's sentences come from the server's one catalog (GET /api/words, rookgame.words.refusals), so
// the page and the terminal say the same thing; the page fills them with its own names for the seats.
import { cardName, cardWords, COLOURS, parseCard, SUITS } from "/static/cards.js";

// ---------------------------------------------------------------- the reader's language, and filling templates
// The language: ``?lang=`` in the address, else the switch's choice (remembered in localStorage), else the server
// picks from the browser's Accept-Language (issue 26).  Every sentence and label of the page is read from the
// catalog in that language; the page's HTML carries codes (data-w), never words of its own.
let catalog = null; // {refusals: {code: {other, you}}, page: {code: template}, kinds: {...}, levels, presets, lang,
// languages}
const asked = new URLSearchParams(location.search).get("lang") || localStorage.getItem("rook-lang") || "";
const words = (lang) => fetch(`/api/words${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`)
  .then((r) => (r.ok ? r.json() : null));
// A page's words besides these, by the address that serves them in the reader's language (the account, profile,
// leaderboard and club pages' and the table's talk: GET /api/account/words): asked for as the page's module loads,
// before this catalog is here; fetched in the language this catalog is in and merged into it (their sentences,
// the talk's quick phrases), so that one catalog tells every word of the page.
const extra = [];
export function alsoWords(url) {
  if (!extra.includes(url)) extra.push(url);
  return ready;
}

async function merged(c, url) {
  const more = await fetch(`${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(c.lang)}`)
    .then((r) => (r.ok ? r.json() : null)).catch(() => null);
  if (!more) return;
  c.page = { ...(more.page || {}), ...(c.page || {}) };
  c.phrases = { ...(more.phrases || {}), ...(c.phrases || {}) };
  c.presets = { ...(more.presets || {}), ...(c.presets || {}) };
  c.refusals = c.refusals || {};
  for (const [code, t] of Object.entries(more.refusals || {})) {
    if (!c.refusals[code]) c.refusals[code] = { other: t, you: {} };
  }
}

const ready = words(asked)
  .then((c) => (c || !asked ? c : words(""))) // a remembered language the server no longer has: its choice
  .then(async (c) => {
    if (c) for (const url of extra) await merged(c, url);
    catalog = c;
    if (c) {
      document.documentElement.lang = c.lang;
      cardWords.name = cardText;
      translatePage();
    }
  }).catch(() => {});

// Resolves once the server's sentences are here (or could not be had: the pages then fall back to its reason).
export function wordsReady() { return ready; }

// The language the page reads ("en", "es", "pt", "sv"; "qps" for the tests' pseudo-language).
export function lang() { return catalog && catalog.lang ? catalog.lang : "en"; }

// The language as Intl takes it (plurals, numbers, dates): "en" for the tests' pseudo-language.
export function locale() { return lang() === "qps" ? "en" : lang(); }

// A figure with one decimal, as the reader's language writes it ("27,3" in Swedish, "27.3" in English).
export function decimal(x) {
  return Number(x).toLocaleString(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

// The page's fixed words: an element's text (data-w), its aria-label (data-w-label), title (data-w-title) or
// placeholder (data-w-placeholder), by code; and the language switch where the page has a place for it.
// A code the catalog lacks is left as it is.
export function translatePage(root = document) {
  const known = (code) => Boolean(catalog && catalog.page && catalog.page[code]);
  for (const e of root.querySelectorAll("[data-w]")) if (known(e.dataset.w)) e.textContent = say(e.dataset.w);
  for (const e of root.querySelectorAll("[data-w-label]")) {
    if (known(e.dataset.wLabel)) e.setAttribute("aria-label", say(e.dataset.wLabel));
  }
  for (const e of root.querySelectorAll("[data-w-title]")) if (known(e.dataset.wTitle)) e.title = say(e.dataset.wTitle);
  for (const e of root.querySelectorAll("[data-w-placeholder]")) {
    if (known(e.dataset.wPlaceholder)) e.placeholder = say(e.dataset.wPlaceholder);
  }
  const place = document.getElementById("lang-switch");
  if (place && catalog && catalog.languages) languageSwitch(place);
}

// A visible switch between the languages, each by its own name; the choice is remembered, and the page reloads in it.
function languageSwitch(place) {
  const sel = document.createElement("select");
  sel.id = "lang";
  sel.setAttribute("aria-label", say("w_language"));
  sel.title = say("w_language");
  for (const [code, name] of Object.entries(catalog.languages)) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    o.lang = code;
    sel.append(o);
  }
  sel.value = catalog.lang in catalog.languages ? catalog.lang : "en";
  sel.addEventListener("change", () => {
    localStorage.setItem("rook-lang", sel.value);
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url.href);
  });
  place.replaceChildren(sel);
}

function kindOf(name) {
  const kinds = (catalog && catalog.kinds) || {};
  for (const [kind, names] of Object.entries(kinds)) if (names.includes(name)) return kind;
  return "";
}

const isColour = (value) => Number.isInteger(value) && value >= 0 && value < 4;

function show(name, value, seatName) {
  switch (kindOf(name)) {
    case "seat": return Number.isInteger(value) ? seatName(value) : String(value);
    case "place": return Number.isInteger(value) ? String(value + 1) : String(value); // places count from 1 here
    case "card": return cardName(String(value));
    case "cards": return Array.isArray(value) ? value.map((c) => cardName(String(c))).join(", ") : String(value);
    case "colour": return isColour(value) ? say(`w_colour_${COLOURS[value].toLowerCase()}`) : String(value);
    case "colour_name": return isColour(value) ? say(`w_colour_${COLOURS[value]}`) : String(value);
    case "id": return String(value); // a number to type or quote: never grouped
    case "level": return levelName(value);
    case "rules": return rulesName(value);
    default:
      if (typeof value === "number") return new Intl.NumberFormat(locale()).format(value);
      return Array.isArray(value) ? value.join(" ") : String(value);
  }
}

// A template (a string, or {one, many, count}) with its parameters: "{seat} must follow {colour}".  A plural's form
// by the reader's language's rules, a number as the language writes it ("1 250" in Swedish): the same CLDR data
// Babel gives the terminal, through Intl.
export function fill(template, params, seatName) {
  let text = template;
  if (template && typeof template === "object") {
    const n = params[template.count];
    text = new Intl.PluralRules(locale()).select(Number(n)) === "one" ? template.one : template.many;
  }
  // "{{" and "}}" are a brace written out, as Python's str.format reads them
  return String(text).replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, name) => {
    if (name === undefined) return whole[0];
    return name in params ? show(name, params[name], seatName) : whole;
  });
}

// A bot's level by its name in the reader's language ("Basic" for "heuristic", the identifier the protocol carries
// and a list's choice sends); anything else as it is.
export function levelName(level) {
  const name = catalog && catalog.levels ? catalog.levels[level] : null;
  return name || String(level);
}

// A ladder (a rule set's ratings) by its name in the reader's language: a preset's key by the preset's name, as
// the front page names it, a house-rules file's ("house-" and its fingerprint) as "House rules (fingerprint)"
// (the account pages' words: alsoWords("/api/account/words")).
export function ladderName(ladder) {
  const key = String(ladder);
  return key.startsWith("house-") ? say("rate_house", { code: key.slice("house-".length) }) : rulesName(key);
}

// The quick phrases of the table's talk, code -> the phrase in the reader's language (the account pages' words).
export function phrases() {
  const out = {};
  for (const [code, t] of Object.entries((catalog && catalog.phrases) || {})) out[code] = fill(t, {});
  return out;
}

// A rule set as the server's sentences name it (its label: a preset's key, or a house-rules file's own name): a
// preset by its name in the reader's language, as the front page lists it; a house file's name as it is.
export function rulesName(rules) {
  const name = catalog && catalog.presets ? catalog.presets[rules] : null;
  return name || String(rules);
}

// A card in the reader's words: "Red 14", "Rook Bird" (cards.js names cards through this once the catalog is here).
function cardText(text) {
  const c = parseCard(text);
  if (c.bird) return text === "RK" ? say("w_bird") : say("w_bird_n", { n: text.slice(2) });
  if (!c.colour) return text;
  return say("w_card", { colour: say(`w_colour_${c.colour}`), rank: c.rank });
}

// One of the page's own sentences (the catalog's ``page``: rookgame.words.web.PAGE), filled: places count from 1,
// seats named by ``seatName``.  Before the catalog is here, or for a code it lacks, the code itself (never English
// written here).
export function say(code, params = {}, seatName = (s) => String(s + 1)) {
  const template = catalog && catalog.page ? catalog.page[code] : null;
  return template ? fill(template, params, seatName) : code;
}

// A refusal (or a word from the server) told to the person at this page: "you" for their own seat, the
// other seats by the page's names.  ``msg``: {code, params, reason}; ``me``: this page's seat (null: watching).
export function refusalWords(msg, me, seatName) {
  const say = catalog && catalog.refusals ? catalog.refusals[msg.code] : null;
  if (!say) return msg.reason || msg.text || "";
  const params = msg.params || {};
  if (me !== null && me !== undefined) {
    for (const [name, template] of Object.entries(say.you || {})) {
      if (params[name] === me) return fill(template, params, seatName);
    }
  }
  return fill(say.other, params, seatName);
}

// An error answered by the API ({error, code, params}, rookgame.web.errors) in the reader's words: a rules error
// (``catalog: "rules"``) told as the server tells it (rookgame.words.errors.rules_error_words: where the rules came
// from, then the problem, then each of a rule set's problems, one a line); a refusal or a server's word by its code;
// the server's English only where the catalog could not be had.
export function errorWords(body, seatName = (s) => String(s + 1)) {
  if (!body || typeof body !== "object") return "";
  const rules = catalog && catalog.rules;
  if (body.catalog === "rules" && rules && rules[body.code]) {
    const one = (code, params) => (rules[code] ? fill(rules[code], params || {}, seatName) : String(code));
    let said = one(body.code, body.params);
    for (const p of body.problems || []) said += `\n  - ${one(p.code, p.params)}`;
    if (body.where) {
      const sources = catalog.sources || {};
      said = fill(rules.where, { where: sources[body.where] || body.where, problem: said });
    }
    return said;
  }
  if (body.code && catalog && catalog.refusals && catalog.refusals[body.code]) return refusalWords(body, null, seatName);
  return String(body.error || body.reason || "");
}

// An API's answer as JSON; a refusal thrown as an Error in the reader's words ({code, params}), the address and
// status where the answer has none (the history and the replay pages).
export async function getJSON(url) {
  const r = await fetch(url, { headers: { Accept: "application/json" } });
  let body = null;
  try { body = await r.json(); } catch (_) { body = null; }
  if (!r.ok) throw new Error(errorWords(body) || `${url}: ${r.status}`);
  return body;
}

// ---------------------------------------------------------------- cards, colours, actions
export function colourName(index) {
  return isColour(index) ? say(`w_colour_${COLOURS[index]}`) : index === -1 ? say("w_no_trump") : say("w_not_named");
}

export function trumpWords(t) {
  if (isColour(t)) return `${colourName(t)} ${SUITS[COLOURS[t]].shape}`;
  return colourName(t);
}

// A choice on a button: {kind, card, value} as the server sends it ("Bid 85", "Bury Red 5").
export function choiceWords(ch) {
  switch (ch.kind) {
    case "pass": return say("w_pass");
    case "redeal": return say("w_redeal");
    case "bid": return say("w_bid", { value: ch.value });
    case "trump": return say("w_trump", { trump: trumpWords(ch.value) });
    case "no_trump": return say("w_no_trump_call");
    case "high": return say("w_high");
    case "low": return say("w_low");
    case "bird_high": return say("w_bird_high");
    case "bird_low": return say("w_bird_low");
    case "no_more_partners": return say("w_no_more_partners");
    case "partner": return say("w_partner", { card: ch.card });
    case "bury": return say("w_bury", { card: ch.card });
    case "play": return say("w_play", { card: ch.card });
    default: return ch.label || "";
  }
}

// A call of the auction, as the list of calls says it: "pass", "bid 85", "redeal".
export function callWords(call) {
  if (call.kind === "bid") return say("w_call_bid", { value: call.value });
  return call.kind === "redeal" ? say("w_call_redeal") : say("w_call_pass");
}

// What a seat did, for the replay: a whole sentence in the reader's words ("bids 70", "buries Red 5"), and the card it
// names (drawn by the page beside it) or null.
export function deedWords(ch) {
  const card = ch.kind === "bury" || ch.kind === "partner" || ch.kind === "play" ? ch.card : null;
  switch (ch.kind) {
    case "bid": return [say("w_did_bid", { value: ch.value }), null];
    case "trump": return [say("w_did_trump", { trump: trumpWords(ch.value) }), null];
    case "pass": case "redeal": case "no_trump": case "high": case "low": case "bird_high": case "bird_low":
    case "no_more_partners": case "bury": case "partner": case "play":
      return [say(`w_did_${ch.kind}`, { card }), card];
    default: return [ch.label || "", null];
  }
}

// ---------------------------------------------------------------- seats
// A seat at a live table, from the lobby's ``seats`` entry: the person's name, "Bot 2 (Basic)", "Bot 2
// (Basic) for Bo" (a bot keeping a person's seat; "keeping your seat" when it is the reader's), "open seat";
// "(you)" after the reader's own; places count from 1.  The same names as the server's sentences
// (rookgame.web.rooms.Room.seat_name).
export function seatLabel(info, seat, mine) {
  if (!info) return say("seat_number", { place: seat });
  if (info.kind === "bot") {
    if (info.away && mine) return say("seat_kept_mine", { place: seat, level: info.name });
    return info.away ? say("seat_bot_for", { place: seat, level: info.name, name: info.away })
      : say("seat_bot", { place: seat, level: info.name });
  }
  const name = info.kind === "person" ? info.name : say("seat_open");
  return mine ? say("seat_mine", { name }) : name;
}

// ---------------------------------------------------------------- seats and sides of a finished game
// A player of a finished game (the history, the replay): their name, "(bot)" for a bot, and the seat
// (counted from 1) where two share a name.
export function playerLabel(names, people, seat) {
  const name = names[seat];
  if (name === undefined) return say("w_seat", { place: seat });
  const bot = Array.isArray(people) && !people.includes(seat);
  const twice = names.filter((m) => m === name).length > 1;
  if (bot && twice) return say("w_player_bot_seat", { name: levelName(name), place: seat });
  if (bot) return say("w_player_bot", { name: levelName(name) });
  return twice ? say("w_player_seat", { name, place: seat }) : String(name);
}

// The seats of each side, as the server sends them (``sides``), else one side per seat when there is a
// total per seat, else partners (seat % sides).
export function sidesOf(players, ntotals, sides) {
  if (Array.isArray(sides) && sides.length) return sides;
  if (!ntotals || ntotals === players) return Array.from({ length: players }, (_, i) => [i]);
  const out = Array.from({ length: ntotals }, () => []);
  for (let i = 0; i < players; i++) out[i % ntotals].push(i);
  return out;
}
