// The signed-in session of the account, profile and club pages: who is signed in (GET /api/account) and the CSRF
// token every change carries (X-CSRF-Token).  Their words come from words.js, as every page's do.
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
