# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""A game's review shared by link (web/page/qin_ui/links.py, replaying.py): the review's
Share gives the game's link with the review asked at the move chosen
(``#g=<code>&review=<n>``); opened in another browser it shows the same game in review
mode at that move, the judge's figures computed again there (the review is seeded: the
same figures everywhere).  Old links open as before; a review part that cannot be read
is said in words and the game opens without it.  CPython, no browser."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import qin
from qin.ai import review as rv

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "page"))

import events  # noqa: E402
from qin_ui import actions as A  # noqa: E402
from qin_ui import links  # noqa: E402
from qin_ui.ai_bridge import review_answer  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.i18n import said, t  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402

from tests.test_tabs import BASE, moves, run  # noqa: E402

MOVES = 6


def game_of(n: int = MOVES, seed: int = 7) -> qin.Game:
    game = qin.Game.new(board="bird", players=2, seed=seed, names=["Green", "White"])
    for _ in range(n):
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    return game


def opened(address: str) -> tuple[App, list[A.Effect]]:
    """A fresh browser (nothing stored) opening ``address``."""
    app = App(SaveStore(MemoryStorage()))
    return app, run(app, A.Boot(address, address[len(BASE):]))


def judged(app: App, effects: list[A.Effect]) -> None:
    """The worker starts and answers every review request, as the page's would."""
    assert A.StartWorker() in effects
    effects = run(app, A.WorkerReady())
    while True:
        asks = [e for e in effects if isinstance(e, A.AskReview)]
        if not asks:
            return
        effects = run(app, A.ReviewAnswer(asks[0].token, review_answer(asks[0].request)))


# -- the link's format ----------------------------------------------------------------
def test_a_review_link_holds_the_game_and_the_move_and_reads_back() -> None:
    game = game_of()
    for at in (1, 4, MOVES, None):
        fragment = links.review_fragment(game.record, at=at)
        assert fragment.startswith("#g=" + qin.records.to_url(game))
        assert fragment.endswith("&review" if at is None else f"&review={at}")
        linked, record = links.read_link(BASE + fragment)
        assert [str(m) for m in linked.moves] == [str(m) for m in game.moves]
        assert links.review_asked(BASE + fragment, MOVES) == links.ReviewAsk(True, at)
    with pytest.raises(links.LinkError):  # a move the game does not have
        links.review_fragment(game.record, at=MOVES + 1)


def test_an_old_link_asks_no_review() -> None:
    old = links.fragment(game_of().record)
    assert "&" not in old
    assert links.review_asked(BASE + old, MOVES) == links.ReviewAsk()
    assert links.review_asked(None, MOVES) == links.ReviewAsk()


@pytest.mark.parametrize("tail", [
    "&review=", "&review=abc", "&review=-1", "&review=+3", "&review=1e2", "&review=٣",
    "&review=3&review=4", "&review=0003", "&review= 3", "&review=3;",
    "&review=" + "9" * 5000,
])
def test_a_damaged_review_part_is_refused_in_words(tail: str) -> None:
    fragment = links.fragment(game_of().record) + tail
    asked = links.review_asked(fragment, MOVES)
    assert not asked.wanted and asked.at is None
    assert said(asked.problem) == t("link.review.damaged")


@pytest.mark.parametrize("tail", ["&revue=3", "&<img src=x onerror=alert(1)>", "&", "&=3"])
def test_an_unknown_part_is_refused_in_words(tail: str) -> None:
    asked = links.review_asked(links.fragment(game_of().record) + tail, MOVES)
    assert not asked.wanted and said(asked.problem) == t("link.review.unknown")


@pytest.mark.parametrize("at", [0, MOVES + 1, 999])
def test_a_move_the_game_does_not_have_is_refused_in_words(at: int) -> None:
    asked = links.review_asked(links.fragment(game_of().record) + f"&review={at}", MOVES)
    assert not asked.wanted
    problem = said(asked.problem)
    assert problem == t("link.review.beyond", n=at, count=MOVES)
    assert str(at) in problem and str(MOVES) in problem


# -- sharing from the review, opening elsewhere -----------------------------------------
def test_the_review_shared_opens_elsewhere_at_that_move_with_the_same_figures() -> None:
    here, effects = opened(BASE + links.fragment(game_of().record))
    assert here.mode is Mode.PLAYING and len(moves(here)) == MOVES
    run(here, A.Command("replay-open"))
    judged(here, run(here, A.Command("review-open")))
    review = here.state.game.review
    assert review is not None and review.status == "done"
    run(here, A.Command("review-jump", "4"))
    run(here, A.Command("review-share"))
    els = here.screen().elements
    assert not els["review-link-panel"].hidden
    assert ("aria-expanded", "true") in els["review-share"].attrs
    url = els["review-link"].value or ""
    assert url.startswith(BASE + "#g=") and url.endswith("&review=4")
    copy = run(here, A.Command("review-link-copy"))
    assert copy == [A.Copy(url, "review-link")]
    run(here, A.Copied(True, "review-link"))
    els = here.screen().elements
    assert els["review-link-message"].text == t("review.link.copied")
    assert not here.state.link.link_message  # the game's own link panel is left alone
    run(here, A.Command("review-jump", "2"))  # the link follows the move chosen
    assert (here.screen().elements["review-link"].value or "").endswith("&review=2")
    run(here, A.Command("review-jump", "4"))

    there, effects = opened(url)
    assert there.mode is Mode.REVIEW and moves(there) == moves(here)
    judged(there, effects)
    theirs = there.state.game.review
    assert theirs is not None and theirs.at == 4
    replay = there.state.game.replay
    assert replay is not None and replay.cursor == 3  # the position the move was chosen in
    assert theirs.result == review.result  # figures computed again: the same
    assert theirs.result == rv.review(game_of().record(), seed=0)  # the engine's
    screen = there.screen()
    assert ("at", "4") in screen.elements["review"].data
    detail = screen.elements["review-detail"].html
    assert detail and detail == here.screen().elements["review-detail"].html
    assert screen.elements["link-problem"].hidden


def test_the_move_shows_as_soon_as_it_is_judged() -> None:
    app, effects = opened(BASE + links.review_fragment(game_of().record, at=2))
    assert A.StartWorker() in effects
    effects = run(app, A.WorkerReady())
    review = app.state.game.review
    assert review is not None and review.wanted == 2
    for _ in range(2):
        ask = next(e for e in effects if isinstance(e, A.AskReview))
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
    assert review.status == "running" and review.at == 2


def test_a_review_a_link_opened_ends_with_the_focus_left_where_it_is() -> None:
    """Opened by a link at the page's start, the review's end moves no focus (a player's
    Review moved it on to Cancel, so Cancel's hiding moves it to Close; here it would
    take a focus on nothing to Close, scrolling a phone's page down to it)."""
    app, effects = opened(BASE + links.review_fragment(game_of().record, at=2))
    effects = run(app, A.WorkerReady())
    review = app.state.game.review
    assert review is not None
    while review.status == "running":
        assert not any(isinstance(e, A.Focus) for e in effects), effects
        ask = next(e for e in effects if isinstance(e, A.AskReview))
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
    assert review.status == "done"
    assert not any(isinstance(e, A.Focus) for e in effects), effects


@pytest.mark.parametrize("tail", ["&review=abc", "&review=99", "&zzz"])
def test_a_damaged_review_part_is_said_and_the_game_opens_as_before(tail: str) -> None:
    game = game_of()
    app, effects = opened(BASE + links.fragment(game.record) + tail)
    assert app.mode is Mode.PLAYING and len(moves(app)) == MOVES
    assert app.state.game.review is None and A.StartWorker() not in effects
    assert app.state.keeping.save is not None  # kept, like any link game
    problem = app.screen().elements["link-problem"]
    assert not problem.hidden and problem.text == said(links.review_asked(tail, MOVES).problem)


def test_a_review_asked_at_a_computers_move_opens_without_a_move_chosen() -> None:
    game = game_of()
    fragment = links.review_fragment(game.record, ["human", "governor"], at=2)  # White's move
    app, effects = opened(BASE + fragment)
    assert app.mode is Mode.REVIEW
    review = app.state.game.review
    assert review is not None and review.plies == [1, 3, 5] and review.wanted is None
    problem = app.screen().elements["link-problem"]
    assert problem.text == t("link.review.not_reviewed", n=2) and not problem.hidden


def test_a_review_link_pasted_over_its_own_game_opens_the_review() -> None:
    game = game_of()
    app, _ = opened(BASE + links.fragment(game.record))
    assert app.mode is Mode.PLAYING
    effects = run(app, A.AddressChanged(links.review_fragment(game.record, at=3)))
    assert app.mode is Mode.REVIEW and A.StartWorker() in effects
    judged(app, effects)
    review = app.state.game.review
    assert review is not None and review.at == 3 and len(moves(app)) == MOVES
    run(app, A.AddressChanged(links.review_fragment(game.record, at=5)))  # another move
    assert review.at == 5


def test_the_copied_message_names_its_field() -> None:
    message = {"t": "copied", "ok": True, "field": "review-link"}
    settings = App(SaveStore(MemoryStorage())).state.start.settings
    assert events.to_action(message, settings) == A.Copied(True, "review-link")
    assert events.to_action({"t": "copied", "ok": False}, settings) == A.Copied(False, "link-url")
