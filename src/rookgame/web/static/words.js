// The pages' words: every sentence a page makes from the server's data (choices, calls, refusals, seat
// names) is made here, from codes and numbers, never by reading the server's English or action numbers.
// A refusal's sentences come from the server's one catalog (GET /api/words, rookgame.words.refusals), so
// the page and the terminal say the same thing; the page fills them with its own names for the seats.
import { cardName, SUITS, COLOURS } from "/static/cards.js";

// ---------------------------------------------------------------- filling templates
let catalog = null; // {refusals: {code: {other, you}}, kinds: {seat: [...], card: [...], ...}}
const ready = fetch("/api/words").then((r) => (r.ok ? r.json() : null)).then((c) => { catalog = c; }).catch(() => {});

// Resolves once the server's sentences are here (or could not be had: the pages then fall back to its reason).
export function wordsReady() { return ready; }

export function plural(n, one, many) {
  return n === 1 ? one : many;
}

function kindOf(name) {
  const kinds = (catalog && catalog.kinds) || {};
  for (const [kind, names] of Object.entries(kinds)) if (names.includes(name)) return kind;
  return "";
}

function show(name, value, seatName) {
  switch (kindOf(name)) {
    case "seat": return Number.isInteger(value) ? seatName(value) : String(value);
    case "place": return Number.isInteger(value) ? String(value + 1) : String(value); // places count from 1 here
    case "card": return cardName(String(value));
    case "cards": return Array.isArray(value) ? value.map((c) => cardName(String(c))).join(", ") : String(value);
    case "colour": return Number.isInteger(value) && value >= 0 && value < 4 ? SUITS[COLOURS[value]].name.toLowerCase()
      : String(value);
    case "colour_name": return Number.isInteger(value) && value >= 0 && value < 4 ? SUITS[COLOURS[value]].name
      : String(value);
    default: return Array.isArray(value) ? value.join(" ") : String(value);
  }
}

// A template (a string, or {one, many, count}) with its parameters: "{seat} must follow {colour}".
export function fill(template, params, seatName) {
  let text = template;
  if (template && typeof template === "object") {
    const n = params[template.count];
    text = new Intl.PluralRules("en").select(Number(n)) === "one" ? template.one : template.many;
  }
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? show(name, params[name], seatName) : whole));
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

// ---------------------------------------------------------------- cards, colours, actions
export function colourName(index) {
  return index >= 0 && index < 4 ? SUITS[COLOURS[index]].name : index === -1 ? "no trump" : "not named";
}

export function trumpWords(t) {
  if (t >= 0 && t < 4) return `${colourName(t)} ${SUITS[COLOURS[t]].shape}`;
  return colourName(t);
}

// A choice on a button: {kind, card, value} as the server sends it ("Bid 85", "Bury Red 5").
export function choiceWords(ch) {
  switch (ch.kind) {
    case "pass": return "Pass";
    case "redeal": return "Redeal";
    case "bid": return `Bid ${ch.value}`;
    case "trump": return `Trump: ${trumpWords(ch.value)}`;
    case "no_trump": return "No trump";
    case "high": return "High";
    case "low": return "Low";
    case "bird_high": return "Bird high";
    case "bird_low": return "Bird low";
    case "no_more_partners": return "No more partners";
    case "partner": return `Call partner: ${cardName(ch.card)}`;
    case "bury": return `Bury ${cardName(ch.card)}`;
    case "play": return `Play ${cardName(ch.card)}`;
    default: return ch.label || "";
  }
}

// A call of the auction, as the list of calls says it: "pass", "bid 85", "redeal".
export function callWords(call) {
  if (call.kind === "bid") return `bid ${call.value}`;
  return call.kind === "redeal" ? "redeal" : "pass";
}

// What a seat did, for the replay: words, and the card it names (drawn by the page) or null.
export function deedWords(ch) {
  switch (ch.kind) {
    case "bid": return [`bids ${ch.value}`, null];
    case "pass": return ["passes", null];
    case "redeal": return ["calls for a redeal", null];
    case "trump": return [`names trump ${trumpWords(ch.value)}`, null];
    case "no_trump": return ["calls no trump", null];
    case "high": return ["calls high", null];
    case "low": return ["calls low", null];
    case "bird_high": return ["calls the Bird high", null];
    case "bird_low": return ["calls the Bird low", null];
    case "no_more_partners": return ["calls no more partners", null];
    case "bury": return ["buries ", ch.card];
    case "partner": return ["calls for the partner holding ", ch.card];
    case "play": return ["plays ", ch.card];
    default: return [ch.label || "", null];
  }
}

// ---------------------------------------------------------------- seats
// A seat at a live table, from the lobby's ``seats`` entry: the person's name, "Bot 2 (heuristic)", "open
// seat"; "(you)" after the reader's own; places count from 1.
export function seatLabel(info, seat, mine) {
  if (!info) return `Seat ${seat + 1}`;
  const name = info.kind === "person" ? info.name : info.kind === "bot" ? `Bot ${seat + 1} (${info.name})` : "open seat";
  return mine ? `${name} (you)` : name;
}

// ---------------------------------------------------------------- seats and sides of a finished game
// A player of a finished game (the history, the replay): their name, "(bot)" for a bot, and the seat
// (counted from 1) where two share a name.
export function playerLabel(names, people, seat) {
  const name = names[seat];
  if (name === undefined) return `seat ${seat + 1}`;
  const bot = Array.isArray(people) && !people.includes(seat);
  const twice = names.filter((m) => m === name).length > 1;
  const notes = [bot ? "bot" : "", twice ? `seat ${seat + 1}` : ""].filter(Boolean);
  return notes.length ? `${name} (${notes.join(", ")})` : String(name);
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
