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
from html.parser import HTMLParser
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

# Strings that are the same in every language on purpose (or the same word in one).
SAME_EVERYWHERE = {"lang.en", "lang.de", "lang.fr", "list.comma", "player.orange",
                   "kind.computer", "ai.minister.name", "speed.pause", "speed.normal",
                   "board.lion", "a11y.mark.triangle", "replay.pause"}


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


# --------------------------------------------------------------------------- the game page
# Every text of the game page (web/page/, web/startup/boot.js, web/worker/) comes from
# the catalogues: the keys it uses exist, and index.html holds no text or label that is
# not marked for translation.

WEB = ROOT / "web"
PAGE = WEB / "page"
GAME_PYTHON = sorted([*PAGE.glob("*.py"), *(PAGE / "qin_ui").glob("*.py"),
                      *(WEB / "worker").glob("*.py"), *(WEB / "startup").glob("*.py")])
NAMESPACES = {key.split(".", 1)[0] for key in EN}
# Text of index.html that is the same in every language: the name of the game, the
# languages' own names, symbols and numbers.
NOT_WORDS = {"Qin", "English", "Deutsch", "Français"}
TRANSLATED_ATTRIBUTES = ("title", "aria-label", "placeholder")


def _python_keys() -> set[str]:
    """Catalogue keys named as string literals in the game page's Python."""
    found: set[str] = set()
    for path in GAME_PYTHON:
        source = path.read_text(encoding="utf-8")
        for literal in re.findall(r"""["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']""", source):
            if literal.split(".", 1)[0] in NAMESPACES:
                found.add(literal)
    return found


def _runtime_keys() -> set[str]:
    """Keys the game page's Python builds at run time (f-strings)."""
    sys.path.insert(0, str(PAGE))
    from qin_ui import seriesplan, setup

    from qin.ai import LEVELS
    from qin.svg import PAGODA_MARKS, TILE_MARKS

    keys = {f"board.{board}" for board, _ in setup.BOARDS}
    keys |= {f"series.plan.{plan}" for plan in seriesplan.PLANS}
    keys |= {f"player.{colour}" for colour in setup.COLOURS}
    keys |= {f"a11y.mark.{mark}" for mark in (*TILE_MARKS, *PAGODA_MARKS.values())}
    keys |= {f"ai.{lv.key}.{part}" for lv in LEVELS for part in ("name", "description")}
    keys |= {f"colour.{c}{form}" for c in "RYB" for form in ("", ".province", ".tile")}
    return keys


def test_every_key_the_game_page_uses_exists() -> None:
    used = _python_keys()
    assert {"status.pick", "cover.ok", "saved.resume", "a11y.tile", "log.empty"} <= used
    plural = {key for key in used if key not in EN
              and f"{key}.one" in EN and f"{key}.many" in EN}  # i18n.plural(n, key)
    missing = sorted((used - plural - EN.keys()) | (_runtime_keys() - EN.keys()))
    assert not missing, f"keys used by the game page but not in the catalogues: {missing}"


def test_every_key_of_index_html_and_boot_js_exists() -> None:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    used = set(re.findall(r'data-i18n(?:-[a-z-]+)?="([\w.]+)"', html))
    js = (WEB / "startup" / "boot.js").read_text(encoding="utf-8")
    used |= set(re.findall(r'say\("([\w.]+)"', js))
    used |= {"boot.step.loading", "boot.step.loaded"}  # say(`boot.step.${verb}`)
    assert len(used) > 60
    missing = sorted(used - EN.keys())
    assert not missing, f"keys used by index.html or boot.js but not in the catalogues: {missing}"


class _PageText(HTMLParser):
    """Every text and translatable attribute of a page, with how it is marked."""

    SKIP = {"script", "style", "noscript"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.untranslated: list[str] = []
        self.marked: list[tuple[str, str]] = []  # (key, English text in the page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        for attr in TRANSLATED_ATTRIBUTES:
            if attr in found:
                key = found.get(f"data-i18n-{attr}")
                if key is None:
                    self.untranslated.append(f'<{tag} {attr}="{found[attr]}">')
                else:
                    self.marked.append((key, found[attr]))
        if self.stack and "data-i18n" in self.stack[-1][1]:
            self.untranslated.append(f"<{tag}> inside a data-i18n element (its text "
                                     "replaces the whole content)")
        if tag not in ("meta", "link", "input", "br", "img"):
            self.stack.append((tag, found))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        words = " ".join(data.split())
        if not words or not re.search(r"[^\W\d_]", words) or words in NOT_WORDS:
            return  # blank, symbols and numbers, or the same in every language
        if any(tag in self.SKIP for tag, _ in self.stack):
            return
        tag, attrs = self.stack[-1] if self.stack else ("", {})
        if "data-i18n" in attrs:
            self.marked.append((attrs["data-i18n"], words))
        else:
            self.untranslated.append(f"<{tag}>{words}")


def test_index_html_has_no_untranslated_text() -> None:
    """Every visible text and label of index.html is marked with its catalogue key
    (data-i18n, data-i18n-title, ...), and the English in the page is the English
    catalogue's (so the page reads the same before the catalogue has arrived)."""
    page = _PageText()
    page.feed((PAGE / "index.html").read_text(encoding="utf-8"))
    assert not page.untranslated, f"untranslated in index.html: {page.untranslated}"
    assert len(page.marked) > 60
    for key, english in page.marked:
        assert key in EN, key
        assert " ".join(EN[key].split()) == english, (key, english, EN[key])


def test_boot_js_speaks_the_page_languages() -> None:
    js = (WEB / "startup" / "boot.js").read_text(encoding="utf-8")
    assert 'const LANGS = ["en", "de", "fr"];' in js
    assert list(LANGS) == ["en", "de", "fr"]
    sys.path.insert(0, str(PAGE))
    from qin_ui import i18n

    assert i18n.LANGS == LANGS
    assert f'const LANG_KEY = "{i18n.STORAGE_KEY}";' in js
    # the rules pages remember the reader's choice under the same key
    assert i18n.STORAGE_KEY in (WEB / "rules" / "rules.js").read_text(encoding="utf-8")


def test_the_level_names_follow_qin_ai() -> None:
    """The English catalogue words the computer levels as qin.ai does (the page shows
    qin.ai's own English; a change there means the translations need a look too)."""
    from qin.ai import LEVELS

    for lv in LEVELS:
        assert EN[f"ai.{lv.key}.name"] == lv.name
        assert EN[f"ai.{lv.key}.description"] == lv.description
