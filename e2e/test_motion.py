"""The board's motion and sound in the browser: a move animates (the page's Python says
what moved, motion.js plays it; a hot-seat move when the next player lifts the hand-over
cover, not under its blur), nothing animates when the system asks for reduced
motion or the player turns motion off, and the sound switch in the header is kept
across a reload and makes no sound object (AudioContext) before the player's first
interaction with the page.

Every wait is for the page's state (``#play[data-moves]``, the board's
``svg[data-motion]``: what motion.js played for the last move), never a sleep.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

import qin
from e2e.helpers import boot
from e2e.placing import place_tile
from e2e.test_ai import WORKER_BOOT_MS
from e2e.test_ai import start as start_seats
from e2e.test_game import start
from e2e.test_modes import play_moves
from e2e.test_review import linked_game
from e2e.test_tutorial import CLICKS
from qin import records

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from qin_ui.session import anchor_of  # noqa: E402

# Counts what the page animates with Web Animations and the sound objects it makes.
COUNTERS = """
window.qinCounts = { animate: 0, audio: 0 };
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.qinCounts.animate += 1;
  return animate.apply(this, args);
};
for (const name of ["AudioContext", "webkitAudioContext"]) {
  const Real = window[name];
  if (!Real) continue;
  window[name] = class extends Real {
    constructor(...args) { super(...args); window.qinCounts.audio += 1; }
  };
}
"""


def counts(page: Page) -> dict[str, int]:
    found: dict[str, int] = page.evaluate("({...window.qinCounts})")
    return found


def lift(page: Page, play: Locator) -> None:
    """The next player lifts the hand-over cover (the reply that shows the hand brings
    the held move's motion), and the page draws the frames after it: the held motion
    starts in the frame after the one that shows the board uncovered."""
    page.click("#cover-ok")
    expect(play).to_have_attribute("data-phase", "move")
    page.wait_for_function("() => window.qinIdle")
    frames(page, 3)


def frames(page: Page, n: int) -> None:
    """Wait until the page has drawn ``n`` more frames (requestAnimationFrame)."""
    page.evaluate("""n => new Promise((done) => {
      const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : done());
      next(n);
    })""", n)


def settled_board_shown(page: Page) -> bool:
    """Once every animation is over, every tile, pagoda and the last move's frame show
    on the board (none left hidden by a motion)."""
    page.wait_for_function("document.getAnimations().length === 0")
    shown: bool = page.evaluate("""() => {
      const svg = document.querySelector('#board svg');
      const last = svg.querySelector('.last-move');
      const tiles = [...svg.querySelectorAll('.tiles .tile, .pagodas .pagoda')];
      return !!last && tiles.length > 0 && !document.querySelector('.motion-layer')
        && [last, ...tiles].every((el) => getComputedStyle(el).visibility === 'visible');
    }""")
    return shown


def test_a_move_animates_and_with_reduced_motion_nothing_does(page: Page) -> None:
    page.add_init_script(COUNTERS)
    boot(page)
    play = start(page)  # hot seat
    play_moves(page, play, 1)
    board = page.locator("#board svg")
    # Under the hand-over cover the board is blurred: the move waits for the next
    # player, and moves when they lift the cover.
    assert board.get_attribute("data-motion") is None
    assert counts(page)["animate"] == 0
    lift(page, play)
    expect(board).to_have_attribute("data-motion", re.compile(r"^settle\b"))
    assert counts(page)["animate"] >= 1  # the tile (its last-move frame moves with it)
    assert settled_board_shown(page)
    # The system asks for less motion: the next move lands without any animation.
    page.emulate_media(reduced_motion="reduce")
    before = counts(page)["animate"]
    play_moves(page, play, 1)
    lift(page, play)
    assert page.locator("#board svg").get_attribute("data-motion") is None
    assert counts(page)["animate"] == before
    assert page.evaluate("document.getAnimations().length") == 0
    assert settled_board_shown(page)


# What each frame shows from a placement to the end of its motion: the moves played,
# the tiles on the board, the cover up, the game inert, the focus, the hand's tiles, the
# motion's layers, and the last move's frame (it moves with its tile) as the board
# shows it.
SEEN = """() => {
  window.qinSeen = [];
  const look = () => {
    const tile = document.querySelector('#board svg .last-move');
    window.qinSeen.push({
      moves: document.querySelector('#play').dataset.moves,
      tiles: document.querySelectorAll('#board svg .tiles .tile').length,
      cover: !document.querySelector('#cover').hidden,
      inert: document.querySelector('#play').inert,
      focus: document.activeElement?.id ?? '',
      hand: document.querySelectorAll('#hand .tile-btn').length,
      layers: document.querySelectorAll('.motion-layer').length,
      tile: tile ? getComputedStyle(tile).visibility : 'none' });
    if (!window.qinSeenStop) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def test_the_next_player_sees_the_cover_then_the_move_arriving(page: Page) -> None:
    """A hot-seat placement as the players at the table see it, frame by frame: the
    cover comes up with the reply (the next hand never shown before it, the game out of
    the keyboard's and screen readers' reach), nothing moves under it; the next player
    lifts it and sees the placed tile arrive (never at rest before its motion), and the
    motion ends on the settled board with their hand."""
    boot(page)
    play = start(page)  # hot seat
    page.evaluate(SEEN)
    play_moves(page, play, 1)
    expect(page.locator("#cover")).to_be_visible()
    frames(page, 3)
    lift(page, play)
    expect(page.locator("#board svg")).to_have_attribute("data-motion", re.compile(r"^settle\b"))
    assert settled_board_shown(page)
    page.evaluate("window.qinSeenStop = true")
    seen = page.evaluate("window.qinSeen")
    moved = [f for f in seen if f["moves"] == "1"]
    covered = [f for f in moved if f["cover"]]
    after = moved[len(covered):]
    assert covered and after, seen
    assert moved[:len(covered)] == covered  # the cover is up in the move's first frame
    for f in covered:  # and hides the next hand; the focus on its button, the game inert
        assert (f["hand"], f["layers"], f["inert"], f["focus"]) == (0, 0, True, "cover-ok"), f
    assert all(f["hand"] > 0 and not f["inert"] for f in after)
    arrives(after)  # lifted: the tile arrives over the uncovered board


def arrives(seen: list[dict[str, object]]) -> None:
    """The frames from a move's answer on: the tile (with its last-move frame) is hidden
    on the board until its layer moves it (the answer's frame and the next: motion.js's
    two animation frames), never shown at rest before its motion, and at rest after."""
    arriving = [f for f in seen if f["tile"] != "visible" or f["layers"]]
    assert arriving and seen[:len(arriving)] == arriving, seen
    bare = [f for f in arriving if not f["layers"]]
    assert arriving[:len(bare)] == bare and 1 <= len(bare) <= 2, arriving
    rest = seen[len(arriving):]
    assert rest and all(f["tile"] == "visible" and not f["layers"] for f in rest), seen


def test_a_placement_without_a_cover_moves_from_the_frame_after_its_answer(page: Page) -> None:
    """The tutorial's move (as a move against the computer or in a game by link: no
    dialog over the board) lands hidden in the frame that answers the click and settles
    from the next, so that frame costs what it costs with motion off."""
    boot(page, "/#learn=found")
    panel = page.locator("#tutorial")
    expect(panel).to_have_attribute("data-step", "found")
    tiles = page.locator("#board svg .tiles .tile").count()
    page.evaluate(SEEN)
    place_tile(page, *CLICKS["found"][:3], "click")
    expect(panel).to_have_attribute("data-outcome", "done")
    expect(page.locator("#board svg")).to_have_attribute("data-motion", re.compile(r"^settle\b"))
    page.wait_for_function("document.getAnimations().length === 0")
    frames(page, 2)
    page.evaluate("window.qinSeenStop = true")
    arrives([f for f in page.evaluate("window.qinSeen") if f["tiles"] > tiles])


def test_the_motion_setting_is_kept_and_off_moves_nothing(page: Page) -> None:
    page.add_init_script(COUNTERS)
    boot(page)
    play = start(page)
    setting = page.locator("#motion")
    expect(setting).to_have_value("normal")
    setting.select_option("off")
    # the page's Python keeps the setting: the reload waits until it has answered
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#motion")).to_have_value("off")
    assert page.evaluate("() => localStorage.getItem('qin.motion')") == "off"
    page.reload()
    page.wait_for_function("document.body?.dataset.boot === 'ready'")
    expect(page.locator("#motion")).to_have_value("off")
    before = counts(page)["animate"]
    play_moves(page, play, 1)
    lift(page, play)
    assert page.locator("#board svg").get_attribute("data-motion") is None
    assert counts(page)["animate"] == before


def test_the_sound_switch_is_kept_and_waits_for_the_first_interaction(page: Page) -> None:
    page.add_init_script(COUNTERS)
    boot(page)
    sound = page.locator("header #sound")
    expect(sound).to_be_visible()
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert counts(page)["audio"] == 0  # switching it on makes no sound object yet
    # A game of computers only goes on by itself after a reload: its moves' sounds
    # arrive before the player has touched the page.
    # Every motion the board shows is noted as it starts: at the fast speed a move's
    # motion lasts until the next move, too short for expect()'s polls on a busy machine.
    page.evaluate("""() => {
        window.qinMotions = [];
        new MutationObserver((changes) => {
            for (const c of changes) {
                const motion = c.target.getAttribute('data-motion');
                if (motion) window.qinMotions.push(motion);
            }
        }).observe(document.getElementById('board'),
                   {subtree: true, attributes: true, attributeFilter: ['data-motion']});
    }""")
    play = start_seats(page, ["apprentice", "apprentice"], seed=3, speed="fast")
    expect(play).not_to_have_attribute("data-moves", "0", timeout=WORKER_BOOT_MS)
    # a computer's tile travels from its player's row
    page.wait_for_function("window.qinMotions.some((m) => /^travel\\b/.test(m))",
                           timeout=WORKER_BOOT_MS)
    page.reload()
    page.wait_for_function("document.body?.dataset.boot === 'ready'")
    expect(page.locator("header #sound")).to_have_attribute("aria-pressed", "true")
    moved = int(play.get_attribute("data-moves") or 0)
    expect(play).not_to_have_attribute("data-moves", str(moved), timeout=WORKER_BOOT_MS)
    assert counts(page)["audio"] == 0
    # The first interaction: the next move's sounds play, through one sound object.
    page.click("header .brand")
    moved = int(play.get_attribute("data-moves") or 0)
    expect(play).not_to_have_attribute("data-moves", str(moved), timeout=WORKER_BOOT_MS)
    page.wait_for_function("window.qinCounts.audio > 0")
    moved = int(play.get_attribute("data-moves") or 0)
    expect(play).not_to_have_attribute("data-moves", str(moved), timeout=WORKER_BOOT_MS)
    assert counts(page)["audio"] == 1


def test_a_replay_step_on_animates_as_the_move_did_and_back_does_not(page: Page) -> None:
    page.add_init_script(COUNTERS)
    boot(page, "/#g=" + records.to_url(linked_game(4)))  # every seat human
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "4")
    page.click("#replay-open")
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")
    page.click("#replay-start")
    expect(play).to_have_attribute("data-replay-at", "0")
    before = counts(page)["animate"]
    page.click("#replay-step")
    expect(play).to_have_attribute("data-replay-at", "1")
    board = page.locator("#board svg")
    expect(board).to_have_attribute("data-motion", re.compile(r"^settle\b"))  # a human's
    assert counts(page)["animate"] > before
    page.click("#replay-back")  # back: the board is set, nothing moves
    expect(play).to_have_attribute("data-replay-at", "0")
    assert page.locator("#board svg").get_attribute("data-motion") is None
    page.emulate_media(reduced_motion="reduce")
    before = counts(page)["animate"]
    page.click("#replay-step")
    expect(play).to_have_attribute("data-replay-at", "1")
    assert page.locator("#board svg").get_attribute("data-motion") is None
    assert counts(page)["animate"] == before



def test_the_last_move_moves_when_the_result_is_closed(page: Page) -> None:
    """The result's dialog blurs the board: the game's last move moves when the player
    closes it to look at the board, not under it."""
    game = linked_game(0)
    while not game.is_over:  # linked_game's moves, to the end
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    last = game.moves[-1]
    assert str(last) != "pass"
    before = qin.Game.from_record(game.record())
    before.undo()
    page.add_init_script(COUNTERS)
    boot(page, "/#g=" + records.to_url(before))  # every seat human, hands shown
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", str(len(game.moves) - 1))
    (x, y), orientation = anchor_of(last)
    geo = game.board.geo
    place_tile(page, last.kind, orientation, geo.names[y * geo.width + x], "click")
    expect(play).to_have_attribute("data-moves", str(len(game.moves)))
    expect(page.locator("#result")).to_be_visible()
    assert page.locator("#board svg").get_attribute("data-motion") is None
    assert counts(page)["animate"] == 0
    page.click("#result-close")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#board svg")).to_have_attribute("data-motion", re.compile(r"^settle\b"))
    assert counts(page)["animate"] >= 1
    assert settled_board_shown(page)

def test_the_tutorials_move_animates_as_in_a_game(page: Page) -> None:
    page.add_init_script(COUNTERS)
    boot(page, "/#learn=found")
    panel = page.locator("#tutorial")
    expect(panel).to_have_attribute("data-step", "found")
    place_tile(page, *CLICKS["found"][:3], "click")
    expect(panel).to_have_attribute("data-outcome", "done")
    # the tile settles and the new province's pagoda rises (Q11), as in a game
    expect(page.locator("#board svg")).to_have_attribute("data-motion",
                                                         re.compile(r"^settle rise\b"))
    assert counts(page)["animate"] >= 2  # the tile (its last-move frame with it), the pagoda
    page.emulate_media(reduced_motion="reduce")
    page.click("#tutorial-again")
    expect(panel).not_to_have_attribute("data-outcome", "done")
    before = counts(page)["animate"]
    place_tile(page, *CLICKS["found"][:3], "click")
    expect(panel).to_have_attribute("data-outcome", "done")
    assert page.locator("#board svg").get_attribute("data-motion") is None
    assert counts(page)["animate"] == before
