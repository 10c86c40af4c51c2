"""The game page's application and its logic, in plain Python with no DOM (unit-tested
in CPython).  The map is ``docs/architecture.md``.

- the application: ``state`` (``AppState``: everything the page knows, and
  ``mode_of``), ``modes`` (the ``Mode``), ``actions`` (what can happen, and the effects
  asked for in return), ``app`` (``App.dispatch``: the one way in; ``ROUTES``, each
  mode's actions and their handlers), ``render`` and ``elements`` (``screen(state)``:
  what the page shows), ``keyboard`` (the key table, the cursor);
- a game on screen: ``session`` (the table: picked tile, orientation, the square under
  the pointer, cover between humans, log, undo, passes, the end; no words),
  ``wording`` (the table in words), ``views`` and ``a11y`` (HTML for the panels, the
  board's overlay and screen readers), ``setup`` (the start screen's choices), ``players``
  (who may sit in a seat), ``computer`` and ``ai_bridge`` (computer turns: pacing, the
  worker's messages);
- keeping games: ``saves`` (the store over the browser's storage, imports), ``keep``
  (a session <-> a save), ``links`` (play by link), ``gamerecord`` (the record a save,
  an exported file and a link start from: the engine's, with the hints asked),
  ``replay``, ``seriesplan``, ``table`` (the last table started, the next visit's start
  screen);
- ``review``: the review of a game beside the replay, one move per worker request;
- ``i18n``: the page's words in English, German or French (the catalogues of
  ``web/i18n/``), and the links from the log to the rules reference.

Nothing here touches the DOM: ``web/page/shell.js`` does, sending DOM events as
messages that ``web/page/host.py`` and ``events.py`` turn into actions (``main.py`` is
the entry point).
"""
