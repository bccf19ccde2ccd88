// /history: finished games, players' statistics and a chart of points per hand.
// Everything from the server (names above all) is hostile input: it goes into the page only as text
// (textContent, createTextNode, setAttribute), never as markup.
import { el } from "/static/dom.js";
import { getJSON, lang, playerLabel, say, sidesOf, wordsReady } from "/static/words.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

// Times from the store are UTC; one without an offset (SQLite keeps none) is read as UTC too.
function parseTime(iso) {
  if (typeof iso !== "string") return null;
  const t = /[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : iso + "Z";
  const d = new Date(t);
  return isNaN(d.getTime()) ? null : d;
}

function when(iso) {
  const d = parseTime(iso);
  const text = d ? d.toLocaleString(lang() === "qps" ? "en" : lang(), { dateStyle: "medium", timeStyle: "short" })
    : String(iso || "");
  return el("time", { datetime: d ? d.toISOString() : null }, text);
}

function playerName(game, seat) {
  return playerLabel(game.players, Array.isArray(game.people) ? game.people : null, seat);
}

function gameItem(g) {
  const players = Array.isArray(g.players) ? g.players : [];
  const totals = Array.isArray(g.totals) ? g.totals : [];
  const sides = sidesOf(players.length, totals.length, g.sides);
  const code = String(g.code);
  const title = g.name ? String(g.name) : say("hs_table", { code });

  const scores = el("ul", { class: "hx-sides" });
  sides.forEach((seats, side) => {
    const won = side === g.winner;
    scores.append(el("li", { class: won ? "hx-side hx-won" : "hx-side" },
      el("span", { class: "hx-side-names" }, seats.map((s) => playerName(g, s)).join(" & ")),
      " ",
      el("strong", { class: "hx-total" }, totals[side]),
      won ? el("span", { class: "hx-badge" }, say("hs_won")) : null));
  });

  const enc = encodeURIComponent(code);
  return el("li", { class: "hx-game", "data-code": code },
    el("h3", { class: "hx-game-name" }, title),
    el("p", { class: "hx-meta" },
      when(g.finished), " · ", say("hs_meta", { rules: String(g.rules), count: g.hands, code })),
    scores,
    el("p", { class: "hx-links" },
      el("a", { class: "hx-button", href: `/replay/${enc}` }, say("hs_replay")),
      " ",
      el("a", { class: "hx-button hx-secondary", href: `/api/games/${enc}/record`,
                download: `rook-${code}.jsonl` }, say("hs_download"))));
}

function statsRow(p) {
  const cells = [p.games, p.won, p.hands, p.bids, p.made, p.set, p.points_per_hand];
  return el("tr", {},
    el("th", { scope: "row" }, String(p.name)),
    ...cells.map((v) => el("td", {}, v)));
}

// Horizontal bars of points per hand, one per player, from zero (negative to the left).
function chart(stats) {
  const rowH = 26, top = 8, labelW = 110, width = 340, barMax = width - labelW - 46;
  const values = stats.map((p) => Number(p.points_per_hand) || 0);
  const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
  const span = hi - lo || 1;
  const x = (v) => labelW + ((v - lo) / span) * barMax;
  const height = top * 2 + rowH * stats.length;

  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img",
                            "aria-labelledby": "hx-chart-title hx-chart-desc", class: "hx-svg" });
  root.append(svg("title", { id: "hx-chart-title" }, say("hs_chart_title")));
  root.append(svg("desc", { id: "hx-chart-desc" },
    stats.map((p, i) => `${p.name}: ${values[i]}`).join("; ")));
  stats.forEach((p, i) => {
    const y = top + i * rowH;
    const v = values[i];
    const name = String(p.name);
    const short = name.length > 14 ? name.slice(0, 13) + "…" : name;
    const label = svg("text", { x: labelW - 6, y: y + rowH / 2 + 4, "text-anchor": "end", class: "hx-svg-label" },
      short);
    label.append(svg("title", {}, name));
    root.append(label);
    const x0 = x(Math.min(0, v)), x1 = x(Math.max(0, v));
    const bar = svg("rect", { x: x0, y: y + 4, width: Math.max(1, x1 - x0), height: rowH - 8,
                              class: v < 0 ? "hx-bar hx-bar-neg" : "hx-bar", "data-name": name });
    bar.append(svg("title", {}, say("hs_bar", { name, points: v })));
    root.append(bar);
    root.append(svg("text", { x: x1 + 4, y: y + rowH / 2 + 4, class: "hx-svg-value" }, v));
  });
  root.append(svg("line", { x1: x(0), x2: x(0), y1: top / 2, y2: height - top / 2, class: "hx-axis" }));
  return root;
}

function showStats(stats) {
  const table = document.getElementById("hx-stats");
  const body = document.getElementById("hx-stats-body");
  body.replaceChildren();
  if (!stats.length) {
    document.getElementById("hx-stats-empty").hidden = false;
    return;
  }
  stats.forEach((p) => body.append(statsRow(p)));
  table.hidden = false;
  document.getElementById("hx-chart-svg").replaceChildren(chart(stats));
  document.getElementById("hx-chart-text").textContent =
    say("hs_chart_text", { players: stats.map((p) => say("hs_chart_one", { name: p.name, points: p.points_per_hand,
      count: p.hands })).join(", ") });
  document.getElementById("hx-chart").hidden = false;
}

function showGames(games) {
  const list = document.getElementById("hx-games");
  list.replaceChildren();
  if (!games.length) {
    document.getElementById("hx-games-empty").hidden = false;
    return;
  }
  games.forEach((g) => list.append(gameItem(g)));
}

async function main() {
  const status = document.getElementById("hx-status");
  try {
    const [games, stats] = await Promise.all([getJSON("/api/games"), getJSON("/api/stats")]);
    showGames(Array.isArray(games) ? games : []);
    showStats(Array.isArray(stats) ? stats : []);
    status.textContent = "";
    status.hidden = true;
    document.body.dataset.ready = "1";
  } catch (e) {
    status.textContent = say("hs_failed", { error: e.message });
    status.classList.add("hx-error");
    document.body.dataset.ready = "error";
  }
}

wordsReady().then(main); // the catalog's words first (a module runs once the page is parsed)
