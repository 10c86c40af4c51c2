"""The game page's first paint and its largest contentful paint, against Python ready.

    python bench/first_paint.py                    # desktop and phone, 3 cold visits each
    python bench/first_paint.py --site DIR --runs 1

A cold visit (a new browser context, no service worker) of the built site, on the desktop
(1366x768) and on the phone profile (360x740, touch, CPU slowed 4x): an observer
injected before the page's scripts records every ``largest-contentful-paint`` entry (the
last is what Lighthouse takes as the page's LCP) and the first contentful paint; the
visit ends when the page's Python is ready (``body[data-boot=ready]``). Printed per
visit: each LCP entry (ms, its element, whether it is still in the page at ready: an
element drawn again by a script is not), the first contentful paint, the start screen
usable (``qin:prestart-usable``), when the runtime's wasm was asked for, and Python
ready (``qin:ready``). Structure, not speed: what is painted and in which order; nothing
is asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import chromium_launch_args, counting_server  # noqa: E402

SITE = ROOT / "build" / "site"
TIMEOUT_MS = 180_000
PROFILES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
              "is_mobile": True, "has_touch": True},
}

OBSERVE = """
window.qinLargest = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.qinLargest.push(entry);
}).observe({ type: "largest-contentful-paint", buffered: true });
"""

READ = """() => {
  const name = (el) => {
    if (!el) return "(removed)";
    const parts = [];
    for (let node = el; node?.nodeType === 1 && parts.length < 3; node = node.parentElement) {
      parts.push(node.tagName.toLowerCase() + (node.id ? "#" + node.id : ""));
    }
    return parts.join(" < ");
  };
  const at = (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null;
  const wasm = performance.getEntriesByType("resource")
    .find((e) => e.name.endsWith("/pyodide.asm.wasm"));
  return {
    largest: window.qinLargest.map((e) => ({ at: e.startTime, size: e.size,
      element: name(e.element), kept: Boolean(e.element?.isConnected) })),
    fcp: at("first-contentful-paint"), usable: at("qin:prestart-usable"),
    ready: at("qin:ready"), wasm: wasm ? wasm.startTime : null,
  };
}"""


def visit(browser: Any, origin: str, profile: str) -> dict[str, Any]:
    """One cold visit until Python is ready; what READ returns."""
    context = browser.new_context(service_workers="block", **PROFILES[profile])
    page = context.new_page()
    if profile == "phone":
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(OBSERVE)
    page.goto(origin + "/")
    page.wait_for_function("() => document.body.dataset.boot === 'ready'",
                           timeout=TIMEOUT_MS, polling=100)
    result: dict[str, Any] = page.evaluate(READ)
    context.close()
    return result


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def describe(profile: str, run: int, got: dict[str, Any]) -> list[str]:
    """A visit in lines: the LCP entries, then the moments of the boot."""
    lines = [f"{profile} visit {run}: first contentful paint {ms(got['fcp'])} ms, start "
             f"screen usable {ms(got['usable'])} ms, wasm asked for at {ms(got['wasm'])} ms, "
             f"Python ready {ms(got['ready'])} ms"]
    for entry in got["largest"]:
        kept = "still in the page at ready" if entry["kept"] else "gone by ready (drawn again)"
        lines.append(f"  LCP entry {ms(entry['at'])} ms, {entry['size']:,.0f} px: "
                     f"{entry['element']}, {kept}")
    last = got["largest"][-1] if got["largest"] else None
    if last is not None and got["ready"] is not None:
        ahead = got["ready"] - last["at"]
        lines.append(f"  the page's LCP is painted {ms(abs(ahead))} ms "
                     f"{'before' if ahead >= 0 else 'AFTER'} Python ready")
    return lines


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", choices=sorted(PROFILES), action="append")
    args = parser.parse_args(argv)
    print(f"bench/first_paint.py: load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} CPUs; {args.site}")
    with sync_playwright() as pw, counting_server(args.site) as (origin, _):
        browser = pw.chromium.launch(**chromium_launch_args())
        for run in range(1, max(1, args.runs) + 1):
            for profile in args.profile or sorted(PROFILES):
                print("\n".join(describe(profile, run, visit(browser, origin, profile))),
                      flush=True)
        browser.close()
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
