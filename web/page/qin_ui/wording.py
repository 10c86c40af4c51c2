"""A game on screen in words, in the page's language (pure functions; no DOM).

The table (``session.Session``) holds the game, the seats, the picked tile and the
square under the pointer, and no words; these functions say them: the status line,
the info box under the pointer, why a tile cannot go, the log's lines, the hint, the
result.  ``views`` and ``a11y`` put them into HTML.
"""

from __future__ import annotations

from collections.abc import Sequence

import qin

from . import explain, i18n, players
from .i18n import t
from .session import Hover, Session, Turn, orientations


def tile_name(kind: str) -> str:
    """``"RY"`` -> ``"red/yellow"``, ``"BB"`` -> ``"blue/blue"`` (in the page's language)."""
    return i18n.tile_name(kind)


def describe(event: qin.Event, names: Sequence[str]) -> str:
    """One line for ``event`` in the page's language."""
    return i18n.describe(event, names)


def move_words(move: str | qin.Move) -> str:
    """A move in words, without its player: "a blue tile on c6 and c7", "a red/yellow
    tile (red on c6, yellow on c7)", "a pass" (never the move's code)."""
    move = qin.Move.parse(move) if isinstance(move, str) else move
    if move.is_pass:
        return t("move.pass")
    a, b = move.squares
    first, second = move.kind[0], move.kind[1]
    if first == second:
        return t("move.single", colour=i18n.colour(first, "tile"), a=a, b=b)
    return t("move.mixed", first=i18n.colour(first), second=i18n.colour(second), a=a, b=b)


def turn_lines(turn: Turn) -> list[str]:
    """A move of the log in words: one line per event."""
    return [describe(e, turn.shown_names()) for e in turn.events]


def refusal_of(s: Session, move: qin.Move) -> qin.IllegalMove | None:
    """The engine's refusal of ``move`` (a ghost, perhaps partly off the board: the
    refusal names the edge it sticks out over); ``None`` when it is legal."""
    try:
        return s.game.refusal(move)
    except ValueError:
        return None


def why_not(s: Session, move: qin.Move) -> str:
    """Why ``move`` (a ghost) cannot be placed, in the engine's words (said in the
    page's language; the rule applied is a link of its own: ``views.rule_link``)."""
    refused = refusal_of(s, move)
    return i18n.refusal(refused, s.shown_names()) if refused is not None else ""


def tally_text(s: Session, tally: dict[int, int]) -> str:
    """A village's pagodas per player in words: "Green 1, White 2"."""
    return ", ".join(f"{s.shown_names()[p - 1]} {tally.get(p, 0)}"
                     for p in range(1, s.game.players + 1))


def hover_reason(s: Session, h: Hover | None = None) -> str:
    """Why the picked tile cannot go under the pointer ("" when it can, or none is)."""
    h = s.hover_state if h is None else h
    return why_not(s, h.ghost) if h.refused and h.ghost is not None else ""


def hover_info(s: Session, h: Hover | None = None) -> str:
    """The info box: what the ghost tile would do there, why it cannot go there, or
    the province or village under the pointer ("" for nothing to say)."""
    h = s.hover_state if h is None else h
    if h.square is None:
        return ""
    if h.ghost is not None:
        if not h.ok:
            return why_not(s, h.ghost)
        return "\n".join(describe(e, s.shown_names()) for e in h.preview
                         if e.kind not in ("place",)) or t("info.nothing")
    if h.village:
        held = h.focus_owner
        holder = (t("info.village.held", name=s.shown_names()[held - 1]) if held
                  else t("info.village.empty"))
        return t("info.village", square=h.square, holder=holder,
                 counts=tally_text(s, h.tally or {}))
    if h.province_size:
        key = "info.major" if h.province_size >= 5 else "info.province"
        return t(key, whose=i18n.whose(s.shown_names()[h.focus_owner - 1]),
                 colour=i18n.colour(h.colour, "province"), size=h.province_size)
    if h.colour:
        return t("info.lone", colour=i18n.colour(h.colour), square=h.square)
    return ""


def hint_text(s: Session) -> str:
    """The hint in words: the tile, its squares and what it would cause, then why, in a
    sentence comparing it with the move the player was looking at or the next best."""
    move = s.hint
    if move is None:
        return ""
    lines = [describe(e, s.shown_names()) for e in s.preview(move) if e.kind != "place"]
    head = t("hint.shown", tile=tile_name(move.kind), squares="–".join(move.squares))
    other = s.hint_other
    if other is not None and other in s.game.legal_moves():
        label = t("hint.considered" if s.hint_considered else "hint.next_best",
                  tile=tile_name(other.kind), squares="–".join(other.squares))
        lines.append(t("hint.why", what=explain.what(s.preview(move), s.to_move, s.shown_names()),
                       other=label,
                       other_what=explain.what(s.preview(other), s.to_move, s.shown_names())))
    return "\n".join([head, *lines])


def notice_text(s: Session) -> str:
    """The notice on the status line ("" for none)."""
    notice = s.notice
    if notice is None:
        return ""
    if notice.kind == "pick-first":
        return t("keys.pick_first")
    if notice.kind == "refused":
        return (why_not(s, notice.move) if notice.move is not None else "") \
            or t("status.cannot_go")
    whose = i18n.whose(s.shown_names()[s.to_move - 1])
    move = move_words(notice.undone)
    if notice.replies:
        return i18n.plural(notice.replies, "status.undone.replies", whose=whose, move=move)
    return t("status.undone", whose=whose, move=move)


def status(s: Session, pointer: str = "mouse", armed: bool = False, brief: bool = False) -> str:
    """One line: whose turn and what to do, in the words of the input in use
    (``pointer``: on a touch screen a tile is placed by two taps and turned by Turn;
    ``armed``: a first tap shows the ghost that a second one places); ``brief``: a
    player to pick a tile is said only to be the one to move (after another note)."""
    if s.over:
        return t("status.over", result=winner_text(s))
    who = s.shown_names()[s.to_move - 1]
    if s.notice is not None and not s.covered:
        return notice_text(s)
    if s.covered:
        return t("status.cover", who=who)
    if not s.is_human(s.to_move):
        return t("status.thinking", who=who, level=players.name(s.kinds[s.to_move - 1]))
    if s.must_pass:
        return t("status.must_pass", who=who)
    kind = s.selected_kind
    if kind is None:
        return t("ui.to_move" if brief else "status.pick", who=who)
    if pointer == "touch":
        key = "status.preview.touch" if armed else "status.place.touch"
    else:
        key = "status.place.turn" if orientations(kind) > 1 else "status.place"
    return t(key, who=who, tile=tile_name(kind))


def winner_text(s: Session) -> str:
    """``"Green wins!"`` or ``"Green and White share the win!"`` (when over)."""
    return winners_words(s.game.winners, s.shown_names())


def winners_words(winners: Sequence[int], names: Sequence[str]) -> str:
    """The winning seats ``winners`` in words, each by its name in ``names``."""
    who = [names[w - 1] for w in winners]
    if len(who) == 1:
        return t("result.wins", who=who[0])
    return t("result.share", who=i18n.join(who))


def result(s: Session) -> tuple[tuple[int, ...], str]:
    """Winners and how the game ended (only when over)."""
    g = s.game
    last = s.turns[-1].kinds if s.turns else []
    if "win" in last:
        who = s.shown_names()[g.winners[0] - 1]
        return g.winners, t("result.how.last", who=who)
    return g.winners, t("result.how.blocked")
