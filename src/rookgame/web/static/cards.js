// Drawing Rook cards: colour, number, and a letter + shape per colour, so colour is never the only cue.
export const COLOURS = "BRYG";
export const SUITS = {
  B: { shape: "\u2660", cls: "c-B" },   // spade
  R: { shape: "\u2665", cls: "c-R" },   // heart
  Y: { shape: "\u2605", cls: "c-Y" },   // star
  G: { shape: "\u2663", cls: "c-G" },   // club
};
export const BIRD_SHAPE = "\u2726"; // four-pointed star, on a dark card of its own

// "R14" -> {colour: "R", rank: 14}; "RK"/"RK2" -> {bird: true}
export function parseCard(text) {
  if (/^RK\d*$/.test(text)) return { text, bird: true, colour: null, rank: 99 };
  const m = /^([BRYG])(\d+)$/.exec(text);
  if (!m) return { text, bird: false, colour: null, rank: 0 };
  return { text, bird: false, colour: m[1], rank: Number(m[2]) };
}

// A card's name in the reader's words ("Red 14", "Rook Bird"): words.js gives it once the catalog is here; until
// then the card's code.
export const cardWords = { name: (text) => text };

export function cardName(text) {
  return cardWords.name(text);
}

// Sort by colour (B R Y G), high to low inside a colour; the Bird(s) first.
export function sortCards(cards) {
  const key = (t) => {
    const c = parseCard(t);
    if (c.bird) return [-1, -c.text.length, t];
    return [c.colour ? COLOURS.indexOf(c.colour) : 9, -c.rank, t];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a), kb = key(b);
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return 0;
  });
}

function span(cls, text) {
  const s = document.createElement("span");
  s.className = cls;
  s.textContent = text;
  return s;
}

// A card face as an element: a <button> when interactive, else a <div>; ``small`` on the table,
// ``tiny`` in the replay's lists of hands.
export function cardElement(text, { button = false, small = false, tiny = false } = {}) {
  const c = parseCard(text);
  const el = document.createElement(button ? "button" : "div");
  if (button) el.type = "button";
  el.className = "card" + (small ? " small" : "") + (tiny ? " tiny" : "");
  el.dataset.card = text;
  if (c.bird) {
    el.classList.add("bird");
    el.append(span("corner", "RK"), span("pip", BIRD_SHAPE), span("word", "Rook"));
  } else if (c.colour) {
    const s = SUITS[c.colour];
    el.classList.add(s.cls);
    el.append(span("corner", `${c.rank}`), span("pip", s.shape), span("word", `${c.colour} ${c.rank}`));
  } else {
    el.append(span("corner", text));
  }
  el.setAttribute(button ? "aria-label" : "title", cardName(text));
  if (!button) { el.setAttribute("role", "img"); el.setAttribute("aria-label", cardName(text)); }
  return el;
}
