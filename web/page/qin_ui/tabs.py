"""Other tabs and pasted links (no DOM): nothing is lost or applied silently.

Another tab's write of the game on screen, or a pasted link holding another state of
it, raises the notice; the player chooses.
"""

from __future__ import annotations

import qin

from . import keep, learn, links, progress, replaying, senses, tutorial
from .actions import AddressChanged, Command, Effect, Save, StorageChanged, StorageFailed
from .core import CURRENT_KEY, Core
from .i18n import Joined, words
from .saves import FULL_WORDS, SaveError, id_of_key, ref_of
from .state import NoticeKind


def storage_changed(app: Core, action: StorageChanged) -> list[Effect]:
    return _storage_changed(app, action.key)


def storage_failed(app: Core, failed: StorageFailed) -> list[Effect]:
    """The browser refused a write after the state moved on (the page's storage is
    written by its shell, after the reply), said where it is missed: the game on screen
    stays as it is, the page says it is not saved, and its next save starts from what
    the browser holds; another saved game, in the saved games' note; a game not added
    to the progress record, on its card (which shows what the browser kept).  A key
    that only a next visit reads (the table started, the start screen before Python, the
    game left open, a setting, the tutorial's steps done) costs nothing the player has
    on this page: not said (a full storage is said by the saves that need it)."""
    st = app.state
    full = any(w in failed.error.lower() for w in FULL_WORDS)
    if failed.key == progress.KEY:
        app.load_progress()
        st.start.progress_problem = words(
            progress.NOT_SAVED, error=words("saves.error.full") if full else failed.error)
        return []
    why = words("saves.error.full") if full else words("saves.error.write", error=failed.error)
    save_id = id_of_key(failed.key)
    if st.keeping.save is not None and save_id == st.keeping.save.id:
        try:
            text = app.saves.raw(save_id)
            st.keeping.save = ref_of(text) if text is not None else None
        except SaveError:
            st.keeping.save = None  # saved anew at the next move
        not_saved = words("keep.not_saved", error=why)
        # what was said instead of "saved" (an imported game's note) stays said beside it
        said = st.keeping.save_text if st.keeping.save_state == "saved" \
            and st.keeping.save_text not in ("", words("keep.saved")) else ""
        st.keeping.save_state = "error"
        st.keeping.save_text = Joined((not_saved, said)) if said else not_saved
    elif save_id is not None:
        st.start.saved_message = why
        if st.screen == "setup":
            app.refresh_entries()
    return []


def address_changed(app: Core, action: AddressChanged) -> list[Effect]:
    return _address_changed(app, action.hash)


def _storage_changed(app: Core, key: str) -> list[Effect]:
    """Another tab wrote ``key``: the saved list follows; when it is the save of the
    game on screen and another tab wrote it since we did (``SaveStore.overtaken``), the
    player is told at once."""
    st = app.state
    senses.stored_elsewhere(app, key)
    if key == CURRENT_KEY:
        return []
    if key == progress.KEY or not key:
        app.load_progress()
    save_id = id_of_key(key)
    if st.screen == "setup" and (save_id is not None or not key):
        app.refresh_entries()
    if st.game.session is None or st.keeping.save is None or save_id != st.keeping.save.id \
            or st.keeping.notice == "conflict":
        return []
    if app.saves.overtaken(st.keeping.save):
        app.conflict()
    return []


def notice_newer(app: Core, _: Command) -> list[Effect]:
    """Another tab's write of the game on screen: "Show the newer game" (its save, as
    that tab left it)."""
    st = app.state
    kind = _answered(app)
    save = st.keeping.save
    if kind == "conflict" and save is not None and app.resume(save.id):
        return app.keep_address() if st.link.link_mode else []
    return _declined(app, kind)


def notice_link(app: Core, _: Command) -> list[Effect]:
    """A pasted link holding another state of the game: "Open the linked game" (saved as
    a game of its own; the review it asks for opens)."""
    st = app.state
    kind = _answered(app)
    if kind != "link":
        return _declined(app, kind)
    offer, st.keeping.link_offer = st.keeping.link_offer, ""
    try:
        record = links.read_link(offer)[1]
        s = keep.link_session(record)
    except (links.LinkError, SaveError) as exc:
        st.link.link_problem = words("link.cannot_open", error=exc)
        return app.keep_address()
    return app.show(s, None, "link", None) + [Save()] + replaying.follow_review(app, offer)


def notice_declined(app: Core, _: Command) -> list[Effect]:
    """The notice's other answer, "Go on as a copy" or "Keep this one": the game on
    screen stays (``_declined``)."""
    return _declined(app, _answered(app))


def _answered(app: Core) -> NoticeKind:
    """The notice closes: its kind (``AppState.notice``) is given back."""
    st = app.state
    kind, st.keeping.notice = st.keeping.notice, ""
    return kind


def _declined(app: Core, kind: NoticeKind) -> list[Effect]:
    """The game on screen stays: after another tab's write, as a copy (a new save of this
    tab's game, the other one kept); after a pasted link, as it is, the address given
    back to it (the link dropped)."""
    st = app.state
    if kind == "conflict":
        st.keeping.save = None
        st.keeping.save_state, st.keeping.save_text = "", ""
        return [Save()]
    st.keeping.link_offer = ""
    return app.keep_address()


def _address_changed(app: Core, fragment: str) -> list[Effect]:
    """A game link pasted into this tab: a later state of the game on screen is
    shown (and saved as this game); an older, diverging or other game is offered,
    never applied silently.  On the start screen (and in the tutorial, which the link
    leaves) no game is on screen: the linked game opens as a game of its own, unless it
    is the game behind, or that game further on, which comes back on screen.  ``#learn``
    opens the tutorial; another address (Back) leaves a tutorial the address opened."""
    st = app.state
    s = st.game.session
    if tutorial.wants_tutorial(fragment) and st.keeping.notice != "conflict":
        return learn.open_lesson_from(app, fragment)
    game_link = links.has_game(fragment) and st.keeping.notice != "conflict"
    left = learn.left_by_address(app, game_link)
    if not game_link:
        return left
    try:
        linked, record = links.read_link(fragment)
    except links.LinkError as exc:
        st.link.link_problem = st.start.saved_message = words("link.cannot_open", error=exc)
        return left
    behind = s is not None and st.screen == "setup"
    if s is None or (behind and not _continues(s.game, linked)):
        return left + (app.show(keep.link_session(record), None, "link", None) + [Save()]
                       + replaying.follow_review(app, fragment))
    if behind:
        st.screen = "play"  # the game behind the start screen, on screen again
    if not _continues(s.game, linked):  # older, diverging, another game: offered
        st.keeping.notice, st.keeping.link_offer = "link", fragment
        return left
    if len(linked.moves) == len(s.game.moves):  # the game on screen: at most its review
        return left + replaying.follow_review(app, fragment)
    try:  # the game on screen further on: shown, and saved as this game
        later = keep.session_for(record, [seat.kind for seat in s.settings.seats],
                                 list(s.settings.colours))
    except SaveError as exc:
        st.link.link_problem = words("link.cannot_open", error=exc)
        return left
    return left + (app.show(later, st.keeping.save, "link", st.game.series)
                   + [Save()] + replaying.follow_review(app, fragment))


def _same_deal(ours: qin.Game, linked: qin.Game) -> bool:
    """Whether ``linked`` is a state of the game ``ours`` (the same board, players,
    seed, start and names)."""
    return (linked.board_name, linked.players, linked.seed, bool(linked.fair_start),
            list(linked.names)) == (ours.board_name, ours.players, ours.seed,
                                    bool(ours.fair_start), list(ours.names))


def _continues(ours: qin.Game, linked: qin.Game) -> bool:
    """Whether ``linked`` is the game ``ours`` as it is or further on."""
    mine = [str(m) for m in ours.moves]
    return _same_deal(ours, linked) and [str(m) for m in linked.moves][:len(mine)] == mine
