"""The engine side of the embeddable diagrams (``web/embed/qin-board.js``).

One PyScript interpreter, in a worker, serves every ``<qin-board>`` of a page: the
script calls ``handle(request_json) -> response_json`` and this module answers from ``qin`` itself:
the board drawn by ``qin.svg`` (the one renderer), the events of each move in the
reader's language and why a move is not allowed (both worded by ``qin.messages``).

Each request stands alone (the position and the moves so far come with every call), so
any number of diagrams, in any languages, share the interpreter without sharing state.
Only the reader's words are kept, by language: the first request of a language carries
the site's catalogue of it (``messages``), which the worker keeps (``Words``); later
requests of that language say ``"words": "kept"`` and the worker answers in the words it
holds, or, when it holds none for that language (a worker started again), with the code
``WORDS_UNKNOWN`` for the page to send them.  An answer said in kept words says so
(``"words": "kept"``): the page counts a language's words as kept only then.  A request
with neither is said in the engine's words alone.  All of it is plain Python, importable
by the unit tests.

    {"op": "render", "position": "...", "moves": ["Rc3Yd3"], "step": 1,
     "lang": "en", "messages": {...} or "words": "kept", "names": [...],
     "colours": [...], "highlight": ["c3"], "coords": true,
     "tried": ["red c2 yellow c1"]}                             -> see ``render``
    {"op": "preview", ... , "move": "Rc3Yd3"}                   -> see ``preview``
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

import qin
from qin import messages as engine
from qin.events import Event
from qin.inputs import is_name_text, shown
from qin.json_text import MAX_TEXT, read_json
from qin.messages import join_list, player_name, text
from qin.svg import (
    DEFAULT_COLOURS,
    PAGODA_COLOURS,
    BoardOptions,
    ColourError,
    check_colour,
    render_overlay,
    render_svg,
)

COLOUR_LETTERS = ("R", "Y", "B")


class DiagramError(ValueError):
    """A diagram's own input (its position, colours) refused: the author's error, which
    the script shows as the diagram's error rather than the engine's, already said in
    the reader's words (the catalogue the request carries: ``said``)."""


LIMITS = {"cols": 26, "rows": 99, "chars": 65536}
"""stamp.js's ``LIMITS``, as the catalogue's ``ui.too_large`` says them."""
MAX_POSITION_CHARS = LIMITS["chars"]
"""The longest position text a diagram draws, in characters; the board's own limits
(columns, rows) are the position parser's."""
BAD_VALUE_CHARS = 40
"""How many characters of a bad colour the diagram's error shows (``qin.inputs.shown``:
then "…" and its length; qin-board.js's ``BAD_COLOUR_CHARS``)."""


def _said(messages: Mapping[str, str], key: str, english: str, **values: Any) -> str:
    """The site catalogue's ``key`` (sent with the request), else the ``english`` words
    (a request sent without the site's catalogue)."""
    return text(messages, key, **values) if key in messages else english


# --------------------------------------------------------------------------- words
# The wording itself (``describe``, ``refusal``, ``text``...) is qin.messages', shared
# with the game page's log and the command line.

__all__ = ["describe", "refusal", "join_list", "text", "player_name", "handle"]


def describe(event: Event, messages: Mapping[str, str], names: Sequence[str] | None = None,
             on_board: Mapping[int, int] | Sequence[int] | None = None) -> str:
    """One line for ``event`` in the words of ``messages`` (a catalogue)."""
    return engine.describe(event, names, messages, on_board)


def refusal(refused: qin.IllegalMove, messages: Mapping[str, str],
            names: Sequence[str] | None = None) -> str:
    """Why the engine refused a move, in the words of ``messages`` (the reading it
    applies is a link beside it, ``reading``, not a code in the sentence)."""
    return engine.refusal_text(refused, messages, names, rule=False)


def reading(refused: qin.IllegalMove, messages: Mapping[str, str],
            lang: str) -> dict[str, str] | None:
    """The reading of the rules a refusal applies, as a link for the script to draw:
    ``{"href": "rules/readings-<lang>.html#q6", "title": ...}`` (relative to the site's
    root), or ``None`` where no reading explains it."""
    reading = engine.refusal_reading(refused.code, lang)
    if reading is None:
        return None
    href, title = reading
    return {"href": href, "title": text(messages, title)}


def default_names(colours: Sequence[str], players: int,
                  messages: Mapping[str, str]) -> list[str]:
    """Players named after their pagoda colours, as the rulebook does ("Green")."""
    chosen = list(colours)
    for c in DEFAULT_COLOURS:
        if len(chosen) >= players:
            break
        if c not in chosen:
            chosen.append(c)
    out = []
    for p, colour in enumerate(chosen[:players], 1):
        key = f"player.{colour.lower()}"
        out.append(text(messages, key) if key in messages else
                   text(messages, "player.default", n=p))
    return out


# --------------------------------------------------------------------------- requests


WORDS_KEPT: Final = "kept"
"""A request's ``words`` when the worker already holds its language's catalogue, and an
answer's when it was said in words the worker keeps (the page takes a language's words
as kept only then: a worker of the site before it kept them says nothing of it)."""
WORDS_UNKNOWN: Final = "words_unknown"
"""The answer's ``code`` when a request's words are kept but the worker holds none for
its language: the page sends the catalogue again."""


class WordsUnknown(LookupError):
    """A request's words are said to be kept, but this worker holds none for its language."""


class Words(NamedTuple):
    """A language's words as a diagram's requests use them: the catalogue (the site's over
    the engine's) and the box's colour words (each casefolded word or letter -> its letter)."""

    messages: dict[str, str]
    letters: dict[str, str]


_KEPT: dict[str, Words] = {}
"""The words of each language the page sent to this worker, by language: the site's
languages alone (``qin.messages.LANGS``), so a host page cannot grow it."""


def colour_letters(messages: Mapping[str, str]) -> dict[str, str]:
    """The colour words a reader may type in the box (each colour's letter and its words
    in ``messages``), casefolded, to the colour's letter."""
    letters = {}
    for letter in COLOUR_LETTERS:
        letters[letter.casefold()] = letter
        for key in (f"colour.{letter}", f"colour.{letter}.province", f"colour.{letter}.tile"):
            if key in messages:
                letters[messages[key].casefold()] = letter
    return letters


def _messages(lang: str, sent: object = None) -> dict[str, str]:
    """The catalogue a request sent (the site's ``i18n/<lang>.json``) over the engine's
    of ``lang``; ``TypeError`` when what was sent is not a catalogue (a JSON object of
    texts), ``qin.messages.LanguageError`` for a language the site does not speak."""
    if sent is None:
        sent = {}
    if not isinstance(sent, dict) or not all(isinstance(v, str) for v in sent.values()):
        raise TypeError("a request's messages are a catalogue (a JSON object of texts)")
    return {**engine.catalogue(lang), **sent}


def words_of(req: Mapping[str, Any]) -> Words:
    """A request's words: the catalogue it carries (then kept for its language), the ones
    kept for its language (``"words": "kept"``; ``WordsUnknown`` when none are), else the
    engine's words alone; ``qin.messages.LanguageError`` for a language other than the
    site's (``qin.messages.LANGS``: the script asks for no other), whose words are never
    kept."""
    lang = str(req.get("lang", engine.DEFAULT))
    if lang not in engine.LANGS:
        raise engine.LanguageError(
            f"no words in the language {engine.value_text(shown(lang, BAD_VALUE_CHARS))} "
            f"(there are {', '.join(engine.LANGS)})")
    if "messages" in req:
        messages = _messages(lang, req["messages"])
        words = _KEPT[lang] = Words(messages, colour_letters(messages))
        return words
    if req.get("words") == WORDS_KEPT:
        if lang not in _KEPT:
            raise WordsUnknown(f"no words kept for {lang!r}")
        return _KEPT[lang]
    messages = _messages(lang)
    return Words(messages, colour_letters(messages))


def _setup(req: Mapping[str, Any]) -> tuple[qin.Game, Words, list[str], list[str]]:
    position = str(req["position"])
    words = words_of(req)
    messages = words.messages
    if len(position) > MAX_POSITION_CHARS:
        raise DiagramError(_said(messages, "ui.too_large",
                                 f"the position has {len(position):,} characters, at most "
                                 f"{MAX_POSITION_CHARS:,}", **LIMITS))
    try:
        game = qin.Game.from_position(position)
    except qin.PositionError as exc:  # the parser's refusal in the reader's words
        raise DiagramError(_said(messages, "ui.position_failed", str(exc),
                                 error=engine.position_error_text(exc, messages))) from exc
    colours = []
    for given in [str(c) for c in req.get("colours") or []][:game.players]:
        try:
            colours.append(check_colour(given))
        except ColourError as exc:
            said = engine.value_text(shown(given, BAD_VALUE_CHARS), messages)
            raise DiagramError(_said(messages, "ui.bad_colour", str(exc), colour=said,
                                     palette=", ".join(PAGODA_COLOURS))) from exc
    names = [str(n) for n in req.get("names") or []][:game.players]
    for seat, given in enumerate(names, 1):
        if not is_name_text(given):  # a direction mark would turn the sentences around
            said = engine.value_text(shown(given, BAD_VALUE_CHARS), messages)
            raise DiagramError(_said(messages, "ui.bad_name",
                                     f"name {seat} {said} holds a control character",
                                     name=said))
    if len(names) < game.players:
        names += default_names(colours, game.players, messages)[len(names):]
    game.names = names
    return game, words, colours, names


def state_of(game: qin.Game) -> dict[str, Any]:
    """What the board holds, for tests and for pages that want the facts."""
    board = game.board
    names = board.geo.names
    provinces = [{"colour": COLOUR_LETTERS[g.colour], "owner": g.owner,
                  "pagodas": g.pagodas, "squares": [names[s] for s in g.squares]}
                 for g in board.provinces()]
    villages = {names[v]: board.village_owner[v] for v in board.layout.villages}
    return {
        "provinces": provinces,
        "villages": villages,
        "supply": [game.supply(p) for p in range(1, game.players + 1)],
        "on_board": [game.on_board(p) for p in range(1, game.players + 1)],
        "to_move": game.to_move,
        "over": game.is_over,
        "winners": list(game.winners),
    }


_TYPED_HALF = r"([^\W\d_]+?)\s*([a-z])\s*([0-9]{1,2})"  # ASCII digits only, as qin.moves
_TYPED: Final = re.compile(rf"\s*{_TYPED_HALF}[\s,;]*{_TYPED_HALF}\s*", re.IGNORECASE)


def typed(move: str, letters: Mapping[str, str]) -> str:
    """A move as a reader types it in the box: each half's colour (its letter, or its
    word in the reader's language: "red c3 yellow d3", "rot c3 gelb d3"; ``letters``,
    ``colour_letters``) before its square, in any case, apart or not; as written
    (``Rc3Yd3``).  What reads otherwise ("pass", a colour no tile has) is left as typed,
    for the engine to take or refuse."""
    found = _TYPED.fullmatch(move)
    if not found:
        return move
    first, fa, ra, second, fb, rb = found.groups()
    colours = letters.get(first.casefold()), letters.get(second.casefold())
    if colours[0] is None or colours[1] is None:
        return move
    return f"{colours[0]}{fa.lower()}{ra}{colours[1]}{fb.lower()}{rb}"


def unread(move: str, messages: Mapping[str, str], *, typed_by_reader: bool) -> str:
    """Why ``move`` is not a move at all: for a move the reader typed in the box, the way
    to type one in words (the box's example, ``ui.move_example``); for a diagram's own
    move, written by its author, the engine's words for the notation."""
    notation = text(messages, "illegal.notation", text=move)
    if not typed_by_reader:
        return notation
    return _said(messages, "ui.move_unread", notation, text=move,
                 example=messages.get("ui.move_example", ""))


def _replay(game: qin.Game, moves: Sequence[str], words: Words,
            names: Sequence[str], lang: str,
            typed_from: int | None = None) -> tuple[int, list[Event], dict[str, Any] | None]:
    """Play ``moves`` while they are legal: (how many were played, the last one's
    events, what stopped the replay). The moves from ``typed_from`` on are the ones the
    reader typed in the box (none when it is None)."""
    messages = words.messages
    events: list[Event] = []
    for i, move in enumerate(typed(m, words.letters) for m in moves):
        try:
            refused = game.refusal(move)
        except ValueError as exc:  # not a move at all
            by_reader = typed_from is not None and i >= typed_from
            return i, events, {"index": i, "move": move, "ghost": None,
                               "reason": unread(move, messages, typed_by_reader=by_reader),
                               "engine": str(exc)}
        if refused is not None:
            return i, events, {"index": i, "move": move, "ghost": str(qin.Move.parse(move)),
                               "reason": refusal(refused, messages, names),
                               "reading": reading(refused, messages, lang),
                               "engine": str(refused), "code": refused.code}
        events = game.play(move)
    return len(moves), events, None


def _on_board(game: qin.Game) -> dict[int, int]:
    return {p: game.on_board(p) for p in range(1, game.players + 1)}


def _last_squares(game: qin.Game) -> list[str]:
    if game.moves and not game.moves[-1].is_pass:
        return list(game.moves[-1].squares)
    return []


def _board_label(game: qin.Game, names: Sequence[str], messages: Mapping[str, str]) -> str:
    """The board's name in the reader's language (its players: ``names``, else the
    game's as the language shows them)."""
    geo = game.board.geo
    who = list(names) or engine.shown_names(game.names, messages)
    return engine.board_label(game.board_name, geo.width, geo.height, who[:game.players],
                              messages)


def render(req: Mapping[str, Any]) -> dict[str, Any]:
    """The board after ``moves[:step]`` and then ``tried`` (the moves the reader typed
    or clicked in the box): ``svg``, the last move's ``events`` in words, ``played``
    (how many moves were legal), ``illegal`` (the first illegal move and why, drawn as
    a refused ghost), ``state`` and the hand of the player to move."""
    game, words, colours, names = _setup(req)
    messages = words.messages
    moves = [str(m) for m in req.get("moves") or []]
    step = int(req.get("step", len(moves)))
    own = moves[:max(0, step)]
    tried = [str(m) for m in req.get("tried") or []]
    played, events, illegal = _replay(game, own + tried, words, names,
                                      str(req.get("lang", "en")), typed_from=len(own))
    ghost = illegal["ghost"] if illegal else None
    svg = render_svg(game, BoardOptions(
        highlight=[str(s) for s in req.get("highlight") or []],
        coords=bool(req.get("coords", True)), colours=colours or None, names=names,
        last=_last_squares(game), ghost=ghost, ghost_ok=False if ghost else None,
        label=req.get("label") or _board_label(game, names, messages)))
    hand = None
    if not game.analysis and not game.is_over:
        hand = game.hand(game.to_move)
    return {
        "svg": svg,
        "played": played,
        "events": [describe(e, messages, names, _on_board(game)) for e in events],
        "kinds": [e.kind for e in events],
        "illegal": illegal,
        "state": state_of(game),
        "names": names,
        "to_move": player_name(game.to_move, names, messages),
        "hand": hand,
    }


def preview(req: Mapping[str, Any]) -> dict[str, Any]:
    """What ``move`` would do after ``moves``, without playing it: the ``overlay``
    markup (``qin.svg.render_overlay``), its events in words, or why it is illegal."""
    game, words, colours, names = _setup(req)
    messages = words.messages
    lang = str(req.get("lang", "en"))
    _replay(game, [str(m) for m in req.get("moves") or []], words, names, lang)
    move = typed(str(req["move"]), words.letters)
    try:
        refused = game.refusal(move)
    except ValueError:
        return {"ok": False, "overlay": "", "events": [],
                "reason": unread(move, messages, typed_by_reader=True)}
    coords = bool(req.get("coords", True))
    if refused is not None:
        overlay = render_overlay(game, BoardOptions(
            ghost=move, ghost_ok=False, colours=colours or None, coords=coords))
        return {"ok": False, "overlay": overlay, "events": [],
                "reason": refusal(refused, messages, names),
                "reading": reading(refused, messages, lang), "code": refused.code}
    events = game.preview(move)
    overlay = render_overlay(game, BoardOptions(
        ghost=move, ghost_ok=True, preview=events, colours=colours or None, coords=coords))
    return {"ok": True, "overlay": overlay, "reason": None,
            "events": [describe(e, messages, names, _on_board(game)) for e in events]}


def handle(request: str) -> str:
    """The one entry point of the script: a JSON request in, a JSON answer out.  Errors
    come back as ``{"error": ...}`` rather than as exceptions."""
    try:
        req = read_json(request, 4 * MAX_TEXT)  # a catalogue fits; deep or NaN does not
        if not isinstance(req, dict):
            return json.dumps({"error": "a request is a JSON object", "type": "ValueError"})
        op = req.get("op")
        if op not in ("render", "preview"):
            return json.dumps({"error": f"unknown request {op!r}"})
        answer = render(req) if op == "render" else preview(req)
        if "messages" in req or req.get("words") == WORDS_KEPT:
            answer["words"] = WORDS_KEPT  # said in words this worker keeps
        return json.dumps(answer)
    except DiagramError as exc:
        return json.dumps({"error": str(exc), "type": type(exc).__name__, "position": True,
                           "said": True})
    except WordsUnknown as exc:  # the page sends the catalogue again
        return json.dumps({"error": str(exc), "type": type(exc).__name__,
                           "code": WORDS_UNKNOWN})
    except (ValueError, KeyError, TypeError) as exc:
        return json.dumps({"error": str(exc), "type": type(exc).__name__})


# --------------------------------------------------------------------------- in the page

# Run by PyScript in a worker (qin-board.js): the host page calls ``handle`` through the
# worker's ``xworker.sync``, so its main thread never runs Python.
__export__ = ["handle"]
