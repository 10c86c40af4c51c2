"""The Son of Heaven (the learned level, ``heaven``) on the game page, offered after the Emperor.

``players.OFFER_SON_OF_HEAVEN`` is on (it is measured stronger than the Emperor,
bench/README.md): every seat may choose it, in the page's three languages, and the
tutorial's finish leads to it after the Emperor.  A game that has it in a seat (a saved
game, an import, a link) opens, plays and counts, and would still if the switch were
turned off again.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import qin
import qin.ai
from qin import records

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB / "page"))

from qin_ui import actions as A  # noqa: E402
from qin_ui import i18n, keep, players, progress, rating, setup, tutorial, views  # noqa: E402
from qin_ui.saves import MemoryStorage  # noqa: E402

from tests.test_app import form, new_app, run, session  # noqa: E402
from tests.test_progress import finish, near_finished_save  # noqa: E402
from tests.test_tutorial import HITS, booted, try_move  # noqa: E402

NAMES = {"en": "Son of Heaven", "de": "Himmelssohn", "fr": "Fils du Ciel"}


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


@pytest.fixture
def switched_off() -> Iterator[None]:
    """The start screen as it would be with the switch off; as shipped afterwards."""
    players.register_levels(offer_son_of_heaven=False)
    yield
    players.register_levels()


def two_seats(kind: str) -> setup.Settings:
    return setup.Settings((setup.Seat("Ann", "green"), setup.Seat("Bo", "white", kind)))


def test_the_start_screen_offers_it_after_the_emperor() -> None:
    assert players.OFFER_SON_OF_HEAVEN is True  # bench/README.md: measured stronger
    assert [k.key for k in players.offered()] == [
        "human", *(lv.key for lv in qin.ai.LEVELS), "heaven"]
    html = views.seats_html(two_seats("human"))
    assert html.count('<option value="heaven"') == 2  # in every seat
    for seat in range(2):
        select = html.split(f'id="seat-kind-{seat}"')[1].split("</select>")[0]
        assert select.index('value="emperor"') < select.index('value="heaven"')


def test_a_seat_that_chose_it_describes_it_in_words() -> None:
    html = views.seats_html(two_seats("heaven"))
    assert '<option value="heaven" selected' in html
    hint = html.split('id="seat-hint-1">')[1].split("</p>")[0]
    assert hint == qin.ai.SON_OF_HEAVEN.description
    assert setup.problems(two_seats("heaven")) == []


@pytest.mark.usefixtures("switched_off")
def test_switched_off_a_seat_that_has_it_keeps_it_on_the_start_screen() -> None:
    # the four levels only, but a game from a page that offered it, played again with
    # the same settings, keeps it in its seat; the tutorial leads to the Emperor at most
    assert [k.key for k in players.offered()] == ["human", *(lv.key for lv in qin.ai.LEVELS)]
    assert 'value="heaven"' not in views.seats_html(two_seats("emperor"))
    html = views.seats_html(two_seats("heaven"))
    assert html.count('value="heaven"') == 1
    assert '<option value="heaven" selected' in html
    assert setup.problems(two_seats("heaven")) == []
    beaten = [progress.Counted(f"g{i}", lv, 2, "won")
              for i, lv in enumerate(progress.LEVEL_ORDER)]
    assert tutorial.next_level(beaten) == "emperor"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_seat_offers_it_by_name_in_each_language(lang: str) -> None:
    i18n.set_language(lang, catalogue(lang))
    try:
        html = views.seats_html(two_seats("human"))
        assert html.count('<option value="heaven"') == 2
        kind = players.kind("heaven")
        assert players.name(kind) == NAMES[lang]
        assert f">{players.label(kind)}</option>" in html and NAMES[lang] in players.label(kind)
        assert players.description(kind) == catalogue(lang)["ai.heaven.description"]
        assert f'title="{players.description(kind)}"' in html
        assert views.level_name("heaven") == NAMES[lang]
    finally:
        i18n.set_language("en", catalogue("en"))


def test_the_tutorial_leads_to_it_after_the_emperor() -> None:
    beaten = [progress.Counted(f"g{i}", lv, 2, "won")
              for i, lv in enumerate(("apprentice", "governor", "minister"))]
    assert tutorial.next_level(beaten) == "emperor"
    beaten.append(progress.Counted("g9", "emperor", 2, "shared"))
    assert tutorial.next_level(beaten) == "heaven"
    beaten.append(progress.Counted("g10", "heaven", 2, "won"))
    assert tutorial.next_level(beaten) == "heaven"  # the strongest, once all are beaten


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_tutorials_finish_offers_it_in_words_once_the_emperor_is_beaten(lang: str) -> None:
    storage = MemoryStorage()
    storage.set("qin.progress", json.dumps({"format": "qin-progress/1", "games": [
        {"id": f"g{i}", "level": lv, "players": 2, "result": "won", "ended": i + 1}
        for i, lv in enumerate(("apprentice", "governor", "minister", "emperor"))]}))
    app = booted("#learn=end", storage=storage)
    try:
        run(app, A.LanguageChosen(lang, json.dumps(catalogue(lang)), form()))
        try_move(app, HITS["end"])
        screen = app.screen().elements
        assert screen["tutorial-play"].text == catalogue(lang)["tutorial.play.heaven"]
        assert NAMES[lang] in (screen["tutorial-play"].text or "")
        assert screen["tutorial-finish"].text == catalogue(lang)["tutorial.finish.heaven"]
        run(app, A.Command("tutorial-play"))
        s = app.state.game.session
        assert s is not None and [seat.kind for seat in s.settings.seats] == ["human", "heaven"]
    finally:
        i18n.set_language("en", catalogue("en"))


def test_a_game_against_it_starts_and_it_plays_a_legal_move() -> None:
    app = new_app()
    kinds = ("heaven", "human")
    run(app, A.StartGame(A.Form(("Green", "White"), ("green", "white"), kinds, "bird",
                                False, "7", "single")))
    s = session(app)
    assert [k.key for k in s.kinds] == list(kinds)
    view = s.game.view(1)
    move = players.kind("heaven").choose(view)  # type: ignore[misc]
    assert move in view.legal_moves()


def test_a_saved_game_with_it_is_resumed_and_counted_under_its_name() -> None:
    app = new_app(MemoryStorage())
    text, last = near_finished_save(["human", "heaven"])
    finish(app, text, last)
    table = progress.load(app.saves.storage)[0]
    assert [(r.level, r.players, r.games) for r in table.rows()] == [("heaven", 2, 1)]
    html = progress.table_html(table, views.level_name)
    assert 'data-level="heaven"' in html and "Son of Heaven" in html
    # rated at its own measured rating (rating.LADDER), above the Emperor's: the same
    # result against it rates the player higher than against the Emperor
    assert rating.LEVEL_RATINGS["heaven"] > rating.LEVEL_RATINGS["emperor"]
    as_emperor = [progress.Counted(g.id, "emperor", g.players, g.result, g.ended)
                  for g in table.games]
    against_heaven, against_emperor = rating.rating(table.games), rating.rating(as_emperor)
    assert against_heaven is not None and against_emperor is not None
    assert against_heaven > against_emperor


def test_a_link_and_a_record_carry_it_in_a_seat() -> None:
    game = qin.Game.new(board="bird", players=2, seed=5)
    record = game.record()
    record["seats"] = ["heaven", "human"]
    back = records.record_from_url(records.to_url(record))
    assert back["seats"] == ["heaven", "human"]
    s = keep.link_session(back)
    assert [k.key for k in s.kinds] == ["heaven", "human"]
    assert s.kinds[0].level == "heaven"
