"""The start screen before Python is HTML the page's Python wrote (web/page/qin_ui/
start_screen.py): start.json at build time, per language, and one storage key the page
rewrites as the saves and the progress change on screen; prestart.js shows them as they
are (CPython here; e2e/test_instant.py shows them in a browser)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import qin

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import i18n, progress, saves, start_screen, table, views  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402
from qin_ui.setup import Settings, opening_seats  # noqa: E402

from tests.test_app import refusing, run  # noqa: E402
from tools.build_site import merged_catalogue  # noqa: E402

LANGS = ("en", "de", "fr")
CATALOGUES = {lang: merged_catalogue(lang) for lang in LANGS}


@pytest.fixture(autouse=True)
def english() -> Any:
    yield
    i18n.set_language("en", CATALOGUES["en"])


def boot(storage: MemoryStorage, lang: str = "en") -> App:
    """The page's Python opened over ``storage`` (as the shell's ``start`` does), screen drawn."""
    app = App(SaveStore(storage))
    form = A.Form(("Green", "White"), ("green", "white"), ("human", "human"), "bird", False,
                  "", "single", True)
    app.store(app.dispatch(A.LanguageChosen(lang, json.dumps(CATALOGUES[lang]), form)))
    app.screen()
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.screen()
    return app


def stored(storage: MemoryStorage) -> dict[str, Any]:
    data = json.loads(storage.data[start_screen.KEY])
    assert isinstance(data, dict) and data["format"] == start_screen.FORMAT
    return data


def finished_game(seed: int) -> qin.Game:
    game = qin.Game.new(board="lion", players=2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


UI = {"kinds": ["human", "human"], "colours": ["orange", "white"], "at_screen": 1,
      "cover": False}


def test_the_site_file_holds_each_languages_start_screen_and_the_storage_keys() -> None:
    site = json.loads(start_screen.site_file(CATALOGUES))
    assert i18n.language() == "en"  # the build's language is left as it was
    assert site["keys"] == {"start": "qin.start", "format": "qin-start/2",
                            "maxStart": 4 * saves.MAX_TEXT, "savePrefix": saves.PREFIX,
                            "progress": progress.KEY, "table": "qin.table"}
    assert sorted(site["langs"]) == list(sorted(LANGS))
    for lang in LANGS:
        i18n.set_language(lang, CATALOGUES[lang])
        words = site["langs"][lang]
        for n in (2, 3, 4):  # the page's own seat rows, in that language
            assert start_screen.site_rows(site, lang, site["seats"][str(n)]) == \
                views.seats_html(Settings(seats=opening_seats(n)))
        assert words["plans"] == views.plans_html()
        assert words["saved"] == views.saved_html([])
        assert words["dealing"] == (f'<p class="dealing" id="dealing">'
                                    f'{CATALOGUES[lang]["prestart.dealing"]}</p>')
        # a switch to another language that cannot load, said as the page's Python says it
        assert words["failed"] == {other: i18n.said(i18n.language_failed(other))
                                   for other in LANGS if other != lang}
    assert "Français" in site["langs"]["en"]["failed"]["fr"]
    assert "English" in site["langs"]["en"]["failed"]["fr"]
    assert "Grün" in (start_screen.site_rows(site, "de", site["seats"]["2"]) or "")
    assert "Vert" in (start_screen.site_rows(site, "fr", site["seats"]["2"]) or "")
    # a pagoda's drawing is in every language alike: once in the file
    assert "pagoda.green" in site["pieces"] and "name.green" in site["langs"]["de"]["pieces"]
    assert not any("pagoda.green" in site["langs"][lang]["pieces"] for lang in LANGS)


def test_index_html_holds_the_english_start_screen_as_the_pages_python_draws_it() -> None:
    """The build writes the seats and the series choices into index.html (the first paint
    shows them, lang.js); the page's Python, booting in English with nothing stored, draws
    exactly them, so the shell leaves those elements as painted."""
    from tools.build_site import waiting_selects, with_start_screen

    site = start_screen.site_file(CATALOGUES)
    page = (WEB / "index.html").read_text(encoding="utf-8")
    html = with_start_screen(page, site.encode())
    assert "qin:start" not in html and 'data-start-key="qin.start"' in html
    seats = opening_seats(2)  # the form as the first paint shows it, handed over
    form = A.Form(tuple(s.name for s in seats), tuple(s.colour for s in seats),
                  tuple(s.kind for s in seats), "bird", False, "", "single", True)
    app = App(SaveStore(MemoryStorage({})))
    app.dispatch(A.LanguageChosen("en", json.dumps(CATALOGUES["en"]), form))
    app.dispatch(A.Boot("http://localhost/", ""))
    first = app.screen().elements
    plans, rows = first["series-plan"].html, first["seats"].html
    assert plans and f'id="series-plan">{plans}</' in html
    # a seat's colour and player wait for the engine from the first paint (prestart.js
    # turns them on, when the page's Python arrives, in the same elements)
    assert rows and "<select" in rows and " disabled" not in rows
    assert f'id="seats">{waiting_selects(rows)}</' in html
    with pytest.raises(Exception, match="no start screen part 'nothing'"):
        with_start_screen("<!-- qin:start nothing -->", site.encode())


def test_the_stored_lists_are_what_the_start_screen_draws() -> None:
    """Replaces the byte-for-byte check of progress_table.js: the fragments are the
    page's own, taken from the screen it drew."""
    storage = MemoryStorage()
    store = SaveStore(storage)
    game = qin.Game.new(board="lion", players=2, seed=11)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    ref = store.create(game, UI, recorder=game.record)
    storage.set(progress.KEY, json.dumps({"format": progress.FORMAT, "games": [
        {"id": "a", "level": "governor", "players": 2, "result": "won", "ended": 1},
        {"id": "b", "level": "emperor", "players": 3, "result": "lost", "ended": 2}]}))
    app = boot(storage)
    shown = app.screen().elements
    data = stored(storage)
    assert data["lang"] == "en" and data["open"] is None
    lists = data["lists"]
    assert lists["saved"] == shown["saved-list"].html and "3 moves" in lists["saved"]
    assert lists["progress"] == shown["progress-table"].html
    assert (lists["count"], lists["games"]) == (1, 2)
    assert lists["boards"] == {ref.id: {"board": "lion", "position": game.to_position(),
                                        "colours": ["orange", "white"]}}


MOVES = {"en": ("move", "moves"), "de": ("Zug", "Züge"), "fr": ("coup", "coups")}
"""A move and moves in each language (the catalogues' words)."""


@pytest.mark.parametrize("lang", LANGS)
def test_a_saved_game_and_an_import_count_one_move_in_the_singular(lang: str) -> None:
    """"1 move", never "1 moves": the saved games' list and the note of an import, in
    English, German and French."""
    one, many = MOVES[lang]
    storage = MemoryStorage()
    store = SaveStore(storage)
    games = []
    for n in (1, 2):
        game = qin.Game.new(board="lion", players=2, seed=11)
        for _ in range(n):
            game.play(game.legal_moves()[0])
        store.create(game, UI, recorder=game.record)
        games.append(game)
    app = boot(storage, lang)
    listed = app.screen().elements["saved-list"].html or ""
    assert re.search(rf"\b1 {one}\b", listed) and re.search(rf"\b2 {many}\b", listed)
    run(app, A.Imported(json.dumps(games[0].record()), "one.json"))
    note = i18n.said(app.state.start.saved_message)
    assert re.search(rf"\b1 {one}\b", note), note


def test_a_game_on_screen_is_the_board_shown_and_its_end_renews_the_lists() -> None:
    storage = MemoryStorage()
    app = boot(storage)
    form = A.Form(("Mei", "Li"), ("green", "white"), ("human", "human"), "lion", False,
                  "5", "single", True)
    app.store(app.dispatch(A.StartGame(form)))
    app.screen()
    s = app.state.game.session
    assert s is not None
    move = s.game.legal_moves()[0]
    s.game.play(move)  # (a move as the session plays it; the save follows)
    app.store([A.Save()])
    app.screen()
    data = stored(storage)
    assert data["open"] == {"board": "lion", "position": s.game.to_position(),
                            "colours": ["green", "white"]}
    assert data["lists"] is None  # not shown while a game is open: a move writes little
    while not s.game.is_over:
        s.game.play(s.game.legal_moves()[0])
    app.store([A.Save()])
    app.screen()
    data = stored(storage)
    assert data["open"] is None  # a finished game is not reopened
    assert data["lists"]["count"] == 1
    assert " won" in data["lists"]["saved"] or "shared" in data["lists"]["saved"]


def test_a_game_deleted_behind_the_start_screen_is_not_the_board_shown() -> None:
    """Back on the start screen, the game on screen deleted from the saved games: a page
    opened now shows the start screen (the game is not reopened), not that game's board;
    its deletion undone, its board again."""
    storage = MemoryStorage()
    app = boot(storage)
    app.store(app.dispatch(A.StartGame(A.Form(("Mei", "Li"), ("green", "white"),
                                              ("human", "human"), "bird", False, "",
                                              "single", True))))
    save = app.state.keeping.save
    assert save is not None and stored(storage)["open"] is not None
    for command in (A.Command("new-game"), A.Command("delete", save.id)):
        app.store(app.dispatch(command))
        app.screen()
    data = stored(storage)
    assert data["open"] is None and data["lists"]["count"] == 0
    app.store(app.dispatch(A.Command("undelete")))
    app.screen()
    assert stored(storage)["open"] is not None


def test_a_change_of_language_rewrites_the_key_in_that_language() -> None:
    storage = MemoryStorage()
    app = boot(storage)
    assert stored(storage)["lang"] == "en"
    form = A.Form(("Grün", "Weiß"), ("green", "white"), ("human", "human"), "bird", False,
                  "", "single", True)
    app.store(app.dispatch(A.LanguageChosen("de", json.dumps(CATALOGUES["de"]), form)))
    app.screen()
    data = stored(storage)
    assert data["lang"] == "de"
    assert "Noch keine gespeicherten Spiele." in data["lists"]["saved"]


def test_a_storage_that_refuses_the_key_costs_nothing_else() -> None:
    storage = refusing(start_screen.KEY)
    app = boot(storage)
    assert start_screen.KEY not in storage.data
    assert app.state.screen == "setup"


def test_the_key_is_written_only_when_what_it_holds_changes() -> None:
    class Counting(MemoryStorage):
        writes = 0

        def set(self, key: str, value: str) -> None:
            if key == start_screen.KEY:
                Counting.writes += 1
            super().set(key, value)

    storage = Counting()
    app = boot(storage)
    before = Counting.writes
    for _ in range(5):
        app.screen()
    assert Counting.writes == before


def many_saved(storage: MemoryStorage, count: int) -> SaveStore:
    """``count`` saved games of a few moves each (the newest listed first)."""
    store = SaveStore(storage)
    for seed in range(count):
        game = qin.Game.new(board="lion", players=2, seed=seed)
        for _ in range(3):
            game.play(game.legal_moves()[0])
        store.create(game, UI, recorder=game.record)
    return store


def test_a_start_screen_longer_than_prestart_reads_keeps_the_newest_saved_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """More saved games than the key may hold (prestart.js refuses a text longer than
    ``MAX_START`` and shows nothing): the key holds the newest saved games that fit, as
    the page lists them, and a line saying how many more the page lists once loaded; the
    table, the progress and the count stay whole."""
    storage = MemoryStorage()
    many_saved(storage, 30)
    app = boot(storage)
    whole = storage.data[start_screen.KEY]
    shown = app.screen().elements["saved-list"].html
    assert shown is not None
    limit = len(whole) * 2 // 3
    monkeypatch.setattr(start_screen, "MAX_START", limit)
    storage.remove(start_screen.KEY)
    app = boot(storage)
    text = storage.data[start_screen.KEY]
    assert len(text) <= limit
    lists = json.loads(text)["lists"]
    assert lists["count"] == 30 and lists["progress"] == stored_whole(whole)["progress"]
    rows = lists["saved"].split("</li>")[:-1]
    kept = [row for row in rows if 'data-id="' in row]
    assert 10 < len(kept) < 30
    assert lists["saved"].startswith("</li>".join(kept) + "</li>")
    assert shown.startswith("</li>".join(kept) + "</li>")  # the newest, as the page lists them
    more = 30 - len(kept)
    assert rows[-1].startswith('<li class="more">') and f"{more} more saved games" in rows[-1]
    ids = {row.split('data-id="')[1].split('"')[0] for row in kept}
    assert set(lists["boards"]) == ids and set(lists["stamps"]) == ids
    # the longest that fits: one saved game more would not
    assert len(kept) == len(rows) - 1


def stored_whole(text: str) -> dict[str, Any]:
    data = json.loads(text)
    assert isinstance(data, dict)
    lists = data["lists"]
    assert isinstance(lists, dict)
    return lists


def test_a_start_screen_whose_lists_never_fit_keeps_the_table_else_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Not even the progress table and the line of how many saved games fit: the key
    holds the table without the lists (prestart.js leaves them to Python); not even that:
    no key at all, the one stored before removed (it would show lists no longer true)."""
    storage = MemoryStorage()
    many_saved(storage, 3)
    storage.set(table.KEY, table.text_of(Settings(seats=opening_seats(3)), "single"))
    boot(storage)
    whole = json.loads(storage.data[start_screen.KEY])
    assert whole["table"] is not None and whole["lists"] is not None
    without_lists = len(start_screen.stored_text("en", None, None, start_screen.table_shown(
        storage.data[table.KEY])))
    monkeypatch.setattr(start_screen, "MAX_START", without_lists)
    storage.set(start_screen.KEY, "an old start screen")
    boot(storage)
    data = json.loads(storage.data[start_screen.KEY])
    assert data["lists"] is None and data["table"] == whole["table"]
    monkeypatch.setattr(start_screen, "MAX_START", without_lists - 1)
    boot(storage)
    assert start_screen.KEY not in storage.data


def list_words(site: dict[str, Any]) -> str:
    """start.json's words of each language, as the shell hands them to the page's Python."""
    return json.dumps({lang: words["words"] for lang, words in site["langs"].items()})


def test_the_lists_are_stored_in_every_language_as_the_page_draws_them_there() -> None:
    """A page opened in another language than the one the lists were last drawn in (the
    player chose it, before Python or on the last visit) shows them before Python: the
    page's Python, given start.json's words, stores them in each language as it draws them
    in that language (a saved game playing, one finished, a damaged one, the progress),
    and leaves them out first when the key would be too long."""
    storage = MemoryStorage()
    store = SaveStore(storage)
    finished = finished_game(5)
    store.create(finished, UI, recorder=finished.record)
    game = qin.Game.new(board="bird", players=2, seed=3)
    game.play(game.legal_moves()[0])
    store.create(game, UI, recorder=game.record)
    storage.set(saves.PREFIX + "broken", "{not json")
    storage.set(progress.KEY, json.dumps({"format": progress.FORMAT, "games": [
        {"id": "a", "level": "governor", "players": 2, "result": "won", "ended": 1},
        {"id": "b", "level": "heaven", "players": 3, "result": "lost", "ended": 2}]}))
    site = json.loads(start_screen.site_file(CATALOGUES))
    drawn = {}
    for lang in LANGS:
        shown = boot(storage, lang).screen().elements
        drawn[lang] = {"saved": shown["saved-list"].html, "progress": shown["progress-table"].html}
    assert drawn["de"] != drawn["en"] and drawn["fr"] != drawn["en"]
    for lang in LANGS:
        app = App(SaveStore(storage))
        app.start_key.read_words(list_words(site))
        form = A.Form(("Green", "White"), ("green", "white"), ("human", "human"), "bird",
                      False, "", "single", True)
        app.store(app.dispatch(A.LanguageChosen(lang, json.dumps(CATALOGUES[lang]), form)))
        app.store(app.dispatch(A.Boot("http://localhost/", "")))
        app.screen()
        lists = stored(storage)["lists"]
        assert {"saved": lists["saved"], "progress": lists["progress"]} == drawn[lang]
        assert lists["langs"] == {other: drawn[other] for other in LANGS if other != lang}
    assert "Beschädigter Spielstand" in str(drawn["de"]["saved"])
    assert "Enregistrement endommagé" in str(drawn["fr"]["saved"])


def test_the_lists_in_the_other_languages_go_first_when_the_key_would_be_too_long(
        monkeypatch: pytest.MonkeyPatch) -> None:
    storage = MemoryStorage()
    many_saved(storage, 4)
    site = json.loads(start_screen.site_file(CATALOGUES))
    app = App(SaveStore(storage))
    app.start_key.read_words(list_words(site))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.screen()
    lists = stored(storage)["lists"]
    assert sorted(lists["langs"]) == ["de", "fr"]
    kept = app.start_key.lists
    assert kept is not None
    alone = start_screen.stored_text("en", kept.alone(), None)
    monkeypatch.setattr(start_screen, "MAX_START", len(alone))
    storage.remove(start_screen.KEY)
    app = App(SaveStore(storage))
    app.start_key.read_words(list_words(site))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.screen()
    data = stored(storage)
    assert data["lists"]["langs"] == {} and data["lists"]["count"] == 4
    assert data["lists"]["saved"] == lists["saved"]  # its own language whole


def test_the_lists_in_the_other_languages_hold_the_newest_saved_games() -> None:
    """Many saved games: the other languages' lists hold the newest ``OTHERS_LISTED`` as
    the page lists them there, and a line of how many more (in that language)."""
    storage = MemoryStorage()
    many_saved(storage, start_screen.OTHERS_LISTED + 3)
    site = json.loads(start_screen.site_file(CATALOGUES))
    german = boot(storage, "de").screen().elements["saved-list"].html or ""
    app = App(SaveStore(storage))
    app.start_key.read_words(list_words(site))
    form = A.Form(("Green", "White"), ("green", "white"), ("human", "human"), "bird", False,
                  "", "single", True)
    app.store(app.dispatch(A.LanguageChosen("en", json.dumps(CATALOGUES["en"]), form)))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.screen()
    saved = stored(storage)["lists"]["langs"]["de"]["saved"]
    rows = german.split("</li>")[:start_screen.OTHERS_LISTED]
    assert saved.startswith("</li>".join(rows) + "</li>")
    assert saved.count('data-state="ok"') == start_screen.OTHERS_LISTED
    assert saved.endswith('<li class="more">3 weitere gespeicherte Spiele, aufgelistet, '
                          'sobald die Seite geladen ist.</li>')
