"""Events and refusals in words: the one message catalogue, in English, German and French.

The engine speaks in codes and data (``Event`` kinds and fields, ``IllegalMove``,
``RecordError``, ``SeriesError`` and ``PositionError`` codes and params); this module
words them from the catalogues ``qin/messages/<lang>.json``, which ship in the wheel
and serve the command line, the game page and the embeddable diagrams alike::

    describe(Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3), ["Green", "White"])
    == "Green founds a red province of 3 (c4 d4 e4)"
    refusal_text(exc, "de", names)  # an IllegalMove (or its to_dict()) in German
    record_error_text(exc, "fr")    # a RecordError (a bad record or link) in French
    series_error_text(exc, "de")    # a SeriesError (a game that cannot count) in German
    position_error_text(exc, "fr")  # a PositionError (a bad position text) in French

The site's own catalogues (``web/i18n/<lang>.json``: buttons, labels, the rules pages)
hold none of these keys; the site build serves each language as both merged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from ..errors import CodedError, IllegalMove, PositionError, QinError, RecordError, SeriesError
from ..events import Event
from ..inputs import default_names
from .details import without_empty_details

LANGS = ("en", "de", "fr")
"""The languages the catalogue speaks; English is the default."""
DEFAULT = "en"


class LanguageError(QinError):
    """A language the message catalogue does not speak."""


@cache
def catalogue(lang: str = DEFAULT) -> Mapping[str, str]:
    """The catalogue of ``lang`` (read-only, loaded once); ``LanguageError`` for a
    language it does not speak."""
    if lang not in LANGS:
        raise LanguageError(f"no messages in the language {lang!r} "
                            f"(there are {', '.join(LANGS)})")
    raw = resources.files(__name__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    return MappingProxyType({str(k): str(v) for k, v in data.items()})


def _messages(lang: str | Mapping[str, str]) -> Mapping[str, str]:
    return catalogue(lang) if isinstance(lang, str) else lang


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def text(messages: Mapping[str, str], key: str, **values: Any) -> str:
    """The catalogue's ``key`` with its ``{placeholders}`` filled in (unknown ones stay;
    a key the catalogue lacks is said as the key itself; an empty detail, the browser's
    error text or a reason, is left out with its brackets or its colon:
    ``details.without_empty_details``)."""
    template = without_empty_details(messages.get(key, key), values)
    return template.format_map(_Keep(values)) if "{" in template else template


def _unnamed(names: Sequence[str]) -> bool:
    """``names`` are the ones a game given no names has ("Player 1", ...:
    ``qin.inputs.default_names``, a record's or a link's default), not the players' own."""
    return list(names) == default_names(len(names))


def player_name(player: int | None, names: Sequence[str] | None = None,
                lang: str | Mapping[str, str] = DEFAULT) -> str:
    """``names[player - 1]``, else the catalogue's "Player N" ("Nobody" for ``None``);
    the default names of a game given none are the catalogue's "Player N" too (so they
    read "Spieler 1" in German)."""
    messages = _messages(lang)
    if player is None:
        return text(messages, "player.nobody")
    if names and 1 <= player <= len(names) and not _unnamed(names):
        return names[player - 1]
    return text(messages, "player.default", n=player)


def is_colour_name(name: str, colour: str) -> bool:
    """``name`` is the pagoda colour ``colour``'s own name ("green": "Green", "Grün" or
    "Vert") in a language the catalogue speaks: a seat named after its colour, as the
    game page's start screen names it, not a name a player gave."""
    key = f"player.{colour}"
    return any(catalogue(lang).get(key) == name for lang in LANGS)


def shown_names(names: Sequence[str], lang: str | Mapping[str, str] = DEFAULT,
                colours: Sequence[str] = ()) -> list[str]:
    """The players' names as a reader of ``lang`` sees them: ``names``, but a game's
    default names ("Player 1", ... when it was given none) in the catalogue's words, and,
    given the seats' pagoda ``colours``, a seat named after its colour in any language
    (``is_colour_name``: "White" or "Blanc" for the white pagodas) by that colour's name
    in ``lang`` ("Weiß"); the names a record keeps stay as they were given."""
    messages = _messages(lang)
    shown = [player_name(p, names, messages) for p in range(1, len(names) + 1)]
    return [text(messages, f"player.{colour}") if is_colour_name(name, colour) else name
            for name, colour in zip(shown, colours, strict=False)] + shown[len(colours):]


def join_list(items: Sequence[str], lang: str | Mapping[str, str] = DEFAULT) -> str:
    """``a``; ``a and b``; ``a, b and c`` in the catalogue's words."""
    messages = _messages(lang)
    if len(items) <= 1:
        return "".join(items)
    head = items[0]
    for item in items[1:-1]:
        head = text(messages, "list.comma", first=head, rest=item)
    return text(messages, "list.and", first=head, last=items[-1])


def board_label(side: str | None, width: int, height: int, names: Sequence[str],
                lang: str | Mapping[str, str] = DEFAULT) -> str:
    """A board's name for a screen reader: ``Qin board (Bird), 13 by 13, players: Green
    and White``; ``side`` is the board's name (``bird``, ``lion``, a position file's own,
    or none)."""
    messages = _messages(lang)
    values = {"width": width, "height": height, "names": join_list(names, messages)}
    if not side:
        return text(messages, "board.label", **values)
    return text(messages, "board.label.side",
                side=messages.get(f"board.{side}", side), **values)


_LETTERS = ("R", "Y", "B")


def colour_word(letter: str | None, form: str = "",
                lang: str | Mapping[str, str] = DEFAULT) -> str:
    """A tile colour's word: ``form`` "" (a tile half), "province" or "tile"."""
    if not letter or letter.upper() not in _LETTERS:
        return letter or "?"
    key = f"colour.{letter.upper()}" + (f".{form}" if form else "")
    return text(_messages(lang), key)


def singular(lang: str | Mapping[str, str], whole: str, fraction: str = "") -> bool:
    """Whether a number shown as ``whole`` and ``fraction`` digits (no sign) takes the
    singular in ``lang``, by its catalogue's ``plural.rule``: "below-two" (French: a
    whole part of 0 or 1, "0 pagode", "1,5 pagode"), else "one" (English, German:
    exactly 1 with no fraction shown, "1.0 pagodas")."""
    if _messages(lang).get("plural.rule") == "below-two":
        return whole in ("0", "1")
    return whole == "1" and not fraction


def pagodas(n: int, lang: str | Mapping[str, str] = DEFAULT) -> str:
    """``"1 pagoda"``, ``"3 pagodas"`` in the catalogue's words (``singular``)."""
    messages = _messages(lang)
    key = "pagodas.one" if singular(messages, str(abs(n))) else "pagodas.many"
    return text(messages, key, n=n)


# --------------------------------------------------------------------------- events


def describe(event: Event, names: Sequence[str] | None = None,
             lang: str | Mapping[str, str] = DEFAULT,
             on_board: Mapping[int, int] | Sequence[int] | None = None) -> str:
    """One line for ``event`` in ``lang`` (a language, or a catalogue mapping).

    ``names`` are the players' names in seat order (default "Player 1" ...).
    ``on_board`` (per player, a mapping ``{player: pagodas}`` or a sequence in seat order)
    adds the pagoda counts to the line of an ``end`` event when the event itself does
    not carry them.
    """
    messages = _messages(lang)
    who = player_name(event.player, names, messages)
    whose = text(messages, "player.possessive", name=who)
    squares = " ".join(event.squares)
    size = event.size if event.size is not None else len(event.squares)
    common = {"who": who, "whose": whose, "squares": squares, "size": size,
              "colour": colour_word(event.colour, "province", messages)}
    kind = event.kind
    if kind == "place":
        pair = event.colour or ""
        if len(pair) == 2 and len(event.squares) == 2:
            a, b = event.squares
            if pair[0] == pair[1]:
                return text(messages, "event.place.single",
                            **{**common, "colour": colour_word(pair[0], "tile", messages)},
                            a=a, b=b)
            return text(messages, "event.place.mixed", **common, a=a, b=b,
                        first=colour_word(pair[0], "", messages),
                        second=colour_word(pair[1], "", messages))
        return text(messages, "event.place.other", **common)
    if kind in ("found", "expand", "major"):
        return text(messages, f"event.{kind}", **common)
    if kind == "absorb":
        return _absorb(event, names, messages, common)
    if kind == "return":
        count = event.count if event.count is not None else 1
        if len(event.squares) == 1:
            return text(messages, "event.return.village", **common, village=squares)
        key = "event.return.one" if count == 1 else "event.return.many"
        return text(messages, key, **common, count=count)
    if kind == "village":
        village = squares or "?"
        if event.from_player:
            return text(messages, "event.village.from", **common, village=village,
                        **{"from": player_name(event.from_player, names, messages)})
        return text(messages, "event.village.empty", **common, village=village)
    if kind in ("pass", "win"):
        return text(messages, f"event.{kind}", **common)
    if kind == "end":
        return _end(event, names, messages, on_board)
    return f"{who}: {kind} ({squares})"


def _absorb(event: Event, names: Sequence[str] | None, messages: Mapping[str, str],
            common: dict[str, Any]) -> str:
    """Q12/Q13: singular or plural by the number of provinces absorbed (``count``; an
    event without it counts one per loser); a join of the owner's own provinces says
    whose tile did it when someone else laid it (``by``)."""
    losers = [player_name(p, names, messages) for p in (event.losers or ())]
    if not losers:
        if event.by is not None and event.by != event.player:
            by_whose = text(messages, "player.possessive",
                            name=player_name(event.by, names, messages))
            return text(messages, "event.absorb.own.by", **common, by_whose=by_whose)
        return text(messages, "event.absorb.own", **common)
    theirs = join_list([text(messages, "player.possessive", name=n) for n in losers],
                       messages)
    absorbed = event.count if event.count is not None else len(losers)
    key = "event.absorb.one" if absorbed == 1 else "event.absorb.many"
    return text(messages, key, **common, losers=theirs)


def _end(event: Event, names: Sequence[str] | None, messages: Mapping[str, str],
         on_board: Mapping[int, int] | Sequence[int] | None) -> str:
    winners = list(event.winners or ())
    if not winners:
        return text(messages, "event.end")
    total = event.count
    if total is None and on_board is not None:
        counts = on_board if isinstance(on_board, Mapping) else dict(enumerate(on_board, 1))
        total = counts.get(winners[0])
    who_won = join_list([player_name(p, names, messages) for p in winners], messages)
    key = "event.end.one" if len(winners) == 1 else "event.end.shared"
    if total is not None:
        return text(messages, key + ".count", winners=who_won,
                    pagodas=pagodas(total, messages))
    return text(messages, key, winners=who_won)


def describe_all(events: Sequence[Event], names: Sequence[str] | None = None,
                 lang: str | Mapping[str, str] = DEFAULT,
                 on_board: Mapping[int, int] | Sequence[int] | None = None) -> list[str]:
    """``describe`` for each event, in order."""
    return [describe(e, names, lang, on_board) for e in events]


# --------------------------------------------------------------------------- refusals

REFUSAL_RULES: Mapping[str, str] = MappingProxyType({
    "village": "Q6", "water": "Q6", "start_territory": "Q6", "covered": "Q6",
    "outside": "Q6", "no_touch": "Q7", "two_majors": "Q8", "tie": "Q9",
    "pass_not_allowed": "Q10"})
"""Refusal code -> the decision (``shared/rules/decisions.md``) it applies, as data: the
command line says it as "(Q6)" (the catalogue's ``{rule}``), the game page links the
reading instead."""


def refusal_key(code: str, params: Mapping[str, Any],
                lang: str | Mapping[str, str] = DEFAULT) -> str:
    """The catalogue key that words a refusal: ``illegal.<code>``, or for a tile off
    the board the edge it sticks out over, ``illegal.outside.<edge>``, where the
    catalogue has it."""
    key = f"illegal.{code}"
    edge = params.get("edge") if code == "outside" else None
    if edge and f"{key}.{edge}" in _messages(lang):
        return f"{key}.{edge}"
    return key


def refusal_text(refusal: IllegalMove | Mapping[str, Any],
                 lang: str | Mapping[str, str] = DEFAULT,
                 names: Sequence[str] | None = None, *, with_move: bool = False,
                 rule: bool = True) -> str:
    """Why a move was refused, in ``lang``: an ``IllegalMove`` or its ``to_dict()``.

    The players it names are said with ``names`` (default: the names the engine had
    when it refused, then "Player N").  ``with_move`` puts the move in front
    (``"Rc4Yd4: c4 is water ..."``), as the exception's own message does.  ``rule``
    says the decision applied as " (Q6)" (``REFUSAL_RULES``); without it the sentence
    ends without (the game page links the reading in words instead).
    """
    messages = _messages(lang)
    if isinstance(refusal, IllegalMove):
        code, params = refusal.code, refusal.params
        if names is None:
            names = refusal.names or None
    else:
        code, params = str(refusal.get("code", "")), dict(refusal.get("params") or {})
    values: dict[str, Any] = dict(params)
    if "player" in params:
        values["who"] = player_name(int(params["player"]), names, messages)
    if "colour" in params:
        values["colour"] = colour_word(str(params["colour"]), "province", messages)
    if "players" in params:
        values["players"] = join_list([player_name(int(p), names, messages)
                                       for p in params["players"]], messages)
    if "hand" in params:
        hand = [str(k) for k in params["hand"]]
        values["hand"] = " ".join(hand) if hand else text(messages, "illegal.hand.empty")
    applied = REFUSAL_RULES.get(code)
    values["rule"] = f" ({applied})" if rule and applied else ""
    reason = text(messages, refusal_key(code, params, messages), **values)
    if with_move and params.get("move"):
        return text(messages, "illegal.move", move=params["move"], reason=reason)
    return reason


QUOTED_PARAMS = ("value", "move", "board")
"""Params of a record's, a series' or a position's refusal that hold an offending value
as data (``qin.inputs.shown``: ``{"text": ...}``, with ``"length"`` when cut,
``{"digits": n}``, ``{"data": ...}``), which ``value_text`` words; a series' list of
names holds one such value per name in ``items``."""


def grouped(n: int, lang: str | Mapping[str, str] = DEFAULT) -> str:
    """A whole number with its thousands grouped as ``lang`` writes them: by the
    catalogue's ``number.thousands`` ("1,000", "1.000", "1 000" with a narrow no-break
    space)."""
    return f"{n:,}".replace(",", text(_messages(lang), "number.thousands"))


def value_text(value: Mapping[str, Any] | str,
               lang: str | Mapping[str, str] = DEFAULT) -> str:
    """An offending value a refusal's params hold (``qin.inputs.shown``) as ``lang``
    says it: text in its quotation marks (``value.quoted``), with its length when cut
    (``value.cut``, grouped as ``lang`` groups), a huge number's digits
    (``value.digits``), other data as it is written; a plain text as it is."""
    if not isinstance(value, Mapping):
        return str(value)
    messages = _messages(lang)
    if "digits" in value:
        return text(messages, "value.digits", n=value["digits"])
    if "text" in value:
        quoted = text(messages, "value.quoted", text=value["text"])
        length = value.get("length")
        if isinstance(length, int):
            return text(messages, "value.cut", quoted=quoted, n=grouped(length, messages))
        return quoted
    return str(value.get("data", ""))


def _coded(error: CodedError | Mapping[str, Any],
           messages: Mapping[str, str] | None = None) -> tuple[str, dict[str, Any]]:
    """A coded error's code and values, from the error or its ``to_dict()``; with
    ``messages``, an offending value (``QUOTED_PARAMS``) in that catalogue's words
    (``value_text``: English '…', German „…“, French « … »)."""
    if isinstance(error, CodedError):
        code, params = error.code, dict(error.params)
    else:
        code, params = str(error.get("code", "")), dict(error.get("params") or {})
    if messages is not None:
        for name in QUOTED_PARAMS:
            if name in params:
                params[name] = value_text(params[name], messages)
        items = params.get("items")
        if isinstance(items, list) and items:
            params["value"] = join_list([value_text(item, messages) for item in items],
                                        messages)
    return code, params


def position_error_text(error: PositionError | Mapping[str, Any],
                        lang: str | Mapping[str, str] = DEFAULT) -> str:
    """Why a position text was refused, in ``lang``: a ``PositionError`` or its
    ``to_dict()``, worded from its code and values (``position.<code>``) after its line
    and column (``position.at``), the offending text quoted as ``lang`` quotes."""
    messages = _messages(lang)
    code, params = _coded(error, messages)
    values: dict[str, Any] = dict(params)
    if "colour" in params:
        values["colour"] = colour_word(str(params["colour"]), "province", messages)
    for count in ("n", "most"):
        if isinstance(params.get(count), int):
            values[count] = grouped(params[count], messages)
    key = f"position.{code}"
    reason = text(messages, key if key in messages else "position.invalid", **values)
    if "line" in params and "column" in params:
        return text(messages, "position.at", line=params["line"], column=params["column"],
                    reason=reason)
    return reason


def record_error_text(error: RecordError | Mapping[str, Any],
                      lang: str | Mapping[str, str] = DEFAULT, *, rule: bool = True) -> str:
    """Why a game record or link was refused, in ``lang``: a ``RecordError`` or its
    ``to_dict()``, worded from its code and values (``record.<code>``; the reader's
    refusal of its text as ``record.text.<problem>``).  A move the rules refuse says
    the refusal in ``lang`` (``refusal_text``; ``rule`` as there), a game of a series
    its number in the series first."""
    messages = _messages(lang)
    code, params = _coded(error, messages)
    values: dict[str, Any] = dict(params)
    key = f"record.{code}"
    if code == "text":
        key = f"record.text.{params.get('problem', 'json')}"
    if code == "board_file" and isinstance(params.get("position"), Mapping):
        key = "record.board_file.position"  # a layout that is not a valid position
        values["reason"] = position_error_text(params["position"], messages)
    if code == "move" and isinstance(params.get("refusal"), Mapping):
        names = params.get("names")
        values["reason"] = refusal_text(params["refusal"], messages,
                                        [str(n) for n in names] if names else None,
                                        rule=rule)
    said = text(messages, key if key in messages else "record.invalid", **values)
    if params.get("series_game") is not None:
        return text(messages, "record.series_game", number=params["series_game"],
                    reason=said)
    return said


def series_error_text(error: SeriesError | Mapping[str, Any],
                      lang: str | Mapping[str, str] = DEFAULT) -> str:
    """Why a game cannot count in a series, or series JSON cannot be read, in ``lang``:
    a ``SeriesError`` or its ``to_dict()``, worded from its code and values
    (``series_error.<code>``; the reader's refusal of its text as
    ``series_error.text.<problem>``); lists of players' names are said as a list."""
    messages = _messages(lang)
    code, params = _coded(error, messages)
    values: dict[str, Any] = dict(params)
    for field in ("names", "players"):
        if isinstance(params.get(field), list):
            values[field] = join_list([str(n) for n in params[field]], messages)
    key = f"series_error.{code}"
    if code == "text":
        key = f"series_error.text.{params.get('problem', 'json')}"
    return text(messages, key if key in messages else "series_error.invalid", **values)


def refusal_reading(code: str, lang: str = DEFAULT) -> tuple[str, str] | None:
    """Where the site explains the reading a refusal applies: (its page and anchor,
    ``rules/readings-<lang>.html#q6``, relative to the site's root; the key of its title
    in the site's catalogue, ``reading.q6``), or ``None`` where no reading explains it."""
    decision = REFUSAL_RULES.get(code)
    if decision is None:
        return None
    anchor = decision.lower()
    page = lang if lang in LANGS else DEFAULT
    return f"rules/readings-{page}.html#{anchor}", f"reading.{anchor}"


__all__ = ["LANGS", "DEFAULT", "LanguageError", "catalogue", "text", "player_name",
           "is_colour_name", "shown_names", "join_list", "colour_word", "singular", "pagodas",
           "describe", "describe_all", "refusal_key", "refusal_text", "REFUSAL_RULES",
           "refusal_reading", "record_error_text", "series_error_text", "position_error_text",
           "value_text", "grouped"]
