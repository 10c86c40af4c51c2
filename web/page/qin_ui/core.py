"""What every part of the application shares (no DOM): the state, the store, the cache
of drawn parts, and the operations on the game on screen that several features need
(show a game, back to the start screen, write the save, open a saved game).

``App`` (``app.py``) is a ``Core`` with the one way in, ``dispatch``; the handlers of
each feature (``start_screen``, ``play``, ``replaying``, ``tabs``, ``learn``) are
functions of a ``Core`` and an action.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

from . import keep, links, progress, setup
from .actions import (
    Effect,
    Form,
    Save,
    SetAddress,
)
from .i18n import t
from .keyboard import Keys
from .modes import Mode
from .render import Cache
from .saves import (
    SaveConflict,
    SaveError,
    SaveRef,
    SaveStore,
)
from .seriesplan import SeriesPlanError, SeriesState
from .session import Session
from .state import AppState, mode_of

CURRENT_KEY = "qin.current"
"""Storage key: the id of the game on screen (resumed when the page opens)."""


def settings_of(form: Form, seed: int | None = None) -> setup.Settings:
    seats = tuple(setup.Seat(n, c, k) for n, c, k in
                  zip(form.names, form.colours, form.kinds, strict=True))
    return setup.Settings(seats, form.board, form.fair_start, seed, form.hints)


class Core:
    """The application's state, store and drawing cache, and what its features share."""

    def __init__(self, store: SaveStore, *, storage_problem: str = "") -> None:
        self.state = AppState(storage_problem=storage_problem)
        self.saves = store
        self.cache = Cache()

    @property
    def mode(self) -> Mode:
        return mode_of(self.state)

    def load_progress(self) -> None:
        st = self.state
        st.progress, st.progress_problem = progress.load(self.saves.storage)


    def count_progress(self, s: Session) -> None:
        """A game against the computer just ended here: counted once (by its save)."""
        st = self.state
        game_id = st.save.id if st.save is not None else f"tab-{id(s)}"
        counted = progress.outcome(game_id, [k.level for k in s.kinds],
                                   tuple(s.game.winners), s.game.players)
        if counted is None:
            return
        st.progress, problem = progress.count(self.saves.storage, counted)
        st.progress_problem = problem or st.progress_problem


    def count_in_series(self, s: Session) -> None:
        series = self.state.series
        if series is not None and s.over:
            try:
                series.add(s.game)
            except SeriesPlanError as exc:
                self.state.save_text = str(exc)


    def save(self) -> None:
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
                        self.conflict()
                        return
                    # deleted or damaged meanwhile: this game is saved anew, beside it
                    st.save = self.saves.create(s.game, ui, series=series, mode=mode)
        except SaveError as exc:
            st.save_state, st.save_text = "error", t("keep.not_saved", error=exc)
            return
        with contextlib.suppress(Exception):  # the game itself was saved
            self.saves.storage.set(CURRENT_KEY, st.save.id)
        st.save_state, st.save_text = "saved", t("keep.saved")


    def to_setup(self) -> list[Effect]:
        st = self.state
        st.screen = "setup"
        st.seed_text = ""  # a new game deals afresh unless a seed is typed again
        st.setup_problems = ""
        self.refresh_entries()
        self.load_progress()
        return []


    def refresh_entries(self) -> None:
        st = self.state
        try:
            st.entries = self.saves.entries()
        except SaveError as exc:
            st.entries = []
            st.saved_message = str(exc)
            return
        if st.storage_problem:
            st.saved_message = t(st.storage_problem)


    def start(self, form: Form) -> list[Effect]:
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
        return self.show(session, None, "local", series) + [Save()]


    def show(self, s: Session, ref: SaveRef | None, mode: str,
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
            self.count_in_series(s)
        if st.link_mode:
            self.update_link(s)
            st.address_game = True
            return []
        if st.address_game:  # the address no longer names this game
            st.address_game = False
            return [SetAddress(st.base_url)]
        return []


    def update_link(self, s: Session) -> None:
        st = self.state
        try:
            st.link_url = links.link(st.base_url, s.game)
        except links.LinkError as exc:
            st.link_url = ""
            st.link_message = str(exc)


    def end_undo(self) -> None:
        st = self.state
        if st.deleted and st.saved_message in (t("saved.deleted"), t(
                "saved.deleted_finished", n=len(st.deleted))):
            st.saved_message = ""
        st.deleted, st.deleted_timer = (), None


    def conflict(self) -> None:
        st = self.state
        st.notice = "conflict"
        st.link_offer = ""
        st.save_state, st.save_text = "conflict", t("saves.error.conflict")


    def keep_address(self) -> list[Effect]:
        """The address names the game on screen again (or no game)."""
        st = self.state
        s = st.session
        if s is not None and st.link_mode:
            self.update_link(s)
            st.address_game = True
            return [SetAddress(st.link_url or st.base_url)]
        st.address_game = False
        return [SetAddress(st.base_url)]


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
                st.saved_message = t("saved.cannot_open", error=exc)
                self.refresh_entries()
            return False
        if unfinished_only and s.over:
            return False
        self.show(s, opened.ref, saved.mode, series)
        if saved.notes:
            st.save_text = " ".join(saved.notes)
        return True
