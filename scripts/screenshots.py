"""Start the web UI on the seed corpus (indexed into a temporary directory) and capture
docs/chat.png and docs/papers.png with Debian's headless Chromium."""

from __future__ import annotations

import argparse
import logging
import socket
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from assistant.config import Settings
from assistant.ingest.pipeline import ingest
from assistant.ui.app import build_app

ROOT = Path(__file__).resolve().parent.parent
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
QUESTION = "Which papers use chain-of-thought reasoning?"
log = logging.getLogger("screenshots")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def capture_chat(page: Page, out: Path) -> None:
    page.locator("#question textarea").fill(QUESTION)
    page.keyboard.press("Enter")
    page.locator("#sources #a1-src-2").wait_for()
    page.locator("#sources .empty", has_text="Reading").wait_for(state="detached")
    page.wait_for_timeout(500)
    page.screenshot(path=str(out), full_page=True)


def capture_papers(page: Page, out: Path) -> None:
    page.get_by_role("tab", name="Papers").click()
    page.get_by_text("19 papers. Select a row").wait_for()
    page.get_by_text("SCUBA: Salesforce Computer Use Benchmark").filter(visible=True).first.click()
    page.get_by_text("300 task instances").wait_for()
    page.wait_for_timeout(300)
    page.screenshot(path=str(out), full_page=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(vectorstore=Path(tmp) / "vs", corpus="seed")
        ingest(settings, progress=False)
        app = build_app(settings)
        port = free_port()
        app.launch(server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(60_000)
                page.goto(f"http://127.0.0.1:{port}/")
                capture_chat(page, args.out / "chat.png")
                capture_papers(page, args.out / "papers.png")
                browser.close()
        finally:
            app.close()
    log.info("wrote %s and %s", args.out / "chat.png", args.out / "papers.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
