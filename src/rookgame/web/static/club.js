// /club/CODE: a club's tables, events, leaderboard and members; its host's invite link; joining by the link.
// Whatever the server sends (names above all) goes into the page as text only (dom.js), never as markup.
import { el } from "/static/dom.js";
import { account, send } from "/static/session.js";
import { alsoWords, errorWords, ladderName, locale, say, translatePage, wordsReady } from "/static/words.js";
import { boardRows } from "/static/leaderboard.js";

alsoWords("/api/account/words"); // the account pages' sentences beside every page's
const refusal = (body) => errorWords(body);

const $ = (id) => document.getElementById(id);
const code = decodeURIComponent(location.pathname.split("/").pop() || "");
const api = `/api/clubs/${encodeURIComponent(code)}`;
const status = (text) => { $("cl-status").textContent = text; };

function tableLine(t) {
  const key = t.over ? "club_game_over" : t.started ? "club_game_playing" : "club_game_waiting";
  const href = t.over ? `/replay/${encodeURIComponent(t.game)}` : `/t/${encodeURIComponent(t.table)}`;
  return el("li", {}, el("a", { href }, say(key, { game: `${t.name} (${t.game})` })));
}

// An event's date and time as the reader's language writes them (the browser's Intl), not the browser's own locale.
const when = (at) => new Date(at).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });

async function board(ladder) {
  const rows = ladder ? await (await fetch(`${api}/ratings/${encodeURIComponent(ladder)}`)).json() : [];
  $("cl-board").replaceChildren(...boardRows(Array.isArray(rows) ? rows : []));
}

async function show() {
  const r = await fetch(api);
  const club = await r.json();
  if (!r.ok) { status(refusal(club)); return; }
  $("cl-name").textContent = club.name;
  document.title = club.name;
  $("cl-no-tables").hidden = club.tables.length > 0;
  $("cl-tables").replaceChildren(...club.tables.map(tableLine));
  $("cl-no-events").hidden = club.events.length > 0;
  $("cl-events").replaceChildren(...club.events.map((e) => el("li", {},
    say("club_event_line", { at: when(e.at), title: e.title }), e.note ? ` · ${e.note}` : "")));
  $("cl-members").replaceChildren(...club.members.map((m) => el("li", {},
    el("a", { href: `/players/${encodeURIComponent(m.id)}` }, m.host ? say("club_host", { name: m.name }) : m.name))));
  $("cl-member").hidden = !club.member;
  $("cl-add-table").hidden = !club.member;
  $("cl-add-event").hidden = !club.host;
  $("cl-invite").hidden = !club.host;
  return club;
}

function wire(form, path, body) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const r = await send(path, body(new FormData(form)));
    if (!r.ok) { status(refusal(r.body)); return; }
    form.reset();
    show();
  });
}

async function main() {
  await wordsReady();
  translatePage();
  const me = await account();
  const club = await show();
  if (!club) return;
  const invite = new URLSearchParams(location.search).get("invite");
  if (invite && !club.member) {
    if (!me) $("cl-join-sign-in").hidden = false;
    else {
      $("cl-join").hidden = false;
      $("cl-join").addEventListener("click", async () => {
        const r = await send(`${api}/join`, { token: invite });
        if (!r.ok) status(refusal(r.body)); else { $("cl-join").hidden = true; show(); }
      });
    }
  }
  $("cl-invite").addEventListener("click", async () => {
    const r = await send(`${api}/invite`);
    if (!r.ok) { status(refusal(r.body)); return; }
    $("cl-invite-link").replaceChildren(say("club_invite_link", { days: r.body.days }), " ",
      el("code", {}, new URL(r.body.link, location.href).href));
  });
  wire($("cl-add-table"), `${api}/tables`, (f) => ({ table: String(f.get("table") || "") }));
  wire($("cl-add-event"), `${api}/events`, (f) => ({ title: String(f.get("title") || ""),
    at: new Date(String(f.get("at") || "")).toISOString(), note: String(f.get("note") || "") }));
  const ladders = await (await fetch(`${api}/ratings`)).json();  // the club's own pool: its tables' games
  const select = $("cl-ladder");
  select.replaceChildren(...ladders.map((l) => el("option", { value: l.ladder }, ladderName(l.ladder))));
  select.addEventListener("change", () => board(select.value));
  const first = ladders.find((l) => l.ladder === "kentucky-discard") || ladders[0];
  if (first) select.value = first.ladder;
  await board(first ? first.ladder : "");
}

main();
