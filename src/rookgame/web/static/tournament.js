// The tournaments' page: /tournaments (every event, and a new one) and /tournament/CODE (one event: register,
// where to play, the standings, the tables, the results a player may see, and the director's controls).
// Every sentence comes from the server's catalog (words.js: say, errorWords), the event's rules' name as the
// leaderboards name them (ladderName, with the account pages' words); the event is read again every few seconds
// (GET /api/tournaments/CODE), so the standings are live.
import { alsoWords, errorWords, ladderName, lang, levelName, say, wordsReady } from "/static/words.js";

alsoWords("/api/account/words"); // a house ladder's name ("House rules (...)") is the account pages' word

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const code = parts[0] === "tournament" ? decodeURIComponent(parts[1] || "").toUpperCase() : null;
const personKey = `rook-tournament-${code}`;
const directorKey = `rook-director-${code}`;
const EVERY = 2000; // ms between two readings of the event

let event = null;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function option(value, text) {
  const o = el("option", null, text);
  o.value = value;
  return o;
}

function tell(text, kind = "info") {
  const box = $("messages");
  const line = el("p", kind, text);
  box.append(line);
  while (box.childElementCount > 3) box.firstElementChild.remove();
  setTimeout(() => line.remove(), kind === "error" ? 15000 : 8000);
}

// A refusal or an error from the API ({code, params}), in the page's words.
function refused(body) {
  return errorWords(body, (s) => String(s + 1));
}

async function call(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  }
  const r = await fetch(`/api/tournaments${path}`, init);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(refused(data));
  return data;
}

function tokens() {
  const headers = {};
  const mine = localStorage.getItem(personKey);
  const director = localStorage.getItem(directorKey);
  if (mine) headers["X-Rook-Token"] = mine;
  if (director) headers["X-Rook-Director"] = director;
  return headers;
}

// ---------------------------------------------------------------- /tournaments
async function listPage() {
  $("list").hidden = false;
  document.title = say("t_list_h");
  // the presets by their names in the reader's language, as the front page lists them (lobby.js)
  const options = await (await fetch(`/api/options?lang=${encodeURIComponent(lang())}`)).json();
  for (const p of options.presets) {
    $("t-preset").append(option(p.name, say("lb_preset", { name: p.title, players: p.players,
      mode: say(`tb_mode_${p.mode.replace("-", "_")}`) })));
  }
  $("t-preset").value = "kentucky-discard";
  $("t-scoring").append(option("matchpoints", say("t_scoring_matchpoints")), option("imps", say("t_scoring_imps")));
  for (const m of ["auto", "swiss", "round-robin"]) $("t-movement").append(option(m, say(`t_movement_${m.replace("-", "_")}`)));
  for (const lv of options.levels) $("t-fill").append(option(lv, levelName(lv)));
  $("t-fill").append(option("", say("t_sit_out")));
  $("t-fill").value = options.fill;
  $("create-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    $("create-error").textContent = "";
    try {
      const made = await call("POST", "", {
        name: $("t-name").value, preset: $("t-preset").value, rounds: Number($("t-rounds").value),
        boards: Number($("t-boards").value), scoring: $("t-scoring").value, movement: $("t-movement").value,
        fill: $("t-fill").value || null,
      });
      localStorage.setItem(`rook-director-${made.code}`, made.director);
      location.href = made.url;
    } catch (err) {
      $("create-error").textContent = err.message;
    }
  });
  $("new").hidden = false; // only now: a form sent before its handler was there would reload the page
  const list = await (await fetch("/api/tournaments")).json();
  for (const t of list) {
    const li = el("li");
    const a = el("a", null, t.name || t.code);
    a.href = `/tournament/${encodeURIComponent(t.code)}`;
    li.append(a, ` · ${t.code}`);
    $("events").append(li);
  }
}

// ---------------------------------------------------------------- /tournament/CODE
function unitName(number) {
  const u = event.units[number - 1];
  if (!u) return String(number);
  return u.filler ? say("t_filler", { name: u.name }) : u.name;
}

// A unit's players: a person by their name, a bot by its level's name in the reader's language.
const membersOf = (members) => members.map(levelName).join(" & ");

// A figure with two decimals as the reader's language writes it ("62,50" in Swedish).
const decimal2 = (x) => Number(x).toLocaleString(lang() === "qps" ? "en" : lang(),
  { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function row(cells, head = false) {
  const tr = el("tr");
  for (const c of cells) tr.append(el(head ? "th" : "td", typeof c === "number" ? "num" : null, String(c)));
  return tr;
}

function statusLine() {
  if (event.finished) return say("t_finished");
  if (event.paused) return say("t_paused");
  if (!event.round) return say("t_not_started");
  const r = event.rounds[event.round - 1];
  if (r.over) return say("t_round_over", { round: event.round });
  const left = r.tables.filter((t) => t.played < r.boards.length).length;
  return say("t_round_playing", { round: event.round, left });
}

function renderMe() {
  const box = $("me");
  box.replaceChildren();
  const me = event.me;
  if (!me) return;
  box.append(el("p", null, say("t_registered", { name: me.name, unit: me.unit })));
  const partner = sessionStorage.getItem(`${personKey}-partner`);
  if (partner && !event.round) {
    const p = el("p", "note", say("t_partner_link"));
    const input = el("input");
    input.readOnly = true;
    input.value = partner;
    input.setAttribute("aria-label", say("t_partner_link"));
    p.append(" ", input);
    box.append(p);
  }
  if (event.finished || !event.round) return;
  if (me.table) {
    const table = Number(me.table.split("-")[2]);
    box.append(el("p", null, say("t_your_table", { round: event.round, table })));
    const a = el("a", "primary button-link", say("t_play", { table }));
    a.id = "play-link";
    a.href = `/t/${encodeURIComponent(me.table)}`;
    // the table page finds this person's token where it keeps a seat's token
    a.addEventListener("click", () => localStorage.setItem(`rook-token-${me.table}`, localStorage.getItem(personKey)));
    box.append(a);
  } else if (me.sitting_out) {
    box.append(el("p", null, say("t_sitting_out", { round: event.round })));
  }
  if (event.round_over && event.round < event.rounds_planned) box.append(el("p", "note", say("t_wait_round")));
}

function renderRegister() {
  const open = !event.round && !event.me;
  $("register").hidden = !open;
  if (!open) return;
  $("register-note").textContent = say(event.unit_size > 1 ? "t_register_pair" : "t_register_one");
  const box = $("members");
  if (box.childElementCount !== event.unit_size) {
    box.replaceChildren();
    for (let i = 0; i < event.unit_size; i++) {
      const field = el("div", "field");
      const label = el("label", null, say("t_member", { number: i + 1 }));
      label.htmlFor = `member-${i}`;
      const input = el("input");
      input.id = `member-${i}`;
      input.maxLength = 20;
      input.required = true;
      if (i === 0) input.value = localStorage.getItem("rook-name") || "";
      field.append(label, input);
      box.append(field);
    }
  }
}

function renderStandings() {
  $("standings-panel").hidden = !event.units.length;
  const t = $("standings");
  t.replaceChildren(row(["t_col_place", "t_col_unit", "t_col_members", "t_col_boards", "t_col_percent", "t_col_imps",
    "t_col_sat_out"].map((c) => say(c)), true));
  event.standings.forEach((s, i) => {
    const tr = row([i + 1, unitName(s.unit), membersOf(s.members), s.boards, decimal2(s.percent), s.imps, s.sat_out]);
    if (event.me && event.me.unit === s.unit) tr.className = "mine";
    t.append(tr);
  });
  const ex = $("exports");
  ex.replaceChildren();
  const links = [["standings.csv", "t_export_standings"]];
  if (event.finished) links.push(["event.json", "t_export"], ["boards.csv", "t_export_boards"]);
  links.forEach(([file, words], i) => {
    const a = el("a", null, say(words));
    a.href = `/api/tournaments/${encodeURIComponent(code)}/${file}`;
    if (i) ex.append(" · ");
    ex.append(a);
  });
}

function renderTables() {
  const r = event.round ? event.rounds[event.round - 1] : null;
  $("tables-panel").hidden = !r;
  if (!r) return;
  const ul = $("tables");
  ul.replaceChildren();
  for (const t of r.tables) {
    ul.append(el("li", null, say("t_table_line", { table: t.table, units: t.units.map(unitName).join(" · "),
      done: t.played, boards: r.boards.length })));
  }
  if (r.sitting_out.length) {
    ul.append(el("li", "note", say("t_sat_out_line", { units: r.sitting_out.map(unitName).join(" · ") })));
  }
}

function renderResults() {
  const shown = event.rounds.flatMap((r) => r.results.map((res) => ({ round: r.round, ...res })));
  $("results-panel").hidden = !shown.length;
  const t = $("results");
  t.replaceChildren(row(["t_col_round", "t_col_table", "t_col_board", "t_col_scores"].map((c) => say(c)), true));
  for (const res of shown) {
    const tr = row([res.round, res.table, res.board, res.scores.join(" : ")]);
    if (res.corrected) tr.append(el("td", "note", say("t_corrected", { reason: res.corrected })));
    t.append(tr);
  }
}

function renderUnits() {
  $("units-panel").hidden = !event.units.length;
  const ol = $("units");
  ol.replaceChildren();
  for (const u of event.units) ol.append(el("li", null, say("t_unit_line", { name: unitName(u.number), members: membersOf(u.members) })));
}

function renderDirector() {
  $("director").hidden = !event.director;
  if (!event.director) return;
  const next = event.round + 1;
  const start = $("start-round");
  start.textContent = say("t_start_round", { round: next });
  start.hidden = event.finished || next > event.rounds_planned || (event.round > 0 && !event.round_over);
  $("pause").hidden = event.paused || event.finished;
  $("resume").hidden = !event.paused;
  const units = $("replace-unit");
  if (units.childElementCount !== event.units.length) {
    units.replaceChildren(...event.units.map((u) => option(u.number, `${u.number}. ${unitName(u.number)}`)));
  }
  const u = event.units[Number(units.value || 1) - 1];
  const members = $("replace-member");
  const names = u ? u.members.map((m, i) => `${i}:${m}`).join() : "";
  if (members.dataset.names !== names) {
    members.dataset.names = names;
    members.replaceChildren(...(u ? u.members.map((m, i) => option(i, levelName(m))) : []));
  }
}

function render() {
  $("event").hidden = false;
  $("event-name").textContent = event.name;
  document.title = `${event.name} · Rook`;
  // the rules by their name in the reader's language, as the leaderboards name a ladder: a preset's name, a
  // house-rules file's "House rules (fingerprint)"; never a preset's key
  $("event-line").textContent = say("t_event", { name: event.name, rules: ladderName(event.ladder),
    rounds: event.rounds_planned, boards: say("t_boards_n", { count: event.boards_per_round }),
    scoring: say(`t_scoring_${event.scoring}`) });
  $("status").textContent = statusLine();
  renderMe();
  renderRegister();
  renderStandings();
  renderTables();
  renderResults();
  renderUnits();
  renderDirector();
}

async function refresh() {
  try {
    const r = await fetch(`/api/tournaments/${encodeURIComponent(code)}`, { headers: tokens() });
    const data = await r.json();
    if (!r.ok) { tell(refused(data), "error"); return; }
    event = data;
    render();
  } catch (err) {
    // the server is away for a moment: the next reading tries again
  }
}

async function director(path, body) {
  $("director-error").textContent = "";
  try {
    const out = await call("POST", `/${encodeURIComponent(code)}${path}`, body, { "X-Rook-Director": localStorage.getItem(directorKey) });
    await refresh();
    return out;
  } catch (err) {
    $("director-error").textContent = err.message;
    return null;
  }
}

function eventPage() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) { // a partner's link: it seats them
    localStorage.setItem(personKey, hash.get("token"));
    history.replaceState(null, "", location.pathname);
  }
  $("register-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    $("register-error").textContent = "";
    const members = [...$("members").querySelectorAll("input")].map((i) => i.value.trim());
    try {
      const got = await call("POST", `/${encodeURIComponent(code)}/units`, { name: $("unit-name").value, members });
      const mine = got.tokens.findIndex((t) => t);
      if (mine >= 0) {
        localStorage.setItem(personKey, got.tokens[mine]);
        localStorage.setItem("rook-name", members[mine]);
      }
      const partner = got.tokens.findIndex((t, i) => t && i !== mine);
      if (partner >= 0) sessionStorage.setItem(`${personKey}-partner`, `${location.origin}/tournament/${code}#token=${got.tokens[partner]}`);
      await refresh();
    } catch (err) {
      $("register-error").textContent = err.message;
    }
  });
  $("start-round").addEventListener("click", () => director("/rounds"));
  $("pause").addEventListener("click", () => director("/pause"));
  $("resume").addEventListener("click", () => director("/resume"));
  $("replace-unit").addEventListener("change", renderDirector);
  $("replace-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const by = $("replace-by").value.trim();
    const out = await director("/replace", { unit: Number($("replace-unit").value), member: Number($("replace-member").value), by });
    if (out && out.token) {
      $("replaced").textContent = `${say("t_replaced_link", { name: by })} ${location.origin}/tournament/${code}#token=${out.token}`;
    }
  });
  $("correct-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const scores = $("correct-scores").value.split(/[\s,:]+/).filter(Boolean).map(Number);
    director("/corrections", { round: Number($("correct-round").value), table: Number($("correct-table").value),
      board: Number($("correct-board").value), scores, reason: $("correct-reason").value });
  });
  refresh();
  setInterval(() => { if (!document.hidden) refresh(); }, EVERY);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
}

wordsReady().then(() => {
  for (const node of document.querySelectorAll("[data-say]")) node.textContent = say(node.dataset.say);
  if (code) eventPage();
  else listPage();
});
