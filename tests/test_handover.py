"""The start screen before Python handed to the page (web/page/qin_ui/handover.py): the
form and the intent prestart.js kept become ordinary actions, each applied once, the way
``host.Host.start`` dispatches them (CPython, no browser; tests/test_app.py's style)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import qin
from qin import records

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import handover  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import FORMAT, MemoryStorage, SaveStore, read_save  # noqa: E402

CATALOGUE = (ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8")
PRESTART = (WEB / "prestart.js").read_text(encoding="utf-8")


def handed(intent: dict[str, str] | None = None, players_: int = 3) -> str:
    """What prestart.js's take() gives: 3 seats, a computer, the Lion side, seed 7."""
    names = ["Orange", "White", "Mei", "Black"][:players_]
    return json.dumps({"form": {
        "names": names, "colours": ["orange", "white", "purple", "black"][:players_],
        "kinds": ["human", "apprentice", "human", "human"][:players_],
        "board": "lion", "fair_start": False, "seed": "7", "plan": "single",
        "hints": False},
        "intent": intent, "focus": ""})


def page_boot(app: App, text: str, hash_: str = "") -> list[A.Effect]:
    """As ``host.Host.start``: the language with the handed form, ``Boot``, the intent."""
    got = handover.read(text)
    assert got is not None
    effects = app.store(app.dispatch(A.LanguageChosen("en", CATALOGUE, got.form)))
    effects += app.store(app.dispatch(A.Boot("http://localhost/" + hash_, hash_)))
    for action in handover.after_boot(got):
        effects += app.store(app.dispatch(action))
    return effects


def problems(app: App) -> str:
    """Why the start screen did not start the game, as the player reads it."""
    return app.screen().elements["setup-problems"].text or ""


def saves(app: App) -> list[str]:
    storage = app.saves.storage
    assert isinstance(storage, MemoryStorage)
    return [k for k in storage.data if k.startswith("qin.save.")]


def test_an_early_start_starts_the_game_chosen_once() -> None:
    app = App(SaveStore(MemoryStorage()))
    effects = page_boot(app, handed({"kind": "start"}))
    s = app.state.game.session
    assert s is not None and app.mode is Mode.PLAYING
    assert (s.settings.board, s.game.players, s.game.seed) == ("lion", 3, 7)
    assert s.names == ["Orange", "White", "Mei"]
    assert [seat.kind for seat in s.settings.seats] == ["human", "apprentice", "human"]
    assert s.settings.hints is False  # switched off before Python
    assert len(saves(app)) == 1  # one StartGame, one save
    # the computer seat, a person first: its worker warmed (started when the page is quiet)
    assert any(isinstance(e, A.WarmWorker) for e in effects)


def test_an_early_learn_to_play_opens_the_tutorial_once() -> None:
    app = App(SaveStore(MemoryStorage()))
    got = handover.read(handed({"kind": "learn"}))
    assert got is not None and handover.after_boot(got) == [A.Command("tutorial-open")]
    effects = page_boot(app, handed({"kind": "learn"}))
    assert app.mode is Mode.TUTORIAL
    lesson = app.state.tutorial.lesson
    assert lesson is not None and lesson.step.id == "place"  # the first step not done
    assert saves(app) == []  # no game was started
    assert A.Focus("tutorial-title") in effects


def test_without_an_intent_the_start_screen_keeps_what_was_chosen() -> None:
    app = App(SaveStore(MemoryStorage()))
    page_boot(app, handed(None, players_=4))
    assert app.mode is Mode.START and app.state.game.session is None
    assert app.state.start.settings.players == 4 and app.state.start.settings.board == "lion"
    assert app.state.start.seed_text == "7"
    assert saves(app) == []


def test_an_early_resume_opens_the_save_without_a_copy() -> None:
    store = SaveStore(MemoryStorage())
    game = qin.Game.new(board="bird", players=2, seed=3)
    game.play(game.legal_moves()[0])
    ref = store.create(game, {"kinds": ["human", "human"], "colours": ["green", "white"],
                              "at_screen": 2, "cover": False}, recorder=game.record)
    app = App(store)
    page_boot(app, handed({"kind": "resume", "id": ref.id}, players_=2))
    s = app.state.game.session
    assert s is not None and len(s.game.moves) == 1
    assert saves(app) == [f"qin.save.{ref.id}"]


def test_a_link_is_opened_by_boot_and_the_intent_adds_nothing() -> None:
    game = qin.Game.new(board="lion", players=2, seed=5)
    game.play(game.legal_moves()[0])
    app = App(SaveStore(MemoryStorage()))
    text = handed({"kind": "open"}, players_=2)
    assert handover.after_boot(handover.read(text)) == []
    page_boot(app, text, "#g=" + records.to_url(game))
    s = app.state.game.session
    assert s is not None and s.game.moves == game.moves and app.state.link.link_mode
    assert len(saves(app)) == 1


def test_what_cannot_be_read_is_not_handed() -> None:
    good = json.loads(handed({"kind": "start"}))
    assert handover.read("") is None
    assert handover.read("not json") is None
    assert handover.read("[1, 2]") is None
    assert handover.read("x" * (handover.MAX_TEXT + 1)) is None
    for field, value in (("names", ["Solo"]), ("colours", ["green"]), ("kinds", "human"),
                         ("names", ["a", "b", "c", "d", "e"]), ("names", [1, 2, 3])):
        bad = json.loads(json.dumps(good))
        bad["form"][field] = value
        assert handover.read(json.dumps(bad)) is None, (field, value)
    odd = dict(good, intent={"kind": "delete-everything"})
    got = handover.read(json.dumps(odd))
    assert got is not None and got.intent == "" and handover.after_boot(got) == []
    resume = handover.read(json.dumps(dict(good, intent={"kind": "resume"})))
    assert resume is not None and handover.after_boot(resume) == []  # no id: nothing


def test_a_bad_early_start_is_refused_with_the_start_screens_words() -> None:
    text = json.loads(handed({"kind": "start"}))
    text["form"]["names"] = ["Mei", "mei", "Li"]
    app = App(SaveStore(MemoryStorage()))
    page_boot(app, json.dumps(text))
    assert app.mode is Mode.START and "same name" in problems(app)
    assert saves(app) == []


def test_names_are_the_same_when_their_casefold_is_before_python_too() -> None:
    """One rule for names (Python's ``casefold``): prestart.js judges no form, so an early
    Start with "Straße" and "STRASSE" (different to JavaScript's toLocaleLowerCase) is
    refused when the page's Python takes it, with the start screen's words."""
    text = json.loads(handed({"kind": "start"}, players_=2))
    text["form"]["names"] = ["Straße", "STRASSE"]
    app = App(SaveStore(MemoryStorage()))
    page_boot(app, json.dumps(text))
    assert app.mode is Mode.START
    assert problems(app) == "Two seats have the same name."
    assert app.state.start.settings.names == ["Straße", "STRASSE"]  # as the player left them
    assert saves(app) == []


def test_prestart_judges_no_form_and_knows_no_game_data() -> None:
    """prestart.js keeps listeners, the intent and the hand-over: no name, seed or save
    rules, no catalogue look-ups, no lists of the page's choices of its own."""
    for rule in ("toLocaleLowerCase", "BigInt", "MAX_", "say(", "KINDS", "COLOURS", "PLANS",
                 "summary", "record", "escape"):
        assert rule not in PRESTART, rule


def test_a_save_carries_its_position_and_older_saves_still_read() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    game = qin.Game.new(board="lion", players=2, seed=9)
    game.play(game.legal_moves()[0])
    ref = store.create(game, {"kinds": ["human", "human"], "colours": ["green", "white"],
                              "at_screen": 2, "cover": False}, recorder=game.record)
    data = json.loads(storage.data[f"qin.save.{ref.id}"])
    assert data["format"] == FORMAT
    assert data["summary"]["position"] == game.to_position()
    # a save written before the summary had a position: listed and opened as ever
    del data["summary"]["position"]
    storage.data[f"qin.save.{ref.id}"] = json.dumps(data)
    [entry] = store.entries()
    assert entry.ok and entry.moves == 1
    assert read_save(storage.data[f"qin.save.{ref.id}"]).summary is not None
    assert store.load(ref.id)[1].moves == game.moves


FAMILY = "Mum \U0001f468\u200d\U0001f469\u200d\U0001f467"


def with_names(text: str, names: list[str]) -> str:
    data = json.loads(text)
    data["form"]["names"] = names
    return json.dumps(data)


def test_an_early_start_with_joined_emoji_in_a_name_starts_the_game() -> None:
    app = App(SaveStore(MemoryStorage()))
    page_boot(app, with_names(handed({"kind": "start"}), ["Orange", FAMILY, "Mei"]))
    s = app.state.game.session
    assert s is not None and app.mode is Mode.PLAYING
    assert s.names == ["Orange", FAMILY, "Mei"]


def test_an_early_start_with_a_control_character_says_so_and_keeps_the_entries() -> None:
    app = App(SaveStore(MemoryStorage()))
    names = ["Orange", "Bell\x07", "Mei"]
    page_boot(app, with_names(handed({"kind": "start"}), names))
    assert app.state.game.session is None and app.mode is Mode.START
    assert "Seat 2" in problems(app)
    assert app.state.start.settings.names == names
    assert saves(app) == []


def test_a_start_the_engine_refuses_is_said_never_raised(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the engine refuses at the start (a rule the start screen does not know
    yet) is said on the start screen, in the catalogue's words, with the entries kept."""
    app = App(SaveStore(MemoryStorage()))
    page_boot(app, handed(None))

    def refuse(*_: object, **__: object) -> qin.Game:
        raise qin.SetupError("a rule the start screen does not know")

    monkeypatch.setattr(qin.Game, "new", refuse)
    form = handover.read(handed(None))
    assert form is not None
    app.store(app.dispatch(A.StartGame(form.form)))
    assert app.state.game.session is None and app.mode is Mode.START
    assert app.state.start.setup_problems
    assert app.state.start.settings.names == ["Orange", "White", "Mei"]


def test_a_language_that_failed_before_python_is_still_said_when_python_arrives() -> None:
    """A switch before Python whose catalogue could not be loaded (prestart.js said so
    under the header, ``failed``): the page's Python says it too, in the page's language,
    until the player's next action; anything but a language the page speaks is nothing."""
    text = json.loads(handed(None))
    got = handover.read(json.dumps({**text, "failed": "fr"}))
    assert got is not None and got.failed == "fr"
    assert handover.after_boot(got)[-1] == A.LanguageFailed("fr")
    app = App(SaveStore(MemoryStorage()))
    page_boot(app, json.dumps({**text, "failed": "fr"}))
    note = app.screen().elements["lang-note"]
    assert not note.hidden and "Français" in (note.text or "") and "English" in (note.text or "")
    for junk in ("xx", 7, None, "", ["fr"]):
        got = handover.read(json.dumps({**text, "failed": junk}))
        assert got is not None and got.failed == "" and handover.after_boot(got) == []
    app = App(SaveStore(MemoryStorage()))
    page_boot(app, handed(None))
    assert app.screen().elements["lang-note"].hidden
