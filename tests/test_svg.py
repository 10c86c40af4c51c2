"""qin.svg: the one board renderer (web page, diagrams, ``qin svg``).

The SVG is checked for structure, not pixels: it parses as XML, has one ``rect.sq``
with ``data-square`` per square of the board, draws what the position holds (terrain,
tile halves, single and double pagodas, village pagodas) and marks the states the page
styles (``legal``, ``hl``, ``last``, the ghost and its preview).
"""

from __future__ import annotations

import inspect
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import FrozenInstanceError

import pytest

import qin
from qin.svg import (
    PAGODA_COLOURS,
    BoardOptions,
    ColourError,
    check_colour,
    pagoda,
    pagoda_square,
    player_colour,
    render_keyed,
    render_overlay,
    render_svg,
    tile_mark,
)

NS = "{http://www.w3.org/2000/svg}"

# A 5 x 5 position: a red major province of player 1 (b2 c2 d2 b3 c3), a yellow
# province of player 2 (b4 c4) and a village at e3 held by player 2.
SMALL = """players: 2
to-move: 1
. . . . .
. r1 r r .
. r r . v2
. y2 y . .
. . . . .
"""


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def all_with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in classes(el)]


def squares(root: ET.Element) -> dict[str, ET.Element]:
    found = [el for el in root.iter() if el.get("data-square") is not None]
    names = [el.get("data-square") or "" for el in found]
    assert len(names) == len(set(names)), "a square appears twice"
    return dict(zip(names, found, strict=True))


def pagodas(root: ET.Element, player: int) -> list[ET.Element]:
    return [el for el in all_with_class(root, "pagoda")
            if el.get("data-player") == str(player) and "new" not in classes(el)]


def layer(root: ET.Element, name: str) -> ET.Element:
    found = [el for el in root.iter(f"{NS}g") if name in classes(el)]
    assert len(found) == 1, f"expected one g.{name}"
    return found[0]


@pytest.fixture(scope="module")
def bird() -> qin.Game:
    return qin.Game.new(board="bird", players=2, seed=7)


def test_a_new_board_has_169_squares_with_names(bird: qin.Game) -> None:
    root = parse(render_svg(bird))
    sq = squares(root)
    assert len(sq) == 169
    assert {"a1", "m1", "a13", "m13", "g7"} <= set(sq)
    assert all(el.tag == f"{NS}rect" and "sq" in classes(el) for el in sq.values())
    # The hit squares lie on top of everything but the overlay, in reading order.
    order = [el.get("data-square") for el in layer(root, "squares")]
    assert order[:3] == ["a1", "b1", "c1"] and order[-1] == "m13"


def test_terrain_classes_follow_the_board(bird: qin.Game) -> None:
    sq = squares(parse(render_svg(bird)))
    kinds = {name: classes(el) - {"sq"} for name, el in sq.items()}
    assert sum(1 for k in kinds.values() if k == {"village"}) == 12  # Q21: Bird
    assert sum(1 for k in kinds.values() if k == {"water"}) == 0
    starts = {name: k for name, k in kinds.items() if "start" in k}
    assert starts == {"g5": {"start", "blue"}, "g7": {"start", "yellow"},
                      "g9": {"start", "red"}}
    lion = squares(parse(render_svg(qin.Game.new(board="lion", players=3, seed=1))))
    assert any("water" in classes(el) for el in lion.values())


def test_the_svg_scales_or_takes_a_size(bird: qin.Game) -> None:
    root = parse(render_svg(bird))
    assert root.get("width") is None and root.get("height") is None
    x, y, w, h = (float(v) for v in (root.get("viewBox") or "").split())
    assert (x, y) == (0, 0) and w == h > 13 * 30
    sized = parse(render_svg(bird, BoardOptions(size=520)))
    assert sized.get("width") == "520" and sized.get("height") == "520"


def test_coordinates_are_optional(bird: qin.Game) -> None:
    with_coords = parse(render_svg(bird))
    labels = [t.text for t in layer(with_coords, "coords").iter(f"{NS}text")]
    assert labels[:13] == list("abcdefghijklm") and labels[13:] == [str(r) for r in range(1, 14)]
    without = parse(render_svg(bird, BoardOptions(coords=False)))
    assert not all_with_class(without, "coords")
    assert len(squares(without)) == 169


def test_a_position_text_renders_too() -> None:
    root = parse(render_svg(SMALL))
    sq = squares(root)
    assert len(sq) == 25
    assert classes(sq["b2"]) == {"sq", "half", "red"}
    assert classes(sq["b4"]) == {"sq", "half", "yellow"}
    assert classes(sq["e3"]) == {"sq", "village"}
    assert classes(sq["a1"]) == {"sq", "grass"}


def test_pagodas_single_double_and_on_villages() -> None:
    root = parse(render_svg(SMALL))
    one, two = pagodas(root, 1), pagodas(root, 2)
    assert [classes(p) >= {"double"} for p in one] == [True]
    assert sum(int(p.get("data-count") or 0) for p in one) == 2
    assert {p.get("data-at") for p in two} == {"e3", "b4"}
    village = [p for p in two if "village-pagoda" in classes(p)]
    assert [p.get("data-at") for p in village] == ["e3"]
    # The count drawn equals the engine's count of pagodas on the board.
    game = qin.Game.from_position(SMALL)
    for player, drawn in ((1, one), (2, two)):
        assert sum(int(p.get("data-count") or 0) for p in drawn) == game.on_board(player)


def test_pagoda_counts_match_the_engine_through_a_game() -> None:
    game = qin.Game.new(board="lion", players=3, seed=11)
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[len(moves) // 2])
    root = parse(render_svg(game))
    for player in (1, 2, 3):
        drawn = sum(int(p.get("data-count") or 0) for p in pagodas(root, player))
        assert drawn == game.on_board(player)
    # Each placed tile is drawn as one piece of two halves on its squares.
    tiles = [t for t in layer(root, "tiles") if t.get("data-move")]
    placed = [str(m) for m in game.moves if not m.is_pass]
    assert [t.get("data-move") for t in tiles] == placed
    for t in tiles:
        halves = all_with_class(t, "half")
        move = qin.Move.parse(t.get("data-move") or "")
        assert [h.get("data-at") for h in halves] in (list(move.squares),
                                                      list(reversed(move.squares)))


def test_pagodas_stand_inside_their_province() -> None:
    game = qin.Game.from_position(SMALL)
    for group in game.board.provinces():
        assert pagoda_square(game.board, group.squares) in group.squares
    assert game.board.geo.names[pagoda_square(game.board, (6, 7, 8, 11, 12))] == "c2"


def pagoda_at(game: qin.Game, player: int) -> list[str]:
    return [p.get("data-at") or "" for p in pagodas(parse(render_svg(game)), player)
            if "village-pagoda" not in classes(p)]


def test_a_pagoda_stays_on_its_square_when_its_province_grows() -> None:
    """Q11a, Q14: growing (to a major province, too) moves no pagoda on the table."""
    game = qin.Game.from_position("players: 2\n. . . . .\n. . . . .\n. . R . .\n")
    game.play("Ra3Rb3")  # player 1 founds a3 b3 c3: the pagoda goes to the middle
    assert pagoda_at(game, 1) == ["b3"]
    game.play("Rd3Re3")  # player 2 grows it to a3-e3 (major): its middle is now c3
    assert pagoda_at(game, 1) == ["b3"]
    assert [int(p.get("data-count") or 0) for p in pagodas(parse(render_svg(game)), 1)] == [2]
    game.play("Ra2Rb2")
    assert pagoda_at(game, 1) == ["b3"]
    # Undo replays the game: the pagoda is where it stood before that move.
    game.undo()
    assert pagoda_at(game, 1) == ["b3"]
    # A position read from text has no history: its pagoda is drawn mid-province.
    assert pagoda_at(qin.Game.from_position(game.to_position()), 1) == ["c3"]


def test_a_pagoda_absorbing_a_province_keeps_its_square() -> None:
    """Q12: the province that absorbs keeps its pagoda where it stands."""
    game = qin.Game.from_position(
        "players: 2\n. . . . . .\n. . . . . .\nY . . . . Y\n")
    game.play("Ya2Ya1")  # player 1: a1 a2 a3, pagoda on a2
    game.play("Yf2Ye2")  # player 2: e2 f2 f3, pagoda on f2
    game.play("Yb1Yc1")  # player 1 grows to a1 a2 a3 b1 c1 (major), pagoda stays on a2
    assert pagoda_at(game, 1) == ["a2"]
    assert pagoda_at(game, 2) == ["f2"]
    game.play("Yd2Yd1")  # player 2 joins them: player 1's major province absorbs
    assert pagoda_at(game, 1) == ["a2"] and pagoda_at(game, 2) == []


def test_who_owns_a_province_is_drawn_at_rest() -> None:
    root = parse(render_svg(SMALL, BoardOptions(colours=["orange", "purple"])))
    lines = [el for el in all_with_class(layer(root, "provinces"), "province")]
    assert sorted(el.get("data-player") or "" for el in lines) == ["1", "2"]
    owned = {el.get("data-player"): el for el in all_with_class(root, "province-line")}
    assert owned["1"].get("stroke") == PAGODA_COLOURS["orange"]
    assert owned["2"].get("stroke") == PAGODA_COLOURS["purple"]
    # over the tiles, under the pagodas
    order = [el.get("class") for el in root if el.tag == f"{NS}g"]
    assert order.index("tiles") < order.index("provinces") < order.index("pagodas")


def test_each_player_colour_crowns_its_pagoda_with_its_own_shape() -> None:
    """Players told apart by shape, not only colour: each palette colour's pagoda has a
    crown (its silhouette's top) of its own."""
    crowns = set()
    for colour, fill in PAGODA_COLOURS.items():
        root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{pagoda(0, 0, fill, False)}'
                     "</svg>")
        crown = all_with_class(root, "crown")
        assert len(crown) == 1, colour
        shape = [(el.tag, tuple(sorted(el.attrib)), el.get("d", "")) for el in crown[0]]
        crowns.add(repr(shape))
    assert len(crowns) == len(PAGODA_COLOURS)


def test_player_colours_are_used() -> None:
    root = parse(render_svg(SMALL, BoardOptions(colours=["orange", "#123456"])))
    fills = {el.get("fill") for p in pagodas(root, 1) for el in p.iter()}
    assert PAGODA_COLOURS["orange"] in fills
    fills = {el.get("fill") for p in pagodas(root, 2) for el in p.iter()}
    assert "#123456" in fills
    # None of the player colours is a tile colour.
    assert not {"red", "yellow", "blue"} & set(PAGODA_COLOURS)


def test_state_classes_for_the_page(bird: qin.Game) -> None:
    root = parse(render_svg(bird, BoardOptions(legal=["a1", "b1"], highlight=["c3"],
                                               last=["g6", "h6"])))
    sq = squares(root)
    assert {n for n, el in sq.items() if "legal" in classes(el)} == {"a1", "b1"}
    assert {n for n, el in sq.items() if "hl" in classes(el)} == {"c3"}
    assert {n for n, el in sq.items() if "last" in classes(el)} == {"g6", "h6"}
    # The page can style them itself: the embedded style is optional.
    assert root.find(f"{NS}style") is not None
    assert parse(render_svg(bird, BoardOptions(style=False))).find(f"{NS}style") is None


def test_a_legal_ghost_and_its_preview() -> None:
    game = qin.Game.from_position(SMALL)
    root = parse(render_svg(game, BoardOptions(ghost="Rd3Yd4")))
    overlay = layer(root, "overlay")
    ghosts = all_with_class(overlay, "ghost")
    assert len(ghosts) == 1 and classes(ghosts[0]) == {"ghost", "ok"}
    assert ghosts[0].get("data-move") == "Rd3Yd4"
    assert sorted(h.get("data-at") or "" for h in all_with_class(ghosts[0], "half")) == \
        ["d3", "d4"]
    sizes = sorted(int(b.get("data-size") or 0) for b in all_with_class(overlay, "size-badge"))
    assert sizes == [3, 6]  # red grows to 6, yellow to 3
    taken = all_with_class(overlay, "taken")
    assert [t.get("data-player") for t in taken] == ["1"]  # player 1 takes e3 ...
    returned = all_with_class(overlay, "returned")
    assert [r.get("data-player") for r in returned] == ["2"]  # ... from player 2
    # The game itself is untouched by drawing a ghost.
    assert game.to_position() == qin.Game.from_position(SMALL).to_position()


def test_an_illegal_ghost_is_drawn_as_refused() -> None:
    game = qin.Game.from_position(SMALL)
    root = parse(render_svg(game, BoardOptions(ghost="Rd3Re3")))  # e3 is a village
    ghosts = all_with_class(layer(root, "overlay"), "ghost")
    assert classes(ghosts[0]) == {"ghost", "bad"}
    assert all_with_class(root, "refused")
    assert not all_with_class(root, "size-badge")


def test_ghost_halves_off_the_board_are_left_out() -> None:
    game = qin.Game.from_position(SMALL)
    off = qin.Move((0, 1), ((4, 0), (5, 0)))  # e1 and a square right of the board
    text = render_overlay(game, BoardOptions(ghost=off, ghost_ok=False))
    root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{text}</svg>')
    halves = all_with_class(root, "half")
    assert [h.get("data-at") for h in halves] == ["e1"]
    # partly off the board, the ghost is no move of this board: no move text
    for ghost in (off, qin.Move((0, 1), ((0, 0), (-1, 0))), qin.Move((0, 1), ((0, 0), (0, -1)))):
        root = parse('<svg xmlns="http://www.w3.org/2000/svg">'
                     f"{render_overlay(game, BoardOptions(ghost=ghost, ghost_ok=False))}"
                     "</svg>")
        drawn = all_with_class(root, "ghost")
        assert len(drawn) == 1 and drawn[0].get("data-move") is None, ghost.coords


def test_the_overlay_alone_matches_the_full_render() -> None:
    game = qin.Game.from_position(SMALL)
    full = render_svg(game, BoardOptions(ghost="Rd3Yd4"))
    alone = render_overlay(game, BoardOptions(ghost="Rd3Yd4"))
    assert f'<g class="overlay">{alone}</g>' in full
    focus = render_overlay(game, BoardOptions(focus=["b4", "c4"], focus_owner=2))
    root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{focus}</svg>')
    assert all_with_class(root, "focus")


def test_fragments_skip_squares_outside_the_outline() -> None:
    text = "players: 2\n- . . \n. r1 r\n. . ~\n"
    sq = squares(parse(render_svg(text)))
    assert set(sq) == {"b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}


def test_rendering_is_deterministic(bird: qin.Game) -> None:
    """The same position draws the same SVG (how quickly: bench/render.py)."""
    game = bird.clone()
    for _ in range(20):
        game.play(game.legal_moves()[0])
    assert render_svg(game) == render_svg(game.clone())
    marks = BoardOptions(legal=["a1"], last=["b1"])
    marked = render_svg(game, marks)
    assert marked == render_svg(game.clone(), marks) != render_svg(game)


def test_the_last_move_is_outlined_as_one_shape(bird: qin.Game) -> None:
    root = parse(render_svg(bird, BoardOptions(last=["f4", "g4"])))
    marks = all_with_class(root, "last-move")
    assert len(marks) == 1
    # f4 and g4 outlined together: 6 cell edges, none between the two squares.
    d = marks[0].find(f"{NS}path").get("d") or ""  # type: ignore[union-attr]
    assert d.count("M") == 6


def test_a_village_tally_is_shown_next_to_it() -> None:
    game = qin.Game.from_position(SMALL)
    text = render_overlay(game, BoardOptions(tally_at="e3", tally=game.village_tally("e3")))
    root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{text}</svg>')
    tally = all_with_class(root, "tally")
    assert [t.get("data-at") for t in tally] == ["e3"]
    counts = {g.get("data-player"): g.get("data-count") for g in tally[0].iter(f"{NS}g")
              if g.get("data-player")}
    assert counts == {"1": "0", "2": "0"}  # nothing of either player touches e3


# -- hostile input: nothing a caller passes becomes markup ------------------------------
HOSTILE = [
    'x"/><img/src/onerror=alert(document.domain)>',
    '"/><script>alert(1)</script>',
    "javascript:alert(1)",
    "a & b < c > d ' e \"",
    "</svg><foreignObject><body onload=alert(1)>",
]
SVG_TAGS = {f"{NS}{t}" for t in ("svg", "style", "g", "rect", "path", "circle", "line",
                                 "text", "ellipse", "defs", "pattern", "linearGradient",
                                 "stop", "use")}


def assert_inert(svg: str, hostile: str) -> ET.Element:
    """The SVG parses; its elements are the renderer's own; no handler, no script URL."""
    root = parse(svg)
    for el in root.iter():
        assert el.tag in SVG_TAGS, f"{el.tag} drawn for {hostile!r}"
        for key in el.attrib:
            assert not key.lower().startswith("on"), f"{key}= drawn for {hostile!r}"
            if "href" in key.lower():  # only the drawing's own pieces (its <defs>)
                assert re.fullmatch(r"#qin-[a-z-]+", el.attrib[key]), \
                    f"{key}= drawn for {hostile!r}"
        for value in el.attrib.values():
            assert "url(" not in value or re.match(r"url\(#qin-[a-z-]+\)", value), \
                f"{value!r} drawn for {hostile!r}"
    return root


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_colours_are_refused_by_name(hostile: str) -> None:
    game = qin.Game.from_position(SMALL)
    renders: tuple[Callable[[], object], ...] = (
        lambda: render_svg(game, BoardOptions(colours=[hostile, "green"])),
        lambda: render_overlay(game, BoardOptions(ghost="Rd3Yd4",
                                                  colours=["white", hostile])),
        lambda: player_colour(hostile))
    for render in renders:
        with pytest.raises(ColourError, match="not a player colour") as caught:
            render()
        assert hostile[:5] in str(caught.value)  # the message quotes the bad colour
        assert isinstance(caught.value, ValueError)


def test_palette_names_and_hex_colours_are_accepted() -> None:
    assert check_colour("Purple") == "Purple" and player_colour("Purple") == "#8a4bb3"
    assert player_colour("#12aBcD") == "#12aBcD"
    for bad in ("#12345", "#1234567", "red", "#12345g", "rgb(1,2,3)", " green"):
        with pytest.raises(ColourError):
            check_colour(bad)


@pytest.mark.parametrize("hostile", HOSTILE)
def test_every_other_renderer_input_is_escaped(hostile: str) -> None:
    """Names, captions, square lists, the board's name and the tally: text, never markup."""
    position = f"board: {hostile}\n" + SMALL if "\n" not in hostile else SMALL
    game = qin.Game.from_position(position)
    everything = BoardOptions(highlight=[hostile, "b2"], legal=[hostile], last=[hostile],
                              focus=[hostile, "b4"], tally_at=hostile,
                              names=[hostile, hostile])
    root = assert_inert(render_svg(game, everything), hostile)
    assert hostile in (root.get("aria-label") or "")
    captioned = assert_inert(
        render_svg(game, BoardOptions(label=hostile, ghost="Rd3Yd4")), hostile)
    assert captioned.get("aria-label") == hostile
    overlay = render_overlay(game, BoardOptions(ghost="Rd3Yd4", focus=[hostile],
                                                tally_at=hostile))
    assert_inert(f'<svg xmlns="http://www.w3.org/2000/svg">{overlay}</svg>', hostile)
    # the primitives a page calls with its own values escape them too
    drawn = pagoda(10, 10, hostile, True, cls=hostile) + tile_mark(5, 5, 0, at=hostile)
    assert_inert(f'<svg xmlns="http://www.w3.org/2000/svg">{drawn}</svg>', hostile)
    with pytest.raises(ValueError):
        render_svg(game, BoardOptions(size=hostile))  # type: ignore[arg-type]


def test_render_svg_takes_its_drawing_options_as_one_value() -> None:
    """``render_svg`` and ``render_keyed`` take the board and one ``BoardOptions``: a
    frozen value whose fields are the drawing's options, each typed and with its default
    (``qin svg`` builds one from what it is asked); an option it does not have is
    refused."""
    for draw in (render_svg, render_keyed):
        params = inspect.signature(draw).parameters
        assert list(params) == ["source", "options"], draw
        assert params["options"].default == BoardOptions()
    options = BoardOptions(size=520, legal=["a1"])
    with pytest.raises(FrozenInstanceError):
        options.size = 300  # type: ignore[misc]
    with pytest.raises(TypeError):
        BoardOptions(colour="red")  # type: ignore[call-arg]
    assert render_svg(SMALL) == render_svg(SMALL, BoardOptions())



@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Qin board (Bird), 13 by 13, players: Green and White"),
    ("de", "Qin-Spielplan (Vogel), 13 mal 13, Spieler: Grün und Weiß"),
    ("fr", "Plateau de Qin (Oiseau), 13 sur 13, joueurs\u00a0: Vert et Blanc")])
def test_the_boards_name_is_said_in_the_readers_language(lang: str, said: str) -> None:
    """A screen reader names the board with its side and its players in the page's
    language; the drawing's own name (no language asked) is the English one."""
    names = {"en": ["Green", "White"], "de": ["Grün", "Weiß"], "fr": ["Vert", "Blanc"]}[lang]
    assert qin.messages.board_label("bird", 13, 13, names, lang) == said
    game = qin.Game.new(board="bird", players=2, seed=1, names=["Green", "White"])
    root = ET.fromstring(render_svg(game))
    assert root.get("aria-label") == "Qin board (Bird), 13 by 13, players: Green and White"
    assert qin.messages.board_label(None, 4, 3, ["A", "B", "C"], "de") == (
        "Qin-Spielplan, 4 mal 3, Spieler: A, B und C")
