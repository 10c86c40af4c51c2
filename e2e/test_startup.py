"""Start-up in a real browser: a first visit runs the bytecode served with the site, a
second one what the first kept.

- Bytecode (web/startup/bytecode.py, ``body[data-bytecode]``): a first visit runs our
  modules as the build compiled them (``bytecode/<KEY>.marshal``: ``served``) and keeps
  nothing more.  When that file fails its check (``refused``) or is missing (``none``),
  the page compiles from source, shows the start screen, then keeps the compiled code
  in the browser (``stored``); the next start runs that code (``restored``).  A module
  compiled from another source than the build's never runs, from either.
- Pyodide's memory snapshot: the first start loads Pyodide as usual
  (``body[data-snapshot]`` is ``none``), then a worker makes a snapshot with our modules
  imported and keeps it (web/startup/snapshot.js: ``stored``); the next start hands it to
  Pyodide (``restored``), finds our modules imported (``data-bytecode`` is ``imported``),
  and the game plays as ever, the computer players' worker included.  The bytecode tests
  delete the snapshot before their next visit, so that it reads bytecode.
A damaged entry is ignored: the page starts as without it.
Every wait is for the page's own state.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from e2e.helpers import PageProblems, boot
from e2e.test_ai import WORKER_BOOT_MS, moves
from e2e.test_ai import start as start_with
from e2e.test_offline import play_one, start

KEPT_TIMEOUT_MS = 60_000
# The snapshot is made a few seconds after the first screen, by a second Pyodide.
SNAPSHOT_TIMEOUT_MS = 120_000
SERVED = "**/bytecode/*.marshal"  # the modules compiled at build time


def kept_by_first_visit(page: Page, what: str, timeout_ms: float) -> None:
    """Boot ``page``; wait until it has kept ``what`` (body[data-<what>] = stored)."""
    boot(page, "/")
    expect(page.locator("body")).to_have_attribute(f"data-{what}", "stored",
                                                   timeout=timeout_ms)


def serve_instead(page: Page, body: bytes, status: int = 200) -> None:
    """This page receives ``body`` for the served bytecode (until a service worker
    controls it: then that worker's copy)."""
    page.route(SERVED, lambda route: route.fulfill(status=status, body=body))


def without_snapshot(page: Page) -> None:
    """Once ``page`` has kept Pyodide's snapshot, delete it: the next visit starts
    Pyodide afresh and imports our modules (a start from the snapshot finds them
    imported: ``data-bytecode`` is then ``imported``, and no bytecode is read)."""
    expect(page.locator("body")).to_have_attribute("data-snapshot", "stored",
                                                   timeout=SNAPSHOT_TIMEOUT_MS)
    page.evaluate("caches.delete('qin.pyodide-snapshot')")


def visit_without_snapshot(page: Page, context: BrowserContext) -> Page:
    """A new visit after ``page``, with no snapshot kept: ``page`` is closed with its
    workers (its start screen, with a computer seat, warms the computer's worker, which
    may keep a snapshot of its own after ``without_snapshot`` deleted the page's), then
    any snapshot is deleted from a page that starts no Python."""
    page.close()
    plain = context.new_page()
    plain.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # a CSS file's
    plain.goto("/boot.css")
    plain.evaluate("caches.delete('qin.pyodide-snapshot')")
    plain.close()
    return boot(context.new_page(), "/")


def bytecode_kept_by_first_visit(page: Page) -> None:
    """A first visit whose served bytecode is damaged: it compiles from source and keeps
    its own (and not its snapshot)."""
    serve_instead(page, b"not bytecode")
    boot(page, "/")
    expect(page.locator("body")).to_have_attribute("data-bytecode", "refused")
    expect(page.locator("body")).to_have_attribute("data-bytecode", "stored",
                                                   timeout=KEPT_TIMEOUT_MS)
    without_snapshot(page)


def kept_entries(page: Page) -> int:
    return int(page.evaluate(
        "async () => (await (await caches.open('qin.bytecode')).keys()).length"))


def damage(page: Page, cache: str, body: str) -> None:
    """Overwrite every entry of Cache Storage's ``cache`` with ``body`` (JavaScript)."""
    page.evaluate(f"""async () => {{
      const cache = await caches.open({cache!r});
      for (const request of await cache.keys()) {{
        await cache.put(request, new Response({body}));
      }}
    }}""")


def start_and_place(page: Page) -> None:
    """Start a game and place a tile: the restored modules work."""
    start(page)
    assert play_one(page) == 1


def test_a_first_visit_runs_the_served_bytecode(page: Page, context: BrowserContext) -> None:
    boot(page, "/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-bytecode", "served")
    start_and_place(page)
    # nothing compiled or kept: the file stays with the site's (service worker, HTTP cache)
    expect(body).to_have_attribute("data-bytecode", "served")
    assert kept_entries(page) == 0
    without_snapshot(page)
    second = visit_without_snapshot(page, context)
    expect(second.locator("body")).to_have_attribute("data-bytecode", "served")


def test_without_the_served_bytecode_the_page_compiles(page: Page,
                                                       page_problems: PageProblems) -> None:
    serve_instead(page, b"gone", status=404)  # a deployment without it
    boot(page, "/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-bytecode", "none")
    start_and_place(page)
    expect(body).to_have_attribute("data-bytecode", "stored", timeout=KEPT_TIMEOUT_MS)
    # The 404 was provoked: the browser's report of it is expected, nothing else.
    assert all("404" in problem for problem in page_problems.forgive(page))


def test_a_second_visit_runs_the_kept_bytecode(page: Page, context: BrowserContext) -> None:
    bytecode_kept_by_first_visit(page)
    second = visit_without_snapshot(page, context)
    expect(second.locator("body")).to_have_attribute("data-bytecode", "restored")
    start_and_place(second)


def test_a_damaged_entry_is_deleted_and_the_served_bytecode_runs(
        page: Page, context: BrowserContext) -> None:
    bytecode_kept_by_first_visit(page)
    damage(page, "qin.bytecode", '"not bytecode"')
    second = visit_without_snapshot(page, context)
    expect(second.locator("body")).to_have_attribute("data-bytecode", "served")
    assert kept_entries(second) == 0
    start_and_place(second)


PYODIDE = Path(__file__).resolve().parent.parent / "node_modules" / "pyodide"
TAMPER = r"""
import { readFileSync } from "node:fs";
import { loadPyodide } from %(module)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.globals.set("entry", readFileSync(%(entry)s, "utf8"));
py.globals.set("OWN_DIGESTS", %(own_digests)s);
py.globals.set("CODE_DIGEST", %(code_digest)s);
console.log(py.runPython(`
import base64, hashlib, marshal
kept = marshal.loads(base64.b64decode(entry))
path = next(p for p in kept if p.endswith("/qin_ui/i18n.py"))
source_digest, code_digest, code = kept[path]
source = "import js\\njs.window.qinTampered = True\\n"
hostile = marshal.dumps(compile(source, path, "exec"))
if OWN_DIGESTS:  # consistent with itself: compiled from another source
    source_digest = hashlib.sha256(source.encode()).hexdigest()
if OWN_DIGESTS or CODE_DIGEST:  # the code's digest recomputed (the source's kept)
    code_digest = hashlib.sha256(hostile).hexdigest()
kept[path] = (source_digest, code_digest, hostile)
base64.b64encode(marshal.dumps(kept)).decode()
`));
"""


def tampered(entry: str, work: Path, *, own_digests: bool = False,
             code_digest: bool = False) -> str:
    """The compiled modules ``entry`` (base64) with qin_ui/i18n.py's code replaced by code
    that sets ``window.qinTampered``, compiled by the page's own Python (Pyodide under
    Node); its digests left as they were, or (``own_digests``) those of its new source
    and code, or (``code_digest``) the build's source digest and its new code's."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = TAMPER % {"module": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
                       "index": json.dumps(str(PYODIDE) + "/"),
                       "entry": json.dumps(str(work / "entry.b64")),
                       "own_digests": json.dumps(own_digests),
                       "code_digest": json.dumps(code_digest)}
    (work / "entry.b64").write_text(entry)
    result = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize("code_digest", [False, True], ids=["as-kept", "digest-recomputed"])
def test_a_tampered_kept_module_is_not_run(page: Page, context: BrowserContext,
                                           tmp_path: Path, code_digest: bool) -> None:
    """Another module's code in the kept entry: with the digests kept beside it, or
    with its code's digest recomputed by a script (the source's still the build's):
    the check is against the digests the build shipped with the page, so neither runs."""
    bytecode_kept_by_first_visit(page)
    entry: str = page.evaluate("""async () => {
      const cache = await caches.open("qin.bytecode");
      const [request] = await cache.keys();
      const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      let text = "";
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    }""")
    hostile = tampered(entry, tmp_path, code_digest=code_digest)
    assert base64.b64decode(hostile) != base64.b64decode(entry)
    page.evaluate("""async (data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const cache = await caches.open("qin.bytecode");
      const [request] = await cache.keys();
      await cache.put(request, new Response(bytes));
    }""", hostile)
    second = visit_without_snapshot(page, context)
    # the entry fails the check: deleted, the served modules run instead; the altered
    # module never ran
    expect(second.locator("body")).to_have_attribute("data-bytecode", "served")
    assert second.evaluate("() => window.qinTampered") is None
    assert kept_entries(second) == 0
    start_and_place(second)
    assert second.evaluate("() => window.qinTampered") is None


def test_a_served_module_of_another_source_is_not_run(page: Page, site_dir: Path,
                                                      tmp_path: Path) -> None:
    """The served file with one module compiled from a source that is not the build's
    (its own digests consistent): refused whole, the page compiles from source."""
    [served] = sorted((site_dir / "bytecode").glob("*.marshal"))
    hostile = base64.b64decode(tampered(base64.b64encode(served.read_bytes()).decode(),
                                        tmp_path, own_digests=True))
    serve_instead(page, hostile)
    boot(page, "/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-bytecode", "refused")
    assert page.evaluate("() => window.qinTampered") is None
    start_and_place(page)
    expect(body).to_have_attribute("data-bytecode", "stored", timeout=KEPT_TIMEOUT_MS)
    assert page.evaluate("() => window.qinTampered") is None


def next_visit(context: BrowserContext) -> Page:
    """Another visit, at the start screen (the saved games of the earlier ones cleared,
    or the game left open would be resumed)."""
    page = context.new_page()
    page.add_init_script("localStorage.clear()")
    return boot(page, "/")


def test_a_second_visit_starts_pyodide_from_the_kept_snapshot(
        page: Page, context: BrowserContext) -> None:
    boot(page, "/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-snapshot", "none")
    expect(body).to_have_attribute("data-snapshot", "stored", timeout=SNAPSHOT_TIMEOUT_MS)
    second = boot(context.new_page(), "/")
    expect(second.locator("body")).to_have_attribute("data-snapshot", "restored")
    # ... with our modules imported already: no bytecode read, none compiled
    expect(second.locator("body")).to_have_attribute("data-bytecode", "imported")
    start_and_place(second)
    # The computer players' worker loads Pyodide the same way: a game against one plays.
    third = next_visit(context)
    expect(third.locator("body")).to_have_attribute("data-snapshot", "restored")
    play = start_with(third, ["apprentice", "apprentice"], seed=3)
    expect(play).not_to_have_attribute("data-moves", "0", timeout=WORKER_BOOT_MS)
    assert moves(play) > 0


def test_a_first_visit_makes_one_snapshot_when_a_computer_moves_at_once(
        page: Page, context: BrowserContext) -> None:
    """A first visit whose game starts with a computer's turn: the computer's worker
    boots beside the snapshot's maker (it never waits for it), plays, and makes no second
    snapshot (a third Pyodide and 35 MB more written): one maker, and both the page and
    the computer's worker end up knowing it is kept."""
    makers: list[str] = []
    page.on("worker", lambda worker: makers.append(worker.url)
            if worker.url.endswith("/snapshot_maker.js") else None)
    boot(page, "/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-snapshot", "none")
    play = start_with(page, ["apprentice", "human"], seed=7)
    expect(play).not_to_have_attribute("data-moves", "0", timeout=WORKER_BOOT_MS)
    expect(body).to_have_attribute("data-snapshot", "stored", timeout=SNAPSHOT_TIMEOUT_MS)
    expect(body).to_have_attribute("data-ai-snapshot", "stored", timeout=SNAPSHOT_TIMEOUT_MS)
    assert len(makers) == 1, makers


DAMAGE_AT = """async ([fraction, size]) => {
  // The first time: the snapshot as the maker kept it, and where, put aside (a start
  // that drops the damaged one deletes its entry).
  const cache = await caches.open("qin.pyodide-snapshot");
  const aside = await caches.open("qin.test-good-snapshot");
  if (!(await aside.match("/good"))) {
    const [request] = await cache.keys();
    await aside.put("/good", await cache.match(request));
    await aside.put("/where", new Response(request.url));
  }
  const kept = await aside.match("/good");
  const where = await (await aside.match("/where")).text();
  const bytes = new Uint8Array(await kept.arrayBuffer());
  const at = Math.max(0, Math.min(Math.floor(bytes.length * fraction), bytes.length - size));
  for (let i = at; i < at + size; i += 1) bytes[i] ^= 0xff;
  await cache.put(where, new Response(bytes, { headers: kept.headers }));
  return [at, bytes.length];
}"""


def test_a_snapshot_damaged_anywhere_never_stops_the_page(
        page: Page, context: BrowserContext) -> None:
    """4 KB of the kept snapshot inverted at its start, middle, 60% and end: each
    visit drops it and starts afresh (it never runs on an altered image), the game
    left open is there and plays; the snapshot is made again and restored."""
    kept_by_first_visit(page, "snapshot", SNAPSHOT_TIMEOUT_MS)
    start_and_place(page)
    for fraction in (0.0, 0.5, 0.6, 1.0):
        page.evaluate(DAMAGE_AT, [fraction, 4096])
        visit = boot(context.new_page(), "/")
        body = visit.locator("body")
        expect(body).to_have_attribute("data-snapshot", "none")
        expect(visit.locator("#play")).to_have_attribute("data-moves", "1")
        visit.close()  # before its maker keeps a new snapshot: the next damage is ours
    rebuilt = boot(context.new_page(), "/")
    expect(rebuilt.locator("body")).to_have_attribute("data-snapshot", "stored",
                                                      timeout=SNAPSHOT_TIMEOUT_MS)
    again = boot(context.new_page(), "/")
    expect(again.locator("body")).to_have_attribute("data-snapshot", "restored")
    expect(again.locator("#play")).to_have_attribute("data-moves", "1")
    assert play_one(again) == 2


def test_a_damaged_snapshot_is_dropped_and_made_again(
        page: Page, context: BrowserContext) -> None:
    kept_by_first_visit(page, "snapshot", SNAPSHOT_TIMEOUT_MS)
    damage(page, "qin.pyodide-snapshot", "new Uint8Array(4096)")
    second = boot(context.new_page(), "/")
    body = second.locator("body")
    expect(body).to_have_attribute("data-snapshot", "none")
    start_and_place(second)
    expect(body).to_have_attribute("data-snapshot", "stored", timeout=SNAPSHOT_TIMEOUT_MS)
    third = next_visit(context)
    expect(third.locator("body")).to_have_attribute("data-snapshot", "restored")
    start_and_place(third)
