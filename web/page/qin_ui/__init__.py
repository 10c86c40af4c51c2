"""The web page's UI logic, in plain Python with no DOM (unit-tested in CPython).

- ``players``: who may sit in a seat (a human, or a computer of a ``qin.ai`` level);
- ``ai_bridge``: the message to the computer players' worker and its answer;
- ``computer``: computer turns on the page (pacing, watch-mode speeds, stale answers);
- ``setup``: the start screen's choices (seats, board side, fair start, seed);
- ``session``: the state machine of a game on screen (picked tile, orientation,
  ghost, cover between humans, log, undo, passes, the end);
- ``views``: HTML strings for the page's panels;
- ``i18n``: the page's words in English, German or French (the catalogues of
  ``web/i18n/``), and the links from the log to the rules reference.

``web/page/main.py`` is the only module that touches the DOM: it forwards each
interaction to a ``Session`` method and redraws the parts that method reports.
"""
