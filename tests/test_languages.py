"""The game page's languages, in CPython: the texts built in Python said in German and
French, and the log's links from each event to its section of the rules reference (the
language chosen from the browser's, before Python: tests/test_lang_choice.py).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import qin
from qin.events import Event

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(WEB / "page"))

from qin_ui import a11y, i18n, setup, views, wording  # noqa: E402
from qin_ui.seriesplan import SeriesState  # noqa: E402
from qin_ui.session import Session  # noqa: E402


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


@pytest.fixture
def speak() -> Iterator[object]:
    """``speak("de")`` switches the page's language; English again afterwards."""
    def switch(lang: str) -> None:
        i18n.set_language(lang, catalogue(lang))

    yield switch
    switch("en")


def played(plies: int = 12, seed: int = 3) -> Session:
    s = Session(setup.Settings(seed=seed))
    for _ in range(plies):
        if s.over:
            break
        s.play(s.game.legal_moves()[0])
        s.confirm()
    return s


# --------------------------------------------------------------------------- log links


def anchors() -> dict[str, object]:
    data: dict[str, object] = json.loads((WEB / "rules" / "anchors.json").read_text("utf-8"))
    return data


def test_event_anchors_are_the_rules_pages() -> None:
    data = anchors()
    assert data["events"] == i18n.EVENT_ANCHORS
    assert data["return_village"] == i18n.RETURN_VILLAGE
    assert set(i18n.EVENT_ANCHORS) == set(qin.events.KINDS)
    for lang in i18n.LANGS:
        page = (WEB / "rules" / f"{lang}.html").read_text("utf-8")
        for anchor in {*i18n.EVENT_ANCHORS.values(), i18n.RETURN_VILLAGE}:
            assert f'id="{anchor}"' in page, f"rules/{lang}.html has no #{anchor}"


@pytest.mark.parametrize(("event", "anchor"), [
    (Event("place", 1, ("c4", "d4"), colour="RY"), "place"),
    (Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3), "found"),
    (Event("expand", 2, ("a2", "b2", "c2", "d2"), colour="Y", size=4), "expand"),
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=(2,)),
     "absorb"),
    (Event("major", 1, ("a2", "b2", "c2", "d2", "e2"), colour="Y", size=5), "major"),
    (Event("return", 2, ("a2", "b2"), count=1), "absorb"),
    (Event("return", 2, ("b2",), count=1), "villages"),  # a village's pagoda
    (Event("village", 1, ("c3",), from_player=2), "villages"),
    (Event("pass", 2), "pass"),
    (Event("win", 3), "end"),
    (Event("end", None, winners=(1,)), "end"),
])
def test_each_event_links_to_its_rules(event: Event, anchor: str, speak: object) -> None:
    assert i18n.rules_href(event) == f"rules/en.html#{anchor}"
    assert i18n.rules_href(event, "fr") == f"rules/fr.html#{anchor}"
    link = views.rules_link(event)
    assert f'href="rules/en.html#{anchor}"' in link and 'target="_blank"' in link
    assert 'rel="noopener"' in link and ">Rules</a>" in link


def test_the_log_links_every_event_in_the_page_language(speak: object) -> None:
    s = played()
    events = [e for turn in s.turns for e in turn.events]
    assert len(events) > len(s.turns)  # provinces were founded, not only tiles placed
    html = views.log_html(s)
    links = re.findall(r'<a class="rules-link"[^>]* href="rules/(\w+)\.html#(\w+)"', html)
    assert len(links) == len(events)
    assert {lang for lang, _ in links} == {"en"}
    newest_first = [e for turn in reversed(s.turns) for e in turn.events]
    assert [a for _, a in links] == [i18n.rules_anchor(e) for e in newest_first]
    speak("de")  # type: ignore[operator]
    html = views.log_html(s)
    links = re.findall(r'<a class="rules-link"[^>]* href="rules/(\w+)\.html#(\w+)"', html)
    assert len(links) == len(events) and {lang for lang, _ in links} == {"de"}
    # the seats named after their colours ("Green") are named in German
    assert ">Regeln</a>" in html and "Grün legt ein" in html and "Green" not in html


# --------------------------------------------------------------------------- German, French


def test_a_game_in_german_and_french(speak: object) -> None:
    s = played(4)
    english = (wording.status(s), views.players_html(s), views.log_html(s), views.meta_text(s),
               a11y.announcement(s), a11y.grid_html(s))
    speak("de")  # type: ignore[operator]
    assert wording.status(s) == "Grün ist am Zug: wähle ein Plättchen."  # its colour
    assert "Plättchen im Nachziehstapel übrig" in views.players_html(s)
    assert "auf dem Spielplan" in views.players_html(s)
    assert views.meta_text(s).startswith("Spielplan Vogel · 2 Spieler")
    assert "Steppe" in a11y.grid_html(s)
    speak("fr")  # type: ignore[operator]
    assert wording.status(s) == "À Vert de jouer\u00a0: choisissez une tuile."
    assert views.meta_text(s).startswith("Plateau Oiseau · 2 joueurs")
    assert "pose une tuile" in views.log_html(s)
    for before, now in zip(english, (wording.status(s), views.players_html(s), views.log_html(s),
                                     views.meta_text(s), a11y.announcement(s),
                                     a11y.grid_html(s)), strict=True):
        assert before != now
    speak("en")  # type: ignore[operator]
    assert (wording.status(s), views.log_html(s)) == english[:1] + english[2:3]


def test_a_refused_spot_says_why_in_the_page_language(speak: object) -> None:
    """The hover's reason comes from the engine's refusal code and params, worded by
    qin.messages in the page's language (no English sentence taken apart)."""
    s = Session(setup.Settings(seed=3))
    s.select(0)
    s.hover("a1")  # far from every province space (Q7)
    ghost = s.hover_state.ghost
    assert ghost is not None
    refused = s.game.refusal(ghost)
    assert refused is not None and refused.code == "no_touch"
    english = wording.why_not(s, ghost)
    assert english == qin.messages.refusal_text(refused, rule=False) and "Q7" not in english
    assert not english.startswith(str(ghost))
    speak("de")  # type: ignore[operator]
    assert wording.why_not(s, ghost) == i18n.refusal(refused, s.names) == (
        "Ein Plättchen muss mit einer Kante an ein Provinzfeld (ein farbiges Feld) grenzen; "
        "Ecken und Dörfer zählen nicht.")
    s.hover("g5")  # a starting territory
    assert wording.hover_reason(s).startswith("g5 ist ein Startgebiet")
    speak("fr")  # type: ignore[operator]
    assert wording.why_not(s, ghost).startswith(
        "Une tuile doit toucher par un côté une case colorée")


def test_the_page_words_events_in_its_language(speak: object) -> None:
    event = Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5,
                  losers=(), count=0, by=2)
    speak("de")  # type: ignore[operator]
    assert i18n.describe(event, ["Grün", "Weiß"]) == (
        "Das Plättchen von Weiß vereint die eigenen Provinzen von Grün: eine rote Provinz "
        "aus 5 Feldern (a1 b1 c1 d1 e1)")
    assert i18n.t("colour.R") == "Rot"  # the engine's keys, through the page's t()


# --------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(("value", "digits", "sign", "en", "de", "fr"), [
    (0.5, 1, False, "0.5", "0,5", "0,5"),
    (1.25, 2, False, "1.25", "1,25", "1,25"),
    (1.5, 1, True, "+1.5", "+1,5", "+1,5"),
    (-2.0, 1, True, "\u22122.0", "\u22122,0", "\u22122,0"),  # a minus sign, not a hyphen
    (-3.0, 0, False, "\u22123", "\u22123", "\u22123"),
    (-0.04, 1, True, "+0.0", "+0,0", "+0,0"),  # rounded to nothing: no "-0.0"
    (72.4, 0, False, "72", "72", "72"),
    (3.0, None, False, "3", "3", "3"),  # None: as few places as the value needs
    (0.5, None, False, "0.5", "0,5", "0,5"),
    (7, 0, False, "7", "7", "7"),
])
def test_a_number_is_written_the_languages_way(speak: object, value: float,
                                               digits: int | None, sign: bool, en: str,
                                               de: str, fr: str) -> None:
    """A decimal point in English, a decimal comma in German and French; a negative
    value with a minus sign (U+2212), as type sets it, not a hyphen."""
    for lang, shown in (("en", en), ("de", de), ("fr", fr)):
        speak(lang)  # type: ignore[operator]
        assert i18n.number(value, digits, sign=sign) == shown, lang


@pytest.mark.parametrize(("value", "digits", "en", "de", "fr"), [
    (1, 0, "1 pagoda", "1 Pagode", "1 pagode"),
    (2, 0, "2 pagodas", "2 Pagoden", "2 pagodes"),
    (0, 0, "0 pagodas", "0 Pagoden", "0 pagode"),
    (0.5, 1, "0.5 pagodas", "0,5 Pagoden", "0,5 pagode"),
    (1.5, 1, "1.5 pagodas", "1,5 Pagoden", "1,5 pagode"),
    (-1.5, 1, "\u22121.5 pagodas", "\u22121,5 Pagoden", "\u22121,5 pagode"),
    (1.0, 1, "1.0 pagodas", "1,0 Pagoden", "1,0 pagode"),  # a shown fraction: plural
    (1.0, None, "1 pagoda", "1 Pagode", "1 pagode"),
    (2.0, 1, "2.0 pagodas", "2,0 Pagoden", "2,0 pagodes"),
])
def test_one_or_many_follows_the_languages_rule(speak: object, value: float,
                                                digits: int | None, en: str, de: str,
                                                fr: str) -> None:
    """English and German say one for exactly 1 (no fraction shown), French for
    anything below 2 (0 and 1,5 included), by the number as it is shown."""
    for lang, shown in (("en", en), ("de", de), ("fr", fr)):
        speak(lang)  # type: ignore[operator]
        assert i18n.plural(value, "review.pagodas", digits=digits) == shown, lang


def test_the_pile_and_the_hands_say_none_left_in_the_languages_way(speak: object) -> None:
    """French says one tile for none left ("0 tuile"), English and German many."""
    speak("fr")  # type: ignore[operator]
    assert i18n.plural(0, "players.pile") == "0 tuile restante dans la pioche"
    assert i18n.plural(3, "players.tiles") == "3 tuiles"
    speak("de")  # type: ignore[operator]
    assert i18n.plural(0, "players.tiles") == "0 Plättchen"


def test_no_catalogue_key_shows_through(speak: object) -> None:
    """Texts built in Python never show a key (a missing message is said as its key)."""
    keys = re.compile(r"\b(" + "|".join(sorted({k.split(".")[0] for k in catalogue("en")}))
                      + r")\.[a-z_]+\b")
    for lang in i18n.LANGS:
        speak(lang)  # type: ignore[operator]
        s = played(30, seed=5)
        for text in (wording.status(s), views.players_html(s), views.hand_html(s),
                     views.log_html(s), views.meta_text(s), views.seats_html(s.settings),
                     a11y.grid_html(s),
                     " ".join(views.cover_text(s)), a11y.legend_text(),
                     " ".join(map(str, setup.problems(setup.Settings(board="moon"))))):
            found = [m.group(0) for m in keys.finditer(re.sub(r'href="[^"]*"', "", text))]
            assert not found, (lang, found)


def test_default_seats_and_series_in_german(speak: object) -> None:
    speak("de")  # type: ignore[operator]
    settings = setup.Settings()
    assert settings.names == ["Grün", "Weiß"]
    series = SeriesState.new("sides")
    assert series is not None and series.summary() == (
        "Eine Serie: ein Spiel auf jeder Seite des Spielplans: Spiel 1 von 2.")
    # a switch back renames the seats that still bear their colour's name
    custom = setup.Settings((setup.Seat("Ann", "green"), setup.Seat("Weiß", "white")))
    speak("en")  # type: ignore[operator]
    assert setup.renamed(custom).names == ["Ann", "White"]
