"""The wording of events (qin.messages: the English catalogue, and German and French
where the wording depends on the facts), shared by the command line, the web page's
move log and the embeddable diagrams."""

from __future__ import annotations

import json
import random

import pytest

import qin
from qin.events import KINDS, Event
from qin.messages import (
    colour_word,
    describe,
    describe_all,
    is_colour_name,
    player_name,
    shown_names,
)
from tests.conftest import game

NAMES = ["Green", "White", "Black"]


@pytest.mark.parametrize(("event", "text"), [
    (Event("place", 1, ("c4", "d4"), colour="RY"),
     "Green places a red/yellow tile: red on c4, yellow on d4"),
    (Event("place", 2, ("d4", "c4"), colour="BR"),
     "White places a blue/red tile: blue on d4, red on c4"),
    (Event("place", 1, ("c4", "c5"), colour="YY"), "Green places a yellow tile on c4 and c5"),
    # Q11
    (Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3),
     "Green founds a red province of 3 (c4 d4 e4)"),
    # Q11a
    (Event("expand", 2, ("c4", "d4", "e4", "e5"), colour="B", size=4),
     "White's blue province grows to 4 (c4 d4 e4 e5)"),
    # Q12 / Q13
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1", "f1"), colour="Y", size=6,
           losers=(2,)),
     "Green absorbs White's province: a yellow province of 6 (a1 b1 c1 d1 e1 f1)"),
    (Event("absorb", 3, ("a1", "b1", "c1", "d1", "e1", "f1", "g1"), colour="R", size=7,
           losers=(1, 2)),
     "Black absorbs Green's and White's provinces: a red province of 7 "
     "(a1 b1 c1 d1 e1 f1 g1)"),
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=()),
     "Green joins their own red provinces into one of 5 (a1 b1 c1 d1 e1)"),
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=(),
           count=0, by=1),
     "Green joins their own red provinces into one of 5 (a1 b1 c1 d1 e1)"),
    # Q12: the number of provinces absorbed, not of their owners, makes the plural
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1", "f1"), colour="Y", size=6,
           losers=(2,), count=2, by=2),
     "Green absorbs White's provinces: a yellow province of 6 (a1 b1 c1 d1 e1 f1)"),
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1", "f1"), colour="Y", size=6,
           losers=(2,), count=1, by=1),
     "Green absorbs White's province: a yellow province of 6 (a1 b1 c1 d1 e1 f1)"),
    # Q12/Q13: someone else's tile joins the owner's own provinces
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=(),
           count=0, by=3),
     "Black's tile joins Green's own red provinces into one of 5 (a1 b1 c1 d1 e1)"),
    # Q12 / Q15 returns
    (Event("return", 2, ("a1", "b1"), count=1), "1 pagoda goes back to White's supply (a1 b1)"),
    (Event("return", 2, ("a1", "b1", "c1", "d1", "e1"), count=2),
     "2 pagodas go back to White's supply (a1 b1 c1 d1 e1)"),
    (Event("return", 3, ("f6",), count=1),
     "Black's pagoda on the village f6 goes back to their supply"),
    # Q14
    (Event("major", 1, ("a1", "b1", "c1", "d1", "e1"), colour="B", size=5),
     "Green's blue province of 5 becomes a major province and gets a second pagoda "
     "(a1 b1 c1 d1 e1)"),
    # Q15
    (Event("village", 1, ("f6",), from_player=0), "Green takes the empty village f6"),
    (Event("village", 1, ("f6",), from_player=2), "Green takes the village f6 from White"),
    # Q10, Q16, Q18
    (Event("pass", 3), "Black passes: no tile in hand can be placed"),
    (Event("win", 2), "White places their last pagoda and wins the game"),
    (Event("end", None, winners=(1,)), "The game is over: nobody can place a tile; Green wins"),
    (Event("end", None, winners=(1, 3)),
     "The game is over: nobody can place a tile; Green and Black share the win"),
])
def test_wording(event: Event, text: str) -> None:
    assert describe(event, NAMES) == text


def test_end_with_counts() -> None:
    event = Event("end", None, winners=(2,))
    assert describe(event, NAMES, on_board=[10, 12, 3]).endswith(
        "White wins with 12 pagodas on the board")
    assert describe(event, NAMES, on_board={1: 10, 2: 1}).endswith(
        "White wins with 1 pagoda on the board")
    shared = Event("end", None, winners=(1, 2))
    assert describe(shared, NAMES, on_board=[9, 9]).endswith(
        "Green and White share the win with 9 pagodas each on the board")
    counted = Event("end", None, winners=(2,), count=14)  # if the engine ever carries it
    assert describe(counted, NAMES).endswith("with 14 pagodas on the board")


def test_default_names_and_helpers() -> None:
    assert describe(Event("pass", 2)) == "Player 2 passes: no tile in hand can be placed"
    assert describe(Event("pass", 4), NAMES).startswith("Player 4 passes")
    assert player_name(None, NAMES) == "Nobody"
    assert colour_word("r") == "red" and colour_word("B") == "blue" and colour_word(None) == "?"
    assert colour_word("Y", "tile", "de") == "gelbes" and player_name(3, (), "fr") == "Joueur 3"


def test_a_game_without_names_is_worded_in_the_readers_language() -> None:
    """A game given no names (a record or a link without them) has the format's default
    names, "Player 1" ... (``qin.game.default_names``): a reader sees them in the words of
    their language; names of the players' own stay as they are."""
    unnamed = qin.Game.new(board="bird", players=3, seed=1).names
    assert unnamed == ["Player 1", "Player 2", "Player 3"]
    assert shown_names(unnamed, "de") == ["Spieler 1", "Spieler 2", "Spieler 3"]
    assert shown_names(unnamed, "fr") == ["Joueur 1", "Joueur 2", "Joueur 3"]
    assert shown_names(unnamed) == unnamed
    assert shown_names(["Anna", "Player 2"], "de") == ["Anna", "Player 2"]
    assert player_name(2, unnamed, "fr") == "Joueur 2"
    assert describe(Event("pass", 1), unnamed, "de").startswith("Spieler 1 passt")


def test_seats_named_after_their_colour_are_worded_in_the_readers_language() -> None:
    """A seat named after its pagoda colour in any language ("White", "Blanc") reads as
    that colour in the reader's ("Weiß"); a name a player gave, or another colour's name,
    stays as given; without the seats' colours every name stays as given."""
    assert is_colour_name("White", "white") and is_colour_name("Blanc", "white")
    assert is_colour_name("Grün", "green") and not is_colour_name("White", "green")
    assert not is_colour_name("white", "white") and not is_colour_name("Anna", "white")
    colours = ["green", "white", "purple"]
    assert shown_names(["Grün", "White", "Violet"], "en", colours) == ["Green", "White",
                                                                        "Purple"]
    assert shown_names(["Anna", "White", "Green"], "de", colours) == ["Anna", "Weiß", "Green"]
    assert shown_names(["Green", "White"], "fr") == ["Green", "White"]
    assert shown_names(["Player 1", "Player 2"], "fr", colours) == ["Joueur 1", "Joueur 2"]


def test_every_event_of_real_games_reads_as_one_line() -> None:
    seen: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3)):
        board = "bird" if seed % 2 else "lion"
        names = NAMES[:players] if players <= 3 else ["A", "B", "C", "D"]
        g = qin.Game.new(board, players, seed=seed, names=names)
        rng = random.Random(seed)
        while not g.is_over:
            events = g.play(rng.choice(g.legal_moves()))
            counts = [g.on_board(p) for p in range(1, players + 1)]
            lines = describe_all(events, g.names, on_board=counts)
            for event, line in zip(events, lines, strict=True):
                seen.add(event.kind)
                assert line and "\n" not in line and "?" not in line and "None" not in line
                if event.player is not None:
                    assert g.names[event.player - 1] in line
                for square in event.squares:
                    assert square in line
    assert {"place", "found", "expand", "village"} <= seen <= set(KINDS)


# --------------------------------------------------------------------------- absorbing
# The engine's absorb event says how many provinces went (count) and who laid the tile
# (by); the wording follows both, in every language.

WORDS = {"en": ["Green", "White"], "de": ["Grün", "Weiß"], "fr": ["Vert", "Blanc"]}


def test_two_provinces_of_one_player_are_absorbed_in_the_plural() -> None:
    """Q12: Green's tile joins White's two provinces to Green's larger one: one loser,
    two provinces, so every language says provinces."""
    g = game("""
        r2 r  .  r1 r  r  r  r
        .  .  .  .  .  .  .  .
        .  .  r2 r  .  .  .  .
    """)
    events = g.play("Rc1Rc2")
    absorb = events[1]
    assert (absorb.kind, absorb.losers, absorb.count, absorb.by) == ("absorb", (2,), 2, 1)
    assert Event.from_dict(absorb.to_dict()) == absorb
    lines = {lang: describe(absorb, WORDS[lang], lang) for lang in WORDS}
    assert lines["en"].startswith("Green absorbs White's provinces: a red province of 11")
    assert lines["de"].startswith("Grün übernimmt die Provinzen von Weiß:")
    assert lines["fr"].startswith("Vert annexe les Provinces de Blanc\u00a0:")


def test_one_province_absorbed_is_singular() -> None:
    g = game("""
        r2 r  .  r1 r  r  r
        .  .  .  .  .  .  .
    """)
    absorb = g.play("Rc1Rc2")[1]
    assert (absorb.losers, absorb.count) == ((2,), 1)
    assert describe(absorb, WORDS["en"]).startswith("Green absorbs White's province: ")
    assert describe(absorb, WORDS["de"], "de").startswith("Grün übernimmt die Provinz von")
    assert describe(absorb, WORDS["fr"], "fr").startswith("Vert annexe la Province de")


def test_another_players_tile_joining_the_owners_provinces_says_whose_tile() -> None:
    """Q12/Q13: White lays the tile that joins two of Green's provinces: the line names
    White's tile and Green's provinces, and never says White joins their own."""
    g = game("""
        r1 r  .  r1 r  r
        .  .  .  .  .  .
    """, to_move=2)
    absorb = g.play("Rc1Yc2")[1]
    assert (absorb.player, absorb.by, absorb.losers, absorb.count) == (1, 2, (), 0)
    assert describe(absorb, WORDS["en"]) == (
        "White's tile joins Green's own red provinces into one of 6 (a1 b1 c1 d1 e1 f1)")
    assert describe(absorb, WORDS["de"], "de").startswith(
        "Das Plättchen von Weiß vereint die eigenen Provinzen von Grün:")
    assert describe(absorb, WORDS["fr"], "fr").startswith(
        "La tuile de Blanc réunit les Provinces de couleur rouge de Vert")
    own = game("""
        r1 r  .  r1 r  r
        .  .  .  .  .  .
    """).play("Rc1Yc2")[1]
    assert own.by == 1
    assert describe(own, WORDS["en"]).startswith("Green joins their own red provinces")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_event_of_a_real_game_is_worded_in_every_language(lang: str) -> None:
    g = qin.Game.new("bird", 3, seed=11, names=["A", "B", "C"])
    rng = random.Random(11)
    while not g.is_over:
        for event in g.play(rng.choice(g.legal_moves())):
            line = describe(event, g.names, lang)
            assert line and "{" not in line and "event." not in line
            data = json.loads(json.dumps(event.to_dict()))
            assert Event.from_dict(data) == event  # events are data: to_dict round-trips
            assert describe(Event.from_dict(data), g.names, lang) == line


@pytest.mark.parametrize(("lang", "none", "one", "two"), [
    ("en", "0 pagodas", "1 pagoda", "2 pagodas"),
    ("de", "0 Pagoden", "1 Pagode", "2 Pagoden"),
    ("fr", "0 pagode", "1 pagode", "2 pagodes"),  # French: one below 2
])
def test_pagodas_follow_the_languages_rule_for_one_or_many(lang: str, none: str, one: str,
                                                           two: str) -> None:
    """The engine's words and the page's figures take one or many by the same rule
    (``qin.messages.singular``), from a language's code or its catalogue alike."""
    from qin.messages import catalogue, pagodas, singular

    assert [pagodas(n, lang) for n in (0, 1, 2)] == [none, one, two]
    assert [pagodas(n, catalogue(lang)) for n in (0, 1, 2)] == [none, one, two]
    assert singular(lang, "1", "") and not singular(lang, "2", "")
    assert singular(lang, "1", "5") == (lang == "fr")  # "1,5 pagode", "1.5 pagodas"
    end = Event("end", None, (), winners=(1, 2), count=0)
    assert none in describe(end, NAMES, lang)
