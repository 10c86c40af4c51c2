"""What a player expects of the game page and gets: a first game against the computer,
a link that keeps who is a computer, an undo that never takes back a known outcome
against the computer, a finished save that opens rather than resumes, a replay whose
table follows the replayed position.  CPython, no browser (the application and its
views, as tests/test_app.py drives them)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import qin
from qin import record_format

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "page"))

from qin_ui import actions as A  # noqa: E402
from qin_ui import players, setup  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import MemoryStorage, SavedGame, SaveStore  # noqa: E402
from qin_ui.session import Session  # noqa: E402


def booted() -> App:
    app = App(SaveStore(MemoryStorage()))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    return app


def form(kinds: tuple[str, ...], seed: str = "31", names: tuple[str, ...] = ("Green", "White",
         "Purple")) -> A.Form:
    colours = ("green", "white", "purple")[:len(kinds)]
    return A.Form(names[:len(kinds)], colours, kinds, "bird", False, seed, "single")


def started(kinds: tuple[str, ...], seed: str = "31") -> tuple[App, Session]:
    """A booted page with a game of ``kinds`` on screen."""
    app = booted()
    app.store(app.dispatch(A.StartGame(form(kinds, seed))))
    s = app.state.game.session
    assert s is not None
    return app, s


def play_to_end(s: Session) -> None:
    """Every seat's move played in turn (the cover lifted) until the game is over."""
    while not s.over:
        moves = s.game.legal_moves()
        s.play(moves[len(s.game.moves) % len(moves)])
        s.confirm()


def selected_kind(app: App, seat: int) -> str:
    """The player type the start screen shows as chosen for ``seat``."""
    seats = app.screen().elements["seats"].html or ""
    select = re.search(rf'<select id="seat-kind-{seat}"[^>]*>(.*?)</select>', seats)
    assert select is not None, seats
    chosen = re.search(r'<option value="([^"]+)" selected', select.group(1))
    assert chosen is not None
    return chosen.group(1)


def test_a_first_visit_is_set_up_against_the_computer() -> None:
    app = booted()
    assert app.mode is Mode.START
    assert selected_kind(app, 0) == "human"
    assert selected_kind(app, 1) == setup.OPENING_LEVEL == "apprentice"
    app.store(app.dispatch(A.StartGame(form(("human", "apprentice")))))
    s = app.state.game.session
    assert s is not None and not s.all_human and s.is_human(1) and not s.is_human(2)
    # hot seat is one choice away: the second seat's player type
    app = booted()
    app.store(app.dispatch(A.SetupEdited(form(("human", "human")), "kind", 1)))
    assert selected_kind(app, 1) == "human"
    # more players: the added seats are computers too
    app = booted()
    app.store(app.dispatch(A.SetupEdited(form(("human", "apprentice", "apprentice")),
                                         "players", 3)))
    assert [selected_kind(app, i) for i in range(3)] == ["human", "apprentice", "apprentice"]


def test_no_undo_once_a_game_against_the_computer_is_over() -> None:
    """Board Game Arena's policy: a misclick may be taken back, a known outcome not; the
    progress record counted the result, and the result stands."""
    app, s = started(("human", "apprentice"))
    s.play(next(m for m in s.game.legal_moves() if not m.is_pass))
    assert s.can_undo  # a misclick during the game: yes
    play_to_end(s)
    app.store(app.dispatch(A.Command("result-close")))
    played = list(s.game.moves)
    assert not s.can_undo
    for action in (A.Command("undo"), A.Key("u", on_board=True), A.Key("z", ctrl=True)):
        app.store(app.dispatch(action))
        assert list(s.game.moves) == played and s.over
    undo = app.screen().elements["undo"]
    assert undo.disabled is True
    assert "over" in dict(undo.attrs)["title"]
    # among humans at one table the last move may still be taken back
    _, h = started(("human", "human"))
    play_to_end(h)
    assert h.can_undo


def finished_game(seed: int = 31) -> qin.Game:
    game = qin.Game.new(board="bird", players=2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    return game


def test_a_finished_saved_game_offers_open_not_resume() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    finished = finished_game()
    over = store.save_game(finished, ["human", "human"], ["green", "white"],
                           recorder=finished.record)
    going = qin.Game.new(board="bird", players=2, seed=5)
    going.play(going.legal_moves()[0])
    on = store.save_game(going, ["human", "apprentice"], ["green", "white"], recorder=going.record)
    app = App(SaveStore(storage))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    listed = app.screen().elements["saved-list"].html or ""

    def button(save: SavedGame) -> str:
        sid = save.id
        row = re.search(rf'<li class="saved-game" data-id="{sid}".*?</li>', listed)
        assert row is not None, listed
        found = re.search(r'data-action="resume">([^<]+)</button>', row.group(0))
        assert found is not None
        return found.group(1)

    assert button(over) == "Open"
    assert button(on) == "Resume"


def test_the_replays_player_table_follows_the_replayed_position() -> None:
    app = booted()
    app.store(app.dispatch(A.Imported(json.dumps(finished_game().record()), "game.json")))
    app.store(app.dispatch(A.Command("result-close")))  # a finished game opens on its result
    app.store(app.dispatch(A.Command("replay-open")))
    for _ in range(11):
        app.store(app.dispatch(A.Command("replay-step")))
    r = app.state.game.replay
    assert r is not None and r.cursor == 11
    table = app.screen().elements["players"].html or ""
    shown = [(int(a), int(b)) for a, b in
             re.findall(r'data-on-board="(\d+)" data-left="(\d+)"', table)]
    at = r.game
    assert shown == [(at.on_board(p), at.supply(p)) for p in (1, 2)]
    final = r.final
    assert shown != [(final.on_board(p), final.supply(p)) for p in (1, 2)]
    pile = re.search(r'data-pile="(\d+)"', table)
    assert pile is not None and int(pile.group(1)) == at.pile_count != final.pile_count
    app.store(app.dispatch(A.Command("replay-exit")))  # back to the game: its own counts
    table = app.screen().elements["players"].html or ""
    assert re.findall(r'data-on-board="(\d+)"', table) == [
        str(final.on_board(p)) for p in (1, 2)]


GLYPH = re.compile("[\u2190-\u21ff\u2300-\u23ff\u25a0-\u25ff\u2700-\u27bf\u2900-\u297f"
                   "\u2b00-\u2bff\U0001f300-\U0001faff]")
"""Arrows, media and geometric symbols: what a button would draw with a font's glyph."""


def test_buttons_draw_svg_icons_not_font_glyphs() -> None:
    page = (ROOT / "web" / "page" / "index.html").read_text("utf-8")
    buttons = re.findall(r"<button\b[^>]*>(.*?)</button>", page, re.S)
    assert len(buttons) > 20
    for inner in buttons:
        drawn = re.sub(r"<svg\b.*?</svg>", "", inner, flags=re.S)
        assert not GLYPH.search(re.sub(r"<[^>]*>", "", drawn)), inner
    for name in ("replay-start", "replay-back", "replay-play", "replay-step", "replay-end",
                 "rotate", "undo", "export-game"):
        inner = re.search(rf'<button\b[^>]*id="{name}"[^>]*>(.*?)</button>', page, re.S)
        assert inner is not None and "<svg" in inner.group(1), name
    for lang in ("en", "de", "fr"):
        words = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        assert not GLYPH.search(words["replay.play"] + words["replay.pause"])
    app, s = started(("human", "human"), "3")
    table = app.screen().elements["players"].html or ""
    assert 'class="turn-marker"' in table and not GLYPH.search(re.sub(r"<[^>]*>", "", table))
    s.play(s.game.legal_moves()[0])
    s.confirm()
    app.store(app.dispatch(A.Command("replay-open")))
    app.store(app.dispatch(A.Command("replay-play")))
    shown = app.screen().elements
    assert ("playing", True) in shown["replay-play"].classes
    assert not GLYPH.search(shown["replay-play-label"].text or "")


def test_the_keyboard_cursor_goes_with_a_mouse_click_and_the_end_of_the_game() -> None:
    app, s = started(("human", "human"))
    app.store(app.dispatch(A.Key("ArrowRight", on_board=True)))
    assert app.screen().cursor is not None  # the arrow keys show the cursor square
    app.store(app.dispatch(A.Pointer("mouse")))
    app.store(app.dispatch(A.BoardClick("a1")))
    assert app.screen().cursor is None  # played by mouse: no cursor square left behind
    app.store(app.dispatch(A.Key("ArrowRight", on_board=True)))
    assert app.screen().cursor is not None
    play_to_end(s)
    app.store(app.dispatch(A.Command("result-close")))
    assert app.screen().cursor is None  # the game is over: nothing to aim at
    css = (ROOT / "web" / "page" / "style.css").read_text("utf-8")
    cursor_rules = re.findall(r"([^{}]*\.sq\.cursor[^{}]*)\{", css)
    assert cursor_rules and all(":focus-visible" in rule for rule in cursor_rules)
    ring = re.findall(r"([^{}]*#board-area:focus(?![-\w])[^{}]*)\{([^}]*)\}", css)
    assert all("outline: none" in body for _, body in ring), ring


def test_a_shared_link_keeps_who_is_a_computer_and_the_hints() -> None:
    assert tuple(players.KINDS) == record_format.SEAT_KINDS
    app, s = started(("human", "minister"), "5")
    s.hints = [2, 0]
    s.play(next(m for m in s.game.legal_moves() if not m.is_pass))
    app.store(app.dispatch(A.Command("share")))
    url = app.state.link.link_url
    assert "#g=" in url
    other = App(SaveStore(MemoryStorage()))  # another browser opens the link
    other.store(other.dispatch(A.Boot(url, "#" + url.split("#", 1)[1])))
    opened = other.state.game.session
    assert opened is not None
    assert [seat.kind for seat in opened.settings.seats] == ["human", "minister"]
    assert opened.is_human(1) and not opened.is_human(2)
    assert opened.hints == [2, 0]
    assert [str(m) for m in opened.game.moves] == [str(m) for m in s.game.moves]
