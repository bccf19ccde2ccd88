// /account (sign in, make a profile, sign out; the host adds people; a set-up link's password) and /players/ID (a
// profile: its ratings with their uncertainty, its games).  Whatever the server sends (names above all) goes into
// the page as text only (dom.js), never as markup.
import { el } from "/static/dom.js";
import { account, send } from "/static/session.js";
import { alsoWords, decimal, errorWords, ladderName, say, translatePage, wordsReady } from "/static/words.js";

alsoWords("/api/account/words"); // the account pages' sentences beside every page's
const refusal = (body) => errorWords(body);

const $ = (id) => document.getElementById(id);
const status = (text) => { $("ac-status").textContent = text; };

function values(form) {
  const out = {};
  for (const [k, v] of new FormData(form).entries()) out[k] = String(v);
  return out;
}

function rating(r) {
  return say("rate_value", { shown: decimal(r.shown), mu: decimal(r.mu), sigma: decimal(r.sigma) });
}

async function showProfile(id) {
  const r = await fetch(`/api/players/${encodeURIComponent(id)}`);
  const data = await r.json();
  if (!r.ok) { status(refusal(data)); return; }
  $("ac-profile").hidden = false;
  $("ac-name").textContent = data.name;
  const s = data.stats; // each count in its own plural form ("1 game", "3 won"), as the reader's language says it
  $("ac-stats").textContent = [say("prof_n_games", { count: s.games }), say("prof_n_won", { count: s.won }),
    say("prof_n_counted", { count: s.counted })].join(", ");
  const rows = $("ac-ratings");
  rows.replaceChildren(...data.ratings.map((x) => el("tr", {}, el("td", {}, ladderName(x.ladder)), el("td", {}, rating(x)),
    el("td", {}, String(x.games)))));
  $("ac-no-games").hidden = data.games.length > 0;
  $("ac-games").replaceChildren(...data.games.map((g) => el("li", {},
    el("a", { href: `/replay/${encodeURIComponent(g.game)}` }, g.game), " · ", ladderName(g.ladder), " · ",
    say(g.won ? "prof_won" : "prof_lost"), g.counted ? "" : ` · ${say("prof_not_counted")}`)));
}

function wire(form, path, done) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = values(form);
    if (body.password === "" && form.id === "ac-add") delete body.password;
    const r = await send(path, body);
    if (!r.ok) { status(refusal(r.body)); return; }
    form.reset();
    done(r.body);
  });
}

// ---------------------------------------------------------------- passkeys (rookgame.web.passkeys)
// WebAuthn's binary fields travel as base64url in JSON; a browser offers passkeys to a secure context only.
const fromB64 = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const toB64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, "-").replace(/\//g, "_")
  .replace(/=+$/, "");
const passkeys = window.isSecureContext && window.PublicKeyCredential;

function credentialJson(cred) {
  const r = cred.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) response.attestationObject = toB64(r.attestationObject);
  if (r.authenticatorData) response.authenticatorData = toB64(r.authenticatorData);
  if (r.signature) response.signature = toB64(r.signature);
  if (r.userHandle) response.userHandle = toB64(r.userHandle);
  return { id: cred.id, rawId: toB64(cred.rawId), type: cred.type, response };
}

async function addPasskey() {
  const started = await send("/api/account/passkey/add/options");
  if (!started.ok) { status(refusal(started.body)); return; }
  const o = started.body.options;
  o.challenge = fromB64(o.challenge);
  o.user.id = fromB64(o.user.id);
  o.excludeCredentials = (o.excludeCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) }));
  try {
    const cred = await navigator.credentials.create({ publicKey: o });
    const r = await send("/api/account/passkey/add", { ceremony: started.body.ceremony, credential: credentialJson(cred) });
    status(r.ok ? say("acct_passkey_added") : refusal(r.body));
  } catch (e) { status(refusal({ code: "passkey_bad" })); }
}

async function signInWithPasskey() {
  const started = await send("/api/account/passkey/signin/options");
  if (!started.ok) { status(refusal(started.body)); return; }
  const o = started.body.options;
  o.challenge = fromB64(o.challenge);
  o.allowCredentials = (o.allowCredentials || []).map((c) => ({ ...c, id: fromB64(c.id) }));
  try {
    const cred = await navigator.credentials.get({ publicKey: o });
    const r = await send("/api/account/passkey/signin", { ceremony: started.body.ceremony, credential: credentialJson(cred) });
    if (r.ok) location.reload(); else status(refusal(r.body));
  } catch (e) { status(refusal({ code: "passkey_bad" })); }
}

async function main() {
  await wordsReady();
  translatePage();
  const path = location.pathname.match(/^\/players\/(\d+)$/);
  const me = await account();
  if (path) {
    await showProfile(path[1]);
    return;
  }
  const setup = new URLSearchParams(location.search).get("setup");
  if (setup && !me) {
    $("ac-setup").hidden = false;
    $("ac-setup").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const r = await send("/api/account/setup", { token: setup, password: values($("ac-setup")).password });
      if (!r.ok) { status(refusal(r.body)); return; }
      location.replace("/account");
    });
    return;
  }
  if (!me) {
    $("ac-guest").hidden = false;
    wire($("ac-signin"), "/api/account/signin", () => location.reload());
    if (passkeys) {
      $("ac-passkey-signin").hidden = false;
      $("ac-passkey-signin").addEventListener("click", signInWithPasskey);
    }
    wire($("ac-signup"), "/api/account/signup", () => location.reload());
    return;
  }
  $("ac-me").hidden = false;
  $("ac-who").textContent = say("acct_signed_in", { name: me.name });
  $("ac-host").hidden = !me.host;
  $("ac-add").hidden = !me.host;
  if (passkeys) {
    $("ac-passkey-add").hidden = false;
    $("ac-passkey-add").addEventListener("click", addPasskey);
  }
  $("ac-signout").addEventListener("click", async () => {
    const r = await send("/api/account/signout");
    if (r.ok) location.reload(); else status(refusal(r.body));
  });
  wire($("ac-add"), "/api/account/people", (body) => {
    const added = $("ac-added");
    if (body.link) {
      const url = new URL(body.link, location.href).href;
      added.replaceChildren(say("acct_added_link", { name: body.player.name }), " ", el("code", {}, url));
    } else {
      added.textContent = say("acct_added", { name: body.player.name });
    }
  });
  $("ac-clubs").hidden = false;
  const clubs = await (await fetch("/api/account/clubs")).json();
  $("ac-club-list").replaceChildren(...clubs.map((c) => el("li", {},
    el("a", { href: `/club/${encodeURIComponent(c.code)}` }, c.host ? say("club_host", { name: c.name }) : c.name))));
  wire($("ac-club-new"), "/api/clubs", (body) => { location.href = body.url; });
  await showProfile(me.id);
}

main();
