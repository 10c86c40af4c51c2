"""The message catalogues web/i18n/{en,de,fr}.json: the embedded diagrams' and rules
pages' strings and the event wording of the log, in three languages.

They must hold the same keys, no empty or untranslated strings and the same
placeholders; the English event wording must say exactly what qin.describe says; every
key the code asks for must exist; and every illegal-move explanation of the engine must
be recognised so that it can be said in German and French.
"""

from __future__ import annotations

import json
import re
import string
import sys
from pathlib import Path

import pytest

import qin
from qin.describe import describe
from qin.events import Event

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "web" / "i18n"
EMBED = ROOT / "web" / "embed"
LANGS = ("en", "de", "fr")

sys.path.insert(0, str(EMBED))
import qin_embed  # noqa: E402  (web/embed is not a package)

# Strings that are the same in every language on purpose.
SAME_EVERYWHERE = {"lang.en", "lang.de", "lang.fr", "list.comma", "player.orange"}


def load(lang: str) -> dict[str, str]:
    data = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


CATALOGUES = {lang: load(lang) for lang in LANGS}
EN = CATALOGUES["en"]
NAMES = ["Green", "White", "Purple", "Black"]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_same_keys_in_every_language() -> None:
    for lang in LANGS:
        missing = EN.keys() - CATALOGUES[lang].keys()
        extra = CATALOGUES[lang].keys() - EN.keys()
        assert not missing and not extra, (
            f"{lang}: missing {sorted(missing)}, extra {sorted(extra)}")


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_strings(lang: str) -> None:
    for key, value in CATALOGUES[lang].items():
        assert isinstance(value, str) and value.strip(), f"{lang}: {key} is empty"
        assert value == value.strip(), f"{lang}: {key} has leading or trailing blanks"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_no_untranslated_strings(lang: str) -> None:
    same = [k for k, v in CATALOGUES[lang].items() if v == EN[k] and k not in SAME_EVERYWHERE]
    assert not same, f"{lang} copies the English text of {same}"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_same_placeholders(lang: str) -> None:
    for key, value in CATALOGUES[lang].items():
        assert placeholders(value) == placeholders(EN[key]), (
            f"{lang}: {key} has {sorted(placeholders(value))}, "
            f"English {sorted(placeholders(EN[key]))}")


@pytest.mark.parametrize("lang", LANGS)
def test_language_names(lang: str) -> None:
    assert CATALOGUES[lang]["lang.name"] == EN[f"lang.{lang}"]


def test_every_key_the_code_uses_exists() -> None:
    used: set[str] = set()
    js = (EMBED / "qin-board.js").read_text(encoding="utf-8")
    used |= set(re.findall(r"""say\([^,]+,\s*"([\w.]+)\"""", js))
    py = (EMBED / "qin_embed.py").read_text(encoding="utf-8")
    used |= set(re.findall(r"""text\(messages,\s*"([\w.]+)\"""", py))
    used |= {m.group(1) for m in re.finditer(r'"(illegal\.\w+)"', py)}
    assert len(used) > 20
    # keys built at run time
    used |= {f"event.{k}" for k in ("found", "expand", "major", "pass", "win")}
    used |= {f"colour.{c}{form}" for c in "RYB" for form in ("", ".province", ".tile")}
    missing = sorted(used - EN.keys())
    assert not missing, f"keys used by web/embed but not in the catalogues: {missing}"


# --------------------------------------------------------------------------- events


def events_of_every_kind() -> list[tuple[Event, dict[int, int] | None]]:
    """Events covering every branch of qin.describe (and so of the catalogues)."""
    e: list[tuple[Event, dict[int, int] | None]] = [
        (Event("place", 1, ("c4", "d4"), colour="RY"), None),
        (Event("place", 2, ("c4", "c5"), colour="BB"), None),
        (Event("place", 3, ("c4",)), None),
        (Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3), None),
        (Event("expand", 2, ("a2", "b2", "c2", "d2"), colour="Y", size=4), None),
        (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="B", size=5, losers=()),
         None),
        (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=(2,)),
         None),
        (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1", "f1"), colour="Y", size=6,
               losers=(2, 3)), None),
        (Event("absorb", 4, ("a1", "b1", "c1", "d1", "e1", "f1"), colour="Y", size=6,
               losers=(1, 2, 3)), None),
        (Event("major", 1, ("a2", "b2", "c2", "d2", "e2"), colour="Y", size=5), None),
        (Event("return", 2, ("b2",), count=1), None),
        (Event("return", 2, ("a2", "b2"), count=1), None),
        (Event("return", 3, ("a2", "b2", "c2"), count=2), None),
        (Event("village", 1, ("c3",), from_player=0), None),
        (Event("village", 1, ("c3",), from_player=2), None),
        (Event("pass", 2), None),
        (Event("win", 3), None),
        (Event("end", None, winners=()), None),
        (Event("end", None, winners=(1,)), None),
        (Event("end", None, winners=(1,)), {1: 7, 2: 3}),
        (Event("end", None, winners=(1,)), {1: 1, 2: 0}),
        (Event("end", None, winners=(1, 2)), None),
        (Event("end", None, winners=(1, 2, 3)), {1: 4, 2: 4, 3: 4}),
    ]
    return e


def test_english_wording_is_qin_describe() -> None:
    """The English catalogue mirrors qin/describe.py line for line."""
    for event, on_board in events_of_every_kind():
        for names in (NAMES, None):
            assert qin_embed.describe(event, EN, names, on_board) == describe(
                event, names, on_board), event


def test_english_wording_of_real_games_is_qin_describe() -> None:
    g = qin.Game.new(board="bird", players=3, seed=11)
    for _ in range(40):
        if g.is_over:
            break
        for event in g.play(g.legal_moves()[0]):
            on_board = {p: g.on_board(p) for p in range(1, 4)}
            assert qin_embed.describe(event, EN, NAMES, on_board) == describe(
                event, NAMES, on_board)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_translated_events_are_filled_in(lang: str) -> None:
    names = qin_embed.default_names([], 4, CATALOGUES[lang])
    assert names == [CATALOGUES[lang][f"player.{c}"] for c in ("green", "white", "purple",
                                                                "black")]
    for event, on_board in events_of_every_kind():
        line = qin_embed.describe(event, CATALOGUES[lang], names, on_board)
        assert "{" not in line and "}" not in line, line
        assert line != describe(event, names, on_board)


# --------------------------------------------------------------------------- illegal moves

ILLEGAL = {
    # position grid, move, catalogue key
    "adjacent": ("r1 r .\n. . .", "Rc1Ra2", "illegal.adjacent"),
    "village": ("r1 r v\n. . .", "Rc1Rc2", "illegal.village"),
    "water": ("r1 r ~\n. . .", "Rc1Rc2", "illegal.water"),
    "start": ("R Y .\n. . .", "Ra1Ra2", "illegal.start"),
    "covered": ("r1 r .\n. . .", "Rb1Rb2", "illegal.covered"),
    "outside": ("r1 r -\n. . .", "Rc1Rc2", "illegal.outside"),
    "same": ("r1 r .\n. . .", "Rc1Rc1", "illegal.same"),
    "touch": ("r1 r . .\n. . . .\n. . . .", "Rc3Rd3", "illegal.touch"),
    "majors": ("r1 r r r r . r2 r r r r", "Rf1Rf1", "illegal.majors"),
    "tie": ("r2 r . r1 r\n. . . . .", "Rc1Yc2", "illegal.tie"),
}


def _game(grid: str, hands: str = "") -> qin.Game:
    g = qin.Game.from_position("players: 2\n" + hands + grid + "\n")
    g.names = NAMES[:2]
    return g


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_engine_explanations_are_recognised(case: str) -> None:
    grid, move, key = ILLEGAL[case]
    if case == "majors":  # two majors side by side; a vertical tile below the gap
        grid = "r1 r r r r . r2 r r r r\n. . . . . . . . . . ."
        move = "Rf1Yf2"
    reason = _game(grid).why_illegal(move)
    assert reason is not None, f"{case}: {move} is legal"
    english = qin_embed.explain_illegal(reason, EN, NAMES)
    assert english.rstrip(".").lower() in reason.lower(), (
        f"{case}: {english!r} is not what the engine said: {reason!r}")
    for lang in ("de", "fr"):
        said = qin_embed.explain_illegal(reason, CATALOGUES[lang], NAMES)
        assert said != reason and "{" not in said, f"{lang}/{case}: {said}"
        template = CATALOGUES[lang][key]
        fixed = [part for part in re.split(r"\{\w+\}", template) if len(part) > 3]
        assert all(part in said for part in fixed), f"{lang}/{case}: {said}"


def test_hand_pass_and_over_explanations_are_recognised() -> None:
    g = _game("r1 r . .\n. . . .", "hand-1: YY\nhand-2: BB\n")
    cases = [(g.why_illegal("Rc1Rd1"), "illegal.hand"), (g.why_illegal("pass"), "illegal.pass")]
    over = _game("~ . . ~\ny1 y b2 b\n~ ~ ~ ~")
    over.play("Yb1Yc1")
    assert over.is_over
    cases.append((over.why_illegal("pass"), "illegal.over"))
    for reason, key in cases:
        assert reason is not None
        said = qin_embed.explain_illegal(reason, CATALOGUES["de"], NAMES)
        assert said != reason, (key, reason)
