"""web/startup/runtime_files.js under Node: where a service worker serves a page or a
worker, its fetches are left as they are (the service worker answers from its cache of
this version, and checking each copy against the build's digest again would hash some
15 MB for nothing); elsewhere the runtime's files are taken from the HTTP cache, checked.

A module worker started from a URL (the snapshot's maker) has no Resource Timing entry
for its own modules, so it cannot see for itself that a service worker serves it: its
creator, which can, says so in the worker's name (``workerName``).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import node_json

MODULE = (Path(__file__).resolve().parent.parent / "web" / "startup" / "runtime_files.js").as_uri()


def run(setup: str) -> dict[str, object]:
    """What runtime_files.js does in a context prepared by ``setup``: whether it replaced
    ``fetch``, and the name it gives a worker started from there."""
    said: dict[str, object] = node_json(f"""
const plain = async () => new Response("");
globalThis.fetch = plain;
{setup}
const runtime = await import({json.dumps(MODULE)});
const name = runtime.workerName("qin-snapshot-maker");
runtime.fetchRuntimeFilesOnce();
console.log(JSON.stringify({{ checked: globalThis.fetch !== plain, name }}));
""")
    return said


def test_a_page_no_service_worker_serves_checks_its_copies() -> None:
    said = run("globalThis.navigator = { serviceWorker: { controller: null } };")
    assert said == {"checked": True, "name": "qin-snapshot-maker"}


def test_a_page_a_service_worker_serves_leaves_its_fetches_and_names_its_workers_so() -> None:
    said = run("globalThis.navigator = { serviceWorker: { controller: {} } };")
    assert said["checked"] is False
    served_name = said["name"]
    assert isinstance(served_name, str) and served_name != "qin-snapshot-maker"
    # The worker started with that name (no navigator.serviceWorker in a worker, and no
    # Resource Timing entry of its own modules) leaves its fetches too.
    in_worker = run(f"globalThis.name = {json.dumps(served_name)};")
    assert in_worker["checked"] is False
    assert in_worker["name"] == served_name  # and names its own workers so


def test_a_worker_named_plainly_checks_its_copies() -> None:
    said = run('globalThis.name = "qin-snapshot-maker";')
    assert said == {"checked": True, "name": "qin-snapshot-maker"}


def test_a_pages_relative_fetch_of_a_runtime_file_takes_the_checked_copy() -> None:
    """PyScript fetches a worker's script on the page's thread by the address its
    ``<script src>`` says (``./main.py``): relative to the page, as fetch reads it there.
    (In a worker, whose own address may be a blob, a relative one is left as it is.)"""
    site = MODULE.rsplit("/", 1)[0] + "/"
    program = f"""
const asked = [];
globalThis.fetch = async (input, init) => {{
  asked.push(init?.cache ?? null);
  return new Response("");
}};
globalThis.navigator = {{ serviceWorker: {{ controller: null }} }};
globalThis.document = {{ baseURI: {json.dumps(site + "index.html")} }};
const runtime = await import({json.dumps(MODULE)});
runtime.fetchRuntimeFilesOnce();
// The template's one entry stands for a file of the built list (its digest a placeholder).
await fetch("./__QIN_RUNTIME_FILES__");
await fetch("./not-a-runtime-file.js");
console.log(JSON.stringify(asked));
"""
    assert node_json(program) == ["force-cache", None]
