"""The last table started comes back on the start screen (web/page/qin_ui/table.py, and
its drawing in start_screen.py's key that prestart.js shows before Python): the players,
each seat (name, colour, human or the computer at its level), the board side and the other
choices of the last game started, at the next visit and after a reload; a stored value
the page's rules refuse gives the first visit's start screen, with nothing else lost
(CPython, no browser; e2e/test_stored_settings.py visits the page)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import qin

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web" / "page"
sys.path.insert(0, str(WEB))

import host  # noqa: E402
from qin_ui import actions as A  # noqa: E402
from qin_ui import handover, i18n, start_screen, table, views  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402
from qin_ui.setup import Seat, Settings, opening, with_players  # noqa: E402

from tests.test_app import refusing  # noqa: E402
from tools.build_site import merged_catalogue  # noqa: E402

CATALOGUES = {lang: merged_catalogue(lang) for lang in ("en", "de", "fr")}
SITE = json.loads(start_screen.site_file(CATALOGUES))
"""start.json as the build writes it: the pieces seat rows are joined from."""

FIRST_VISIT = A.Form(("Green", "White"), ("green", "white"), ("human", "apprentice"),
                     "bird", False, "", "single", True)
"""The start screen of a first visit, as handed over (``setup.opening``)."""
PLAYED = A.Form(("Mei", "White", "Purple"), ("green", "white", "purple"),
                ("human", "minister", "governor"), "lion", True, "12", "sides", False)
"""A table of three: a name typed, two computer seats, the Lion side, fair start, no
hints, a series, a seed."""
PLAYED_SETTINGS = Settings((Seat("Mei", "green"), Seat("White", "white", "minister"),
                            Seat("Purple", "purple", "governor")), "lion", True, None, False)


@pytest.fixture(autouse=True)
def english() -> Any:
    yield
    i18n.set_language("en", CATALOGUES["en"])


def visit(storage: MemoryStorage, form: A.Form | None = None, lang: str = "en",
          intent: A.Action | None = None) -> App:
    """A visit as the shell's ``start`` makes it: the form prestart.js hands over (``None``:
    nothing was shown before Python, the page restores), ``Boot``, then the intent."""
    app = App(SaveStore(storage))
    shown = form if form is not None else FIRST_VISIT
    app.store(app.dispatch(A.LanguageChosen(lang, json.dumps(CATALOGUES[lang]), shown)))
    app.store(app.dispatch(A.Boot("http://localhost/", "", restore=form is None)))
    if intent is not None:
        app.store(app.dispatch(intent))
    app.screen()
    return app


def drawn(storage: MemoryStorage) -> dict[str, Any] | None:
    """The table the start screen shows before Python (``qin.start``'s "table")."""
    data = json.loads(storage.data[start_screen.KEY])
    shown = data["table"]
    assert shown is None or isinstance(shown, dict)
    return shown


def rows_of(shown: dict[str, Any], count: int, lang: str = "en") -> str:
    """The seat rows for ``count`` players that prestart.js shows of ``shown`` in
    ``lang`` (its parts joined with start.json's pieces)."""
    rows = start_screen.site_rows(SITE, lang, shown["seats"][str(count)])
    assert rows is not None
    return rows


def form_shown(shown: dict[str, Any], count: int | None = None, lang: str = "en") -> A.Form:
    """What prestart.js hands over when it shows ``shown`` (in ``lang``) and the player
    presses Start (its seat rows as the browser reads them)."""
    count = count or shown["players"]
    rows = rows_of(shown, count, lang)
    names = tuple(n for n in _attrs(rows, 'id="seat-name-', 'value="'))
    colours = tuple(_selected(rows, "seat-colour-", i) for i in range(count))
    kinds = tuple(_selected(rows, "seat-kind-", i) for i in range(count))
    return A.Form(names, colours, kinds, shown["board"], shown["fair_start"], "",
                  shown["plan"], shown["hints"])


def _attrs(html: str, after: str, attr: str) -> list[str]:
    out = []
    for part in html.split(after)[1:]:
        value = part.split(attr, 1)[1].split('"', 1)[0]
        out.append(value.replace("&amp;", "&").replace("&quot;", '"').replace("&#x27;", "'"))
    return out


def _selected(html: str, select: str, index: int) -> str:
    inside = html.split(f'id="{select}{index}"', 1)[1].split("</select>", 1)[0]
    return inside.split(" selected", 1)[0].rsplit('value="', 1)[1].split('"', 1)[0]


def started(storage: MemoryStorage, form: A.Form = PLAYED, left: bool = True,
            lang: str = "en") -> App:
    """A game started with ``form``; ``left``: then the player went back to the start
    screen and deleted it (else the next visit reopens the game left open)."""
    app = visit(storage, lang=lang)
    app.store(app.dispatch(A.StartGame(form)))
    app.screen()
    assert app.mode is not Mode.START
    if left:
        save = app.state.keeping.save
        assert save is not None
        for command in (A.Command("new-game"), A.Command("delete", save.id)):
            app.store(app.dispatch(command))
            app.screen()
        assert app.state.screen == "setup" and not save_keys(storage)
    return app


def save_keys(storage: MemoryStorage) -> dict[str, str]:
    return {k: v for k, v in storage.data.items() if k.startswith("qin.save.")}


# -- the next visit -----------------------------------------------------------------------
def test_the_last_game_started_is_the_table_the_next_visit_shows_before_python() -> None:
    storage = MemoryStorage()
    started(storage)
    again = visit(storage, FIRST_VISIT)  # reloaded: prestart.js reads the key first
    shown = drawn(storage)
    assert shown is not None and shown["players"] == 3
    assert (shown["board"], shown["fair_start"], shown["hints"], shown["plan"]) == (
        "lion", True, False, "sides")
    # the page's own seat rows: the table's, and for another count what the page makes
    for n in (2, 3, 4):
        assert rows_of(shown, n) == views.seats_html(with_players(PLAYED_SETTINGS, n))
    assert 'value="Mei"' in rows_of(shown, 3) and 'value="minister" selected' in \
        rows_of(shown, 3)
    assert shown["from"] == storage.data[table.KEY]  # shown while it is the table kept
    assert again.state.start.seed_text == ""  # a new game deals afresh


def shown_at_the_next_visit(storage: MemoryStorage) -> dict[str, Any]:
    """The table a game started on ``storage`` shows before Python at the next visit."""
    started(storage)
    visit(storage, FIRST_VISIT)
    shown = drawn(storage)
    assert shown is not None
    return shown


def test_an_early_start_of_the_table_shown_starts_that_table() -> None:
    storage = MemoryStorage()
    shown = shown_at_the_next_visit(storage)
    early = visit(storage, form_shown(shown), intent=A.StartGame(form_shown(shown)))
    s = early.state.game.session
    assert s is not None and early.mode is not Mode.START
    assert s.names == ["Mei", "White", "Purple"]
    assert [seat.kind for seat in s.settings.seats] == ["human", "minister", "governor"]
    assert (s.settings.board, s.settings.fair_start, s.settings.hints) == ("lion", True, False)
    assert early.state.game.series is not None  # the series chosen


def test_the_table_shown_before_python_is_what_python_draws_when_it_arrives() -> None:
    storage = MemoryStorage()
    shown = shown_at_the_next_visit(storage)
    app = visit(storage, form_shown(shown))  # handed over untouched: nothing changes
    screen = app.screen().elements
    assert screen["seats"].html == rows_of(shown, 3)
    assert screen["players-3"].checked and screen["board-lion"].checked
    assert screen["fair-start"].checked and not screen["hints-on"].checked
    assert screen["series-plan"].value == "sides"
    # two seats chosen before Python: the rows shown are the page's own for two
    two = form_shown(shown, 2)
    app.store(app.dispatch(A.SetupEdited(form_shown(shown), "players", 2)))
    assert app.screen().elements["seats"].html == rows_of(shown, 2)
    assert app.state.start.settings.names == list(two.names)


def test_with_nothing_shown_before_python_the_page_restores_the_table() -> None:
    storage = MemoryStorage()
    started(storage)
    app = visit(storage)  # prestart.js never made the screen usable
    assert app.mode is Mode.START
    assert app.state.start.settings == PLAYED_SETTINGS and app.state.start.plan == "sides"


def test_a_seat_named_after_its_colour_takes_the_next_visits_language() -> None:
    storage = MemoryStorage()
    started(storage, A.Form(("Grün", "Li"), ("green", "white"), ("human", "emperor"), "bird",
                            False, "", "single", True), lang="de")
    assert json.loads(storage.data[table.KEY])["seats"][0]["name"] is None
    visit(storage, FIRST_VISIT, lang="en")
    shown = drawn(storage)
    assert shown is not None
    assert form_shown(shown).names == ("Green", "Li")


def test_the_table_shown_before_python_is_shown_in_the_language_chosen_there() -> None:
    """A language chosen before Python: the table's seats in that language (a seat named
    after its colour named in it, a name typed kept), as its Python draws them, and the
    start handed over in it starts that table."""
    storage = MemoryStorage()
    shown = shown_at_the_next_visit(storage)  # drawn by an English page
    i18n.set_language("de", CATALOGUES["de"])
    german = Settings((Seat("Mei", "green"), Seat("Weiß", "white", "minister"),
                       Seat("Lila", "purple", "governor")), "lion", True, None, False)
    for n in (2, 3, 4):
        assert rows_of(shown, n, "de") == views.seats_html(with_players(german, n))
    i18n.set_language("en", CATALOGUES["en"])
    assert form_shown(shown, lang="fr").names == ("Mei", "Blanc", "Violet")
    early = visit(storage, form_shown(shown, lang="de"), lang="de",
                  intent=A.StartGame(form_shown(shown, lang="de")))
    s = early.state.game.session
    assert s is not None and s.names == ["Mei", "Weiß", "Lila"]
    assert [seat.kind for seat in s.settings.seats] == ["human", "minister", "governor"]


def test_the_table_shown_before_python_is_kept_small() -> None:
    """The start screen's key with a table of three (its rows for 2, 3 and 4 players) is
    kept as pieces' keys: some 1 KB, not the 24 KB of its HTML."""
    storage = MemoryStorage()
    shown = shown_at_the_next_visit(storage)
    html = sum(len(rows_of(shown, n)) for n in (2, 3, 4))
    kept = len(json.dumps(shown["seats"]))
    assert html > 20_000 and kept < 1_500, (html, kept)
    assert len(storage.data[start_screen.KEY]) < 3_000


def test_the_first_visits_table_is_not_drawn_again() -> None:
    """Started as a first visit shows it: the key holds no table (index.html's first paint,
    the English defaults, is then what prestart.js shows)."""
    storage = MemoryStorage()
    started(storage, FIRST_VISIT)
    assert table.read(storage.data[table.KEY]) == table.Table(opening())
    visit(storage, FIRST_VISIT)
    assert drawn(storage) is None


def test_a_choice_tried_and_left_is_not_kept() -> None:
    storage = MemoryStorage()
    app = visit(storage)
    four = A.Form(("Green", "White", "Purple", "Black"), ("green", "white", "purple", "black"),
                  ("human",) * 4, "lion", False, "", "single", True)
    app.store(app.dispatch(A.SetupEdited(four, "players", 4)))
    app.screen()
    assert table.KEY not in storage.data and drawn(storage) is None
    refused = A.Form(("Mei", "Mei"), ("green", "white"), ("human", "human"), "bird", False,
                     "", "single", True)
    app.store(app.dispatch(A.StartGame(refused)))  # not started (the same name twice)
    assert app.mode is Mode.START and table.KEY not in storage.data


# -- what is stored, as it may be found --------------------------------------------------
def _played(**changes: Any) -> str:
    data = json.loads(table.text_of(PLAYED_SETTINGS, "sides"))
    for key, value in changes.items():
        if key.startswith("seat0_"):
            data["seats"][0][key[6:]] = value
        else:
            data[key] = value
    return json.dumps(data)


BASE = json.loads(_played())
MORE = [{"name": "A", "colour": "black", "kind": "human"},
        {"name": "B", "colour": "orange", "kind": "human"}]

REFUSED = {
    "not JSON": "{not json",
    "a list": "[1, 2]",
    "another format": _played(format="qin-table/9"),
    "seats not a list": _played(seats="three"),
    "one seat": json.dumps({**BASE, "seats": BASE["seats"][:1]}),
    "five seats": json.dumps({**BASE, "seats": BASE["seats"] + MORE}),
    "an unknown level": _played(seat0_kind="grandmaster"),
    "a level not text": _played(seat0_kind=3),
    "a name with a control character": _played(seat0_name="Mei\u0007"),
    "a name too long": _played(seat0_name="M" * 41),
    "a name longer than the start screen takes": _played(seat0_name="M" * 21),
    "a name not text": _played(seat0_name=7),
    "an empty name": _played(seat0_name="  "),
    "a colour unknown": _played(seat0_colour="red"),
    "two seats of one colour": _played(seat0_colour="white"),
    "a board unknown": _played(board="moon"),
    "a board of its own for four": json.dumps({**BASE, "board": "2 2\n..\n..",
                                               "seats": BASE["seats"] + MORE[:1]}),
    "fair start not true or false": _played(fair_start="yes"),
    "hints not true or false": _played(hints=1),
    "a plan unknown": _played(plan="forever"),
    "deeply nested": "[" * 5000 + "]" * 5000,
    "huge": _played(seat0_name="M" * 10_000),
}


@pytest.mark.parametrize("text", REFUSED.values(), ids=list(REFUSED))
def test_a_stored_table_the_rules_refuse_gives_the_first_visits_start_screen(text: str) -> None:
    assert table.read(_played()) is not None  # (the value each one spoils)
    storage = MemoryStorage()
    beside = qin.Game.new(players=3, seed=4)
    SaveStore(storage).create(beside, {
        "kinds": ["human"] * 3, "colours": ["green", "white", "purple"], "at_screen": 1,
        "cover": False}, recorder=beside.record)  # a saved game beside it
    saved = save_keys(storage)
    storage.data[table.KEY] = text
    app = visit(storage)
    assert app.mode is Mode.START and app.state.game.session is None
    assert app.state.start.settings == opening() and app.state.start.plan == "single"
    assert drawn(storage) is None  # nor is it shown before Python
    assert save_keys(storage) == saved and len(app.state.start.entries) == 1  # nothing lost
    assert storage.data[table.KEY] == text  # left as it is, until the next start


def test_a_storage_that_refuses_the_table_starts_the_game_all_the_same() -> None:
    storage = refusing(table.KEY)
    app = started(storage, left=False)
    assert app.state.game.session is not None and len(save_keys(storage)) == 1
    assert table.KEY not in storage.data


REFUSED_WRITE = "QuotaExceededError: The quota has been exceeded."
"""A browser's words when its storage is full (the shell's ``unwritten``)."""


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("key", [table.KEY, start_screen.KEY])
def test_a_table_the_browser_refuses_to_keep_says_nothing_of_saved_games(
        key: str, lang: str) -> None:
    """The browser refuses the write of the table's keys after a start (storage full):
    the game goes on, saved; nothing the player had is lost (what is not kept is the table
    for the next visit, and what a next visit shows before its Python), so nothing is
    said, and nothing of the saved games."""
    storage = MemoryStorage()
    app = started(storage, left=False, lang=lang)
    i18n.set_language(lang, CATALOGUES[lang])
    saved = app.screen().elements["save-state"].text
    app.store(app.dispatch(A.StorageFailed(key, REFUSED_WRITE)))
    screen = app.screen().elements
    assert app.state.game.session is not None and screen["save-state"].text == saved
    app.store(app.dispatch(A.Command("new-game")))
    screen = app.screen().elements
    assert screen["saved-message"].hidden and not screen["saved-message"].text
    assert screen["progress-message"].hidden
    assert len(app.state.start.entries) == 1  # the game, saved


def test_a_start_screen_the_browser_refuses_to_keep_is_not_written_again_at_once() -> None:
    """On the start screen, the browser refuses the start screen's key (storage full):
    the page's reply writes nothing again (each refusal drew the saved games again, and
    their key was written again, and refused again: the page never came to rest)."""
    h = host.Host.open({})
    reply = h.handle({"t": "start", "href": "http://localhost/", "hash": "", "handed": "",
                      "lang": "en", "catalogue": json.dumps(CATALOGUES["en"]), "form": None})
    assert start_screen.KEY in dict(reply["writes"])
    for _ in range(2):
        reply = h.handle({"t": "unwritten", "failed": [
            {"key": start_screen.KEY, "error": REFUSED_WRITE, "value": None}]})
        assert "writes" not in reply, reply["writes"]
        assert "saved-message" not in reply.get("changes", {})


def test_a_storage_that_refuses_the_start_screen_s_key_starts_the_game_all_the_same(
        ) -> None:
    storage = refusing(start_screen.KEY)
    app = started(storage, left=False)
    assert app.state.game.session is not None and len(save_keys(storage)) == 1
    assert start_screen.KEY not in storage.data and table.KEY in storage.data
    app.store(app.dispatch(A.Command("new-game")))
    assert app.screen().elements["saved-message"].hidden


def test_two_tabs_the_last_start_wins() -> None:
    """Two tabs on their start screens: A starts a game, then B another (each goes back
    and deletes it); A's start screen keeps its own choices meanwhile, and the next visit
    shows B's table."""
    storage = MemoryStorage()
    tab_a, tab_b = visit(storage), visit(storage)
    other = A.Form(("Li", "White"), ("green", "white"), ("human", "emperor"), "bird", False,
                   "", "single", True)
    for tab, form in ((tab_a, PLAYED), (tab_b, other)):
        tab.store(tab.dispatch(A.StartGame(form)))
        save = tab.state.keeping.save
        assert save is not None
        for command in (A.Command("new-game"), A.Command("delete", save.id)):
            tab.store(tab.dispatch(command))
            tab.screen()
    assert tab_a.state.start.settings.names == ["Mei", "White", "Purple"]
    assert table.read(storage.data[table.KEY]) == table.read(table.text_of(
        Settings((Seat("Li", "green"), Seat("White", "white", "emperor"))), "single"))
    visit(storage, FIRST_VISIT)
    shown = drawn(storage)
    assert shown is not None and shown["from"] == storage.data[table.KEY]
    assert form_shown(shown).names == ("Li", "White")


def test_the_shell_s_start_restores_the_table_only_when_nothing_was_shown() -> None:
    storage = MemoryStorage()
    started(storage)
    handed = json.dumps({"form": {"names": ["Green", "White"], "colours": ["green", "white"],
                                  "kinds": ["human", "apprentice"], "board": "bird"},
                         "intent": None, "focus": ""})
    for given, players in (("", 3), (handed, 2)):
        h = host.Host.open(dict(storage.data))
        h.handle({"t": "start", "href": "http://localhost/", "hash": "", "handed": given,
                  "lang": "en", "catalogue": json.dumps(CATALOGUES["en"]), "form": None})
        assert h.app.state.start.settings.players == players, given
    assert handover.read(handed) is not None
