# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""The progress record (web/page/qin_ui/progress.py): per computer level and player
count, games, wins and the last results, kept in the browser's storage beside the
saves.  A game counts once: when it ends here, with one human against computers,
under the strongest level at the table; never twice across reloads or two tabs, and
never undone (no undo once a game against the computer is over).  Damaged text is
kept aside and never stops the page."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import qin

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import i18n, progress  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402
from qin_ui.session import anchor_of  # noqa: E402

from tests.test_app import form, new_app, run, session  # noqa: E402
from tools.build_site import merged_catalogue  # noqa: E402


def last_move_by_seat_one(seed: int = 1) -> tuple[qin.Game, int]:
    """A 2-player game (first legal move each turn) whose last move is seat 1's: the
    game and that seed."""
    while True:
        game = qin.Game.new(board="bird", players=2, seed=seed)
        movers = []
        while not game.is_over:
            movers.append(game.to_move)
            game.play(game.legal_moves()[0])
        if movers[-1] == 1 and str(game.moves[-1]) != "pass":
            return game, seed
        seed += 1


def near_finished_save(kinds: list[str], save_id: str = "g1") -> tuple[str, qin.Move]:
    """A save one human move from the end: (its text, the winning last move)."""
    game, _ = last_move_by_seat_one()
    record = game.record()
    last = qin.Move.parse(record["moves"][-1])
    record["moves"] = record["moves"][:-1]
    save = {"format": "qin-save/1", "id": save_id, "created": 1, "updated": 1,
            "record": record, "ui": {"kinds": kinds, "colours": ["green", "white"],
                                     "at_screen": 1, "cover": False}, "mode": "local"}
    return json.dumps(save), last


def said(app: App) -> str:
    """The start screen's note on the saved games, as the player reads it."""
    return app.screen().elements["saved-message"].text or ""


def play(app: App, move: qin.Move) -> None:
    """Play ``move`` as a player does: pick its tile, turn it, click its square."""
    s = session(app)
    hand = s.visible_hand()
    assert hand is not None
    run(app, A.Command("select", str(hand.index(move.kind))))
    (x, y), orientation = anchor_of(move)
    while s.orientation != orientation:
        run(app, A.Command("rotate", "1"))
    geo = s.game.board.geo
    run(app, A.BoardClick(geo.names[y * geo.width + x]))
    assert s.game.moves[-1] == move


def finish(app: App, text: str, last: qin.Move) -> None:
    run(app, A.Command("result-new" if app.mode is Mode.RESULT else "new-game"))
    run(app, A.Imported(text, "near.json"))
    assert app.mode is Mode.PLAYING and not session(app).over
    play(app, last)
    assert session(app).over and app.mode is Mode.RESULT


# -- what counts -----------------------------------------------------------------------
def test_only_one_human_against_computers_counts_under_the_strongest_level() -> None:
    out = progress.outcome("a", ["", "governor", "emperor"], (1,), 3, ended=5.0)
    assert out == progress.Counted("a", "emperor", 3, "won", 5.0)
    assert progress.outcome("a", ["apprentice", ""], (1, 2), 2).result == "shared"  # type: ignore[union-attr]
    assert progress.outcome("a", ["", "minister"], (2,), 2).result == "lost"  # type: ignore[union-attr]
    assert progress.outcome("a", ["", ""], (1,), 2) is None  # hot seat
    assert progress.outcome("a", ["governor", "emperor"], (1,), 2) is None  # watched
    assert progress.outcome("a", ["", "", "governor"], (1,), 3) is None  # two humans


def test_a_finished_game_counts_once_across_reloads_tabs_and_a_refused_undo() -> None:
    storage = MemoryStorage()
    text, last = near_finished_save(["human", "governor"])
    app = new_app(storage)
    finish(app, text, last)
    rows = app.state.start.progress.rows()
    assert [(r.level, r.players, r.games) for r in rows] == [("governor", 2, 1)]
    won = 1 in session(app).game.winners
    assert rows[0].wins == int(won) and rows[0].last == ("won" if won else "lost",)
    # No undo once the game against the computer is over: the first finish stands.
    run(app, A.Command("result-close"))
    run(app, A.Command("undo"))
    assert session(app).over and len(app.state.start.progress.games) == 1
    # A reload shows it; a second tab finishing the same save does not count it again.
    assert app.state.keeping.save is not None
    other = new_app(storage)
    assert len(other.state.start.progress.games) == 1
    save = json.loads(storage.data[f"qin.save.{app.state.keeping.save.id}"])
    save["record"]["moves"] = save["record"]["moves"][:-1]
    save["summary"] = None
    storage.data[f"qin.save.{app.state.keeping.save.id}"] = json.dumps(save)
    run(other, A.Command("resume", app.state.keeping.save.id))
    play(other, last)
    assert len(json.loads(storage.data[progress.KEY])["games"]) == 1
    # Another game (another save) counts; the start screen's table shows both.
    finish(other, text, last)
    run(other, A.Command("result-new"))
    assert other.mode is Mode.START
    assert [r.games for r in other.state.start.progress.rows()] == [2]
    table = other.screen().elements["progress-table"].html or ""
    assert 'data-level="governor" data-players="2" data-games="2"' in table


@pytest.fixture
def english() -> Iterator[list[dict[str, str]]]:
    """The page's language set back to English (the catalogue put in the list) after."""
    given: list[dict[str, str]] = []
    yield given
    if given:
        i18n.set_language("en", given[0])


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_game_the_browser_refuses_to_count_is_said_on_the_progress_card(
        lang: str, english: list[dict[str, str]]) -> None:
    """The browser refuses the progress record's write (storage full) when a game against
    the computer ends: the progress card says this game is not in it, in the player's
    language, and shows what the browser kept; the saved games' note says nothing of it."""
    catalogue = merged_catalogue(lang)
    storage = MemoryStorage()
    text, last = near_finished_save(["human", "governor"])
    app = new_app(storage)
    run(app, A.LanguageChosen(lang, json.dumps(catalogue), form()))
    english.append(merged_catalogue("en"))  # the language set back after the test
    finish(app, text, last)
    assert len(app.state.start.progress.games) == 1
    del storage.data[progress.KEY]  # what the browser holds: the write was refused
    run(app, A.StorageFailed(progress.KEY, "QuotaExceededError: The quota has been exceeded."))
    run(app, A.Command("result-new"))
    assert app.mode is Mode.START
    screen = app.screen().elements
    note = screen["progress-message"].text or ""
    assert not screen["progress-message"].hidden
    assert note == catalogue["progress.not_saved"].replace(
        "{error}", catalogue["saves.error.full"]), note
    assert screen["progress"].data == (("games", "0"),)
    assert catalogue["saves.error.full"] not in said(app)  # (it says the import)


def test_hot_seat_and_imported_finished_games_do_not_count() -> None:
    storage = MemoryStorage()
    text, last = near_finished_save(["human", "human"])
    app = new_app(storage)
    finish(app, text, last)
    assert app.state.start.progress.games == [] and progress.KEY not in storage.data
    game, _ = last_move_by_seat_one()
    save = json.loads(near_finished_save(["human", "apprentice"], "g2")[0])
    save["record"] = game.record()
    run(app, A.Command("new-game"))
    run(app, A.Imported(json.dumps(save), "done.json"))
    assert app.mode is Mode.RESULT and app.state.start.progress.games == []


def test_damaged_progress_is_kept_aside_reported_and_the_page_starts() -> None:
    storage = MemoryStorage({progress.KEY: '{"format": "qin-progress/1", "games": [{"id": 1}]'})
    app = new_app(storage)
    assert app.mode is Mode.START
    assert "could not be read" in (app.screen().elements["progress-message"].text or "")
    aside = [k for k in storage.data if k.startswith(progress.DAMAGED)]
    assert len(aside) == 1 and storage.data[aside[0]].startswith('{"format"')
    assert app.screen().elements["progress-message"].hidden is False
    text, last = near_finished_save(["human", "emperor"])
    finish(app, text, last)
    assert [r.level for r in app.state.start.progress.rows()] == ["emperor"]


@pytest.mark.parametrize(("games", "words"), [
    ([{"id": "a", "level": "god", "players": 2, "result": "won"}], "unknown level 'god'"),
    ([{"id": "a", "level": "governor", "players": 5, "result": "won"}], "player count"),
    ([{"id": "a", "level": "governor", "players": 2, "result": "draw"}], "bad result"),
    ([{"id": "", "level": "governor", "players": 2, "result": "won"}], "no valid id"),
    ("many", '"games" is not a list'),
])
def test_bad_progress_text_is_refused_with_a_reason(games: object, words: str) -> None:
    with pytest.raises(progress.ProgressError, match=words):
        progress.parse(json.dumps({"format": progress.FORMAT, "games": games}))


def unreadable(games: object) -> str:
    """A progress file whose ``games`` cannot be read."""
    return json.dumps({"format": progress.FORMAT, "games": games})


UNREADABLE = [
    unreadable([3]),
    unreadable([{"id": "", "level": "governor", "players": 2, "result": "won"}]),
    unreadable([{"id": "a", "level": "god", "players": 2, "result": "won"}]),
    unreadable([{"id": "a", "level": "governor", "players": 5, "result": "won"}]),
    unreadable([{"id": "a", "level": "governor", "players": 2, "result": "draw"}]),
    unreadable([{"id": "a", "level": "governor", "players": 2, "result": "won",
                 "ended": "noon"}]),
    unreadable("many"),
]
"""Progress files refused, one for each reason."""


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("text", UNREADABLE)
def test_a_progress_file_refused_says_why_in_the_language_chosen(lang: str, text: str
                                                                 ) -> None:
    """A progress file that cannot be read, imported by a player who speaks German or
    French: the page says why in that language (no English reason in the sentence)."""
    from qin_ui import i18n

    english = new_app(MemoryStorage())
    run(english, A.Imported(text, "bad.json"))
    said_in_english = said(english)
    reason = said_in_english.split(": ", 1)[1].removesuffix(
        ". Your saved games are untouched.")
    assert said_in_english.startswith("bad.json was not imported: ") and reason
    root = WEB.parent
    try:
        app = new_app(MemoryStorage())
        run(app, A.LanguageChosen(lang, (root / "i18n" / f"{lang}.json").read_text("utf-8"),
                                  form()))
        run(app, A.Imported(text, "bad.json"))
        shown = said(app)
        assert "bad.json" in shown and reason not in shown, shown
    finally:
        i18n.set_language("en", json.loads((root / "i18n" / "en.json").read_text("utf-8")))


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_stored_record_of_another_format_is_reported_in_the_language_chosen(lang: str
                                                                              ) -> None:
    """A stored progress record of a format this page does not read: the start screen
    says so in the player's language, the format quoted, no English in it."""
    from qin_ui import i18n

    root = WEB.parent
    storage = MemoryStorage({progress.KEY: '{"format": "qin-progress/9", "games": []}'})
    app = App(SaveStore(storage))
    try:
        run(app, A.LanguageChosen(lang, (root / "i18n" / f"{lang}.json").read_text("utf-8"),
                                  form()))
        run(app, A.Boot("http://localhost/", ""))
        shown = app.screen().elements["progress-message"].text or ""
        assert progress.FORMAT in shown and "not a progress record" not in shown, shown
    finally:
        i18n.set_language("en", json.loads((root / "i18n" / "en.json").read_text("utf-8")))


def test_export_and_import_add_only_the_games_not_yet_counted() -> None:
    storage = MemoryStorage()
    for n, (level, result) in enumerate([("governor", "won"), ("governor", "lost"),
                                         ("minister", "shared")]):
        progress.count(storage, progress.Counted(f"g{n}", level, 2, result, float(n)))
    app = new_app(storage)
    download = next(e for e in run(app, A.Command("progress-export"))
                    if isinstance(e, A.Download))
    assert download.name.startswith("qin-progress-")
    fresh = MemoryStorage()
    progress.count(fresh, progress.Counted("g1", "governor", 2, "lost", 1.0))
    other = new_app(fresh)
    run(other, A.Imported(download.text, download.name))
    assert other.state.start.imported == "ok" and "2 games added" in said(other)
    rows = {(r.level, r.players): r for r in other.state.start.progress.rows()}
    assert (rows["governor", 2].games, rows["governor", 2].wins) == (2, 1)
    assert rows["governor", 2].last == ("won", "lost")
    assert (rows["minister", 2].games, rows["minister", 2].wins) == (1, 1)
    run(other, A.Imported(download.text, download.name))
    assert "0 games added" in said(other)
    run(other, A.Imported('{"format": "qin-progress/1", "games": 3}', "bad.json"))
    start = other.state.start  # read afresh: the check above narrowed the old read to "ok"
    assert start.imported == "refused" and len(start.progress.games) == 3


def test_an_import_of_one_game_says_game_in_the_singular() -> None:
    text = json.dumps({"format": progress.FORMAT, "games": [
        {"id": "g1", "level": "governor", "players": 2, "result": "won"}]})
    app = new_app(MemoryStorage())
    run(app, A.Imported(text, "one.json"))
    assert "one.json: 1 game added" in said(app)


@pytest.mark.parametrize("ended", ["1e999", "-1e999", "NaN", "Infinity", "9" * 5_000])
def test_an_import_with_a_number_json_cannot_hold_is_refused_in_words(ended: str) -> None:
    storage = MemoryStorage()
    app = new_app(storage)
    text = ('{"format": "qin-progress/1", "games": [{"id": "g1", "level": "apprentice", '
            f'"players": 2, "result": "won", "ended": {ended}}}]}}')
    run(app, A.Imported(text, "progress.json"))
    assert app.state.start.imported == "refused"
    assert "progress.json" in said(app)
    assert all("Infinity" not in v and "NaN" not in v for v in storage.data.values())
    assert app.state.start.progress.games == []


def test_the_last_results_and_the_cap_on_kept_games() -> None:
    storage = MemoryStorage()
    for n in range(progress.MAX_GAMES + 3):
        progress.count(storage, progress.Counted(f"g{n}", "apprentice", 3,
                                                 "won" if n % 2 else "lost", float(n)))
    kept, _ = progress.load(storage)
    assert len(kept.games) == progress.MAX_GAMES and kept.games[0].id == "g3"
    row = kept.rows()[0]
    assert len(row.last) == progress.LAST and row.last[-1] == "lost"


def test_the_damaged_records_message_is_worded_when_shown_in_the_pages_language() -> None:
    """The page's start: the application is made, the language chosen, then ``Boot``.
    The record is read at ``Boot`` (in the browser no catalogue is there before), and its
    message is kept as a key and values: worded in the language of the moment."""
    from qin_ui import i18n

    storage = MemoryStorage({progress.KEY: "{broken"})
    app = App(SaveStore(storage))
    root = WEB.parent
    german = (root / "i18n" / "de.json").read_text(encoding="utf-8")
    try:
        run(app, A.LanguageChosen("de", german, form()))
        run(app, A.Boot("http://localhost/", ""))
        [aside] = [k for k in storage.data if k.startswith(progress.DAMAGED)]
        shown = app.screen().elements["progress-message"]
        assert shown.hidden is False
        assert shown.text is not None and shown.text.startswith("Dein Fortschritt")
        assert aside in shown.text
        english = (root / "i18n" / "en.json").read_text(encoding="utf-8")
        run(app, A.LanguageChosen("en", english, form()))
        assert (app.screen().elements["progress-message"].text or "").startswith(
            "Your progress record could not be read")
    finally:
        i18n.set_language("en", json.loads((root / "i18n" / "en.json").read_text("utf-8")))


@pytest.mark.parametrize(("lang", "head", "row"), [
    ("en", ["Computer", "Wins", "Last results"], ["Emperor", "3 players", "1 of 2", "W L"]),
    ("de", ["Gegner", "Siege", "Letzte Ergebnisse"], ["Kaiser", "3 Spieler", "1 von 2", "S N"]),
    ("fr", ["Ordinateur", "Victoires", "Derniers résultats"],
     ["Empereur", "3 joueurs", "1 sur 2", "V D"]),
])
def test_the_progress_table_has_three_columns(lang: str, head: list[str], row: list[str]
                                              ) -> None:
    """Each row of the progress table: the level with the table's size under its name,
    the wins out of the games, the last results; three columns, so that the smallest
    phone shows them whole in every language (e2e/test_phone.py measures it)."""
    from html.parser import HTMLParser

    from qin_ui import i18n, views
    catalogue = (WEB.parent / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
    games = [progress.Counted("a", "emperor", 3, "won", 1.0),
             progress.Counted("b", "emperor", 3, "lost", 2.0)]
    try:
        i18n.set_language(lang, json.loads(catalogue))
        html = progress.table_html(progress.Progress(games), views.level_name)
    finally:
        i18n.set_language("en", json.loads((WEB.parent / "i18n" / "en.json")
                                           .read_text(encoding="utf-8")))
    words: list[str] = []

    class Texts(HTMLParser):
        def handle_data(self, data: str) -> None:
            if data.strip():
                words.append(data.strip())

    Texts().feed(html[html.index("<table"):])
    assert words == head + row
