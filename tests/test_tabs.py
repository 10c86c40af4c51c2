# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""Nothing lost: two tabs on one game, a newer link pasted into the open tab, deleting
finished games with an undo, a save whose colours are not the palette's.

The page's application (web/page/qin_ui/app.py) in CPython: two ``App`` over one
``MemoryStorage`` are two tabs of one browser; the ``storage`` event is dispatched by
hand, as the page's shell does when another tab writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import qin
from qin import records

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui.app import ACCEPTS, App  # noqa: E402
from qin_ui.i18n import t  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import (  # noqa: E402
    PREFIX,
    MemoryStorage,
    SaveError,
    SaveRef,
    SaveStore,
    read_save,
)

BASE = "http://localhost/"
UI = {"kinds": ["human", "human"], "colours": ["green", "white"], "at_screen": 0,
      "cover": False}


def kept(storage: MemoryStorage) -> dict[str, str]:
    """The games and the progress stored (not the start screen's HTML for the next
    visit, ``qin.start``, which follows what the page shows)."""
    return {key: value for key, value in storage.data.items() if key != "qin.start"}


def form() -> A.Form:
    return A.Form(("Green", "White"), ("green", "white"), ("human", "human"), "bird",
                  False, "7", "single")


def run(app: App, action: A.Action) -> list[A.Effect]:
    return app.store(app.dispatch(action))


def tab(storage: MemoryStorage, url: str = BASE) -> App:
    app = App(SaveStore(storage))
    run(app, A.Boot(url, url[len(BASE):]))
    return app


def moves(app: App) -> list[str]:
    assert app.state.game.session is not None
    return [str(m) for m in app.state.game.session.game.moves]


def play_one(app: App, pick: int = 0) -> None:
    """One move by pointer: the first playable tile on its ``pick``-th legal square."""
    if app.mode is Mode.COVER:
        run(app, A.Command("cover-ok"))
    s = app.state.game.session
    assert s is not None and app.mode is Mode.PLAYING, app.mode
    if s.must_pass:
        run(app, A.Command("pass"))
        return
    hand = s.visible_hand()
    assert hand is not None
    run(app, A.Command("select", str(next(i for i, k in enumerate(hand) if s.playable(k)))))
    squares = s.legal_squares()
    run(app, A.BoardClick(squares[pick % len(squares)]))


def stored_moves(storage: MemoryStorage, save_id: str) -> list[str]:
    return list(json.loads(storage.data[PREFIX + save_id])["record"]["moves"])


def two_tabs() -> tuple[MemoryStorage, App, App]:
    """Tab A opens a game played by link (no hands hidden: both tabs can move at once);
    tab B opens the site and resumes it."""
    storage = MemoryStorage()
    a = tab(storage, BASE + link_of(2))
    play_one(a)
    b = tab(storage)
    assert a.state.keeping.save is not None and b.state.keeping.save is not None
    assert b.state.keeping.save.id == a.state.keeping.save.id and moves(b) == moves(a)
    return storage, a, b


def shown(app: App, element: str) -> bool:
    return app.screen().elements[element].hidden is False


# -- two tabs on one game -----------------------------------------------------------------
def test_another_tabs_move_is_told_at_once_and_the_newer_game_can_be_shown() -> None:
    storage, a, b = two_tabs()
    assert a.state.keeping.save is not None
    save_id = a.state.keeping.save.id
    run(b, A.StorageChanged(PREFIX + save_id))  # nothing new: B wrote nothing, A neither
    assert b.mode is not Mode.NOTICE
    play_one(a)
    assert b.mode is not Mode.NOTICE  # the page learns of it by the storage event
    run(b, A.StorageChanged(PREFIX + save_id))
    assert b.mode is Mode.NOTICE
    notice = b.screen().elements
    assert notice["tab-notice"].hidden is False
    assert notice["tab-notice-text"].text == t("tabs.newer")
    assert notice["notice-newer"].text == t("tabs.show_newer")
    assert notice["notice-copy"].text == t("tabs.copy")
    # Until B chooses, B's moves go nowhere: a move key is refused and said so.
    before = kept(storage)
    for key in ("1", "Enter", "u"):
        run(b, A.Key(key, on_board=True))
    run(b, A.Command("select", "0"))
    assert kept(storage) == before and b.state.spoken == t("tabs.newer")
    # "Show the newer game": A's move on B's screen, nothing written.
    effects = run(b, A.Command("notice-newer"))
    assert b.mode is not Mode.NOTICE and moves(b) == moves(a)
    address = [e.url for e in effects if isinstance(e, A.SetAddress)]  # a link game's
    assert [str(m) for m in records.from_url(address[0].split("#g=", 1)[1]).moves] == moves(a)
    assert kept(storage) == before
    assert b.state.keeping.save is not None and b.state.keeping.save.rev == a.state.keeping.save.rev
    play_one(b)  # B goes on from there: its write is A's game plus one move
    assert stored_moves(storage, save_id) == moves(b) and len(moves(b)) == len(moves(a)) + 1


def test_a_race_without_the_event_is_refused_and_the_copy_keeps_both_games() -> None:
    storage, a, b = two_tabs()
    assert a.state.keeping.save is not None
    save_id = a.state.keeping.save.id
    play_one(a)
    theirs = stored_moves(storage, save_id)
    play_one(b, pick=-1)  # B has not heard of A's move: its write is refused, the notice shows
    assert b.mode is Mode.NOTICE and stored_moves(storage, save_id) == theirs
    mine = moves(b)
    assert mine != theirs
    assert b.screen().elements["save-state"].data[0] == ("state", "conflict")
    run(b, A.Command("notice-copy"))
    assert b.mode is not Mode.NOTICE and moves(b) == mine
    assert b.state.keeping.save is not None and b.state.keeping.save.id != save_id
    assert stored_moves(storage, b.state.keeping.save.id) == mine
    assert stored_moves(storage, save_id) == theirs  # A's game untouched
    run(b, A.Command("new-game"))
    assert {e.id for e in b.state.start.entries} == {save_id, b.state.keeping.save.id}


def test_two_tabs_writing_the_same_revision_in_the_same_instant_are_told() -> None:
    """Both tabs move before either hears of the other (each page's storage is its own
    copy until the ``storage`` event): both write over the same revision, the browser
    keeps the later write, and the tab whose move it lost is told; its move is still on
    its screen, and the copy keeps it.  The tab whose write stands is not told."""
    browser, a, b = two_tabs()
    assert a.state.keeping.save is not None
    save_id = a.state.keeping.save.id
    key = PREFIX + save_id
    mirror_a, mirror_b = MemoryStorage(dict(browser.data)), MemoryStorage(dict(browser.data))
    a.saves.storage, b.saves.storage = mirror_a, mirror_b
    play_one(a)
    play_one(b, pick=-1)
    assert a.mode is not Mode.NOTICE and b.mode is not Mode.NOTICE  # both wrote
    browser.data[key] = mirror_a.data[key]
    browser.data[key] = mirror_b.data[key]  # B's write lands last: A's move is not stored
    for mirror in (mirror_a, mirror_b):  # the shell sends what the browser holds now
        mirror.data[key] = browser.data[key]
    run(b, A.StorageChanged(key))
    assert b.mode is not Mode.NOTICE
    run(a, A.StorageChanged(key))
    assert a.mode is Mode.NOTICE
    mine = moves(a)
    assert stored_moves(browser, save_id) == moves(b) != mine
    run(a, A.Command("notice-copy"))
    assert a.state.keeping.save is not None and a.state.keeping.save.id != save_id
    assert stored_moves(MemoryStorage(mirror_a.data), a.state.keeping.save.id) == mine


def test_another_save_written_elsewhere_refreshes_the_list_and_leaves_the_game_alone() -> None:
    storage, a, b = two_tabs()
    run(b, A.Command("new-game"))
    assert len(b.state.start.entries) == 1
    run(a, A.Command("new-game"))
    run(a, A.StartGame(form()))
    run(b, A.StorageChanged(PREFIX + "whatever"))
    assert b.mode is Mode.START and len(b.state.start.entries) == 2


def test_the_notice_mode_accepts_its_choices_and_no_move() -> None:
    assert {"notice-newer", "notice-copy", "notice-link", "notice-keep"} <= ACCEPTS[Mode.NOTICE]
    assert not ACCEPTS[Mode.NOTICE] & {"select", "rotate", "place", "pass", "undo", "wheel",
                                        "board-click"}


# -- play by link: a newer link pasted into the open tab ----------------------------------
def link_of(n: int, seed: int = 7) -> str:
    game = qin.Game.new(board="bird", players=2, seed=seed, names=["Green", "White"])
    for _ in range(n):
        game.play(game.legal_moves()[0])
    return "#g=" + records.to_url(game)


def test_a_newer_link_of_the_same_game_is_taken_up_and_the_reply_includes_it() -> None:
    storage = MemoryStorage()
    app = tab(storage, BASE + link_of(4))
    assert app.state.link.link_mode and len(moves(app)) == 4
    assert app.state.keeping.save is not None
    save_id = app.state.keeping.save.id
    run(app, A.AddressChanged(link_of(5)))
    assert app.mode is Mode.PLAYING and len(moves(app)) == 5
    save = app.state.keeping.save
    assert save is not None and save.id == save_id  # the same game
    assert len(stored_moves(storage, save_id)) == 5
    play_one(app)
    url = app.state.link.link_url  # the address the reply wrote
    assert len(records.from_url(url.split("#g=", 1)[1]).moves) == 6
    assert records.from_url(url.split("#g=", 1)[1]).moves[:5] == \
        records.from_url(link_of(5)[3:]).moves


def test_an_older_or_diverging_link_is_never_applied_silently() -> None:
    storage = MemoryStorage()
    app = tab(storage, BASE + link_of(5))
    assert app.state.keeping.save is not None
    save_id = app.state.keeping.save.id
    run(app, A.AddressChanged(link_of(3)))  # older
    assert app.mode is Mode.NOTICE and len(moves(app)) == 5
    els = app.screen().elements
    assert els["tab-notice-text"].text == t("link.other")
    assert els["notice-link"].text == t("link.open_linked")
    assert els["notice-keep"].text == t("link.keep")
    effects = run(app, A.Command("notice-keep"))
    assert app.mode is Mode.PLAYING and len(moves(app)) == 5
    address = [e.url for e in effects if isinstance(e, A.SetAddress)]
    assert address and len(records.from_url(address[0].split("#g=", 1)[1]).moves) == 5
    other = link_of(4, seed=8)  # another game altogether
    run(app, A.AddressChanged(other))
    assert app.mode is Mode.NOTICE
    run(app, A.Command("notice-link"))
    assert app.mode is Mode.PLAYING and len(moves(app)) == 4
    assert app.state.keeping.save is not None and app.state.keeping.save.id != save_id
    assert len(stored_moves(storage, save_id)) == 5  # the game kept is still saved


def test_the_same_link_again_or_a_fragment_without_a_game_changes_nothing() -> None:
    app = tab(MemoryStorage(), BASE + link_of(4))
    for fragment in (link_of(4), "", "#rules"):
        assert run(app, A.AddressChanged(fragment)) == []
        assert app.mode is Mode.PLAYING and len(moves(app)) == 4


# -- deleting finished games, with an undo ------------------------------------------------
def finished_game(seed: int) -> qin.Game:
    game = qin.Game.new(board="bird", players=2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    return game


def saved(store: SaveStore, game: qin.Game) -> SaveRef:
    """``game`` saved in ``store`` (its own record) with ``UI``."""
    return store.create(game, UI, recorder=game.record)


def test_finished_games_are_deleted_at_once_and_the_undo_restores_them_exactly() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    app = tab(storage)
    assert app.screen().elements["delete-finished"].hidden is True  # nothing finished
    for seed in (31, 32):
        saved(store, finished_game(seed))
    saved(store, qin.Game.new(board="bird", players=2, seed=5))
    before = kept(storage)
    run(app, A.StorageChanged(PREFIX + "written-elsewhere"))  # the list follows
    assert shown(app, "delete-finished")
    effects = run(app, A.Command("delete-finished"))
    assert len(app.state.start.entries) == 1 and not app.state.start.entries[0].over
    assert shown(app, "undelete") and app.state.start.saved_message
    assert not shown(app, "delete-finished")
    timer = next(e for e in effects if isinstance(e, A.After))
    run(app, A.Command("undelete"))
    assert kept(storage) == before and len(app.state.start.entries) == 3
    assert not shown(app, "undelete")
    # The undo lasts until the next action, or its time is over.
    run(app, A.Command("delete-finished"))
    run(app, A.SetupEdited(form(), "seed"))
    assert not shown(app, "undelete") and len(app.state.start.entries) == 1
    app2 = tab(MemoryStorage(dict(before)))
    keep = app2.state.start.entries[0].id
    effects = run(app2, A.Command("delete", keep))
    assert shown(app2, "undelete")
    timer = next(e for e in effects if isinstance(e, A.After))
    run(app2, A.Timer(timer.token))
    assert not shown(app2, "undelete") and len(app2.state.start.entries) == 2


def test_a_single_delete_is_undone_exactly() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    ref = saved(store, finished_game(31))
    before = kept(storage)
    app = tab(storage)
    run(app, A.Command("delete", ref.id))
    assert PREFIX + ref.id not in storage.data and shown(app, "undelete")
    run(app, A.Command("undelete"))
    assert kept(storage) == before


def test_the_game_behind_the_start_screen_deleted_and_undone_is_written_on() -> None:
    storage = MemoryStorage()
    app = tab(storage)
    run(app, A.StartGame(form()))
    play_one(app)
    assert app.state.keeping.save is not None
    save_id = app.state.keeping.save.id
    run(app, A.Command("new-game"))
    run(app, A.Command("delete", save_id))
    run(app, A.Command("undelete"))
    run(app, A.Command("back-to-game"))
    play_one(app)
    assert app.state.keeping.save is not None and app.state.keeping.save.id == save_id
    assert stored_moves(storage, save_id) == moves(app) and len(moves(app)) == 2
    run(app, A.Command("new-game"))
    run(app, A.Command("delete", save_id))  # not undone: the next move saves it anew
    run(app, A.Command("back-to-game"))
    play_one(app)
    assert app.state.keeping.save is not None and app.state.keeping.save.id != save_id
    assert stored_moves(storage, app.state.keeping.save.id) == moves(app)


# -- a save whose colours are not the palette's --------------------------------------------
def test_a_save_with_colours_outside_the_palette_is_damaged() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    ref = saved(store, qin.Game.new(board="bird", players=2, seed=5))
    good = storage.data[PREFIX + ref.id]
    read_save(good)
    for bad in ('x"/><img/src/onerror=alert(1)>', "red", "#00ff00", "Green"):
        data = json.loads(good)
        data["ui"]["colours"] = [bad, "white"]
        storage.data[PREFIX + ref.id] = json.dumps(data)
        try:
            read_save(storage.data[PREFIX + ref.id])
        except SaveError as exc:
            assert "colour" in str(exc)
        else:
            raise AssertionError(f"colour {bad!r} accepted")
        [entry] = store.entries()
        assert entry.damaged


def test_a_deletion_undone_after_another_tab_saved_the_game_anew_leaves_one_copy() -> None:
    """Tab B deletes the saved game tab A has open; A's next move saves it anew (under a
    new id); B's Undo then puts nothing back beside it: the list shows the game once, as
    A left it (the deleted save's moves are all in it: nothing is lost)."""
    storage, a, b = two_tabs()
    assert a.state.keeping.save is not None
    old_id = a.state.keeping.save.id
    run(b, A.Command("new-game"))
    run(b, A.Command("delete", old_id))
    assert shown(b, "undelete") and not b.state.start.entries
    run(a, A.StorageChanged(PREFIX + old_id))
    play_one(a)
    assert a.state.keeping.save is not None and a.state.keeping.save.id != old_id
    new_id = a.state.keeping.save.id
    run(b, A.StorageChanged(PREFIX + new_id))
    run(b, A.Command("undelete"))
    entries = b.state.start.entries
    assert [e.id for e in entries] == [new_id], entries
    assert entries[0].moves == len(moves(a)) == len(stored_moves(storage, new_id))
    assert PREFIX + old_id not in storage.data


def test_a_deletion_undone_beside_another_state_of_the_game_keeps_both() -> None:
    """The game saved anew elsewhere lacks moves the deleted save has (that tab went
    back): the Undo puts the deleted save back beside it, so no move is lost."""
    storage, a, b = two_tabs()
    play_one(b)  # B is a move ahead of what A saves next
    assert b.state.keeping.save is not None
    old_id = b.state.keeping.save.id
    ahead = stored_moves(storage, old_id)
    run(b, A.Command("new-game"))
    run(b, A.Command("delete", old_id))
    run(a, A.StorageChanged(PREFIX + old_id))
    if a.mode is Mode.NOTICE:
        run(a, A.Command("notice-copy"))
    play_one(a, pick=1)
    assert a.state.keeping.save is not None and a.state.keeping.save.id != old_id
    run(b, A.StorageChanged(PREFIX + a.state.keeping.save.id))
    run(b, A.Command("undelete"))
    assert len(b.state.start.entries) == 2
    assert stored_moves(storage, old_id) == ahead


# -- the tutorial asked for by the address -------------------------------------------------
def test_back_after_the_address_opened_the_tutorial_leaves_it_to_the_start_screen() -> None:
    """``#learn`` typed into the address of a tab on the start screen opens the tutorial;
    Back (the address before it, said by the shell) leaves it, to the start screen, with
    the focus on its title as when the tutorial's own button leaves it (the step's
    controls that had it are gone), unless the player put it elsewhere meanwhile."""
    app = tab(MemoryStorage())
    run(app, A.AddressChanged("#learn"))
    assert app.mode is Mode.TUTORIAL
    effects = run(app, A.AddressChanged(""))
    assert app.mode is Mode.START and app.state.tutorial.lesson is None
    assert A.Focus("setup-title", lost=True) in effects


def test_back_after_the_address_opened_the_tutorial_over_a_game_shows_the_game() -> None:
    """Over a game (played by link: the address before it is the game's link), Back
    leaves the tutorial to the game as it was, with the focus on its board as when the
    game started (the step's controls that had it are gone)."""
    storage = MemoryStorage()
    app = tab(storage, BASE + link_of(2))
    before = moves(app)
    run(app, A.AddressChanged("#learn=tie"))
    assert app.mode is Mode.TUTORIAL
    effects = run(app, A.AddressChanged(link_of(2)))
    assert app.mode is Mode.PLAYING and moves(app) == before
    assert A.Focus("board-area", lost=True) in effects
    local = tab(MemoryStorage())
    run(local, A.StartGame(form()))
    run(local, A.AddressChanged("#learn"))
    effects = run(local, A.AddressChanged(""))
    assert local.mode is Mode.PLAYING
    assert A.Focus("board-area", lost=True) in effects


def test_the_tutorial_opened_by_its_button_stays_when_the_address_changes() -> None:
    app = tab(MemoryStorage())
    run(app, A.Command("tutorial-open"))
    run(app, A.AddressChanged(""))
    assert app.mode is Mode.TUTORIAL


# -- a game link typed while no game is on screen ------------------------------------------
def test_a_game_link_typed_while_the_tutorial_shows_opens_the_linked_game() -> None:
    """The tutorial opened by its button (from the start screen, with or without a game
    behind it) leaves for the linked game, from the page's top, as the start screen does;
    the game behind stays saved and listed."""
    other = link_of(3, seed=9)
    for behind, tutorial_shown in ((False, True), (True, True), (True, False)):
        storage = MemoryStorage()
        app = tab(storage, BASE + link_of(2)) if behind else tab(storage)
        if behind:
            run(app, A.Command("new-game"))
        if tutorial_shown:
            run(app, A.Command("tutorial-open"))
            assert app.mode is Mode.TUTORIAL
        saved = {e.id for e in app.state.start.entries}
        effects = run(app, A.AddressChanged(other))
        case = f"behind={behind} tutorial={tutorial_shown}"
        assert app.mode is Mode.PLAYING, case
        assert app.state.tutorial.lesson is None and app.state.link.link_mode, case
        assert moves(app) == [str(m) for m in records.from_url(other[3:]).moves], case
        assert A.ToTop() in effects, case
        run(app, A.Command("new-game"))
        assert saved < {e.id for e in app.state.start.entries}, case  # one more, none lost


def test_a_later_link_of_the_game_behind_the_start_screen_continues_it() -> None:
    """The same game further on, typed on the start screen or in the tutorial over it:
    that game, on screen, with its moves to come (its save, not a copy)."""
    for tutorial_shown in (False, True):
        storage = MemoryStorage()
        app = tab(storage, BASE + link_of(2))
        run(app, A.Command("new-game"))
        if tutorial_shown:
            run(app, A.Command("tutorial-open"))
        before = {e.id for e in app.state.start.entries}
        run(app, A.AddressChanged(link_of(4)))
        assert app.mode is Mode.PLAYING and len(moves(app)) == 4, tutorial_shown
        run(app, A.Command("new-game"))
        assert {e.id for e in app.state.start.entries} == before, tutorial_shown
