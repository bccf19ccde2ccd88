// /leaderboard: a ladder's rated players (people and bots), best first, each rating with its uncertainty; a club's
// page shows its own (club.js).  Names are hostile input: text only.
import { el } from "/static/dom.js";
import { alsoWords, decimal, ladderName, say, translatePage, wordsReady } from "/static/words.js";

alsoWords("/api/account/words"); // the account pages' sentences beside every page's

// The rows of a leaderboard (GET /api/ratings/LADDER or a club's), as table rows.
export function boardRows(rows) {
  return rows.map((r, i) => el("tr", {},
    el("td", {}, String(i + 1)),
    el("td", {}, r.kind === "bot" ? say("rate_bot", { name: r.name })
      : el("a", { href: `/players/${encodeURIComponent(r.profile)}` }, r.name)),
    el("td", {}, say("rate_value", { shown: decimal(r.shown), mu: decimal(r.mu), sigma: decimal(r.sigma) })),
    el("td", {}, String(r.games))));
}

async function show(ladder) {
  const rows = ladder ? await (await fetch(`/api/ratings/${encodeURIComponent(ladder)}`)).json() : [];
  document.getElementById("lb-none").hidden = rows.length > 0;
  document.getElementById("lb-table").hidden = rows.length === 0;
  document.getElementById("lb-rows").replaceChildren(...boardRows(rows));
}

async function main() {
  await wordsReady();
  translatePage();
  const ladders = await (await fetch("/api/ratings")).json();
  const select = document.getElementById("lb-ladder");
  select.replaceChildren(...ladders.map((l) => el("option", { value: l.ladder }, ladderName(l.ladder))));
  select.addEventListener("change", () => show(select.value));
  const first = ladders.find((l) => l.ladder === "kentucky-discard") || ladders[0];
  if (first) select.value = first.ladder;
  await show(first ? first.ladder : "");
}

if (document.getElementById("lb-ladder")) main();
