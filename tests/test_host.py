# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""The page's Python seen from its JavaScript shell (web/page/host.py, events.py): DOM
events described as messages become actions, and each reply says what to store, what
changed on the screen and what the shell decides alone (no browser)."""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path
from typing import Any

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

import events  # noqa: E402
import host  # noqa: E402
from qin_ui import actions as A  # noqa: E402
from qin_ui import keyboard, setup  # noqa: E402
from qin_ui.ai_bridge import review_answer  # noqa: E402
from qin_ui.elements import Parts  # noqa: E402
from qin_ui.keyboard import command_for  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.render import El  # noqa: E402
from qin_ui.review import ReviewRun  # noqa: E402
from qin_ui.saves import PREFIX  # noqa: E402

from tests.test_app import run  # noqa: E402
from tests.test_app_review import asked  # noqa: E402

CATALOGUE = json.dumps(json.loads((WEB.parent / "i18n" / "en.json").read_text()))
FORM = {"fields": {"seat-name-0": "Ann", "seat-name-1": "Bob", "seat-colour-0": "green",
                   "seat-colour-1": "white", "seat-kind-0": "human", "seat-kind-1": "human",
                   "board-lion": False, "board-bird": True, "fair-start": False,
                   "hints-on": True, "seed": "7", "series-plan": "single"}}


def node(tag: str = "div", ident: str = "", cls: tuple[str, ...] = (),
         **data: str) -> dict[str, Any]:
    return {"tag": tag, "id": ident, "cls": list(cls), "data": data}


APP = node("main", "app")
BOARD = [node("svg"), node("div", "board"), node("div", "board-area"), node("section", "play"),
         APP]


def square(name: str) -> list[dict[str, Any]]:
    return [node("rect", cls=("sq",), square=name), *BOARD]


def started(storage: dict[str, str] | None = None, **extra: Any) -> tuple[host.Host, host.Json]:
    h = host.Host.open({} if storage is None else storage)
    reply = h.handle({"t": "start", "href": "http://localhost/", "hash": "", "storage": {},
                      "handed": "", "lang": "en", "catalogue": CATALOGUE, "form": FORM,
                      **extra})
    return h, reply


def in_game(storage: dict[str, str] | None = None) -> tuple[host.Host, host.Json]:
    h, _ = started(storage)
    return h, h.handle({"t": "submit", "form": FORM})


def pick_playable(h: host.Host) -> str:
    s = h.app.state.game.session
    assert s is not None
    hand = s.visible_hand()
    assert hand is not None
    index = next(i for i, k in enumerate(hand) if s.playable(k))
    h.handle({"t": "click", "path": [node("button", cls=("tile-btn",), index=str(index)),
                                     node("div", "hand"), APP]})
    return s.legal_squares()[0]


# -- the start ----------------------------------------------------------------------------
def test_the_start_shows_the_start_screen_and_gives_the_shell_its_flags() -> None:
    h, reply = started()
    assert h.app.mode is Mode.START
    assert reply["changes"]["app"]["hidden"] is False
    assert reply["changes"]["setup"]["hidden"] is False
    assert reply["flags"]["picked"] is False and reply["flags"]["pointer"] == "mouse"
    assert "ArrowRight|001" not in reply["flags"]["keys"]  # nothing on the start screen
    # opening the page stores no game (only what the start screen shows before Python)
    assert not [k for k, _ in reply.get("writes", []) if k.startswith(PREFIX)]


def test_an_early_start_handed_over_by_prestart_opens_the_game_and_its_focus() -> None:
    handed = json.dumps({"form": {"names": ["Ann", "Bob"], "colours": ["green", "white"],
                                  "kinds": ["human", "human"], "board": "lion", "seed": "3"},
                         "intent": {"kind": "start"}, "focus": "board-area"})
    h, reply = started(handed=handed)
    s = h.app.state.game.session
    assert s is not None and s.game.board_name == "lion" and s.game.seed == 3
    assert {"fx": "focus", "first": ["#board-area"], "visible": True} in reply["effects"]


def test_blocked_storage_keeps_games_for_the_tab_and_says_so() -> None:
    h = host.Host.open(None)
    reply = h.handle({"t": "start", "href": "http://localhost/", "hash": "", "lang": "en",
                      "catalogue": CATALOGUE, "form": FORM})
    assert reply["changes"]["saved-message"]["hidden"] is False
    reply = h.handle({"t": "submit", "form": FORM})
    assert "writes" not in reply and h.app.state.keeping.save is not None


# -- a game ----------------------------------------------------------------------------------
def test_a_move_is_stored_before_the_screen_and_once() -> None:
    h, reply = in_game()
    assert [k for k, _ in reply["writes"]][0].startswith(PREFIX)  # a new game is saved
    assert "ArrowRight|001" in reply["flags"]["keys"]
    assert "ArrowRight|000" not in reply["flags"]["keys"]  # the page scrolls off the board
    target = pick_playable(h)
    reply = h.handle({"t": "click", "path": square(target)})
    (key, value), *_ = reply["writes"]
    assert key == PREFIX + h.app.state.keeping.save.id  # type: ignore[union-attr]
    assert json.loads(value)["rev"] == 2
    assert reply["changes"]["play"]["data"]["data-moves"] == "1"
    assert h.handle({"t": "click", "path": square(target)}).get("writes") is None


def test_a_hover_sends_the_overlay_only_and_nothing_twice() -> None:
    h, _ = in_game()
    target = pick_playable(h)
    reply = h.handle({"t": "hover", "path": square(target)})
    assert reply["overlay"] and "writes" not in reply
    assert "board" not in reply.get("changes", {})  # the board itself is not sent again
    assert host.encode(h.handle({"t": "hover", "path": square(target)})) == "{}"
    assert h.handle({"t": "leave"})["overlay"] == ""


def hover_everywhere(h: host.Host) -> int:
    """Hover every square of the board, then leave it, in ``h``'s mode; after each reply
    the whole screen drawn again must have nothing more to send (the reply to a hover,
    however it was drawn, leaves the page as a whole drawing would). Returns how many
    whole screens the hovers drew."""
    lesson = h.app.state.tutorial.lesson if h.app.mode is Mode.TUTORIAL else None
    session = lesson.session if lesson is not None else h.app.state.game.session
    assert session is not None
    whole = 0
    drawn = h.app.screen

    def counted() -> Any:
        nonlocal whole
        whole += 1
        return drawn()

    h.app.screen = counted  # type: ignore[method-assign]
    try:
        for name in [*session.game.board.geo.names, "zz99"]:
            h.handle({"t": "hover", "path": square(name)})
            assert h.differ.diff(drawn()) == {}, name
        h.handle({"t": "leave"})
        assert h.differ.diff(drawn()) == {}
    finally:
        del h.app.screen
    return whole


def test_a_hover_on_the_game_s_board_draws_what_a_hover_changes_and_the_same_page() -> None:
    h, _ = in_game()
    assert hover_everywhere(h) == 0  # no tile picked: provinces and villages under it
    pick_playable(h)
    h.handle({"t": "key", "key": "ArrowRight", "shift": False, "ctrl": False,
              "target": "board-area"})  # the keyboard's cursor on the board too
    assert hover_everywhere(h) == 0  # the ghost tile, legal and refused
    h.handle({"t": "key", "key": "r", "shift": False, "ctrl": False, "target": ""})
    assert hover_everywhere(h) == 0
    h, _ = started()  # against a computer: its turn, the board looked at
    h.handle({"t": "submit", "form": {"fields": {**FORM["fields"], "seat-kind-1": "apprentice"}}})
    h.handle({"t": "click", "path": square(pick_playable(h))})
    assert h.app.mode is Mode.THINKING
    assert hover_everywhere(h) == 0


def test_a_hover_elsewhere_than_the_game_s_board_draws_the_whole_screen() -> None:
    h, _ = in_game()
    target = pick_playable(h)
    h.handle({"t": "click", "path": square(target)})  # a move, then the replay
    assert h.app.mode is Mode.COVER  # hot seat: the next hand is covered
    assert hover_everywhere(h) > 0
    h.handle({"t": "click", "path": [node("button", "cover-ok"), APP]})
    h.handle({"t": "click", "path": [node("button", "replay-open"), APP]})
    assert h.app.mode is Mode.REPLAY
    assert hover_everywhere(h) > 0
    h, _ = started()
    h.handle({"t": "click", "path": [node("button", "learn"), APP]})
    assert h.app.mode is Mode.TUTORIAL
    assert hover_everywhere(h) > 0


def test_the_shell_takes_a_picked_tile_s_right_click_and_wheel() -> None:
    h, _ = in_game()
    assert h.sent_flags["picked"] is False
    pick_playable(h)
    assert h.sent_flags["picked"] is True
    reply = h.handle({"t": "context", "path": square("g3")})
    assert reply["changes"]["play"]["data"]["data-orientation"] == "1"
    assert h.sent_flags["picked"] is True


def test_in_the_tutorial_right_click_and_the_wheel_turn_the_lesson_s_tile() -> None:
    """Issue 25: in the tutorial the picked tile is the lesson's, not a game's."""
    h, _ = started()
    h.handle({"t": "click", "path": [node("button", "learn"), APP]})
    lesson = h.app.state.tutorial.lesson
    assert lesson is not None and h.sent_flags["picked"] is False
    h.handle({"t": "click", "path": [node("button", cls=("tile-btn",), index="0"),
                                     node("div", "hand"), APP]})
    assert lesson.session.selected_kind is not None and h.sent_flags["picked"] is True
    reply = h.handle({"t": "context", "path": square("c1")})
    assert reply["changes"]["play"]["data"]["data-orientation"] == "1"
    h.handle({"t": "wheel", "path": square("c1"), "down": True, "at": 5000})
    assert lesson.session.orientation == 2


def test_a_touch_anywhere_tells_the_pointer() -> None:
    """The tutorial speaks of tapping from the tap that opened it, not from the first
    tap on the board; a mouse press anywhere brings the mouse's words back."""
    h, _ = started()
    h.handle({"t": "pointer", "kind": "touch", "path": [node("button", "learn"), APP]})
    assert h.app.state.pointer == "touch" and h.sent_flags["pointer"] == "touch"
    h.handle({"t": "click", "path": [node("button", "learn"), APP]})
    tile = [node("button", cls=("tile-btn",), index="0"), node("div", "hand"), APP]
    reply = h.handle({"t": "click", "path": tile})
    assert "tap a marked square" in reply["changes"]["status-text"]["text"]
    h.handle({"t": "pointer", "kind": "mouse", "path": tile})
    assert h.app.state.pointer == "mouse" and h.sent_flags["pointer"] == "mouse"


def picked_squares(reply: host.Json) -> dict[str, bool]:
    """The board's squares a reply wrote, each with whether it is legal now."""
    put = reply.get("changes", {}).get("board", {}).get("parts", {}).get("put", [])
    return {key[2:]: ' legal"' in html or " legal " in html
            for key, _, _, html in put if key.startswith("s-")}


def test_the_pick_table_shows_what_each_pick_s_reply_writes() -> None:
    """The shell shows a pick at once from ``flags.picks`` (the tile, its orientation,
    its legal squares; picked again: put back): each entry is what that tile's click and
    key then do, the board's squares written by the reply are the ones whose ``legal``
    class the table changed, and a hover changes no entry."""
    h, _ = in_game()
    for before in ([], [1], [1, 1], [0, "rotate"]):
        for step in before:
            h.handle({"t": "key", "key": "r", "shift": False, "ctrl": False, "target": ""}
                     if step == "rotate" else
                     {"t": "click", "path": [node("button", cls=("tile-btn",), index=str(step)),
                                             node("div", "hand"), APP]})
        table = h.sent_flags["picks"]
        s = h.app.state.game.session
        assert table is not None and s is not None
        shown = set(s.legal_squares())
        h.handle({"t": "hover", "path": square("f4")})
        assert h.sent_flags["picks"] == table
        for index, kind, orientation, legal in table["tiles"]:
            codes = [code for code, at in table["keys"].items() if at == index]
            assert f"{index + 1}|000" in codes
            for message in ({"t": "click", "path": [
                    node("button", cls=("tile-btn",), index=str(index)), node("div", "hand"),
                    APP]}, {"t": "key", "key": str(index + 1), "shift": False, "ctrl": False,
                            "target": ""}):
                other = copy.deepcopy(h)
                reply = other.handle(message)
                t = other.app.state.game.session
                assert t is not None
                assert (t.selected_kind or "", t.orientation, t.legal_squares()) == (
                    kind, orientation, legal)
                assert reply["changes"]["play"]["data"]["data-selected"] == kind
                assert picked_squares(reply) == {
                    n: n in legal for n in shown.symmetric_difference(legal)}
    # nothing to pick: a computer's turn, the start screen
    h, _ = started()
    assert h.sent_flags["picks"] is None


def test_keys_the_mode_takes_are_flagged_and_acted_on() -> None:
    h, _ = in_game()
    reply = h.handle({"t": "key", "key": "1", "shift": False, "ctrl": False,
                      "target": "board-area"})
    assert reply["changes"]["play"]["data"]["data-selected"]
    assert h.handle({"t": "key", "key": "ArrowRight", "target": "board-area"})["cursor"]


def six_moves_played() -> host.Host:
    h, _ = in_game()
    for _ in range(6):  # six moves: their events each link to the rules
        h.handle({"t": "click", "path": square(pick_playable(h))})
        if h.app.mode is Mode.COVER:
            h.handle({"t": "click", "path": [node("button", "cover-ok"), APP]})
    assert h.app.mode is Mode.PLAYING
    return h


def focus_by_key(h: host.Host, name: str, target: str) -> list[Any]:
    """The focus moves a key press pressed on the element ``target`` asks for."""
    reply = h.handle({"t": "key", "key": name, "shift": False, "ctrl": False,
                      "target": target})
    return [e for e in reply.get("effects", []) if e["fx"] == "focus"]


def focus_at(ident: str) -> list[Any]:
    return [{"fx": "focus", "first": [f"#{ident}"]}]


def test_the_log_is_one_tab_stop_whose_rules_links_the_arrow_keys_move_between() -> None:
    h = six_moves_played()
    html = h.app.screen().elements["log"].html or ""
    links = re.findall(r'<a class="rules-link" id="([^"]+)" tabindex="-1"', html)
    assert len(links) == html.count("<a ") >= 6  # every link out of the Tab order
    assert len(set(links)) == len(links) and links[0].startswith("log-rule-")
    reply = h.sent_flags["keys"]
    for code in ("ArrowDown|002", "ArrowUp|002", "Home|002", "End|002"):
        assert code in reply  # the shell keeps the list from scrolling meanwhile
    assert "ArrowDown|000" not in reply and "Enter|002" not in reply  # Enter: the link's

    def key(name: str, target: str) -> list[Any]:
        return focus_by_key(h, name, target)

    at = focus_at
    assert key("ArrowDown", "log") == at(links[0])  # from the list: its newest link
    assert key("ArrowUp", "log") == at(links[-1])
    assert key("ArrowDown", links[0]) == at(links[1])
    assert key("ArrowUp", links[1]) == at(links[0])
    assert key("ArrowUp", links[0]) == at(links[0])  # no further than the ends
    assert key("ArrowDown", links[-1]) == at(links[-1])
    assert key("End", links[0]) == at(links[-1])
    assert key("Home", links[-1]) == at(links[0])
    assert key("Escape", links[2]) == [{"fx": "focus", "first": ["#log"]}]
    assert key("ArrowDown", "board-area") == []  # the board's cursor, as before
    assert key("Enter", links[0]) == []  # the browser follows the link


def walked_by_the_arrow_keys(h: host.Host, box: str, items: list[str]) -> None:
    """The list ``box`` (one Tab stop) and its ``items`` (buttons out of the Tab order):
    Down/Up, Home/End and Escape move the focus as in the game's log."""
    def key(name: str, target: str) -> list[Any]:
        return focus_by_key(h, name, target)

    assert len(items) >= 3
    assert key("ArrowDown", box) == focus_at(items[0])  # from the list: its first
    assert key("ArrowUp", box) == focus_at(items[-1])
    assert key("ArrowDown", items[0]) == focus_at(items[1])
    assert key("ArrowUp", items[1]) == focus_at(items[0])
    assert key("ArrowUp", items[0]) == focus_at(items[0])  # no further than the ends
    assert key("ArrowDown", items[-1]) == focus_at(items[-1])
    assert key("End", items[0]) == focus_at(items[-1])
    assert key("Home", items[-1]) == focus_at(items[0])
    assert key("Escape", items[2]) == focus_at(box)  # back to the list, the replay stays
    assert h.app.mode in (Mode.REPLAY, Mode.REVIEW)
    assert key("Enter", items[0]) == []  # the browser clicks the button
    flags = h.sent_flags["keys"]
    for code in ("ArrowDown|002", "ArrowUp|002", "Home|002", "End|002", "Escape|002"):
        assert code in flags  # the shell keeps the list from scrolling meanwhile
    assert "Enter|002" not in flags and " |002" not in flags  # the button's own


def reviewed_to_the_end(h: host.Host) -> ReviewRun:
    """The review of the game in ``h``'s replay, every move judged."""
    app = h.app
    run(app, A.Command("review-open"))
    assert app.mode is Mode.REVIEW
    ask = asked(run(app, A.WorkerReady()))
    review_run = app.state.game.review
    assert review_run is not None
    while True:
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
        if review_run.status == "done":
            return review_run
        ask = asked(effects)


def test_the_replay_s_moves_and_the_review_s_are_each_one_tab_stop_walked_by_arrows() -> None:
    h = six_moves_played()
    h.handle({"t": "click", "path": [node("button", "replay-open"), APP]})
    assert h.app.mode is Mode.REPLAY
    html = h.app.screen().elements["log"].html or ""
    moves = re.findall(r'<button type="button" class="log-jump" id="([^"]+)" tabindex="-1"',
                       html)
    assert moves == [f"log-move-{n}" for n in range(6, 0, -1)]  # newest first, as shown
    assert html.count("<button") == 6  # every move's button out of the Tab order
    walked_by_the_arrow_keys(h, "log", moves)
    # Enter (the browser's click) jumps there; the focus stays on that move's button
    reply = h.handle({"t": "click", "path": [
        node("button", "log-move-3", cls=("log-jump",), move="3"), node("li"),
        node("ol", "log"), APP]})
    replay = h.app.state.game.replay
    assert replay is not None and replay.cursor == 3
    assert [e for e in reply["effects"] if e["fx"] == "focus"] == focus_at("log-move-3")
    # the review's list of moves: one Tab stop too
    app = h.app
    review_run = reviewed_to_the_end(h)
    html = app.screen().elements["review-list"].html or ""
    assert '<ol class="review-moves" id="review-moves" tabindex="0" aria-label="' in html
    rows = re.findall(r'<button type="button" class="review-jump" id="([^"]+)" '
                      r'tabindex="-1"', html)
    assert rows == [f"review-move-{n}" for n in range(1, 7)]
    assert html.count("<button") == 6
    walked_by_the_arrow_keys(h, "review-moves", rows)
    reply = h.handle({"t": "click", "path": [
        node("button", "review-move-4", cls=("review-jump",), ply="4"), node("li"),
        node("ol", "review-moves", cls=("review-moves",)), node("div", "review-list"), APP]})
    assert review_run.at == 4
    # the move clicked keeps the focus (if the drawing left it on nothing: a click that
    # focuses nothing; another move focused meanwhile keeps it)
    assert [e for e in reply["effects"] if e["fx"] == "focus"] == kept("review-move-4")
    # Escape on the list itself leaves the replay, as before
    focus_by_key(h, "Escape", "review-moves")
    assert h.app.mode is Mode.PLAYING


def test_a_move_chosen_in_the_review_is_brought_into_view_in_the_side_panel() -> None:
    """A jump from the review's list: once its focus is put back, the move's button (in
    the list drawn anew) and its words are brought into view inside the boxes that
    scroll them (the side panel, the list), the words last; a jump from the chart: its
    words.  Each, and a step by the arrow keys, brings the replay's log along inside its
    own box only (the move shown, with what it did: the side panel left on the review)."""
    h = six_moves_played()
    h.handle({"t": "click", "path": [node("button", "replay-open"), APP]})
    reviewed_to_the_end(h)

    def effects(path: list[Any]) -> list[Any]:
        reply = h.handle({"t": "click", "path": [*path, APP]})
        return [e for e in reply.get("effects", []) if e["fx"] in ("focus", "reveal")]

    listed = [node("button", "review-move-4", cls=("review-jump",), ply="4"), node("li"),
              node("ol", "review-moves", cls=("review-moves",)), node("div", "review-list")]
    def logged(move: int) -> dict[str, Any]:
        """The log's move ``move`` (counted from 0) and its events, inside the log."""
        return {"fx": "reveal", "ids": [f"log-said-{move}", f"log-move-{move}"],
                "inner": True}

    assert effects(listed) == [*kept("review-move-4"),
                               {"fx": "reveal", "ids": ["review-move-4", "review-detail"]},
                               logged(3)]
    charted = [node("circle"), node("g", "review-point-2", cls=("review-point",), ply="2"),
               node("svg"), node("div", "review-chart")]
    assert effects(charted) == [{"fx": "reveal", "ids": ["review-detail"]}, logged(1)]
    stepped = h.handle({"t": "key", "key": "ArrowRight", "shift": False, "ctrl": False,
                        "target": "body"})
    assert [e for e in stepped.get("effects", []) if e["fx"] == "reveal"] == [logged(2)]


def kept(ident: str) -> list[Any]:
    """The focus put back on ``ident`` where a drawing left it on nothing."""
    return [{"fx": "focus", "first": [f"#{ident}"], "lost": True}]


def focus_moves(reply: host.Json) -> list[Any]:
    return [e for e in reply.get("effects", []) if e["fx"] == "focus"]


def test_a_list_drawn_anew_without_the_move_focused_takes_the_focus() -> None:
    h = six_moves_played()
    s = h.app.state.game.session
    assert s is not None
    links = keyboard.log_links(s)  # the newest move's first
    newest, oldest = links[0], links[-1]
    assert newest.startswith("log-rule-6-") and oldest.startswith("log-rule-1-")

    def press(name: str, focused: str, target: str | None = None) -> list[Any]:
        """Key ``name`` pressed on ``target``, the message leaving with the focus on
        ``focused``: the focus moves of the reply."""
        return focus_moves(h.handle({"t": "key", "key": name, "shift": False, "ctrl": False,
                                     "target": focused if target is None else target,
                                     "focus": focused}))

    # the game's log: the move whose rules link had the focus undone, the list has it
    assert press("u", newest) == kept("log")
    # a link still there (an older move's): the shell keeps the focus on it (the same
    # id drawn anew), no effect moves it
    h.handle({"t": "click", "path": [node("button", "cover-ok"), APP]})  # the cover, lifted
    assert press("u", oldest) == []
    h.handle({"t": "click", "path": [node("button", "cover-ok"), APP]})
    h.handle({"t": "click", "path": [node("button", "replay-open"), APP]})
    assert h.app.mode is Mode.REPLAY
    # the replay's log drawn anew by a step on: the move's button is there still
    assert press("ArrowRight", "log-move-3") == []
    assert press("ArrowRight", "log") == []  # on the list itself: there still
    # nothing said where the focus was, a list not drawn anew, a key moving the focus
    # itself, an element in no list: the focus is left as it is (or moved as asked)
    assert press("ArrowRight", "") == []
    assert focus_moves(h.handle({"t": "leave", "focus": "log-move-3"})) == []
    assert press("ArrowDown", "log-move-3") == focus_at("log-move-2")
    assert press("ArrowRight", "board-area") == []
    assert press("ArrowRight", "log-move-" + "9" * 40) == []
    # the review's list drawn anew by each answer of the worker: the move focused is
    # in it still; a move the list no longer holds (a review begun again): the list
    h.handle({"t": "click", "path": [node("button", "review-open"), APP]})
    reply = h.handle({"t": "ai", "kind": "ready"})
    for focused, moved in (("review-moves", []), ("review-move-1", []),
                           ("review-move-1", []),
                           # the list first (the player was in it), before Close, where
                           # the review's end sends a focus lost (the shell leaves it)
                           ("review-move-9", [*kept("review-moves"), *kept("review-close")])):
        ask = next(e for e in reply["effects"] if e["fx"] == "ai")
        reply = h.handle({"t": "ai", "kind": "review", "token": ask["token"],
                          "text": review_answer(ask["request"]), "focus": focused})
        assert focus_moves(reply) == moved, focused


def test_the_review_chart_is_one_tab_stop_whose_points_left_and_right_move_between() -> None:
    h = six_moves_played()
    h.handle({"t": "click", "path": [node("button", "replay-open"), APP]})
    review_run = reviewed_to_the_end(h)
    replay = h.app.state.game.replay
    assert replay is not None
    html = h.app.screen().elements["review-chart"].html or ""
    assert re.search(r'<svg class="review-chart-svg" id="review-points" tabindex="0"', html)
    assert html.count('tabindex="0"') == 1  # the chart is one Tab stop
    points = re.findall(r'<g class="review-point" id="([^"]+)"[^>]* tabindex="-1"', html)
    assert points == [f"review-point-{n}" for n in range(1, 7)]  # the moves, left to right

    def key(name: str, target: str) -> list[Any]:
        return focus_by_key(h, name, target)

    at = focus_at
    # the chart goes sideways: Right and Left move between its points, Home and End
    assert key("ArrowRight", "review-points") == at(points[0])  # from the chart: its first
    assert key("ArrowLeft", "review-points") == at(points[-1])
    assert key("ArrowRight", points[0]) == at(points[1])
    assert key("ArrowLeft", points[1]) == at(points[0])
    assert key("ArrowLeft", points[0]) == at(points[0])  # no further than the ends
    assert key("ArrowRight", points[-1]) == at(points[-1])
    assert key("End", points[0]) == at(points[-1])
    assert key("Home", points[-1]) == at(points[0])
    assert key("Escape", points[2]) == at("review-points")  # back to the chart
    # ... moving the focus only: the replay stays where it was (Left/Right elsewhere
    # step it); Up and Down there are the page's (its scroll)
    assert replay.cursor == 0 and review_run.at is None
    assert key("ArrowDown", points[1]) == [] and key("ArrowUp", points[1]) == []
    assert replay.cursor == 0 and h.app.mode is Mode.REVIEW
    flags = h.sent_flags
    assert flags["lists"] == {"log": 2, "review-moves": 2, "review-points": 3}
    for code in ("ArrowRight|003", "ArrowLeft|003", "Home|003", "End|003", "Escape|003",
                 "Enter|003", " |003"):
        assert code in flags["keys"]  # the shell keeps the page from scrolling meanwhile
    assert "ArrowDown|003" not in flags["keys"] and "ArrowUp|003" not in flags["keys"]
    # Enter or Space on a point shows that move, as a click on it does; the focus stays
    for name, ply in (("Enter", 4), (" ", 2)):
        assert key(name, f"review-point-{ply}") == kept(f"review-point-{ply}")
        assert review_run.at == ply and replay.cursor == ply - 1
    assert 'id="review-point-2" data-ply="2"' in (
        h.app.screen().elements["review-chart"].html or "")


def test_a_replay_s_step_is_spoken_once_by_its_caption_not_the_status_line_too() -> None:
    h = six_moves_played()

    def status_live() -> str | None:
        return dict(h.app.screen().elements["status"].attrs).get("aria-live")

    assert status_live() == "polite"  # the game's status line speaks
    h.handle({"t": "click", "path": [node("button", "replay-open"), APP]})
    assert h.app.mode is Mode.REPLAY
    # the caption (a live region in index.html) says the move and what it did; the
    # status line (whose move is next) is silent, so a step is not read out twice
    assert status_live() == "off"
    h.handle({"t": "key", "key": "ArrowRight", "target": ""})
    screen = h.app.screen()
    assert "move 1 of 6: " in (screen.elements["replay-caption"].text or "")
    assert status_live() == "off"
    reviewed_to_the_end(h)
    assert h.app.mode is Mode.REVIEW and status_live() == "off"
    h.handle({"t": "key", "key": "Escape", "target": ""})  # back to the game
    assert h.app.mode is Mode.PLAYING and status_live() == "polite"
    run(h.app, A.Command("new-game"))  # the start screen, then the tutorial, whose
    run(h.app, A.Command("tutorial-open"))  # status line speaks too
    assert h.app.mode is Mode.TUTORIAL and status_live() == "polite"


def test_a_failed_write_leaves_the_game_and_says_it_is_not_saved() -> None:
    h, reply = in_game()
    save = h.app.state.keeping.save
    assert save is not None
    key = PREFIX + save.id
    revision_1 = dict(reply["writes"])[key]  # what the browser holds
    reply = h.handle({"t": "click", "path": square(pick_playable(h))})
    assert json.loads(dict(reply["writes"])[key])["rev"] == 2
    # The browser refused the move's save.
    reply = h.handle({"t": "unwritten", "failed": [
        {"key": key, "error": "QuotaExceededError: the quota has been exceeded",
         "value": revision_1}]})
    assert "full" in reply["changes"]["save-state"]["text"]
    assert h.storage.get(key) == revision_1
    assert len(h.app.state.game.session.game.moves) == 1  # type: ignore[union-attr]
    # The next move is saved over what the browser holds, without a conflict.
    writes = []
    if h.app.mode is Mode.COVER:
        writes += h.handle({"t": "click", "path": [node("button", "cover-ok"), APP]})["writes"]
    writes += h.handle({"t": "click", "path": square(pick_playable(h))})["writes"]
    assert json.loads(dict(writes)[key])["rev"] > 1
    assert json.loads(next(v for k, v in writes if k == key))["rev"] == 2
    assert h.app.state.keeping.notice == "" and h.app.state.keeping.save_state == "saved"


def test_another_tab_s_write_arrives_with_its_value() -> None:
    h, _ = started()
    other, reply = in_game()
    (key, value), *_ = reply["writes"]
    reply = h.handle({"t": "storage", "key": key, "value": value})
    assert h.storage.get(key) == value
    assert reply["changes"]["saved"]["data"]["data-count"] == "1"
    assert other.app.state.keeping.save is not None


def test_choosing_a_language_asks_the_shell_for_its_catalogue() -> None:
    h, _ = started()
    reply = h.handle({"t": "change", "path": [node("select", "lang"), APP], "value": "de"})
    assert {"fx": "language", "lang": "de"} in reply["effects"]


def test_a_language_chosen_before_python_and_not_yet_shown_is_asked_for_at_the_start() -> None:
    """French chosen on the start screen before the page's Python while its words did not
    come (the page's first words, English, are what the start brings): the start's reply
    asks the shell for French's catalogue, as a choice after the start does, and its
    failure is said as any; not when the start screen's script took the choice (it asks
    and says its failure itself, and hands the note over), nor for the language shown."""
    h, reply = started(chosen="fr")
    assert {"fx": "language", "lang": "fr"} in reply["effects"]
    reply = h.handle({"t": "language-failed", "lang": "fr"})
    assert "Français" in reply["changes"]["lang-note"]["text"]
    handed = json.dumps({"form": {"names": ["Ann", "Bob"], "colours": ["green", "white"],
                                  "kinds": ["human", "human"]}, "failed": "fr"})
    for chosen, handing in (("en", ""), ("xx", ""), ("fr", handed)):
        h, reply = started(chosen=chosen, handed=handing)
        assert not [e for e in reply.get("effects", []) if e["fx"] == "language"], chosen


def test_the_ai_worker_s_answers_and_the_effects_for_the_page() -> None:
    h, _ = started()
    form = {"fields": {**FORM["fields"], "seat-kind-0": "apprentice"}}  # it moves first
    reply = h.handle({"t": "submit", "form": form})
    assert {"fx": "ai-start"} in reply["effects"]
    assert isinstance(h.handle({"t": "ai", "kind": "ready"}), dict)
    assert h.app.state.worker == "ready"
    assert host.ai_answer({"kind": "move", "token": "x", "text": ""}) is None


def timer_of(reply: host.Json) -> int | None:
    """The token of the timer a reply asks the shell for, if any."""
    return next((e["token"] for e in reply.get("effects", []) if e["fx"] == "timer"), None)


def ai_effects(reply: host.Json) -> list[str]:
    return [e["fx"] for e in reply.get("effects", []) if e["fx"].startswith("ai")]


def test_the_start_screen_warms_the_computer_s_worker_only_for_a_computer_seat() -> None:
    """Waiting on the start screen with a computer seat set, the page asks the shell to
    warm the computer players' worker (the shell starts it once the page is quiet), so
    that it has booted before the computer's first move; with people only at the table
    it never does."""
    computer = {"fields": {**FORM["fields"], "seat-kind-1": "apprentice"}}
    h, reply = started(form=computer)
    token = timer_of(reply)
    assert token is not None and ai_effects(reply) == []  # not during the start
    assert ai_effects(h.handle({"t": "timer", "token": token})) == ["ai-warm"]
    assert ai_effects(h.handle({"t": "submit", "form": computer})) == []  # asked already
    h.handle({"t": "ai", "kind": "ready"})
    assert h.app.state.worker == "ready"

    h, reply = started()  # two people
    token = timer_of(reply)
    assert token is not None
    assert ai_effects(h.handle({"t": "timer", "token": token})) == []
    assert ai_effects(h.handle({"t": "submit", "form": FORM})) == []


def test_a_computer_s_first_turn_starts_the_worker_at_once_and_the_player_s_warms_it() -> None:
    h, reply = started()
    kind = [node("select", "seat-kind-1", name="kind", seat="1"), node("form"), APP]
    computer = {"fields": {**FORM["fields"], "seat-kind-1": "governor"}}
    changed = h.handle({"t": "change", "path": kind, "name": "seat-kind-1",
                        "value": "governor", "form": computer})
    assert ai_effects(changed) == ["ai-warm"]
    # An early Start against the computer, the player first: the worker is warmed (the
    # shell starts it once the page is quiet), and the computer's turn starts it at once
    # if it has not started by then.
    handed = json.dumps({"form": {"names": ["Ann", "Bob"], "colours": ["green", "white"],
                                  "kinds": ["human", "apprentice"], "board": "bird"},
                         "intent": {"kind": "start"}})
    h, reply = started(handed=handed)
    assert ai_effects(reply) == ["ai-warm"] and h.app.mode is Mode.PLAYING
    assert ai_effects(h.handle({"t": "timer", "token": timer_of(reply)})) == []
    target = pick_playable(h)
    placed = h.handle({"t": "click", "path": square(target)})
    assert h.app.mode is Mode.THINKING and ai_effects(placed) == ["ai-start"]


# -- events, as plain data ----------------------------------------------------------------------
def test_the_form_is_read_from_its_fields_and_missing_ones_default() -> None:
    current = setup.Settings()
    form = events.read_form(FORM, current)
    assert form.names == ("Ann", "Bob") and form.seed == "7" and form.board == "bird"
    empty = events.read_form({"fields": {}}, current)
    assert empty.names == tuple(current.names) and empty.plan == "single"
    assert events.read_form("not a form", current).hints is current.hints


def test_clicks_are_found_by_the_element_and_its_ancestors() -> None:
    assert events.click(events.path_of({"path": square("g3")})) == A.BoardClick("g3")
    saved = [node("button", action="resume"), node("li", id="abc"), node("ul", "saved-list"),
             APP]
    assert events.click(events.path_of({"path": saved})) == A.Command("resume", "abc")
    assert events.click(events.path_of({"path": [node("button", "undo"), APP]})) == \
        A.Command("undo")
    # a square outside the board, or a data attribute on another element, is nothing
    assert events.click(events.path_of({"path": [node("rect", square="g3"), APP]})) is None


def test_a_point_of_the_review_chart_jumps_by_click_and_by_enter() -> None:
    point = [node("circle"), node("g", "review-point-12", cls=("review-point",), ply="12"),
             node("svg"), node("div", "review-chart"), APP]
    assert events.click(events.path_of({"path": point})) == A.Command("review-jump", "12")
    settings = setup.Settings()
    for key in ("Enter", " "):  # the focus stays on the point (drawn anew)
        pressed = events.to_action({"t": "key", "key": key, "target": "review-point-12"},
                                   settings)
        assert isinstance(pressed, A.Key) and pressed.list_at == "review-point-12"
        assert command_for(pressed, Mode.REVIEW) == A.Command("review-jump", "12 chart")
    # another key there is a key; a hostile id is nothing
    assert isinstance(events.to_action({"t": "key", "key": "x", "target": "review-point-12"},
                                       settings), A.Key)
    for hostile in ("review-point-x", "review-point-", "review-point-1" + "0" * 30):
        pressed = events.to_action({"t": "key", "key": "Enter", "target": hostile}, settings)
        assert isinstance(pressed, A.Key) and command_for(pressed, Mode.REVIEW) is None


def test_hostile_messages_give_nothing() -> None:
    settings = setup.Settings()
    for message in ({"t": "click", "path": "x"}, {"t": "click", "path": [1, None, {"id": 3}]},
                    {"t": "key", "key": 5}, {"t": "key", "key": "x" * 100},
                    {"t": "change", "path": [node("select", "seat-kind-0", seat="9")]},
                    {"t": "nothing"}, {}):
        assert events.to_action(message, settings) is None
    h, _ = started()
    assert host.decode("[1, 2]") == {} and host.decode("{bad") == {}
    assert isinstance(h.handle({"t": "unwritten", "failed": [3, {"key": 4}]}), dict)


def test_the_differ_sends_what_changed_and_html_again_with_its_value() -> None:
    old = El(html="<option>a</option>", value="a", data=(("toMove", "1"),))
    new = El(html="<option>b</option>", value="a", data=(("toMove", "2"),),
             classes=(("busy", True),))
    assert host.el_changes(new, old) == {"html": "<option>b</option>", "value": "a",
                                         "data": {"data-to-move": "2"},
                                         "classes": {"busy": True}}
    assert host.el_changes(old, old) == {}


def keyed(*items: tuple[str, str], frame: str = "") -> El:
    """An element of keyed items (``<i data-part=key>text</i>``), in a long page."""
    html = [f"<i data-part={key}>{text}</i>" for key, text in items]
    keys = [key for key, _ in items]
    return El(html=frame + "".join(html) + "." * 100,
              parts=Parts(frame, tuple(("", k, h) for k, h in zip(keys, html, strict=True))))


def test_keyed_items_are_sent_as_the_items_that_changed() -> None:
    old = keyed(("a", "a"), ("b", "b"))
    assert host.el_changes(keyed(("a", "a"), ("c", "c"), ("b", "B")), old) == {"parts": {
        "put": [["c", "", "a", "<i data-part=c>c</i>"], ["b", "", "c", "<i data-part=b>B</i>"]]}}
    assert host.el_changes(keyed(("b", "b")), old) == {"parts": {"drop": ["a"]}}
    assert host.el_changes(keyed(("z", "z"), ("a", "a"), ("b", "b")), old) == {
        "parts": {"put": [["z", "", None, "<i data-part=z>z</i>"]]}}
    # items in another order, another frame, or most items new: the whole HTML
    for whole in (keyed(("b", "b"), ("a", "a")), keyed(("a", "a"), ("b", "b"), frame="<b>"),
                  keyed(("x", "x" * 150))):
        assert host.el_changes(whole, old) == {"html": whole.html}


Held = dict[str, list[tuple[str, str]]]


def held(items: tuple[tuple[str, str, str], ...]) -> Held:
    """Keyed items by their container, in order."""
    out: Held = {}
    for box, key, html in items:
        out.setdefault(box, []).append((key, html))
    return out


def applied(shown: Held, parts: dict[str, Any]) -> Held:
    """The keyed items after the shell applies ``parts`` to them (shell.js's applyParts:
    replaced where they are, else after the item named, or first in the container)."""
    out = {box: [item for item in items if item[0] not in parts.get("drop", [])]
           for box, items in shown.items()}
    for key, box, after, html in parts.get("put", []):
        for items in out.values():
            if any(k == key for k, _ in items):
                items[:] = [(k, html if k == key else h) for k, h in items]
                break
        else:
            items = out.setdefault(box, [])
            at = 0 if after is None else [k for k, _ in items].index(after) + 1
            items.insert(at, (key, html))
    return {box: items for box, items in out.items() if items}


def test_the_board_log_and_grid_drawn_by_changes_are_the_ones_drawn_whole() -> None:
    # Many moves, undo, a replay stepped through and back, another language: after every
    # reply, the keyed items the shell holds are the screen's own, item for item.
    h, reply = in_game()
    shown: dict[str, Held] = {}
    html_written = 0

    def follow(reply: host.Json) -> None:
        nonlocal html_written
        for ident, change in reply.get("changes", {}).items():
            el = h.differ.last.get(ident)
            if el is None or el.parts is None:
                continue
            if "html" in change:
                shown[ident] = held(el.parts.items)
                html_written += 1
            elif "parts" in change:
                shown[ident] = applied(shown[ident], change["parts"])
            assert shown[ident] == held(el.parts.items), ident

    follow(reply)
    command = {name: [node("button", name), APP] for name in
               ("cover-ok", "undo", "pass", "replay-open", "replay-step", "replay-back",
                "replay-end", "replay-exit")}
    s = h.app.state.game.session
    assert s is not None
    for turn in range(40):
        if s.visible_hand() is None:
            follow(h.handle({"t": "click", "path": command["cover-ok"]}))
        if s.over:
            break
        if turn in (12, 25):
            for _ in range(2):
                follow(h.handle({"t": "click", "path": command["undo"]}))
                if s.visible_hand() is None:
                    follow(h.handle({"t": "click", "path": command["cover-ok"]}))
        if not any(s.playable(k) for k in s.visible_hand() or []):
            follow(h.handle({"t": "click", "path": command["pass"]}))
            continue
        target = pick_playable(h)
        follow(h.handle({"t": "hover", "path": square(target)}))
        follow(h.handle({"t": "click", "path": square(target)}))
    assert len(s.game.moves) > 20
    for name in ("replay-open", "replay-back", "replay-back", "replay-step", "replay-end",
                 "replay-exit"):
        follow(h.handle({"t": "click", "path": command[name]}))
    follow(h.handle({"t": "language", "lang": "de", "text": CATALOGUE.replace("Green", "Grün"),
                     "form": FORM}))
    assert set(shown) >= {"board", "board-grid", "log"}
    # each drawn whole at the start, then by its changes (the log also when it is short,
    # and in another language)
    assert html_written <= 6


# -- the board's motion and sound --------------------------------------------------------
SOUND = [node("button", "sound"), node("header", cls=("topbar",)), APP]


def test_a_move_sends_its_motion_once_with_the_board_it_redrew() -> None:
    h, _ = started()  # against a computer: no hand-over cover
    h.handle({"t": "submit", "form": {"fields": {**FORM["fields"],
                                                  "seat-kind-1": "apprentice"}}})
    reply = h.handle({"t": "click", "path": square(pick_playable(h))})
    assert "parts" in reply["changes"]["board"]  # the board drawn again: what changed
    cues = reply["motion"]["cues"]
    s = h.app.state.game.session
    assert s is not None
    assert cues[0]["cue"] == "settle" and cues[0]["move"] == s.turns[-1].move
    assert reply["motion"]["sounds"] == []  # sound is off until the player switches it on
    assert "shown" not in reply["motion"]  # it plays with the board it redrew, at once
    assert "motion" not in h.handle({"t": "hover", "path": square("a1")})
    assert "motion" not in h.handle({"t": "click", "path": [node("button", "undo"), APP]})


def test_a_hot_seat_move_sounds_at_once_and_moves_when_the_cover_is_lifted() -> None:
    # Under the hand-over cover the board is blurred: the move's motion waits for the
    # next player, who sees it on the board already drawn (no redraw comes with it).
    h, _ = in_game({"qin.sound": "on"})
    reply = h.handle({"t": "click", "path": square(pick_playable(h))})
    assert h.app.mode is Mode.COVER
    assert "parts" in reply["changes"]["board"]
    assert reply["motion"]["cues"] == []
    assert [name for name, _ in reply["motion"]["sounds"]][0] == "place"
    s = h.app.state.game.session
    assert s is not None
    reply = h.handle({"t": "click", "path": [node("button", "cover-ok"), APP]})
    assert "board" not in reply.get("changes", {})
    assert reply["motion"]["cues"][0] == {**reply["motion"]["cues"][0], "cue": "settle",
                                          "move": s.turns[-1].move}
    assert reply["motion"]["sounds"] == []  # it sounded when it was played
    assert reply["motion"]["shown"] is True  # it plays on the board the cover uncovered
    assert "motion" not in h.handle({"t": "hover", "path": square("a1")})
    # a move taken back under the cover never moves
    reply = h.handle({"t": "click", "path": square(pick_playable(h))})
    assert h.app.mode is Mode.COVER and reply["motion"]["cues"] == []
    reply = h.handle({"t": "click", "path": [node("button", "cover-undo"), APP]})
    assert h.app.mode is Mode.PLAYING and "motion" not in reply
    assert h.app.state.game.held is None


def test_the_sound_switch_is_remembered_and_brings_the_sounds() -> None:
    h, reply = started()
    assert reply["changes"]["sound"]["attrs"]["aria-pressed"] == "false"
    h.handle({"t": "submit", "form": FORM})
    reply = h.handle({"t": "click", "path": SOUND})
    assert ["qin.sound", "on"] in reply["writes"]
    assert reply["changes"]["sound"]["attrs"]["aria-pressed"] == "true"
    reply = h.handle({"t": "click", "path": square(pick_playable(h))})
    assert [name for name, _ in reply["motion"]["sounds"]][0] == "place"
    again, reply = started({"qin.sound": "on"})  # a reload
    assert again.app.state.senses.sound is True
    assert reply["changes"]["sound"]["attrs"]["aria-pressed"] == "true"


def test_the_motion_setting_is_remembered_and_off_moves_nothing() -> None:
    h, reply = started()
    assert reply["changes"]["motion"]["value"] == "normal"
    h.handle({"t": "submit", "form": FORM})
    reply = h.handle({"t": "change", "path": [node("select", "motion"), APP], "name": "motion",
                      "value": "off"})
    assert ["qin.motion", "off"] in reply["writes"]
    reply = h.handle({"t": "click", "path": square(pick_playable(h))})
    assert "motion" not in reply
    again, reply = started({"qin.motion": "fast"})
    assert reply["changes"]["motion"]["value"] == "fast"
    _, reply = started({"qin.motion": "<script>", "qin.sound": "loud"})  # damaged: defaults
    assert reply["changes"]["motion"]["value"] == "normal"
    assert reply["changes"]["sound"]["attrs"]["aria-pressed"] == "false"


def test_another_tab_s_settings_are_followed() -> None:
    h, _ = in_game()
    h.handle({"t": "storage", "key": "qin.sound", "value": "on"})
    assert h.app.state.senses.sound is True
    reply = h.handle({"t": "storage", "key": "qin.motion", "value": "slow"})
    assert reply["changes"]["motion"]["value"] == "slow"


def setting_writes(reply: host.Json) -> list[list[str]]:
    """The writes of ``reply`` to the settings' keys (not the start screen's, ``qin.start``)."""
    return [list(w) for w in reply.get("writes", []) if w[0] in ("qin.motion", "qin.sound")]


def test_the_settings_table_is_what_each_setting_s_reply_writes() -> None:
    """The shell writes a header setting at once from ``flags.settings`` (a reload in the
    next instant keeps it): each entry, by the value chosen (the motion) or the switch's
    state shown before the click (the sound), is exactly what that change's reply writes,
    and the switch's state after it is the other one."""
    for h, _ in (started(), in_game(), started({"qin.sound": "on", "qin.motion": "off"})):
        table = h.sent_flags["settings"]
        assert set(table) == {"motion", "sound"}
        for pace, writes in table["motion"].items():
            other = copy.deepcopy(h)
            reply = other.handle({"t": "change", "path": [node("select", "motion"), APP],
                                  "name": "motion", "value": pace, "form": {"fields": {}}})
            assert setting_writes(reply) == writes == [["qin.motion", pace]]
        shown = h.app.state.senses.sound
        other = copy.deepcopy(h)
        reply = other.handle({"t": "click", "path": [node("button", "sound"), APP]})
        assert reply["changes"]["sound"]["attrs"]["aria-pressed"] == str(not shown).lower()
        assert setting_writes(reply) == table["sound"][str(shown).lower()]
        assert table["sound"] == {"false": [["qin.sound", "on"]], "true": [["qin.sound", "off"]]}


def test_a_name_typed_ends_the_note_on_a_language_and_changes_nothing_else() -> None:
    """Typing a seat's name is the player's next action: the note on a language that could
    not be loaded goes at the first letter (the shell says so while the note shows); the
    name itself is read at the start, so nothing else of the screen changes."""
    h, _ = started()
    h.handle({"t": "language-failed", "lang": "de"})
    before = h.app.screen().elements["seats"]
    name = [node("input", "seat-name-1"), node("li", "", ("seat",)), node("form", "setup-form"),
            APP]
    reply = h.handle({"t": "input", "path": name, "value": "B"})
    assert reply["changes"]["lang-note"]["hidden"] is True
    assert h.app.screen().elements["seats"] == before
    assert set(reply["changes"]) == {"lang-note"}


def test_a_language_whose_words_cannot_be_loaded_is_said_and_changes_nothing() -> None:
    """The shell could not load the catalogue of the language chosen (offline, not kept):
    the page says so, in its language, and stays as it is; the note stays until the
    next thing the player does."""
    h, _ = started()
    before = h.app.screen().elements["seats"]
    reply = h.handle({"t": "language-failed", "lang": "de"})
    note = reply["changes"]["lang-note"]
    assert "Deutsch" in note["text"] and note["hidden"] is False
    assert h.app.screen().elements["seats"] == before
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")
    reply = h.handle({"t": "language", "lang": "en", "text": english, "form": {}})
    assert reply["changes"]["lang-note"]["hidden"] is True
    h.handle({"t": "language-failed", "lang": "fr"})
    reply = h.handle({"t": "submit", "form": FORM})  # the next thing the player does
    assert reply["changes"]["lang-note"]["hidden"] is True
    reply = h.handle({"t": "language-failed", "lang": "xx"})  # no such language: nothing said
    assert "lang-note" not in reply.get("changes", {})


def test_a_file_the_shell_could_not_read_as_text_is_refused_in_words() -> None:
    """The shell refuses a file whose bytes are not UTF-8 (or UTF-16 with its mark) text
    rather than read it with replacement characters; the start screen says why."""
    h, _ = started()
    reply = h.handle({"t": "file", "name": "latin1.json", "refused": "not_text"})
    said = json.dumps(reply["changes"])
    assert "latin1.json was not imported: the file is not UTF-8 text" in said
    assert not any(key.startswith(PREFIX) for key, _ in reply.get("writes", []))
    assert events.to_action({"t": "file", "name": "x", "refused": "gone"},
                            setup.Settings()) == A.ImportRefused("x", "import.unreadable")
