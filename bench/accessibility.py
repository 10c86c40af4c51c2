"""Lighthouse's accessibility audit of every screen a player meets, desktop and mobile.

    python bench/accessibility.py                  # every screen, both presets
    python bench/accessibility.py --screen cover --preset mobile
    python bench/accessibility.py --reports DIR    # also keep each whole JSON report

Lighthouse can only audit a page it loads itself, or one as it is now (its "snapshot"
mode): a game in progress, the hand-over cover or a result are reached by playing, not
by an address. So Playwright drives Debian's Chromium (started with a debugging port)
to each screen, as the browser tests do (a game opened by link, a hand-over between two
humans, a finished record imported, its replay and review, the tutorial by address),
and ``bench/lighthouse_snapshot.mjs`` connects Lighthouse to that very page and audits
it in place. Each preset opens its own window: mobile at Lighthouse's phone (412x823,
touch, 1.75 device pixels), desktop at its 1350x940.

Printed per screen and preset: the accessibility score (0-100) and each failing audit
with its weight and the elements it names. Numbers only: nothing here passes or fails.
Lighthouse is installed into bench/node_modules by bench/lighthouse.py on first use.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Browser, Page, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import load_average  # noqa: E402
from bench.lighthouse import RUN_TIMEOUT_S, add_run_options, chrome_path, ready  # noqa: E402
from e2e.helpers import CHROMIUM_ARGS, boot  # noqa: E402
from e2e.screens import REVIEW_MS, answered, link_of, start_game, to_an_imported_result  # noqa: E402
from e2e.test_modes import mode  # noqa: E402
from e2e.test_rules import ALL_READY, ENGINE_TIMEOUT_MS  # noqa: E402
from tools.serve import serving  # noqa: E402

SNAPSHOT = ROOT / "bench" / "lighthouse_snapshot.mjs"
PRESETS: dict[str, dict[str, Any]] = {
    "mobile": {"viewport": {"width": 412, "height": 823}, "device_scale_factor": 1.75,
               "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1350, "height": 940}, "device_scale_factor": 1},
}
DIAGRAM = ("embed/embed.html#position=" + quote("players: 2\n. r . v\n. . . .")
           + "&move=Rc1Rc2&caption=" + quote("Found a province beside a village"))
"""docs/embedding.md's example diagram in the iframe form."""


def _start(page: Page) -> None:
    boot(page)
    mode(page, "start")
    answered(page)


def _playing(page: Page) -> None:
    page.evaluate("h => { location.hash = h }", link_of(30, seed=7))
    expect(page.locator("#play")).to_have_attribute("data-moves", "30")
    mode(page, "playing")
    answered(page)


def _cover(page: Page) -> None:
    start_game(page, ["human", "human"], seed=7)
    mode(page, "playing")
    page.locator(".tile-btn:not([disabled])").first.click()
    answered(page)
    page.locator("#board rect.sq.legal").first.click()
    mode(page, "cover")
    answered(page)


def _result(page: Page) -> None:
    page.click("#cover-ok")
    mode(page, "playing")
    to_an_imported_result(page)
    answered(page)


def _review(page: Page) -> None:
    page.click("#result-review")
    mode(page, "review")
    expect(page.locator("#review")).to_have_attribute("data-state", "done", timeout=REVIEW_MS)
    answered(page)


def _replay(page: Page) -> None:
    page.keyboard.press("Escape")
    mode(page, "playing")
    page.click("#replay-open")
    mode(page, "replay")
    page.click("#replay-step")
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "1")
    answered(page)


def _tutorial(page: Page) -> None:
    page.evaluate("h => { location.hash = h }", "#learn=found")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "found")
    mode(page, "tutorial")
    answered(page)


def _rules(page: Page) -> None:
    page.goto("rules/en.html")
    page.wait_for_function(ALL_READY, timeout=ENGINE_TIMEOUT_MS)


def _diagram(page: Page) -> None:
    page.goto(DIAGRAM)
    expect(page.locator("qin-board")).to_have_attribute("data-state", "ready",
                                                        timeout=ENGINE_TIMEOUT_MS)


SCREENS: tuple[tuple[str, Callable[[Page], None]], ...] = (
    ("start", _start), ("playing", _playing), ("cover", _cover), ("result", _result),
    ("review", _review), ("replay", _replay), ("tutorial", _tutorial),
    ("rules", _rules), ("diagram", _diagram))
"""Each screen and how to reach it from the one before (in this order, on one page)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def chromium(port: int) -> Iterator[Browser]:
    """Debian's Chromium (or $CHROME_PATH) with a debugging port Lighthouse connects to."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chrome_path(), args=[
            *CHROMIUM_ARGS, f"--remote-debugging-port={port}"])
        try:
            yield browser
        finally:
            browser.close()


def failing(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The category's audits that lose points: id, weight, title and the elements named."""
    audits = report.get("audits", {})
    refs = report.get("categories", {}).get("accessibility", {}).get("auditRefs", [])
    out = []
    for ref in refs:
        result = audits.get(ref["id"], {})
        if ref.get("weight", 0) <= 0 or result.get("score") in (None, 1):
            continue
        items = (result.get("details") or {}).get("items") or []
        nodes = []
        for item in items:
            node = item.get("node") or {}
            nodes.append(f"{node.get('selector', '?')}: {node.get('snippet', '')[:100]}"
                         + (f" ({node['explanation'].splitlines()[-1].strip()[:140]})"
                            if node.get("explanation") else ""))
        out.append({"id": ref["id"], "weight": ref["weight"], "title": result.get("title", ""),
                    "nodes": nodes})
    return out


def audit(port: int, origin: str, preset: str) -> dict[str, Any]:
    """Lighthouse's JSON report of the one page open at ``origin``, as it is now."""
    env = dict(os.environ, CHROME_PATH=chrome_path())
    done = subprocess.run(["node", str(SNAPSHOT), str(port), origin, preset],
                          capture_output=True, text=True, env=env, cwd=ROOT / "bench",
                          timeout=RUN_TIMEOUT_S, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"lighthouse snapshot failed: {done.stderr.strip()[-800:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def score_of(report: dict[str, Any]) -> int | None:
    score = report.get("categories", {}).get("accessibility", {}).get("score")
    return round(score * 100) if isinstance(score, (int, float)) else None


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: ``--screen`` and the options of every Lighthouse run here
    (``lighthouse.add_run_options``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--screen", choices=[n for n, _ in SCREENS], action="append",
                        help="only this screen (repeatable; the ones before are still "
                             "passed through)")
    add_run_options(parser, list(PRESETS), "each whole JSON report")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    ready(args.site)
    started = time.monotonic()
    print(f"bench/accessibility.py: Lighthouse's accessibility category on {chrome_path()}; "
          f"load average {load_average()}", flush=True)
    scores: dict[tuple[str, str], int | None] = {}
    port = free_port()
    presets = [p for p in PRESETS if not args.preset or p in args.preset]
    with serving(args.site) as origin, chromium(port) as browser:
        for preset in presets:
            context = browser.new_context(base_url=origin + "/", reduced_motion="reduce",
                                          **PRESETS[preset])
            page = context.new_page()
            try:
                for name, reach in SCREENS:
                    reach(page)
                    if args.screen and name not in args.screen:
                        continue
                    report = audit(port, origin, preset)
                    if args.reports:
                        args.reports.mkdir(parents=True, exist_ok=True)
                        (args.reports / f"{name}-{preset}.json").write_text(
                            json.dumps(report), encoding="utf-8")
                    scores[(name, preset)] = score_of(report)
                    print(f"{name}, {preset}: accessibility {scores[(name, preset)]}",
                          flush=True)
                    for fail in failing(report):
                        print(f"  - {fail['id']} (weight {fail['weight']}): {fail['title']}")
                        for node in fail["nodes"][:8]:
                            print(f"      {node}")
                        if len(fail["nodes"]) > 8:
                            print(f"      ... and {len(fail['nodes']) - 8} more")
            except (PlaywrightError, AssertionError) as error:
                print(f"{preset}: stopped: {error}", flush=True)
            finally:
                context.close()
    print()
    head = f"{'screen':<10}" + "".join(f" {p:>8}" for p in presets)
    print(head)
    print("-" * len(head))
    for name, _ in SCREENS:
        if args.screen and name not in args.screen:
            continue
        print(f"{name:<10}" + "".join(
            f" {scores.get((name, p)) if scores.get((name, p)) is not None else '-':>8}"
            for p in presets))
    print(f"load average at the end {load_average()}; {time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
