"""The progress record in the browser: two games against the Governor are finished on
the page (each imported one human move before its end, to keep the test short), and
the start screen's table then shows 2 games for the Governor with 2 players, the wins,
and the last two results, and the player's rating with its chart; after a reload too,
and the export holds both games.  The chart's level labels stand clear of each other
and of the rating's line, readable (at least 11.5 CSS px) on a laptop and on a 360 px
phone, in three languages; the one chart shown there (the wide one, the phone's) spans
most of its card's width, nothing of it cut off.

Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

import qin
from e2e.helpers import boot
from e2e.test_game import pick, square
from e2e.test_modes import import_file, mode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "page"))
from qin_ui import progress, rating  # noqa: E402
from qin_ui.session import anchor_of  # noqa: E402

from tests.test_progress import last_move_by_seat_one  # noqa: E402


def near_the_end(start_seed: int) -> tuple[dict[str, object], qin.Move, bool, int]:
    """A save of a 2-player game against the Governor one move (the human's, seat 1)
    before its end: (save, that move, whether the human wins, the seed used)."""
    game, seed = last_move_by_seat_one(start_seed)
    record = game.record()
    last = qin.Move.parse(record["moves"].pop())
    save = {"format": "qin-save/1", "id": f"near-{seed}", "created": 1, "updated": 1,
            "record": record, "ui": {"kinds": ["human", "governor"],
                                     "colours": ["green", "white"], "at_screen": 1,
                                     "cover": False}, "mode": "local"}
    return save, last, 1 in game.winners, seed


def play_move(page: Page, move: qin.Move) -> None:
    """Pick the move's tile, turn it to the move's orientation, click its square."""
    pick(page, move.kind)
    (x, y), orientation = anchor_of(move)
    play = page.locator("#play")
    for _ in range(4):
        if play.get_attribute("data-orientation") == str(orientation):
            break
        before = play.get_attribute("data-orientation")
        page.click("#rotate")
        expect(play).not_to_have_attribute("data-orientation", before or "")
    expect(play).to_have_attribute("data-orientation", str(orientation))
    name = qin.Game.new(board="bird", players=2, seed=0).board.geo.names
    width = qin.Game.new(board="bird", players=2, seed=0).board.geo.width
    square(page, name[y * width + x]).click()


def test_the_progress_record_after_two_games_against_the_governor(page: Page) -> None:
    boot(page)
    table = page.locator("#progress-table")
    expect(table).to_contain_text("Finish a game against the computer")
    results = []
    seed = 1
    for n in range(2):
        save, last, won, seed = near_the_end(seed)
        seed += 1
        import_file(page, f"near-{n}.json", save)
        mode(page, "playing")
        play = page.locator("#play")
        expect(play).to_have_attribute("data-phase", "move")
        play_move(page, last)
        mode(page, "result")
        results.append("won" if won else "lost")
        page.click("#result-new")
        mode(page, "start")
    row = page.locator('#progress-table tr[data-level="governor"][data-players="2"]')
    expect(row).to_have_attribute("data-games", "2")
    expect(row).to_have_attribute("data-wins", str(results.count("won")))
    expect(row).to_have_attribute("data-last", " ".join(results))
    expect(row.locator(".progress-level")).to_have_text("Governor")
    # The rating against the computer, from these two games, and its chart (issue 27).
    counted = [progress.Counted(f"g{n}", "governor", 2, r, float(n))
               for n, r in enumerate(results)]
    now = str(round(rating.rating(counted) or 0))
    shown = page.locator("#progress-table .rating")
    expect(shown).to_have_attribute("data-rating", now)
    expect(shown.locator("svg.rating-chart:visible polyline")).to_have_count(1)
    # Kept in the browser: a reload shows the same; the export holds both games.
    boot(page)
    expect(row).to_have_attribute("data-games", "2")
    expect(shown).to_have_attribute("data-rating", now)
    with page.expect_download() as info:
        page.click("#progress-export")
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported["format"] == "qin-progress/1"
    assert [(g["level"], g["players"], g["result"]) for g in exported["games"]] == [
        ("governor", 2, r) for r in results]


SHOWN_CHART_JS = """[...document.querySelectorAll('#progress-table svg.rating-chart')]
    .filter(svg => svg.checkVisibility())"""
"""The rating's charts the page shows (one: the phone's or the wide one, as the card's
width lets)."""

LABELS_JS = """() => {
  const [svg] = """ + SHOWN_CHART_JS + """;
  if (!svg) return ['no chart'];
  const view = svg.viewBox.baseVal, out = [];
  const line = svg.querySelector('.rating-line').getBBox();
  const boxes = [...svg.querySelectorAll('text.rating-label')]
    .map(t => [t.textContent, t.getBBox()]);
  if (boxes.length < 5) out.push(`${boxes.length} labels, not the 5 levels'`);
  for (const [text, b] of boxes) {
    if (b.x < line.x + line.width || b.x + b.width > view.width || b.y < 0
        || b.y + b.height > view.height)
      out.push(`${text} at ${b.x},${b.y} ${b.width}x${b.height}: over the line or outside`);
  }
  for (const [i, [a, p]] of boxes.entries())
    for (const [b, q] of boxes.slice(i + 1))
      if (p.y < q.y + q.height && q.y < p.y + p.height
          && p.x < q.x + q.width && q.x < p.x + p.width)
        out.push(`${a} over ${b}`);
  return out;
}"""
"""The rating chart's level labels as drawn: each clear of the others and of the rating's
line, inside the chart (its units); the problems found, none when laid out well."""

READABLE_PX = 11.5
"""The least size of a label's words on the screen, in CSS px (a phone's small print)."""

RENDERED_JS = """([least, fill]) => {
  const charts = """ + SHOWN_CHART_JS + """, [svg] = charts;
  if (charts.length !== 1) return [`${charts.length} charts shown`];
  const out = [], shown = svg.getBoundingClientRect();
  const scale = shown.width / svg.viewBox.baseVal.width;
  const card = document.querySelector('#progress'), style = getComputedStyle(card);
  const c = card.getBoundingClientRect();
  const left = c.left + parseFloat(style.paddingLeft);
  const right = c.right - parseFloat(style.paddingRight);
  if (shown.left < left - 0.5 || shown.right > right + 0.5)
    out.push(`the chart at ${Math.round(shown.left)}-${Math.round(shown.right)}, ` +
             `outside its card's ${Math.round(left)}-${Math.round(right)}`);
  if (shown.width < fill * (right - left))
    out.push(`the chart ${Math.round(shown.width)} px wide in its card's ` +
             `${Math.round(right - left)}`);
  for (const t of svg.querySelectorAll('text.rating-label')) {
    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (px < least) out.push(`${t.textContent} at ${px.toFixed(1)} px`);
    const r = t.getBoundingClientRect();
    if (r.left < shown.left - 0.5 || r.right > shown.right + 0.5 || r.top < shown.top - 0.5
        || r.bottom > shown.bottom + 0.5)
      out.push(`${t.textContent} at ${Math.round(r.left)}-${Math.round(r.right)}, ` +
               `outside the chart's ${Math.round(shown.left)}-${Math.round(shown.right)}`);
  }
  return out;
}"""
"""The rating chart's labels as the screen shows them: each at least ``least`` CSS px
(the font size times the chart's scale) and inside the chart, the one chart shown inside
its card and at least ``fill`` of its width; the problems found."""
FILLS = 0.9
"""How much of its card's width the chart shown fills, on a laptop and on a phone of any width."""

EVERY_LEVEL = json.dumps({"format": "qin-progress/1", "games": [
    {"id": f"g{n}", "level": level, "players": 2, "result": result, "ended": n}
    for n, (level, result) in enumerate((
        ("apprentice", "lost"), ("apprentice", "lost"), ("apprentice", "won"),
        ("heaven", "won"), ("heaven", "won"), ("heaven", "won"), ("emperor", "won")))]})
"""A progress record whose rating runs from under the Apprentice's to over the Son of
Heaven's: its chart shows every level's line, the strongest three a few units apart."""


def test_the_rating_chart_s_labels_stand_clear_in_every_language(page: Page) -> None:
    page.add_init_script(f"localStorage.setItem('qin.progress', {json.dumps(EVERY_LEVEL)})")
    boot(page)
    sizes: tuple[ViewportSize, ...] = ({"width": 1366, "height": 768},
                                       {"width": 360, "height": 740})
    for size in sizes:
        page.set_viewport_size(size)
        for lang in ("de", "fr", "en"):
            page.select_option("#lang", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator("#progress-table .rating-label:visible").first).to_be_visible()
            page.wait_for_function("window.qinIdle")
            assert page.evaluate(LABELS_JS) == [], f"{lang} at {size}"
            assert page.evaluate(RENDERED_JS, [READABLE_PX, FILLS]) == [], f"{lang} at {size}"
