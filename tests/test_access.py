"""Every player, the pure-Python parts: colour-blind markers in the SVG, the
board's words for screen readers (web/page/qin_ui/a11y.py) and the keyboard and touch state
machine (web/page/qin_ui/keyboard.py)."""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from itertools import combinations
from pathlib import Path

import qin
from e2e.pixels import CVD, lab_of_linear, linear
from qin.svg import (
    PAGODA_COLOURS,
    PAGODA_MARKS,
    TILE_FILL,
    TILE_MARKS,
    pagoda_square,
    render_svg,
)

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import a11y, keyboard, setup, wording  # noqa: E402
from qin_ui.session import Session  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"


# -- colour-blind play -----------------------------------------------------------------
def simulated_lab(css: str, kind: str) -> tuple[float, float, float]:
    """CIE L*a*b* of ``css`` as seen with the colour-vision deficiency ``kind``."""
    text = css.lstrip("#")
    rgb = [linear(int(text[i:i + 2], 16)) for i in (0, 2, 4)]
    r, g, b = (max(0.0, min(1.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
               for row in CVD[kind])
    return lab_of_linear(r, g, b)


# A position with all three colours (tiles and starting spaces) and four players'
# provinces and villages.
POSITION = """\
players: 4
. . . . . . .
. r1 r . y2 y .
. r . . . . .
. . b3 b v4 . .
. . . . y . .
. . R . . B .
. . . . . . .
"""


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def test_every_tile_colour_carries_its_own_marker() -> None:
    root = parse(render_svg(POSITION))
    for layer in ("tiles", "terrain"):
        g = next(e for e in root if e.get("class") == layer)
        groups = [e for e in g.iter(f"{NS}g")
                  if any("half" in (c.get("class") or "").split() or
                         "start" in (e.get("class") or "").split() for c in e)]
        assert groups, layer
    marks: dict[str, set[str | None]] = {}  # colour -> its halves' data-mark
    for half in root.iter(f"{NS}path"):
        classes = (half.get("class") or "").split()
        if "half" in classes:
            colour = classes[1]
            at = half.get("data-at")
            found = [m.get("data-mark") for m in root.iter(f"{NS}g")
                     if m.get("data-at") == at and "cb-mark" in (m.get("class") or "")]
            assert found, f"no marker on the {colour} half at {at}"
            marks.setdefault(colour, set()).update(found)
    assert marks == {"red": {"hatch"}, "yellow": {"sun"}, "blue": {"waves"}}
    starts = [g for g in root.iter(f"{NS}g") if "start" in (g.get("class") or "").split()]
    assert len(starts) == 2
    for g in starts:
        colour = (g.get("class") or "").split()[1]
        mark = [m.get("data-mark") for m in g.iter(f"{NS}g") if m.get("data-mark")]
        assert mark == [TILE_MARKS[("red", "yellow", "blue").index(colour)]]


def test_every_player_colour_carries_its_own_glyph() -> None:
    root = parse(render_svg(POSITION))
    glyphs: dict[str | None, set[str | None]] = {}  # data-player -> its pagodas' data-mark
    for g in root.iter(f"{NS}g"):
        if "pagoda" in (g.get("class") or "").split():
            mark = [m.get("data-mark") for m in g.iter(f"{NS}g") if m.get("data-mark")]
            assert len(mark) == 1
            glyphs.setdefault(g.get("data-player"), set()).update(mark)
    assert len(glyphs) == 4
    assert all(len(v) == 1 for v in glyphs.values())
    assert len({next(iter(v)) for v in glyphs.values()}) == 4, "four distinct glyphs"
    assert set(PAGODA_MARKS) == set(PAGODA_COLOURS)
    assert len(set(PAGODA_MARKS.values())) == len(PAGODA_MARKS)


def test_the_tile_colours_stay_apart_under_colour_blindness() -> None:
    """Besides the markers, the three fills stay clearly apart (CIE76 delta E > 20)
    under every simulated deficiency (a second, independent cue)."""
    for kind in CVD:
        lab = [simulated_lab(c, kind) for c in TILE_FILL]
        for a, b in combinations(range(3), 2):
            delta = sum((p - q) ** 2 for p, q in zip(lab[a], lab[b], strict=True)) ** 0.5
            assert delta > 20, (kind, a, b, delta)


# -- words for screen readers -------------------------------------------------------------
def session(seed: int = 2012) -> Session:
    return Session(setup.Settings(seed=seed))


def play_until(s: Session, predicate: object, limit: int = 80) -> None:
    for _ in range(limit):
        if callable(predicate) and predicate():
            return
        if s.covered:
            s.confirm()
        move = s.game.legal_moves()[0]
        s.play(move)
    raise AssertionError("not reached")


def test_square_labels_say_what_is_there() -> None:
    s = session()
    assert a11y.square_label(s, "a1") == "a1: grassland"
    village = s.game.board.geo.names[s.game.board.layout.villages[0]]
    assert a11y.square_label(s, village) == (
        f"{village}: empty village, pagodas next to it: Green 0, White 0")
    s.select(0)
    legal = s.legal_squares()
    label = a11y.square_label(s, legal[0], frozenset(legal))
    assert label.endswith("legal for the selected tile")
    s.play(s.game.legal_moves()[0])
    move = s.game.moves[-1]
    for sq in move.squares:
        label = a11y.square_label(s, sq)
        assert "last move" in label
        assert "red" in label or "yellow" in label or "blue" in label
    play_until(s, lambda: bool(s.game.board.provinces()))
    group = s.game.board.provinces()[0]
    sq = s.game.board.geo.names[group.squares[0]]
    owner = s.names[group.owner - 1]
    assert f"{owner}'s " in a11y.square_label(s, sq)
    assert f"province of {group.size}" in a11y.square_label(s, sq)
    # The square where the board draws the province's pagoda says so (and only it).
    here = [n for n in s.game.square_names(group.squares)
            if "pagoda stands here" in a11y.square_label(s, n)]
    assert here == [s.game.board.geo.names[pagoda_square(s.game.board, group.squares)]]


def test_the_grid_has_a_row_per_board_row_and_marks_legal_cells() -> None:
    s = session()
    html = a11y.grid_html(s)
    assert html.count('role="row"') == 13
    assert html.count('role="gridcell"') == 169
    assert "data-legal" not in html
    s.select(0)
    html = a11y.grid_html(s)
    assert html.count('data-legal="true"') == len(s.legal_squares())
    assert 'id="cell-a1"' in html


def test_the_announcement_tells_each_event_of_the_move() -> None:
    s = session()
    assert a11y.announcement(s) == ""
    play_until(s, lambda: len(s.turns) > 0 and len(wording.turn_lines(s.turns[-1])) > 1)
    text = a11y.announcement(s)
    assert text.startswith(f"{s.names[s.turns[-1].player - 1]} places")
    for line in wording.turn_lines(s.turns[-1]):
        assert line.rstrip(".") in text


def test_tile_labels_name_colours_and_markers() -> None:
    assert a11y.tile_label("RY", True, True, 1) == \
        "Tile 1: red/yellow (hatched and sun mark), selected"
    assert a11y.tile_label("BB", False, False, 3) == \
        "Tile 3: blue/blue (waves), no place for it now"
    assert "red hatched" in a11y.legend_text()


# -- the keyboard ---------------------------------------------------------------------------
def test_arrow_keys_move_a_cursor_that_shows_the_ghost_and_enter_places() -> None:
    s = session()
    keys = keyboard.Keys()
    assert keys.press(s, "ArrowRight").parts == frozenset()  # not on the board
    r = keys.press(s, "1", on_board=True)
    assert r.handled and s.selected == 0
    first = keys.press(s, "ArrowRight", on_board=True)
    assert "cursor" in first.parts and keys.cursor == s.legal_squares()[0]
    assert s.hover_state.ok and s.hover_state.ghost is not None
    keys.press(s, "ArrowLeft", on_board=True)
    keys.press(s, "ArrowUp", on_board=True)
    keys.press(s, "ArrowDown", on_board=True)
    keys.press(s, "ArrowRight", on_board=True)
    assert keys.cursor == s.legal_squares()[0]
    keys.press(s, "Enter", on_board=True)
    assert len(s.game.moves) == 1
    assert s.covered
    s.confirm()
    r = keys.press(s, "z", ctrl=True)
    assert r.handled and len(s.game.moves) == 0


def test_the_cursor_stays_on_the_board() -> None:
    s = session()
    keys = keyboard.Keys()
    keys.cursor = "a1"
    keys.press(s, "ArrowLeft", on_board=True)
    keys.press(s, "ArrowUp", on_board=True)
    assert keys.cursor == "a1"
    keys.cursor = "m13"
    keys.press(s, "ArrowRight", on_board=True)
    keys.press(s, "ArrowDown", on_board=True)
    assert keys.cursor == "m13"


def test_n_jumps_between_legal_squares_r_turns_escape_unpicks_then_leaves() -> None:
    s = session()
    keys = keyboard.Keys()
    keys.press(s, "1")
    legal = s.legal_squares()
    keys.press(s, "n", on_board=True)
    assert keys.cursor == legal[0]
    keys.press(s, "n", on_board=True)
    assert keys.cursor == legal[1 % len(legal)]
    keys.press(s, "N", shift=True, on_board=True)
    assert keys.cursor == legal[0]
    before = s.orientation
    r = keys.press(s, "r", on_board=True)
    assert s.orientation != before and {"board", "overlay", "cursor"} <= r.parts
    r = keys.press(s, "Escape", on_board=True)
    assert s.selected is None and r.command == ""
    r = keys.press(s, "Escape", on_board=True)
    assert r.command == "leave"
    assert keys.press(s, "l").command == "log"
    assert keys.press(s, "b").command == "board"
    assert keys.press(s, "x").parts == frozenset() and not keys.press(s, "x").handled


def test_enter_without_a_tile_asks_for_one_and_p_passes_only_when_it_must() -> None:
    s = session()
    keys = keyboard.Keys()
    keys.press(s, "ArrowDown", on_board=True)  # the cursor appears
    keys.press(s, "Enter", on_board=True)
    assert "Pick a tile" in wording.status(s)
    keys.press(s, "p")
    assert not s.game.moves


def test_a_tap_previews_and_a_second_tap_on_the_same_square_places() -> None:
    s = session()
    keys = keyboard.Keys()
    s.select(0)
    legal = s.legal_squares()
    parts = keys.tap(s, legal[0])
    assert not s.game.moves and s.hover_state.ok and "overlay" in parts
    keys.tap(s, "a1" if legal[0] != "a1" else "b1")  # elsewhere: disarmed
    keys.tap(s, legal[0])
    assert not s.game.moves
    keys.tap(s, legal[0])
    assert len(s.game.moves) == 1
    # With no tile picked a tap tells what is on the square (no hover needed).
    s.confirm()
    village = s.game.board.geo.names[s.game.board.layout.villages[0]]
    keys.tap(s, village)
    assert wording.hover_info(s).startswith(f"Village {village}")


def test_the_game_module_is_reachable() -> None:
    assert qin.Game.new(board="bird", players=2, seed=1).players == 2


class _Buttons(HTMLParser):
    """index.html's buttons: id -> their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: dict[str, dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "button" and found.get("id"):
            self.buttons[found["id"]] = found


ARROW_GLYPHS = re.compile("[\u2190-\u21ff\u27f0-\u27ff\u2b00-\u2bff]")
"""Arrows as signs (a screen reader says "leftwards arrow", a player reads words)."""


def test_the_replay_s_buttons_are_named_in_words_and_give_their_keys() -> None:
    """The replay's step buttons are named in short words in every language (no arrow
    sign, no key in brackets); their keys, and Escape's on the way back, are given as
    ``aria-keyshortcuts`` (the key table's, ``keyboard.REPLAY_KEYS``) and, in a
    pointer's tooltip, in words."""
    page = _Buttons()
    page.feed((WEB / "index.html").read_text(encoding="utf-8"))
    bar = {ident: attrs for ident, attrs in page.buttons.items() if "data-replay" in attrs}
    assert set(bar) == {"replay-start", "replay-back", "replay-play", "replay-step",
                        "replay-end", "replay-exit"}
    keys: dict[str, str] = {command: key for key, command in keyboard.REPLAY_KEYS.items()}
    assert keys == {"replay-step": "ArrowRight", "replay-back": "ArrowLeft",
                    "replay-exit": "Escape"}
    catalogues = {lang: json.loads((WEB.parent / "i18n" / f"{lang}.json").read_text(
        encoding="utf-8")) for lang in ("en", "de", "fr")}
    for ident, attrs in bar.items():
        assert attrs.get("aria-keyshortcuts") == keys.get(ident), ident
        named = attrs.get("data-i18n-aria-label")
        if named is None:
            continue
        for lang, words in catalogues.items():
            name = words[named]
            assert not ARROW_GLYPHS.search(name) and "(" not in name, (lang, ident, name)
            assert len(name) <= 24, (lang, ident, name)  # short: the key is said apart
            title = words[attrs["data-i18n-title"]]
            assert not ARROW_GLYPHS.search(title), (lang, ident, title)
            if ident in keys:  # the tooltip: the name, then its key in words
                assert title.startswith(name + " (") and title != name, (lang, title)
