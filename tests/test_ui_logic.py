"""The web page's UI logic (web/page/qin_ui), tested in CPython without a browser.

web/ is not a package of the wheel: PyScript copies web/page/qin_ui into Pyodide's home
folder (web/page/pyscript.base.json); here it is put on sys.path.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import qin
from qin.svg import BoardOptions, render_svg

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import players, setup, views, wording  # noqa: E402
from qin_ui.session import (  # noqa: E402
    DIRECTIONS,
    Session,
    anchor_of,
    ghost_move,
    orientations,
)

# Player 1 holds only RR and cannot place it (Q9: joining r1 and r2 would tie at 2
# each); player 2 can place YY on c1-d1.
PASS_ONLY = """players: 2
to-move: 1
hand-1: RR
hand-2: YY
r1 r . . r2 r
"""


def session(seed: int = 7, count: int = 2, **kw: object) -> Session:
    settings = setup.with_players(setup.Settings(seed=seed), count)
    if kw:
        settings = setup.Settings(settings.seats, **kw)  # type: ignore[arg-type]
    return Session(settings)


def playable_index(s: Session) -> int:
    hand = s.visible_hand()
    assert hand is not None
    return next(i for i, k in enumerate(hand) if s.playable(k))


def play_one(s: Session) -> str:
    """Play the first legal square of the first playable tile, as a player would."""
    if s.covered:
        s.confirm()
    if s.must_pass:
        s.pass_turn()
        return "pass"
    s.select(playable_index(s))
    square = s.legal_squares()[0]
    s.click(square)
    return square


@pytest.fixture
def robots() -> Iterator[None]:
    """A computer player kind for the tests (the real levels come from qin/ai later)."""
    players.register(players.PlayerKind("first", "Computer (first move)",
                                        choose=lambda view: view.legal_moves()[0]))
    yield
    players.KINDS.pop("first", None)


# -- tiles, orientations, ghosts ------------------------------------------------------
def test_a_picked_tile_turns_to_where_it_fits() -> None:
    s = session(seed=21, count=3)
    for _ in range(30):
        play_one(s)
    s.confirm()
    for i, kind in enumerate(s.visible_hand() or []):
        for start in range(orientations(kind)):
            s.select(None)
            s.orientation = start
            s.select(i)
            if s.playable(kind):
                assert s.legal_squares()
            else:
                assert s.selected is None or not s.legal_squares()


def test_orientations_turn_clockwise() -> None:
    assert orientations("RY") == 4 and orientations("BB") == 2
    assert DIRECTIONS == ((1, 0), (0, 1), (-1, 0), (0, -1))
    assert str(ghost_move("RY", 0, (2, 3))) == "Rc4Yd4"
    assert str(ghost_move("RY", 1, (2, 3))) == "Rc4Yc5"
    assert str(ghost_move("RY", 2, (2, 3))) == "Rc4Yb4"
    assert str(ghost_move("RY", 3, (2, 3))) == "Rc4Yc3"


def test_every_legal_move_is_one_ghost() -> None:
    game = qin.Game.new(board="lion", players=2, seed=3)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    seen = set()
    for move in game.legal_moves():
        anchor, orientation = anchor_of(move)
        assert orientation < orientations(move.kind)
        ghost = ghost_move(move.kind, orientation, anchor)
        assert ghost == move
        seen.add((move.kind, anchor, orientation))
    assert len(seen) == len(game.legal_moves())


def test_picking_a_tile_shows_where_it_goes() -> None:
    s = session()
    assert s.legal_squares() == []
    hand = s.visible_hand()
    assert hand == s.game.hand(1)
    s.select(0)
    kind = hand[0]
    assert s.selected_kind == kind
    all_moves = {str(m) for m in s.game.legal_moves() if m.kind == kind}
    found = set()
    for o in range(orientations(kind)):
        s.orientation = o
        for square in s.legal_squares():
            col, row = "abcdefghijklm".index(square[0]), int(square[1:]) - 1
            found.add(str(ghost_move(kind, o, (col, row))))
    assert {str(qin.Move.parse(m)) for m in found} == all_moves
    s.select(0)  # the same tile again: put it back
    assert s.selected_kind is None and s.legal_squares() == []


def test_turning_cycles_through_the_orientations() -> None:
    s = session(seed=1)
    hand = s.visible_hand() or []
    for i, kind in enumerate(hand):
        s.select(i)
        n = orientations(kind)
        first = s.orientation
        seen = [s.orientation]
        for _ in range(n):
            s.rotate()
            seen.append(s.orientation)
        assert seen == [(first + k) % n for k in range(n + 1)]
        s.rotate(-1)
        assert s.orientation == (first - 1) % n
        s.select(None)
    assert s.rotate() == frozenset()  # nothing picked: nothing turns


def test_hover_previews_a_legal_spot() -> None:
    s = session()
    s.select(playable_index(s))
    square = s.legal_squares()[0]
    parts = s.hover(square)
    assert parts == {"overlay", "info"}
    h = s.hover_state
    assert h.ok and h.ghost is not None and h.preview
    assert h.preview == s.game.preview(h.ghost)
    assert "founds" in wording.hover_info(s, h) or "grows" in wording.hover_info(s, h)
    assert s.hover(square) == frozenset()  # same square: nothing to redraw
    assert 'class="ghost ok"' in views.overlay_svg(s)
    assert s.game.moves == []  # a preview plays nothing


def test_hover_on_an_illegal_spot_says_why_in_the_engines_words() -> None:
    s = session()
    s.select(0)
    s.hover("a1")  # far from every province space
    h = s.hover_state
    assert not h.ok and h.ghost is not None
    refused = s.game.refusal(h.ghost)
    assert refused is not None and refused.code == "no_touch"
    said = wording.hover_reason(s, h)
    assert said == qin.messages.refusal_text(refused, rule=False) and "Q7" not in said
    assert (s.game.why_illegal(h.ghost) or "").endswith(" (Q7).")  # the engine's own
    assert 'href="rules/readings-en.html#q7"' in views.info_html(s)  # the rule, in words
    s.hover("g5")  # a starting territory: already covered
    assert "g5" in wording.hover_reason(s)
    s.orientation = 0
    s.hover("m1")  # the second half would be off the board, past the right edge
    refused = s.game.refusal(s.hover_state.ghost) if s.hover_state.ghost else None
    assert refused is not None and refused.params == {
        "move": str(s.hover_state.ghost), "edge": "right", "on_board": ["m1"]}
    assert wording.hover_reason(s) == qin.messages.refusal_text(refused, rule=False)
    assert "over the right edge of the board" in wording.hover_reason(s)
    assert 'href="rules/readings-en.html#q6"' in views.info_html(s)
    assert 'class="ghost bad"' in views.overlay_svg(s)


def test_a_click_on_an_illegal_spot_is_refused_with_the_reason() -> None:
    s = session()
    s.select(0)
    s.click("a1")
    assert s.game.moves == []
    said = wording.notice_text(s)
    assert said.startswith("A tile must share an edge") and "Q7" not in said
    assert wording.status(s) == said
    s.orientation = 1
    s.click("a13")  # the second half would lie past the bottom edge
    assert s.game.moves == []
    said = wording.notice_text(s)
    assert said.startswith("The tile would stick out over the bottom edge of the board")
    assert wording.status(s) == said and "a14" not in said


def test_a_refused_click_is_said_on_the_status_line_only() -> None:
    """The box that explains the square under the pointer does not say again why the
    tile just tried there was refused (the status line says it); another square, or the
    tile turned, is explained again."""
    s = session()
    s.select(0)
    s.hover("a1")
    reason = wording.hover_reason(s)
    assert reason and reason in views.info_html(s)  # before the click: the box says why
    s.click("a1")
    assert wording.status(s) == reason
    assert views.info_html(s) == ""  # said once
    s.hover("b1")
    assert wording.hover_reason(s) in views.info_html(s)
    s.hover("a1")
    assert views.info_html(s) == ""  # the tile just tried, still the status line's
    s.rotate()
    assert wording.hover_reason(s) and wording.hover_reason(s) in views.info_html(s)


def test_hover_without_a_tile_describes_provinces_and_villages() -> None:
    s = session(seed=7)
    for _ in range(6):
        play_one(s)
    game = s.game
    province = game.board.provinces()[0]
    square = game.board.geo.names[province.squares[0]]
    s.hover(square)
    h = s.hover_state
    owner = s.names[province.owner - 1]
    info = wording.hover_info(s, h)
    assert f"{owner}'s" in info and f"{province.size} squares" in info
    assert set(h.focus) == {game.board.geo.names[q] for q in province.squares}
    village = game.board.geo.names[game.board.layout.villages[0]]
    s.hover(village)
    assert wording.hover_info(s).startswith(f"Village {village}")
    for name in s.names:
        assert name in wording.hover_info(s)
    assert s.hover_state.tally == game.village_tally(village)
    assert f'class="tally" data-at="{village}"' in views.overlay_svg(s)
    s.hover("a13")
    assert wording.hover_info(s) == ""


# -- turns, the cover, undo -------------------------------------------------------------
def test_placing_logs_the_events_and_covers_the_hand() -> None:
    s = session()
    s.select(playable_index(s))
    square = s.legal_squares()[0]
    move = s._table(s.selected_kind or "", s.orientation)[square]  # noqa: SLF001
    expected = s.game.preview(move)
    s.click(square)
    assert [str(m) for m in s.game.moves] == [str(move)]
    assert s.last == move.squares
    turn = s.turns[-1]
    assert turn.player == 1 and turn.move == str(move)
    assert turn.kinds == [e.kind for e in expected]
    assert wording.turn_lines(turn)[0].startswith("Green places")
    # White's turn: the cover hides White's hand until White confirms.
    assert s.to_move == 2 and s.covered
    assert s.visible_hand() is None and s.legal_squares() == []
    assert s.select(0) == frozenset()
    assert "pass the screen to White" in wording.status(s)
    s.confirm()
    assert not s.covered and s.visible_hand() == s.game.hand(2)


def test_undo_from_the_cover_gives_the_turn_back_without_a_cover() -> None:
    s = session()
    before = s.game.to_position()
    play_one(s)
    assert s.covered and s.can_undo
    s.undo()
    assert s.game.to_position() == before and s.to_move == 1
    assert not s.covered  # Green, who moved, is still at the screen
    assert s.turns == [] and s.last == ()
    assert "taken back" in wording.notice_text(s)


def test_undo_by_the_next_player_covers_for_the_previous_one() -> None:
    s = session()
    play_one(s)
    first = s.last
    s.confirm()  # White is at the screen now
    play_one(s)
    s.confirm()  # Green
    s.undo()  # Green takes back White's move: White must come back
    assert s.to_move == 2 and s.covered
    assert s.last == first


def test_undo_against_a_computer_goes_back_to_the_humans_move(robots: None) -> None:
    settings = setup.Settings((setup.Seat("Ann", "green"), setup.Seat("Bot", "white", "first")),
                              seed=4)
    s = Session(settings)
    assert not s.can_undo  # nothing of Ann's to take back yet
    play_one(s)
    assert s.computer_to_move and not s.covered  # one human: no cover needed
    assert s.visible_hand() is None
    assert s.can_undo  # while the computer thinks, too (its answer is then dropped)
    s.computer_move()
    assert s.to_move == 1 and len(s.game.moves) == 2
    hand = s.visible_hand()
    play_one(s)
    s.computer_move()
    assert len(s.game.moves) == 4 and s.can_undo
    s.undo()  # Ann's second move and the computer's reply
    assert len(s.game.moves) == 2 and s.to_move == 1 and not s.covered
    assert s.visible_hand() == hand and "and 1 computer move" in wording.status(s)
    s.undo()
    assert s.game.moves == [] and not s.can_undo and s.undo() == frozenset()


def test_only_a_pass_is_legal() -> None:
    game = qin.Game.from_position(PASS_ONLY)
    s = Session(setup.Settings(seed=0), game)
    assert s.must_pass and s.visible_hand() == ["RR"]
    assert "must pass" in wording.status(s)
    assert s.select(0) == frozenset()
    assert s.playable("RR") is False
    s.pass_turn()
    assert [str(m) for m in game.moves] == ["pass"]
    assert s.turns[-1].kinds == ["pass"]
    s.confirm()
    assert not s.must_pass and s.pass_turn() == frozenset()
    s.select(0)
    s.click(s.legal_squares()[0])
    assert s.over
    winners, how = wording.result(s)
    assert winners == game.winners == (2,)
    assert "Nobody can place" in how


def test_a_whole_game_by_clicks_matches_the_engine() -> None:
    s = session(seed=21, count=3)
    moves = 0
    while not s.over:
        play_one(s)
        moves += 1
        assert moves < 300
    replay = qin.Game.new(board="bird", players=3, seed=21)
    for m in s.game.moves:
        replay.play(m)
    assert replay.is_over and replay.winners == s.game.winners
    winners, how = wording.result(s)
    assert winners == s.game.winners and how
    html = views.result_html(s)
    for p in range(1, 4):
        assert f'data-on-board="{s.game.on_board(p)}"' in html


# -- the start screen ---------------------------------------------------------------------
def test_seats_and_colours() -> None:
    two = setup.Settings()
    assert [(s.name, s.colour) for s in two.seats] == [("Green", "green"), ("White", "white")]
    four = setup.with_players(two, 4)
    assert four.colours == ["green", "white", "purple", "black"]
    assert len(set(four.colours)) == 4
    assert not {"red", "yellow", "blue"} & set(setup.COLOURS)
    assert setup.with_players(four, 2).seats == two.seats
    with pytest.raises(ValueError):
        setup.with_players(two, 5)


def test_picking_a_taken_colour_swaps_and_renames() -> None:
    s = setup.Settings((setup.Seat("Green", "green"), setup.Seat("Ann", "white")))
    swapped = setup.with_colour(s, 0, "white")
    assert swapped.colours == ["white", "green"]
    assert swapped.names == ["White", "Ann"]  # a colour name follows; a real name stays
    orange = setup.with_colour(s, 1, "orange")
    assert orange.colours == ["green", "orange"] and orange.names == ["Green", "Ann"]


def test_seed_and_problems() -> None:
    assert setup.parse_seed("  ") is None
    assert setup.parse_seed("42") == 42
    for bad in ("-1", "x", "1.5"):
        with pytest.raises(ValueError, match="seed"):
            setup.parse_seed(bad)
    ok = setup.Settings()
    assert setup.problems(ok) == []
    same = setup.Settings((setup.Seat("Ann", "green"), setup.Seat("ann", "white")))
    assert any("same name" in str(p) for p in setup.problems(same))
    empty = setup.Settings((setup.Seat(" ", "green"), setup.Seat("B", "green")))
    found = [str(p) for p in setup.problems(empty)]
    assert any("needs a name" in p for p in found) and any("colour" in p for p in found)
    with pytest.raises(ValueError):
        setup.new_game(empty)


def test_a_seed_is_a_whole_number_in_decimal_digits_of_any_script() -> None:
    """One rule for the seed field (Python's; the start screen before Python has none):
    decimal digits of any script ("٣" is 3), up to MAX_SEED; "²" or "①" pass
    ``isdigit`` but are no number: refused in the same words as "-1", never as a bare
    "invalid literal"."""
    assert setup.parse_seed("٣") == 3
    assert setup.parse_seed(" ٤٢ ") == 42
    assert setup.parse_seed(str(setup.MAX_SEED)) == setup.MAX_SEED
    for bad in ("²", "①", "-1", "1e3", str(setup.MAX_SEED + 1)):
        with pytest.raises(ValueError) as refused:
            setup.parse_seed(bad)
        assert str(refused.value) == (f"The seed is a whole number from 0 to "
                                      f"9223372036854775807, not '{bad}'.")


def test_a_new_game_follows_the_settings() -> None:
    settings = setup.Settings(setup.default_seats(3), board="lion", fair_start=True, seed=9)
    game = setup.new_game(settings)
    expected = qin.Game.new(board="lion", players=3, seed=9, fair_start=True)
    assert game.to_position().replace("board: Lion", "board: lion") == \
        expected.to_position().replace("board: Lion", "board: lion")
    assert game.names == ["Green", "White", "Purple"]
    for p in (1, 2, 3):
        assert any(t[0] == t[1] for t in game.hand(p))  # Q20


def test_player_types_are_a_registry(robots: None) -> None:
    html = views.seats_html(setup.Settings())
    assert html.count('<option value="human"') == 2
    assert html.count('<option value="first"') == 2
    assert players.kind("human").human and not players.kind("first").human
    with pytest.raises(ValueError, match="unknown player type"):
        players.kind("nobody")


# -- the panels -------------------------------------------------------------------------
def test_panels_show_the_counts() -> None:
    s = session()
    play_one(s)
    html = views.players_html(s)
    g = s.game
    for p in (1, 2):
        assert (f'data-player="{p}" data-on-board="{g.on_board(p)}" '
                f'data-left="{g.supply(p)}"') in html
    assert f'data-pile="{g.pile_count}"' in html
    assert 'class="player to-move" data-player="2"' in html
    assert "hidden" in views.hand_html(s)  # covered
    s.confirm()
    hand = views.hand_html(s)
    assert hand.count('class="tile-btn') == len(g.hand(2))


def test_names_are_escaped() -> None:
    settings = setup.Settings((setup.Seat("<b>Al</b>", "green"), setup.Seat("Bo & Co", "white")),
                              seed=2)
    s = Session(settings)
    play_one(s)
    for html in (views.players_html(s), views.log_html(s), views.seats_html(settings)):
        assert "<b>Al</b>" not in html
        assert "&lt;b&gt;Al&lt;/b&gt;" in html


def test_the_config_ships_every_ui_module() -> None:
    config = json.loads((WEB / "pyscript.base.json").read_text())
    listed = {src.removeprefix("./") for src in config["files"]}
    modules = {p.relative_to(WEB).as_posix() for p in (WEB / "qin_ui").rglob("*.py")}
    imported = {p.name for p in WEB.glob("*.py")} - {"main.py"}  # main.py is run, not fetched
    assert modules | imported <= listed


def test_hovering_every_square_then_placing_mid_game() -> None:
    """Every square of the board answers a hover, and a placement after them draws the
    board, the players and the log (how quickly: bench/main_thread.py)."""
    s = session(seed=5)
    for _ in range(20):
        play_one(s)
    s.confirm()
    s.select(playable_index(s))
    squares = [n for n in s.game.board.geo.names]
    overlays = set()
    for name in squares:
        s.hover(name)
        overlays.add(views.overlay_svg(s))
    assert len(overlays) > 1  # a legal square's preview differs from an illegal one's
    before = len(s.game.moves)
    s.click(s.legal_squares()[0])
    assert len(s.game.moves) == before + 1
    assert render_svg(s.game, BoardOptions(legal=s.legal_squares(), last=s.last,
                                           colours=s.colours, names=s.names,
                                           style=False)).startswith("<svg")
    assert views.players_html(s) and views.log_html(s)


def test_a_ghost_past_any_edge_of_the_board_has_no_move_text() -> None:
    """The ghost of a tile turned past the board's edge (each of the four, from every
    square along it, the tile turned either way that sticks out) is no move on this
    board: its drawing has no ``data-move`` (its halves' ``data-at`` name the square on
    the board), and the refusal names the edge and that square, never a move text
    that does not read back as the ghost ("Ra1Yz1", "Ra1Ya0"); a click there says so."""
    import xml.etree.ElementTree as ET
    s = session()
    hand = s.visible_hand()
    assert hand is not None
    s.select(next(i for i, k in enumerate(hand) if k[0] != k[1]))  # turns all four ways
    geo = s.game.board.geo
    anchors = sorted({(x, y) for x in range(geo.width) for y in range(geo.height)
                      if x in (0, geo.width - 1) or y in (0, geo.height - 1)})
    checked: dict[str, int] = {}
    for x, y in anchors:
        square = geo.names[y * geo.width + x]
        if qin.placement.off_board(s.game.board, [(x, y)]) is not None:
            continue  # outside the board's outline: no square to point at
        for orientation in range(4):
            s.orientation = orientation
            s.hover(square)
            ghost = s.hover_state.ghost
            assert ghost is not None
            (ax, ay), (bx, by) = ghost.coords
            if 0 <= bx < geo.width and 0 <= by < geo.height:
                continue  # both halves within the board's grid
            refused = wording.refusal_of(s, ghost)
            assert refused is not None and refused.code == "outside"
            where = f"{square} turned {orientation}"
            assert "move" not in refused.params or qin.Move.parse(
                refused.params["move"]) == ghost, where
            assert refused.params["on_board"] == [square], where
            past = ("left" if bx < 0 else "right" if bx >= geo.width
                    else "top" if by < 0 else "bottom")
            assert refused.params["edge"] == past, where
            checked[refused.params["edge"]] = checked.get(refused.params["edge"], 0) + 1
            svg = ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg">'
                                f"{views.overlay_svg(s)}</svg>")
            drawn = [el for el in svg.iter() if "ghost" in (el.get("class") or "")]
            assert len(drawn) == 1 and drawn[0].get("data-move") is None, where
            assert [el.get("data-at") for el in drawn[0].iter()
                    if "half" in (el.get("class") or "").split()] == [square], where
            s.click(square)
            said = wording.status(s)
            assert said == qin.messages.refusal_text(refused, rule=False), where
            assert f"over the {refused.params['edge']} edge" in said, where
    assert set(checked) == set(qin.placement.EDGES), checked
    assert not s.game.moves
