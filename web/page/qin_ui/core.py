"""What every part of the application shares (no DOM): the state, the store, the cache
of drawn parts, and the operations on the game on screen that several features need
(show a game, back to the start screen, write the save, open a saved game).

``App`` (``app.py``) is a ``Core`` with the one way in, ``dispatch``; the handlers of
each feature (``starting``, ``play``, ``hints``, ``replaying``, ``tabs``, ``learn``) are
functions of a ``Core`` and an action.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

from qin.errors import QinError

from . import keep, links, progress, setup
from .actions import Effect, Focus, Form, KeepTable, Save, SetAddress
from .i18n import Joined, Said, WordedError, Words, words
from .keyboard import BOARD_AREA
from .modes import Mode
from .render import Cache
from .saves import SaveConflict, SaveError, SaveRef, SaveStore
from .seriesplan import SeriesPlanError, SeriesState
from .session import Session
from .state import AppState, Keeping, OnScreen, StartScreen, mode_of

CURRENT_KEY = "qin.current"
"""Storage key: the id of the game on screen (resumed when the page opens)."""

SETUP_TITLE = "setup-title"
"""The start screen's heading ("New game")."""


def settings_of(form: Form, seed: int | None = None) -> setup.Settings:
    seats = tuple(setup.Seat(n, c, k) for n, c, k in
                  zip(form.names, form.colours, form.kinds, strict=True))
    return setup.Settings(seats, form.board, form.fair_start, seed, form.hints)


class Core:
    """The application's state, store and drawing cache, and what its features share."""

    def __init__(self, store: SaveStore, *, storage_problem: str = "") -> None:
        self.state = AppState(start=StartScreen(storage_problem=storage_problem))
        self.saves = store
        self.cache = Cache()

    @property
    def mode(self) -> Mode:
        return mode_of(self.state)

    def load_progress(self) -> None:
        """The progress record read afresh, and what the player is told of it: what is
        wrong with it, else that a game of this visit could not be added to it (still
        true: said on the start screen the player comes back to)."""
        st = self.state
        said = st.start.progress_problem
        st.start.progress, problem = progress.load(self.saves.storage)
        unsaved = isinstance(said, Words) and said.key == progress.NOT_SAVED
        st.start.progress_problem = problem or (said if unsaved else None)

    def count_progress(self, s: Session) -> None:
        """A game against the computer just ended here: counted once (by its save)."""
        st = self.state
        game_id = st.keeping.save.id if st.keeping.save is not None else f"tab-{id(s)}"
        counted = progress.outcome(game_id, [k.level for k in s.kinds],
                                   tuple(s.game.winners), s.game.players)
        if counted is None:
            return
        st.start.progress, problem = progress.count(self.saves.storage, counted)
        st.start.progress_problem = problem or st.start.progress_problem

    def count_in_series(self, s: Session) -> None:
        series = self.state.game.series
        if series is not None and s.over:
            try:
                series.add(s.game)
            except SeriesPlanError as exc:
                self.state.keeping.save_text = exc.note

    def save(self) -> None:
        st = self.state
        s = st.game.session
        if s is None:
            return
        ui = keep.snapshot(s)
        series = st.game.series.to_dict() if st.game.series else None
        mode = "link" if st.link.link_mode else "local"
        if st.keeping.notice == "conflict":  # the player has not chosen yet: nothing is written
            return
        try:
            if st.keeping.save is None:
                st.keeping.save = self.saves.create(s.game, ui, recorder=s.record,
                                                    series=series, mode=mode)
            else:
                try:
                    st.keeping.save = self.saves.write(st.keeping.save, s.game, ui,
                                                       recorder=s.record, series=series,
                                                       mode=mode)
                except SaveConflict as exc:
                    if exc.reason == "newer":  # another tab went on: the player chooses
                        self.conflict()
                        return
                    # deleted or damaged meanwhile: this game is saved anew, beside it
                    st.keeping.save = self.saves.create(s.game, ui, recorder=s.record,
                                                        series=series, mode=mode)
        except SaveError as exc:
            # what was adjusted on opening it is said now all the same (not at the next
            # save that succeeds)
            st.keeping.save_state = "error"
            st.keeping.save_text = Joined((words("keep.not_saved", error=exc),
                                           st.keeping.saved_note)) \
                if st.keeping.saved_note else words("keep.not_saved", error=exc)
            st.keeping.saved_note = ""
            return
        with contextlib.suppress(Exception):  # the game itself was saved
            self.saves.storage.set(CURRENT_KEY, st.keeping.save.id)
        st.keeping.save_state, st.keeping.save_text = "saved", (st.keeping.saved_note
                                                               or words("keep.saved"))
        st.keeping.saved_note = ""

    def to_setup(self) -> list[Effect]:
        st = self.state
        st.screen = "setup"
        st.start.seed_text = ""  # a new game deals afresh unless a seed is typed again
        st.start.setup_problems = ""
        self.refresh_entries()
        self.load_progress()
        return []

    def back_to_setup(self) -> list[Effect]:
        """The player's way back to the start screen (New game, Leave the tutorial): the
        button pressed is gone with the screen it was on, so the focus goes to the start
        screen's title, from where Tab goes on into the form."""
        return self.to_setup() + [Focus(SETUP_TITLE, lost=True)]

    def refresh_entries(self) -> None:
        st = self.state
        try:
            st.start.entries = self.saves.entries()
        except SaveError as exc:
            st.start.entries = []
            st.start.saved_message = exc.note
            return
        if st.start.storage_problem:
            st.start.saved_message = words(st.start.storage_problem)

    def start(self, form: Form) -> list[Effect]:
        st = self.state
        st.start.plan, st.start.seed_text = form.plan, form.seed
        settings = settings_of(form)
        problems: list[Said] = list(setup.problems(settings))
        seed = None
        try:
            seed = setup.parse_seed(form.seed)
        except WordedError as exc:
            problems.append(exc.note)
        st.start.settings = settings
        if problems:
            st.start.setup_problems = Joined(tuple(problems))
            return []
        try:
            session = Session(replace(settings, seed=seed))
        except QinError:  # a rule of the engine that problems() does not know
            st.start.setup_problems = words("setup.problem.refused")
            return []
        st.start.setup_problems = ""
        try:
            series = SeriesState.new(form.plan, first=settings.board)
        except SeriesPlanError:
            series = None
        # The form (and its Start, which had the focus) is gone: the focus goes to the
        # board, where the keys play, unless the player has put it elsewhere meanwhile.
        return self.show(session, None, "local", series) + [
            Save(), KeepTable(settings, form.plan), Focus(BOARD_AREA, lost=True)]

    def show(self, s: Session, ref: SaveRef | None, mode: str,
              series: SeriesState | None) -> list[Effect]:
        """Put ``s`` on screen (a new, resumed, imported or linked game)."""
        st = self.state
        st.tutorial.lesson = None  # a game shown ends the tutorial
        before = st.game  # the pace of computer moves and the wheel's last turn stay
        st.game = OnScreen(session=s, series=series, result_open=s.over,
                           speed=before.speed, think_ms=before.think_ms,
                           wheel_at=before.wheel_at)
        st.keeping = Keeping(save=ref)
        st.link.link_mode = st.link.link_open = mode == "link"
        st.link.link_panel = st.link.review_panel = False
        st.link.link_message = st.link.review_url = st.link.review_message = ""
        st.link.link_problem = ""
        st.screen = "play"
        st.spoken = ""
        st.start.settings = setup.renamed(s.settings)
        if s.over:
            self.count_in_series(s)
        if st.link.link_mode:
            self.update_link(s)
            st.link.address_game = True
            return []
        if st.link.address_game:  # the address no longer names this game
            st.link.address_game = False
            return [SetAddress(st.link.base_url)]
        return []

    def update_link(self, s: Session) -> None:
        st = self.state
        try:
            st.link.link_url = links.link(st.link.base_url, s.record,
                                          [seat.kind for seat in s.settings.seats])
        except links.LinkError as exc:
            st.link.link_url = ""
            st.link.link_message = exc.note

    def end_undo(self) -> None:
        st = self.state
        if st.start.deleted and st.start.saved_message in (words("saved.deleted"), words(
                "saved.deleted_finished", n=len(st.start.deleted))):
            st.start.saved_message = ""
        st.start.deleted, st.start.deleted_timer = (), None

    def conflict(self) -> None:
        st = self.state
        st.keeping.notice = "conflict"
        st.keeping.link_offer = ""
        st.keeping.save_state, st.keeping.save_text = "conflict", words("saves.error.conflict")

    def keep_address(self) -> list[Effect]:
        """The address names the game on screen again (or no game)."""
        st = self.state
        s = st.game.session
        if s is not None and st.link.link_mode:
            self.update_link(s)
            st.link.address_game = True
            return [SetAddress(st.link.link_url or st.link.base_url)]
        st.link.address_game = False
        return [SetAddress(st.link.base_url)]

    def resume(self, save_id: str, *, unfinished_only: bool = False) -> bool:
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
                st.start.saved_message = words("saved.cannot_open", error=exc)
                self.refresh_entries()
            return False
        if unfinished_only and s.over:
            return False
        self.show(s, opened.ref, saved.mode, series)
        if saved.notes:
            st.keeping.save_text = Joined(tuple(saved.notes))
        return True
