"""The save store (web/page/qin_ui/saves.py, keep.py, links.py): what a move's autosave
costs, what opening and listing cost, two tabs on one game, damaged and hostile saves,
a full storage, deleting finished games with an undo, and saves of the previous format."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import qin
from qin import records
from tests.conftest import Clock

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import gamerecord, keep, links, saves  # noqa: E402
from qin_ui.i18n import said, t  # noqa: E402
from qin_ui.session import Session  # noqa: E402

HUMANS = {"kinds": ["human", "human"], "colours": ["green", "white"], "at_screen": 1,
          "cover": False}


def played(seed: int, players: int = 2, board: str = "bird", moves: int | None = None) -> qin.Game:
    game = qin.Game.new(board=board, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def ui_for(game: qin.Game) -> dict[str, Any]:
    return {"kinds": ["human"] * game.players, "colours": keep.default_colours(game.players),
            "at_screen": game.to_move if not game.is_over else 0, "cover": False}


def new_store(storage: saves.MemoryStorage | None = None) -> saves.SaveStore:
    return saves.SaveStore(storage if storage is not None else saves.MemoryStorage(),
                           clock=Clock(), known_kinds=["human"])


class Counted:
    """Counts calls of ``Game.play`` and ``records.load`` (the engine's replay work)."""

    def __init__(self) -> None:
        self.plays = 0
        self.loads = 0


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    count = Counted()
    play, load = qin.Game.play, records.load

    def counting_play(self: qin.Game, *args: Any, **kwargs: Any) -> Any:
        count.plays += 1
        return play(self, *args, **kwargs)

    def counting_load(*args: Any, **kwargs: Any) -> Any:
        count.loads += 1
        return load(*args, **kwargs)

    monkeypatch.setattr(qin.Game, "play", counting_play)
    monkeypatch.setattr(records, "load", counting_load)
    yield count


# -- a move's autosave -------------------------------------------------------------------
def test_appending_a_move_plays_only_that_move_again(counted: Counted) -> None:
    """A move's save proves its record on the replay kept by the last one
    (``qin.Game.record``): that move played once more on it, no game replayed."""
    store = new_store()
    game = played(1, moves=30)
    ref = store.create(game, ui_for(game), recorder=game.record)
    game.play(game.legal_moves()[0])
    counted.plays = counted.loads = 0
    ref = store.write(ref, game, ui_for(game), recorder=game.record)
    assert (counted.plays, counted.loads) == (1, 0)
    assert ref.moves == 31 and ref.rev == 2
    assert store.open(ref.id).saved.record["moves"] == [str(m) for m in game.moves]


def test_a_save_and_a_link_hold_the_record_they_are_given_and_write_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The page writes a game's record once for each change (``Session.record``, with
    the hints asked) and gives it to the save and the links: neither writes a record of
    its own, nor does the previous page's ``save_game``."""
    game = played(21, moves=5)
    record = gamerecord.record_of(game, [0, 2])
    asked = [0]

    def recorder() -> dict[str, Any]:
        asked[0] += 1
        return {**record, "moves": record["moves"][:], "hints": record["hints"][:]}

    def written(game: qin.Game) -> dict[str, Any]:
        raise AssertionError("a record written by the store or a link")

    monkeypatch.setattr(qin.Game, "record", written)
    store = new_store()
    ref = store.create(game, ui_for(game), recorder=recorder)
    ref = store.write(ref, game, ui_for(game), recorder=recorder)
    saved = store.save_game(game, ["human", "human"], ["green", "white"], ref.id,
                            recorder=recorder)
    assert saved.record == store.open(ref.id).saved.record == record
    assert links.read_link(links.fragment(recorder))[1] == record
    assert links.review_fragment(recorder, at=2) == links.fragment(recorder) + "&review=2"
    assert asked[0] == 6


def test_a_link_games_address_after_a_move_replays_nothing(counted: Counted) -> None:
    game = played(2, moves=20)
    before = records.to_url(game)
    counted.plays = counted.loads = 0
    fragment = links.fragment(game.record)
    assert (counted.plays, counted.loads) == (0, 0)
    assert fragment == "#g=" + before
    again, _ = links.read_link(fragment)
    assert again.to_position() == game.to_position()


def test_opening_replays_once_and_writes_nothing(counted: Counted) -> None:
    storage = saves.MemoryStorage()
    store = new_store(storage)
    game = played(3, moves=24)
    ref = store.create(game, ui_for(game), recorder=game.record)
    stored = dict(storage.data)
    counted.plays = counted.loads = 0
    opened = store.open(ref.id)
    assert (counted.plays, counted.loads) == (0, 0)  # open: JSON checks only
    assert opened.ref == ref
    session = keep.restore(opened.saved)
    assert counted.plays == 24  # one replay, through the Session (each move played once)
    assert session.game.to_position() == game.to_position()
    assert len(session.turns) == 24
    assert storage.data == stored  # nothing written, "updated" untouched


def test_an_undo_by_the_tab_that_wrote_last_is_saved() -> None:
    store = new_store()
    game = played(4, moves=10)
    ref = store.create(game, ui_for(game), recorder=game.record)
    game.undo()
    ref = store.write(ref, game, ui_for(game), recorder=game.record)
    assert ref.moves == 9 and ref.rev == 2
    assert len(store.open(ref.id).saved.record["moves"]) == 9


# -- two tabs ----------------------------------------------------------------------------
def test_two_tabs_never_overwrite_each_other() -> None:
    storage = saves.MemoryStorage()
    tab_a, tab_b = new_store(storage), new_store(storage)
    game = played(5, moves=6)
    ref = tab_a.create(game, ui_for(game), recorder=game.record)
    opened = tab_b.open(ref.id)
    game_a, game_b = keep.restore(opened.saved).game, keep.restore(opened.saved).game
    game_a.play(game_a.legal_moves()[0])
    game_b.play(game_b.legal_moves()[-1])
    ref_a = tab_a.write(ref, game_a, ui_for(game_a), recorder=game_a.record)
    stored = storage.data[saves.PREFIX + ref.id]
    with pytest.raises(saves.SaveConflict, match="another tab continued this game"):
        tab_b.write(opened.ref, game_b, ui_for(game_b), recorder=game_b.record)
    assert storage.data[saves.PREFIX + ref.id] == stored  # B's move did not wipe A's
    # tab B hears the storage event and can tell its game changed elsewhere
    assert tab_b.revision(ref.id) == ref_a.rev != opened.ref.rev
    assert tab_b.revision("no-such-game") is None
    assert saves.id_of_key(saves.PREFIX + ref.id) == ref.id
    assert saves.id_of_key("qin-lang") is None and saves.id_of_key(None) is None
    # A goes on; B continues as a copy: both games are kept
    game_a.play(game_a.legal_moves()[0])
    tab_a.write(ref_a, game_a, ui_for(game_a), recorder=game_a.record)
    copy = tab_b.create(game_b, ui_for(game_b), recorder=game_b.record)
    assert {e.id for e in tab_a.entries()} == {ref.id, copy.id}


def test_a_write_to_a_game_deleted_in_another_tab_is_refused() -> None:
    storage = saves.MemoryStorage()
    tab_a, tab_b = new_store(storage), new_store(storage)
    game = played(6, moves=3)
    ref = tab_a.create(game, ui_for(game), recorder=game.record)
    tab_b.delete(ref.id)
    game.play(game.legal_moves()[0])
    with pytest.raises(saves.SaveConflict):
        tab_a.write(ref, game, ui_for(game), recorder=game.record)
    assert storage.data == {}


def test_a_write_never_replaces_a_damaged_text() -> None:
    storage = saves.MemoryStorage()
    store = new_store(storage)
    game = played(6, moves=3)
    ref = store.create(game, ui_for(game), recorder=game.record)
    storage.data[saves.PREFIX + ref.id] = '{"format": "qin-save/2", "id": '
    with pytest.raises(saves.SaveConflict):
        store.write(ref, game, ui_for(game), recorder=game.record)
    assert storage.data[saves.PREFIX + ref.id] == '{"format": "qin-save/2", "id": '


# -- damaged and hostile saves -------------------------------------------------------------
def _valid_save(game: qin.Game) -> dict[str, Any]:
    return {"format": "qin-save/1", "id": "bad", "created": 1.0, "updated": 2.0,
            "record": game.record(), "ui": ui_for(game), "series": None, "mode": "local"}


def _hostile() -> list[tuple[str, str]]:
    good = _valid_save(played(7, moves=2))
    huge_created = json.dumps(good).replace('"created": 1.0', '"created": ' + "9" * 5000)
    deep = '{"format": "qin-save/1", "id": "bad", "x": ' + "[" * 40_000 + "]" * 40_000 + "}"
    nested = "{" + ", ".join(f'"k{i}": ' + "{" * 100 + "}" * 100 for i in range(1100)) + "}"
    wrong_types = json.dumps({**good, "ui": {"kinds": "human", "colours": 7}})
    wrong_record = json.dumps({**good, "record": {**good["record"], "moves": {"a": 1}}})
    lone = json.dumps(good).replace("Player 1", "Player \\ud800")
    lone_raw = json.dumps(good, ensure_ascii=False).replace("Player 1", "Player \ud800")
    not_utf8 = "\udcff\udcfe" + json.dumps(good)  # bytes that were not UTF-8, as Python keeps them
    return [("huge-created", huge_created), ("deep", deep), ("nested", nested),
            ("wrong-types", wrong_types), ("wrong-record", wrong_record), ("lone", lone),
            ("lone-raw", lone_raw), ("not-utf8", not_utf8), ("list", "[1, 2]"),
            ("number", "1" * 10_000), ("null", "null"), ("empty", ""),
            ("big", "x" * (saves.MAX_TEXT + 1)),
            ("summary", json.dumps({**good, "format": "qin-save/2", "rev": "x"}))]


def test_the_nested_text_is_a_240_kb_file_below_the_size_limit() -> None:
    nested = dict(_hostile())["nested"]
    assert 200_000 < len(nested) < 256 * 1024


@pytest.mark.parametrize("name,text", _hostile())
def test_any_unreadable_save_is_listed_as_damaged_and_kept(name: str, text: str) -> None:
    game = played(8, moves=4)
    storage = saves.MemoryStorage({saves.PREFIX + name: text})
    store = new_store(storage)
    ok = store.create(game, ui_for(game), recorder=game.record)
    entries = {e.id: e for e in store.entries()}
    assert entries[name].damaged and entries[name].state
    assert entries[ok.id].ok
    assert store.raw(name) == text  # kept aside for export
    with pytest.raises(saves.SaveError):
        store.open(name)
    assert store.revision(name) is None
    with pytest.raises(saves.SaveError):
        saves.read_import(text)


def test_the_depth_limit_is_checked_before_json_parses(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = json.loads

    def spy(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(len(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", spy)
    deep = "[" * 40_000 + "]" * 40_000
    with pytest.raises(saves.SaveError, match="nested too deeply"):
        saves.read_import(deep)
    with pytest.raises(saves.SaveError, match="nested too deeply"):
        saves.read_import('{"format": "qin-game/1", "names": ' + deep + "}")
    assert seen == []
    # brackets inside strings are text, not nesting
    name = "[" * 30
    game = qin.Game.new(board="bird", players=2, seed=1, names=[name, "b"])
    assert saves.read_import(json.dumps(game.record())).record["names"][0] == name


@pytest.mark.parametrize("text", [
    '{"format": "qin-game/1", "board": "bird", "players": 2, "seed": ' + "7" * 5000 + "}",
    '{"format": "qin-game/1", "board": "bird", "players": 2, "seed": 1, "x": ' + "[" * 30_000
    + "]" * 30_000 + "}",
    "{" * 120_000 + "}" * 120_000,
])
def test_crafted_imports_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(saves.SaveError, match="digits|nested"):
        saves.read_import(text)


def test_a_link_with_a_huge_number_is_refused() -> None:
    import base64
    import zlib

    body = bytes([1, 0]) + b"\xff" * 5000 + b"\x01"
    raw = body + (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")
    code = base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")
    with pytest.raises(links.LinkError):
        links.read_link("#g=" + code)


# -- listing -------------------------------------------------------------------------------
def test_listing_200_saves_replays_nothing(counted: Counted) -> None:
    store = new_store()
    games = [played(seed, moves=seed % 40) for seed in range(10)]
    for n in range(200):
        game = games[n % 10]
        store.create(game, ui_for(game), recorder=game.record)
    finished = played(99)
    store.create(finished, ui_for(finished), recorder=finished.record)
    counted.plays = counted.loads = 0
    entries = store.entries()
    assert (counted.plays, counted.loads) == (0, 0)
    assert len(entries) == 201 and all(e.ok for e in entries)
    newest = entries[0]
    assert newest.over and newest.winners == tuple(finished.winners)
    assert said(newest.state).endswith(("won", "win"))
    other = entries[1]
    assert other.to_move and said(other.state).endswith("to move")
    assert other.names == ("Player 1", "Player 2") and other.board == "bird"
    assert other.players == 2 and other.moves == len(games[9].moves)


def test_a_summary_that_disagrees_with_its_record_is_not_believed() -> None:
    storage = saves.MemoryStorage()
    store = new_store(storage)
    game = played(10, moves=5)
    ref = store.create(game, ui_for(game), recorder=game.record)
    data = json.loads(storage.data[saves.PREFIX + ref.id])
    data["summary"]["moves"] = 50
    storage.data[saves.PREFIX + ref.id] = json.dumps(data)
    entry = store.entries()[0]
    assert entry.ok and entry.moves == 5 and not entry.summarised


# -- deleting finished games ---------------------------------------------------------------
def test_delete_keeps_the_text_for_an_undo() -> None:
    storage = saves.MemoryStorage()
    store = new_store(storage)
    game = played(11, moves=7)
    ref = store.create(game, ui_for(game), recorder=game.record)
    text = storage.data[saves.PREFIX + ref.id]
    deleted = store.delete(ref.id)
    assert store.entries() == [] and deleted.text == text
    store.undelete(deleted)
    assert storage.data[saves.PREFIX + ref.id] == text
    # goes on as before
    assert store.write(ref, game, ui_for(game), recorder=game.record).rev == ref.rev + 1


def test_delete_finished_deletes_only_finished_games_with_an_undo() -> None:
    storage = saves.MemoryStorage({saves.PREFIX + "cut": '{"format": "qin-sa'})
    store = new_store(storage)
    over = [played(seed) for seed in (12, 13)]
    going = played(14, moves=9)
    refs_over = [store.create(g, ui_for(g), recorder=g.record) for g in over]
    ref_going = store.create(going, ui_for(going), recorder=going.record)
    legacy_over = json.dumps({**_valid_save(over[0]), "id": "old"})
    storage.data[saves.PREFIX + "old"] = legacy_over
    before = dict(storage.data)
    deleted = store.delete_finished()
    assert {d.id for d in deleted} == {r.id for r in refs_over} | {"old"}
    assert {e.id for e in store.entries()} == {ref_going.id, "cut"}  # damaged: kept aside
    for d in deleted:
        store.undelete(d)
    assert storage.data == before


# -- a full storage ------------------------------------------------------------------------
class FullStorage(saves.MemoryStorage):
    full = False

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError: Failed to execute 'setItem' on 'Storage'")
        super().set(key, value)


def test_a_full_storage_is_a_clear_error_and_no_copy() -> None:
    storage = FullStorage()
    store = new_store(storage)
    game = played(15, moves=3)
    ref = store.create(game, ui_for(game), recorder=game.record)
    storage.full = True
    game.play(game.legal_moves()[0])
    with pytest.raises(saves.StorageFull, match="storage is full: export or delete finished"):
        store.write(ref, game, ui_for(game), recorder=game.record)
    with pytest.raises(saves.SaveError, match="storage is full"):
        # the old page's call
        store.save_game(game, save_id=ref.id, **ui_for(game), recorder=game.record)
    with pytest.raises(saves.StorageFull):
        store.create(game, ui_for(game), recorder=game.record)
    assert list(storage.data) == [saves.PREFIX + ref.id]  # no retry under a new id
    storage.full = False
    assert store.write(ref, game, ui_for(game), recorder=game.record).moves == 4


def test_unreadable_storage_itself_raises_from_entries() -> None:
    class Blocked(saves.MemoryStorage):
        def all_keys(self) -> list[str]:
            raise RuntimeError("SecurityError")

    with pytest.raises(saves.SaveError, match="cannot be read"):
        new_store(Blocked()).entries()


# -- saves of the previous format ------------------------------------------------------------
def test_a_save_of_the_previous_format_opens_and_migrates_on_the_next_write(
        counted: Counted) -> None:
    game = played(16, moves=12)
    old = {"format": "qin-save/1", "id": "old1", "created": 1_600_000_000_000.0,
           "updated": 1_600_000_001_000.0, "record": game.record(),
           "ui": {"kinds": ["human", "human"], "colours": ["green", "white"],
                  "at_screen": game.to_move, "cover": False},
           "series": None, "mode": "local"}
    text = json.dumps(old)
    storage = saves.MemoryStorage({saves.PREFIX + "old1": text})
    store = new_store(storage)
    counted.plays = counted.loads = 0
    entry = store.entries()[0]  # listed from its JSON alone
    assert (counted.plays, counted.loads) == (0, 0)
    assert entry.ok and not entry.summarised and entry.moves == 12 and entry.rev == 0
    assert entry.names == ("Player 1", "Player 2") and entry.updated == old["updated"]
    opened = store.open("old1")
    assert opened.ref == saves.SaveRef("old1", 0, 12)
    assert storage.data[saves.PREFIX + "old1"] == text  # opening writes nothing
    session = keep.restore(opened.saved)
    assert counted.plays == 12
    session.play(session.game.legal_moves()[0])
    ref = store.write(opened.ref, session.game, keep.snapshot(session), recorder=session.record)
    assert ref == saves.SaveRef("old1", 1, 13)
    entry = store.entries()[0]
    assert entry.summarised and entry.to_move == session.to_move and entry.moves == 13
    stored = json.loads(storage.data[saves.PREFIX + "old1"])
    assert stored["format"] == saves.FORMAT and stored["created"] == old["created"]


def test_the_screen_comes_back_as_saved() -> None:
    settings = keep.settings_for(played(17, moves=0).record(), ["human", "human"],
                                 ["green", "white"])
    s = Session(settings)
    s.play(s.game.legal_moves()[0])
    assert s.covered
    store = new_store()
    ref = store.create(s.game, keep.snapshot(s), series={"plan": "sides",
                                                         "boards": ["bird", "lion"],
                                                         "games": []}, recorder=s.record)
    opened = store.open(ref.id)
    assert keep.restore(opened.saved).covered and opened.saved.series is not None
    s.confirm()
    ref = store.write(ref, s.game, keep.snapshot(s), recorder=s.record)
    opened = store.open(ref.id)
    assert not keep.restore(opened.saved).covered
    assert opened.saved.series is not None  # kept when not given
    assert store.entries()[0].series
    link = store.write(ref, s.game, keep.snapshot(s), mode="link", recorder=s.record)
    assert store.open(link.id).saved.mode == "link"


# -- what an import or a link may not bring in --------------------------------------------
SMALL = "board: small\n. . . .\n. R . .\n. . Y .\n. B . .\n"


def test_an_import_on_a_board_of_its_own_is_refused_at_once() -> None:
    """The page keeps and links games on its shipped sides only: a record or a save on
    an inline layout would play with every move "Not saved", so it is not imported."""
    game = qin.Game.new(board=SMALL, players=2, seed=4)
    game.play(game.legal_moves()[0])
    record = game.record()
    finished = played(4)
    save = json.loads(saves.SaveStore(saves.MemoryStorage()).save_game(
        finished, ["human", "human"], ["green", "white"], recorder=finished.record).to_json())
    save["record"] = record
    save.pop("summary", None)
    save["format"] = saves.OLD_FORMAT
    with pytest.raises(saves.SaveError) as refused:
        saves.read_import(json.dumps(record))
    assert str(refused.value) == t("saves.error.own_board", what=t("saves.the_file"))
    with pytest.raises(saves.SaveError):  # a save names a shipped side (read_save)
        saves.read_import(json.dumps(save))


def link_holding(extra_move: str, moves: int = 3) -> str:
    """A link to a game whose last move the engine refuses (made by hand: ``to_url``
    replays what it encodes)."""
    from qin.record_format import link_code

    game = qin.Game.new(board="bird", players=2, seed=7)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    record = records.record_of(game)
    return "#g=" + link_code({**record, "moves": [*record["moves"], extra_move]})


def test_a_refused_link_says_why_once_without_a_hidden_hand() -> None:
    """Q20: a hand is hidden; a link whose move the seat could not play says so
    without listing the seat's tiles, and the sentence says "cannot be" once."""
    for link in (link_holding("Bf6Bf7"), link_holding("Rf6Yf7")[:-6] + "AAAAAA",
                 link_holding("Ra1Rb1")):
        with pytest.raises(links.LinkError) as refused:
            links.read_link(link)
        said = t("link.cannot_open", error=refused.value)
        assert said.count("cannot be") == 1, said  # not "cannot be opened: ... cannot be"
        assert ".." not in said and "hand:" not in said, said
        assert "RR" not in said and "YY" not in said, said


def link_with_a_tile_not_held(names: list[str] | None) -> str:
    """A link to a game of ``names`` whose last move is the second seat's, of a tile
    kind not in its hand, on squares where a tile it holds could go."""
    from qin.record_format import link_code

    game = qin.Game.new(board="bird", players=2, seed=7, names=names)
    game.play(game.legal_moves()[0])
    for move in game.legal_moves():
        first, second = move.squares
        for a in "RYB":
            for b in "RYB":
                text = f"{a}{first}{b}{second}"
                refused = game.refusal(text)
                if refused is not None and refused.code == "not_in_hand":
                    record = records.record_of(game)
                    return "#g=" + link_code({**record, "moves": [*record["moves"], text]})
    raise AssertionError("every tile kind is in the hand")


@pytest.mark.parametrize(("names", "lang", "who"), [
    (["Green", "White"], "de", "Weiß spielt ein Plättchen, das nicht in der Hand ist"),
    (["Grün", "Weiß"], "en", "White plays a tile not in their hand"),
    (["Vert", "Blanc"], "de", "Weiß spielt"),
    (["Ann", "White"], "fr", "Blanc joue une tuile"),
    (["Ann", "Bo"], "de", "Bo spielt"),
    (None, "de", "Spieler 2 spielt"),
])
def test_a_refused_link_names_the_seat_as_the_page_shows_it(names: list[str] | None,
                                                            lang: str, who: str) -> None:
    """A seat named after its pagoda colour (as the start screen names a seat: "White")
    is named by that colour in the page's language when a link's move is refused, as the
    board and the log name it ("Weiß"); a name a player gave stays as given, and a game
    given none names its seats "Player N" in the page's language."""
    from qin_ui import i18n

    site = json.loads((WEB.parent / "i18n" / f"{lang}.json").read_text("utf-8"))
    link = link_with_a_tile_not_held(names)
    try:
        i18n.set_language(lang, site)
        with pytest.raises(links.LinkError) as refused:
            links.read_link(link)
        said = t("link.cannot_open", error=refused.value)
    finally:
        i18n.set_language("en", json.loads((WEB.parent / "i18n" / "en.json").read_text(
            "utf-8")))
    assert who in said, said


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_save_the_page_composes_wrongly_is_refused_in_words(lang: str) -> None:
    """Seat settings that are not ``keep.snapshot()``'s and a mode the page does not
    have (bugs of the page, never a player's doing) are refused in the page's language
    too, from the catalogue."""
    from qin_ui import i18n

    site = json.loads((WEB.parent / "i18n" / f"{lang}.json").read_text("utf-8"))
    game = played(3, moves=2)
    store = new_store()
    try:
        i18n.set_language(lang, site)
        with pytest.raises(saves.SaveError) as seats:
            store.create(game, {**ui_for(game), "kinds": "human"}, recorder=game.record)
        assert str(seats.value) == site["saves.error.seats"]
        with pytest.raises(saves.SaveError) as mode:
            store.create(game, ui_for(game), mode="chess", recorder=game.record)
        assert str(mode.value) == site["saves.error.mode_unknown"]
    finally:
        i18n.set_language("en", json.loads((WEB.parent / "i18n" / "en.json").read_text(
            "utf-8")))


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_game_whose_tiles_are_not_its_seeds_is_neither_saved_nor_linked(lang: str
                                                                          ) -> None:
    """The page keeps and links a game only by a record that replays to it: a game whose
    pile was shuffled again (as a program could do) is refused, with the engine's reason
    in the page's language, and nothing is stored (a save that would open as another
    game, or not at all)."""
    from qin_ui import i18n

    site = json.loads((WEB.parent / "i18n" / f"{lang}.json").read_text("utf-8"))
    engine = json.loads((WEB.parent.parent / "qin" / "messages" / f"{lang}.json").read_text(
        "utf-8"))
    game = played(5, moves=6)
    game.pile.reverse()
    storage = saves.MemoryStorage()
    store = new_store(storage)
    try:
        i18n.set_language(lang, site)
        recorder = partial(gamerecord.record_of, game)  # as the page's Session.record
        with pytest.raises(saves.SaveError) as refused:
            store.create(game, ui_for(game), recorder=recorder)
        assert engine["record.not_dealt"] in str(refused.value)
        with pytest.raises(links.LinkError) as unlinked:
            links.fragment(recorder)
        assert engine["record.not_dealt"] in str(unlinked.value)
    finally:
        i18n.set_language("en", json.loads((WEB.parent / "i18n" / "en.json").read_text(
            "utf-8")))
    assert storage.data == {}
