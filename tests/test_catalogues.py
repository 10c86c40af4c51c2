"""The message catalogues: the site's (web/i18n/{en,de,fr}.json: the game page's,
the embedded diagrams' and the rules pages' strings) and the engine's
(qin/messages/{en,de,fr}.json: events and refused moves, shipped in the wheel).

Each holds the same keys in every language, no empty or untranslated strings and the
same placeholders; no key lives in both (the site build serves them merged); every key
the code asks for exists; every refusal code of the engine is worded in every language
from its params alone.
"""

from __future__ import annotations

import json
import pickle
import re
import string
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import qin
from qin import messages
from qin.events import Event
from tools import build_site

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "web" / "i18n"
ENGINE = ROOT / "qin" / "messages"
EMBED = ROOT / "web" / "embed"
LANGS = ("en", "de", "fr")

sys.path.insert(0, str(EMBED))
import qin_embed  # noqa: E402  (web/embed is not a package)

# Strings that are the same in every language on purpose (or the same word in one).
SAME_EVERYWHERE = {"lang.en", "lang.de", "lang.fr", "list.comma", "player.orange",
                   "explain.sentence", "review.row",
                   "kind.computer", "ai.minister.name", "speed.pause", "speed.normal",
                   "motion.normal", "board.lion", "a11y.mark.triangle", "replay.pause",
                   "illegal.move", "replay.entry", "plural.rule", "saves.error.record",
                   "boot.what.python"}


def load(folder: Path, lang: str) -> dict[str, str]:
    data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


SITE = {lang: load(I18N, lang) for lang in LANGS}
OWN = {lang: load(ENGINE, lang) for lang in LANGS}
SOURCES = {"site": SITE, "engine": OWN}
CATALOGUES = {lang: {**SITE[lang], **OWN[lang]} for lang in LANGS}
"""What the browser gets: each language's site and engine catalogues merged."""
EN = CATALOGUES["en"]
NAMES = ["Green", "White", "Purple", "Black"]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_same_keys_in_every_language(source: str) -> None:
    english = SOURCES[source]["en"]
    for lang in LANGS:
        missing = english.keys() - SOURCES[source][lang].keys()
        extra = SOURCES[source][lang].keys() - english.keys()
        assert not missing and not extra, (
            f"{source} {lang}: missing {sorted(missing)}, extra {sorted(extra)}")


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_lives_in_both_catalogues(lang: str) -> None:
    """Events and refusals are worded by the engine's catalogue only, the page's own
    words by the site's; the build that merges them refuses a key in both."""
    both = SITE[lang].keys() & OWN[lang].keys()
    assert not both, f"{lang}: {sorted(both)} in web/i18n/ and in qin/messages/"
    assert not any(k.startswith(("event.", "illegal.")) for k in SITE[lang])
    assert build_site.merged_catalogue(lang) == CATALOGUES[lang]


def test_the_build_refuses_a_key_in_both(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"ui.start": "Start", "event.pass": "x"}))
    with pytest.raises(build_site.BuildError, match="event.pass"):
        build_site.merged_catalogue("en", tmp_path)


def test_the_engine_catalogue_is_what_the_package_loads() -> None:
    for lang in LANGS:
        assert dict(messages.catalogue(lang)) == OWN[lang]
    with pytest.raises(messages.LanguageError, match="'xx'"):
        messages.catalogue("xx")


SEPARATORS = {"number.thousands"}
"""Keys that hold one character between others, which may be a space (French groups
thousands with a narrow no-break space)."""


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_strings(lang: str) -> None:
    for key, value in CATALOGUES[lang].items():
        if key in SEPARATORS:
            assert isinstance(value, str) and len(value) == 1, f"{lang}: {key} is not one character"
            continue
        assert isinstance(value, str) and value.strip(), f"{lang}: {key} is empty"
        assert value == value.strip(), f"{lang}: {key} has leading or trailing blanks"


def test_no_german_colour_pair_is_declined_with_one_colour_twice() -> None:
    """A tile of one colour is named as the log names it ("Plättchen Gelb/Gelb"), never
    declined as a pair of colours is ("rot/gelbes Plättchen"): "gelb/gelbes" reads as a
    slip."""
    twice = re.compile(r"\b(rot|gelb|blau)/\1e[mnrs]?\b", re.IGNORECASE)
    found = [k for k, v in CATALOGUES["de"].items() if twice.search(v)]
    assert not found, f"de declines one colour twice in {found}"


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
    engine = (ENGINE / "__init__.py").read_text(encoding="utf-8")
    used |= set(re.findall(r"""text\(messages,\s*"([\w.]+)\"""", engine))
    assert len(used) > 30
    # keys built at run time
    used |= {f"event.{k}" for k in ("found", "expand", "major", "pass", "win")}
    used |= {f"colour.{c}{form}" for c in "RYB" for form in ("", ".province", ".tile")}
    used |= {f"illegal.{code}" for code in qin.IllegalMove.CODES}
    used |= {"pagodas.one", "pagodas.many", "event.end.one.count", "event.end.shared.count"}
    missing = sorted(used - EN.keys())
    assert not missing, f"keys used but not in the catalogues: {missing}"


# --------------------------------------------------------------------------- events


def events_of_every_kind() -> list[tuple[Event, dict[int, int] | None]]:
    """Events covering every branch of qin.messages.describe (and so of the catalogues)."""
    e: list[tuple[Event, dict[int, int] | None]] = [
        (Event("place", 1, ("c4", "d4"), colour="RY"), None),
        (Event("place", 2, ("c4", "c5"), colour="BB"), None),
        (Event("place", 3, ("c4",)), None),
        (Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3), None),
        (Event("expand", 2, ("a2", "b2", "c2", "d2"), colour="Y", size=4), None),
        (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="B", size=5, losers=()),
         None),
        (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="B", size=5, losers=(),
               count=0, by=2), None),
        (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=(2,)),
         None),
        (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=(2,),
               count=2, by=1), None),
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


@pytest.mark.parametrize("lang", LANGS)
def test_the_diagrams_word_events_as_the_engine_does(lang: str) -> None:
    """The embed's wording (from the site's merged catalogue) is qin.messages' own."""
    for event, on_board in events_of_every_kind():
        for names in (NAMES, None):
            assert qin_embed.describe(event, CATALOGUES[lang], names, on_board) == \
                messages.describe(event, names, lang, on_board), event


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_translated_events_are_filled_in(lang: str) -> None:
    names = qin_embed.default_names([], 4, CATALOGUES[lang])
    assert names == [CATALOGUES[lang][f"player.{c}"] for c in ("green", "white", "purple",
                                                                "black")]
    for event, on_board in events_of_every_kind():
        line = messages.describe(event, names, lang, on_board)
        assert "{" not in line and "}" not in line, line
        assert line != messages.describe(event, names, "en", on_board)


# --------------------------------------------------------------------------- refused moves

ILLEGAL = {
    # code: position grid, move
    "not_adjacent": ("r1 r .\n. . .", "Rc1Ra2"),
    "village": ("r1 r v\n. . .", "Rc1Rc2"),
    "water": ("r1 r ~\n. . .", "Rc1Rc2"),
    "start_territory": ("R Y .\n. . .", "Ra1Ra2"),
    "covered": ("r1 r .\n. . .", "Rb1Rb2"),
    "outside": ("r1 r -\n. . .", "Rc1Rc2"),
    "same_square": ("r1 r .\n. . .", "Rc1Rc1"),
    "no_touch": ("r1 r . .\n. . . .\n. . . .", "Rc3Rd3"),
    # two majors side by side; a vertical tile below the gap
    "two_majors": ("r1 r r r r . r2 r r r r\n. . . . . . . . . . .", "Rf1Yf2"),
    "tie": ("r2 r . r1 r\n. . . . .", "Rc1Yc2"),
}


def _game(grid: str, hands: str = "") -> qin.Game:
    g = qin.Game.from_position("players: 2\n" + hands + grid + "\n")
    g.names = NAMES[:2]
    return g


def _refusals() -> list[qin.IllegalMove]:
    """One refusal of every code the engine has."""
    found: list[qin.IllegalMove | None] = []
    for grid, move in ILLEGAL.values():
        refused = _game(grid).refusal(move)
        assert refused is not None, f"{move} is legal in {grid!r}"
        found.append(refused)
    g = _game("r1 r . .\n. . . .", "hand-1: YY\nhand-2: BB\n")
    found += [g.refusal("Rc1Rd1"), g.refusal("pass"), g.refusal("Rz1Rz2")]
    over = _game("~ . . ~\ny1 y b2 b\n~ ~ ~ ~")
    over.play("Yb1Yc1")
    assert over.is_over
    found.append(over.refusal("pass"))
    view = _game("r1 r . .\n. . . .", "hand-1: YY RR\nhand-2:\n").view(1)
    view.play("Yc1Yd1")
    found.append(view.refusal("Ra2Rb2"))  # seat 2's hidden hand is empty
    try:
        qin.Game.new("bird", 2, seed=1).undo()
    except qin.IllegalMove as exc:
        found.append(exc)
    assert all(r is not None for r in found)
    return [r for r in found if r is not None]


def test_every_refusal_code_is_raised_and_worded() -> None:
    refusals = _refusals()
    assert {r.code for r in refusals} == set(qin.IllegalMove.CODES)
    for refused in refusals:
        for lang in LANGS:
            assert f"illegal.{refused.code}" in OWN[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_are_said_from_code_and_params(lang: str) -> None:
    """Each refusal in each language: every placeholder filled, every fixed part of the
    template said; its JSON form says the same; the English message quotes the move."""
    for refused in _refusals():
        said = messages.refusal_text(refused, lang, NAMES)
        assert "{" not in said and "}" not in said, (lang, refused.code, said)
        template = CATALOGUES[lang][messages.refusal_key(refused.code, refused.params)]
        fixed = [part for part in re.split(r"\{\w+\}", template) if len(part) > 3]
        assert all(part in said for part in fixed), (lang, refused.code, said)
        data = json.loads(json.dumps(refused.to_dict()))
        assert data == {"code": refused.code, "params": refused.params}
        assert messages.refusal_text(data, lang, NAMES) == said
        move = refused.params.get("move")
        english = str(refused)
        if move:
            assert english.startswith(f"{move}: "), english
        assert english.endswith(messages.refusal_text(refused, "en"))
        copy = pickle.loads(pickle.dumps(refused))
        assert (copy.code, copy.params, str(copy)) == (refused.code, refused.params, english)


@pytest.mark.parametrize("lang", LANGS)
def test_a_tile_off_the_board_is_said_with_the_edge_it_sticks_out_over(lang: str) -> None:
    """Every edge has its words in every language; a refusal without an edge (a tile
    wholly outside a fragment's outline) is said without one."""
    own = OWN[lang]
    sayings = {own[f"illegal.outside.{edge}"] for edge in qin.placement.EDGES}
    assert len(sayings) == 4 and own["illegal.outside"] not in sayings
    for edge in qin.placement.EDGES:
        said = messages.refusal_text({"code": "outside", "params": {
            "move": "Ra1Rb1", "edge": edge, "on_board": ["a1"]}}, lang, rule=False)
        assert said == own[f"illegal.outside.{edge}"].replace("{rule}", "")
    refused = _game("r1 r - -\n. . . -").refusal("Rc1Rd1")
    assert refused is not None and refused.params == {
        "move": "Rc1Rd1", "edge": "", "on_board": []}
    assert messages.refusal_text(refused, lang, rule=False) == own["illegal.outside"].replace(
        "{rule}", "")


def test_refusals_name_players_by_seat() -> None:
    tie = _game(*ILLEGAL["tie"][:1]).refusal(ILLEGAL["tie"][1])
    assert tie is not None and tie.params == {"move": "Rc1Yc2", "colour": "R",
                                              "players": [1, 2], "n": 2}
    assert "Green and White tie for the largest share (2 squares each)" in str(tie)
    assert messages.refusal_text(tie, "de", ["Grün", "Weiß"]).startswith(
        "Das würde rote Provinzen verbinden, in die Grün und Weiß gleich viele")
    assert "Joueur 1 et Joueur 2" in messages.refusal_text(tie.to_dict(), "fr")
    hand = _game("r1 r . .\n. . . .", "hand-1: YY\nhand-2: BB\n").refusal("Rc1Rd1")
    assert hand is not None and hand.code == "not_in_hand"
    assert hand.params == {"move": "Rc1Rd1", "player": 1, "kind": "RR", "hand": ["YY"]}
    assert str(hand) == "Rc1Rd1: Green has no RR tile (hand: YY)."


# --------------------------------------------------------------------------- the game page
# Every text of the game page (web/page/, web/startup/boot.js, web/worker/) comes from
# the catalogues: the keys it uses exist, and index.html holds no text or label that is
# not marked for translation.

WEB = ROOT / "web"
PAGE = WEB / "page"
GAME_PYTHON = sorted([*PAGE.glob("*.py"), *(PAGE / "qin_ui").glob("*.py"),
                      *(WEB / "worker").glob("*.py"), *(WEB / "startup").glob("*.py")])
NAMESPACES = {key.split(".", 1)[0] for key in EN}  # the site's and the engine's
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
    from qin_ui.progress import LEVEL_ORDER

    from qin.ai import LEVELS, SON_OF_HEAVEN
    from qin.svg import PAGODA_MARKS, TILE_MARKS

    keys = {f"board.{board}" for board, _ in setup.BOARDS}
    keys |= {f"series.plan.{plan}" for plan in seriesplan.PLANS}
    keys |= {f"player.{colour}" for colour in setup.COLOURS}
    keys |= {f"a11y.mark.{mark}" for mark in (*TILE_MARKS, *PAGODA_MARKS.values())}
    keys |= {f"ai.{lv.key}.{part}" for lv in (*LEVELS, SON_OF_HEAVEN)
             for part in ("name", "description")}
    # the tutorial's finish offers any level, the Son of Heaven after the Emperor
    keys |= {f"tutorial.{part}.{level}" for level in LEVEL_ORDER for part in ("play", "finish")}
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
    used |= {f"boot.what.{kind}" for kind in _step_words(js).values()}  # `boot.what.${kind}`
    assert len(used) > 60
    missing = sorted(used - EN.keys())
    assert not missing, f"keys used by index.html or boot.js but not in the catalogues: {missing}"


def _step_words(js: str) -> dict[str, str]:
    """boot.js's ``STEP_WORDS``: each of PyScript's progress names, the kind of thing it
    loads (said by the catalogue's ``boot.what.<kind>``)."""
    found = re.search(r"const STEP_WORDS = \{(.*?)\};", js, re.S)
    assert found, "boot.js has no STEP_WORDS"
    return dict(re.findall(r'"([^"]+)": "(\w+)"', found.group(1)))


def test_every_loading_step_pyscript_names_is_said_in_words() -> None:
    """Every "Loading X" / "Loaded X" step of the vendored PyScript is one boot.js words
    (``STEP_WORDS``, ``boot.what.*``): a French or German player never reads PyScript's
    own English names ("Chargement de interpreter…")."""
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    code = "".join(path.read_text(encoding="utf-8") for path in dist.glob("*.js"))
    if not code:
        pytest.fail("node_modules/@pyscript/core is needed (make deps)")
    names = set(re.findall(r'"Load(?:ing|ed) ([\w ]+)"', code))
    assert {"Pyodide", "interpreter", "files"} <= names
    words = _step_words((WEB / "startup" / "boot.js").read_text(encoding="utf-8"))
    assert names <= words.keys(), sorted(names - words.keys())


class _PageText(HTMLParser):
    """Every text and translatable attribute of a page, with how it is marked."""

    SKIP = {"script", "style", "noscript", "py-config", "mpy-config"}  # (PyScript's settings)

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
    assert 'import "../embed/langs.js";' in js  # the site's languages, written by the build
    assert list(LANGS) == ["en", "de", "fr"]
    sys.path.insert(0, str(PAGE))
    from qin_ui import i18n

    assert i18n.LANGS == LANGS
    langs = (WEB / "embed" / "langs.js").read_text(encoding="utf-8")
    assert f'const key = "{i18n.STORAGE_KEY}";' in langs
    # the rules pages remember the reader's choice under the same key
    assert i18n.STORAGE_KEY in (WEB / "rules" / "rules.js").read_text(encoding="utf-8")


def test_the_site_speaks_the_engine_s_languages() -> None:
    """One list of languages, qin.messages.LANGS: the site's catalogues are theirs, and
    the pages' scripts (the diagrams' too, which ask their worker for no other: the worker
    refuses another) take them from the one the build writes (tests/test_lang_choice.py)."""
    assert tuple(sorted(p.stem for p in I18N.glob("*.json"))) == tuple(sorted(LANGS))
    assert messages.LANGS == LANGS
    script = (EMBED / "qin-board.js").read_text(encoding="utf-8")
    assert 'import "./langs.js";' in script


def test_the_level_names_follow_qin_ai() -> None:
    """The English catalogue words the computer levels as qin.ai does (the page shows
    qin.ai's own English; a change there means the translations need a look too)."""
    from qin.ai import LEVELS, SON_OF_HEAVEN

    for lv in (*LEVELS, SON_OF_HEAVEN):
        assert EN[f"ai.{lv.key}.name"] == lv.name
        assert EN[f"ai.{lv.key}.description"] == lv.description


WORDING_CALLS = {"words": 0, "t": 0, "counted": 1, "Words": 0}
"""The game page's functions that word a catalogue key, and the key's argument."""


def _worded_calls() -> list[tuple[str, str, set[str]]]:
    """Every call of the game page's Python that words a literal catalogue key with
    named values only (no ``**values``): where, the key, and the names it gives."""
    import ast

    found: list[tuple[str, str, set[str]]] = []
    for path in GAME_PYTHON:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            at = WORDING_CALLS.get(name)
            if at is None or len(node.args) <= at:
                continue
            key = node.args[at]
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)) \
                    or any(k.arg is None for k in node.keywords):
                continue
            given = {k.arg for k in node.keywords if k.arg is not None}
            if name == "counted":
                given.add("n")
            found.append((f"{path.name}:{node.lineno}", key.value, given))
    return found


def test_every_sentence_the_game_page_words_gets_all_its_values() -> None:
    """A sentence worded without one of its placeholders would show it literally
    ("cannot be read ({error})"): every literal key the page's Python words gets them."""
    calls = _worded_calls()
    assert len(calls) > 200
    missing = []
    for where, key, given in calls:
        forms = [EN[k] for k in (key, f"{key}.one", f"{key}.many") if k in EN]
        for form in forms:
            lacking = placeholders(form) - given
            if lacking:
                missing.append(f"{where} {key} without {sorted(lacking)}")
    assert not missing, missing
