// Table talk (rookgame.web.chat): a panel for the table page, on the page's own WebSocket.  The players' talk and
// the spectators' are shown apart; typed text goes into the page as text only (dom.js), never as markup; a quick
// phrase comes as its code and is said here in the reader's language (words.js, with GET /api/account/words).
//
//   const talk = mountTalk(document.getElementById("talk"), (msg) => socket.send(JSON.stringify(msg)));
//   on each message:  if (msg.type === "talk") talk.heard(msg);  if (msg.type === "lobby") talk.lobby(msg, seat, host);
import { el } from "/static/dom.js";
import { alsoWords, phrases as phraseWords, say, translatePage, wordsReady } from "/static/words.js";

alsoWords("/api/account/words"); // the talk's words are the account pages': its sentences and quick phrases


function line(msg) {
  const name = msg.name || say("talk_spectator");
  const text = msg.phrase ? (phraseWords()[msg.phrase] || msg.phrase) : String(msg.text || "");
  return el("li", { class: `talk-${msg.channel}`, "data-n": String(msg.n) }, say("talk_line", { name, text }));
}

export function mountTalk(root, send) {
  const table = el("ol", { class: "talk-list", "aria-live": "polite" });
  const rail = el("ol", { class: "talk-list talk-rail", "aria-live": "polite" });
  const railBox = el("section", { hidden: true }, el("h3", { "data-w": "talk_spectators_h" }),
    el("p", { "data-w": "talk_note_spectators" }), rail);
  const input = el("input", { maxlength: "200", "data-w-placeholder": "talk_placeholder", "aria-label": "" });
  const form = el("form", { class: "talk-form" }, input, el("button", { type: "submit", "data-w": "talk_send" }));
  const quick = el("div", { class: "talk-phrases", role: "group" });
  const mutes = el("div", { class: "talk-mutes" });
  root.replaceChildren(el("h3", { "data-w": "talk_h" }), table, railBox, form,
    el("details", {}, el("summary", { "data-w": "talk_phrases" }), quick), mutes);
  const seen = new Set();
  const muted = {}; // what this host muted from this page: per seat, and "rail" for the spectators

  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (text) send({ type: "say", text });
    input.value = "";
  });
  wordsReady().then(() => {
    translatePage(root);
    input.setAttribute("aria-label", say("talk_placeholder"));
    quick.replaceChildren(...Object.entries(phraseWords()).map(([code, words]) =>
      el("button", { type: "button", "data-phrase": code }, words)));
    for (const b of quick.querySelectorAll("button")) {
      b.addEventListener("click", () => send({ type: "say", phrase: b.dataset.phrase }));
    }
  });

  return {
    // A "talk" message from the server: shown once (a rejoin hears the last ones again).
    heard(msg) {
      const key = `${msg.n}`;
      if (seen.has(key)) return;
      seen.add(key);
      const list = msg.channel === "spectators" ? rail : table;
      if (msg.channel === "spectators") railBox.hidden = false;
      list.append(line(msg));
      list.lastElementChild.scrollIntoView({ block: "nearest" });
    },
    // A "lobby" message: where this page sits (null: watching), and the host's mute buttons per seat.
    lobby(lobbyMsg, mySeat, host) {
      if (mySeat === null || mySeat === undefined) railBox.hidden = false;
      if (!host) { mutes.replaceChildren(); return; }
      const buttons = lobbyMsg.seats.filter((s) => s.kind === "person" && s.seat !== mySeat).map((s) => {
        const on = !muted[s.seat];
        const b = el("button", { type: "button" }, say(on ? "talk_mute" : "talk_unmute", { name: s.name }));
        b.addEventListener("click", () => { muted[s.seat] = on; send({ type: "mute", seat: s.seat, on }); b.disabled = true; });
        return b;
      });
      const railKey = muted.rail ? "talk_unmute_spectators" : "talk_mute_spectators";
      const spectators = el("button", { type: "button" }, say(railKey));
      spectators.addEventListener("click", () => {
        muted.rail = !muted.rail;
        send({ type: "mute", seat: null, on: muted.rail });
      });
      mutes.replaceChildren(...buttons, spectators);
    },
  };
}
