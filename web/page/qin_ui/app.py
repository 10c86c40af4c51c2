"""The game page as one application: its state, one dispatch, its effects (no DOM).

    app = App(store)                      # saves.SaveStore over the browser's storage
    effects = app.dispatch(action)        # every event, key and worker message
    effects = app.store(effects)          # writes the save before the change shows
    screen = app.screen()                 # what the page shows now (render.screen)

``dispatch`` looks up the mode (``modes.mode_of``); an action the mode does not accept
changes nothing.  Keys become commands in ``keyboard.command_for`` and the mode filter
applies to the command, so a key only ever acts on what is on screen.  A change of the
game (a move, an undo, the cover lifted, the series advanced) emits ``Save``; drawing
never saves.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

import qin

from . import computer, i18n, keep, lesson_view, links, players, progress, setup, tutorial
from .a11y import announcement
from .actions import (
    Action,
    AddressChanged,
    After,
    AskComputer,
    AskHint,
    AskReview,
    BoardClick,
    Boot,
    Command,
    ComputerAnswer,
    Copied,
    Copy,
    Download,
    Effect,
    Focus,
    Form,
    Handled,
    HintAnswer,
    Hover,
    Imported,
    ImportRefused,
    Key,
    LanguageChosen,
    Pointer,
    ReviewAnswer,
    Save,
    SetAddress,
    SetupEdited,
    StartGame,
    StartWorker,
    StorageChanged,
    Timer,
    Wheel,
    WorkerReady,
)
from .ai_bridge import request_for
from .i18n import t
from .keyboard import Keys, command_for
from .lesson import Lesson
from .modes import ACCEPTS, ALWAYS, LESSON, MOVES, Mode, mode_of
from .render import Cache, Screen, screen
from .replay import Replay
from .review import ReviewRun
from .saves import (
    SaveConflict,
    SaveError,
    SaveRef,
    SaveStore,
    export_name,
    export_text,
    id_of_key,
    read_import,
)
from .seriesplan import SeriesPlanError, SeriesState
from .session import Session
from .start_screen import GameOnScreen, StartKeeper
from .state import AppState, ComputerTurn, HintAsk

CURRENT_KEY = "qin.current"
"""Storage key: the id of the game on screen (resumed when the page opens)."""
REPLAY_TICK_MS = 700
UNDO_DELETE_MS = 10_000
"""How long "Deleted — Undo" is offered (the next action ends it sooner)."""
WHEEL_GAP_MS = 150
"""One turn of the tile per flick of a trackpad."""

GAME_COMMANDS = frozenset({"select", "rotate", "place", "pass", "undo"})
REFUSED_WORDS = {Mode.REPLAY: "keys.in_replay", Mode.REVIEW: "keys.in_replay",
                 Mode.THINKING: "keys.computer_turn",
                 Mode.WATCHING: "keys.computer_turn"}
"""What a screen reader hears when a game key does nothing in these modes."""

NOTICE_WORDS = {"conflict": "tabs.newer", "link": "link.other"}
"""The notice's text, by its kind (``AppState.notice``)."""

HINT_LEVEL = "emperor"
"""The strongest computer level: it gives the hints (with its own time cap)."""

SaveKey = tuple[int, int, str, int, bool, bool, bool, int, int]


def settings_of(form: Form, seed: int | None = None) -> setup.Settings:
    seats = tuple(setup.Seat(n, c, k) for n, c, k in
                  zip(form.names, form.colours, form.kinds, strict=True))
    return setup.Settings(seats, form.board, form.fair_start, seed, form.hints)


class App:
    """The page's application: owns the state; ``dispatch`` is its only way in."""

    def __init__(self, store: SaveStore, *, storage_problem: str = "") -> None:
        self.state = AppState(storage_problem=storage_problem)
        self.saves = store
        self.cache = Cache()
        self.start = StartKeeper(store)

    @property
    def mode(self) -> Mode:
        return mode_of(self.state)

    def screen(self) -> Screen:
        return screen(self.state, self.cache)

    # -- the one way in ----------------------------------------------------------------
    def dispatch(self, action: Action) -> list[Effect]:
        mode = self.mode
        effects: list[Effect] = []
        if isinstance(action, Key):
            command = command_for(action, mode)
            if command is None:
                return []
            if command.name not in ACCEPTS[mode]:
                if command.name in GAME_COMMANDS and mode in REFUSED_WORDS:
                    self.state.spoken = t(REFUSED_WORDS[mode])
                self._refused(command.name, mode)
                return []
            effects.append(Handled())
            action = command
        elif action.name not in ACCEPTS[mode]:
            self._refused(action.name, mode)
            return []
        if self.state.deleted and action.name not in ALWAYS | {"undelete"}:
            self._end_undo()  # the undo is offered until the next thing the player does
        if mode is Mode.TUTORIAL and action.name not in ALWAYS | LESSON:
            return effects + self._lesson_act(action)
        before = self._save_key()
        effects += self._act(action)
        effects += self._settle(before)
        return effects

    def _refused(self, name: str, mode: Mode) -> None:
        """A move tried while the notice waits: the notice is said again (its text)."""
        if mode is Mode.NOTICE and name in MOVES | {"board-click"}:
            self.state.spoken = t(NOTICE_WORDS[self.state.notice])

    def store(self, effects: list[Effect]) -> list[Effect]:
        """Run the storing effects (``Save``); return the others, to run after drawing."""
        rest: list[Effect] = []
        for effect in effects:
            if isinstance(effect, Save):
                self._save()
            else:
                rest.append(effect)
        self._keep_start()
        return rest

    def _keep_start(self) -> None:
        """What a page opened now shows before Python (``start_screen.KEY``)."""
        st = self.state
        s = st.session
        game = None
        if s is not None and st.save is not None and st.lesson is None:
            game = GameOnScreen(st.save.id, st.save.rev, s.over, s.settings.board, s.game,
                                tuple(s.colours))
        self.start.keep(st.entries, st.progress, game)

    # -- the actions -------------------------------------------------------------------
    def _act(self, action: Action) -> list[Effect]:
        st = self.state
        s = st.session
        if isinstance(action, Command):
            return self._command(action)
        if isinstance(action, Hover):
            if s is not None and (st.pointer != "touch" or action.square is None):
                s.hover(action.square)
            return []
        if isinstance(action, BoardClick):
            if s is not None:
                if st.pointer == "touch":
                    st.keys.tap(s, action.square)
                else:
                    s.click(action.square)
            return []
        if isinstance(action, Pointer):
            st.pointer = action.kind or "mouse"
            return []
        if isinstance(action, Wheel):
            if s is None or s.selected_kind is None or action.at_ms - st.wheel_at < WHEEL_GAP_MS:
                return []
            st.wheel_at = action.at_ms
            s.rotate(action.step)
            return []
        if isinstance(action, SetupEdited):
            return self._setup_edited(action)
        if isinstance(action, StartGame):
            return self._start(action.form)
        if isinstance(action, Boot):
            return self._boot(action)
        if isinstance(action, LanguageChosen):
            return self._language(action)
        if isinstance(action, Imported):
            return self._import(action.text, action.file)
        if isinstance(action, ImportRefused):
            st.imported = "refused"
            why = t(action.why, error=action.error) if action.error else t(action.why)
            st.saved_message = t("import.refused", name=action.file, error=why)
            return []
        if isinstance(action, WorkerReady):
            st.worker = "ready"
            asked: list[Effect] = self._review_next() if st.review is not None else []
            if st.hint is not None and st.hint.stage == "worker":
                st.hint.stage = "asked"
                asked.append(AskHint(st.hint.token, st.hint.request))
            if st.turn is not None and st.turn.stage == "worker":
                asked += self._ask(st.turn)
            return asked
        if isinstance(action, ReviewAnswer):
            return self._review_answer(action)
        if isinstance(action, ComputerAnswer):
            return self._answer(action)
        if isinstance(action, HintAnswer):
            return self._hint_answer(action)
        if isinstance(action, Timer):
            return self._timer(action.token)
        if isinstance(action, Copied):
            st.link_message = t("link.copied" if action.ok else "link.copy_by_hand")
            return []
        if isinstance(action, StorageChanged):
            return self._storage_changed(action.key)
        if isinstance(action, AddressChanged):
            return self._address_changed(action.hash)
        return []

    def _command(self, c: Command) -> list[Effect]:
        st = self.state
        s = st.session
        name = c.name
        if name.startswith("replay-"):
            return self._replay(c)
        if name.startswith("review-"):
            return self._review(c)
        if name.startswith("tutorial-") or name == "new-game" and st.lesson is not None:
            return self._tutorial(c)
        if name == "result-close":
            st.result_open = False
            return []
        if name == "result-show":
            st.result_open = True
            return []
        if name in ("new-game", "result-new"):
            st.result_open = False
            return self._to_setup()
        if name == "back-to-game":
            if s is not None:
                st.screen = "play"
            return []
        if name == "speed":
            if c.arg in computer.SPEEDS:
                st.speed = c.arg
                if computer.SPEEDS[c.arg] is None:
                    st.turn = None  # paused: a move under way is not played
            return []
        if name == "drag":
            st.drop_over = c.arg == "over"
            return []
        if name in ("resume", "export-save", "export-raw", "delete", "delete-finished",
                    "undelete"):
            return self._saved_game(name, c.arg)
        if name == "progress-export":
            return [Download(progress.export_name(), st.progress.to_json() + "\n")]
        if name.startswith("notice-"):
            return self._notice(name)
        if s is None:
            return []
        if name == "cover-ok":
            s.confirm()
            return []
        if name == "cover-undo":
            st.keys.undo(s)
            return []
        if name == "series-next":
            return self._series_next(s)
        if name == "export":
            try:
                record = s.game.record()
            except qin.QinError as exc:
                st.save_text, st.save_state = str(exc), "error"
                return []
            if any(s.hints):
                record["hints"] = list(s.hints)
            return [Download(export_name(record), export_text(record))]
        if name in ("hint", "hint-take", "hint-dismiss"):
            return self._hint(name, s)
        if name == "escape" and st.hint is not None:
            return self._hint("hint-dismiss", s)
        if name == "share":
            st.link_panel = not st.link_panel
            st.link_message = ""
            self._update_link(s)
            return []
        if name == "link-copy":
            return [Copy(st.link_url)]
        if name == "link-play":  # saved, and the address set, as a change of the game
            st.link_mode = True
            return []
        done = st.keys.run(s, c)
        focus = {"log": "log", "board": "board-area", "leave": "hand"}.get(done.command)
        return [Focus(focus)] if focus else []

    # -- after every action: the cover, the series, the computer, the save ---------------
    def _save_key(self) -> SaveKey | None:
        st = self.state
        s = st.session
        if s is None:
            return None
        last = str(s.game.moves[-1]) if s.game.moves else ""
        return (id(s), len(s.game.moves), last, s.at_screen, s.covered, s.over,
                st.link_mode, len(st.series.games) if st.series else 0, sum(s.hints))

    def _settle(self, before: SaveKey | None) -> list[Effect]:
        st = self.state
        s = st.session
        effects: list[Effect] = []
        if s is None:
            return effects
        if st.link_mode and s.covered:
            s.confirm()  # hands are not hidden in a game played by link
        after = self._save_key()
        if after != before and before is not None and after is not None \
                and before[0] == after[0]:
            if len(s.turns) and before[1] != after[1]:
                st.spoken = announcement(s) if after[1] > before[1] else ""
            if s.over and not before[5]:  # the game just ended
                st.result_open = True
                self._count_in_series(s)
                self._count_progress(s)
            st.keys.armed = None if before[1] != after[1] else st.keys.armed
            effects.append(Save())
        if st.link_mode and before is not None and after != before:  # the address follows
            self._update_link(s)
            st.address_game = True
            effects.append(SetAddress(st.link_url or st.base_url))
        if st.hint is not None and (before is None or after is None or before[:3] != after[:3]
                                    or self.mode is not Mode.PLAYING
                                    or not s.hint_allowed):
            st.hint = None  # asked for another position: its answer will be dropped
            s.hint = None
        effects += self._computer()
        return effects

    # -- hints -------------------------------------------------------------------------
    def _hint(self, name: str, s: Session) -> list[Effect]:
        """Ask for a hint (the strongest computer, from the seat's own view), take the
        one shown, or leave it."""
        st = self.state
        if name == "hint-dismiss":
            st.hint, s.hint = None, None
            return []
        if name == "hint-take":
            shown = st.hint
            if shown is None or shown.stage != "shown" or s.hint is None:
                return []
            move = s.hint
            st.hint, s.hint = None, None
            if move not in s.game.legal_moves():  # cannot happen: a move clears the hint
                return []
            s.play(move)
            return []
        if not s.hint_allowed:
            st.spoken = t("hint.not_now" if s.settings.hints else "hint.off")
            return []
        if st.hint is not None:  # one under way or shown: nothing more to ask
            return []
        request = request_for(s.game, s.to_move, HINT_LEVEL)
        st.hint = HintAsk(st.token(), request)
        st.spoken = t("hint.asking")
        if st.worker == "ready":
            return [AskHint(st.hint.token, request)]
        st.hint.stage = "worker"
        if st.worker == "off":
            st.worker = "starting"
            return [StartWorker()]
        return []

    def _hint_answer(self, answer: HintAnswer) -> list[Effect]:
        st = self.state
        s = st.session
        asked = st.hint
        if asked is None or asked.token != answer.token or asked.stage != "asked" \
                or s is None:
            return []  # stale: a move, an undo or another game came in between
        if self.mode is not Mode.PLAYING or not s.hint_allowed \
                or request_for(s.game, s.to_move, HINT_LEVEL) != asked.request:
            st.hint = None
            return []
        try:
            move = qin.Move.parse(answer.text)
        except ValueError:
            move = None
        if move is None or move.is_pass or move not in s.game.legal_moves():
            st.hint = None
            st.spoken = t("hint.failed")
            return []
        asked.stage, asked.move = "shown", str(move)
        s.show_hint(move)
        st.spoken = s.hint_text()
        return []

    # -- the progress record -----------------------------------------------------------
    def _load_progress(self) -> None:
        st = self.state
        st.progress, st.progress_problem = progress.load(self.saves.storage)

    def _count_progress(self, s: Session) -> None:
        """A game against the computer just ended here: counted once (by its save)."""
        st = self.state
        game_id = st.save.id if st.save is not None else f"tab-{id(s)}"
        counted = progress.outcome(game_id, [k.level for k in s.kinds],
                                   tuple(s.game.winners), s.game.players)
        if counted is None:
            return
        st.progress, problem = progress.count(self.saves.storage, counted)
        st.progress_problem = problem or st.progress_problem

    def _count_in_series(self, s: Session) -> None:
        series = self.state.series
        if series is not None and s.over:
            try:
                series.add(s.game)
            except SeriesPlanError as exc:
                self.state.save_text = str(exc)

    def _save(self) -> None:
        st = self.state
        s = st.session
        if s is None:
            return
        ui = keep.snapshot(s)
        series = st.series.to_dict() if st.series else None
        mode = "link" if st.link_mode else "local"
        if st.notice == "conflict":  # the player has not chosen yet: nothing is written
            return
        try:
            if st.save is None:
                st.save = self.saves.create(s.game, ui, series=series, mode=mode)
            else:
                try:
                    st.save = self.saves.write(st.save, s.game, ui, series=series, mode=mode)
                except SaveConflict as exc:
                    if exc.reason == "newer":  # another tab went on: the player chooses
                        self._conflict()
                        return
                    # deleted or damaged meanwhile: this game is saved anew, beside it
                    st.save = self.saves.create(s.game, ui, series=series, mode=mode)
        except SaveError as exc:
            st.save_state, st.save_text = "error", t("keep.not_saved", error=exc)
            return
        with contextlib.suppress(Exception):  # the game itself was saved
            self.saves.storage.set(CURRENT_KEY, st.save.id)
        st.save_state, st.save_text = "saved", t("keep.saved")

    # -- computer turns ------------------------------------------------------------------
    def _computer(self) -> list[Effect]:
        """Start the computer's turn when one is due (after its pause); drop a turn
        under way when the game on screen no longer waits for it."""
        st = self.state
        s = st.session
        mode = self.mode
        effects: list[Effect] = []
        if s is not None and computer.has_computers(s) and st.worker == "off":
            st.worker = "starting"
            effects.append(StartWorker())
        if mode not in (Mode.THINKING, Mode.WATCHING) or s is None \
                or computer.ask(s) is None:
            st.turn = None
            return effects
        if st.turn is not None:
            return effects
        delay = computer.delay_ms(s, st.speed)
        if delay is None:  # paused
            return effects
        st.turn = ComputerTurn(st.token())
        return [*effects, After(delay, st.turn.token)]

    def _ask(self, turn: ComputerTurn) -> list[Effect]:
        s = self.state.session
        request = computer.ask(s) if s is not None else None
        if request is None:
            self.state.turn = None
            return []
        turn.request = request
        if self.state.worker != "ready":
            turn.stage = "worker"
            return []
        turn.stage = "asked"
        return [AskComputer(turn.token, request)]

    def _answer(self, answer: ComputerAnswer) -> list[Effect]:
        st = self.state
        turn = st.turn
        if turn is None or turn.token != answer.token or turn.stage != "asked":
            return []  # stale: an undo, a pause or another game came in between
        s = st.session
        assert s is not None
        turn.answer, turn.took_ms = answer.text, answer.took_ms
        rest = computer.min_think_ms(s) - answer.took_ms
        if rest > 0:  # a quick decision still shows its thinking for a moment
            turn.stage = "holding"
            return [After(int(rest), turn.token)]
        return self._play_answer(turn)

    def _play_answer(self, turn: ComputerTurn) -> list[Effect]:
        st = self.state
        s = st.session
        st.turn = None
        if s is None or not computer.accept(s, turn.request, turn.answer):
            return []
        st.think_ms = round(turn.took_ms)
        st.dropped = (turn.token, turn.answer)
        return []

    def _timer(self, token: int) -> list[Effect]:
        st = self.state
        if token == st.deleted_timer:
            self._end_undo()
            return []
        if token == st.replay_timer and st.replay is not None:
            st.replay_timer = None
            if st.replay.tick():
                st.replay_timer = st.token()
                return [After(REPLAY_TICK_MS, st.replay_timer)]
            return []
        turn = st.turn
        if turn is None or turn.token != token:
            return []
        if turn.stage == "waiting":
            return self._ask(turn)
        if turn.stage == "holding":
            return self._play_answer(turn)
        return []

    # -- the replay ----------------------------------------------------------------------
    def _replay(self, c: Command) -> list[Effect]:
        st = self.state
        s = st.session
        r = st.replay
        if c.name in ("replay-open", "replay-exit") and r is not None:
            st.replay = None
            st.replay_timer = None
            if st.review is not None:
                st.review.cancel()  # an answer under way is dropped
                st.review = None
            return []
        if c.name == "replay-open":
            if s is None:
                return []
            try:
                st.replay = Replay(s.game.record())
            except qin.QinError as exc:
                st.save_text, st.save_state = str(exc), "error"
                return []
            s.selected = None
            return []
        if r is None:
            return []
        if c.name == "replay-start":
            r.start()
        elif c.name == "replay-back":
            r.back()
        elif c.name == "replay-step":
            r.playing = False
            r.step()
        elif c.name == "replay-end":
            r.end()
        elif c.name == "replay-jump":
            r.playing = False
            with contextlib.suppress(ValueError):
                r.jump(int(c.arg))
        elif c.name == "replay-play":
            r.toggle()
            if r.playing and st.replay_timer is None:
                st.replay_timer = st.token()
                return [After(REPLAY_TICK_MS, st.replay_timer)]
        if not r.playing:
            st.replay_timer = None
        return []

    # -- the review beside the replay -------------------------------------------------------
    def _review(self, c: Command) -> list[Effect]:
        st = self.state
        s = st.session
        run = st.review
        if c.name == "review-open":
            if s is None or (run is not None and run.status in ("running", "done")):
                return []
            try:
                record = s.game.record()
                if st.replay is None:
                    st.replay = Replay(record)
                    st.replay_timer = None
                    s.selected = None
            except qin.QinError as exc:
                st.save_text, st.save_state = str(exc), "error"
                return []
            st.result_open = False
            st.review = ReviewRun.start(st.token(), record, s.humans() or None)
            return self._review_next()
        if run is None:
            return []
        if c.name == "review-cancel":
            run.cancel()
        elif c.name == "review-close":
            run.cancel()
            st.review = None
        elif c.name == "review-jump":
            try:
                ply = int(c.arg)
            except ValueError:
                return []
            r = st.replay
            if r is None or run.entry(ply) is None:
                return []
            run.at = ply
            r.playing = False
            st.replay_timer = None
            r.jump(ply - 1)  # the position the move was chosen in
        return []

    def _review_next(self) -> list[Effect]:
        """Ask the worker for the review's next move (starting the worker if need be)."""
        st = self.state
        run = st.review
        if run is None or run.status != "running" or run.asked is not None:
            return []
        if st.worker != "ready":
            if st.worker == "off":
                st.worker = "starting"
                return [StartWorker()]
            return []
        request = run.next_request()
        return [AskReview(run.token, request)] if request is not None else []

    def _review_answer(self, a: ReviewAnswer) -> list[Effect]:
        run = self.state.review
        if run is None or a.token != run.token or run.asked is None:
            return []  # stale: cancelled, closed or started again meanwhile
        if not a.text:
            run.status = "failed"
            return []
        run.answered(a.text)
        return self._review_next()

    # -- the start screen ----------------------------------------------------------------
    def _to_setup(self) -> list[Effect]:
        st = self.state
        st.screen = "setup"
        st.seed_text = ""  # a new game deals afresh unless a seed is typed again
        st.setup_problems = ""
        self._refresh_entries()
        self._load_progress()
        return []

    def _refresh_entries(self) -> None:
        st = self.state
        try:
            st.entries = self.saves.entries()
        except SaveError as exc:
            st.entries = []
            st.saved_message = str(exc)
            return
        if st.storage_problem:
            st.saved_message = t(st.storage_problem)

    def _setup_edited(self, e: SetupEdited) -> list[Effect]:
        st = self.state
        st.plan = e.form.plan
        st.seed_text = e.form.seed
        fresh = settings_of(e.form, st.settings.seed)
        if e.field == "players":
            st.settings = setup.with_players(fresh, e.value)
        elif e.field == "colour" and 0 <= e.value < len(fresh.seats):
            # the seat that had the new colour takes this seat's old one
            seats = list(fresh.seats)
            old = st.settings.seats[e.value].colour if e.value < len(st.settings.seats) \
                else seats[e.value].colour
            chosen = seats[e.value].colour
            seats[e.value] = setup.Seat(seats[e.value].name, old, seats[e.value].kind)
            before = replace(fresh, seats=tuple(seats))
            st.settings = setup.with_colour(before, e.value, chosen)
        elif e.field == "kind":
            st.settings = fresh
            effects: list[Effect] = [Focus(f"seat-kind-{e.value}")]
            if any(players.kind(seat.kind).level for seat in fresh.seats) \
                    and st.worker == "off":
                st.worker = "starting"
                effects.append(StartWorker())
            return effects
        else:
            st.settings = fresh
        return []

    def _start(self, form: Form) -> list[Effect]:
        st = self.state
        st.plan, st.seed_text = form.plan, form.seed
        settings = settings_of(form)
        problems = setup.problems(settings)
        seed = None
        try:
            seed = setup.parse_seed(form.seed)
        except ValueError as exc:
            problems.append(str(exc))
        st.settings = settings
        if problems:
            st.setup_problems = " ".join(problems)
            return []
        st.setup_problems = ""
        session = Session(replace(settings, seed=seed))
        try:
            series = SeriesState.new(form.plan, first=settings.board)
        except SeriesPlanError:
            series = None
        return self._show(session, None, "local", series) + [Save()]

    def _series_next(self, s: Session) -> list[Effect]:
        series = self.state.series
        if series is None or series.next_board is None:
            return []
        settings = s.settings
        session = Session(replace(settings, board=series.next_board, seed=None))
        return self._show(session, None, "local", series) + [Save()]

    def _show(self, s: Session, ref: SaveRef | None, mode: str,
              series: SeriesState | None) -> list[Effect]:
        """Put ``s`` on screen (a new, resumed, imported or linked game)."""
        st = self.state
        st.lesson = None  # a game shown ends the tutorial
        st.session = s
        st.save = ref
        st.link_mode = mode == "link"
        st.link_open = st.link_mode
        st.link_panel = False
        st.link_message = ""
        st.series = series
        st.replay = None
        st.replay_timer = None
        st.review = None
        st.screen = "play"
        st.keys = Keys()
        st.turn = None
        st.hint = None
        st.dropped = None
        st.spoken = ""
        st.save_state, st.save_text = "", ""
        st.result_open = s.over
        st.settings = s.settings
        st.notice, st.link_offer = "", ""
        if s.over:
            self._count_in_series(s)
        if st.link_mode:
            self._update_link(s)
            st.address_game = True
            return []
        if st.address_game:  # the address no longer names this game
            st.address_game = False
            return [SetAddress(st.base_url)]
        return []

    def _update_link(self, s: Session) -> None:
        st = self.state
        try:
            st.link_url = links.link(st.base_url, s.game)
        except links.LinkError as exc:
            st.link_url = ""
            st.link_message = str(exc)

    # -- saved games ---------------------------------------------------------------------
    def _saved_game(self, name: str, save_id: str) -> list[Effect]:
        st = self.state
        if name == "resume":
            self._resume(save_id)
            return []
        if name == "export-raw":
            return [Download(f"qin-damaged-save-{save_id}.txt", self.saves.raw(save_id) or "",
                             "text/plain")]
        if name == "export-save":
            try:
                saved = self.saves.open(save_id).saved
            except SaveError as exc:
                st.saved_message = str(exc)
                return []
            return [Download(export_name(saved.record, saved.updated),
                             export_text(saved.record))]
        if name == "undelete":
            return self._undelete()
        try:
            if name == "delete-finished":
                deleted = tuple(self.saves.delete_finished())
            else:
                deleted = (self.saves.delete(save_id),)
        except SaveError as exc:
            st.saved_message = str(exc)
            return []
        # The game behind the start screen keeps its ref: undone, it is written on as
        # before; not undone, its next write finds it gone and saves it anew.
        self._refresh_entries()
        if not deleted:
            return []
        st.deleted = deleted
        st.saved_message = t("saved.deleted") if name == "delete" else \
            t("saved.deleted_finished", n=len(deleted))
        st.deleted_timer = st.token()
        return [After(UNDO_DELETE_MS, st.deleted_timer)]

    def _undelete(self) -> list[Effect]:
        """Put the last deletion back, text for text."""
        st = self.state
        deleted, st.deleted, st.deleted_timer = st.deleted, (), None
        st.saved_message = t("saved.restored")
        for d in deleted:
            try:
                self.saves.undelete(d)
            except SaveError as exc:
                st.saved_message = str(exc)
        self._refresh_entries()
        return []

    def _end_undo(self) -> None:
        st = self.state
        if st.deleted and st.saved_message in (t("saved.deleted"), t(
                "saved.deleted_finished", n=len(st.deleted))):
            st.saved_message = ""
        st.deleted, st.deleted_timer = (), None

    # -- other tabs, pasted links: nothing is lost or applied silently ---------------------
    def _conflict(self) -> None:
        st = self.state
        st.notice = "conflict"
        st.link_offer = ""
        st.save_state, st.save_text = "conflict", t("saves.error.conflict")

    def _storage_changed(self, key: str) -> list[Effect]:
        """Another tab wrote ``key``: the saved list follows; when it is the save of the
        game on screen and its revision is newer than ours, the player is told at once."""
        st = self.state
        if key == CURRENT_KEY:
            return []
        if key == progress.KEY or not key:
            self._load_progress()
        save_id = id_of_key(key)
        if st.screen == "setup" and (save_id is not None or not key):
            self._refresh_entries()
        if st.session is None or st.save is None or save_id != st.save.id \
                or st.notice == "conflict":
            return []
        rev = self.saves.revision(save_id)
        if rev is not None and rev > st.save.rev:
            self._conflict()
        return []

    def _notice(self, name: str) -> list[Effect]:
        st = self.state
        kind, st.notice = st.notice, ""
        if kind == "conflict":
            if name == "notice-newer" and st.save is not None and self._resume(st.save.id):
                return self._keep_address() if st.link_mode else []
            st.save = None  # a copy: a new save of this tab's game, the other one kept
            st.save_state, st.save_text = "", ""
            return [Save()]
        offer, st.link_offer = st.link_offer, ""
        if kind == "link" and name == "notice-link":
            try:
                _, record = links.read_link(offer)
                s = keep.link_session(record)
            except (links.LinkError, SaveError) as exc:
                st.link_message = t("link.cannot_open", error=exc)
                return self._keep_address()
            return self._show(s, None, "link", None) + [Save()]
        return self._keep_address()

    def _keep_address(self) -> list[Effect]:
        """The address names the game on screen again (or no game)."""
        st = self.state
        s = st.session
        if s is not None and st.link_mode:
            self._update_link(s)
            st.address_game = True
            return [SetAddress(st.link_url or st.base_url)]
        st.address_game = False
        return [SetAddress(st.base_url)]

    def _address_changed(self, fragment: str) -> list[Effect]:
        """A game link pasted into this tab: a later state of the game on screen is
        shown (and saved as this game); an older, diverging or other game is offered,
        never applied silently."""
        st = self.state
        s = st.session
        if tutorial.wants_tutorial(fragment) and st.notice != "conflict":
            return self._open_lesson_from(fragment)
        if not links.has_game(fragment) or st.notice == "conflict":
            return []
        try:
            linked, record = links.read_link(fragment)
        except links.LinkError as exc:
            st.link_message = st.saved_message = t("link.cannot_open", error=exc)
            return []
        if s is None:
            return self._show(keep.link_session(record), None, "link", None) + [Save()]
        ours = s.game
        same = (linked.board_name, linked.players, linked.seed, bool(linked.fair_start),
                list(linked.names)) == (ours.board_name, ours.players, ours.seed,
                                        bool(ours.fair_start), list(ours.names))
        mine = [str(m) for m in ours.moves]
        theirs = [str(m) for m in linked.moves]
        if same and theirs == mine:
            return []
        if same and len(theirs) > len(mine) and theirs[:len(mine)] == mine:
            try:
                later = keep.session_for(record, [seat.kind for seat in s.settings.seats],
                                         list(s.settings.colours))
            except SaveError as exc:
                st.link_message = t("link.cannot_open", error=exc)
                return []
            return self._show(later, st.save, "link", st.series) + [Save()]
        st.notice, st.link_offer = "link", fragment
        return []

    def _resume(self, save_id: str, *, unfinished_only: bool = False) -> bool:
        """Open a saved game (its game replayed once, nothing written); with
        ``unfinished_only`` a finished game stays where it is."""
        st = self.state
        try:
            opened = self.saves.open(save_id)
            saved = opened.saved
            s = keep.restore(saved)
            series = SeriesState.from_dict(saved.series) if saved.series else None
        except (SaveError, SeriesPlanError) as exc:
            if not unfinished_only:
                st.saved_message = t("saved.cannot_open", error=exc)
                self._refresh_entries()
            return False
        if unfinished_only and s.over:
            return False
        self._show(s, opened.ref, saved.mode, series)
        if saved.notes:
            st.save_text = " ".join(saved.notes)
        return True

    def _import(self, text: str, file: str) -> list[Effect]:
        st = self.state
        file = file or t("saves.the_file")
        if progress.is_progress(text):
            try:
                st.progress, added = progress.merge(self.saves.storage, text)
            except progress.ProgressError as exc:
                st.imported = "refused"
                st.saved_message = t("import.refused", name=file, error=str(exc))
                return []
            st.imported = "ok"
            st.progress_problem = None
            st.saved_message = t("progress.imported", name=file, n=added)
            return []
        try:
            imported = read_import(text, players.KINDS)
            if imported.saved is not None:
                s = keep.restore(imported.saved)
                series = (SeriesState.from_dict(imported.saved.series)
                          if imported.saved.series else None)
            else:
                count = imported.record["players"]
                s = keep.session_for(imported.record, ["human"] * count,
                                     keep.default_colours(count))
                series = None
        except (SaveError, SeriesPlanError) as exc:
            st.imported = "refused"
            st.saved_message = t("import.refused", name=file, error=str(exc))
            return []
        st.imported = "ok"
        st.saved_message = t("import.done", name=file,
                             names=f" {t('saved.vs')} ".join(s.names),
                             moves=len(s.game.moves))
        return self._show(s, None, "local", series) + [Save()]

    # -- the tutorial ----------------------------------------------------------------------
    def _lessons_done(self) -> frozenset[str]:
        text = None
        with contextlib.suppress(Exception):  # a storage that cannot be read: none done
            text = self.saves.storage.get(tutorial.PROGRESS_KEY)
        return tutorial.read_progress(text)

    def _open_lesson(self, step_id: str | None = None) -> None:
        """Show a step: ``step_id``, or the first not done yet (the first when all are)."""
        st = self.state
        st.lessons_done = self._lessons_done()
        if step_id is None:
            step_id = next((i for i in tutorial.IDS if i not in st.lessons_done),
                           tutorial.IDS[0])
        st.lesson = Lesson.new(step_id)
        st.spoken = ""
        self.cache.parts.clear()  # a new board: nothing drawn before applies

    def _open_lesson_from(self, fragment: str) -> list[Effect]:
        """The address asks for the tutorial (``#learn``, ``#learn=<step>``); an unknown
        step opens it at the start and says so.  The address is given back after."""
        st = self.state
        wanted, ok = tutorial.parse_address(fragment)
        self._open_lesson(wanted)
        if not ok and st.lesson is not None:
            st.lesson.note = "tutorial.bad_address"
            st.lesson.note_value = fragment.removeprefix("#")[:40]
        st.address_game = False
        return [SetAddress(st.base_url)]

    def _tutorial(self, c: Command) -> list[Effect]:
        st = self.state
        lesson = st.lesson
        name = c.name
        if name == "tutorial-open":
            self._open_lesson()
            return [Focus("tutorial-title")]
        if lesson is None:
            return []
        if name in ("tutorial-exit", "new-game"):
            st.lesson = None
            return self._to_setup()
        if name == "tutorial-apprentice":
            st.lesson = None
            names = tuple(setup.colour_label(c) for c in ("green", "white"))
            return self._start(Form(names, ("green", "white"), ("human", "apprentice"),
                                    "bird", False, "", "single"))
        if name == "tutorial-again":
            self._open_lesson(lesson.step.id)
        elif name == "tutorial-next":
            at = tutorial.index(lesson.step.id)
            if at + 1 < len(tutorial.IDS):
                self._open_lesson(tutorial.IDS[at + 1])
        elif name == "tutorial-step" and c.arg in tutorial.IDS:
            self._open_lesson(c.arg)
        return [Focus("tutorial-title")]

    def _lesson_act(self, action: Action) -> list[Effect]:
        """A board action in the tutorial: on the step's own game, judged by the engine;
        a step done is remembered in the browser's storage."""
        st = self.state
        lesson = st.lesson
        assert lesson is not None
        effects: list[Effect] = []
        if isinstance(action, Command) and action.name in ("focus-log", "focus-board",
                                                           "escape"):
            done = lesson.keys.run(lesson.session, action)
            target = {"log": "log", "board": "board-area", "leave": "hand"}.get(done.command)
            return [Focus(target)] if target else []
        if isinstance(action, Wheel):  # one turn of the tile per flick, as in a game
            if action.at_ms - st.wheel_at < WHEEL_GAP_MS:
                return []
            st.wheel_at = action.at_ms
        tries = lesson.tries
        if lesson.act(action, st.pointer):
            st.lessons_done = self._lessons_done() | {lesson.step.id}
            with contextlib.suppress(Exception):  # not kept: the tutorial still plays
                self.saves.storage.set(tutorial.PROGRESS_KEY,
                                       tutorial.progress_text(st.lessons_done))
            st.spoken = lesson_view.spoken(lesson)
        elif lesson.tries != tries:
            st.spoken = lesson_view.spoken(lesson)
        return effects

    # -- start-up and languages ------------------------------------------------------------
    def _boot(self, boot: Boot) -> list[Effect]:
        """Open what the page shows first: a game link, the game left open, or the start
        screen."""
        st = self.state
        st.base_url = boot.url.split("#")[0]
        st.booted = True
        st.address_game = links.has_game(boot.hash)
        self._refresh_entries()
        self._load_progress()  # here, not before: the page has its language now
        if tutorial.wants_tutorial(boot.hash):  # the game left open waits behind it
            self._resume_current()
            return self._open_lesson_from(boot.hash)
        if links.has_game(boot.hash):
            try:
                _, record = links.read_link(boot.hash)
                s = keep.link_session(record)
            except (links.LinkError, SaveError) as exc:
                st.saved_message = t("link.cannot_open", error=exc)
                st.link_refused = True
                return []
            return self._show(s, None, "link", None) + [Save()]
        self._resume_current()
        return []

    def _resume_current(self) -> None:
        """Open the game left open, unless it is over (or cannot be read: listed)."""
        current = None
        with contextlib.suppress(Exception):
            current = self.saves.storage.get(CURRENT_KEY)
        if current:
            self._resume(current, unfinished_only=True)

    def _language(self, e: LanguageChosen) -> list[Effect]:
        import json

        st = self.state
        old_names = {c: setup.colour_label(c) for c in setup.COLOURS}
        i18n.set_language(e.lang, json.loads(e.catalogue))
        st.settings = setup.renamed(settings_of(e.form, st.settings.seed), old_names)
        st.seed_text, st.plan = e.form.seed, e.form.plan
        st.setup_problems = ""
        st.spoken = ""  # a move's events are not read out again
        if st.lesson is not None:
            st.lesson.rename()
        s = st.session
        if s is not None:
            s.notice = ""
            s.hover_state = s._hover_at(s.hover_state.square)  # noqa: SLF001
            if st.save_state == "saved":
                st.save_text = t("keep.saved")
        self._refresh_entries()
        return []
