"""Players read words, never notation, in the browser: the replay's caption and list,
the undo message and the share panel say moves in words in English, German and French
(the same check as tests/test_move_words.py, on the built page).

Every wait is for the page's state (``#app[data-lang]``, ``#play[data-replay-at]``),
never a sleep.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.test_modes import import_file
from e2e.test_replay_series import finished_record

MOVE_CODE = re.compile(r"(?<![A-Za-z0-9])[RYB][a-m]1?[0-9][RYB][a-m]1?[0-9](?![A-Za-z0-9])")
RULE_ID = re.compile(r"\(Q[0-9]{1,2}\)")


def said(page: Page, selector: str) -> str:
    text = page.locator(selector).inner_text()
    assert text.strip(), selector
    assert not MOVE_CODE.search(text), (selector, text)
    assert not RULE_ID.search(text), (selector, text)
    return text


def speak(page: Page, lang: str) -> None:
    page.select_option("#lang", lang)
    expect(page.locator("#app")).to_have_attribute("data-lang", lang)


def test_replay_undo_and_share_say_moves_in_words(booted_page: Page) -> None:
    page = booted_page
    record = finished_record(31)
    import_file(page, "game-31.json", record)
    play = page.locator("#play")
    expect(play).to_be_visible()
    page.click("#result-close")
    page.click("#replay-open")
    bar = page.locator("#replay-bar")
    for n in (1, 2, 3):
        bar.locator("[data-replay=step]").click()
        expect(play).to_have_attribute("data-replay-at", str(n))
    for lang in ("de", "fr", "en"):
        speak(page, lang)
        said(page, "#replay-caption")
        said(page, "#log")
    caption = page.locator("#replay-caption").inner_text()
    moves = record["moves"]
    assert isinstance(moves, list)
    assert all(square in caption for square in re.findall(r"[a-m]1?[0-9]", moves[2]))
    page.click("#replay-exit")
    expect(play).not_to_have_attribute("data-phase", "replay")

    page.click("#share-link")
    expect(page.locator("#link-panel")).to_be_visible()
    for lang in ("de", "fr", "en"):
        speak(page, lang)
        said(page, "#link-panel")

    moved = int(play.get_attribute("data-moves") or "0")
    page.click("#undo")  # two humans: the last move is taken back, the game is on again
    expect(play).to_have_attribute("data-moves", str(moved - 1))
    for lang in ("de", "fr", "en"):
        speak(page, lang)
        said(page, "#status")


DECISION_ID = re.compile(r"Q[0-9]")


def test_a_refusal_says_why_and_names_its_reading_in_words(booted_page: Page) -> None:
    """A refused square says why in words, with the reading it applies as a link named
    in words (its id only in the link's target), in English, German and French: beside
    the board on hover, and on the status line when clicked."""
    page = booted_page
    page.fill("#seed", "7")
    page.click("#start")
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "0")
    page.locator(".tile-btn:not([disabled])").first.click()
    refused = page.locator('#board rect[data-square="a1"]')
    for lang in ("de", "fr", "en"):
        speak(page, lang)
        refused.hover(force=True)
        link = page.locator("#info a.reading-link")
        expect(link).to_have_attribute(
            "href", re.compile(rf"rules/readings-{lang}\.html#q[0-9]+a?$"))
        expect(link).not_to_have_text(DECISION_ID)
        info = page.locator("#info").inner_text()
        assert not DECISION_ID.search(info), (lang, info)
        line = page.locator("#info .info-bad li").last.inner_text()
        reason = line[:line.rindex(link.inner_text())].strip()  # the reason, then its link
        refused.dispatch_event("click")
        expect(page.locator("#status")).to_contain_text(reason)
        status = page.locator("#status").inner_text()
        assert not DECISION_ID.search(status), (lang, status)
    assert play.get_attribute("data-moves") == "0"
