"""What a move does in one sentence (web/page/qin_ui/explain.py), as the review and the
hints say it: every event kind in English, German and French, with the players by name,
provinces by colour and size, pagodas by count, and never a square or a move code.
The events are the engine's (Q11 founding and growing, Q12/Q13 absorbing, Q14 majors,
Q15 villages, Q10 passing, Q16/Q18 the end)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import qin
import qin.ai
from qin.events import KINDS, Event

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(WEB / "page"))

from qin_ui import explain, i18n  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo"]
SQUARES = ("c4", "d4", "e4")
CODE = re.compile(r"\b[RYB][a-n]\d{1,2}|\b[a-n]\d{1,2}\b|\{|\}")
"""A move code, a square name, or a placeholder left unfilled."""


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


@pytest.fixture(params=["en", "de", "fr"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param, catalogue(request.param))
    yield str(request.param)
    i18n.set_language("en", catalogue("en"))


EXPECTED = {  # (event, the words each language must hold)
    "found": (Event("found", 1, SQUARES, colour="R", size=3),
              {"en": "founds a red province of 3", "de": "gründet eine rote Provinz aus 3",
               "fr": "fonde une Province rouge de 3"}),
    "expand": (Event("expand", 2, SQUARES, colour="B", size=5),
               {"en": "grows Ben's blue province to 5",
                "de": "vergrößert die blaue Provinz von Ben auf 5",
                "fr": "la Province bleue de Ben à 5"}),
    "absorb": (Event("absorb", 1, SQUARES, colour="Y", size=7, losers=(2,), count=1, by=1),
               {"en": "absorbs Ben's province into a yellow province of 7",
                "de": "übernimmt die Provinz von Ben in eine gelbe Provinz aus 7",
                "fr": "annexe la Province de Ben dans une Province jaune de 7"}),
    "return": (Event("return", 2, ("c4", "d4", "e4"), count=3),
               {"en": "sends back 3 of Ben's pagodas", "de": "schickt 3 Pagoden von Ben zurück",
                "fr": "renvoie 3 pagodes de Ben"}),
    "major": (Event("major", 1, SQUARES, colour="R", size=5),
              {"en": "makes Anna's red province of 5 a major province",
               "de": "macht die rote Provinz von Anna aus 5 Feldern zur Großprovinz",
               "fr": "rend majeure la Province rouge de Anna de 5"}),
    "village": (Event("village", 1, ("f5",), from_player=3),
                {"en": "takes a village from Cleo", "de": "nimmt Cleo ein Dorf ab",
                 "fr": "prend un Village à Cleo"}),
    "win": (Event("win", 1),
            {"en": "wins the game for Anna", "de": "gewinnt das Spiel für Anna",
             "fr": "fait gagner la partie à Anna"}),
    "end": (Event("end", None, winners=(1,)),
            {"en": "ends the game", "de": "beendet das Spiel", "fr": "termine la partie"}),
}


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_each_event_kind_is_one_phrase_without_squares_or_codes(lang: str, kind: str
                                                                ) -> None:
    event, words = EXPECTED[kind]
    said = explain.sentence("X", [Event("place", 1, ("c4", "d4"), colour="RR"), event], 1,
                            NAMES)
    assert words[lang] in said
    assert said.startswith("X ") and said.endswith(".")
    assert not CODE.search(said), said


def test_every_event_kind_is_covered() -> None:
    assert set(EXPECTED) | {"place", "pass"} == set(KINDS)


def test_a_pass_and_a_quiet_move_are_said_too(lang: str) -> None:
    passed = explain.sentence("X", [Event("pass", 2)], 2, NAMES)
    assert {"en": "Ben can only pass.", "de": "Ben kann nur passen.",
            "fr": "Ben ne peut que passer."}[lang] == passed
    quiet = explain.sentence("X", [Event("place", 1, ("c4", "d4"), colour="RY")], 1, NAMES)
    assert {"en": "X places no pagoda and sends none back.",
            "de": "X setzt keine Pagode und schickt keine zurück.",
            "fr": "X ne pose aucune pagode et n’en renvoie aucune."}[lang] == quiet


def test_a_join_of_several_events_reads_as_one_sentence(lang: str) -> None:
    events = [Event("place", 1, ("c4", "d4"), colour="RR"),
              Event("absorb", 1, SQUARES, colour="R", size=7, losers=(2,), count=1, by=1),
              Event("return", 2, SQUARES, count=3),
              Event("village", 1, ("f5",), from_player=0)]
    said = explain.sentence(i18n.t("review.better"), events, 1, NAMES)
    assert said == {
        "en": "The better move absorbs Ben's province into a red province of 7, sends back "
              "3 of Ben's pagodas and takes an empty village.",
        "de": "Der bessere Zug übernimmt die Provinz von Ben in eine rote Provinz aus 7 "
              "Feldern, schickt 3 Pagoden von Ben zurück und nimmt ein leeres Dorf.",
        "fr": "Le meilleur coup annexe la Province de Ben dans une Province rouge de 7 "
              "cases, renvoie 3 pagodes de Ben dans sa réserve et prend un Village vide.",
    }[lang]


def test_what_another_player_gains_from_the_move_names_them(lang: str) -> None:
    events = [Event("absorb", 2, SQUARES, colour="B", size=4, losers=(3,), count=1, by=1),
              Event("village", 2, ("f5",), from_player=0),
              Event("absorb", 2, SQUARES, colour="B", size=4, by=1)]
    said = explain.what(events, 1, NAMES)
    assert said.count("Ben") == 3, said
    assert {"en": "gives Ben a village", "de": "verschafft Ben ein Dorf",
            "fr": "donne un Village à Ben"}[lang] in said


def test_the_engines_own_events_for_a_real_game_have_words_in_every_language(lang: str
                                                                            ) -> None:
    game = qin.Game.new(board="bird", players=3, seed=11)
    bots = [qin.ai.player("governor", s) for s in (1, 2, 3)]
    seen: set[str] = set()
    while not game.is_over:
        mover = game.to_move
        events = game.play(bots[mover - 1].choose(game.view(mover)))
        seen.update(e.kind for e in events)
        said = explain.sentence("X", events, mover, NAMES)
        assert not CODE.search(said), said
        assert "explain." not in said and "player." not in said
    assert {"found", "expand"} <= seen and seen & {"end", "win"}
