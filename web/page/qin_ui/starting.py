"""The start screen's handlers (no DOM): the game's settings, Start, the next game of
a series, the saved games (resume, export, delete and its undo), imports, the progress
table's export; and the page's start-up and language.  (What the start screen shows
before Python is ``start_screen``'s.)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace

from . import (
    i18n,
    keep,
    learn,
    links,
    players,
    progress,
    replaying,
    senses,
    setup,
    table,
    tutorial,
)
from .actions import (
    After,
    Boot,
    Command,
    Download,
    Effect,
    Focus,
    Imported,
    ImportRefused,
    LanguageChosen,
    LanguageFailed,
    NameTyped,
    Save,
    SetupEdited,
    StartGame,
    WarmWorker,
)
from .core import CURRENT_KEY, Core, settings_of
from .i18n import Joined, PlayerNames, Words, counted, words
from .saves import Deleted, SaveError, export_name, export_text, read_import
from .seriesplan import SeriesPlanError, SeriesState
from .session import Session

UNDO_DELETE_MS = 10_000
"""How long "Deleted — Undo" is offered (the next action ends it sooner)."""
WARM_AFTER_MS = 2_500
"""How long the start screen waits before the computer players' worker is warmed (when
a seat is a computer then): after the page's own first seconds (the rehearsal, keeping
the compiled modules), and time for a player who plays at one table to set the seats
to people first."""


def setup_edit(app: Core, action: SetupEdited) -> list[Effect]:
    return _setup_edited(app, action)


def start_game(app: Core, action: StartGame) -> list[Effect]:
    return app.start(action.form)


def imported(app: Core, action: Imported) -> list[Effect]:
    return _import(app, action.text, action.file)


def import_refused(app: Core, action: ImportRefused) -> list[Effect]:
    st = app.state
    st.start.imported = "refused"
    why = words(action.why, error=action.error)  # the browser's reason, where it has one
    st.start.saved_message = words("import.refused", name=action.file, error=why)
    return []


def new_game(app: Core, _: Command) -> list[Effect]:
    """New game (or, on a result, the next one): back to the start screen."""
    app.state.game.result_open = False
    return app.back_to_setup()


def back_to_game(app: Core, _: Command) -> list[Effect]:
    if app.state.game.session is not None:
        app.state.screen = "play"
    return []


def drag(app: Core, c: Command) -> list[Effect]:
    app.state.start.drop_over = c.arg == "over"
    return []


def progress_export(app: Core, _: Command) -> list[Effect]:
    return [Download(progress.export_name(), app.state.start.progress.to_json() + "\n")]


def series_next(app: Core, _: Command) -> list[Effect]:
    s = app.state.game.session
    return _series_next(app, s) if s is not None else []


def _setup_edited(app: Core, e: SetupEdited) -> list[Effect]:
    st = app.state
    st.start.plan = e.form.plan
    st.start.seed_text = e.form.seed
    fresh = settings_of(e.form, st.start.settings.seed)
    if e.field == "players":
        st.start.settings = setup.with_players(fresh, e.value)
    elif e.field == "colour" and 0 <= e.value < len(fresh.seats):
        # the seat that had the new colour takes this seat's old one
        seats = list(fresh.seats)
        old = st.start.settings.seats[e.value].colour if e.value < len(st.start.settings.seats) \
            else seats[e.value].colour
        chosen = seats[e.value].colour
        seats[e.value] = setup.Seat(seats[e.value].name, old, seats[e.value].kind)
        before = replace(fresh, seats=tuple(seats))
        st.start.settings = setup.with_colour(before, e.value, chosen)
    elif e.field == "kind":
        # a player the page does not offer (a level no longer offered): the seat's stays
        was = st.start.settings.seats
        st.start.settings = replace(fresh, seats=tuple(
            seat if seat.kind in players.KINDS
            else replace(seat, kind=was[i].kind if i < len(was) else players.HUMAN.key)
            for i, seat in enumerate(fresh.seats)))
        fresh = st.start.settings
        effects: list[Effect] = [Focus(f"seat-kind-{e.value}")]
        if any(players.kind(seat.kind).level for seat in fresh.seats) and st.worker_soon():
            effects.append(WarmWorker())  # a computer's turn starts it at once
        return effects
    else:
        st.start.settings = fresh
    return []


def _series_next(app: Core, s: Session) -> list[Effect]:
    series = app.state.game.series
    if series is None or series.next_board is None:
        return []
    settings = s.settings
    session = Session(replace(settings, board=series.next_board, seed=None))
    return app.show(session, None, "local", series) + [Save()]


def resume(app: Core, c: Command) -> list[Effect]:
    """A saved game opened (``c.arg``: its id) where it was left."""
    app.resume(c.arg)
    return []


def export_save(app: Core, c: Command) -> list[Effect]:
    """A saved game's record as a file (a save that cannot be read: said)."""
    try:
        saved = app.saves.open(c.arg).saved
    except SaveError as exc:
        app.state.start.saved_message = exc.note
        return []
    return [Download(export_name(saved.record, saved.updated), export_text(saved.record))]


def export_raw(app: Core, c: Command) -> list[Effect]:
    """A damaged save's text, as stored, as a file."""
    return [Download(f"qin-damaged-save-{c.arg}.txt", app.saves.raw(c.arg) or "",
                     "text/plain")]


def delete_save(app: Core, c: Command) -> list[Effect]:
    """A saved game deleted ("Deleted — Undo" offered)."""
    return _deleted(app, lambda: (app.saves.delete(c.arg),), lambda _: words("saved.deleted"))


def delete_finished(app: Core, _: Command) -> list[Effect]:
    """Every finished saved game deleted ("Deleted — Undo" offered)."""
    return _deleted(app, lambda: tuple(app.saves.delete_finished()),
                    lambda n: words("saved.deleted_finished", n=n))


def undelete(app: Core, _: Command) -> list[Effect]:
    """Undo: the last deletion put back, text for text."""
    st = app.state
    deleted, st.start.deleted, st.start.deleted_timer = st.start.deleted, (), None
    st.start.saved_message = words("saved.restored")
    for d in deleted:
        try:
            app.saves.undelete(d)
        except SaveError as exc:
            st.start.saved_message = exc.note
    app.refresh_entries()
    return []


def _deleted(app: Core, delete: Callable[[], tuple[Deleted, ...]],
             said: Callable[[int], Words]) -> list[Effect]:
    """Saved games deleted (``delete``; a refusal is said): the list follows, and what
    was deleted is said (``said``, of how many) with its undo, offered for
    ``UNDO_DELETE_MS``."""
    st = app.state
    try:
        deleted = delete()
    except SaveError as exc:
        st.start.saved_message = exc.note
        return []
    # The game behind the start screen keeps its ref: undone, it is written on as
    # before; not undone, its next write finds it gone and saves it anew.
    app.refresh_entries()
    if not deleted:
        return []
    st.start.deleted = deleted
    st.start.saved_message = said(len(deleted))
    st.start.deleted_timer = st.token()
    return [After(UNDO_DELETE_MS, st.start.deleted_timer)]


def _import(app: Core, text: str, file: str) -> list[Effect]:
    st = app.state
    name: Words | str = file or words("saves.the_file")
    if progress.is_progress(text):
        try:
            st.start.progress, added = progress.merge(app.saves.storage, text)
        except progress.ProgressError as exc:
            st.start.imported = "refused"
            st.start.saved_message = words("import.refused", name=name, error=exc)
            return []
        st.start.imported = "ok"
        st.start.progress_problem = None
        st.start.saved_message = counted(added, "progress.imported", name=name)
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
        st.start.imported = "refused"
        st.start.saved_message = words("import.refused", name=name, error=exc)
        return []
    st.start.imported = "ok"
    st.start.saved_message = words("import.done", name=name,
                                   names=PlayerNames(tuple(s.names), tuple(s.colours)),
                                   moves=counted(len(s.game.moves), "saved.moves"))
    shown = app.show(s, None, "local", series)
    if imported.saved is not None and imported.saved.notes:  # said as when opened
        st.keeping.saved_note = Joined(tuple(imported.saved.notes))
    return shown + [Save()]


def boot(app: Core, boot: Boot) -> list[Effect]:
    """Open what the page shows first: a game link, the game left open, or the start
    screen."""
    st = app.state
    st.link.base_url = boot.url.split("#")[0]
    st.booted = True
    st.link.address_game = links.has_game(boot.hash)
    app.refresh_entries()
    app.load_progress()  # here, not before: the page has its language now
    senses.load(app)
    restored = table.load(app.saves.storage) if boot.restore else None
    if restored is not None:
        st.start.settings, st.start.plan = restored.settings, restored.plan
    if tutorial.wants_tutorial(boot.hash):  # the game left open waits behind it
        _resume_current(app)
        return learn.open_lesson_from(app, boot.hash)
    if links.has_game(boot.hash):
        try:
            _, record = links.read_link(boot.hash)
            s = keep.link_session(record)
        except (links.LinkError, SaveError) as exc:
            st.start.saved_message = words("link.cannot_open", error=exc)
            st.start.link_refused = True
            return []
        return app.show(s, None, "link", None) + [Save()] + replaying.follow_review(app, boot.hash)
    _resume_current(app)
    st.start.warm_timer = st.token()  # then play.warm_worker, if nothing started it
    return [After(WARM_AFTER_MS, st.start.warm_timer)]


def _resume_current(app: Core) -> None:
    """Open the game left open, unless it is over (or cannot be read: listed)."""
    current = None
    with contextlib.suppress(Exception):
        current = app.saves.storage.get(CURRENT_KEY)
    if current:
        app.resume(current, unfinished_only=True)


def language(app: Core, e: LanguageChosen) -> list[Effect]:
    import json

    st = app.state
    i18n.set_language(e.lang, json.loads(e.catalogue))
    st.start.settings = setup.renamed(settings_of(e.form, st.start.settings.seed))
    st.start.seed_text, st.start.plan = e.form.seed, e.form.plan
    st.spoken = ""  # a move's events are not read out again
    st.language_note = ""
    if st.tutorial.lesson is not None:
        st.tutorial.lesson.rename()
    s = st.game.session
    if s is not None:
        s.notice = None
    app.refresh_entries()
    return []


def name_typed(app: Core, e: NameTyped) -> list[Effect]:
    """A seat's name typed: nothing changes (the name is read at the start); being the
    player's action, it ends the note on a language (``App.dispatch``)."""
    return []


def language_failed(app: Core, e: LanguageFailed) -> list[Effect]:
    """The words of the language chosen could not be loaded: the page says so in its own
    language and stays as it is (the browser keeps the choice for the next visit)."""
    lang = e.lang if e.lang in i18n.LANGS else ""
    app.state.language_note = i18n.language_failed(lang) if lang else ""
    return []
