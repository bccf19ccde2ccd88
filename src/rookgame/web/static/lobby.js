// The front page: create a table (POST /api/tables) or join one by its code.
import { errorWords, lang, levelName, say, wordsReady } from "/static/words.js";

const $ = (id) => document.getElementById(id);
let options = { presets: [], levels: [], fill: "" }; // GET /api/options
let rulesText = null; // an uploaded house-rules file's text
let filePlayers = null;

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

function players() {
  if (useFile() && filePlayers) return filePlayers;
  const p = options.presets.find((x) => x.name === $("preset").value);
  return p ? p.players : 4;
}

function useFile() {
  return document.querySelector('input[name="rules-kind"]:checked').value === "file";
}

function drawSeats() {
  const list = $("seat-plan");
  const old = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren();
  const n = players();
  for (let s = 0; s < n; s++) {
    const li = document.createElement("li");
    const id = `plan-${s}`;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = say("tb_seat_no", { place: s });
    const sel = document.createElement("select");
    sel.id = id;
    sel.append(option("me", say("lb_you")), option("open", say("lb_open_person")));
    for (const lv of options.levels) sel.append(option(lv, say("tb_bot_level", { level: lv })));
    sel.value = old[s] ?? (s === 0 ? "me" : "open");
    sel.addEventListener("change", () => {
      if (sel.value === "me") for (const other of list.querySelectorAll("select")) if (other !== sel && other.value === "me") other.value = "open";
    });
    li.append(label, sel);
    list.append(li);
  }
  const p = options.presets.find((x) => x.name === $("preset").value);
  $("goal").placeholder = p && !useFile() ? `${p.goal}` : "";
  $("preset-about").textContent = p && !useFile() ? p.about : "";
}

async function load() {
  if (!$("your-name").value) $("your-name").value = localStorage.getItem("rook-name") || ""; // not over a name typed meanwhile
  try {
    options = await (await fetch(`/api/options?lang=${encodeURIComponent(lang())}`)).json();
  } catch (e) {
    $("create-error").textContent = say("lb_no_answer_reload");
    return;
  }
  for (const p of options.presets) {
    $("preset").append(option(p.name, say("lb_preset", { name: p.title, players: p.players, mode: say(`tb_mode_${p.mode.replace("-", "_")}`) })));
  }
  for (const lv of options.levels) $("fill").append(option(lv, levelName(lv)));
  $("fill").value = options.fill;
  drawSeats();
  $("create-button").disabled = false; // only now: a table made before the rules had come would have none
}

function playersInToml(text) {
  const m = /^\s*players\s*=\s*(\d+)/m.exec(text);
  if (m) return Number(m[1]);
  const pre = /^\s*preset\s*=\s*"([^"]+)"/m.exec(text);
  const p = pre && options.presets.find((x) => x.name === pre[1]);
  return p ? p.players : null;
}

$("preset").addEventListener("change", () => {
  document.querySelector('input[name="rules-kind"][value="preset"]').checked = true;
  drawSeats();
});
for (const r of document.querySelectorAll('input[name="rules-kind"]')) r.addEventListener("change", drawSeats);
$("rules-file").addEventListener("change", () => {
  const f = $("rules-file").files[0];
  rulesText = null;
  filePlayers = null;
  $("rules-note").textContent = "";
  if (!f) return;
  const reader = new FileReader();
  reader.onload = () => {
    rulesText = String(reader.result);
    filePlayers = playersInToml(rulesText);
    document.querySelector('input[name="rules-kind"][value="file"]').checked = true;
    $("rules-note").textContent = filePlayers ? say("lb_file_players", { file: f.name, size: rulesText.length, players: filePlayers })
      : say("lb_file", { file: f.name, size: rulesText.length });
    drawSeats();
  };
  reader.onerror = () => { $("rules-note").textContent = say("lb_file_unread"); };
  reader.readAsText(f);
});

$("join-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("join-code").value.trim().toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (code) location.href = `/t/${encodeURIComponent(code)}`;
});

$("create-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const err = $("create-error");
  err.textContent = "";
  const seats = [...$("seat-plan").querySelectorAll("select")].map((s) => s.value);
  const name = $("your-name").value.trim();
  const body = { name: $("table-name").value.trim(), seats, fill: $("fill").value };
  if (name) { body.your_name = name; localStorage.setItem("rook-name", name); }
  if (useFile()) {
    if (rulesText === null) { err.textContent = say("lb_choose_file"); return; }
    body.rules_file = rulesText;
    body.preset = null;
  } else {
    body.preset = $("preset").value;
  }
  const goal = $("goal").value.trim();
  if (goal) body.goal = Number(goal);
  let answer;
  try {
    const r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    answer = await r.json();
    if (!r.ok) {
      err.textContent = errorWords(answer, (s) => say("tb_seat_no", { place: s })) || say("lb_refused", { status: r.status });
      return;
    }
  } catch (x) {
    err.textContent = say("lb_no_answer");
    return;
  }
  localStorage.setItem(`rook-token-${answer.code}`, answer.token);
  location.href = `/t/${encodeURIComponent(answer.code)}`;
});

wordsReady().then(load); // the catalog's words first
