"""The Son of Heaven (the learned level, ``heaven``) on the game page, ready to be offered.

While ``players.OFFER_SON_OF_HEAVEN`` is off the start screen offers the four levels only,
but a game that has the Son of Heaven in a seat (a saved game, an import, a link: written
by a page that offers it) opens, plays and counts; switched on (``register_levels
(offer_son_of_heaven=True)``, what the constant does), every seat may choose it, in the
page's three languages, and the tutorial's finish leads to it after the Emperor.
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

from tests.test_app import new_app, run, session  # noqa: E402
from tests.test_progress import finish, near_finished_save  # noqa: E402

NAMES = {"en": "Son of Heaven", "de": "Himmelssohn", "fr": "Fils du Ciel"}


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


@pytest.fixture
def switched_on() -> Iterator[None]:
    """The start screen as it is with the switch on; as shipped afterwards."""
    players.register_levels(offer_son_of_heaven=True)
    yield
    players.register_levels()


def two_seats(kind: str) -> setup.Settings:
    return setup.Settings((setup.Seat("Ann", "green"), setup.Seat("Bo", "white", kind)))


def test_the_start_screen_does_not_offer_it_while_the_switch_is_off() -> None:
    assert players.OFFER_SON_OF_HEAVEN is False  # bench/README.md: not yet measured stronger
    html = views.seats_html(two_seats("emperor"))
    assert 'value="heaven"' not in html
    assert [k.key for k in players.offered()] == ["human", *(lv.key for lv in qin.ai.LEVELS)]
    # the tutorial's finish leads to the strongest level offered, the Emperor
    beaten = [progress.Counted(f"g{i}", lv, 2, "won")
              for i, lv in enumerate(progress.LEVEL_ORDER)]
    assert tutorial.next_level(beaten) == "emperor"


def test_a_seat_that_has_it_keeps_it_on_the_start_screen() -> None:
    # a game from a page that offers it, played again with the same settings
    html = views.seats_html(two_seats("heaven"))
    assert html.count('value="heaven"') == 1
    assert '<option value="heaven" selected' in html
    assert setup.problems(two_seats("heaven")) == []


@pytest.mark.usefixtures("switched_on")
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_switched_on_every_seat_offers_it_by_name_in_each_language(lang: str) -> None:
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


@pytest.mark.usefixtures("switched_on")
def test_switched_on_the_tutorial_leads_to_it_after_the_emperor() -> None:
    beaten = [progress.Counted(f"g{i}", lv, 2, "won")
              for i, lv in enumerate(("apprentice", "governor", "minister"))]
    assert tutorial.next_level(beaten) == "emperor"
    beaten.append(progress.Counted("g9", "emperor", 2, "shared"))
    assert tutorial.next_level(beaten) == "heaven"


@pytest.mark.usefixtures("switched_on")
def test_switched_on_a_game_against_it_starts_and_it_plays_a_legal_move() -> None:
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
    # switch off: a save written by a page that offers it still opens and counts
    app = new_app(MemoryStorage())
    text, last = near_finished_save(["human", "heaven"])
    finish(app, text, last)
    table = progress.load(app.saves.storage)[0]
    assert [(r.level, r.players, r.games) for r in table.rows()] == [("heaven", 2, 1)]
    html = progress.table_html(table, views.level_name)
    assert 'data-level="heaven"' in html and "Son of Heaven" in html
    # until the ladder measures it (rating.LADDER), a game against it is rated as one
    # against the Emperor
    assert "heaven" not in rating.LEVEL_RATINGS
    as_emperor = [progress.Counted(g.id, "emperor", g.players, g.result, g.ended)
                  for g in table.games]
    assert rating.rating(table.games) == rating.rating(as_emperor) is not None


def test_a_link_and_a_record_carry_it_in_a_seat() -> None:
    game = qin.Game.new(board="bird", players=2, seed=5)
    record = game.record()
    record["seats"] = ["heaven", "human"]
    back = records.record_from_url(records.to_url(record))
    assert back["seats"] == ["heaven", "human"]
    s = keep.link_session(back)
    assert [k.key for k in s.kinds] == ["heaven", "human"]
    assert s.kinds[0].level == "heaven"
