# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""The game page's application (web/page/qin_ui/app.py): modes, the key table, one
dispatch, saving as a consequence of a change.  CPython, no browser: the storage is a
``MemoryStorage`` and the effects are looked at, not run (apart from ``Save``)."""

from __future__ import annotations

import difflib
import json
import re
import sys
import typing
from dataclasses import replace
from pathlib import Path

import pytest

import qin

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import players, tutorial  # noqa: E402
from qin_ui.app import ACCEPTS, App  # noqa: E402
from qin_ui.keyboard import command_for  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.replay import Replay  # noqa: E402
from qin_ui.saves import PREFIX, MemoryStorage, SaveStore  # noqa: E402
from qin_ui.session import Session  # noqa: E402

KEYS = [A.Key(k, shift=shift, ctrl=ctrl, on_board=True) for k, shift, ctrl in (
    ("ArrowLeft", False, False), ("ArrowRight", False, False), ("ArrowUp", False, False),
    ("ArrowDown", False, False), ("n", False, False), ("N", True, False),
    ("1", False, False), ("2", False, False), ("3", False, False), ("r", False, False),
    ("R", True, False), ("Enter", False, False), (" ", False, False), ("p", False, False),
    ("u", False, False), ("z", False, True), ("l", False, False), ("b", False, False),
    ("h", False, False), ("t", False, False), ("Escape", False, False))]
"""Every shortcut key, pressed on the board."""


def form(kinds: tuple[str, ...] = ("human", "human"), seed: str = "7",
         plan: str = "single", board: str = "bird") -> A.Form:
    names = ("Green", "White", "Purple", "Black")[:len(kinds)]
    colours = ("green", "white", "purple", "black")[:len(kinds)]
    return A.Form(names, colours, kinds, board, False, seed, plan)


def new_app(storage: MemoryStorage | None = None) -> App:
    """The page's application booted on ``storage`` (an empty one by default)."""
    app = App(SaveStore(storage if storage is not None else MemoryStorage()))
    run(app, A.Boot("http://localhost/", ""))
    return app


def refusing(key: str) -> MemoryStorage:
    """A storage full for ``key``: its writes refused as a browser's quota refuses them."""
    class Refusing(MemoryStorage):
        def set(self, name: str, value: str) -> None:
            if name == key:
                raise OSError("QuotaExceededError")
            super().set(name, value)

    return Refusing()


def against_governor(given: A.Form | None = None) -> App:
    """A game against the Governor (``given``, else this module's ``form`` of a human and
    the Governor), the human to move first, the worker ready."""
    app = new_app()
    run(app, A.StartGame(given if given is not None else form(("human", "governor"))))
    run(app, A.WorkerReady())
    assert app.mode is Mode.PLAYING
    return app


def session(app: App) -> Session:
    """The game on screen (there must be one)."""
    s = app.state.game.session
    assert s is not None
    return s


def run(app: App, action: A.Action) -> list[A.Effect]:
    """As the page does: dispatch, then the storing effects; the rest is returned."""
    return app.store(app.dispatch(action))


def stored(app: App) -> dict[str, str]:
    """What is stored, but the start screen's HTML for the next visit (``qin.start``,
    which follows what the page shows: tests/test_start_screen.py)."""
    storage = app.saves.storage
    assert isinstance(storage, MemoryStorage)
    return {key: value for key, value in storage.data.items() if key != "qin.start"}


def moves(app: App) -> list[str]:
    assert app.state.game.session is not None
    return [str(m) for m in app.state.game.session.game.moves]


def play_one(app: App) -> None:
    """One human move by pointer: lift the cover, pick the first playable tile, click
    its first legal square (or pass)."""
    if app.mode is Mode.COVER:
        run(app, A.Command("cover-ok"))
    s = app.state.game.session
    assert s is not None and app.mode is Mode.PLAYING
    if s.must_pass:
        run(app, A.Command("pass"))
        return
    hand = s.visible_hand()
    assert hand is not None
    run(app, A.Command("select", str(next(i for i, k in enumerate(hand) if s.playable(k)))))
    run(app, A.BoardClick(s.legal_squares()[0]))


def replayed(app: App, moves: int) -> Replay:
    """The replay opened after ``moves`` human moves (the cover lifted first)."""
    for _ in range(moves):
        play_one(app)
    run(app, A.Command("cover-ok"))
    run(app, A.Command("replay-open"))
    replay = app.state.game.replay
    assert replay is not None
    return replay


def pick_playable(app: App) -> Session:
    """Pick the first playable tile of the hand on screen; returns the session."""
    s = app.state.game.session
    assert s is not None
    hand = s.visible_hand()
    assert hand is not None
    run(app, A.Command("select", str(next(i for i, k in enumerate(hand) if s.playable(k)))))
    return s


def finished(seed: int = 31) -> qin.Game:
    game = qin.Game.new(board="bird", players=2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    return game


@pytest.fixture
def hot_seat() -> App:
    app = new_app()
    run(app, A.StartGame(form()))
    return app


# -- the key table -----------------------------------------------------------------------
def test_the_key_table() -> None:
    table = {k.key + ("+shift" if k.shift else "") + ("+ctrl" if k.ctrl else ""):
             command_for(k) for k in KEYS}
    assert table == {
        "ArrowLeft": A.Command("cursor", "-1,0"), "ArrowRight": A.Command("cursor", "1,0"),
        "ArrowUp": A.Command("cursor", "0,-1"), "ArrowDown": A.Command("cursor", "0,1"),
        "n": A.Command("jump", "1"), "N+shift": A.Command("jump", "-1"),
        "1": A.Command("select", "0"), "2": A.Command("select", "1"),
        "3": A.Command("select", "2"), "r": A.Command("rotate", "1"),
        "R+shift": A.Command("rotate", "-1"), "Enter": A.Command("place"),
        " ": A.Command("place"), "p": A.Command("pass"), "u": A.Command("undo"),
        "z+ctrl": A.Command("undo"), "l": A.Command("focus-log"),
        "b": A.Command("focus-board"), "h": A.Command("hint"), "t": A.Command("hint-take"),
        "Escape": A.Command("escape", "board")}
    # Off the board, the arrows, N and Enter are the page's own (no command).
    for key in ("ArrowLeft", "n", "Enter", " "):
        assert command_for(A.Key(key)) is None
    # In a replay the arrows step it and Escape leaves it; on a result Escape closes it.
    assert command_for(A.Key("ArrowRight"), Mode.REPLAY) == A.Command("replay-step")
    assert command_for(A.Key("ArrowLeft"), Mode.REPLAY) == A.Command("replay-back")
    assert command_for(A.Key("Escape"), Mode.REPLAY) == A.Command("replay-exit")
    assert command_for(A.Key("Escape"), Mode.RESULT) == A.Command("result-close")
    assert command_for(A.Key("x")) is None


def test_every_command_is_taken_by_some_mode_and_every_name_taken_is_known() -> None:
    """The modes' table names commands (``actions.CommandName``) and the other actions
    by their ``name``: a name taken nowhere, or taken but never sent, is a mistake."""
    sent = {cls.name for cls in typing.get_args(A.Action) if cls not in (A.Key, A.Command)}
    taken = set().union(*ACCEPTS.values())
    assert taken == A.COMMAND_NAMES | sent
    assert A.command_named("replay-step") == A.Command("replay-step")
    assert A.command_named("replay-bogus") is None


def test_each_feature_s_handlers_live_in_the_module_named_for_it() -> None:
    """A reader finds a feature's handlers in one module (``docs/architecture.md``,
    "Modes"): the hints' in ``hints``, the replay's and the review's in ``replaying``."""
    from qin_ui import app as app_module

    def homes(routes: typing.Mapping[str, object]) -> set[str]:
        return {getattr(handler, "__module__", "") for handler in routes.values()}

    assert homes(app_module.HINTS) == {"qin_ui.hints"}
    assert app_module.PAGE["hint-answer"].__module__ == "qin_ui.hints"  # the worker's answer
    assert homes(app_module.REVIEWING) == {"qin_ui.replaying"}
    assert homes({n: h for n, h in app_module.REPLAYING.items() if n.startswith("replay-")}) \
        == {"qin_ui.replaying"}


def test_every_mode_accepts_only_what_it_shows() -> None:
    assert set(ACCEPTS) == set(Mode)
    game_changes = {"select", "rotate", "place", "pass", "undo", "wheel", "hint",
                    "hint-take", "hint-dismiss"}
    for mode in (Mode.START, Mode.REPLAY, Mode.REVIEW, Mode.RESULT, Mode.SERIES,
                 Mode.COVER, Mode.WATCHING):
        assert not ACCEPTS[mode] & game_changes, mode
    assert ACCEPTS[Mode.THINKING] & game_changes == {"undo"}  # the undo button shows
    assert game_changes <= ACCEPTS[Mode.PLAYING]
    assert not ACCEPTS[Mode.NOTICE] & game_changes


# -- the replay case ---------------------------------------------------------------------
def test_undo_keys_in_a_replay_leave_the_live_game_and_its_save_alone(hot_seat: App) -> None:
    app = hot_seat
    for _ in range(4):
        play_one(app)
    run(app, A.Command("cover-ok"))
    before, saved = moves(app), stored(app)
    assert len(before) == 4
    run(app, A.Command("replay-open"))
    assert app.mode is Mode.REPLAY
    for key in ("u", "u"):
        assert app.dispatch(A.Key(key, on_board=True)) == []
    assert "replay" in app.state.spoken  # said to a screen reader
    run(app, A.Command("replay-exit"))
    assert app.mode is Mode.PLAYING
    assert moves(app) == before and stored(app) == saved


def test_every_key_in_a_replay_steps_it_or_does_nothing(hot_seat: App) -> None:
    app = hot_seat
    for _ in range(3):
        play_one(app)
    run(app, A.Command("cover-ok"))
    before, saved = moves(app), stored(app)
    run(app, A.Command("replay-open"))
    replay = app.state.game.replay
    assert replay is not None
    for key in KEYS:
        cursor = replay.cursor
        effects = run(app, key)
        if key.key == "Escape":
            assert app.mode is Mode.PLAYING
            break
        assert app.mode is Mode.REPLAY
        step = {"ArrowRight": 1, "ArrowLeft": -1}.get(key.key, 0)
        assert replay.cursor == max(0, cursor + step)
        assert moves(app) == before and stored(app) == saved
        assert all(not isinstance(e, A.Save) for e in effects)
    assert app.state.game.replay is None and moves(app) == before and stored(app) == saved


def test_a_replay_offers_the_way_back_not_itself(hot_seat: App) -> None:
    """While a replay (or its review) is open, the game's tools do not offer Replay: the
    replay's bar holds the way back ("Back to the game", Escape); the replay's own
    command, sent by a click on a button drawn before, a key or anything else, is not
    taken there (it neither closes the replay nor opens it again).  Back in the game,
    Replay is offered again, and the focus a hidden button had goes to what shows in
    its place."""
    app = hot_seat
    for _ in range(2):
        play_one(app)
    run(app, A.Command("cover-ok"))

    def offered() -> tuple[bool, bool]:
        els = app.screen().elements
        return not els["replay-open"].hidden, not els["replay-bar"].hidden

    assert offered() == (True, False)
    effects = run(app, A.Command("replay-open"))
    assert app.mode is Mode.REPLAY and offered() == (False, True)
    # a keyboard player who pressed Replay: the focus, lost with it, to the next move
    assert A.Focus("replay-step", lost=True) in effects
    assert "replay-open" not in ACCEPTS[Mode.REPLAY] | ACCEPTS[Mode.REVIEW]
    replay = app.state.game.replay
    assert replay is not None
    run(app, A.Command("replay-step"))
    assert app.dispatch(A.Command("replay-open")) == []  # a click sent before it hid
    assert app.mode is Mode.REPLAY and app.state.game.replay is replay and replay.cursor == 1
    for mode in Mode:  # no key means Replay anywhere: it is the button's alone
        assert all(command_for(key, mode) != A.Command("replay-open") for key in KEYS)
    effects = run(app, A.Command("replay-exit"))
    assert app.mode is Mode.PLAYING and offered() == (True, False)
    assert A.Focus("replay-open", lost=True) in effects
    # the review beside the replay: the same
    run(app, A.Command("replay-open"))
    run(app, A.Command("review-open"))
    assert app.mode is Mode.REVIEW and offered() == (False, True)


def test_a_move_chosen_in_the_replay_s_log_is_shown_there(hot_seat: App) -> None:
    """A move chosen in the replay's log (a click, or Enter on it) is brought into view
    with its events in the log's box and the side panel (``Reveal``: the move last, so
    it shows if both do not fit), its button keeping the focus; the slider, which the
    log does not hold, reveals nothing."""
    app = hot_seat
    replayed(app, 3)
    effects = run(app, A.Command("replay-jump", "1 list"))
    assert app.state.game.replay is not None and app.state.game.replay.cursor == 1
    assert A.Reveal(("log-said-1", "log-move-1")) in effects
    log = app.screen().elements["log"].html or ""
    assert re.search(r'<button [^>]*id="log-move-1".*?</button><ul id="log-said-1">', log)
    assert A.Focus("log-move-1") in effects
    effects = run(app, A.Command("replay-jump", "2"))  # the slider: the log follows it
    assert app.state.game.replay is not None and app.state.game.replay.cursor == 2
    assert A.Reveal(("log-said-2", "log-move-2")) in effects
    assert not any(isinstance(e, A.Focus) for e in effects)


def test_a_move_chosen_in_the_log_stops_the_replay_s_autoplay(hot_seat: App) -> None:
    """A move chosen in the replay's log while the autoplay runs stops it there: its
    next tick moves nothing (before, the tick stepped on from the move chosen and went on
    playing, the Play button off)."""
    app = hot_seat
    replay = replayed(app, 4)
    run(app, A.Command("replay-start"))
    effects = run(app, A.Command("replay-play"))
    timer = next(e for e in effects if isinstance(e, A.After))
    run(app, A.Command("replay-jump", "2 list"))
    assert replay.cursor == 2 and not replay.playing
    assert run(app, A.Timer(timer.token)) == []
    assert replay.cursor == 2 and not replay.playing


def test_the_replay_s_log_follows_each_step(hot_seat: App) -> None:
    """Stepping through a replay (its buttons, the arrow keys, the slider, its autoplay)
    brings the move the board shows into view in the log, with its events (``Reveal``, as
    a move chosen there; before the first move, the first move, where it goes on), the
    focus left where it is.  In a review the log follows in its own box only: the side
    panel shows the review, which the player reads."""
    app = hot_seat
    replay = replayed(app, 3)

    def shown(effects: list[A.Effect]) -> A.Reveal:
        found = [e for e in effects if isinstance(e, A.Reveal)]
        assert len(found) == 1 and not any(isinstance(e, A.Focus) for e in effects), effects
        return found[0]

    def at(n: int, inner: bool = False) -> A.Reveal:
        return A.Reveal((f"log-said-{n}", f"log-move-{n}"), inner=inner)

    assert shown(run(app, A.Command("replay-end"))) == at(3) and replay.cursor == 3
    assert shown(run(app, A.Key("ArrowLeft"))) == at(2)
    assert shown(run(app, A.Command("replay-back"))) == at(1)
    assert shown(run(app, A.Command("replay-start"))) == A.Reveal(("log-move-1",))
    assert shown(run(app, A.Key("ArrowRight"))) == at(1)
    assert shown(run(app, A.Command("replay-step"))) == at(2)
    effects = run(app, A.Command("replay-play"))  # the autoplay: each move it plays
    timer = next(e for e in effects if isinstance(e, A.After))
    assert shown(run(app, A.Timer(timer.token))) == at(3) and replay.cursor == 3
    run(app, A.Command("review-open"))
    assert app.mode is Mode.REVIEW
    assert shown(run(app, A.Key("ArrowLeft"))) == at(2, inner=True)
    assert shown(run(app, A.Command("replay-jump", "1"))) == at(1, inner=True)


def test_a_replay_s_players_are_said_in_the_language_chosen(hot_seat: App) -> None:
    """The players beside a replay (their kinds, their pagodas on the board and left)
    follow a language chosen while the replay shows, as its other words do."""
    app = hot_seat
    play_one(app)
    run(app, A.Command("cover-ok"))
    run(app, A.Command("replay-open"))
    assert "Human" in (app.screen().elements["players"].html or "")
    german = (WEB.parent / "i18n" / "de.json").read_text(encoding="utf-8")
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")
    try:
        run(app, A.LanguageChosen("de", german, form()))
        players = app.screen().elements["players"].html or ""
        assert "Mensch" in players and "Human" not in players
    finally:
        run(app, A.LanguageChosen("en", english, form()))


def test_the_header_s_game_name_beside_the_start_screen_follows_the_language(
        hot_seat: App) -> None:
    """The game's name in the header (board, players, seed) on the start screen beside
    a game is said in a language chosen there, as in the game."""
    app = hot_seat
    run(app, A.Command("new-game"))
    assert app.mode is Mode.START
    assert "players" in str(app.screen().elements["game-meta"].text)
    german = (WEB.parent / "i18n" / "de.json").read_text(encoding="utf-8")
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")
    try:
        run(app, A.LanguageChosen("de", german, form()))
        assert "Spieler" in str(app.screen().elements["game-meta"].text)
    finally:
        run(app, A.LanguageChosen("en", english, form()))
    assert "players" in str(app.screen().elements["game-meta"].text)


def test_the_header_names_a_game_beside_the_start_screen_only_behind_back_to_the_game(
        hot_seat: App) -> None:
    """The page opened on the start screen with a saved game (not left open): the header
    names no game, as before a visit to it; once that game was opened and the player came
    back to the start screen, the header names it, beside "Back to the game" (the game
    it returns to).  Saved games are named in their list, not in the header."""
    storage = hot_seat.saves.storage
    assert isinstance(storage, MemoryStorage)
    saved = hot_seat.state.keeping.save
    assert saved is not None
    storage.data.pop("qin.current", None)  # kept, not left open
    app = new_app(MemoryStorage(dict(storage.data)))
    shown = app.screen().elements
    assert app.mode is Mode.START and app.state.start.entries
    assert (shown["game-meta"].text, shown["back-to-game"].hidden) == ("", True)
    run(app, A.Command("resume", saved.id))
    run(app, A.Command("new-game"))
    shown = app.screen().elements
    assert "players" in str(shown["game-meta"].text) and shown["back-to-game"].hidden is False


def test_a_language_chosen_during_a_game_words_its_log_and_replay_anew() -> None:
    """A language chosen during a hot-seat game: the game's log (every move's events)
    and its copied link's note, then its replay (caption, moves, their events) say
    everything as they would had the player chosen that language first (the seats named
    by their colour, "Green" and "White" on the English start screen, are "Grün" and
    "Weiß" as the German start screen names them)."""
    german = (WEB.parent / "i18n" / "de.json").read_text(encoding="utf-8")
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")

    def words(app: App) -> dict[str, tuple[object, ...]]:
        return {name: (el.text, el.html, el.attrs)
                for name, el in app.screen().elements.items() if name != "announce"}

    def played(app: App, replay: bool, names: tuple[str, ...] = ("Green", "White")) -> App:
        run(app, A.StartGame(replace(form(), names=names)))
        for _ in range(4):
            play_one(app)
        run(app, A.Command("cover-ok"))
        run(app, A.Command("share"))
        run(app, A.Copied(False))  # the note: how to copy it by hand
        assert app.screen().elements["link-message"].text
        if replay:
            run(app, A.Command("replay-open"))
            for _ in range(3):
                run(app, A.Command("replay-step"))
        return app

    try:
        for replay in (False, True):
            switched = played(new_app(), replay)
            words(switched)  # drawn in English first
            run(switched, A.LanguageChosen("de", german, form()))
            after = words(switched)
            run(switched, A.LanguageChosen("en", english, form()))
            first = new_app()
            run(first, A.LanguageChosen("de", german, form()))
            expected = words(played(first, replay, ("Grün", "Weiß")))
            run(first, A.LanguageChosen("en", english, form()))
            assert not {n for n in expected if after.get(n) != expected[n]}, replay
            assert "Weiß" in str(after["log"]) and "White" not in str(after["log"]), after["log"]
    finally:
        run(new_app(), A.LanguageChosen("en", english, form()))


def test_a_seat_named_by_its_colour_is_named_in_the_page_s_language_everywhere() -> None:
    """A seat keeping its colour's name ("White", as the start screen names it) is named
    in the page's language wherever the page names seats: the status, the hand-over
    cover, the scores, the log, the saved games, a game resumed, a record from before
    imported; a name a player typed ("Anna") stays as typed, and the record keeps the
    names the game was started with."""
    german = (WEB.parent / "i18n" / "de.json").read_text(encoding="utf-8")
    french = (WEB.parent / "i18n" / "fr.json").read_text(encoding="utf-8")
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")

    def said(app: App) -> str:
        els = app.screen().elements
        return " ".join(str(v) for name in ("status-text", "cover-text", "players", "log",
                                            "hand", "saved-list")
                        if name in els for v in (els[name].text, els[name].html) if v)

    app = new_app()
    run(app, A.StartGame(replace(form(), names=("Anna", "White"))))
    for _ in range(3):
        play_one(app)
    try:
        run(app, A.LanguageChosen("de", german, form()))
        assert app.mode is Mode.COVER
        words = said(app)
        assert "Weiß" in words and "Anna" in words and "White" not in words, words
        saves = [json.loads(v) for k, v in stored(app).items() if k.startswith(PREFIX)]
        assert [save["record"]["names"] for save in saves] == [["Anna", "White"]]
        # the game resumed by a page opened in German, and its line in the saved games
        again = new_app(MemoryStorage(dict(stored(app))))
        assert again.state.game.session is not None
        words = said(again)
        assert "Weiß" in words and "White" not in words, words
        run(again, A.Command("new-game"))
        words = said(again)
        assert "Anna gegen Weiß" in words and "White" not in words, words
        assert again.state.start.settings.names == ["Anna", "Weiß"]  # its next game's
        # a record written before, its seats named by their colour in English, imported
        # into a page in French
        run(app, A.LanguageChosen("fr", french, form()))
        game = qin.Game.new(board="bird", players=2, seed=5, names=["Green", "White"])
        game.play(game.legal_moves()[0])
        fresh = new_app()
        run(fresh, A.Imported(json.dumps(game.record()), "game.json"))
        words = said(fresh)
        assert "Blanc" in words and "Vert" in words, words
        assert "White" not in words and "Green" not in words, words
    finally:
        run(app, A.LanguageChosen("en", english, form()))
    words = said(app)
    assert "White" in words and "Weiß" not in words, words


def begun(seed: int = 31) -> qin.Game:
    """A game of three moves."""
    game = qin.Game.new(board="bird", players=2, seed=seed)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    return game


def opened_unreadable(app: App) -> None:
    """A saved game whose text cannot be read (written elsewhere), opened."""
    app.saves.storage.set(PREFIX + "broken", "{")
    run(app, A.Command("resume", "broken"))


def opened_later(app: App) -> None:
    """A saved game written by a later version of the page (another format), opened."""
    app.saves.storage.set(PREFIX + "later", json.dumps({"format": "qin-save/9", "id": "later"}))
    run(app, A.Command("resume", "later"))


def edited_save(app: App, change: typing.Callable[[dict[str, typing.Any]], object]) -> str:
    """The text of a game saved, then changed by hand (``change``), stored again."""
    run(app, A.StartGame(named()))
    play_one(app)
    ref = app.state.keeping.save
    assert ref is not None
    text = app.saves.storage.get(PREFIX + ref.id)
    assert text is not None
    data = json.loads(text)
    change(data)
    edited = json.dumps(data)
    app.saves.storage.set(PREFIX + ref.id, edited)
    run(app, A.Command("new-game"))
    return ref.id


def opened_edited(app: App) -> None:
    """A saved game whose seat types were edited by hand (one for two seats), opened."""
    run(app, A.Command("resume", edited_save(app, lambda d: d["ui"].update(kinds=["human"]))))


def imported_edited(app: App) -> None:
    """A saved game's file with no valid id (edited by hand), imported."""
    save_id = edited_save(app, lambda d: d.update(id=""))
    text = app.saves.storage.get(PREFIX + save_id)
    assert text is not None
    run(app, A.Imported(text, "edited.json"))


def opened_record_edited(app: App) -> None:
    """A saved game whose record's seed was edited by hand (no number), opened."""
    run(app, A.Command("resume", edited_save(app, lambda d: d["record"].update(seed="x"))))


def opened_series_with(app: App, length: str, games: list[dict[str, typing.Any]]) -> None:
    """A series of Ann and Ben (``length`` as the start screen's form says it) started,
    its save's finished games replaced by ``games`` (as if edited by hand), opened."""
    run(app, A.StartGame(A.Form(("Ann", "Ben"), ("green", "white"), ("human", "human"),
                                "bird", False, "7", length)))
    ref = app.state.keeping.save
    assert ref is not None
    text = app.saves.storage.get(PREFIX + ref.id)
    assert text is not None
    data = json.loads(text)
    assert isinstance(data.get("series"), dict)
    data["series"]["games"] = games
    app.saves.storage.set(PREFIX + ref.id, json.dumps(data))
    run(app, A.Command("new-game"))
    run(app, A.Command("resume", ref.id))


def opened_series_edited(app: App) -> None:
    """A saved series whose finished game's record was edited by hand, opened."""
    opened_series_with(app, "sides", [{**begun().record(), "seed": "x"}])


def game_without_record(app: App) -> None:
    """A game that was set up from a position (no seed: no record; the page deals every
    game it plays, so only a program gets there)."""
    run(app, A.StartGame(named()))
    session = app.state.game.session
    assert session is not None
    session.game = qin.Game.from_position(session.game.to_position())


def replay_without_record(app: App) -> None:
    """The replay asked of a game that has no record (``game_without_record``)."""
    game_without_record(app)
    run(app, A.Command("replay-open"))


def unknown_level_saved(app: App) -> str:
    """The id of a saved game whose computer is of a level this page does not have (the
    page's store knows its player types); the start screen shows."""
    app.saves.known_kinds = tuple(players.KINDS)
    run(app, A.StartGame(named(("human", "governor"))))
    ref = app.state.keeping.save
    assert ref is not None
    storage = app.saves.storage
    text = storage.get(PREFIX + ref.id)
    assert text is not None
    storage.set(PREFIX + ref.id, text.replace('"governor"', '"grandmaster"'))
    run(app, A.Command("new-game"))
    return ref.id


def export_without_record(app: App) -> None:
    """The export asked of a game that has no record (``game_without_record``)."""
    game_without_record(app)
    run(app, A.Command("export"))


def opened_unknown_level(app: App) -> None:
    """A saved game whose computer is of a level this page does not have, opened: a
    human plays that seat, and the save's state says so."""
    run(app, A.Command("resume", unknown_level_saved(app)))


def imported_unknown_level(app: App) -> None:
    """The same saved game's file, imported: the same note."""
    text = app.saves.storage.get(PREFIX + unknown_level_saved(app))
    assert text is not None
    run(app, A.Imported(text, "level.json"))


def opened_series_other_players(app: App) -> None:
    """A saved series whose second finished game was played by others (edited by hand),
    opened: that game cannot count in the series, and the engine says why."""
    ours = finished().record()
    opened_series_with(app, "four", [{**ours, "names": ["Ann", "Ben"]},
                                     {**ours, "names": ["Cy", "Dee"]}])


def rule_broken() -> dict[str, object]:
    """A game record whose third move is its first again (that square is taken)."""
    record = begun().record()
    record["moves"] = [*record["moves"][:2], record["moves"][0]]
    checked: dict[str, object] = qin.records.checked(record)
    return checked


class Closed(MemoryStorage):
    """A browser's storage that reads nothing (private mode, blocked), or refuses to
    remove anything."""

    def __init__(self, listing: bool = False) -> None:
        super().__init__()
        self.listing = listing

    def all_keys(self) -> list[str]:
        if not self.listing:
            raise RuntimeError("SecurityError")
        return super().all_keys()

    def remove(self, key: str) -> None:
        raise RuntimeError("SecurityError")


def closed_storage(app: App) -> None:
    """The storage closed during a game, then the start screen (its saved games listed)."""
    run(app, A.StartGame(named()))
    app.saves.storage = Closed()
    run(app, A.Command("new-game"))


def refused_deletion(app: App) -> None:
    """A saved game whose deletion the browser refuses."""
    app.saves.storage = Closed(listing=True)
    run(app, A.StartGame(named()))
    run(app, A.Command("new-game"))
    run(app, A.Command("delete", app.state.start.entries[0].id))


def broken_progress(app: App) -> None:
    """A progress file whose games cannot be read, imported: refused, in words."""
    run(app, A.Imported('{"format": "qin-progress/1", "games": 3}', "bad.json"))


NOTES: dict[str, typing.Callable[[App], object]] = {
    "a game imported": lambda app: (
        run(app, A.Imported(json.dumps(begun().record()), "game.json")),
        run(app, A.Command("new-game"))),
    "a file that is no game": lambda app: run(app, A.Imported("hello", "notes.txt")),
    "a file cut off": lambda app: run(app, A.Imported('{"format": "qin-', "cut.json")),
    "a file the page refused": lambda app: run(
        app, A.ImportRefused("huge.json", "import.too_large")),
    "a file the browser could not read, and why": lambda app: run(
        app, A.ImportRefused("game.json", "import.unreadable", "NotReadableError")),
    "a file the browser could not read, without a reason": lambda app: run(
        app, A.ImportRefused("game.json", "import.unreadable")),
    "progress imported": lambda app: run(app, A.Imported(json.dumps(
        {"format": "qin-progress/1", "games": [
            {"id": "g1", "level": "governor", "players": 2, "result": "won"}]}), "p.json")),
    "a progress file refused": broken_progress,
    "a saved game deleted": lambda app: (
        run(app, A.StartGame(named())), run(app, A.Command("new-game")),
        run(app, A.Command("delete", app.state.start.entries[0].id))),
    "a deleted game put back": lambda app: (
        run(app, A.StartGame(named())), run(app, A.Command("new-game")),
        run(app, A.Command("delete", app.state.start.entries[0].id)),
        run(app, A.Command("undelete"))),
    "an empty link pasted on the start screen": lambda app: run(
        app, A.AddressChanged("#g=")),
    "a damaged link pasted during a game": lambda app: (
        run(app, A.StartGame(form())), run(app, A.AddressChanged("#g=AQAAAAAA"))),
    "a link cut off pasted on the start screen": lambda app: run(
        app, A.AddressChanged("#g=" + qin.records.to_url(begun())[:6])),
    "a link whose move breaks the rules": lambda app: run(
        app, A.AddressChanged("#g=" + qin.records.link_code(rule_broken()))),
    "a link with a part the page does not know": lambda app: run(app, A.AddressChanged(
        "#g=" + qin.records.to_url(finished()) + "&zzz")),
    "a start refused (one name twice, a seed that is no number)": lambda app: run(
        app, A.StartGame(A.Form(("Ann", "Ann"), ("green", "white"), ("human", "human"),
                                "bird", False, "x", "single"))),
    "a saved game that cannot be read opened": opened_unreadable,
    "a saved game of a later version of the page opened": opened_later,
    "a saved game edited by hand opened": opened_edited,
    "a saved game edited by hand imported": imported_edited,
    "a saved game whose record was edited by hand opened": opened_record_edited,
    "a saved series whose game was edited by hand opened": opened_series_edited,
    "a replay asked of a game that has no record": replay_without_record,
    "an export asked of a game that has no record": export_without_record,
    "a saved game of a computer this page does not have opened": opened_unknown_level,
    "a saved game of a computer this page does not have imported": imported_unknown_level,
    "a saved series whose games have other players opened": opened_series_other_players,
    "the browser's storage closed": closed_storage,
    "a deletion the browser refused": refused_deletion,
    "a write the browser refused": lambda app: (
        run(app, A.StartGame(form())),
        run(app, A.StorageFailed(PREFIX + session_ref(app), "SecurityError"))),
}
"""Notes the page shows after an action (the start screen's saved games, imports, a
link's problem, the save's state), by what the player did."""


NOTE_ELEMENTS = ("saved-message", "setup-problems", "link-problem", "save-state")
"""Where those notes show: the start screen's saved games and why a game did not
start, the game's link problem, its save's state."""


def named(kinds: tuple[str, str] = ("human", "human")) -> A.Form:
    """Two players with names of their own (a colour's name as a player's name is said
    in the language chosen: a switch renames it)."""
    return A.Form(("Ann", "Ben"), ("green", "white"), kinds, "bird", False, "7", "single")


def shown_form(app: App) -> A.Form:
    """The start screen's fields as they show (what the page hands over with a language
    chosen)."""
    settings = app.state.start.settings
    seats = settings.seats
    return A.Form(tuple(s.name for s in seats), tuple(s.colour for s in seats),
                  tuple(s.kind for s in seats), settings.board, settings.fair_start,
                  app.state.start.seed_text, app.state.start.plan, settings.hints)


ENGLISH_LEFT: dict[str, str] = {}
"""Notes whose reason is still English in every language, and why."""

ENGLISH_RUN = re.compile(r"[A-Za-z']{2,}(?:[ ,:;()]+[A-Za-z']{2,}){3}")
"""Four English-looking words in a row."""


def english_left(english: str, other: str) -> str:
    """The longest run of ``english`` that ``other`` says as it is, if it holds four
    words in a row (names, file names, numbers and codes are the same in any language;
    a sentence is not)."""
    matcher = difflib.SequenceMatcher(None, english, other, autojunk=False)
    m = matcher.find_longest_match(0, len(english), 0, len(other))
    run = english[m.a:m.a + m.size]
    return run if ENGLISH_RUN.search(run) else ""


def session_ref(app: App) -> str:
    ref = app.state.keeping.save
    assert ref is not None
    return ref.id


def test_a_game_without_names_leaves_the_new_games_seats_named_after_their_colours() -> None:
    """A game given no names (a record or a link without them: "Player 1", ...) shown:
    the start screen's seats, taken from it for the next game, are named after their
    colours as on a first visit (and so follow a change of language), never the
    format's English "Player N" that the next game would keep as names of its own."""
    app = new_app()
    run(app, A.Imported(json.dumps(finished().record()), "game.json"))
    assert session(app).game.names == ["Player 1", "Player 2"]
    assert [s.name for s in app.state.start.settings.seats] == ["Green", "White"]
    german = (WEB.parent / "i18n" / "de.json").read_text(encoding="utf-8")
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")
    try:
        run(app, A.LanguageChosen("de", german, shown_form(app)))
        assert [s.name for s in app.state.start.settings.seats] == ["Grün", "Weiß"]
    finally:
        run(app, A.LanguageChosen("en", english, shown_form(app)))


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("note", list(NOTES))
def test_a_language_chosen_while_a_note_shows_words_it_anew(note: str, lang: str) -> None:
    """A language chosen while a note shows (an import done or refused and why, a
    deletion and its undo, a link that cannot be opened and why, a save the browser
    refused): the screen says everything as it would had the player chosen that
    language first, and no English sentence is left in the note."""
    chosen = (WEB.parent / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")

    def words(app: App) -> dict[str, tuple[object, ...]]:
        # a saved game's id is made of the time and chance: not words
        return {name: (el.text, re.sub(r'data-id="[^"]*"', "", el.html or ""), el.attrs)
                for name, el in app.screen().elements.items() if name != "announce"}

    try:
        switched = new_app()
        NOTES[note](switched)
        shown = words(switched)  # drawn in English first
        assert any(shown.get(n, ("",))[0] for n in NOTE_ELEMENTS), note
        run(switched, A.LanguageChosen(lang, chosen, shown_form(switched)))
        after = words(switched)
        run(switched, A.LanguageChosen("en", english, shown_form(switched)))
        first = new_app()
        run(first, A.LanguageChosen(lang, chosen, shown_form(first)))
        NOTES[note](first)
        expected = words(first)
        if note not in ENGLISH_LEFT:
            left = {n: english_left(str(shown[n][0]), str(expected[n][0]))
                    for n in NOTE_ELEMENTS if n in shown and shown[n][0]}
            assert not any(left.values()), left
        differ = {n: (after.get(n), expected[n]) for n in expected
                  if after.get(n) != expected[n]}
        assert not differ, differ
    finally:
        run(new_app(), A.LanguageChosen("en", english, form()))


@pytest.mark.parametrize("note", list(NOTES))
def test_a_note_never_shows_a_placeholder(note: str) -> None:
    """Every note is worded in full: a detail the page does not have (a file the browser
    could not read, with no reason given) is left out of the sentence, never shown as
    its placeholder ("cannot be read ({error})")."""
    app = new_app()
    NOTES[note](app)
    shown = {name: str(el.text) for name, el in app.screen().elements.items()
             if name in NOTE_ELEMENTS and el.text}
    assert shown, note
    assert not {n: t for n, t in shown.items() if re.search(r"\{\w*\}", t)}, shown


def test_an_imported_save_of_a_computer_this_page_lacks_says_a_human_plays_it() -> None:
    """A saved game whose computer level this page does not have says that a human now
    plays that seat, imported as when opened from the list."""
    opened, imported = new_app(), new_app()
    opened_unknown_level(opened)
    imported_unknown_level(imported)
    note = opened.screen().elements["save-state"].text
    assert note and "grandmaster" in str(note)
    assert imported.state.game.session is not None
    assert all(k.human for k in imported.state.game.session.kinds)
    assert imported.screen().elements["save-state"].text == note


def test_a_seat_s_player_the_page_does_not_offer_keeps_the_seat_s_player() -> None:
    """A seat's player chosen that the page does not offer (a level no longer offered,
    left in a field by a page of another version): the seat keeps its player, with no
    error (the check of whether a computer plays used to raise)."""
    app = new_app()
    run(app, A.SetupEdited(form(("human", "governor")), "kind", 1))
    run(app, A.SetupEdited(form(("human", "grandmaster")), "kind", 1))
    assert [s.kind for s in app.state.start.settings.seats] == ["human", "governor"]


def test_an_imported_save_s_note_on_a_missing_level_shows_when_its_save_fails() -> None:
    """The note that a human plays a computer this page lacks shows at the import, even
    when the browser refuses to keep the game then (it used to wait for the next save
    that succeeded): beside why the game is not saved."""

    class Full(MemoryStorage):
        refusing = False

        def set(self, key: str, value: str) -> None:
            if self.refusing and key.startswith(PREFIX):
                raise RuntimeError("QuotaExceededError")
            super().set(key, value)

    storage = Full()
    app = new_app(storage)
    text = app.saves.storage.get(PREFIX + unknown_level_saved(app))
    assert text is not None
    storage.refusing = True
    run(app, A.Imported(text, "level.json"))
    shown = str(app.screen().elements["save-state"].text)
    assert "grandmaster" in shown and "Not saved" in shown, shown
    storage.refusing = False
    app.save()
    assert str(app.screen().elements["save-state"].text) == "Saved in this browser."  # once


def test_an_imported_save_s_note_on_a_missing_level_stays_when_the_browser_refuses_it(
        ) -> None:
    """In the browser the page's Python writes to a copy of the storage: the note shows,
    then the browser refuses the write (``StorageFailed``): the note stays said beside
    why the game is not saved."""
    app = new_app()
    text = app.saves.storage.get(PREFIX + unknown_level_saved(app))
    assert text is not None
    run(app, A.Imported(text, "level.json"))
    save = app.state.keeping.save
    assert save is not None and "grandmaster" in str(app.screen().elements["save-state"].text)
    run(app, A.StorageFailed(PREFIX + save.id, "QuotaExceededError: the quota"))
    shown = str(app.screen().elements["save-state"].text)
    assert "grandmaster" in shown and "full" in shown, shown


# -- every key in every other mode ---------------------------------------------------------
def press_all_but(app: App, skip: set[str]) -> None:
    for key in KEYS:
        if key.key not in skip:
            run(app, key)


def test_keys_on_the_cover_the_start_screen_and_a_result_change_nothing(hot_seat: App
                                                                        ) -> None:
    app = hot_seat
    play_one(app)
    assert app.mode is Mode.COVER
    before, saved = moves(app), stored(app)
    press_all_but(app, set())
    assert app.mode is Mode.COVER and moves(app) == before and stored(app) == saved
    run(app, A.Command("new-game"))
    assert app.mode is Mode.START
    press_all_but(app, set())
    assert app.mode is Mode.START and moves(app) == before and stored(app) == saved
    run(app, A.Command("back-to-game"))
    assert app.mode is Mode.COVER

    record = finished().record()
    run(app, A.Command("new-game"))
    run(app, A.Imported(json.dumps(record), "game.json"))
    assert app.mode is Mode.RESULT
    before, saved = moves(app), stored(app)
    press_all_but(app, {"Escape"})
    assert app.mode is Mode.RESULT and moves(app) == before and stored(app) == saved
    run(app, A.Key("Escape"))
    assert app.mode is Mode.PLAYING and app.state.game.session is not None
    assert app.state.game.session.over and stored(app) == saved


def test_a_finished_game_of_an_unfinished_series_offers_the_next(hot_seat: App) -> None:
    app = hot_seat
    run(app, A.Command("new-game"))
    save = {"format": "qin-save/1", "id": "s1", "created": 1, "updated": 1,
            "record": finished().record(),
            "ui": {"kinds": ["human", "human"], "colours": ["green", "white"],
                   "at_screen": 1, "cover": False},
            "series": {"plan": "sides", "boards": ["bird", "lion"], "games": []},
            "mode": "local"}
    run(app, A.Imported(json.dumps(save), "series.json"))
    assert app.mode is Mode.SERIES
    before, saved = moves(app), stored(app)
    press_all_but(app, {"Escape"})
    assert app.mode is Mode.SERIES and moves(app) == before and stored(app) == saved
    effects = app.dispatch(A.Command("series-next"))
    assert A.Save() in effects
    app.store(effects)
    assert app.mode is Mode.PLAYING and moves(app) == []
    assert app.state.game.session is not None and app.state.game.session.settings.board == "lion"
    assert app.state.game.series is not None and len(app.state.game.series.games) == 1


def test_keys_while_a_computer_thinks_or_is_watched() -> None:
    app = new_app()
    run(app, A.StartGame(form(("human", "apprentice"))))
    play_one(app)
    assert app.mode is Mode.THINKING
    before = moves(app)
    press_all_but(app, {"u", "z"})
    assert app.mode is Mode.THINKING and moves(app) == before
    run(app, A.Key("u", on_board=True))  # the undo button shows: U takes the move back
    assert app.mode is Mode.PLAYING and moves(app) == []

    run(app, A.Command("new-game"))
    run(app, A.Command("speed", "pause"))
    run(app, A.StartGame(form(("apprentice", "governor"))))
    assert app.mode is Mode.WATCHING and app.state.game.turn is None  # paused
    saved = stored(app)
    press_all_but(app, set())
    assert app.mode is Mode.WATCHING and moves(app) == [] and stored(app) == saved


def test_the_speed_of_the_computers_shows_in_their_game_not_in_its_replay() -> None:
    """A game of computers only shows its speed (the pace of their moves); its replay
    steps at its own pace: no speed there."""
    app = new_app()
    run(app, A.Command("speed", "pause"))
    run(app, A.StartGame(form(("apprentice", "governor"))))
    assert app.mode is Mode.WATCHING
    assert app.screen().elements["watch"].hidden is False
    run(app, A.Command("replay-open"))
    assert app.mode is Mode.REPLAY
    assert app.screen().elements["watch"].hidden is True
    run(app, A.Command("replay-exit"))
    assert app.mode is Mode.WATCHING
    assert app.screen().elements["watch"].hidden is False


# -- a computer's turn, as actions -------------------------------------------------------
def test_a_computer_turn_runs_through_timers_and_the_worker_answer() -> None:
    app = new_app()
    effects = run(app, A.StartGame(form(("apprentice", "human"))))
    assert A.StartWorker() in effects
    wait = next(e for e in effects if isinstance(e, A.After))
    assert app.mode is Mode.THINKING
    # the worker is not ready yet: only the wait for it to start (play.START_WAIT_MS)
    assert [type(e) for e in run(app, A.Timer(wait.token))] == [A.After]
    asked = run(app, A.WorkerReady())
    ask = next(e for e in asked if isinstance(e, A.AskComputer))
    assert app.screen().elements["status"].data[0] == ("ai", "thinking")
    game = qin.Game.new(board="bird", players=2, seed=7)
    answer = str(game.legal_moves()[0])
    hold = run(app, A.ComputerAnswer(ask.token, answer, 10.0))  # quick: held a moment
    assert moves(app) == [] and any(isinstance(e, A.After) for e in hold)
    effects = app.dispatch(A.Timer(ask.token))
    assert A.Save() in effects  # saved before the move shows
    app.store(effects)
    assert moves(app) == [answer] and app.mode is Mode.PLAYING
    assert app.state.game.dropped == (ask.token, answer) and app.state.game.think_ms == 10
    # A stale answer (the turn is over) changes nothing.
    assert run(app, A.ComputerAnswer(ask.token, answer, 5.0)) == []
    assert moves(app) == [answer]


def test_pausing_drops_the_turn_under_way() -> None:
    app = new_app()
    run(app, A.WorkerReady())
    effects = run(app, A.StartGame(form(("apprentice", "apprentice"))))
    wait = next(e for e in effects if isinstance(e, A.After))
    ask = next(e for e in run(app, A.Timer(wait.token)) if isinstance(e, A.AskComputer))
    run(app, A.Command("speed", "pause"))
    game = qin.Game.new(board="bird", players=2, seed=7)
    assert run(app, A.ComputerAnswer(ask.token, str(game.legal_moves()[0]), 900.0)) == []
    assert moves(app) == []
    effects = run(app, A.Command("speed", "fast"))
    assert any(isinstance(e, A.After) for e in effects)


def test_a_watched_game_s_hand_area_says_the_pause_and_offers_no_turn() -> None:
    """Computers only: no Turn button (nobody here turns a tile), and while paused the
    hand's words say the game waits, never that a computer is choosing."""
    app = new_app()
    run(app, A.WorkerReady())
    run(app, A.StartGame(form(("apprentice", "apprentice"))))
    shown = app.screen().elements
    assert shown["rotate"].hidden is True
    assert "choosing" in (shown["hand"].html or "")
    run(app, A.Command("speed", "pause"))
    hand = app.screen().elements["hand"].html or ""
    assert "choosing" not in hand and "speed" in hand, hand
    run(app, A.Command("speed", "normal"))
    assert "choosing" in (app.screen().elements["hand"].html or "")


def test_a_person_s_game_keeps_its_turn_button() -> None:
    app = new_app()
    run(app, A.StartGame(form(("human", "apprentice"))))
    assert app.screen().elements["rotate"].hidden is False


# -- saving ------------------------------------------------------------------------------
def test_a_change_saves_and_drawing_never_does(hot_seat: App) -> None:
    app = hot_seat
    s = app.state.game.session
    assert s is not None
    saved = stored(app)
    assert saved  # the new game is saved at once
    for _ in range(3):
        app.screen()
    assert stored(app) == saved
    hand = s.visible_hand()
    assert hand is not None
    index = next(i for i, k in enumerate(hand) if s.playable(k))
    for action in (A.Command("select", str(index)), A.Hover("g7"),
                   A.Command("rotate", "1"), A.Command("rotate", "-1"), A.Hover(None),
                   A.Key("ArrowRight", on_board=True), A.Command("replay-open"),
                   A.Command("replay-exit")):
        assert A.Save() not in app.dispatch(action), action
    assert stored(app) == saved
    app.dispatch(A.Command("select", str(index)))  # opening the replay put it back
    effects = app.dispatch(A.BoardClick(s.legal_squares()[0]))
    assert effects.count(A.Save()) == 1
    app.store(effects)
    assert stored(app) != saved
    for change in (A.Command("cover-ok"), A.Command("link-play"), A.Command("undo")):
        assert app.dispatch(change).count(A.Save()) == 1, change


def test_a_move_and_its_save_play_the_move_and_prove_it_once(
        hot_seat: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move is played on the game, and its save proves the record on the replay the
    last save kept (``qin.Game.record``): that move once more, no game replayed."""
    app = hot_seat
    for _ in range(6):
        play_one(app)
    run(app, A.Command("cover-ok"))
    s = pick_playable(app)
    square = s.legal_squares()[0]
    calls: list[object] = []
    real = qin.Game.play

    def counted(self: qin.Game, move: object) -> list[qin.Event]:
        calls.append(move)
        return real(self, move)  # type: ignore[arg-type]

    monkeypatch.setattr(qin.Game, "play", counted)
    effects = app.dispatch(A.BoardClick(square))
    app.store(effects)
    app.screen()
    assert [str(move) for move in calls] == [str(calls[0])] * 2, calls
    assert app.state.keeping.save is not None and app.state.keeping.save.moves == 7


def test_a_link_game_keeps_its_save_and_its_address_from_one_record_a_change(
        hot_seat: App, records_written: list[int]) -> None:
    """A game played by link writes its record once for each move or undo
    (``qin.Game.record``), and its save and its address both hold that record."""
    from qin import records

    app = hot_seat
    play_one(app)
    run(app, A.Command("cover-ok"))
    run(app, A.Command("link-play"))
    assert app.state.link.link_mode
    written = records_written
    written.clear()
    for change in ("move", "move", "undo", "move"):
        written.clear()
        s = session(app)
        if change == "undo":
            effects = run(app, A.Command("undo"))
        else:
            pick_playable(app)
            effects = run(app, A.BoardClick(s.legal_squares()[0]))
        assert written == [len(s.game.moves)], change
        url = next(e.url for e in effects if isinstance(e, A.SetAddress))
        assert records.from_url(url.split("#g=", 1)[1]).moves == s.game.moves
        ref = app.state.keeping.save
        assert ref is not None and ref.moves == len(s.game.moves)


def test_the_export_is_the_record_the_game_keeps_and_writes_none_of_its_own(
        hot_seat: App, records_written: list[int]) -> None:
    """Export (the game's menu) gives the record the game's save was written from at its
    last move: the file holds the moves played, and asking for it, once or again,
    writes no record (``qin.Game.record``) of its own."""
    from qin_ui.saves import export_text

    app = hot_seat
    for _ in range(2):
        play_one(app)
        run(app, A.Command("cover-ok"))
    assert app.mode is Mode.PLAYING
    written = records_written
    written.clear()
    for _ in range(2):
        files = [e for e in run(app, A.Command("export")) if isinstance(e, A.Download)]
        assert len(files) == 1
        assert json.loads(files[0].text)["moves"] == [str(m) for m in session(app).game.moves]
        assert files[0].text == export_text(session(app).record())
    assert written == []

def test_opening_a_saved_game_does_not_write_it(hot_seat: App) -> None:
    app = hot_seat
    play_one(app)
    saved = stored(app)
    assert app.state.keeping.save is not None
    save_id = app.state.keeping.save.id
    run(app, A.Command("new-game"))
    run(app, A.Command("resume", save_id))
    assert app.mode is Mode.COVER and stored(app) == saved
    assert len(moves(app)) == 1


def test_a_key_that_does_not_apply_says_so_only_where_it_helps(hot_seat: App) -> None:
    app = hot_seat
    run(app, A.Command("replay-open"))
    assert app.dispatch(A.Key("1")) == []
    assert app.state.spoken
    app.state.spoken = ""
    run(app, A.Command("replay-exit"))
    play_one(app)
    assert app.mode is Mode.COVER
    assert app.dispatch(A.Key("1")) == [] and app.state.spoken != ""  # the move's events
    assert "replay" not in app.state.spoken


def test_a_hover_redraws_the_overlay_only(hot_seat: App) -> None:
    """A hover changes the overlay and the info box: the board's SVG, its text grid and
    the log are the very strings drawn before (how quickly: bench/main_thread.py)."""
    app = hot_seat
    for _ in range(20):
        play_one(app)
    run(app, A.Command("cover-ok"))
    s = pick_playable(app)
    first = app.screen()
    squares = s.game.board.geo.names
    for name in squares:
        run(app, A.Hover(name))
        now = app.screen()
        for part in ("board", "board-grid", "log", "hand", "players"):
            assert now.elements[part].html is first.elements[part].html, part
    assert now.overlay != first.overlay
    run(app, A.BoardClick(s.legal_squares()[0]))
    placed = app.screen()
    assert placed.elements["board"].html != first.elements["board"].html


def test_a_game_link_opens_and_the_address_follows_each_move() -> None:
    from qin import records

    game = qin.Game.new(board="bird", players=2, seed=7)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    app = App(SaveStore(MemoryStorage()))
    effects = run(app, A.Boot("http://localhost/#g=" + records.to_url(game),
                              "#g=" + records.to_url(game)))
    assert app.mode is Mode.PLAYING and len(moves(app)) == 4  # no cover in a link game
    assert app.state.link.link_mode and stored(app)
    assert not any(isinstance(e, A.SetAddress) for e in effects)
    play_one(app)
    assert app.mode is Mode.PLAYING  # the next player's hand shows at once
    address = [e for e in run(app, A.Hover("g7")) if isinstance(e, A.SetAddress)]
    assert address == []  # a hover does not touch the address
    s = pick_playable(app)
    effects = app.store(app.dispatch(A.BoardClick(s.legal_squares()[0])))
    url = next(e.url for e in effects if isinstance(e, A.SetAddress))
    assert len(records.from_url(url.split("#", 1)[1]).moves) == 6


def test_the_link_s_warning_is_said_once() -> None:
    """The share panel's note (anyone with the link sees the hidden hands) shows until the
    game is played by link; then the warning above the game's tools says it, alone."""
    app = new_app()
    run(app, A.StartGame(form()))
    run(app, A.Command("share"))
    shown = app.screen().elements
    assert shown["link-panel"].hidden is False
    assert shown["link-panel-note"].hidden is False and shown["link-note"].hidden is True
    run(app, A.Command("link-play"))
    shown = app.screen().elements
    assert app.state.link.link_mode and shown["link-panel"].hidden is False
    assert shown["link-note"].hidden is False and shown["link-panel-note"].hidden is True


def test_a_refused_file_and_a_bad_link_leave_the_start_screen_as_it_was() -> None:
    app = App(SaveStore(MemoryStorage()))
    run(app, A.Boot("http://localhost/#g=AQAAAAAA", "#g=AQAAAAAA"))
    assert app.mode is Mode.START and app.state.start.link_refused
    assert "cannot be opened" in (app.screen().elements["saved-message"].text or "")
    run(app, A.Imported('{"format": "qin-game/1", "board": "moon"}', "broken.json"))
    assert app.mode is Mode.START and app.state.start.imported == "refused"
    assert "broken.json" in (app.screen().elements["saved-message"].text or "")
    assert stored(app) == {}


# -- the tutorial ---------------------------------------------------------------------------
def test_every_key_in_the_tutorial_acts_on_its_board_only() -> None:
    app = new_app()
    run(app, A.StartGame(form()))
    behind = app.state.game.session
    assert behind is not None
    saved = stored(app)
    run(app, A.Command("new-game"))
    run(app, A.Command("tutorial-open"))
    assert app.mode is Mode.TUTORIAL
    assert not ACCEPTS[Mode.TUTORIAL] & {"undo", "export", "share", "replay-open",
                                         "link-copy", "link-play", "cover-ok", "start"}
    for key in KEYS:
        run(app, key)
        assert app.mode is Mode.TUTORIAL
        assert behind.game.moves == [] and app.state.game.session is behind
    lesson = app.state.tutorial.lesson
    assert lesson is not None
    # Enter on the board placed the picked tile at the cursor: the first step is done
    assert lesson.outcome in ("done", "")
    saves = {k: v for k, v in stored(app).items() if k != tutorial.PROGRESS_KEY}
    assert saves == saved, "the game behind and its save are untouched"
    for name in ("undo", "export", "replay-open", "result-show"):
        run(app, A.Command(name))
        assert app.mode is Mode.TUTORIAL and behind.game.moves == []
    run(app, A.Command("tutorial-exit"))
    assert app.mode is Mode.START
    run(app, A.Command("back-to-game"))
    assert app.mode is Mode.PLAYING and app.state.game.session is behind


def test_a_saved_game_is_exported_from_the_start_screen_as_its_record(hot_seat: App) -> None:
    """Export beside a saved game: the game's record as a file named for its board and
    players (the moves played in it); a save that cannot be read is said, no file."""
    app = hot_seat
    play_one(app)
    assert app.state.keeping.save is not None
    save_id = app.state.keeping.save.id
    run(app, A.Command("new-game"))
    files = [e for e in run(app, A.Command("export-save", save_id))
             if isinstance(e, A.Download)]
    assert len(files) == 1
    assert files[0].name.startswith("qin-bird-Green-White-") and files[0].name.endswith(".json")
    assert json.loads(files[0].text)["moves"] == moves_of(app, save_id)
    app.saves.storage.set(PREFIX + "broken", "{")
    assert run(app, A.Command("export-save", "broken")) == []
    assert app.state.start.saved_message


def moves_of(app: App, save_id: str) -> list[str]:
    """The moves of the saved game ``save_id`` as stored."""
    text = app.saves.storage.get(PREFIX + save_id)
    assert text is not None
    return list(json.loads(text)["record"]["moves"])


def test_a_damaged_save_is_exported_as_it_is_stored() -> None:
    """A saved game that cannot be read: its text, as stored, downloaded as a text file."""
    app = new_app()
    app.saves.storage.set(PREFIX + "broken", "{ not a game")
    run(app, A.Command("new-game"))
    files = [e for e in run(app, A.Command("export-raw", "broken"))
             if isinstance(e, A.Download)]
    assert [(f.name, f.text, f.mime) for f in files] == [
        ("qin-damaged-save-broken.txt", "{ not a game", "text/plain")]
