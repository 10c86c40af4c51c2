"""HTML strings for the page's panels (pure functions of the session; no DOM).

The page sets each string as one element's ``innerHTML``: one DOM call per panel.
Every text that comes from a player (names) is escaped here.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from html import escape

import qin
from qin.svg import (
    TILE_DARK,
    TILE_FILL,
    BoardOptions,
    pagoda,
    player_colour,
    render_overlay,
    tile_mark,
)
from qin.tiles import COLOURS

from . import a11y, i18n, players
from .i18n import t
from .icons import icon
from .keyboard import hand_tile_id, log_link_id, replay_move_id
from .replay import Replay
from .saves import Entry
from .seriesplan import PLANS, plan_label
from .session import DIRECTION_NAMES, DIRECTIONS, Session, Turn, counts_of, orientations
from .setup import COLOURS as SEAT_COLOURS
from .setup import MAX_SEATS, Seat, Settings, board_label, colour_label, named_by_colour
from .wording import describe, hover_info, move_words, refusal_of, result, tile_name, winner_text


def pagoda_icon(colour: str, double: bool = False, size: int = 22) -> str:
    """A small stand-alone pagoda in ``colour`` (a palette name or CSS colour)."""
    fill = player_colour(colour)
    return (f'<svg class="pagoda-icon" viewBox="-15 -17 30 34" width="{size}" '
            f'height="{round(size * 34 / 30)}" aria-hidden="true">'
            f'{pagoda(0, 0, fill, double)}</svg>')


def tile_icon(kind: str, orientation: int = 0, cell: int = 26) -> str:
    """A tile of ``kind`` drawn in ``orientation`` (its first half where the ghost's
    anchor is), for the hand."""
    dx, dy = DIRECTIONS[orientation % 4]
    first = (0 if dx >= 0 else 1, 0 if dy >= 0 else 1)
    second = (first[0] + dx, first[1] + dy)
    w, h = (2, 1) if dy == 0 else (1, 2)
    parts = []
    for (x, y), letter in ((first, kind[0]), (second, kind[1])):
        k = COLOURS.index(letter)
        parts.append(f'<rect x="{x * cell + 1}" y="{y * cell + 1}" width="{cell - 2}" '
                     f'height="{cell - 2}" rx="4" fill="{TILE_FILL[k]}" '
                     f'stroke="{TILE_DARK[k]}" stroke-width="1"/>')
        # the colour's non-colour marker (as on the board), a little smaller
        parts.append(f'<g transform="translate({x * cell + cell / 2:g} {y * cell + cell / 2:g}) '
                     f'scale(.7)">{tile_mark(0, 0, k)}</g>')
    # A dot marks the first half: the square under the pointer when placing.
    cx, cy = first[0] * cell + cell / 2, first[1] * cell + cell / 2
    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="3" fill="#fff" fill-opacity=".85"/>')
    return (f'<svg class="tile-icon" viewBox="0 0 {w * cell} {h * cell}" '
            f'width="{w * cell}" height="{h * cell}" aria-hidden="true">'
            + "".join(parts) + "</svg>")


# -- the start screen ------------------------------------------------------------------
Part = tuple[str, str]
"""A piece of the start screen's seat rows: its key and its HTML; the key ``""`` for
HTML of the player's own (a name typed), which no other table shares."""


def seat_parts(index: int, seat: Seat) -> list[Part]:
    """Seat ``index``'s row (pagoda, name, colour, player type) as keyed pieces, each a
    function of what its key names (the seat's number, its colour, its player type, the
    page's language), so that a table's rows can be kept as keys (``start_screen``) and
    shown in any language by joining the pieces of that language (``PIECES``)."""
    n = index + 1
    # the kinds offered, and the seat's own (a level not offered, from a saved game)
    kinds = [k for k in players.KINDS.values() if k.offered or k.key == seat.kind]
    colour_options = "".join(
        f'<option value="{c}"{" selected" if c == seat.colour else ""}>'
        f"{escape(colour_label(c))}</option>" for c in SEAT_COLOURS)
    kind_options = "".join(
        f'<option value="{escape(k.key)}"{" selected" if k.key == seat.kind else ""}'
        + (f' title="{escape(players.description(k))}"' if k.description else "")
        + f">{escape(players.label(k))}</option>" for k in kinds)
    named = named_by_colour(seat)  # named after its colour: follows it
    parts = [
        (f"seat.{index}", f'<div class="seat" data-seat="{index}"><span class="seat-pagoda">'),
        (f"pagoda.{seat.colour}", pagoda_icon(seat.colour, size=26)),
        (f"seat.{index}.name",
         f'</span><label class="seat-name"><span class="sr-only">{t("seat.name", n=n)}</span>'
         f'<input id="seat-name-{index}" type="text" maxlength="20" autocomplete="off" '
         'value="'),
        (f"name.{seat.colour}" if named else "",
         escape(colour_label(seat.colour) if named else seat.name)),
        (f"seat.{index}.colour",
         f'"></label><label class="seat-colour"><span class="sr-only">'
         f'{t("seat.colour", n=n)}</span><select id="seat-colour-{index}" '
         f'data-seat="{index}">'),
        (f"colours.{seat.colour}", colour_options),
        (f"seat.{index}.kind",
         f'</select></label><label class="seat-kind"><span class="sr-only">'
         f'{t("seat.player", n=n)}</span><select id="seat-kind-{index}" data-seat="{index}">'),
        (f"kinds.{seat.kind}", f"{kind_options}</select></label></div>"),
    ]
    chosen = players.KINDS.get(seat.kind)
    if chosen is not None and chosen.description:
        parts += [(f"seat.{index}.hint", f'<p class="seat-hint" id="seat-hint-{index}">'),
                  (f"about.{seat.kind}", f"{escape(players.description(chosen))}</p>")]
    return parts


def seats_parts(settings: Settings) -> list[Part]:
    """The seat rows' pieces, one row per seat (``seat_parts``)."""
    return [part for i, seat in enumerate(settings.seats) for part in seat_parts(i, seat)]


def seats_html(settings: Settings) -> str:
    """One row per seat: pagoda, name, colour, player type."""
    return "".join(html for _, html in seats_parts(settings))


def seat_pieces() -> dict[str, str]:
    """Every keyed piece of the seat rows in the page's language (``seat_parts``): of
    each seat number with each colour and each player type."""
    pieces: dict[str, str] = {}
    for index in range(MAX_SEATS):
        for colour in SEAT_COLOURS:
            for kind in players.KINDS:
                seat = Seat(colour_label(colour), colour, kind)
                pieces.update((key, html) for key, html in seat_parts(index, seat) if key)
    return pieces


def plans_html() -> str:
    """The "Games" choices: one game or a series."""
    return "".join(f'<option value="{key}">{escape(plan_label(key))}</option>' for key in PLANS)


def level_name(level: str) -> str:
    """A computer level's name in the page's language (its key if not registered)."""
    kind = players.KINDS.get(level)
    return players.name(kind) if kind is not None else level


def _date(ms: float) -> str:
    if not ms:
        return t("saved.unknown_date")
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000.0))


def saved_html(entries: Sequence[Entry]) -> str:
    """The "Saved games" list: resume (a finished game: open), export, delete (a damaged
    save: export its text)."""
    return saved_list(saved_rows(entries))


def saved_list(rows: Sequence[str]) -> str:
    """The "Saved games" list of these rows (``saved_rows``); none: a line saying so."""
    return "".join(rows) or f'<li class="empty">{escape(t("saved.none"))}</li>'


def saved_more(count: int) -> str:
    """The line under the first saved games listed before Python (``start_screen``):
    ``count`` more, listed once the page has loaded."""
    return f'<li class="more">{escape(i18n.plural(count, "saved.more"))}</li>'


def saved_rows(entries: Sequence[Entry]) -> list[str]:
    """The "Saved games" list's rows (``saved_html``), one per entry."""
    rows = []
    for e in entries:
        sid = escape(e.id, quote=True)
        delete = (f'<button type="button" data-action="delete" class="quiet">'
                  f'{escape(t("saved.delete"))}</button></span></li>')
        if e.ok:
            names = escape(f" {t('saved.vs')} ".join(i18n.player_names(e.names, e.colours)))
            what = t("saved.series" if e.series else "saved.game", board=board_label(e.board),
                     state=i18n.said(e.state), moves=i18n.plural(e.moves, "saved.moves"))
            rows.append(
                f'<li class="saved-game" data-id="{sid}" data-state="ok">'
                f'<span class="saved-what"><strong>{names}</strong> '
                f"{escape(what)} <small>{_date(e.updated)}</small></span> "
                f'<span class="saved-actions"><button type="button" data-action="resume">'
                f'{escape(t("saved.open" if e.over else "saved.resume"))}</button> '
                f'<button type="button" data-action="export-save">'
                f'{escape(t("saved.export"))}</button> ' + delete)
        else:
            rows.append(
                f'<li class="saved-game damaged" data-id="{sid}" data-state="damaged">'
                f'<span class="saved-what"><strong>{escape(t("saved.damaged"))}</strong> — '
                f"{escape(i18n.said(e.state))}</span> "
                f'<span class="saved-actions"><button type="button" data-action="export-raw">'
                f'{escape(t("saved.export_raw"))}</button> ' + delete)
    return rows


# -- the side panel --------------------------------------------------------------------
TURN_ICON = icon("to-move")
"""Whose turn it is, beside the name (an SVG icon, never a font's glyph)."""


def players_html(session: Session, shown: qin.Game | None = None, pile: bool = True) -> str:
    """The players' table: each seat's pagodas on the board and left, its tiles in hand,
    whose turn, the pile (``pile``: counted; not for a tutorial step without one); of
    the game on screen, or of ``shown`` (the replay's position: the table follows the
    replayed move, not the game's end)."""
    game = shown if shown is not None else session.game
    names = session.shown_names()
    rows = []
    for p, (on_board, left, hand) in enumerate(counts_of(game), start=1):
        colour = session.colours[p - 1]
        kind = session.kinds[p - 1]
        classes = ["player"]
        if not game.is_over and p == game.to_move:
            classes.append("to-move")
        if game.is_over and p in game.winners:
            classes.append("winner")
        marker = (f'<span class="turn-marker" title="{t("players.to_move")}">{TURN_ICON}</span>'
                  if "to-move" in classes else '<span class="turn-marker"></span>')
        tiles = i18n.plural(hand, "players.tiles")
        rows.append(
            f'<li class="{" ".join(classes)}" data-player="{p}" data-on-board="{on_board}" '
            f'data-left="{left}" data-hand="{hand}">{marker}'
            f"{pagoda_icon(colour)}"
            f'<span class="who"><span class="name">{escape(names[p - 1])}</span>'
            f'<span class="kind">{escape(players.label(kind))} · '
            f'<span class="tiles">{escape(tiles)}</span></span></span>'
            f'<span class="stat" title="{escape(t("players.on_board.title"))}"><b>{on_board}</b>'
            f'{escape(t("players.on_board"))}</span>'
            f'<span class="stat" title="{escape(t("players.left.title"))}"><b>{left}</b>'
            f'{escape(t("players.left"))}</span>'
            f"</li>")
    table = f'<ol class="players">{"".join(rows)}</ol>'
    if not pile:
        return table
    count = game.pile_count
    return table + (f'<p class="pile" data-pile="{count}">'
                    f'{escape(i18n.plural(count, "players.pile"))}</p>')


def hand_html(session: Session, paused: bool = False) -> str:
    """The hand's tiles as buttons, or what stands in their place (a computer choosing,
    or, in a paused game of computers, the game waiting for a speed)."""
    hand = session.visible_hand()
    if hand is None:
        if session.over:
            return f'<p class="hand-note">{escape(t("hand.over"))}</p>'
        who = session.shown_names()[session.to_move - 1]
        if session.covered:
            note = t("hand.hidden", whose=i18n.whose(who))
        elif paused:
            note = t("hand.paused", who=who)
        else:
            note = t("hand.choosing", who=who)
        return f'<p class="hand-note">{escape(note)}</p>'
    if not hand:
        return f'<p class="hand-note">{escape(t("hand.empty"))}</p>'
    buttons = []
    for i, kind in enumerate(hand):
        selected = i == session.selected
        orientation = session.orientation if selected else 0
        playable = session.playable(kind)
        classes = ["tile-btn"]
        if selected:
            classes.append("selected")
        if not playable:
            classes.append("unplayable")
        title = escape(tile_name(kind) if playable else t("hand.no_place", tile=tile_name(kind)))
        facing = ""
        if selected and orientations(kind) > 1:
            facing = f' data-orientation="{DIRECTION_NAMES[orientation]}"'
        buttons.append(
            f'<button type="button" id="{hand_tile_id(i)}" class="{" ".join(classes)}" '
            f'data-index="{i}" '
            f'data-kind="{kind}"{facing} aria-pressed="{"true" if selected else "false"}" '
            f'aria-label="{escape(a11y.tile_label(kind, playable, selected, i + 1))}" '
            f'title="{title}"{"" if playable else " disabled"}>'
            f"{tile_icon(kind, orientation)}</button>")
    return "".join(buttons)


def rules_link(event: qin.Event, ident: str = "") -> str:
    """A link from a log line to the section of the rules reference that explains the
    event (in a new tab: the game stays as it is).  With ``ident`` (its id) it is out
    of the Tab order: the log is one Tab stop, the arrow keys move between its links
    (``keyboard.list_step``)."""
    href = i18n.rules_href(event)
    if href is None:
        return ""
    roving = f' id="{ident}" tabindex="-1"' if ident else ""
    return (f' <a class="rules-link"{roving} href="{href}" target="_blank" rel="noopener" '
            f'title="{escape(t("log.rules_title"))}">{escape(t("ui.rules_link"))}</a>')


def log_line(turn: Turn, index: int) -> str:
    """Event ``index`` of ``turn`` in words, with its link to the rules."""
    return (escape(describe(turn.events[index], turn.shown_names()))
            + rules_link(turn.events[index], log_link_id(turn, index)))


def log_html(session: Session) -> str:
    """The moves so far, newest first; each event links to its rules."""
    if not session.turns:
        return f'<li class="empty">{escape(t("log.empty"))}</li>'
    return "".join(turn_html(session, turn) for turn in reversed(session.turns))


def turn_key(turn: Turn) -> str:
    """A turn's key in the log (its ``data-part``)."""
    return f"turn-{turn.number}"


def turn_html(session: Session, turn: Turn) -> str:
    """One move of the log: who, the move, its events (each linked to its rules)."""
    colour = player_colour(session.colours[turn.player - 1])
    head = log_line(turn, 0) if turn.events else escape(move_words(turn.move))
    details = "".join(f'<li class="ev-{kind}">{log_line(turn, i)}</li>'
                      for i, kind in enumerate(turn.kinds) if i)
    return (f'<li class="turn" data-turn="{turn.number}" data-player="{turn.player}" '
            f'data-move="{turn.move}" data-part="{turn_key(turn)}">'
            f'<svg class="dot" viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" '
            f'r="4.5" fill="{colour}" stroke="#0006"/></svg>'
            f'<span class="num">{turn.number}.</span> '
            f'<span class="head">{head}</span>'
            + (f"<ul>{details}</ul>" if details else "")
            + "</li>")


def replay_log_items(replay: Replay) -> list[tuple[str, str]]:
    """The replayed game's moves, newest first, each keyed (``data-part``: a step writes
    only the moves it changes, the others stay as they are, and the browser keeps what
    the player reads in place when those above it change): each a button that jumps
    there (out of the Tab order: the log is one Tab stop, the arrow keys move between its
    buttons, ``keyboard.list_step``); the moves up to the board's move also say their
    events, the board's move is marked ``current`` and later ones ``data-future``."""
    names = replay.shown_names()
    items = []
    for step in reversed(replay.log):
        cls = ' class="current"' if step.number == replay.cursor else ""
        future = ' data-future="1"' if step.number > replay.cursor else ""
        lines = (f'<ul id="{replay_said_id(step.number)}">'
                 + "".join(f"<li>{escape(line)}</li>" for line in step.lines)
                 + "</ul>") if step.lines and step.number <= replay.cursor else ""
        said = t("replay.entry", who=names[step.player - 1], move=move_words(step.move))
        key = f"replay-{step.number}"
        items.append((key, f'<li value="{step.number}" data-move="{step.number}"{cls}{future} '
                           f'data-part="{key}">'
                           f'<button type="button" class="log-jump" '
                           f'id="{replay_move_id(step.number)}" '
                           f'tabindex="-1" data-move="{step.number}">'
                           f"{escape(said)}</button>"
                           f"{lines}</li>"))
    return items


def replay_said_id(number: int) -> str:
    """The id of the list of move ``number``'s events in the replay's log."""
    return f"log-said-{number}"


def replay_moves(replay: Replay) -> list[str]:
    """The ids of the replay log's buttons, in the log's order (``replay_log_items``)."""
    return [replay_move_id(step.number) for step in reversed(replay.log)]


def overlay_svg(session: Session) -> str:
    """The board's overlay: the ghost tile under the pointer with what it would do (or
    the hint's), the province or village under it with its pagodas."""
    h = session.hover_state
    if h.ghost is None and session.hint is not None and not session.over:
        return render_overlay(session.game, BoardOptions(
            ghost=session.hint, ghost_ok=True, preview=session.preview(session.hint),
            colours=session.colours))
    if h.ghost is None and not h.focus:
        return ""
    return render_overlay(session.game, BoardOptions(
        ghost=h.ghost, ghost_ok=h.ok, preview=h.preview if h.ok else None, focus=h.focus,
        focus_owner=h.focus_owner, colours=session.colours,
        tally_at=h.square if h.tally is not None else None, tally=h.tally))


def rule_link(refused: qin.IllegalMove | None) -> str:
    """A link to the reading of the rules a refusal applies, named in words (in a new
    tab: the game stays as it is); "" for none."""
    rule = i18n.refusal_rule(refused) if refused is not None else None
    if rule is None:
        return ""
    href, title = rule
    return (f' <a class="rules-link reading-link" href="{href}" target="_blank" '
            f'rel="noopener" title="{escape(t("reading.title"))}">{escape(title)}</a>')


def info_html(session: Session) -> str:
    """The box that explains the square under the pointer ("" for nothing to say, or
    for the try just refused there, which the status line says: ``refusal_said``)."""
    if session.refusal_said:
        return ""
    h = session.hover_state
    info = hover_info(session, h)
    if not info:
        return ""
    cls = "info-bad" if h.ghost is not None and not h.ok else (
        "info-preview" if h.ghost is not None else "info-hover")
    said = [escape(line) for line in info.split("\n") if line]
    if said and h.ghost is not None and not h.ok:  # the reading applied, after the reason
        said[-1] += rule_link(refusal_of(session, h.ghost))
    lines = "".join(f"<li>{line}</li>" for line in said)
    title = ""
    if h.ghost is not None and h.ok:
        title = f'<p class="info-title">{escape(t("info.placing", square=h.square or ""))}</p>'
    elif h.ghost is not None:
        title = f'<p class="info-title">{escape(t("info.not_on", square=h.square or ""))}</p>'
    return f'<div class="{cls}">{title}<ul>{lines}</ul></div>'


def cover_text(session: Session) -> tuple[str, str, str]:
    """(message, confirm button label, undo button label or "") for the cover."""
    who = session.shown_names()[session.to_move - 1]
    undo = ""
    if session.can_undo and session.turns:
        last = session.turns[-1]
        undo = t("cover.undo", whose=i18n.whose(session.shown_names()[last.player - 1]))
    return t("cover.text", who=who), t("cover.ok", who=who), undo


def result_html(session: Session) -> str:
    winners, how = result(session)
    names = session.shown_names()
    title = winner_text(session)
    rows = []
    for p, (on_board, left, _) in enumerate(session.counts(), start=1):
        won = p in winners
        rows.append(
            f'<tr class="{"winner" if won else ""}" data-player="{p}" '
            f'data-on-board="{on_board}" data-left="{left}">'
            f"<td>{pagoda_icon(session.colours[p - 1])}</td>"
            f'<td class="name">{escape(names[p - 1])}'
            + (f'<span class="badge">{escape(t("result.badge"))}</span>' if won else "")
            + "</td>"
            f"<td>{on_board}</td><td>{left}</td></tr>")
    hints = ""
    if any(session.hints):
        counts = ", ".join(f"{names[p - 1]} {n}" for p, n in enumerate(session.hints, 1))
        hints = (f'<p class="hints" id="result-hints" '
                 f'data-hints="{" ".join(map(str, session.hints))}">'
                 f'{escape(t("hint.result", counts=counts))}</p>')
    return (f'<h2 id="result-title">{escape(title)}</h2>'
            f'<p class="how">{escape(how)}</p>'
            f'<table class="result-table"><thead><tr><th></th>'
            f'<th>{escape(t("result.player"))}</th><th>{escape(t("result.on_board"))}</th>'
            f'<th>{escape(t("result.left"))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{hints}')


def meta_text(session: Session) -> str:
    s = session.settings
    key = "meta.fair" if s.fair_start else "meta.plain"
    return t(key, board=board_label(s.board), players=s.players, seed=session.game.seed)
