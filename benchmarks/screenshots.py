"""Screenshots of the web app for docs/screenshots: the lobby and the play screen, on a phone and a laptop.

    PYTHONPATH=src python benchmarks/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Starts ``rook serve``'s app on a free port with a throw-away SQLite database, creates a table with one
person and three bots, and photographs the table's lobby, the nest exchange, and the play screen once it is
the person's turn.
"""

from __future__ import annotations

import argparse
import json
import socket
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from rookgame.web.app import create_app

SIZES = {"phone": (375, 740), "laptop": (1280, 800)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: str, bot_delay: float = 0.0) -> tuple[str, uvicorn.Server]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(db, bot_delay=bot_delay), host="127.0.0.1", port=port,
                                           log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def create(base: str, **body: object) -> dict[str, str]:
    req = urllib.request.Request(f"{base}/api/tables", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return dict(json.load(r))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base, server = serve(f"sqlite:///{tmp}/shots.db", bot_delay=0.0)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium)
            for size, (w, h) in SIZES.items():
                t = create(base, name="Sunday at Grandma's", your_name="Ann", seats=["me", "open", "medium", "open"])
                ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
                ctx.add_init_script(f"localStorage.setItem('rook-token-{t['code']}', '{t['token']}');"
                                    "localStorage.setItem('rook-name', 'Ann');")
                page = ctx.new_page()
                page.goto(f"{base}/t/{t['code']}")
                page.wait_for_selector("#seats li")
                page.screenshot(path=str(out / f"lobby-{size}.png"), full_page=False)
                page.click("#start")
                # bid the most (this seat takes the nest), photograph the nest, bury, name trump, and photograph
                # the play screen when it is this seat's turn with cards on the table
                nest_shot = False
                deadline = time.time() + 30
                while time.time() < deadline:
                    page.wait_for_selector("#actions button.act, #hand .card.legal")
                    acts = page.locator("#actions button.act")
                    legal = page.locator("#hand .card.legal")
                    if acts.count():
                        target = acts.last if acts.first.inner_text() == "Pass" else acts.first
                    elif (legal.first.get_attribute("aria-label") or "").startswith("Bury"):
                        if not nest_shot:
                            page.mouse.move(0, 0)
                            page.evaluate("window.scrollTo(0, 0)")
                            page.wait_for_timeout(100)
                            page.screenshot(path=str(out / f"nest-{size}.png"))
                            nest_shot = True
                        target = legal.first
                    elif page.locator("#felt .card.in-trick:not(.taken)").count() >= 2:
                        break
                    else:
                        target = legal.first
                    handle = target.element_handle()
                    handle.click()
                    handle.wait_for_element_state("hidden")
                page.mouse.move(0, 0)
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / f"play-{size}.png"), full_page=False)
                if size == "phone":  # the whole page: the score, the auction, the pad below the table
                    page.screenshot(path=str(out / f"play-{size}-full.png"), full_page=True)
                ctx.close()
            browser.close()
        server.should_exit = True
    print("wrote", ", ".join(sorted(str(f) for f in out.glob("*.png"))))


if __name__ == "__main__":
    main()
