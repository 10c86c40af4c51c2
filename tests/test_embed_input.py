"""A diagram's hostile or oversized input is refused before anything is drawn, as the
diagram's error (never as the engine's): stamp.js's checks (run under Node) and
web/embed/qin_embed.py's, the engine side of the same diagram.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from qin import Game, PositionError
from qin.messages import catalogue, position_error_text
from qin.svg import PAGODA_COLOURS
from tests.conftest import children_cpu, node_json

ROOT = Path(__file__).resolve().parent.parent
STAMP = ROOT / "web" / "embed" / "stamp.js"

sys.path.insert(0, str(ROOT / "web" / "embed"))
import qin_embed  # noqa: E402  (web/embed is not a package)

HOSTILE = 'x"/><img/src/onerror=alert(document.domain)>'
SMALL = "players: 2\n. . .\n. r1 r\n. . v2\n"


def node(script: str) -> Any:
    return node_json(f"import * as stamp from {json.dumps(STAMP.as_uri())};\n{script}")


def test_stamp_accepts_only_palette_names_and_hex_colours() -> None:
    palette = json.dumps(list(PAGODA_COLOURS))
    found = node(f"""const p = {palette};
      console.log(JSON.stringify([
        stamp.badColour(["Green", "#a0B1c2", "pink"], p),
        stamp.badColour(["green", {json.dumps(HOSTILE)}], p),
        stamp.badColour(["javascript:alert(1)"], p),
        stamp.badColour(["#abc"], p),
      ]));""")
    assert found == [None, HOSTILE, "javascript:alert(1)", "#abc"]


@pytest.mark.parametrize(("text", "says"), [
    (". .\n" * 5000, "line 100: a board has at most 99 rows"),
    (" ".join(["."] * 27) + "\n", "27 squares, a board has at most 26 columns"),
    ("# " + "x" * 70000 + "\n. .\n", "at most 65536"),
])
def test_stamp_refuses_a_position_beyond_the_limits_at_once(text: str, says: str) -> None:
    started = children_cpu()
    found = node(f"""try {{ stamp.parsePosition({json.dumps(text)});
        console.log(JSON.stringify(null)); }}
      catch (err) {{ console.log(JSON.stringify([err.message, err.tooLarge === true])); }}""")
    assert found is not None and says in found[0] and found[1] is True
    assert children_cpu() - started < 10  # Node's start included


BOARD = "players: 2\n. . .\n. r1 r\n"


def at_length(chars: int) -> str:
    """A small position whose comment of emoji (two UTF-16 units each, one character)
    makes the text ``chars`` characters long."""
    return "# " + "\U0001F600" * (chars - 3 - len(BOARD)) + "\n" + BOARD


@pytest.mark.parametrize(("chars", "refused"), [(65536, False), (65537, True)])
def test_the_size_limit_counts_characters_on_both_sides(chars: int, refused: bool) -> None:
    """A position's length is counted in characters (code points), by stamp.js as by
    the engine side: a position of emoji at the limit is drawn by both, one character
    more is refused by both, though its length in JavaScript (UTF-16 units) is nearly
    twice the limit."""
    text = at_length(chars)
    assert len(text) == chars and len(text.encode("utf-16-le")) // 2 > 65536 + 60000
    emoji = chars - 3 - len(BOARD)  # the text is built in Node: too long for its command
    found = node(f"""const text = "# " + "\\u{{1F600}}".repeat({emoji}) + "\\n"
        + {json.dumps(BOARD)};
      try {{ const p = stamp.parsePosition(text);
        console.log(JSON.stringify([p.width, p.height])); }}
      catch (err) {{ console.log(JSON.stringify([err.message, err.tooLarge === true])); }}""")
    answer = ask(position=text)
    if refused:
        assert found == [f"the position has {chars} characters, at most 65536", True]
        assert answer["position"] is True and "65,536" in answer["error"]
    else:
        assert found == [3, 2]
        assert "error" not in answer and "<svg" in answer["svg"]


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(qin_embed.handle(json.dumps(
        {"op": "render", "position": SMALL, "lang": "en", **request})))
    return answer


@pytest.mark.parametrize("colour", [HOSTILE, "javascript:alert(1)", '"/><script>', "red"])
def test_the_engine_side_refuses_a_hostile_colour_as_the_diagrams_error(colour: str) -> None:
    answer = ask(colours=["green", colour])
    assert answer["position"] is True and "not a player colour" in answer["error"]
    assert "svg" not in answer


@pytest.mark.parametrize("name", ["\u202eevil", "two\nlines", "bell\u0007", "\u2066isolated"])
def test_the_engine_side_refuses_a_name_no_player_may_have_as_the_diagrams_error(
        name: str) -> None:
    """A name holding a control character or a text direction mark (which would turn the
    rest of the diagram's sentences around: "\u202eevil to move" reads backwards) is the
    diagram's error, as the start screen refuses it; the name is shown escaped."""
    answer = ask(names=["Ann", name])
    assert answer["position"] is True and answer["said"] is True and "svg" not in answer
    assert "holds a control character" in answer["error"]
    assert not any(ch in answer["error"] for ch in "\u202e\n\u0007\u2066")


def test_joined_emoji_and_any_script_are_a_diagrams_names() -> None:
    family = "Mum \U0001f468\u200d\U0001f469\u200d\U0001f467"
    answer = ask(names=[family, "\u674e\u767d"])
    assert "error" not in answer and answer["names"] == [family, "\u674e\u767d"]


def test_the_engine_side_refuses_an_oversized_position_before_parsing_it() -> None:
    answer = ask(position="players: 2\n" + ". .\n" * 40000)
    assert answer["position"] is True and ("at most 65,536" in answer["error"]
                                           or "65536 characters" in answer["error"])
    rows = ask(position="players: 2\n" + ". .\n" * 5000)
    assert rows["position"] is True and "99 rows" in rows["error"]


SITE = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in ("en", "de", "fr")}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_engine_sides_refusals_are_said_in_the_readers_language(lang: str) -> None:
    """What the engine side refuses of a diagram (too large, a colour, a position) is
    said as the script says its own checks, from the catalogue the request carries: the
    diagram's error, already in words (``said``)."""
    words = SITE[lang]
    huge = ask(position="players: 2\n" + ". .\n" * 40000, lang=lang, messages=words)
    assert huge["error"] == words["ui.too_large"].format(cols=26, rows=99, chars=65536)
    colour = ask(colours=["green", "teal"], lang=lang, messages=words)
    quoted = catalogue(lang)["value.quoted"].format(text="teal")
    assert colour["error"] == words["ui.bad_colour"].format(
        colour=quoted, palette=", ".join(PAGODA_COLOURS))
    named = ask(names=["Ann", "\u202eevil"], lang=lang, messages=words)
    assert named["error"] == words["ui.bad_name"].format(
        name=catalogue(lang)["value.quoted"].format(text="\\u202eevil"))
    broken = ask(position="players: 2\n. . .\n. x .\n", lang=lang, messages=words)
    with pytest.raises(PositionError) as refused:
        Game.from_position("players: 2\n. . .\n. x .\n")
    reason = position_error_text(refused.value, lang)
    assert broken["error"] == words["ui.position_failed"].format(error=reason)
    for answer in (huge, colour, named, broken):
        assert answer["position"] is True and answer["said"] is True and "svg" not in answer


def test_palette_and_hex_colours_are_drawn() -> None:
    answer = ask(colours=["Purple", "#12ab34"])
    assert "error" not in answer
    assert "#8a4bb3" in answer["svg"] and "#12ab34" in answer["svg"]


@pytest.mark.parametrize("request_text", [
    "[" * 60_000 + "]" * 60_000, '{"op": "render", "position": ' + "9" * 5_000 + "}",
    '{"op": "render", "position": NaN}', "[1]", '"x"',
    '{"op": "render", "position": "players: 2\\n. .\\n", "messages": 5}', "{"])
def test_a_hostile_request_is_answered_with_an_error_never_raised(request_text: str) -> None:
    """A diagram's requests come from the embedding page: read by the one JSON reader
    (``qin.json_text``), anything it refuses or a request of the wrong shape is an
    ``{"error": ...}`` answer."""
    answer = json.loads(qin_embed.handle(request_text))
    assert answer["error"]


CUT_TEXTS = [
    "green", "",
    "a" * 39 + "\U0001f600" * 2000,  # an emoji across the cut: one character, never split
    "\u4e2d" * 41, "tab\there\x1b[2J" + "\u202e" + "z" * 60,  # escapes, then the cut
    "x\ud800y", "\U0001f600" * 40, "\U0001f600" * 41, "nb\u00a0sp ok\u2028",
]
"""Offending texts as a hostile diagram's author writes them: emoji and CJK characters
at the cut, control and format characters, a lone surrogate, very long text."""


@pytest.mark.parametrize("limit", [20, 40, 60])
def test_stamp_shows_an_offending_text_as_the_engine_does(limit: int) -> None:
    """stamp.js's ``shown`` (a bad colour's, a bad step's, a bad position's text) is the
    engine's ``qin.inputs.shown``: cut in characters (code points), escaped, with the
    whole length when cut; an emoji or a CJK character is never split in two."""
    from qin.inputs import shown

    found = node(f"""console.log(JSON.stringify({json.dumps(CUT_TEXTS)}
      .map((text) => stamp.shown(text, {limit}))));""")
    assert found == [shown(text, limit) for text in CUT_TEXTS]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "'" + "a" * 39 + "\U0001f600…' (2,039 characters)"),
    ("de", "„" + "a" * 39 + "\U0001f600…“ (2.039 Zeichen)"),
    ("fr", "«\u00a0" + "a" * 39 + "\U0001f600…\u00a0» (2\u202f039\u00a0caractères)"),
])
def test_a_diagrams_long_bad_colour_is_cut_in_characters_and_counted(
        lang: str, said: str) -> None:
    answer = json.loads(qin_embed.handle(json.dumps(
        {"op": "render", "position": SMALL, "lang": lang, "messages": SITE[lang],
         "colours": ["green", "a" * 39 + "\U0001f600" * 2000]})))
    assert said in answer["error"], answer["error"]
