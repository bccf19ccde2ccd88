// A tournament's table (code EVENT-ROUND-TABLE) on the table page: the banner that says where the table is in the
// event (round, table, board n of m), told by the server's `tournament` message before each board's deal, and the
// way on: back to the event's page, or to the person's next table once the director has started the next round.
import { say, wordsReady } from "/static/words.js";

function banner() {
  let box = document.getElementById("tournament-banner");
  if (!box) {
    box = document.createElement("section");
    box.id = "tournament-banner";
    box.className = "banner tournament-banner";
    box.setAttribute("aria-live", "polite");
    document.querySelector("main").prepend(box);
  }
  return box;
}

// ``msg``: the server's `tournament` message; ``token``: this person's token at this table (it seats them at the next).
// Told once the page's words are here (the first message may come before them).
export function tournamentMessage(msg, token) {
  wordsReady().then(() => show(msg, token));
}

function show(msg, token) {
  const box = banner();
  const line = document.createElement("p");
  line.textContent = say("t_board_of", { event: msg.name, round: msg.round, table: msg.table, board: msg.board,
    index: msg.index, boards: msg.boards });
  const parts = [line];
  const add = (code, params) => { const p = document.createElement("p"); p.textContent = say(code, params); parts.push(p); };
  if (msg.paused) add("t_paused");
  if (msg.done) add("t_table_done", { round: msg.round });
  const back = document.createElement("a");
  back.href = `/tournament/${encodeURIComponent(msg.event)}`;
  back.textContent = say("t_back");
  parts.push(back);
  box.replaceChildren(...parts);
  box.dataset.board = String(msg.board);
  box.dataset.done = msg.done ? "1" : "";
  if (msg.next) { // the next round has started: on to this person's new table, their token with them
    add("t_next_table", { round: msg.round + 1, table: Number(msg.next.split("-")[2]) });
    box.replaceChildren(...parts);
    if (token) localStorage.setItem(`rook-token-${msg.next}`, token);
    setTimeout(() => { location.href = `/t/${encodeURIComponent(msg.next)}`; }, 1500);
  }
}
