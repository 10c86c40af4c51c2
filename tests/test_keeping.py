"""Saved games, imports, links, replay and series (web/page/qin_ui, no browser)."""

from __future__ import annotations

import json
import random
import re
import sys
from html import escape
from pathlib import Path

import pytest

import qin
from qin import records
from tests.conftest import Clock

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import keep, links, saves, views  # noqa: E402
from qin_ui.i18n import said  # noqa: E402
from qin_ui.replay import Replay  # noqa: E402
from qin_ui.seriesplan import SeriesPlanError, SeriesState  # noqa: E402


def played(seed: int, players: int = 2, board: str = "bird", moves: int | None = None,
           fair: bool = False) -> qin.Game:
    game = qin.Game.new(board=board, players=players, seed=seed, fair_start=fair)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


GAMES = [(seed, players, board, moves, fair)
         for seed, players, board, moves, fair in [
             (1, 2, "bird", None, False), (2, 3, "lion", None, True), (3, 4, "bird", None, False),
             (4, 2, "lion", 10, False), (5, 3, "bird", 0, False), (6, 4, "lion", 25, True),
             (93, 2, "bird", None, False)]]


def store(data: dict[str, str] | None = None) -> saves.SaveStore:
    return saves.SaveStore(saves.MemoryStorage(data), clock=Clock(),
                           known_kinds=["human"])


# -- round trips ----------------------------------------------------------------------
@pytest.mark.parametrize("seed,players,board,moves,fair", GAMES)
def test_every_record_round_trips(seed: int, players: int, board: str, moves: int | None,
                                  fair: bool) -> None:
    game = played(seed, players, board, moves, fair)
    record = game.record()
    st = store()
    colours = keep.default_colours(players)
    saved = st.save_game(game, ["human"] * players, colours, recorder=game.record)
    again, loaded = st.load(saved.id)
    assert again.record == record
    assert loaded.to_position() == game.to_position()
    # export -> import
    imported = saves.read_import(saves.export_text(record))
    assert imported.record == record and imported.source == "record"
    # a save file imported
    imported = saves.read_import(saved.to_json(), ["human"])
    assert imported.saved is not None and imported.record == record
    # link
    frag = links.fragment(game.record)
    back, back_record = links.read_link("https://example.org/qin/" + frag)
    assert back_record == record and back.to_position() == game.to_position()
    imported = saves.read_import("https://example.org/qin/" + frag)
    assert imported.source == "link" and imported.record == record
    # the session is rebuilt with its log
    session = keep.restore(again)
    assert [t.move for t in session.turns] == record["moves"]
    assert session.game.to_position() == game.to_position()


def test_url_size_of_a_72_move_game(capsys: pytest.CaptureFixture[str]) -> None:
    game = played(93, 2, "bird")
    assert len(game.moves) == 72
    frag = links.fragment(game.record)
    record_size = len(json.dumps(game.record()))
    with capsys.disabled():
        print(f"\n72-move game: link fragment {len(frag)} characters "
              f"(the JSON record is {record_size})")
    assert len(frag) <= 3 + 4 * (2 + 2 + 72 * 2 + 2) // 3 + 1  # <= 2 bytes a move


# -- the store ------------------------------------------------------------------------
def test_entries_list_date_players_state_and_delete() -> None:
    st = store()
    first, second = played(1, 2, moves=4), played(2, 3)
    a = st.save_game(first, ["human", "human"], ["green", "white"], recorder=first.record)
    b = st.save_game(second, ["human"] * 3, ["green", "white", "purple"],
                     recorder=second.record)
    entries = st.entries()
    assert [e.id for e in entries] == [b.id, a.id]  # newest first
    assert entries[1].names == ("Player 1", "Player 2") and entries[1].moves == 4
    assert said(entries[1].state).endswith("to move") \
        and said(entries[0].state).endswith(("won", "win"))
    st.delete(a.id)
    assert [e.id for e in st.entries()] == [b.id]


def test_saving_again_keeps_the_id_and_creation_date() -> None:
    st = store()
    game = played(1, 2, moves=3)
    first = st.save_game(game, ["human", "human"], ["green", "white"], recorder=game.record)
    game.play(game.legal_moves()[0])
    second = st.save_game(game, ["human", "human"], ["green", "white"], first.id,
                          recorder=game.record)
    assert second.id == first.id and second.created == first.created
    assert second.updated > first.updated
    assert len(st.entries()) == 1 and st.entries()[0].moves == 4


UI = '"ui": {"kinds": ["human", "human"], "colours": ["green", "white"]}'


@pytest.mark.parametrize("raw,words", [
    ('{"format": "qin-save/1", "id": "x", "reco', "not valid JSON"),
    ('{"format": "qin-save/9", "id": "x"}', "another version"),
    ("[1, 2]", "not a saved game"),
    ("", "empty"),
    ('{"format": "qin-save/1", "id": "x", "record": {"format": "qin-game/1", '
     '"board": "moon", "players": 2, "seed": 1}, "ui": {}}', "moon"),
    ('{"format": "qin-save/1", "id": "x", "record": {"format": "qin-game/1", '
     '"board": "bird", "players": 2, "seed": 1, "moves": ["Zz99"]}, "ui": {}}', "seat types"),
])
def test_a_damaged_save_is_kept_listed_and_exportable(raw: str, words: str) -> None:
    good = played(3, 2, moves=2)
    st = store({saves.PREFIX + "x": raw})
    ok = st.save_game(good, ["human", "human"], ["green", "white"], recorder=good.record)
    entries = {e.id: e for e in st.entries()}
    assert entries["x"].damaged and words in said(entries["x"].state)
    assert entries[ok.id].ok
    assert st.raw("x") == raw
    with pytest.raises(saves.SaveError, match=words.split()[0]):
        st.load("x")
    # saving "over" it does not replace it: the game goes under a new id
    other = st.save_game(good, ["human", "human"], ["green", "white"], "x", recorder=good.record)
    assert other.id != "x" and st.raw("x") == raw


def test_a_save_whose_moves_do_not_replay_is_refused_when_opened() -> None:
    raw = ('{"format": "qin-save/1", "id": "x", "record": {"format": "qin-game/1", '
           '"board": "bird", "players": 2, "seed": 1, "moves": ["Zz99"]}, ' + UI + "}")
    st = store({saves.PREFIX + "x": raw})
    assert st.entries()[0].ok  # the list reads no moves (no replay)
    with pytest.raises(saves.SaveError, match="move 1"):
        st.load("x")
    with pytest.raises(saves.SaveError, match="Zz99"):
        keep.restore(st.open("x").saved)
    assert st.raw("x") == raw


def test_storage_that_fails_gives_messages() -> None:
    class Full(saves.MemoryStorage):
        def set(self, key: str, value: str) -> None:
            raise RuntimeError("QuotaExceededError")

    st = saves.SaveStore(Full())
    game = played(1, 2, moves=1)
    with pytest.raises(saves.SaveError, match="storage is full: export or delete"):
        st.save_game(game, ["human", "human"], ["green", "white"], recorder=game.record)


def test_unknown_player_type_is_played_by_a_human() -> None:
    st = store()
    game = played(1, 2, moves=1)
    saved = st.save_game(game, ["human", "grandmaster"], ["green", "white"],
                         recorder=game.record)
    again, _ = st.load(saved.id)
    assert again.kinds == ["human", "human"] and "grandmaster" in str(again.notes[0])


@pytest.mark.parametrize("text,words", [
    ("hello", "not a Qin game"),
    ('{"format": "qin-game/2", "board": "bird", "players": 2, "seed": 1}', "version"),
    ('{"format": "qin-game/1", "board": "moon", "players": 2, "seed": 1}', "moon"),
    ('{"format": "qin-game/1", "board": "bird", "players": 2, "seed": 1, "moves": ["pass"]}',
     "move 1"),
    ('{"format": "qin-game/1", "board": "bird", "pla', "not valid JSON"),
    ("#g=AQ", "link"),
    ("x" * (saves.MAX_TEXT + 1), "too large"),
    (b"\xff\xfe", "not text"),
])
def test_bad_imports_are_refused_with_a_message(text: str | bytes, words: str) -> None:
    with pytest.raises(saves.SaveError, match=words):
        saves.read_import(text)


# -- resuming the screen exactly --------------------------------------------------------
def test_resume_brings_the_cover_back_between_two_humans() -> None:
    settings = keep.settings_for(played(7, 2, moves=0).record(), ["human", "human"],
                                 ["green", "white"])
    from qin_ui.session import Session

    s = Session(settings)
    s.play(s.game.legal_moves()[0])
    assert s.covered  # the next human has not confirmed yet
    st = store()
    saved = st.save_game(s.game, **keep.snapshot(s), recorder=s.record)
    again = keep.restore(st.load(saved.id)[0])
    assert again.covered and again.to_move == s.to_move
    s.confirm()
    saved = st.save_game(s.game, save_id=saved.id, **keep.snapshot(s), recorder=s.record)
    assert not keep.restore(st.load(saved.id)[0]).covered


def test_a_link_game_has_no_cover_and_says_hands_are_open() -> None:
    game = played(8, 2, moves=5)
    _, record = links.read_link(links.fragment(game.record))
    s = keep.link_session(record)
    assert not s.covered and len(s.turns) == 5
    assert "tiles" in links.warning()


@pytest.mark.parametrize("text", ["", "#g=", "#g=!!!", "#g=AQAA", "#g=" + "A" * 9000, 7])
def test_bad_links_are_refused(text: object) -> None:
    with pytest.raises(links.LinkError):
        links.read_link(text)


def test_a_damaged_link_is_refused() -> None:
    frag = links.fragment(played(9, 2, moves=12).record)
    cut = frag[:-5]
    with pytest.raises(links.LinkError, match="cut off|damaged|check"):
        links.read_link(cut)
    flipped = frag[:10] + ("A" if frag[10] != "A" else "B") + frag[11:]
    with pytest.raises(links.LinkError):
        links.read_link(flipped)


# -- replay ---------------------------------------------------------------------------
def test_replay_steps_back_jumps_and_autoplays() -> None:
    game = played(10, 3)
    r = Replay(game.record())
    assert r.cursor == 0 and r.length == len(game.moves)
    r.jump(5)
    assert r.game.moves == game.moves[:5] and "move 5" in r.caption()
    r.back()
    assert r.cursor == 4
    r.end()
    assert r.game.to_position() == game.to_position() and r.at_end
    r.jump(-3)
    assert r.cursor == 0 and r.last_squares == ()
    assert r.toggle()
    ticks = 0
    while r.tick():
        ticks += 1
    assert r.at_end and ticks == r.length - 1 and not r.playing
    assert r.toggle() and r.cursor == 0  # from the start again
    assert [s.number for s in r.log] == list(range(1, r.length + 1))


def test_the_replay_log_says_the_events_up_to_the_board_and_marks_it() -> None:
    game = played(10, 3)
    r = Replay(game.record())
    r.jump(4)
    keyed = views.replay_log_items(r)
    assert [key for key, _ in keyed] == [f"replay-{n}" for n in range(r.length, 0, -1)]
    html = "".join(part for _, part in keyed)
    items = re.findall(r'<li value="(\d+)" data-move="\d+"([^>]*)>(.*?)</button>(.*?)</li>',
                       html)
    assert [int(n) for n, *_ in items] == list(range(r.length, 0, -1))  # newest first
    by_number = {int(n): (attrs, events) for n, attrs, _, events in items}
    assert 'class="current"' in by_number[4][0]
    assert all("data-future" in by_number[n][0] for n in range(5, r.length + 1))
    for n in range(1, 5):  # moves up to the board's say what they did, in words
        assert r.log[n - 1].lines and escape(r.log[n - 1].lines[0]) in by_number[n][1]
    first_later = r.log[4]
    assert first_later.lines and by_number[5][1] == ""  # later moves: no events yet


# -- series ---------------------------------------------------------------------------
def test_series_on_each_board_side_keeps_totals_and_names_the_winner() -> None:
    state = SeriesState.new("sides", first="lion")
    assert state is not None and state.boards == ("lion", "bird")
    assert SeriesState.new("single") is None
    g1, g2 = played(11, 2, "lion"), played(12, 2, "bird")
    state.add(g1)
    state.add(g1)  # counted once
    assert state.number == 2 and state.next_board == "bird" and not state.winners()
    state.add(g2)
    assert state.done
    left = {n: g1.supply(i + 1) + g2.supply(i + 1) for i, n in enumerate(g1.names)}
    assert state.totals() == left
    low = min(left.values())
    assert state.winners() == [n for n, t in left.items() if t == low]
    assert "series" in state.summary()
    again = SeriesState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.totals() == state.totals() and again.done
    with pytest.raises(SeriesPlanError):
        SeriesState.from_dict({"plan": "sides", "boards": ["bird"], "games": [{"x": 1}]})
    with pytest.raises(SeriesPlanError):
        SeriesState.new("marathon")


def test_export_name_is_a_json_file_name() -> None:
    name = saves.export_name(played(1, 2, moves=1).record(), 0.0)
    assert name.startswith("qin-bird-Player1-Player2-") and name.endswith(".json")
    assert records.load(json.loads(saves.export_text(played(1, 2, moves=1).record())))
