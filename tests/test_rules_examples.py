"""Every diagram of the rules pages (web/rules/{en,de,fr}.html), checked with the engine.

The pages show the rulebook's worked examples and the decisions of decisions.md as live
<qin-board> diagrams; their outcomes are drawn by the engine, never written in the text.
This test loads each diagram's position and move exactly as the page gives them and
checks the rulebook's outcome: which provinces exist, who owns them, how many pagodas
they carry, who holds the villages, and which moves are refused and why. It also checks
that the three languages show the same diagrams and have the same anchors.

Player 1 is the rulebook's Green (Purple where the caption says so: colours="purple ..."),
player 2 its White.
"""

from __future__ import annotations

import json
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import qin
from qin.villages import leader, tally

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "web" / "rules"
LANGS = ("en", "de", "fr")
sys.path.insert(0, str(ROOT / "web" / "embed"))
import qin_embed  # noqa: E402

ATTRS = ("id", "src", "position", "move", "highlight", "colours", "labels", "interactive",
         "step")


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.boards: list[dict[str, str | None]] = []
        self.ids: set[str] = set()
        self.lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "html":
            self.lang = a.get("lang") or ""
        if tag == "qin-board":
            self.boards.append(a)


def page(lang: str) -> Page:
    p = Page()
    p.feed((RULES / f"{lang}.html").read_text(encoding="utf-8"))
    return p


PAGES = {lang: page(lang) for lang in LANGS}
DIAGRAMS = {str(b["id"]): b for b in PAGES["en"].boards}


def shape(board: dict[str, str | None]) -> dict[str, str | None]:
    """What makes a diagram the same diagram in every language (not its caption)."""
    return {k: board.get(k) for k in ATTRS}


def position_text(board: dict[str, str | None]) -> str:
    if board.get("position"):
        return str(board["position"])
    return (RULES / str(board["src"])).read_text(encoding="utf-8")


def moves(board: dict[str, str | None]) -> list[str]:
    return [m.strip() for m in str(board.get("move") or "").split(",") if m.strip()]


def play(diagram: str) -> tuple[qin.Game, list[qin.Event]]:
    board = DIAGRAMS[diagram]
    g = qin.Game.from_position(position_text(board))
    events: list[qin.Event] = []
    for m in moves(board):
        events = g.play(m)
    return g, events


def provinces(g: qin.Game) -> dict[tuple[str, ...], tuple[str, int, int]]:
    """{squares: (colour, owner, pagodas)} of every province."""
    names = g.board.geo.names
    return {tuple(names[s] for s in p.squares): ("RYB"[p.colour], p.owner, p.pagodas)
            for p in g.board.provinces()}


def village(g: qin.Game, square: str) -> int:
    return g.board.village_owner[g.board.geo.names.index(square)]


def supplies(g: qin.Game) -> list[int]:
    return [g.supply(p) for p in range(1, g.players + 1)]


def refused(diagram: str) -> str:
    board = DIAGRAMS[diagram]
    g = qin.Game.from_position(position_text(board))
    (move,) = moves(board)
    reason = g.why_illegal(move)
    assert reason is not None, f"{diagram}: {move} should be refused"
    return reason


# --------------------------------------------------------------------------- the pages


def test_every_language_shows_the_same_diagrams() -> None:
    en = [shape(b) for b in PAGES["en"].boards]
    assert len(en) >= 20
    for lang in ("de", "fr"):
        assert [shape(b) for b in PAGES[lang].boards] == en, lang
        assert PAGES[lang].lang == lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_diagram_has_a_caption_in_its_language(lang: str) -> None:
    captions = [b.get("caption") for b in PAGES[lang].boards]
    assert all(c and len(c) > 10 for c in captions), lang
    if lang != "en":
        english = {b.get("caption") for b in PAGES["en"].boards}
        assert not english & set(captions), f"{lang} copies English captions"


@pytest.mark.parametrize("lang", LANGS)
def test_anchors_of_events_and_decisions_exist(lang: str) -> None:
    anchors = json.loads((RULES / "anchors.json").read_text(encoding="utf-8"))
    wanted = set(anchors["events"].values()) | set(anchors["decisions"].values())
    wanted |= {anchors["return_village"], "goal", "setup", "events", "order", "draw",
               "series", "boards"}
    assert set(anchors["events"]) == set(__import__("qin.events").events.KINDS)
    assert {f"q{n}" for n in range(1, 22)} <= set(anchors["decisions"].values())
    missing = wanted - PAGES[lang].ids
    assert not missing, f"{lang}.html lacks the anchors {sorted(missing)}"


@pytest.mark.parametrize("diagram", sorted(DIAGRAMS))
def test_diagram_loads_and_its_moves_parse(diagram: str) -> None:
    board = DIAGRAMS[diagram]
    g = qin.Game.from_position(position_text(board))
    for m in moves(board):
        qin.Move.parse(m)
    names = g.board.geo.names
    for square in str(board.get("highlight") or "").split():
        assert square in names, f"{diagram}: highlight {square} is not on the board"
    for colour in str(board.get("colours") or "").split():
        assert colour in ("green", "white", "purple", "black", "orange", "pink")


@pytest.mark.parametrize("lang", LANGS)
def test_the_browser_module_renders_every_diagram(lang: str) -> None:
    """What the page asks the engine for (web/embed/qin_embed.py), in each language."""
    words = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for board in PAGES[lang].boards:
        request: dict[str, Any] = {
            "op": "render", "lang": lang, "messages": words, "position": position_text(board),
            "moves": moves(board), "colours": str(board.get("colours") or "").split(),
            "highlight": str(board.get("highlight") or "").split()}
        answer = json.loads(qin_embed.handle(json.dumps(request)))
        assert "error" not in answer, (board["id"], answer)
        assert answer["svg"].startswith("<svg")
        assert answer["illegal"] or answer["played"] == len(moves(board))
        if moves(board) and not answer["illegal"]:
            assert answer["events"], board["id"]
            assert all("{" not in line for line in answer["events"])


def unsettled_villages(g: qin.Game) -> dict[str, tuple[int, dict[int, int]]]:
    """Villages with a player holding strictly the most pagodas next to them who does not
    hold them: {square: (holder, tally)}. Q15 settles every village after every placement,
    so play never reaches such a position."""
    board = g.board
    return {board.geo.names[v]: (board.village_owner[v], tally(board, v))
            for v in board.layout.villages
            if leader(tally(board, v)) not in (0, board.village_owner[v])}


def test_an_unsettled_village_is_found() -> None:
    """Green's province already touching the empty village: Green would have taken it."""
    g = qin.Game.from_position("players: 2\n.  .  .  .  .\ny1 y  v  .  .\n.  .  .  r  .\n")
    assert unsettled_villages(g) == {"c2": (0, {1: 1})}


@pytest.mark.parametrize("name", sorted(p.name for p in (RULES / "positions").glob("*.txt")))
def test_no_rules_position_is_unreachable(name: str) -> None:
    """No diagram starts from a position play cannot reach: in particular no empty
    village touches a province that one player alone owns (Q15). Such a diagram's move
    would do more, or less, than its caption says."""
    g = qin.Game.from_position((RULES / "positions" / name).read_text(encoding="utf-8"))
    wrong = unsettled_villages(g)
    assert not wrong, f"{name}: villages that play would already have given: {wrong}"


# --------------------------------------------------------------------------- placing (Q6, Q7)


def test_place_ok() -> None:
    """The first placement example takes no village (villages come later on the page);
    its caption says that the two blue halves make a province."""
    g, events = play("ex-place-ok")
    assert [e.kind for e in events] == ["place", "found"]
    assert provinces(g) == {("b3", "b4"): ("B", 1, 1)}
    assert village(g, "a6") == 0


def test_place_corner_and_village_do_not_count() -> None:
    for diagram in ("ex-place-corner", "ex-place-village"):
        assert "(Q7)" in refused(diagram)


# --------------------------------------------------------------------------- founding


def test_found_two_provinces_with_one_tile() -> None:
    """Rulebook: Purple's one tile founds a yellow and a red province, a pagoda on each."""
    g, events = play("ex-found-two")
    assert DIAGRAMS["ex-found-two"]["colours"] == "purple green"  # player 1 is Purple
    assert [e.kind for e in events] == ["place", "found", "found"]
    assert provinces(g) == {("b2", "b3"): ("Y", 1, 1), ("c2", "c3"): ("R", 1, 1)}
    assert supplies(g) == [22, 24]


def test_found_a_province_of_three() -> None:
    """Rulebook: Purple's yellow/yellow tile makes a yellow province of 3: one pagoda."""
    g, events = play("ex-found-three")
    assert [e.kind for e in events] == ["place", "found"]
    assert provinces(g) == {("b2", "c2", "d2"): ("Y", 1, 1)}
    assert supplies(g) == [23, 24]


# --------------------------------------------------------------------------- expanding


def test_expand_two_provinces() -> None:
    """Rulebook: Green's yellow province grows to 4 and Purple's red one to 3; owners stay."""
    g, events = play("ex-expand")
    assert [e.kind for e in events] == ["place", "expand", "expand"]
    assert provinces(g) == {("a2", "b2", "c2", "d2"): ("Y", 1, 1),
                            ("e2", "f2", "f3"): ("R", 2, 1)}
    assert supplies(g) == [23, 23]


def test_the_same_tile_the_other_way_round_makes_two_lone_spaces() -> None:
    g, events = play("ex-expand-reverse")
    assert [e.kind for e in events] == ["place"]
    assert provinces(g) == {("a2", "b2", "c2"): ("Y", 1, 1), ("f2", "f3"): ("R", 2, 1)}
    for square in ("d2", "e2"):
        lone = g.province_at(square)
        assert lone is not None and lone.owner == 0 and lone.size == 1


# --------------------------------------------------------------------------- major (Q14)


def test_major_province() -> None:
    """Rulebook: Green's yellow province reaches 5 spaces: a second pagoda on it."""
    g, events = play("ex-major")
    assert [e.kind for e in events] == ["place", "expand", "major"]
    assert provinces(g)[("a2", "b2", "c2", "d2", "e2")] == ("Y", 1, 2)
    assert supplies(g) == [22, 24]


def test_q14_second_pagoda_comes_from_the_owner() -> None:
    g, events = play("ex-q14-major-other")
    assert [e.kind for e in events] == ["place", "expand", "major"]
    assert events[0].player == 2 and events[-1].kind == "major" and events[-1].player == 1
    assert provinces(g)[("a2", "b2", "c2", "d2", "e2")] == ("Y", 1, 2)
    assert supplies(g) == [22, 24]


# --------------------------------------------------------------------------- villages (Q15)


def test_connect_a_village() -> None:
    """Rulebook: Green founds a blue province next to an empty village and takes it."""
    g, events = play("ex-village-connect")
    assert [e.kind for e in events] == ["place", "found", "village"]
    assert provinces(g) == {("a2", "b2", "b3"): ("B", 1, 1)}
    assert village(g, "c2") == 1
    assert supplies(g) == [22, 24]


def test_conquer_a_village_by_founding() -> None:
    """Rulebook: Green founds a red province beside White's village: 2 against 1."""
    board = DIAGRAMS["ex-village-conquer-found"]
    before = qin.Game.from_position(position_text(board))
    assert village(before, "b2") == 2 and before.village_tally("b2") == {1: 1, 2: 1}
    g, events = play("ex-village-conquer-found")
    assert [e.kind for e in events] == ["place", "found", "return", "village"]
    assert provinces(g)[("c2", "c3")] == ("R", 1, 1)
    assert village(g, "b2") == 1 and g.village_tally("b2") == {1: 2, 2: 1}
    assert supplies(g) == [21, 23]


def test_conquer_a_village_with_a_double_pagoda() -> None:
    """Rulebook: Green's province becomes major; its double pagoda beats White's one."""
    g, events = play("ex-village-conquer-major")
    assert [e.kind for e in events] == ["place", "expand", "major", "return", "village"]
    assert provinces(g)[("a2", "b2", "c2", "d2", "e2")] == ("Y", 1, 2)
    assert village(g, "b3") == 1 and g.village_tally("b3") == {1: 2, 2: 1}


def test_q15_a_tie_leaves_the_village_empty() -> None:
    """White's tile brings Green's yellow province and White's new red one to the empty
    village at once: one pagoda each, a tie, the village stays empty."""
    board = DIAGRAMS["ex-q15-village-tie"]
    before = qin.Game.from_position(position_text(board))
    assert before.village_tally("c2") == {}  # nothing touched the village before
    g, events = play("ex-q15-village-tie")
    assert [(e.kind, e.player) for e in events] == [("place", 2), ("expand", 1),
                                                     ("found", 2)]
    assert provinces(g) == {("a3", "b3", "c3"): ("Y", 1, 1), ("d2", "d3"): ("R", 2, 1)}
    assert g.village_tally("c2") == {1: 1, 2: 1} and village(g, "c2") == 0


# --------------------------------------------------------------------------- absorbing


def test_absorb_a_smaller_province_and_take_the_village() -> None:
    """Rulebook: Green's b (3) absorbs White's a (2): Green's major, and the village."""
    g, events = play("ex-absorb")
    assert [e.kind for e in events] == ["place", "absorb", "return", "major", "village"]
    assert provinces(g) == {("a2", "b2", "c2", "d2", "e2", "f2"): ("R", 1, 2)}
    assert village(g, "c3") == 1
    assert supplies(g) == [21, 24]


def test_absorb_with_a_major_province() -> None:
    """Rulebook: Green's major b and small c (7) against White's a (2): White's pagoda and
    Green's pagoda of c go back; one double pagoda on the result."""
    g, events = play("ex-absorb-major")
    assert [e.kind for e in events] == ["place", "absorb", "return", "return"]
    assert [(e.player, e.squares) for e in events if e.kind == "return"] == [
        (2, ("c1", "d1")), (1, ("a2", "b2"))]
    (result,) = provinces(g).items()
    assert len(result[0]) == 10 and result[1] == ("R", 1, 2)
    assert supplies(g) == [22, 24]


def test_q13_a_major_province_is_never_absorbed() -> None:
    g, events = play("ex-q13-major-safe")
    assert [e.kind for e in events] == ["place", "absorb", "return", "return"]
    assert sorted(e.size or 0 for e in events if e.kind == "absorb") == [14]
    absorb = events[1]
    assert absorb.kind == "absorb" and absorb.player == 1 and absorb.losers == (2,)
    (result,) = provinces(g).values()
    assert result == ("R", 1, 2)
    assert supplies(g) == [22, 24]


def test_the_two_against_two_join_is_refused() -> None:
    """Rulebook: Green may not join a and b, two spaces each (Q9)."""
    reason = refused("ex-absorb-tie")
    assert "(Q9)" in reason and "2 squares each" in reason


def test_q9_a_tie_below_the_top_does_not_block() -> None:
    g, events = play("ex-q9-three-players")
    assert [e.kind for e in events] == ["place", "absorb", "return", "return", "major"]
    assert events[1].kind == "absorb" and events[1].losers == (2, 3)
    (result,) = provinces(g).values()
    assert result == ("R", 1, 2)
    assert supplies(g) == [17, 19, 19]


def test_q8_two_majors_are_never_joined() -> None:
    assert "(Q8)" in refused("ex-q8-two-majors")


# --------------------------------------------------------------------------- order, pass, end


def test_q16_the_last_pagoda_wins_at_once() -> None:
    g, events = play("ex-q16-last-pagoda")
    assert [e.kind for e in events] == ["place", "found", "win"]
    assert g.is_over and g.winners == (1,)
    assert provinces(g) == {("b2", "b3"): ("Y", 1, 1)}  # the red province never came
    assert g.board.colour[g.board.geo.names.index("c3")] == 0  # the red half lies there


def test_q10_pass_only_when_nothing_fits() -> None:
    board = DIAGRAMS["ex-q10-pass"]
    g = qin.Game.from_position(position_text(board))
    assert [str(m) for m in g.legal_moves()] == ["pass"]
    events = g.play("pass")
    assert [e.kind for e in events] == ["pass"] and g.to_move == 2


def test_q18_the_game_ends_when_nobody_can_place() -> None:
    g, events = play("ex-q18-end")
    assert events[-1].kind == "end" and g.is_over and g.winners == (1,)
    assert (g.on_board(1), g.on_board(2)) == (2, 1)


def test_the_try_it_diagram_is_interactive() -> None:
    board = DIAGRAMS["ex-try"]
    assert "interactive" in board and not moves(board)


def test_every_diagram_is_checked_here() -> None:
    """A diagram added to the pages needs its outcome checked above."""
    checked = {"ex-place-ok", "ex-place-corner", "ex-place-village", "ex-found-two",
               "ex-found-three", "ex-expand", "ex-expand-reverse", "ex-major",
               "ex-q14-major-other", "ex-village-connect", "ex-village-conquer-found",
               "ex-village-conquer-major", "ex-q15-village-tie", "ex-absorb",
               "ex-absorb-major", "ex-q13-major-safe", "ex-absorb-tie",
               "ex-q9-three-players", "ex-q8-two-majors", "ex-q16-last-pagoda",
               "ex-q10-pass", "ex-q18-end", "ex-try"}
    assert set(DIAGRAMS) == checked
