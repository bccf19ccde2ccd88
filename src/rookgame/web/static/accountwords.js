// The account, profile, leaderboard and club pages' words: their sentences come from the server in the reader's
// language (GET /api/account/words: rookgame.words.accounts), filled here from codes and parameters; never English
// written in a script.  Elements with data-w="code" get the sentence as their text, data-w-placeholder a placeholder.
let words = null;
const params = new URLSearchParams(location.search);
const asked = params.get("lang") || localStorage.getItem("rook-lang"); // as the other pages choose (words.js)
const ready = fetch("/api/account/words" + (asked ? "?lang=" + encodeURIComponent(asked) : ""))
  .then((r) => (r.ok ? r.json() : null)).then((w) => {
    words = w;
    if (w && w.lang) document.documentElement.lang = w.lang; // the page is in the reader's language, not English
  }).catch(() => {});

export function wordsReady() { return ready; }

// The language the page reads, as Intl takes it (plurals, dates): "en" for the tests' pseudo-language.
export function lang() {
  const code = (words && words.lang) || "en";
  return code === "qps" ? "en" : code;
}

// A rating's figure with one decimal, as the reader's language writes it ("27,3" in Swedish, "27.3" in English).
export function decimal(x) {
  return Number(x).toLocaleString(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function fill(template, values) {
  let text = template;
  if (template && typeof template === "object") {
    const n = Number(values[template.count]);
    text = new Intl.PluralRules(lang()).select(n) === "one" ? template.one : template.many;
  }
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// One of the pages' sentences, filled (the code itself before the words are here).
export function say(code, values = {}) {
  const t = words && words.page ? words.page[code] : null;
  return t ? fill(t, values) : code;
}

// A ladder (a rule set's ratings) by its name in the reader's language: a preset's key by the preset's name, as
// the front page names it (the server's words.rules.preset_name), a house-rules file's ("house-" and its
// fingerprint) as "House rules (fingerprint)".
export function ladderName(ladder) {
  const key = String(ladder);
  const name = words && words.presets ? words.presets[key] : null;
  if (name) return name;
  return key.startsWith("house-") ? say("rate_house", { code: key.slice("house-".length) }) : key;
}

// The quick phrases of the table's talk, code -> the phrase in the reader's language.
export function phrases() {
  const out = {};
  for (const [code, t] of Object.entries((words && words.phrases) || {})) out[code] = fill(t, {});
  return out;
}

// A refusal from the API ({error, code, params}) in the reader's words: the catalog's, else the server's sentence.
export function refusal(body) {
  const t = body && words && words.refusals ? words.refusals[body.code] : null;
  return t ? fill(t, body.params || {}) : String((body && body.error) || "");
}

export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-w]")) node.textContent = say(node.dataset.w);
  for (const node of root.querySelectorAll("[data-w-placeholder]")) node.placeholder = say(node.dataset.wPlaceholder);
}

// The CSRF token every change carries (X-CSRF-Token), and who is signed in: GET /api/account.
let csrf = "";
export async function account() {
  const r = await fetch("/api/account", { credentials: "same-origin", cache: "no-store" });
  const data = await r.json();
  csrf = data.csrf || "";
  return data.player;
}

// A change: POST with the CSRF token; {ok, status, body}.
export async function send(path, body) {
  if (!csrf) await account();
  const r = await fetch(path, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify(body || {}),
  });
  let data = {};
  try { data = await r.json(); } catch (e) { data = {}; }
  if (data && data.csrf) csrf = data.csrf;
  return { ok: r.ok, status: r.status, body: data };
}
