"""Players read words, never notation: the undo message, the replay (its caption and its
list of moves), the share panel and the refusals say a move in words ("a blue tile on
c6 and c7"), never as a move code ("Yb5Bc5"), and a refusal names its rule in words as
a link to the readings (never "(Q6)"), in English, German and French."""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import qin
from qin import record_format

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "page"))

from qin_ui import actions as A  # noqa: E402
from qin_ui import i18n, links, setup, views, wording  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.elements import Screen  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402
from qin_ui.session import Session  # noqa: E402

MOVE_CODE = re.compile(r"(?<![A-Za-z0-9])[RYB][a-m]1?[0-9][RYB][a-m]1?[0-9](?![A-Za-z0-9])")
"""A move as the engine writes it: ``Yb5Bc5``, ``Ri7Ri8``."""
RULE_ID = re.compile(r"\bQ[0-9]{1,2}\b")
"""A decision's id, as in "(Q6)"."""
TAG = re.compile(r"<[^>]*>")
READ_ATTRS = re.compile(r'\b(?:title|aria-label|alt)="([^"]*)"')


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json")
                                      .read_text("utf-8"))
    return data


@pytest.fixture(params=i18n.LANGS)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each of the page's languages in turn (English again afterwards)."""
    code = str(request.param)
    i18n.set_language(code, catalogue(code))
    yield code
    i18n.set_language("en", catalogue("en"))


def words(markup: str) -> str:
    """What a player reads in some HTML: its text and its tooltips and labels."""
    said = READ_ATTRS.findall(markup)
    return html.unescape(" ".join([TAG.sub(" ", markup), *said]))


def screen_words(shown: Screen, ids: tuple[str, ...]) -> str:
    parts = []
    for key in ids:
        el = shown.elements.get(key)
        if el is not None:
            parts += [el.text or "", words(el.html or "")]
    return " ".join(parts)


def no_codes(said: str) -> None:
    assert said.strip()
    assert not MOVE_CODE.search(said), said
    assert not RULE_ID.search(said), said


def form(kinds: tuple[str, ...]) -> A.Form:
    names = ("Green", "White")[:len(kinds)]
    return A.Form(names, ("green", "white"), kinds, "bird", False, "7", "single")


def played_app(plies: int) -> App:
    app = App(SaveStore(MemoryStorage()))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.store(app.dispatch(A.StartGame(form(("human", "human")))))
    s = app.state.game.session
    assert s is not None
    for _ in range(plies):
        s.play(s.game.legal_moves()[len(s.game.moves) % len(s.game.legal_moves())])
        s.confirm()
    return app


def test_the_undo_message_says_the_move_in_words(lang: str) -> None:
    s = Session(setup.Settings(seats=(setup.Seat("Me", "green"),
                                      setup.Seat("White", "white", "apprentice")), seed=7))
    move = next(m for m in s.game.legal_moves() if not m.is_pass)
    s.play(move)
    s.computer_move()
    s.undo()
    said = wording.status(s)
    no_codes(said)
    a, b = move.squares
    assert a in said and b in said, said  # the squares, as the log says them
    assert i18n.colour(move.kind[0], "tile" if move.kind[0] == move.kind[1] else "") in said


def test_the_replay_caption_and_its_list_say_moves_in_words(lang: str) -> None:
    app = played_app(6)
    app.store(app.dispatch(A.Command("replay-open")))
    for _ in range(3):
        app.store(app.dispatch(A.Command("replay-step")))
    shown = app.screen()
    r = app.state.game.replay
    assert r is not None and r.cursor == 3
    no_codes(screen_words(shown, ("replay-caption", "log", "replay-bar")))
    caption = shown.elements["replay-caption"].text or ""
    assert all(sq in caption for sq in qin.Move.parse(r.log[2].move).squares), caption


def test_the_share_panel_says_no_move_code(lang: str) -> None:
    app = played_app(5)
    app.store(app.dispatch(A.Command("share")))
    app.store(app.dispatch(A.Copied(True)))
    shown = app.screen()
    assert shown.elements["link-panel"].hidden is False
    no_codes(screen_words(shown, ("link-panel", "link-message", "link-note", "status",
                                  "status-text", "status-detail")))
    app.store(app.dispatch(A.Command("link-play")))
    no_codes(screen_words(app.screen(), ("link-panel", "link-message", "link-note",
                                         "status", "status-text", "status-detail")))


def test_a_refusal_names_its_rule_in_words_as_a_link(lang: str) -> None:
    s = Session(setup.Settings(seed=3))
    s.select(0)
    s.hover("a1")  # far from every coloured square: refused (Q7)
    ghost = s.hover_state.ghost
    assert ghost is not None and not s.hover_state.ok
    no_codes(wording.why_not(s, ghost))
    box = views.info_html(s)
    no_codes(words(box))
    assert f'href="rules/readings-{lang}.html#q7"' in box
    link = re.search(r'<a [^>]*href="rules/readings-[^"]*"[^>]*>([^<]+)</a>', box)
    assert link is not None and link.group(1).strip()


def test_a_link_whose_move_cannot_be_played_says_why_in_words(lang: str) -> None:
    game = qin.Game.new(board="bird", players=2, seed=7)
    good = game.legal_moves()[0]
    game.play(good)
    record = game.record()
    record["moves"].append(str(good))  # the same squares again: covered
    code = record_format.link_code(record)
    with pytest.raises(links.LinkError) as info:
        links.read_link("#g=" + code)
    no_codes(str(info.value))
    assert "2" in str(info.value) and good.squares[0] in str(info.value)
