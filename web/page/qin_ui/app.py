"""The game page as one application: its state, one dispatch, its effects (no DOM).

    app = App(store)                      # saves.SaveStore over the browser's storage
    effects = app.dispatch(action)        # every event, key and worker message
    effects = app.store(effects)          # writes the save before the change shows
    screen = app.screen()                 # what the page shows now (render.screen)

``dispatch`` looks up the mode (``state.mode_of``) and the action's name in that
mode's table (``ROUTES``, at the end of this module): the handler named there runs; an
action the mode does not accept changes nothing.  Keys become commands in
``keyboard.command_for`` and the table applies to the command, so a key only ever acts
on what is on screen.  The handlers live by feature: ``starting`` (the start
screen, saved games, imports, start-up, the language), ``play`` (the board, moves,
the game's tools, computer turns), ``hints``, ``replaying`` (the replay and the review),
``tabs`` (other tabs, pasted links), ``learn`` (the tutorial); what they share is
``core.Core``.  A change of the game (a move, an undo, the cover lifted, the series
advanced) emits ``Save``; drawing never saves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import hints, learn, play, replaying, senses, starting, table, tabs
from .a11y import announcement
from .actions import Action, Effect, Handled, KeepTable, Key, Save, SetAddress, ToTop
from .core import Core
from .i18n import t
from .keyboard import command_for
from .modes import Mode
from .render import Screen, screen
from .saves import SaveError, SaveStore
from .session import Session
from .start_screen import GameOnScreen, StartKeeper

GAME_COMMANDS = frozenset({"select", "rotate", "place", "pass", "undo"})
REFUSED_WORDS = {Mode.REPLAY: "keys.in_replay", Mode.REVIEW: "keys.in_replay",
                 Mode.THINKING: "keys.computer_turn",
                 Mode.WATCHING: "keys.computer_turn"}
"""What a screen reader hears when a game key does nothing in these modes."""

REPLAY_MODES = frozenset({Mode.REPLAY, Mode.REVIEW})
"""The replay's modes: the replay opened from any other starts at the page's top (the
board, its controls under it on a phone)."""

NOTICE_WORDS = {"conflict": "tabs.newer", "link": "link.other"}
"""The notice's text, by its kind (``AppState.notice``)."""
NOTICE_REPEATED = frozenset({"select", "rotate", "place", "wheel", "pass", "undo",
                             "result-show", "board-click"})
"""A move tried while the notice waits: the notice is said again."""

class App(Core):
    """The page's application: owns the state; ``dispatch`` is its only way in."""

    def __init__(self, store: SaveStore, *, storage_problem: str = "") -> None:
        super().__init__(store, storage_problem=storage_problem)
        self.start_key = StartKeeper(store)  # what the start screen shows before Python

    def screen(self) -> Screen:
        return screen(self.state, self.cache)

    def dispatch(self, action: Action) -> list[Effect]:
        mode = self.mode
        effects: list[Effect] = []
        if isinstance(action, Key):
            command = command_for(action, mode)
            if command is None:
                return []
            if command.name not in ROUTES[mode]:
                if command.name in GAME_COMMANDS and mode in REFUSED_WORDS:
                    self.state.spoken = t(REFUSED_WORDS[mode])
                self._refused(command.name, mode)
                return []
            effects.append(Handled())
            action = command
        handler = ROUTES[mode].get(action.name)
        if handler is None:
            self._refused(action.name, mode)
            return []
        if self.state.start.deleted and action.name not in PAGE and action.name != "undelete":
            self.end_undo()  # the undo is offered until the next thing the player does
        if self.state.language_note and action.name not in PAGE and action.name != "hover":
            self.state.language_note = ""  # said until then too
        if mode is Mode.TUTORIAL and action.name in ON_THE_LESSON_BOARD:
            return effects + handler(self, action)  # the step's own game: nothing follows
        shown = self.state.game.session
        if shown is not None:
            shown.take_changes()  # only this action's changes count
        effects += handler(self, action)
        effects += self._settle(shown)
        effects += play.watch_worker(self)
        if (mode is Mode.START) != (self.mode is Mode.START) or (
                (mode is Mode.TUTORIAL) != (self.mode is Mode.TUTORIAL)) or (
                self.mode is Mode.REPLAY and mode not in REPLAY_MODES):
            effects.append(ToTop())  # another screen (or the replay): from its top
        return effects

    def _refused(self, name: str, mode: Mode) -> None:
        """A move tried while the notice waits: the notice is said again (its text)."""
        if mode is Mode.NOTICE and name in NOTICE_REPEATED:
            self.state.spoken = t(NOTICE_WORDS[self.state.keeping.notice])

    def store(self, effects: list[Effect]) -> list[Effect]:
        """Run the storing effects (``Save``, ``KeepTable``); return the others, to run
        after drawing."""
        rest: list[Effect] = []
        for effect in effects:
            if isinstance(effect, Save):
                self.save()
            elif isinstance(effect, KeepTable):
                table.keep(self.saves.storage, effect.settings, effect.plan)
            else:
                rest.append(effect)
        self._keep_start()
        return rest

    def _keep_start(self) -> None:
        """What a page opened now shows before Python (``start_screen.KEY``): the game on
        screen while its save is stored (deleted behind the start screen, it is not
        reopened)."""
        st = self.state
        s = st.game.session
        save = st.keeping.save
        game = None
        if s is not None and save is not None and st.tutorial.lesson is None \
                and self._stored(save.id):
            game = GameOnScreen(save.id, save.rev, s.over, s.settings.board, s.game,
                                tuple(s.colours))
        self.start_key.keep(st.start.entries, st.start.progress, game)

    def _stored(self, save_id: str) -> bool:
        try:
            return self.saves.raw(save_id) is not None
        except SaveError:
            return False

    def _settle(self, shown: Session | None) -> list[Effect]:
        """After an action: what it changed in the game on screen (``shown`` before it)
        is saved, said, and followed by the address and the computer's turn."""
        st = self.state
        s = st.game.session
        effects: list[Effect] = []
        if s is None:
            return effects
        if st.link.link_mode and s.covered:
            s.confirm()  # hands are not hidden in a game played by link
        # a game put on screen by this action is saved by the handler that showed it
        changes = s.take_changes() if s is shown else []
        moves = [c for c in changes if c in ("moved", "undone")]
        if changes:
            if s.turns and moves:
                st.spoken = announcement(s) if moves[-1] == "moved" else ""
            if s.over and "moved" in changes:  # the game just ended
                st.game.result_open = True
                self.count_in_series(s)
                self.count_progress(s)
            if moves:
                st.game.keys.armed = None
                st.link.link_problem = ""  # the link's note is about the game as opened
            if moves and moves[-1] == "moved":
                senses.moved(st, s)
            elif moves:
                st.game.held = None  # the move held under the cover was taken back
            if "confirmed" in changes:
                senses.lifted(st, s)
            effects.append(Save())
        if st.link.link_mode and shown is not None and (changes or s is not shown):
            self.update_link(s)  # the address follows
            st.link.address_game = True
            effects.append(SetAddress(st.link.link_url or st.link.base_url))
        if st.game.hint is not None and (s is not shown or moves or self.mode is not Mode.PLAYING
                                    or not s.hint_allowed):
            st.game.hint = None  # asked for another position: its answer will be dropped
            s.hint = None
        effects += play.computer_turns(self)
        return effects


# -- the modes' table: what each mode accepts, and which handler runs ---------------------
Handler = Callable[[Core, Any], list[Effect]]
"""A handler: the application and the action (or command) it is given."""
Routes = Mapping[str, Handler]

PAGE: Routes = {
    "boot": starting.boot, "language": starting.language,
    "language-failed": starting.language_failed, "worker-ready": play.worker_ready,
    "worker-failed": play.worker_failed,
    "timer": play.timer, "computer-answer": play.computer_answer,
    "hint-answer": hints.hint_answer, "review-answer": replaying.review_answer,
    "speed": play.speed, "copied": play.copied, "pointer": play.pointer,
    "drag": starting.drag, "storage-changed": tabs.storage_changed,
    "storage-failed": tabs.storage_failed, "address-changed": tabs.address_changed,
    "motion": senses.pace, "sound": senses.sound,
}
"""What every mode takes: the page's own events (a timer acts only on its own turn)."""

START: Routes = {
    "setup-edit": starting.setup_edit, "name-typed": starting.name_typed,
    "start": starting.start_game,
    "back-to-game": starting.back_to_game,
    "resume": starting.resume, "export-save": starting.export_save,
    "export-raw": starting.export_raw, "delete": starting.delete_save,
    "delete-finished": starting.delete_finished, "undelete": starting.undelete,
    "import": starting.imported, "import-refused": starting.import_refused,
    "progress-export": starting.progress_export, "tutorial-open": learn.tutorial_open,
}
"""The start screen: the game's settings, Start, the saved games, imports, the
progress table's export, the tutorial."""

LOOK: Routes = {
    "hover": play.hover, "board-click": play.board_click,
    "cursor": play.cursor, "jump": play.jump, "focus-log": play.focus_log,
    "focus-board": play.focus_board, "list-step": play.log_step, "escape": play.escape,
}
"""Looking at the board: the cursor, the pointer's info (a click places only on a
human's turn, with a tile picked), moving the focus (also between the log's rules
links)."""

GAME_TOOLS: Routes = {
    "new-game": starting.new_game, "export": play.export, "share": play.share,
    "link-copy": play.link_copy, "link-play": play.link_play,
    "replay-open": replaying.replay_open, "status-why": play.status_why,
}
"""The game screen's tools around the board (they never change the game)."""

MOVES: Routes = {
    "select": play.select, "rotate": play.rotate, "place": play.place,
    "pass": play.pass_turn, "undo": play.undo,
    "wheel": play.wheel, "result-show": play.result_show,
}
"""What changes the game on screen (a human's turn)."""

HINTS: Routes = {"hint": hints.hint_ask, "hint-take": hints.hint_take,
                 "hint-dismiss": hints.hint_dismiss}
"""A human's turn: ask the strongest computer for a hint, take it or leave it."""

REPLAYING: Routes = {
    "replay-exit": replaying.replay_exit, "replay-step": replaying.replay_step,
    "replay-back": replaying.replay_back, "replay-start": replaying.replay_start,
    "replay-end": replaying.replay_end, "replay-jump": replaying.replay_jump,
    "replay-play": replaying.replay_play,
    "focus-log": play.focus_log, "focus-board": play.focus_board,
    "list-step": replaying.list_step,
    "new-game": starting.new_game, "export": play.export, "share": play.share,
    "link-copy": play.link_copy,
}
"""The replay: its controls (Replay itself is not offered in it: its bar holds the
way back), the focus (also between the moves of its log and of the review's list), and
the tools that do not change the game."""

REVIEWING: Routes = {
    "review-cancel": replaying.review_cancel, "review-close": replaying.review_close,
    "review-jump": replaying.review_jump, "review-open": replaying.review_open,
    "review-share": replaying.review_share, "review-link-copy": replaying.review_link_copy,
}
"""The review beside the replay: cancel it, close it, jump to a reviewed move (where
the better move shows as a ghost tile), review again after a cancel, share it as a link
(the game and the move chosen) and copy that link."""

RESULTS: Routes = {"result-close": play.result_close, "result-new": starting.new_game,
                   "review-open": replaying.review_open}
"""The result: close it, a new game, the review of the game."""

CHOICES: Routes = {"notice-newer": tabs.notice_newer, "notice-copy": tabs.notice_declined,
                   "notice-link": tabs.notice_link, "notice-keep": tabs.notice_declined}
"""The notice's answers: show the newer game / go on as a copy; open the linked game /
keep this one."""

LESSON: Routes = {
    "tutorial-next": learn.tutorial_next, "tutorial-again": learn.tutorial_again,
    "tutorial-step": learn.tutorial_step, "tutorial-exit": learn.tutorial_exit,
    "tutorial-play": learn.tutorial_play, "new-game": learn.tutorial_exit,
}
"""The tutorial's panel: the next step, the step again, a step of the list, leaving it
(also by New game), the first game against the Apprentice."""

ON_THE_LESSON_BOARD: Routes = {
    **dict.fromkeys(("hover", "board-click", "cursor", "jump", "select", "rotate", "place",
                     "pass"), learn.lesson_act),
    "wheel": learn.lesson_wheel,
    **dict.fromkeys(("focus-log", "focus-board", "list-step", "escape"), learn.lesson_focus),
}
"""The tutorial's board: the step's own game takes the board's actions (not saved,
nothing else follows from them), judged by the engine; the focus moves as in a game."""

ROUTES: dict[Mode, Routes] = {
    Mode.START: {**PAGE, **START},
    Mode.PLAYING: {**PAGE, **LOOK, **GAME_TOOLS, **MOVES, **HINTS},
    Mode.COVER: {**PAGE, "cover-ok": play.cover_ok, "cover-undo": play.cover_undo,
                 "new-game": starting.new_game},
    Mode.THINKING: {**PAGE, **LOOK, **GAME_TOOLS, "undo": play.undo},
    Mode.WATCHING: {**PAGE, **LOOK, **GAME_TOOLS},
    Mode.REPLAY: {**PAGE, **REPLAYING, "review-open": replaying.review_open},
    Mode.REVIEW: {**PAGE, **REPLAYING, **REVIEWING},
    Mode.RESULT: {**PAGE, **RESULTS},
    Mode.SERIES: {**PAGE, **RESULTS, "series-next": starting.series_next},
    Mode.NOTICE: {**PAGE, **{n: h for n, h in LOOK.items() if n != "board-click"},
                  **CHOICES, "new-game": starting.new_game, "export": play.export},
    Mode.TUTORIAL: {**PAGE, **ON_THE_LESSON_BOARD, **LESSON},
}
"""Each mode's actions and commands, by name, and the handler each runs: anything
else changes nothing in that mode (a key that does not apply is at most announced)."""

ACCEPTS: dict[Mode, frozenset[str]] = {mode: frozenset(routes)
                                       for mode, routes in ROUTES.items()}
"""What each mode accepts: the names of its table."""
