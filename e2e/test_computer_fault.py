"""A computer player that fails is said, and the game goes on.

The computer players think in their own worker (web/worker/ai_worker.py).  When it
cannot answer (a request it refuses, a worker that throws, a worker that dies and never
answers, a worker whose script cannot be loaded) the player reads what happened in words:

- the computer's turn is played by the page's own Python at the Apprentice's level for
  that turn (the status says so until the next move), and the game goes on and is saved;
- a hint that cannot be answered says so in the hint's box (its button closes it: there
  is nothing to refuse), and Hint asks again;
- a review that cannot be finished says so, and Review starts it again.

The worker is made to fail by serving its script changed (``choose`` refuses every request
with ``ai_bridge``'s RequestError, ``review_move`` throws), by ending the worker from the
page (the page waits ``play.ANSWER_WAIT_MS`` for an answer), or by failing its script's
request or a runtime file's (said as soon as the browser knows: ``play.START_WAIT_MS`` is
only for a worker that says nothing).  Waits are on the page's state, never sleeps.

What the status said is kept as it changes (``STATUS_SEEN_JS``): once the page knows the
worker failed, the status never says that the computer players are starting.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import BrowserContext, Page, Route, expect

from e2e.helpers import PageProblems, boot
from e2e.test_ai import WORKER_BOOT_MS, human_move, start

WORKER_SCRIPT = "**/ai_worker.py"
FALLBACK = re.compile(r"was silent.*Apprentice", re.S)
"""What the status says after a computer's move played by the page's own Python."""
RUNTIME_FILE = "**/vendor/pyodide/pyodide.asm.wasm"
"""Pyodide's own program: the worker's runtime, which it fetches for itself."""
AT_ONCE_MS = 10_000
"""A worker that cannot load is said within seconds (a computer's pause, the fallback's
move, a loaded machine), well before ``play.START_WAIT_MS`` (60 s)."""


def failing_worker(route: Route) -> None:
    """The worker's own script, changed so that every move and hint request is refused
    (``answer`` of a request that is no request: a RequestError) and every judged move
    throws."""
    body = route.fetch().text()
    body = body.replace("return answer(str(request))", 'return answer("{}")')
    body = body.replace("return review_answer(str(request))",
                        'raise RuntimeError("the review broke")')
    assert 'answer("{}")' in body and "the review broke" in body
    route.fulfill(body=body, content_type="text/plain")


STATUS_SEEN_JS = """() => {
  window.qinStatusSeen = [];
  const status = document.querySelector('#status');
  const seen = () => window.qinStatusSeen.push(
      [status.dataset.worker ?? '', status.dataset.ai ?? '', status.textContent]);
  new MutationObserver(seen).observe(status, {subtree: true, childList: true,
                                              characterData: true, attributes: true});
}"""
"""Keep each state of the status, its worker's and computer's state with its words."""


def starting_after_failure(page: Page) -> list[list[str]]:
    """The states kept (``STATUS_SEEN_JS``) in which the status said the computer players
    were starting while the page knew their worker had failed."""
    seen: list[list[str]] = page.evaluate("window.qinStatusSeen")
    return [state for state in seen if state[0] == "failed" and (
        state[1] == "loading" or "Starting" in state[2])]


def saved_moves(page: Page) -> int:
    """The moves of the game kept in the browser's storage (the saved game)."""
    texts: list[str] = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('qin.save.'))"
        ".map(k => localStorage.getItem(k))")
    assert len(texts) == 1, texts
    moves = json.loads(texts[0])["record"]["moves"]
    assert isinstance(moves, list)
    return len(moves)


def test_a_failing_computer_is_said_and_the_game_goes_on(
        context: BrowserContext, page: Page, page_problems: PageProblems) -> None:
    context.route(WORKER_SCRIPT, failing_worker)
    boot(page)
    play = start(page, ["human", "governor"], seed=21)
    status = page.locator("#status")
    # A request the worker refuses: the Governor's move is played all the same, said.
    human_move(page, play, 0)
    expect(play).to_have_attribute("data-moves", "2", timeout=WORKER_BOOT_MS)
    expect(play).to_have_attribute("data-phase", "move")
    expect(status).to_contain_text(FALLBACK)
    expect(status).to_contain_text("White")
    assert saved_moves(page) == 2
    # A hint the worker refuses: said in the hint's box; Hint asks again.
    hint, box = page.locator("#hint"), page.locator("#hint-box")
    hint.click()
    expect(box).to_have_attribute("data-state", "failed", timeout=WORKER_BOOT_MS)
    expect(page.locator("#hint-text")).to_contain_text("did not answer")
    expect(page.locator("#hint-take")).to_be_hidden()
    expect(page.locator("#hint-dismiss")).to_have_text("Close (Esc)")  # nothing to refuse
    expect(hint).to_be_enabled()
    hint.click()
    expect(box).to_have_attribute("data-state", re.compile("asked|failed"))
    expect(box).to_have_attribute("data-state", "failed", timeout=WORKER_BOOT_MS)
    page.click("#hint-dismiss")
    expect(box).to_be_hidden()
    # The move after it is the player's own; the status no longer speaks of the failure.
    human_move(page, play, 1)
    expect(play).to_have_attribute("data-moves", "4", timeout=WORKER_BOOT_MS)
    expect(status).to_contain_text(FALLBACK)
    # A review whose judged move throws: said; Review starts it again.
    page.click("#replay-open")
    page.click("#review-open")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "failed", timeout=WORKER_BOOT_MS)
    expect(page.locator("#review-status")).to_contain_text("Review")
    expect(page.locator("#review-open")).to_be_visible()
    page.click("#review-open")
    expect(review).to_have_attribute("data-state", "failed", timeout=WORKER_BOOT_MS)
    page.click("#replay-exit")
    # A worker that dies (it never answers again): after a wait, the move is played and
    # said all the same, and a fresh worker is started for the next one.
    page.evaluate("document.querySelector('#ai-worker').xworker.terminate()")
    human_move(page, play, 2)
    expect(play).to_have_attribute("data-moves", "6", timeout=WORKER_BOOT_MS)
    expect(status).to_contain_text(FALLBACK)
    assert saved_moves(page) == 6
    human_move(page, play, 3)
    expect(play).to_have_attribute("data-moves", "8", timeout=WORKER_BOOT_MS)
    expect(status).to_contain_text(FALLBACK)
    # The worker's script changed here is not the build's: the page's check of its copy
    # (web/startup/runtime_files.js) refused it, said so in the console, and fetched it
    # as asked; nothing else went wrong.
    forgiven = page_problems.forgive(page)
    assert all("ai_worker.py" in problem for problem in forgiven), forgiven


def test_a_computer_whose_worker_cannot_load_plays_all_the_same(
        context: BrowserContext, page: Page, page_problems: PageProblems) -> None:
    # Its script not fetched (offline): said at once, the move played all the same.
    context.route(WORKER_SCRIPT, lambda route: route.abort("internetdisconnected"))
    said: list[str] = []
    page.on("console", lambda message: said.append(f"{message.type}: {message.text}"))
    boot(page)
    page.evaluate(STATUS_SEEN_JS)
    play = start(page, ["governor", "human"], seed=22)
    status = page.locator("#status")
    expect(play).to_have_attribute("data-moves", "1", timeout=AT_ONCE_MS)
    expect(play).to_have_attribute("data-phase", "move")
    expect(status).to_contain_text(FALLBACK)
    assert saved_moves(page) == 1
    # once the page knows, it no longer says that it starts them
    assert starting_after_failure(page) == []
    # Its script answered with a server's error: a fresh worker tried, said the same.
    context.unroute(WORKER_SCRIPT)
    context.route(WORKER_SCRIPT, lambda route: route.fulfill(status=404, body="Not Found"))
    human_move(page, play, 0)
    expect(play).to_have_attribute("data-moves", "3", timeout=AT_ONCE_MS)
    expect(status).to_contain_text(FALLBACK)
    # A runtime file it needs not fetched (the page's own Python has all of them).
    context.unroute(WORKER_SCRIPT)
    context.route(RUNTIME_FILE, lambda route: route.fulfill(status=500, body="Server Error"))
    human_move(page, play, 1)
    expect(play).to_have_attribute("data-moves", "5", timeout=AT_ONCE_MS)
    expect(status).to_contain_text(FALLBACK)
    assert saved_moves(page) == 5
    assert starting_after_failure(page) == []
    # the console says why, each time, and nothing that says nothing (PyScript's own
    # report of a worker that failed to start is the event's name, "MessageEvent")
    failures = [line for line in said if "the computer players could not start" in line]
    assert any("Failed to fetch" in line for line in failures), said
    assert any("pyodide.asm.wasm" in line for line in failures), said
    assert not [line for line in said if line.endswith(": MessageEvent")], said
    forgiven = page_problems.forgive(page)  # the worker's files could not be loaded
    assert any("ai_worker.py" in problem for problem in forgiven), forgiven


def test_a_watched_game_whose_worker_cannot_load_goes_on(
        context: BrowserContext, page: Page, page_problems: PageProblems) -> None:
    # computers only, at the slow pace: each move's worker fails within its pause
    context.route(WORKER_SCRIPT, lambda route: route.abort("internetdisconnected"))
    boot(page)
    page.evaluate(STATUS_SEEN_JS)
    play = start(page, ["governor", "governor"], seed=23, speed="slow")
    page.wait_for_function("(n) => Number(document.querySelector('#play').dataset.moves) >= n",
                           arg=4, timeout=4 * AT_ONCE_MS)
    expect(play).to_have_attribute("data-phase", "computer")
    expect(page.locator("#status")).to_contain_text(FALLBACK)
    # the pauses after each failure: the computer to move thinks, nothing starts
    assert starting_after_failure(page) == []
    page_problems.forgive(page)  # the worker's script could not be loaded


STATUS_LINES_JS = """() => {
  const status = document.querySelector('#status');
  const style = getComputedStyle(status);
  const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  return Math.round((status.clientHeight - padding) / parseFloat(style.lineHeight));
}"""
"""How many lines the status takes."""


def test_on_a_phone_it_is_said_in_two_lines(small_phone: Page,
                                            page_problems: PageProblems) -> None:
    small_phone.context.route(WORKER_SCRIPT,
                              lambda route: route.abort("internetdisconnected"))
    page = boot(small_phone)
    play = start(page, ["governor", "human"], seed=22)
    board = page.locator("#board").bounding_box()
    status = page.locator("#status")
    why, note = page.locator("#status-why"), page.locator("#status-detail")
    expect(play).to_have_attribute("data-moves", "1", timeout=AT_ONCE_MS)
    # a few words, whose move is next after them, and Why? after them
    expect(page.locator("#status-text")).to_have_text(
        "Green was silent: the Apprentice moved. White to move.")
    expect(why).to_have_text("Why?")
    expect(note).to_be_hidden()
    assert page.locator("#board").bounding_box() == board  # the board has not moved
    # Why? opens the note under the status that says it in full (a tap; the keyboard)
    why.tap()
    expect(note).to_have_text(re.compile(
        r"^Green \(Governor\): the computer player did not answer, so the Apprentice "))
    expect(why).to_have_attribute("aria-expanded", "true")
    why.focus()
    page.keyboard.press("Enter")
    expect(note).to_be_hidden()
    expect(why).to_have_attribute("aria-expanded", "false")
    expect(why).to_be_focused()
    for lang, words, asked in (("en", "Apprentice", "Why?"), ("de", "Lehrling", "Warum?"),
                               ("fr", "Apprenti", "Pourquoi\u00a0?")):
        page.select_option("#lang", lang)
        expect(status).to_contain_text(words)
        expect(why).to_have_text(asked)
        assert page.evaluate(STATUS_LINES_JS) <= 2, (lang, status.text_content())
    page_problems.forgive(page)  # the worker's script could not be loaded
